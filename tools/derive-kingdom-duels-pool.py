#!/usr/bin/env python3
"""Derive FairDuel's Kingdom Duels pool (assets/cards/kingdom-duels.toml).

Reads the facts of every entry of the shared Kingdom Duels card list,
`DIR/data/kingdom-duels/cards.json` (code, name, frame, the type line, attribute, grade,
ATK/DEF and the printed Field Power Bonus, which deck it goes in, the duelists who use it),
and the 40 terrains with what each one boosts, and writes them in FairDuel's own schema
(crates/engine/src/field/cards.rs documents it). The data holds no effect texts, and none
are written: the engine runs the effects FairDuel's vocabulary defines and nothing else.

Usage (from the repository root):

    python3 tools/derive-kingdom-duels-pool.py [--shared ../shared] [--out assets/cards/kingdom-duels.toml]

Standard library only.
"""

import argparse
import json
import os
import re
import sys

POOL_NAME = "Kingdom Duels"

# The type line's words that say what kind of card it is (the seed's "Main Card types").
MAIN_TYPES = {"Monster", "Spell", "Trap", "Rule", "Token", "Emblem"}
# The seed's "Secondary Card types" (Setup subtypes are read apart, after "Setup Rule").
SECONDARY_TYPES = {"Fusion", "Ritual", "Alter", "Integration", "Divine", "Equip",
                   "Continuous", "Persist", "Setup", "Symbol"}
SPEEDS = {"Slow", "Quick"}
SETUP_KINDS = {"Game", "Field", "Duelist", "Challenge"}
# Divine groups ("Pantheons") and symbol families: always the last two words of the line.
PANTHEON_ENDINGS = {("Storm", "Guardian"), ("Millennium", "Item")}
# The seed spells this monster type "Reptillian" in its type list and the terrains
# "Reptilian"; FairDuel uses one spelling.
SPELLING = {"Reptillian": "Reptilian"}
# Duelist names of more than one word, matched before single words.
DUELIST_NAMES = ["The Big Five", "Brother Kyu", "Brother Mei", "Mask of Light",
                 "Mask of Darkness", "Step Johnny", "Esper Roba", "Pharaoh Servant",
                 "Rare Hunter", "Priest Seto", "Orichalcos Police", "Tournament Duelist 1",
                 "Tournament Duelist 2", "Tournament Duelist 3"]
FRAMES = {
    "Monster": "monster",
    "Spell": "spell",
    "Trap": "trap",
    "Rule": "rule",
    "Fusion Monster": "fusion",
    "Ritual Monster": "ritual",
    "Alter Monster": "alter",
    "Integration Monster": "integration",
    "Combination": "combination",
    "-": "alternate-art",
}
GLYPHS = {"NORMAL": "normal", "EQUIP": "equip", "CONT.": "continuous", "SETUP": "setup"}
ATTRIBUTES = {"dark", "light", "fire", "water", "earth", "wind"}


def fail(message):
    sys.exit(f"derive-kingdom-duels-pool: {message}")


def toml_str(s):
    return json.dumps(s, ensure_ascii=False)


def toml_list(items):
    return "[" + ", ".join(toml_str(i) for i in items) + "]"


def duelists_of(text):
    names, rest = [], text.strip()
    while rest:
        for name in DUELIST_NAMES:
            if rest == name or rest.startswith(name + " "):
                names.append(name)
                rest = rest[len(name):].strip()
                break
        else:
            word, _, rest = rest.partition(" ")
            names.append(word)
            rest = rest.strip()
    return names


def parse_type_line(card):
    """Splits the type line into its parts; every word must land somewhere."""
    line = card["types"]
    hierarchy = None
    m = re.search(r"\(Hierarchy (\d+)\)", line)
    if m:
        hierarchy = int(m.group(1))
        line = line[:m.start()] + line[m.end():]
    words = line.split()
    out = {"card_types": [], "subtypes": [], "speed": None, "setup": None,
           "pantheon": None, "types": [], "hierarchy": hierarchy}
    if len(words) >= 2 and (tuple(words[-2:]) in PANTHEON_ENDINGS or words[-1] == "God"):
        out["pantheon"] = " ".join(words[-2:])
        words = words[:-2]
    i = 0
    while i < len(words):
        w = words[i]
        if w == "Setup" and i + 2 < len(words) and words[i + 1] == "Rule" and words[i + 2] in SETUP_KINDS:
            out["subtypes"].append("setup")
            out["card_types"].append("rule")
            out["setup"] = words[i + 2].lower()
            i += 3
            continue
        if w in MAIN_TYPES:
            out["card_types"].append(w.lower())
        elif w in SECONDARY_TYPES:
            out["subtypes"].append(w.lower())
        elif w in SPEEDS:
            out["speed"] = w.lower()
        else:
            out["types"].append(SPELLING.get(w, w))
        i += 1
    return out


def number(text, what, card):
    """A printed ATK/DEF/bonus: a number, or a variable value ("?", "X000") kept as text."""
    text = (text or "").strip()
    if text.isdigit():
        return int(text)
    if text in ("?", "X000", "//"):
        return text
    fail(f"{card['set']}-{card['id']} {card['name']}: unreadable {what} {text!r}")


def code_of(card):
    return card["id"] if card["set"] == "A" else f"{card['set']}-{card['id']}"


def boosts_of(terrain):
    """A terrain's boost line, e.g. "Aquatic - EARTH/WATER Elemental", as a list of
    conditions, each a monster type, an attribute, or both (an attribute's Elementals)."""
    text = terrain["gradeval"].strip()
    if text == "-":
        return []
    conditions = []
    for part in (p.strip() for p in text.split(" - ")):
        words = part.split()
        if len(words) == 2 and words[1] == "Elemental":
            for attribute in words[0].split("/"):
                conditions.append({"type": "Elemental", "attribute": attribute.lower()})
        elif len(words) == 1 and words[0].lower() in ATTRIBUTES and words[0].isupper():
            conditions.append({"attribute": words[0].lower()})
        elif len(words) == 1:
            conditions.append({"type": SPELLING.get(words[0], words[0])})
        else:
            fail(f"terrain {terrain['name']}: unreadable boost {part!r}")
    return conditions


def card_entry(number_id, card):
    frame = FRAMES.get(card["frame"])
    if frame is None:
        fail(f"{code_of(card)}: unknown frame {card['frame']!r}")
    lines = ["[[kingdom-card]]", f"id = {number_id}", f"code = {toml_str(code_of(card))}",
             f"name = {toml_str(card['name'])}"]
    if frame == "alternate-art":
        lines.append(f"frame = {toml_str(frame)}")
        lines.append(f"art_of = {toml_str(code_of(card)[:-1])}")
        return lines
    parts = parse_type_line(card)
    if frame == "monster" and "token" in parts["card_types"]:
        frame = "token"
    lines.append(f"frame = {toml_str(frame)}")
    lines.append(f"card_types = {toml_list(parts['card_types'])}")
    if parts["subtypes"]:
        lines.append(f"subtypes = {toml_list(parts['subtypes'])}")
    if parts["setup"]:
        lines.append(f"setup = {toml_str(parts['setup'])}")
    if parts["speed"]:
        lines.append(f"speed = {toml_str(parts['speed'])}")
    if parts["types"]:
        lines.append(f"types = {toml_list(parts['types'])}")
    if parts["pantheon"]:
        lines.append(f"pantheon = {toml_str(parts['pantheon'])}")
    if parts["hierarchy"] is not None:
        lines.append(f"hierarchy = {parts['hierarchy']}")
    attribute = card.get("attribute")
    if attribute in ATTRIBUTES:
        lines.append(f"attribute = {toml_str(attribute)}")
    grade, value = card.get("grade"), (card.get("gradeval") or "").strip()
    if grade == "lvl":
        lines.append(f"level = {int(value)}")
    elif grade == "glyph" and re.fullmatch(r"[A-Z]{3} \d+", value):
        # The promotional "Invocation" cards parody other games' grades (rank, link
        # rating...): kept as printed, they have no level.
        lines.append(f"grade_mark = {toml_str(value)}")
    elif grade == "glyph":
        if value not in GLYPHS:
            fail(f"{code_of(card)}: unknown glyph {value!r}")
        lines.append(f"glyph = {toml_str(GLYPHS[value])}")
    elif grade == "charge":
        m = re.fullmatch(r"(?:[A-Z]{3} )?(\d+)", value)
        if not m:
            fail(f"{code_of(card)}: unreadable charges {value!r}")
        lines.append(f"charges = {int(m.group(1))}")
    for field, key in (("atk", "atk"), ("def", "def"), ("bonusatk", "bonus_atk"),
                       ("bonusdef", "bonus_def")):
        if field not in card:
            continue
        # A card played as two things at once prints both values: "400 / 0".
        values = [number(v, field, card) for v in card[field].split(" / ")]
        if len(values) == 1:
            v = values[0]
            lines.append(f"{key} = {toml_str(v) if isinstance(v, str) else v}")
        else:
            lines.append(f"{key} = [{', '.join(toml_str(v) if isinstance(v, str) else str(v) for v in values)}]")
    lines.append(f"deck = {toml_str('extra' if card['deck'] == 'B' else 'main')}")
    duelists = duelists_of(card.get("duelist", ""))
    if duelists:
        lines.append(f"duelists = {toml_list(duelists)}")
    return lines


def terrain_entry(terrain):
    lines = ["[[terrain]]", f"id = {int(terrain['id'])}", f"name = {toml_str(terrain['name'])}"]
    attribute = terrain.get("attribute")
    if attribute in ATTRIBUTES:
        lines.append(f"attribute = {toml_str(attribute)}")
    boosts = boosts_of(terrain)
    if boosts:
        rendered = []
        for b in boosts:
            fields = ", ".join(f"{k} = {toml_str(v)}" for k, v in b.items())
            rendered.append("{ " + fields + " }")
        lines.append(f"boosts = [{', '.join(rendered)}]")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default="../shared",
                        help="the shared folder holding data/kingdom-duels/cards.json")
    parser.add_argument("--out", default="assets/cards/kingdom-duels.toml")
    args = parser.parse_args()
    path = os.path.join(args.shared, "data", "kingdom-duels", "cards.json")
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    out = [
        "# GENERATED FILE -- do not edit by hand.",
        "# Generated by tools/derive-kingdom-duels-pool.py from the Kingdom Duels card facts",
        "# (codes, names, frames, type lines, attributes, grades, ATK/DEF, Field Power Bonus,",
        "# decks, duelists, and what each terrain boosts). The facts carry no effect texts.",
        "# To change a card, edit the script and regenerate:",
        "#     python3 tools/derive-kingdom-duels-pool.py",
        "",
        f"name = {toml_str(POOL_NAME)}",
        "",
    ]
    terrains = [e for e in entries if e["frame"] == "Terrain"]
    cards = [e for e in entries if e["frame"] != "Terrain"]
    for t in terrains:
        out.extend(terrain_entry(t))
        out.append("")
    for number_id, card in enumerate(cards, 1):
        out.extend(card_entry(number_id, card))
        out.append("")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print(f"wrote {args.out}: {len(cards)} cards and {len(terrains)} terrains "
          f"({len(entries)} entries)")


if __name__ == "__main__":
    main()
