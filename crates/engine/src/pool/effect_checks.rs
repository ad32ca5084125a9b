//! Checks that each effect of a pool's card fits the card: its trigger the card's kind, and
//! the primitives that only some cards can carry.

use crate::card::{CardKind, EffectDef, Primitive};

pub(super) fn check_trigger_fits(kind: &CardKind, effect: &EffectDef) -> Result<(), String> {
    use crate::card::Trigger as T;
    let ok = match kind {
        CardKind::Monster(_) => matches!(
            effect.trigger,
            T::Flip
                | T::Battle
                | T::Destroyed
                | T::Movement
                | T::Continuous
                | T::WhileInDefence
                | T::EachTurnInDefence
        ),
        // A power-up's battle effects are its monster's (Sword of Dragon's Soul).
        CardKind::Spell {
            spell: crate::card::SpellKind::Equip,
        } => matches!(effect.trigger, T::Activate | T::Continuous | T::Battle),
        CardKind::Spell { .. } => matches!(effect.trigger, T::Activate | T::Continuous),
        CardKind::Trap { .. } => {
            matches!(
                effect.trigger,
                T::EnemyMovesInRange
                    | T::EnemyAttacks
                    | T::EnemySpell
                    | T::EnemyPowerUp
                    | T::EnemyTrap
            )
        }
        // Kingdom Duels cards carry no effects of the grid's vocabulary.
        CardKind::Kingdom(_) => false,
    };
    if !ok {
        return Err(format!(
            "trigger {:?} does not fit a card of this kind",
            effect.trigger
        ));
    }
    // A revival brings its card onto the spell's own cell.
    if matches!(effect.primitive, crate::card::Primitive::Revive { .. })
        && !(matches!(kind, CardKind::Spell { .. }) && effect.trigger == T::Activate)
    {
        return Err("only an activated spell may `revive`".to_owned());
    }
    // A monster takes control only of the monster it battles, as it is flipped in battle.
    // A monster takes the monster it battles, or every card it reaches (one after another),
    // as it is flipped; a spell takes one card.
    if let crate::card::Primitive::TakeControl { targets, every } = &effect.primitive {
        let spell =
            matches!(kind, CardKind::Spell { .. }) && effect.trigger == T::Activate && !*every;
        let flipped = matches!(kind, CardKind::Monster(_))
            && effect.trigger == T::Flip
            && (*every || targets.area == crate::card::Area::BattleOpponent);
        if !spell && !flipped {
            return Err(
                "only an activated spell (one card), or a monster's flip effect on the monster \
                 it battles or on every card it reaches, may `take-control`"
                    .to_owned(),
            );
        }
    }
    if let crate::card::Primitive::Transform { pairs } = &effect.primitive
        && (!matches!(
            kind,
            CardKind::Spell {
                spell: crate::card::SpellKind::Equip
            }
        ) || effect.trigger != T::Continuous
            || pairs.is_empty())
    {
        return Err(
            "`transform` belongs to an equip spell's continuous effect, with at least one pair"
                .to_owned(),
        );
    }
    match &effect.primitive {
        Primitive::Retype {
            monster_type: None,
            attribute: None,
            ..
        } => return Err("`retype` names a type or an attribute to give".to_owned()),
        // Both act from the cell the spell was activated on, which the spell then leaves.
        Primitive::BringLeaderHere | Primitive::MirrorPositions
            if !(matches!(kind, CardKind::Spell { .. }) && effect.trigger == T::Activate) =>
        {
            return Err(
                "only an activated spell may `bring-leader-here` or `mirror-positions`".to_owned(),
            );
        }
        Primitive::EvolveAfterTurns { turns: 0, .. }
        | Primitive::DetonateAfterTurns { turns: 0 } => {
            return Err("a count of turns in defence starts at 1".to_owned());
        }
        Primitive::EvolveAfterTurns { .. }
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::WhileInDefence) =>
        {
            return Err("`evolve-after-turns` belongs to a monster, `while-in-defence`".to_owned());
        }
        Primitive::EvolveOnTerrain { .. }
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::Movement) =>
        {
            return Err("`evolve-on-terrain` belongs to a monster, `movement`".to_owned());
        }
        Primitive::CannotMove
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::Movement) =>
        {
            return Err("`cannot-move` belongs to a monster, `movement`".to_owned());
        }
        Primitive::DetonateAfterTurns { .. }
            if !(matches!(kind, CardKind::Monster(_))
                && effect.trigger == T::EachTurnInDefence) =>
        {
            return Err(
                "`detonate-after-turns` belongs to a monster, `each-turn-in-defence`".to_owned(),
            );
        }
        // It brings back the card that was destroyed: only that card's own effect knows it.
        Primitive::ReviveInSummoningArea
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::Destroyed) =>
        {
            return Err("`revive-in-summoning-area` belongs to a monster, `destroyed`".to_owned());
        }
        // They change the spell or power-up the trap answers.
        Primitive::ReverseGains if effect.trigger != T::EnemySpell => {
            return Err("`reverse-gains` answers an enemy spell (`enemy-spell`)".to_owned());
        }
        Primitive::TurnBackSteal if effect.trigger != T::EnemyPowerUp => {
            return Err(
                "`turn-back-steal` answers an enemy power-up (`enemy-power-up`)".to_owned(),
            );
        }
        Primitive::StealHalfLifePoints
            if !(matches!(
                kind,
                CardKind::Spell {
                    spell: crate::card::SpellKind::Equip
                }
            ) && effect.trigger == T::Activate) =>
        {
            return Err(
                "`steal-half-life-points` belongs to an equip spell, `activate`".to_owned(),
            );
        }
        Primitive::NegateTrap if effect.trigger != T::EnemyTrap => {
            return Err("`negate-trap` answers an enemy trap (`enemy-trap`)".to_owned());
        }
        Primitive::ReversePowerUp if effect.trigger != T::EnemyPowerUp => {
            return Err(
                "`reverse-power-up` answers an enemy power-up (`enemy-power-up`)".to_owned(),
            );
        }
        Primitive::WhimInBattle { up_to }
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::Battle)
                || *up_to == 0
                || up_to % 100 != 0
                || *up_to > 12_700 =>
        {
            return Err(
                "`whim-in-battle` belongs to a monster, `battle`, and goes up to a multiple of \
                 100 from 100 to 12700"
                    .to_owned(),
            );
        }
        Primitive::PullToward
            if !(matches!(kind, CardKind::Monster(_))
                && effect.trigger == T::EachTurnInDefence) =>
        {
            return Err("`pull-toward` belongs to a monster, `each-turn-in-defence`".to_owned());
        }
        Primitive::CopiesLeaders
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::Continuous) =>
        {
            return Err("`copies-leaders` belongs to a monster, `continuous`".to_owned());
        }
        Primitive::ReviveStrongest { count: 0, .. } => {
            return Err("`revive-strongest` brings back at least one monster".to_owned());
        }
        Primitive::DestroyCellsAtRandom { cells: 0 } => {
            return Err("`destroy-cells-at-random` picks at least one cell".to_owned());
        }
        // It moves Labyrinth onto the cell the spell was activated on.
        Primitive::LabyrinthMovesHere
            if !(matches!(kind, CardKind::Spell { .. }) && effect.trigger == T::Activate) =>
        {
            return Err("only an activated spell may `labyrinth-moves-here`".to_owned());
        }
        // The zone waits for its player's choice, which only a monster's own moment allows.
        Primitive::MakeMonster { .. } | Primitive::SetSpellFromGraveyard
            if !(matches!(kind, CardKind::Monster(_))
                && matches!(effect.trigger, T::Flip | T::Destroyed)) =>
        {
            return Err(
                "`make-monster` and `set-spell-from-graveyard` belong to a monster, `flip` or \
                 `destroyed`"
                    .to_owned(),
            );
        }
        Primitive::Teleport { .. }
            if !(matches!(kind, CardKind::Monster(_)) && effect.trigger == T::Flip) =>
        {
            return Err("`teleport` belongs to a monster, `flip`".to_owned());
        }
        _ => {}
    }
    Ok(())
}
