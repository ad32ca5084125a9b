//! `fairduel deck check FILE --format domain --cards PATH` on decks built from the real
//! fixture databases (../shared/data/ygopro): exit 0 and the Domain for a legal YDK file,
//! exit 1 and every problem named for an illegal ydke link, and a clear word when no card
//! database is given. Skipped, and said so, without ../shared.
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
