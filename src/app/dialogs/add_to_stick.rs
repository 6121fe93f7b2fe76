//! File > Add to Stick…: the stick's folder, the action name R-CODE plays the motion by,
//! whether it replaces a behaviour of the user's of that name, its MWCID (a free one unless
//! asked), whether its sound and LED tracks go along, whether R-CODE is set up for the air,
//! and whether R-CODE's program plays it when the head sensor is pressed. Add puts it on
//! (`crate::stick::add`, as `mtn-studio stick add` does); Dry Run says here what Add would
//! do (`--dry-run`); a refusal is shown here.

use super::{Modal, StickPrompt};
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::app::state::BrowseFor;
use crate::stick::program::HeadSensor;

/// The action name a motion is offered under: its name's part after `#`, in capitals, each
/// character R-CODE does not take made `_` ("a_sit#sit_wave" is SIT_WAVE).
#[must_use]
pub fn offered_name(motion_name: &str) -> String {
    let tail = motion_name.rsplit('#').next().unwrap_or(motion_name);
    let name: String = tail
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .take(crate::stick::add::MAX_NAME)
        .collect();
    if name.is_empty() {
        "MY_MOTION".to_owned()
    } else {
        name
    }
}

/// Draws the dialog.
pub fn add_to_stick_ui(
    ui: &mut egui::Ui,
    prompt: &StickPrompt,
    native_dialogs: bool,
    actions: &mut Sender<'_>,
) {
    ui.heading("Add to Stick");
    ui.label(
        "Puts the motion on a memory stick as a behaviour: into its archives under \
         OPEN-R/MW/DATA/P/, a record of its behaviour table, and the name R-CODE plays it by \
         (PLAY:ACTION:NAME). Every file changed is kept as NAME.bak beside it.",
    );
    let mut changed = prompt.clone();
    egui::Grid::new("add to stick")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Stick folder");
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut changed.folder).desired_width(360.0))
                    .labelled_by(label.id);
                if native_dialogs && ui.button("Browse…").clicked() {
                    actions.send(Action::Browse(BrowseFor::StickFolder));
                }
            });
            ui.end_row();
            name_rows(ui, &mut changed);
            ui.label("");
            ui.checkbox(&mut changed.tracks, "Take its sound and LED tracks along");
            ui.end_row();
            ui.label("");
            ui.add_enabled(
                changed.tracks,
                egui::Checkbox::new(
                    &mut changed.convert_sound,
                    "Convert a sound the robot cannot play (to 16 kHz 16-bit mono)",
                ),
            )
            .on_hover_text(
                "The robot plays 8 kHz 8-bit or 16 kHz 16-bit mono PCM, or IMA ADPCM; any \
                 other WAVE is refused unless converted (the track in the window is left as \
                 it is)",
            );
            ui.end_row();
            ui.label("");
            ui.checkbox(
                &mut changed.noauth,
                "Set R-CODE up for the air (no ID and password: NOAUTH.CFG made, OWNER.TXT \
                 removed)",
            );
            ui.end_row();
            head_sensor_rows(ui, &mut changed.rcode);
        });
    ui.horizontal(|ui| {
        let ready = !prompt.folder.trim().is_empty() && !prompt.name.trim().is_empty();
        if ui.add_enabled(ready, egui::Button::new("Add")).clicked() {
            actions.send(Action::AddToStick(Box::new(prompt.clone())));
        }
        if ui
            .add_enabled(ready, egui::Button::new("Dry Run"))
            .on_hover_text("Says what Add would change on the stick, and changes nothing")
            .clicked()
        {
            actions.send(Action::DryRunAddToStick(Box::new(prompt.clone())));
        }
        if ui.button("Cancel").clicked() {
            actions.send(Action::CloseModal);
        }
    });
    if let Some(note) = &prompt.note {
        ui.colored_label(ui.visuals().warn_fg_color, note);
    }
    if let Some(error) = &prompt.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    if let Some(lines) = &prompt.dry_run {
        ui.label(
            egui::RichText::new("Dry run: Add would do this (nothing is written yet):").strong(),
        );
        for line in lines {
            ui.label(format!("• {line}"));
        }
    }
    if changed != *prompt {
        changed.error = None;
        changed.dry_run = None;
        actions.send(Action::Show(Modal::AddToStick(changed)));
    }
}

/// The rows that name the behaviour: its action name, whether it replaces the user's own of
/// that name, and its MWCID.
fn name_rows(ui: &mut egui::Ui, prompt: &mut StickPrompt) {
    let label = ui.label("Action name");
    ui.add(egui::TextEdit::singleline(&mut prompt.name).desired_width(240.0))
        .labelled_by(label.id);
    ui.end_row();
    ui.label("");
    ui.checkbox(
        &mut prompt.replace,
        "Replace my behaviour of that name on the stick (under its MWCID)",
    )
    .on_hover_text(
        "Without it, a name a behaviour of yours has already is refused; Sony's own \
             names are never replaced",
    );
    ui.end_row();
    let label = ui.label("MWCID");
    ui.add(
        egui::TextEdit::singleline(&mut prompt.mwcid)
            .desired_width(200.0)
            .hint_text(format!(
                "first free from {}",
                crate::stick::add::USER_MWCIDS.start()
            )),
    )
    .labelled_by(label.id)
    .on_hover_text(format!(
        "The behaviour's number in the table (R-CODE's PLAY:MWCID). Empty: the first \
             free one of {} to {}, numbers Sony's tables do not use; one a record has is \
             refused",
        crate::stick::add::USER_MWCIDS.start(),
        crate::stick::add::USER_MWCIDS.end()
    ));
    ui.end_row();
}

/// The rows that ask for R-CODE's program: the head sensor plays the behaviour, replacing a
/// program of someone else's only where asked.
fn head_sensor_rows(ui: &mut egui::Ui, rcode: &mut HeadSensor) {
    let mut play = *rcode != HeadSensor::Leave;
    let mut replace = *rcode == HeadSensor::PlayReplacing;
    ui.label("");
    ui.checkbox(
        &mut play,
        "Play it when the head sensor is pressed (R-CODE's program, OPEN-R/APP/PC/AMS/R-CODE.R)",
    )
    .on_hover_text(
        "R-CODE runs that program when the robot starts; one mtn-studio wrote is changed to \
         play this behaviour, anyone else's is left alone unless the next box is ticked",
    );
    ui.end_row();
    ui.label("");
    ui.add_enabled(
        play,
        egui::Checkbox::new(
            &mut replace,
            "Replace a program of someone else's there (kept as R-CODE.OLD)",
        ),
    );
    ui.end_row();
    *rcode = match (play, replace) {
        (false, _) => HeadSensor::Leave,
        (true, false) => HeadSensor::Play,
        (true, true) => HeadSensor::PlayReplacing,
    };
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_motions_name_is_offered_as_a_word_r_code_takes() {
        assert_eq!(super::offered_name("a_sit#sit_wave"), "SIT_WAVE");
        assert_eq!(super::offered_name("my wave-2"), "MY_WAVE_2");
        assert_eq!(super::offered_name("#"), "MY_MOTION");
    }
}
