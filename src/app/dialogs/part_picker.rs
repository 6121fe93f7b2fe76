//! The picker of an archive's sounds and LED patterns (Add Sound or LED Pattern… given an
//! archive): every one in it, the naming rule's best for the motion in front first, with
//! its length; a search over the names; a play button for a sound; Add puts the one chosen
//! on its track.

use super::model::{Modal, PartPicker};
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::behaviour::offer::Offered;
use crate::behaviour::{Source, Track};
use crate::codec::sound::SoundKind;

/// How an offer's length reads ("1.25 s", "?").
fn length(offered: &Offered) -> String {
    offered.length_ms.map_or_else(
        || "does not decode".to_owned(),
        |ms| format!("{:.2} s", ms / 1000.0),
    )
}

/// The dialog.
pub fn picker_ui(ui: &mut egui::Ui, picker: &PartPicker, actions: &mut Sender<'_>) {
    ui.set_min_width(560.0);
    let archive = picker
        .path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    ui.heading(format!("Sounds and LED patterns in {archive}"));
    ui.weak(format!(
        "For {}: the naming rule's best matches first (it finds most pairs, not all)",
        picker.motion
    ));
    ui.horizontal(|ui| {
        let label = ui.label("Search");
        let mut filter = picker.filter.clone();
        ui.add(
            egui::TextEdit::singleline(&mut filter)
                .hint_text("part of a name")
                .desired_width(240.0),
        )
        .labelled_by(label.id);
        if filter != picker.filter {
            actions.send(Action::Show(Modal::PartPicker(Box::new(PartPicker {
                filter,
                ..picker.clone()
            }))));
        }
    });
    let wanted = picker.filter.to_lowercase();
    let shown: Vec<&Offered> = picker
        .offered
        .iter()
        .filter(|o| wanted.is_empty() || o.entry.to_lowercase().contains(&wanted))
        .collect();
    // What the archive holds of each kind, said where it holds none (a sound archive
    // without LED patterns lists no LED pattern; it says so rather than leave one looking).
    let leds = picker
        .offered
        .iter()
        .filter(|o| o.kind == SoundKind::Led)
        .count();
    let sounds = picker.offered.len() - leds;
    let missing = match (sounds, leds) {
        (0, 0) => " (no sound and no LED pattern in this archive)",
        (0, _) => " (no sound in this archive)",
        (_, 0) => " (no LED pattern in this archive)",
        _ => "",
    };
    ui.label(format!(
        "{} of {}{missing}",
        shown.len(),
        crate::words::plural(picker.offered.len(), "entry", "entries")
    ));
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .id_salt("part picker")
        .show(ui, |ui| {
            egui::Grid::new("offered parts")
                .striped(true)
                .show(ui, |ui| {
                    for offered in shown.iter().take(1000) {
                        row_ui(ui, picker, offered, actions);
                        ui.end_row();
                    }
                });
        });
    ui.separator();
    if ui.button("Close").clicked() {
        actions.send(Action::CloseModal);
    }
}

/// One entry: its name, what it is, its length, the rule's match, Play and Add.
fn row_ui(ui: &mut egui::Ui, picker: &PartPicker, offered: &Offered, actions: &mut Sender<'_>) {
    let source = Source {
        path: picker.path.clone(),
        entry: Some(offered.entry.clone()),
    };
    ui.label(&offered.entry);
    ui.weak(match offered.kind {
        SoundKind::Wave => "sound (WAV)",
        SoundKind::Midi => "sound (MIDI)",
        SoundKind::Led => "LED pattern",
    });
    ui.label(length(offered));
    ui.weak(if offered.score > 0 {
        format!("matches {}/4", offered.score)
    } else {
        String::new()
    });
    let playable = offered.kind == SoundKind::Wave && offered.length_ms.is_some();
    let play = ui
        .add_enabled(playable, egui::Button::new("Play"))
        .on_hover_text("Hear it (the sound card's own, not at the playhead)")
        .on_disabled_hover_text("A MIDI sound or an LED pattern plays once it is on its track");
    play.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Button,
            playable,
            format!("Play {}", offered.entry),
        )
    });
    if play.clicked() {
        actions.send(Action::PreviewSound(source.clone()));
    }
    let track = match offered.track {
        Track::Sound => "sound",
        Track::Led => "LED",
    };
    let add = ui
        .button("Add")
        .on_hover_text(format!("Put it on the motion's {track} track"));
    add.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Add {}", offered.entry))
    });
    if add.clicked() {
        actions.send(Action::CloseModal);
        actions.send(Action::AttachPart(picker.tab, source, offered.track));
    }
}
