//! Kingdom Duels' Duelist Setup swap, as a player makes it: pick up to 2 cards of the
//! starting hand to give back and as many Cardlist cards to take from the deck, then swap —
//! or keep the hand. The engine checks the swap again; this widget only offers what its
//! rules allow.

use egui::{Response, RichText, Ui};
use fairduel_engine::commitment::CardRef;
use fairduel_engine::field::MAX_STARTING_SWAPS;
use fairduel_engine::{Action, CardId};

use crate::session::SeatView;
use crate::theme;

/// What the player has picked so far (view state: nothing of it is sent until "Swap").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SwapDraft {
    pub give: Vec<CardRef>,
    pub take: Vec<CardId>,
}

impl SwapDraft {
    fn toggle<T: PartialEq + Copy>(list: &mut Vec<T>, item: T) {
        if let Some(at) = list.iter().position(|x| *x == item) {
            list.remove(at);
        } else if list.len() < MAX_STARTING_SWAPS {
            list.push(item);
        }
    }

    /// The action the picks make, once they are a swap the rules allow.
    pub fn action(&self, view: &SeatView) -> Option<Action> {
        if self.give.is_empty() || self.give.len() != self.take.len() {
            return None;
        }
        let state = view.duel.state();
        let deck = &state.player(view.seat).deck;
        let mut take = Vec::new();
        for card in &self.take {
            let found = deck.iter().find_map(|r| {
                let reveal = view.knowledge.get(&state.commitment(*r))?;
                (reveal.card == *card).then_some((*r, *reveal))
            })?;
            take.push(found);
        }
        Some(Action::SwapStartingCards {
            give: self.give.clone(),
            take,
        })
    }
}

/// The Cardlist's cards still in `view`'s deck, each once, in the Cardlist's order.
fn cardlist_in_deck(view: &SeatView) -> Vec<CardId> {
    let state = view.duel.state();
    let player = state.player(view.seat);
    let Some(setup) = &player.duelist_setup else {
        return Vec::new();
    };
    let mut out: Vec<CardId> = Vec::new();
    for card in &setup.cardlist {
        let in_deck = player
            .deck
            .iter()
            .any(|r| view.knowledge.card(&state.commitment(*r)) == Some(*card));
        if in_deck && !out.contains(card) {
            out.push(*card);
        }
    }
    out
}

/// The swap panel. Returns the action to send when the player swaps or keeps their hand.
pub fn starting_swap_ui(
    ui: &mut Ui,
    draft: &mut SwapDraft,
    view: &SeatView,
    enabled: bool,
) -> (Response, Option<Action>) {
    let name = |card: CardId| {
        view.duel
            .pool()
            .get(card)
            .map_or_else(|| card.to_string(), |c| c.name.clone())
    };
    let state = view.duel.state();
    let player = state.player(view.seat);
    let setup_name = player
        .duelist_setup
        .as_ref()
        .map_or_else(String::new, |s| name(s.card));
    let mut chosen = None;
    let response = ui
        .vertical(|ui| {
            ui.label(
                RichText::new(format!(
                    "Your Duelist Setup {setup_name}: replace up to {MAX_STARTING_SWAPS} cards \
                     of your starting hand with cards of its Cardlist from your deck (everyone \
                     sees what you take), then your deck is shuffled."
                ))
                .color(theme::PROMPT)
                .strong(),
            );
            ui.horizontal_wrapped(|ui| {
                ui.label("Give back:");
                for slot in &player.hand {
                    let card = slot
                        .card
                        .or_else(|| view.knowledge.card(&state.commitment(slot.card_ref)));
                    let label = card.map_or_else(|| "a hand card".to_owned(), name);
                    let picked = draft.give.contains(&slot.card_ref);
                    if ui
                        .add_enabled(enabled, egui::Button::selectable(picked, label))
                        .clicked()
                    {
                        SwapDraft::toggle(&mut draft.give, slot.card_ref);
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Take from the Cardlist:");
                let listed = cardlist_in_deck(view);
                if listed.is_empty() {
                    ui.label(
                        RichText::new("no Cardlist card is left in your deck")
                            .color(theme::TEXT_DIM),
                    );
                }
                for card in listed {
                    let picked = draft.take.contains(&card);
                    if ui
                        .add_enabled(enabled, egui::Button::selectable(picked, name(card)))
                        .clicked()
                    {
                        SwapDraft::toggle(&mut draft.take, card);
                    }
                }
            });
            ui.horizontal(|ui| {
                let swap = draft.action(view);
                let words = if swap.is_some() {
                    format!(
                        "Swap {} for {}",
                        draft.give.len(),
                        draft
                            .take
                            .iter()
                            .map(|c| name(*c))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    )
                } else {
                    "Swap (pick as many cards to take as to give back)".to_owned()
                };
                if ui
                    .add_enabled(enabled && swap.is_some(), egui::Button::new(words))
                    .clicked()
                {
                    chosen = swap;
                }
                if ui
                    .add_enabled(enabled, egui::Button::new("Keep my starting hand"))
                    .clicked()
                {
                    chosen = Some(Action::SwapStartingCards {
                        give: Vec::new(),
                        take: Vec::new(),
                    });
                }
            });
        })
        .response;
    if chosen.is_some() {
        *draft = SwapDraft::default();
    }
    (response, chosen)
}
