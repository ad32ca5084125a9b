//! Kingdom Duels' lending of cards for summoning conditions: "Your teammate can allow you to
//! use their cards during your turn for summoning conditions, but not for attacks, battle
//! position changes or movement" (Tag Duel), and "a player can allow you to use their cards
//! during your turn for summoning conditions" (Battle Royale).
//!
//! A summon's materials are the summoner's own unless the format lends (`table.
//! lend_for_summons`). Where it does, a monster another player controls on the field may be
//! named among the materials of a summon made in the summoner's own turn; the
//! lender allows it by accepting the outcome that names it (a card the outcome moves makes
//! its controller one of the players whose consent the outcome needs). Only the cards on
//! the field are lent: a hand is private ("not in the private areas"). Attacks, positions
//! and movement go on asking who controls the card, so nothing else is lent.

use crate::duel::Duel;
use crate::format::Lending;
use crate::piece::Piece;
use crate::place::Place;
use crate::seat::Seat;

impl Duel {
    /// Whether `summoner` may use `piece`, which another player controls, as a material of
    /// a summon now.
    pub(crate) fn lent_for_summon(&self, summoner: Seat, piece: &Piece) -> bool {
        if self.state.active != summoner || piece.controller == summoner {
            return false;
        }
        let table = &self.state.table;
        if !table.in_play(piece.controller) {
            return false;
        }
        match self.rules.format.table.lend_for_summons {
            Lending::None => false,
            Lending::Teammates => table.are_allies(summoner, piece.controller),
            Lending::Everyone => true,
        }
    }

    /// Why `summoner` may not use `piece` at `at` as a material.
    pub(crate) fn not_lent(&self, summoner: Seat, at: Place, piece: &Piece) -> String {
        let lender = piece.controller;
        let lending = self.rules.format.table.lend_for_summons;
        if lending == Lending::None {
            return format!(
                "{summoner} does not control the monster at {at}: materials are your own"
            );
        }
        if self.state.active != summoner {
            return format!(
                "the monster at {at} is {lender}'s: another player's cards are lent for summons \
                 only during the summoner's own turn"
            );
        }
        if !self.state.table.in_play(lender) {
            return format!("the monster at {at} belongs to {lender}, who has left the duel");
        }
        format!(
            "the monster at {at} is {lender}'s, an opponent: only a teammate lends cards for \
             summons"
        )
    }
}
