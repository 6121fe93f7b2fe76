//! The weight shifted first: a paw lifted with the balance kept needs the body over the other
//! three before it leaves the floor, and back over all four only once it is down again. Played
//! straight from a pose on four paws to one on three, the robot lifts the paw while the weight
//! is still over it and leans onto that corner (the floor rests it on the diagonal, the other
//! hind or front paw up). So where a pose lifts a paw that was down and moves the body for
//! it, a keyframe is added halfway into its segment (and halfway out) holding the body where
//! the balance put it with every paw down.

use super::{Request, Site, Solved};
use crate::codec::mtn::Keyframe;
use crate::edit::Edit;
use crate::robot::deg_to_urad;
use crate::robot::place::{Request as Asked, place};
use crate::robot::timing::FRAME_MS;

/// The keyframes that shift the weight around a pose.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightFirst {
    /// The edit that adds them (after the pose's own edit; the posed keyframe moves one on
    /// where one is added before it).
    pub edit: Edit,
    /// Their times (ms).
    pub times_ms: Vec<u64>,
}

/// How far the balance must move the body (mm) for the weight to want shifting first.
const SHIFT_MM: f64 = 2.0;
/// How high over its ball's radius a paw is off the floor (mm).
const OFF_FLOOR_MM: f64 = 1.0;

impl Site {
    /// The keyframes that shift the weight before and after `solved` (what `request` asked
    /// for), where it lifts a paw that was down and the balance moved the body; None where it
    /// does not, or where the other legs cannot hold the shifted body with every paw down.
    #[must_use]
    pub fn weight_first(&self, request: &Request, solved: &Solved) -> Option<WeightFirst> {
        let b = &solved.body;
        if b.forward_mm.hypot(b.left_mm) < SHIFT_MM || !self.resting_on.is_empty() {
            return None;
        }
        let ball = self.ball_mm();
        let now = self.paws();
        let lifted = [0, 1, 2, 3].map(|i| {
            request.paws[i].is_some_and(|at| at[2] > ball + OFF_FLOOR_MM)
                && now[i][2] <= ball + OFF_FLOOR_MM
        });
        if !lifted.contains(&true) {
            return None;
        }
        // The body where the balance put it, every paw where it was.
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
        let k = self.keyframe;
        let mut edits = Vec::new();
        let mut times_ms = Vec::new();
        // Out first: its indices are the pose's own.
        if let (_, Some(out)) = self.segments
            && out >= 1
        {
            let half = out.div_ceil(2).max(1);
            edits.push(Edit::InsertKeyframe {
                index: k + 1,
                keyframe: keyframe(half - 1),
            });
            edits.push(Edit::SetFrames(vec![(k + 2, out - half)]));
            times_ms.push(self.time_ms + u64::from(half) * FRAME_MS);
        }
        if let (Some(into), _) = self.segments
            && into >= 1
        {
            let half = into.div_ceil(2).max(1);
            edits.push(Edit::InsertKeyframe {
                index: k,
                keyframe: keyframe(half - 1),
            });
            edits.push(Edit::SetFrames(vec![(k + 1, into - half)]));
            times_ms.insert(0, self.time_ms - u64::from(into + 1 - half) * FRAME_MS);
        }
        (!edits.is_empty()).then_some(WeightFirst {
            edit: Edit::Group(edits),
            times_ms,
        })
    }
}
