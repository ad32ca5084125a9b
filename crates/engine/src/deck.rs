//! Deck lists (`assets/decks/*.toml`) and their validation against a format and a pool.
//!
//! A grid deck has a Deck Leader and a main deck, its cards named by number. A Kingdom
//! Duels deck has a Main Deck and an Extra Deck and no leader; its cards may be named by
//! code (`"SOE-021"`), and the restricted list counts them by code across both decks.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::card::{CardDef, CardId};
use crate::field::{DuelistSetup, FieldSetup};
use crate::format::{Family, Format};
use crate::kingdom_card::{DeckZone, Frame, SetupKind};
use crate::pool::CardPool;
use crate::source::{SourceError, line_of};

/// A deck: the Deck Leader (where the format has them), the main deck and the Extra Deck,
/// one entry per copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckList {
    pub name: String,
    pub leader: Option<CardId>,
    pub main: Vec<CardId>,
    pub extra: Vec<CardId>,
    /// The card game's field: the Field Setup played, its starting terrains left to right
    /// by terrain number and the Field Setup Rule card they come from, when named (it then
    /// counts towards the Extra Deck).
    pub field_setup: FieldSetup,
    /// The card game's field: the Duelist Setup played, with its Cardlist (the card facts
    /// print none, so the deck file writes it out). It counts towards the Extra Deck.
    pub duelist_setup: Option<DuelistSetup>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    name: String,
    #[serde(default)]
    leader: Option<toml::Spanned<u16>>,
    main: Vec<toml::Spanned<RawEntry>>,
    #[serde(default)]
    extra: Vec<toml::Spanned<RawEntry>>,
    /// The Field Setup's terrains, by name, left to right, with or without the Field Setup
    /// Rule card they come from.
    #[serde(default)]
    field_setup: Option<toml::Spanned<RawFieldSetup>>,
    /// The Duelist Setup Rule card played, and the cards of its Cardlist (repeated for a
    /// quantity above one).
    #[serde(default)]
    duelist_setup: Option<toml::Spanned<RawDuelistSetup>>,
}

/// `field_setup = ["Night", ...]`, or `field_setup = { card = "SOE-001", terrains = [...] }`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawFieldSetup {
    Terrains(Vec<String>),
    Card {
        card: CardName,
        terrains: Vec<String>,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDuelistSetup {
    card: CardName,
    #[serde(default)]
    cardlist: Vec<CardName>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    card: CardName,
    #[serde(default = "one")]
    copies: u8,
}

/// A card in a deck file: its number in the pool, or its code.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum CardName {
    Number(u16),
    Code(String),
}

impl CardName {
    /// The card of the pool this names, or the name as written when the pool has none.
    fn find<'p>(&self, pool: &'p CardPool) -> Result<&'p CardDef, String> {
        match self {
            CardName::Number(n) => pool.get(CardId(*n)).ok_or_else(|| CardId(*n).to_string()),
            CardName::Code(code) => pool.find_by_code(code).ok_or_else(|| code.clone()),
        }
    }
}

fn one() -> u8 {
    1
}

impl DeckList {
    /// Parses a deck file and checks it against the pool and the format's deck rules.
    pub fn from_toml(
        file: &str,
        text: &str,
        pool: &CardPool,
        format: &Format,
    ) -> Result<DeckList, SourceError> {
        let raw: RawDeck =
            toml::from_str(text).map_err(|e| SourceError::from_toml(file, text, &e))?;
        let err = |line: usize, message: String| SourceError::new(file, line, message);
        let leader = raw.leader.as_ref().map(|l| CardId(*l.get_ref()));
        let leader_line = raw
            .leader
            .as_ref()
            .map_or(1, |l| line_of(text, l.span().start));
        // The line of each card's first entry, to point whole-deck errors at.
        let mut lines: BTreeMap<CardId, usize> = BTreeMap::new();
        let mut read = |entries: &[toml::Spanned<RawEntry>]| -> Result<Vec<CardId>, SourceError> {
            let mut cards = Vec::new();
            for entry in entries {
                let line = line_of(text, entry.span().start);
                let RawEntry { card, copies } = entry.get_ref();
                let def = card.find(pool).map_err(|named| {
                    err(
                        line,
                        format!("card {named} is not in the pool \"{}\"", pool.name()),
                    )
                })?;
                if *copies == 0 {
                    return Err(err(line, format!("0 copies of {}", def.name)));
                }
                lines.entry(def.id).or_insert(line);
                cards.extend(std::iter::repeat_n(def.id, usize::from(*copies)));
            }
            Ok(cards)
        };
        let main = read(&raw.main)?;
        let extra = read(&raw.extra)?;
        let mut field_setup = FieldSetup::default();
        if let Some(setup) = &raw.field_setup {
            let line = line_of(text, setup.span().start);
            let (card, names) = match setup.get_ref() {
                RawFieldSetup::Terrains(names) => (None, names),
                RawFieldSetup::Card { card, terrains } => (Some(card), terrains),
            };
            if let Some(card) = card {
                let def = card.find(pool).map_err(|named| {
                    err(
                        line,
                        format!(
                            "the Field Setup names card {named}, which is not in the pool \"{}\"",
                            pool.name()
                        ),
                    )
                })?;
                field_setup.card = Some(def.id);
            }
            for name in names {
                let terrain = pool.terrain_by_name(name).ok_or_else(|| {
                    err(
                        line,
                        format!(
                            "the Field Setup names \"{name}\", which is not a terrain of the \
                             pool \"{}\"",
                            pool.name()
                        ),
                    )
                })?;
                field_setup.terrains.push(terrain.id);
            }
        }
        let mut duelist_setup = None;
        if let Some(setup) = &raw.duelist_setup {
            let line = line_of(text, setup.span().start);
            let find = |name: &CardName| {
                name.find(pool).map(|d| d.id).map_err(|named| {
                    err(
                        line,
                        format!(
                            "the Duelist Setup names card {named}, which is not in the pool \
                             \"{}\"",
                            pool.name()
                        ),
                    )
                })
            };
            let raw_setup = setup.get_ref();
            duelist_setup = Some(DuelistSetup {
                card: find(&raw_setup.card)?,
                cardlist: raw_setup
                    .cardlist
                    .iter()
                    .map(find)
                    .collect::<Result<_, _>>()?,
            });
        }
        let deck = DeckList {
            name: raw.name,
            leader,
            main,
            extra,
            field_setup,
            duelist_setup,
        };
        deck.check(pool, format).map_err(|problem| {
            let line = match problem.card {
                Some(id) if Some(id) == leader => leader_line,
                Some(id) => lines.get(&id).copied().unwrap_or(1),
                None => 1,
            };
            err(line, problem.message)
        })?;
        Ok(deck)
    }

    /// Checks a deck list that did not come from a file (one rebuilt from revealed
    /// commitments, say) against the pool and the format's deck rules.
    pub fn validate(&self, pool: &CardPool, format: &Format) -> Result<(), String> {
        self.check(pool, format).map_err(|p| p.message)
    }

    fn check(&self, pool: &CardPool, format: &Format) -> Result<(), DeckProblem> {
        if let Some(setup) = &self.duelist_setup
            && (format.family != Family::Field || format.deck.domain)
        {
            return Err(DeckProblem {
                card: Some(setup.card),
                message: format!(
                    "{} has no Duelist Setup: leave `duelist_setup` out",
                    format.name
                ),
            });
        }
        match format.family {
            _ if format.deck.domain => self.check_domain(pool, format)?,
            Family::Grid => self.check_grid(pool, format)?,
            Family::Field => self.check_field(pool, format)?,
        }
        self.check_size(format)
    }

    /// Domain Format: the leader is the Deck Master (any monster), one copy of each card
    /// across the Deck Master and the decks, and every monster within its Domain.
    fn check_domain(&self, pool: &CardPool, format: &Format) -> Result<(), DeckProblem> {
        use crate::domain::{
            CardDatabase, Domain, copy_identities, facts_of_pool_card, mentions_of_pool_card,
        };
        let master_id = self.leader.ok_or_else(|| DeckProblem {
            card: None,
            message: format!(
                "{} needs a Deck Master: name it with `leader = ...`",
                format.name
            ),
        })?;
        let mut db = CardDatabase::new();
        let mut facts = |id: CardId| -> Result<crate::domain::CardFacts, DeckProblem> {
            let def = known(pool, id)?;
            let card = facts_of_pool_card(def).ok_or_else(|| DeckProblem {
                card: Some(id),
                message: format!("{} is not a card of {}", def.name, format.name),
            })?;
            db.add_card(card.clone());
            Ok(card)
        };
        let master = facts(master_id)?;
        if !master.types.is_monster() {
            return Err(DeckProblem {
                card: Some(master_id),
                message: format!(
                    "the Deck Master {} must be a monster, not a {}",
                    master.name,
                    master.types.label()
                ),
            });
        }
        self.check_extra_size(format)?;
        let mut cards = Vec::with_capacity(self.main.len() + self.extra.len());
        for id in self.main.iter().chain(&self.extra) {
            cards.push(facts(*id)?);
        }
        let master_def = known(pool, master_id)?;
        let domain = Domain::with_mentions(&master, &mentions_of_pool_card(master_def));
        let mut seen = copy_identities(master_def);
        let main_count = self.main.len();
        for (place, (id, card)) in self.main.iter().chain(&self.extra).zip(&cards).enumerate() {
            let problem = |message: String| DeckProblem {
                card: Some(*id),
                message,
            };
            let in_extra = place >= main_count;
            let extra_monster = known(pool, *id)?.is_card_game_extra_deck_monster();
            if in_extra && !extra_monster {
                return Err(problem(format!(
                    "{} is not an Extra Deck monster: move it to the Main Deck",
                    card.name
                )));
            }
            if !in_extra && extra_monster {
                return Err(problem(format!(
                    "{} is an Extra Deck monster: move it to `extra`",
                    card.name
                )));
            }
            let names = copy_identities(known(pool, *id)?);
            if names.iter().any(|n| seen.contains(n)) {
                return Err(problem(
                    if *id == master_id || names.contains(&master.identity().0) {
                        format!(
                            "{} is the Deck Master: one copy of each card across the Deck Master \
                         and the deck, so it cannot be in the deck too",
                            card.name
                        )
                    } else {
                        format!(
                            "a second copy of {} (or of a card it is always treated as): one \
                         copy of each card",
                            card.name
                        )
                    },
                ));
            }
            seen.extend(names);
            if domain.admits(card).is_none() {
                let what = [
                    card.attribute.map(|a| a.word().to_string()),
                    card.race.map(|r| r.word().to_string()),
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
                return Err(problem(format!(
                    "{} ({what}) is outside {}'s Domain ({}): take it out",
                    card.name,
                    master.name,
                    domain.describe(&db)
                )));
            }
        }
        Ok(())
    }

    fn check_grid(&self, pool: &CardPool, format: &Format) -> Result<(), DeckProblem> {
        let leader_id = self.leader.ok_or_else(|| DeckProblem {
            card: None,
            message: format!("{} needs a Deck Leader (`leader = ...`)", format.name),
        })?;
        let leader = pool.get(leader_id).ok_or_else(|| DeckProblem {
            card: Some(leader_id),
            message: format!(
                "the Deck Leader {leader_id} is not in the pool \"{}\"",
                pool.name()
            ),
        })?;
        // "Each Player selects 1 Monster Card from their Deck": a Main Deck monster, never
        // a Ritual Monster or one of the card game's Extra Deck monsters.
        if !leader.is_monster()
            || leader.level() > format.deck.leader_max_level
            || !leader.is_normal_summonable()
        {
            return Err(DeckProblem {
                card: Some(leader_id),
                message: format!(
                    "the Deck Leader {} must be a monster of level {} or lower, chosen from \
                     the deck (not a Ritual Monster nor a Fusion, Synchro, Xyz or Link \
                     Monster)",
                    leader.name, format.deck.leader_max_level
                ),
            });
        }
        if let Some(destiny) = &format.destiny_draw
            && let Some(id) = std::iter::once(&leader_id)
                .chain(&self.main)
                .find(|id| destiny.cards.contains(id))
        {
            let def = known(pool, *id)?;
            return Err(DeckProblem {
                card: Some(*id),
                message: format!(
                    "{} is on {}'s destiny list: it is only ever drawn by a Destiny Draw, never \
                     put in a deck (take it out)",
                    def.name, format.name
                ),
            });
        }
        if let Some(id) = self.extra.first()
            && format.deck.max_extra == 0
        {
            return Err(DeckProblem {
                card: Some(*id),
                message: format!("{} has no Extra Deck", format.name),
            });
        }
        self.check_extra_size(format)?;
        for id in &self.extra {
            let def = known(pool, *id)?;
            if !pool.is_extra_deck_monster(*id) {
                return Err(DeckProblem {
                    card: Some(*id),
                    message: format!(
                        "{} is not an Extra Deck monster: only Ritual Monsters and monsters a \
                         fusion, a power-up or an evolution makes go in the Extra Deck (move it \
                         to the main deck)",
                        def.name
                    ),
                });
            }
        }
        if !self.field_setup.is_empty() {
            return Err(DeckProblem {
                card: None,
                message: format!(
                    "{} has no Field Setup: leave `field_setup` out",
                    format.name
                ),
            });
        }
        // Copies count across both decks and the Deck Leader, which each player "selects
        // ... from their Deck" (Classic rule 1; Kairu: "a card that can start in your Main
        // Deck").
        let mut counted: Vec<CardId> = self.main.clone();
        counted.extend(self.extra.iter().copied());
        counted.extend(self.leader);
        counted.sort();
        for run in counted.chunk_by(|a, b| a == b) {
            let id = run[0];
            let def = known(pool, id)?;
            if !def.is_monster() && !def.is_spell() && !def.is_trap() {
                return Err(DeckProblem {
                    card: Some(id),
                    message: format!("{} is not a card of {}", def.name, format.name),
                });
            }
            if def.monster().is_some_and(|m| m.ritual) && self.main.contains(&id) {
                let where_to = if format.deck.max_extra > 0 {
                    "move it to the Extra Deck"
                } else {
                    "take it out"
                };
                return Err(DeckProblem {
                    card: Some(id),
                    message: format!(
                        "{} is a Ritual Monster: it is summoned only by its Ritual card and \
                         does not go in the main deck ({where_to})",
                        def.name
                    ),
                });
            }
            // Kairu: "Metal Monsters must go in the Extra Deck"; "Evolve monsters cannot be
            // included in the main deck and must go in the Extra deck". The original game
            // (Classic, Alternate) let them be drawn too.
            if format.rulebook == crate::format::Rulebook::Kairu
                && pool.is_transformation_result(id)
                && (self.main.contains(&id) || self.leader == Some(id))
            {
                return Err(DeckProblem {
                    card: Some(id),
                    message: format!(
                        "{} is a Metal or Evolve monster (a power-up transforms a monster into \
                         it): in {} it waits in the Extra Deck, never in the main deck nor as \
                         the Deck Leader (move it to the Extra Deck)",
                        def.name, format.name
                    ),
                });
            }
            if def.is_card_game_extra_deck_monster() && self.main.contains(&id) {
                return Err(DeckProblem {
                    card: Some(id),
                    message: format!(
                        "{} is a Fusion, Synchro, Xyz or Link Monster: it starts in the Extra \
                         Deck, not the main deck (move it there)",
                        def.name
                    ),
                });
            }
            if run.len() > usize::from(format.deck.max_copies) {
                return Err(DeckProblem {
                    card: Some(id),
                    message: format!(
                        "{} copies of {}{} — a deck may hold 1 to {} copies of a card",
                        run.len(),
                        def.name,
                        if self.leader == Some(id) {
                            " (the Deck Leader counts: it comes from the deck)"
                        } else {
                            ""
                        },
                        format.deck.max_copies
                    ),
                });
            }
        }
        Ok(())
    }

    /// Kingdom Duels: Main Deck cards in the Main Deck, Extra Deck cards in the Extra Deck,
    /// no tokens, and the restricted list by code across both.
    fn check_field(&self, pool: &CardPool, format: &Format) -> Result<(), DeckProblem> {
        if let Some(leader) = self.leader {
            return Err(DeckProblem {
                card: Some(leader),
                message: format!("{} has no Deck Leader: leave `leader` out", format.name),
            });
        }
        let rules = &format.deck;
        if let Some(setup) = &self.duelist_setup {
            check_duelist_setup(setup, pool, format).map_err(|message| DeckProblem {
                card: Some(setup.card),
                message,
            })?;
        }
        // The Duelist Setup played comes out of the Extra Deck: it counts as one of its
        // cards.
        let mut extra = self.extra.clone();
        extra.extend(self.duelist_setup.as_ref().map(|s| s.card));
        extra.extend(self.field_setup.card);
        // Cardlist cards ignore the Restricted List, in the quantity the list gives.
        let cardlist_copies = |code: &str| -> usize {
            self.duelist_setup.as_ref().map_or(0, |setup| {
                setup
                    .cardlist
                    .iter()
                    .filter_map(|id| pool.get(*id).and_then(|d| pool.printed_card(d).kingdom()))
                    .filter(|k| k.code.eq_ignore_ascii_case(code))
                    .count()
            })
        };
        let mut by_code: BTreeMap<String, (usize, CardId, String)> = BTreeMap::new();
        for (list, wanted) in [(&self.main, DeckZone::Main), (&extra, DeckZone::Extra)] {
            for id in list {
                let def = pool.printed_card(known(pool, *id)?);
                let problem = |message: String| DeckProblem {
                    card: Some(*id),
                    message,
                };
                let Some(card) = def.kingdom() else {
                    return Err(problem(format!(
                        "{} is not a card of {}",
                        def.name, format.name
                    )));
                };
                if card.frame == Frame::Token {
                    return Err(problem(format!(
                        "{} is a token: tokens are kept apart from the decks",
                        def.name
                    )));
                }
                if card.deck != wanted {
                    let (is, goes) = match card.deck {
                        DeckZone::Main => ("a Main Deck card", "the Main Deck"),
                        DeckZone::Extra => ("an Extra Deck card", "the Extra Deck"),
                    };
                    return Err(problem(format!(
                        "{} ({}) is {is}: it goes in {goes}",
                        def.name, card.code
                    )));
                }
                let code = card.code.to_ascii_uppercase();
                if rules
                    .forbidden
                    .iter()
                    .any(|f| f.eq_ignore_ascii_case(&code))
                {
                    return Err(problem(format!(
                        "{} ({}) is forbidden in {}",
                        def.name, card.code, format.name
                    )));
                }
                by_code.entry(code).or_insert((0, *id, def.name.clone())).0 += 1;
            }
        }
        for (code, (count, id, name)) in &by_code {
            let allowed = rules
                .surplus
                .iter()
                .find(|s| s.card.eq_ignore_ascii_case(code))
                .map_or(rules.max_copies, |s| s.copies);
            let allowed = usize::from(allowed).max(cardlist_copies(code));
            if *count > allowed {
                return Err(DeckProblem {
                    card: Some(*id),
                    message: format!(
                        "{count} copies of {name} ({code}) — {} allows {allowed}",
                        format.name
                    ),
                });
            }
        }
        for group in &rules.limited {
            let members: Vec<(&String, &(usize, CardId, String))> = by_code
                .iter()
                .filter(|(code, _)| group.cards.iter().any(|c| c.eq_ignore_ascii_case(code)))
                .filter(|(code, _)| cardlist_copies(code) == 0)
                .collect();
            let total: usize = members.iter().map(|(_, (n, _, _))| *n).sum();
            if total > usize::from(group.at_most) {
                let names: Vec<&str> = members.iter().map(|(_, (_, _, n))| n.as_str()).collect();
                return Err(DeckProblem {
                    card: members.first().map(|(_, (_, id, _))| *id),
                    message: format!(
                        "{total} cards of the \"{}\" group ({}) — a deck may hold {} of them",
                        group.name,
                        names.join(", "),
                        group.at_most
                    ),
                });
            }
        }
        check_field_setup(&self.field_setup, pool, format).map_err(|message| DeckProblem {
            card: self.field_setup.card,
            message,
        })?;
        if extra.len() > usize::from(rules.max_extra) {
            return Err(DeckProblem {
                card: None,
                message: format!(
                    "the Extra Deck holds {} cards (the Setup Rule cards played included); {} \
                     allows up to {}",
                    extra.len(),
                    format.name,
                    rules.max_extra
                ),
            });
        }
        Ok(())
    }

    /// The Extra Deck within the format's limit.
    fn check_extra_size(&self, format: &Format) -> Result<(), DeckProblem> {
        if self.extra.len() > usize::from(format.deck.max_extra) {
            return Err(DeckProblem {
                card: None,
                message: format!(
                    "the Extra Deck holds {} cards; {} allows at most {}",
                    self.extra.len(),
                    format.name,
                    format.deck.max_extra
                ),
            });
        }
        Ok(())
    }

    fn check_size(&self, format: &Format) -> Result<(), DeckProblem> {
        let (min, max) = (format.deck.min_main, format.deck.max_main);
        let n = self.main.len();
        if n < usize::from(min) || n > usize::from(max) {
            return Err(DeckProblem {
                card: None,
                message: if min == max {
                    format!(
                        "the main deck holds {n} cards; {} needs exactly {min}",
                        format.name
                    )
                } else {
                    format!(
                        "the main deck holds {n} cards; {} needs {min} to {max}",
                        format.name
                    )
                },
            });
        }
        Ok(())
    }
}

/// What is wrong with a deck, and which card it is about (to find its line).
struct DeckProblem {
    card: Option<CardId>,
    message: String,
}

fn known(pool: &CardPool, id: CardId) -> Result<&CardDef, DeckProblem> {
    pool.get(id).ok_or_else(|| DeckProblem {
        card: Some(id),
        message: format!("card {id} is not in the pool \"{}\"", pool.name()),
    })
}

/// A Field Setup names one terrain of the pool for each Frontrow zone, left to right (or is
/// empty: no Field Setup), and the card it names is a Field Setup Rule card of the pool.
pub fn check_field_setup(
    setup: &FieldSetup,
    pool: &CardPool,
    format: &Format,
) -> Result<(), String> {
    if setup.is_empty() {
        return Ok(());
    }
    if let Some(card) = setup.card {
        let def = pool
            .get(card)
            .ok_or_else(|| format!("card {card} is not in the pool \"{}\"", pool.name()))?;
        let is_field_setup = def
            .kingdom()
            .is_some_and(|k| k.setup == Some(SetupKind::Field));
        if !is_field_setup {
            return Err(format!(
                "{} is not a Field Setup Rule card: name one in `field_setup.card`",
                def.name
            ));
        }
    }
    let terrains = &setup.terrains;
    let zones = usize::from(format.field.monster_zones);
    if terrains.len() != zones {
        return Err(format!(
            "the Field Setup lists {} terrains; {} has {zones} Frontrow zones, one terrain each",
            terrains.len(),
            format.name
        ));
    }
    if let Some(bad) = terrains.iter().find(|t| pool.terrain(**t).is_none()) {
        return Err(format!(
            "the Field Setup names terrain number {bad}, which the pool \"{}\" does not have",
            pool.name()
        ));
    }
    Ok(())
}

/// The most cards a Cardlist may name, copies included: far more than a printed list holds,
/// and few enough that the swap's choices stay a short list.
pub const MAX_CARDLIST: usize = 60;

/// The most copies of one card a Cardlist may allow ("in the quantity it specifies"): the
/// card game's three. A Cardlist is written by its player (the facts print none) and lifts
/// the Restricted List for what it names, so FairDuel bounds what one list can lift.
pub const MAX_CARDLIST_COPIES: usize = 3;

/// A Duelist Setup is a Duelist Setup Rule card of the pool, played where the format has
/// Setup Rule cards, and its Cardlist names cards of the pool.
pub fn check_duelist_setup(
    setup: &DuelistSetup,
    pool: &CardPool,
    format: &Format,
) -> Result<(), String> {
    if format.family != Family::Field || format.deck.domain {
        return Err(format!("{} has no Duelist Setup", format.name));
    }
    let def = pool
        .get(setup.card)
        .ok_or_else(|| format!("card {} is not in the pool \"{}\"", setup.card, pool.name()))?;
    let is_duelist_setup = def
        .kingdom()
        .is_some_and(|k| k.setup == Some(SetupKind::Duelist));
    if !is_duelist_setup {
        return Err(format!(
            "{} is not a Duelist Setup Rule card: name one in `duelist_setup.card`",
            def.name
        ));
    }
    if setup.cardlist.len() > MAX_CARDLIST {
        return Err(format!(
            "the Cardlist names {} cards; FairDuel reads up to {MAX_CARDLIST}",
            setup.cardlist.len()
        ));
    }
    if let Some(bad) = setup.cardlist.iter().find(|c| pool.get(**c).is_none()) {
        return Err(format!(
            "the Cardlist names card {bad}, which is not in the pool \"{}\"",
            pool.name()
        ));
    }
    for card in &setup.cardlist {
        let copies = setup.cardlist.iter().filter(|c| *c == card).count();
        if copies > MAX_CARDLIST_COPIES {
            let name = pool
                .get(*card)
                .map_or_else(|| card.to_string(), |d| d.name.clone());
            return Err(format!(
                "the Cardlist names {name} {copies} times; a Cardlist allows up to \
                 {MAX_CARDLIST_COPIES} copies of a card"
            ));
        }
    }
    Ok(())
}
