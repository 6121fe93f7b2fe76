//! The step that handles actions: the one place the window's state changes. Each action goes
//! to what it is for: a tab's to that tab's feature (motion, archive, gait file), which
//! handles it against its own state and leaves [`Effects`]; the window's own (files, tabs,
//! dialogs, the clipboard, the sound, the shaping dialog's work) here. Commands are matched
//! whole, scope by scope: a command without a handler does not compile.

use super::action::Action;
use super::command::{Command, TabCommand};
use super::effects::Effects;
use super::state::{Placed, TabId};
use super::tabs::TabKind;
use super::{StudioApp, import_dialog};
use egui::ViewportCommand;
use std::collections::VecDeque;

/// The most actions one frame applies (an action may queue others; a loop stops here).
const MAX_ACTIONS_PER_FRAME: usize = 10_000;

/// What a tab's feature reads of the window while it handles a command: the clipboard, and
/// what the shaping dialogs offer.
pub struct TabContext<'a> {
    /// What was copied in this window.
    pub clipboard: &'a super::state::Clipboards,
    /// What Shape, Simplify and Smooth offer.
    pub offers: super::motion::ops::Offers,
}

impl StudioApp {
    /// Handles the queued actions in order (and those they queue in turn).
    pub(in crate::app) fn handle_actions(&mut self, ctx: &egui::Context) {
        let mut queue: VecDeque<Action> = std::mem::take(&mut self.actions).into();
        let had_dialog = self.modal.is_some();
        let tabs_before = (self.tabs.list.len(), self.tabs.active);
        let mut applied = 0;
        while let Some(action) = queue.pop_front() {
            applied += 1;
            // The clock is read every frame: it asks for the next frame itself, and only
            // while a motion plays (an idle window draws nothing).
            let redraw = !matches!(action, Action::ReadClock(_));
            if applied > MAX_ACTIONS_PER_FRAME {
                self.status
                    .say("Stopped: the actions of this frame kept asking for more");
                break;
            }
            let mut fx = Effects::default();
            self.handle(action, ctx, &mut fx);
            self.take(fx, ctx);
            let revision = self.active_motion().map(|m| m.document.revision());
            self.status.file_under(self.tabs.active, revision);
            // What an action queued comes next, before the rest of the frame's.
            for queued in std::mem::take(&mut self.actions).into_iter().rev() {
                queue.push_front(queued);
            }
            if redraw {
                ctx.request_repaint();
            }
        }
        for tab in &mut self.tabs.list {
            if let Some((motion, widgets)) = tab.motion_parts_mut() {
                motion.follow_length(widgets.shown_ms());
            }
        }
        let mut fx = Effects::default();
        self.operations
            .refresh_stale(&mut self.tabs, &mut self.modal, &mut fx);
        self.refresh_floors(&mut fx, ctx);
        // The stick in front: its files changed outside the window? (looked at on the
        // frames there are; an idle window is not woken for it).
        if let Some(id) = self.tabs.active
            && let Some(stick) = self.tabs.stick_mut(id)
        {
            stick.watch(ctx.input(|i| i.time));
        }
        // A closed tab's verdict goes with it (a long session kept every one).
        let tabs = &self.tabs;
        self.status.forget_closed(|id| tabs.get(id).is_some());
        self.take(fx, ctx);
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

    /// Carries out what handling an action left: says its lines, opens its dialog, queues
    /// its actions and starts its work.
    pub(in crate::app) fn take(&mut self, fx: Effects, ctx: &egui::Context) {
        let Effects {
            said,
            verdict: _,
            modal,
            close_modal,
            then,
            jobs,
            copy_text,
            under_way,
        } = fx;
        for (key, line) in under_way {
            match line {
                Some(line) => self.status.began(key, line),
                None => self.status.ended(&key),
            }
        }
        for line in said {
            self.status.say(line);
        }
        if close_modal {
            self.modal = None;
        }
        if let Some(modal) = modal {
            self.modal = Some(modal);
        }
        if let Some(text) = copy_text {
            ctx.copy_text(text);
        }
        self.actions.extend(then);
        for job in jobs {
            if self.inline_jobs {
                self.actions.push(job());
                continue;
            }
            let post = self.post.clone();
            std::thread::spawn(move || {
                // A send fails only when the window has closed: no one waits for the result.
                let _ = post.send(job());
            });
        }
    }

    /// Applies one action.
    fn handle(&mut self, action: Action, ctx: &egui::Context, fx: &mut Effects) {
        match action {
            Action::Command(Command::Window(command)) => self.window_command(command, fx),
            Action::Command(Command::Tab(tab, command)) => self.tab_command(tab, command, fx),
            Action::Say(line) => fx.say(line),
            Action::Pose(tab, request) => self.pose_request(tab, request, fx),
            Action::Preset(request) => self.preset_request(request, fx),
            Action::Clip(clip) => self.clipboard.keep(clip),
            Action::Remember(path) => self.remember(&path),
            Action::ArchiveWritten(path) => self.refresh_archive(&path, fx),
            Action::AddMotion(document) => {
                self.tabs.add_motion(self.motion_tab(*document));
            }
            Action::Then(then) => self.then(then, fx),
            Action::AskSavePath(id) => self.ask_save_path(id, None),
            Action::RenderSound(id) => self.render_sound(id, fx),
            Action::Open(path) => self.open(&path, fx),
            Action::AddTrack(path) => self.add_track_file(&path, fx),
            Action::SetSoundFont(path) => self.set_soundfont(path, fx),
            Action::SoundRendered(done) => {
                self.tabs
                    .with_motion(done.tab, |tab| tab.sound_rendered(*done, fx));
            }
            Action::OpenBehaviour(listed) => self.open_behaviour(&listed, fx),
            Action::DropOnTrack(tab, path, track) => {
                let source = crate::behaviour::Source { path, entry: None };
                self.attach_part(tab, source, track, fx);
            }
            Action::AttachPart(tab, source, track) => self.attach_part(tab, source, track, fx),
            Action::PreviewSound(source) => self.preview_sound(&source, fx),
            Action::AskArchivePath(tab) => self.ask_archive_path(tab),
            Action::AskAddToStick(tab) => self.ask_add_to_stick(tab),
            Action::AddToStick(prompt) => self.add_to_stick(*prompt, fx),
            Action::DryRunAddToStick(prompt) => self.dry_run_add_to_stick(*prompt),
            Action::Robot(ask) => self.ask_robot(ask, fx),
            Action::RobotAnswered(answer) => self.robot_answered(*answer, fx),
            Action::RobotPoseIntoFront(host) => self.robot_pose_into_front(host, fx),
            Action::FindWalk(ask) => self.find_walk(ask, fx),
            Action::RobotToPlay(what) => {
                self.robot.what = what;
                self.modal = Some(super::dialogs::Modal::Robot(self.robot.clone()));
            }
            Action::OpenEntry { archive, entry } => self.open_entry(&archive, &entry, fx),
            Action::ActivateTab(id) => self.tabs.activate(id),
            Action::CloseTab(id) => self.close_tab(id),
            Action::Answer(answer) => self.answer(answer, fx),
            Action::Import(prompt) => prompt.import(fx),
            Action::Export(tab, prompt) => {
                self.tabs
                    .with_motion(tab, |motion| motion.export(tab, prompt, fx));
            }
            Action::Show(modal) => self.modal = Some(modal),
            Action::EditImport(prompt) => self.edit_import(prompt),
            Action::ImportMap(op) => self.import_map(op),
            Action::EditOp(prompt) => {
                let prompt = self.with_kept_presets(prompt, fx);
                let prompt = self.operations.refresh(&self.tabs, prompt, fx);
                self.modal = Some(super::dialogs::Modal::MotionOp(prompt));
                super::motion::ops::reveal_preview(&mut self.tabs, self.modal.as_ref());
            }
            Action::MotionOp(id, request) => self.operations.run(&mut self.tabs, id, &request, fx),
            Action::JobDone(done) => {
                self.operations
                    .job_done(&mut self.tabs, &mut self.modal, done, fx);
                super::motion::ops::reveal_preview(&mut self.tabs, self.modal.as_ref());
            }
            Action::CloseModal => self.modal = None,
            Action::Browse(target) => self.browse(target),
            Action::PasteText(text) => self.paste_text(&text, fx),
            Action::Motion(id, action) => self.motion_action(id, action, fx),
            Action::CopyCurve(id, joint) => {
                self.tabs.with_motion(id, |tab| tab.copy_curve(joint, fx));
            }
            Action::PasteCurve(id, joint) => {
                let curve = self.clipboard.curve.clone();
                self.tabs
                    .with_motion(id, |tab| tab.paste_curve(joint, curve, fx));
            }
            Action::FloorSolved(done) => self
                .tabs
                .with_motion(done.tab, |tab| tab.floor_solved(*done)),
            Action::Simulated(done) => self.simulated(*done, fx),
            Action::PartLoaded(loaded) => {
                self.tabs
                    .with_motion(loaded.tab, |tab| tab.part_loaded(*loaded, fx));
            }
            Action::Stick(id, action) => self.stick_action(id, action, fx),
            Action::StickImageRead(image, read) => self.stick_image_read(&image, read, fx),
            Action::StickImageSaved(image, folder, saved) => {
                Self::stick_image_saved(&image, &folder, saved, fx);
            }
            Action::Archive(id, action) => self.archive_action(id, action, fx),
            Action::Gait(id, action) => self.gait_action(id, action, fx),
            Action::SetPanel(kind, shown) => self.panels.set(kind, shown),
            Action::Sequence(actions) => self.actions.extend(actions),
            Action::OpenMenu(menu) => self.menu_request = Some(menu),
            Action::CloseRequested => self.close_requested(ctx),
            Action::ReadClock(now_s) => self.read_clock(now_s, ctx),
        }
    }

    /// A simulation done: its tab takes it and says what it found, filed under that tab.
    fn simulated(&mut self, done: super::state::Simulated, fx: &mut Effects) {
        let tab = done.tab;
        if done.preview {
            self.tabs.with_motion(tab, |motion| {
                motion.preview_sim.take(done.wants, done.result);
            });
            return;
        }
        self.tabs
            .with_motion(tab, |motion| motion.simulated(done, fx));
        self.file_verdict(tab, fx);
        // A tab behind the one in front simulated in the background: what it found is its
        // own news, shown when it comes to the front, not the front tab's.
        if self.tabs.active != Some(tab) {
            self.say_about(tab, std::mem::take(&mut fx.said));
        }
    }

    /// Files the floor's verdict a motion tab's handler left, under that tab and its
    /// motion's revision.
    fn file_verdict(&mut self, tab: TabId, fx: &mut Effects) {
        if let Some((simulating, line)) = fx.verdict.take()
            && let Some(revision) = self.tabs.motion_mut(tab).map(|m| m.document.revision())
        {
            self.status.say_verdict(tab, revision, simulating, line);
        }
    }

    /// Says `lines` about tab `tab` (not the one in front): the status bar shows them when
    /// it is; the log has them at once.
    pub(in crate::app) fn say_about(&mut self, tab: TabId, lines: Vec<String>) {
        let front = self.active_motion().map(|m| m.document.revision());
        self.status.file_under(self.tabs.active, front);
        for line in lines {
            self.status.say(line);
        }
        let revision = self.tabs.motion_mut(tab).map(|m| m.document.revision());
        self.status.file_under(Some(tab), revision);
    }

    /// An action of stick tab `id`, where it is still open.
    fn stick_action(&mut self, id: TabId, action: super::action::StickAction, fx: &mut Effects) {
        if let Some(tab) = self.tabs.stick_mut(id) {
            tab.handle(action, fx);
        }
    }

    /// An action of archive tab `id`, where it is still open.
    fn archive_action(
        &mut self,
        id: TabId,
        action: super::action::ArchiveAction,
        fx: &mut Effects,
    ) {
        if let Some(tab) = self
            .tabs
            .get_mut(id)
            .and_then(super::tabs::Tab::archive_mut)
        {
            tab.handle(id, action, fx);
        }
    }

    /// An action of gait tab `id`, where it is still open.
    fn gait_action(&mut self, id: TabId, action: super::action::GaitAction, fx: &mut Effects) {
        if let Some(tab) = self.tabs.get_mut(id).and_then(super::tabs::Tab::gait_mut) {
            super::gait::handle(tab, action, fx);
        }
    }

    /// The import dialog's prompt, changed: its preview worked out again.
    fn edit_import(&mut self, prompt: super::dialogs::ImportPrompt) {
        self.modal = Some(super::dialogs::Modal::Import(import_dialog::refresh(
            prompt,
        )));
    }

    /// The import dialog's map file read or written.
    fn import_map(&mut self, op: super::state::MapFileOp) {
        if let Some(super::dialogs::Modal::Import(prompt)) = self.modal.take() {
            self.modal = Some(super::dialogs::Modal::Import(prompt.map_file(op)));
        }
    }

    /// A sound or LED part put on motion tab `tab`'s `track` by the user.
    fn attach_part(
        &mut self,
        tab: super::state::TabId,
        source: crate::behaviour::Source,
        track: crate::behaviour::Track,
        fx: &mut Effects,
    ) {
        self.tabs.with_motion(tab, |motion| {
            motion.attach_part(tab, source, (Some(track), 0), Placed::ByUser, fx);
        });
    }

    /// Text pasted (egui-winit's `Event::Paste`): into the motion in front, if there is one.
    fn paste_text(&mut self, text: &str, fx: &mut Effects) {
        if let Some(id) = self.tabs.active.filter(|&id| self.tabs.is_motion(id))
            && let Some(tab) = self.tabs.motion_mut(id)
        {
            tab.paste_text(id, text, fx);
        } else {
            fx.say("Open a motion to paste into");
        }
    }

    /// An action of motion tab `id`; a stage setting is kept for the next tab to open with.
    fn motion_action(
        &mut self,
        id: super::state::TabId,
        action: super::action::MotionAction,
        fx: &mut Effects,
    ) {
        use super::motion::stage::model::StageAction;
        let stage = matches!(action, super::action::MotionAction::Stage(_));
        let simulate = if let super::action::MotionAction::Stage(StageAction::Simulate(on)) = action
        {
            Some(on)
        } else {
            None
        };
        if let Some(tab) = self.tabs.motion_mut(id) {
            tab.handle(action, fx);
            if stage {
                // The next tab opens showing the same.
                self.panels.stage = tab.stage;
            }
        }
        self.file_verdict(id, fx);
        // The Simulate switch is one for every tab (its tooltip says so): the others follow,
        // quietly (the status line is the tab in front's).
        if let Some(on) = simulate {
            for tab in &mut self.tabs.list {
                if tab.id == id {
                    continue;
                }
                if let Some(motion) = tab.motion_mut()
                    && motion.stage.simulate != on
                {
                    let mut quiet = Effects::default();
                    motion.handle(
                        super::action::MotionAction::Stage(StageAction::Simulate(on)),
                        &mut quiet,
                    );
                }
            }
        }
    }

    /// The window asked to close: it closes, unless there are unsaved edits to ask about.
    fn close_requested(&mut self, ctx: &egui::Context) {
        if self.any_dirty() {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.quit(Vec::new());
        } else {
            self.allow_close = true;
        }
    }

    /// Every motion tab's playback read from the wall clock (`now_s`); while one plays, the
    /// window draws again.
    fn read_clock(&mut self, now_s: f64, ctx: &egui::Context) {
        let active = self.tabs.active;
        let mut playing = false;
        for tab in &mut self.tabs.list {
            let in_front = Some(tab.id) == active;
            if let Some(motion) = tab.motion_mut() {
                playing |= motion.read_clock(now_s, in_front);
            }
        }
        if playing {
            ctx.request_repaint();
        }
    }

    /// A command for tab `id`: the tab's kind handles it where it takes it (a motion's tab takes
    /// every one), else the window says which tabs do.
    fn tab_command(&mut self, id: super::state::TabId, command: TabCommand, fx: &mut Effects) {
        let cx = TabContext {
            clipboard: &self.clipboard,
            offers: self.operations.offers(),
        };
        match self.tabs.get_mut(id).map(|tab| &mut tab.kind) {
            Some(TabKind::Motion(tab, _)) => tab.command(id, command, &cx, fx),
            Some(TabKind::Gait(tab)) => match command.for_gait() {
                Some(command) => super::gait::command(tab, id, command, fx),
                None => fx.say(command.not_taken("a gait file's tab")),
            },
            Some(TabKind::Archive(tab)) => match command.for_archive() {
                Some(command) => tab.command(id, command, fx),
                None => fx.say(command.not_taken("an archive's browser")),
            },
            Some(TabKind::Stick(_)) => fx.say(command.not_taken("a stick's tab")),
            None => {}
        }
    }

    /// Works out the floor of every motion tab whose motion changed (`floor_job`), and its
    /// simulation where the stage's Simulate switch is on (`simulation`).
    fn refresh_floors(&mut self, fx: &mut Effects, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let mut waiting = false;
        for tab in &mut self.tabs.list {
            let id = tab.id;
            if let Some(motion) = tab.motion_mut() {
                motion.refresh_floor(id, fx);
                waiting |= motion.refresh_simulation(id, now, fx);
                let walk = match &self.modal {
                    Some(super::dialogs::Modal::MotionOp(prompt)) if prompt.tab == id => {
                        prompt.walk_previewed()
                    }
                    _ => None,
                };
                waiting |= motion.refresh_preview_simulation(id, walk, now, fx);
            }
        }
        if waiting {
            // The pause before a run ends, and the progress moves, with no event.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
}
