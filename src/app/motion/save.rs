//! Saving a motion tab: whether to save a motion the robot cannot follow, whether to replace
//! a file that changed on disk, then the motion (atomically, through the document) and its
//! tracks (the LED pattern into its file, the skit beside the motion). Where it was never
//! saved, the window asks where (`files`).

use super::MotionTab;
use crate::app::action::Action;
use crate::app::dialogs::{Confirm, Modal, cancel};
use crate::app::effects::Effects;
use crate::app::state::{Answer, Confirmed, TabId, Then};
use crate::edit::{DiskState, Document, Origin};
use crate::words::plural;
use std::path::Path;

/// The joints whose limit or speed warnings make saving ask once (a joint with both, or
/// with several, counts once; a warning that names no joint counts as one).
#[must_use]
pub fn safety_joint_count(document: &Document) -> usize {
    let warned = document.problems().iter().filter(|p| {
        // Notes (as far as Sony's own motions go, a servo within 3°) are not asked about.
        p.severity >= crate::codec::Severity::Warning
            && matches!(
                p.code,
                crate::robot::codes::JOINT_SPEED | crate::robot::codes::JOINT_LIMIT
            )
    });
    let mut joints: Vec<usize> = Vec::new();
    let mut unnamed = 0;
    for problem in warned {
        match problem.joint {
            Some(joint) if !joints.contains(&joint) => joints.push(joint),
            Some(_) => {}
            None => unnamed += 1,
        }
    }
    joints.len() + unnamed
}

/// How a save went on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saving {
    /// Written, asked about, or failed (and said so).
    Done,
    /// The motion was never saved: the window asks where.
    AskWhere,
}

/// A question before saving: `go` answers `answer`, Cancel does nothing.
/// Why `document`'s motion, with `safety` joints beyond their limits or servos, is asked
/// about before it is saved (its fall too, where the floor has one).
#[must_use]
pub fn cannot_follow(document: &crate::edit::Document, safety: usize) -> String {
    let name = document.origin.display_name();
    // The floor's worst, where it has one: a fall costs a robot more than a lagging joint.
    let fall = document
        .floor_falls()
        .next()
        .map(|[from, _]| format!(" The robot falls at {from} ms, too."))
        .unwrap_or_default();
    format!(
        "{name}: {} beyond {} limit or faster than {} servo follows, so the robot will not do \
         what the timeline shows (see the warnings in the Problems panel).{fall}",
        plural(safety, "joint goes", "joints go"),
        if safety == 1 { "its" } else { "their" },
        if safety == 1 { "its" } else { "each" },
    )
}

fn ask(fx: &mut Effects, title: &str, message: String, go: &str, answer: Answer) {
    fx.show(Modal::Confirm(Confirm {
        title: title.to_owned(),
        message,
        buttons: vec![(go.to_owned(), Some(answer)), cancel()],
    }));
}

impl MotionTab {
    /// Saves the tab (tab `id`) to its file, or to `to`: asks whether to save a motion the
    /// robot cannot follow and whether to replace a file that changed on disk, then writes
    /// the motion and its tracks, then goes on with `then`.
    pub fn save(
        &mut self,
        id: TabId,
        to: Option<&Path>,
        confirmed: Confirmed,
        then: Option<Then>,
        fx: &mut Effects,
    ) -> Saving {
        let document = &self.document;
        let name = document.origin.display_name();
        if to.is_none() && document.origin.path().is_none() {
            return Saving::AskWhere;
        }
        // Only the tracks changed: the motion's file stays as it is.
        if to.is_none() && !document.is_dirty() && document.tracks().is_dirty() {
            if self.save_tracks(fx) {
                fx.say_more(&format!("; {name} itself had no changes to write"));
                if let Some(then) = then {
                    fx.then(Action::Then(then));
                }
            }
            return Saving::Done;
        }
        let again = |confirmed| Answer::Save {
            tab: id,
            to: to.map(Path::to_owned),
            confirmed,
            then: then.clone(),
        };
        let safety = safety_joint_count(document);
        if !confirmed.safety && !self.safety_confirmed && safety > 0 {
            ask(
                fx,
                "Save a motion the robot cannot follow?",
                cannot_follow(document, safety),
                "Save Anyway",
                again(Confirmed {
                    safety: true,
                    ..confirmed
                }),
            );
            return Saving::Done;
        }
        let replace = match to {
            None => (document.disk_state() == DiskState::Changed).then(|| {
                format!(
                    "{name} changed on disk since it was opened here (another program wrote \
                     it). Saving replaces what is there now with your version."
                )
            }),
            Some(path) => (path.exists() && document.origin.path() != Some(path))
                .then(|| format!("{} already exists. Saving replaces it.", path.display())),
        };
        if let Some(message) = replace.filter(|_| !confirmed.overwrite) {
            ask(
                fx,
                "Replace the file on disk?",
                message,
                "Replace",
                again(Confirmed {
                    overwrite: true,
                    ..confirmed
                }),
            );
            return Saving::Done;
        }
        let result = match to {
            Some(path) => self.document.save_as(path),
            None => self.document.save(),
        };
        match result {
            Ok(()) => {
                self.safety_confirmed |= confirmed.safety;
                let origin = self.document.origin.clone();
                match &origin {
                    Origin::File(path) => fx.then(Action::Remember(path.clone())),
                    Origin::Entry { archive, .. } => {
                        fx.then(Action::ArchiveWritten(archive.clone()));
                    }
                    Origin::Unsaved { .. } | Origin::Converted { .. } => {}
                }
                // The motion's tracks are kept in its skit (and its LED pattern in its own
                // file), saved with it; saved somewhere else, the skit goes beside it there.
                if let Some(with) = self.save_tracks_with_motion(to.is_some(), fx) {
                    fx.say(format!("Saved {}{with}", origin.display_name()));
                    if let Some(then) = then {
                        fx.then(Action::Then(then));
                    }
                }
            }
            Err(error) => fx.fail("Could not save", error.to_string()),
        }
        Saving::Done
    }
}

#[cfg(test)]
mod tests {
    use super::safety_joint_count;
    use crate::edit::Document;

    #[test]
    fn a_joint_with_two_warnings_is_one_joint_to_ask_about() {
        // The knee sent far past its upper limit at keyframe 1, which comes two frames
        // (32 ms) after keyframe 0: beyond its limit, and its servo cannot turn even to its
        // stop (125°) in 32 ms, commanded faster than Sony's own motions ever command a
        // knee: two warnings of one joint.
        let mut motion = crate::example::stand_to_sit();
        let knee = motion
            .locators
            .iter()
            .position(|l| crate::robot::joint_name(&motion.design, l) == "BL_LEG_KNEE")
            .unwrap_or_default();
        assert!(motion.keyframes.set_angle(1, knee, 4_363_000));
        assert!(motion.keyframes.set_frames(1, 2));
        let document = Document::unsaved(motion, "bent.mtn");
        let warned = document
            .problems()
            .iter()
            .filter(|p| p.severity >= crate::codec::Severity::Warning && p.joint == Some(knee))
            .count();
        assert!(warned >= 2, "{:?}", document.problems());
        assert_eq!(safety_joint_count(&document), 1);
    }
}
