//! The proposal editor: the outcome of a card FairDuel has no definition for, built step by
//! step from the engine's operations — cards picked on the board or from a list, a player,
//! an amount — checked by the engine as it is written, previewed on the board, and sent.

use egui::{ComboBox, DragValue, Response, RichText, Ui};
use fairduel_engine::agreement::MAX_OPERATIONS;
use fairduel_engine::chance::{Chance, CoinSide};
use fairduel_engine::commitment::CardRef;
use fairduel_engine::describe::describe_steps_on;
use fairduel_engine::format::Family;
use fairduel_engine::piece::Class;
use fairduel_engine::text::capitalise;
use fairduel_engine::{Action, Place, Seat, Zone};

use crate::game::{place_words, with_seat_names};
use crate::session::SeatView;
use crate::theme;

#[path = "proposal_draft.rs"]
mod draft;
pub use draft::{DestinationKind, Lasting, Pick, ProposalDraft, StepKind};

/// The coins tossed and dice rolled for the card so far, and buttons to toss or roll one
/// more (by joint randomness: every player's client adds a secret share).
fn chances_ui(ui: &mut Ui, view: &SeatView, enabled: bool, send: &mut Option<Action>) {
    let chances = view
        .duel
        .agreement()
        .map(|a| a.chances.clone())
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        let room = chances.len() < fairduel_engine::chance::MAX_CHANCES;
        let heads = Chance::Coin {
            call: CoinSide::Heads,
        };
        let tails = Chance::Coin {
            call: CoinSide::Tails,
        };
        for (chance, label) in [
            (heads, "Toss a coin: call heads"),
            (tails, "Toss a coin: call tails"),
            (Chance::Die, "Roll a die"),
        ] {
            if ui
                .add_enabled(enabled && room, egui::Button::new(label))
                .on_hover_text("If the card asks for it: every player's client adds a secret share, so nobody chooses the result")
                .clicked()
            {
                *send = Some(Action::CallChance { chance });
            }
        }
        for result in &chances {
            let words = match result.chance {
                Chance::Coin { .. } => {
                    format!("coin: {}", result.chance.result_words(result.result))
                }
                Chance::Die => format!("die: {}", result.result),
                // Never called for an agreed effect (the engine refuses them).
                Chance::DestinyPile { .. } | Chance::EffectPick => format!(
                    "{}: {}",
                    result.chance.name(),
                    result.chance.result_words(result.result)
                ),
            };
            ui.label(RichText::new(words).strong());
        }
    });
}

/// The outcome editor for the card being resolved by agreement. Returns the proposal to
/// send when the player sends it (an empty one for "No effect").
pub fn proposal_ui(
    ui: &mut Ui,
    draft: &mut ProposalDraft,
    view: &SeatView,
    names: &[String],
    card_name: &str,
    enabled: bool,
) -> Option<Action> {
    let named = |text: &str| with_seat_names(text, names);
    let mut send = None;
    ui.label(
        RichText::new(format!(
            "FairDuel does not know what {card_name} does. Write its outcome step by step; \
             the other players accept or refuse it."
        ))
        .color(theme::PROMPT)
        .strong(),
    );
    chances_ui(ui, view, enabled, &mut send);
    if draft.operations.is_empty() {
        ui.label(RichText::new("The outcome has no steps yet.").color(theme::TEXT_DIM));
    }
    let mut remove = None;
    for (i, words) in describe_steps_on(&view.duel, &draft.operations)
        .iter()
        .enumerate()
    {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {}", i + 1, named(&capitalise(words))));
            if ui.small_button("Remove").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        draft.operations.remove(i);
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Step");
        ComboBox::from_id_salt("proposal-step-kind")
            .selected_text(draft.kind.label())
            .show_ui(ui, |ui| {
                for kind in StepKind::ALL {
                    // Only a field with terrain has markers to change.
                    let markers = !view.duel.state().markers.is_empty();
                    // Only a pool with Tokens has any to bring.
                    let tokens = || view.duel.pool().cards().any(|c| c.is_token());
                    if kind.in_family(view.duel.format().family)
                        && (kind != StepKind::Terrain || markers)
                        && (kind != StepKind::Token || tokens())
                    {
                        ui.selectable_value(&mut draft.kind, kind, kind.label());
                    }
                }
            })
            .response
            .labelled_by(label.id);
        step_fields_ui(ui, draft, view, names);
        let step = draft.step(view);
        let full = draft.operations.len() >= MAX_OPERATIONS;
        if ui
            .add_enabled(step.is_some() && !full, egui::Button::new("Add step"))
            .clicked()
            && let Some(step) = step
        {
            draft.operations.push(step);
            draft.picking = None;
            draft.materials.clear();
        }
    });
    let checked = view.duel.preview_outcome(&draft.operations);
    match &checked {
        Ok(_) if draft.operations.is_empty() => {}
        Ok(_) => {
            ui.label(
                RichText::new("The engine can carry this outcome out.").color(theme::TEXT_DIM),
            );
        }
        Err(error) => {
            ui.label(RichText::new(named(&capitalise(&error.to_string()))).color(theme::THEIRS));
        }
    }
    ui.horizontal(|ui| {
        ui.checkbox(&mut draft.preview, "Preview on the board");
        let ready = enabled && checked.is_ok() && !draft.operations.is_empty();
        if ui
            .add_enabled(ready, egui::Button::new("Send the proposal"))
            .clicked()
        {
            send = Some(Action::ProposeOutcome {
                operations: draft.operations.clone(),
            });
        }
        if ui
            .add_enabled(enabled, egui::Button::new("No effect"))
            .on_hover_text("Resolve the card with nothing happening; nobody needs to agree")
            .clicked()
        {
            send = Some(Action::ProposeOutcome {
                operations: Vec::new(),
            });
        }
    });
    if send.is_some() {
        *draft = ProposalDraft::default();
    }
    send
}

/// An attach: the card (from the board, a hand, a graveyard or the banished cards), then the
/// face-up monster it goes beneath.
fn attach_fields_ui(ui: &mut Ui, draft: &mut ProposalDraft, view: &SeatView, names: &[String]) {
    card_picker_ui(ui, draft, view, names, "Card", true);
    let monsters: Vec<Place> = candidate_cards(view, false)
        .into_iter()
        .filter(|p| {
            Some(*p) != draft.card
                && view
                    .duel
                    .piece_at(*p)
                    .is_some_and(|m| m.face_up && m.class == Class::Monster && !m.leader)
        })
        .collect();
    let text = draft.zone.map_or_else(
        || "choose a face-up monster".to_owned(),
        |z| card_words(view, names, z),
    );
    let label = ui.label("beneath");
    ComboBox::from_id_salt("proposal-attach-target")
        .selected_text(text)
        .show_ui(ui, |ui| {
            for place in monsters {
                ui.selectable_value(&mut draft.zone, Some(place), card_words(view, names, place));
            }
        })
        .response
        .labelled_by(label.id)
        .on_hover_text("On the grid only a monster, beneath an Xyz Monster (its Xyz Material)");
    pick_button_ui(ui, draft, Pick::Zone);
}

/// A detach: the monster, then which of the cards beneath it, by name.
fn detach_fields_ui(ui: &mut Ui, draft: &mut ProposalDraft, view: &SeatView, names: &[String]) {
    card_picker_ui(ui, draft, view, names, "Monster", false);
    let beneath: Vec<String> = draft
        .card
        .and_then(|at| view.duel.piece_at(at))
        .map(|piece| {
            piece
                .attached
                .iter()
                .map(|a| {
                    view.duel
                        .pool()
                        .get(a.card)
                        .map_or_else(|| a.card.to_string(), |c| c.name.clone())
                })
                .collect()
        })
        .unwrap_or_default();
    if beneath.is_empty() {
        ui.label(RichText::new("no card lies beneath it").color(theme::TEXT_DIM));
        return;
    }
    draft.beneath = draft
        .beneath
        .min(u8::try_from(beneath.len() - 1).unwrap_or(0));
    let label = ui.label("detach");
    ComboBox::from_id_salt("proposal-detach")
        .selected_text(beneath[usize::from(draft.beneath)].clone())
        .show_ui(ui, |ui| {
            for (index, name) in beneath.iter().enumerate() {
                let index = u8::try_from(index).unwrap_or(u8::MAX);
                ui.selectable_value(&mut draft.beneath, index, name.clone());
            }
        })
        .response
        .labelled_by(label.id)
        .on_hover_text("It goes to its owner's graveyard (on the grid only an Xyz Material)");
}

/// The fields of the step being written.
fn step_fields_ui(ui: &mut Ui, draft: &mut ProposalDraft, view: &SeatView, names: &[String]) {
    let seats: Vec<Seat> = view.duel.state().seats().collect();
    let seat_name = |seat: Seat| {
        names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    };
    match draft.kind {
        StepKind::Move => {
            card_picker_ui(ui, draft, view, names, "Card", true);
            destination_ui(ui, draft, view, names, true);
        }
        StepKind::FromExtraDeck => {
            extra_deck_picker_ui(ui, draft, view);
            destination_ui(ui, draft, view, names, false);
        }
        StepKind::ExtraDeckSummon => extra_deck_summon_fields_ui(ui, draft, view, names),
        StepKind::Terrain => terrain_fields_ui(ui, draft, view, names),
        StepKind::Token => token_fields_ui(ui, draft, view, names),
        StepKind::Equip => {
            card_picker_ui(ui, draft, view, names, "Equip card", false);
            let monsters: Vec<Place> = candidate_cards(view, false)
                .into_iter()
                .filter(|p| matches!(p, Place::Zone { zone, .. } if zone.is_monster_zone()))
                .collect();
            let text = draft.zone.map_or_else(
                || "choose a monster".to_owned(),
                |z| card_words(view, names, z),
            );
            let label = ui.label("to");
            ComboBox::from_id_salt("proposal-equip-target")
                .selected_text(text)
                .show_ui(ui, |ui| {
                    for place in monsters {
                        ui.selectable_value(
                            &mut draft.zone,
                            Some(place),
                            card_words(view, names, place),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
            pick_button_ui(ui, draft, Pick::Zone);
        }
        StepKind::LifePoints => {
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name);
            each_player_ui(ui, &mut draft.each_player);
            ui.add(
                DragValue::new(&mut draft.amount)
                    .range(-100_000..=100_000)
                    .speed(50)
                    .prefix("LP "),
            )
            .on_hover_text("Negative: the player loses that many");
        }
        StepKind::Stats => {
            card_picker_ui(ui, draft, view, names, "Monster", false);
            ui.add(DragValue::new(&mut draft.atk).speed(50).prefix("ATK "));
            ui.add(DragValue::new(&mut draft.def).speed(50).prefix("DEF "));
            lasting_ui(ui, draft);
        }
        StepKind::Level => {
            card_picker_ui(ui, draft, view, names, "Monster", false);
            ui.add(
                DragValue::new(&mut draft.levels)
                    .range(-11..=11)
                    .prefix("levels "),
            )
            .on_hover_text("Negative: takes that many away (a level stays within 1 and 12)");
            lasting_ui(ui, draft);
        }
        StepKind::Position => card_picker_ui(ui, draft, view, names, "Monster", false),
        StepKind::Flip => card_picker_ui(ui, draft, view, names, "Card", false),
        StepKind::Reveal => card_picker_ui(ui, draft, view, names, "Card", true),
        StepKind::Destroy => {
            card_picker_ui(ui, draft, view, names, "Monster", false);
            if view.duel.format().family == Family::Field {
                ui.checkbox(&mut draft.destruction_damage, "apply Destruction Damage")
                    .on_hover_text(
                        "Its controller takes half its ATK (at most 1000 a turn from your \
                         effects)",
                    );
            }
        }
        StepKind::Counters => {
            card_picker_ui(ui, draft, view, names, "Card", false);
            ui.add(
                DragValue::new(&mut draft.counters)
                    .range(-20..=20)
                    .prefix("counters "),
            )
            .on_hover_text("Negative: removes that many");
        }
        StepKind::BattleLock => {
            card_picker_ui(ui, draft, view, names, "Monster", false);
            ui.add(
                DragValue::new(&mut draft.turns)
                    .range(0..=20)
                    .prefix("turns "),
            )
            .on_hover_text("0: while it stays on the field");
        }
        StepKind::Search => {
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name)
                .on_hover_text("That player takes a card of their deck into their hand, shown");
        }
        StepKind::Shuffle => {
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name)
                .on_hover_text("That player's deck is shuffled again, in secret");
            each_player_ui(ui, &mut draft.each_player);
        }
        StepKind::Control => {
            card_picker_ui(ui, draft, view, names, "Card", false);
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name)
                .on_hover_text("The player who takes control of it");
            let free: Vec<Place> = free_zones(view);
            let text = draft.zone.map_or_else(
                || "where it stands".to_owned(),
                |z| zone_words(view, names, z),
            );
            let label = ui.label("to");
            ComboBox::from_id_salt("proposal-control-zone")
                .selected_text(text)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut draft.zone, None, "where it stands");
                    for zone in free {
                        ui.selectable_value(
                            &mut draft.zone,
                            Some(zone),
                            zone_words(view, names, zone),
                        );
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text(
                    "DOR: an unused zone next to the new controller's Deck Leader (rule 15); \
                     the card game's field: a free zone on the new controller's side",
                );
            pick_button_ui(ui, draft, Pick::Zone);
            ui.checkbox(&mut draft.until_end_of_turn, "until the end of the turn");
        }
        StepKind::Attach => attach_fields_ui(ui, draft, view, names),
        StepKind::Detach => detach_fields_ui(ui, draft, view, names),
        StepKind::LoseDuel | StepKind::WinDuel => {
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name).on_hover_text(
                "\"You lose the Duel\" (Domain reads \"your opponent wins\" so), or \"you win \
                 the Duel\": every player not on the winner's side loses",
            );
        }
        StepKind::Draw => {
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name);
            each_player_ui(ui, &mut draft.each_player);
            ui.add(
                DragValue::new(&mut draft.count)
                    .range(1..=10)
                    .prefix("cards "),
            );
        }
        StepKind::Mill => {
            seat_picker_ui(ui, &mut draft.seat, &seats, &seat_name)
                .on_hover_text("The top cards of that player's deck go to their graveyard, shown");
            each_player_ui(ui, &mut draft.each_player);
            ui.add(
                DragValue::new(&mut draft.count)
                    .range(1..=10)
                    .prefix("cards "),
            );
        }
        StepKind::Declare => {
            ui.add(
                egui::TextEdit::singleline(&mut draft.text)
                    .hint_text("what the effect declares")
                    .char_limit(fairduel_engine::agreement::MAX_DECLARATION_BYTES),
            );
        }
    }
}

/// How long an ATK/DEF or level change lasts.
fn lasting_ui(ui: &mut Ui, draft: &mut ProposalDraft) {
    let label = ui.label("lasting");
    let words = |lasting: Lasting| match lasting {
        Lasting::WhileOnField => "while it stays on the field",
        Lasting::EndOfTurn => "until the end of the turn",
        Lasting::Turns => "for some of its controller's turns",
    };
    ComboBox::from_id_salt("proposal-lasting")
        .selected_text(words(draft.lasting))
        .show_ui(ui, |ui| {
            for lasting in [Lasting::WhileOnField, Lasting::EndOfTurn, Lasting::Turns] {
                ui.selectable_value(&mut draft.lasting, lasting, words(lasting));
            }
        })
        .response
        .labelled_by(label.id);
    if draft.lasting == Lasting::Turns {
        ui.add(
            DragValue::new(&mut draft.lasting_turns)
                .range(1..=20)
                .prefix("turns "),
        )
        .on_hover_text("This turn counts as the first if it is its controller's");
    }
}

/// Where a moved card goes; `to_deck` offers the main deck too (an Extra Deck card never
/// goes there).
fn destination_ui(
    ui: &mut Ui,
    draft: &mut ProposalDraft,
    view: &SeatView,
    names: &[String],
    to_deck: bool,
) {
    let field = view.duel.format().family == fairduel_engine::format::Family::Field;
    let offered: Vec<DestinationKind> = DestinationKind::ALL
        .into_iter()
        .filter(|kind| {
            let deck = matches!(
                kind,
                DestinationKind::Deck | DestinationKind::DeckTop | DestinationKind::DeckBottom
            );
            let hidden = *kind == DestinationKind::HiddenZone && !field;
            // Only a card of my Extra Deck (a Rule card relying on the card resolving) goes
            // to my Rule Zone.
            let rule_zone = *kind == DestinationKind::RuleZone && (to_deck || !field);
            (to_deck || !deck) && !hidden && !rule_zone
        })
        .collect();
    // A destination the previous kind of step offered and this one does not.
    if !offered.contains(&draft.destination) {
        draft.destination = DestinationKind::default();
    }
    let label = ui.label("to");
    ComboBox::from_id_salt("proposal-destination")
        .selected_text(draft.destination.label())
        .show_ui(ui, |ui| {
            for kind in offered {
                ui.selectable_value(&mut draft.destination, kind, kind.label());
            }
        })
        .response
        .labelled_by(label.id);
    if matches!(
        draft.destination,
        DestinationKind::Zone | DestinationKind::HiddenZone
    ) {
        let free: Vec<Place> = free_zones(view);
        let text = draft.zone.map_or_else(
            || "choose a zone".to_owned(),
            |z| zone_words(view, names, z),
        );
        let label = ui.label("zone");
        ComboBox::from_id_salt("proposal-zone")
            .selected_text(text)
            .show_ui(ui, |ui| {
                for zone in free {
                    ui.selectable_value(&mut draft.zone, Some(zone), zone_words(view, names, zone));
                }
            })
            .response
            .labelled_by(label.id);
        pick_button_ui(ui, draft, Pick::Zone);
        ui.checkbox(&mut draft.defence, "DEF Position");
    }
}

/// A card of my own Extra Deck, by name (only I know them).
fn extra_deck_picker_ui(ui: &mut Ui, draft: &mut ProposalDraft, view: &SeatView) {
    let state = view.duel.state();
    let name_of = |card_ref: CardRef| {
        view.knowledge
            .card(&state.commitment(card_ref))
            .and_then(|id| view.duel.pool().get(id))
            .map_or_else(|| "an unknown card".to_owned(), |c| c.name.clone())
    };
    let mine = state.player(view.seat).extra_deck.clone();
    let text = draft
        .extra_card
        .filter(|r| mine.contains(r))
        .map_or_else(|| "choose a card".to_owned(), name_of);
    let label = ui.label("Card");
    ComboBox::from_id_salt("proposal-extra-card")
        .selected_text(text)
        .show_ui(ui, |ui| {
            for card_ref in mine {
                ui.selectable_value(&mut draft.extra_card, Some(card_ref), name_of(card_ref));
            }
        })
        .response
        .labelled_by(label.id);
}

/// An Extra Deck summon by its own mechanic: the monster, its zone and position, and the
/// materials added one by one (an Alter Monster's first, onto whose zone it goes).
fn extra_deck_summon_fields_ui(
    ui: &mut Ui,
    draft: &mut ProposalDraft,
    view: &SeatView,
    names: &[String],
) {
    extra_deck_picker_ui(ui, draft, view);
    let field = view.duel.field();
    let side = view.duel.side_of(view.seat);
    let text = draft.zone.map_or_else(
        || "choose a zone".to_owned(),
        |z| zone_words(view, names, z),
    );
    let label = ui.label("onto");
    ComboBox::from_id_salt("proposal-summon-zone")
        .selected_text(text)
        .show_ui(ui, |ui| {
            // A free zone, or (for an Alter Monster) the zone of its material; where the
            // field has them, the Extra Monster Zones shared with the facing player too.
            for zone in field.frontrow(side).chain(field.extra_monster_zones(side)) {
                ui.selectable_value(&mut draft.zone, Some(zone), zone_words(view, names, zone));
            }
        })
        .response
        .labelled_by(label.id);
    ui.checkbox(&mut draft.defence, "DEF Position");
    card_picker_ui(ui, draft, view, names, "Material", true);
    let can_add = draft
        .card
        .is_some_and(|place| !draft.materials.contains(&place));
    if ui
        .add_enabled(can_add, egui::Button::new("Add material"))
        .on_hover_text(
            "A monster on your field (or one another player lends you, where the format \
             allows it) or a card of your hand",
        )
        .clicked()
        && let Some(place) = draft.card.take()
    {
        draft.materials.push(place);
    }
    let listed: Vec<String> = draft
        .materials
        .iter()
        .map(|place| card_words(view, names, *place))
        .collect();
    ui.label(if listed.is_empty() {
        "no materials yet".to_owned()
    } else {
        format!("materials: {}", listed.join(", "))
    });
    if !draft.materials.is_empty() && ui.small_button("Clear materials").clicked() {
        draft.materials.clear();
    }
}

/// A terrain marker (over any player's Frontrow zone, or picked on the board) and the
/// terrain it becomes.
fn terrain_fields_ui(ui: &mut Ui, draft: &mut ProposalDraft, view: &SeatView, names: &[String]) {
    let duel = &view.duel;
    let field = duel.field();
    let text = draft.zone.map_or_else(
        || "choose a zone".to_owned(),
        |z| zone_words(view, names, z),
    );
    let label = ui.label("over");
    ComboBox::from_id_salt("proposal-marker")
        .selected_text(text)
        .show_ui(ui, |ui| {
            for zone in duel.state().seats().flat_map(|side| field.frontrow(side)) {
                ui.selectable_value(&mut draft.zone, Some(zone), zone_words(view, names, zone));
            }
        })
        .response
        .labelled_by(label.id);
    pick_button_ui(ui, draft, Pick::Zone);
    let terrains = duel.pool().terrains();
    let chosen = terrains
        .iter()
        .find(|t| t.id == draft.terrain)
        .map_or_else(|| "choose a terrain".to_owned(), |t| t.name.clone());
    let label = ui.label("becomes");
    ComboBox::from_id_salt("proposal-terrain")
        .selected_text(chosen)
        .show_ui(ui, |ui| {
            for terrain in terrains {
                ui.selectable_value(&mut draft.terrain, terrain.id, terrain.name.as_str());
            }
        })
        .response
        .labelled_by(label.id);
}

/// Which Token, onto which free Frontrow zone (any player's), in which position.
fn token_fields_ui(ui: &mut Ui, draft: &mut ProposalDraft, view: &SeatView, names: &[String]) {
    let duel = &view.duel;
    let chosen = draft
        .token
        .and_then(|id| duel.pool().get(id))
        .map_or_else(|| "choose a Token".to_owned(), |c| c.name.clone());
    let label = ui.label("Token");
    ComboBox::from_id_salt("proposal-token")
        .selected_text(chosen)
        .show_ui(ui, |ui| {
            for token in duel.pool().cards().filter(|c| c.is_token()) {
                ui.selectable_value(&mut draft.token, Some(token.id), token.name.as_str());
            }
        })
        .response
        .labelled_by(label.id);
    let field = duel.field();
    let text = draft.zone.map_or_else(
        || "choose a zone".to_owned(),
        |z| zone_words(view, names, z),
    );
    let label = ui.label("onto");
    ComboBox::from_id_salt("proposal-token-zone")
        .selected_text(text)
        .show_ui(ui, |ui| {
            let free = duel
                .state()
                .seats()
                .flat_map(|side| field.frontrow(side))
                .filter(|zone| duel.zone_piece(*zone).is_none());
            for zone in free {
                ui.selectable_value(&mut draft.zone, Some(zone), zone_words(view, names, zone));
            }
        })
        .response
        .labelled_by(label.id);
    pick_button_ui(ui, draft, Pick::Zone);
    ui.checkbox(&mut draft.defence, "in DEF Position");
}

/// "Each player" / "both players": the step for every player still in the duel, in turn
/// order from the turn player, instead of the one chosen.
fn each_player_ui(ui: &mut Ui, each_player: &mut bool) -> Response {
    ui.checkbox(each_player, "every player")
        .on_hover_text("\"Each player\" or \"both players\": every player still in the duel, one after another in turn order from the turn player")
}

fn seat_picker_ui(
    ui: &mut Ui,
    chosen: &mut Option<Seat>,
    seats: &[Seat],
    seat_name: &dyn Fn(Seat) -> String,
) -> Response {
    let text = chosen.map_or_else(|| "choose a player".to_owned(), seat_name);
    let label = ui.label("Player");
    ComboBox::from_id_salt("proposal-seat")
        .selected_text(text)
        .show_ui(ui, |ui| {
            for seat in seats {
                ui.selectable_value(chosen, Some(*seat), seat_name(*seat));
            }
        })
        .response
        .labelled_by(label.id)
}

/// A list of the cards a step may name (with hands and graveyards where `piles`), and a
/// button to pick one on the board instead.
fn card_picker_ui(
    ui: &mut Ui,
    draft: &mut ProposalDraft,
    view: &SeatView,
    names: &[String],
    what: &str,
    piles: bool,
) {
    let text = draft
        .card
        .map_or_else(|| "choose".to_owned(), |p| card_words(view, names, p));
    let label = ui.label(what);
    ComboBox::from_id_salt("proposal-card")
        .selected_text(text)
        .width(220.0)
        .show_ui(ui, |ui| {
            for place in candidate_cards(view, piles) {
                ui.selectable_value(&mut draft.card, Some(place), card_words(view, names, place));
            }
        })
        .response
        .labelled_by(label.id);
    pick_button_ui(ui, draft, Pick::Card);
}

fn pick_button_ui(ui: &mut Ui, draft: &mut ProposalDraft, pick: Pick) {
    let picking = draft.picking == Some(pick);
    let label = if picking {
        "Click it on the board…"
    } else {
        "Pick on the board"
    };
    if ui.selectable_label(picking, label).clicked() {
        draft.picking = if picking { None } else { Some(pick) };
    }
}

/// Every card a step may name: the board's cards, and (for a move) each card of a hand, a
/// graveyard or the banished cards.
fn candidate_cards(view: &SeatView, piles: bool) -> Vec<Place> {
    let duel = &view.duel;
    let field = duel.field();
    // The grid's cards, Deck Leaders aside (they never leave the board).
    let mut out: Vec<Place> = duel
        .state()
        .pieces()
        .filter(|(_, piece)| !piece.leader)
        .map(|(cell, _)| Place::Cell(cell))
        .collect();
    for place in field.all_zones() {
        if duel.zone_piece(place).is_some() {
            out.push(place);
        }
    }
    if piles {
        for (side, player) in duel.state().players.iter() {
            for (zone, count) in [
                (Zone::Hand, player.hand.len()),
                (Zone::Graveyard, player.graveyard.len()),
                (Zone::Banished, player.banished.len()),
            ] {
                for slot in 0..count.min(usize::from(u8::MAX)) {
                    out.push(Place::Zone {
                        side,
                        zone,
                        slot: slot as u8,
                    });
                }
            }
            // Kingdom Duels' active Normal Rule cards: a move sends one back to its Extra
            // Deck.
            for index in 0..player.rule_cards.len().min(usize::from(u8::MAX)) {
                out.push(fairduel_engine::field::rule_card_place(side, index));
            }
        }
    }
    out
}

fn free_zones(view: &SeatView) -> Vec<Place> {
    let duel = &view.duel;
    if duel.format().family == Family::Grid {
        return duel
            .grid()
            .cells()
            .filter(|cell| duel.state().piece(*cell).is_none())
            .map(Place::Cell)
            .collect();
    }
    let field = duel.field();
    field
        .all_zones()
        .filter(|place| duel.zone_piece(*place).is_none())
        .collect()
}

/// A card a step names, in words: "your Axe Raider", "Ann's hand card 2 (hidden)".
fn card_words(view: &SeatView, names: &[String], place: Place) -> String {
    let Place::Zone { side, zone, slot } = place else {
        return place.to_string();
    };
    let words = match zone {
        Zone::Hand | Zone::Graveyard | Zone::Banished => {
            let player = view.duel.state().players.get(side);
            let pile = player.map(|p| match zone {
                Zone::Hand => &p.hand,
                Zone::Graveyard => &p.graveyard,
                _ => &p.banished,
            });
            let known = pile
                .and_then(|p| p.get(usize::from(slot)))
                .and_then(|s| {
                    s.card.or_else(|| {
                        view.knowledge
                            .card(&view.duel.state().commitment(s.card_ref))
                    })
                })
                .and_then(|id| view.duel.pool().get(id))
                .map_or_else(|| "hidden".to_owned(), |c| c.name.clone());
            format!("{side}'s {} card {} ({known})", zone.label(), slot + 1)
        }
        Zone::Rule => {
            let rule = view
                .duel
                .state()
                .players
                .get(side)
                .and_then(|p| p.rule_cards.get(usize::from(slot)))
                .and_then(|r| view.duel.pool().get(r.card))
                .map_or_else(|| "a Rule card".to_owned(), |c| c.name.clone());
            format!("{rule} in {side}'s Rule Zone (back to the Extra Deck)")
        }
        _ => place_words(view, place),
    };
    with_seat_names(&words, names)
}

fn zone_words(view: &SeatView, names: &[String], place: Place) -> String {
    let Place::Zone { side, zone, slot } = place else {
        return format!("the board's {place}");
    };
    if zone == Zone::ExtraMonster {
        return with_seat_names(&place.to_string(), names);
    }
    let whose = if side == view.seat {
        "your".to_owned()
    } else {
        format!("{side}'s")
    };
    with_seat_names(
        &format!("{whose} {} zone {}", zone.label(), slot + 1),
        names,
    )
}

#[cfg(test)]
#[path = "proposal_tests.rs"]
mod tests;
