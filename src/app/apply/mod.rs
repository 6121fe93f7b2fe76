//! The step that applies actions: the one place the window's state changes. This
//! dispatches each action, and each command through one match: the window's own commands
//! here, the rest to the kind of the tab in front (motion, gait file, archive). Files and
//! tabs are in `files.rs`, Import and Export in `transfer.rs`; each feature applies its own
//! actions (`motion`, `gait`, `archive`).

mod answers;
mod files;
mod track_save;
mod track_sound;
mod transfer;

use super::action::Action;
use super::command::UiCommand;
use super::dialogs::{Modal, PathPrompt, PathPurpose};
use super::file_dialog::{self, Picked};
use super::state::{Confirmed, MapFileOp, Placed};
use super::tabs::TabKind;
use super::{StudioApp, import_dialog};
use egui::ViewportCommand;
use std::collections::VecDeque;

/// The most actions one frame applies (an action may queue others; a loop stops here).
const MAX_ACTIONS_PER_FRAME: usize = 10_000;

impl StudioApp {
    /// Applies the queued actions in order (and those they queue in turn).
    pub(in crate::app) fn apply_actions(&mut self, ctx: &egui::Context) {
        let mut queue: VecDeque<Action> = std::mem::take(&mut self.actions).into();
        let had_dialog = self.modal.is_some();
        let tabs_before = (self.tabs.list.len(), self.tabs.active);
        let mut applied = 0;
        while let Some(action) = queue.pop_front() {
            applied += 1;
            if applied > MAX_ACTIONS_PER_FRAME {
                self.status
                    .say("Stopped: the actions of this frame kept asking for more");
                break;
            }
            self.apply(action, ctx);
            self.status.file_under(self.tabs.active);
            // What an action queued comes next, before the rest of the frame's.
            for queued in std::mem::take(&mut self.actions).into_iter().rev() {
                queue.push_front(queued);
            }
            ctx.request_repaint();
        }
        for tab in self
            .tabs
            .list
            .iter_mut()
            .filter_map(crate::app::tabs::Tab::motion_mut)
        {
            tab.follow_length();
        }
        self.refresh_stale_op();
        self.refresh_floors();
        // A dialog that opens, or a file that loads, closes an open menu (it would stay
        // drawn over the dialog or the new tab).
        let opened_dialog = !had_dialog && self.modal.is_some();
        if opened_dialog || tabs_before != (self.tabs.list.len(), self.tabs.active) {
            egui::Popup::close_all(ctx);
        }
        if self.allow_close && !self.close_sent {
            ctx.send_viewport_cmd(ViewportCommand::Close);
            self.close_sent = true;
        }
    }

    /// Applies one action.
    fn apply(&mut self, action: Action, ctx: &egui::Context) {
        match action {
            Action::Command(command) => self.command(command, ctx),
            Action::Open(path) => self.open(&path),
            Action::AddTrack(path) => self.add_track_file(&path),
            Action::SetSoundFont(path) => self.set_soundfont(path),
            Action::SoundRendered(done) => self.sound_rendered(*done),
            Action::OpenBehaviour(listed) => self.open_behaviour(&listed),
            Action::DropOnTrack(tab, path, track) => {
                let source = crate::behaviour::Source { path, entry: None };
                self.attach_part(tab, source, Some(track), 0, Placed::ByUser);
            }
            Action::AttachPart(tab, source, track) => {
                self.attach_part(tab, source, Some(track), 0, Placed::ByUser);
            }
            Action::OpenEntry { archive, entry } => self.open_entry(&archive, &entry),
            Action::ActivateTab(id) => {
                if self.tabs.get(id).is_some() {
                    self.tabs.active = Some(id);
                }
            }
            Action::CloseTab(id) => self.close_tab(id),
            Action::Answer(answer) => self.answer(answer),
            Action::Import(prompt) => self.import(prompt),
            Action::Export(tab, prompt) => self.export(tab, prompt),
            Action::Show(modal) => self.modal = Some(modal),
            Action::EditImport(prompt) => {
                self.modal = Some(Modal::Import(import_dialog::refresh(prompt)));
            }
            Action::EditOp(prompt) => {
                let prompt = self.refresh_op(prompt);
                self.modal = Some(Modal::MotionOp(prompt));
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
            Action::CopyCurve(id, joint) => self.copy_curve(id, joint),
            Action::PasteCurve(id, joint) => self.paste_curve(id, joint),
            Action::Motion(id, action) => self.motion_action(id, action),
            Action::MotionOp(id, request) => self.motion_op(id, &request),
            Action::JobDone(done) => self.job_done(done),
            Action::FloorSolved(done) => self.floor_solved(*done),
            Action::PartLoaded(loaded) => self.part_loaded(*loaded),
            Action::Archive(id, action) => self.archive_action(id, action),
            Action::Gait(id, action) => self.gait_action(id, action),
            Action::Sequence(actions) => self.actions.extend(actions),
            Action::SetPanel(kind, shown) => self.panels.set(kind, shown),
            Action::OpenMenu(menu) => self.menu_request = Some(menu),
            Action::CloseRequested => {
                if self.any_dirty() {
                    ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                    self.quit(Vec::new());
                } else {
                    self.allow_close = true;
                }
            }
            Action::AdvanceClock(dt) => self.advance_clock(dt, ctx),
        }
    }

    /// A command: the window's own here, the others by the kind of the tab in front.
    fn command(&mut self, command: UiCommand, ctx: &egui::Context) {
        let active = self.tabs.active;
        match command {
            UiCommand::Open => self.open_dialog(),
            UiCommand::OpenPath => self.ask_path(PathPurpose::Open, None, String::new()),
            UiCommand::OpenExample => self.open_example(),
            UiCommand::Import => self.show_import(String::new()),
            UiCommand::Export => self.show_export(false),
            UiCommand::ExportWebots => self.show_export(true),
            UiCommand::AddTrack => self.add_track_dialog(),
            UiCommand::ChooseSoundFont => self.soundfont_dialog(),
            UiCommand::Behaviours => self.show_behaviours(),
            UiCommand::SaveSkit => match active.filter(|&id| self.tabs.is_motion(id)) {
                Some(id) => {
                    self.save_skit(id);
                }
                None => self.status.say("Save Skit: open a motion first"),
            },
            UiCommand::Save => match active
                .and_then(|id| self.tabs.get(id))
                .map(|t| (t.id, &t.kind))
            {
                Some((id, TabKind::Motion(_) | TabKind::Gait(_))) => {
                    self.save(id, None, Confirmed::default(), None);
                }
                Some((id, TabKind::Archive(_))) => self.save_archive(id, Confirmed::default()),
                None => self.status.say("Nothing to save: no motion is open"),
            },
            UiCommand::SaveAs => {
                if let Some(id) = active.filter(|&id| self.tabs.is_motion(id)) {
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
            UiCommand::LargeStage => {
                let large = !self.panels.large_stage;
                self.panels.set(super::PanelKind::LargeStage, large);
            }
            UiCommand::Quit => self.quit(Vec::new()),
            // The rest act on the document in front: its kind handles them.
            command => match self.tabs.active().map(|t| &t.kind) {
                Some(TabKind::Motion(_)) => self.motion_tab_command(command),
                Some(TabKind::Gait(_)) => self.gait_command(command),
                Some(TabKind::Archive(_)) | None => self
                    .status
                    .say(format!("{}: open a motion first", command.label())),
            },
        }
    }

    /// Shows a path prompt (the window's own, for desktops without a file dialog).
    pub(in crate::app) fn ask_path(
        &mut self,
        purpose: PathPurpose,
        note: Option<String>,
        text: String,
    ) {
        self.modal = Some(Modal::PathPrompt(PathPrompt {
            purpose,
            text,
            note,
            focus: true,
        }));
    }

    fn add_track_dialog(&mut self) {
        if self.active_motion().is_none() {
            self.status
                .say("Open a motion first: a sound or LED pattern goes on a motion's tracks");
            return;
        }
        if !self.native_dialogs {
            self.ask_path(PathPurpose::AddTrack, None, String::new());
            return;
        }
        match file_dialog::pick_sound() {
            Picked::Path(path) => self.add_track_file(&path),
            Picked::Cancelled => self.status.say("No file chosen"),
            Picked::Unavailable(reason) => self.ask_path(
                PathPurpose::AddTrack,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type the path instead."
                )),
                String::new(),
            ),
        }
    }

    fn soundfont_dialog(&mut self) {
        let current = crate::behaviour::synth::find_font(self.soundfont.as_deref())
            .map_or_else(String::new, |p| p.display().to_string());
        if !self.native_dialogs {
            self.ask_path(PathPurpose::SoundFont, None, current);
            return;
        }
        match file_dialog::pick_soundfont() {
            Picked::Path(path) => self.set_soundfont(Some(path)),
            Picked::Cancelled => self.status.say("No SoundFont chosen: MIDI plays as before"),
            Picked::Unavailable(reason) => self.ask_path(
                PathPurpose::SoundFont,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type the path instead."
                )),
                current,
            ),
        }
    }

    fn open_dialog(&mut self) {
        if !self.native_dialogs {
            self.ask_path(PathPurpose::Open, None, String::new());
            return;
        }
        match file_dialog::pick_file("Open", &crate::open::OPEN_KINDS) {
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
}
