//! YDK round trips against decks built from the real fixture databases
//! (../shared/data/ygopro): with a player's card database, the DOR cards it names get
//! passcodes, a deck of them exports whole and imports back to the same cards, and a YDK
//! written by a simulator with its own printings' passcodes imports too. Skipped, and said
//! so, without ../shared.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use fairduel_app::catalog::Catalog;
use fairduel_app::deckstore::DeckDraft;
use fairduel_app::ydk::{PasscodeTable, export, import, parse_ydk};

#[test]
fn a_deck_of_cards_the_fixture_databases_name_round_trips_through_ydk() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let fixtures = root.join("../shared/data/ygopro");
    if !fixtures.is_dir() {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            fixtures.display()
        );
        return;
    }
    let catalog = Catalog::load(&root.join("assets")).unwrap();
    let loaded = fairduel_carddb::load_cards(&[fixtures]).unwrap();
    let mut table = PasscodeTable::default();
    let mapped = table.add_database("fixtures", &loaded.db, &catalog.pool);
    assert!(
        mapped >= 10,
        "only {mapped} DOR cards found by name in the fixtures"
    );

    let named: Vec<_> = catalog
        .pool
        .cards()
        .filter(|c| table.passcode(c.id).is_some())
        .map(|c| c.id)
        .collect();
    let mut draft = DeckDraft::new("Fixture deck");
    for id in &named {
        draft.cards.insert(*id, 1);
    }
    draft.leader = named.first().copied();
    let exported = export(&draft, &table, &catalog.pool);
    assert!(exported.left_out.is_empty(), "{:?}", exported.left_out);

    let imported = import(
        &parse_ydk(&exported.text).unwrap(),
        &table,
        &catalog.pool,
        "back",
    );
    assert!(imported.left_out.is_empty(), "{:?}", imported.left_out);
    assert_eq!(imported.draft.cards, draft.cards);
    assert_eq!(imported.draft.leader, draft.leader);

    // A simulator's YDK names its own printings (the GOAT entries' passcodes): the same cards.
    let goat: Vec<String> = loaded
        .db
        .cards()
        .filter(|c| c.alias.is_some() && table.card(u64::from(c.passcode.0)).is_some())
        .map(|c| c.passcode.to_string())
        .collect();
    assert!(!goat.is_empty());
    let simulator = format!("#main\n{}\n#extra\n!side\n", goat.join("\n"));
    let imported = import(
        &parse_ydk(&simulator).unwrap(),
        &table,
        &catalog.pool,
        "sim",
    );
    assert!(imported.left_out.is_empty(), "{:?}", imported.left_out);
    assert_eq!(imported.mapped, goat.len());
}
