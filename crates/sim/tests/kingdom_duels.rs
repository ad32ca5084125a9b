#![allow(clippy::expect_used, clippy::unwrap_used)]
//! Kingdom Duels: the project's card file holds every entry of the format's card facts, the
//! preset starts a duel as the seed's Setup Phase says, and deck files are judged by the
//! deckbuilding rules and the restricted list.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::card::CardDef;
use fairduel_engine::kingdom_card::{DeckZone, Frame, Printed};
use fairduel_engine::{CardPool, DeckList, Format, Rules, Seat};
use fairduel_sim::Referee;

mod common;

fn assets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn rules() -> Arc<Rules> {
    common::load("kingdom-duels").0
}

/// The format's card facts, when `../shared` is beside the repository.
fn shared_cards() -> Option<serde_json::Value> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/kingdom-duels/cards.json");
    let text = std::fs::read_to_string(&path).ok()?;
    Some(serde_json::from_str(&text).expect("cards.json is JSON"))
}

fn printed(value: Option<&Printed>) -> String {
    value.map_or_else(String::new, ToString::to_string)
}

#[test]
fn every_entry_of_the_card_facts_is_in_the_pool() {
    let Some(facts) = shared_cards() else {
        eprintln!(
            "skipped: ../shared/data/kingdom-duels/cards.json is absent (a clone without \
             the shared folder); CI always has it"
        );
        return;
    };
    let rules = rules();
    let pool = &rules.pool;
    let entries = facts.as_array().expect("a list of cards");
    assert_eq!(entries.len(), 1_759);
    let mut terrains = 0;
    for entry in entries {
        let text = |key: &str| entry[key].as_str().unwrap_or_default().to_owned();
        let name = text("name");
        if text("frame") == "Terrain" {
            terrains += 1;
            let terrain = pool
                .terrain_by_name(&name)
                .unwrap_or_else(|| panic!("terrain {name} is missing"));
            assert_eq!(u64::from(terrain.id), text("id").parse::<u64>().unwrap());
            continue;
        }
        let code = if text("set") == "A" {
            text("id")
        } else {
            format!("{}-{}", text("set"), text("id"))
        };
        let card: &CardDef = pool
            .find_by_code(&code)
            .unwrap_or_else(|| panic!("{code} {name} is missing"));
        assert_eq!(card.name, name, "{code}");
        let k = card.kingdom().expect("a Kingdom Duels card");
        let deck = match text("deck").as_str() {
            "B" => DeckZone::Extra,
            _ => DeckZone::Main,
        };
        if k.frame != Frame::AlternateArt {
            assert_eq!(k.deck, deck, "{code} {name}");
        }
        for (key, value) in [
            ("atk", &k.atk),
            ("def", &k.def),
            ("bonusatk", &k.bonus_atk),
            ("bonusdef", &k.bonus_def),
        ] {
            if entry.get(key).is_some() {
                assert_eq!(printed(value.as_ref()), text(key), "{code} {name}: {key}");
            }
        }
        if text("grade") == "lvl" {
            assert_eq!(
                k.level.map(u64::from),
                text("gradeval").parse().ok(),
                "{code}"
            );
        }
    }
    assert_eq!(terrains, 40);
    assert_eq!(pool.terrains().len(), 40);
    assert_eq!(pool.len() + pool.terrains().len(), 1_759);
}

/// The engine uses the printed bonus. It is 30% of the printed ATK on every card but one,
/// whose printing the rules follow as it is (docs/RULES.md).
#[test]
fn the_printed_bonus_is_thirty_percent_of_the_printed_stats() {
    let rules = rules();
    let mut checked = 0;
    let mut off = Vec::new();
    for card in rules.pool.cards() {
        let Some(k) = card.kingdom() else { continue };
        if let (Some(Printed::Value(atk)), Some(Printed::Value(bonus))) = (&k.atk, &k.bonus_atk)
            && *bonus > 0
        {
            if u32::from(*bonus).abs_diff(u32::from(*atk) * 3 / 10) > 1 {
                off.push(k.code.clone());
            }
            checked += 1;
        }
    }
    assert!(checked > 700, "only {checked} monsters checked");
    assert_eq!(off, ["TEG-133"], "printed bonuses that are not 30% of ATK");
}

#[test]
fn a_duel_starts_as_the_setup_phase_says() {
    let (rules, decks) = common::load("kingdom-duels");
    // Two decks without a Field Setup, and without their Duelist Setups (whose swaps come
    // before the first turn: `a_duelist_setup_swap_comes_before_the_first_turn`).
    let without_setups: Vec<DeckList> = decks
        .iter()
        .filter(|d| d.field_setup.is_empty())
        .map(|d| DeckList {
            duelist_setup: None,
            ..d.clone()
        })
        .collect();
    let seating: Vec<&DeckList> = without_setups.iter().collect();
    assert_eq!(seating.len(), 2);
    let (mut referee, _) = Referee::new(Arc::clone(&rules), &seating, 3).expect("set-up");
    // The Setup Phase's Blue and Red: the first player chooses before anyone's first turn.
    let (chooser, decision) = referee.duel().awaiting().decision().expect("a decision");
    assert_eq!(decision, &fairduel_engine::Decision::ChooseSide);
    assert_eq!(
        chooser,
        referee.duel().state().active,
        "the first player chooses"
    );
    let red = fairduel_engine::Action::ChooseSide {
        side: fairduel_engine::field::Side::Red,
    };
    referee
        .submit(chooser, &fairduel_engine::Entry::Action(red))
        .expect("the side");
    let duel = referee.duel();
    let state = duel.state();
    let first = state.active;
    assert_eq!(
        state.player(first).side,
        Some(fairduel_engine::field::Side::Red)
    );
    let other = Seat(1 - first.0);
    assert_eq!(
        state.player(other).side,
        Some(fairduel_engine::field::Side::Blue)
    );
    let land = rules.pool.terrain_by_name("Land").expect("Land").id;
    assert!(state.markers.iter().all(|m| *m == land), "five Land each");
    assert_eq!(state.markers.len(), 10);
    for seat in [Seat(0), Seat(1)] {
        let player = state.player(seat);
        assert_eq!(player.life_points, 2000);
        // Five to start, and the first player draws on the first turn too.
        let hand = if seat == first { 6 } else { 5 };
        assert_eq!(player.hand.len(), hand, "{seat}");
        assert_eq!(player.deck.len(), 30 - hand, "{seat}");
    }
    assert!(duel.awaiting().is_main_of(first));
    // What a player at the command line sees: every side's LP and terrains, and only their
    // own hand.
    let text =
        fairduel_engine::describe::describe_field(duel, first, referee.knowledge(first)).join("\n");
    assert!(text.contains("2000 LP"), "{text}");
    assert!(text.contains("[Land] —"), "{text}");
    assert!(text.contains(&format!("{first} (you)")), "{text}");
    assert_eq!(text.matches("your hand:").count(), 1, "{text}");
}

/// Step (3) of the Setup Phase: a player's Field Setup sets their starting terrains; without
/// one, five "Land".
#[test]
fn a_field_setup_sets_its_players_terrains() {
    let (rules, decks) = common::load("kingdom-duels");
    let yugi = decks
        .iter()
        .find(|d| d.name == "Yugi's Magicians")
        .expect("Yugi");
    let mai = decks
        .iter()
        .find(|d| d.name == "Mai's Harpies")
        .expect("Mai");
    let (referee, _) = Referee::new(Arc::clone(&rules), &[yugi, mai], 1).expect("set-up");
    let names: Vec<&str> = referee
        .duel()
        .state()
        .markers
        .iter()
        .map(|id| rules.pool.terrain(*id).map_or("?", |t| t.name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            "Night", "Meadow", "Night", "Meadow", "Night", "Land", "Land", "Land", "Land", "Land"
        ]
    );
    // A Field Setup lists one terrain per Frontrow zone, each a terrain of the pool.
    let text = std::fs::read_to_string(assets().join("decks/kingdom-duels/yugis-magicians.toml"))
        .expect("deck");
    let short = text.replacen("\"Meadow\", \"Night\"]", "\"Meadow\"]", 1);
    let err = deck(&short).expect_err("four terrains");
    assert!(err.contains("5 Frontrow zones"), "{err}");
    let unknown = text.replacen("\"Night\"", "\"Moon\"", 1);
    let err = deck(&unknown).expect_err("no such terrain");
    assert!(err.contains("Moon"), "{err}");
}

/// "The player moves the Setup Rule from their Extra Deck into their Rule Zone": a deck may
/// name the Field Setup Rule card its terrains come from; the card is one of the Extra
/// Deck's, lies in its player's Rule Zone, and its terrains are the side's starting ones.
#[test]
fn a_field_setup_card_lies_in_the_rule_zone_with_its_terrains() {
    let rules = rules();
    let text = std::fs::read_to_string(assets().join("decks/kingdom-duels/yugis-magicians.toml"))
        .expect("deck");
    let as_card = text.replacen(
        "field_setup = [\"Night\", \"Meadow\", \"Night\", \"Meadow\", \"Night\"]",
        "field_setup = { card = \"SOE-001\", terrains = [\"Night\", \"Meadow\", \"Night\", \"Meadow\", \"Night\"] }",
        1,
    );
    assert_ne!(
        as_card, text,
        "the starter deck writes its Field Setup as a list"
    );
    let yugi = deck(&as_card).expect("a Field Setup Rule card with its terrains");
    let tabletop = rules.pool.find_by_code("SOE-001").expect("SOE-001").id;
    assert_eq!(yugi.field_setup.card, Some(tabletop));
    let (_, decks) = common::load("kingdom-duels");
    let mai = decks
        .iter()
        .find(|d| d.name == "Mai's Harpies")
        .expect("Mai");
    let (referee, _) = Referee::new(Arc::clone(&rules), &[&yugi, mai], 1).expect("set-up");
    let state = referee.duel().state();
    let with_card: Vec<Option<fairduel_engine::CardId>> = state
        .seats()
        .map(|s| state.player(s).field_setup_card)
        .collect();
    assert_eq!(with_card, [Some(tabletop), None]);
    let names: Vec<&str> = state
        .markers
        .iter()
        .take(5)
        .map(|id| rules.pool.terrain(*id).map_or("?", |t| t.name.as_str()))
        .collect();
    assert_eq!(names, ["Night", "Meadow", "Night", "Meadow", "Night"]);
    // Only a Field Setup Rule card: a Duelist Setup (Jonouchi) is refused by name.
    let wrong = as_card.replacen("card = \"SOE-001\"", "card = \"SOE-145\"", 1);
    let err = deck(&wrong).expect_err("a Duelist Setup is no Field Setup");
    assert!(err.contains("is not a Field Setup Rule card"), "{err}");
    // A card with no terrains written out says what is missing.
    let bare = as_card.replacen(
        "terrains = [\"Night\", \"Meadow\", \"Night\", \"Meadow\", \"Night\"]",
        "terrains = []",
        1,
    );
    let err = deck(&bare).expect_err("a Field Setup card needs its terrains");
    assert!(err.contains("0 terrains"), "{err}");
}

fn deck(text: &str) -> Result<DeckList, String> {
    let rules = rules();
    DeckList::from_toml("test.toml", text, &rules.pool, &rules.format).map_err(|e| e.to_string())
}

/// A legal deck's text, with `extra` more main-deck entries.
fn starter_with(extra: &str) -> String {
    let text = std::fs::read_to_string(assets().join("decks/kingdom-duels/yugis-magicians.toml"))
        .expect("starter deck");
    text.replacen("main = [", &format!("main = [\n{extra}"), 1)
}

#[test]
fn the_starter_decks_are_legal() {
    let (_, decks) = common::load("kingdom-duels");
    assert!(decks.len() >= 4);
    for deck in &decks {
        assert_eq!(deck.main.len(), 30, "{}", deck.name);
        assert_eq!(deck.leader, None);
    }
}

#[test]
fn deck_errors_name_the_card_and_the_rule() {
    // 31 cards.
    let err = deck(&starter_with("  { card = \"SOE-013\" },")).expect_err("31 cards");
    assert!(err.contains("exactly 30"), "{err}");
    // Two copies of a card that is not Surplus (one card out to keep 30).
    let yugi = std::fs::read_to_string(assets().join("decks/kingdom-duels/yugis-magicians.toml"))
        .expect("deck");
    let doubled = yugi.replacen(
        "{ card = \"SOE-023\" }",
        "{ card = \"SOE-023\", copies = 2 }",
        1,
    );
    let doubled = doubled.replacen("  { card = \"SOE-049\" },", "", 1);
    let err = deck(&doubled).expect_err("two copies");
    assert!(
        err.contains("Dark Magician") && err.contains("allows 1"),
        "{err}"
    );
    // Two cards of the Limited 1 group.
    let limited = yugi
        .replacen("{ card = \"SOE-023\" }", "{ card = \"SOE-017\" }", 1)
        .replacen("{ card = \"SOE-049\" }", "{ card = \"SOE-024\" }", 1);
    let err = deck(&limited).expect_err("Limited 1");
    assert!(err.contains("Limited 1"), "{err}");
    // An Extra Deck card in the Main Deck.
    let misplaced = yugi.replacen("{ card = \"SOE-023\" }", "{ card = \"SOE-030\" }", 1);
    let err = deck(&misplaced).expect_err("Exodia belongs in the Extra Deck");
    assert!(err.contains("Extra Deck"), "{err}");
    // The error points at the card's line.
    assert!(err.starts_with("test.toml:"), "{err}");
    // A Surplus card may come four times.
    let harpies = std::fs::read_to_string(assets().join("decks/kingdom-duels/mais-harpies.toml"))
        .expect("deck");
    assert!(deck(&harpies).is_ok());
    let five = harpies.replacen("copies = 4", "copies = 5", 1).replacen(
        "  { card = \"LEN-192\" },",
        "",
        1,
    );
    let err = deck(&five).expect_err("five Harpie Ladies");
    assert!(err.contains("allows 4"), "{err}");
}

#[test]
fn the_format_refuses_a_grid_setting() {
    let text =
        std::fs::read_to_string(assets().join("formats/kingdom-duels.toml")).expect("format");
    let broken = text.replacen(
        "family = \"field\"",
        "family = \"field\"\nboard_size = 7",
        1,
    );
    let err = Format::from_toml("kingdom-duels.toml", &broken).expect_err("grid setting");
    assert!(err.message.contains("board_size"), "{err}");
    let pool_text =
        std::fs::read_to_string(assets().join("cards/kingdom-duels.toml")).expect("pool");
    let pool = CardPool::from_toml("kingdom-duels.toml", &pool_text).expect("pool loads");
    assert_eq!(pool.len(), 1_719);
}

#[test]
fn a_duelist_setups_cardlist_lifts_the_restricted_list_and_counts_in_the_extra_deck() {
    let yugi = std::fs::read_to_string(assets().join("decks/kingdom-duels/yugis-magicians.toml"))
        .expect("deck");
    let played = deck(&yugi).expect("the starter deck plays Yugi's Duelist Setup");
    let setup = played.duelist_setup.expect("a Duelist Setup");
    assert_eq!(setup.cardlist.len(), 6);
    // Two cards of the Limited 1 group: refused, unless the Cardlist names them.
    let limited = yugi
        .replacen("{ card = \"SOE-023\" }", "{ card = \"SOE-017\" }", 1)
        .replacen("{ card = \"SOE-049\" }", "{ card = \"SOE-024\" }", 1);
    assert!(deck(&limited).unwrap_err().contains("Limited 1"));
    let listed = limited.replacen("cardlist = [", "cardlist = [\"SOE-017\", \"SOE-024\", ", 1);
    assert!(deck(&listed).is_ok(), "{:?}", deck(&listed).err());
    // Copies: as many as the Cardlist names, no more.
    let doubled = yugi
        .replacen(
            "{ card = \"SOE-016\" }",
            "{ card = \"SOE-016\", copies = 2 }",
            1,
        )
        .replacen("  { card = \"SOE-049\" },", "", 1);
    assert!(deck(&doubled).unwrap_err().contains("allows 1"));
    let twice = doubled.replacen("cardlist = [", "cardlist = [\"SOE-016\", ", 1);
    assert!(deck(&twice).is_ok(), "{:?}", deck(&twice).err());
    // A Cardlist lifts at most three copies of a card.
    let four = yugi.replacen(
        "cardlist = [",
        "cardlist = [\"SOE-023\", \"SOE-023\", \"SOE-023\", \"SOE-023\", ",
        1,
    );
    let err = deck(&four).expect_err("four copies in a Cardlist");
    assert!(err.contains("up to 3 copies"), "{err}");
    // A card that is not a Duelist Setup.
    let not_a_setup = yugi.replacen("card = \"SOE-142\"", "card = \"SOE-023\"", 1);
    let err = deck(&not_a_setup).expect_err("Dark Magician is no Duelist Setup");
    assert!(
        err.contains("Dark Magician is not a Duelist Setup Rule card"),
        "{err}"
    );
    // The Duelist Setup comes out of the Extra Deck: 20 more cards there make 21.
    let extra: Vec<String> = [
        "PROMO-102",
        "PROMO-103",
        "PROMO-104",
        "SOE-030",
        "SOE-070",
        "SOE-073",
        "SOE-087",
        "SOE-088",
        "KOD-015",
        "KOD-026",
        "KOD-027",
        "KOD-028",
        "KOD-037",
        "KOD-053",
        "KOD-057",
        "KOD-071",
        "KOD-073",
        "KOD-082",
        "KOD-091",
        "KOD-093",
    ]
    .iter()
    .map(|code| format!("{{ card = \"{code}\" }}"))
    .collect();
    // The Extra Deck is the deck file's last entry: everything from it on is replaced.
    let before_extra = yugi
        .find("\nextra = ")
        .expect("the starter deck lists an Extra Deck");
    let full = format!(
        "{}\nextra = [{}]\n",
        &yugi[..before_extra],
        extra.join(", ")
    );
    assert!(
        full.contains("PROMO-102"),
        "the Extra Deck line was replaced"
    );
    let err = deck(&full).expect_err("21 Extra Deck cards");
    assert!(err.contains("Setup Rule cards played included"), "{err}");
}

#[test]
fn a_grid_deck_cannot_play_a_duelist_setup() {
    let (rules, decks) = common::load("dor-classic");
    let mut list = decks[0].clone();
    list.duelist_setup = Some(fairduel_engine::field::DuelistSetup {
        card: list.main[0],
        cardlist: Vec::new(),
    });
    let err = list.validate(&rules.pool, &rules.format).unwrap_err();
    assert!(err.contains("has no Duelist Setup"), "{err}");
}

#[test]
fn a_duelist_setup_swap_comes_before_the_first_turn() {
    // Jonouchi's deck plays his Duelist Setup: the duel waits for that player's swap before
    // anyone's first turn, and a swap shows the Cardlist cards it takes.
    let (rules, decks) = common::load("kingdom-duels");
    let seating: Vec<&DeckList> = decks.iter().filter(|d| d.field_setup.is_empty()).collect();
    let swapper = seating
        .iter()
        .position(|d| d.duelist_setup.is_some())
        .map(|i| Seat(i as u8))
        .expect("a starter deck with a Duelist Setup and no Field Setup");
    let (mut referee, _) = Referee::new(Arc::clone(&rules), &seating, 3).expect("set-up");
    // Blue and Red come first: the first player chooses, the other is settled by it.
    let (chooser, decision) = referee.duel().awaiting().decision().expect("a decision");
    assert_eq!(decision, &fairduel_engine::Decision::ChooseSide);
    let side = fairduel_engine::Action::ChooseSide {
        side: fairduel_engine::field::Side::Blue,
    };
    referee
        .submit(chooser, &fairduel_engine::Entry::Action(side))
        .expect("the side");
    assert_eq!(
        referee.duel().awaiting().decision(),
        Some((swapper, &fairduel_engine::Decision::StartingSwap))
    );
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(referee.duel().state().player(seat).hand.len(), 5, "{seat}");
    }
    let choices = referee
        .duel()
        .legal_actions(swapper, referee.knowledge(swapper));
    let swap = choices
        .iter()
        .find(|a| {
            matches!(a, fairduel_engine::Action::SwapStartingCards { take, .. } if take.len() == 2)
        })
        .cloned()
        .expect("two Cardlist cards to take");
    let fairduel_engine::Action::SwapStartingCards { take, .. } = &swap else {
        unreachable!()
    };
    let taken: Vec<_> = take.iter().map(|(_, r)| r.card).collect();
    let events = referee
        .submit(swapper, &fairduel_engine::Entry::Action(swap.clone()))
        .expect("the swap");
    assert!(events.iter().any(|e| matches!(
        e,
        fairduel_engine::Event::StartingCardsSwapped { seat, .. } if *seat == swapper
    )));
    let state = referee.duel().state();
    for card in taken {
        assert!(
            state
                .player(swapper)
                .hand
                .iter()
                .any(|s| s.card == Some(card)),
            "{card} shown in the hand"
        );
    }
    let first = state.active;
    assert!(referee.duel().awaiting().is_main_of(first));
    assert_eq!(state.player(first).hand.len(), 6, "the first turn's draw");
}
