#!/usr/bin/env bash
# Seeded self-play series for every preset: each game through the referee (every seat's
# engine and the referee's must agree after every action), and through the protocol with
# every record audited. Any divergence, panic, rule error, refused envelope or failed audit
# exits non-zero and names the preset and seed.
#
#   bash tools/selfplay-series.sh ./target/release/fairduel ci     # what CI runs (~5 min on 2 cores)
#   bash tools/selfplay-series.sh ./target/release/fairduel full   # the issues' counts (~35 min on 2 cores)
#
# `full` plays 10,000 referee and 1,000 protocol games per preset (fewer where a game seats
# four or six players: docs/BENCHMARKS.md has the times). CI plays a fifth of the two-seat
# counts and a tenth of the table counts so that the whole CI run stays well under an hour;
# the full series is run by hand and its figures kept in docs/BENCHMARKS.md.
# Self-play is single-threaded: the series run two at a time, one per core (SELFPLAY_JOBS).
set -euo pipefail

binary=${1:?usage: selfplay-series.sh BINARY ci|full}
mode=${2:-ci}
seed=${SELFPLAY_SEED:-0}
jobs=${SELFPLAY_JOBS:-2}

case "$mode" in
  full)
    series=(
      "dor-classic --games 1000 --protocol"
      "dor-alternate --games 1000 --protocol"
      "dor-modern --games 1000 --protocol"
      "kairu-dotr --games 1000 --protocol"
      "kairu-dotr-4p --games 1000 --protocol"
      "kairu-dotr-2v2 --games 1000 --protocol"
      "kingdom-duels --games 1000 --protocol"
      "kingdom-duels-tag --games 1000 --protocol"
      "kingdom-duels-royale --games 1000 --protocol"
      "kingdom-duels-royale-join --games 1000 --protocol"
      "kingdom-duels-boss --games 1000 --protocol"
      "kingdom-duels-symbols --games 1000 --protocol"
      "domain --games 1000 --protocol"
      "domain-4 --games 200 --protocol"
      "domain-teams-2v2 --games 100 --protocol"
      "domain-6 --games 30 --protocol"
      "domain-teams-3x2 --games 30 --protocol"
      "dor-classic --games 10000"
      "dor-alternate --games 10000"
      "dor-modern --games 10000"
      "kairu-dotr --games 10000"
      "kairu-dotr-4p --games 10000"
      "kairu-dotr-2v2 --games 10000"
      "kingdom-duels --games 10000"
      "kingdom-duels-tag --games 10000"
      "kingdom-duels-royale --games 10000"
      "kingdom-duels-royale-join --games 10000"
      "kingdom-duels-boss --games 10000"
      "kingdom-duels-symbols --games 10000"
      "domain --games 10000"
      "domain-3 --games 2000"
      "domain-4 --games 2000"
      "domain-teams-2v2 --games 2000"
      "domain-6 --games 1000"
      "domain-teams-3x2 --games 1000"
    )
    ;;
  ci)
    series=(
      "dor-classic --games 200 --protocol"
      "dor-alternate --games 200 --protocol"
      "dor-modern --games 200 --protocol"
      "kairu-dotr --games 200 --protocol"
      "kairu-dotr-4p --games 100 --protocol"
      "kairu-dotr-2v2 --games 100 --protocol"
      "kingdom-duels --games 200 --protocol"
      "kingdom-duels-tag --games 100 --protocol"
      "kingdom-duels-royale --games 100 --protocol"
      "kingdom-duels-royale-join --games 100 --protocol"
      "kingdom-duels-boss --games 100 --protocol"
      "kingdom-duels-symbols --games 200 --protocol"
      "domain --games 200 --protocol"
      "domain-4 --games 30 --protocol"
      "domain-teams-2v2 --games 20 --protocol"
      "domain-6 --games 6 --protocol"
      "domain-teams-3x2 --games 6 --protocol"
      "dor-classic --games 2000"
      "dor-alternate --games 2000"
      "dor-modern --games 2000"
      "kairu-dotr --games 2000"
      "kairu-dotr-4p --games 1000"
      "kairu-dotr-2v2 --games 1000"
      "kingdom-duels --games 2000"
      "kingdom-duels-tag --games 1000"
      "kingdom-duels-royale --games 1000"
      "kingdom-duels-royale-join --games 1000"
      "kingdom-duels-boss --games 1000"
      "kingdom-duels-symbols --games 2000"
      "domain --games 2000"
      "domain-3 --games 500"
      "domain-4 --games 400"
      "domain-teams-2v2 --games 400"
      "domain-6 --games 150"
      "domain-teams-3x2 --games 150"
    )
    ;;
  *)
    echo "selfplay-series.sh: the mode is ci or full, not '$mode'" >&2
    exit 64
    ;;
esac

printf '%s\n' "${series[@]}" |
  xargs -P "$jobs" -I{} sh -c "'$binary' selfplay --seed $seed --format {}"
