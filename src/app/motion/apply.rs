//! Applying a motion tab's actions: its document's edits and gestures, its view, its
//! playback, and the commands that act on the motion in front.

use crate::app::StudioApp;
use crate::app::action::MotionAction;
use crate::app::command::UiCommand;
use crate::app::motion::MotionTab;
use crate::app::state::TabId;

impl StudioApp {
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
}
