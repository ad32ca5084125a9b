#!/usr/bin/env bash
# An offline LAN match between two network namespaces joined by a veth pair, with no route
# to anything else: the joiner finds the host by mDNS (`fairduel lan`) and both play a whole
# match with bots. Needs root (ip netns). Exit 0 when both sides verified the match.
#
#   sudo bash tools/lan-netns.sh [path/to/fairduel]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-./target/release/fairduel}"
BIN="$(realpath "$BIN")"
if [ "$(id -u)" != 0 ]; then
  echo "lan-netns: needs root for ip netns; skipped" >&2
  exit 2
fi
A="fdlan-a-$$"
B="fdlan-b-$$"
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
  echo "lan-netns: this machine does not allow network namespaces here; skipped" >&2
  exit 2
fi
ip link add "veth-$$-a" type veth peer name "veth-$$-b"
ip link set "veth-$$-a" netns "$A"
ip link set "veth-$$-b" netns "$B"
ip -n "$A" addr add 10.77.0.1/24 dev "veth-$$-a"
ip -n "$B" addr add 10.77.0.2/24 dev "veth-$$-b"
for ns in "$A" "$B"; do
  ip -n "$ns" link set lo up
done
ip -n "$A" link set "veth-$$-a" up multicast on
ip -n "$B" link set "veth-$$-b" up multicast on
# mDNS sends to 224.0.0.251: give it a route onto the veth.
ip -n "$A" route add 224.0.0.0/4 dev "veth-$$-a"
ip -n "$B" route add 224.0.0.0/4 dev "veth-$$-b"

mkdir -p "$WORK/a" "$WORK/b"
ip netns exec "$A" "$BIN" --data-dir "$WORK/a" --key "$WORK/a/key" host --offline --bot \
  --format kairu-dotr --deck forest-pack --name "LAN host" >"$WORK/a/out.log" 2>&1 &
HOST=$!
sleep 2
set +e
ip netns exec "$B" timeout 120 "$BIN" --data-dir "$WORK/b" --key "$WORK/b/key" lan --offline --bot \
  --format kairu-dotr --deck dragons-hoard --pick 1 --wait 20 >"$WORK/b/out.log" 2>&1
JOIN=$?
timeout 60 tail --pid=$HOST -f /dev/null
wait $HOST
HOSTED=$?
set -e
echo "--- host (namespace $A):"; tail -6 "$WORK/a/out.log"
echo "--- joiner (namespace $B):"; grep -E "Looking|hosts|Joining" "$WORK/b/out.log" || true; tail -6 "$WORK/b/out.log"
if [ $JOIN = 0 ] && [ $HOSTED = 0 ]; then
  echo "lan-netns: discovery found the host and the offline match verified on both sides"
else
  echo "lan-netns: FAILED (joiner exit $JOIN, host exit $HOSTED)" >&2
  exit 1
fi
