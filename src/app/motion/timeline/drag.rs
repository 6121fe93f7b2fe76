//! Grabbing keyframes on the timeline: the hit test, and a drag that moves the selected
//! points up and down (value) or left and right (time, snapped to 16 ms frames). A drag
//! is one gesture, one undo step; each frame it sets the values from those the drag started
//! with, so the result depends only on where the pointer is, and a drag back to the start
//! changes nothing.

use super::axis::value_deg;
use crate::app::action::MotionAction;
use crate::app::motion::view::{Channel, PointId, View, value};
use crate::app::sink::MotionSink;
use crate::edit::{Document, Edit, timeline_ops};
use crate::robot::{deg_to_urad, timing};
use egui::Pos2;
use std::collections::BTreeSet;

/// How close (in points) the pointer must be to grab a keyframe.
pub const GRAB_RADIUS: f32 = 8.0;
/// How far (in points) the pointer moves before a drag decides between value and time.
pub const AXIS_LOCK_DISTANCE: f32 = 6.0;
/// The undo label of a drag.
pub const DRAG_LABEL: &str = "keyframe drag";

/// A drag in progress on the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct PointDrag {
    /// Where the pointer went down, in plot coordinates (ms, degrees).
    pub start: [f64; 2],
    /// The values of the dragged points when the drag started.
    pub original_values: Vec<(PointId, i32)>,
    /// Every keyframe's frames when the drag started.
    pub original_frames: Vec<u32>,
    /// Once the pointer has moved far enough: true for a retime, false for a value change.
    pub horizontal: Option<bool>,
    /// The last edit the drag made (a pointer that rests makes no new one).
    pub last: Option<Edit>,
    /// The grabbed point's value when the drag started, and the values it snaps to with
    /// Ctrl held (its joint's limits, its neighbours' values), in degrees.
    pub snap: (f64, Vec<f64>),
    /// The grabbed point's keyframe (a drag along time keeps it between its neighbours).
    pub keyframe: usize,
    /// The grabbed keyframe's time when the drag started, and the times it snaps to with
    /// Ctrl held (the sound track's onsets, a MIDI sound's note starts), in ms.
    pub times: (f64, Vec<f64>),
}

/// How near (in points) a dragged value must come to a value it snaps to.
pub const SNAP_DISTANCE: f32 = 10.0;

/// The point nearest to `pointer` within `radius`, if any.
#[must_use]
pub fn nearest(candidates: &[(Pos2, PointId)], pointer: Pos2, radius: f32) -> Option<PointId> {
    candidates
        .iter()
        .map(|(pos, id)| (pos.distance_sq(pointer), *id))
        .filter(|(d, _)| *d <= radius * radius)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// Snaps a time in ms to the 16 ms frame grid (never before 0).
#[must_use]
pub fn snap_to_frame_ms(time_ms: f64) -> u64 {
    let frames = (time_ms / timing::FRAME_MS as f64).round().max(0.0);
    // A time on screen is far below u64's range.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped above"
    )]
    let frames = frames as u64;
    frames * timing::FRAME_MS
}

/// The selection after a click on `point`: with Shift it joins (or leaves) the selection,
/// without it becomes the selection.
#[must_use]
pub fn clicked(selection: &BTreeSet<PointId>, point: PointId, shift: bool) -> BTreeSet<PointId> {
    let mut next = selection.clone();
    if shift {
        if !next.remove(&point) {
            next.insert(point);
        }
    } else {
        next = [point].into();
    }
    next
}

/// Starts dragging `point`: it joins the selection (or, without Shift, becomes it unless
/// already selected), and the whole selection moves together as one gesture.
pub fn start(
    document: &Document,
    selection: &BTreeSet<PointId>,
    point: PointId,
    shift: bool,
    pointer: Option<[f64; 2]>,
    sink: &mut MotionSink<'_>,
) -> PointDrag {
    let mut dragged = selection.clone();
    if !dragged.contains(&point) {
        if !shift {
            dragged.clear();
        }
        dragged.insert(point);
    }
    let motion = &document.motion;
    let original_values = dragged
        .iter()
        .filter_map(|&id| value(motion, id.0, id.1).map(|v| (id, v)))
        .collect();
    let start = pointer.unwrap_or_else(|| {
        let k = point.0;
        let t = document.times_ms().get(k).copied().unwrap_or(0);
        [t as f64, value_deg(motion, k, point.1)]
    });
    // What the grabbed point snaps to: its joint's limits, and its neighbours' values.
    let (k, channel) = point;
    let mut targets: Vec<f64> = [k.checked_sub(1), Some(k + 1)]
        .into_iter()
        .flatten()
        .filter(|&n| n < motion.keyframes.len())
        .map(|n| value_deg(motion, n, channel))
        .collect();
    if let Channel::Joint(j) = channel
        && let Some(limit) = motion.locators.get(j).and_then(|locator| {
            let model = crate::robot::parse_design(&motion.design)?.model;
            model.joint_by_locator(locator)?.1.limit
        })
    {
        targets.extend([limit.min_deg, limit.max_deg]);
    }
    let snap = (value_deg(motion, k, channel), targets);
    let times = (
        document.times_ms().get(k).copied().unwrap_or(0) as f64,
        Vec::new(),
    );
    sink.push(MotionAction::SelectPoints(dragged));
    sink.push(MotionAction::Focus(Some(point.1)));
    sink.push(MotionAction::BeginGesture(DRAG_LABEL.to_owned()));
    PointDrag {
        start,
        original_values,
        original_frames: motion.keyframes.frames().to_vec(),
        horizontal: None,
        last: None,
        snap,
        keyframe: k,
        times,
    }
}

/// The edit a drag in progress makes with the pointer at `now` (plot coordinates), given
/// the plot's points per unit; `None` until the drag has chosen its axis, and when the
/// edit would be the one it made last. With `snap` (Ctrl held), a value change that brings
/// the grabbed point within [`SNAP_DISTANCE`] of a value it snaps to lands on it exactly,
/// and a move in time within that distance of an onset puts the keyframe on the 16 ms frame
/// nearest it.
pub fn next_edit(
    drag: &mut PointDrag,
    now: [f64; 2],
    points_per_unit: [f64; 2],
    snap: bool,
) -> Option<Edit> {
    let mut now = now;
    lock_axis(drag, now, points_per_unit);
    if snap && drag.horizontal == Some(false) {
        let (grabbed, targets) = &drag.snap;
        let value = grabbed + (now[1] - drag.start[1]);
        let per_degree = points_per_unit[1].abs().max(f64::EPSILON);
        if let Some(target) = targets
            .iter()
            .filter(|&&t| ((t - value) * per_degree).abs() <= f64::from(SNAP_DISTANCE))
            .min_by(|a, b| (*a - value).abs().total_cmp(&(*b - value).abs()))
        {
            now[1] = drag.start[1] + (target - grabbed);
        }
    }
    if snap && drag.horizontal == Some(true) {
        let (grabbed, targets) = &drag.times;
        let time = grabbed + (now[0] - drag.start[0]);
        let per_ms = points_per_unit[0].abs().max(f64::EPSILON);
        if let Some(target) = targets
            .iter()
            .filter(|&&t| ((t - time) * per_ms).abs() <= f64::from(SNAP_DISTANCE))
            .min_by(|a, b| (*a - time).abs().total_cmp(&(*b - time).abs()))
        {
            now[0] = drag.start[0] + (target - grabbed);
        }
    }
    let edit = edit_for(drag, now, points_per_unit)?;
    if drag.last.as_ref() == Some(&edit) {
        return None;
    }
    drag.last = Some(edit.clone());
    Some(edit)
}

/// Once the pointer has moved [`AXIS_LOCK_DISTANCE`] points, the drag keeps to the axis it
/// moved most along.
fn lock_axis(drag: &mut PointDrag, now: [f64; 2], points_per_unit: [f64; 2]) {
    if drag.horizontal.is_none() {
        let [px_per_x, px_per_y] = points_per_unit;
        let dx_px = ((now[0] - drag.start[0]) * px_per_x).abs();
        let dy_px = ((now[1] - drag.start[1]) * px_per_y).abs();
        if dx_px.max(dy_px) >= f64::from(AXIS_LOCK_DISTANCE) {
            drag.horizontal = Some(dx_px > dy_px);
        }
    }
}

/// The edit a drag in progress makes with the pointer at `now` (plot coordinates), given
/// the plot's points per unit; `None` until the drag has chosen its axis.
pub fn edit_for(drag: &mut PointDrag, now: [f64; 2], points_per_unit: [f64; 2]) -> Option<Edit> {
    let dx = now[0] - drag.start[0];
    let dy = now[1] - drag.start[1];
    lock_axis(drag, now, points_per_unit);
    match drag.horizontal? {
        false => {
            let delta_urad = deg_to_urad(dy);
            let mut angles = Vec::new();
            let mut body = Vec::new();
            for &((k, channel), original) in &drag.original_values {
                let new = original.saturating_add(delta_urad);
                match channel {
                    Channel::Joint(j) => angles.push((k, j, new)),
                    Channel::Body(axis) => body.push((k, axis, new)),
                }
            }
            Some(Edit::Group(vec![
                Edit::SetAngles(angles),
                Edit::SetBody(body),
            ]))
        }
        true => {
            let mut keyframes: Vec<usize> =
                drag.original_values.iter().map(|((k, _), _)| *k).collect();
            keyframes.sort_unstable();
            keyframes.dedup();
            #[expect(
                clippy::cast_possible_truncation,
                reason = "a drag spans far fewer frames than i64 holds"
            )]
            let delta_frames = (dx / timing::FRAME_MS as f64).round() as i64;
            // From the frames the drag started with: a drag back to the start restores them.
            let (edit, _) =
                timeline_ops::retime_frames(&drag.original_frames, &keyframes, delta_frames);
            Some(edit)
        }
    }
}

/// What to say once a drag along time has moved keyframes: an MTN keyframe holds every
/// joint, so the hidden joints whose curves bend at a moved keyframe moved with it (a
/// review saw a hidden knee's peak move and nothing said so). None where no hidden curve
/// bends there.
#[must_use]
pub fn hidden_moved_along(document: &Document, view: &View, drag: &PointDrag) -> Option<String> {
    let motion = &document.motion;
    let mut moved: Vec<usize> = drag.original_values.iter().map(|((k, _), _)| *k).collect();
    moved.sort_unstable();
    moved.dedup();
    let bends = |j: usize, k: usize| {
        let at = motion.keyframes.angle(k, j);
        let before = k.checked_sub(1).and_then(|b| motion.keyframes.angle(b, j));
        let after = motion.keyframes.angle(k + 1, j);
        [before, after].into_iter().flatten().any(|v| Some(v) != at)
    };
    let names: Vec<&str> = (0..motion.keyframes.joint_count())
        .filter(|&j| !view.is_visible(Channel::Joint(j)))
        .filter(|&j| moved.iter().any(|&k| bends(j, k)))
        .map(|j| crate::robot::joint_name(&motion.design, &motion.locators[j]))
        .collect();
    let (first, rest) = (names.first()?, names.len() - 1);
    let which = match rest {
        0 => format!("{first} (hidden) moved with it"),
        more => format!("{first} and {more} more hidden joints moved with it"),
    };
    let keyframes = match moved.as_slice() {
        [k] => format!("Keyframe {k}"),
        many => format!("{} keyframes", many.len()),
    };
    Some(format!(
        "{keyframes} moved in time with every joint it holds: {which} (an MTN keyframe's \
         time is every joint's)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_point_within_the_radius_is_grabbed() {
        let a = (0, Channel::Joint(0));
        let b = (1, Channel::Joint(0));
        let candidates = [(Pos2::new(10.0, 10.0), a), (Pos2::new(20.0, 10.0), b)];
        assert_eq!(nearest(&candidates, Pos2::new(12.0, 11.0), 8.0), Some(a));
        assert_eq!(nearest(&candidates, Pos2::new(17.0, 10.0), 8.0), Some(b));
        assert_eq!(nearest(&candidates, Pos2::new(40.0, 40.0), 8.0), None);
    }

    #[test]
    fn times_snap_to_frames() {
        assert_eq!(snap_to_frame_ms(0.0), 0);
        assert_eq!(snap_to_frame_ms(7.9), 0);
        assert_eq!(snap_to_frame_ms(8.1), 16);
        assert_eq!(snap_to_frame_ms(-100.0), 0);
        assert_eq!(snap_to_frame_ms(1000.0), 1008);
    }

    #[test]
    fn a_drag_picks_its_axis_then_moves_from_the_originals() {
        let a = (1, Channel::Joint(2));
        let mut drag = PointDrag {
            start: [100.0, 10.0],
            original_values: vec![(a, 1_000)],
            original_frames: vec![0, 10, 10],
            horizontal: None,
            last: None,
            snap: (10.0, vec![35.0]),
            keyframe: 1,
            times: (160.0, vec![250.0]),
        };
        // One point per ms and per degree: 3 points is below the lock distance.
        assert_eq!(edit_for(&mut drag, [101.0, 12.0], [1.0, 1.0]), None);
        let edit = edit_for(&mut drag, [100.0, 20.0], [1.0, 1.0]);
        assert_eq!(drag.horizontal, Some(false));
        assert_eq!(
            edit,
            Some(Edit::Group(vec![
                Edit::SetAngles(vec![(1, 2, 1_000 + deg_to_urad(10.0))]),
                Edit::SetBody(vec![])
            ]))
        );
        // A pointer that rests makes no new edit.
        assert!(next_edit(&mut drag, [100.0, 20.0], [1.0, 1.0], false).is_some());
        assert_eq!(next_edit(&mut drag, [100.0, 20.0], [1.0, 1.0], false), None);
        // With Ctrl, 28° (8° from 35°, within 10 points) snaps to 35° exactly: 25° more.
        let snapped = next_edit(&mut drag, [100.0, 38.0], [1.0, 1.0], true);
        assert_eq!(
            snapped,
            Some(Edit::Group(vec![
                Edit::SetAngles(vec![(1, 2, 1_000 + deg_to_urad(25.0))]),
                Edit::SetBody(vec![])
            ]))
        );
        // Once locked, sideways movement does not retime.
        let edit = edit_for(&mut drag, [300.0, 10.0], [1.0, 1.0]);
        assert_eq!(
            edit,
            Some(Edit::Group(vec![
                Edit::SetAngles(vec![(1, 2, 1_000)]),
                Edit::SetBody(vec![])
            ]))
        );
    }

    #[test]
    fn with_ctrl_a_keyframe_moved_in_time_lands_on_the_frame_nearest_an_onset() {
        let a = (1, Channel::Joint(2));
        let drag = || PointDrag {
            start: [160.0, 10.0],
            original_values: vec![(a, 1_000)],
            original_frames: vec![0, 10, 10],
            horizontal: None,
            last: None,
            snap: (10.0, vec![]),
            keyframe: 1,
            // The keyframe at 160 ms; an onset at 250 ms.
            times: (160.0, vec![250.0]),
        };
        // Dragged to 243 ms (7 points from the onset at one point per ms): 250 ms is the
        // target, the keyframe lands on the frame nearest it (256 ms: 6 frames more).
        let mut snapping = drag();
        let snapped = next_edit(&mut snapping, [243.0, 10.0], [1.0, 1.0], true);
        let (six, _) = timeline_ops::retime_frames(&[0, 10, 10], &[1], 6);
        assert_eq!(snapped, Some(six));
        // Without Ctrl it goes where the pointer is (243 ms: 5 frames more).
        let mut free = drag();
        let (five, _) = timeline_ops::retime_frames(&[0, 10, 10], &[1], 5);
        assert_eq!(
            next_edit(&mut free, [243.0, 10.0], [1.0, 1.0], false),
            Some(five)
        );
        // Too far from the onset (40 points), Ctrl changes nothing: 210 ms, 3 frames more.
        let mut far = drag();
        let (three, _) = timeline_ops::retime_frames(&[0, 10, 10], &[1], 3);
        assert_eq!(
            next_edit(&mut far, [210.0, 10.0], [1.0, 1.0], true),
            Some(three.clone())
        );
        let mut plain = drag();
        assert_eq!(
            next_edit(&mut plain, [210.0, 10.0], [1.0, 1.0], false),
            Some(three)
        );
    }

    #[test]
    fn clicks_select_one_point_and_shift_clicks_toggle() {
        let a = (0, Channel::Joint(0));
        let b = (1, Channel::Joint(0));
        let one = clicked(&BTreeSet::new(), a, false);
        assert_eq!(one, [a].into());
        let two = clicked(&one, b, true);
        assert_eq!(two, [a, b].into());
        assert_eq!(clicked(&two, a, true), [b].into());
        assert_eq!(clicked(&two, b, false), [b].into());
    }
}
