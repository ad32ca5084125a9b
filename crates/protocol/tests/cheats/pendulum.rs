//! Domain Format's Pendulum Summon, cheated: with a pool of Pendulum Monsters (a card
//! database brings them; the shipped pools hold none), the cheater forges a Pendulum Summon
//! of a hand card whose Level is not between its Scales, shown with its true opening, and
//! one of a card it claims is face-up in its Extra Deck while it is not. Every honest seat
//! refuses both, naming the rule.

use std::sync::Arc;

use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, DatabaseEntry, MonsterStats, MonsterType, SpellKind,
};
use fairduel_engine::domain::{CardTypes, build_domain_decks};
use fairduel_engine::{Action, CardPool, PendulumSource, PendulumSummoned, Place, Rules, Zone};
use fairduel_protocol::envelope::Body;

use crate::harness::{Game, Table, last, refused_as};

fn pendulum_monster(id: u16, level: u8, scale: Option<u8>) -> CardDef {
    CardDef {
        id: CardId(id),
        name: format!("Test Monster {id}"),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Dark,
            monster_type: MonsterType::Spellcaster,
            level,
            atk: 1000 + u16::from(level) * 100,
            def: 1000,
            ritual: false,
            strong_in: None,
            extra_deck: None,
        }),
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: Some(Box::new(DatabaseEntry {
            passcode: 7000 + u32::from(id),
            types: CardTypes::MONSTER
                | CardTypes::EFFECT
                | if scale.is_some() {
                    CardTypes::PENDULUM
                } else {
                    0
                },
            attribute: 0x20,
            race: 0x2,
            pendulum_scale: scale,
            ..DatabaseEntry::default()
        })),
    }
}

/// Domain for two with a pool of Pendulum Monsters (Scales 1 to 12, Levels 1 to 8) and
/// spells, and two decks built from it.
fn pendulum_table() -> Table {
    let mut cards = Vec::new();
    let mut id = 0u16;
    for level in 1..=8u8 {
        for scale in [1u8, 2, 5, 8, 12] {
            cards.push(pendulum_monster(id, level, Some(scale)));
            id += 1;
        }
    }
    for n in 0..70u16 {
        cards.push(CardDef {
            id: CardId(id),
            name: format!("Test Spell {n}"),
            kind: CardKind::Spell {
                spell: SpellKind::Normal,
            },
            equip_to: None,
            effects: Vec::new(),
            ritual: None,
            database: Some(Box::new(DatabaseEntry {
                passcode: 7000 + u32::from(id),
                types: CardTypes::SPELL,
                ..DatabaseEntry::default()
            })),
        });
        id += 1;
    }
    let domain = Table::load("domain");
    let rules = Rules::new(
        domain.rules.format.clone(),
        CardPool::from_cards("cheat-pendulums", cards),
    );
    let decks = build_domain_decks(&rules.pool, &rules.format, 2);
    assert_eq!(decks.len(), 2);
    Table {
        name: "domain",
        players: 2,
        rules: Arc::clone(&rules),
        decks,
    }
}

/// The cheater's first Pendulum Summon position: its Main Phase with both Scales set and a
/// hand monster whose Level is not between them, and a free Main Monster Zone.
fn outside_the_scales(game: &Game, cheater: fairduel_engine::Seat) -> Option<PendulumSummoned> {
    if !game.in_main(cheater) {
        return None;
    }
    let peer = game.peer(cheater);
    let duel = peer.duel()?;
    let (low, high) = duel.pendulum_scales(cheater)?;
    if duel.state().player(cheater).pendulum_summoned {
        return None;
    }
    let to = duel
        .field()
        .frontrow(cheater)
        .find(|at| duel.zone_piece(*at).is_none())?;
    let hand = &duel.state().player(cheater).hand;
    hand.iter().enumerate().find_map(|(index, slot)| {
        let reveal = *peer
            .knowledge()
            .get(&duel.state().commitment(slot.card_ref))?;
        let card = duel.pool().get(reveal.card)?;
        let level = card.level();
        (card.is_monster() && (level <= low || level >= high)).then_some(PendulumSummoned {
            from: PendulumSource::Hand {
                hand_index: u8::try_from(index).ok()?,
                reveal,
            },
            to,
            defence: false,
        })
    })
}

#[test]
fn a_pendulum_summon_outside_the_scales_or_of_a_card_not_face_up_in_the_extra_deck_is_refused() {
    let table = pendulum_table();
    let mut caught = false;
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let cheater = last(&game);
        if !game.advance_until_or_end(|g| outside_the_scales(g, cheater).is_some()) {
            continue;
        }
        let summoned = outside_the_scales(&game, cheater).expect("found above");
        let forged = game.forge(
            cheater,
            Body::Action(Action::PendulumSummon {
                monsters: vec![summoned],
            }),
        );
        let refusal = refused_as(game.honest_receives(cheater, &forged), "illegal-action");
        assert!(refusal.contains("Pendulum Scales"), "{refusal}");

        // A card of its deck, named as if it lay face-up in its Extra Deck.
        let not_face_up = game
            .peer(cheater)
            .duel()
            .and_then(|d| d.state().player(cheater).deck.first().copied())
            .expect("a card in the deck");
        let forged = game.forge(
            cheater,
            Body::Action(Action::PendulumSummon {
                monsters: vec![PendulumSummoned {
                    from: PendulumSource::FaceUpExtraDeck {
                        card_ref: not_face_up,
                    },
                    to: Place::Zone {
                        side: cheater,
                        zone: Zone::ExtraMonster,
                        slot: 0,
                    },
                    defence: false,
                }],
            }),
        );
        let refusal = refused_as(game.honest_receives(cheater, &forged), "illegal-action");
        assert!(
            refusal.contains("not face-up in your Extra Deck"),
            "{refusal}"
        );
        caught = true;
        break;
    }
    assert!(caught, "no seed of 60 set both of the cheater's Scales");
}
