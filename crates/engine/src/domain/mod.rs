//! Domain Format's deck building (../shared/seeds/domain-format.txt, "Deckbuilding" and
//! "Domain"): card facts from a simulator database, what a Deck Master mentions, its
//! Domain, and the deck check. Pure: the database is read elsewhere (`fairduel-carddb`).

mod built_decks;
mod domain_deck;
mod domain_of;
mod facts;
mod mentions;
mod pool_cards;

pub use built_decks::build_domain_decks;
pub use domain_deck::{
    DomainDeck, DomainDeckProblem, DomainDeckReport, DomainDeckRules, Section, check_domain_deck,
};
pub use domain_of::{Admission, Domain, Origin};
pub use facts::{ArchetypeCode, Attribute, CardDatabase, CardFacts, CardTypes, Passcode, Race};
pub use mentions::{Mentions, always_treated_as, always_treated_as_names};
pub use pool_cards::{copy_identities, facts_of_pool_card, mentions_of_pool_card};

#[cfg(test)]
mod tests;
