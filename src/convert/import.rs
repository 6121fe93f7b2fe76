//! Body motions and key-pose sequences onto an AIBO: joints mapped ([`super::map`]), dense
//! frames reduced to keyframes ([`super::reduce`]).

use super::error::Refusal;
use super::map::{MapEntry, design_label, targets};
use super::reduce::{Method, Source, reduce_source, to_urad, total_error};
use crate::codec::mtn::Motion;
use crate::codec::pseq::PoseSeq;
use crate::codec::seq::BodyMotion;
use crate::robot::timing::FRAME_MS;

/// The longest body motion imported: an hour (a 16 ms grid of 225,000 rows per joint); real
/// motions last seconds to minutes.
pub const MAX_IMPORT_MS: u64 = 3_600_000;

/// The most cells (16 ms frames x joints) of the grid an import reduces: 2^24, an hour of 74
/// joints.
pub const MAX_GRID_CELLS: u64 = 1 << 24;

/// How to bring a body motion onto an AIBO.
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// The design label (`DRX-1000`); else the one the file names.
    pub design: Option<String>,
    /// Which source part drives each AIBO joint, by joint name or locator, with a scale and
    /// offset (`FL_LEG_KNEE = 3 * -1 + 10`), the joints it leaves out holding the stand
    /// posture; else the file's own names, else by order.
    pub map: Option<Vec<MapEntry>>,
    /// The tolerance in degrees.
    pub tolerance_deg: f64,
    /// The motion name to give the result.
    pub name: String,
}

/// What the reduction achieved.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportReport {
    /// Keyframes made.
    pub keyframes: usize,
    /// The largest difference from any source frame, any joint, in degrees.
    pub max_error_deg: f64,
    /// Mapping decisions and anything dropped.
    pub notes: Vec<String>,
}

/// Imports a key-pose sequence as an MTN motion: one keyframe per pose, its time rounded to
/// the 16 ms grid; joints a pose does not set keep their previous value (0 at first).
///
/// # Errors
/// As [`body_to_mtn`]; or no poses.
pub fn pseq_to_mtn(
    seq: &PoseSeq,
    options: &ImportOptions,
) -> Result<(Motion, ImportReport), Refusal> {
    let label = design_label(options.design.as_deref(), seq.design.as_deref())?;
    let Some(first) = seq.poses.first() else {
        return Err(Refusal::NoPoses);
    };
    let parts = seq
        .poses
        .iter()
        .flat_map(|p| p.joints.iter().map(|(i, _)| i + 1))
        .max()
        .unwrap_or(0)
        .max(seq.locators.len());
    let mut notes = Vec::new();
    let (locators, drives) = targets(
        &label,
        options.design.as_deref(),
        options.map.as_deref(),
        &seq.locators,
        seq.design.as_deref(),
        parts,
        &mut notes,
    )?;
    if first.time > 0.0 {
        notes.push(format!(
            "the first pose is at {} s; the motion starts with it at 0",
            first.time
        ));
    }
    // The sequence's own name when it is a valid chunk name (an mtn-studio export's is).
    let name = if crate::robot::chunk_name::parse(&seq.name).is_some() {
        &seq.name
    } else {
        &options.name
    };
    let mut motion = Motion::new(name, "mtn-studio", &label, locators);
    let mut current = vec![0.0; parts];
    let mut rows: Vec<(u64, Vec<i32>)> = Vec::new();
    let mut moved_ms: f64 = 0.0;
    for pose in &seq.poses {
        for &(index, value) in &pose.joints {
            if let Some(slot) = current.get_mut(index) {
                *slot = value;
            }
        }
        let ms = (pose.time - first.time) * 1000.0;
        let frame_f = (ms / FRAME_MS as f64).round();
        moved_ms = moved_ms.max((frame_f * FRAME_MS as f64 - ms).abs());
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "ms >= 0"
        )]
        let frame = frame_f.min(f64::from(u32::MAX) / 2.0) as u64;
        let row: Vec<i32> = drives
            .iter()
            .map(|d| to_urad(d.value(&current) * 1e6))
            .collect();
        match rows.last_mut() {
            Some((last, values)) if *last == frame => {
                notes.push(format!(
                    "two poses fall on the same 16 ms frame at {} s; the later one is kept",
                    pose.time
                ));
                *values = row;
            }
            _ => rows.push((frame, row)),
        }
    }
    let mut previous = 0;
    for (k, (frame, row)) in rows.iter().enumerate() {
        let frames = if k == 0 {
            0
        } else {
            u32::try_from(frame - previous - 1).map_err(|_| Refusal::PoseTooFar {
                time_s: *frame as f64 * FRAME_MS as f64 / 1000.0,
            })?
        };
        motion.keyframes.push(frames, [0; 3], row)?;
        previous = *frame;
    }
    if moved_ms > 0.5 {
        notes.push(format!(
            "pose times moved by up to {moved_ms:.1} ms onto the 16 ms grid"
        ));
    }
    Ok((
        motion,
        ImportReport {
            keyframes: rows.len(),
            max_error_deg: 0.0,
            notes,
        },
    ))
}

/// Imports a body motion as an MTN motion for an AIBO.
///
/// # Errors
/// No design label (the file names none and none was given), an unknown label, a mapping
/// that names an unknown joint or a part the file lacks, or an empty motion.
pub fn body_to_mtn(
    body: &BodyMotion,
    options: &ImportOptions,
) -> Result<(Motion, ImportReport), Refusal> {
    let label = design_label(options.design.as_deref(), body.design.as_deref())?;
    if body.frame_count() == 0 {
        return Err(Refusal::NoFrames);
    }
    // The reduction works on a 16 ms grid of every joint: bound it, whatever the frame rate.
    let duration_ms = (body.frame_count() - 1) as f64 * 1000.0 / body.frame_rate;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "saturates (NaN as 0); only said in a refusal"
    )]
    let said_ms = duration_ms as u64;
    if duration_ms.is_nan() || duration_ms > MAX_IMPORT_MS as f64 {
        return Err(Refusal::TooLong {
            duration_ms: said_ms,
            max_ms: MAX_IMPORT_MS,
        });
    }
    let mut notes = Vec::new();
    let (locators, drives) = targets(
        &label,
        options.design.as_deref(),
        options.map.as_deref(),
        &body.locators,
        body.design.as_deref(),
        body.parts,
        &mut notes,
    )?;
    // The grid holds every joint at every 16 ms frame: bound it too (many named parts).
    let rows = duration_ms / FRAME_MS as f64 + 2.0;
    if rows * locators.len() as f64 > MAX_GRID_CELLS as f64 {
        return Err(Refusal::TooLarge {
            joints: locators.len(),
            duration_ms: said_ms,
        });
    }
    let source = Source {
        rate: body.frame_rate,
        joints: locators.len(),
        values: (0..body.frame_count())
            .flat_map(|f| {
                let frame = body.frame(f);
                drives.iter().map(move |d| d.value(frame) * 1e6)
            })
            .collect(),
    };
    let (keys, grid) = reduce_source(&source, options.tolerance_deg, Method::Greedy);
    let max_error_deg = total_error(&source, &grid, &keys).to_degrees() / 1e6;
    let mut motion = Motion::new(&options.name, "mtn-studio", &label, locators);
    let root_at = |k: usize| -> [i32; 3] {
        if body.root.is_empty() {
            return [0; 3];
        }
        let t = (k as u64 * FRAME_MS) as f64;
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "t >= 0"
        )]
        let f = ((t * body.frame_rate / 1000.0).round() as usize).min(body.root.len() - 1);
        let r = body.root[f];
        [
            to_urad(r[3] * 1e6),
            to_urad(r[4] * 1e6),
            to_urad(r[5] * 1e6),
        ]
    };
    let mut previous = 0;
    for (i, &k) in keys.iter().enumerate() {
        let frames = if i == 0 {
            0
        } else {
            u32::try_from(k - previous - 1).unwrap_or(0)
        };
        motion.keyframes.push(frames, root_at(k), &grid[k])?;
        previous = k;
    }
    Ok((
        motion,
        ImportReport {
            keyframes: keys.len(),
            max_error_deg,
            notes,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::{DEFAULT_FPS, export::mtn_to_body};
    use crate::example::stand_to_sit;
    use crate::robot::timing::{self, TICK_MS};

    fn options(tolerance_deg: f64) -> ImportOptions {
        ImportOptions {
            design: None,
            map: None,
            tolerance_deg,
            name: "a_stand#sit_example".into(),
        }
    }

    #[test]
    fn an_exported_motion_imports_back_to_its_keyframes_within_the_tolerance() {
        let motion = stand_to_sit();
        let body = mtn_to_body(&motion, DEFAULT_FPS).unwrap_or_else(|e| panic!("{e}"));
        let text = crate::codec::seq::write(&body, crate::codec::seq::Version::V2, None);
        let read = crate::codec::seq::read(&text).unwrap_or_else(|e| panic!("{e}"));
        let (back, report) = body_to_mtn(&read, &options(0.5)).unwrap_or_else(|e| panic!("{e}"));
        assert!(report.max_error_deg <= 0.5, "{report:?}");
        assert_eq!(back.locators, motion.locators);
        assert_eq!(back.design, motion.design);
        assert_eq!(
            timing::duration_ms(&back.keyframes),
            timing::duration_ms(&motion.keyframes)
        );
        // The original keyframes are linear segments, so no more are needed than it has.
        assert!(back.keyframes.len() <= motion.keyframes.len(), "{report:?}");
        // Every original keyframe is matched within the tolerance by the replay.
        let times = timing::keyframe_times_ms(&motion.keyframes);
        let back_times = timing::keyframe_times_ms(&back.keyframes);
        for (k, &t) in times.iter().enumerate() {
            let values = timing::values_at_tick_in(&back.keyframes, &back_times, t / TICK_MS)
                .unwrap_or_else(|| {
                    back.keyframes.angles()[(back.keyframes.len() - 1) * 20..].to_vec()
                });
            for (j, &v) in values.iter().enumerate() {
                let want = motion.keyframes.angle(k, j).unwrap_or(0);
                let error = f64::from((v - want).abs()).to_degrees() / 1e6;
                assert!(error <= 0.5, "keyframe {k} joint {j}: {error} deg");
            }
        }
    }

    #[test]
    fn a_motion_without_a_model_asks_for_one() {
        let body = BodyMotion::from_joints(100.0, 1, vec![0.0, 0.1]);
        let error = body_to_mtn(&body, &options(0.5)).err();
        assert_eq!(error, Some(Refusal::NoModel));
        let mut with_model = options(0.5);
        with_model.design = Some("DRX-1000".into());
        let (motion, report) = body_to_mtn(&body, &with_model).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(motion.locators.len(), 20);
        assert!(
            report.notes.iter().any(|n| n.contains("by order")),
            "{report:?}"
        );
    }
}
