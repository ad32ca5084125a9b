//! CPU time of one frame of the match screen on a busy 9x9 board: the egui pass (layout,
//! hit-testing, painting commands) plus tessellation into triangles, as eframe runs them
//! before handing the meshes to the GPU. No window and no GPU: what is measured is what
//! the app itself costs per frame.
//!
//! `cargo bench -p fairduel-app --bench frame`

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Pos2, RawInput, Rect, vec2};
use fairduel_app::catalog::Catalog;
use fairduel_app::game::{MatchModel, MatchUi, Selection, match_ui};
use fairduel_app::session::{Fairness, LogLine, PeerStatus, SeatView};
use fairduel_engine::piece::{Class, Piece};
use fairduel_engine::{CardRef, Seat};
use fairduel_sim::selfplay::next_entry;
use fairduel_sim::{Bot, GreedyBot, Referee};

/// A Kairu game between greedy bots, stopped at the busiest board of its first 400 actions,
/// seen from seat 0.
fn busy_view() -> SeatView {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let catalog = match Catalog::load(&assets) {
        Ok(c) => c,
        Err(e) => panic!("assets: {e}"),
    };
    let Some(format) = catalog.format("kairu-dotr") else {
        panic!("no kairu-dotr preset");
    };
    let rules = Arc::clone(&format.rules);
    let decks = catalog.legal_decks(&rules);
    let (mut referee, _) = match Referee::new(Arc::clone(&rules), &[&decks[0].1, &decks[1].1], 9) {
        Ok(r) => r,
        Err(e) => panic!("set-up: {e}"),
    };
    let mut bots: Vec<Box<dyn Bot>> =
        vec![Box::new(GreedyBot::new(1)), Box::new(GreedyBot::new(2))];
    let mut best = (0usize, referee.clone());
    for _ in 0..400 {
        let Some(seat) = referee.duel().awaiting().seat() else {
            break;
        };
        let entry = match next_entry(&referee, seat, &mut bots, 9) {
            Ok(entry) => entry,
            Err(e) => panic!("{e}"),
        };
        if let Err(e) = referee.submit(seat, &entry) {
            panic!("{e}");
        }
        let pieces = referee.duel().state().pieces().count();
        if pieces > best.0 && referee.duel().awaiting().seat() == Some(Seat(0)) {
            best = (pieces, referee.clone());
        }
    }
    let referee = best.1;
    let me = Seat(0);
    let knowledge = referee.knowledge(me).clone();
    let duel = referee.seat_duel(me).clone();
    let legal = duel.legal_actions(me, &knowledge);
    eprintln!(
        "busiest board: {} cards on the grid, {} legal actions, turn {}",
        best.0,
        legal.len(),
        duel.state().turn
    );
    SeatView {
        deciding: duel.awaiting().seat(),
        outcome: duel.state().outcome,
        duel,
        seat: me,
        knowledge,
        legal,
        log: Vec::new(),
        last_action: None,
        autopilot: false,
        step: referee.steps(),
        // A filled-in panel, as in a real match.
        fairness: Fairness {
            peers: vec![PeerStatus {
                seat: Seat(1),
                key: "ed25519:5b1f…c09a".to_owned(),
                name: Some("Grace".to_owned()),
                connection: None,
                linked: true,
            }],
            entries_verified: 412,
            reveals_verified: 57,
            agreed_entries: 830,
            agreed_state: "3fa9c2e17b04".to_owned(),
        },
        silent: None,
    }
}

/// The same position with every empty cell given a face-up monster, half of them in defence
/// position: more cards than a game can hold, as an upper bound on drawing the board.
fn packed_view(mut view: SeatView) -> SeatView {
    let monsters: Vec<_> = view
        .duel
        .pool()
        .cards()
        .filter(|c| c.is_monster())
        .map(|c| c.id)
        .take(81)
        .collect();
    let turn = view.duel.state().turn;
    let state = view.duel.state_mut_for_setup();
    let cells: Vec<_> = state.all_cells().collect();
    for (i, cell) in cells.into_iter().enumerate() {
        if state.piece(cell).is_some() {
            continue;
        }
        let owner = Seat((i % 2) as u8);
        let mut piece = Piece::entering(owner, CardRef(0), Class::Monster, turn);
        piece.card = Some(monsters[i % monsters.len()]);
        piece.face_up = true;
        piece.defence = i % 4 == 1;
        state.put(cell, piece);
    }
    view
}

fn frame(c: &mut Criterion) {
    let busy = busy_view();
    for (name, view) in [
        ("kairu_9x9_frame_1280x800", busy.clone()),
        (
            "kairu_9x9_every_cell_filled_frame_1280x800",
            packed_view(busy),
        ),
    ] {
        bench_view(c, name, view);
    }
}

fn bench_view(c: &mut Criterion, name: &str, view: SeatView) {
    // A selected card with its moves marked: the most the board draws.
    let selection = view
        .legal
        .iter()
        .find_map(|a| match a {
            fairduel_engine::Action::Move { from, .. } => Some(Selection::Board(*from)),
            _ => None,
        })
        .unwrap_or_default();
    let mut model = MatchModel::showing(
        vec!["Ada".to_owned(), "Bot".to_owned()],
        "Kairu's DOTR: bench".to_owned(),
    );
    model.log = (0..300)
        .map(|i| LogLine {
            turn: 1 + i / 12,
            actor: (i % 3 == 0).then_some(Seat((i % 2) as u8)),
            text: format!(
                "battle: d{} (1500) against d{} (1200)",
                i % 9 + 1,
                i % 7 + 1
            ),
        })
        .collect();
    let step = view.step;
    model.view = Some(view);
    let inspected = model.view.as_ref().and_then(|v| {
        let (cell, piece) = v.duel.state().pieces().find(|(_, p)| p.card.is_some())?;
        Some((piece.card?, Some(fairduel_engine::Place::Cell(cell))))
    });
    let mut ui_state = MatchUi {
        selection,
        step,
        inspected,
        ..MatchUi::default()
    };
    let ctx = egui::Context::default();
    let input = |pos: Pos2| {
        let mut raw = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
            ..RawInput::default()
        };
        raw.events.push(egui::Event::PointerMoved(pos));
        raw
    };
    // Warm up: fonts and the glyph atlas are built on the first frames.
    for _ in 0..5 {
        let out = ctx.run_ui(input(Pos2::new(640.0, 400.0)), |ui| {
            match_ui(ui, &mut model, &mut ui_state);
        });
        ctx.tessellate(out.shapes, out.pixels_per_point);
    }
    let mut group = c.benchmark_group("app");
    group.measurement_time(Duration::from_secs(8));
    let mut x = 0.0f32;
    group.bench_function(name, |b| {
        b.iter(|| {
            // The pointer wanders over the board so hover effects are part of the frame.
            x = (x + 37.0) % 600.0;
            let out = ctx.run_ui(input(Pos2::new(340.0 + x, 150.0 + x / 2.0)), |ui| {
                match_ui(ui, &mut model, &mut ui_state);
            });
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
        });
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
