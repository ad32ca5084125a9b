//! A format's rules for the card game's field (the `field` family): zones, terrains, summons
//! and attacks per turn, Deck Masters, Divine Hierarchy, Hidden monsters, replays, and what
//! the team duels change on that field.

use serde::{Deserialize, Serialize};

/// The card game's field (the `field` family): how many zones, which terrains, and the
/// limits of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldRules {
    /// Monster zones in each player's Frontrow, each under a terrain marker.
    pub monster_zones: u8,
    /// Spell and trap zones in each player's Backrow.
    pub spell_trap_zones: u8,
    /// The terrain every Frontrow zone starts with when no Field Setup says otherwise.
    /// `None`: the field has no terrain markers (Domain Format).
    #[serde(default)]
    pub default_terrain: Option<String>,
    /// Normal Summons (and Sets) per turn.
    pub normal_summons: u8,
    /// Attack declarations per Battle Phase (Kingdom Duels: one). `None`: every monster in
    /// ATK Position may attack once (the card game).
    #[serde(default)]
    pub attacks_per_battle: Option<u8>,
    /// Tributes a Normal Summon or Set needs: each entry is `[from_level, tributes]` (the
    /// card game: `[[5, 1], [7, 2]]`). Empty: any level without tributes (Kingdom Duels).
    #[serde(default)]
    pub tributes: Vec<[u8; 2]>,
    /// A monster may be Normal Set face-down in DEF Position and Flip Summoned on a later
    /// turn (the card game); otherwise monsters are only summoned face-up.
    #[serde(default)]
    pub set_monsters: bool,
    /// A monster may attack a player directly when that player controls no monster (the
    /// card game); otherwise attacks only reach monsters (Kingdom Duels).
    #[serde(default)]
    pub direct_attacks: bool,
    /// Every player has a Deck Master, apart from the field in its Deck Master Zone
    /// (Domain Format): the deck's leader, public from the start.
    #[serde(default)]
    pub deck_master: Option<DeckMasterRules>,
    /// Idle Warnings a player may collect before the next one loses the duel (Kingdom
    /// Duels: one). `None`: the idleness rule is off.
    #[serde(default)]
    pub idle_warnings: Option<u8>,
    /// Once per round a player may redirect an attack on another player's monster onto one
    /// of their own (Kingdom Duels' Battle Royale).
    #[serde(default)]
    pub redirects: bool,
    /// A team plays on one side of the field (Kingdom Duels' Boss Duel): its first-seated
    /// member's zones and terrain markers, one graveyard, every monster there controlled by
    /// the team together.
    #[serde(default)]
    pub team_shares_side: bool,
    /// Once a player has been defeated, the remaining players may unanimously end the duel
    /// as its winners (Kingdom Duels' Battle Royale).
    #[serde(default)]
    pub unanimous_end: bool,
    /// What becomes of a removed player's cards on the field.
    #[serde(default)]
    pub removed_player_cards: RemovedPlayerCards,
    /// Kingdom Duels' Divine Hierarchy: which effects leave a Divine card unaffected.
    #[serde(default, skip_serializing_if = "DivineHierarchy::is_off")]
    pub divine_hierarchy: DivineHierarchy,
    /// Kingdom Duels' Symbol Rule cards may be played: "all players must unanimously agree
    /// if they want to play with them or not before the duel starts" — choosing a format
    /// with this on is that agreement.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub symbols: bool,
    /// Kingdom Duels' Hidden ATK Position: "Monsters Hidden in ATK Position are revealed
    /// during combat, but can be hidden once again after battle calculations if they are
    /// still on the field." With this on, a Hidden monster in ATK Position may declare an
    /// attack (it is revealed before damage is calculated, as a Hidden target is), and after
    /// damage calculation its controller chooses whether it hides again. Off, a face-down
    /// monster never attacks and stays face-up once revealed (the card game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden_attack_position: bool,
    /// Kingdom Duels' replay: "if the attacked monster changed somehow (it went into hiding,
    /// changed control, moved, fused, etc.) a replay occurs (meaning the attacking player
    /// must choose an attack target again)". With this on, an effect resolved in an attack's
    /// response windows that moves the attacked monster (to another zone, another side, or
    /// off the field), turns it over, or takes it as a material makes the attacker choose a
    /// target again; off, the attack goes on against the zone, or ends if it is empty.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replays: bool,
    /// A Quick spell (Kingdom Duels: a Normal Spell; the card game: a Quick-Play Spell) may
    /// be activated from the hand in its player's own turn whenever a Quick card may be:
    /// in their Battle Phase and in response to a chain link, as the card game allows a
    /// Quick-Play Spell. Holding a card in hand then makes the turn player one who could
    /// respond to a chain. Off, a spell from the hand is activated in a Main Phase only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quick_spells_from_hand: bool,
    /// The literal reading of Kingdom Duels' "Spell Cards can be activated from the hand"
    /// with Quick spells: a Quick spell may come from the hand whenever a Quick card may be
    /// activated, in any player's turn, as a hand card that answers chains and attacks. A
    /// player holding a card is then asked about every chain link and attack. Implies
    /// `quick_spells_from_hand`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quick_spells_from_hand_in_any_turn: bool,
    /// Kingdom Duels: "Normal Monster cards ... have effects", and the card facts carry no
    /// effect texts, so any face-up card may hold a Quick Effect. On, a player is asked about
    /// every chain link, attack and summon while they control a face-up card whose effect
    /// they could still activate at Quick speed (not Slow, no Trigger, not used this turn);
    /// off, only for cards whose definitions say `quick-effect`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quick_windows_for_every_face_up_card: bool,
    /// Kingdom Duels: "Every 'Once per Turn' is a hard once per turn. Every optional effect
    /// that needs to be activated by the player is also a hard once per turn": a player
    /// activates the effect of each card (by its printed card) at most once a turn, whichever
    /// copy, even one that left the field and came back. Off, once per turn per card on the
    /// field.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hard_once_per_turn: bool,
    /// A summon opens a response window, as an attack does, for each other player who
    /// could answer it (a Set card that could be a ready trap, a face-up trap whose Trigger
    /// it meets): the card game's Trap Hole, Kingdom Duels' traps whose Trigger is a summon.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub summon_windows: bool,
    /// The card game's Extra Monster Zones (Domain Format): two between each pair of facing
    /// players, shared by them. A monster summoned from the Extra Deck may take one (a
    /// player uses one at a time); a Link Monster must, unless a Link arrow points to a free
    /// Main Monster Zone of its player's. Off, Extra Deck monsters go to the Main Monster
    /// Zones.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_monster_zones: bool,
    /// The card game's Field Zone (Domain Format): one per player, where a Field Spell is
    /// activated or Set (and nowhere else); a new one sends the old to the graveyard. Off,
    /// Field Spells go to the Backrow as other spells do.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub field_zone: bool,
    /// The card game's Pendulum Zones (Domain Format, Master Rule 5): the leftmost and
    /// rightmost Spell & Trap Zones of each player, where a Pendulum Monster is activated as
    /// a spell; with a Pendulum Scale in both, its controller may Pendulum Summon once per
    /// turn; a Pendulum Monster that would go from the field to the graveyard goes face-up
    /// to its owner's Extra Deck instead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pendulum_zones: bool,
    /// Kingdom Duels' Trigger traps made compulsory: while one of a player's traps has its
    /// Trigger met, their pass is refused (`must-spring`) and they activate it. Off (the
    /// seed: "if the player does not activate a trap card when its Trigger is met then the
    /// player gets an Idle Warning"), they may leave it Set (`Action::LeaveTriggered`) and
    /// take an Idle Warning, which loses the duel for a player who already has the
    /// format's warnings. Without an idleness rule (`idle_warnings` unset) there is no
    /// warning to take, and Triggers are compulsory either way.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub compulsory_triggers: bool,
    /// Domain Format's general errata: "Ignition / Trigger effects need to target an
    /// opponent on activation. Triggers have to target the opponent(s) that met its
    /// requirements." With more than one opponent in the duel, the controller of each
    /// activated card names the opponent its effect targets, or none, before anyone
    /// responds; in answer to an opponent's attack, summon or activation only that opponent
    /// may be targeted. The agreed outcome of a targeted effect affects only its controller
    /// and that opponent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub target_an_opponent: bool,
    /// Kingdom Duels' Blue and Red: in the Setup Phase every player (every team) belongs to
    /// one of two opposing sides, chosen in the rotation from the first player.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blue_and_red: bool,
}

/// Kingdom Duels: "Divine cards of higher Hierarchy are unaffected by divine card effects of
/// lower hierarchy. All non-Divine cards are treated as having a Hierarchy of 0."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DivineHierarchy {
    /// No hierarchy: every effect may affect every card (formats without Divine cards).
    #[default]
    Off,
    /// A Divine card is unaffected by the effect of any card of lower Hierarchy, a
    /// non-Divine card counting as Hierarchy 0 (the seed's second sentence read as part of
    /// the rule).
    EveryLowerEffect,
    /// A Divine card is unaffected only by the effects of Divine cards of lower Hierarchy
    /// (the first sentence alone).
    LowerDivineEffects,
}

impl DivineHierarchy {
    pub fn is_off(&self) -> bool {
        *self == DivineHierarchy::Off
    }

    /// Whether the effect of a card of Hierarchy `effect` (`None`: not Divine) leaves a
    /// card of Hierarchy `card` (`None`: not Divine) unaffected.
    pub fn unaffected(self, card: Option<u8>, effect: Option<u8>) -> bool {
        let Some(card) = card else {
            return false;
        };
        match self {
            DivineHierarchy::Off => false,
            DivineHierarchy::EveryLowerEffect => effect.unwrap_or(0) < card,
            DivineHierarchy::LowerDivineEffects => effect.is_some_and(|e| e < card),
        }
    }
}

/// What becomes of the cards on the field of a player removed from a duel that goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RemovedPlayerCards {
    /// The cards they control go to their graveyard; cards they own that others control
    /// stay where they are; others' cards they control go back to their owners' control
    /// where they lie (Kingdom Duels' Battle Royale).
    #[default]
    ToGraveyard,
    /// Every card they own leaves the game with them, wherever it is on the field; cards
    /// of others they control go back to their owners' zones, or to their graveyards
    /// where the owner has no free zone (Domain Format).
    LeaveWithThem,
}

/// Domain Format's Deck Master.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckMasterRules {
    /// The extra life points a summon from the Deck Master Zone costs for each time the
    /// Deck Master has returned there (the seed: 500).
    pub return_cost: u32,
}

impl FieldRules {
    /// The tributes a Normal Summon or Set of a monster of `level` needs.
    pub fn tributes_for(&self, level: u8) -> u8 {
        self.tributes
            .iter()
            .filter(|[from, _]| level >= *from)
            .map(|[_, n]| *n)
            .max()
            .unwrap_or(0)
    }

    /// Whether a player may leave a trap whose Trigger is met Set, for an Idle Warning.
    pub fn triggers_may_be_left(&self) -> bool {
        !self.compulsory_triggers && self.idle_warnings.is_some()
    }

    /// The levels a monster Normal Summoned or Set with `tributes` tributes may have.
    pub fn levels_for(&self, tributes: u8) -> Option<(u8, u8)> {
        let (min, max) = (1..=12u8)
            .filter(|l| self.tributes_for(*l) == tributes)
            .fold((None, 0), |(min, _), l| (min.or(Some(l)), l));
        min.map(|min| (min, max))
    }
}

impl Default for FieldRules {
    fn default() -> FieldRules {
        FieldRules {
            monster_zones: 5,
            spell_trap_zones: 5,
            default_terrain: Some("Land".to_owned()),
            normal_summons: 1,
            attacks_per_battle: Some(1),
            tributes: Vec::new(),
            set_monsters: false,
            direct_attacks: false,
            deck_master: None,
            removed_player_cards: RemovedPlayerCards::ToGraveyard,
            divine_hierarchy: DivineHierarchy::Off,
            idle_warnings: Some(1),
            redirects: false,
            team_shares_side: false,
            unanimous_end: false,
            symbols: false,
            hidden_attack_position: false,
            replays: false,
            quick_spells_from_hand: false,
            hard_once_per_turn: false,
            quick_spells_from_hand_in_any_turn: false,
            quick_windows_for_every_face_up_card: false,
            summon_windows: false,
            extra_monster_zones: false,
            field_zone: false,
            pendulum_zones: false,
            compulsory_triggers: false,
            target_an_opponent: false,
            blue_and_red: false,
        }
    }
}
