#!/usr/bin/env python3
"""Derive FairDuel's Duelists of the Roses starter pool (assets/cards/dor.toml).

The facts (numbers, names, attributes, types, levels, ATK, DEF, whether a card is a
spell or a trap) are read from the shared DOR card table, `DIR/data/dor/cards.csv`.
Everything else -- which cards are in the pool and what they do -- is FairDuel's own
definition, written below in the engine's effect vocabulary (crates/engine/src/card.rs).
The table's summary column is never read into the output.

Usage (from the repository root):

    python3 tools/derive-dor-pool.py [--shared ../shared] [--out assets/cards/dor.toml]

Standard library only.
"""

import argparse
import json
import os
import re
import sys
from collections import Counter

from dor_extra_deck import (TRANSFORMING_POWER_UPS, fusion_block, read_fusion_groups,
                            transforming_body)

POOL_NAME = "Duelists of the Roses starter pool"

# --------------------------------------------------------------------------------------
# Reading the facts
# --------------------------------------------------------------------------------------

# Rows of cards.csv that do not split into the documented columns. Repaired by hand:
# (name, kind). Only the facts we use are given; nothing else is taken from these rows.
MANUAL_ROWS = {
    725: ("Eternal Draught", "Spell"),  # cost and kind run together with the rest
    804: ("Tears of the Mermaid", "Trap"),  # cost and kind run together
    845: ("Contruct of Mask", "Ritual"),  # cost and kind run together
}
# Rows too incomplete to use at all (no level, ATK or DEF).
UNUSABLE_ROWS = {671}


def read_facts(csv_path):
    """Returns {number: {"name", "kind", and for monsters "attribute", "type", "level",
    "atk", "def"}}."""
    facts = {}
    with open(csv_path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line.strip():
                continue
            cols = line.split(";")
            try:
                number = int(cols[0])
            except ValueError:
                sys.exit(f"{csv_path}:{lineno}: no card number")
            if number in UNUSABLE_ROWS:
                continue
            if number in MANUAL_ROWS:
                name, kind = MANUAL_ROWS[number]
                facts[number] = {"name": name, "kind": kind}
                continue
            if len(cols) < 4:
                sys.exit(f"{csv_path}:{lineno}: malformed row for card {number}; add it to MANUAL_ROWS")
            name, kind = cols[1].strip(), cols[3].strip()
            entry = {"name": name, "kind": kind}
            if kind == "Monster":
                if len(cols) < 9 or not all(c.strip() for c in cols[4:9]):
                    sys.exit(f"{csv_path}:{lineno}: monster {number} lacks stats; add it to UNUSABLE_ROWS")
                entry.update(
                    attribute=cols[4].strip().lower(),
                    type=cols[5].strip().lower().replace(" ", "-"),
                    level=int(cols[6]),
                    atk=int(cols[7]),
                    **{"def": int(cols[8])},
                )
                # Only whether the card has an effect summary is kept, never its words.
                entry["summary"] = len(cols) > 9 and bool(cols[9].strip())
                # The one fact read from a summary: the original's Toon-terrain monsters.
                entry["strong_in_toon"] = len(cols) > 9 and cols[9].strip().startswith(
                    "Strong in TOON terrain")
                # Kept in memory only, to find which power-ups a monster names (matched
                # against card names; never written out).
                entry["summary_words"] = cols[9].strip().lower() if len(cols) > 9 else ""
            elif kind == "Ritual" and len(cols) > 4:
                # "Sacrifice … to summon Millennium Shield.": the monster it summons.
                summons = re.search(r"to summon (.+?)\.?$", cols[4].strip())
                if summons:
                    entry["summons"] = summons.group(1).strip()
            elif kind not in ("Spell", "Trap", "Ritual"):
                sys.exit(f"{csv_path}:{lineno}: unknown kind {kind!r} for card {number}")
            facts[number] = entry
    return facts


def read_equips(csv_path):
    """{equip spell name: [monster names]} from the original equip table."""
    fits = {}
    with open(csv_path, encoding="utf-8") as f:
        for line in f:
            cols = [c.strip() for c in line.rstrip("\n").split(";")]
            if len(cols) >= 3 and cols[2] == "Equippable":
                fits.setdefault(cols[1], []).append(cols[0])
    return fits


def read_effect_classes(md_path):
    """{monster name: [effect class, ...]} from the original monster effect table."""
    classes = {}
    with open(md_path, encoding="utf-8") as f:
        for line in f:
            cols = [c.strip() for c in line.split("|")]
            if len(cols) > 3 and cols[1] and not cols[1].startswith("-") and cols[1] != "Monster":
                classes.setdefault(cols[1], []).append(cols[2])
    return classes


def read_effect_names(md_path):
    """The names of the monsters the original effect table lists (first column)."""
    names = set()
    with open(md_path, encoding="utf-8") as f:
        for line in f:
            cols = [c.strip() for c in line.split("|")]
            if len(cols) > 2 and cols[1] and not cols[1].startswith("-") and cols[1] != "Monster":
                names.add(cols[1])
    return names


# --------------------------------------------------------------------------------------
# Our vocabulary, as Python data
# --------------------------------------------------------------------------------------


def flt(**kw):
    """A Filter. Lists stay lists; booleans only when true."""
    return {k: v for k, v in kw.items() if v not in (None, False, [], "")}


def tg(area, pick=None, **filt):
    """Targets: an area (string or {"within": n}), a filter and a pick."""
    t = {"area": area}
    f = flt(**filt)
    if f:
        t["filter"] = f
    if pick:
        t["pick"] = pick
    return t


def within(n):
    return {"within": n}


def turns(n):
    return {"turns": n}


def eff(trigger, do, **params):
    effect = {"do": do}
    effect.update(params)
    return {"trigger": trigger, "effect": effect}


def stats(trigger, targets, atk=0, defence=0, duration=None):
    params = {"targets": targets}
    if atk:
        params["atk"] = atk
    if defence:
        params["def"] = defence
    if duration:
        params["duration"] = duration
    return eff(trigger, "modify-stats", **params)


def both(trigger, targets, amount, duration=None):
    return stats(trigger, targets, amount, amount, duration)


def spellbind(trigger, targets, n=None):
    params = {"targets": targets}
    if n is not None:
        params["turns"] = n
    return eff(trigger, "spellbind", **params)


def destroy(trigger, targets):
    return eff(trigger, "destroy", targets=targets)


def terrain(trigger, radius, to):
    return eff(trigger, "change-terrain", radius=radius, terrain=to)


def leader_boost(trigger, amount, **leader):
    """This monster gains `amount` ATK and DEF if its controller's Deck Leader passes."""
    return eff(trigger, "leader-boost", leader=flt(**leader), atk=amount, **{"def": amount})


def bonus(against_types, atk):
    return eff("battle", "battle-bonus", against=flt(types=against_types), atk=atk)


def slayer(against_types):
    return eff("battle", "destroy-in-battle", against=flt(types=against_types))


IGNORE_TRAPS = eff("movement", "ignore-traps")
NO_BATTLE_DAMAGE = eff("battle", "no-battle-damage")
MOVES_TWO = eff("movement", "moves-two")
CROSS_LABYRINTH = eff("movement", "cross-labyrinth")
OPP = "battle-opponent"
FACE_UP_MONSTERS = dict(kind="monster", face_up_only=True)

# --------------------------------------------------------------------------------------
# The pool
# --------------------------------------------------------------------------------------

# Effect monsters the original also marks "Strong in TOON terrain".
STRONG_IN_TOON_WITH_EFFECTS = {41, 270}  # Genin, Niwatori

# Monsters without effects, by type. Mostly levels 2-4 so that decks are playable.
NORMAL_MONSTERS = [
    # Dragon
    0, 4, 5, 8, 18, 21, 22, 26, 27, 30, 31, 32, 34,
    # Spellcaster
    60, 92, 52, 44, 81, 82,
    # Zombie
    131, 105, 106, 107, 103,
    # Warrior
    155, 156, 159, 177,
    # Beast-Warrior
    211, 223, 209, 219,
    # Beast
    260, 265, 233, 259, 232, 264,
    # Winged Beast
    281, 277,
    # Fiend
    340, 339, 293, 294, 327,
    # Fairy
    373, 394,
    # Insect
    400, 414,
    # Dinosaur
    434, 443, 435, 445,
    # Reptile
    446,
    # Fish
    466, 459, 468, 462, 473,
    # Sea Serpent
    477, 479,
    # Machine
    492, 481,
    # Thunder
    540, 547, 535,
    # Aqua
    583, 605,
    # Pyro
    618, 615, 614, 620,
    # Rock
    626, 643,
    # Plant
    660, 662, 650, 663, 667,
]

# Monsters with effects: card number -> our effects.
def on_terrain(terrain, **filt):
    return tg({"on-terrain": terrain}, **filt)


def per_card(atk, counted_in, **filt):
    return eff("flip", "gain-per-card", atk=atk, counted=flt(**filt), counted_in=counted_in)


def terraform_on_entry(to):
    return eff("movement", "terraform-on-entry", terrain=to)


EFFECT_MONSTERS = {
    # Flip: every card standing on a terrain is destroyed, the monster's own side too.
    115: [destroy("flip", on_terrain("meadow"))],  # Fire Reaper
    118: [destroy("flip", on_terrain("sea"))],  # Flame Ghost
    629: [destroy("flip", on_terrain("mountain"))],  # Dissolverock
    652: [destroy("flip", on_terrain("forest"))],  # Man Eater
    213: [both("flip", on_terrain("mountain", **FACE_UP_MONSTERS), 300)],  # Mountain Warrior
    51: [eff("flip", "flip-face-up", targets=tg("field"))],  # The Stern Mystic
    # "Flips the last card played by an opponent face-up": found wherever it now stands.
    344: [eff("flip", "flip-last-played")],  # Monster Eye
    # "Own ATK/DEF either increased or decreased by up to 1500 points when entering battle."
    382: [eff("battle", "whim-in-battle", up_to=1500)],  # Goddess of Whim
    # "If LP is higher than 1000 at the moment this card is destroyed, a maximum of 4 monsters
    # with the highest ATKs from own as well as opponent's Graveyard are revived under owning
    # player's control. Following the revival, the owning player's LP is reduced by 1000."
    377: [eff("destroyed", "revive-strongest", count=4, above=1000, cost=1000)],  # Hourglass of Life
    325: [eff("flip", "to-attack-position",
              targets=tg("field", kind="monster", defence_only=True))],  # The Drdek
    374: [eff("flip", "to-defence-position", targets=tg("field", kind="monster"))],  # Key Mace
    613: [eff("flip", "unbind", targets=tg("field", kind="monster"))],  # Dragon Piper
    268: [eff("flip", "another-play", player="controller")],  # Fiend Reflection #2
    642: [eff("flip", "unbind", targets=tg("field", side="own", kind="monster"))],  # Pot the Trick
    224: [eff("flip", "summoning-points-to-max", player="controller")],  # Gate Deeg
    364: [eff("flip", "summoning-points-to-max", player="controller")],  # Berfomet
    146: [per_card(100, "own-graveyard", kind="monster")],  # Swordstalker
    639: [per_card(300, "own-graveyard", kind="monster")],  # Muka Muka
    514: [per_card(100, "field", kind="monster", types=["machine"])],  # Machine King
    480: [per_card(300, "field", kind="monster", types=["thunder"])],  # Spike Seadra
    87: [per_card(500, "graveyards", names=[60, 87])],  # Dark Magician Girl
    500: [eff("movement", "cross-labyrinth"), terraform_on_entry("normal")],  # Dharma Cannon
    # "Can move into LABYRINTH terrain, and transforms into Wall Shadow": on Labyrinth its
    # controller may change it, as the other transformations, from the Extra Deck.
    123: [CROSS_LABYRINTH, eff("movement", "evolve-on-terrain", terrain="labyrinth", into=144)],  # Shadow Ghoul
    552: [eff("movement", "cross-labyrinth"), terraform_on_entry("normal")],  # Catapult Turtle
    635: [eff("movement", "cross-labyrinth"), terraform_on_entry("normal")],  # Barrel Rock
    # --- battle bonuses and slayers
    1: [bonus(["fiend"], 300)],  # Seiyaryu
    11: [bonus(["spellcaster"], 900)],  # Serpent Night Dragon
    77: [bonus(["warrior"], 900)],  # Mask of Shine & Dark
    161: [bonus(["beast"], 500)],  # Battle Warrior
    469: [bonus(["machine"], 500)],  # Misairuzame
    533: [bonus(["fish"], 800)],  # Oscillo Hero #2
    537: [bonus(["machine"], 1000)],  # Electric Snake
    564: [bonus(["machine"], 1000)],  # Hitodenchak
    580: [bonus(["fish"], 1000)],  # Turu-Purun
    668: [bonus(["fiend"], 2500)],  # Woodland Sprite
    348: [bonus(["dragon"], 500)],  # Dragon Seeker
    37: [slayer(["zombie"])],  # Rogue Doll
    472: [slayer(["warrior"])],  # Fortress Whale
    135: [  # Skull Guardian
        bonus(["fiend"], 900),
        both("flip", tg("field", attributes=["light"], **FACE_UP_MONSTERS), 300),
    ],
    79: [eff("battle", "damage", player="controller", amount=50)],  # Dark Elf
    # --- terrain shapers
    6: [terrain("battle", 0, "wasteland")],  # Curse of Dragon
    13: [terrain("battle", 1, "normal"), terrain("flip", 1, "normal")],  # Yamadron
    76: [terrain("flip", 2, "dark")],  # Cosmo Queen
    371: [terrain("flip", 1, "wasteland")],  # Weather Control
    461: [terrain("flip", 1, "sea")],  # Root Water
    476: [terrain("flip", 1, "sea")],  # Kairyu-Shin
    478: [terrain("battle", 0, "sea")],  # Aqua Dragon
    495: [terrain("battle", 0, "wasteland")],  # Cyber-Stein
    568: [terrain("flip", 1, "sea")],  # The Furious Sea King
    599: [terrain("flip", 1, "sea")],  # Violent Rain
    589: [terrain("destroyed", 1, "sea")],  # Ameba
    647: [terrain("destroyed", 1, "crush")],  # Dark Plant
    674: [  # Slate Warrior
        both("flip", tg("field", side="own", types=["immortal"], **FACE_UP_MONSTERS), 500),
        terrain("destroyed", 1, "crush"),
    ],
    563: [terrain("battle", 0, "sea"), terrain("flip", 1, "sea")],  # Roaring Ocean Snake
    574: [eff("flip", "change-terrain-of-row", terrain="sea")],  # Zone Eater
    # The four limbs (right leg, left leg, right arm, left arm) around it win the duel.
    58: [eff("continuous", "victory-when-surrounded", limbs=[54, 55, 56, 57])],  # Exodia the Forbidden One
    429: [terrain("battle", 2, "forest"), leader_boost("flip", 1500, types=["insect"])],  # Arsenal Bug
    # The CRUSH monsters: their terrain when destroyed is defined, the rest of each one's
    # effect stays with agreement.
    672: [terrain("destroyed", 1, "crush"), eff("flip", "by-agreement")],  # Jowls of Dark Demise
    673: [terrain("destroyed", 1, "crush"), eff("each-turn-in-defence", "feed-on-graveyards", per=200)],  # Souleater
    # "ATK and DEF copies the enemy Leader's ATK for attacks and your own Leader's DEF when
    # defending": a Nature Effect, so while it is face-up.
    675: [terrain("destroyed", 1, "crush"), eff("continuous", "copies-leaders")],  # Shapesnatch
    # "When this card enters a turn face-up and in the defense position, all cards are drawn
    # 1 space towards Carat Idol!"
    676: [terrain("destroyed", 1, "crush"), eff("each-turn-in-defence", "pull-toward")],  # Carat Idol
    679: [terrain("destroyed", 1, "crush"), eff("movement", "damage", player="opponent", amount=50)],  # Mucus Yolk
    681: [terrain("destroyed", 1, "crush"), eff("flip", "discard-hands")],  # Rigras Leever
    # --- movement
    38: [IGNORE_TRAPS],  # White Magical Hat
    66: [IGNORE_TRAPS],  # The Bewitching Phantom Thief
    114: [IGNORE_TRAPS],  # Dokuroizo the Grim Reaper
    127: [IGNORE_TRAPS],  # Bone Mouse
    178: [IGNORE_TRAPS],  # Trap Master
    242: [IGNORE_TRAPS],  # Air Marmot of Nefariousness
    411: [IGNORE_TRAPS],  # Ganigumo
    616: [IGNORE_TRAPS],  # Fire Eye
    144: [CROSS_LABYRINTH],  # Wall Shadow
    409: [CROSS_LABYRINTH],  # Dungeon Worm
    498: [CROSS_LABYRINTH],  # Cannon Soldier
    # --- battles that deal no damage to life points
    53: [NO_BATTLE_DAMAGE],  # The Unhappy Maiden
    99: [NO_BATTLE_DAMAGE],  # Kazejin
    145: [NO_BATTLE_DAMAGE],  # Gate Guardian
    297: [NO_BATTLE_DAMAGE],  # Kuriboh
    317: [NO_BATTLE_DAMAGE],  # Dark Prisoner
    493: [NO_BATTLE_DAMAGE],  # Blocker
    534: [NO_BATTLE_DAMAGE],  # Sanga of the Thunder
    571: [NO_BATTLE_DAMAGE],  # Psychic Kappa
    573: [NO_BATTLE_DAMAGE],  # Suijin
    # --- more battle bonuses
    151: [bonus(["dinosaur"], 300)],  # Flame Swordsman
    528: [bonus(["warrior"], 2000)],  # Kinetic Soldier
    # --- movement
    193: [IGNORE_TRAPS],  # Armed Ninja
    299: [IGNORE_TRAPS],  # Reaper of the Cards
    486: [CROSS_LABYRINTH],  # Labyrinth Tank
    248: [MOVES_TWO],  # Super War-Lion
    266: [MOVES_TWO],  # King Tiger Wanghu
    395: [MOVES_TWO],  # Spiked Snail
    # --- flip: the named monsters grow stronger
    73: [both("flip", tg("field", names=[312], **FACE_UP_MONSTERS), 700)],  # Mystic Lamp
    101: [both("flip", tg("field", names=[101], **FACE_UP_MONSTERS), 300)],  # Shadow Specter
    102: [both("flip", tg("field", names=[102], **FACE_UP_MONSTERS), 300)],  # Skull Servant
    119: [both("flip", tg("field", names=[119], **FACE_UP_MONSTERS), 500)],  # Wood Remains
    141: [both("flip", tg("field", names=[150], **FACE_UP_MONSTERS), 300)],  # Vishwar Randi
    153: [both("flip", tg("field", names=[197], **FACE_UP_MONSTERS), 500)],  # Swamp Battleguard
    197: [both("flip", tg("field", names=[153], **FACE_UP_MONSTERS), 500)],  # Lava Battleguard
    186: [both("flip", tg("field", names=[203], **FACE_UP_MONSTERS), 500)],  # Sonic Maid
    203: [both("flip", tg("field", names=[186], **FACE_UP_MONSTERS), 500)],  # Hibikime
    201: [both("flip", tg("field", names=[204], **FACE_UP_MONSTERS), 700)],  # Queen's Double
    236: [both("flip", tg("field", names=[259], **FACE_UP_MONSTERS), 500)],  # Larvas
    273: [both("flip", tg("field", names=[30], **FACE_UP_MONSTERS), 900)],  # Harpie Lady Sisters
    387: [both("flip", tg("field", names=[46], **FACE_UP_MONSTERS), 700)],  # Muse-A
    649: [both("flip", tg("field", names=[196], **FACE_UP_MONSTERS), 500)],  # Mushroom Man
    656: [both("flip", tg("field", names=[667], **FACE_UP_MONSTERS), 500)],  # Green Phantom King
    74: [both("flip", tg("field", names=[274], **FACE_UP_MONSTERS), 700)],  # Boo Koo
    # --- flip: spells turned over
    523: [eff("flip", "flip-face-up", targets=tg("field", side="enemy", kind="spell"))],  # Patrol Robo
    457: [eff("flip", "flip-face-down", targets=tg("field", side="own", kind="spell"))],  # Mechaleon
    565: [eff("flip", "flip-face-down", targets=tg("field", side="own", kind="spell"))],  # Water Element
    624: [eff("flip", "flip-face-down", targets=tg("field", side="own", kind="spell"))],  # Prisman
    # --- flip: stat changes
    35: [both("flip", tg("field", side="own", attributes=["light"], **FACE_UP_MONSTERS), 800)],  # Mystical Elf
    383: [both("flip", tg("field", side="own", attributes=["light"], **FACE_UP_MONSTERS), 300)],  # Hoshiningen
    85: [both("flip", tg("field", types=["zombie"], **FACE_UP_MONSTERS), 300)],  # Hannibal Necromancer
    152: [both("flip", tg("field", types=["warrior"], **FACE_UP_MONSTERS), 300)],  # Tactical Warrior
    163: [both("flip", tg("field", types=["warrior"], **FACE_UP_MONSTERS), 300)],  # Supporter in the Shadows
    181: [both("flip", tg("field", types=["plant"], **FACE_UP_MONSTERS), 300)],  # Wodan the Resident of the Forest
    190: [both("flip", tg("field", types=["insect"], **FACE_UP_MONSTERS), 300)],  # Monster Tamer
    192: [both("flip", tg("field", types=["beast"], **FACE_UP_MONSTERS), 300)],  # Beautiful Beast Trainer
    458: [both("flip", tg("field", side="own", types=["reptile"], **FACE_UP_MONSTERS), 900)],  # Serpentine Princess
    593: [both("flip", tg("field", side="own", types=["aqua"], **FACE_UP_MONSTERS), 300)],  # Star Boy
    368: [both("flip", tg("field", side="own", max_atk=1000, **FACE_UP_MONSTERS), 1000)],  # Gyakutenno Megami
    272: [both("flip", tg("field", names=[30], **FACE_UP_MONSTERS), 300)],  # Harpie Lady
    170: [both("flip", tg("field", names=[171], **FACE_UP_MONSTERS), 500)],  # M-Warrior #1
    171: [both("flip", tg("field", names=[170], **FACE_UP_MONSTERS), 500)],  # M-Warrior #2
    560: [both("flip", tg("field", names=[600], **FACE_UP_MONSTERS), 800)],  # Penguin Knight
    600: [both("flip", tg("field", names=[560], **FACE_UP_MONSTERS), 800)],  # Penguin Soldier
    470: [both("flip", tg(OPP), -500)],  # Tongyo
    349: [both("flip", tg(OPP), -500)],  # Fungi of the Musk
    # --- flip: life points
    42: [eff("flip", "heal", player="controller", amount=800)],  # Fairy's Gift
    654: [eff("flip", "heal", player="controller", amount=500)],  # Yashinoki
    # --- flip: destruction
    417: [destroy("flip", tg(OPP))],  # Man-Eater Bug
    255: [destroy("flip", tg(OPP, types=["zombie"]))],  # Milus Radiant
    98: [destroy("flip", tg("adjacent", kind="spell"))],  # Hurricail
    # --- flip: spellbinding
    41: [spellbind("flip", tg(OPP), 1)],  # Genin
    62: [spellbind("flip", tg(OPP), 1)],  # Curtain of the Dark Ones
    67: [spellbind("flip", tg(OPP), 3)],  # Phantom Dewan
    61: [spellbind("flip", tg(OPP), 3)],  # Illusionist Faceless Mage
    89: [spellbind("flip", tg(OPP), 1)],  # Dryad
    164: [spellbind("flip", tg(OPP))],  # Dream Clown
    247: [spellbind("flip", tg(OPP), 1)],  # Mystical Sheep #2
    311: [spellbind("flip", tg(OPP), 3)],  # The Shadow Who Controls the Dark
    389: [spellbind("flip", tg(OPP), 1)],  # Shining Friendship
    404: [spellbind("flip", tg(OPP), 1)],  # Nightmare Scorpion
    541: [spellbind("flip", tg(OPP), 1)],  # Electric Lizard
    582: [spellbind("flip", tg(OPP), 1)],  # Aqua Snake
    84: [spellbind("flip", tg("field", side="enemy", kind="monster"), 1)],  # Invitation to a Dark Sleep
    # --- when destroyed
    72: [both("destroyed", tg(OPP), -300)],  # Sectarian of Secrets
    140: [both("destroyed", tg(OPP), -300)],  # Skull Stalker
    415: [both("destroyed", tg("lines", **FACE_UP_MONSTERS), -300)],  # Korogashi
    111: [destroy("destroyed", tg(OPP))],  # Fiend's Hand
    191: [destroy("destroyed", tg(OPP))],  # Swordsman from a Foreign Land
    567: [destroy("destroyed", tg(OPP))],  # Beastking of the Swamps
    506: [destroy("destroyed", tg(within(1)))],  # Blast Sphere
    509: [destroy("destroyed", tg(within(1)))],  # Blast Juggler
    617: [destroy("destroyed", tg("adjacent", kind="spell"))],  # Hinotama Soul
    104: [spellbind("destroyed", tg(OPP))],  # The Snake Hair
    206: [spellbind("destroyed", tg(OPP), 1)],  # Hyo
    216: [spellbind("destroyed", tg(OPP), 3)],  # Solitude
    316: [spellbind("destroyed", tg(OPP), 1)],  # Big Eye
    561: [spellbind("destroyed", tg(OPP), 1)],  # Dorover
    490: [eff("destroyed", "damage", player="opponent", amount=300)],  # Yaiba Robo
    346: [eff("destroyed", "damage", player="opponent", amount=500)],  # Needle Ball
    # --- battles changed
    375: [eff("battle", "cancels-changes-in-battle")],  # Happy Lover
    380: [eff("battle", "cancels-changes-in-battle")],  # Ray & Temperature
    # "Decreases LP by 100 points for each space moved": a move is one space.
    408: [eff("battle", "cancels-changes-in-battle"),
          eff("movement", "damage", player="controller", amount=100)],  # Jirai Gumo
    183: [eff("battle", "banishes-in-battle")],  # Dimensional Warrior
    217: [eff("battle", "banishes-in-battle")],  # One Who Hunts Souls
    # --- Nature Effects that change a rule of the grid
    447: [eff("while-in-defence", "no-movement-bonuses")],  # Serpent Marauder
    539: [eff("while-in-defence", "moves-two-for-all", filter=flt(types=["thunder"]))],  # Thunder Nyan Nyan
    655: [eff("while-in-defence", "no-traps")],  # Ancient Tree of Enlightenment
    113: [eff("while-in-defence", "no-spells")],  # Temple of Skulls
    83: [eff("while-in-defence", "immune-to-enemy-spells", filter=flt(types=["dragon"]))],  # Lord of D.
    627: [eff("while-in-defence", "spellbind-countdown-stopped")],  # Ancient Jar
    45: [eff("while-in-defence", "power-ups-boosted", amount=200)],  # Maha Vailo
    678: [terrain("destroyed", 1, "crush"),
          eff("while-in-defence", "spellbind-countdown-doubled")],  # Timeater
    680: [terrain("destroyed", 1, "crush"),
          eff("while-in-defence", "extra-summoning-point")],  # Servant of Catabolism
    682: [terrain("destroyed", 1, "crush"),
          eff("while-in-defence", "opposing-leader-powers-off")],  # Moisture Creature
    456: [eff("destroyed", "summoning-points-to-zero", player="opponent")],  # Sinister Serpent
    # --- back into the deck, and a last stand
    # Turns survived face-up in defence since the controller turned the monster face-up
    # (docs/RULES.md, "Turns survived in defence"); destroyed, each moth comes back as
    # another one made from nothing.
    25: [eff("while-in-defence", "evolve-after-turns", turns=3, into=13)],  # Yamatano Dragon Scroll
    328: [eff("while-in-defence", "evolve-after-turns", turns=3, into=292)],  # Embryonic Beast
    427: [eff("movement", "cannot-move"),
          eff("while-in-defence", "evolve-after-turns", turns=5, into=428),
          eff("destroyed", "make-monster", card=401)],  # Larva of Moth
    428: [eff("movement", "cannot-move"),
          eff("while-in-defence", "evolve-after-turns", turns=1, into=403),
          eff("destroyed", "make-monster", card=402)],  # Pupa of Moth
    # Monsters made from nothing (docs/RULES.md, "Monsters made from nothing"): the player
    # chooses the unused zone of their Summoning Area; a made card goes to no hand or deck.
    176: [eff("flip", "make-monster", card=176)],  # Doron
    137: [NO_BATTLE_DAMAGE, eff("flip", "make-monster", card=137)],  # Kageningen
    274: [eff("flip", "make-monster", card=74, face_down=True)],  # Spirit of the Books
    554: [eff("flip", "make-monster", card=594)],  # Toad Master
    # A spell set from a graveyard, in its controller's own turn only ("can only be activated
    # in a turn when 'Magician of Faith' is being controlled").
    43: [eff("flip", "set-spell-from-graveyard")],  # Magician of Faith
    305: [eff("flip", "set-spell-from-graveyard")],  # Mask of Darkness
    36: [eff("flip", "turn-into", into=24,
             targets=tg("field", types=["dragon"], max_atk=2399, **FACE_UP_MONSTERS))],  # Time Wizard
    621: [eff("each-turn-in-defence", "detonate-after-turns", turns=2)],  # Jigen Bakudan
    # Revivals and teleports into a Summoning Area (docs/RULES.md, "Back into a Summoning
    # Area"): the zone is chosen by the player the card comes back to, or who teleports it.
    # "If a card has been played from the hand in the turn when this card is destroyed ...
    # the owning player can play one more card": one more play once one has been made.
    384: [eff("destroyed", "another-play", player="controller")],  # Skelengel
    376: [eff("destroyed", "revive-in-summoning-area")],  # Petit Angel
    352: [eff("destroyed", "revive-in-summoning-area")],  # Chakra
    519: [eff("destroyed", "revive-in-summoning-area")],  # Golgoil
    410: [eff("flip", "teleport", targets=tg("this"), to="opponent")],  # Leghul
    575: [eff("flip", "teleport", targets=tg("this"), to="opponent")],  # Ooguchi
    591: [eff("flip", "teleport", targets=tg("this"), to="controller")],  # Turtle Raccoon
    # Picked at random by every seat's joint draw (docs/RULES.md, "Picked at random").
    502: [eff("flip", "destroy-one-at-random", targets=tg("field", side="enemy"))],  # Barrel Dragon
    # Control of the monster battled, for the turn (docs/RULES.md, "Control taken in battle").
    545: [eff("flip", "take-control", targets=tg(OPP, types=["machine"]))],  # Mega Thunderball
    659: [eff("flip", "take-control", targets=tg(OPP))],  # Laughing Flower
    677: [terrain("destroyed", 1, "crush"),
          eff("flip", "take-control", every=True,
              targets=tg("field", side="enemy", types=["machine"], **FACE_UP_MONSTERS))],  # Electromagnetic Bagworm
    295: [eff("flip", "teleport", targets=tg("adjacent", names=[621]), to="opponent")],  # Horn Imp
    310: [eff("flip", "teleport", targets=tg("adjacent", names=[621]), to="opponent")],  # Mystery Hand
    530: [eff("flip", "teleport", targets=tg("adjacent", names=[621]), to="opponent")],  # Bat
    # Types and attributes changed while face-up (docs/RULES.md, "Types and attributes
    # changed"): only face-up monsters show a type to change.
    90: [eff("flip", "retype", targets=tg("field", attributes=["light"], **FACE_UP_MONSTERS),
             attribute="dark")],  # Tao the Chanter
    112: [eff("flip", "retype", targets=tg("field", side="own", **FACE_UP_MONSTERS),
              type="zombie")],  # Blue-Eyed Silver Zombie
    109: [eff("flip", "retype", targets=tg("field", side="own", **FACE_UP_MONSTERS),
              type="zombie")],  # Graveyard and the Hand of Invitation
    116: [eff("flip", "retype", targets=tg(OPP), type="zombie")],  # Mech Mole Zombie
    257: [eff("flip", "return-to-deck", targets=tg("this"))],  # Hane-Hane
    361: [eff("flip", "return-to-deck", targets=tg(OPP))],  # Wall of Illusion
    390: [eff("destroyed", "boost-at-a-cost", boost=1000, cost=1000)],  # Hourglass of Courage
    228: [eff("destroyed", "return-to-deck", targets=tg("this"))],  # The Wicked Worm Beast
    # --- flip: cards turned face-up
    276: [eff("flip", "flip-face-up", targets=tg("field", kind="monster", max_atk=500))],  # Droll Bird
    # --- flip: stats taken from another monster
    149: [eff("flip", "adopt-stats", **{"from": tg("field", pick="highest-atk", **FACE_UP_MONSTERS)})],  # Greenkappa
    175: [eff("flip", "adopt-stats", **{"from": tg("field", pick="highest-atk", **FACE_UP_MONSTERS)})],  # Eyearmor
    570: [eff("flip", "adopt-stats", **{"from": tg(OPP)})],  # Change Slime
    # --- Nature Effects on life points, and each turn
    270: [eff("while-in-defence", "recovery-doubled")],  # Niwatori
    594: [eff("while-in-defence", "recovery-doubled")],  # Frog The Jam
    322: [eff("while-in-defence", "damage-increase", amount=100)],  # Midnight Fiend
    365: [eff("while-in-defence", "damage-increase", amount=200)],  # Kryuel
    388: [eff("while-in-defence", "damage-halved")],  # Tenderness
    95: [eff("each-turn-in-defence", "heal", player="controller", amount=50)],  # Injection Fairy Lily
    108: [both("each-turn-in-defence", tg("field", types=["zombie"], **FACE_UP_MONSTERS), 100)],  # Pumpking the King of Ghosts
    326: [both("each-turn-in-defence", tg("field", side="enemy", **FACE_UP_MONSTERS), -100)],  # Candle of Fate
    402: [both("each-turn-in-defence", tg("field", side="enemy", **FACE_UP_MONSTERS), -100)],  # Great Moth
    403: [both("each-turn-in-defence", tg("field", side="enemy", **FACE_UP_MONSTERS), -100)],  # Perfectly Ultimate Great Moth
    418: [both("each-turn-in-defence", tg("field", side="enemy", **FACE_UP_MONSTERS), -100)],  # Gale Dogra
    # --- Nature Effects: they hold while the monster is face-up in defence position
    80: [both("while-in-defence", tg("field", attributes=["light"], **FACE_UP_MONSTERS), -100)],  # Witch of the Black Forest
    40: [both("while-in-defence", tg("field", attributes=["dark"], **FACE_UP_MONSTERS), -100)],  # Lucky Trinket
    298: [both("while-in-defence", tg("field", types=["fiend"], **FACE_UP_MONSTERS), 500)],  # Castle of Dark Illusions
    291: [both("while-in-defence", tg("field", side="own", types=["winged-beast"], **FACE_UP_MONSTERS), 300)],  # Birdface
    496: [both("while-in-defence", tg("field", side="own", types=["machine"], **FACE_UP_MONSTERS), 300)],  # Cyber Commander
    510: [both("while-in-defence", tg("field", side="own", types=["machine"], **FACE_UP_MONSTERS), 300)],  # Robotic Knight
    432: [both("while-in-defence", tg("field", attributes=["wind"], **FACE_UP_MONSTERS), 500)],  # Bladefly
    612: [both("while-in-defence", tg("field", side="own", types=["aqua"], **FACE_UP_MONSTERS), 500)],  # Maiden of the Aqua
    622: [both("while-in-defence", tg("field", side="own", types=["pyro"], **FACE_UP_MONSTERS), 500)],  # Molten Behemoth
    670: [both("while-in-defence", tg("field", side="own", types=["plant"], **FACE_UP_MONSTERS), 500)],  # Fairy King Truesdale
    542: [both("while-in-defence", tg("field", types=["machine"], **FACE_UP_MONSTERS), -500)],  # LaLa Li-oon
    551: [both("while-in-defence", tg("field", types=["thunder"], **FACE_UP_MONSTERS), -500)],  # Jellyfish
    189: [stats("while-in-defence", tg("field", side="own", **FACE_UP_MONSTERS), defence=1000)],  # Millennium Shield
    64: [spellbind("while-in-defence", tg("field", side="enemy", types=["warrior"], **FACE_UP_MONSTERS))],  # Nemuriko
    372: [spellbind("while-in-defence", tg("field", types=["fiend"], **FACE_UP_MONSTERS))],  # Mystical Capture Chain
    386: [spellbind("while-in-defence", tg("field", types=["warrior"], **FACE_UP_MONSTERS))],  # Binding Chain
}

# Monsters the original effect table gives no effect (and the card table no summary): every
# one of them is in the pool as a monster without an effect, besides the hand-picked list
# above. Found by name in DIR/data/dor/monster-effects.md.
def vanilla_monsters(facts, effect_names):
    return sorted(
        n for n, f in facts.items()
        if f["kind"] == "Monster" and not f.get("summary") and f["name"] not in effect_names
    )


# Ritual Monsters and tributes with effects in our vocabulary (the rest of the Ritual
# Monsters wait for effects FairDuel cannot express yet: see docs/RULES.md).
RITUAL_EFFECT_MONSTERS = {
    143: [bonus(["dragon"], 600)],  # Black Luster Soldier
    148: [bonus(["spellcaster"], 800)],  # Garma Sword
    128: [terraform_on_entry("wasteland")],  # Dokurorider
    195: [bonus(["warrior"], 900)],  # Performance of Sword
    147: [slayer(["beast"])],  # Hungry Burger
    220: [bonus(["rock"], 900)],  # Sengenjin
    422: [bonus(["dragon"], 600)],  # Javelin Beetle
    353: [leader_boost("flip", 1500, names=[173])],  # Psycho-Puppet
    338: [eff("while-in-defence", "fewer-summoning-points")],  # Fiend's Mirror
}


def any_of(types=None, attributes=None, names=None, max_atk=None, min_def=None):
    """One tribute of a Ritual spell."""
    return flt(types=types, attributes=attributes, names=names, max_atk=max_atk, min_def=min_def)


def named(n):
    return any_of(names=[n])


# Ritual spells: card number -> (the Ritual Monster it summons, its three tributes), read
# from the original cards' requirements.
RITUALS = {
    830: (189, [any_of(min_def=2000)] * 3),  # Curse of Millennium Shield
    831: (13, [any_of(types=["beast-warrior"]), any_of(types=["dragon"]),
               any_of(types=["pyro"])]),  # Yamadron Ritual
    832: (145, [named(99), named(573), named(534)]),  # Gate Guardian Ritual
    835: (248, [any_of(types=["beast"])] * 2 + [named(249)]),  # War-Lion Ritual
    833: (143, [any_of(max_atk=1500)] * 2 + [named(155)]),  # Black Luster Ritual
    834: (337, [any_of(types=["fiend"])] * 2 + [named(300)]),  # Zera Ritual
    837: (2, [named(0)] * 3),  # Ultimate Dragon
    836: (338, [any_of(types=["fiend"]), named(329), named(289)]),  # Beastly Mirror Ritual
    845: (77, [any_of(types=["spellcaster"])] * 2 + [named(305)]),  # Contruct of Mask
    846: (352, [any_of(max_atk=1000)] * 2 + [named(330)]),  # Resurrection of Chakra
    847: (353, [any_of(types=["machine"])] * 2 + [named(173)]),  # Puppet Ritual
    838: (195, [any_of(types=["winged-beast"]), any_of(types=["warrior"]),
                named(566)]),  # Commencement Dance
    839: (147, [named(210), named(336), named(661)]),  # Hamburger Recipe
    840: (220, [any_of(types=["beast-warrior"])] * 2 + [named(633)]),  # Revival of Sennen Genjin
    841: (135, [any_of(types=["warrior"])] * 2 + [named(35)]),  # Novox's Prayer
    842: (10, [named(6), named(293), named(5)]),  # Curse of Tri-Horned Dragon
    843: (11, [any_of(types=["warrior"]), any_of(types=["winged-beast"]),
               named(8)]),  # Revived Serpent Night Dragon
    844: (596, [any_of(types=["aqua"])] * 2 + [named(584)]),  # Turtle Oath
    848: (422, [any_of(types=["insect"])] * 2 + [named(398)]),  # Javelin Beetle Pact
    850: (76, [named(667), named(204), named(79)]),  # Cosmo Queen's Prayer
    852: (472, [any_of(types=["fish"])] * 2 + [named(532)]),  # Fortress Whale's Oath
    853: (78, [any_of(max_atk=1500)] * 2 + [named(60)]),  # Dark Magic Ritual
    849: (148, [any_of(types=["warrior"])] * 2 + [named(146)]),  # Garma Sword Oath
    851: (128, [any_of(types=["zombie"]), any_of(types=["machine"]),
                any_of(types=["insect"])]),  # Revival of Dokurorider
}

# The eight terraforming field spells.
FIELD_SPELLS = {
    689: "forest",
    690: "wasteland",
    691: "mountain",
    692: "meadow",  # Sogen
    693: "sea",  # Umi
    694: "dark",  # Yami
    695: "toon",  # Toon World
    696: "normal",  # Burning Land
}

# Power-ups: card number -> (equip_to filter, ATK/DEF bonus).
# The names filter lists the monsters of this pool that Elf's Light fits.
EQUIPS = {
    752: (flt(types=["warrior"], attributes=["light", "earth"]), 500),  # Legendary Sword
    753: (flt(types=["warrior"], attributes=["dark", "fire", "water", "wind"]), 500),  # Sword of Dark Destruction
    754: (flt(attributes=["dark"]), 300),  # Dark Energy
    755: (flt(types=["beast-warrior", "fiend"]), 500),  # Axe of Despair
    756: (flt(types=["insect"]), 500),  # Laser Cannon Armor
    757: (flt(types=["insect"]), 500),  # Insect Armor with Laser Cannon
    758: (flt(names=[35, 44, 79, 92, 394]), 700),  # Elf's Light
    759: (flt(types=["beast"]), 500),  # Beast Fangs
    761: (flt(types=["plant"]), 500),  # Vile Germs
    762: (flt(types=["spellcaster"], attributes=["dark"]), 500),  # Black Pendant
    787: (flt(names=[505]), 700),  # 7 Completed: Slot Machine only
    763: (flt(types=["fairy"]), 500),  # Silver Bow and Arrow
    766: (flt(types=["dragon", "sea-serpent"]), 500),  # Dragon Treasure
    769: (flt(types=["beast", "beast-warrior"]), 500),  # Mystical Moon
    771: (flt(types=["spellcaster"], attributes=["light", "earth", "fire", "water", "wind"]), 500),  # Book of Secret Arts
    772: (flt(types=["zombie"]), 500),  # Violet Crystal
    773: (flt(attributes=["earth"]), 300),  # Invigoration
    774: (flt(types=["machine"]), 500),  # Machine Conversion Factory
    775: (flt(types=["dragon", "reptile"]), 500),  # Raise Body Heat
    776: (flt(types=["winged-beast"]), 500),  # Follow Wind
    777: (flt(attributes=["water"]), 500),  # Power of Kaishin
    778: (flt(types=["warrior", "beast-warrior"]), 500),  # Kunai with Chain
    779: (flt(attributes=["fire"]), 500),  # Salamandra
    780: (flt(), 300),  # Megamorph
    781: (flt(attributes=["light"]), 500),  # Bright Castle
    782: (flt(types=["fiend"]), 500),  # Fiend Castle
    783: (flt(types=["fish", "sea-serpent"]), 500),  # Hightide
    784: (flt(types=["thunder", "aqua", "pyro", "rock"]), 500),  # Spring of Rebirth
    785: (flt(attributes=["wind"]), 500),  # Gust Fan
    786: (flt(types=["pyro"]), 500),  # Burning Spear
    788: (flt(types=["dragon"], attributes=["dark"]), 700),  # Nails of Bane
}

# Steel Shell: "Increases the power of any monster with a shell by 500 points." No row of the
# equip table names them, so FairDuel reads "a shell" as the monsters whose names say they
# carry one: turtles and tortoises, kappas, crabs, snails and the armadillo.
STEEL_SHELL = 760
RIRYOKU = 789
SHELL_WORDS = ("turtle", "tortoise", "kappa", "crab", "snail", "armadillo")


def shelled_monsters(facts):
    return sorted(n for n, f in facts.items()
                  if f["kind"] == "Monster" and any(w in f["name"].lower() for w in SHELL_WORDS))


# Power-ups for monsters no type or attribute singles out ("horned monsters", "female
# monsters"): they fit the monsters of their rows of the equip table, for this bonus.
EQUIPS_BY_TABLE = {
    764: 500,  # Horn of Light
    765: 500,  # Horn of the Unicorn
    767: 500,  # Electro-Whip
    768: 500,  # Cyber Shield
    770: 500,  # Malevolent Nuzzler
}

# Power-ups whose monster "automatically destroys" monsters of a type in battle, "the opposing
# enemy's effects rendered ineffective": card number -> the type. They fit the monsters of
# their rows of the equip table.
SLAYING_EQUIPS = {
    791: "dragon",  # Sword of Dragon's Soul
    792: "fiend",  # Enchanted Javelin
    793: "spellcaster",  # Anti-Magic Fragrance
}

# The power-ups for any female monster: together their rows of the equip table are the
# pool's female monsters, which The Immortal of Thunder weakens. (Malevolent Nuzzler's rows,
# "FIEND female monsters", also hold fiends that are not.)
FEMALE_POWER_UPS = ["Electro-Whip", "Cyber Shield"]


def female_monsters(facts, equips):
    by_name = {f["name"]: n for n, f in facts.items() if f["kind"] == "Monster"}
    return sorted({by_name[m] for spell in FEMALE_POWER_UPS
                   for m in equips.get(spell, []) if m in by_name})


def table_dependent_monsters(facts, equips):
    """Effect monsters whose targets come from the equip table."""
    return {
        536: [both("while-in-defence", tg("field", names=female_monsters(facts, equips),
                                           **FACE_UP_MONSTERS), -500)],  # The Immortal of Thunder
    }


def heal(n):
    return [eff("activate", "heal", player="controller", amount=n)]


def burn(n):
    return [eff("activate", "damage", player="opponent", amount=n)]


def wipe(types):
    return [destroy("activate", tg("field", kind="monster", types=types))]


def boost_all(amount, **filt):
    return [both("activate", tg("field", face_up_only=True, kind="monster", **filt), amount)]


# Other spells: card number -> (spell kind, effects).
SPELLS = {
    683: ("normal", [spellbind("activate", tg("field", kind="monster", types=["dragon"]))]),  # Dragon Capture Jar
    684: ("normal", [spellbind("activate", tg("field", "highest-atk", side="enemy", **FACE_UP_MONSTERS))]),  # Time Seal
    685: ("normal", [eff("activate", "revive", filter=flt(kind="monster"))]),  # Monster Reborn
    686: ("normal", [eff("activate", "revive", filter=flt(side="enemy", kind="spell"))]),  # Copycat
    687: ("normal", [eff("activate", "revive", filter=flt())]),  # Mimicat
    688: ("normal", [eff("activate", "revive", filter=flt(kind="spell"))]),  # Graverobber
    697: ("normal", [terrain("activate", 0, "labyrinth")]),  # Labyrinth Wall
    699: ("normal", [  # Dark Hole
        destroy("activate", tg("field", kind="monster")),
        destroy("activate", tg("field", kind="spell")),
    ]),
    700: ("normal", [destroy("activate", tg("lines", side="enemy", kind="monster"))]),  # Raigeki
    701: ("normal", [destroy("activate", tg("field", kind="spell"))]),  # Heavy Storm
    702: ("normal", [destroy("activate", tg("lines", side="enemy", kind="spell"))]),  # Harpie's Feather Duster
    703: ("normal", heal(200)),  # Mooyan Curry
    704: ("normal", heal(500)),  # Red Medicine
    705: ("normal", heal(1000)),  # Goblin's Secret Remedy
    706: ("normal", heal(2000)),  # Soul of the Pure
    707: ("normal", [eff("activate", "heal-up-to", player="controller", to=4000)]),  # Dian Keto the Cure Master
    708: ("normal", heal(1500)),  # Gift of The Mystical Elf
    709: ("normal", burn(50)),  # Sparks
    710: ("normal", burn(100)),  # Hinotama
    711: ("normal", burn(200)),  # Final Flame
    712: ("normal", burn(500)),  # Ookazi
    713: ("normal", burn(1000)),  # Tremendous Fire
    714: ("normal", [eff("activate", "damage-per-card", player="opponent", amount=300,
                         filter=flt(side="enemy", kind="monster"))]),  # Just Desserts
    715: ("normal", [  # Swords of Revealing Light
        eff("activate", "flip-face-up", targets=tg("field", side="enemy")),
        spellbind("activate", tg("field", side="enemy", kind="monster"), 3),
    ]),
    716: ("normal", [eff("activate", "flip-face-up", targets=tg("field", side="enemy"))]),  # Dark-Piercing Light
    717: ("normal", [eff("activate", "flip-face-down", targets=tg("field"))]),  # Darkness Approaches
    720: ("normal", wipe(["warrior"])),  # Warrior Elimination
    721: ("normal", wipe(["zombie"])),  # Eternal Rest
    722: ("normal", wipe(["machine"])),  # Stain Storm
    723: ("normal", wipe(["insect"])),  # Eradicating Aerosol
    724: ("normal", wipe(["rock"])),  # Breath of Light
    725: ("normal", wipe(["fish"])),  # Eternal Draught
    726: ("normal", [destroy("activate", tg("field", "lowest-atk", side="enemy", **FACE_UP_MONSTERS))]),  # Fissure
    727: ("normal", wipe(["spellcaster"])),  # Last Day of Witch
    728: ("normal", wipe(["fiend"])),  # Exile of the Wicked
    729: ("normal", wipe(["winged-beast"])),  # Dust Tornado
    730: ("normal", wipe(["dinosaur"])),  # Cold Wave
    # "Select one of the opponent's cards on the Field and control it for 1 turn": the
    # face-up monsters only, since a hidden card would have to be shown to its taker.
    732: ("normal", [eff("activate", "take-control",
                         targets=tg("field", side="enemy", **FACE_UP_MONSTERS))]),  # Change of Heart
    733: ("normal", [eff("activate", "take-control",
                         targets=tg("field", "highest-atk", side="enemy", **FACE_UP_MONSTERS))]),  # Brain Control
    735: ("normal", boost_all(600, types=["fairy"])),  # Winged Trumpeter
    737: ("normal", [stats("activate", tg("field", side="own", **FACE_UP_MONSTERS), defence=900)]),  # Yellow Luster Shield
    738: ("normal", boost_all(600, types=["machine"])),  # Limiter Removal
    739: ("normal", boost_all(600, types=["plant"])),  # Rain of Mercy
    740: ("normal", boost_all(600, types=["winged-beast"])),  # Windstorm of Etaqua
    741: ("normal", boost_all(600, types=["reptile"])),  # Sebek's Blessing
    742: ("normal", boost_all(600, attributes=["water"])),  # Aqua Chorus
    746: ("normal", [eff("activate", "bring-here",
                         targets=tg("field", "highest-atk", side="own", **FACE_UP_MONSTERS))]),  # Shift
    747: ("normal", [eff("activate", "another-play", player="controller")]),  # Solomon's Lawbook
    718: ("normal", [eff("activate", "reveal-hand", player="opponent")]),  # The Eye of Truth
    # "Regardless of facing, Type icons of all opponent's card are displayed": where the bluff
    # hides classes, the opponent declares which of their cards are monsters.
    719: ("normal", [eff("activate", "show-classes", targets=tg("field", side="enemy"))]),  # The Inexperienced Spy
    731: ("normal", [eff("activate", "destroy-cells-at-random", cells=10)]),  # Fairy Meteor Crush
    698: ("normal", [eff("activate", "labyrinth-moves-here")]),  # Magical Labyrinth
    748: ("normal", [eff("activate", "drain-summoning-points")]),  # Magic Drain
    # "Renders all monsters other than MACHINE eternally spellbound": the face-up ones, whose
    # type everyone can see.
    795: ("normal", [spellbind("activate", tg("field", not_types=["machine"],
                                              **FACE_UP_MONSTERS))]),  # Paralyzing Potion
    796: ("normal", [eff("activate", "clear-changes", targets=tg("field", kind="monster"))]),  # Cursebreaker
    734: ("normal", [  # Magical Neutralizing Force Field
        eff("activate", "clear-changes", targets=tg("field", kind="monster")),
        destroy("activate", tg("field", kind="trap", face_up_only=True)),
    ]),
    736: ("normal", [eff("activate", "swap-stats",
                         targets=tg("field", **FACE_UP_MONSTERS))]),  # Shield & Sword
    744: ("normal", [eff("activate", "return-to-deck",
                         targets=tg("field", side="own", kind="monster"))]),  # Monster Recovery
    745: ("normal", [eff("activate", "retype", targets=tg("field", side="own", **FACE_UP_MONSTERS),
                         type="zombie")]),  # Call Of The Haunted
    749: ("normal", [eff("activate", "bring-leader-here")]),  # Dimensionhole
    751: ("normal", [eff("activate", "mirror-positions")]),  # Creature Swap
    743: ("normal", [eff("activate", "to-attack-position",
                         targets=tg("field", side="enemy", kind="monster", defence_only=True))]),  # Stop Defense
}

TRIGGERING = "triggering"


def bind_trap(n, minus):
    effects = [spellbind("enemy-moves-in-range", tg(TRIGGERING), n)]
    if minus:
        effects.append(both("enemy-moves-in-range", tg(TRIGGERING), -minus))
    return effects


def pit(max_atk):
    return [destroy("enemy-moves-in-range", tg(TRIGGERING, kind="monster", max_atk=max_atk))]


# Traps: card number -> (trap kind, range, effects).
TRAPS = {
    801: ("normal", "limited", bind_trap(3, 600)),  # Spellbinding Circle
    802: ("normal", "limited", bind_trap(3, 1000)),  # Shadow Spell
    803: ("normal", "limited", bind_trap(1, 800)),  # Mesmeric Control
    804: ("normal", "limited", bind_trap(1, 600)),  # Tears of the Mermaid
    805: ("normal", "limited", bind_trap(3, 0)),  # Infinite Dismissal
    806: ("normal", "limited", bind_trap(None, 1500)),  # Gravity Bind
    807: ("normal", "limited", pit(1000)),  # House of Adhesive Tape
    808: ("normal", "limited", pit(1500)),  # Eatgaboon
    809: ("normal", "limited", pit(2000)),  # Bear Trap
    810: ("normal", "limited", pit(3000)),  # Invisible Wire
    811: ("normal", "limited", pit(4000)),  # Acid Trap Hole
    # No area is centred on the triggering card: the enemy cards within two steps of the
    # trap cover the ones next to the card that sprang it.
    812: ("normal", "limited", [destroy("enemy-moves-in-range", tg(within(2), side="enemy"))]),  # Widespread Ruin
    813: ("normal", "limited", [eff("enemy-spell", "negate-spell")]),  # Type Zero Magic Crusher: "an opponent's spell" (rule 5)
    817: ("normal", "full", [eff("enemy-moves-in-range", "negate-attack")]),  # Block Attack
    818: ("continuous", "full", [eff("enemy-moves-in-range", "to-attack-position",
                                     targets=tg(TRIGGERING, kind="monster", defence_only=True))]),  # Shadow of Eyes
    # Only the spellbind: a negate-attack here would stop every enemy move, since a trap
    # trigger cannot be limited to defence-position movers.
    819: ("continuous", "full", [
        spellbind("enemy-moves-in-range", tg(TRIGGERING, kind="monster", defence_only=True)),
    ]),  # Gorgon's Eye
    823: ("normal", "full", [eff("enemy-spell", "negate-spell")]),  # Magic Jammer
    # "Triggers against any activated RITUAL card and nullifies the effect": a "permanent"
    # trap, it answers every Ritual spell of its opponents while it lies face-up.
    826: ("continuous", "full", [eff("enemy-spell", "negate-spell",
                                     only=flt(kind="spell", names=sorted(RITUALS)))]),  # Seal of the Ancients
    # "Permanent" traps of the original stay face-up to answer again; "disposable" ones go.
    820: ("normal", "full", [eff("enemy-spell", "negate-spell", only=flt(kind="spell", names=[702]))]),  # Fake Trap
    821: ("continuous", "full", [eff("enemy-spell", "negate-spell", only=flt(kind="spell", names=[700]))]),  # Anti Raigeki
    824: ("continuous", "full", [eff("enemy-spell", "shield-from-spell", only=flt(kind="spell", names=[699]))]),  # White Hole
    # "Permanent trap that triggers against LP recovery": it answers an enemy spell that
    # gives its player life points, which lose as many instead.
    815: ("continuous", "full", [eff("enemy-spell", "reverse-gains")]),  # Bad Reaction to Simochi
    # "Permanent trap that triggers against power-ups involving increases in ATK and DEF,
    # reversing the positive effect to a negative amount."
    816: ("continuous", "full", [eff("enemy-power-up", "reverse-power-up")]),  # Reverse Trap
    # "Permanent trap that triggers against any activated TRAP card and nullifies the card."
    825: ("continuous", "full", [eff("enemy-trap", "negate-trap")]),  # Royal Decree
    # "Permanent trap that triggers against an opponent's direct LP-attacking Riryoku and
    # reverses the inflicted damage."
    814: ("continuous", "full", [eff("enemy-power-up", "turn-back-steal")]),  # Goblin Fan
    822: ("continuous", "full", [eff("enemy-spell", "negate-spell",
                                     only=flt(kind="spell", names=[685, 686, 687, 688]))]),  # Call of the Grave
    # "Destroys every one of your opponent's attack-positioned cards": face-down ones too.
    827: ("normal", "full", [destroy("enemy-attacks", tg("field", side="enemy", kind="monster",
                                                         attack_only=True))]),  # Mirror Force
    828: ("normal", "full", [eff("enemy-attacks", "negate-attack")]),  # Negate Attack
    829: ("continuous", "full", [eff("enemy-attacks", "halve-atk", targets=tg(TRIGGERING))]),  # Mirror Wall
}

# --------------------------------------------------------------------------------------
# Writing TOML
# --------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------
# Resolved by agreement: every card whose original effect the vocabulary cannot express
# yet. Its controller proposes the outcome when the effect is due and the players agree
# on it (docs/RULES.md, "Agreed effects on the grid").
# --------------------------------------------------------------------------------------

# When an effect of each class of the original monster effect table is due. A Nature
# Effect lasts while the monster is face-up: its outcome is agreed when it turns face-up
# (an ATK/DEF change "while it stays on the field" carries a lasting one).
AGREED_MONSTER_TRIGGERS = {
    "Flip": "flip",
    "Nature Effect": "flip",
    "Destruction": "destroyed",
    "Attack": "battle",
    "Movement": "movement",
}


# Power-ups (equips) left to agreement: the original effect table's power-ups with a
# special effect (type 0) and Sword of Dragon's Soul.
AGREED_EQUIPS = {790, 794, 800}


# When each trap left to agreement springs: on the enemy's spell for the cards that answer
# spells, on an enemy's move anywhere for the rest.
AGREED_TRAPS = {
    824: "enemy-spell",  # White Hole
}


def agreed_equip_to(spell_name, facts, equips):
    """The monsters a power-up left to agreement fits: its rows of the equip table, else
    the monsters whose summaries name it, else any monster."""
    by_name = {f["name"]: n for n, f in facts.items() if f["kind"] == "Monster"}
    names = [by_name[m] for m in equips.get(spell_name, []) if m in by_name]
    if not names:
        wanted = spell_name.lower()
        names = [n for n, f in facts.items()
                 if f["kind"] == "Monster" and wanted in f.get("summary_words", "")]
    return flt(names=sorted(set(names)))


def agreed_bodies(facts, bodies, classes, equips, ritual_monsters):
    """Yields (number, body, category) for every card of the table not defined above."""
    agreed = [eff("activate", "by-agreement")]
    for n, fact in sorted(facts.items()):
        if n in bodies:
            continue
        kind = fact["kind"]
        if kind == "Monster":
            body = monster_body(n, fact, ritual_monsters)
            triggers = []
            for cls in classes.get(fact["name"], []):
                trigger = AGREED_MONSTER_TRIGGERS.get(cls)
                if trigger is None:
                    sys.exit(f"monster {n} ({fact['name']}): unknown effect class {cls!r}")
                if trigger not in triggers:
                    triggers.append(trigger)
            if triggers:
                body["effects"] = [eff(t, "by-agreement") for t in triggers]
                yield n, body, "monsters by agreement"
            else:
                yield n, body, "monsters a power-up transforms"
        elif kind == "Spell" and n in TRANSFORMING_POWER_UPS:
            yield n, transforming_body(n, fact, facts), "power-ups that transform"
        elif kind == "Spell" and n in AGREED_EQUIPS:
            yield n, {"kind": "spell", "spell": "equip",
                      "equip_to": agreed_equip_to(fact["name"], facts, equips),
                      "effects": agreed}, "power-ups by agreement"
        elif kind == "Spell":
            yield n, {"kind": "spell", "spell": "normal", "effects": agreed}, \
                "spells by agreement"
        elif kind == "Trap":
            if n not in AGREED_TRAPS:
                sys.exit(f"trap {n} ({fact['name']}) has no trigger in AGREED_TRAPS")
            yield n, {"kind": "trap", "trap": "normal", "range": "full",
                      "effects": [eff(AGREED_TRAPS[n], "by-agreement")]}, "traps by agreement"
        else:
            sys.exit(f"card {n} ({fact['name']}) is a {kind} without a definition")


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def toml_key(k):
    if k and all(c.isalnum() or c in "-_" for c in k):
        return k
    return json.dumps(k)


def card_block(number, fact, body):
    lines = ["[[card]]", f"id = {number}", f"name = {toml_value(fact['name'])}"]
    for key, value in body.items():
        if key != "effects":
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    for e in body.get("effects", []):
        lines.append("")
        lines.append("[[card.effects]]")
        lines.append(f"trigger = {toml_value(e['trigger'])}")
        lines.append(f"effect = {toml_value(e['effect'])}")
    return "\n".join(lines)


def monster_body(number, fact, ritual_monsters=frozenset()):
    if fact["kind"] != "Monster":
        sys.exit(f"card {number} ({fact['name']}) is listed as a monster but is a {fact['kind']}")
    body = {
        "kind": "monster",
        "attribute": fact["attribute"],
        "type": fact["type"],
        "level": fact["level"],
        "atk": fact["atk"],
        "def": fact["def"],
    }
    # Summoned by its Ritual card only: it never sits in a main deck.
    if fact["name"] in ritual_monsters:
        body["ritual"] = True
    return body


def expect(number, fact, kind):
    if fact["kind"] != kind:
        sys.exit(f"card {number} ({fact['name']}) is listed as a {kind} but is a {fact['kind']}")


def build(facts, effect_names, classes, equips):
    bodies = {}
    categories = Counter()

    def add(number, body, category):
        if number in bodies:
            sys.exit(f"card {number} is listed twice")
        if number not in facts:
            sys.exit(f"card {number} is not in the card table")
        bodies[number] = body
        categories[category] += 1

    ritual_monsters = frozenset(f["summons"] for f in facts.values() if "summons" in f) | \
        frozenset(facts[summons]["name"] for summons, _ in RITUALS.values())
    for n in NORMAL_MONSTERS:
        body = monster_body(n, facts.get(n, {"kind": "?", "name": "?"}), ritual_monsters)
        add(n, body, "ritual monsters" if body.get("ritual") else "normal monsters")
    for n, effects in EFFECT_MONSTERS.items():
        body = monster_body(n, facts.get(n, {"kind": "?", "name": "?"}), ritual_monsters)
        body["effects"] = effects
        if n in STRONG_IN_TOON_WITH_EFFECTS:
            body["strong_in"] = "toon"
        add(n, body, "effect monsters")
    for n, effects in table_dependent_monsters(facts, equips).items():
        add(n, dict(monster_body(n, facts[n], ritual_monsters), effects=effects),
            "effect monsters")
    for n, effects in RITUAL_EFFECT_MONSTERS.items():
        body = monster_body(n, facts[n], ritual_monsters)
        body["effects"] = effects
        add(n, body, "ritual monsters")
    for n in vanilla_monsters(facts, effect_names):
        if n in bodies:
            continue
        body = monster_body(n, facts[n], ritual_monsters)
        add(n, body, "ritual monsters" if body.get("ritual") else "normal monsters")
    # "Strong in TOON terrain": the terrain powers them up, whatever their type. (Manga
    # Ryu-Ran's transformation belongs to Insect Imitation, a power-up not in the pool.)
    for n, fact in sorted(facts.items()):
        if (fact["kind"] == "Monster" and n not in bodies
                and fact.get("strong_in_toon")
                and fact["name"] not in effect_names):
            body = monster_body(n, fact, ritual_monsters)
            body["strong_in"] = "toon"
            add(n, body, "toon-strong monsters")
    for n, (summons, tributes) in RITUALS.items():
        expect(n, facts[n], "Ritual")
        if (facts[summons]["name"] != facts[n].get("summons") and n != 837
                and n not in MANUAL_ROWS):
            sys.exit(f"ritual {n} summons {facts[n].get('summons')!r}, not card {summons}")
        add(n, {"kind": "spell", "spell": "ritual", "summons": summons,
                "tributes": tributes}, "ritual spells")
    for n, to in FIELD_SPELLS.items():
        expect(n, facts[n], "Spell")
        add(n, {"kind": "spell", "spell": "field",
                "effects": [terrain("activate", 2, to)]}, "field spells")
    for n, (equip_to, amount) in EQUIPS.items():
        expect(n, facts[n], "Spell")
        add(n, {"kind": "spell", "spell": "equip", "equip_to": equip_to,
                "effects": [both("activate", tg("this"), amount)]}, "equip spells")
    for n, amount in EQUIPS_BY_TABLE.items():
        expect(n, facts[n], "Spell")
        add(n, {"kind": "spell", "spell": "equip",
                "equip_to": agreed_equip_to(facts[n]["name"], facts, equips),
                "effects": [both("activate", tg("this"), amount)]}, "equip spells")
    # Riryoku: "Reduces opponent's LP by half and adds the reduced amount to the powers of all
    # monsters": a power-up no row of the equip table limits, so it fits any monster, which
    # gains the amount.
    expect(RIRYOKU, facts[RIRYOKU], "Spell")
    add(RIRYOKU, {"kind": "spell", "spell": "equip", "equip_to": flt(),
                  "effects": [eff("activate", "steal-half-life-points")]}, "equip spells")
    expect(STEEL_SHELL, facts[STEEL_SHELL], "Spell")
    add(STEEL_SHELL, {"kind": "spell", "spell": "equip",
                      "equip_to": flt(names=shelled_monsters(facts)),
                      "effects": [both("activate", tg("this"), 500)]}, "equip spells")
    for n, slain in SLAYING_EQUIPS.items():
        expect(n, facts[n], "Spell")
        add(n, {"kind": "spell", "spell": "equip",
                "equip_to": agreed_equip_to(facts[n]["name"], facts, equips),
                "effects": [slayer([slain]), eff("battle", "neutralizes-in-battle")]},
            "equip spells")
    for n, (spell, effects) in SPELLS.items():
        expect(n, facts[n], "Spell")
        add(n, {"kind": "spell", "spell": spell, "effects": effects}, "other spells")
    for n, (trap, reach, effects) in TRAPS.items():
        expect(n, facts[n], "Trap")
        add(n, {"kind": "trap", "trap": trap, "range": reach, "effects": effects},
            f"traps ({reach} range)")
    for n, body, category in list(agreed_bodies(facts, bodies, classes, equips,
                                                ritual_monsters)):
        add(n, body, category)
    # Cards named by number in a filter must be in the pool too.
    def named(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "names":
                    yield from inner
                else:
                    yield from named(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from named(inner)

    for number, body in bodies.items():
        for other in named(body):
            if other not in bodies:
                sys.exit(f"card {number} names card {other}, which is not in the pool")
    return bodies, categories


HEADER = """\
# GENERATED FILE -- do not edit by hand.
# Generated by tools/derive-dor-pool.py from the Duelists of the Roses card facts
# (numbers, names, attributes, types, levels, ATK, DEF) and FairDuel's own effect
# definitions. To change a card, edit the script and regenerate:
#     python3 tools/derive-dor-pool.py"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default="../shared",
                        help="the shared folder holding data/dor/cards.csv (default: ../shared)")
    parser.add_argument("--out", default=os.path.join("assets", "cards", "dor.toml"),
                        help="where to write the pool (default: assets/cards/dor.toml)")
    parser.add_argument("--list-missing", action="store_true",
                        help="print the cards of the table left out of the pool, as Markdown")
    parser.add_argument("--list-agreed", action="store_true",
                        help="print the cards whose effects resolve by agreement, as Markdown")
    args = parser.parse_args()

    facts = read_facts(os.path.join(args.shared, "data", "dor", "cards.csv"))
    effect_names = read_effect_names(os.path.join(args.shared, "data", "dor", "monster-effects.md"))
    classes = read_effect_classes(os.path.join(args.shared, "data", "dor", "monster-effects.md"))
    equips = read_equips(os.path.join(args.shared, "data", "dor", "equips.csv"))
    bodies, categories = build(facts, effect_names, classes, equips)
    if args.list_missing:
        missing = [n for n in sorted(facts) if n not in bodies]
        by_kind = {}
        for n in missing:
            by_kind.setdefault(facts[n]["kind"], []).append(n)
        for kind in sorted(by_kind):
            cards = ", ".join(f"{n:03d} {facts[n]['name']}" for n in by_kind[kind])
            print(f"- **{kind}** ({len(by_kind[kind])}): {cards}")
        return

    if args.list_agreed:
        by_kind = {}
        for n in sorted(bodies):
            if any(e["effect"].get("do") == "by-agreement" for e in bodies[n].get("effects", [])):
                by_kind.setdefault(facts[n]["kind"], []).append(n)
        def listed(n):
            # A card whose other effects are defined resolves by agreement only in part.
            in_part = any(e["effect"].get("do") != "by-agreement"
                          for e in bodies[n].get("effects", []))
            return f"{n:03d} {facts[n]['name']}" + (" (in part)" if in_part else "")

        for kind in sorted(by_kind):
            cards = ", ".join(listed(n) for n in by_kind[kind])
            print(f"- **{kind}** ({len(by_kind[kind])}): {cards}")
        return

    parts = [HEADER, f"name = {toml_value(POOL_NAME)}"]
    for number in sorted(bodies):
        parts.append(card_block(number, facts[number], bodies[number]))
    fusions = read_fusion_groups(os.path.join(args.shared, "data", "dor", "fusions.csv"),
                                 facts, lambda n: n in bodies)
    for result, first, second in fusions:
        parts.append(fusion_block(result, first, second))
    text = "\n\n".join(parts) + "\n"

    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)

    print(f"wrote {args.out}: {len(bodies)} cards, {len(fusions)} fusion entries")
    for category, count in sorted(categories.items()):
        print(f"  {category}: {count}")


if __name__ == "__main__":
    main()
