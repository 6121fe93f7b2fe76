//! Convert a motion between models (ERS-210/220 <-> ERS-7, ERS-110 -> either): joints by
//! friendly name, values clamped to the target's limits, joints the target lacks dropped,
//! joints the source lacks taken from the target's stand posture; with `keep_feet`, each
//! leg's angles solved so the paw keeps its place relative to its shoulder (so the body's
//! height above the ground and the stance stay) in spite of the other leg lengths.

use super::common::{OpError, Outcome, design_of};
use crate::codec::mtn::{Keyframes, Motion};
use crate::robot::kinematics::{Geometry, Leg, geometry, leg_points};
use crate::robot::leg_ik::{Ranges, solve_leg};
use crate::robot::postures::{posture, values_for};
use crate::robot::{JointInfo, Model, deg_to_urad, parse_design, urad_to_deg};
use crate::words::plural;

/// The leg joints' names for each leg, J1 J2 J3.
fn leg_names(leg: Leg) -> [&'static str; 3] {
    match leg {
        Leg::LeftFront => ["FL_LEG_VERT", "FL_LEG_LAT", "FL_LEG_KNEE"],
        Leg::LeftHind => ["BL_LEG_VERT", "BL_LEG_LAT", "BL_LEG_KNEE"],
        Leg::RightFront => ["FR_LEG_VERT", "FR_LEG_LAT", "FR_LEG_KNEE"],
        Leg::RightHind => ["BR_LEG_VERT", "BR_LEG_LAT", "BR_LEG_KNEE"],
    }
}

fn supported(from: Model, to: Model) -> Result<(), super::common::Unmapped> {
    use super::common::Unmapped;
    use Model::{Ers7, Ers110, Ers210, Ers310};
    match (from, to) {
        (Ers210, Ers7) | (Ers7, Ers210) | (Ers110, Ers7 | Ers210) => Ok(()),
        (a, b) if a == b => Err(Unmapped::SameModel),
        (Ers310, _) | (_, Ers310) => Err(Unmapped::Ers310),
        (_, Ers110) => Err(Unmapped::FromErs110),
        _ => Err(Unmapped::NoMapping),
    }
}

/// A value within a joint's limit (a binary joint's nearer end), and whether it moved.
fn clamp(info: &JointInfo, value: i32) -> i32 {
    let Some(limit) = info.limit else {
        return value;
    };
    if limit.binary {
        limit.nearer_end_urad(value)
    } else {
        value.clamp(deg_to_urad(limit.min_deg), deg_to_urad(limit.max_deg))
    }
}

/// What happened to one target joint's values, for the notes.
#[derive(Default)]
struct Clamped {
    count: usize,
    worst_urad: i64,
}

/// The motion converted to the model of `label`.
///
/// # Errors
/// An unknown source or target label, a pair of models without a mapping.
pub fn retarget(motion: &Motion, label: &str, keep_feet: bool) -> Result<Outcome, OpError> {
    let source = design_of(motion)?;
    let target = parse_design(label).ok_or_else(|| OpError::UnknownModel(label.to_owned()))?;
    supported(source.model, target.model).map_err(|why| OpError::Retarget {
        from: source.model.name().to_owned(),
        to: target.model.name().to_owned(),
        why,
    })?;
    let source_names = super::common::joint_names(motion, source.model)?;
    let joints: Vec<&'static JointInfo> = target.allowed_joints().map(|(_, j)| j).collect();
    let locators: Vec<String> = joints.iter().map(|j| j.locator.to_owned()).collect();
    let mut out = Motion::new(&motion.name, &motion.creator, label, locators);
    out.version = motion.version;
    let stand = posture(target.model, "stand").map(|p| values_for(&out, p));
    let mut notes = Vec::new();
    let (columns, filled) = target_columns(&joints, &source_names, stand.as_deref());
    let dropped: Vec<&str> = source_names
        .iter()
        .filter(|n| !joints.iter().any(|j| j.name == **n))
        .copied()
        .collect();
    let width = joints.len();
    let (mut rows, clamped) = clamped_rows(motion, &columns, &joints);
    let feet = keep_feet.then(|| Feet::new(source.model, target.model, &source_names, &joints));
    let paw_error = feet
        .as_ref()
        .and_then(|feet| keep_paws(feet, motion, &mut rows, width));
    let mut keyframes = Keyframes::with_capacity(width, motion.keyframes.len());
    for (keyframe, row) in motion.keyframes.iter().zip(rows.chunks_exact(width.max(1))) {
        // One value per target joint: the rows were built for them.
        keyframes.push(keyframe.frames, keyframe.body_urad, row)?;
    }
    out.keyframes = keyframes;
    if !dropped.is_empty() {
        notes.push(format!(
            "dropped (the {} has none): {}",
            target.model.name(),
            dropped.join(", ")
        ));
    }
    if !filled.is_empty() {
        notes.push(format!(
            "not in the source, set from the {} stand posture: {}",
            target.model.name(),
            filled.join(", ")
        ));
    }
    let solved: Vec<usize> = feet
        .iter()
        .flat_map(|f| f.legs.iter().flat_map(|c| c.target))
        .collect();
    clamp_notes(&mut notes, &joints, &clamped, &solved);
    if let Some(worst) = paw_error {
        notes.push(paw_note(worst, target.model));
    }
    Ok(Outcome { motion: out, notes })
}

/// For each target joint: the source column it takes, or its fixed value (the target's
/// stand posture, within its limit); with the joints so filled, as the notes say them.
fn target_columns(
    joints: &[&'static JointInfo],
    source_names: &[&str],
    stand: Option<&[Option<i32>]>,
) -> (Vec<Result<usize, i32>>, Vec<String>) {
    let mut filled = Vec::new();
    let columns = joints
        .iter()
        .enumerate()
        .map(|(i, info)| {
            if let Some(at) = source_names.iter().position(|&n| n == info.name) {
                return Ok(at);
            }
            let value = stand.and_then(|s| s[i]).unwrap_or(0);
            let value = clamp(info, value);
            filled.push(format!("{} {:.1}°", info.name, urad_to_deg(value)));
            Err(value)
        })
        .collect();
    (columns, filled)
}

/// Every keyframe's values for the target joints, one row after another, each within its
/// joint's limit; with what was clamped for each joint.
fn clamped_rows(
    motion: &Motion,
    columns: &[Result<usize, i32>],
    joints: &[&'static JointInfo],
) -> (Vec<i32>, Vec<Clamped>) {
    let mut clamped: Vec<Clamped> = joints.iter().map(|_| Clamped::default()).collect();
    let width = joints.len();
    let mut rows = vec![0; width * motion.keyframes.len()];
    for (keyframe, row) in motion
        .keyframes
        .iter()
        .zip(rows.chunks_exact_mut(width.max(1)))
    {
        for ((slot, column), (info, tally)) in row
            .iter_mut()
            .zip(columns)
            .zip(joints.iter().zip(&mut clamped))
        {
            *slot = match *column {
                Ok(at) => {
                    let raw = keyframe.angles_urad[at];
                    let value = clamp(info, raw);
                    if value != raw {
                        tally.count += 1;
                        tally.worst_urad = tally
                            .worst_urad
                            .max((i64::from(raw) - i64::from(value)).abs());
                    }
                    value
                }
                Err(value) => value,
            };
        }
    }
    (rows, clamped)
}

/// Solves the legs of every row so each paw keeps its place; the worst paw (its distance,
/// keyframe and leg; the first keyframe among equals) and how many paws are out of reach.
/// The legs of each keyframe are solved on their own: on every core.
fn keep_paws(
    feet: &Feet,
    motion: &Motion,
    rows: &mut [i32],
    width: usize,
) -> Option<(f64, usize, Leg, usize)> {
    use rayon::prelude::*;
    let source_rows = motion.keyframes.angles();
    let source_width = motion.keyframes.joint_count().max(1);
    rows.par_chunks_exact_mut(width.max(1))
        .zip(source_rows.par_chunks_exact(source_width))
        .enumerate()
        .flat_map_iter(|(k, (row, source))| {
            feet.solve(source, row)
                .into_iter()
                .map(move |(leg, error)| (error, k, leg, usize::from(error > REACHED_MM)))
        })
        // The worst paw (the first keyframe among equals), and how many are out of reach.
        .reduce_with(|a, b| {
            let beyond = a.3 + b.3;
            if b.0 > a.0 || (b.0 == a.0 && b.1 < a.1) {
                (b.0, b.1, b.2, beyond)
            } else {
                (a.0, a.1, a.2, beyond)
            }
        })
}

/// Adds a note for each joint whose values were clamped to its limit (but the legs'
/// `solved` columns, whose values the solver chose).
fn clamp_notes(
    notes: &mut Vec<String>,
    joints: &[&'static JointInfo],
    clamped: &[Clamped],
    solved: &[usize],
) {
    for (i, (info, tally)) in joints.iter().zip(clamped).enumerate() {
        if tally.count > 0
            && !solved.contains(&i)
            && let Some(limit) = info.limit
        {
            notes.push(format!(
                "{}: {} clamped to {}..{}°, by up to {:.1}°",
                info.name,
                plural(tally.count, "value", "values"),
                limit.min_deg,
                limit.max_deg,
                urad_to_deg(i32::try_from(tally.worst_urad).unwrap_or(i32::MAX))
            ));
        }
    }
}

/// The note on how well the paws kept their place: the worst paw, and how many lie beyond
/// the `target` model's reach.
fn paw_note((error, k, leg, limited): (f64, usize, Leg, usize), target: Model) -> String {
    let why = if limited > 0 {
        format!(
            "; {} beyond the {}'s reach (its joint limits or leg lengths)",
            plural(limited, "paw position lies", "paw positions lie"),
            target.name()
        )
    } else {
        String::new()
    };
    format!(
        "paws kept within {error:.2} mm of their place (largest at keyframe {k}, {}){why}",
        leg_names(leg)[0].split('_').next().unwrap_or_default()
    )
}

/// A paw closer than this (mm) to its place has reached it: the solver stops at 0.0001 mm,
/// and microradian rounding of the angles moves a paw by well under 0.001 mm.
pub const REACHED_MM: f64 = 0.01;

/// How far one paw of a retargeted keyframe is from where the source put it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PawError {
    /// The keyframe.
    pub keyframe: usize,
    /// The leg.
    pub leg: Leg,
    /// The distance in mm.
    pub error_mm: f64,
    /// Whether a joint of the leg sits at the target's limit (within 0.01°).
    pub at_limit: bool,
}

/// Each paw's distance from its place (relative to its shoulder) after retargeting `source`
/// into `result`, for every keyframe and every leg both motions have whole.
#[must_use]
pub fn paw_report(source: &Motion, result: &Motion) -> Vec<PawError> {
    let (Some(from), Some(to)) = (parse_design(&source.design), parse_design(&result.design))
    else {
        return Vec::new();
    };
    let (Ok(src_names), Ok(dst_names)) = (
        super::common::joint_names(source, from.model),
        super::common::joint_names(result, to.model),
    ) else {
        return Vec::new();
    };
    let infos: Vec<&'static JointInfo> = dst_names
        .iter()
        .filter_map(|n| to.model.joints().iter().find(|j| j.name == *n))
        .collect();
    let feet = Feet::new(from.model, to.model, &src_names, &infos);
    let mut report = Vec::new();
    for (k, (a, b)) in source
        .keyframes
        .iter()
        .zip(result.keyframes.iter())
        .enumerate()
    {
        for c in &feet.legs {
            let goal = feet.goal(c, a.angles_urad);
            let q = c.target.map(|at| urad_to_deg(b.angles_urad[at]));
            let paw = leg_points(&feet.to, c.leg, q[0], q[1], q[2])[2];
            let error_mm = (0..3)
                .map(|i| (paw[i] - goal[i]).powi(2))
                .sum::<f64>()
                .sqrt();
            let at_limit = q
                .iter()
                .zip(&c.ranges)
                .any(|(v, [lo, hi])| (v - lo).abs() < 0.01 || (v - hi).abs() < 0.01);
            report.push(PawError {
                keyframe: k,
                leg: c.leg,
                error_mm,
                at_limit,
            });
        }
    }
    report
}

/// Where a leg's columns are in the source and target rows.
struct LegColumns {
    leg: Leg,
    source: [usize; 3],
    target: [usize; 3],
    ranges: Ranges,
}

/// The leg solver for one pair of models.
struct Feet {
    from: Geometry,
    to: Geometry,
    legs: Vec<LegColumns>,
}

impl Feet {
    /// Where the target's paw should be: the source paw's offset from its shoulder, from
    /// the target's shoulder.
    fn goal(&self, c: &LegColumns, source: &[i32]) -> [f64; 3] {
        let q = c.source.map(|at| urad_to_deg(source[at]));
        let points = leg_points(&self.from, c.leg, q[0], q[1], q[2]);
        let (shoulder, paw) = (points[0], points[2]);
        let to_shoulder = leg_points(&self.to, c.leg, 0.0, 0.0, 0.0)[0];
        [
            to_shoulder[0] + paw[0] - shoulder[0],
            to_shoulder[1] + paw[1] - shoulder[1],
            to_shoulder[2] + paw[2] - shoulder[2],
        ]
    }

    fn new(from: Model, to: Model, source: &[&str], joints: &[&'static JointInfo]) -> Self {
        let legs = Leg::ALL
            .into_iter()
            .filter_map(|leg| {
                let names = leg_names(leg);
                let find_source = |n: &str| source.iter().position(|s| *s == n);
                let find_target = |n: &str| joints.iter().position(|j| j.name == n);
                let mut columns = LegColumns {
                    leg,
                    source: [0; 3],
                    target: [0; 3],
                    ranges: [[-180.0, 180.0]; 3],
                };
                for (j, name) in names.iter().enumerate() {
                    columns.source[j] = find_source(name)?;
                    columns.target[j] = find_target(name)?;
                    if let Some(limit) = joints[columns.target[j]].limit {
                        columns.ranges[j] = [limit.min_deg, limit.max_deg];
                    }
                }
                Some(columns)
            })
            .collect();
        Self {
            from: geometry(from),
            to: geometry(to),
            legs,
        }
    }

    /// Solves each leg of one keyframe into `row` (whose leg values are the start guess);
    /// returns each leg's remaining paw error in mm.
    fn solve(&self, source: &[i32], row: &mut [i32]) -> Vec<(Leg, f64)> {
        self.legs
            .iter()
            .map(|c| {
                let goal = self.goal(c, source);
                let guess = c.target.map(|at| urad_to_deg(row[at]));
                let (found, error) = solve_leg(&self.to, c.leg, goal, guess, &c.ranges);
                for (at, value) in c.target.iter().zip(found) {
                    row[*at] = deg_to_urad(value);
                }
                (c.leg, error)
            })
            .collect()
    }
}
