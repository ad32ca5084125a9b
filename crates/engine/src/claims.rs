//! Pending claims: what an action said about a hidden card (its kind, its level, that it is
//! not a trap that had to spring, that it does not match an effect), checked when the card
//! is revealed and, for cards never revealed, by the audit.

use crate::card::{CardDef, CardId};
use crate::duel::Duel;
use crate::grid::identity_matches;
use crate::kingdom_card::MainType;
use crate::state::{PendingClaim, Predicate};

/// Whether `card` is what `predicate` says.
pub(crate) fn predicate_holds(predicate: &Predicate, card: &CardDef) -> bool {
    match predicate {
        // A monster Set from the hand: one a Normal Summon or Set may bring, never a Ritual
        // Monster of a card database, nor a monster that starts in the Extra Deck.
        Predicate::MonsterLevel { min, max } => {
            card.is_normal_summonable()
                && card
                    .monster()
                    .is_some_and(|m| (*min..=*max).contains(&m.level))
        }
        Predicate::SpellOrTrap => match card.kingdom() {
            Some(k) => k.is(MainType::Spell) || k.is(MainType::Trap),
            None => !card.is_monster(),
        },
        Predicate::Spell => card.is_spell(),
        Predicate::NotMatching { filter, .. } => !identity_matches(filter, card, None),
        Predicate::NotObligedTrap { traps } => !traps.contains(&card.id),
        Predicate::FitsEquip { filter } => {
            card.is_monster() && identity_matches(filter, card, None)
        }
        Predicate::Monster => match card.kingdom() {
            Some(k) => k.is(MainType::Monster),
            None => card.is_monster(),
        },
        Predicate::FieldSpell => card.goes_to_the_field_zone(),
        Predicate::SpellOrTrapNotFieldSpell => {
            predicate_holds(&Predicate::SpellOrTrap, card) && !card.goes_to_the_field_zone()
        }
        Predicate::FlipMonster => card.is_normal_summonable() && card.has_flip(),
        // No alternate art of an Integration Monster exists to look through.
        Predicate::IntegrationMonster => card
            .kingdom()
            .is_some_and(|k| k.frame == crate::kingdom_card::Frame::Integration),
        Predicate::MonsterLevelOrSpellTrap { min, max } => {
            predicate_holds(
                &Predicate::MonsterLevel {
                    min: *min,
                    max: *max,
                },
                card,
            ) || predicate_holds(&Predicate::SpellOrTrap, card)
        }
    }
}

pub(crate) fn describe_predicate(predicate: &Predicate) -> String {
    match predicate {
        Predicate::MonsterLevel { min, max } if min == max => format!("a monster of level {min}"),
        Predicate::MonsterLevel { min, max } => format!("a monster of level {min} to {max}"),
        Predicate::SpellOrTrap => "a spell or trap".into(),
        Predicate::Spell => "a spell".into(),
        Predicate::NotMatching { .. } => "not matching the effect it was asked about".into(),
        Predicate::NotObligedTrap { .. } => {
            "not a trap that had to spring when its owner passed".into()
        }
        Predicate::FitsEquip { .. } => "a monster the equip put on it fits".into(),
        Predicate::Monster => "a monster".into(),
        Predicate::FieldSpell => "a Field Spell".into(),
        Predicate::SpellOrTrapNotFieldSpell => "a spell or trap other than a Field Spell".into(),
        Predicate::FlipMonster => "a monster with the FLIP keyword".into(),
        Predicate::IntegrationMonster => "an Integration Monster".into(),
        Predicate::MonsterLevelOrSpellTrap { min, max } => format!(
            "{} or a spell or trap",
            describe_predicate(&Predicate::MonsterLevel {
                min: *min,
                max: *max
            })
        ),
    }
}

impl Duel {
    /// Whether `card` is what `predicate` says, an alternate art judged as the card it
    /// reprints (it prints no types of its own).
    pub(crate) fn claim_holds(&self, predicate: &Predicate, card: &CardDef) -> bool {
        predicate_holds(predicate, self.rules.pool.printed_card(card))
    }

    /// Records each of `claims` that is not pending already (the same claim on the same
    /// card), telling everyone a claim was made about which hidden card.
    pub(crate) fn record_new_claims(
        &mut self,
        claims: Vec<PendingClaim>,
        events: &mut Vec<crate::event::Event>,
    ) {
        for claim in claims {
            let known = self
                .state
                .claims
                .iter()
                .any(|c| c.card_ref == claim.card_ref && c.predicate == claim.predicate);
            if !known {
                events.push(crate::event::Event::ClaimRecorded {
                    owner: claim.owner,
                    commitment: self.state.commitment(claim.card_ref),
                });
                self.state.claims.push(claim);
            }
        }
    }

    /// Whether a pending claim holds for the card actually behind it (the audit checks the
    /// claims never revealed during the duel this way). The error says what was claimed.
    pub fn check_claim(&self, claim: &PendingClaim, card: CardId) -> Result<(), String> {
        let def = self.rules.card(card).map_err(|e| e.to_string())?;
        if self.claim_holds(&claim.predicate, def) {
            Ok(())
        } else {
            Err(format!(
                "on turn {} {} claimed its hidden card was {}, but it is {}",
                claim.turn,
                claim.owner,
                describe_predicate(&claim.predicate),
                def.name
            ))
        }
    }
}
