//! Hourglass of Life: "If LP is higher than 1000 at the moment this card is destroyed, a
//! maximum of 4 monsters with the highest ATKs from own as well as opponent's Graveyard are
//! revived under owning player's control. Following the revival, the owning player's LP is
//! reduced by 1000."
//!
//! The monsters are picked as the effect resolves (the Hourglass itself aside) from its
//! owner's graveyard and their opponents' (not a teammate's, nor a departed player's), by
//! printed ATK; between equal ATKs the owner's own graveyard comes first, then, graveyard by
//! graveyard, the card that reached it last. Each comes back as a monster coming back by its own effect does (`revival_in_summoning_area`):
//! the player chooses the zone of their Summoning Area, one monster after another, and the
//! pick stops at the zones and the room for monsters there are. Since the player has more
//! than the cost, paying it first ends no duel, so it is paid as the effect resolves, when
//! at least one monster comes back.

use super::Resolved;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::revival_in_summoning_area::ComingBack;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn revive_strongest(
        &mut self,
        effect: &QueuedEffect,
        count: u8,
        above: u16,
        cost: u16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        // "The owning player": whose graveyard the Hourglass went to, whoever controlled it.
        let seat = self
            .destroyed_card_in_graveyard(effect)
            .map_or(effect.controller, |(owner, _)| owner);
        if !self.state.table.in_play(seat)
            || self.state.player(seat).life_points <= u32::from(above)
            || !self.has_monster_room(seat)
        {
            return Resolved::Done;
        }
        let zones = self.free_summoning_zones(seat, None).len();
        let mut candidates: Vec<(i32, bool, usize, ComingBack)> = Vec::new();
        // "Own as well as opponent's Graveyard": not a teammate's, nor a departed player's.
        let table = self.state.table;
        let graveyards = table.seats().filter(|from| {
            *from == seat || (table.in_play(*from) && table.are_opponents(seat, *from))
        });
        for from in graveyards {
            for (order, slot) in self.state.player(from).graveyard.iter().enumerate() {
                // The destroyed Hourglass brings back others, not itself.
                if effect.card_ref == Some(slot.card_ref) {
                    continue;
                }
                let Some(card) = slot.card.and_then(|id| self.rules.pool.get(id)) else {
                    continue;
                };
                let Some(stats) = card.monster() else {
                    continue;
                };
                candidates.push((
                    i32::from(stats.atk),
                    from == seat,
                    order,
                    ComingBack {
                        from,
                        card_ref: slot.card_ref,
                        card: card.id,
                    },
                ));
            }
        }
        // Highest ATK first; then the player's own graveyard; then the latest to arrive.
        candidates.sort_by_key(|c| std::cmp::Reverse((c.0, c.1, c.2)));
        let picked: Vec<ComingBack> = candidates
            .into_iter()
            .map(|(_, _, _, coming_back)| coming_back)
            .take(usize::from(count).min(zones))
            .collect();
        if picked.is_empty() {
            return Resolved::Done;
        }
        self.pay_life_points(seat, u32::from(cost), events);
        // Held up last to first, so the strongest is placed first.
        for coming_back in picked.into_iter().rev() {
            self.wait_for_revival_zone(effect, seat, coming_back);
        }
        Resolved::Stopped
    }
}
