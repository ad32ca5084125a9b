//! Colours the app draws with, chosen so that each terrain, card kind and side can be told
//! apart at a glance (and not by colour alone: terrains also carry a pattern, sides a rim).

use egui::Color32;
use fairduel_engine::card::{Attribute, CardDef, CardKind, SpellKind};
use fairduel_engine::kingdom_card::Frame;
use fairduel_engine::terrain::Terrain;

pub const BACKGROUND: Color32 = Color32::from_rgb(24, 26, 31);
pub const PANEL: Color32 = Color32::from_rgb(32, 35, 42);
pub const TEXT: Color32 = Color32::from_rgb(226, 226, 220);
pub const TEXT_DIM: Color32 = Color32::from_rgb(150, 150, 145);
pub const CARD_TEXT: Color32 = Color32::from_rgb(22, 20, 18);

/// Rim of my cards and my panels.
pub const MINE: Color32 = Color32::from_rgb(70, 150, 255);
/// Rim of the opponent's cards.
pub const THEIRS: Color32 = Color32::from_rgb(235, 80, 70);
/// A teammate's cards and panel: neither mine nor an enemy's.
pub const ALLY: Color32 = Color32::from_rgb(175, 125, 255);
pub const LEADER_GOLD: Color32 = Color32::from_rgb(240, 196, 64);

pub const BONUS: Color32 = Color32::from_rgb(40, 150, 40);
pub const PENALTY: Color32 = Color32::from_rgb(200, 30, 30);
pub const BONUS_ON_DARK: Color32 = Color32::from_rgb(120, 230, 120);
pub const PENALTY_ON_DARK: Color32 = Color32::from_rgb(255, 120, 110);

pub const SELECTED: Color32 = Color32::from_rgb(255, 230, 80);
pub const MOVE_TARGET: Color32 = Color32::from_rgb(80, 220, 255);
pub const ATTACK_TARGET: Color32 = Color32::from_rgb(255, 70, 60);
pub const PLAY_TARGET: Color32 = Color32::from_rgb(110, 240, 120);
pub const PROMPT: Color32 = Color32::from_rgb(255, 190, 60);

/// Fill of a terrain cell.
pub fn terrain_fill(terrain: Terrain) -> Color32 {
    match terrain {
        Terrain::Normal => Color32::from_rgb(128, 120, 104),
        Terrain::Forest => Color32::from_rgb(38, 102, 48),
        Terrain::Wasteland => Color32::from_rgb(168, 120, 62),
        Terrain::Mountain => Color32::from_rgb(104, 108, 124),
        Terrain::Meadow => Color32::from_rgb(128, 184, 72),
        Terrain::Sea => Color32::from_rgb(36, 104, 170),
        Terrain::Dark => Color32::from_rgb(58, 36, 78),
        Terrain::Toon => Color32::from_rgb(226, 128, 190),
        Terrain::Crush => Color32::from_rgb(132, 40, 40),
        Terrain::Labyrinth => Color32::from_rgb(70, 64, 58),
    }
}

/// Colour of the pattern drawn over a terrain's fill.
pub fn terrain_ink(terrain: Terrain) -> Color32 {
    match terrain {
        Terrain::Normal => Color32::from_rgb(150, 142, 124),
        Terrain::Forest => Color32::from_rgb(20, 66, 28),
        Terrain::Wasteland => Color32::from_rgb(118, 78, 36),
        Terrain::Mountain => Color32::from_rgb(222, 226, 236),
        Terrain::Meadow => Color32::from_rgb(78, 138, 38),
        Terrain::Sea => Color32::from_rgb(140, 196, 240),
        Terrain::Dark => Color32::from_rgb(170, 140, 220),
        Terrain::Toon => Color32::from_rgb(255, 240, 120),
        Terrain::Crush => Color32::from_rgb(230, 120, 90),
        Terrain::Labyrinth => Color32::from_rgb(150, 140, 128),
    }
}

/// Frame colour of a card by kind: normal monsters yellow, effect monsters orange, spells
/// teal, traps purple (the colours the card game taught players).
pub fn card_frame(card: &CardDef) -> Color32 {
    match &card.kind {
        CardKind::Monster(_) if card.has_effect() => Color32::from_rgb(214, 134, 72),
        CardKind::Monster(_) => Color32::from_rgb(216, 190, 110),
        CardKind::Spell {
            spell: SpellKind::Field,
        } => Color32::from_rgb(90, 170, 150),
        CardKind::Spell { .. } => Color32::from_rgb(60, 160, 140),
        CardKind::Trap { .. } => Color32::from_rgb(180, 90, 160),
        CardKind::Kingdom(k) => kingdom_frame(k.frame),
    }
}

/// The frame colours the Kingdom Duels cards print.
fn kingdom_frame(frame: Frame) -> Color32 {
    match frame {
        Frame::Monster | Frame::AlternateArt => Color32::from_rgb(216, 190, 110),
        Frame::Spell => Color32::from_rgb(70, 160, 100),
        Frame::Trap => Color32::from_rgb(200, 100, 150),
        Frame::Rule => Color32::from_rgb(150, 210, 140),
        Frame::Fusion => Color32::from_rgb(150, 100, 180),
        Frame::Ritual => Color32::from_rgb(90, 130, 200),
        Frame::Alter => Color32::from_rgb(200, 80, 70),
        Frame::Integration => Color32::from_rgb(150, 110, 70),
        Frame::Combination => Color32::from_rgb(130, 170, 150),
        Frame::Token => Color32::from_rgb(150, 150, 150),
    }
}

/// The lighter panel inside a card's frame where its text sits.
pub fn card_face(card: &CardDef) -> Color32 {
    card_frame(card).lerp_to_gamma(Color32::WHITE, 0.55)
}

pub fn attribute_colour(attribute: Attribute) -> Color32 {
    match attribute {
        Attribute::Light => Color32::from_rgb(236, 204, 60),
        Attribute::Dark => Color32::from_rgb(110, 60, 150),
        Attribute::Fire => Color32::from_rgb(220, 70, 40),
        Attribute::Water => Color32::from_rgb(50, 120, 220),
        Attribute::Earth => Color32::from_rgb(140, 100, 60),
        Attribute::Wind => Color32::from_rgb(60, 170, 90),
        Attribute::Divine => Color32::from_rgb(200, 170, 110),
    }
}

pub const CARD_BACK: Color32 = Color32::from_rgb(92, 58, 40);
pub const CARD_BACK_INK: Color32 = Color32::from_rgb(160, 112, 62);

/// The app's egui style: dark, with our background.
pub fn apply(ctx: &egui::Context) {
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = PANEL;
    visuals.window_fill = PANEL;
    visuals.extreme_bg_color = BACKGROUND;
    ctx.set_visuals(visuals);
}
