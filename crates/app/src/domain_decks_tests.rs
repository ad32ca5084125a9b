//! The decks screen over a card database, driven as a player drives it (egui_kittest): a
//! database the test builds from cards' facts, the data folder in a temporary directory.

use std::path::PathBuf;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fairduel_engine::domain::{
    Attribute, CardDatabase, CardFacts, CardTypes, DomainDeck, DomainDeckRules, Passcode, Race,
};

use crate::app_tests::text_of;
use crate::deckstore::tests::TempDir;
use crate::domain_decks::{DOMAIN_DECKS_FOLDER, DatabaseCards, DomainDecksState};
use crate::domain_decks_view::{DomainDecksEvent, domain_decks_ui};

const MASTER: Passcode = Passcode(1000);
const OUTSIDER: Passcode = Passcode(2000);
const FUSION: Passcode = Passcode(3000);
const FIRST_SPELL: u32 = 4000;

fn monster(
    passcode: Passcode,
    name: &str,
    extra: u32,
    attribute: Attribute,
    race: Race,
) -> CardFacts {
    CardFacts {
        passcode,
        alias: None,
        name: name.into(),
        archetypes: Vec::new(),
        types: CardTypes(CardTypes::MONSTER | extra),
        attribute: Some(attribute),
        race: Some(race),
        level: 7,
        atk: 2500,
        def: 2100,
        link_arrows: 0,
        pendulum_scale: None,
        text: String::new(),
    }
}

/// A Dark Spellcaster Deck Master, a Light Warrior outside its Domain, a Dark Fusion
/// Monster inside it, and sixty spells.
fn database() -> CardDatabase {
    let mut db = CardDatabase::new();
    db.add_card(monster(
        MASTER,
        "Test Sorcerer",
        0x10,
        Attribute::Dark,
        Race::Spellcaster,
    ));
    db.add_card(monster(
        OUTSIDER,
        "Outside Knight",
        0x10,
        Attribute::Light,
        Race::Warrior,
    ));
    db.add_card(monster(
        FUSION,
        "Test Fusion Dragon",
        0x40,
        Attribute::Dark,
        Race::Dragon,
    ));
    for n in 0..60 {
        db.add_card(CardFacts {
            name: format!("Test Spell {n:02}"),
            types: CardTypes(CardTypes::SPELL),
            attribute: None,
            race: None,
            level: 0,
            atk: 0,
            def: 0,
            ..monster(
                Passcode(FIRST_SPELL + n),
                "",
                0,
                Attribute::Dark,
                Race::Spellcaster,
            )
        });
    }
    db
}

struct Screen {
    state: DomainDecksState,
    data: PathBuf,
    event: Option<DomainDecksEvent>,
}

fn screen(data: &TempDir) -> Harness<'static, Screen> {
    let state = DomainDecksState::with_cards(DatabaseCards::new("test.cdb".into(), database()));
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, screen: &mut Screen| {
                if let Some(event) = domain_decks_ui(
                    ui,
                    &mut screen.state,
                    "test.cdb",
                    Some(&screen.data),
                    DomainDeckRules::default(),
                ) {
                    screen.event = Some(event);
                }
            },
            Screen {
                state,
                data: data.0.clone(),
                event: None,
            },
        )
}

fn settle(h: &mut Harness<'static, Screen>) {
    for _ in 0..3 {
        h.step();
    }
}

fn has(h: &Harness<'static, Screen>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn labels(h: &Harness<'static, Screen>, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .map(|n| text_of(&n))
        .collect()
}

fn click(h: &mut Harness<'static, Screen>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    settle(h);
}

fn type_into(h: &mut Harness<'static, Screen>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    h.get_by_label(label).type_text(text);
    settle(h);
}

/// Searches the database and clicks the card's row.
fn pick(h: &mut Harness<'static, Screen>, name: &str) {
    type_into(h, "Search by name or passcode", name);
    h.get_by_label_contains(&format!("{name} · ")).click();
    settle(h);
}

#[test]
fn a_domain_deck_is_built_from_the_database_checked_as_it_grows_saved_and_reopened() {
    let data = TempDir::new("domain-decks");
    let mut h = screen(&data);
    h.run();
    assert!(has(&h, "63 deck cards from test.cdb"));
    assert!(has(&h, "Deck Master: none yet"));
    assert!(
        has(&h, "no Deck Master"),
        "an empty deck says what it lacks"
    );

    pick(&mut h, "Test Sorcerer");
    click(&mut h, "Make Deck Master");
    assert!(has(&h, "Deck Master: Test Sorcerer"));
    assert!(
        has(&h, "Its Domain: DARK; Spellcaster;"),
        "{:?}",
        labels(&h, "Domain")
    );

    // A Light Warrior is outside a Dark Spellcaster's Domain: the card says so, and once it
    // is in the deck the check names it.
    pick(&mut h, "Outside Knight");
    assert!(has(&h, "Outside the Deck Master's Domain."));
    click(&mut h, "Add to the Main Deck");
    assert!(
        has(
            &h,
            "Outside Knight (2000) is outside Test Sorcerer's Domain"
        ),
        "{:?}",
        labels(&h, "Domain")
    );
    assert!(has(
        &h,
        "the Main Deck holds 1 cards; it must hold exactly 60"
    ));
    click(&mut h, "Remove from the deck");
    assert!(!has(&h, "is outside Test Sorcerer's Domain"));

    // "Only what my Deck Master's Domain allows" hides it from the list.
    h.get_by_label("Only what my Deck Master's Domain allows")
        .click();
    settle(&mut h);
    type_into(&mut h, "Search by name or passcode", "Knight");
    assert!(has(&h, "0 of 63 cards"));

    // A Fusion Monster goes to the Extra Deck by itself; a second copy cannot be added.
    pick(&mut h, "Test Fusion Dragon");
    assert!(has(&h, "Within the Domain: DARK."));
    click(&mut h, "Add to the Extra Deck");
    assert!(has(
        &h,
        "0 Main Deck cards (60 needed) · 1 in the Extra Deck (up to 15)"
    ));
    assert!(
        h.get_by_role_and_label(Role::Button, "Add to the Extra Deck")
            .accesskit_node()
            .is_disabled(),
        "one copy of each card"
    );

    // Sixty spells come in by a ydke:// link (the Deck Master alone in the side deck).
    let link = fairduel_carddb::to_ydke(&DomainDeck {
        deck_master: Some(MASTER),
        main: (0..60).map(|n| Passcode(FIRST_SPELL + n)).collect(),
        extra: vec![FUSION],
    });
    type_into(&mut h, "YDK file path or ydke:// link", &link);
    click(&mut h, "Import deck");
    assert!(has(
        &h,
        "Imported Imported deck: 60 Main Deck and 1 Extra Deck cards."
    ));
    assert!(has(
        &h,
        "Legal in Domain Format, with Test Sorcerer (1000) as Deck Master."
    ));
    assert!(
        h.get_by_role_and_label(Role::Button, "Use against friends")
            .accesskit_node()
            .is_disabled(),
        "an unsaved deck is not offered for a match"
    );

    type_into(&mut h, "Deck name", "Sorcery");
    click(&mut h, "Save deck");
    let saved = data.0.join(DOMAIN_DECKS_FOLDER).join("Sorcery.ydk");
    let text = std::fs::read_to_string(&saved).expect("the deck was saved");
    let reread = fairduel_carddb::read_deck_text(&text).expect("a YDK file");
    assert_eq!(reread.deck.deck_master, Some(MASTER));
    assert_eq!(reread.deck.main.len(), 60);
    click(&mut h, "Use against friends");
    assert_eq!(
        h.state().event,
        Some(DomainDecksEvent::UseAgainstFriends(saved.clone()))
    );

    // A new deck of the same name does not overwrite the saved one unless asked to.
    click(&mut h, "New deck");
    assert!(has(&h, "Deck Master: none yet"));
    type_into(&mut h, "Deck name", "Sorcery");
    click(&mut h, "Save deck");
    assert!(has(&h, "a deck named Sorcery is saved already"));
    assert_eq!(std::fs::read_to_string(&saved).expect("still there"), text);

    // The saved deck opens again from the list, legal as it was.
    h.get_by_label("Saved decks").click();
    settle(&mut h);
    h.get_by_label("Sorcery").click();
    settle(&mut h);
    assert!(has(
        &h,
        "Legal in Domain Format, with Test Sorcerer (1000) as Deck Master."
    ));
    assert!(has(&h, "Deck Master: Test Sorcerer"));
}

#[test]
fn a_database_that_cannot_be_read_says_why_and_what_to_do() {
    let data = TempDir::new("domain-decks-bad");
    let mut state = DomainDecksState::default();
    let missing = data.0.join("nowhere.cdb").display().to_string();
    let mut h = Harness::new_ui_state(
        move |ui, state: &mut DomainDecksState| {
            domain_decks_ui(ui, state, &missing, None, DomainDeckRules::default());
        },
        std::mem::take(&mut state),
    );
    h.run();
    assert!(
        h.query_all_by_label_contains("Your card database could not be read")
            .next()
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("Correct the path under Settings")
            .next()
            .is_some()
    );
}

#[test]
fn a_saved_domain_deck_of_my_database_is_offered_on_home_for_a_friends_match() {
    use crate::app_tests::{app, harness};
    let cdb = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/ygopro/goat-entries.cdb");
    if !cdb.is_file() {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            cdb.display()
        );
        return;
    }
    // A legal deck of the fixture database, as another deck tool would export it.
    let catalog =
        crate::catalog::Catalog::load(&crate::catalog::tests::project_assets()).expect("assets");
    let domain = catalog.format("domain").expect("the domain preset");
    let rules =
        fairduel_carddb::database_rules(domain.rules.format.clone(), std::slice::from_ref(&cdb))
            .expect("the fixture database");
    let built = fairduel_carddb::database_decks(&rules, 1).expect("a deck");
    let passcode = |id: &fairduel_engine::CardId| {
        let def = rules.pool.get(*id).expect("a pool card");
        Passcode(def.database.as_ref().expect("a database card").passcode)
    };
    let deck = DomainDeck {
        deck_master: built[0].leader.as_ref().map(passcode),
        main: built[0].main.iter().map(passcode).collect(),
        extra: built[0].extra.iter().map(passcode).collect(),
    };
    let data = TempDir::new("domain-decks-app");
    let exported = data.0.join("from another tool.ydk");
    std::fs::write(&exported, fairduel_carddb::to_ydk(&deck)).expect("written");

    let mut h = harness(app(1).with_data_dir(Some(data.0.clone())));
    h.state_mut().settings.card_database = cdb.display().to_string();
    h.run();
    h.get_by_role_and_label(Role::Button, "Decks").click();
    h.run();
    h.get_by_label("My card database (Domain Format)").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("deck cards from")
            .next()
            .is_some()
    );
    h.get_by_label("YDK file path or ydke:// link").focus();
    h.run();
    h.get_by_label("YDK file path or ydke:// link")
        .type_text(&exported.display().to_string());
    h.run();
    h.get_by_role_and_label(Role::Button, "Import deck").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Legal in Domain Format")
            .next()
            .is_some(),
        "the deck the database built is legal"
    );
    h.get_by_role_and_label(Role::Button, "Save deck").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Use against friends")
        .click();
    h.run();
    let saved = data
        .0
        .join(DOMAIN_DECKS_FOLDER)
        .join("from another tool.ydk");
    let home = &h.state().home;
    assert!(home.with_my_cards);
    assert_eq!(home.database_deck, saved.display().to_string());
    assert!(saved.is_file(), "{} was saved", saved.display());
}
