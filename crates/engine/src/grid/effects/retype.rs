//! Monsters that take another type or attribute (Tao the Chanter: "all LIGHT monsters are
//! turned to DARK monsters"; Blue-Eyed Silver Zombie and Call of the Haunted: "all your
//! monsters are transformed into ZOMBIE monsters"). Only a face-up monster changes: a
//! face-down one shows nothing of its card to change, and a changed one turned face-down
//! shows its printed type again when it next turns up (docs/RULES.md, "Types and attributes
//! changed").

use super::Resolved;
use crate::card::{Attribute, MonsterType, Targets};
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn retype(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        monster_type: Option<MonsterType>,
        attribute: Option<Attribute>,
        events: &mut Vec<Event>,
    ) -> Resolved {
        for cell in self.select(targets, effect, false) {
            let Some(piece) = self.state.piece_mut(cell) else {
                continue;
            };
            if !piece.face_up || piece.leader {
                continue;
            }
            if let Some(monster_type) = monster_type {
                piece.retyped.monster_type = Some(monster_type);
            }
            if let Some(attribute) = attribute {
                piece.retyped.attribute = Some(attribute);
            }
            events.push(Event::Retyped {
                at: cell.into(),
                monster_type,
                attribute,
            });
            // A new type can change what its terrain gives it.
            if let Some((atk, def)) = self.stats_at(cell) {
                events.push(Event::StatsChanged {
                    at: cell.into(),
                    atk,
                    def,
                });
            }
        }
        Resolved::Done
    }
}
