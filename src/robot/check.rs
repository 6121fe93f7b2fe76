//! Checks of a motion against what we know about the robot: design label, joints, limits,
//! header fields, the motion-name grammar and the servos' speed. [`problems`] puts them
//! together with what the reader found in the file's structure: the command line, the
//! editor and the tests all take a motion's problems from there.

use super::models::Model;
use super::models::{Design, model_for_locators, parse_design};
use super::{chunk_name, postures};
use crate::codec::DecodeError;
use crate::codec::mtn::{self, Decoded, Motion, Offsets, SizeWidth};
use crate::codec::problem::{Problem, ProblemCode, Severity};

/// Every problem of a motion: `structure`, what the reader found in the file it came from
/// (empty for a motion that was never read from a file), then the header, labels, joints,
/// limits and name, then how fast it moves, in file order.
#[must_use]
pub fn problems(motion: &Motion, offsets: &Offsets, structure: &[Problem]) -> Vec<Problem> {
    let mut problems = structure.to_vec();
    problems.extend(check_motion(motion, offsets));
    problems.extend(safety_problems(motion, offsets));
    problems.sort_by_key(|p| p.offset);
    problems
}

/// Reads an MTN file and lists every one of its problems (see [`problems`]).
///
/// # Errors
/// As [`mtn::decode`]: no motion can be recovered from the bytes.
pub fn decode_checked(data: &[u8]) -> Result<Decoded, DecodeError> {
    let mut decoded = mtn::decode(data)?;
    decoded.problems = problems(&decoded.motion, &decoded.offsets, &decoded.problems);
    Ok(decoded)
}

/// Beyond this many per-joint problems of one kind, the rest are summed up in one line.
const MAX_LISTED: usize = 32;

/// Byte offsets of section-0 fields.
const VERSION_AT: usize = 16;
const FRAME_RATE_AT: usize = 22;
const RESERVED_AT: usize = 24;
const KEYFRAME_COUNT_AT: usize = 20;

/// The checks of how the motion plays: joints faster than the model's servos (a walk over
/// every segment and joint, so kept out of the plain file reading; `check`, `info` and the
/// editor add them).
#[must_use]
pub fn safety_problems(motion: &Motion, offsets: &Offsets) -> Vec<Problem> {
    parse_design(&motion.design).map_or_else(Vec::new, |design| {
        super::speed::check_speeds(motion, offsets, design.model)
    })
}

/// The floor's problems (the robot falls, stands at the edge of tipping, or a paw carrying
/// weight slides): every tick solved (`robot::floor`), so kept out of [`problems`], which the
/// window runs after each edit; the command line adds them, and the window solves them in
/// the background with its stage.
#[must_use]
pub fn floor_problems(motion: &Motion, offsets: &Offsets) -> Vec<Problem> {
    super::floor::rig(motion).map_or_else(Vec::new, |rig| {
        let ticks = super::floor::rest_ticks(&rig, motion);
        super::floor::floor_problems(&rig, motion, &ticks, offsets)
    })
}

/// Every check that needs robot knowledge except speed, with the byte offsets of `offsets`:
/// header fields, labels, joints, limits and the name (what the reader's own checks were
/// before the codec stood on its own; the codec bench measures them with the reader).
#[must_use]
pub fn check_motion(motion: &Motion, offsets: &Offsets) -> Vec<Problem> {
    let mut problems = Vec::new();
    let design = parse_design(&motion.design);
    let ers110 = super::is_ers110_label(&motion.design);
    check_header(motion, offsets, ers110, &mut problems);
    match design {
        Some(design) => {
            check_width(motion, offsets, &design, &mut problems);
            check_locators(motion, offsets, &design, &mut problems);
            super::limits::check_limits(motion, offsets, &design, &mut problems);
        }
        None => {
            let suggestion = model_for_locators(&motion.locators).map_or_else(
                || " and its joints match no model either".to_owned(),
                |m| format!("; its joints are those of the {} ({})", m.name(), m.label()),
            );
            problems.push(Problem::new(
                Severity::Warning,
                ProblemCode::UNKNOWN_DESIGN,
                offsets.design,
                format!(
                    "the design label \"{}\" names no known AIBO model (DRX-700, DRX-900, \
                     DRX-910, DRX-801, DRX-1000){suggestion}",
                    motion.design
                ),
            ));
        }
    }
    check_strings(motion, offsets, &mut problems);
    let issues = chunk_name::validate(
        &motion.name,
        !ers110,
        design
            .and_then(|d| d.partial)
            .map(super::models::PartialBody::prefix),
    );
    if let Some(design) = design {
        check_postures(motion, offsets, design.model, &mut problems);
    }
    if !issues.is_empty() {
        problems.push(Problem::new(
            if ers110 {
                Severity::Info
            } else {
                Severity::Warning
            },
            ProblemCode::CHUNK_NAME,
            offsets.name,
            issues.join("; "),
        ));
    }
    problems
}

/// `posture-mismatch`: the name says the motion starts (ends) in a standard posture and its
/// first (last) keyframe is farther from it than [`postures::MATCH_TOLERANCE_DEG`].
fn check_postures(motion: &Motion, offsets: &Offsets, model: Model, problems: &mut Vec<Problem>) {
    let Some(name) = chunk_name::parse(&motion.name) else {
        return;
    };
    let Some(last) = motion.keyframes.len().checked_sub(1) else {
        return;
    };
    for (which, posture_name, keyframe) in [("starts", &name.start, 0), ("ends", &name.end, last)] {
        let Some(posture) = postures::posture(model, posture_name) else {
            continue;
        };
        let Some((joint, joint_name, diff)) = postures::farthest_joint(motion, posture, keyframe)
        else {
            continue;
        };
        if diff > postures::MATCH_TOLERANCE_DEG {
            problems.push(Problem::new(
                Severity::Warning,
                ProblemCode::POSTURE_MISMATCH,
                offsets.angle(keyframe, joint),
                format!(
                    "the name says the motion {which} in the {posture_name} posture, but \
                     keyframe {keyframe} is not in it: {joint_name} is {diff:.1}° from the \
                     {} {posture_name} (more than {:.0}°)",
                    model.name(),
                    postures::MATCH_TOLERANCE_DEG
                ),
            ));
        }
    }
}

fn check_header(motion: &Motion, offsets: &Offsets, ers110: bool, problems: &mut Vec<Problem>) {
    let version = motion.version;
    if version.major != 1 || version.minor > 2 {
        problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::VERSION,
            VERSION_AT,
            format!("format version {version}; real files are 1.0, 1.1 or 1.2"),
        ));
    }
    let frame_rate_ok = motion.frame_rate == 16 || (ers110 && motion.frame_rate == 0);
    if !frame_rate_ok {
        problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::FRAME_RATE,
            FRAME_RATE_AT,
            format!(
                "frame-rate field {}; files say 16 (ms per frame), or 0 on the ERS-110. The \
                 robot plays 16 ms frames whatever it says",
                motion.frame_rate
            ),
        ));
    }
    if motion.reserved != 0 {
        problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::RESERVED,
            RESERVED_AT,
            format!("the reserved field is {}, not 0", motion.reserved),
        ));
    }
    if motion.data_type != 0 {
        problems.push(Problem::new(
            Severity::Error,
            ProblemCode::DATA_TYPE,
            offsets.data_type,
            format!(
                "data type {}; the player knows only 0 (angle data), so the keyframes were \
                 read as angles",
                motion.data_type
            ),
        ));
    }
    match motion.keyframes.len() {
        0 => problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::EMPTY_MOTION,
            KEYFRAME_COUNT_AT,
            "the motion has no keyframes".to_owned(),
        )),
        1 => problems.push(Problem::new(
            Severity::Info,
            ProblemCode::EMPTY_MOTION,
            KEYFRAME_COUNT_AT,
            "the motion has a single keyframe; the robot never commands the last keyframe, \
             so it does nothing"
                .to_owned(),
        )),
        _ => {}
    }
}

fn check_width(motion: &Motion, offsets: &Offsets, design: &Design, problems: &mut Vec<Problem>) {
    let expected = crate::codec::mtn::Layout::canonical(&motion.design).section3_size;
    if motion.layout.section3_size == expected {
        return;
    }
    let (found, wanted) = match expected {
        SizeWidth::U16 => ("4-byte", "2-byte"),
        SizeWidth::U32 => ("2-byte", "4-byte"),
    };
    problems.push(Problem::new(
        Severity::Warning,
        ProblemCode::SECTION3_WIDTH,
        (offsets.data_type + 8).saturating_sub(motion.layout.section3_size.header_len()),
        format!(
            "the keyframe section has a {found} size field; the {}'s player expects {wanted}, so \
             it would read every keyframe 2 bytes off",
            design.model.name()
        ),
    ));
}

fn check_locators(
    motion: &Motion,
    offsets: &Offsets,
    design: &Design,
    problems: &mut Vec<Problem>,
) {
    let allowed: Vec<_> = design.allowed_joints().collect();
    let model = design.model;
    let mut mismatches = 0;
    let mut table_indices = Vec::with_capacity(motion.locators.len());
    for (index, locator) in motion.locators.iter().enumerate() {
        if let Some((table_index, _)) = allowed.iter().find(|(_, j)| j.locator == locator) {
            table_indices.push(*table_index);
            continue;
        }
        mismatches += 1;
        if mismatches > MAX_LISTED {
            continue;
        }
        let hint = if allowed.len() == motion.locators.len() {
            allowed
                .get(index)
                .map(|(_, j)| {
                    format!(
                        "; the {} joint in this place is \"{}\" ({})",
                        model.name(),
                        j.locator,
                        j.name
                    )
                })
                .unwrap_or_default()
        } else {
            String::new()
        };
        let belongs = if model.joint_by_locator(locator).is_some() {
            format!(
                "is an {} joint outside the {} part of the body",
                model.name(),
                motion.design
            )
        } else {
            format!("is not a joint of the {} ({})", model.name(), motion.design)
        };
        problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::LOCATOR_MISMATCH,
            offsets
                .locators
                .get(index)
                .copied()
                .unwrap_or(offsets.design),
            format!("joint {index} \"{locator}\" {belongs}{hint}"),
        ));
    }
    if mismatches > MAX_LISTED {
        problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::LOCATOR_MISMATCH,
            offsets.locators.first().copied().unwrap_or(offsets.design),
            format!(
                "{} more joints do not belong to the {}",
                mismatches - MAX_LISTED,
                model.name()
            ),
        ));
    }
    if mismatches == 0 && table_indices.windows(2).any(|w| w[0] >= w[1]) {
        problems.push(Problem::new(
            Severity::Warning,
            ProblemCode::JOINT_ORDER,
            offsets.locators.first().copied().unwrap_or(offsets.design),
            format!(
                "the joints are {}'s, but not in the order its player maps them (or listed \
                 twice); Sony's agents map joints by position",
                model.name()
            ),
        ));
    }
}

/// Strings an in-memory motion may hold but a file cannot: characters outside Latin-1, or
/// more than 255 bytes. A file never has these; the editor's fields can.
fn check_strings(motion: &Motion, offsets: &Offsets, problems: &mut Vec<Problem>) {
    let fields = [
        ("motion name", &motion.name, offsets.name),
        ("creator", &motion.creator, offsets.creator),
        ("design label", &motion.design, offsets.design),
    ];
    let locators = motion.locators.iter().enumerate().map(|(index, locator)| {
        (
            "joint locator",
            locator,
            offsets
                .locators
                .get(index)
                .copied()
                .unwrap_or(offsets.design),
        )
    });
    for (field, text, offset) in fields.into_iter().chain(locators) {
        if let Some(ch) = text.chars().find(|&c| u32::from(c) > 0xFF) {
            problems.push(Problem::new(
                Severity::Error,
                ProblemCode::STRING_ENCODING,
                offset,
                format!(
                    "the {field} contains '{ch}', which an MTN file cannot hold (Latin-1 only)"
                ),
            ));
        } else if text.chars().count() > 255 {
            problems.push(Problem::new(
                Severity::Error,
                ProblemCode::STRING_ENCODING,
                offset,
                format!(
                    "the {field} is {} characters long; an MTN string holds at most 255",
                    text.chars().count()
                ),
            ));
        }
    }
}
