//! The end reveal's part about reshuffles: every deck a seat committed to again must open,
//! card for card, to the cards it replaced (anything else is a stacked deck), and every
//! round it permuted must open to a permutation.

use std::collections::BTreeMap;

use fairduel_engine::card::CardId;
use fairduel_engine::commitment::{CardRef, Commitment};
use fairduel_engine::hash::Digest32;
use fairduel_engine::seat::Seat;
use fairduel_engine::state::DuelState;

use super::setup::check_permutation_opening;
use crate::envelope::EndReveal;

/// Checks `author`'s openings of its reshuffles against the duel's record of them.
/// `opened` holds the cards its set-up deck commitments open to; the re-committed ones are
/// added as they check out, since a later reshuffle may hold cards an earlier one
/// committed.
pub(super) fn check_reshuffle_openings(
    match_id: &Digest32,
    state: &DuelState,
    author: Seat,
    reveal: &EndReveal,
    mut opened: BTreeMap<Commitment, CardId>,
) -> Result<(), String> {
    let mut recommitted = reveal.recommitted.iter();
    let mut rounds = reveal.reshuffled.iter();
    for (number, reshuffle) in state.reshuffles.iter().enumerate() {
        let number = number + 1;
        if reshuffle.owner == author
            && let Some(first) = reshuffle.first_card
        {
            let mut old: Vec<CardId> = Vec::with_capacity(reshuffle.cards.len());
            for card_ref in &reshuffle.cards {
                let commitment = state.commitment(*card_ref);
                let card = opened.get(&commitment).copied().ok_or_else(|| {
                    format!(
                        "reshuffle {number} holds a card ({}) that none of its openings opens",
                        card_ref.0
                    )
                })?;
                old.push(card);
            }
            let mut new = Vec::with_capacity(old.len());
            for i in 0..reshuffle.cards.len() {
                let commitment = state.commitment(CardRef(first.0.saturating_add(i as u16)));
                let opening = recommitted.next().ok_or_else(|| {
                    format!("it does not open every card it committed to in reshuffle {number}")
                })?;
                if !commitment.opens_to(match_id, author, opening) {
                    return Err(format!(
                        "card {i} it committed to in reshuffle {number} does not open to what it committed"
                    ));
                }
                opened.insert(commitment, opening.card);
                new.push(opening.card);
            }
            old.sort_unstable();
            new.sort_unstable();
            if old != new {
                return Err(format!(
                    "in reshuffle {number} it committed to other cards than its deck held: a stacked deck"
                ));
            }
        }
        for (round, permutation) in reshuffle.rounds.iter().enumerate() {
            if permutation.permuter != author {
                continue;
            }
            let opening = rounds.next().ok_or_else(|| {
                format!(
                    "it does not open its permutation in reshuffle {number} of {}'s deck",
                    reshuffle.owner
                )
            })?;
            if opening.owner != reshuffle.owner || usize::from(opening.round) != round {
                return Err(format!(
                    "its openings of reshuffle rounds are out of order at reshuffle {number}"
                ));
            }
            let positions: Vec<Commitment> = (0..reshuffle.cards.len())
                .map(|p| state.commitment(CardRef(permutation.first.0.saturating_add(p as u16))))
                .collect();
            check_permutation_opening(
                match_id,
                reshuffle.owner,
                author,
                opening.round,
                &positions,
                &opening.openings,
            )
            .map_err(|why| format!("in reshuffle {number}, {why}"))?;
        }
    }
    if recommitted.next().is_some() || rounds.next().is_some() {
        return Err("it opens reshuffles that never happened".into());
    }
    Ok(())
}
