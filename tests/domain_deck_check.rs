//! `fairduel deck check FILE --format domain --cards PATH` on decks built from the real
//! fixture databases (../shared/data/ygopro): exit 0 and the Domain for a legal YDK file,
//! exit 1 and every problem named for an illegal ydke link, and a clear word when no card
//! database is given; DOR Modern decks of a database's cards, the Deck Leader in the side
//! deck, likewise. Skipped, and said so, without ../shared.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fairduel_carddb::{load_cards, to_ydk, to_ydke};
use fairduel_engine::domain::{Domain, DomainDeck, Passcode};

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/ygopro");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            dir.display()
        );
        None
    }
}

fn check(args: &[&str]) -> Output {
    let output = Command::new(BIN)
        .args(["deck", "check"])
        .args(args)
        .env_remove("FAIRDUEL_CARDS")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    output
}

/// A legal deck of the first Deck Master with 60 cards of its Domain in the fixtures, and
/// a monster outside that Domain.
fn legal_deck(cards: &Path) -> (DomainDeck, String, Passcode) {
    let db = load_cards(&[cards.to_path_buf()]).unwrap().db;
    for master in db
        .cards()
        .filter(|c| c.types.is_monster() && !c.types.is_extra_deck())
    {
        let domain = Domain::of(master, &db);
        let mut seen = BTreeSet::from([master.identity()]);
        let (mut main, mut outsider) = (Vec::new(), None);
        for card in db.cards().filter(|c| !c.types.is_extra_deck()) {
            if !seen.insert(card.identity()) {
                continue;
            }
            match domain.admits(card) {
                Some(_) if main.len() < 60 => main.push(card.passcode),
                None if outsider.is_none() => outsider = Some(card.passcode),
                _ => {}
            }
        }
        if let (Some(outsider), 60) = (outsider, main.len()) {
            let deck = DomainDeck {
                deck_master: Some(master.passcode),
                main,
                extra: vec![],
            };
            let name = db.card(outsider).unwrap().name.clone();
            return (deck, name, outsider);
        }
    }
    panic!("no Deck Master in the fixtures has 60 cards of its Domain");
}

#[test]
fn a_legal_ydk_passes_and_an_illegal_ydke_link_names_the_card() {
    let Some(cards) = fixtures() else { return };
    let cards_arg = cards.to_string_lossy().into_owned();
    let dir = std::env::temp_dir().join(format!("fairduel-domain-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (deck, outsider_name, outsider) = legal_deck(&cards);
    let ydk = dir.join("mine.ydk");
    std::fs::write(&ydk, to_ydk(&deck)).unwrap();

    let legal = check(&[
        ydk.to_str().unwrap(),
        "--format",
        "domain",
        "--cards",
        &cards_arg,
    ]);
    let words = String::from_utf8_lossy(&legal.stdout);
    assert!(legal.status.success(), "{words}");
    assert!(
        words.contains("mine: legal in Domain Format") && words.contains("Domain: "),
        "{words}"
    );

    let mut broken = deck.clone();
    broken.main[0] = outsider;
    broken.main.pop();
    let illegal = check(&[
        &to_ydke(&broken),
        "--format",
        "domain-4",
        "--cards",
        &cards_arg,
    ]);
    let words = String::from_utf8_lossy(&illegal.stdout);
    assert_eq!(illegal.status.code(), Some(1), "{words}");
    assert!(words.contains("NOT legal"), "{words}");
    assert!(
        words.contains(&outsider_name) && words.contains("outside"),
        "{words}"
    );
    assert!(words.contains("holds 59 cards"), "{words}");

    let without = check(&[ydk.to_str().unwrap(), "--format", "domain"]);
    assert_eq!(without.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&without.stderr).contains("pass --cards PATH"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_dor_modern_deck_of_a_card_database_is_checked_with_its_deck_leader() {
    let Some(cards) = fixtures() else { return };
    let cards_arg = cards.to_string_lossy().into_owned();
    let dir = std::env::temp_dir().join(format!("fairduel-grid-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = load_cards(std::slice::from_ref(&cards)).unwrap().db;
    let ritual = 0x80;
    let mut main_deck = db
        .cards()
        .filter(|c| !c.types.is_extra_deck() && !c.types.is_token() && c.types.0 & ritual == 0);
    let leader = main_deck
        .by_ref()
        .find(|c| c.types.is_monster() && c.level <= 12)
        .unwrap();
    let main: Vec<Passcode> = main_deck.take(40).map(|c| c.passcode).collect();
    assert_eq!(
        main.len(),
        40,
        "the fixtures hold 40 main deck cards besides a leader"
    );
    let deck = DomainDeck {
        deck_master: Some(leader.passcode),
        main,
        extra: vec![],
    };
    let ydk = dir.join("modern.ydk");
    std::fs::write(&ydk, to_ydk(&deck)).unwrap();
    let legal = check(&[
        ydk.to_str().unwrap(),
        "--format",
        "dor-modern",
        "--cards",
        &cards_arg,
    ]);
    let words = String::from_utf8_lossy(&legal.stdout);
    assert!(
        legal.status.success(),
        "{words}{}",
        String::from_utf8_lossy(&legal.stderr)
    );
    assert!(
        words.contains("legal in DOR Modern")
            && words.contains(&format!("Deck Leader {}", leader.name)),
        "{words}"
    );

    // Four copies of one card.
    let mut broken = deck.clone();
    let copied = broken.main[0];
    for slot in broken.main.iter_mut().skip(1).take(3) {
        *slot = copied;
    }
    let illegal = check(&[
        &to_ydke(&broken),
        "--format",
        "dor-modern",
        "--cards",
        &cards_arg,
    ]);
    let words = String::from_utf8_lossy(&illegal.stderr);
    assert!(!illegal.status.success(), "{words}");
    assert!(
        words.contains("4 copies of") && words.contains(&db.card(copied).unwrap().name),
        "{words}"
    );

    // Kairu's DOTR is played with its own cards.
    let kairu = check(&[
        ydk.to_str().unwrap(),
        "--format",
        "kairu-dotr",
        "--cards",
        &cards_arg,
    ]);
    assert!(!kairu.status.success());
    assert!(
        String::from_utf8_lossy(&kairu.stderr).contains("is played with its own cards"),
        "{}",
        String::from_utf8_lossy(&kairu.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}
