//! Drawing the open dialog; each pushes actions (a changed field shows it again, changed).

use super::parts::{error_line, path_row};
use super::{Confirm, ExportPrompt, Modal, PathPrompt, PathPurpose};
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::app::state::{Answer, BrowseFor, Confirmed, TabId};
use crate::codec::kind::FileKind;
use std::path::{Path, PathBuf};

/// Draws the open dialog. Escape closes it (Cancel), except while a text field has the
/// keyboard (`typing`: it had at the end of the last frame): there the first Escape only
/// leaves the field; a dialog that is one path to type closes at once.
/// A click beside the dialog does not close it, so nothing typed is lost by a stray click.
pub fn modal_ui(
    ctx: &egui::Context,
    modal: &Modal,
    native_dialogs: bool,
    typing: bool,
    can: &crate::app::available::Situation<'_>,
    actions: &mut Sender<'_>,
) {
    let tabs = can.tabs;
    // The shaping dialogs leave the window usable: their handles are dragged on the
    // timeline and their range chosen there, so they float beside it rather than block it.
    if let Modal::MotionOp(prompt) = modal
        && prompt.is_modeless()
    {
        // First over the keyframe table's end and the Problems panel, so the timeline (where
        // its result shows and its handles are dragged) stays in sight; its title bar moves
        // it elsewhere.
        let corner = ctx.content_rect().right_bottom() + egui::vec2(-12.0, -36.0);
        egui::Window::new(prompt.form.title())
            .id(egui::Id::unique("mtn-studio shaping dialog"))
            .collapsible(false)
            .resizable(false)
            .pivot(egui::Align2::RIGHT_BOTTOM)
            .default_pos(corner)
            .default_width(440.0)
            .show(ctx, |ui| {
                ui.set_max_width(440.0);
                crate::app::motion::ops::dialog::op_ui(ui, prompt, tabs, actions);
            });
        if !typing
            && !ctx.any_popup_open()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            actions.send(Action::CloseModal);
        }
        return;
    }
    // Held by its top edge, not centred: a message that appears or goes (a refusal, a dry
    // run's list) then grows the dialog downwards, and what is above it, its buttons among
    // them, stays under the pointer (the review: a click meant for a button missed it).
    let id = egui::Id::unique("mtn-studio dialog");
    let top = (ctx.content_rect().height() * 0.08).max(24.0);
    let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, [0.0, top]);
    let response = egui::Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_max_width(520.0);
        match modal {
            Modal::Confirm(confirm) => confirm_ui(ui, confirm, actions),
            Modal::Error { title, message } => {
                ui.heading(title);
                ui.add(egui::Label::new(message).wrap());
                // Enter answers OK, as Escape does: the message is read, the window goes on.
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("OK").clicked() || enter {
                    actions.send(Action::CloseModal);
                }
            }
            Modal::PathPrompt(prompt) => path_prompt_ui(ui, prompt, actions),
            Modal::NewMotion(prompt) => super::new_motion::new_motion_ui(ui, prompt, actions),
            Modal::Import(prompt) => {
                crate::app::import_dialog::ui::import_ui(ui, prompt, native_dialogs, actions);
            }
            Modal::Export(tab, prompt) => export_ui(ui, *tab, prompt, native_dialogs, actions),
            Modal::MotionOp(prompt) => {
                crate::app::motion::ops::dialog::op_ui(ui, prompt, tabs, actions);
            }
            Modal::Behaviours(list) => super::behaviours::behaviours_ui(ui, list, actions),
            Modal::PartPicker(picker) => super::part_picker::picker_ui(ui, picker, actions),
            Modal::Palette(palette) => super::palette::palette_ui(ui, palette, can, actions),
            Modal::Robot(prompt) => super::robot::robot_ui(ui, prompt, actions),
            Modal::FindWalk(prompt) => super::find_walk::find_walk_ui(ui, prompt, actions),
            Modal::AddToStick(prompt) => {
                super::add_to_stick::add_to_stick_ui(ui, prompt, native_dialogs, actions);
            }
        }
    });
    // A dialog that is one path to type closes on the first Escape, its field in use or not
    // (as a file dialog does; the review pressed Escape in Open Path and it stayed).
    let typing = typing && !matches!(modal, Modal::PathPrompt(_));
    let escape = response.is_top_modal
        && !typing
        && !ctx.any_popup_open()
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if escape {
        actions.send(Action::CloseModal);
    }
}

fn confirm_ui(ui: &mut egui::Ui, confirm: &Confirm, actions: &mut Sender<'_>) {
    ui.heading(&confirm.title);
    ui.add(egui::Label::new(&confirm.message).wrap());
    ui.horizontal(|ui| {
        for (label, answer) in &confirm.buttons {
            if ui.button(label).clicked() {
                actions.send(Action::CloseModal);
                if let Some(answer) = answer {
                    actions.send(Action::Answer(answer.clone()));
                }
            }
        }
    });
}

/// What File > Open Path… opens, its extensions from the file-kind registry.
fn open_path_label() -> String {
    use crate::codec::kind::{FileKind, entry_extensions, listed_extensions, or_list};
    use crate::codec::oda::EntryKind;
    let entries: Vec<String> = [EntryKind::Wave, EntryKind::Midi, EntryKind::Led]
        .into_iter()
        .flat_map(|kind| entry_extensions(kind))
        .map(|e| format!(".{e}"))
        .collect();
    format!(
        "Path to a motion ({}), an archive ({}), a gait file ({}), a file to import ({}), a \
         memory stick's folder, behaviour table or image ({}), or a sound or LED pattern \
         ({}) to put on the motion in front",
        listed_extensions(&[FileKind::Mtn, FileKind::Json]),
        listed_extensions(&[FileKind::Oda]),
        listed_extensions(&[FileKind::Gait]),
        listed_extensions(&FileKind::IMPORTED_ONLY),
        listed_extensions(&FileKind::STICK),
        or_list(&entries),
    )
}

fn path_prompt_ui(ui: &mut egui::Ui, prompt: &PathPrompt, actions: &mut Sender<'_>) {
    let open_label;
    let (heading, label, button) = match prompt.purpose {
        PathPurpose::Open => {
            open_label = open_path_label();
            ("Open Path", open_label.as_str(), "Open")
        }
        PathPurpose::SaveAs { .. } => ("Save As", "Path of the .mtn file to write", "Save"),
        PathPurpose::SaveIntoArchive { .. } => (
            "Save into Archive",
            "Path of the .oda archive to put the motion into (made if there is none)",
            "Save",
        ),
        PathPurpose::AddTrack => (
            "Add Sound or LED Pattern",
            "Path to a sound (.wav, .mid), an LED pattern (.led, or a .mid named as Sony names \
             them, with an _l1f-style suffix: so12_x00wink_l1f.mid) or an archive (.oda): \
             its sounds and LED patterns are listed to choose from",
            "Add",
        ),
        PathPurpose::SoundFont => (
            "Choose SoundFont for MIDI",
            "Path to a General MIDI SoundFont (.sf2); empty: the system's, else the built-in \
             voice",
            "Choose",
        ),
    };
    ui.heading(heading);
    if let Some(note) = &prompt.note {
        ui.add(egui::Label::new(egui::RichText::new(note).weak()).wrap());
    }
    let mut text = prompt.text.clone();
    let label = ui.label(label);
    let response = ui
        .add(egui::TextEdit::singleline(&mut text).desired_width(480.0))
        .labelled_by(label.id);
    // The path is what the dialog is for: typing goes there as it opens.
    if prompt.focus {
        response.request_focus();
        actions.send(Action::Show(Modal::PathPrompt(PathPrompt {
            focus: false,
            ..prompt.clone()
        })));
    }
    if text != prompt.text {
        actions.send(Action::Show(Modal::PathPrompt(PathPrompt {
            text: text.clone(),
            focus: false,
            ..prompt.clone()
        })));
    }
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.horizontal(|ui| {
        let go = ui.button(button).clicked() || entered;
        if go && text.trim().is_empty() && matches!(prompt.purpose, PathPurpose::SoundFont) {
            actions.send(Action::CloseModal);
            actions.send(Action::SetSoundFont(None));
        } else if go && !text.trim().is_empty() {
            let path = PathBuf::from(text.trim());
            actions.send(Action::CloseModal);
            actions.send(match &prompt.purpose {
                PathPurpose::Open => Action::Open(path),
                PathPurpose::AddTrack => Action::AddTrack(path),
                PathPurpose::SoundFont => Action::SetSoundFont(Some(path)),
                PathPurpose::SaveIntoArchive { tab } => Action::Answer(Answer::SaveIntoArchive {
                    tab: *tab,
                    path,
                    confirmed: Confirmed::default(),
                }),
                PathPurpose::SaveAs { tab, then } => Action::Answer(Answer::Save {
                    tab: *tab,
                    to: Some(path),
                    confirmed: Confirmed::default(),
                    then: then.clone(),
                }),
            });
        }
        if ui.button("Cancel").clicked() {
            actions.send(Action::CloseModal);
        }
    });
}

fn export_ui(
    ui: &mut egui::Ui,
    tab: TabId,
    prompt: &ExportPrompt,
    native_dialogs: bool,
    actions: &mut Sender<'_>,
) {
    let webots = prompt.webots
        || FileKind::by_extension(Path::new(prompt.path.trim())) == Some(FileKind::WebotsMotion);
    ui.heading(if webots {
        "Export for Webots"
    } else {
        "Export"
    });
    ui.add(
        egui::Label::new(if prompt.webots {
            "A Webots motion (.motion) for Webots' AIBO ERS-7 (AiboErs7)."
        } else {
            "The extension picks the format: .seq or .yaml (Choreonoid body motion), .pseq \
             (key poses), .motion (Webots), .csv, .json or .mtn."
        })
        .wrap(),
    );
    let mut next = prompt.clone();
    if let Some(path) = path_row(
        ui,
        "Export to",
        &prompt.path,
        native_dialogs,
        BrowseFor::ExportPath,
        actions,
    ) {
        next.path = path;
    }
    if webots {
        webots_options_ui(ui, &mut next, native_dialogs, actions);
    } else {
        ui.horizontal(|ui| {
            let label = ui.label("Frames per second (.seq)");
            ui.add_enabled(
                !next.options.keyframes_only,
                egui::DragValue::new(&mut next.options.fps).range(1.0..=1000.0),
            )
            .labelled_by(label.id);
        });
        ui.checkbox(
            &mut next.options.keyframes_only,
            "Keyframes only, with their times (.seq)",
        );
        ui.checkbox(&mut next.options.seq_v4, "formatVersion 4 (.seq)");
    }
    error_line(ui, prompt.error.as_ref());
    if next != *prompt {
        // Another file or folder: what was said of the old ones no longer holds.
        if next.path != prompt.path || next.webots_project != prompt.webots_project {
            next.replace = false;
            next.error = None;
        }
        actions.send(Action::Show(Modal::Export(tab, next.clone())));
    }
    ui.horizontal(|ui| {
        let label = if next.replace { "Replace" } else { "Export" };
        if ui.button(label).clicked() {
            actions.send(Action::Export(tab, next));
        }
        if ui.button("Cancel").clicked() {
            actions.send(Action::CloseModal);
        }
    });
}

/// A Webots export's options: a pose per tick or per keyframe, and a project to play it.
fn webots_options_ui(
    ui: &mut egui::Ui,
    next: &mut ExportPrompt,
    native_dialogs: bool,
    actions: &mut Sender<'_>,
) {
    ui.checkbox(
        &mut next.options.every_tick,
        "One pose per 8 ms tick: the robot's exact command stream (else one per keyframe, \
         which Webots joins with straight lines as the robot does)",
    );
    if let Some(folder) = path_row(
        ui,
        "Webots project folder (optional)",
        &next.webots_project,
        native_dialogs,
        BrowseFor::WebotsProject,
        actions,
    ) {
        next.webots_project = folder;
    }
    ui.add(
        egui::Label::new(
            "With a folder, the export also writes a Webots world with the AiboErs7 on a floor \
             and a controller that loops the motion: open the world in Webots and press play.",
        )
        .wrap(),
    );
}
