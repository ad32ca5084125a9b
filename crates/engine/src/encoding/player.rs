//! The state hash's encoding of one player's state (see the parent module for postcard's
//! rules): everything a player holds, in [`PlayerState`]'s declaration order.

use super::Writer;
use crate::field::DuelistSetup;
use crate::player::{DeckMaster, DeckOrder, DestinyPile, PermutationRound, PlayerState};

impl Writer<'_> {
    #[inline(always)]
    pub(super) fn player(&mut self, player: &PlayerState) {
        let PlayerState {
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
            idle_warnings,
            idle_warnings_this_turn,
            fielded_monster,
            attacks_declared,
            redirected,
            proposed_end,
            destruction_damage,
            deck_master,
            extra_deck,
            duelist_setup,
            field_setup_card,
            starting_swap_due,
            symbol,
            destiny,
            face_up_extra_deck,
            pendulum_summoned,
            rule_cards,
            effects_used,
            side,
            join_offered_turn,
            last_played,
        } = player;
        self.varint(u64::from(*life_points));
        self.byte(*summoning_points);
        self.len(deck.len());
        if deck.iter().all(|r| r.0 < 0x80) {
            // Every number is a one-byte varint: copy them in one go.
            self.bytes_from(deck, |r| r.0 as u8);
        } else {
            for r in deck {
                self.card_ref(*r);
            }
        }
        match deck_order {
            DeckOrder::Public => self.variant(0),
            DeckOrder::Permuted {
                rounds,
                first_card,
                next_position,
                size,
                taken,
                top,
                bottom,
            } => {
                self.variant(1);
                self.len(rounds.len());
                for PermutationRound { permuter, first } in rounds {
                    self.seat(*permuter);
                    self.card_ref(*first);
                }
                self.card_ref(*first_card);
                self.varint(u64::from(*next_position));
                self.varint(u64::from(*size));
                for cards in [taken, top, bottom] {
                    self.len(cards.len());
                    for r in cards {
                        self.card_ref(*r);
                    }
                }
            }
        }
        self.slots(hand);
        self.slots(graveyard);
        self.slots(banished);
        match field_spell {
            None => self.byte(0),
            Some(attached) => {
                self.byte(1);
                self.attached(attached);
            }
        }
        self.cell(*leader);
        self.byte(*leader_stuck_turns);
        self.byte(*cards_played);
        self.byte(*monsters_played);
        self.byte(*idle_warnings);
        self.byte(*idle_warnings_this_turn);
        self.bool(*fielded_monster);
        self.byte(*attacks_declared);
        self.bool(*redirected);
        self.bool(*proposed_end);
        self.varint(u64::from(*destruction_damage));
        match deck_master {
            None => self.byte(0),
            Some(DeckMaster {
                card,
                card_ref,
                in_zone,
                seen_at,
                returns,
                drawn_unseen,
            }) => {
                self.byte(1);
                self.card_id(*card);
                self.card_ref(*card_ref);
                self.byte(u8::from(*in_zone));
                self.deck_master_place(*seen_at);
                self.byte(*returns);
                self.len(drawn_unseen.len());
                for r in drawn_unseen {
                    self.card_ref(*r);
                }
            }
        }
        self.len(extra_deck.len());
        for r in extra_deck {
            self.card_ref(*r);
        }
        match duelist_setup {
            None => self.byte(0),
            Some(DuelistSetup { card, cardlist }) => {
                self.byte(1);
                self.card_id(*card);
                self.len(cardlist.len());
                for card in cardlist {
                    self.card_id(*card);
                }
            }
        }
        match field_setup_card {
            None => self.byte(0),
            Some(card) => {
                self.byte(1);
                self.card_id(*card);
            }
        }
        self.bool(*starting_swap_due);
        match symbol {
            None => self.byte(0),
            Some(crate::field::SymbolInPlay {
                card,
                card_ref,
                charges,
                used_this_round,
            }) => {
                self.byte(1);
                self.card_id(*card);
                self.card_ref(*card_ref);
                self.byte(*charges);
                self.bool(*used_this_round);
            }
        }
        match destiny {
            None => self.byte(0),
            Some(DestinyPile { cards, drawn }) => {
                self.byte(1);
                self.len(cards.len());
                for r in cards {
                    self.card_ref(*r);
                }
                self.bool(*drawn);
            }
        }
        self.slots(face_up_extra_deck);
        self.bool(*pendulum_summoned);
        self.len(rule_cards.len());
        for crate::field::ActiveRuleCard {
            card_ref,
            card,
            relies_on,
        } in rule_cards
        {
            self.card_ref(*card_ref);
            self.card_id(*card);
            match relies_on {
                None => self.byte(0),
                Some(r) => {
                    self.byte(1);
                    self.card_ref(*r);
                }
            }
        }
        self.len(effects_used.len());
        for card in effects_used {
            self.card_id(*card);
        }
        match side {
            None => self.byte(0),
            Some(side) => {
                self.byte(1);
                self.variant(*side as u8);
            }
        }
        self.varint(u64::from(*join_offered_turn));
        match last_played {
            None => self.byte(0),
            Some(play) => {
                self.byte(1);
                self.card_ref(play.card_ref);
                self.varint(u64::from(play.turn));
            }
        }
    }
}
