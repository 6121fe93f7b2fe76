//! The pose library in the window: what the Pose section asks of it (keep the pose at the
//! playhead under a name, put a pose into the motion, rename or delete a kept one), done
//! after the frame against the window's one library (`crate::poses`), each use of a pose one
//! undo step of the tab.

use super::StudioApp;
use super::action::{Action, MotionAction};
use super::effects::Effects;
use super::state::TabId;
use crate::poses::{Only, PoseRequest, Use, model_of, pose_edit, pose_of};

/// The undo label of a pose put into a motion.
fn label(name: &str, how: Use) -> String {
    let verb = if how.insert { "Insert" } else { "Apply" };
    let mut words = format!("{verb} pose \"{name}\"");
    if how.mirrored {
        words.push_str(" mirrored");
    }
    if let Only::Part(part) = how.only {
        words.push_str(&format!(" ({} only)", part.label()));
    }
    words
}

impl StudioApp {
    /// Does what the Pose section of tab `id` asked.
    pub(in crate::app) fn pose_request(
        &mut self,
        id: TabId,
        request: PoseRequest,
        fx: &mut Effects,
    ) {
        let Some(tab) = self.tabs.get(id).and_then(super::tabs::Tab::motion) else {
            return;
        };
        let motion = &tab.document.motion;
        let model = match model_of(motion) {
            Ok(model) => model,
            Err(e) => {
                fx.say(format!("No pose library: {e}"));
                return;
            }
        };
        match request {
            PoseRequest::Keep(name) => {
                let values = tab
                    .playback
                    .values_with(&motion.keyframes, tab.document.times_ms());
                let pose = pose_of(motion, &values, &name);
                match self.poses.keep(model, pose) {
                    Ok(replaced) => fx.say(format!(
                        "{} pose \"{}\" for the {} ({})",
                        if replaced { "Replaced the" } else { "Kept the" },
                        name.trim(),
                        model.name(),
                        self.poses
                            .dir()
                            .map_or_else(String::new, |d| d.display().to_string())
                    )),
                    Err(e) => fx.say(format!("The pose was not kept: {e}")),
                }
            }
            PoseRequest::Use { .. } | PoseRequest::Given { .. } => {
                let (pose, how) = match request {
                    PoseRequest::Given { pose, how } => (pose, how),
                    PoseRequest::Use { name, how } => {
                        let Some(pose) = self.poses.find(model, &name).cloned() else {
                            fx.say(format!("No pose named \"{name}\" for the {}", model.name()));
                            return;
                        };
                        (pose, how)
                    }
                    PoseRequest::Keep(_) | PoseRequest::Rename { .. } | PoseRequest::Delete(_) => {
                        return;
                    }
                };
                let name = pose.name.clone();
                let ticks = tab
                    .floor
                    .current(tab.document.revision())
                    .or_else(|| tab.floor.latest())
                    .unwrap_or_default();
                let at = tab.playback.time_ms();
                match pose_edit(motion, at, ticks, &pose, how) {
                    Ok(crate::poses::Put {
                        edit,
                        keyframe,
                        shifted,
                    }) => {
                        let mut after = motion.clone();
                        edit.clone().apply(&mut after);
                        let time = crate::robot::timing::keyframe_times_ms(&after.keyframes)
                            .get(keyframe)
                            .copied()
                            .unwrap_or(at);
                        self.actions.push(Action::Motion(
                            id,
                            MotionAction::Edit {
                                label: label(&name, how),
                                edit,
                            },
                        ));
                        self.actions
                            .push(Action::Motion(id, MotionAction::Seek(time)));
                        // Said after the edit (an edit clears what was said before it).
                        let shifted = shifted.map_or_else(String::new, |s| format!("; {s}"));
                        let (was, now) = (
                            crate::robot::timing::duration_ms(&motion.keyframes),
                            crate::robot::timing::duration_ms(&after.keyframes),
                        );
                        // A motion made longer (an inserted keyframe, a weight shift's
                        // time) says so: its timing may be matched to a sound.
                        let longer = if now > was {
                            format!("; the motion is now {now} ms long (was {was} ms)")
                        } else {
                            String::new()
                        };
                        self.actions.push(Action::Say(format!(
                            "{} into keyframe {keyframe} at {time} ms{shifted}{longer}",
                            label(&name, how)
                        )));
                    }
                    Err(e) => fx.say(format!("The pose was not applied: {e}")),
                }
            }
            PoseRequest::Rename { from, to } => match self.poses.rename(model, &from, &to) {
                Ok(()) => fx.say(format!("Renamed the pose \"{from}\" to \"{}\"", to.trim())),
                Err(e) => fx.say(format!("The pose was not renamed: {e}")),
            },
            PoseRequest::Delete(name) => match self.poses.delete(model, &name) {
                Ok(()) => fx.say(format!("Deleted the pose \"{name}\"")),
                Err(e) => fx.say(format!("The pose was not deleted: {e}")),
            },
        }
    }
}
