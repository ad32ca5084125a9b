//! Whole matches between `fairduel` processes over real iroh endpoints on loopback, one
//! process per seat: two processes played straight through and twenty times with one of
//! them killed (SIGKILL) at a random saved entry and restarted with `fairduel resume`; then
//! the same with four processes at a four-player table (one ticket admits the three
//! joiners, every seat links to every other), ten times with a random seat killed. Every
//! match must finish with the same final entry on every side and a record that verifies
//! every seat. And a person at the terminal closing a match whose opponent went silent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fairduel_protocol::MatchRecord;

fn rules(format: &str) -> std::sync::Arc<fairduel_engine::Rules> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let read = |p: &str| std::fs::read_to_string(assets.join(p)).unwrap();
    let format =
        fairduel_engine::Format::from_toml(format, &read(&format!("formats/{format}.toml")))
            .unwrap();
    let pool = fairduel_engine::CardPool::from_toml("dor", &read("cards/dor.toml")).unwrap();
    fairduel_engine::Rules::new(format, pool)
}

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");
const LIMIT: Duration = Duration::from_secs(180);
const DECKS: [&str; 4] = [
    "forest-pack",
    "dragons-hoard",
    "shadow-court",
    "tidal-guard",
];

struct Player {
    dir: PathBuf,
    format: &'static str,
    deck: &'static str,
}

impl Player {
    fn new(root: &Path, seat: usize, format: &'static str) -> Player {
        let dir = root.join(format!("seat{seat}"));
        std::fs::create_dir_all(&dir).unwrap();
        Player {
            dir,
            format,
            deck: DECKS[seat % DECKS.len()],
        }
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
        command.args(["host", "--format", self.format, "--deck", self.deck]);
        command.arg("--ticket-file").arg(self.dir.join("ticket"));
        Player::net_args(&mut command, seed);
        command.spawn().unwrap()
    }

    fn join(&self, ticket: &str, seed: u64) -> Child {
        let mut command = self.command("join.log");
        command.args(["join", ticket, "--format", self.format, "--deck", self.deck]);
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

    /// The UDP port this player's saved match says it listened on.
    fn saved_port(&self) -> u16 {
        std::fs::read_dir(self.dir.join("matches"))
            .unwrap()
            .flatten()
            .find_map(|e| fairduel_net::store::MatchStore::read(&e.path()).ok())
            .expect("a saved match")
            .meta
            .listen_port
    }

    fn record(&self) -> MatchRecord {
        let dir = self.dir.join("records");
        let file = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("no records in {}: {e}\n{}", dir.display(), self.logs()))
            .flatten()
            .find(|e| e.path().extension().is_some_and(|x| x == "fdrec"))
            .unwrap_or_else(|| panic!("no record in {}", dir.display()))
            .path();
        MatchRecord::from_bytes(&std::fs::read(file).unwrap()).unwrap()
    }

    fn log(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap_or_default()
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

/// A table of processes: seat 0 hosts, the others join with its one ticket.
struct Table {
    players: Vec<Player>,
    processes: Vec<Child>,
}

impl Table {
    fn start(root: &Path, format: &'static str, players: usize, seed: u64) -> Table {
        let players: Vec<Player> = (0..players).map(|i| Player::new(root, i, format)).collect();
        let mut processes = vec![players[0].host(seed)];
        let ticket = players[0].ticket();
        for (i, player) in players.iter().enumerate().skip(1) {
            processes.push(player.join(&ticket, seed + i as u64));
        }
        Table { players, processes }
    }

    fn logs(&self) -> String {
        self.players
            .iter()
            .map(Player::logs)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Waits for every process to exit; each must succeed.
    fn finish(&mut self, what: &str) {
        for i in 0..self.processes.len() {
            let ok = self.wait(i);
            assert!(ok, "{what}: seat {i} failed\n{}", self.logs());
        }
    }

    fn wait(&mut self, seat: usize) -> bool {
        let start = Instant::now();
        loop {
            if let Some(status) = self.processes[seat].try_wait().unwrap() {
                return status.success();
            }
            if start.elapsed() > LIMIT {
                for process in &mut self.processes {
                    let _ = process.kill();
                }
                panic!(
                    "seat {seat} did not finish within {LIMIT:?}\n{}",
                    self.logs()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills `seat`'s process once it saved `at_entry` entries and restarts it with
    /// `fairduel resume`; false when it had finished before.
    fn kill_and_resume(&mut self, seat: usize, at_entry: usize, seed: u64) -> bool {
        self.kill_then_resume(seat, at_entry, seed, |_| {})
    }

    /// [`Table::kill_and_resume`], doing `meanwhile` with the killed player between.
    fn kill_then_resume(
        &mut self,
        seat: usize,
        at_entry: usize,
        seed: u64,
        meanwhile: impl FnOnce(&Player),
    ) -> bool {
        let start = Instant::now();
        while self.players[seat].saved_entries() < at_entry
            && self.processes[seat].try_wait().unwrap().is_none()
        {
            assert!(
                start.elapsed() < LIMIT,
                "no progress\n{}",
                self.players[seat].logs()
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        if self.processes[seat].try_wait().unwrap().is_some() {
            return false;
        }
        self.processes[seat].kill().unwrap();
        self.processes[seat].wait().unwrap();
        meanwhile(&self.players[seat]);
        self.processes[seat] = self.players[seat].resume(seed);
        true
    }

    /// Every seat ends on the same entry, and every seat's record verifies every seat.
    fn assert_same_verified_record(&self) {
        let records: Vec<MatchRecord> = self.players.iter().map(Player::record).collect();
        let last: Vec<_> = records
            .iter()
            .map(|r| r.entries.last().map(|e| e.hash()))
            .collect();
        assert!(
            last.windows(2).all(|w| w[0] == w[1]),
            "every seat ends on the same entry, so the same final state hash\n{}",
            self.logs()
        );
        for (player, record) in self.players.iter().zip(&records) {
            let report = fairduel_protocol::audit(rules(player.format), record).unwrap();
            assert_eq!(report.verdicts.len(), self.players.len());
            assert!(
                report.complete && report.all_verified(),
                "{}",
                player.logs()
            );
        }
    }
}

fn temp_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("fairduel-procs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    root
}

/// A small xorshift, so the kill points are spread but the same on every run.
fn kill_points(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[test]
fn two_processes_play_a_whole_match_over_loopback() {
    let root = temp_root("whole");
    let mut table = Table::start(&root, "kairu-dotr", 2, 1);
    table.finish("a whole match");
    table.assert_same_verified_record();
    let host_log = table.players[0].log("host.log");
    assert!(host_log.contains("seat 1 verified"), "{host_log}");
    assert!(host_log.contains("seat 0 (you) verified"), "{host_log}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_process_killed_at_a_random_point_resumes_and_the_match_verifies_20_times() {
    let root = temp_root("kill");
    let mut next = kill_points(0x9e37_79b9_7f4a_7c15);
    let mut killed = 0;
    for round in 0..20u64 {
        let mut table = Table::start(
            &root.join(format!("round{round}")),
            "kairu-dotr",
            2,
            round * 2,
        );
        let victim = (round % 2) as usize;
        let at_entry = 5 + (next() % 120) as usize;
        if table.kill_and_resume(victim, at_entry, round + 100) {
            killed += 1;
        }
        table.finish(&format!("round {round}"));
        table.assert_same_verified_record();
    }
    assert!(
        killed >= 15,
        "only {killed} of 20 matches were killed mid-way"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn four_processes_play_a_whole_four_player_match_over_loopback() {
    let root = temp_root("four");
    let mut table = Table::start(&root, "kairu-dotr-4p", 4, 3);
    table.finish("a four-player match");
    table.assert_same_verified_record();
    let host_log = table.players[0].log("host.log");
    assert!(host_log.contains("4 of 4 seated"), "{host_log}");
    for seat in 1..4 {
        assert!(
            host_log.contains(&format!("seat {seat} verified")),
            "{host_log}"
        );
    }
    // The joiners are seated in the order they arrive: between them they hold seats 1 to 3,
    // and each audited the match from its own.
    let mut own_seats: Vec<String> = table.players[1..]
        .iter()
        .map(|player| {
            let log = player.log("join.log");
            log.lines()
                .find_map(|line| line.strip_suffix(" (you) verified: played fairly"))
                .map(|seat| seat.trim_start_matches("audit: ").to_owned())
                .unwrap_or_else(|| panic!("no verdict for its own seat\n{log}"))
        })
        .collect();
    own_seats.sort();
    assert_eq!(own_seats, ["seat 1", "seat 2", "seat 3"]);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn at_a_four_player_table_any_seat_killed_at_a_random_point_resumes_10_times() {
    let root = temp_root("kill4");
    let mut next = kill_points(0x2545_f491_4f6c_dd1d);
    let mut killed = 0;
    let mut victims = Vec::new();
    for round in 0..10u64 {
        let mut table = Table::start(
            &root.join(format!("round{round}")),
            "kairu-dotr-4p",
            4,
            round * 4 + 50,
        );
        // Every seat is killed in some round (the host, and joiners above and below others).
        let victim = (round % 4) as usize;
        let at_entry = 10 + (next() % 200) as usize;
        if table.kill_and_resume(victim, at_entry, round + 200) {
            killed += 1;
            victims.push(victim);
        }
        table.finish(&format!("round {round}"));
        table.assert_same_verified_record();
    }
    assert!(
        killed >= 8,
        "only {killed} of 10 matches were killed mid-way"
    );
    for seat in 0..4 {
        assert!(
            victims.contains(&seat),
            "seat {seat} was never killed: {victims:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_host_killed_whose_old_port_is_taken_meanwhile_comes_back_on_another_and_finishes() {
    let root = temp_root("port-taken");
    let mut table = Table::start(&root, "kairu-dotr", 2, 12);
    let mut squatter = None;
    let killed = table.kill_then_resume(0, 60, 300, |host| {
        // Another program takes the host's old UDP port before it comes back.
        let port = host.saved_port();
        squatter = Some(
            std::net::UdpSocket::bind((std::net::Ipv4Addr::LOCALHOST, port))
                .unwrap_or_else(|e| panic!("cannot take port {port}: {e}")),
        );
    });
    assert!(killed, "the match ended before the host could be killed");
    table.finish("the host back on another port");
    table.assert_same_verified_record();
    drop(squatter);
    let _ = std::fs::remove_dir_all(&root);
}

/// A person at the terminal (no --bot): stdin piped, stdout read line by line.
fn person(player: &Player, args: &[&str], log: &str) -> (Child, std::sync::mpsc::Receiver<String>) {
    let mut command = player.command(log);
    command
        .args(args)
        .args(["--loopback", "--silence-secs", "3", "--heartbeat-ms", "500"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    (child, received)
}

#[test]
fn a_player_at_the_terminal_closes_a_match_whose_opponent_went_silent() {
    use std::io::Write;
    let root = temp_root("close-silent");
    let host = Player::new(&root, 0, "kairu-dotr");
    let guest = Player::new(&root, 1, "kairu-dotr");
    let (mut hosting, host_out) = person(
        &host,
        &[
            "host",
            "--format",
            "kairu-dotr",
            "--deck",
            "forest-pack",
            "--decision-clock-secs",
            "2",
        ],
        "host.log",
    );
    let ticket = std::iter::from_fn(|| host_out.recv_timeout(LIMIT).ok())
        .find_map(|line| {
            line.split_whitespace()
                .find(|w| w.starts_with("fairduel1"))
                .map(str::to_owned)
        })
        .expect("the host prints its ticket");
    // The guest joins and then never types anything (its input stays open).
    let (mut joined, _guest_out) = person(
        &guest,
        &[
            "join",
            &ticket,
            "--format",
            "kairu-dotr",
            "--deck",
            "dragons-hoard",
        ],
        "join.log",
    );
    let mut typing = hosting.stdin.take().unwrap();
    let mut said: Vec<String> = Vec::new();
    let start = Instant::now();
    // Take the first action whenever the host is offered one; otherwise ask to close the
    // match, which is refused until the guest has owed a decision for the two-second clock.
    let mut offered = false;
    let mut closed = false;
    while !closed {
        assert!(
            start.elapsed() < LIMIT,
            "the match was never closed: {said:#?}"
        );
        match host_out.recv_timeout(Duration::from_millis(300)) {
            Ok(line) => {
                offered |= line.contains("Your decision");
                closed = line.contains("The match was closed without seat 1");
                said.push(line);
            }
            Err(_) if offered => {
                writeln!(typing, "1").unwrap();
                offered = false;
            }
            Err(_) => writeln!(typing, "x").unwrap(),
        }
    }
    let status = hosting.wait().unwrap();
    // Not every seat verified (seat 1 abandoned): the exit code says so.
    assert!(!status.success());
    let record = host.record();
    let report = fairduel_protocol::audit(rules("kairu-dotr"), &record).unwrap();
    assert!(report.verdicts[0].is_verified(), "{:?}", report.verdicts);
    assert!(
        matches!(
            report.verdicts[1],
            fairduel_protocol::SeatVerdict::Abandoned { .. }
        ),
        "{:?}",
        report.verdicts
    );
    let _ = joined.kill();
    let _ = joined.wait();
    let _ = std::fs::remove_dir_all(&root);
}
