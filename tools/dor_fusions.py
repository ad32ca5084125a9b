"""The original game's fusion table, derived for FairDuel's DOR pool (used by
derive-dor-pool.py).

`fusions.csv` lists each pair of materials and the monster they fuse into, one row per pair,
by card name. The pool file holds the same facts by card number and in FairDuel's own shape:
`[[fusion]]` entries, each saying that any card of `first` fused with any card of `second`
becomes `result`. The table is a product of such groups (the original fuses by kinds of
monster), so 26,540 pairs become about 150 entries. Only names and numbers are read.
"""

import sys
from collections import defaultdict


def read_fusion_groups(csv_path, facts, in_pool):
    """[(result, [first...], [second...])] for every pair whose three cards are in the pool.

    `facts` is {number: {"name", ...}}; `in_pool(number)` says whether the pool holds it.
    """
    by_name = {}
    for number, fact in facts.items():
        by_name.setdefault(fact["name"].lower(), number)
    pairs = {}
    with open(csv_path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            # A few rows are wrapped in quotes as a whole.
            line = line.strip().strip('"')
            if not line:
                continue
            cols = [c.strip() for c in line.split(";")]
            if len(cols) < 3:
                sys.exit(f"{csv_path}:{lineno}: malformed fusion row")
            numbers = []
            for name in cols[:3]:
                number = by_name.get(name.lower())
                if number is None:
                    sys.exit(f"{csv_path}:{lineno}: no card named {name!r}")
                numbers.append(number)
            a, b, result = numbers
            if not all(in_pool(n) for n in numbers):
                continue
            pair = (min(a, b), max(a, b))
            if pairs.get(pair, result) != result:
                sys.exit(f"{csv_path}:{lineno}: {cols[0]} and {cols[1]} fuse into two monsters")
            pairs[pair] = result
    # Group: for each result, the first materials sharing one set of second materials.
    seconds = defaultdict(set)
    for (a, b), result in pairs.items():
        seconds[(result, a)].add(b)
    groups = defaultdict(list)
    for (result, a), bs in seconds.items():
        groups[(result, tuple(sorted(bs)))].append(a)
    out = [(result, sorted(firsts), list(bs)) for (result, bs), firsts in groups.items()]
    out.sort()
    return out


def fusion_block(result, first, second):
    return "\n".join([
        "[[fusion]]",
        f"result = {result}",
        f"first = [{', '.join(map(str, first))}]",
        f"second = [{', '.join(map(str, second))}]",
    ])
