//! One change to a motion, applied in place, returning the change that undoes it.

use crate::codec::Problem;
use crate::codec::mtn::{Keyframe, Motion, Version};

/// A header string field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeaderField {
    /// The motion (chunk) name.
    Name,
    /// The creator.
    Creator,
    /// The design label.
    Design,
}

/// A change to a motion. `apply` returns the exact inverse, so undo and redo are the same
/// operation run the other way; no snapshots of the motion are kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Joint values: `(keyframe, joint, microradians)`.
    SetAngles(Vec<(usize, usize, i32)>),
    /// Body roll, pitch or yaw: `(keyframe, axis 0..3, microradians)`.
    SetBody(Vec<(usize, usize, i32)>),
    /// Interpolation frames of the segment ending at a keyframe: `(keyframe, frames)`.
    SetFrames(Vec<(usize, u32)>),
    /// A keyframe inserted before `index`.
    InsertKeyframe {
        /// Where it goes.
        index: usize,
        /// What it holds.
        keyframe: Keyframe,
    },
    /// The keyframe at `index` removed.
    RemoveKeyframe {
        /// Which.
        index: usize,
    },
    /// A header string.
    SetHeader(HeaderField, String),
    /// The format version.
    SetVersion(Version),
    /// The raw frame-rate field.
    SetFrameRate(u16),
    /// The whole motion replaced (after a repair).
    ReplaceMotion(Box<Motion>),
    /// The structure problems of the file the motion was read from, which saving (or
    /// Repair) puts right: Repair empties the list, and undoing it brings them back.
    SetFileProblems(Vec<Problem>),
    /// Several edits as one step, applied in order.
    Group(Vec<Edit>),
}

impl Edit {
    /// Applies the edit and returns its inverse. Indices that do not exist are skipped (the
    /// inverse then skips them too), so a stale edit can never corrupt the motion; values that
    /// are already what the edit sets are skipped too, so an edit that changes nothing leaves
    /// an empty inverse and no undo step.
    pub fn apply(self, motion: &mut Motion) -> Edit {
        self.apply_to(motion, &mut Vec::new())
    }

    /// [`Edit::apply`] to a motion and the problems of the file it was read from (which
    /// only [`Edit::SetFileProblems`] changes).
    pub fn apply_to(self, motion: &mut Motion, file_problems: &mut Vec<Problem>) -> Edit {
        let keyframes = &mut motion.keyframes;
        match self {
            Self::SetAngles(cells) => Self::SetAngles(
                cells
                    .into_iter()
                    .filter_map(|(k, j, value)| {
                        let old = keyframes.angle(k, j).filter(|&old| old != value)?;
                        keyframes.set_angle(k, j, value);
                        Some((k, j, old))
                    })
                    .collect(),
            ),
            Self::SetBody(cells) => Self::SetBody(
                cells
                    .into_iter()
                    .filter_map(|(k, axis, value)| {
                        let mut body = *keyframes.body().get(k)?;
                        let old = body.get(axis).copied().filter(|&old| old != value)?;
                        body[axis] = value;
                        keyframes.set_body(k, body);
                        Some((k, axis, old))
                    })
                    .collect(),
            ),
            Self::SetFrames(cells) => Self::SetFrames(
                cells
                    .into_iter()
                    .filter_map(|(k, frames)| {
                        let old = keyframes
                            .frames()
                            .get(k)
                            .copied()
                            .filter(|&old| old != frames)?;
                        keyframes.set_frames(k, frames).then_some((k, old))
                    })
                    .collect(),
            ),
            Self::InsertKeyframe { index, keyframe } => {
                let index = index.min(keyframes.len());
                match keyframes.insert(index, &keyframe) {
                    Ok(()) => Self::RemoveKeyframe { index },
                    Err(_) => Self::Group(Vec::new()),
                }
            }
            Self::RemoveKeyframe { index } => {
                // Removing the first keyframe makes the second one first, which loses its
                // frames; the inverse puts them back.
                let next_frames = keyframes.frames().get(index + 1).copied();
                match keyframes.remove(index) {
                    Some(keyframe) => {
                        let insert = Self::InsertKeyframe { index, keyframe };
                        match (index, next_frames) {
                            (0, Some(frames)) => {
                                Self::Group(vec![insert, Self::SetFrames(vec![(1, frames)])])
                            }
                            _ => insert,
                        }
                    }
                    None => Self::Group(Vec::new()),
                }
            }
            Self::SetHeader(field, value) => {
                let slot = match field {
                    HeaderField::Name => &mut motion.name,
                    HeaderField::Creator => &mut motion.creator,
                    HeaderField::Design => &mut motion.design,
                };
                Self::SetHeader(field, std::mem::replace(slot, value))
            }
            Self::SetVersion(version) => {
                Self::SetVersion(std::mem::replace(&mut motion.version, version))
            }
            Self::SetFrameRate(rate) => {
                Self::SetFrameRate(std::mem::replace(&mut motion.frame_rate, rate))
            }
            Self::ReplaceMotion(new) => {
                Self::ReplaceMotion(Box::new(std::mem::replace(motion, *new)))
            }
            Self::SetFileProblems(problems) => {
                Self::SetFileProblems(std::mem::replace(file_problems, problems))
            }
            Self::Group(edits) => {
                let mut inverses: Vec<Edit> = edits
                    .into_iter()
                    .map(|e| e.apply_to(motion, file_problems))
                    .collect();
                inverses.reverse();
                Self::Group(inverses)
            }
        }
    }

    /// Whether the edit can change when keyframes happen (their frames, how many there are):
    /// an edit of values or of the header leaves every keyframe's time as it was.
    #[must_use]
    pub fn changes_times(&self) -> bool {
        match self {
            Self::SetAngles(_)
            | Self::SetBody(_)
            | Self::SetHeader(..)
            | Self::SetVersion(_)
            | Self::SetFrameRate(_)
            | Self::SetFileProblems(_) => false,
            Self::SetFrames(_)
            | Self::InsertKeyframe { .. }
            | Self::RemoveKeyframe { .. }
            | Self::ReplaceMotion(_) => true,
            Self::Group(edits) => edits.iter().any(Self::changes_times),
        }
    }

    /// The keyframe values the edit sets, as `(keyframe, channel)` with the body angles after
    /// the joints (channel `joint_count + axis`): empty for an edit of timing or the header,
    /// `None` when it inserts or removes keyframes or replaces the motion. What was computed
    /// from the values alone is then updated cell by cell rather than made afresh.
    #[must_use]
    pub fn value_cells(&self, joint_count: usize) -> Option<Vec<(usize, usize)>> {
        let mut cells = Vec::new();
        let mut stack = vec![self];
        while let Some(edit) = stack.pop() {
            match edit {
                Self::SetAngles(set) => cells.extend(set.iter().map(|&(k, j, _)| (k, j))),
                Self::SetBody(set) => {
                    cells.extend(set.iter().map(|&(k, axis, _)| (k, joint_count + axis)));
                }
                Self::SetFrames(_)
                | Self::SetHeader(..)
                | Self::SetVersion(_)
                | Self::SetFrameRate(_)
                | Self::SetFileProblems(_) => {}
                Self::Group(edits) => stack.extend(edits),
                Self::InsertKeyframe { .. }
                | Self::RemoveKeyframe { .. }
                | Self::ReplaceMotion(_) => {
                    return None;
                }
            }
        }
        Some(cells)
    }

    /// Replaces every [`Edit::SetFileProblems`] within the edit with `problems` (after a
    /// save, whatever is undone, the file on disk has the problems of what was written).
    pub fn set_file_problems(&mut self, problems: &[Problem]) {
        match self {
            Self::SetFileProblems(list) => problems.clone_into(list),
            Self::Group(edits) => {
                for edit in edits {
                    edit.set_file_problems(problems);
                }
            }
            Self::SetAngles(_)
            | Self::SetBody(_)
            | Self::SetFrames(_)
            | Self::InsertKeyframe { .. }
            | Self::RemoveKeyframe { .. }
            | Self::SetHeader(..)
            | Self::SetVersion(_)
            | Self::SetFrameRate(_)
            | Self::ReplaceMotion(_) => {}
        }
    }

    /// Whether applying the edit changes nothing (an empty group or list).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match self {
            Self::SetAngles(cells) | Self::SetBody(cells) => cells.is_empty(),
            Self::SetFrames(cells) => cells.is_empty(),
            Self::Group(edits) => edits.iter().all(Self::is_empty),
            Self::InsertKeyframe { .. }
            | Self::RemoveKeyframe { .. }
            | Self::SetHeader(..)
            | Self::SetVersion(_)
            | Self::SetFrameRate(_)
            | Self::ReplaceMotion(_)
            | Self::SetFileProblems(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    fn round_trip(edit: Edit) {
        let original = stand_to_sit();
        let mut motion = original.clone();
        let inverse = edit.clone().apply(&mut motion);
        assert_ne!(motion, original, "{edit:?} changed nothing");
        let redo = inverse.apply(&mut motion);
        assert_eq!(motion, original, "undo of {edit:?}");
        let _ = redo.apply(&mut motion);
        let mut expected = original.clone();
        let _ = edit.apply(&mut expected);
        assert_eq!(motion, expected, "redo of the undo");
    }

    #[test]
    fn every_edit_undoes_exactly() {
        round_trip(Edit::SetAngles(vec![(1, 3, 12_345), (2, 0, -1)]));
        round_trip(Edit::SetBody(vec![(0, 1, 99)]));
        round_trip(Edit::SetFrames(vec![(2, 77)]));
        round_trip(Edit::RemoveKeyframe { index: 0 });
        round_trip(Edit::RemoveKeyframe { index: 2 });
        round_trip(Edit::InsertKeyframe {
            index: 1,
            keyframe: Keyframe {
                frames: 5,
                body_urad: [0; 3],
                angles_urad: vec![7; 20],
            },
        });
        round_trip(Edit::SetHeader(HeaderField::Creator, "me".to_owned()));
        round_trip(Edit::SetVersion(Version { major: 1, minor: 0 }));
        round_trip(Edit::SetFrameRate(0));
        let mut other = stand_to_sit();
        other.name = "a_sit#sit_other".to_owned();
        round_trip(Edit::ReplaceMotion(Box::new(other)));
        round_trip(Edit::Group(vec![
            Edit::SetAngles(vec![(0, 0, 5)]),
            Edit::RemoveKeyframe { index: 0 },
            Edit::SetAngles(vec![(0, 0, 6)]),
        ]));
    }

    #[test]
    fn values_that_do_not_change_leave_no_inverse() {
        let mut motion = stand_to_sit();
        let current = motion.keyframes.angle(1, 3).unwrap_or_default();
        let frames = motion.keyframes.frames()[2];
        let inverse = Edit::Group(vec![
            Edit::SetAngles(vec![(1, 3, current)]),
            Edit::SetFrames(vec![(2, frames)]),
            Edit::SetBody(vec![(0, 0, motion.keyframes.body()[0][0])]),
        ])
        .apply(&mut motion);
        assert!(inverse.is_empty(), "{inverse:?}");
    }

    #[test]
    fn stale_indices_are_skipped() {
        let mut motion = stand_to_sit();
        let inverse = Edit::SetAngles(vec![(99, 0, 1), (0, 99, 1)]).apply(&mut motion);
        assert!(inverse.is_empty());
        assert_eq!(motion, stand_to_sit());
    }
}
