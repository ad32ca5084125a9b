//! Domain Format with a card database's cards between two `fairduel` processes over real
//! iroh endpoints on loopback: each player brings the same `cards.cdb` (`--cards`) and a
//! `.ydk` deck of its cards; the host is killed mid-match and resumes with its database;
//! the record verifies with the database and is refused, with the way out named, without
//! it. Skipped, and said so, when ../shared is absent (a fresh clone; CI has it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fairduel_engine::domain::{DomainDeck, Passcode};

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");
const LIMIT: Duration = Duration::from_secs(180);

fn fixture() -> Option<PathBuf> {
    let cdb = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/ygopro/goat-entries.cdb");
    if cdb.is_file() {
        Some(cdb)
    } else {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            cdb.display()
        );
        None
    }
}

fn domain_format() -> fairduel_engine::Format {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/formats/domain.toml");
    fairduel_engine::Format::from_toml("domain", &std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Two legal decks of the database's cards, written as `.ydk` files into `dir`.
fn ydk_decks(cdb: &Path, dir: &Path) -> Vec<PathBuf> {
    let loaded = fairduel_carddb::load_cards(&[cdb.to_path_buf()]).unwrap();
    let pool = fairduel_carddb::pool_from_database(&loaded.db)
        .unwrap()
        .pool;
    let decks = fairduel_engine::domain::build_domain_decks(&pool, &domain_format(), 2);
    assert_eq!(decks.len(), 2);
    let passcode = |id| {
        Passcode(
            pool.get(id)
                .and_then(|c| c.database.as_ref())
                .map(|d| d.passcode)
                .unwrap(),
        )
    };
    decks
        .iter()
        .enumerate()
        .map(|(i, deck)| {
            let ydk = fairduel_carddb::to_ydk(&DomainDeck {
                deck_master: deck.leader.map(passcode),
                main: deck.main.iter().map(|id| passcode(*id)).collect(),
                extra: deck.extra.iter().map(|id| passcode(*id)).collect(),
            });
            let path = dir.join(format!("deck{i}.ydk"));
            std::fs::write(&path, ydk).unwrap();
            path
        })
        .collect()
}

fn process(dir: &Path, log: &str, args: &[&str], cdb: &Path, seed: u64) -> Child {
    Command::new(BIN)
        .arg("--data-dir")
        .arg(dir)
        .arg("--key")
        .arg(dir.join("identity.key"))
        .args(args)
        .arg("--cards")
        .arg(cdb)
        .args(["--loopback", "--bot", "--bot-seed", &seed.to_string()])
        .args(["--silence-secs", "3", "--heartbeat-ms", "500"])
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join(log)).unwrap())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap()
}

fn wait(child: &mut Child, what: &str, logs: &dyn Fn() -> String) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{what} failed\n{}", logs());
            return;
        }
        assert!(start.elapsed() < LIMIT, "{what} did not finish\n{}", logs());
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn saved_entries(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("matches"))
        .into_iter()
        .flatten()
        .flatten()
        .find_map(|e| fairduel_net::store::MatchStore::read(&e.path()).ok())
        .map_or(0, |saved| saved.entries.len())
}

fn record_file(dir: &Path) -> PathBuf {
    std::fs::read_dir(dir.join("records"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "fdrec"))
        .expect("a record")
}

#[test]
fn two_processes_play_domain_with_a_card_databases_cards_and_the_record_verifies() {
    let Some(cdb) = fixture() else { return };
    let root = std::env::temp_dir().join(format!("fairduel-cdb-net-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let seats: Vec<PathBuf> = (0..2).map(|i| root.join(format!("seat{i}"))).collect();
    for dir in &seats {
        std::fs::create_dir_all(dir).unwrap();
    }
    let decks = ydk_decks(&cdb, &root);
    let deck = |i: usize| decks[i].to_str().unwrap().to_owned();
    let logs = || {
        seats
            .iter()
            .flat_map(|d| ["host.log", "join.log", "resume.log"].map(|l| d.join(l)))
            .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
            .map(|(p, t)| {
                let tail: Vec<&str> = t.lines().rev().take(12).collect();
                format!("--- {}\n{}", p.display(), tail.join("\n"))
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let ticket_file = seats[0].join("ticket");
    let host_deck = deck(0);
    let ticket_arg = ticket_file.to_str().unwrap().to_owned();
    let host_args = [
        "host",
        "--format",
        "domain",
        "--deck",
        &host_deck,
        "--ticket-file",
        &ticket_arg,
    ];
    let mut host = process(&seats[0], "host.log", &host_args, &cdb, 1);
    let start = Instant::now();
    let ticket = loop {
        if let Ok(t) = std::fs::read_to_string(&ticket_file)
            && !t.is_empty()
        {
            break t;
        }
        assert!(start.elapsed() < LIMIT, "no ticket\n{}", logs());
        std::thread::sleep(Duration::from_millis(20));
    };
    let join_deck = deck(1);
    let join_args = ["join", &ticket, "--format", "domain", "--deck", &join_deck];
    let mut joiner = process(&seats[1], "join.log", &join_args, &cdb, 2);

    // The host goes down mid-match and comes back with its card database.
    while saved_entries(&seats[0]) < 40 && host.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < LIMIT, "no progress\n{}", logs());
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        host.try_wait().unwrap().is_none(),
        "the match ended before 40 entries\n{}",
        logs()
    );
    host.kill().unwrap();
    host.wait().unwrap();
    host = process(&seats[0], "resume.log", &["resume"], &cdb, 3);
    wait(&mut host, "the host", &logs);
    wait(&mut joiner, "the joiner", &logs);

    let record = record_file(&seats[1]);
    let verify = |with_cards: bool| {
        let mut command = Command::new(BIN);
        command.arg("verify").arg(&record);
        if with_cards {
            command.arg("--cards").arg(&cdb);
        }
        command.output().unwrap()
    };
    let verified = verify(true);
    let said = String::from_utf8_lossy(&verified.stdout);
    assert!(verified.status.success(), "{said}");
    assert_eq!(
        said.matches("verified — played fairly").count(),
        2,
        "{said}"
    );
    let refused = verify(false);
    assert!(!refused.status.success());
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(why.contains("--cards"), "the way out is named: {why}");
    let _ = std::fs::remove_dir_all(&root);
}
