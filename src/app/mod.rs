//! The editor window: panels that read the document and emit commands, which run after the
//! frame is drawn.

pub mod command;
mod header_panel;
mod joints_panel;
pub mod pose_view;
mod problems_panel;
mod table;
pub mod timeline;
pub mod view;

use crate::edit::timeline_ops::{self, Pose};
use crate::edit::{Document, Opened, Origin, Playback};
use crate::example::{EXAMPLE_MTN, EXAMPLE_NAME};
use command::UiCommand;
use egui::ViewportCommand;
use std::path::{Path, PathBuf};
use view::View;

/// How many recent files the File menu keeps.
const RECENT_MAX: usize = 10;
/// The storage key of the recent files.
const RECENT_KEY: &str = "recent_files";

/// Something that would throw away unsaved edits, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Show the Open dialog.
    OpenDialog,
    /// Open this file.
    OpenPath(PathBuf),
    /// Open this motion of an archive.
    OpenEntry(PathBuf, String),
    /// Import the file the Import window names, with its options.
    Import,
    /// Close the window.
    Quit,
}

/// The File > Import window: the file, and how to bring it onto an AIBO.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportPrompt {
    /// The file to import (.seq, .yaml, .pseq, .csv, .json).
    pub path: String,
    /// The design label to map a body motion or key-pose sequence onto.
    pub model: String,
    /// Largest allowed difference from the source, degrees.
    pub tolerance: f64,
    /// A mapping file (`JOINT = PART` lines); empty to map by the file's names or by order.
    pub map: String,
}

/// The File > Export window: where, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportPrompt {
    /// The file to write; its extension picks the format.
    pub path: String,
    /// Frames per second, keyframes only, version 4 (for .seq/.yaml).
    pub options: crate::convert::ExportOptions,
}

/// The editor application.
pub struct StudioApp {
    /// The motion being edited.
    pub document: Document,
    /// What is shown and selected.
    pub view: View,
    /// The last message for the status bar.
    pub status: String,
    /// An archive whose motions are being offered.
    pub archive_choice: Option<(PathBuf, Vec<String>)>,
    /// An action waiting for "save your changes?".
    pub pending: Option<Pending>,
    /// Recent files, newest first.
    pub recent: Vec<PathBuf>,
    /// A copied pose.
    pub clipboard: Option<Pose>,
    /// What the last repair did.
    pub repair_log: Vec<String>,
    /// A typed path, when the system has no file dialog.
    pub path_prompt: Option<String>,
    /// Playback at the robot's timing.
    pub playback: Playback,
    /// The user said to save this document despite its limit and speed problems.
    pub safety_confirmed: bool,
    /// A save waiting for "save anyway?" (None: plain Save; Some: Save As to that path).
    pub confirm_save: Option<Option<PathBuf>>,
    /// The File > Import window, when open.
    pub import_prompt: Option<ImportPrompt>,
    /// The File > Export window, when open.
    pub export_prompt: Option<ExportPrompt>,
    allow_close: bool,
    shown_title: String,
}

/// The bundled example as a document.
#[must_use]
pub fn example_document() -> Document {
    match crate::codec::mtn::decode(EXAMPLE_MTN) {
        Ok(decoded) => Document::unsaved(decoded.motion, EXAMPLE_NAME),
        Err(_) => Document::unsaved(crate::example::stand_to_sit(), EXAMPLE_NAME),
    }
}

impl StudioApp {
    /// An editor showing `document`.
    #[must_use]
    pub fn with_document(document: Document) -> Self {
        Self {
            view: View::for_motion(&document.motion),
            document,
            status: String::new(),
            archive_choice: None,
            pending: None,
            recent: Vec::new(),
            clipboard: None,
            repair_log: Vec::new(),
            path_prompt: None,
            playback: Playback::default(),
            safety_confirmed: false,
            confirm_save: None,
            import_prompt: None,
            export_prompt: None,
            allow_close: false,
            shown_title: String::new(),
        }
    }

    /// The editor as the binary starts it: recent files from storage, then `path` opened
    /// (or the bundled example).
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, path: Option<&Path>) -> Self {
        let mut app = Self::with_document(example_document());
        if let Some(storage) = cc.storage
            && let Some(text) = storage.get_string(RECENT_KEY)
        {
            app.recent = serde_json::from_str(&text).unwrap_or_default();
        }
        match path {
            Some(path) => app.open_path(path),
            None => {
                app.status = format!(
                    "Showing the bundled example {EXAMPLE_NAME}; File > Open to edit your own motion"
                );
            }
        }
        app
    }

    fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    fn set_document(&mut self, document: Document) {
        self.view = View::for_motion(&document.motion);
        self.playback = Playback::default();
        self.safety_confirmed = false;
        let problems = document.problems().len();
        self.status = if problems == 0 {
            format!("Opened {}", document.origin.display_name())
        } else {
            format!(
                "Opened {}: {problems} problems, see the Problems panel",
                document.origin.display_name()
            )
        };
        self.document = document;
        self.repair_log.clear();
    }

    /// Opens a file now (the caller has dealt with unsaved edits).
    pub fn open_path(&mut self, path: &Path) {
        match Document::open(path) {
            Ok(Opened::Document(document)) => {
                self.remember(path);
                self.set_document(*document);
            }
            Ok(Opened::Archive { path, motions }) => {
                self.remember(&path);
                if motions.len() == 1 {
                    self.open_entry(&path, &motions[0]);
                } else {
                    self.status = format!("{}: pick a motion to edit", path.display());
                    self.archive_choice = Some((path, motions));
                }
            }
            Err(message) => self.status = format!("Could not open: {message}"),
        }
    }

    /// Opens one motion of an archive now.
    pub fn open_entry(&mut self, archive: &Path, entry: &str) {
        match Document::open_entry(archive, entry) {
            Ok(document) => {
                self.archive_choice = None;
                self.set_document(document);
            }
            Err(message) => self.status = format!("Could not open: {message}"),
        }
    }

    /// Does `action` now, or asks first when there are unsaved edits.
    pub fn request(&mut self, action: Pending) {
        if self.document.is_dirty() {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    fn perform(&mut self, action: Pending) {
        match action {
            Pending::OpenDialog => {
                let picked = rfd::FileDialog::new()
                    .add_filter("AIBO motions and archives", &["mtn", "MTN", "oda", "ODA"])
                    .pick_file();
                match picked {
                    Some(path) => self.open_path(&path),
                    None => {
                        self.status =
                            "No file chosen (File > Open Path… takes a typed path)".to_owned();
                    }
                }
            }
            Pending::OpenPath(path) => self.open_path(&path),
            Pending::OpenEntry(archive, entry) => self.open_entry(&archive, &entry),
            Pending::Import => self.import_now(),
            Pending::Quit => self.allow_close = true,
        }
    }

    /// Imports what the Import window names, as a new unsaved motion (the caller has dealt
    /// with unsaved edits). On failure the window stays open with the message.
    fn import_now(&mut self) {
        let Some(prompt) = self.import_prompt.clone() else {
            return;
        };
        let path = PathBuf::from(prompt.path.trim());
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "imported".to_owned());
        let map = if prompt.map.trim().is_empty() {
            None
        } else {
            let map_path = PathBuf::from(prompt.map.trim());
            let parsed = std::fs::read_to_string(&map_path)
                .map_err(|e| e.to_string())
                .and_then(|text| crate::convert::parse_map(&text));
            match parsed {
                Ok(map) => Some(map),
                Err(message) => {
                    self.status = format!("Could not import: {}: {message}", map_path.display());
                    return;
                }
            }
        };
        let options = crate::convert::ImportOptions {
            design: Some(prompt.model.clone()).filter(|m| !m.is_empty()),
            map,
            tolerance_deg: prompt.tolerance,
            name: "a_stand#stand_imported".to_owned(),
        };
        match crate::convert::import_path(&path, &options) {
            Ok((motion, lines)) => {
                self.import_prompt = None;
                self.set_document(Document::unsaved(motion, &format!("{stem}.mtn")));
                self.status = lines.join("; ");
            }
            Err(message) => self.status = format!("Could not import: {message}"),
        }
    }

    /// Writes the motion in the format the Export window's path names.
    pub fn export_now(&mut self) {
        let Some(prompt) = self.export_prompt.clone() else {
            return;
        };
        let path = PathBuf::from(prompt.path.trim());
        let result = crate::convert::export_bytes(&self.document.motion, &path, prompt.options)
            .and_then(|bytes| {
                crate::fsutil::write_atomic(&path, &bytes)
                    .map(|()| bytes.len())
                    .map_err(|e| format!("{}: cannot write: {e}", path.display()))
            });
        match result {
            Ok(len) => {
                self.export_prompt = None;
                self.status = format!("Exported {} ({len} bytes)", path.display());
            }
            Err(message) => self.status = format!("Not exported: {message}"),
        }
    }

    /// The limit and speed problems that make saving ask once.
    fn safety_problem_count(&self) -> usize {
        use crate::codec::ProblemCode;
        self.document
            .problems()
            .iter()
            .filter(|p| matches!(p.code, ProblemCode::JointSpeed | ProblemCode::JointLimit))
            .count()
    }

    /// Saves; an unsaved document asks where. A motion beyond its joints' limits or speeds asks
    /// once ("save anyway?"), as Sony's own tools refused to save such motions. Returns whether
    /// it was saved.
    pub fn save(&mut self) -> bool {
        if matches!(self.document.origin, Origin::Unsaved { .. }) {
            return self.save_as_dialog();
        }
        if !self.safety_confirmed && self.safety_problem_count() > 0 {
            self.confirm_save = Some(None);
            return false;
        }
        match self.document.save() {
            Ok(()) => {
                self.status = format!("Saved {}", self.document.origin.display_name());
                true
            }
            Err(message) => {
                self.status = format!("Not saved: {message}");
                false
            }
        }
    }

    /// Saves to a path chosen in a dialog.
    pub fn save_as_dialog(&mut self) -> bool {
        let suggested = match &self.document.origin {
            Origin::Unsaved { name } => name.clone(),
            Origin::File(path) => path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            Origin::Entry { entry, .. } => format!("{entry}.mtn"),
        };
        match rfd::FileDialog::new()
            .add_filter("AIBO motion", &["mtn"])
            .set_file_name(suggested)
            .save_file()
        {
            Some(path) => self.save_as(&path),
            None => {
                self.status = "Not saved: no file chosen".to_owned();
                false
            }
        }
    }

    /// Saves to `path`, which becomes the document's file.
    pub fn save_as(&mut self, path: &Path) -> bool {
        if !self.safety_confirmed && self.safety_problem_count() > 0 {
            self.confirm_save = Some(Some(path.to_owned()));
            return false;
        }
        match self.document.save_as(path) {
            Ok(()) => {
                self.remember(path);
                self.status = format!("Saved {}", path.display());
                true
            }
            Err(message) => {
                self.status = format!("Not saved: {message}");
                false
            }
        }
    }

    /// Runs a command.
    pub fn run_command(&mut self, command: UiCommand) {
        let selected: Vec<usize> = self.view.selected_keyframes.iter().copied().collect();
        match command {
            UiCommand::Open => self.request(Pending::OpenDialog),
            UiCommand::Save => {
                self.save();
            }
            UiCommand::SaveAs => {
                self.save_as_dialog();
            }
            UiCommand::Undo => {
                self.status = self
                    .document
                    .undo()
                    .map_or_else(|| "Nothing to undo".to_owned(), |l| format!("Undid {l}"));
                self.clamp_selection();
            }
            UiCommand::Redo | UiCommand::RedoAlt => {
                self.status = self
                    .document
                    .redo()
                    .map_or_else(|| "Nothing to redo".to_owned(), |l| format!("Redid {l}"));
                self.clamp_selection();
            }
            UiCommand::DeleteKeyframes => {
                if selected.is_empty() {
                    self.status = "Select keyframes to delete (click a point or a row)".to_owned();
                } else {
                    let edit = timeline_ops::delete(&self.document.motion.keyframes, &selected);
                    self.document.apply("Delete keyframes", edit);
                    self.status = format!("Deleted {} keyframes", selected.len());
                    self.view.selection.clear();
                    self.view.selected_keyframes.clear();
                }
            }
            UiCommand::CopyPose => {
                let Some(&k) = selected.first() else {
                    self.status = "Select a keyframe to copy its pose".to_owned();
                    return;
                };
                let motion = &self.document.motion;
                self.clipboard = Pose::of(&motion.locators, &motion.keyframes, k);
                self.status = format!("Copied the pose of keyframe {k}");
            }
            UiCommand::PastePose => match (&self.clipboard, selected.is_empty()) {
                (None, _) => self.status = "Copy a pose first (Ctrl+C on a keyframe)".to_owned(),
                (_, true) => self.status = "Select keyframes to paste the pose onto".to_owned(),
                (Some(pose), false) => {
                    let (edit, matched) = pose.paste(&self.document.motion.locators, &selected);
                    self.document.apply("Paste pose", edit);
                    self.status = format!(
                        "Pasted the pose onto {} keyframes ({matched} joints matched)",
                        selected.len()
                    );
                }
            },
            UiCommand::InsertKeyframe => {
                let frame = self.view.playhead_ms / crate::robot::timing::FRAME_MS;
                match timeline_ops::insert_at(&self.document.motion.keyframes, frame) {
                    Some((edit, index)) => {
                        self.document.apply("Insert keyframe", edit);
                        self.view.selection.clear();
                        self.view.selected_keyframes = [index].into();
                        self.status =
                            format!("Inserted keyframe {index} at {} ms", self.view.playhead_ms);
                    }
                    None => self.status = "A keyframe is already at the playhead".to_owned(),
                }
            }
            UiCommand::DuplicateKeyframe => {
                let Some(&k) = selected.first() else {
                    self.status = "Select a keyframe to duplicate".to_owned();
                    return;
                };
                if let Some(edit) = timeline_ops::duplicate(&self.document.motion.keyframes, k) {
                    self.document.apply("Duplicate keyframe", edit);
                    self.view.selection.clear();
                    self.view.selected_keyframes = [k + 1].into();
                    self.status = format!("Duplicated keyframe {k}");
                }
            }
            UiCommand::Repair => match self.document.repair() {
                Ok(actions) => {
                    self.status = if actions.is_empty() {
                        "Nothing to repair".to_owned()
                    } else {
                        format!("Repaired: {} fixes (save to write them)", actions.len())
                    };
                    self.repair_log = actions;
                }
                Err(message) => self.status = format!("Cannot repair: {message}"),
            },
            UiCommand::ZoomToFit => self.view.fit_requested = true,
            UiCommand::PlayPause => self.playback.toggle(&self.document.motion.keyframes),
            UiCommand::GoToStart => self.playback.stop(),
            UiCommand::GoToEnd => self
                .playback
                .seek_ms(u64::MAX, &self.document.motion.keyframes),
            UiCommand::StepBack => self
                .playback
                .step_frames(-1, &self.document.motion.keyframes),
            UiCommand::StepForward => self
                .playback
                .step_frames(1, &self.document.motion.keyframes),
            UiCommand::Quit => self.request(Pending::Quit),
        }
    }

    /// Drops selections that no longer exist (after undo of an insert, say).
    fn clamp_selection(&mut self) {
        let count = self.document.motion.keyframes.len();
        self.view.selection.retain(|(k, _)| *k < count);
        self.view.selected_keyframes.retain(|k| *k < count);
    }

    fn shortcuts(&mut self, ctx: &egui::Context) -> Vec<UiCommand> {
        let typing = ctx.text_edit_focused();
        let mut commands = Vec::new();
        // Shortcuts with more modifiers first: egui matches Ctrl+Z inside Ctrl+Shift+Z.
        let mut ordered = UiCommand::ALL;
        ordered.sort_by_key(|c| {
            std::cmp::Reverse(c.shortcut().map_or(0, |s| {
                u8::from(s.modifiers.shift) + u8::from(s.modifiers.alt)
            }))
        });
        ctx.input_mut(|input| {
            for command in ordered {
                if typing && command.yields_to_text() {
                    continue;
                }
                if let Some(shortcut) = command.shortcut()
                    && input.consume_shortcut(&shortcut)
                {
                    commands.push(command);
                }
            }
        });
        commands
    }

    fn menu_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<UiCommand>) {
        let item = |ui: &mut egui::Ui,
                    command: UiCommand,
                    enabled: bool,
                    commands: &mut Vec<UiCommand>| {
            let shortcut = command
                .shortcut()
                .map(|s| ui.ctx().format_shortcut(&s))
                .unwrap_or_default();
            let button = egui::Button::new(command.label()).shortcut_text(shortcut);
            if ui.add_enabled(enabled, button).clicked() {
                commands.push(command);
            }
        };
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                item(ui, UiCommand::Open, true, commands);
                if ui.button("Open Path…").clicked() {
                    self.path_prompt = Some(String::new());
                }
                ui.menu_button("Open Recent", |ui| {
                    if self.recent.is_empty() {
                        ui.weak("No recent files");
                    }
                    for path in self.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            self.request(Pending::OpenPath(path));
                        }
                    }
                });
                if ui.button("Open Example").clicked() && !self.document.is_dirty() {
                    self.set_document(example_document());
                }
                ui.separator();
                item(ui, UiCommand::Save, true, commands);
                item(ui, UiCommand::SaveAs, true, commands);
                ui.separator();
                if ui.button("Import…").clicked() {
                    self.import_prompt = Some(ImportPrompt {
                        path: String::new(),
                        model: self.document.motion.design.clone(),
                        tolerance: crate::convert::DEFAULT_TOLERANCE_DEG,
                        map: String::new(),
                    });
                }
                if ui.button("Export…").clicked() {
                    self.export_prompt = Some(ExportPrompt {
                        path: String::new(),
                        options: crate::convert::ExportOptions::default(),
                    });
                }
                ui.separator();
                item(ui, UiCommand::Quit, true, commands);
            });
            ui.menu_button("Edit", |ui| {
                let undo = self
                    .document
                    .history
                    .undo_label()
                    .map(|l| format!("Undo {l}"));
                let redo = self
                    .document
                    .history
                    .redo_label()
                    .map(|l| format!("Redo {l}"));
                let ctx = ui.ctx().clone();
                let shortcut = |c: UiCommand| {
                    c.shortcut()
                        .map(|s| ctx.format_shortcut(&s))
                        .unwrap_or_default()
                };
                if ui
                    .add_enabled(
                        undo.is_some(),
                        egui::Button::new(undo.unwrap_or_else(|| "Undo".to_owned()))
                            .shortcut_text(shortcut(UiCommand::Undo)),
                    )
                    .clicked()
                {
                    commands.push(UiCommand::Undo);
                }
                if ui
                    .add_enabled(
                        redo.is_some(),
                        egui::Button::new(redo.unwrap_or_else(|| "Redo".to_owned()))
                            .shortcut_text(shortcut(UiCommand::Redo)),
                    )
                    .clicked()
                {
                    commands.push(UiCommand::Redo);
                }
                ui.separator();
                let any = !self.view.selected_keyframes.is_empty();
                item(ui, UiCommand::InsertKeyframe, true, commands);
                item(ui, UiCommand::DuplicateKeyframe, any, commands);
                item(ui, UiCommand::DeleteKeyframes, any, commands);
                item(ui, UiCommand::CopyPose, any, commands);
                item(
                    ui,
                    UiCommand::PastePose,
                    any && self.clipboard.is_some(),
                    commands,
                );
                ui.separator();
                item(ui, UiCommand::Repair, true, commands);
            });
            ui.menu_button("View", |ui| {
                item(ui, UiCommand::ZoomToFit, true, commands);
                for (axis, name) in view::BODY_NAMES.iter().enumerate() {
                    ui.checkbox(&mut self.view.body_visible[axis], format!("Show {name}"));
                }
            });
        });
    }

    fn status_ui(&self, ui: &mut egui::Ui) {
        let motion = &self.document.motion;
        ui.horizontal(|ui| {
            let duration = crate::robot::timing::duration_ms(&motion.keyframes);
            ui.label(format!(
                "{} keyframes · {} joints · {duration} ms · playhead {} ms",
                motion.keyframes.len(),
                motion.locators.len(),
                self.view.playhead_ms
            ));
            ui.separator();
            ui.label(&self.status);
        });
    }

    fn dialogs_ui(&mut self, ctx: &egui::Context) {
        if let Some(action) = self.pending.clone() {
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Save your changes?");
                ui.label(format!(
                    "{} has unsaved edits. They are lost if you go on without saving.",
                    self.document.origin.display_name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some(1);
                    }
                    if ui.button("Don't Save").clicked() {
                        answer = Some(2);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(0);
                    }
                });
            });
            match answer {
                Some(1) => {
                    self.pending = None;
                    if self.save() {
                        self.perform(action);
                    }
                }
                Some(2) => {
                    self.pending = None;
                    self.perform(action);
                }
                Some(_) => {
                    self.pending = None;
                    self.allow_close = false;
                }
                None => {}
            }
        }
        if let Some(target) = self.confirm_save.clone() {
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("save anyway")).show(ctx, |ui| {
                ui.heading("Save a motion the robot cannot follow?");
                ui.label(format!(
                    "{} joints go beyond their limits or move faster than the servos can \
                     (see the Problems panel). Sony's own tools refused to save such motions.",
                    self.safety_problem_count()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save Anyway").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(false);
                    }
                });
            });
            if let Some(save) = answer {
                self.confirm_save = None;
                if save {
                    self.safety_confirmed = true;
                    match target {
                        Some(path) => {
                            self.save_as(&path);
                        }
                        None => {
                            self.save();
                        }
                    }
                } else {
                    self.status = "Not saved".to_owned();
                }
            }
        }
        if let Some((path, motions)) = self.archive_choice.clone() {
            let mut open = true;
            let mut chosen = None;
            egui::Window::new(format!(
                "Motions in {}",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            ))
            .open(&mut open)
            .collapsible(false)
            .default_width(320.0)
            .show(ctx, |ui| {
                ui.label("Pick a motion to edit; saving writes it back into the archive.");
                egui::ScrollArea::vertical()
                    .max_height(400.0)
                    .show(ui, |ui| {
                        for name in &motions {
                            if ui.button(name).clicked() {
                                chosen = Some(name.clone());
                            }
                        }
                    });
            });
            if let Some(name) = chosen {
                self.archive_choice = None;
                self.request(Pending::OpenEntry(path, name));
            } else if !open {
                self.archive_choice = None;
            }
        }
        if let Some(mut text) = self.path_prompt.clone() {
            let mut done = None;
            egui::Window::new("Open Path")
                .collapsible(false)
                .show(ctx, |ui| {
                    let label = ui.label("Path to an .mtn or .oda file");
                    let response = ui.text_edit_singleline(&mut text).labelled_by(label.id);
                    if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        done = Some(true);
                    }
                    ui.horizontal(|ui| {
                        if ui.button("Open").clicked() {
                            done = Some(true);
                        }
                        if ui.button("Cancel").clicked() {
                            done = Some(false);
                        }
                    });
                });
            match done {
                Some(true) => {
                    self.path_prompt = None;
                    self.request(Pending::OpenPath(PathBuf::from(text.trim())));
                }
                Some(false) => self.path_prompt = None,
                None => self.path_prompt = Some(text),
            }
        }
    }

    fn import_export_ui(&mut self, ctx: &egui::Context) {
        if let Some(mut prompt) = self.import_prompt.clone() {
            let mut done = None;
            egui::Window::new("Import")
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.label(
                        "A Choreonoid body motion (.seq, .yaml) or key-pose sequence (.pseq), \
                         or a motion as .csv or .json. It opens as a new, unsaved motion.",
                    );
                    let changed = path_row(ui, "Import from", &mut prompt.path, || {
                        rfd::FileDialog::new()
                            .add_filter(
                                "Motions to import",
                                &["seq", "yaml", "yml", "pseq", "csv", "json"],
                            )
                            .pick_file()
                    });
                    // A file that names its model (an mtn-studio export) presets it.
                    if changed
                        && let Some(label) =
                            crate::convert::named_design(Path::new(prompt.path.trim()))
                    {
                        prompt.model = label;
                    }
                    ui.horizontal(|ui| {
                        let label = ui.label("AIBO model");
                        let combo = egui::ComboBox::from_id_salt("import model")
                            .selected_text(prompt.model.clone())
                            .show_ui(ui, |ui| {
                                for info in crate::robot::models::LABELS {
                                    ui.selectable_value(
                                        &mut prompt.model,
                                        info.label.to_owned(),
                                        format!("{} \u{2014} {}", info.label, info.note),
                                    );
                                }
                            });
                        header_panel::name_widget(
                            &combo.response.labelled_by(label.id),
                            "AIBO model",
                        );
                    });
                    ui.horizontal(|ui| {
                        let label = ui.label("Tolerance (°)");
                        ui.add(
                            egui::DragValue::new(&mut prompt.tolerance)
                                .range(0.01..=10.0)
                                .speed(0.01),
                        )
                        .labelled_by(label.id);
                    });
                    path_row(ui, "Joint map (optional)", &mut prompt.map, || {
                        rfd::FileDialog::new().pick_file()
                    });
                    ui.weak(
                        "Without a map, joints are taken in order (the names an mtn-studio \
                         export carries win). A map has one JOINT = PART line per AIBO joint: \
                         its name (FL_LEG_KNEE) or locator, and the 0-based index of the \
                         file's value.",
                    );
                    ui.horizontal(|ui| {
                        if ui.button("Import").clicked() {
                            done = Some(true);
                        }
                        if ui.button("Cancel").clicked() {
                            done = Some(false);
                        }
                    });
                });
            self.import_prompt = Some(prompt);
            match done {
                Some(true) => self.request(Pending::Import),
                Some(false) => self.import_prompt = None,
                None => {}
            }
        }
        if let Some(mut prompt) = self.export_prompt.clone() {
            let mut done = None;
            egui::Window::new("Export")
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.label(
                        "The extension picks the format: .seq or .yaml (Choreonoid body \
                         motion), .pseq (key poses), .csv, .json or .mtn.",
                    );
                    path_row(ui, "Export to", &mut prompt.path, || {
                        rfd::FileDialog::new()
                            .add_filter(
                                "Export formats",
                                &["seq", "yaml", "pseq", "csv", "json", "mtn"],
                            )
                            .save_file()
                    });
                    ui.horizontal(|ui| {
                        let label = ui.label("Frames per second (.seq)");
                        ui.add_enabled(
                            !prompt.options.keyframes_only,
                            egui::DragValue::new(&mut prompt.options.fps).range(1.0..=1000.0),
                        )
                        .labelled_by(label.id);
                    });
                    ui.checkbox(
                        &mut prompt.options.keyframes_only,
                        "Keyframes only, with their times (.seq)",
                    );
                    ui.checkbox(&mut prompt.options.seq_v4, "formatVersion 4 (.seq)");
                    ui.horizontal(|ui| {
                        if ui.button("Export").clicked() {
                            done = Some(true);
                        }
                        if ui.button("Cancel").clicked() {
                            done = Some(false);
                        }
                    });
                });
            self.export_prompt = Some(prompt);
            match done {
                Some(true) => self.export_now(),
                Some(false) => self.export_prompt = None,
                None => {}
            }
        }
    }

    /// One frame of the whole window.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_owned())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.request(Pending::OpenPath(path));
        }
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.document.is_dirty()
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.pending = Some(Pending::Quit);
        }
        if self.allow_close {
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
        let mut commands = self.shortcuts(&ctx);
        if self.view.playhead_ms != self.playback.time_ms() {
            self.playback
                .seek_ms(self.view.playhead_ms, &self.document.motion.keyframes);
        }
        if self.playback.playing {
            let dt = ctx.input(|i| f64::from(i.stable_dt)).min(0.1);
            self.playback.advance(dt, &self.document.motion.keyframes);
            ctx.request_repaint();
        }
        self.view.playhead_ms = self.playback.time_ms();
        let playhead_values = self
            .playback
            .values_with(&self.document.motion.keyframes, self.document.times_ms());

        egui::Panel::top("menu").show(ui, |ui| self.menu_ui(ui, &mut commands));
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        egui::Panel::left("joints")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| {
                let context = joints_panel::JointsContext {
                    playhead_values: &playhead_values,
                    marks: self.document.safety_marks(),
                    times_ms: self.document.times_ms(),
                };
                joints_panel::joints_ui(ui, &self.document.motion, &mut self.view, &context);
            });
        egui::Panel::right("header")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("right")
                    .show(ui, |ui| {
                        header_panel::header_ui(ui, &mut self.document);
                        ui.separator();
                        match problems_panel::problems_ui(ui, self.document.problems()) {
                            problems_panel::ProblemsAction::Repair => {
                                commands.push(UiCommand::Repair);
                            }
                            problems_panel::ProblemsAction::Seek(time_ms) => {
                                self.view.playhead_ms = time_ms;
                            }
                            problems_panel::ProblemsAction::None => {}
                        }
                        for line in &self.repair_log {
                            ui.small(line);
                        }
                    });
            });
        egui::Panel::bottom("table")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| {
                table::table_ui(ui, &mut self.document, &mut self.view);
            });
        egui::CentralPanel::default().show(ui, |ui| {
            transport_ui(ui, &mut self.playback, &self.document, &mut commands);
            let body = body_at(&self.document, self.playback.time_ms());
            egui::Panel::right("pose")
                .resizable(true)
                .default_size(300.0)
                .show(ui, |ui| {
                    pose_view::pose_ui(
                        ui,
                        &self.document.motion,
                        &playhead_values,
                        body,
                        &mut self.view,
                    );
                });
            timeline::timeline_ui(ui, &mut self.document, &mut self.view);
        });
        // A click on the timeline or a table row moves the playhead.
        if self.view.playhead_ms != self.playback.time_ms() {
            self.playback
                .seek_ms(self.view.playhead_ms, &self.document.motion.keyframes);
        }
        self.dialogs_ui(&ctx);
        self.import_export_ui(&ctx);

        for command in commands {
            self.run_command(command);
        }
        self.view.playhead_ms = self.playback.time_ms();
        let title = self.document.title();
        if title != self.shown_title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
    }
}

/// Body roll, pitch and yaw at a time, interpolated between keyframes (the robot does not
/// play them; the figure shows them).
/// A labelled path field with a Browse… button that fills it from `browse` (a file
/// dialog); returns whether the path changed this frame (typed or browsed).
fn path_row(
    ui: &mut egui::Ui,
    label: &str,
    path: &mut String,
    browse: impl FnOnce() -> Option<PathBuf>,
) -> bool {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let typed = ui
            .text_edit_singleline(path)
            .labelled_by(label.id)
            .changed();
        let browsed = ui.button("Browse…").clicked()
            && browse().map(|p| *path = p.display().to_string()).is_some();
        typed || browsed
    })
    .inner
}

fn body_at(document: &Document, time_ms: u64) -> [i32; 3] {
    let times = document.times_ms();
    let body = document.motion.keyframes.body();
    let next = times.partition_point(|&t| t <= time_ms);
    if next >= times.len() {
        return body.last().copied().unwrap_or([0; 3]);
    }
    if next == 0 {
        return body[0];
    }
    let (t0, t1) = (times[next - 1] as f64, times[next] as f64);
    let f = (time_ms as f64 - t0) / (t1 - t0);
    let mut out = [0; 3];
    for (axis, slot) in out.iter_mut().enumerate() {
        let (a, b) = (f64::from(body[next - 1][axis]), f64::from(body[next][axis]));
        #[expect(clippy::cast_possible_truncation, reason = "between two i32 values")]
        let value = (a + (b - a) * f).round() as i32;
        *slot = value;
    }
    out
}

/// Play, pause, stop, loop, speed, and where the playhead is.
fn transport_ui(
    ui: &mut egui::Ui,
    playback: &mut Playback,
    document: &Document,
    commands: &mut Vec<UiCommand>,
) {
    let keyframes = &document.motion.keyframes;
    ui.horizontal(|ui| {
        if ui
            .button("Start")
            .on_hover_text("Go to start (Home)")
            .clicked()
        {
            commands.push(UiCommand::GoToStart);
        }
        let label = if playback.playing { "Pause" } else { "Play" };
        if ui
            .button(label)
            .on_hover_text("Play or pause (Space)")
            .clicked()
        {
            commands.push(UiCommand::PlayPause);
        }
        if ui
            .button("Stop")
            .on_hover_text("Stop and go back to the start")
            .clicked()
        {
            commands.push(UiCommand::GoToStart);
        }
        ui.checkbox(&mut playback.looping, "Loop");
        let mut speed = playback.speed();
        let label = ui.label("Speed");
        let response = ui
            .add(
                egui::Slider::new(
                    &mut speed,
                    crate::edit::playback::SPEED_RANGE.0..=crate::edit::playback::SPEED_RANGE.1,
                )
                .step_by(0.25)
                .suffix("×"),
            )
            .labelled_by(label.id);
        if response.changed() {
            playback.set_speed(speed);
        }
        ui.separator();
        ui.monospace(format!(
            "{:>6} / {} ms",
            playback.time_ms(),
            crate::robot::timing::duration_ms(keyframes)
        ))
        .on_hover_text("The playhead, on the robot's 8 ms ticks (arrow keys step 16 ms frames)");
    });
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if let Ok(text) = serde_json::to_string(&self.recent) {
            storage.set_string(RECENT_KEY, text);
        }
    }
}

/// Starts the window.
///
/// # Errors
/// The window system could not start.
pub fn run(path: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([900.0, 600.0])
            .with_drag_and_drop(true)
            .with_title("mtn-studio"),
        ..Default::default()
    };
    eframe::run_native(
        "mtn-studio",
        options,
        Box::new(move |cc| Ok(Box::new(StudioApp::new(cc, path.as_deref())))),
    )
}
