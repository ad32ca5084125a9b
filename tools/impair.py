#!/usr/bin/env python3
"""A bad network in user space, for machines whose kernel has no `tc netem`.

Opens N TAP devices (tools/netem.sh moves each into a player's network namespace) and
joins them like a hub: every Ethernet frame one side sends reaches every other side, each
copy delayed by DELAY_MS (plus up to JITTER_MS either way), dropped with probability
LOSS_PCT, and with probability REORDER_PCT sent at once, overtaking the frames before it.
SIGUSR1 starts an outage (every frame dropped), SIGUSR2 ends it. Prints "ready" once the
devices exist, and what it forwarded and dropped when it gets SIGTERM.

    python3 tools/impair.py NAME... [--delay-ms 150] [--jitter-ms 20] [--loss-pct 20]
                                    [--reorder-pct 10] [--seed 1]
"""

import argparse
import fcntl
import heapq
import os
import random
import select
import signal
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TAP = 0x0002
IFF_NO_PI = 0x1000


def open_tap(name):
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TAP | IFF_NO_PI))
    return fd


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--delay-ms", type=float, default=150)
    parser.add_argument("--jitter-ms", type=float, default=20)
    parser.add_argument("--loss-pct", type=float, default=20)
    parser.add_argument("--reorder-pct", type=float, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    taps = [open_tap(name) for name in args.names]
    state = {"outage": False, "running": True}
    counts = {"forwarded": 0, "lost": 0, "outage": 0, "reordered": 0}

    def outage_on(*_):
        state["outage"] = True

    def outage_off(*_):
        state["outage"] = False

    def stop(*_):
        state["running"] = False

    signal.signal(signal.SIGUSR1, outage_on)
    signal.signal(signal.SIGUSR2, outage_off)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print("ready", flush=True)

    # Frames in flight: (when due, order of sending, destination, frame).
    flying = []
    sent = 0
    while state["running"]:
        now = time.monotonic()
        while flying and flying[0][0] <= now:
            _, _, destination, frame = heapq.heappop(flying)
            try:
                os.write(destination, frame)
            except OSError:
                # The device is down or its namespace gone: the frame is lost.
                pass
        timeout = max(0.0, flying[0][0] - now) if flying else 0.2
        try:
            ready, _, _ = select.select(taps, [], [], min(timeout, 0.2))
        except InterruptedError:
            continue
        for source in ready:
            try:
                frame = os.read(source, 65536)
            except OSError:
                continue
            for destination in taps:
                if destination == source:
                    continue
                if state["outage"]:
                    counts["outage"] += 1
                    continue
                if rng.random() * 100 < args.loss_pct:
                    counts["lost"] += 1
                    continue
                if rng.random() * 100 < args.reorder_pct:
                    delay = 0.0
                    counts["reordered"] += 1
                else:
                    delay = args.delay_ms + rng.uniform(-args.jitter_ms, args.jitter_ms)
                sent += 1
                counts["forwarded"] += 1
                heapq.heappush(
                    flying, (time.monotonic() + max(delay, 0.0) / 1000, sent, destination, frame)
                )
    print(
        "impair: forwarded {forwarded}, lost {lost}, dropped in the outage {outage}, "
        "sent early {reordered}".format(**counts),
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    main()
