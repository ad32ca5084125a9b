//! Checking a scenario's `[[assert]]` tables against the duel.

use super::*;

impl Runner {
    /// Problems found (empty: the assertion holds).
    pub(in crate::scenario) fn check_assert(
        &self,
        sc: &Scenario,
        line: usize,
        a: &RawAssert,
    ) -> Result<Vec<String>, SourceError> {
        let state = self.duel.state();
        let n = state.board_size;
        let mut problems = Vec::new();
        let needs_seat = a.life_points.is_some()
            || a.summoning_points.is_some()
            || a.hand_size.is_some()
            || a.deck_size.is_some()
            || a.graveyard_size.is_some()
            || a.graveyard_contains.is_some()
            || a.graveyard_lacks.is_some()
            || a.banished_contains.is_some()
            || a.face_up_extra_deck_contains.is_some()
            || a.hand_contains.is_some()
            || a.hand_lacks.is_some()
            || a.hand_shows.is_some()
            || a.graveyard_shows.is_some()
            || a.leader_at.is_some()
            || a.field_spell.is_some()
            || a.idle_warnings.is_some()
            || a.side.is_some()
            || a.symbol_charges.is_some()
            || a.deck_master.is_some()
            || a.deck_master_returns.is_some()
            || a.removed.is_some()
            || a.waiting.is_some();
        let seat = match a.seat {
            Some(s) if s >= self.players => {
                return Err(sc.err(line, seat_range(self.players, "seat")));
            }
            Some(s) => Some(Seat(s)),
            None if needs_seat => {
                return Err(sc.err(line, "this assertion needs `seat`"));
            }
            None => None,
        };
        if let Some(seat) = seat {
            let p = state.player(seat);
            let who = format!("seat {}", seat.0);
            let counts = [
                (
                    "life points",
                    a.life_points.map(|v| v.to_string()),
                    p.life_points.to_string(),
                ),
                (
                    "summoning points",
                    a.summoning_points.map(|v| v.to_string()),
                    p.summoning_points.to_string(),
                ),
                (
                    "hand size",
                    a.hand_size.map(|v| v.to_string()),
                    p.hand.len().to_string(),
                ),
                (
                    "Idle Warnings",
                    a.idle_warnings.map(|v| v.to_string()),
                    p.idle_warnings.to_string(),
                ),
                (
                    "side",
                    a.side.clone(),
                    p.side
                        .map_or("none", |s| match s {
                            fairduel_engine::field::Side::Blue => "blue",
                            fairduel_engine::field::Side::Red => "red",
                        })
                        .to_owned(),
                ),
                (
                    "Symbol charges",
                    a.symbol_charges.map(|v| v.to_string()),
                    p.symbol
                        .map_or_else(|| "no Symbol".to_owned(), |s| s.charges.to_string()),
                ),
                (
                    "deck size",
                    a.deck_size.map(|v| v.to_string()),
                    p.deck.len().to_string(),
                ),
                (
                    "Extra Deck size",
                    a.extra_deck_size.map(|v| v.to_string()),
                    p.extra_deck.len().to_string(),
                ),
                (
                    "Rule Zone size",
                    a.rule_zone_size.map(|v| v.to_string()),
                    p.rule_cards.len().to_string(),
                ),
                (
                    "destiny pile size",
                    a.destiny_pile_size.map(|v| v.to_string()),
                    p.destiny.as_ref().map_or(0, |d| d.cards.len()).to_string(),
                ),
                (
                    "graveyard size",
                    a.graveyard_size.map(|v| v.to_string()),
                    p.graveyard.len().to_string(),
                ),
            ];
            for (what, wanted, actual) in counts {
                if let Some(wanted) = wanted {
                    expect(&mut problems, format!("{who} {what}"), wanted, actual);
                }
            }
            let slot_card = |s: &CardSlot| {
                s.card.or_else(|| {
                    self.knowledge
                        .card(&self.duel.state().commitment(s.card_ref))
                })
            };
            let grave: Vec<CardId> = p.graveyard.iter().filter_map(slot_card).collect();
            if let Some(id) = a.graveyard_contains
                && !grave.contains(&CardId(id))
            {
                problems.push(format!(
                    "{who} graveyard should contain {}, holds [{}]",
                    CardId(id),
                    list(&grave)
                ));
            }
            let face_up_extra: Vec<CardId> =
                p.face_up_extra_deck.iter().filter_map(|s| s.card).collect();
            if let Some(id) = a.face_up_extra_deck_contains
                && !face_up_extra.contains(&CardId(id))
            {
                problems.push(format!(
                    "{who} face-up Extra Deck should contain {}, holds [{}]",
                    CardId(id),
                    list(&face_up_extra)
                ));
            }
            let banished: Vec<CardId> = p.banished.iter().filter_map(|s| s.card).collect();
            if let Some(id) = a.banished_contains
                && !banished.contains(&CardId(id))
            {
                problems.push(format!(
                    "{who} banished cards should contain {}, hold [{}]",
                    CardId(id),
                    list(&banished)
                ));
            }
            if let Some(id) = a.graveyard_lacks
                && grave.contains(&CardId(id))
            {
                problems.push(format!("{who} graveyard should not contain {}", CardId(id)));
            }
            if let Some(id) = a.hand_shows
                && !p.hand.iter().any(|s| s.card == Some(CardId(id)))
            {
                problems.push(format!(
                    "{who} hand should show {} to everyone, and does not",
                    CardId(id)
                ));
            }
            if let Some(id) = a.graveyard_shows
                && !p.graveyard.iter().any(|s| s.card == Some(CardId(id)))
            {
                problems.push(format!(
                    "{who} graveyard should show {} to everyone, and does not",
                    CardId(id)
                ));
            }
            if let Some(id) = a.hand_contains {
                let hand: Vec<CardId> = p.hand.iter().filter_map(slot_card).collect();
                if !hand.contains(&CardId(id)) {
                    problems.push(format!(
                        "{who} hand should contain {}, holds [{}]",
                        CardId(id),
                        list(&hand)
                    ));
                }
            }
            if let Some(id) = a.hand_lacks {
                let hand: Vec<CardId> = p.hand.iter().filter_map(slot_card).collect();
                if hand.contains(&CardId(id)) {
                    problems.push(format!(
                        "{who} hand should no longer hold {}, holds [{}]",
                        CardId(id),
                        list(&hand)
                    ));
                }
            }
            if let Some(at) = &a.leader_at {
                let want = parse_cell(sc, line, at, n)?;
                let mut e = Vec::new();
                if p.leader != want {
                    e.push(format!(
                        "{who} Deck Leader: expected at {want}, is at {}",
                        p.leader
                    ));
                }
                problems.extend(e);
            }
            if let Some(want) = &a.deck_master {
                let now = self
                    .duel
                    .deck_master_place(seat)
                    .map_or("none", crate::scenario::deck_master_place_name);
                expect(
                    &mut problems,
                    format!("{who} Deck Master"),
                    want.clone(),
                    now.to_owned(),
                );
            }
            if let Some(want) = a.deck_master_returns {
                let now = p.deck_master.as_ref().map_or(0, |m| m.returns);
                expect(
                    &mut problems,
                    format!("{who} Deck Master's returns"),
                    want.to_string(),
                    now.to_string(),
                );
            }
            if let Some(want) = a.removed {
                expect(
                    &mut problems,
                    format!("{who} removed from the game"),
                    want.to_string(),
                    state.table.is_removed(seat).to_string(),
                );
            }
            if let Some(want) = a.waiting {
                expect(
                    &mut problems,
                    format!("{who} waiting to join"),
                    want.to_string(),
                    state.table.is_waiting(seat).to_string(),
                );
            }
            if let Some(id) = a.field_spell
                && p.field_spell.map(|f| f.card) != Some(CardId(id))
            {
                problems.push(format!(
                    "{who} field spell: expected {}, got {}",
                    CardId(id),
                    p.field_spell.map_or("none".into(), |f| f.card.to_string())
                ));
            }
        }
        let cell_checks = a.empty.is_some()
            || a.public.is_some()
            || a.class.is_some()
            || a.card.is_some()
            || a.controller.is_some()
            || a.face.is_some()
            || a.position.is_some()
            || a.spellbound.is_some()
            || a.equipped.is_some()
            || a.attached.is_some()
            || a.equipped_to.is_some()
            || a.counters.is_some()
            || a.shows.is_some()
            || a.atk.is_some()
            || a.def.is_some()
            || a.level.is_some()
            || a.terrain.is_some()
            || a.marker.is_some()
            || a.field_power_bonus.is_some();
        match (&a.at, cell_checks) {
            (None, true) => return Err(sc.err(line, "this assertion needs `at`")),
            (Some(_), false) => {
                return Err(sc.err(line, "`at` is given but nothing to check there"));
            }
            (Some(at), true) => {
                let cell = parse_place(sc, line, at, &self.duel)?;
                if let Some(t) = a.terrain {
                    let Place::Cell(grid_cell) = cell else {
                        return Err(sc.err(line, "`terrain` is a grid cell's; use `marker`"));
                    };
                    let got = self.duel.terrain_at(grid_cell);
                    if got != t {
                        problems.push(format!(
                            "terrain at {cell}: expected {}, got {}",
                            t.label(),
                            got.label()
                        ));
                    }
                }
                if let Some(want) = &a.marker {
                    let got = self
                        .duel
                        .marker_at(cell)
                        .map_or("none", |t| t.name.as_str());
                    expect(
                        &mut problems,
                        format!("terrain marker over {cell}"),
                        want.clone(),
                        got.to_owned(),
                    );
                }
                let piece = piece_at(&self.duel, cell);
                if let Some(want_empty) = a.empty {
                    let desc = piece
                        .map(|p| self.describe(p))
                        .unwrap_or_else(|| "nothing".into());
                    if want_empty != piece.is_none() {
                        problems.push(format!(
                            "{cell} should {}be empty, holds {desc}",
                            if want_empty { "" } else { "not " }
                        ));
                    }
                }
                let piece_checks = a.card.is_some()
                    || a.controller.is_some()
                    || a.face.is_some()
                    || a.position.is_some()
                    || a.spellbound.is_some()
                    || a.equipped.is_some()
                    || a.attached.is_some()
                    || a.equipped_to.is_some()
                    || a.counters.is_some()
                    || a.shows.is_some()
                    || a.atk.is_some()
                    || a.def.is_some()
                    || a.level.is_some()
                    || a.field_power_bonus.is_some()
                    || a.public.is_some()
                    || a.class.is_some();
                match piece {
                    None if piece_checks => problems.push(format!("{cell} is empty")),
                    None => {}
                    Some(p) => {
                        let card = self.card_of(p);
                        if let Some(id) = a.card {
                            expect(
                                &mut problems,
                                format!("card at {cell}"),
                                CardId(id).to_string(),
                                card.map_or("unknown".into(), |c| c.id.to_string()),
                            );
                        }
                        if let Some(class) = &a.class {
                            let shown = match p.class {
                                fairduel_engine::piece::Class::Monster => "monster",
                                fairduel_engine::piece::Class::SpellTrap => "spell-trap",
                                fairduel_engine::piece::Class::Unknown => "hidden",
                            };
                            expect(
                                &mut problems,
                                format!("what everyone knows the card at {cell} to be"),
                                class.clone(),
                                shown.to_owned(),
                            );
                        }
                        if let Some(public) = a.public {
                            expect(
                                &mut problems,
                                format!("whether everyone knows the card at {cell}"),
                                public.to_string(),
                                p.card.is_some().to_string(),
                            );
                        }
                        if let Some(s) = a.controller {
                            expect(
                                &mut problems,
                                format!("controller of {cell}"),
                                format!("seat {s}"),
                                format!("seat {}", p.controller.0),
                            );
                        }
                        if let Some(f) = a.face {
                            expect(
                                &mut problems,
                                format!("face of {cell}"),
                                face_name(f == Face::Up).into(),
                                face_name(p.face_up).into(),
                            );
                        }
                        if let Some(pos) = a.position {
                            expect(
                                &mut problems,
                                format!("position of {cell}"),
                                position_name(pos == Position::Defence).into(),
                                position_name(p.defence).into(),
                            );
                        }
                        if let Some(b) = &a.spellbound {
                            const HELD: &str = "held by a continuous spellbind";
                            let want = match b {
                                RawBind::Turns(0) => bind_name(Bind::Free),
                                RawBind::Turns(t) => bind_name(Bind::Turns(*t)),
                                RawBind::Word(w) if w == "forever" => bind_name(Bind::Forever),
                                RawBind::Word(w) if w == "no" || w == "free" => {
                                    bind_name(Bind::Free)
                                }
                                RawBind::Word(w) if w == "continuous" => HELD.into(),
                                RawBind::Word(w) => {
                                    return Err(sc.err(
                                        line,
                                        format!(
                                            "spellbound = \"{w}\": give turns, 0, \"free\", \
                                             \"forever\" or \"continuous\""
                                        ),
                                    ));
                                }
                            };
                            let held = match cell {
                                Place::Cell(c) => self.duel.is_spellbound(c),
                                Place::Zone { .. } => false,
                            };
                            let actual = if p.bind == Bind::Free && held {
                                HELD.into()
                            } else {
                                bind_name(p.bind)
                            };
                            expect(&mut problems, format!("spellbind at {cell}"), want, actual);
                        }
                        if let Some(id) = a.equipped
                            && !p.attached.iter().any(|e| e.card == CardId(id))
                        {
                            problems.push(format!(
                                "{cell} should carry equip {}, carries [{}]",
                                CardId(id),
                                list(&p.attached.iter().map(|e| e.card).collect::<Vec<_>>())
                            ));
                        }
                        if let Some(want) = &a.equipped_to {
                            let actual = self
                                .duel
                                .equipped_to(cell)
                                .map_or_else(|| "none".to_owned(), |p| p.to_string());
                            let want = if want == "none" {
                                "none".to_owned()
                            } else {
                                super::parse_place(sc, line, want, &self.duel)?.to_string()
                            };
                            expect(
                                &mut problems,
                                format!("what {cell} is equipped to"),
                                want,
                                actual,
                            );
                        }
                        if let Some(want) = &a.attached {
                            let want: Vec<CardId> = want.iter().map(|id| CardId(*id)).collect();
                            let actual: Vec<CardId> = p.attached.iter().map(|e| e.card).collect();
                            expect(
                                &mut problems,
                                format!("cards attached beneath {cell}"),
                                format!("[{}]", list(&want)),
                                format!("[{}]", list(&actual)),
                            );
                        }
                        if let Some(want) = &a.shows {
                            let got = card.and_then(|c| p.monster_stats(c)).map_or_else(
                                || "no monster".to_owned(),
                                |m| format!("{} {}", m.attribute.label(), m.monster_type.label()),
                            );
                            expect(
                                &mut problems,
                                format!("what {cell} shows"),
                                want.clone(),
                                got,
                            );
                        }
                        if let Some(want) = a.counters {
                            expect(
                                &mut problems,
                                format!("counters at {cell}"),
                                want.to_string(),
                                p.counters.to_string(),
                            );
                        }
                        if let Some(want) = a.field_power_bonus {
                            let got = card
                                .and_then(|c| c.kingdom())
                                .is_some_and(|k| self.duel.has_field_power_bonus(cell, k));
                            expect(
                                &mut problems,
                                format!("Field Power Bonus at {cell}"),
                                want.to_string(),
                                got.to_string(),
                            );
                        }
                        if let Some(want) = a.level {
                            let got = self
                                .card_of(p)
                                .map(|def| def.level())
                                .filter(|printed| *printed > 0)
                                .map(|printed| {
                                    fairduel_engine::level::changed_level(printed, &p.modifiers)
                                });
                            expect(
                                &mut problems,
                                format!("level at {cell}"),
                                want.to_string(),
                                got.map_or_else(|| "none".to_owned(), |l| l.to_string()),
                            );
                        }
                        if a.atk.is_some() || a.def.is_some() {
                            let stats = match (cell, card) {
                                (Place::Cell(c), Some(def)) => Some(self.duel.stats_of(c, p, def)),
                                (Place::Zone { .. }, Some(_)) => self.duel.field_stats(cell, p),
                                (_, None) => None,
                            };
                            match stats {
                                Some((atk, def)) => {
                                    if let Some(v) = a.atk {
                                        expect(
                                            &mut problems,
                                            format!("ATK at {cell}"),
                                            v.to_string(),
                                            atk.to_string(),
                                        );
                                    }
                                    if let Some(v) = a.def {
                                        expect(
                                            &mut problems,
                                            format!("DEF at {cell}"),
                                            v.to_string(),
                                            def.to_string(),
                                        );
                                    }
                                }
                                None => problems.push(format!("the card at {cell} is unknown")),
                            }
                        }
                    }
                }
            }
            (None, false) => {}
        }
        if let Some(kind) = &a.awaiting {
            let got = awaiting_kind(self.duel.awaiting());
            expect(&mut problems, "awaiting".into(), kind.clone(), got.into());
            if let Some(seat) = seat {
                let got = self.duel.awaiting().seat();
                expect(
                    &mut problems,
                    "awaiting seat".into(),
                    format!("seat {}", seat.0),
                    got.map_or("nobody".into(), |s| format!("seat {}", s.0)),
                );
            }
        }
        let result = |winners: SeatSet| match winners.len() {
            0 => "a draw".to_owned(),
            _ => winners.to_string(),
        };
        if let Some(w) = &a.winner {
            let outcome = state.outcome;
            match w {
                // With teams a seat wins with its team: it is one of the winners.
                RawSeatOrWord::Seat(s) => {
                    let won = outcome.is_some_and(|o| o.won(Seat(*s)));
                    if !won {
                        problems.push(format!(
                            "winner: expected seat {s} to win, got {}",
                            outcome.map_or("no result yet".into(), |o| result(o.winners))
                        ));
                    }
                }
                RawSeatOrWord::Word(w) if w == "draw" || w == "none" => {
                    let got = outcome.map_or("no result yet".into(), |o| result(o.winners));
                    expect(&mut problems, "winner".into(), "a draw".into(), got);
                }
                RawSeatOrWord::Word(w) => {
                    return Err(sc.err(
                        line,
                        format!("winner = \"{w}\": give a seat number or \"draw\""),
                    ));
                }
            }
        }
        if let Some(seats) = &a.winners {
            let want: SeatSet = seats.iter().map(|s| Seat(*s)).collect();
            let got = state
                .outcome
                .map_or("no result yet".into(), |o| result(o.winners));
            expect(&mut problems, "winners".into(), result(want), got);
        }
        if let Some(r) = &a.reason {
            let got = state.outcome.map_or("none", |o| reason_name(o.reason));
            expect(&mut problems, "win reason".into(), r.clone(), got.into());
        }
        if let Some(want) = &a.phase {
            let got = match state.phase {
                Phase::Main => "main",
                Phase::Battle => "battle",
                Phase::SecondMain => "main-2",
                Phase::End => "end",
                Phase::Standby => "standby",
            };
            expect(&mut problems, "phase".into(), want.clone(), got.into());
        }
        if let Some(t) = a.turn {
            expect(
                &mut problems,
                "turn".into(),
                t.to_string(),
                state.turn.to_string(),
            );
        }
        if let Some(n) = a.chances {
            let got = self
                .duel
                .agreement()
                .map_or(0, |agreement| agreement.chances.len());
            expect(
                &mut problems,
                "coins and dice used".into(),
                n.to_string(),
                got.to_string(),
            );
        }
        if let Some(n) = a.chain_links {
            expect(
                &mut problems,
                "chain links waiting".into(),
                n.to_string(),
                self.duel.chain().links.len().to_string(),
            );
        }
        if let Some(s) = a.active {
            expect(
                &mut problems,
                "active seat".into(),
                format!("seat {s}"),
                format!("seat {}", state.active.0),
            );
        }
        if let Some(s) = a.decides {
            expect(
                &mut problems,
                "seat the duel waits for".into(),
                format!("seat {s}"),
                self.duel
                    .awaiting()
                    .seat()
                    .map_or_else(|| "nobody".to_owned(), |w| format!("seat {}", w.0)),
            );
        }
        Ok(problems)
    }
}
