//! Joint speed checks: how far each joint moves from one 8 ms tick to the next in the exact
//! command stream, against the model's speed limits (`docs/formats/robots.md#servo-speeds`;
//! Sony's own tools refused to save motions faster than this), each segment's fastest step
//! worked out as [`super::speed_bound`] does; and what the servo does there
//! ([`super::servo`]): a note where it still reaches every keyframe, or where no step is
//! faster than Sony's own motions command that joint ([`sony_pace`]); a warning where not.

pub use super::speed_bound::fastest_step_urad;

use super::joints::JointInfo;
use super::joints::urad_to_deg;
use super::models::Model;
use super::speed_bound::{SpeedBound, for_each_too_fast, speed_bounds};
use super::timing;
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};

/// How far (degrees) the servo, following at its top speed, may be from a keyframe when the
/// robot reaches it and still do what the animator asked: a joint commanded too fast is
/// then a note; past it, a warning.
pub const MISS_DEG: f64 = 3.0;

/// How a speed note ends where the joint goes no faster than Sony's own motions take it
/// ([`sony_pace`]).
pub const AS_SONY_GOES: &str = "and the robot plays them";

/// The fastest step (degrees per 8 ms tick) Sony's own motions of `model` command the joint
/// `name` where that is faster than its published speed (`docs/formats/robots.md#servo-speeds`,
/// measured on Sony's motions in the test corpus): the walks made by Sony's walk engines go
/// three to eight times faster than the Motion Editor let a motion be saved, and played on
/// the robot. A motion no faster than this is a note, whatever the servo at its published
/// speed misses: what Sony's own walks do cannot be called wrong. None where Sony's own
/// motions stay within the published speed (the head, the mouth, the tail). Each is the
/// fastest step measured, rounded up a little for the microradians the files store.
#[must_use]
pub fn sony_pace(model: Model, name: &str) -> Option<f64> {
    match (model, name) {
        (Model::Ers7, "FL_LEG_KNEE" | "BL_LEG_KNEE" | "FR_LEG_KNEE" | "BR_LEG_KNEE") => Some(13.0),
        (Model::Ers7, "FL_LEG_VERT" | "BL_LEG_VERT" | "FR_LEG_VERT" | "BR_LEG_VERT") => Some(5.95),
        (Model::Ers210, "FL_LEG_KNEE" | "BL_LEG_KNEE" | "FR_LEG_KNEE" | "BR_LEG_KNEE") => {
            Some(19.95)
        }
        (Model::Ers210, "FL_LEG_VERT" | "BL_LEG_VERT" | "FR_LEG_VERT" | "BR_LEG_VERT") => Some(8.1),
        (Model::Ers210, "FL_LEG_LAT" | "BL_LEG_LAT" | "FR_LEG_LAT" | "BR_LEG_LAT") => Some(6.7),
        _ => None,
    }
}

/// The most the joint `info` of `model` may move in one 8 ms tick (degrees) and the speed
/// check say no more than a note: its published speed, or the pace Sony's own motions take
/// it at ([`sony_pace`]) where that is faster. None where the model gives it no speed.
#[must_use]
pub fn played_step_deg(model: Model, info: &JointInfo) -> Option<f64> {
    let speed = info.speed?;
    #[expect(clippy::cast_precision_loss, reason = "8 ms")]
    let published = speed.deg * timing::TICK_MS as f64 / f64::from(speed.per_ms);
    Some(sony_pace(model, info.name).map_or(published, |pace| pace.max(published)))
}

/// Speed problems of a motion, one per joint that exceeds its limit: where it first does,
/// how fast, and how often; a warning where the servo misses a keyframe by more than
/// [`MISS_DEG`] and a step is faster than Sony's own motions go ([`sony_pace`]), else a note
/// of how far it lags.
#[must_use]
pub fn check_speeds(motion: &Motion, offsets: &Offsets, model: Model) -> Vec<Problem> {
    let keyframes = &motion.keyframes;
    if keyframes.len() < 2 || keyframes.joint_count() == 0 {
        return Vec::new();
    }
    let bounds = speed_bounds(motion, model);
    if bounds.is_empty() {
        return Vec::new();
    }
    let times = timing::keyframe_times_ms(keyframes);
    let mut problems = Vec::new();
    for bound in bounds {
        let mut first = None;
        let mut count = 0usize;
        let mut worst = 0i64;
        for_each_too_fast(keyframes, &bound, |k, step| {
            count += 1;
            first.get_or_insert((k, step));
            worst = worst.max(step);
        });
        let Some((k, step)) = first else {
            continue;
        };
        let SpeedBound {
            joint, name, limit, ..
        } = bound;
        let unit_ticks = f64::from(limit.per_ms) / timing::TICK_MS as f64;
        let shown = |urad: i64| urad_to_deg(i32::try_from(urad).unwrap_or(i32::MAX)) * unit_ticks;
        let more = if count > 1 {
            format!(
                "; {count} segments are too fast, the fastest at {:.2}° per {} ms",
                shown(worst),
                limit.per_ms
            )
        } else {
            String::new()
        };
        let moves = format!(
            "{name} moves {:.2}° per {} ms at {} ms (into keyframe {k}); the {} can do {:.2}° \
             per {} ms{more}",
            shown(step),
            limit.per_ms,
            times[k - 1],
            model.name(),
            limit.deg,
            limit.per_ms
        );
        // What it does on the robot: the servo follows at its top speed. Where it reaches
        // every keyframe within MISS_DEG, the robot does what was asked, a little late.
        let enough = i64::from(super::deg_to_urad(MISS_DEG));
        let (missed, miss) =
            super::servo::largest_miss(motion, &bound, &times, enough).unwrap_or((k, 0));
        let sony = sony_pace(model, name)
            .filter(|&deg| worst <= i64::from(super::deg_to_urad(deg)))
            .map(|deg| {
                format!(
                    "; Sony's own {} motions command it as fast (up to {:.2}° per {} ms) \
                     {AS_SONY_GOES}",
                    model.name(),
                    deg * unit_ticks,
                    limit.per_ms
                )
            });
        let (severity, at, said) = verdict(
            (
                missed,
                miss > enough,
                urad_to_deg(i32::try_from(miss).unwrap_or(i32::MAX)),
            ),
            &times,
            &moves,
            sony,
        );
        let at = at.unwrap_or(k);
        let problem = Problem::new(
            severity,
            crate::robot::codes::JOINT_SPEED,
            offsets.angle(at, joint),
            said,
        )
        .at_time(times[at - 1]);
        problems.push(problem.of_joint(joint));
    }
    problems
}

/// A speed problem's severity, the keyframe it points into (None: the first too-fast
/// segment's) and its words, from the keyframe the servo misses most (`missed`, whether by
/// more than [`MISS_DEG`], by how much), what the joint does (`moves`) and, where it goes no
/// faster than Sony's own motions, what they do (`sony`).
fn verdict(
    (missed, too_far, miss_deg): (usize, bool, f64),
    times: &[u64],
    moves: &str,
    sony: Option<String>,
) -> (Severity, Option<usize>, String) {
    match (too_far, sony) {
        (true, Some(sony)) => (
            Severity::Info,
            None,
            format!(
                "at its published speed the servo would miss keyframe {missed} ({} ms) by \
                 {miss_deg:.1}°: {moves}{sony}",
                times[missed]
            ),
        ),
        (true, None) => (
            Severity::Warning,
            Some(missed.max(1)),
            format!(
                "the servo misses keyframe {missed} ({} ms) by {miss_deg:.1}°: {moves}",
                times[missed]
            ),
        ),
        (false, _) => {
            // At the keyframes: between them the servo falls further behind and catches up
            // (a lag of "0.0°" beside a speed over the servo's read as a contradiction).
            let reaches = if miss_deg < 0.05 {
                "the servo falls behind between keyframes and catches up by each one".to_owned()
            } else {
                format!(
                    "the servo falls behind between keyframes and reaches each one within \
                     {miss_deg:.1}° (at most {MISS_DEG}° is a note)"
                )
            };
            (Severity::Info, None, format!("{reaches}: {moves}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_joint_plays_at_sonys_pace_where_that_is_faster_than_its_published_speed() {
        let joint = |model: Model, name: &str| {
            model
                .joints()
                .iter()
                .find(|j| j.name == name)
                .copied()
                .expect("the joint")
        };
        let knee = joint(Model::Ers7, "FL_LEG_KNEE");
        assert_eq!(played_step_deg(Model::Ers7, &knee), Some(13.0));
        // The ERS-210's table is per 16 ms frame: its published step per tick is half.
        let head = joint(Model::Ers210, "HEAD_PITCH");
        assert_eq!(played_step_deg(Model::Ers210, &head), Some(1.93 / 2.0));
        let lat = joint(Model::Ers7, "FL_LEG_LAT");
        assert_eq!(played_step_deg(Model::Ers7, &lat), Some(2.42));
    }
}
