//! Computer opponents: a seeded random bot and a greedy bot that a new player finds a fair
//! practice partner.

use fairduel_engine::action::{Action, PlayMode};
use fairduel_engine::awaiting::Decision;
use fairduel_engine::card::{CardKind, Primitive, Trigger};
use fairduel_engine::duel::Duel;
use fairduel_engine::grid::Cell;
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::piece::Class;
use fairduel_engine::seat::Seat;

use crate::rng::SeededRng;

/// Something that picks one of the legal actions.
pub trait Bot: std::fmt::Debug {
    /// Picks an index into `legal` (which is never empty).
    fn choose(&mut self, duel: &Duel, seat: Seat, knowledge: &Knowledge, legal: &[Action])
    -> usize;

    /// Its seat wrote a protocol answer, which involves no choice. Seeded self-play through
    /// the referee has always had the bot draw once for every entry its seat writes, as if
    /// choosing among one option; drawing here keeps every seed's game what it was.
    fn on_answer(&mut self);
}

/// A bot reads no card text, so it cannot tell which materials a Hidden Integration
/// Summon's card lists: asked to judge them, it takes them as proper (a refusal would end
/// the duel on a coin toss).
fn judged_proper(legal: &[Action]) -> Option<usize> {
    legal
        .iter()
        .position(|a| matches!(a, Action::JudgeMaterials { proper: true }))
}

/// Picks uniformly among the legal actions, with a seed so games can be replayed.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: SeededRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SeededRng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(
        &mut self,
        _duel: &Duel,
        _seat: Seat,
        _knowledge: &Knowledge,
        legal: &[Action],
    ) -> usize {
        judged_proper(legal).unwrap_or_else(|| self.pick(legal))
    }

    fn on_answer(&mut self) {
        self.rng.next_u64();
    }
}

impl RandomBot {
    /// The random bot's choice, which looks at nothing but the list.
    fn pick(&mut self, legal: &[Action]) -> usize {
        let group_of = |a: &Action| match a {
            Action::Strike { .. } => Some(0),
            Action::HiddenIntegrationSummon { .. } => Some(1),
            _ => None,
        };
        let sizes = [0, 1].map(|g| legal.iter().filter(|a| group_of(a) == Some(g)).count());
        if sizes.iter().all(|n| *n <= 1) {
            return self.rng.below(legal.len());
        }
        // A STRIKE is offered for every monster at every opponent's terrain, a Hidden
        // Integration Summon for every material and position: each kind counted as one
        // option, so that a random bot still goes to battle. (No other list draws twice, so
        // every game without them stays what it was.)
        let groups: Vec<usize> = (0..sizes.len()).filter(|g| sizes[*g] > 0).collect();
        let others = legal.iter().filter(|a| group_of(a).is_none()).count();
        let pick = self.rng.below(others + groups.len());
        let (nth, group) = match pick.checked_sub(others) {
            Some(g) => {
                let group = groups.get(g).copied().unwrap_or(0);
                (self.rng.below(sizes[group]), Some(group))
            }
            None => (pick, None),
        };
        legal
            .iter()
            .enumerate()
            .filter(|(_, a)| group_of(a) == group)
            .nth(nth)
            .map_or(0, |(i, _)| i)
    }
}

/// Scores every legal action by the position it leads to (life points, monsters, the
/// safety of its Deck Leader) plus what it expects from battles, and plays the best one.
/// Ties are broken by a seeded coin so that two games differ.
#[derive(Debug, Clone)]
pub struct GreedyBot {
    rng: SeededRng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: SeededRng::new(seed),
        }
    }
}

impl Bot for GreedyBot {
    fn choose(
        &mut self,
        duel: &Duel,
        seat: Seat,
        knowledge: &Knowledge,
        legal: &[Action],
    ) -> usize {
        if let Some(proper) = judged_proper(legal) {
            return proper;
        }
        let mut best = (i64::MIN, 0usize);
        for (i, action) in legal.iter().enumerate() {
            let score =
                score_action(duel, seat, knowledge, action) * 16 + self.rng.below(16) as i64;
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    fn on_answer(&mut self) {
        self.rng.next_u64();
    }
}

fn score_action(duel: &Duel, seat: Seat, knowledge: &Knowledge, action: &Action) -> i64 {
    // A copy to try the action on, thrown away after: no rollback needed.
    let mut after = duel.clone();
    if after
        .try_action_without_rollback(seat, action, Some(knowledge))
        .is_err()
    {
        return i64::MIN / 32;
    }
    let mut score = evaluate(&after, seat, knowledge) - evaluate(duel, seat, knowledge);
    match action {
        Action::EndTurn => score -= 50,
        Action::SpringTrap { .. } => score += 400,
        // An Idle Warning is half a loss.
        Action::LeaveTriggered => score -= 400,
        Action::Attack { from, target, .. } => {
            if let (Some(from), Some(target)) = (from.cell(), target.cell()) {
                score += attack_expectation(duel, knowledge, from, target)
            }
        }
        Action::Play {
            mode: PlayMode::ActivateSpell,
            ..
        } => score += 100,
        Action::Play { .. } => score += 150,
        Action::Flip { .. } => score += 60,
        // Only worth it when nothing better is on offer: a position change costs the move.
        Action::ChangePosition { .. } => score -= 60,
        _ => {}
    }
    if matches!(
        duel.awaiting().decision(),
        Some((_, Decision::Respond { .. }))
    ) && matches!(action, Action::Pass)
    {
        score -= 100;
    }
    score
}

/// Rough worth of an attack before its hidden parts are known.
fn attack_expectation(duel: &Duel, knowledge: &Knowledge, from: Cell, target: Cell) -> i64 {
    let state = duel.state();
    let (Some(attacker), Some(defender)) = (state.piece(from), state.piece(target)) else {
        return 0;
    };
    let Some(a_card) = duel.known_card(attacker, Some(knowledge)) else {
        return 0;
    };
    let mut face_up = attacker.clone();
    face_up.face_up = true;
    let (atk, _) = duel.stats_of(from, &face_up, a_card);
    if defender.leader {
        return i64::from(atk) * 2 + 500;
    }
    if defender.class == Class::SpellTrap {
        return 150;
    }
    match duel.stats_at(target) {
        Some((d_atk, d_def)) => {
            let against = if defender.defence { d_def } else { d_atk };
            if atk > against {
                400 + i64::from(atk - against)
            } else {
                -800 - i64::from(against - atk)
            }
        }
        // Unknown: a face-down monster is usually a weak one or a flip effect.
        None => i64::from(atk) / 2 - 700,
    }
}

/// Static evaluation from `seat`'s point of view.
fn evaluate(duel: &Duel, seat: Seat, knowledge: &Knowledge) -> i64 {
    let state = duel.state();
    if let Some(outcome) = state.outcome {
        return if outcome.won(seat) {
            1_000_000
        } else if outcome.is_draw() {
            0
        } else {
            -1_000_000
        };
    }
    let table = state.table;
    if !table.in_play(seat) {
        return -1_000_000;
    }
    let me = state.player(seat);
    // The opponents still in the game, as one: their average life points, the nearest of
    // their Deck Leaders. (With one opponent, simply that opponent.)
    let opponents: Vec<Seat> = table.opponents_of(seat).collect();
    let count = opponents.len().max(1) as i64;
    let their_life: i64 = opponents
        .iter()
        .map(|s| i64::from(state.player(*s).life_points))
        .sum::<i64>()
        / count;
    let mut score = (i64::from(me.life_points) - their_life) * 2;
    let enemy_leaders: Vec<Cell> = opponents.iter().map(|s| state.player(*s).leader).collect();
    let my_leader = me.leader;
    for (cell, piece) in state.pieces() {
        if piece.leader {
            continue;
        }
        let ours = table.are_allies(seat, piece.controller);
        let sign = if ours { 1 } else { -1 };
        // The bot knows its own class-hidden cards (the bluff); an opponent's could be either.
        let value = match duel.known_class(piece, Some(knowledge)) {
            Class::Unknown => 270,
            Class::Monster => {
                let stats = duel.stats_at(cell).or_else(|| {
                    duel.known_card(piece, Some(knowledge))
                        .and_then(|c| c.monster())
                        .map(|m| (i32::from(m.atk), i32::from(m.def)))
                });
                let (atk, def) = stats.unwrap_or((1200, 1200));
                let mut v = 300 + i64::from(atk.max(def)) / 2;
                if duel.is_spellbound(cell) {
                    v /= 3;
                }
                if piece.controller == seat {
                    // Advance on the nearest enemy leader.
                    let distance = enemy_leaders
                        .iter()
                        .map(|l| cell.distance(*l))
                        .min()
                        .unwrap_or(12);
                    v += 40 * (12 - i64::from(distance).min(12));
                }
                v
            }
            Class::SpellTrap => 250,
        };
        score += sign * value;
        // Enemy monsters next to our leader are a threat.
        if !ours && piece.class == Class::Monster && cell.distance(my_leader) <= 2 {
            score -= 200;
        }
    }
    // Keep one guard next to our own leader.
    let guarded = state.pieces().any(|(cell, p)| {
        p.controller == seat
            && !p.leader
            && duel.known_class(p, Some(knowledge)) == Class::Monster
            && cell.distance(my_leader) == 1
    });
    if guarded {
        score += 150;
    }
    let useful_hand = me
        .hand
        .iter()
        .filter_map(|s| knowledge.card(&state.commitment(s.card_ref)))
        .filter_map(|id| duel.pool().get(id))
        .filter(|c| match &c.kind {
            CardKind::Monster(_) => true,
            _ => c.effects.iter().any(|e| {
                e.trigger == Trigger::Activate && !matches!(e.primitive, Primitive::Heal { .. })
            }),
        })
        .count() as i64;
    score + useful_hand * 40 + i64::from(me.summoning_points) * 10
}

#[cfg(test)]
mod tests {
    use fairduel_engine::place::{Place, Zone};

    use super::*;

    #[test]
    fn a_random_bot_weighs_all_its_strikes_as_one_option() {
        let zone = |side, slot| Place::Zone {
            side: Seat(side),
            zone: Zone::Frontrow,
            slot,
        };
        let mut legal = vec![Action::NextPhase];
        for from in 0..5 {
            for target in 0..5 {
                legal.push(Action::Strike {
                    from: zone(0, from),
                    target: zone(1, target),
                });
            }
        }
        let mut bot = RandomBot::new(7);
        let mut strikes_picked = std::collections::BTreeSet::new();
        let mut strikes = 0;
        for _ in 0..2_000 {
            let i = bot.pick(&legal);
            if matches!(legal[i], Action::Strike { .. }) {
                strikes += 1;
                strikes_picked.insert(i);
            }
        }
        // Two options (go on, or one of the 25 STRIKEs): about half each, not 25 in 26; and
        // every STRIKE still comes up.
        assert!(
            (800..1_200).contains(&strikes),
            "{strikes} STRIKEs in 2,000"
        );
        assert_eq!(strikes_picked.len(), 25);
        // Without STRIKEs the choice is one draw over the whole list, as it always was.
        let plain = [Action::NextPhase, Action::EndTurn, Action::Pass];
        let (mut a, mut b) = (RandomBot::new(3), RandomBot::new(3));
        for _ in 0..100 {
            assert_eq!(a.pick(&plain), b.rng.below(plain.len()));
        }
    }
}
