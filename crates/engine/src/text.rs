//! Rules text generated from card definitions.
//!
//! Every sentence a player reads about a card comes from here, built from the card's own
//! definition in FairDuel's effect vocabulary ([`crate::card`]); no text is stored with the
//! cards. The same definition therefore always reads the same way, and a change to a card
//! changes its text.

use crate::card::{
    Area, Attribute, CardDef, CardId, CardKind, CountedIn, Duration, EffectDef, Filter, KindFilter,
    MonsterType, Pick, Player, Primitive, Side, SpellKind, Targets, TrapKind, TrapRange, Trigger,
};
use crate::kingdom_card::{DeckZone, KingdomCard, MainType};
use crate::terrain::Terrain;

/// A one-line header: name, then stats for a monster or the card's kind otherwise.
///
/// `"Koumori Dragon — DARK Dragon, Level 4, ATK 1500 / DEF 1200"`
pub fn card_summary(card: &CardDef) -> String {
    match &card.kind {
        CardKind::Kingdom(k) => kingdom_summary(&card.name, k),
        CardKind::Monster(m) => format!(
            "{} — {} {}{}, Level {}, ATK {} / DEF {}",
            card.name,
            m.attribute.label(),
            m.monster_type.label(),
            if m.ritual { " Ritual Monster" } else { "" },
            m.level,
            m.atk,
            m.def
        ),
        CardKind::Spell { spell } => format!("{} — {}", card.name, spell_label(*spell)),
        CardKind::Trap { trap, range } => {
            format!(
                "{} — {}, {}",
                card.name,
                trap_label(*trap),
                range_label(*range)
            )
        }
    }
}

/// The full rules text of a card. Cards named by number in a filter are written as their
/// number; use [`card_text_with`] to write their names.
pub fn card_text(card: &CardDef) -> String {
    card_text_with(card, &|_| None)
}

/// The full rules text of a card, naming the cards a filter lists by number through
/// `names` (typically a pool lookup).
pub fn card_text_with(card: &CardDef, names: &dyn Fn(CardId) -> Option<String>) -> String {
    if let CardKind::Kingdom(k) = &card.kind {
        return kingdom_text(k);
    }
    let holder = match &card.kind {
        // Answered above.
        CardKind::Kingdom(_) => Holder::Spell,
        CardKind::Monster(_) => Holder::Monster,
        CardKind::Spell {
            spell: SpellKind::Equip,
        } => Holder::Equip,
        CardKind::Spell { .. } => Holder::Spell,
        CardKind::Trap { range, .. } => Holder::Trap(*range),
    };
    let ctx = Ctx { holder, names };
    let mut sentences: Vec<String> = Vec::new();

    if let Some(filter) = &card.equip_to {
        sentences.push(equip_sentence(filter, &ctx));
    }
    if let Some(terrain) = card.monster().and_then(|m| m.strong_in) {
        sentences.push(format!(
            "{} terrain powers this monster up, whatever its type.",
            terrain.label()
        ));
    }
    if matches!(
        card.kind,
        CardKind::Spell {
            spell: SpellKind::Field
        }
    ) {
        sentences.push("Field spell.".to_owned());
    }

    if let Some(ritual) = &card.ritual {
        sentences.push(ritual_sentence(ritual, &ctx));
    }
    let groups = group_effects(&card.effects, &ctx);
    match &card.kind {
        CardKind::Trap { trap, range } => {
            let head = format!(
                "{} ({})",
                capitalise(trap_label(*trap)),
                range_label(*range)
            );
            let mut groups = groups.into_iter();
            match groups.next() {
                Some(first) => sentences.push(format!("{head} — {}", first.render(false))),
                None => sentences.push(format!("{head} with no effect.")),
            }
            sentences.extend(groups.map(|g| g.render(true)));
        }
        CardKind::Monster(_) if groups.is_empty() && sentences.is_empty() => {
            sentences.push("A monster with no effect.".to_owned());
        }
        _ if groups.is_empty() && sentences.is_empty() => {
            sentences.push("This card has no effect.".to_owned());
        }
        _ => sentences.extend(groups.into_iter().map(|g| g.render(true))),
    }
    sentences.join(" ")
}

/// `"Rude Kaiser — EARTH Monster Reptilian Warrior, Level 5, ATK 1800 / DEF 1600"`
fn kingdom_summary(name: &str, card: &KingdomCard) -> String {
    if let Some(art_of) = &card.art_of {
        return format!("{name} — another printing of {art_of}");
    }
    let mut parts = Vec::new();
    let attribute = card.attribute.map(|a| format!("{} ", a.label()));
    parts.push(format!(
        "{}{}",
        attribute.unwrap_or_default(),
        card.type_line()
    ));
    if let Some(level) = card.level {
        parts.push(format!("Level {level}"));
    }
    if let Some(charges) = card.charges {
        parts.push(match charges {
            1 => "1 charge".to_owned(),
            n => format!("{n} charges"),
        });
    }
    if let (Some(atk), Some(def)) = (&card.atk, &card.def) {
        parts.push(format!("ATK {atk} / DEF {def}"));
    }
    format!("{name} — {}", parts.join(", "))
}

/// What FairDuel can say of a Kingdom Duels card: its deck, its bonus and whose it is. The
/// format's card facts hold no effect texts, so none is shown.
fn kingdom_text(card: &KingdomCard) -> String {
    let mut sentences = Vec::new();
    if let Some(art_of) = &card.art_of {
        sentences.push(format!(
            "Another printing of {art_of}: the same card in play."
        ));
        return sentences.join(" ");
    }
    sentences.push(match card.deck {
        DeckZone::Main => format!("{} card of the Main Deck.", card.frame.label()),
        DeckZone::Extra => format!("{} card of the Extra Deck.", card.frame.label()),
    });
    let (bonus_atk, bonus_def) = card.field_power_bonus();
    if card.is(MainType::Monster) && (bonus_atk > 0 || bonus_def > 0) {
        sentences.push(format!(
            "Field Power Bonus: +{bonus_atk} ATK / +{bonus_def} DEF on a terrain that boosts it."
        ));
    }
    sentences.push(
        "FairDuel does not run this card's effect: the format's card facts carry no effect \
         text."
            .to_owned(),
    );
    if !card.duelists.is_empty() {
        sentences.push(format!("Played by {}.", card.duelists.join(", ")));
    }
    sentences.join(" ")
}

/// The text of one effect on its own, without knowing which card carries it.
pub fn effect_text(effect: &EffectDef) -> String {
    let ctx = Ctx {
        holder: Holder::Unknown,
        names: &|_| None,
    };
    let (prefix, clause) = describe(effect, &ctx);
    Group {
        prefix,
        clauses: vec![clause],
    }
    .render(true)
}

// ------------------------------------------------------------------------------------------
// Context and grouping
// ------------------------------------------------------------------------------------------

/// What kind of card carries the effect being described.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holder {
    Monster,
    Equip,
    Spell,
    Trap(TrapRange),
    Unknown,
}

struct Ctx<'a> {
    holder: Holder,
    names: &'a dyn Fn(CardId) -> Option<String>,
}

impl Ctx<'_> {
    /// How the card itself is referred to.
    fn this(&self) -> &'static str {
        match self.holder {
            Holder::Monster => "this monster",
            Holder::Equip => "the equipped monster",
            Holder::Spell | Holder::Trap(_) | Holder::Unknown => "this card",
        }
    }

    /// The point that areas are measured from.
    fn origin(&self) -> &'static str {
        match self.holder {
            Holder::Monster => "this monster",
            Holder::Equip => "the equipped monster",
            Holder::Spell => "where this card is activated",
            Holder::Trap(_) | Holder::Unknown => "this card",
        }
    }

    fn name_of(&self, id: CardId) -> String {
        match (self.names)(id) {
            Some(name) => format!("\u{201c}{name}\u{201d}"),
            None => format!("card {id}"),
        }
    }
}

/// Consecutive effects with the same lead-in, written as one sentence.
struct Group {
    /// `None`: the clauses are whole sentences on their own.
    prefix: Option<String>,
    clauses: Vec<String>,
}

impl Group {
    fn render(&self, capital: bool) -> String {
        let body = self.clauses.join("; ");
        let text = match &self.prefix {
            Some(prefix) => format!("{prefix}: {body}."),
            None => format!("{body}."),
        };
        if capital {
            capitalise(&text)
        } else {
            decapitalise(&text)
        }
    }
}

fn group_effects(effects: &[EffectDef], ctx: &Ctx<'_>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for effect in effects {
        let (prefix, clause) = describe(effect, ctx);
        match groups.last_mut() {
            Some(last) if prefix.is_some() && last.prefix == prefix => last.clauses.push(clause),
            _ => groups.push(Group {
                prefix,
                clauses: vec![clause],
            }),
        }
    }
    groups
}

// ------------------------------------------------------------------------------------------
// Effects
// ------------------------------------------------------------------------------------------

/// The lead-in (trigger) and the clause (what happens) of one effect.
fn describe(effect: &EffectDef, ctx: &Ctx<'_>) -> (Option<String>, String) {
    let p = &effect.primitive;
    // Abilities that read as a whole sentence about the monster.
    match (effect.trigger, p) {
        (
            Trigger::Battle,
            Primitive::BattleBonus { .. }
            | Primitive::DestroyInBattle { .. }
            | Primitive::NoBattleDamage
            | Primitive::CancelsChangesInBattle
            | Primitive::BanishesInBattle
            | Primitive::NeutralizesInBattle,
        )
        | (
            Trigger::Movement,
            Primitive::IgnoreTraps
            | Primitive::CrossLabyrinth
            | Primitive::MovesTwo
            | Primitive::CannotMove
            | Primitive::TerraformOnEntry { .. }
            | Primitive::EvolveOnTerrain { .. },
        )
        | (Trigger::Continuous, Primitive::VictoryWhenSurrounded { .. }) => {
            return (None, primitive_clause(p, effect.trigger, ctx));
        }
        _ => {}
    }
    let prefix = match effect.trigger {
        Trigger::Flip => Some("Flip".to_owned()),
        Trigger::Battle => Some(format!("Whenever {} battles", ctx.this())),
        Trigger::Destroyed => Some(format!("When {} is destroyed", ctx.this())),
        Trigger::Movement => Some(format!("Whenever {} moves", ctx.this())),
        Trigger::Continuous => Some(match ctx.holder {
            Holder::Monster => "While this monster is face-up on the field".to_owned(),
            _ => "While this card is on the field".to_owned(),
        }),
        Trigger::Activate => match ctx.holder {
            Holder::Spell | Holder::Equip => None,
            _ => Some("When activated".to_owned()),
        },
        Trigger::EnemyMovesInRange => Some(
            match ctx.holder {
                Holder::Trap(TrapRange::Limited) => "When an enemy card moves next to this card",
                Holder::Trap(TrapRange::Full) => "When an enemy card moves",
                _ => "When an enemy card moves within this card's range",
            }
            .to_owned(),
        ),
        Trigger::EnemyAttacks => Some(
            match ctx.holder {
                Holder::Trap(TrapRange::Limited) => {
                    "When an enemy attacks a card next to this card"
                }
                Holder::Trap(TrapRange::Full) => "When an enemy declares an attack",
                _ => "When an enemy declares an attack within this card's range",
            }
            .to_owned(),
        ),
        Trigger::EnemySpell => Some("When your opponent activates a spell".to_owned()),
        Trigger::EnemyPowerUp => Some("When your opponent powers up a monster".to_owned()),
        Trigger::EnemyTrap => Some("When your opponent springs a trap".to_owned()),
        Trigger::WhileInDefence => {
            Some("While this monster is face-up in defence position".to_owned())
        }
        Trigger::EachTurnInDefence => Some(
            "At the start of every turn, while this monster is face-up in defence position"
                .to_owned(),
        ),
    };
    (prefix, primitive_clause(p, effect.trigger, ctx))
}

fn primitive_clause(p: &Primitive, trigger: Trigger, ctx: &Ctx<'_>) -> String {
    match p {
        Primitive::ModifyStats {
            targets,
            atk,
            def,
            duration,
        } => {
            let np = targets_phrase(targets, trigger, ctx);
            let change = stat_change(*atk, *def, np.plural);
            format!(
                "{} {}{}{}",
                np.text,
                change,
                duration_phrase(*duration),
                np.condition
            )
        }
        Primitive::Destroy { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!("destroy {}{}", np.text, np.condition)
        }
        Primitive::Spellbind { targets, turns } => {
            let np = targets_phrase(targets, trigger, ctx);
            if trigger.is_lasting() {
                let be = if np.plural { "are" } else { "is" };
                return format!("{} {be} spellbound{}", np.text, np.condition);
            }
            match turns {
                Some(n) => format!(
                    "spellbind {} for {}{}",
                    np.text,
                    count(u32::from(*n), "turn", "turns"),
                    np.condition
                ),
                None => format!("spellbind {} for good{}", np.text, np.condition),
            }
        }
        Primitive::Damage { player, amount } => match player {
            Player::Opponent => format!("deal {amount} damage to your opponent"),
            Player::Controller => format!("you take {amount} damage"),
        },
        Primitive::DamagePerCard {
            player,
            amount,
            filter,
        } => {
            let each = filter_phrase(filter, false, ctx);
            match player {
                Player::Opponent => {
                    format!("deal {amount} damage to your opponent for each {each} on the field")
                }
                Player::Controller => {
                    format!("you take {amount} damage for each {each} on the field")
                }
            }
        }
        Primitive::Heal { player, amount } => match player {
            Player::Controller => format!("you gain {amount} LP"),
            Player::Opponent => format!("your opponent gains {amount} LP"),
        },
        Primitive::HealUpTo { player, to } => match player {
            Player::Controller => format!("if you have less than {to} LP, raise your LP to {to}"),
            Player::Opponent => {
                format!("if your opponent has less than {to} LP, raise their LP to {to}")
            }
        },
        Primitive::ChangeTerrain { radius, terrain } => terrain_clause(*radius, *terrain, ctx),
        Primitive::FlipFaceUp { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!("turn {} face-up{}", np.text, np.condition)
        }
        Primitive::FlipFaceDown { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!("turn {} face-down{}", np.text, np.condition)
        }
        Primitive::ToAttackPosition { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!("put {} into attack position{}", np.text, np.condition)
        }
        Primitive::ToDefencePosition { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!("put {} into defence position{}", np.text, np.condition)
        }
        Primitive::Unbind { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!("free {} from their spellbinding{}", np.text, np.condition)
        }
        Primitive::SummoningPointsToMax { player } => match player {
            Player::Controller => "your Summoning Points rise to their maximum".to_owned(),
            Player::Opponent => "your opponent's Summoning Points rise to their maximum".to_owned(),
        },
        Primitive::GainPerCard {
            atk,
            counted,
            counted_in,
        } => {
            let verb = if *atk >= 0 { "gains" } else { "loses" };
            let what = filter_phrase(counted, false, ctx);
            let place = match counted_in {
                CountedIn::Field => "face-up on the field",
                CountedIn::OwnGraveyard => "in your graveyard",
                CountedIn::Graveyards => "in any graveyard",
            };
            format!(
                "{} {verb} {} ATK and DEF for each {what} {place}",
                ctx.this(),
                atk.unsigned_abs()
            )
        }
        Primitive::BringHere { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!(
                "{} moves onto the zone where this card was activated",
                np.text
            )
        }
        Primitive::DrainSummoningPoints => {
            "your opponents' Summoning Points all go to you (up to your maximum)".to_owned()
        }
        Primitive::ClearChanges { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            format!(
                "every change to the ATK and DEF of {} ends, and so does their spellbinding \
                 (terrain still counts)",
                np.text
            )
        }
        Primitive::Transform { pairs } => {
            let changes: Vec<String> = pairs
                .iter()
                .map(|t| format!("{} into {}", ctx.name_of(t.from), ctx.name_of(t.into)))
                .collect();
            format!(
                "in your main phase you may change the equipped monster into one from your Extra \
                 Deck: {}",
                changes.join(", ")
            )
        }
        p @ (Primitive::ChangeTerrainOfRow { .. }
        | Primitive::LeaderBoost { .. }
        | Primitive::VictoryWhenSurrounded { .. }
        | Primitive::DamageIncrease { .. }
        | Primitive::DamageHalved
        | Primitive::RecoveryDoubled
        | Primitive::CancelsChangesInBattle
        | Primitive::BanishesInBattle
        | Primitive::NoMovementBonuses
        | Primitive::MovesTwoForAll { .. }
        | Primitive::NoTraps
        | Primitive::NoSpells
        | Primitive::ImmuneToEnemySpells { .. }
        | Primitive::SpellbindCountdownStopped
        | Primitive::SpellbindCountdownDoubled
        | Primitive::PowerUpsBoosted { .. }
        | Primitive::OpposingLeaderPowersOff
        | Primitive::ExtraSummoningPoint
        | Primitive::SummoningPointsToZero { .. }
        | Primitive::AdoptStats { .. }
        | Primitive::ReturnToDeck { .. }
        | Primitive::BoostAtACost { .. }
        | Primitive::DiscardHands
        | Primitive::FeedOnGraveyards { .. }
        | Primitive::FewerSummoningPoints
        | Primitive::Retype { .. }
        | Primitive::BringLeaderHere
        | Primitive::SwapStats { .. }
        | Primitive::MirrorPositions
        | Primitive::EvolveAfterTurns { .. }
        | Primitive::EvolveOnTerrain { .. }
        | Primitive::DetonateAfterTurns { .. }
        | Primitive::CannotMove
        | Primitive::NeutralizesInBattle
        | Primitive::ReviveInSummoningArea
        | Primitive::Teleport { .. }
        | Primitive::RevealHand { .. }
        | Primitive::ShieldFromSpell { .. }
        | Primitive::ReverseGains
        | Primitive::ReviveStrongest { .. }
        | Primitive::FlipLastPlayed
        | Primitive::ReversePowerUp
        | Primitive::CopiesLeaders
        | Primitive::ShowClasses { .. }
        | Primitive::NegateTrap
        | Primitive::StealHalfLifePoints
        | Primitive::WhimInBattle { .. }
        | Primitive::PullToward
        | Primitive::TurnBackSteal
        | Primitive::DestroyOneAtRandom { .. }
        | Primitive::DestroyCellsAtRandom { .. }
        | Primitive::LabyrinthMovesHere
        | Primitive::MakeMonster { .. }
        | Primitive::TurnInto { .. }
        | Primitive::SetSpellFromGraveyard
        | Primitive::AnotherPlay { .. }
        | Primitive::TerraformOnEntry { .. }
        | Primitive::TakeControl { .. }) => table_effects::clause(p, trigger, ctx),
        Primitive::ByAgreement => {
            "the players agree on the outcome, as the original card has it (resolved by \
             agreement)"
                .to_owned()
        }
        Primitive::NegateAttack => match trigger {
            Trigger::EnemyAttacks => "cancel the attack".to_owned(),
            Trigger::EnemyMovesInRange => "stop that card's move and cancel its attack".to_owned(),
            _ => "cancel the attack or move that set this off".to_owned(),
        },
        Primitive::HalveAtk { targets } => {
            let np = targets_phrase(targets, trigger, ctx);
            let whose = if np.text == "it" {
                "its ATK".to_owned()
            } else {
                format!("the ATK of {}", np.text)
            };
            format!("halve {whose} until the end of the turn{}", np.condition)
        }
        Primitive::Revive { filter } => {
            let whose = match filter.side {
                Some(Side::Own) => "your graveyard",
                Some(Side::Enemy) => "an opponent's graveyard",
                None => "any graveyard",
            };
            let what = with_article(&filter_phrase(
                &Filter {
                    side: None,
                    ..filter.clone()
                },
                false,
                ctx,
            ));
            let after = match filter.kind {
                Some(KindFilter::Monster) => ", face-up in attack position",
                Some(KindFilter::Spell) => ", where it is activated again",
                _ => " (a monster face-up in attack position; a spell is activated again there)",
            };
            format!("bring {what} from {whose} onto this card's zone under your control{after}")
        }
        Primitive::Draw { player, count: n } => {
            let cards = count(u32::from(*n), "card", "cards");
            match player {
                Player::Controller => format!("you draw {cards}"),
                Player::Opponent => format!("your opponent draws {cards}"),
            }
        }
        Primitive::BattleBonus { against, atk } => {
            let verb = if *atk >= 0 { "gains" } else { "loses" };
            let foe = with_article(&filter_phrase(against, false, ctx));
            format!(
                "{} {verb} {} ATK in battle against {foe}",
                ctx.this(),
                atk.unsigned_abs()
            )
        }
        Primitive::DestroyInBattle { against } => {
            let foe = filter_phrase(against, false, ctx);
            format!(
                "{} destroys any {foe} it battles, whatever their ATK and DEF",
                ctx.this()
            )
        }
        Primitive::IgnoreTraps => format!("moving {} never springs enemy traps", ctx.this()),
        Primitive::NoBattleDamage => format!(
            "battles {} takes part in deal no damage to life points",
            ctx.this()
        ),
        Primitive::MovesTwo => format!(
            "face-up, {} moves up to two cells whatever the terrain",
            ctx.this()
        ),
        Primitive::CrossLabyrinth => {
            format!("{} may move over any terrain, even Labyrinth", ctx.this())
        }
        Primitive::NegateSpell { only } => {
            let what = match trigger {
                Trigger::EnemySpell => "cancel that spell",
                _ => "cancel the spell that set this off",
            };
            if only.is_any() {
                what.to_owned()
            } else {
                format!(
                    "{what} if it is {}",
                    with_article(&filter_phrase(only, false, ctx))
                )
            }
        }
    }
}

fn equip_sentence(filter: &Filter, ctx: &Ctx<'_>) -> String {
    if filter.is_any() {
        return "Equip to any monster.".to_owned();
    }
    let mut f = filter.clone();
    if f.kind.is_none() {
        f.kind = Some(KindFilter::Monster);
    }
    format!(
        "Equip only to {}.",
        with_article(&filter_phrase(&f, false, ctx))
    )
}

fn terrain_clause(radius: u8, terrain: Terrain, ctx: &Ctx<'_>) -> String {
    let to = format!("{} terrain", terrain.label());
    if radius == 0 {
        let cell = match ctx.holder {
            Holder::Monster => "the cell this monster stands on".to_owned(),
            Holder::Equip => "the cell the equipped monster stands on".to_owned(),
            Holder::Spell => "the cell where this card is activated".to_owned(),
            Holder::Trap(_) | Holder::Unknown => "this card's cell".to_owned(),
        };
        format!("turn {cell} into {to}")
    } else {
        format!(
            "turn every cell within {} of {} into {to}",
            count(u32::from(radius), "cell", "cells"),
            ctx.origin()
        )
    }
}

fn stat_change(atk: i16, def: i16, plural: bool) -> String {
    let verb = |n: i16| match (n >= 0, plural) {
        (true, true) => "gain",
        (true, false) => "gains",
        (false, true) => "lose",
        (false, false) => "loses",
    };
    match (atk, def) {
        (0, 0) => {
            if plural {
                "keep their ATK and DEF".to_owned()
            } else {
                "keeps its ATK and DEF".to_owned()
            }
        }
        (a, 0) => format!("{} {} ATK", verb(a), a.unsigned_abs()),
        (0, d) => format!("{} {} DEF", verb(d), d.unsigned_abs()),
        (a, d) if (a >= 0) == (d >= 0) => format!(
            "{} {} ATK and {} DEF",
            verb(a),
            a.unsigned_abs(),
            d.unsigned_abs()
        ),
        (a, d) => format!(
            "{} {} ATK and {} {} DEF",
            verb(a),
            a.unsigned_abs(),
            verb(d),
            d.unsigned_abs()
        ),
    }
}

fn duration_phrase(duration: Duration) -> String {
    match duration {
        Duration::Permanent => String::new(),
        Duration::EndOfTurn => " until the end of the turn".to_owned(),
        Duration::Turns(n) => format!(" for {}", count(u32::from(n), "turn", "turns")),
    }
}

// ------------------------------------------------------------------------------------------
// Targets and filters
// ------------------------------------------------------------------------------------------

/// A noun phrase naming an effect's targets, whether it is plural (for verb agreement),
/// and a trailing condition (for single cards that must also match a filter).
struct Np {
    text: String,
    plural: bool,
    condition: String,
}

fn targets_phrase(targets: &Targets, trigger: Trigger, ctx: &Ctx<'_>) -> Np {
    let single = |text: String| {
        let condition = if targets.filter.is_any() {
            String::new()
        } else {
            format!(
                " if it is {}",
                with_article(&filter_phrase(&targets.filter, false, ctx))
            )
        };
        Np {
            text,
            plural: false,
            condition,
        }
    };
    let place = match targets.area {
        Area::This => return single(ctx.this().to_owned()),
        Area::Triggering => {
            let text = match ctx.holder {
                Holder::Trap(_) => "it",
                _ => "the card that set this off",
            };
            return single(text.to_owned());
        }
        Area::BattleOpponent => {
            let text = if trigger == Trigger::Destroyed {
                "the monster it was battling"
            } else {
                "the monster it is battling"
            };
            return single(text.to_owned());
        }
        Area::Field => "on the field".to_owned(),
        Area::Lines => match ctx.holder {
            Holder::Spell => "in the row and column where this card is activated".to_owned(),
            _ => format!("in the same row or column as {}", ctx.origin()),
        },
        Area::Adjacent => format!("next to {}", ctx.origin()),
        Area::OnTerrain(terrain) => format!("on {} terrain", terrain.label()),
        Area::Within(n) => format!(
            "within {} of {}",
            count(u32::from(n), "cell", "cells"),
            ctx.origin()
        ),
    };
    let (text, plural) = match targets.pick {
        Pick::All => {
            let body = filter_phrase(&targets.filter, true, ctx);
            let text = if targets.filter.side == Some(Side::Own) {
                format!("{body} {place}")
            } else {
                format!("all {body} {place}")
            };
            (text, true)
        }
        Pick::HighestAtk | Pick::LowestAtk => {
            let which = if targets.pick == Pick::HighestAtk {
                "highest"
            } else {
                "lowest"
            };
            let body = filter_phrase(&targets.filter, false, ctx);
            let the = if targets.filter.side == Some(Side::Own) {
                ""
            } else {
                "the "
            };
            (format!("{the}{body} {place} with the {which} ATK"), false)
        }
    };
    Np {
        text,
        plural,
        condition: String::new(),
    }
}

/// "Ritual spell: tribute 3 face-up monsters you control from anywhere on the field (a
/// Dragon monster, a Pyro monster and a Beast-Warrior monster) to summon Yamadron from your
/// Extra Deck onto this card's zone."
fn ritual_sentence(ritual: &crate::card::RitualDef, ctx: &Ctx<'_>) -> String {
    let each = and_list(
        ritual
            .tributes
            .iter()
            .map(|f| with_article(&filter_phrase(f, false, ctx))),
    );
    format!(
        "Ritual spell: tribute {} face-up monsters you control from anywhere on the field \
         ({each}) to summon {} from your Extra Deck onto this card's zone.",
        ritual.tributes.len(),
        ctx.name_of(ritual.summons)
    )
}

/// Describes the cards a filter accepts, without an article: "your face-up LIGHT
/// monsters", "Warrior monster that is LIGHT or EARTH", "enemy spell".
fn filter_phrase(filter: &Filter, plural: bool, ctx: &Ctx<'_>) -> String {
    let mut words: Vec<String> = Vec::new();
    if filter.side == Some(Side::Own) {
        words.push("your".to_owned());
    }
    if filter.face_up_only {
        words.push("face-up".to_owned());
    }
    if filter.defence_only {
        words.push("defence-position".to_owned());
    }
    if filter.attack_only {
        words.push("attack-position".to_owned());
    }
    if filter.side == Some(Side::Enemy) {
        words.push("enemy".to_owned());
    }
    let types = or_list(
        filter
            .types
            .iter()
            .map(|t: &MonsterType| t.label().to_owned()),
    );
    let attributes = or_list(
        filter
            .attributes
            .iter()
            .map(|a: &Attribute| a.label().to_owned()),
    );
    // With both, the attributes follow the noun: "Warrior monster that is LIGHT".
    let attributes_after = !types.is_empty() && !attributes.is_empty();
    if !attributes.is_empty() && !attributes_after {
        words.push(attributes.clone());
    }
    if !types.is_empty() {
        words.push(types);
    }
    let monsterish = !filter.types.is_empty()
        || !filter.not_types.is_empty()
        || !filter.attributes.is_empty()
        || filter.max_atk.is_some()
        || filter.min_atk.is_some()
        || filter.min_def.is_some()
        || filter.defence_only
        || filter.attack_only
        || !filter.names.is_empty();
    let (one, many) = match filter.kind {
        Some(KindFilter::Monster) => ("monster", "monsters"),
        Some(KindFilter::Spell) => ("spell", "spells"),
        Some(KindFilter::Trap) => ("trap", "traps"),
        Some(KindFilter::SpellOrTrap) => ("spell or trap", "spells and traps"),
        None if monsterish => ("monster", "monsters"),
        None => ("card", "cards"),
    };
    words.push(if plural { many } else { one }.to_owned());
    if !filter.not_types.is_empty() {
        let not = or_list(filter.not_types.iter().map(|t| t.label().to_owned()));
        words.push(format!("other than {not}"));
    }
    if attributes_after {
        let be = if plural { "are" } else { "is" };
        words.push(format!("that {be} {attributes}"));
    }
    if !filter.names.is_empty() {
        let names = or_list(filter.names.iter().map(|&id| ctx.name_of(id)));
        words.push(format!("named {names}"));
    }
    match (filter.min_atk, filter.max_atk) {
        (Some(lo), Some(hi)) => words.push(format!("with {lo} to {hi} ATK")),
        (Some(lo), None) => words.push(format!("with {lo} ATK or more")),
        (None, Some(hi)) => words.push(format!("with {hi} ATK or less")),
        (None, None) => {}
    }
    if let Some(min) = filter.min_def {
        words.push(format!("with {min} DEF or more"));
    }
    words.join(" ")
}

// ------------------------------------------------------------------------------------------
// Small helpers
// ------------------------------------------------------------------------------------------

fn spell_label(kind: SpellKind) -> &'static str {
    match kind {
        SpellKind::Normal => "Spell",
        SpellKind::Equip => "Equip spell",
        SpellKind::Field => "Field spell",
        SpellKind::Continuous => "Continuous spell",
        SpellKind::Ritual => "Ritual spell",
        SpellKind::QuickPlay => "Quick-Play spell",
    }
}

fn trap_label(kind: TrapKind) -> &'static str {
    match kind {
        TrapKind::Normal => "Trap",
        TrapKind::Continuous => "Continuous trap",
        TrapKind::Counter => "Counter trap",
    }
}

fn range_label(range: TrapRange) -> &'static str {
    match range {
        TrapRange::Limited => "limited range",
        TrapRange::Full => "full range",
    }
}

/// "A", "A or B", "A, B or C".
fn or_list(items: impl Iterator<Item = String>) -> String {
    joined(items, "or")
}

/// "A", "A and B", "A, B and C".
fn and_list(items: impl Iterator<Item = String>) -> String {
    joined(items, "and")
}

/// The items, commas between all but the last two, `word` between those.
fn joined(items: impl Iterator<Item = String>, word: &str) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {word} {last}", rest.join(", ")),
    }
}

fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Puts "a" or "an" before a singular noun phrase (or leaves "your ..." alone).
pub(crate) fn with_article(phrase: &str) -> String {
    if phrase.starts_with("your ") {
        return phrase.to_owned();
    }
    let vowel = phrase
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    if vowel {
        format!("an {phrase}")
    } else {
        format!("a {phrase}")
    }
}

fn decapitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

mod table_effects;

#[cfg(test)]
mod tests;
