#!/usr/bin/env bash
# A bot match over a bad network: two peers in network namespaces joined by a veth pair
# whose both ends go through `tc netem` — DELAY_MS one way (300 ms round trip by default),
# LOSS_PCT loss each way, reordering — and a total outage of OUTAGE_S seconds starting
# OUTAGE_AT_S seconds into the match. The match must finish with both sides verifying it.
# Prints the wall time and the number of hand-offs (entries where the other side had to
# wait), so wall time can be set against its lower bound, hand-offs × one-way delay.
#
#   sudo bash tools/netem.sh [path/to/fairduel] [format]
#   DELAY_MS=150 LOSS_PCT=20 OUTAGE_AT_S=20 OUTAGE_S=30 sudo -E bash tools/netem.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(realpath "${1:-./target/release/fairduel}")"
FORMAT="${2:-kairu-dotr}"
DELAY_MS="${DELAY_MS:-150}"
LOSS_PCT="${LOSS_PCT:-20}"
OUTAGE_AT_S="${OUTAGE_AT_S:-20}"
OUTAGE_S="${OUTAGE_S:-30}"
if [ "$(id -u)" != 0 ]; then
  echo "netem: needs root for ip netns and tc; skipped" >&2
  exit 2
fi
A="fdnet-a-$$"
B="fdnet-b-$$"
VA="vn-$$-a"
VB="vn-$$-b"
WORK="$(mktemp -d)"
cleanup() {
  ip netns pids "$A" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns pids "$B" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$A" 2>/dev/null || true
  ip netns del "$B" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if ! ip netns add "$A" 2>/dev/null || ! ip netns add "$B" 2>/dev/null; then
  echo "netem: this machine does not allow network namespaces here; skipped" >&2
  exit 2
fi
ip link add "$VA" type veth peer name "$VB"
ip link set "$VA" netns "$A"
ip link set "$VB" netns "$B"
ip -n "$A" addr add 10.78.0.1/24 dev "$VA"
ip -n "$B" addr add 10.78.0.2/24 dev "$VB"
for ns in "$A" "$B"; do ip -n "$ns" link set lo up; done
ip -n "$A" link set "$VA" up multicast on
ip -n "$B" link set "$VB" up multicast on
ip -n "$A" route add 224.0.0.0/4 dev "$VA"
ip -n "$B" route add 224.0.0.0/4 dev "$VB"

# The same bad link both ways.
bad_link() {
  local loss="$1"
  for side in "$A:$VA" "$B:$VB"; do
    local ns="${side%%:*}" dev="${side##*:}"
    if ! ip netns exec "$ns" tc qdisc replace dev "$dev" root netem \
      delay "${DELAY_MS}ms" 20ms loss "${loss}%" reorder 10% 50%; then
      echo "netem: tc netem is not available here; skipped" >&2
      exit 2
    fi
  done
}
bad_link "$LOSS_PCT"

mkdir -p "$WORK/a" "$WORK/b"
START=$(date +%s.%N)
ip netns exec "$A" "$BIN" --data-dir "$WORK/a" --key "$WORK/a/key" host --offline --bot \
  --format "$FORMAT" --deck forest-pack --name "netem host" >"$WORK/a/out.log" 2>&1 &
HOST=$!
sleep 2
ip netns exec "$B" timeout 900 "$BIN" --data-dir "$WORK/b" --key "$WORK/b/key" lan --offline --bot \
  --format "$FORMAT" --deck dragons-hoard --pick 1 --wait 60 >"$WORK/b/out.log" 2>&1 &
JOINER=$!

# The outage: everything lost for OUTAGE_S seconds, then the bad link again.
(
  sleep "$OUTAGE_AT_S"
  if kill -0 "$JOINER" 2>/dev/null; then
    echo "netem: outage of ${OUTAGE_S} s begins" >&2
    bad_link 100
    sleep "$OUTAGE_S"
    bad_link "$LOSS_PCT"
    echo "netem: outage over" >&2
  fi
) &
OUTAGE=$!

set +e
wait $JOINER
JOIN=$?
timeout 120 tail --pid=$HOST -f /dev/null
wait $HOST
HOSTED=$?
kill $OUTAGE 2>/dev/null
set -e
END=$(date +%s.%N)
echo "--- host (namespace $A):"; tail -6 "$WORK/a/out.log"
echo "--- joiner (namespace $B):"; tail -6 "$WORK/b/out.log"
RECORD=$(ls "$WORK"/a/records/*.fdrec 2>/dev/null | head -1 || true)
if [ -n "$RECORD" ]; then
  ENTRIES=$("$BIN" --data-dir "$WORK/a" verify "$RECORD" --json | grep -o '"entries": [0-9]*' | grep -o '[0-9]*')
else
  ENTRIES="?"
fi
WALL=$(echo "$END - $START" | bc)
echo "netem: ${FORMAT}, ${DELAY_MS} ms one way, ${LOSS_PCT}% loss, outage ${OUTAGE_S} s at ${OUTAGE_AT_S} s: wall time ${WALL} s, ${ENTRIES} entries"
if [ $JOIN = 0 ] && [ $HOSTED = 0 ]; then
  echo "netem: the match finished and verified on both sides"
else
  echo "netem: FAILED (joiner exit $JOIN, host exit $HOSTED)" >&2
  exit 1
fi
