//! Everything a seat can do, as plain data.

use serde::{Deserialize, Serialize};

use crate::state::{Cell, PositionOpening, Reveal};

/// How a card from the hand enters the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayMode {
    /// A monster, face-up in attack position (Classic's Normal Summon). Reveals the card.
    Summon,
    /// A monster, face-down in attack position.
    SetMonsterAttack,
    /// A monster, face-down in defence position.
    SetMonsterDefence,
    /// A spell or trap, face-down.
    SetSpellTrap,
    /// A spell, activated face-up at once. Reveals the card.
    ActivateSpell,
    /// An equip spell put straight onto one of your monsters. Reveals the card.
    Equip,
}

impl PlayMode {
    pub fn reveals(self) -> bool {
        matches!(
            self,
            PlayMode::Summon | PlayMode::ActivateSpell | PlayMode::Equip
        )
    }
}

/// One decision by one seat. Actions that show a hidden card carry its opening.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Play the card at `hand_index` onto `to`. `cost` is the level paid in Summoning
    /// Points (Kairu) and must equal the monster's level; `tributes` are the monsters given
    /// up for it (Classic).
    Play {
        hand_index: u8,
        to: Cell,
        mode: PlayMode,
        cost: u8,
        tributes: Vec<Cell>,
        reveal: Option<Reveal>,
    },
    /// Move a card. `flip` turns a face-down card face-up as part of the move (Kairu).
    Move {
        from: Cell,
        to: Cell,
        flip: Option<Reveal>,
    },
    /// Attack the card at `target`. Where attacks are moves (Kairu), the attacker moves in
    /// when it wins; `flip` turns a face-down attacker face-up first.
    Attack {
        from: Cell,
        target: Cell,
        flip: Option<Reveal>,
    },
    /// Switch between attack and defence position.
    ChangePosition { at: Cell },
    /// Turn one of your face-down cards face-up: a flip summon for a monster, activation
    /// for a spell.
    Flip { at: Cell, reveal: Reveal },
    /// End the main phase and the turn.
    EndTurn,
    /// In a response window: let the enemy's action go ahead.
    Pass,
    /// In a response window: spring the face-down trap at `at`.
    SpringTrap { at: Cell, reveal: Reveal },
    /// As a permuter of the drawing seat's deck, open where the drawn position points.
    OpenDraw { opening: PositionOpening },
    /// Open the commitments asked for, in the order asked.
    Reveal { reveals: Vec<Reveal> },
    /// Answer an owner declaration: the matching hidden cards, revealed.
    Declare { matching: Vec<(Cell, Reveal)> },
    /// Discard a card from the hand (end of turn, over the hand limit).
    Discard { hand_index: u8, reveal: Reveal },
    /// Give up the duel. Allowed at any time, even out of turn.
    Concede,
}

impl Action {
    /// A short kind name, used by scenario files and logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Play { .. } => "play",
            Action::Move { .. } => "move",
            Action::Attack { .. } => "attack",
            Action::ChangePosition { .. } => "change-position",
            Action::Flip { .. } => "flip",
            Action::EndTurn => "end-turn",
            Action::Pass => "pass",
            Action::SpringTrap { .. } => "spring-trap",
            Action::OpenDraw { .. } => "open-draw",
            Action::Reveal { .. } => "reveal",
            Action::Declare { .. } => "declare",
            Action::Discard { .. } => "discard",
            Action::Concede => "concede",
        }
    }
}
