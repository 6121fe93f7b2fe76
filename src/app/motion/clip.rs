//! Copy, Cut and Paste in a motion tab: a keyframe's pose, or a selected time range's
//! keyframes, onto the window's clipboard and the system's (as text, so that it pastes into
//! another motion, another window, or a spreadsheet); and a joint's curve onto another.

use super::MotionTab;
use super::clipboard::{pose_from_text, pose_to_text};
use super::view::{Channel, channel_name};
use crate::app::action::Action;
use crate::app::effects::Effects;
use crate::app::state::{Clipboard, TabId};
use crate::edit::timeline_ops::{self, Pose};
use crate::ops::range::Clip;
use crate::ops::request::OpRequest;
use crate::poses::{Only, PoseRequest, Use, pose_onto};
use crate::words::plural;

impl MotionTab {
    /// Copies the selected time range's keyframes, or else the first selected keyframe's
    /// pose (what was copied, or why nothing was, is said).
    pub fn copy(&mut self, fx: &mut Effects) {
        self.copy_what(true, fx);
    }

    /// What [`Self::copy`] does; whether something was copied (Cut deletes only then). A
    /// pose is the keyframe's under the playhead where `at_playhead` and it is on one (the
    /// keyframe Paste puts a pose onto: the review copied "keyframe 3", the row selected,
    /// with the playhead on keyframe 2), else the first selected keyframe's.
    fn copy_what(&self, at_playhead: bool, fx: &mut Effects) -> bool {
        if let Some((first, last)) = self.view.range_keyframes(self.document.times_ms()) {
            let Ok(clip) = crate::ops::range::copy(&self.document.motion, first, last) else {
                return false;
            };
            fx.copy_text(clip.to_text());
            fx.say(format!(
                "Copied keyframes {first}–{last} ({})",
                plural(last - first + 1, "keyframe", "keyframes")
            ));
            fx.then(Action::Clip(Clipboard::Keyframes(clip)));
            return true;
        }
        let under = at_playhead
            .then(|| {
                self.document
                    .times_ms()
                    .binary_search(&self.playback.time_ms())
                    .ok()
            })
            .flatten();
        let Some(k) = under.or_else(|| self.view.selected_keyframes.first().copied()) else {
            fx.say("Put the playhead on a keyframe (or select one) to copy its pose");
            return false;
        };
        let motion = &self.document.motion;
        let Some(pose) = Pose::of(&motion.locators, &motion.keyframes, k) else {
            return false;
        };
        let names: Vec<String> = motion
            .locators
            .iter()
            .map(|l| crate::robot::joint_name(&motion.design, l).to_owned())
            .collect();
        fx.copy_text(pose_to_text(&pose, &motion.design, &names));
        fx.say(format!("Copied the pose of keyframe {k}"));
        fx.then(Action::Clip(Clipboard::Pose(pose)));
        true
    }

    /// Copies, then deletes what was copied (one undo step): the selected range, or the
    /// selected keyframes (the first one's pose is on the clipboard).
    pub fn cut(&mut self, id: TabId, fx: &mut Effects) {
        let ranged = self
            .view
            .range_keyframes(self.document.times_ms())
            .is_some();
        if !self.copy_what(false, fx) {
            return;
        }
        if ranged {
            fx.then(Action::MotionOp(id, OpRequest::CutRange));
            return;
        }
        let selected: Vec<usize> = self.view.selected_keyframes.iter().copied().collect();
        let edit = timeline_ops::delete(&self.document.motion.keyframes, &selected);
        self.document.apply("keyframe cut", edit);
        self.view.selection.clear();
        self.view.selected_keyframes.clear();
        fx.say(format!(
            "Cut {} (the first one's pose is on the clipboard)",
            plural(selected.len(), "keyframe", "keyframes")
        ));
    }

    /// Pastes what the window's clipboard holds: keyframes after the keyframe at the
    /// playhead, a pose onto the keyframe at the playhead (see [`Self::paste_targets`]).
    pub fn paste(&mut self, id: TabId, copied: Option<&Clipboard>, fx: &mut Effects) {
        match copied {
            Some(Clipboard::Keyframes(clip)) => self.paste_clip(id, clip.clone(), fx),
            Some(Clipboard::Pose(pose)) => self.paste_pose(id, pose, (Only::All, false), fx),
            Some(Clipboard::Curve(..)) | None => {
                fx.say("Copy a pose or a time range first (Ctrl+C)");
            }
        }
    }

    /// Paste Special: the copied pose's legs, head or tail alone (`only`), or all of it
    /// mirrored, onto the keyframe under the playhead (or the selection holding it).
    pub fn paste_special(
        &mut self,
        id: TabId,
        copied: Option<&Clipboard>,
        how: (Only, bool),
        fx: &mut Effects,
    ) {
        match copied {
            Some(Clipboard::Pose(pose)) => self.paste_pose(id, pose, how, fx),
            _ => fx.say("Copy a keyframe's pose first (Ctrl+C on a keyframe)"),
        }
    }

    /// Pastes the system clipboard's text, when it holds keyframes or a pose.
    pub fn paste_text(&mut self, id: TabId, text: &str, fx: &mut Effects) {
        if let Some(clip) = Clip::from_text(text) {
            self.paste_clip(id, clip, fx);
            return;
        }
        match pose_from_text(text) {
            Some(pose) => self.paste_pose(id, &pose, (Only::All, false), fx),
            None => fx.say("The clipboard holds no pose (copy one with Ctrl+C on a keyframe)"),
        }
    }

    fn paste_clip(&self, id: TabId, clip: Clip, fx: &mut Effects) {
        fx.then(Action::MotionOp(id, OpRequest::Paste(Box::new(clip))));
    }

    /// Where a pose is pasted: the keyframe under the playhead, and with it every selected
    /// keyframe when it is one of them (a click on a keyframe takes the playhead there, so
    /// a selection made to paste onto holds it); a selection the playhead has left behind
    /// (stepped away from, scrolled out of the table) is not pasted onto. With the
    /// playhead between keyframes, the selected keyframes; none there, none (the pose goes
    /// into a keyframe made at the playhead, as Apply pose puts one).
    fn paste_targets(&self) -> Vec<usize> {
        let selected: Vec<usize> = self.view.selected_keyframes.iter().copied().collect();
        let now = self.playback.time_ms();
        match self.document.times_ms().binary_search(&now) {
            Ok(k) if selected.contains(&k) => selected,
            Ok(k) => vec![k],
            Err(_) => selected,
        }
    }

    /// Pastes a pose onto the keyframes [`Self::paste_targets`] gives, joint by joint
    /// (matched by locator, so a pose goes between motions of the same model; `only` some
    /// joints, `mirrored`), with the weight shifted first where it lifts a paw that was
    /// down (as a drag does), as one undo step. The whole pose, not mirrored, brings its
    /// body angles along. With the playhead between keyframes and none selected, the pose
    /// goes into a keyframe inserted at the playhead's 16 ms frame, as Apply pose does (the
    /// pose library's request, given the copied pose: its joints, not its body angles).
    fn paste_pose(
        &mut self,
        id: TabId,
        pose: &Pose,
        (only, mirrored): (Only, bool),
        fx: &mut Effects,
    ) {
        let selected = self.paste_targets();
        let motion = &self.document.motion;
        // The copied values named as this motion's joints (a pose of another model's
        // joints matches none).
        let named = crate::poses::Pose {
            name: "the copied pose".to_owned(),
            joints: pose
                .angles
                .iter()
                .filter(|(locator, _)| motion.locators.contains(locator))
                .map(|(locator, v)| {
                    (
                        crate::robot::joint_name(&motion.design, locator).to_owned(),
                        crate::robot::urad_to_deg(*v),
                    )
                })
                .collect(),
        };
        let matched = named.joints.len();
        let how = Use {
            insert: false,
            mirrored,
            only,
        };
        if selected.is_empty() {
            fx.then(Action::Pose(id, PoseRequest::Given { pose: named, how }));
            return;
        }
        let body = (only == Only::All && !mirrored).then_some(pose.body_urad);
        let ticks = self
            .floor
            .current(self.document.revision())
            .or_else(|| self.floor.latest())
            .unwrap_or_default();
        let (edit, shifted) = pose_onto(motion, ticks, &named, how, &selected, body);
        let what = match (only, mirrored) {
            (Only::Part(part), _) => format!("the pose's {}", part.label()),
            (Only::All, true) => "the pose mirrored".to_owned(),
            (Only::All, false) => "the pose".to_owned(),
        };
        let was_ms = self.document.duration_ms();
        self.document.apply("pose paste", edit);
        self.view.fit_to(&self.document.motion);
        let now_ms = self.document.duration_ms();
        // Which keyframes, by number: the selection may not be where the playhead is.
        let onto = match selected.as_slice() {
            [one] => format!("keyframe {one}"),
            few if few.len() <= 5 => format!(
                "keyframes {}",
                crate::words::and_list(&few.iter().map(ToString::to_string).collect::<Vec<_>>())
            ),
            many => format!(
                "{} keyframes ({} to {})",
                many.len(),
                many.first().copied().unwrap_or_default(),
                many.last().copied().unwrap_or_default()
            ),
        };
        let mut said = format!(
            "Pasted {what} onto {onto} ({} matched)",
            plural(matched, "joint", "joints")
        );
        // What mirroring did, so that a value read in the table is not a surprise; a paw
        // the copy lifted on one side is lifted on the other (the weight shift names it).
        if mirrored {
            said.push_str(
                ": each left joint's value went to its right twin and back, sideways and \
                 turning joints the other way, and the keyframe kept its own body angles",
            );
        }
        for words in shifted {
            said.push_str("; ");
            said.push_str(&words);
        }
        // The weight shift's time makes the motion longer: said, as Insert pose says it.
        if now_ms > was_ms {
            said.push_str(&format!(
                "; the motion is now {now_ms} ms long (was {was_ms} ms)"
            ));
        }
        fx.say(said);
    }

    /// Copies one joint's curve: the selected range's keyframes, or every keyframe.
    pub fn copy_curve(&self, joint: usize, fx: &mut Effects) {
        let keyframes = &self.document.motion.keyframes;
        let (first, last) = self
            .view
            .range_keyframes(self.document.times_ms())
            .unwrap_or((0, keyframes.len().saturating_sub(1)));
        let values = timeline_ops::curve(keyframes, joint, first, last);
        let name = channel_name(&self.document.motion, Channel::Joint(joint));
        fx.say(format!(
            "Copied {name}'s curve ({}); right-click another joint to paste it",
            plural(values.len(), "keyframe", "keyframes")
        ));
        fx.then(Action::Clip(Clipboard::Curve(name, values)));
    }

    /// Pastes the copied curve (`curve`: its joint's name and values) onto a joint, from the
    /// selected range's first keyframe (or the first) on: one undo step.
    pub fn paste_curve(
        &mut self,
        joint: usize,
        curve: Option<(String, Vec<i32>)>,
        fx: &mut Effects,
    ) {
        let Some((from, values)) = curve else {
            fx.say("Copy a joint's curve first (right-click a joint)");
            return;
        };
        let first = self
            .view
            .range_keyframes(self.document.times_ms())
            .map_or(0, |(first, _)| first);
        let (values, held) = within_limits(&self.document.motion, joint, values);
        let (edit, pasted) =
            timeline_ops::paste_curve(&self.document.motion.keyframes, joint, first, &values);
        let name = channel_name(&self.document.motion, Channel::Joint(joint));
        self.document.apply("curve paste", edit);
        let short = if pasted < values.len() {
            format!(
                " ({} past the last keyframe left out)",
                values.len() - pasted
            )
        } else {
            String::new()
        };
        let held = held.map_or_else(String::new, |(count, low, high)| {
            format!(
                "; {} held within {name}'s range ({low}° to {high}°)",
                plural(count, "value", "values")
            )
        });
        fx.say(format!(
            "Pasted {from}'s curve onto {name} from keyframe {first}: {}{short}{held}",
            plural(pasted, "keyframe", "keyframes")
        ));
    }
}

/// `values` held within the range of `motion`'s joint `joint` (its published limit, or as
/// far as Sony's own motions take it; a binary joint's values at its nearer end), with how
/// many were changed and the range, where any was.
fn within_limits(
    motion: &crate::codec::mtn::Motion,
    joint: usize,
    values: Vec<i32>,
) -> (Vec<i32>, Option<(usize, f64, f64)>) {
    let limit = crate::robot::parse_design(&motion.design).and_then(|design| {
        let locator = motion.locators.get(joint)?;
        let (_, info) = design.model.joint_by_locator(locator)?;
        let limit = info.limit?;
        let (low, high) = crate::robot::sony_reach(design.model, info.name)
            .map_or((limit.min_deg, limit.max_deg), |(lo, hi)| {
                (lo.min(limit.min_deg), hi.max(limit.max_deg))
            });
        Some((limit, low, high))
    });
    let Some((limit, low, high)) = limit else {
        return (values, None);
    };
    let (lo, hi) = (
        crate::robot::deg_to_urad(low),
        crate::robot::deg_to_urad(high),
    );
    let held: Vec<i32> = values
        .iter()
        .map(|&v| {
            if limit.binary {
                limit.nearer_end_urad(v)
            } else {
                v.clamp(lo, hi)
            }
        })
        .collect();
    let changed = held.iter().zip(&values).filter(|(a, b)| a != b).count();
    (held, (changed > 0).then_some((changed, low, high)))
}
