//! Joint limits: which keyframes take a joint outside what its model allows. Run on every
//! decode (the command line's `check`, the editor after each edit), so on the largest motion
//! it is one pass over the keyframe rows, with the bounds worked out once per joint and no
//! allocation per keyframe.

use super::joints::{LimitSource, urad_to_deg};
use super::models::Design;
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};

pub(super) mod bounds;
mod tally;

use bounds::{LIMIT_SLACK_DEG, limit_bounds};
use tally::tallies;

/// Where Sony's own motions take a joint past its published limit
/// (`docs/formats/robots.md#joint-limits`: Sony's own ERS-7 data goes a little past some, head
/// pan to +-90, knees to 125, tail pan to +-55): a value out of the limit but within this is a
/// note, not a warning. The lower ends stay the published ones where only the upper was seen
/// exceeded.
#[must_use]
pub fn sony_reach(model: super::Model, name: &str) -> Option<(f64, f64)> {
    if model != super::Model::Ers7 {
        return None;
    }
    match name {
        "HEAD_YAW" => Some((-90.0, 90.0)),
        "FL_LEG_KNEE" | "BL_LEG_KNEE" | "FR_LEG_KNEE" | "BR_LEG_KNEE" => Some((-25.0, 125.0)),
        "TAIL_HORZ" => Some((-55.0, 55.0)),
        _ => None,
    }
}

/// Where the servo of the joint at `locator` stops (degrees, low and high): its limit, or
/// as far beyond it as Sony's own motions take it ([`sony_reach`]). None for a joint of no
/// known limit. The simulation's servos stop there, and the body at rest and the stage
/// draw a command beyond as the robot takes it: at the stop.
#[must_use]
pub fn servo_stops(model: super::Model, locator: &str) -> Option<(f64, f64)> {
    let (_, info) = model.joint_by_locator(locator)?;
    let limit = info.limit?;
    Some(
        sony_reach(model, info.name).map_or((limit.min_deg, limit.max_deg), |(low, high)| {
            (low.min(limit.min_deg), high.max(limit.max_deg))
        }),
    )
}

/// Warns of each joint of `motion` that goes outside its limit under `design`: the first
/// keyframe that does, how many do and the furthest value.
pub(super) fn check_limits(
    motion: &Motion,
    offsets: &Offsets,
    design: &Design,
    problems: &mut Vec<Problem>,
) {
    let model = design.model;
    let keyframes = &motion.keyframes;
    let joint_count = keyframes.joint_count();
    let bounds = limit_bounds(motion, model);
    if bounds.is_empty() || joint_count == 0 {
        return;
    }
    let tallies = tallies(keyframes.angles(), joint_count, &bounds);
    // Times are only needed when something is out of range.
    let times = if tallies.iter().any(|t| t.first.is_some()) {
        super::timing::keyframe_times_ms(keyframes)
    } else {
        Vec::new()
    };
    for (bound, tally) in bounds.iter().zip(&tallies) {
        let Some((first, first_value)) = tally.first else {
            continue;
        };
        // The problem is placed where the joint goes furthest (its first keyframe there):
        // what makes it a warning, and where "go to" should take the animator.
        let keyframe = keyframes
            .angles()
            .iter()
            .skip(bound.joint)
            .step_by(joint_count)
            .position(|&v| v == tally.worst_value)
            .unwrap_or(first);
        let value = if keyframe == first {
            first_value
        } else {
            tally.worst_value
        };
        let Some(limit) = bound.info.limit else {
            continue;
        };
        let range = if limit.binary {
            format!("only {}° or {}°", limit.min_deg, limit.max_deg)
        } else {
            format!("{}° to {}°", limit.min_deg, limit.max_deg)
        };
        let source = match limit.source {
            LimitSource::Published => format!("the {} limit is {range}", model.name()),
            LimitSource::Observed => format!(
                "Sony's own {} motions stay within {range} (no limits were published)",
                model.name()
            ),
        };
        let more = match tally.count {
            0 | 1 => String::new(),
            count if keyframe == first => {
                format!("; {count} keyframes are out of range, this one the furthest")
            }
            count => format!(
                "; {count} keyframes are out of range, the first at keyframe {first} \
                 ({:.1}°)",
                urad_to_deg(first_value)
            ),
        };
        // Past the limit, but no further than Sony's own motions go: worth knowing.
        let worst = urad_to_deg(tally.worst_value);
        // Where the servo stops is beyond the published limit for these joints: both
        // numbers are said together, so the stage's drawing at the stop reads as the same
        // fact (a review saw "limit 122°" here and a knee drawn at 125° there).
        let reach = sony_reach(model, bound.info.name);
        let within_sony = reach.filter(|&(low, high)| {
            (low - LIMIT_SLACK_DEG..=high + LIMIT_SLACK_DEG).contains(&worst)
        });
        let (severity, reach) = match (within_sony, reach) {
            (Some((low, high)), _) => (
                Severity::Info,
                format!(
                    "; Sony's own motions go as far ({low}° to {high}°, where its servo stops), \
                     so this is a note"
                ),
            ),
            (None, Some((low, high))) => (
                Severity::Warning,
                format!(
                    "; its servo stops at {low}° and {high}° (as far as Sony's own motions go), \
                     so the robot holds it there"
                ),
            ),
            (None, None) => (Severity::Warning, String::new()),
        };
        let problem = Problem::new(
            severity,
            crate::robot::codes::JOINT_LIMIT,
            offsets.angle(keyframe, bound.joint),
            format!(
                "{} is {:.1}° at keyframe {keyframe}; {source}{more}{reach}",
                bound.info.name,
                urad_to_deg(value)
            ),
        );
        let problem = problem.of_joint(bound.joint);
        problems.push(match times.get(keyframe) {
            Some(&time_ms) => problem.at_time(time_ms),
            None => problem,
        });
    }
}
