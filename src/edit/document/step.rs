//! One step of a motion document's history: a change to the motion (kept as its exact
//! inverse edit) or to its tracks (kept as they were), or several of either taken as one (a
//! gesture). The motion and its tracks share one history, so Undo takes back whichever
//! changed last, in the order the steps were taken.

use crate::codec::Problem;
use crate::codec::mtn::Motion;
use crate::edit::Edit;
use crate::edit::history::Revert;
use crate::edit::tracks::{Snapshot, Tracks};

/// What one undo step keeps.
#[derive(Clone, Debug)]
pub enum Step {
    /// The edit that takes a change of the motion back.
    Motion(Edit),
    /// The tracks before a change of them.
    Tracks(Box<Snapshot>),
    /// Several, newest first.
    Both(Vec<Step>),
}

impl Revert for Step {
    fn is_noop(&self) -> bool {
        match self {
            Self::Motion(edit) => edit.is_empty(),
            Self::Tracks(_) => false,
            Self::Both(steps) => steps.iter().all(Self::is_noop),
        }
    }

    /// A gesture's steps, newest first. The motion's edits are kept in that order; of the
    /// tracks' snapshots only the oldest (the tracks before the gesture), since the motion
    /// and the tracks are apart and each snapshot is the whole of the tracks.
    fn group(newest_first: Vec<Self>) -> Option<Self> {
        fn flatten(step: Step, out: &mut Vec<Step>) {
            match step {
                Step::Both(steps) => steps.into_iter().for_each(|s| flatten(s, out)),
                step @ (Step::Motion(_) | Step::Tracks(_)) => out.push(step),
            }
        }
        let mut flat = Vec::new();
        newest_first.into_iter().for_each(|s| flatten(s, &mut flat));
        let mut kept = Vec::new();
        let mut oldest_tracks = None;
        for step in flat {
            match step {
                Self::Tracks(_) => oldest_tracks = Some(step),
                step @ (Self::Motion(_) | Self::Both(_)) => kept.push(step),
            }
        }
        kept.extend(oldest_tracks);
        match kept.len() {
            0 => None,
            1 => kept.pop(),
            _ => Some(Self::Both(kept)),
        }
    }
}

impl Step {
    /// Whether the step changes the motion (else only its tracks).
    #[must_use]
    pub fn touches_motion(&self) -> bool {
        match self {
            Self::Motion(_) => true,
            Self::Tracks(_) => false,
            Self::Both(steps) => steps.iter().any(Self::touches_motion),
        }
    }

    /// The motion's values the step sets (see [`Edit::value_cells`]): none for the tracks'
    /// steps.
    #[must_use]
    pub fn value_cells(&self, joint_count: usize) -> Option<Vec<(usize, usize)>> {
        match self {
            Self::Motion(edit) => edit.value_cells(joint_count),
            Self::Tracks(_) => Some(Vec::new()),
            Self::Both(steps) => {
                let mut cells = Vec::new();
                for step in steps {
                    cells.extend(step.value_cells(joint_count)?);
                }
                Some(cells)
            }
        }
    }

    /// Makes the step's change; returns the step that takes it back.
    pub fn apply(
        self,
        motion: &mut Motion,
        file_problems: &mut Vec<Problem>,
        tracks: &mut Tracks,
    ) -> Self {
        match self {
            Self::Motion(edit) => Self::Motion(edit.apply_to(motion, file_problems)),
            Self::Tracks(snapshot) => Self::Tracks(Box::new(tracks.restore(*snapshot))),
            Self::Both(steps) => {
                let mut inverses: Vec<Self> = steps
                    .into_iter()
                    .map(|s| s.apply(motion, file_problems, tracks))
                    .collect();
                inverses.reverse();
                Self::Both(inverses)
            }
        }
    }

    /// Every step that sets the file's problems sets `problems` (see
    /// [`Edit::set_file_problems`]).
    pub fn set_file_problems(&mut self, problems: &[Problem]) {
        match self {
            Self::Motion(edit) => edit.set_file_problems(problems),
            Self::Tracks(_) => {}
            Self::Both(steps) => {
                for step in steps {
                    step.set_file_problems(problems);
                }
            }
        }
    }
}
