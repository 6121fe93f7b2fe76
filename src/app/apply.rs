//! Applying actions: the one place the window's state changes. Files and tabs are in
//! `files.rs`, edits of a motion in `editing.rs`; this dispatches, and handles what is
//! left (dialogs, a tab's view and playback, an archive tab's query).

use super::action::{Action, ArchiveAction, MotionAction};
use super::command::UiCommand;
use super::dialogs::{BrowseFor, Modal, PathPrompt, PathPurpose};
use super::file_dialog::{self, Picked};
use super::import_dialog::MapFileOp;
use super::tabs::{MotionTab, TabKind};
use super::{StudioApp, TabId};
use crate::codec::kind::FileKind;

impl StudioApp {
    /// Applies one action.
    pub(super) fn apply(&mut self, action: Action, ctx: &egui::Context) {
        match action {
            Action::Command(command) => self.command(command, ctx),
            Action::Open(path) => self.open(&path),
            Action::OpenEntry { archive, entry } => self.open_entry(&archive, &entry),
            Action::ActivateTab(id) => {
                if self.tabs.get(id).is_some() {
                    self.tabs.active = Some(id);
                }
            }
            Action::CloseTab(id) => self.close_tab(id),
            Action::DiscardTab(id) => self.tabs.remove(id),
            Action::Save {
                tab,
                to,
                confirmed,
                then,
            } => {
                if !self.save_gait(tab, then.clone()) {
                    self.save(tab, to.as_deref(), confirmed, then);
                }
            }
            Action::SaveArchive { tab, confirmed } => self.save_archive(tab, confirmed),
            Action::Import(prompt) => self.import(prompt),
            Action::Export(tab, prompt) => self.export(tab, prompt),
            Action::Show(Modal::Import(prompt)) => {
                self.modal = Some(Modal::Import(super::import_dialog::refresh(prompt)));
            }
            Action::Show(Modal::MotionOp(prompt)) => {
                self.modal = Some(Modal::MotionOp(self.refresh_op(prompt)));
            }
            Action::Show(modal) => self.modal = Some(modal),
            Action::RestoreRecovered(copies) => {
                for copy in copies {
                    match super::recovery::restore(&copy) {
                        Ok(document) => {
                            self.status
                                .say(format!("Restored {} (unsaved)", document.tab_title()));
                            self.tabs
                                .add(TabKind::Motion(Box::new(MotionTab::new(document))));
                            super::recovery::remove(&copy);
                        }
                        Err(e) => self.status.say(format!("Could not restore: {e}")),
                    }
                }
            }
            Action::DiscardRecovered(copies) => {
                for copy in &copies {
                    super::recovery::remove(copy);
                }
                self.status.say(format!(
                    "Discarded {}",
                    super::plural(copies.len(), "recovery copy", "recovery copies")
                ));
            }
            Action::ImportMap(op) => {
                if let Some(Modal::Import(prompt)) = self.modal.take() {
                    let prompt = match op {
                        MapFileOp::Load => prompt.load_map(),
                        MapFileOp::Save => prompt.save_map(),
                    };
                    self.modal = Some(Modal::Import(prompt));
                }
            }
            Action::CloseModal => self.modal = None,
            Action::Browse(target) => self.browse(target),
            Action::PasteText(text) => self.paste_text(&text),
            Action::Motion(id, action) => self.motion_action(id, action),
            Action::MotionOp(id, request) => self.motion_op(id, &request),
            Action::Archive(id, action) => self.archive_action(id, action),
            Action::Gait(id, action) => self.gait_action(id, action),
            Action::Sequence(actions) => self.actions.extend(actions),
            Action::SetPanel(kind, shown) => self.panels.set(kind, shown),
            Action::OpenMenu(menu) => self.menu_request = Some(menu),
            Action::QuitLettingGo(let_go) => self.quit(let_go),
        }
    }

    fn command(&mut self, command: UiCommand, ctx: &egui::Context) {
        let active = self.tabs.active;
        if self.motion_menu_command(command) {
            return;
        }
        match command {
            UiCommand::Open => self.open_dialog(),
            UiCommand::OpenPath => self.ask_path(PathPurpose::Open, None, String::new()),
            UiCommand::OpenExample => self.open_example(),
            UiCommand::Import => self.show_import(String::new()),
            UiCommand::Export => self.show_export(),
            UiCommand::Save => match active
                .and_then(|id| self.tabs.get(id))
                .map(|t| (t.id, &t.kind))
            {
                Some((id, TabKind::Motion(_) | TabKind::Gait(_))) => self.push(Action::Save {
                    tab: id,
                    to: None,
                    confirmed: super::action::Confirmed::default(),
                    then: None,
                }),
                Some((id, TabKind::Archive(_))) => self.push(Action::SaveArchive {
                    tab: id,
                    confirmed: super::action::Confirmed::default(),
                }),
                None => self.status.say("Nothing to save: no motion is open"),
            },
            UiCommand::SaveAs => {
                if let Some(id) = active.filter(|&id| self.tabs.motion_mut(id).is_some()) {
                    self.ask_save_path(id, None);
                }
            }
            UiCommand::CloseTab => {
                if let Some(id) = active {
                    self.close_tab(id);
                }
            }
            UiCommand::NextTab | UiCommand::PreviousTab => {
                let step = if command == UiCommand::NextTab { 1 } else { -1 };
                if let Some(id) = self.tabs.neighbour(step) {
                    self.tabs.active = Some(id);
                }
            }
            UiCommand::Copy => {
                self.copy(ctx);
            }
            UiCommand::Cut => self.cut(ctx),
            UiCommand::Paste => match (self.keyframes_clip.clone(), self.clipboard.clone()) {
                (Some(clip), _) => self.paste_clip(clip),
                (None, Some(pose)) => self.paste(&pose),
                (None, None) => self
                    .status
                    .say("Copy a pose or a time range first (Ctrl+C)"),
            },
            UiCommand::ShowMessages => self.messages_open = !self.messages_open,
            UiCommand::Quit => self.quit(Vec::new()),
            motion_command => {
                if !self.gait_command(motion_command) {
                    self.motion_command(motion_command);
                }
            }
        }
    }

    /// Shows a path prompt (the window's own, for desktops without a file dialog).
    pub(super) fn ask_path(&mut self, purpose: PathPurpose, note: Option<String>, text: String) {
        self.modal = Some(Modal::PathPrompt(PathPrompt {
            purpose,
            text,
            note,
            focus: true,
        }));
    }

    fn open_dialog(&mut self) {
        if !self.native_dialogs {
            self.ask_path(PathPurpose::Open, None, String::new());
            return;
        }
        match file_dialog::pick_file("Open", &FileKind::OPENED) {
            Picked::Path(path) => self.open(&path),
            Picked::Cancelled => self.status.say("No file chosen"),
            Picked::Unavailable(reason) => self.ask_path(
                PathPurpose::Open,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type the path instead."
                )),
                String::new(),
            ),
        }
    }

    /// Fills a path field of the open Import or Export window from the system's dialog.
    fn browse(&mut self, target: BrowseFor) {
        let picked = match target {
            BrowseFor::ImportPath => file_dialog::pick_file("Import", &FileKind::IMPORTED),
            BrowseFor::ImportMap => file_dialog::pick_file("Joint map", &[]),
            BrowseFor::ExportPath => file_dialog::save_file("Export", &FileKind::EXPORTED, ""),
        };
        let (path, error) = match picked {
            Picked::Path(path) => (Some(path.display().to_string()), None),
            Picked::Cancelled => (None, None),
            Picked::Unavailable(reason) => (
                None,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type the path instead."
                )),
            ),
        };
        match (&mut self.modal, target) {
            (Some(Modal::Import(prompt)), BrowseFor::ImportPath | BrowseFor::ImportMap) => {
                if let Some(path) = path {
                    if target == BrowseFor::ImportPath {
                        prompt.path = path;
                    } else {
                        prompt.map_path = path;
                    }
                }
                prompt.error = error;
                let refreshed = super::import_dialog::refresh(prompt.clone());
                *prompt = refreshed;
            }
            (Some(Modal::Export(_, prompt)), BrowseFor::ExportPath) => {
                if let Some(path) = path {
                    prompt.path = path;
                }
                prompt.error = error;
            }
            _ => {}
        }
    }

    fn motion_action(&mut self, id: TabId, action: MotionAction) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let MotionTab {
            document,
            view,
            playback,
            ..
        } = tab;
        let keyframes = &document.motion.keyframes;
        match action {
            MotionAction::Edit { label, edit } => {
                document.apply(&label, edit);
                view.fit_to(&document.motion);
            }
            MotionAction::BeginGesture(label) => document.begin_gesture(&label),
            MotionAction::EndGesture => document.end_gesture(),
            MotionAction::CancelGesture => {
                document.cancel_gesture();
                view.fit_to(&document.motion);
            }
            MotionAction::Seek(time_ms) => playback.seek_ms(time_ms, keyframes),
            MotionAction::SelectPoints(points) => view.select_points(points),
            MotionAction::SelectKeyframe { keyframe, add } => {
                if !add {
                    view.selection.clear();
                    view.selected_keyframes.clear();
                }
                if !view.selected_keyframes.remove(&keyframe) || !add {
                    view.selected_keyframes.insert(keyframe);
                }
            }
            MotionAction::SetVisible(channel, shown) => view.set_visible(channel, shown),
            MotionAction::ShowAll => view.visible.iter_mut().for_each(|v| *v = true),
            MotionAction::HideAll => {
                view.visible.iter_mut().for_each(|v| *v = false);
                view.body_visible = [false; 3];
            }
            MotionAction::Solo(joints) => view.solo(&joints),
            MotionAction::Focus(channel) => view.focused = channel,
            MotionAction::SetRange(range) => view.range_ms = range,
            MotionAction::SetFollowFileRate(follow) => view.follow_file_rate = follow,
            MotionAction::SetLooping(looping) => playback.looping = looping,
            MotionAction::SetSpeed(speed) => playback.set_speed(speed),
        }
    }

    fn archive_action(&mut self, id: TabId, action: ArchiveAction) {
        let Some(TabKind::Archive(tab)) = self.tabs.get_mut(id).map(|t| &mut t.kind) else {
            return;
        };
        match action {
            ArchiveAction::SetQuery(query) => {
                // The preview follows the filter: a selection the search hides gives way to
                // the first entry still shown (or none).
                let shown = tab.index.select(&query);
                tab.query = query;
                if tab.selected.is_some_and(|row| !shown.contains(&row)) {
                    tab.select(shown.first().copied());
                }
            }
            ArchiveAction::Select(row) => tab.select(row),
        }
    }
}
