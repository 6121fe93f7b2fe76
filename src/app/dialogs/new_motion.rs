//! File > New: the model and the posture a new motion starts in. It opens as a tab of its
//! own, not saved anywhere yet (Save asks where), holding the posture for 1008 ms under a
//! name Sony's player reads (`a_stand#stand_new`).

use super::{Modal, NewMotionPrompt};
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::edit::Document;
use crate::robot::LABELS;
use crate::robot::models::LabelInfo;
use crate::robot::postures::{POSTURE_NAMES, new_motion, posture};

/// The full-body labels a new motion can have: those whose model has standard postures.
fn offered() -> impl Iterator<Item = &'static LabelInfo> {
    LABELS
        .iter()
        .filter(|info| posture(info.model, "stand").is_some())
}

/// Draws the New Motion dialog.
pub fn new_motion_ui(ui: &mut egui::Ui, prompt: &NewMotionPrompt, actions: &mut Sender<'_>) {
    ui.heading("New Motion");
    let mut changed = prompt.clone();
    egui::Grid::new("new motion").num_columns(2).show(ui, |ui| {
        let label = ui.label("Model");
        egui::ComboBox::from_id_salt("new motion model")
            .selected_text(describe(prompt.label))
            .width(300.0)
            .show_ui(ui, |ui| {
                for info in offered() {
                    ui.selectable_value(&mut changed.label, info.label, describe(info.label));
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        ui.label("Starts in");
        ui.horizontal(|ui| {
            for name in POSTURE_NAMES {
                ui.radio_value(&mut changed.posture, name, name);
            }
        });
        ui.end_row();
    });
    let made = new_motion(prompt.label, prompt.posture);
    match &made {
        Ok(motion) => ui.weak(format!(
            "{}: {} joints, the {} posture held for {} ms. Not saved anywhere until you \
             save it.",
            motion.name,
            motion.locators.len(),
            prompt.posture,
            crate::robot::timing::duration_ms(&motion.keyframes)
        )),
        Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.to_string()),
    };
    if changed != *prompt {
        actions.send(Action::Show(Modal::NewMotion(changed)));
    }
    let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.horizontal(|ui| {
        let create = ui.add_enabled(made.is_ok(), egui::Button::new("Create"));
        if let Ok(motion) = made
            && (create.clicked() || enter)
        {
            let name = format!(
                "{}.{}",
                motion.name,
                crate::codec::kind::FileKind::Mtn.extension()
            );
            actions.send(Action::CloseModal);
            // The tab first: what is said goes under it.
            actions.send(Action::AddMotion(Box::new(Document::unsaved(
                motion, &name,
            ))));
            actions.send(Action::Say(format!(
                "New motion: {} in its {} posture, not saved yet",
                describe(prompt.label),
                prompt.posture
            )));
        }
        if ui.button("Cancel").clicked() {
            actions.send(Action::CloseModal);
        }
    });
}

/// "DRX-1000 (ERS-7)".
fn describe(label: &str) -> String {
    match LABELS.iter().find(|info| info.label == label) {
        Some(info) => format!("{label} ({})", info.model.name()),
        None => label.to_owned(),
    }
}
