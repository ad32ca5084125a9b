//! The text of the effects read from the original Duelists of the Roses effect table beyond
//! stats, destruction and spellbinds: Nature Effects that change a rule or life points,
//! battles changed, cards sent back into the deck, Exodia's victory.

use super::{Ctx, filter_phrase, stat_change, targets_phrase, with_article};
use crate::card::{Area, Pick, Player, Primitive, Trigger};

/// The clause of one of these effects (`primitive_clause` hands them here); any other
/// primitive has none.
pub(super) fn clause(p: &Primitive, trigger: Trigger, ctx: &Ctx<'_>) -> String {
    match p {
        Primitive::ChangeTerrainOfRow { terrain } => format!(
            "every cell in {}'s row of the board becomes {} terrain (Labyrinth stays)",
            ctx.this(),
            terrain.label()
        ),
        Primitive::LeaderBoost { leader, atk, def } => {
            let leader = with_article(&filter_phrase(leader, false, ctx));
            format!(
                "if your Deck Leader is {leader}, {} {}",
                ctx.this(),
                stat_change(*atk, *def, false)
            )
        }
        Primitive::VictoryWhenSurrounded { limbs } => {
            let names: Vec<String> = limbs.iter().map(|id| ctx.name_of(*id)).collect();
            format!(
                "At the start of your turn, if {} is face-up and not spellbound and {} stand \
                 next to it, one on each side, each your own, face-up and not spellbound, you \
                 win the duel",
                ctx.this(),
                names.join(", ")
            )
        }
        Primitive::DamageIncrease { amount } => {
            format!("all damage to life points is increased by {amount}")
        }
        Primitive::DamageHalved => "all damage to life points is halved".to_owned(),
        Primitive::RecoveryDoubled => "all life points gained are doubled".to_owned(),
        Primitive::CancelsChangesInBattle => format!(
            "the monster {} battles fights with its printed ATK and DEF, its terrain and its \
             Deck Leader's bonus only",
            ctx.this()
        ),
        Primitive::BanishesInBattle => format!(
            "a monster {} destroys in battle is removed from the game",
            ctx.this()
        ),
        Primitive::NoMovementBonuses => {
            "no card's movement is increased (every effect that would is cancelled)".to_owned()
        }
        Primitive::MovesTwoForAll { filter } => format!(
            "every face-up {} moves up to two cells",
            filter_phrase(filter, false, ctx)
        ),
        Primitive::NoTraps => "no trap can be sprung".to_owned(),
        Primitive::NoSpells => "every spell and ritual resolves with no effect".to_owned(),
        Primitive::ImmuneToEnemySpells { filter } => format!(
            "every {} is out of reach of your opponents' spells",
            filter_phrase(filter, false, ctx)
        ),
        Primitive::SpellbindCountdownStopped => {
            "spellbinding counters do not count down".to_owned()
        }
        Primitive::SpellbindCountdownDoubled => {
            "spellbinding counters count down twice as fast".to_owned()
        }
        Primitive::PowerUpsBoosted { amount } => {
            format!("every power-up gives {amount} more ATK and DEF")
        }
        Primitive::OpposingLeaderPowersOff => {
            "your opponents' Deck Leader abilities do nothing".to_owned()
        }
        Primitive::ExtraSummoningPoint => {
            "you gain one more Summoning Point at each of your standbys".to_owned()
        }
        Primitive::SummoningPointsToZero { player } => match player {
            Player::Opponent => "your opponent's Summoning Points drop to 0".to_owned(),
            Player::Controller => "your Summoning Points drop to 0".to_owned(),
        },
        Primitive::AdoptStats { from } => {
            let np = targets_phrase(from, trigger, ctx);
            format!(
                "{} takes the ATK and DEF of {}{}",
                ctx.this(),
                np.text,
                np.condition
            )
        }
        Primitive::ReturnToDeck { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            let decks = if np.plural {
                "their owners' decks, which are"
            } else {
                "its owner's deck, which is"
            };
            format!("return {} to {decks} shuffled{}", np.text, np.condition)
        }
        Primitive::BoostAtACost { boost, cost } => format!(
            "if you have more than {cost} life points, pay {cost} and every face-up monster you \
             control gains {boost} ATK and DEF"
        ),
        Primitive::DiscardHands => {
            "every player sends their whole hand to the graveyard".to_owned()
        }
        Primitive::FeedOnGraveyards { per } => format!(
            "every monster card in every graveyard is removed from the game, and {} gains {per} \
             ATK and DEF for each",
            ctx.this()
        ),
        Primitive::FewerSummoningPoints => {
            "your opponents gain one Summoning Point fewer at each of their standbys".to_owned()
        }
        Primitive::Retype {
            targets,
            monster_type,
            attribute,
        } => {
            let np = targets_phrase(targets, trigger, ctx);
            let kind = crate::piece::Retyped {
                monster_type: *monster_type,
                attribute: *attribute,
            }
            .words();
            let becomes = if np.plural {
                format!("become {kind} monsters")
            } else {
                format!("becomes {}", with_article(&format!("{kind} monster")))
            };
            format!("{} {becomes} while face-up{}", np.text, np.condition)
        }
        Primitive::BringLeaderHere => {
            "your Deck Leader moves onto the cell where this card is activated".to_owned()
        }
        Primitive::SwapStats { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            let trade = if np.plural {
                "trade their"
            } else {
                "trades its"
            };
            format!("{} {trade} ATK and DEF{}", np.text, np.condition)
        }
        Primitive::EvolveOnTerrain { terrain, into } => format!(
            "while {} stands face-up on {} terrain, you may change it in your main phase into \
             {} from your Extra Deck",
            ctx.this(),
            terrain.label(),
            ctx.name_of(*into)
        ),
        Primitive::EvolveAfterTurns { turns, into } => format!(
            "once it has been so as {} since you turned it face-up yourself, you may change it \
             in your main phase into {} from your Extra Deck",
            turns_begun(*turns),
            ctx.name_of(*into)
        ),
        Primitive::DetonateAfterTurns { turns } => format!(
            "once it has been so as {} since you turned it face-up yourself, every card in the \
             3x3 square around it, itself included, is destroyed",
            turns_begun(*turns),
        ),
        Primitive::CannotMove => format!("{} cannot move", ctx.this()),
        Primitive::NeutralizesInBattle => format!(
            "the monster {} battles fights without its battle effects",
            ctx.this()
        ),
        Primitive::ReviveInSummoningArea => format!(
            "{} comes back from the graveyard to an unused zone of its owner's Summoning Area \
             other than the one it left, face-up in attack position",
            ctx.this()
        ),
        Primitive::Teleport { targets, to } => {
            let whose = match to {
                Player::Controller => "your",
                Player::Opponent => "your opponent's",
            };
            // One card goes, whichever of those in reach the controller picks.
            let card = match targets.area {
                Area::Adjacent => format!(
                    "one {} next to {}",
                    filter_phrase(&targets.filter, false, ctx),
                    ctx.this()
                ),
                _ => {
                    let np = targets_phrase(targets, trigger, ctx);
                    format!("{}{}", np.text, np.condition)
                }
            };
            let cancels = if targets.area == Area::This && trigger == Trigger::Flip {
                "; flipped face-up in battle, it cancels that battle"
            } else {
                ""
            };
            format!(
                "{card} teleports to an unused zone of {whose} Summoning Area you choose{cancels}"
            )
        }
        Primitive::RevealHand { player } => match player {
            Player::Controller => "you show every card in your hand to everyone".to_owned(),
            Player::Opponent => {
                "your opponent shows every card in their hand to everyone".to_owned()
            }
        },
        Primitive::DestroyOneAtRandom { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!(
                "one of {}{}, picked at random by every player together, is destroyed",
                np.text, np.condition
            )
        }
        Primitive::DestroyCellsAtRandom { cells } => format!(
            "{cells} cells of the board, picked at random by every player together, lose every \
             card on them but a Deck Leader"
        ),
        Primitive::LabyrinthMovesHere => {
            "one Labyrinth cell, picked at random by every player together, becomes Normal \
             terrain, and the cell where this card was activated becomes Labyrinth (nothing \
             happens without Labyrinth on the board)"
                .to_owned()
        }
        Primitive::ReviveStrongest { count, above, cost } => format!(
            "if you have more than {above} life points, up to {count} monsters with the \
             highest ATK of every graveyard come back face-up onto unused zones of your \
             Summoning Area under your control, and you then lose {cost} life points"
        ),
        Primitive::ReverseGains => "if that spell gives its player life points, that player \
            loses as many instead"
            .to_owned(),
        Primitive::WhimInBattle { up_to } => format!(
            "as a battle is about to be fought with {} face-up, its ATK and DEF change by an \
             amount from -{up_to} to +{up_to} in steps of 100, drawn at random by every player \
             together, until the end of the turn",
            ctx.this()
        ),
        Primitive::PullToward => format!(
            "every card on the field but the Deck Leaders is drawn one cell toward {}, the \
             nearest first, where that cell is free",
            ctx.this()
        ),
        Primitive::StealHalfLifePoints => "your opponent loses half their life points, and the \
            monster it powers up gains as much ATK and DEF while it stays on the field"
            .to_owned(),
        Primitive::TurnBackSteal => "that power-up takes its half of life points from its own \
            player instead"
            .to_owned(),
        Primitive::NegateTrap => "that trap does nothing and goes to the graveyard".to_owned(),
        Primitive::ShowClasses { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!(
                "where the bluff hides classes, the owners of {}{} declare which of them are \
                 monsters",
                np.text, np.condition
            )
        }
        Primitive::AnotherPlay { player } => match player {
            Player::Controller => "you may play one more card from your hand this turn".to_owned(),
            Player::Opponent => {
                "your opponent may play one more card from their hand this turn".to_owned()
            }
        },
        Primitive::TerraformOnEntry { terrain } => format!(
            "face-up, every cell {} moves onto becomes {} terrain, even Labyrinth",
            ctx.this(),
            terrain.label()
        ),
        Primitive::MakeMonster { card, face_down } => {
            let lies = if *face_down {
                "face-down in defence position"
            } else {
                "face-up in attack position"
            };
            let elsewhere = if trigger == Trigger::Destroyed {
                "you choose, other than the one this card left"
            } else {
                "you choose"
            };
            format!(
                "a new {} made from nothing comes onto an unused zone of your Summoning Area \
                 {elsewhere}, {lies} (it goes to no hand or deck: leaving the field for one, it \
                 is removed from the game)",
                ctx.name_of(*card)
            )
        }
        Primitive::SetSpellFromGraveyard => "in your own turn, you choose a spell (not a \
            power-up or a Ritual) in any graveyard, and it comes back face-down onto an unused zone of your \
            Summoning Area you choose, under your control"
            .to_owned(),
        Primitive::TurnInto { targets, into } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!(
                "{}{} {} into {} made from nothing, keeping {} place, battle position, \
                 power-ups and other changes",
                np.text,
                np.condition,
                if np.plural { "are turned" } else { "is turned" },
                ctx.name_of(*into),
                if np.plural { "their" } else { "its" },
            )
        }
        Primitive::CopiesLeaders => format!(
            "face-up, {} has the ATK of the enemy's Deck Leader (the strongest one's, with \
             several enemies) and the DEF of your own Deck Leader, before terrain and other \
             changes",
            ctx.this()
        ),
        Primitive::ReversePowerUp => "that power-up lowers its monster's ATK and DEF by as \
            much as it would raise them"
            .to_owned(),
        Primitive::FlipLastPlayed => "the last card an opponent played turns face-up, if it \
            is still face-down on the field"
            .to_owned(),
        Primitive::ShieldFromSpell { only } if only.is_any() => {
            "that spell destroys none of your cards on the field".to_owned()
        }
        Primitive::ShieldFromSpell { only } => format!(
            "if that spell is {}, it destroys none of your cards on the field",
            with_article(&filter_phrase(only, false, ctx))
        ),
        Primitive::TakeControl {
            targets,
            every: true,
        } => format!(
            "take control of every {} on the field, one after another, until the end of your \
             turn (your next, if it is another player's)",
            filter_phrase(&targets.filter, false, ctx)
        ),
        Primitive::TakeControl { targets, .. } if targets.area != Area::BattleOpponent => {
            let what = match targets.pick {
                Pick::All => format!(
                    "one of the {} {}",
                    filter_phrase(&targets.filter, true, ctx),
                    match targets.area {
                        Area::Field => "on the field".to_owned(),
                        _ => "it reaches".to_owned(),
                    }
                ),
                _ => targets_phrase(targets, trigger, ctx).text,
            };
            format!("take control of {what} until the end of the turn")
        }
        Primitive::TakeControl { targets, .. } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!(
                "if it is flipped face-up in battle, take control of {}{} until the end of your \
                 turn (your next, if it is another player's), and that battle is off",
                np.text, np.condition
            )
        }
        Primitive::MirrorPositions => {
            "every card on the field except the Deck Leaders trades places with the card (or \
             empty cell) opposite it through the centre of the board; a pair with a Deck \
             Leader, Labyrinth or a card out of this spell's reach stays"
                .to_owned()
        }
        _ => String::new(),
    }
}

/// "one of your turns began", "3 of your turns in a row began".
fn turns_begun(n: u8) -> String {
    if n == 1 {
        "one of your turns began".to_owned()
    } else {
        format!("{n} of your turns in a row began")
    }
}
