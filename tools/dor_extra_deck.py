"""What waits in the Extra Deck of FairDuel's DOR pool (used by derive-dor-pool.py): the
original game's fusion table, and the power-ups that change their monster into another.

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


# Power-ups that change their monster into another (the original table's type 0 power-ups
# whose change is fixed; Insect Imitation's is random and stays with agreement):
# {power-up: [(monster, what it becomes)]}. What they make waits in the Extra Deck.
TRANSFORMING_POWER_UPS = {
    797: [(272, 273)],  # Elegant Egotist: Harpie Lady -> Harpie Lady Sisters
    798: [(401, 427), (407, 427), (416, 427), (423, 427), (426, 427)],  # Cocoon of Evolution
    799: [(7, 501), (342, 488)],  # Metalmorph: Red-Eyes B. Dragon, Zoa
}


def transforming_body(number, fact, facts):
    """The pool entry of a power-up of TRANSFORMING_POWER_UPS."""
    pairs = TRANSFORMING_POWER_UPS[number]
    for a, b in pairs:
        for m in (a, b):
            if facts.get(m, {}).get("kind") != "Monster":
                sys.exit(f"power-up {number} ({fact['name']}) names {m}, not a monster")
    return {
        "kind": "spell",
        "spell": "equip",
        "equip_to": {"names": sorted({a for a, _ in pairs})},
        "effects": [{
            "trigger": "continuous",
            "effect": {"do": "transform", "pairs": [{"from": a, "into": b} for a, b in pairs]},
        }],
    }
