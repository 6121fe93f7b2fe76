//! The dialogs: at most one is open at a time ([`Modal`]). Each is drawn from the app's
//! copy; a change to a field, or a button, is an action (a changed field shows the dialog
//! again, changed), so dialogs change state through the same queue as everything else.

use super::action::Action;
pub use super::import_dialog::ImportPrompt;
use super::tabs::TabId;
use crate::convert::ExportOptions;
use std::path::PathBuf;

/// A path field that Browse… fills from the system's file dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseFor {
    /// The file to import.
    ImportPath,
    /// The import's map file (the grid loads from it).
    ImportMap,
    /// The file to export to.
    ExportPath,
}

/// A question with buttons, each doing an action (or nothing but closing: Cancel).
#[derive(Clone, Debug)]
pub struct Confirm {
    /// The heading.
    pub title: String,
    /// What it is about, and what each answer does.
    pub message: String,
    /// The buttons, left to right: a label and what it does.
    pub buttons: Vec<(String, Option<Action>)>,
}

/// What a typed path is for.
#[derive(Clone, Debug)]
pub enum PathPurpose {
    /// Open it.
    Open,
    /// Save a motion tab there, then do `then`.
    SaveAs {
        /// The tab.
        tab: TabId,
        /// What to do after.
        then: Option<Box<Action>>,
    },
}

/// A path typed by hand (File > Open Path…, or where the system has no file dialog).
#[derive(Clone, Debug)]
pub struct PathPrompt {
    /// What it is for.
    pub purpose: PathPurpose,
    /// The path so far.
    pub text: String,
    /// Why the window asks (no file dialog on this desktop, say).
    pub note: Option<String>,
    /// Give the path field the keyboard (once, as the prompt opens), so typing goes there.
    pub focus: bool,
}

/// The File > Export window: where, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportPrompt {
    /// The file to write; its extension picks the format.
    pub path: String,
    /// Frames per second, keyframes only, version 4 (for .seq/.yaml).
    pub options: ExportOptions,
    /// Why the last try failed.
    pub error: Option<String>,
}

/// The one dialog that may be open.
#[derive(Clone, Debug)]
pub enum Modal {
    /// A question.
    Confirm(Confirm),
    /// Something failed: which file, and what was wrong.
    Error {
        /// The heading.
        title: String,
        /// The message (names the file and what was wrong).
        message: String,
    },
    /// A typed path.
    PathPrompt(PathPrompt),
    /// File > Import.
    Import(ImportPrompt),
    /// File > Export, of a motion tab.
    Export(TabId, ExportPrompt),
    /// A Motion menu operation's parameters and preview.
    MotionOp(super::motion_ops::OpPrompt),
}

/// A "Cancel" button: closes the dialog, nothing else.
#[must_use]
pub fn cancel() -> (String, Option<Action>) {
    ("Cancel".to_owned(), None)
}

/// Draws the open dialog. Escape closes it (Cancel), except while a text field has the
/// keyboard (`typing`: it had at the end of the last frame): there the first Escape only
/// leaves the field.
/// A click beside the dialog does not close it, so nothing typed is lost by a stray click.
pub fn modal_ui(
    ctx: &egui::Context,
    modal: &Modal,
    native_dialogs: bool,
    typing: bool,
    tabs: &super::tabs::Tabs,
    actions: &mut Vec<Action>,
) {
    let response = egui::Modal::new(egui::Id::unique("mtn-studio dialog")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        match modal {
            Modal::Confirm(confirm) => confirm_ui(ui, confirm, actions),
            Modal::Error { title, message } => {
                ui.heading(title);
                ui.add(egui::Label::new(message).wrap());
                if ui.button("OK").clicked() {
                    actions.push(Action::CloseModal);
                }
            }
            Modal::PathPrompt(prompt) => path_prompt_ui(ui, prompt, actions),
            Modal::Import(prompt) => {
                super::import_dialog::import_ui(ui, prompt, native_dialogs, actions);
            }
            Modal::Export(tab, prompt) => export_ui(ui, *tab, prompt, native_dialogs, actions),
            Modal::MotionOp(prompt) => super::motion_ops::dialog::op_ui(ui, prompt, tabs, actions),
        }
    });
    let escape = response.is_top_modal
        && !typing
        && !ctx.any_popup_open()
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if escape {
        actions.push(Action::CloseModal);
    }
}

fn confirm_ui(ui: &mut egui::Ui, confirm: &Confirm, actions: &mut Vec<Action>) {
    ui.heading(&confirm.title);
    ui.add(egui::Label::new(&confirm.message).wrap());
    ui.horizontal(|ui| {
        for (label, action) in &confirm.buttons {
            if ui.button(label).clicked() {
                actions.push(Action::CloseModal);
                if let Some(action) = action {
                    actions.push(action.clone());
                }
            }
        }
    });
}

fn path_prompt_ui(ui: &mut egui::Ui, prompt: &PathPrompt, actions: &mut Vec<Action>) {
    let (heading, label, button) = match prompt.purpose {
        PathPurpose::Open => ("Open Path", "Path to an .mtn, .oda or .gait file", "Open"),
        PathPurpose::SaveAs { .. } => ("Save As", "Path of the .mtn file to write", "Save"),
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
        actions.push(Action::Show(Modal::PathPrompt(PathPrompt {
            focus: false,
            ..prompt.clone()
        })));
    }
    if text != prompt.text {
        actions.push(Action::Show(Modal::PathPrompt(PathPrompt {
            text: text.clone(),
            focus: false,
            ..prompt.clone()
        })));
    }
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.horizontal(|ui| {
        let go = ui.button(button).clicked() || entered;
        if go && !text.trim().is_empty() {
            let path = PathBuf::from(text.trim());
            actions.push(Action::CloseModal);
            actions.push(match &prompt.purpose {
                PathPurpose::Open => Action::Open(path),
                PathPurpose::SaveAs { tab, then } => Action::Save {
                    tab: *tab,
                    to: Some(path),
                    confirmed: super::action::Confirmed::default(),
                    then: then.clone(),
                },
            });
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseModal);
        }
    });
}

/// A labelled path field with a Browse… button that asks the system's file dialog (after
/// the frame) to fill it; returns the new text when it was typed this frame.
pub(crate) fn path_row(
    ui: &mut egui::Ui,
    label: &str,
    path: &str,
    native_dialogs: bool,
    browse: BrowseFor,
    actions: &mut Vec<Action>,
) -> Option<String> {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let mut text = path.to_owned();
        ui.add(egui::TextEdit::singleline(&mut text).desired_width(320.0))
            .labelled_by(label.id);
        if native_dialogs && ui.button("Browse…").clicked() {
            actions.push(Action::Browse(browse));
        }
        (text != path).then_some(text)
    })
    .inner
}

pub(crate) fn error_line(ui: &mut egui::Ui, error: Option<&String>) {
    if let Some(error) = error {
        ui.add(
            egui::Label::new(egui::RichText::new(error).color(ui.visuals().error_fg_color)).wrap(),
        );
    }
}

fn export_ui(
    ui: &mut egui::Ui,
    tab: TabId,
    prompt: &ExportPrompt,
    native_dialogs: bool,
    actions: &mut Vec<Action>,
) {
    ui.heading("Export");
    ui.add(
        egui::Label::new(
            "The extension picks the format: .seq or .yaml (Choreonoid body motion), .pseq \
             (key poses), .csv, .json or .mtn.",
        )
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
    error_line(ui, prompt.error.as_ref());
    if next != *prompt {
        actions.push(Action::Show(Modal::Export(tab, next.clone())));
    }
    ui.horizontal(|ui| {
        if ui.button("Export").clicked() {
            actions.push(Action::Export(tab, next));
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseModal);
        }
    });
}
