//! The match set-up and joint randomness: the script of set-up steps for N seats, the
//! checks on a set-up, the unbiased joint draws, deck permutation openings, and the claims
//! the audit finds false.

use super::*;

/// The joint random value for `purpose`: every seat's revealed share, hashed together.
pub(super) fn joint_random(
    match_id: &Digest32,
    reveals: &[Option<RandomReveal>],
    purpose: &str,
) -> Digest32 {
    sha256_of(&("fairduel/joint-random/v1", match_id, purpose, reveals))
}

/// A number below `n` (1 to 256) drawn without bias from the joint random value for
/// `purpose`: its bytes are read in turn (then those of further blocks hashed from it), and a
/// byte is used only when it falls below the largest multiple of `n` a byte holds. For 2
/// and 4 players every byte is used, so the first byte decides, as it always has.
pub fn joint_below(
    match_id: &Digest32,
    reveals: &[Option<RandomReveal>],
    purpose: &str,
    n: u8,
) -> u8 {
    fairduel_engine::hash::unbiased_below(
        joint_random(match_id, reveals, purpose),
        "fairduel/joint-random-stream/v1",
        n,
    )
}

pub(super) fn setup_state_hash(
    match_id: &Digest32,
    decks: &[Option<DeckCommit>],
    permutations: &BTreeMap<(Seat, Seat), Vec<Commitment>>,
    random_reveals: &[Option<RandomReveal>],
) -> Digest32 {
    sha256_of(&(
        "fairduel/setup-state/v1",
        match_id,
        decks,
        permutations,
        random_reveals,
    ))
}

/// Checks that `openings` open `positions` and point at every index exactly once.
pub fn check_permutation_opening(
    match_id: &Digest32,
    owner: Seat,
    permuter: Seat,
    round: u8,
    positions: &[Commitment],
    openings: &[PositionOpening],
) -> Result<(), String> {
    if openings.len() != positions.len() {
        return Err(format!(
            "it opens {} positions of {owner}'s deck; {} were committed",
            openings.len(),
            positions.len()
        ));
    }
    let mut seen = vec![false; positions.len()];
    for (p, (commitment, opening)) in positions.iter().zip(openings).enumerate() {
        let slot = PositionSlot {
            owner,
            permuter,
            round,
            position: p as u16,
        };
        if Commitment::for_position(match_id, slot, opening) != *commitment {
            return Err(format!(
                "position {p} of {owner}'s deck does not open to what was committed"
            ));
        }
        match seen.get_mut(usize::from(opening.index)) {
            Some(s) if !*s => *s = true,
            _ => {
                return Err(format!(
                    "its permutation of {owner}'s deck is not a permutation (index {} repeats or is out of range): a stacked deck",
                    opening.index
                ));
            }
        }
    }
    Ok(())
}

/// The seats that permute `owner`'s deck, in the order their rounds apply.
pub fn permuters_of(owner: Seat, seats: usize) -> impl Iterator<Item = Seat> {
    (1..seats).map(move |k| Seat(((usize::from(owner.0) + k) % seats) as u8))
}

/// The set-up steps after the set-up entry itself, in order: every seat commits its deck;
/// every deck is permuted by every other seat in turn; every seat reveals its random share.
pub(super) fn setup_script(seats: usize) -> Vec<(Seat, Step)> {
    let mut script = Vec::new();
    for i in 0..seats {
        script.push((Seat(i as u8), Step::DeckCommit));
    }
    for i in 0..seats {
        let owner = Seat(i as u8);
        for permuter in permuters_of(owner, seats) {
            script.push((permuter, Step::Permutation { owner }));
        }
    }
    for i in 0..seats {
        script.push((Seat(i as u8), Step::RandomReveal));
    }
    script
}

pub(super) fn check_setup(setup: &MatchSetup, rules: &Arc<Rules>) -> Result<(), String> {
    if setup.protocol_version != PROTOCOL_VERSION {
        return Err(format!(
            "it speaks protocol version {}, this program speaks {PROTOCOL_VERSION}: both players need the same FairDuel version",
            setup.protocol_version
        ));
    }
    if setup.format_hash != rules.format.hash() {
        return Err(format!(
            "it plays format \"{}\" with hash {}, but ours is \"{}\" with hash {}: both players need the same format file",
            setup.format_name,
            setup.format_hash.short(),
            rules.format.name,
            rules.format.hash().short()
        ));
    }
    let engine = crate::fingerprint::engine_fingerprint(rules);
    if setup.engine != engine {
        return Err(format!(
            "it was made by a FairDuel whose rules engine differs from this one (engine {}, ours {}): this version cannot judge it, and both players need the same FairDuel version",
            setup.engine.short(),
            engine.short()
        ));
    }
    if setup.pool_hash != rules.pool.hash() {
        return Err(format!(
            "its card pool hash {} differs from ours {}: both players need the same card pool",
            setup.pool_hash.short(),
            rules.pool.hash().short()
        ));
    }
    let players = usize::from(rules.format.table.players);
    if setup.players.len() != players {
        return Err(format!(
            "it seats {} players; \"{}\" is played by {players}",
            setup.players.len(),
            rules.format.name
        ));
    }
    let mut keys = setup.players.clone();
    keys.sort();
    keys.dedup();
    if keys.len() != setup.players.len() {
        return Err("the same key sits in two seats".into());
    }
    Ok(())
}

/// The end-of-match check that needs every seat's secrets: claims never revealed during the
/// duel, checked against the end reveals. Returns each false claim with the entry that made
/// it.
pub fn false_claims(log: &MatchLog, all: &Knowledge) -> Vec<(ClaimOrigin, String)> {
    let Some(duel) = log.duel() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for claim in &duel.state().claims {
        let commitment = duel.state().commitment(claim.card_ref);
        let Some(card) = all.card(&commitment) else {
            continue;
        };
        if let Err(why) = duel.check_claim(claim, card) {
            let origin = log
                .claim_origins()
                .iter()
                .rev()
                .find(|o| o.commitment == commitment)
                .copied()
                .unwrap_or(ClaimOrigin {
                    commitment,
                    owner: claim.owner,
                    seq: 0,
                });
            out.push((origin, why));
        }
    }
    out
}
