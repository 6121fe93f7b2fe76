//! The commands a motion tab answers: each tab command, handled here or by the part of the
//! tab it is for (the clipboard, the Motion menu's operations, the tracks, saving and
//! exporting). A new tab command does not compile until this match handles it.

use super::MotionTab;
use super::jumps::{Jump, Way};
use super::ops::Dialog;
use super::ops::form::OpRequest;
use super::stage::model::StageAction;
use super::view::Channel;
use crate::app::action::{Action, MotionAction};
use crate::app::command::TabCommand;
use crate::app::effects::Effects;
use crate::app::route::TabContext;
use crate::app::state::{Answer, Confirmed, TabId};
use crate::edit::timeline_ops;
use crate::poses::Only;
use crate::robot::BodyPart;
use crate::robot::timing;
use crate::words::plural;

/// How many ghosts either side Onion Skin turns on (the stage's field sets any other count).
const DEFAULT_GHOSTS: usize = 2;

impl MotionTab {
    /// A command for this tab (`id`).
    pub fn command(
        &mut self,
        id: TabId,
        command: TabCommand,
        cx: &TabContext<'_>,
        fx: &mut Effects,
    ) {
        match command {
            TabCommand::Save => fx.then(save(id, None)),
            TabCommand::SaveAs => fx.then(save_as(id)),
            TabCommand::SaveIntoArchive => fx.then(Action::AskArchivePath(id)),
            TabCommand::AddToStick => fx.then(Action::AskAddToStick(id)),
            TabCommand::Export => fx.show(self.export_window(id, false)),
            TabCommand::ExportWebots => fx.show(self.export_window(id, true)),
            TabCommand::SaveSkit => {
                self.save_skit(fx);
            }
            TabCommand::Copy => self.copy(fx),
            TabCommand::Cut => self.cut(id, fx),
            TabCommand::Paste => self.paste(id, cx.clipboard.copied.as_ref(), fx),
            TabCommand::PasteLegs => self.paste_special(
                id,
                cx.clipboard.copied.as_ref(),
                (Only::Part(BodyPart::Legs), false),
                fx,
            ),
            TabCommand::PasteHead => self.paste_special(
                id,
                cx.clipboard.copied.as_ref(),
                (Only::Part(BodyPart::Head), false),
                fx,
            ),
            TabCommand::PasteTail => self.paste_special(
                id,
                cx.clipboard.copied.as_ref(),
                (Only::Part(BodyPart::Tail), false),
                fx,
            ),
            TabCommand::PasteMirrored => {
                self.paste_special(id, cx.clipboard.copied.as_ref(), (Only::All, true), fx);
            }
            TabCommand::RetimeToSound | TabCommand::MarkOnsets => {
                self.sound_command(id, command, fx);
            }
            TabCommand::Mirror => self.ask_op(id, OpRequest::Mirror, fx),
            TabCommand::Reverse => self.ask_op(id, OpRequest::Reverse, fx),
            TabCommand::RobotRate => self.ask_op(id, OpRequest::ToRobotRate, fx),
            TabCommand::DeleteRange => self.ask_op(id, OpRequest::DeleteRange, fx),
            TabCommand::FixSpeed => self.ask_op(id, OpRequest::FixSpeed { span_ms: None }, fx),
            TabCommand::BodyAngles => self.ask_op(id, OpRequest::BodyAngles, fx),
            TabCommand::Retime => self.open_op(id, Dialog::Retime, cx.offers, fx),
            TabCommand::Postures => self.open_op(id, Dialog::Postures, cx.offers, fx),
            TabCommand::AppendMotion => self.open_op(id, Dialog::Append, cx.offers, fx),
            TabCommand::ConvertModel => self.open_op(id, Dialog::Convert, cx.offers, fx),
            TabCommand::InsertTime => self.open_op(id, Dialog::InsertTime, cx.offers, fx),
            TabCommand::Shape => self.open_op(id, Dialog::Shape, cx.offers, fx),
            TabCommand::Simplify => self.open_op(id, Dialog::Simplify, cx.offers, fx),
            TabCommand::Smooth => self.open_op(id, Dialog::Smooth, cx.offers, fx),
            TabCommand::Generate => self.open_op(id, Dialog::Generate, cx.offers, fx),
            TabCommand::FindWalk => fx.show(crate::app::dialogs::Modal::FindWalk(Box::new(
                crate::app::dialogs::WalkSearchPrompt::new(id),
            ))),
            TabCommand::ClearRange => self.view.range_ms = None,
            TabCommand::ToggleLoop => self.toggle_loop(id, fx),
            TabCommand::ToggleSimulate => {
                let on = !self.stage.simulate;
                fx.then(Action::Motion(
                    id,
                    MotionAction::Stage(StageAction::Simulate(on)),
                ));
            }
            TabCommand::ToggleGhosts => self.toggle_ghosts(id, fx),
            TabCommand::Undo => self.undo(fx),
            TabCommand::Redo | TabCommand::RedoAlt => self.redo(fx),
            TabCommand::DeleteKeyframes => self.delete(fx),
            TabCommand::InsertKeyframe => self.insert_at_playhead(fx),
            TabCommand::DuplicateKeyframe => self.duplicate(fx),
            TabCommand::SelectAll => self.select_all(fx),
            TabCommand::NudgeUp => self.nudge(1.0, fx),
            TabCommand::NudgeDown => self.nudge(-1.0, fx),
            TabCommand::NudgeUpFine => self.nudge(0.1, fx),
            TabCommand::NudgeDownFine => self.nudge(-0.1, fx),
            TabCommand::Repair => self.repair(fx),
            TabCommand::ZoomToFit => self.view.requests.fit(),
            TabCommand::PlayPause => self
                .playback
                .toggle(self.document.tick_count(), self.view.range_ms),
            TabCommand::GoToStart => self.playback.stop(),
            TabCommand::GoToEnd => self.playback.seek_ms(u64::MAX, self.document.tick_count()),
            TabCommand::StepBack => self.playback.step_frames(-1, self.document.tick_count()),
            TabCommand::PreviousKeyframe => self.jump(id, Jump::Keyframe(Way::Back), fx),
            TabCommand::NextKeyframe => self.jump(id, Jump::Keyframe(Way::On), fx),
            TabCommand::PreviousProblem => self.jump(id, Jump::Problem(Way::Back), fx),
            TabCommand::NextProblem => self.jump(id, Jump::Problem(Way::On), fx),
            TabCommand::PreviousMarker => self.jump(id, Jump::Marker(Way::Back), fx),
            TabCommand::NextMarker => self.jump(id, Jump::Marker(Way::On), fx),
            TabCommand::AddMarker => self.jump(id, Jump::AddMarker, fx),
            TabCommand::StepForward => self.playback.step_frames(1, self.document.tick_count()),
        }
    }

    /// Loop Playback: on, or off, through the action queue as the transport's switch.
    fn toggle_loop(&self, id: TabId, fx: &mut Effects) {
        let looping = !self.playback.looping;
        fx.then(Action::Motion(id, MotionAction::SetLooping(looping)));
        fx.say(if looping {
            "Playback loops"
        } else {
            "Playback plays once"
        });
    }

    /// Onion Skin: [`DEFAULT_GHOSTS`] either side, or none, as the stage's field sets them.
    fn toggle_ghosts(&self, id: TabId, fx: &mut Effects) {
        let count = if self.stage.onion == 0 {
            DEFAULT_GHOSTS
        } else {
            0
        };
        fx.then(Action::Motion(
            id,
            MotionAction::Stage(StageAction::Ghosts(count)),
        ));
        fx.say(match (count, self.stage.simulate) {
            (0, _) => "Ghosts off".to_owned(),
            (n, false) => format!("{n} ghosts before and after the playhead"),
            // The simulated body has no ghosts: said, or the animator looks for them.
            (n, true) => format!(
                "{n} ghosts before and after the playhead, shown with Simulate off (the \
                 simulated robot has none)"
            ),
        });
    }

    fn undo(&mut self, fx: &mut Effects) {
        // The motion and its tracks share one history: the newest step goes back.
        let picked = self.view.picked(self.document.times_ms());
        let label = self.document.undo();
        self.track_view.selected_led = None;
        fx.say(label.map_or_else(|| "Nothing to undo".to_owned(), |l| format!("Undid {l}")));
        self.view
            .refit(&self.document.motion, self.document.times_ms(), picked);
    }

    fn redo(&mut self, fx: &mut Effects) {
        let picked = self.view.picked(self.document.times_ms());
        let label = self.document.redo();
        self.track_view.selected_led = None;
        fx.say(label.map_or_else(|| "Nothing to redo".to_owned(), |l| format!("Redid {l}")));
        self.view
            .refit(&self.document.motion, self.document.times_ms(), picked);
    }

    /// Deletes the selected LED note, where one is; else the selected keyframes.
    fn delete(&mut self, fx: &mut Effects) {
        if let Some(index) = self.track_view.selected_led
            && self.document.tracks().led.is_some()
        {
            let applied = self
                .document
                .edit_tracks(crate::edit::tracks::TrackEdit::Led(
                    crate::behaviour::led_edit::LedEdit::Delete(index),
                ));
            self.track_view.selected_led = applied.selected;
            fx.say("Deleted the LED note");
            return;
        }
        let selected: Vec<usize> = self.view.selected_keyframes.iter().copied().collect();
        if selected.is_empty() {
            fx.say("Select keyframes to delete (click a point or a row)");
            return;
        }
        // Points picked with joints hidden: they leave their curves, the keyframes stay for
        // what is hidden (the review: Delete on a tail point took the hidden legs' keyframe).
        let joints = self.document.motion.locators.len();
        let hidden = (0..joints).any(|j| !self.view.is_visible(Channel::Joint(j)));
        if hidden && !self.view.selection.is_empty() {
            self.delete_points(fx);
            return;
        }
        let edit = timeline_ops::delete(&self.document.motion.keyframes, &selected);
        self.document.apply("keyframe deletion", edit);
        self.view.selection.clear();
        self.view.selected_keyframes.clear();
        fx.say(format!(
            "Deleted {}, every joint's value at each (a keyframe holds all {} joints)",
            plural(selected.len(), "keyframe", "keyframes"),
            self.document.motion.locators.len()
        ));
    }

    /// Takes the selected points out of their curves, the keyframes kept for the joints
    /// hidden (`timeline_ops::unkey`).
    fn delete_points(&mut self, fx: &mut Effects) {
        let (mut joints, mut bodies) = (Vec::new(), Vec::new());
        for &(k, channel) in &self.view.selection {
            match channel {
                Channel::Joint(j) => joints.push((k, j)),
                Channel::Body(axis) => bodies.push((k, axis)),
            }
        }
        let count = joints.len() + bodies.len();
        let edit = timeline_ops::unkey(
            &self.document.motion.keyframes,
            self.document.times_ms(),
            &joints,
            &bodies,
        );
        self.document.apply("point deletion", edit);
        self.view.selection.clear();
        self.view.selected_keyframes.clear();
        fx.say(format!(
            "Took {} out of {} curves, each now straight between its neighbours; the keyframes \
             stay for the joints hidden (with every joint shown, Delete deletes whole keyframes)",
            plural(count, "point", "points"),
            if count == 1 { "its" } else { "their" }
        ));
    }

    fn insert_at_playhead(&mut self, fx: &mut Effects) {
        let playhead_ms = self.playback.time_ms();
        let keyframes = &self.document.motion.keyframes;
        match timeline_ops::insert_at(keyframes, playhead_ms / timing::FRAME_MS) {
            Some((edit, index)) => {
                self.document.apply("keyframe insertion", edit);
                self.view.selection.clear();
                self.view.selected_keyframes = [index].into();
                self.view.requests.reveal(index);
                fx.say(format!("Inserted keyframe {index} at {playhead_ms} ms"));
            }
            None => fx.say("A keyframe is already at the playhead"),
        }
    }

    /// Duplicates the selected keyframe, or with none selected the one under the playhead.
    fn duplicate(&mut self, fx: &mut Effects) {
        let times = self.document.times_ms();
        let under = times.binary_search(&self.playback.time_ms()).ok();
        let Some(k) = self.view.selected_keyframes.first().copied().or(under) else {
            fx.say("Select a keyframe to duplicate, or put the playhead on one");
            return;
        };
        let Some(edit) = timeline_ops::duplicate(&self.document.motion.keyframes, k) else {
            return;
        };
        self.document.apply("keyframe duplication", edit);
        self.view.selection.clear();
        self.view.selected_keyframes = [k + 1].into();
        self.view.requests.reveal(k + 1);
        fx.say(format!("Duplicated keyframe {k}"));
    }

    /// Selects every keyframe and the points of every curve shown, and says how many.
    fn select_all(&mut self, fx: &mut Effects) {
        let keyframes = self.document.motion.keyframes.len();
        self.view.select_all(keyframes);
        let shown = self.view.visible_channels().len();
        let hidden = self.view.visible.iter().filter(|v| !**v).count();
        fx.say(format!(
            "Selected {} on {}{}",
            plural(keyframes, "keyframe", "keyframes"),
            plural(shown, "curve shown", "curves shown"),
            if hidden > 0 {
                format!(
                    " ({} hidden: not selected)",
                    plural(hidden, "joint", "joints")
                )
            } else {
                String::new()
            }
        ));
    }

    fn repair(&mut self, fx: &mut Effects) {
        match self.document.repair() {
            Ok(actions) => {
                fx.say(if actions.is_empty() {
                    "Nothing to repair".to_owned()
                } else {
                    format!(
                        "Repaired: {} (save to write them)",
                        plural(actions.len(), "fix", "fixes")
                    )
                });
                self.repair_log = actions;
            }
            Err(error) => fx.say(format!("Cannot repair: {error}")),
        }
    }

    /// Alt+Up / Alt+Down (with Shift, a tenth): the selected points' values moved by
    /// `degrees`; with no point selected, the selected keyframes' values of every curve
    /// shown.
    fn nudge(&mut self, degrees: f64, fx: &mut Effects) {
        let view = &self.view;
        let points: Vec<(usize, Channel)> = if view.selection.is_empty() {
            let shown = view.visible_channels();
            view.selected_keyframes
                .iter()
                .flat_map(|&k| shown.iter().map(move |&c| (k, c)))
                .collect()
        } else {
            view.selection.iter().copied().collect()
        };
        if points.is_empty() {
            fx.say("Select keyframes or points to nudge their values");
            return;
        }
        let (mut joints, mut body) = (Vec::new(), Vec::new());
        for (k, channel) in points {
            match channel {
                Channel::Joint(j) => joints.push((k, j)),
                Channel::Body(axis) => body.push((k, axis)),
            }
        }
        let delta = crate::robot::joints::deg_to_urad(degrees);
        let edit = timeline_ops::nudge(&self.document.motion.keyframes, &joints, &body, delta);
        let count = joints.len() + body.len();
        self.document.apply("nudge", edit);
        fx.say(format!(
            "Nudged {} by {degrees:+}°",
            plural(count, "value", "values")
        ));
    }
}

/// Saving the tab `id` where it came from (or `to`).
fn save(id: TabId, to: Option<std::path::PathBuf>) -> Action {
    Action::Answer(Answer::Save {
        tab: id,
        to,
        confirmed: Confirmed::default(),
        then: None,
    })
}

/// Asking where to save the tab `id`.
fn save_as(id: TabId) -> Action {
    Action::AskSavePath(id)
}
