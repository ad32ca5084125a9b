//! The players' own card definitions for Kingdom Duels. The card facts carry no effect
//! texts, and the format's authors encourage players to write down what their cards do; a
//! definitions file names cards by code and gives the keywords of their texts that FairDuel
//! plays as rules:
//!
//! ```toml
//! [[card]]
//! code = "LOB-EN001"
//! keywords = ["flip"]
//!
//! [[card]]
//! code = "LOB-EN002"
//! keywords = ["trigger-attack-on-you"]
//! ```
//!
//! A Normal Rule card's "KEYWORD:" condition is `keyword_condition = ["Dragon", "LIGHT"]`,
//! and the Types and Attributes a card's effect mentions (Keywords of the card besides its
//! own) are `mentions = ["Spellcaster"]`. Its "RELIANCE:" condition names the cards whose
//! effect activates it, `reliance = ["SOE-017"]`, with `reliance_on_activation_only = true`
//! where the card says its Reliance is on activation only. A Spell or Trap's "Persist" time
//! is `persist_turns = 2`: it stays on the field for that many turns after its activation.
//!
//! `flip`, `unstoppable`, `detach` and `piercing` are their texts' keywords; a trap's Trigger
//! is one of `trigger-attack` (an attack another player declares), `trigger-attack-on-you`
//! (an attack on a monster of its player's) and `trigger-opponent-activation` (a card another
//! player activates); a trap without one is activated at will (Trigger "None").
//!
//! The keywords join the cards' entries in the pool, so the pool's hash changes with them:
//! every player of a match must play with the same definitions, which the handshake checks
//! as it checks the pool. A file naming a card the pool does not hold, a card that is not
//! a Kingdom Duels card, or a keyword FairDuel does not know is refused with its line.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::card::{CardDef, CardId, CardKind};
use crate::kingdom_card::{Keyword, KingdomCard, MainType, same_keyword};
use crate::pool::CardPool;
use crate::source::{SourceError, line_of};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDefinitions {
    #[serde(default)]
    card: Vec<toml::Spanned<RawDefinition>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDefinition {
    code: String,
    #[serde(default)]
    keywords: Vec<Keyword>,
    /// A Normal Rule card's "KEYWORD:" condition.
    #[serde(default)]
    keyword_condition: Vec<String>,
    /// Types and Attributes the card's effect mentions.
    #[serde(default)]
    mentions: Vec<String>,
    /// A Normal Rule card's "RELIANCE:" condition: the codes of the cards it relies on.
    #[serde(default)]
    reliance: Vec<String>,
    /// The Reliance is on activation only.
    #[serde(default)]
    reliance_on_activation_only: bool,
    /// How many turns a Persist Spell or Trap stays on the field after its activation.
    #[serde(default)]
    persist_turns: Option<u8>,
    /// The card's effect speed where its text states one ("… unless otherwise stated"):
    /// `"slow"` or `"quick"`.
    #[serde(default)]
    speed: Option<crate::kingdom_card::Speed>,
}

impl CardPool {
    /// This pool with the card definitions of `text` (the file `file`) applied: each
    /// card's keywords, and those of its alternate arts, which print the same card.
    pub fn with_definitions(&self, file: &str, text: &str) -> Result<CardPool, SourceError> {
        let raw: RawDefinitions =
            toml::from_str(text).map_err(|e| SourceError::from_toml(file, text, &e))?;
        let known_keywords: BTreeSet<String> = self
            .cards()
            .filter_map(|c| c.kingdom())
            .flat_map(|k| {
                k.types
                    .iter()
                    .cloned()
                    .chain(k.attribute.map(|a| a.label().to_owned()))
            })
            .collect();
        let known_codes: BTreeSet<&str> = self
            .cards()
            .filter_map(|c| c.kingdom())
            .map(|k| k.code.as_str())
            .collect();
        let mut defs: BTreeMap<CardId, CardDef> =
            self.cards().map(|card| (card.id, card.clone())).collect();
        for spanned in raw.card {
            let line = line_of(text, spanned.span().start);
            let definition = spanned.into_inner();
            let code = definition.code.trim();
            let refuse = |why: String| SourceError::new(file, line, why);
            let mut found = false;
            for card in defs.values_mut() {
                let CardKind::Kingdom(kingdom) = &mut card.kind else {
                    continue;
                };
                if kingdom.code != code && kingdom.art_of.as_deref() != Some(code) {
                    continue;
                }
                found = true;
                // An alternate art prints no types of its own: the card it prints is checked.
                if kingdom.art_of.as_deref() != Some(code) {
                    definition.check_fits(code, kingdom).map_err(refuse)?;
                }
                definition
                    .check_names(code, &known_keywords, &known_codes, self.name())
                    .map_err(refuse)?;
                definition.apply_to(kingdom);
            }
            if !found {
                return Err(refuse(format!(
                    "no Kingdom Duels card of pool \"{}\" has the code \"{code}\": write a code \
                     as the card list prints it (\"SOE-023A\")",
                    self.name()
                )));
            }
        }
        Ok(self.with_defs(defs))
    }
}

impl RawDefinition {
    /// Why the definition does not fit the card `kingdom` (coded `code`), if it does not:
    /// what it gives belongs to another kind of card.
    fn check_fits(&self, code: &str, kingdom: &KingdomCard) -> Result<(), String> {
        if let Some(trigger) = self.keywords.iter().find(|k| k.is_trigger())
            && !kingdom.is(MainType::Trap)
        {
            return Err(format!(
                "{code} is not a Trap Card, and only traps have a Trigger: take \"{}\" off it",
                trigger.word()
            ));
        }
        if !self.keyword_condition.is_empty() && !kingdom.is_normal_rule() {
            return Err(format!(
                "{code} is not a Normal Rule card, and only those have a KEYWORD: condition: \
                 take `keyword_condition` off it"
            ));
        }
        let relies = !self.reliance.is_empty() || self.reliance_on_activation_only;
        if relies && !kingdom.is_normal_rule() {
            return Err(format!(
                "{code} is not a Normal Rule card, and only those have a RELIANCE: condition: \
                 take `reliance` off it"
            ));
        }
        if self.persist_turns.is_some()
            && !(kingdom.is(MainType::Spell) || kingdom.is(MainType::Trap))
        {
            return Err(format!(
                "{code} is neither a Spell nor a Trap Card, and only those Persist: take \
                 `persist_turns` off it"
            ));
        }
        Ok(())
    }

    /// Why what the definition names does not exist, if it does not: a Persist time of 0, a
    /// Reliance with no card, a card code or a Keyword that no card of pool `pool` has.
    fn check_names(
        &self,
        code: &str,
        known_keywords: &BTreeSet<String>,
        known_codes: &BTreeSet<&str>,
        pool: &str,
    ) -> Result<(), String> {
        if self.persist_turns == Some(0) {
            return Err(format!(
                "{code} persists for 0 turns: write how many turns it stays (1 or more), as \
                 the card says in parentheses"
            ));
        }
        if self.reliance_on_activation_only && self.reliance.is_empty() {
            return Err(format!(
                "{code} has `reliance_on_activation_only` but no `reliance`: name the cards it \
                 relies on (`reliance = [\"SOE-017\"]`)"
            ));
        }
        if let Some(unknown) = self
            .reliance
            .iter()
            .find(|relied| !known_codes.contains(relied.trim()))
        {
            return Err(format!(
                "{code} relies on \"{unknown}\", which no Kingdom Duels card of pool \"{pool}\" \
                 has as its code: write a code as the card list prints it"
            ));
        }
        if let Some(word) = self
            .keyword_condition
            .iter()
            .chain(&self.mentions)
            .find(|word| !known_keywords.iter().any(|k| same_keyword(k, word)))
        {
            return Err(format!(
                "\"{word}\" is no Type or Attribute of a card of pool \"{pool}\": write one as \
                 the cards print it (\"Dragon\", \"LIGHT\")"
            ));
        }
        Ok(())
    }

    /// Gives `kingdom` what the definition says of it, keeping what another definition of
    /// the same card gave.
    fn apply_to(&self, kingdom: &mut KingdomCard) {
        extend_keywords(&mut kingdom.rule_keywords, &self.keyword_condition);
        extend_keywords(&mut kingdom.mentions, &self.mentions);
        for relied in &self.reliance {
            let relied = relied.trim();
            if !kingdom.reliance.iter().any(|c| c == relied) {
                kingdom.reliance.push(relied.to_owned());
            }
        }
        kingdom.reliance_on_activation_only |= self.reliance_on_activation_only;
        if let Some(turns) = self.persist_turns {
            kingdom.persist_turns = Some(turns);
        }
        if let Some(speed) = self.speed {
            kingdom.speed = Some(speed);
        }
        for keyword in &self.keywords {
            if !kingdom.keywords.contains(keyword) {
                kingdom.keywords.push(*keyword);
            }
        }
        kingdom.keywords.sort();
    }
}

/// Adds the words of `new` that `words` does not hold yet, keeping the order.
fn extend_keywords(words: &mut Vec<String>, new: &[String]) {
    for word in new {
        if !words.iter().any(|w| same_keyword(w, word)) {
            words.push(word.trim().to_owned());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingdom_card::Keyword;

    fn pool() -> CardPool {
        CardPool::from_toml(
            "kingdom-duels.toml",
            include_str!("../../../assets/cards/kingdom-duels.toml"),
        )
        .expect("the pool loads")
    }

    fn keywords_of(pool: &CardPool, code: &str) -> Vec<Keyword> {
        pool.cards()
            .filter_map(|c| c.kingdom())
            .find(|k| k.code == code)
            .map(|k| k.keywords.clone())
            .expect("the card")
    }

    #[test]
    fn definitions_give_cards_their_keywords_and_change_the_pools_hash() {
        let pool = pool();
        let code = pool
            .cards()
            .filter_map(|c| c.kingdom())
            .find(|k| k.is_main_deck_monster())
            .map(|k| k.code.clone())
            .expect("a monster");
        let defined = pool
            .with_definitions(
                "mine.toml",
                &format!("[[card]]\ncode = \"{code}\"\nkeywords = [\"flip\", \"unstoppable\"]\n"),
            )
            .expect("the definitions apply");
        assert_eq!(
            keywords_of(&defined, &code),
            vec![Keyword::Flip, Keyword::Unstoppable]
        );
        assert!(keywords_of(&pool, &code).is_empty());
        assert_ne!(
            defined.hash(),
            pool.hash(),
            "the players must agree on them"
        );
        assert_eq!(
            pool.with_definitions("empty.toml", "").map(|p| p.hash()),
            Ok(pool.hash())
        );
    }

    #[test]
    fn a_broken_definitions_file_is_refused_with_its_line() {
        let pool = pool();
        let unknown = pool
            .with_definitions("mine.toml", "\n[[card]]\ncode = \"NOPE-000\"\n")
            .expect_err("no such card");
        assert!(unknown.to_string().contains("NOPE-000"), "{unknown}");
        assert!(unknown.to_string().contains(":2"), "{unknown}");
        let keyword = pool
            .with_definitions(
                "mine.toml",
                "[[card]]\ncode = \"SOE-023A\"\nkeywords = [\"teleport\"]\n",
            )
            .expect_err("no such keyword");
        assert!(keyword.to_string().contains("teleport"), "{keyword}");
    }

    #[test]
    fn a_reliance_names_cards_of_the_pool_on_a_normal_rule_card() {
        let pool = pool();
        let kingdom = |pred: fn(&crate::kingdom_card::KingdomCard) -> bool| {
            pool.cards()
                .filter_map(|c| c.kingdom())
                .find(|k| pred(k))
                .map(|k| k.code.clone())
                .expect("such a card")
        };
        let rule = kingdom(|k| k.is_normal_rule());
        let monster = kingdom(|k| k.is_main_deck_monster());
        let defined = pool
            .with_definitions(
                "mine.toml",
                &format!(
                    "[[card]]\ncode = \"{rule}\"\nreliance = [\"{monster}\"]\n\
                     reliance_on_activation_only = true\n"
                ),
            )
            .expect("the definitions apply");
        let card = defined
            .cards()
            .filter_map(|c| c.kingdom())
            .find(|k| k.code == rule)
            .expect("the rule card");
        assert_eq!(card.reliance, vec![monster.clone()]);
        assert!(card.reliance_on_activation_only);

        let unknown = pool
            .with_definitions(
                "mine.toml",
                &format!("[[card]]\ncode = \"{rule}\"\nreliance = [\"NOPE-000\"]\n"),
            )
            .expect_err("no such card to rely on");
        assert!(unknown.to_string().contains("NOPE-000"), "{unknown}");
        let not_a_rule = pool
            .with_definitions(
                "mine.toml",
                &format!("[[card]]\ncode = \"{monster}\"\nreliance = [\"{monster}\"]\n"),
            )
            .expect_err("a monster has no RELIANCE condition");
        assert!(
            not_a_rule.to_string().contains("not a Normal Rule card"),
            "{not_a_rule}"
        );
    }

    #[test]
    fn a_persist_time_goes_on_a_spell_or_trap_and_is_at_least_one_turn() {
        let pool = pool();
        let code_of = |pred: fn(&crate::kingdom_card::KingdomCard) -> bool| {
            pool.cards()
                .filter_map(|c| c.kingdom())
                .find(|k| pred(k))
                .map(|k| k.code.clone())
                .expect("such a card")
        };
        let spell = code_of(|k| k.is(MainType::Spell) && !k.is(MainType::Monster));
        let monster = code_of(|k| k.is_main_deck_monster());
        let defined = pool
            .with_definitions(
                "mine.toml",
                &format!("[[card]]\ncode = \"{spell}\"\npersist_turns = 3\n"),
            )
            .expect("the definitions apply");
        assert_eq!(
            defined
                .cards()
                .filter_map(|c| c.kingdom())
                .find(|k| k.code == spell)
                .and_then(|k| k.persist_turns),
            Some(3)
        );
        // Fusion (SOE-072) has an alternate art, which prints no types of its own and takes
        // the definition with it.
        let with_art = pool
            .with_definitions(
                "mine.toml",
                "[[card]]\ncode = \"SOE-072\"\npersist_turns = 1\n",
            )
            .expect("a spell with an alternate art Persists");
        let arts: Vec<Option<u8>> = with_art
            .cards()
            .filter_map(|c| c.kingdom())
            .filter(|k| k.code == "SOE-072A" || k.code == "SOE-072")
            .map(|k| k.persist_turns)
            .collect();
        assert_eq!(arts, vec![Some(1), Some(1)]);
        let on_a_monster = pool
            .with_definitions(
                "mine.toml",
                &format!("[[card]]\ncode = \"{monster}\"\npersist_turns = 3\n"),
            )
            .expect_err("a monster does not Persist");
        assert!(
            on_a_monster
                .to_string()
                .contains("neither a Spell nor a Trap"),
            "{on_a_monster}"
        );
        let no_time = pool
            .with_definitions(
                "mine.toml",
                &format!("[[card]]\ncode = \"{spell}\"\npersist_turns = 0\n"),
            )
            .expect_err("0 turns");
        assert!(no_time.to_string().contains("0 turns"), "{no_time}");
    }
}
