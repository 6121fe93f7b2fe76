//! The paws a pose lifts, in its own frame: each keyframe's pose held as the robot rested at
//! the keyframe before (the first as its file's body angles hold it), the plane of its three
//! lowest paws there, and how far above that plane it holds the fourth. The body at rest
//! follows the tick before through the segment between; where that history (or, simulated,
//! the body's momentum) has the robot on a paw the pose holds up, the robot rests where the
//! pose was not meant to: a pose lifting a paw inserted with the weight still over that paw
//! tips onto it, though its other three paws stand where the robot stood.

use super::rest::{Rest, up_from_body};
use super::{Rig, settle};
use crate::codec::mtn::Motion;
use crate::robot::kinematics::Vec3;
use crate::robot::timing::segment_ticks;

/// A paw the pose holds more than this above its stance (mm) is lifted: the robot resting
/// on it...
pub const LIFTED_MM: f32 = 15.0;
/// ...for this long (ms) is a warning (`paw-lifted`).
pub const LIFTED_MS: u64 = 96;
/// A stance plane turned further than this from how the robot stood (degrees) is no stance:
/// the pose is not standing on those paws.
const MAX_STANCE_TURN_DEG: f64 = 30.0;
/// A knee, the head or the torso this near the stance plane (mm) rests on it: the pose
/// lies on more than its paws.
const CLEAR_MM: f64 = 5.0;

fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A pose in its own frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Own {
    /// What it rests on let go from there: bit i for the rig's touch i.
    pub contacts: u32,
    /// How far it holds each paw above the plane of its three lowest (mm, `Leg::ALL`
    /// order): the fourth's height, where the pose stands on those three (nothing else of
    /// it reaches their plane, and the plane is within [`MAX_STANCE_TURN_DEG`] of the floor
    /// it is held over); nothing where it does not (a sit on its haunches, a sleep on its
    /// belly).
    pub lifted_mm: [f32; 4],
    /// Where it stands on three paws so: the floor's up in the body frame as those three
    /// stand on it (how the pose means the body to be turned).
    pub stance_up: Option<Vec3>,
}

/// The pose `values` held over a floor whose up is `up` (in the body frame).
#[must_use]
pub fn own(rig: &Rig, values: &[i32], up: Vec3) -> Own {
    let body = rig.pose(values);
    let settled = settle(&body, up, None);
    let contacts = settled
        .contacts
        .iter()
        .filter(|&&i| i < 32)
        .fold(0u32, |bits, &i| bits | 1 << i);
    let (lifted_mm, stance_up) = stance(&body, up);
    Own {
        contacts,
        lifted_mm,
        stance_up,
    }
}

/// See [`Own::lifted_mm`] and [`Own::stance_up`].
fn stance(body: &super::Body, up: Vec3) -> ([f32; 4], Option<Vec3>) {
    let mut out = [0.0; 4];
    let paws: Vec<(usize, &super::Touch)> = crate::robot::kinematics::Leg::ALL
        .iter()
        .enumerate()
        .filter_map(|(p, &leg)| {
            body.touches
                .iter()
                .find(|t| t.part == super::Part::Paw(leg))
                .map(|t| (p, t))
        })
        .collect();
    let mut by_height = paws.clone();
    by_height.sort_by(|a, b| dot(a.1.at, up).total_cmp(&dot(b.1.at, up)));
    let [(_, a), (_, b), (_, c), (fourth, d)] = by_height.as_slice() else {
        return (out, None);
    };
    let n = cross(sub(b.at, a.at), sub(c.at, a.at));
    let length = dot(n, n).sqrt();
    if length < 1e-6 {
        return (out, None);
    }
    let toward_up = dot(n, up).signum();
    let n = n.map(|v| v / length * toward_up);
    if dot(n, up) < MAX_STANCE_TURN_DEG.to_radians().cos() {
        return (out, None);
    }
    let clear = body
        .touches
        .iter()
        .filter(|t| !t.part.is_paw())
        .all(|t| dot(sub(t.at, a.at), n) - t.radius + a.radius > CLEAR_MM);
    if !clear {
        return (out, None);
    }
    #[expect(clippy::cast_possible_truncation, reason = "millimetres")]
    let height = dot(sub(d.at, a.at), n).max(0.0) as f32;
    out[*fourth] = height;
    (out, Some(n))
}

/// Each keyframe of a motion whose ticks rest as `ticks` in its own frame: held as the
/// robot rested at the keyframe before (the first as its file's body angles hold it).
#[must_use]
pub fn own_keyframes(rig: &Rig, motion: &Motion, ticks: &[Rest]) -> Vec<Own> {
    let mut out = Vec::with_capacity(motion.keyframes.len());
    let mut at = 0u64;
    let mut up = up_from_body(motion.keyframes.body().first().copied().unwrap_or_default());
    for (k, keyframe) in motion.keyframes.iter().enumerate() {
        if k > 0 {
            at += segment_ticks(keyframe.frames);
        }
        out.push(own(rig, keyframe.angles_urad, up));
        // The next keyframe's pose is let go as the robot rests here.
        if let Some(rest) = usize::try_from(at).ok().and_then(|t| ticks.get(t)) {
            up = rest.up.map(f64::from);
        }
    }
    out
}

/// Fills each tick's [`Rest::lifted_mm`] and [`Rest::stance_up`]: each keyframe's own
/// ([`own_keyframes`]), drawn straight between keyframes as the joints are (a stance only
/// between two keyframes that both stand).
pub(super) fn fill_lifts(rig: &Rig, motion: &Motion, ticks: &mut [Rest]) {
    let own = own_keyframes(rig, motion, ticks);
    let mut start = 0u64;
    for (k, pair) in own.windows(2).enumerate() {
        let frames = motion.keyframes.frames().get(k + 1).copied().unwrap_or(0);
        let length = segment_ticks(frames);
        for i in 0..length {
            let Some(rest) = usize::try_from(start + i)
                .ok()
                .and_then(|t| ticks.get_mut(t))
            else {
                return;
            };
            #[expect(clippy::cast_precision_loss, reason = "a share of a segment")]
            let share = i as f32 / length as f32;
            let (a, b) = (&pair[0], &pair[1]);
            rest.lifted_mm =
                std::array::from_fn(|p| a.lifted_mm[p] + (b.lifted_mm[p] - a.lifted_mm[p]) * share);
            rest.stance_up = match (a.stance_up, b.stance_up) {
                (Some(a), Some(b)) => {
                    let s = f64::from(share);
                    let n: Vec3 = std::array::from_fn(|i| a[i] + (b[i] - a[i]) * s);
                    let length = dot(n, n).sqrt().max(1e-9);
                    #[expect(clippy::cast_possible_truncation, reason = "a unit vector")]
                    let up = n.map(|v| (v / length) as f32);
                    up
                }
                _ => [0.0; 3],
            };
        }
        start += length;
    }
}

/// A stretch of ticks over which the robot rests on a paw its pose lifts, as `paw-lifted`
/// reports it: over [`LIFTED_MM`] up in the pose, for at least [`LIFTED_MS`].
#[derive(Clone, Debug, PartialEq)]
pub struct Lifted {
    /// The paw.
    pub leg: crate::robot::kinematics::Leg,
    /// The ticks (`start..end`).
    pub ticks: std::ops::Range<usize>,
    /// The most the pose holds it up over the stretch (mm).
    pub most_mm: f32,
}

/// Whether at `rest` the robot rests on the paw `p` (`Leg::ALL` order; `part`, its part
/// index) where the pose holds it lifted.
fn stood_on(rest: &Rest, part: usize, p: usize) -> bool {
    rest.touches(part) && rest.lifted_mm[p] > LIFTED_MM
}

/// The stretch of `ticks` around tick `t` over which the robot rests on `paw` where its
/// pose lifts it, if that is long enough to report.
fn stretch_around(paw: Paw, ticks: &[Rest], t: usize) -> Option<Lifted> {
    let Paw { leg, part, p } = paw;
    let on = |r: &Rest| stood_on(r, part, p);
    if !on(ticks.get(t)?) {
        return None;
    }
    let start = ticks[..t].iter().rposition(|r| !on(r)).map_or(0, |i| i + 1);
    let end = ticks[t..]
        .iter()
        .position(|r| !on(r))
        .map_or(ticks.len(), |i| t + i);
    if ((end - start) as u64) * crate::robot::timing::TICK_MS < LIFTED_MS {
        return None;
    }
    let most_mm = ticks[start..end]
        .iter()
        .map(|r| r.lifted_mm[p])
        .fold(0.0, f32::max);
    Some(Lifted {
        leg,
        ticks: start..end,
        most_mm,
    })
}

/// A paw: its leg, its part index among the rig's parts, its place in `Leg::ALL`.
#[derive(Clone, Copy)]
struct Paw {
    leg: crate::robot::kinematics::Leg,
    part: usize,
    p: usize,
}

/// The paws the rig's `parts` have.
fn paws(parts: &[super::Part]) -> impl Iterator<Item = Paw> + '_ {
    crate::robot::kinematics::Leg::ALL
        .into_iter()
        .enumerate()
        .filter_map(|(p, leg)| {
            let part = parts.iter().position(|&q| q == super::Part::Paw(leg))?;
            Some(Paw { leg, part, p })
        })
}

/// Every stretch over which the robot rests on a paw its pose lifts, paw by paw.
#[must_use]
pub fn lifted_stretches(parts: &[super::Part], ticks: &[Rest]) -> Vec<Lifted> {
    let mut out = Vec::new();
    for paw in paws(parts) {
        let mut t = 0;
        while t < ticks.len() {
            match stretch_around(paw, ticks, t) {
                Some(stretch) => {
                    t = stretch.ticks.end;
                    out.push(stretch);
                }
                None => t += 1,
            }
        }
    }
    out
}

/// The reported stretch the tick `t` lies in, if any (the first paw's, where two are).
#[must_use]
pub fn lifted_at(parts: &[super::Part], ticks: &[Rest], t: usize) -> Option<Lifted> {
    paws(parts).find_map(|paw| stretch_around(paw, ticks, t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::floor::rig;
    use crate::robot::postures::new_motion;

    #[test]
    fn a_stand_lifts_no_paw_and_a_raised_paw_is_lifted_whatever_the_weight_does() {
        let motion = new_motion("DRX-1000", "stand").expect("a stand");
        let rig = rig(&motion).expect("a rig");
        let first = motion.keyframes.get(0).expect("a pose");
        let mut values = first.angles_urad.to_vec();
        let level = up_from_body(first.body_urad);
        let stand = own(&rig, &values, level).lifted_mm;
        assert!(stand.iter().all(|&mm| mm < 1.0), "{stand:?}");
        // The FR leg swung forward and its knee bent, the body where the stand has it: let
        // go, its weight tips it onto FR; held as the stand stood, FR is lifted.
        let joint = |name: &str| {
            motion
                .locators
                .iter()
                .position(|l| crate::robot::joint_name(&motion.design, l) == name)
                .expect("a joint")
        };
        values[joint("FR_LEG_VERT")] += crate::robot::deg_to_urad(30.0);
        values[joint("FR_LEG_KNEE")] += crate::robot::deg_to_urad(60.0);
        let lifted = own(&rig, &values, level).lifted_mm;
        assert!(lifted[2] > 30.0, "FR is third in Leg::ALL: {lifted:?}");
        for p in [0, 1, 3] {
            assert!(lifted[p] < 1.0, "{lifted:?}");
        }
    }

    #[test]
    fn a_sleep_on_its_belly_stands_on_no_paws() {
        let motion = new_motion("DRX-1000", "sleep").expect("a sleep");
        let rig = rig(&motion).expect("a rig");
        let first = motion.keyframes.get(0).expect("a pose");
        let held = own(&rig, first.angles_urad, up_from_body(first.body_urad));
        assert_eq!(held.lifted_mm, [0.0; 4]);
    }
}
