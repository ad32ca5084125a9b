//! Cheats that only the card game's field allows (Kingdom Duels).

use fairduel_engine::{Action, Place, PlayMode};
use fairduel_protocol::envelope::Body;

use crate::harness::{Game, Table, last, names_only, play_on_after_lie};

#[test]
fn a_monster_set_as_a_spell_on_the_card_games_field_is_named_by_the_audit() {
    // Kingdom Duels: monsters are summoned face-up, and a face-down card in the Backrow is
    // claimed to be a spell or a trap. The cheater Sets a monster there instead; nobody can
    // see it, so the claim waits, and the audit, replaying with the cheater's secrets, finds
    // the Set illegal and names the entry.
    let table = Table::load("kingdom-duels");
    let mut caught = false;
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let cheater = last(&game);
        let lie = |g: &Game| -> Option<(u8, Place)> {
            if !g.in_main(cheater) {
                return None;
            }
            let legal = g.peer(cheater).legal_actions();
            let monster = legal.iter().find_map(|a| match a {
                Action::Play {
                    hand_index,
                    mode: PlayMode::Summon,
                    ..
                } => Some(*hand_index),
                _ => None,
            })?;
            let backrow = legal.iter().find_map(|a| match a {
                Action::Play {
                    to,
                    mode: PlayMode::SetSpellTrap,
                    ..
                } => Some(*to),
                _ => None,
            })?;
            Some((monster, backrow))
        };
        if !game.advance_until_or_end(|g| lie(g).is_some()) {
            continue;
        }
        let (hand_index, to) = lie(&game).unwrap();
        let forged = game.forge_applied(
            cheater,
            Body::Action(Action::Play {
                hand_index,
                to,
                mode: PlayMode::SetSpellTrap,
                cost: 0,
                tributes: Vec::new(),
                reveal: None,
            }),
        );
        // The honest side cannot tell: the card is hidden.
        game.honest_receives(cheater, &forged)
            .expect("a hidden card's claim waits for the audit");
        let lie_seq = forged.open().unwrap().seq;
        let mut run = game.clone();
        if let Some(refused) = play_on_after_lie(&mut run, cheater, true) {
            panic!("the lie was refused during play, not by the audit: {refused}");
        }
        for seat in run.others(cheater) {
            let (seq, what) = names_only(&run.audit_by(seat), cheater);
            // Replayed with the cheater's own secrets, the Set is illegal where it was made.
            assert_eq!(seq, lie_seq, "{what}");
            assert!(what.contains("spell or a trap"), "{what}");
        }
        caught = true;
        break;
    }
    assert!(
        caught,
        "no seed gave the cheater a monster and a spell to lie with"
    );
}
