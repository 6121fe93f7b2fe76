//! The commands that edit or play the motion in front: undo and redo, keyframes inserted,
//! duplicated, deleted, poses copied, cut and pasted, Repair, and the transport.

use super::MotionTab;
use super::clipboard::{pose_from_text, pose_to_text};
use crate::app::StudioApp;
use crate::app::command::UiCommand;
use crate::edit::timeline_ops::{self, Pose};
use crate::robot::timing;
use crate::words::plural;

impl StudioApp {
    fn active_motion_mut(&mut self) -> Option<&mut MotionTab> {
        let id = self.tabs.active?;
        self.tabs.motion_mut(id)
    }

    /// A command on the motion in front (nothing when the tab in front is not a motion).
    pub(in crate::app) fn motion_command(&mut self, command: UiCommand) {
        let Some(tab) = self.active_motion_mut() else {
            self.status
                .say(format!("{}: open a motion first", command.label()));
            return;
        };
        let said = run(tab, command);
        if let Some(said) = said {
            self.status.say(said);
        }
    }

    /// Copies the first selected keyframe's pose: into the window, and onto the system
    /// clipboard as text.
    pub(in crate::app) fn copy(&mut self, ctx: &egui::Context) -> bool {
        if self.active_has_range() {
            if let Some(clip) = self.copy_range(ctx) {
                self.keyframes_clip = Some(clip);
                self.clipboard = None;
            }
            return false;
        }
        let Some(tab) = self.active_motion_mut() else {
            return false;
        };
        let Some(&k) = tab.view.selected_keyframes.first() else {
            self.status.say("Select a keyframe to copy its pose");
            return false;
        };
        let motion = &tab.document.motion;
        let Some(pose) = Pose::of(&motion.locators, &motion.keyframes, k) else {
            return false;
        };
        let names: Vec<String> = motion
            .locators
            .iter()
            .map(|l| crate::robot::joint_name(&motion.design, l).to_owned())
            .collect();
        ctx.copy_text(pose_to_text(&pose, &motion.design, &names));
        self.clipboard = Some(pose);
        self.keyframes_clip = None;
        self.status.say(format!("Copied the pose of keyframe {k}"));
        true
    }

    /// Copies the first selected keyframe's pose, then deletes the selected keyframes (one
    /// undo step).
    pub(in crate::app) fn cut(&mut self, ctx: &egui::Context) {
        if self.active_has_range() {
            self.cut_range(ctx);
            return;
        }
        if !self.copy(ctx) {
            return;
        }
        if let Some(tab) = self.active_motion_mut() {
            let selected: Vec<usize> = tab.view.selected_keyframes.iter().copied().collect();
            let edit = timeline_ops::delete(&tab.document.motion.keyframes, &selected);
            tab.document.apply("keyframe cut", edit);
            tab.view.selection.clear();
            tab.view.selected_keyframes.clear();
            self.status.say(format!(
                "Cut {} (the first one's pose is on the clipboard)",
                plural(selected.len(), "keyframe", "keyframes")
            ));
        }
    }

    /// Pastes clipboard text onto the selected keyframes, when it holds a pose.
    pub(in crate::app) fn paste_text(&mut self, text: &str) {
        if let Some(clip) = crate::ops::range::Clip::from_text(text) {
            self.paste_clip(clip);
            return;
        }
        match pose_from_text(text) {
            Some(pose) => self.paste(&pose),
            None => self
                .status
                .say("The clipboard holds no pose (copy one with Ctrl+C on a keyframe)"),
        }
    }

    /// Pastes a pose onto the selected keyframes, joint by joint (matched by locator, so a
    /// pose goes between motions of the same model), as one undo step.
    pub(in crate::app) fn paste(&mut self, pose: &Pose) {
        let Some(tab) = self.active_motion_mut() else {
            self.status.say("Open a motion to paste the pose into");
            return;
        };
        let selected: Vec<usize> = tab.view.selected_keyframes.iter().copied().collect();
        if selected.is_empty() {
            self.status.say("Select keyframes to paste the pose onto");
            return;
        }
        let (edit, matched) = pose.paste(&tab.document.motion.locators, &selected);
        tab.document.apply("pose paste", edit);
        self.status.say(format!(
            "Pasted the pose onto {} ({} matched)",
            plural(selected.len(), "keyframe", "keyframes"),
            plural(matched, "joint", "joints")
        ));
    }
}

impl StudioApp {
    /// Copies one joint's curve: the selected range's keyframes, or every keyframe.
    pub(in crate::app) fn copy_curve(&mut self, id: crate::app::state::TabId, joint: usize) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let keyframes = &tab.document.motion.keyframes;
        let (first, last) = tab
            .view
            .range_keyframes(tab.document.times_ms())
            .unwrap_or((0, keyframes.len().saturating_sub(1)));
        let values = timeline_ops::curve(keyframes, joint, first, last);
        let name = crate::app::motion::view::channel_name(
            &tab.document.motion,
            crate::app::motion::view::Channel::Joint(joint),
        );
        self.status.say(format!(
            "Copied {name}'s curve ({}); right-click another joint to paste it",
            plural(values.len(), "keyframe", "keyframes")
        ));
        self.curve_clip = Some((name, values));
    }

    /// Pastes the copied curve onto a joint, from the selected range's first keyframe (or
    /// the first) on: one undo step.
    pub(in crate::app) fn paste_curve(&mut self, id: crate::app::state::TabId, joint: usize) {
        let Some((from, values)) = self.curve_clip.clone() else {
            self.status
                .say("Copy a joint's curve first (right-click a joint)");
            return;
        };
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let first = tab
            .view
            .range_keyframes(tab.document.times_ms())
            .map_or(0, |(first, _)| first);
        let (edit, pasted) =
            timeline_ops::paste_curve(&tab.document.motion.keyframes, joint, first, &values);
        let name = crate::app::motion::view::channel_name(
            &tab.document.motion,
            crate::app::motion::view::Channel::Joint(joint),
        );
        tab.document.apply("curve paste", edit);
        let short = if pasted < values.len() {
            format!(
                " ({} past the last keyframe left out)",
                values.len() - pasted
            )
        } else {
            String::new()
        };
        self.status.say(format!(
            "Pasted {from}'s curve onto {name} from keyframe {first}: {}{short}",
            plural(pasted, "keyframe", "keyframes")
        ));
    }
}

/// Runs a command on a motion tab; returns what to say.
fn run(tab: &mut MotionTab, command: UiCommand) -> Option<String> {
    let MotionTab {
        document,
        view,
        playback,
        timeline,
        repair_log,
        track_view,
        ..
    } = tab;
    let keyframes = &document.motion.keyframes;
    let selected: Vec<usize> = view.selected_keyframes.iter().copied().collect();
    let said = match command {
        UiCommand::Undo => {
            // The motion and its tracks share one history: the newest step goes back.
            let label = document.undo();
            track_view.selected_led = None;
            let said = label.map_or_else(|| "Nothing to undo".to_owned(), |l| format!("Undid {l}"));
            view.fit_to(&document.motion);
            said
        }
        UiCommand::Redo | UiCommand::RedoAlt => {
            let label = document.redo();
            track_view.selected_led = None;
            let said = label.map_or_else(|| "Nothing to redo".to_owned(), |l| format!("Redid {l}"));
            view.fit_to(&document.motion);
            said
        }
        UiCommand::DeleteKeyframes
            if track_view.selected_led.is_some() && document.tracks().led.is_some() =>
        {
            let index = track_view.selected_led.unwrap_or_default();
            let applied = document.edit_tracks(crate::edit::tracks::TrackEdit::Led(
                crate::behaviour::led_edit::LedEdit::Delete(index),
            ));
            track_view.selected_led = applied.selected;
            "Deleted the LED note".to_owned()
        }
        UiCommand::DeleteKeyframes => {
            if selected.is_empty() {
                "Select keyframes to delete (click a point or a row)".to_owned()
            } else {
                let edit = timeline_ops::delete(keyframes, &selected);
                document.apply("keyframe deletion", edit);
                view.selection.clear();
                view.selected_keyframes.clear();
                format!(
                    "Deleted {}",
                    plural(selected.len(), "keyframe", "keyframes")
                )
            }
        }
        UiCommand::InsertKeyframe => {
            let playhead_ms = playback.time_ms();
            match timeline_ops::insert_at(keyframes, playhead_ms / timing::FRAME_MS) {
                Some((edit, index)) => {
                    document.apply("keyframe insertion", edit);
                    view.selection.clear();
                    view.selected_keyframes = [index].into();
                    timeline.reveal = Some(index);
                    format!("Inserted keyframe {index} at {playhead_ms} ms")
                }
                None => "A keyframe is already at the playhead".to_owned(),
            }
        }
        UiCommand::NudgeUp
        | UiCommand::NudgeDown
        | UiCommand::NudgeUpFine
        | UiCommand::NudgeDownFine => nudge(document, view, command),
        UiCommand::DuplicateKeyframe => {
            let Some(&k) = selected.first() else {
                return Some("Select a keyframe to duplicate".to_owned());
            };
            let edit = timeline_ops::duplicate(keyframes, k)?;
            document.apply("keyframe duplication", edit);
            view.selection.clear();
            view.selected_keyframes = [k + 1].into();
            timeline.reveal = Some(k + 1);
            format!("Duplicated keyframe {k}")
        }
        UiCommand::Repair => match document.repair() {
            Ok(actions) => {
                let said = if actions.is_empty() {
                    "Nothing to repair".to_owned()
                } else {
                    format!(
                        "Repaired: {} (save to write them)",
                        plural(actions.len(), "fix", "fixes")
                    )
                };
                *repair_log = actions;
                said
            }
            Err(error) => format!("Cannot repair: {error}"),
        },
        UiCommand::ZoomToFit => {
            timeline.fit_requested = true;
            return None;
        }
        UiCommand::PlayPause => {
            playback.toggle(keyframes);
            return None;
        }
        UiCommand::GoToStart => {
            playback.stop();
            return None;
        }
        UiCommand::GoToEnd => {
            playback.seek_ms(u64::MAX, keyframes);
            return None;
        }
        UiCommand::StepBack | UiCommand::StepForward => {
            let step = if command == UiCommand::StepBack {
                -1
            } else {
                1
            };
            playback.step_frames(step, keyframes);
            return None;
        }
        other => format!("{} does not apply here", other.label()),
    };
    Some(said)
}

/// Alt+Up / Alt+Down (with Shift, a tenth): the selected points' values moved by 1° (0.1°);
/// with no point selected, the selected keyframes' values of every curve shown.
fn nudge(
    document: &mut crate::edit::Document,
    view: &crate::app::motion::view::View,
    command: UiCommand,
) -> String {
    use crate::app::motion::view::Channel;
    let degrees = match command {
        UiCommand::NudgeUp => 1.0,
        UiCommand::NudgeDown => -1.0,
        UiCommand::NudgeUpFine => 0.1,
        _ => -0.1,
    };
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
        return "Select keyframes or points to nudge their values".to_owned();
    }
    let (mut joints, mut body) = (Vec::new(), Vec::new());
    for (k, channel) in points {
        match channel {
            Channel::Joint(j) => joints.push((k, j)),
            Channel::Body(axis) => body.push((k, axis)),
        }
    }
    let delta = crate::robot::joints::deg_to_urad(degrees);
    let edit = timeline_ops::nudge(&document.motion.keyframes, &joints, &body, delta);
    let count = joints.len() + body.len();
    document.apply("nudge", edit);
    format!(
        "Nudged {} by {degrees:+}°",
        plural(count, "value", "values")
    )
}
