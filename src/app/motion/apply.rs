//! Applying a motion tab's actions: its document's edits and gestures, its view, its
//! playback, and the commands that act on the motion in front.

use crate::app::StudioApp;
use crate::app::action::MotionAction;
use crate::app::command::UiCommand;
use crate::app::motion::MotionTab;
use crate::app::state::TabId;

impl StudioApp {
    /// Works out the floor of every motion tab whose motion changed (`floor_job`).
    pub(in crate::app) fn refresh_floors(&mut self) {
        use crate::app::motion::floor_job::{INLINE_TICKS, solve, spawn};
        for tab in &mut self.tabs.list {
            let id = tab.id;
            let Some(motion) = tab.motion_mut() else {
                continue;
            };
            let revision = motion.document.revision();
            if !motion.floor.wants(revision) {
                continue;
            }
            let ticks = crate::robot::timing::tick_count(&motion.document.motion.keyframes);
            if ticks > crate::robot::floor::MAX_SOLVED_TICKS {
                // Too long to work out every tick: nothing to copy to a thread for.
                motion.floor.store(revision, std::sync::Arc::default());
                motion
                    .document
                    .set_floor_problems(revision, Vec::new(), Vec::new());
            } else if ticks <= INLINE_TICKS {
                let (ticks, problems, spans) = solve(&motion.document.motion);
                motion.floor.store(revision, std::sync::Arc::new(ticks));
                motion
                    .document
                    .set_floor_problems(revision, problems, spans);
            } else {
                motion.floor.pending = Some(revision);
                spawn(id, revision, motion.document.motion.clone(), &self.post);
            }
        }
    }

    /// Takes a tab's floor solution: kept whatever its revision (the newest there is), its
    /// problems given to the document when it is still current.
    pub(in crate::app) fn floor_solved(&mut self, done: crate::app::state::FloorSolved) {
        if let Some(tab) = self.tabs.motion_mut(done.tab) {
            tab.floor.store(done.revision, done.ticks);
            tab.document
                .set_floor_problems(done.revision, done.problems, done.spans);
        }
    }

    /// A command on the motion tab in front: the Motion menu's operations, else the edits
    /// and the transport.
    pub(in crate::app) fn motion_tab_command(&mut self, command: UiCommand) {
        if !self.motion_menu_command(command) {
            self.motion_command(command);
        }
    }

    /// Moves the playhead of the playing motion in front by `dt` seconds of the window's
    /// clock.
    pub(in crate::app) fn advance_clock(&mut self, dt: f64, ctx: &egui::Context) {
        let Some(tab) = self.tabs.active.and_then(|id| self.tabs.motion_mut(id)) else {
            return;
        };
        if tab.playback.playing {
            // At the file's frame rate, a 32 ms field plays each frame for 32 ms.
            let scale = tab.view.time_scale(&tab.document.motion);
            tab.playback
                .advance(dt / scale, &tab.document.motion.keyframes);
            ctx.request_repaint();
        }
    }

    /// Applies a change to a motion tab.
    pub(in crate::app) fn motion_action(&mut self, id: TabId, action: MotionAction) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let MotionTab {
            document,
            view,
            playback,
            track_view,
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
            MotionAction::SelectPoints(points) => {
                track_view.selected_led = None;
                view.select_points(points);
            }
            MotionAction::SelectKeyframe { keyframe, add } => {
                track_view.selected_led = None;
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
            MotionAction::Track(edit) => {
                use crate::edit::tracks::TrackEdit;
                let applied = document.edit_tracks(edit);
                match edit {
                    TrackEdit::Led(_) => track_view.selected_led = applied.selected,
                    TrackEdit::Remove(crate::behaviour::Track::Led) => {
                        track_view.selected_led = None;
                    }
                    TrackEdit::Remove(_) | TrackEdit::SetOffset(..) => {}
                }
                if let Some(said) = applied.said {
                    self.status.say(said);
                }
            }
            MotionAction::SelectLed(index) => {
                if index.is_some() {
                    // One selection at a time: the Delete key deletes what was chosen last.
                    view.selection.clear();
                    view.selected_keyframes.clear();
                }
                track_view.selected_led = index;
            }
        }
    }
}
