//! The players' own card definitions for Kingdom Duels (`crate::card_definitions` of the
//! engine): the FLIP keyword lets a monster be summoned Hidden in DEF Position from the
//! hand, and an Unstoppable card is answered by nobody. The card facts carry no effect
//! texts, so the test writes its own definitions for real cards of the pool. A trap's
//! Trigger makes it activate when the Trigger is met: its owner may not pass over it.

use std::sync::Arc;

use fairduel_engine::Rules;

mod common;

/// Kingdom Duels with Axe Raider (SOE-111) defined as a FLIP monster, Breath of God
/// (the card game's Normal Spell, Quick) as Unstoppable, and `trap` (card 387, Arrival of
/// the Harpie Lady) with the keywords `trap_keywords`.
fn rules() -> Arc<Rules> {
    rules_with_trap("")
}

fn code_of(rules: &Rules, card: u16) -> String {
    rules
        .pool
        .get(fairduel_engine::CardId(card))
        .and_then(|c| c.kingdom())
        .map(|k| k.code.clone())
        .unwrap_or_else(|| panic!("card {card} is a Kingdom Duels card"))
}

fn rules_with_trap(trap_keywords: &str) -> Arc<Rules> {
    let (rules, _) = common::load("kingdom-duels");
    let breath = code_of(&rules, 73);
    let trap = code_of(&rules, 387);
    let trap_definition = if trap_keywords.is_empty() {
        String::new()
    } else {
        format!("\n[[card]]\ncode = \"{trap}\"\nkeywords = [{trap_keywords}]\n")
    };
    let pool = rules
        .pool
        .with_definitions(
            "my-definitions.toml",
            &format!(
                "[[card]]\ncode = \"SOE-111\"\nkeywords = [\"flip\"]\n\n\
                 [[card]]\ncode = \"{breath}\"\nkeywords = [\"unstoppable\"]\n{trap_definition}"
            ),
        )
        .unwrap_or_else(|e| panic!("the definitions apply: {e}"));
    Rules::new(rules.format.clone(), pool)
}

#[test]
fn a_flip_monster_is_summoned_hidden_in_def_position_and_no_other_is() {
    common::scenario_passes(
        &rules(),
        "flip",
        r#"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [53, 151]           # Critter; Axe Raider, defined with the FLIP keyword
deck = [53]

[seat1]
deck = [53]

[[step]]
seat = 0
do = "play"
card = 53
mode = "set-defence"
to = "seat0-front1"
expect = "wrong-play-mode"

[[step]]
seat = 0
do = "play"
card = 151
mode = "set-defence"
to = "seat0-front2"

[[assert]]
at = "seat0-front2"
face = "down"
position = "defence"

[[assert]]
at = "seat0-front1"
empty = true
"#,
    );
}

#[test]
fn an_unstoppable_card_is_answered_by_nobody() {
    let position = |unstoppable: bool| {
        format!(
            r#"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [{card}]
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat1-back1"
card = 387                 # Arrival of the Harpie Lady (trap), Set last turn
seat = 1
face = "down"
entered_turn = 2

[[step]]
seat = 0
do = "play"
card = {card}
mode = "activate"
to = "seat0-back3"

[[assert]]
awaiting = "{awaiting}"
"#,
            card = if unstoppable { 73 } else { 274 },
            awaiting = if unstoppable {
                "propose-outcome"
            } else {
                "respond"
            },
        )
    };
    // Breath of God is Unstoppable: the chain resolves at once. Magic Removal is not: seat
    // 1, with a card Set last turn, is asked.
    common::scenario_passes(&rules(), "unstoppable", &position(true));
    common::scenario_passes(&rules(), "stoppable", &position(false));
}

/// Seat 0's Gaia the Fierce Knight attacks seat 1's Critter; seat 1 has a card Set last
/// turn (card 387, whose Trigger the test defines) and another Set card (a spell).
const ATTACK_ON_A_SET_TRAP: &str = r#"
format = "kingdom-duels"
turn = 3

[seat0]
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat0-front1"
card = 56                  # Gaia the Fierce Knight, 2300
seat = 0

[[cells]]
at = "seat1-front2"
card = 53                  # Critter, 1000
seat = 1

[[cells]]
at = "seat1-back1"
card = 387                 # Arrival of the Harpie Lady (trap), Set last turn
seat = 1
face = "down"
entered_turn = 2

[[cells]]
at = "seat1-back2"
card = 73                  # Breath of God (spell), Set last turn
seat = 1
face = "down"
entered_turn = 2

[[step]]
seat = 0
do = "next-phase"

[[step]]
seat = 0
do = "attack"
from = "seat0-front1"
to = "seat1-front2"

[[assert]]
after = 2
awaiting = "respond"
seat = 1
"#;

#[test]
fn a_plain_pass_over_a_trap_whose_trigger_is_met_is_refused_and_one_whose_trigger_is_not_may_wait()
{
    let must = format!(
        "{ATTACK_ON_A_SET_TRAP}
[[step]]
seat = 1
do = \"pass\"
expect = \"must-spring\"

[[step]]
seat = 1
do = \"activate\"
at = \"seat1-back1\"

[[assert]]
chain_links = 1
"
    );
    for trigger in ["trigger-attack", "trigger-attack-on-you"] {
        common::scenario_passes(&rules_with_trap(&format!("\"{trigger}\"")), trigger, &must);
    }
    // An attack is not a card activated: that trap may stay Set; so may one with no
    // Trigger (Trigger "None": activated at will).
    let may_wait = format!(
        "{ATTACK_ON_A_SET_TRAP}
[[step]]
seat = 1
do = \"pass\"
"
    );
    common::scenario_passes(
        &rules_with_trap("\"trigger-opponent-activation\""),
        "other trigger",
        &may_wait,
    );
    common::scenario_passes(&rules(), "no trigger", &may_wait);

    // A card another player activates meets `trigger-opponent-activation`.
    let chained = r#"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [274]               # Magic Removal (Normal Spell, Quick)
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat1-back1"
card = 387
seat = 1
face = "down"
entered_turn = 2

[[step]]
seat = 0
do = "play"
card = 274
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 1
do = "pass"
expect = "must-spring"

[[step]]
seat = 1
do = "activate"
at = "seat1-back1"

# Seat 0 holds nothing to answer with: the trap, the newest link, resolves first.
[[assert]]
awaiting = "propose-outcome"
seat = 1
"#;
    common::scenario_passes(
        &rules_with_trap("\"trigger-opponent-activation\""),
        "activation trigger",
        chained,
    );
}

#[test]
fn a_trigger_on_a_card_that_is_not_a_trap_is_refused_with_its_line() {
    let (rules, _) = common::load("kingdom-duels");
    let spell = code_of(&rules, 73);
    let error = rules
        .pool
        .with_definitions(
            "mine.toml",
            &format!("[[card]]\ncode = \"{spell}\"\nkeywords = [\"trigger-attack\"]\n"),
        )
        .err()
        .unwrap_or_else(|| panic!("a spell has no Trigger"));
    let message = error.to_string();
    assert!(message.contains("mine.toml:1"), "{message}");
    assert!(message.contains("only traps have a Trigger"), "{message}");
}

#[test]
fn a_pass_over_unseen_set_cards_claims_none_is_a_triggered_trap_and_the_lie_is_caught() {
    use fairduel_engine::{Action, Seat};
    let rules = rules_with_trap("\"trigger-attack-on-you\"");
    let text = format!("name = \"claim\"\n{ATTACK_ON_A_SET_TRAP}");
    let scenario =
        fairduel_sim::scenario::Scenario::parse("claim", &text).unwrap_or_else(|e| panic!("{e}"));
    let (duel, knowledge) = scenario.position(&rules).unwrap_or_else(|e| panic!("{e}"));
    // The attack is declared (the scenario's steps): seat 1 is asked.
    assert!(
        matches!(
            duel.state().awaiting.decision(),
            Some((Seat(1), fairduel_engine::awaiting::Decision::Respond { .. }))
        ),
        "{:?}",
        duel.state().awaiting
    );
    assert!(
        !duel
            .legal_actions(Seat(1), &knowledge)
            .contains(&Action::Pass),
        "the owner, who sees the trap, is not offered to pass"
    );
    // Another peer cannot see seat 1's Set cards: the pass is taken, with a claim on each.
    let mut other_peer = duel.clone();
    other_peer
        .apply(Seat(1), &Action::Pass, None)
        .unwrap_or_else(|e| panic!("{e}"));
    let claims = &other_peer.state().claims;
    assert_eq!(claims.len(), 2, "one claim per Set card: {claims:?}");
    let trap = fairduel_engine::CardId(387);
    let spell = fairduel_engine::CardId(73);
    let verdicts: Vec<(bool, bool)> = claims
        .iter()
        .map(|c| {
            (
                other_peer.check_claim(c, trap).is_ok(),
                other_peer.check_claim(c, spell).is_ok(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        vec![(false, true); 2],
        "the trap behind a claim is caught, the spell is not"
    );
}

/// Kingdom Duels with the players' definitions `definitions` added to the pool.
fn rules_with(definitions: &str) -> Arc<Rules> {
    let (rules, _) = common::load("kingdom-duels");
    let pool = rules
        .pool
        .with_definitions("my-definitions.toml", definitions)
        .unwrap_or_else(|e| panic!("the definitions apply: {e}"));
    Rules::new(rules.format.clone(), pool)
}

/// Seat 0 holds Rolvak's Master Plan (card 20, a Normal Rule card) in its Extra Deck and
/// Gaia the Fierce Knight (a Warrior, EARTH) face-up; `then` follows.
fn rule_card_position(then: &str) -> String {
    format!(
        r#"
format = "kingdom-duels"
turn = 3

[seat0]
extra = [20]               # Rolvak's Master Plan (Normal Rule card)
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat0-front1"
card = 56                  # Gaia the Fierce Knight: Warrior, EARTH
seat = 0
{then}"#
    )
}

#[test]
fn a_keyword_rule_card_is_activated_from_the_extra_deck_while_a_face_up_card_has_its_keyword() {
    let activates = rule_card_position(
        r#"
[[step]]
seat = 0
do = "activate-rule-card"
card = 20

# Shown, out of the Extra Deck, and its effect resolves by agreement (nobody holds a
# card to answer with).
[[assert]]
seat = 0
extra_deck_size = 0
awaiting = "propose-outcome"
"#,
    );
    // Gaia's own Type, its Attribute, or a Type its effect mentions meets the condition.
    for (condition, gaia) in [
        ("\"Warrior\"", ""),
        ("\"earth\"", ""),
        ("\"Dragon\", \"Demon\"", "mentions = [\"Dragon\"]"),
    ] {
        let definitions = format!(
            "[[card]]\ncode = \"PROMO-001\"\nkeyword_condition = [{condition}]\n\n\
             [[card]]\ncode = \"SOE-016\"\n{gaia}\n"
        );
        common::scenario_passes(
            &rules_with(&definitions),
            &condition.replace('"', ""),
            &activates,
        );
    }
    // No face-up card with the Keyword, no condition at all, or not in a Main or Battle
    // Phase or a response window: refused, saying why.
    let refused = rule_card_position(
        r#"
[[step]]
seat = 0
do = "activate-rule-card"
card = 20
expect = "cannot-activate-rule-card"
"#,
    );
    common::scenario_passes(
        &rules_with("[[card]]\ncode = \"PROMO-001\"\nkeyword_condition = [\"Dragon\"]\n"),
        "no keyword",
        &refused,
    );
    common::scenario_passes(&rules_with(""), "no condition", &refused);
}

#[test]
fn a_keyword_condition_goes_only_on_a_normal_rule_card_and_names_real_types() {
    let (rules, _) = common::load("kingdom-duels");
    let not_rule = rules
        .pool
        .with_definitions(
            "mine.toml",
            "[[card]]\ncode = \"SOE-016\"\nkeyword_condition = [\"Warrior\"]\n",
        )
        .err()
        .unwrap_or_else(|| panic!("a monster has no KEYWORD condition"))
        .to_string();
    assert!(not_rule.contains("not a Normal Rule card"), "{not_rule}");
    let typo = rules
        .pool
        .with_definitions(
            "mine.toml",
            "[[card]]\ncode = \"PROMO-001\"\nkeyword_condition = [\"Warior\"]\n",
        )
        .err()
        .unwrap_or_else(|| panic!("no card is a Warior"))
        .to_string();
    assert!(
        typo.contains("\"Warior\" is no Type or Attribute"),
        "{typo}"
    );
}
