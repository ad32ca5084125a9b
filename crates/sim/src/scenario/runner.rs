//! Running a scenario: building the position it describes as a duel, then playing its
//! steps through the engine.

mod asserts;
mod entries;

use super::*;

pub(super) struct Runner {
    duel: Duel,
    /// Players at the table (the format's).
    players: u8,
    knowledge: Knowledge,
    auto_reveal: bool,
    auto_pass: bool,
    salt_seed: Digest32,
    next_salt: u32,
    /// The commitment table of the position being built; every card set up gets one entry.
    table: Vec<Commitment>,
}

impl Runner {
    pub(super) fn new(sc: &Scenario, rules: &Arc<Rules>) -> Result<Runner, SourceError> {
        let raw = &sc.raw;
        let format = &rules.format;
        let n = format.board_size;
        let salt_seed = sha256(format!("fairduel/scenario/v1|{}", sc.file_stem()).as_bytes());
        let match_id = sha256_of(&("fairduel/scenario-match/v1", &salt_seed));
        let players = format.table.players;
        let mut runner = Runner {
            // Replaced below; a duel needs a valid set-up to exist at all.
            duel: placeholder_duel(sc, rules, match_id)?,
            players,
            knowledge: Knowledge::new(),
            auto_reveal: raw.auto_reveal.unwrap_or(true),
            auto_pass: raw.auto_pass.unwrap_or(false),
            salt_seed,
            next_salt: 0,
            table: Vec::new(),
        };
        let first = raw.first.unwrap_or(0);
        let active = raw.active.unwrap_or(first);
        if first >= players || active >= players {
            return Err(sc.err(1, seat_range(players, "first and active")));
        }
        let mut state = runner.duel.state().clone();
        state.match_id = match_id;
        state.turn = raw.turn.unwrap_or(1).max(1);
        state.active = Seat(active);
        // Turns go on clockwise from the seat whose turn it is (the placeholder duel began
        // with seat 0's, which would put the wrong partner next in a team format).
        state.table = TurnOrder::new(
            players,
            format.table.team_count(),
            format.table.allies_are_opponents,
            Seat(active),
            format.first_attack_turn(),
        );
        state.table.begin_turn(Seat(active));
        state.phase = Phase::Main;
        let field = runner.duel.topology().field().copied();
        match field {
            Some(field) => state.cells = vec![None; field.slot_count()],
            None => {
                state.cells = vec![None; usize::from(n) * usize::from(n)];
                state.terrain = format.starting_terrain();
            }
        }
        state.claims.clear();
        state.queue.clear();
        state.reveal_due.clear();
        state.windows.clear();
        state.declarations.clear();
        state.outcome = None;
        // Terrain: a whole board, then single-cell overrides.
        if let Some(board) = &raw.board {
            let line = sc.line(board.span().start);
            let rows = board.get_ref();
            if rows.len() != usize::from(n) {
                return Err(sc.err(
                    line,
                    format!(
                        "board has {} rows; the format's board is {n}x{n}",
                        rows.len()
                    ),
                ));
            }
            let mut terrain = Vec::new();
            for (r, row) in rows.iter().enumerate() {
                let codes: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
                if codes.len() != usize::from(n) {
                    return Err(sc.err(
                        line,
                        format!(
                            "board row {} has {} cells, expected {n}",
                            r + 1,
                            codes.len()
                        ),
                    ));
                }
                for c in codes {
                    terrain.push(Terrain::from_code(c).ok_or_else(|| {
                        sc.err(
                            line,
                            format!("board row {} has unknown terrain code '{c}'", r + 1),
                        )
                    })?);
                }
            }
            state.terrain = terrain;
        }
        for t in &raw.terrain {
            let line = sc.line(t.span().start);
            let rt = t.get_ref();
            let place = parse_place(sc, line, &rt.at, &runner.duel)?;
            match (place, rt.terrain, &rt.marker) {
                (Place::Cell(cell), Some(terrain), None) => {
                    if let Some(i) = state.index(cell) {
                        state.terrain[i] = terrain;
                    }
                }
                (Place::Zone { .. }, None, Some(name)) => {
                    let marker = rules.pool.terrain_by_name(name).ok_or_else(|| {
                        sc.err(line, format!("no terrain named \"{name}\" in the pool"))
                    })?;
                    let index = field
                        .and_then(|f| f.marker_index(place))
                        .ok_or_else(|| sc.err(line, format!("{place} has no terrain marker")))?;
                    if let Some(slot) = state.markers.get_mut(index) {
                        *slot = marker.id;
                    }
                }
                _ => {
                    return Err(sc.err(
                        line,
                        "a [[terrain]] entry gives `terrain` for a grid cell, or `marker` \
                         (a terrain's name) for a zone of the field",
                    ));
                }
            }
        }
        // Players.
        let default_sp = match format.play.cost {
            SummonCost::SummoningPoints { start, .. } => start,
            SummonCost::Tributes { .. } => 0,
        };
        let grid = match field {
            None => Some(
                GridTopology::new(n, usize::from(players)).map_err(|e| sc.err(1, e.to_string()))?,
            ),
            Some(_) => None,
        };
        let empty = RawSeat::default();
        let raw_seats = [
            &raw.seat0, &raw.seat1, &raw.seat2, &raw.seat3, &raw.seat4, &raw.seat5,
        ];
        for (i, extra) in raw_seats.iter().enumerate().skip(usize::from(players)) {
            if let Some(spanned) = extra {
                return Err(sc.err(
                    sc.line(spanned.span().start),
                    format!("[seat{i}]: {}", seat_range(players, "a seat")),
                ));
            }
        }
        for seat in Seat::all(usize::from(players)) {
            let spanned = raw_seats
                .get(seat.index())
                .copied()
                .and_then(Option::as_ref);
            let line = spanned.map_or(1, |s| sc.line(s.span().start));
            let rs = spanned.map_or(&empty, |s| s.get_ref());
            let mut hand = runner.commit_pile(sc, rules, line, seat, &rs.hand, false)?;
            let mut deck = Vec::new();
            for id in &rs.deck {
                deck.push(runner.commit(sc, rules, line, seat, *id)?);
            }
            let mut extra_deck = Vec::new();
            for id in &rs.extra {
                extra_deck.push(runner.commit(sc, rules, line, seat, *id)?);
            }
            let destiny_list: Vec<u16> = match (&rs.destiny, &format.destiny_draw) {
                (Some(cards), Some(_)) => cards.clone(),
                (Some(_), None) => {
                    return Err(
                        sc.err(line, "this format has no Destiny Draw: leave `destiny` out")
                    );
                }
                (None, destiny) => destiny.iter().flat_map(|d| &d.cards).map(|c| c.0).collect(),
            };
            let mut destiny_pile = Vec::with_capacity(destiny_list.len());
            for id in &destiny_list {
                destiny_pile.push(runner.commit(sc, rules, line, seat, *id)?);
            }
            let mut graveyard = runner.commit_pile(sc, rules, line, seat, &rs.graveyard, true)?;
            let banished = runner.commit_pile(sc, rules, line, seat, &rs.banished, true)?;
            let face_up_extra_deck =
                runner.commit_pile(sc, rules, line, seat, &rs.face_up_extra_deck, true)?;
            // The grid's Deck Leader: where the seat says, or at the centre of its edge.
            let leader = match &grid {
                Some(grid) => {
                    let leader_id = rs.leader.unwrap_or(DEFAULT_LEADER);
                    let leader_card = card_def(sc, rules, line, leader_id)?;
                    if !leader_card.is_monster() {
                        return Err(sc.err(line, format!("leader {leader_id} is not a monster")));
                    }
                    let leader_at = match &rs.leader_at {
                        Some(name) => parse_cell(sc, line, name, n)?,
                        None => grid.leader_start(seat),
                    };
                    let leader_ref = runner.commit(sc, rules, line, seat, leader_id)?;
                    Some((leader_at, leader_ref, leader_id))
                }
                None if rs.leader.is_some() || rs.leader_at.is_some() => {
                    return Err(sc.err(line, "this format has no Deck Leaders"));
                }
                None => None,
            };
            // Domain Format's Deck Master: in its zone unless the seat says where.
            let deck_master = match &rules.format.field.deck_master {
                Some(_) if grid.is_none() => {
                    let id = match rs.deck_master {
                        Some(id) => id,
                        None => rules
                            .pool
                            .cards()
                            .find(|c| c.is_monster())
                            .map(|c| c.id.0)
                            .ok_or_else(|| sc.err(line, "the pool has no monster"))?,
                    };
                    if !card_def(sc, rules, line, id)?.is_monster() {
                        return Err(sc.err(line, format!("deck_master {id} is not a monster")));
                    }
                    let card_ref = runner.commit(sc, rules, line, seat, id)?;
                    let at = match rs.deck_master_at.as_deref().unwrap_or("zone") {
                        "zone" => DeckMasterPlace::Zone,
                        "graveyard" => {
                            graveyard.push(CardSlot {
                                card_ref,
                                card: Some(CardId(id)),
                            });
                            DeckMasterPlace::Graveyard
                        }
                        "hand" => {
                            hand.push(CardSlot {
                                card_ref,
                                card: Some(CardId(id)),
                            });
                            DeckMasterPlace::Hand
                        }
                        "banished" => DeckMasterPlace::Banished,
                        other => {
                            return Err(sc.err(
                                line,
                                format!(
                                    "deck_master_at = \"{other}\": write zone, graveyard, \
                                     hand or banished"
                                ),
                            ));
                        }
                    };
                    Some(DeckMaster {
                        card: CardId(id),
                        card_ref,
                        in_zone: at == DeckMasterPlace::Zone,
                        seen_at: at,
                        returns: rs.deck_master_returns.unwrap_or(0),
                        drawn_unseen: Vec::new(),
                    })
                }
                _ if rs.deck_master.is_some()
                    || rs.deck_master_at.is_some()
                    || rs.deck_master_returns.is_some() =>
                {
                    return Err(sc.err(line, "this format has no Deck Masters"));
                }
                _ => None,
            };
            let field_spell = match rs.field_spell {
                Some(field) => Some(Attached {
                    owner: seat,
                    card_ref: runner.commit(sc, rules, line, seat, field)?,
                    card: CardId(field),
                    reversed: false,
                }),
                None => None,
            };
            let p = state.player_mut(seat);
            p.life_points = rs.life_points.unwrap_or(format.life_points);
            p.summoning_points = rs.summoning_points.unwrap_or(default_sp);
            p.deck = deck;
            p.extra_deck = extra_deck;
            p.destiny = format.destiny_draw.is_some().then(|| DestinyPile {
                cards: destiny_pile,
                drawn: rs.destiny_drawn.unwrap_or(false),
            });
            p.hand = hand;
            p.graveyard = graveyard;
            p.banished = banished;
            p.face_up_extra_deck = face_up_extra_deck;
            p.field_spell = field_spell;
            p.leader_stuck_turns = rs.leader_stuck_turns.unwrap_or(0);
            p.cards_played = rs.cards_played.unwrap_or(0);
            p.monsters_played = rs.monsters_played.unwrap_or(0);
            p.idle_warnings = rs.idle_warnings.unwrap_or(0);
            p.attacks_declared = rs.attacks_declared.unwrap_or(0);
            p.redirected = rs.redirected.unwrap_or(false);
            if rs.waiting == Some(true) {
                // A Battle Royale's player who joins later: at the table, not in play.
                state.table.wait(seat);
                // As the duel's own setup does: the first round is the starting players'.
                state.table.shorten_first_round();
            }
            let p = state.player_mut(seat);
            match rs.duelist_setup {
                Some(id) => {
                    card_def(sc, rules, line, id)?;
                    for listed in &rs.cardlist {
                        card_def(sc, rules, line, *listed)?;
                    }
                    let setup = DuelistSetup {
                        card: CardId(id),
                        cardlist: rs.cardlist.iter().map(|c| CardId(*c)).collect(),
                    };
                    check_duelist_setup(&setup, &rules.pool, format)
                        .map_err(|why| sc.err(line, why))?;
                    p.duelist_setup = Some(setup);
                    p.starting_swap_due = raw.setup_phase;
                }
                None if !rs.cardlist.is_empty() => {
                    return Err(sc.err(line, "a cardlist needs a duelist_setup"));
                }
                None => {}
            }
            if let Some(id) = rs.field_setup {
                let def = card_def(sc, rules, line, id)?;
                let is_field_setup = def.kingdom().is_some_and(|k| {
                    k.setup == Some(fairduel_engine::kingdom_card::SetupKind::Field)
                });
                if !is_field_setup {
                    return Err(
                        sc.err(line, format!("{} is not a Field Setup Rule card", def.name))
                    );
                }
                p.field_setup_card = Some(CardId(id));
            }
            if let Some(master) = &deck_master
                && master.seen_at == DeckMasterPlace::Banished
            {
                p.banished.push(CardSlot {
                    card_ref: master.card_ref,
                    card: Some(master.card),
                });
            }
            p.deck_master = deck_master;
            if let Some((leader_at, leader_ref, leader_id)) = leader {
                p.leader = leader_at;
                state.put(
                    leader_at,
                    Piece::deck_leader(seat, leader_ref, CardId(leader_id)),
                );
            }
        }
        // The round of the Rotation the scenario's turn falls in ("once per round").
        state.table.set_round_for_turn(state.turn);
        // Cards on the grid.
        for c in &raw.cells {
            let line = sc.line(c.span().start);
            let rc = c.get_ref();
            let place = parse_place(sc, line, &rc.at, &runner.duel)?;
            let index = match (place, field) {
                (Place::Cell(cell), None) => state.index(cell),
                (Place::Zone { .. }, Some(field)) => field.index(place),
                _ => None,
            }
            .ok_or_else(|| sc.err(line, format!("{place} is not on this board")))?;
            if state.cells.get(index).is_some_and(Option::is_some) {
                return Err(sc.err(line, format!("{place} already holds a card")));
            }
            if rc.seat >= players || rc.owner.is_some_and(|o| o >= players) {
                return Err(sc.err(line, seat_range(players, "seat and owner")));
            }
            let def = card_def(sc, rules, line, rc.card)?.clone();
            let owner = Seat(rc.owner.unwrap_or(rc.seat));
            let card_ref = runner.commit(sc, rules, line, owner, rc.card)?;
            let face_up = rc.face.unwrap_or(Face::Up) == Face::Up;
            let bind = match &rc.spellbound {
                None => Bind::Free,
                Some(RawBind::Turns(0)) => Bind::Free,
                Some(RawBind::Turns(t)) => Bind::Turns(*t),
                Some(RawBind::Word(w)) if w == "forever" => Bind::Forever,
                Some(RawBind::Word(w)) => {
                    return Err(sc.err(
                        line,
                        format!("spellbound = \"{w}\": give a number of turns or \"forever\""),
                    ));
                }
            };
            let equips_owner = rc.equips_owner.map_or(owner, Seat);
            if equips_owner.0 >= players {
                return Err(sc.err(line, seat_range(players, "equips_owner")));
            }
            let mut equips = Vec::new();
            for e in &rc.equips {
                equips.push(Attached {
                    owner: equips_owner,
                    card_ref: runner.commit(sc, rules, line, equips_owner, *e)?,
                    card: CardId(*e),
                    reversed: false,
                });
            }
            let piece = Piece {
                owner,
                controller: Seat(rc.seat),
                card_ref,
                card: face_up.then_some(def.id),
                class: if rc.class_hidden && !face_up {
                    fairduel_engine::piece::Class::Unknown
                } else {
                    class_of(&def)
                },
                face_up,
                defence: rc.position == Some(Position::Defence),
                leader: false,
                entered_turn: rc.entered_turn.unwrap_or(0),
                moved: rc.moved,
                changed_position: rc.changed_position,
                attacked: rc.attacked,
                bind,
                bound_turn: rc.bound_turn.unwrap_or(0),
                modifiers: Vec::new(),
                attached: equips,
                activated: rc.activated,
                locked_until: 0,
                counters: rc.counters.unwrap_or(0),
                lent: false,
                from_extra_deck: rc.from_extra_deck,
                persist_until: 0,
                locked_by: None,
                flip_summoned: false,
                entered_beside_its_fusion: false,
                retyped: fairduel_engine::piece::Retyped::NONE,
                turns_in_defence: None,
            };
            if let Some(slot) = state.cells.get_mut(index) {
                *slot = Some(piece);
            }
        }
        // The placeholder duel may still be in its Setup Phase: a scenario starts where it
        // says, in the Setup Phase only with `setup_phase`.
        state.resume = Resume::Nothing;
        if raw.setup_phase {
            if grid.is_some() {
                return Err(sc.err(1, "setup_phase is the card game's field's"));
            }
            state.resume = Resume::FirstTurn { seat: Seat(first) };
        }
        state.commitments = Arc::from(std::mem::take(&mut runner.table));
        runner.duel = Duel::from_state(Arc::clone(rules), state)
            .map_err(|e| sc.err(1, format!("cannot set this position up: {e}")))?;
        // What depends on how a monster entered (a Fusion Material beside its Fusion
        // Monster): as if everything on the board had entered as the scenario shows it.
        runner.duel.judge_monsters_entered_this_turn();
        Ok(runner)
    }

    /// A fresh commitment for a card of `owner`, learned into the knowledge.
    fn commit(
        &mut self,
        sc: &Scenario,
        rules: &Rules,
        line: usize,
        owner: Seat,
        id: u16,
    ) -> Result<CardRef, SourceError> {
        card_def(sc, rules, line, id)?;
        let card_ref = CardRef(
            u16::try_from(self.table.len())
                .map_err(|_| sc.err(line, "a scenario may set up at most 65,535 cards"))?,
        );
        let salt = Salt(sha256_of(&(&self.salt_seed, self.next_salt)).0);
        self.next_salt += 1;
        let reveal = Reveal {
            card: CardId(id),
            salt,
        };
        let commitment = Commitment::new(&self.duel_match_id(), owner, reveal.card, &salt);
        self.knowledge.learn(commitment, reveal);
        self.table.push(commitment);
        Ok(card_ref)
    }

    /// Commits `ids` for `owner` as the cards of a hand (hidden: `shown` false) or of a
    /// public pile (a graveyard, the banished cards).
    fn commit_pile(
        &mut self,
        sc: &Scenario,
        rules: &Rules,
        line: usize,
        owner: Seat,
        ids: &[u16],
        shown: bool,
    ) -> Result<Vec<CardSlot>, SourceError> {
        ids.iter()
            .map(|id| {
                let card_ref = self.commit(sc, rules, line, owner, *id)?;
                Ok(CardSlot {
                    card_ref,
                    card: shown.then_some(CardId(*id)),
                })
            })
            .collect()
    }

    fn duel_match_id(&self) -> Digest32 {
        self.duel.state().match_id
    }

    /// Every card of the position is in exactly one place, and every card shown face-up or
    /// filed in a graveyard is shown under its own commitment (what a peer that never saw
    /// it can check against the reveal). Returns what is wrong.
    pub(super) fn card_places_problems(&self) -> Vec<String> {
        let state = self.duel.state();
        let mut places: Vec<(CardRef, Option<CardId>, String)> = Vec::new();
        for seat in state.seats() {
            let p = state.player(seat);
            for r in &p.deck {
                places.push((*r, None, format!("{seat}'s deck")));
            }
            for r in &p.extra_deck {
                places.push((*r, None, format!("{seat}'s Extra Deck")));
            }
            for r in p.destiny.iter().flat_map(|d| &d.cards) {
                places.push((*r, None, format!("{seat}'s destiny pile")));
            }
            for slot in &p.banished {
                places.push((slot.card_ref, slot.card, format!("{seat}'s banished cards")));
            }
            for rule in &p.rule_cards {
                places.push((
                    rule.card_ref,
                    Some(rule.card),
                    format!("{seat}'s Rule Zone"),
                ));
            }
            for slot in &p.face_up_extra_deck {
                places.push((
                    slot.card_ref,
                    slot.card,
                    format!("{seat}'s face-up Extra Deck"),
                ));
            }
            for slot in &p.hand {
                places.push((slot.card_ref, slot.card, format!("{seat}'s hand")));
            }
            for slot in &p.graveyard {
                places.push((slot.card_ref, slot.card, format!("{seat}'s graveyard")));
            }
            if let Some(f) = p.field_spell {
                places.push((
                    f.card_ref,
                    Some(f.card),
                    format!("{seat}'s field spell zone"),
                ));
            }
        }
        for (place, piece) in self.board_pieces() {
            places.push((piece.card_ref, piece.card, format!("{place}")));
            for e in &piece.attached {
                places.push((e.card_ref, Some(e.card), format!("under {place}")));
            }
        }
        let mut problems = Vec::new();
        for (i, (card_ref, card, place)) in places.iter().enumerate() {
            if let Some((_, _, first)) = places[..i].iter().find(|(r, _, _)| r == card_ref) {
                problems.push(format!("one card is both in {first} and in {place}"));
            }
            let commitment = state.commitment(*card_ref);
            let committed = self.knowledge.card(&commitment);
            // A Token is filed under a public commitment nobody had to learn.
            let a_token = |id: CardId| {
                state.seats().any(|owner| {
                    commitment
                        == fairduel_engine::commitment::Commitment::of_token(
                            &state.match_id,
                            owner,
                            id,
                        )
                })
            };
            if let Some(id) = card
                && committed != Some(*id)
                && !a_token(*id)
            {
                problems.push(format!(
                    "{id} in {place} is filed under the commitment of {}",
                    committed.map_or("no card".into(), |c| c.to_string())
                ));
            }
        }
        problems
    }

    /// Every card on the board, with where it is.
    fn board_pieces(&self) -> Vec<(Place, &Piece)> {
        match self.duel.topology().field() {
            Some(field) => (0..field.slot_count())
                .filter_map(|i| field.place_at(i))
                .filter_map(|place| self.duel.zone_piece(place).map(|p| (place, p)))
                .collect(),
            None => self
                .duel
                .state()
                .pieces()
                .map(|(cell, p)| (Place::Cell(cell), p))
                .collect(),
        }
    }

    fn reveal_of(&self, commitment: &Commitment) -> Option<Reveal> {
        self.knowledge.get(commitment).copied()
    }

    /// The first of `cards` (a deck or an Extra Deck) that is card `id`, with its opening.
    fn first_of(&self, cards: &[CardRef], id: u16) -> Option<(CardRef, Reveal)> {
        let state = self.duel.state();
        cards.iter().find_map(|r| {
            let reveal = self.reveal_of(&state.commitment(*r))?;
            (reveal.card == CardId(id)).then_some((*r, reveal))
        })
    }

    fn card_of(&self, piece: &Piece) -> Option<&CardDef> {
        let id = piece.card.or_else(|| {
            self.knowledge
                .card(&self.duel.state().commitment(piece.card_ref))
        })?;
        self.duel.pool().get(id)
    }

    pub(super) fn into_position(self) -> (Duel, Knowledge) {
        (self.duel, self.knowledge)
    }

    /// Plays one step. The outer error is a problem in the file; the inner one a step that
    /// did not go as the file expects.
    pub(super) fn step(
        &mut self,
        sc: &Scenario,
        line: usize,
        raw: &RawStep,
    ) -> Result<Result<(), String>, SourceError> {
        if raw.seat >= self.players {
            return Err(sc.err(line, seat_range(self.players, "seat")));
        }
        let seat = Seat(raw.seat);
        let entry = self.build_entry(sc, line, seat, raw)?;
        let expect = raw.expect.as_deref().unwrap_or("ok");
        let knowledge = (!raw.unseen).then_some(&self.knowledge);
        let result = self.duel.apply_any(seat, &entry, knowledge);
        let outcome = match (result, expect) {
            (Ok(_), "ok") => Ok(()),
            (Ok(_), kind) => Err(format!(
                "expected a {kind} error, but the action was allowed"
            )),
            (Err(e), "ok") => Err(format!("refused ({}): {e}", e.kind())),
            (Err(e), kind) if e.kind() == kind => Ok(()),
            (Err(e), kind) => Err(format!(
                "expected a {kind} error, got {} instead: {e}",
                e.kind()
            )),
        };
        if outcome.is_ok()
            && let Err(e) = self.settle_automatic()
        {
            return Ok(Err(e));
        }
        Ok(outcome)
    }

    /// Answers reveals (and, if asked, response windows) the file leaves to the runner.
    fn settle_automatic(&mut self) -> Result<(), String> {
        for _ in 0..64 {
            match self.duel.awaiting().clone() {
                Awaiting::Answer {
                    seat,
                    asked: Asked::Reveal { commitments },
                } if self.auto_reveal => {
                    let reveals: Option<Vec<Reveal>> =
                        commitments.iter().map(|c| self.reveal_of(c)).collect();
                    let reveals =
                        reveals.ok_or("the rules asked for a reveal of an unknown commitment")?;
                    self.duel
                        .answer(seat, &Answer::Reveal { reveals }, Some(&self.knowledge))
                        .map_err(|e| format!("automatic reveal refused ({}): {e}", e.kind()))?;
                }
                Awaiting::Decision {
                    seat,
                    decision: Decision::Respond { .. },
                } if self.auto_pass => {
                    self.duel
                        .apply(seat, &Action::Pass, Some(&self.knowledge))
                        .map_err(|e| format!("automatic pass refused ({}): {e}", e.kind()))?;
                }
                _ => return Ok(()),
            }
        }
        Err("automatic reveals and passes did not settle".into())
    }

    fn describe(&self, piece: &Piece) -> String {
        let name = self.card_of(piece).map_or_else(
            || "an unknown card".into(),
            |c| format!("{} {}", c.id, c.name),
        );
        format!(
            "{name} ({} {}, seat {})",
            face_name(piece.face_up),
            position_name(piece.defence),
            piece.controller.0
        )
    }
}
