#!/usr/bin/env bash
# A bot match over a bad network: PLAYERS peers (2 or 4) in network namespaces whose every
# packet goes DELAY_MS one way (300 ms round trip by default), is lost with LOSS_PCT, some
# are reordered, and a total outage of OUTAGE_S seconds starts OUTAGE_AT_S seconds after the
# match started. The match must finish with every seat verifying it. Prints the wall time and the
# number of entries, so wall time can be set against its lower bound, hand-offs × one-way
# delay (docs/BENCHMARKS.md).
#
# The bad link is the kernel's `tc netem` on a veth pair where the kernel has it, and
# otherwise tools/impair.py: TAP devices, one per namespace, joined in user space by a hub
# that delays, drops and reorders every frame (IMPAIR=user forces it).
#
#   sudo bash tools/netem.sh [path/to/fairduel] [format]
#   PLAYERS=4 DELAY_MS=150 LOSS_PCT=20 OUTAGE_AT_S=5 OUTAGE_S=30 sudo -E bash tools/netem.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(realpath "${1:-./target/release/fairduel}")"
PLAYERS="${PLAYERS:-2}"
if [ "$PLAYERS" = 4 ]; then
  FORMAT="${2:-kairu-dotr-4p}"
else
  FORMAT="${2:-kairu-dotr}"
fi
DELAY_MS="${DELAY_MS:-150}"
LOSS_PCT="${LOSS_PCT:-20}"
OUTAGE_AT_S="${OUTAGE_AT_S:-5}"
OUTAGE_S="${OUTAGE_S:-30}"
IMPAIR="${IMPAIR:-auto}"
DECKS=(forest-pack dragons-hoard shadow-court tidal-guard)
if [ "$(id -u)" != 0 ]; then
  echo "netem: needs root for ip netns; skipped" >&2
  exit 2
fi
WORK="$(mktemp -d)"
NS=()
IMPAIRER=""
cleanup() {
  for ns in "${NS[@]}"; do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill 2>/dev/null || true
  done
  if [ -n "$IMPAIRER" ]; then kill "$IMPAIRER" 2>/dev/null || true; fi
  for ns in "${NS[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

for i in $(seq 0 $((PLAYERS - 1))); do
  ns="fdnet-$i-$$"
  if ! ip netns add "$ns" 2>/dev/null; then
    echo "netem: this machine does not allow network namespaces here; skipped" >&2
    exit 2
  fi
  NS+=("$ns")
  ip -n "$ns" link set lo up
done

# Does the kernel have netem? Try it on a namespace's loopback.
if [ "$IMPAIR" = auto ]; then
  if ip netns exec "${NS[0]}" tc qdisc add dev lo root netem delay 1ms 2>/dev/null; then
    ip netns exec "${NS[0]}" tc qdisc del dev lo root
    IMPAIR=kernel
  else
    IMPAIR=user
  fi
fi
if [ "$IMPAIR" = kernel ] && [ "$PLAYERS" != 2 ]; then
  echo "netem: the kernel's netem here joins two namespaces only; using tools/impair.py" >&2
  IMPAIR=user
fi

DEVICES=()
for i in $(seq 0 $((PLAYERS - 1))); do DEVICES+=("fdtap$i-$$"); done
if [ "$IMPAIR" = kernel ]; then
  ip link add "${DEVICES[0]}" type veth peer name "${DEVICES[1]}"
  for i in 0 1; do ip link set "${DEVICES[$i]}" netns "${NS[$i]}"; done
else
  if [ ! -e /dev/net/tun ]; then
    echo "netem: no kernel netem and no /dev/net/tun for tools/impair.py; skipped" >&2
    exit 2
  fi
  python3 tools/impair.py "${DEVICES[@]}" --delay-ms "$DELAY_MS" --loss-pct "$LOSS_PCT" \
    >"$WORK/impair.out" 2>"$WORK/impair.log" &
  IMPAIRER=$!
  for _ in $(seq 1 50); do
    grep -q ready "$WORK/impair.out" 2>/dev/null && break
    sleep 0.1
  done
  for i in $(seq 0 $((PLAYERS - 1))); do ip link set "${DEVICES[$i]}" netns "${NS[$i]}"; done
fi
for i in $(seq 0 $((PLAYERS - 1))); do
  ns="${NS[$i]}" dev="${DEVICES[$i]}"
  ip -n "$ns" addr add "10.78.0.$((i + 1))/24" dev "$dev"
  ip -n "$ns" link set "$dev" up multicast on
  ip -n "$ns" route add 224.0.0.0/4 dev "$dev"
done

# The same bad link both ways; with LOSS 100 an outage.
bad_link() {
  local loss="$1"
  if [ "$IMPAIR" = user ]; then
    if [ "$loss" = 100 ]; then kill -USR1 "$IMPAIRER"; else kill -USR2 "$IMPAIRER"; fi
    return
  fi
  for i in 0 1; do
    ip netns exec "${NS[$i]}" tc qdisc replace dev "${DEVICES[$i]}" root netem \
      delay "${DELAY_MS}ms" 20ms loss "${loss}%" reorder 10% 50%
  done
}
bad_link "$LOSS_PCT"
echo "netem: $PLAYERS players, $FORMAT, the bad link by $([ "$IMPAIR" = user ] && echo tools/impair.py || echo "the kernel's netem")" >&2

PIDS=()
START=$(date +%s.%N)
for i in $(seq 0 $((PLAYERS - 1))); do
  mkdir -p "$WORK/$i"
  common=(--data-dir "$WORK/$i" --key "$WORK/$i/key")
  if [ "$i" = 0 ]; then
    ip netns exec "${NS[0]}" timeout 1500 "$BIN" "${common[@]}" host --offline --bot \
      --bot-seed 1 --format "$FORMAT" --deck "${DECKS[0]}" --name "netem host" \
      >"$WORK/0/out.log" 2>&1 &
    PIDS+=($!)
    sleep 2
  else
    ip netns exec "${NS[$i]}" timeout 1500 "$BIN" "${common[@]}" lan --offline --bot \
      --bot-seed "$((i + 1))" --format "$FORMAT" --deck "${DECKS[$i]}" --pick 1 --wait 120 \
      >"$WORK/$i/out.log" 2>&1 &
    PIDS+=($!)
    sleep 3
  fi
done

# The outage, OUTAGE_AT_S seconds after the match started (the table is formed: joining
# is not what it tests): everything lost for OUTAGE_S seconds, then the bad link again. A
# marker says it happened (a short match may end before it).
(
  for _ in $(seq 1 600); do
    grep -q "^Match .* started" "$WORK/0/out.log" 2>/dev/null && break
    sleep 0.5
  done
  sleep "$OUTAGE_AT_S"
  if kill -0 "${PIDS[1]}" 2>/dev/null; then
    echo "netem: outage of ${OUTAGE_S} s begins" >&2
    touch "$WORK/outage"
    bad_link 100
    sleep "$OUTAGE_S"
    bad_link "$LOSS_PCT"
    echo "netem: outage over" >&2
  fi
) &
OUTAGE=$!

set +e
FAILED=0
for i in $(seq 0 $((PLAYERS - 1))); do
  wait "${PIDS[$i]}"
  status=$?
  if [ "$status" != 0 ]; then
    echo "netem: seat $i exited with $status" >&2
    FAILED=1
  fi
done
kill $OUTAGE 2>/dev/null
set -e
END=$(date +%s.%N)
for i in $(seq 0 $((PLAYERS - 1))); do
  echo "--- seat $i (namespace ${NS[$i]}):"
  tail -$((PLAYERS + 4)) "$WORK/$i/out.log"
done
if [ -n "$IMPAIRER" ]; then
  kill "$IMPAIRER" 2>/dev/null || true
  wait "$IMPAIRER" 2>/dev/null || true
  cat "$WORK/impair.log" >&2
  IMPAIRER=""
fi
RECORD=$(ls "$WORK"/0/records/*.fdrec 2>/dev/null | head -1 || true)
ENTRIES="?"
HAND_OFFS="?"
BOUND="?"
if [ -n "$RECORD" ]; then
  JSON=$("$BIN" --data-dir "$WORK/0" verify "$RECORD" --json)
  ENTRIES=$(echo "$JSON" | grep -o '"entries": [0-9]*' | grep -o '[0-9]*')
  HAND_OFFS=$(echo "$JSON" | grep -o '"hand_offs": [0-9]*' | grep -o '[0-9]*')
  # The bound: one one-way delay per hand-off, plus the outage (if the match was still on),
  # during which nothing moves.
  OUTAGE_TAKEN=0
  if [ -e "$WORK/outage" ]; then OUTAGE_TAKEN="$OUTAGE_S"; fi
  BOUND=$(awk "BEGIN { printf \"%.1f\", $HAND_OFFS * $DELAY_MS / 1000 + $OUTAGE_TAKEN }")
fi
if [ -e "$WORK/outage" ]; then
  OUTAGE_WORDS="outage ${OUTAGE_S} s at ${OUTAGE_AT_S} s"
else
  OUTAGE_WORDS="the match ended before the outage was due"
fi
WALL=$(awk "BEGIN { printf \"%.1f\", $END - $START }")
echo "netem: ${PLAYERS} players, ${FORMAT}, ${DELAY_MS} ms one way, ${LOSS_PCT}% loss, ${OUTAGE_WORDS}: wall time ${WALL} s, ${ENTRIES} entries, ${HAND_OFFS} hand-offs; bound (hand-offs x delay + outage) ${BOUND} s"
if [ "$FAILED" = 0 ]; then
  echo "netem: the match finished and verified on every side"
else
  echo "netem: FAILED" >&2
  exit 1
fi
