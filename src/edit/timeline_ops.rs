//! Edits on the keyframes' timing and poses, computed from the current motion: retime,
//! insert at a time, delete, duplicate, paste a pose. Times here are in file frames
//! (16 ms); keyframe `k` starts at `T(k) = sum of (frames + 1)` over the segments before it.

use super::edit_op::Edit;
use crate::codec::mtn::{Keyframe, Keyframes};
use crate::robot::timing;

/// Each keyframe's start in frames (the first is at 0).
#[must_use]
pub fn times_frames(keyframes: &Keyframes) -> Vec<u64> {
    timing::keyframe_times_frames(keyframes)
}

/// How far (in frames) the selected keyframes can move together without passing a
/// neighbour: `(most negative, most positive)`. The first keyframe never moves (the first
/// keyframe of a motion is at time 0 by definition).
#[must_use]
pub fn retime_range(keyframes: &Keyframes, selected: &[usize]) -> (i64, i64) {
    retime_range_frames(keyframes.frames(), selected)
}

/// [`retime_range`] over a list of interpolation frames.
#[must_use]
pub fn retime_range_frames(frames: &[u32], selected: &[usize]) -> (i64, i64) {
    if frames.is_empty() {
        return (0, 0);
    }
    let is_selected = |k: usize| k > 0 && selected.contains(&k);
    let (mut low, mut high) = (i64::MIN, i64::MAX);
    for (k, &n) in frames.iter().enumerate().skip(1) {
        let n = i64::from(n);
        match (is_selected(k - 1), is_selected(k)) {
            (false, true) => low = low.max(-n),
            (true, false) => high = high.min(n),
            _ => {}
        }
    }
    // Moving the last keyframe later has no neighbour to stop it but the format's counter.
    if selected.iter().any(|&k| k > 0) {
        let last = frames.len() - 1;
        if is_selected(last) {
            high = high.min(i64::from(u32::MAX) - i64::from(frames[last]));
        }
    } else {
        (low, high) = (0, 0);
    }
    (low, high)
}

/// The edit that moves the selected keyframes by `delta` frames (clamped to what is
/// allowed), with the clamped delta. It sets the segments at the edges of the selection, the
/// only ones that change.
#[must_use]
pub fn retime(keyframes: &Keyframes, selected: &[usize], delta: i64) -> (Edit, i64) {
    retime_frames(keyframes.frames(), selected, delta)
}

/// [`retime`] over a list of interpolation frames (a drag keeps the frames it started from).
#[must_use]
pub fn retime_frames(frames: &[u32], selected: &[usize], delta: i64) -> (Edit, i64) {
    let (low, high) = retime_range_frames(frames, selected);
    let delta = delta.clamp(low, high);
    let is_selected = |k: usize| k > 0 && selected.contains(&k);
    let mut changes = Vec::new();
    for (k, &n) in frames.iter().enumerate().skip(1) {
        let n = i64::from(n);
        let new = match (is_selected(k - 1), is_selected(k)) {
            (false, true) => n + delta,
            (true, false) => n - delta,
            _ => continue,
        };
        // Every edge segment, changed or not: the values are absolute, so a drag that goes
        // back to where it started restores them (unchanged cells make no undo step).
        changes.push((k, u32::try_from(new.max(0)).unwrap_or(u32::MAX)));
    }
    (Edit::SetFrames(changes), delta)
}

/// The edit that inserts a keyframe at `time` (in frames) holding what the robot commands
/// there, splitting the segment so every other keyframe keeps its time. After the last
/// keyframe, a copy of the last pose is appended. `None` when a keyframe is already at
/// that time.
#[must_use]
pub fn insert_at(keyframes: &Keyframes, time: u64) -> Option<(Edit, usize)> {
    let times = times_frames(keyframes);
    if times.contains(&time) {
        return None;
    }
    let Some(next) = times.iter().position(|&t| t > time) else {
        let last = keyframes.len().checked_sub(1)?;
        let current = keyframes.get(last)?;
        let frames = u32::try_from(time - times[last] - 1).ok()?;
        let keyframe = Keyframe {
            frames,
            body_urad: current.body_urad,
            angles_urad: current.angles_urad.to_vec(),
        };
        return Some((
            Edit::InsertKeyframe {
                index: last + 1,
                keyframe,
            },
            last + 1,
        ));
    };
    if next == 0 {
        return None;
    }
    let (from, to) = (keyframes.get(next - 1)?, keyframes.get(next)?);
    let into = time - times[next - 1];
    let frames = to.frames;
    let tick = 2 * into;
    let value = |v0: i32, v1: i32| timing::tick_value(v0, timing::step_urad(v0, v1, frames), tick);
    let angles_urad = from
        .angles_urad
        .iter()
        .zip(to.angles_urad)
        .map(|(&a, &b)| value(a, b))
        .collect();
    let mut body_urad = [0; 3];
    for (axis, slot) in body_urad.iter_mut().enumerate() {
        *slot = value(from.body_urad[axis], to.body_urad[axis]);
    }
    let first = u32::try_from(into - 1).ok()?;
    let second = u32::try_from(times[next] - time - 1).ok()?;
    let keyframe = Keyframe {
        frames: first,
        body_urad,
        angles_urad,
    };
    Some((
        Edit::Group(vec![
            Edit::InsertKeyframe {
                index: next,
                keyframe,
            },
            Edit::SetFrames(vec![(next + 1, second)]),
        ]),
        next,
    ))
}

/// The edit that deletes the selected keyframes, keeping every later keyframe at its time
/// (the segment before a deleted keyframe absorbs its duration). Deleting the first
/// keyframe makes the next one first, at time 0.
#[must_use]
pub fn delete(keyframes: &Keyframes, selected: &[usize]) -> Edit {
    let mut indices: Vec<usize> = selected
        .iter()
        .copied()
        .filter(|&k| k < keyframes.len())
        .collect();
    indices.sort_unstable();
    indices.dedup();
    let mut frames: Vec<u64> = keyframes.frames().iter().map(|&f| u64::from(f)).collect();
    let mut edits = Vec::new();
    for &k in indices.iter().rev() {
        if k > 0 && k + 1 < frames.len() {
            let merged = frames[k + 1] + frames[k] + 1;
            frames[k + 1] = merged;
            edits.push(Edit::SetFrames(vec![(
                k + 1,
                u32::try_from(merged).unwrap_or(u32::MAX),
            )]));
        }
        edits.push(Edit::RemoveKeyframe { index: k });
        frames.remove(k);
    }
    Edit::Group(edits)
}

/// Takes the points `joints` (keyframe, joint) and `bodies` (keyframe, body axis) out of
/// their curves, the keyframes kept for the other joints: each value becomes what its
/// neighbours give at its time, straight between them (the last keyframe's holds the one
/// before, the first's the one after), so that curve no longer bends there. `times_ms`: the
/// keyframes' times.
#[must_use]
pub fn unkey(
    keyframes: &Keyframes,
    times_ms: &[u64],
    joints: &[(usize, usize)],
    bodies: &[(usize, usize)],
) -> Edit {
    let between = |k: usize, value: &dyn Fn(usize) -> Option<i32>| -> Option<i32> {
        let last = keyframes.len().checked_sub(1)?;
        match k {
            0 => value(1),
            k if k >= last => value(k - 1),
            k => {
                let (a, b) = (value(k - 1)?, value(k + 1)?);
                let (t0, t, t1) = (times_ms.get(k - 1)?, times_ms.get(k)?, times_ms.get(k + 1)?);
                let span = t1.saturating_sub(*t0).max(1);
                #[expect(clippy::cast_precision_loss, reason = "times in ms")]
                let share = t.saturating_sub(*t0) as f64 / span as f64;
                #[expect(clippy::cast_possible_truncation, reason = "between two i32 values")]
                let v = (f64::from(a) + (f64::from(b) - f64::from(a)) * share).round() as i32;
                Some(v)
            }
        }
    };
    let angles = joints
        .iter()
        .filter_map(|&(k, j)| Some((k, j, between(k, &|n| keyframes.angle(n, j))?)))
        .collect();
    let body = |n: usize, axis: usize| keyframes.body().get(n).and_then(|b| b.get(axis).copied());
    let axes = bodies
        .iter()
        .filter_map(|&(k, axis)| Some((k, axis, between(k, &|n| body(n, axis))?)))
        .collect();
    Edit::Group(vec![Edit::SetAngles(angles), Edit::SetBody(axes)])
}

/// One joint's values at keyframes `first..=last` (for pasting onto another joint).
#[must_use]
pub fn curve(keyframes: &Keyframes, joint: usize, first: usize, last: usize) -> Vec<i32> {
    (first..=last.min(keyframes.len().saturating_sub(1)))
        .filter_map(|k| keyframes.angle(k, joint))
        .collect()
}

/// `values` put onto `joint` from keyframe `first` on, as many as the motion has keyframes
/// for: the edit and how many were pasted.
#[must_use]
pub fn paste_curve(
    keyframes: &Keyframes,
    joint: usize,
    first: usize,
    values: &[i32],
) -> (Edit, usize) {
    let cells: Vec<(usize, usize, i32)> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (first + i, joint, v))
        .take_while(|&(k, _, _)| k < keyframes.len())
        .collect();
    let pasted = if joint < keyframes.joint_count() {
        cells.len()
    } else {
        0
    };
    (Edit::SetAngles(cells), pasted)
}

/// Joint cells `(keyframe, joint)` and body cells `(keyframe, axis)` moved by `delta_urad`
/// (at most to the ends of the file's range), as one edit.
#[must_use]
pub fn nudge(
    keyframes: &Keyframes,
    joints: &[(usize, usize)],
    body: &[(usize, usize)],
    delta_urad: i32,
) -> Edit {
    let angles = joints
        .iter()
        .filter_map(|&(k, j)| Some((k, j, keyframes.angle(k, j)?.saturating_add(delta_urad))))
        .collect();
    let body = body
        .iter()
        .filter_map(|&(k, axis)| {
            let value = keyframes.body().get(k)?.get(axis)?;
            Some((k, axis, value.saturating_add(delta_urad)))
        })
        .collect();
    Edit::Group(vec![Edit::SetAngles(angles), Edit::SetBody(body)])
}

/// The edit that inserts a copy of keyframe `k` right after it, holding the pose for as
/// long as the segment into `k` lasts (16 frames after the first keyframe); later keyframes
/// move later by that much.
#[must_use]
pub fn duplicate(keyframes: &Keyframes, k: usize) -> Option<Edit> {
    let source = keyframes.get(k)?;
    let frames = if k == 0 { 15 } else { source.frames };
    Some(Edit::InsertKeyframe {
        index: k + 1,
        keyframe: Keyframe {
            frames,
            body_urad: source.body_urad,
            angles_urad: source.angles_urad.to_vec(),
        },
    })
}

/// A copied pose: joint values by locator, and the body angles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pose {
    /// `(locator, microradians)` for every joint of the source motion.
    pub angles: Vec<(String, i32)>,
    /// Body roll, pitch, yaw.
    pub body_urad: [i32; 3],
}

impl Pose {
    /// The pose of keyframe `k`.
    #[must_use]
    pub fn of(locators: &[String], keyframes: &Keyframes, k: usize) -> Option<Self> {
        let keyframe = keyframes.get(k)?;
        Some(Self {
            angles: locators
                .iter()
                .cloned()
                .zip(keyframe.angles_urad.iter().copied())
                .collect(),
            body_urad: keyframe.body_urad,
        })
    }

    /// The edit that pastes the pose onto keyframes `targets`, joint by joint (matched by
    /// locator, so a pose can go between motions of the same model). Returns the edit and
    /// how many joints matched.
    #[must_use]
    pub fn paste(&self, locators: &[String], targets: &[usize]) -> (Edit, usize) {
        let matched: Vec<(usize, i32)> = locators
            .iter()
            .enumerate()
            .filter_map(|(j, l)| {
                self.angles
                    .iter()
                    .find(|(pl, _)| pl == l)
                    .map(|&(_, v)| (j, v))
            })
            .collect();
        let mut angles = Vec::new();
        let mut body = Vec::new();
        for &k in targets {
            angles.extend(matched.iter().map(|&(j, v)| (k, j, v)));
            body.extend((0..3).map(|axis| (k, axis, self.body_urad[axis])));
        }
        (
            Edit::Group(vec![Edit::SetAngles(angles), Edit::SetBody(body)]),
            matched.len(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    #[test]
    fn retiming_moves_only_the_edges_and_stops_at_neighbours() {
        let motion = stand_to_sit();
        let keyframes = &motion.keyframes;
        assert_eq!(times_frames(keyframes), vec![0, 16, 47, 78]);
        assert_eq!(retime_range(keyframes, &[2]), (-30, 30));
        let (edit, delta) = retime(keyframes, &[2], 100);
        assert_eq!(delta, 30);
        let mut moved = motion.clone();
        let _ = edit.apply(&mut moved);
        assert_eq!(times_frames(&moved.keyframes), vec![0, 16, 77, 78]);
        // The first keyframe never moves; the last moves freely to the right.
        assert_eq!(retime_range(keyframes, &[0]), (0, 0));
        let (edit, delta) = retime(keyframes, &[3], 10);
        assert_eq!(delta, 10);
        let mut last = motion.clone();
        let _ = edit.apply(&mut last);
        assert_eq!(times_frames(&last.keyframes).last(), Some(&88));
        // Two together keep their gap.
        let (edit, _) = retime(keyframes, &[2, 3], -5);
        let mut both = motion.clone();
        let _ = edit.apply(&mut both);
        assert_eq!(times_frames(&both.keyframes), vec![0, 16, 42, 73]);
    }

    #[test]
    fn inserting_splits_a_segment_at_the_robot_values() {
        let motion = stand_to_sit();
        let (edit, index) = insert_at(&motion.keyframes, 60).unwrap_or((Edit::Group(vec![]), 0));
        assert_eq!(index, 3);
        let mut inserted = motion.clone();
        let _ = edit.apply(&mut inserted);
        assert_eq!(times_frames(&inserted.keyframes), vec![0, 16, 47, 60, 78]);
        let tick = 60 * 2;
        let expected = timing::values_at_tick(&motion.keyframes, tick);
        assert_eq!(
            inserted.keyframes.get(3).map(|k| k.angles_urad.to_vec()),
            expected
        );
        assert!(insert_at(&motion.keyframes, 47).is_none());
        let (_, appended) = insert_at(&motion.keyframes, 100).unwrap_or((Edit::Group(vec![]), 0));
        assert_eq!(appended, 4);
    }

    #[test]
    fn deleting_keeps_later_times() {
        let motion = stand_to_sit();
        let mut deleted = motion.clone();
        let _ = delete(&motion.keyframes, &[1, 2]).apply(&mut deleted);
        assert_eq!(times_frames(&deleted.keyframes), vec![0, 78]);
        let mut first = motion.clone();
        let _ = delete(&motion.keyframes, &[0]).apply(&mut first);
        assert_eq!(times_frames(&first.keyframes), vec![0, 31, 62]);
    }

    #[test]
    fn duplicate_and_paste() {
        let motion = stand_to_sit();
        let mut copy = motion.clone();
        let edit = duplicate(&motion.keyframes, 2).unwrap_or(Edit::Group(vec![]));
        let _ = edit.apply(&mut copy);
        assert_eq!(copy.keyframes.len(), 5);
        assert_eq!(
            copy.keyframes.get(3).map(|k| k.angles_urad),
            motion.keyframes.get(2).map(|k| k.angles_urad)
        );
        let pose = Pose::of(&motion.locators, &motion.keyframes, 0).unwrap_or(Pose {
            angles: vec![],
            body_urad: [0; 3],
        });
        let (edit, matched) = pose.paste(&motion.locators, &[3]);
        assert_eq!(matched, 20);
        let mut pasted = motion.clone();
        let _ = edit.apply(&mut pasted);
        assert_eq!(
            pasted.keyframes.get(3).map(|k| k.angles_urad),
            motion.keyframes.get(0).map(|k| k.angles_urad)
        );
    }
}
