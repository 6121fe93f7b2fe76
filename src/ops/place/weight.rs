//! The weight shifted first: a paw lifted with the balance kept needs the body over the other
//! three before it leaves the floor, and back over all four only once it is down again. Played
//! straight from a pose on four paws to one on three, the robot lifts the paw while the weight
//! is still over it and leans onto that corner (the floor rests it on the diagonal, the other
//! hind or front paw up). So where a pose lifts a paw that was down and moves the body for
//! it, a keyframe is added into its segment (and out of it) holding the body where the
//! balance put it with every paw down.
//!
//! The shift respects the servos: it is placed where neither half of the segment is faster
//! than they follow (halfway where it can be), and where the segment is too short for both
//! halves, the segment is lengthened to what they need, and that is said: the shift makes
//! no speed problem of its own.
//! A pose from anywhere (the library, the clipboard) gets the same shift as a drag: the
//! paws it lifts are found in its own frame (`floor::stance`), and the balance that lifting
//! them needs moves the body.

use super::{Goals, PawGoal, Request, Site, Solved};
use crate::codec::mtn::Keyframe;
use crate::edit::Edit;
use crate::ops::shape::fewest_frames;
use crate::robot::deg_to_urad;
use crate::robot::floor::stance::{LIFTED_MM, own};
use crate::robot::place::{Placed, Request as Asked, place};
use crate::robot::timing::FRAME_MS;

/// The keyframes that shift the weight around a pose.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightFirst {
    /// The edit that adds them (after the pose's own edit; the posed keyframe moves one on
    /// where one is added before it).
    pub edit: Edit,
    /// Their times (ms), as they are once added.
    pub times_ms: Vec<u64>,
    /// How much longer the segments around the pose were made so the servos follow the
    /// shift (ms, into and out of it; 0 for none).
    pub lengthened_ms: (u64, u64),
    /// Whether a keyframe was added before the pose (the pose's keyframe moves one on).
    pub added_before: bool,
}

impl WeightFirst {
    /// What was done, in words.
    #[must_use]
    pub fn said(&self) -> String {
        let shift = "the body over the other paws, each paw still where it stood";
        let mut said = match (self.added_before, self.times_ms.as_slice()) {
            (true, [into, out]) => format!(
                "shifted the weight first: {shift}, at {into} ms, and kept there until the paw \
                 is down again at {out} ms"
            ),
            (true, [into, ..]) => format!(
                "shifted the weight first: {shift}, at {into} ms (the motion ends with the paw \
                 up)"
            ),
            (false, [out, ..]) => format!(
                "the motion starts with the paw up: no keyframe before it to shift the weight \
                 in (the robot moves into its start posture by itself); {shift} at {out} ms, \
                 once the paw is down again"
            ),
            (_, []) => String::new(),
        };
        let (into, out) = self.lengthened_ms;
        for (ms, which) in [(into, "into"), (out, "out of")] {
            if ms > 0 {
                said.push_str(&format!(
                    "; the segment {which} the pose lengthened by {ms} ms so the servos \
                     follow the shift"
                ));
            }
        }
        said
    }
}

/// How far the balance must move the body (mm) for the weight to want shifting first.
const SHIFT_MM: f64 = 2.0;
/// How high over its ball's radius a paw is off the floor (mm).
const OFF_FLOOR_MM: f64 = 1.0;
/// The margin the balance keeps for a pose from anywhere (mm, as the stage's drag keeps).
const BALANCE_MM: f64 = 15.0;

/// Where a segment of `steps` 16 ms frame steps is split so that `first` steps and the
/// rest each move slowly enough (`need`: the fewest steps each half needs): halfway where
/// both fit; else as either needs; and where they cannot both fit, lengthened to what they
/// need. The first half's steps, and the steps added.
fn split(steps: u32, need: (u32, u32)) -> (u32, u32) {
    let half = steps.div_ceil(2).max(1);
    let (need_a, need_b) = need;
    if need_a + need_b <= steps {
        let first = half.max(need_a).min(steps - need_b);
        return (first, 0);
    }
    (need_a, need_a + need_b - steps)
}

/// Where a weight shift goes in a segment: the segment's frame steps, and (as [`split`]
/// gives them) the first half's steps and the steps added.
type Plan = (u32, (u32, u32));

impl Site {
    /// The keyframes that shift the weight before and after the pose `posed` (what `request`
    /// asked for, as `solved` made it), where it lifts a paw that was down and the balance
    /// moved the body; None where it does not, or where the other legs cannot hold the
    /// shifted body with every paw down.
    #[must_use]
    pub fn weight_first(
        &self,
        request: &Request,
        solved: &Solved,
        posed: &[i32],
    ) -> Option<WeightFirst> {
        let b = &solved.body;
        if b.forward_mm.hypot(b.left_mm) < SHIFT_MM || !self.resting_on.is_empty() {
            return None;
        }
        let lifted = self.paws_lifted(request)?;
        let placed = self.shifted(request, solved, lifted)?;
        let rest = self.rest_of(&placed.values);
        let keyframe = |frames: u32| Keyframe {
            frames,
            body_urad: [
                deg_to_urad(rest.roll_deg()),
                deg_to_urad(rest.pitch_deg()),
                self.body_urad[2],
            ],
            angles_urad: placed.values.clone(),
        };
        let (into, out) = self.shift_plans(&placed.values, posed);
        self.shift_edits(into, out, &keyframe)
    }

    /// Which paws `request` lifts that are down now; None where it lifts none.
    fn paws_lifted(&self, request: &Request) -> Option<[bool; 4]> {
        let ball = self.ball_mm();
        let now = self.paws();
        let lifted = [0, 1, 2, 3].map(|i| {
            request.paws[i].is_some_and(|at| at[2] > ball + OFF_FLOOR_MM)
                && now[i][2] <= ball + OFF_FLOOR_MM
        });
        lifted.contains(&true).then_some(lifted)
    }

    /// The body where the balance put it (as `solved` made it), every paw where it was;
    /// None where the other legs (all but the `lifted` paws') cannot hold the body there.
    fn shifted(&self, request: &Request, solved: &Solved, lifted: [bool; 4]) -> Option<Placed> {
        let shifted = Asked {
            paws: [None; 4],
            body: solved.body,
            free: request.free,
        };
        let placed = place(&self.rig, &self.values, &self.frame, &shifted);
        // The other legs hold the body there; a paw to be lifted may not reach the floor
        // with the body away from it: it is then as near as its leg reaches (unloaded).
        if placed
            .legs
            .iter()
            .zip(lifted)
            .any(|(leg, up)| !up && leg.is_some_and(|l| l.miss_mm > super::PLANTED_MM))
        {
            return None;
        }
        Some(placed)
    }

    /// Where the shift to `shifted` goes in the segments into the pose `posed` (from the
    /// keyframe before) and out of it (to the keyframe after), where there are such
    /// segments.
    fn shift_plans(&self, shifted: &[i32], posed: &[i32]) -> (Option<Plan>, Option<Plan>) {
        // The frame steps each part of a segment needs for the servos (`last`: it ends the
        // motion), and whether the segment was slow enough before.
        let need = |from: &[i32], to: &[i32], last: bool| {
            fewest_frames(from, to, last, &self.bounds).map_or(u32::MAX / 4, |f| f + 1)
        };
        // Into the pose: the shift's place in the segment from the keyframe before, and the
        // steps added to it.
        let into = match (self.segments.0, &self.neighbours.0) {
            (Some(frames), Some(before)) if frames >= 1 => {
                let steps = frames + 1;
                let needs = (need(before, shifted, false), need(shifted, posed, false));
                Some((steps, split(steps, needs)))
            }
            _ => None,
        };
        // Out of it, to the keyframe after.
        let out = match (self.segments.1, &self.neighbours.1) {
            (Some(frames), Some(next)) if frames >= 1 => {
                let last = self.next_is_last;
                let steps = frames + 1;
                let needs = (need(posed, shifted, false), need(shifted, next, last));
                Some((steps, split(steps, needs)))
            }
            _ => None,
        };
        (into, out)
    }

    /// The edit that adds the shift's keyframes (`keyframe`: the shift with the frames it
    /// takes) as `into` and `out` place them, with their times; None where neither does.
    fn shift_edits(
        &self,
        into: Option<Plan>,
        out: Option<Plan>,
        keyframe: &dyn Fn(u32) -> Keyframe,
    ) -> Option<WeightFirst> {
        let k = self.keyframe;
        let added_into = into.map_or(0, |(_, (_, added))| added);
        let mut edits = Vec::new();
        let mut times_ms = Vec::new();
        // Out first: its indices are the pose's own.
        if let Some((steps, (first, added))) = out {
            edits.push(Edit::InsertKeyframe {
                index: k + 1,
                keyframe: keyframe(first - 1),
            });
            edits.push(Edit::SetFrames(vec![(k + 2, steps + added - first - 1)]));
            let posed_ms = self.time_ms + u64::from(added_into) * FRAME_MS;
            times_ms.push(posed_ms + u64::from(first) * FRAME_MS);
        }
        if let Some((steps, (first, added))) = into {
            edits.push(Edit::InsertKeyframe {
                index: k,
                keyframe: keyframe(first - 1),
            });
            edits.push(Edit::SetFrames(vec![(k + 1, steps + added - first - 1)]));
            let before_ms = self.time_ms - u64::from(steps) * FRAME_MS;
            times_ms.insert(0, before_ms + u64::from(first) * FRAME_MS);
        }
        let lengthened =
            |plan: Option<Plan>| plan.map_or(0, |(_, (_, added))| u64::from(added) * FRAME_MS);
        (!edits.is_empty()).then_some(WeightFirst {
            edit: Edit::Group(edits),
            times_ms,
            lengthened_ms: (lengthened(into), lengthened(out)),
            added_before: into.is_some(),
        })
    }

    /// The weight shift for the pose `values` put into this site's keyframe, from
    /// anywhere (a pose from the library, one pasted): the paws it lifts in its own frame
    /// that are down here, lifted with the balance kept; None where it lifts none that are
    /// down, or the balance moves nothing.
    #[must_use]
    pub fn weight_first_for(&self, values: &[i32]) -> Option<WeightFirst> {
        let lifted = own(&self.rig, values, self.up).lifted_mm;
        let now = self.paws();
        let ball = self.ball_mm();
        let mut goals = Goals {
            balance_mm: Some(BALANCE_MM),
            ..Goals::default()
        };
        for (i, &mm) in lifted.iter().enumerate() {
            if mm > LIFTED_MM && now[i][2] <= ball + OFF_FLOOR_MM {
                goals.paws[i] = Some(PawGoal::Lift(f64::from(mm)));
            }
        }
        if goals.paws.iter().all(Option::is_none) {
            return None;
        }
        let solved = self.solve(&goals);
        self.weight_first(&solved.request, &solved, values)
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn a_segment_is_split_where_both_halves_are_slow_enough() {
        // Halfway where both halves fit.
        assert_eq!(split(16, (4, 4)), (8, 0));
        // The second half needs 12 of 16: the shift comes earlier.
        assert_eq!(split(16, (3, 12)), (4, 0));
        // The first needs 11: later.
        assert_eq!(split(16, (11, 2)), (11, 0));
        // Both cannot fit: lengthened by what is missing.
        assert_eq!(split(16, (9, 12)), (9, 5));
    }
}
