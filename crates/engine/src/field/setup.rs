//! Setting up a duel on the card game's field (Kingdom Duels' Setup Phase): shuffled decks
//! in their zones, the starting terrain on every Frontrow zone, the first player (decided
//! outside the engine, by joint randomness), the opening hands, and the first turn.
//!
//! A player's Field Setup is the list of its terrains, played in the open with the deck;
//! without one every Frontrow zone starts on the format's default terrain ("Land"). The
//! other Setup Rule cards (Game and Duelist Setups) are not built yet.

use std::sync::Arc;

use crate::commitment::CardRef;
use crate::deck::{check_duelist_setup, check_field_setup};
use crate::duel::{Duel, Rules};
use crate::event::Event;
use crate::field::FieldBoard;
use crate::player::{DeckMaster, DeckMasterPlace};
use crate::seat::Seat;
use crate::setup::{
    PublicSetup, SetupError, StartingBoard, check_deck_size, commit, commit_extra_deck, new_player,
    place_permutation_rounds, starting_state,
};
use crate::topology::Topology;

impl Duel {
    pub(crate) fn field_duel(
        rules: Arc<Rules>,
        mut setup: PublicSetup,
    ) -> Result<(Duel, Vec<Event>), SetupError> {
        let format = &rules.format;
        let players = setup.seats.len();
        // A Battle Royale's seats kept for players who join later are the last ones; the
        // first turn goes to a player who starts (the joint coin may land on a kept seat:
        // the next seat clockwise, seat 0, goes first then).
        let starting_players = players.saturating_sub(usize::from(format.table.late_seats));
        if usize::from(setup.first.0) >= starting_players {
            setup.first = Seat(0);
        }
        let board = FieldBoard::for_format(format, players);
        let starting = match &format.field.default_terrain {
            Some(name) => Some(
                rules
                    .pool
                    .terrain_by_name(name)
                    .ok_or_else(|| SetupError::UnknownTerrain { name: name.clone() })?
                    .id,
            ),
            None => None,
        };
        let mut commitments = Vec::new();
        let mut player_states = Vec::with_capacity(players);
        let mut first_cards = Vec::with_capacity(players);
        for (i, seat_setup) in setup.seats.iter().enumerate() {
            let seat = Seat(i as u8);
            // Domain Format's Deck Master is the one leader the field knows: public, in its
            // own zone, committed before the deck as the grid's Deck Leader is.
            let deck_master = match (seat_setup.leader, &format.field.deck_master) {
                (None, None) => None,
                (Some(leader), Some(_)) => {
                    let card = rules
                        .pool
                        .get(leader.card)
                        .ok_or(SetupError::UnknownLeader { card: leader.card })?;
                    if !card.is_monster() {
                        return Err(SetupError::BadDeckMaster { card: leader.card });
                    }
                    Some(DeckMaster {
                        card: leader.card,
                        card_ref: commit(&mut commitments, leader.commitment),
                        in_zone: true,
                        seen_at: DeckMasterPlace::Zone,
                        returns: 0,
                        drawn_unseen: Vec::new(),
                    })
                }
                (Some(leader), None) => {
                    return Err(SetupError::UnexpectedLeader {
                        seat,
                        card: leader.card,
                    });
                }
                (None, Some(_)) => return Err(SetupError::MissingLeader { seat }),
            };
            check_deck_size(format, seat, seat_setup)?;
            check_field_setup(&seat_setup.field_setup, &rules.pool, format)
                .map_err(|why| SetupError::BadFieldSetup { seat, why })?;
            if let Some(duelist_setup) = &seat_setup.duelist_setup {
                check_duelist_setup(duelist_setup, &rules.pool, format)
                    .map_err(|why| SetupError::BadDuelistSetup { seat, why })?;
            }
            first_cards.push(CardRef(
                u16::try_from(commitments.len()).unwrap_or(u16::MAX),
            ));
            let deck: Vec<CardRef> = seat_setup
                .deck
                .iter()
                .map(|c| commit(&mut commitments, *c))
                .collect();
            let mut player = new_player(format, deck);
            player.extra_deck = commit_extra_deck(&mut commitments, seat_setup);
            player.deck_master = deck_master;
            // A player who joins later swaps, if at all, once they join and draw.
            player.starting_swap_due = seat_setup.duelist_setup.is_some() && i < starting_players;
            player.duelist_setup = seat_setup.duelist_setup.clone();
            player.field_setup_card = seat_setup.field_setup.card;
            player_states.push(player);
        }
        place_permutation_rounds(&setup, &mut commitments, &mut player_states, &first_cards)?;
        // Step (3) of the Setup Phase: a player's Field Setup, or the default terrain.
        // A field without terrain has no markers at all.
        let zones = usize::from(board.monster_zones());
        let mut markers = starting.map_or_else(Vec::new, |s| vec![s; players * zones]);
        for (i, seat_setup) in setup.seats.iter().enumerate() {
            for (slot, terrain) in seat_setup.field_setup.terrains.iter().enumerate() {
                if let Some(marker) = markers.get_mut(i * zones + slot) {
                    *marker = *terrain;
                }
            }
        }
        let state = starting_state(
            &rules,
            &setup,
            commitments,
            player_states,
            StartingBoard {
                board_size: 0,
                terrain: Vec::new(),
                cells: vec![None; board.slot_count()],
                markers,
            },
        );
        let sides_to_choose = format.field.blue_and_red;
        let mut duel = Duel::with_state(rules, state, Topology::Field(board));
        if starting_players < players {
            for late in starting_players..players {
                duel.state.table.wait(Seat(late as u8));
            }
            // The first round is the starting players' own: its last player has the first
            // Battle Phase.
            duel.state.table.shorten_first_round();
        }
        let mut events = Vec::new();
        duel.draw_opening_hands(&mut events);
        if sides_to_choose || setup.seats.iter().any(|s| s.duelist_setup.is_some()) {
            // The sides, and step (6), the Duelist Setup swaps, come after the starting
            // hands.
            duel.state.resume = crate::state::Resume::FirstTurn { seat: setup.first };
        } else {
            duel.field_start_turn(setup.first, &mut events);
        }
        duel.settle(&mut events);
        Ok((duel, events))
    }
}
