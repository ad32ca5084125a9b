#![allow(clippy::expect_used, clippy::unwrap_used)]
//! Agreed effects at a table of three: who is asked to accept an outcome under each consent
//! rule a format may choose (`[agreement] consent`).

use std::sync::Arc;

use fairduel_engine::agreement::Consent;
use fairduel_engine::{CardPool, Format, Rules};
use fairduel_sim::scenario::Scenario;

mod common;

/// The Battle Royale preset (three players) with `consent` instead of its own rule.
fn royale_with(consent: Consent) -> Arc<Rules> {
    let rules = common::load("kingdom-duels-royale").0;
    let mut format: Format = rules.format.clone();
    format.agreement.consent = consent;
    let pool: CardPool = rules.pool.clone();
    Rules::new(format, pool)
}

fn run(text: &str, rules: &Arc<Rules>) {
    let scenario = Scenario::parse("agreed_effects.rs", text).unwrap();
    let report = scenario.run(rules).unwrap();
    assert!(report.passed(), "{:#?}", report.failures);
}

/// Seat 0 activates Magic Removal and proposes `operations`; then the given steps.
fn scenario(operations: &str, then: &str) -> String {
    format!(
        r#"
format = "kingdom-duels-royale"
turn = 4

[seat0]
hand = [274]
deck = [53]

[seat1]
deck = [53]

[seat2]
deck = [53]

[[cells]]
at = "seat2-front1"
card = 53
seat = 2

[[step]]
seat = 0
do = "play"
card = 274
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"
operations = {operations}

{then}
"#
    )
}

#[test]
fn by_default_every_other_player_accepts_in_turn_order() {
    let rules = common::load("kingdom-duels-royale").0;
    assert_eq!(rules.format.agreement.consent, Consent::Everyone);
    let text = scenario(
        r#"[{ op = "move", from = "seat2-front1", to = "graveyard" }]"#,
        r#"
[[assert]]
after = 2
awaiting = "consider-outcome"
seat = 1

[[step]]
seat = 2
do = "accept-outcome"
expect = "not-your-decision"

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
after = 4
awaiting = "consider-outcome"
seat = 2

[[step]]
seat = 2
do = "accept-outcome"

[[assert]]
at = "seat2-front1"
empty = true
"#,
    );
    run(&text, &rules);
}

#[test]
fn with_touched_consent_only_the_players_the_outcome_touches_are_asked() {
    let rules = royale_with(Consent::Touched);
    // Seat 2's monster: seat 2 alone is asked.
    let text = scenario(
        r#"[{ op = "move", from = "seat2-front1", to = "hand" }]"#,
        r#"
[[assert]]
after = 2
awaiting = "consider-outcome"
seat = 2

[[step]]
seat = 2
do = "refuse-outcome"

[[assert]]
at = "seat2-front1"
card = 53
"#,
    );
    run(&text, &rules);
    // An outcome that touches only its controller applies at once.
    let text = scenario(
        r#"[{ op = "life-points", seat = 0, amount = 1000 }]"#,
        r#"
[[assert]]
seat = 0
life_points = 3000

[[assert]]
awaiting = "main"
seat = 0
"#,
    );
    run(&text, &rules);
}
