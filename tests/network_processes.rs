//! Whole matches between two `fairduel` processes over real iroh endpoints on loopback:
//! one played straight through, and twenty in which one process is killed (SIGKILL) at a
//! random point, restarted with `fairduel resume`, and the match still finishes with a
//! verified record and the same final state on both sides.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fairduel_protocol::MatchRecord;

fn kairu_rules() -> std::sync::Arc<fairduel_engine::Rules> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let read = |p: &str| std::fs::read_to_string(assets.join(p)).unwrap();
    let format =
        fairduel_engine::Format::from_toml("kairu-dotr", &read("formats/kairu-dotr.toml")).unwrap();
    let pool = fairduel_engine::CardPool::from_toml("dor", &read("cards/dor.toml")).unwrap();
    fairduel_engine::Rules::new(format, pool)
}

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");
const LIMIT: Duration = Duration::from_secs(120);

struct Player {
    dir: PathBuf,
}

impl Player {
    fn new(root: &Path, name: &str) -> Player {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        Player { dir }
    }

    fn command(&self, log: &str) -> Command {
        let mut command = Command::new(BIN);
        command
            .arg("--data-dir")
            .arg(&self.dir)
            .arg("--key")
            .arg(self.dir.join("identity.key"))
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(self.dir.join(log)).unwrap())
            .stderr(Stdio::inherit());
        command
    }

    fn net_args(command: &mut Command, seed: u64) {
        command.args([
            "--loopback",
            "--bot",
            "--bot-seed",
            &seed.to_string(),
            "--silence-secs",
            "3",
            "--heartbeat-ms",
            "500",
        ]);
    }

    fn host(&self, seed: u64) -> Child {
        let mut command = self.command("host.log");
        command.args(["host", "--format", "kairu-dotr", "--deck", "forest-pack"]);
        command.arg("--ticket-file").arg(self.dir.join("ticket"));
        Player::net_args(&mut command, seed);
        command.spawn().unwrap()
    }

    fn join(&self, ticket: &str, seed: u64) -> Child {
        let mut command = self.command("join.log");
        command.args([
            "join",
            ticket,
            "--format",
            "kairu-dotr",
            "--deck",
            "dragons-hoard",
        ]);
        Player::net_args(&mut command, seed);
        command.spawn().unwrap()
    }

    fn resume(&self, seed: u64) -> Child {
        let mut command = self.command("resume.log");
        command.arg("resume");
        Player::net_args(&mut command, seed);
        command.spawn().unwrap()
    }

    fn ticket(&self) -> String {
        let path = self.dir.join("ticket");
        let start = Instant::now();
        while start.elapsed() < LIMIT {
            if let Ok(ticket) = std::fs::read_to_string(&path)
                && !ticket.is_empty()
            {
                return ticket;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the host wrote no ticket");
    }

    /// Entries in this player's match file so far (0 before it exists).
    fn saved_entries(&self) -> usize {
        let Ok(listing) = std::fs::read_dir(self.dir.join("matches")) else {
            return 0;
        };
        listing
            .flatten()
            .filter_map(|e| fairduel_net::store::MatchStore::read(&e.path()).ok())
            .map(|m| m.entries.len())
            .max()
            .unwrap_or(0)
    }

    fn record(&self) -> MatchRecord {
        let dir = self.dir.join("records");
        let file = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("no records in {}: {e}", dir.display()))
            .flatten()
            .find(|e| e.path().extension().is_some_and(|x| x == "fdrec"))
            .unwrap_or_else(|| panic!("no record in {}", dir.display()))
            .path();
        MatchRecord::from_bytes(&std::fs::read(file).unwrap()).unwrap()
    }

    fn logs(&self) -> String {
        ["host.log", "join.log", "resume.log"]
            .iter()
            .filter_map(|name| {
                let text = std::fs::read_to_string(self.dir.join(name)).ok()?;
                let tail: Vec<&str> = text.lines().rev().take(12).collect();
                Some(format!(
                    "--- {} ({name}):\n{}",
                    self.dir.display(),
                    tail.into_iter().rev().collect::<Vec<_>>().join("\n")
                ))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn wait(child: &mut Child, what: &str, players: &[&Player]) -> bool {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.success();
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let logs: Vec<String> = players.iter().map(|p| p.logs()).collect();
            panic!(
                "{what} did not finish within {LIMIT:?}\n{}",
                logs.join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn temp_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("fairduel-procs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    root
}

fn assert_same_verified_record(a: &Player, b: &Player) {
    let (ra, rb) = (a.record(), b.record());
    assert_eq!(
        ra.entries.last().map(|e| e.hash()),
        rb.entries.last().map(|e| e.hash()),
        "both sides end on the same entry, so the same final state hash\n{}\n{}",
        a.logs(),
        b.logs()
    );
    for (player, record) in [(a, &ra), (b, &rb)] {
        let rules = kairu_rules();
        let report = fairduel_protocol::audit(rules, record).unwrap();
        assert!(
            report.complete && report.all_verified(),
            "{}",
            player.logs()
        );
    }
}

#[test]
fn two_processes_play_a_whole_match_over_loopback() {
    let root = temp_root("whole");
    let (a, b) = (Player::new(&root, "a"), Player::new(&root, "b"));
    let mut host = a.host(1);
    let mut joiner = b.join(&a.ticket(), 2);
    assert!(wait(&mut host, "the host", &[&a, &b]), "{}", a.logs());
    assert!(wait(&mut joiner, "the joiner", &[&a, &b]), "{}", b.logs());
    assert_same_verified_record(&a, &b);
    let host_log = std::fs::read_to_string(a.dir.join("host.log")).unwrap();
    assert!(
        host_log.contains("seat 1 (the other player) verified"),
        "{host_log}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_process_killed_at_a_random_point_resumes_and_the_match_verifies_20_times() {
    let root = temp_root("kill");
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut killed = 0;
    for round in 0..20u64 {
        let round_root = root.join(format!("round{round}"));
        let (a, b) = (Player::new(&round_root, "a"), Player::new(&round_root, "b"));
        let mut host = a.host(round * 2);
        let mut joiner = b.join(&a.ticket(), round * 2 + 1);
        let kill_host = round % 2 == 0;
        let at_entry = 5 + (next() % 120) as usize;
        let (victim_player, survivor_player) = if kill_host { (&a, &b) } else { (&b, &a) };
        let (victim, survivor) = if kill_host {
            (&mut host, &mut joiner)
        } else {
            (&mut joiner, &mut host)
        };
        // Kill once the victim has saved `at_entry` entries (or it finished first).
        let start = Instant::now();
        while victim_player.saved_entries() < at_entry && victim.try_wait().unwrap().is_none() {
            assert!(
                start.elapsed() < LIMIT,
                "no progress\n{}",
                victim_player.logs()
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        let mut restarted = if victim.try_wait().unwrap().is_none() {
            victim.kill().unwrap();
            victim.wait().unwrap();
            killed += 1;
            Some(victim_player.resume(round + 100))
        } else {
            None
        };
        assert!(
            wait(survivor, "the survivor", &[&a, &b]),
            "round {round}\n{}\n{}",
            a.logs(),
            b.logs()
        );
        if let Some(restarted) = &mut restarted {
            assert!(
                wait(restarted, "the resumed process", &[&a, &b]),
                "round {round}\n{}",
                victim_player.logs()
            );
        }
        let _ = survivor_player;
        assert_same_verified_record(&a, &b);
    }
    assert!(
        killed >= 15,
        "only {killed} of 20 matches were killed mid-way"
    );
    let _ = std::fs::remove_dir_all(&root);
}
