//! Repair: turn a recoverable file into a well-formed one that Sony's player would load, and
//! say each fix made. Motion data (angles, timing, names) is never changed by repair; what
//! only a person can decide (a joint beyond its limit, a name off the grammar) stays listed.

use super::check::decode_checked;
use super::models::parse_design;
use crate::codec::error::EncodeError;
use crate::codec::mtn::{Decoded, Layout, Motion, Padding, SizeWidth, encode};
use crate::codec::problem::{Problem, ProblemCode};

/// One fix made by repair.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Fix {
    /// The problem fixed.
    pub code: ProblemCode,
    /// Where it was in the original file.
    pub offset: u64,
    /// What was done, for a person.
    pub action: String,
}

/// The result of a repair.
#[derive(Clone, Debug)]
pub struct Repaired {
    /// The repaired motion.
    pub motion: Motion,
    /// The well-formed file.
    pub bytes: Vec<u8>,
    /// Each fix made.
    pub fixes: Vec<Fix>,
    /// Problems repair does not fix (limits, names, labels): a person has to decide.
    pub remaining: Vec<Problem>,
}

fn action_for(problem: &Problem, motion: &Motion) -> Option<String> {
    let keyframes = motion.keyframes.len();
    let action = match problem.code {
        ProblemCode::SECTION0_HEADER => {
            "wrote section 0 as number 0, size 24, 4 sections".to_owned()
        }
        ProblemCode::SECTION_NUMBER => "wrote the section numbers 1, 2 and 3".to_owned(),
        ProblemCode::SECTION1_SIZE => "recomputed the section-1 size from its strings".to_owned(),
        ProblemCode::NAME_LENGTH => format!(
            "wrote the motion name's real length ({} characters)",
            motion.name.len()
        ),
        ProblemCode::SECTION2_SIZE => {
            "recomputed the section-2 size from its joint list".to_owned()
        }
        ProblemCode::SECTION3_SIZE => "recomputed the section-3 size from its keyframes".to_owned(),
        ProblemCode::KEYFRAME_COUNT => format!("set the keyframe count to {keyframes}"),
        ProblemCode::TRUNCATED => {
            format!("kept the {keyframes} complete keyframes and set the count and sizes to match")
        }
        ProblemCode::TRAILING_BYTES => "dropped the bytes after the last section".to_owned(),
        _ => return None,
    };
    Some(action)
}

/// Replaces locators that do not belong to the label's model with the model's locator in the
/// same place, where the joint count matches the model's and the replacement is not already
/// used elsewhere (the player maps joints by position, so position is what counts).
fn fix_locators(motion: &mut Motion, decoded: &Decoded, fixes: &mut Vec<Fix>) {
    let Some(design) = parse_design(&motion.design) else {
        return;
    };
    let allowed: Vec<_> = design.allowed_joints().map(|(_, joint)| joint).collect();
    if allowed.len() != motion.locators.len() {
        return;
    }
    for index in 0..motion.locators.len() {
        let current = &motion.locators[index];
        if allowed.iter().any(|j| j.locator == current) {
            continue;
        }
        let wanted = allowed[index];
        if motion.locators.iter().any(|l| l == wanted.locator) {
            continue;
        }
        fixes.push(Fix {
            code: ProblemCode::LOCATOR_MISMATCH,
            offset: decoded.offsets.locators.get(index).copied().unwrap_or(0) as u64,
            action: format!(
                "joint {index}: replaced \"{current}\" with \"{}\" ({}), the {} joint in this place",
                wanted.locator,
                wanted.name,
                design.model.name()
            ),
        });
        motion.locators[index] = wanted.locator.to_owned();
    }
}

/// Padding that follows neither rule (not zero, or longer than alignment needs) is replaced
/// with the zero padding of the spec (none after a 2-byte-size keyframe section).
fn fix_padding(motion: &mut Motion, decoded: &Decoded, fixes: &mut Vec<Fix>) {
    let layout = &mut motion.layout;
    let unpadded_keyframes = layout.section3_size == SizeWidth::U16;
    let sections = [
        (&mut layout.section1_padding, false),
        (&mut layout.section2_padding, false),
        (&mut layout.section3_padding, unpadded_keyframes),
    ];
    let mut replaced = false;
    for (padding, unpadded) in sections {
        if matches!(padding, Padding::Bytes(_)) {
            *padding = if unpadded {
                Padding::None
            } else {
                Padding::Align4
            };
            replaced = true;
        }
    }
    if !replaced {
        return;
    }
    for problem in decoded
        .problems
        .iter()
        .filter(|p| p.code == ProblemCode::PADDING)
    {
        fixes.push(Fix {
            code: ProblemCode::PADDING,
            offset: problem.offset,
            action: "replaced the padding with the zero bytes 4-byte alignment needs".to_owned(),
        });
    }
}

/// Fields the player needs one way: data type 0 (angle data), and the section-3 size field
/// of the width the label's model reads.
fn fix_header(motion: &mut Motion, decoded: &Decoded, fixes: &mut Vec<Fix>) {
    let offset_of = |code| {
        decoded
            .problems
            .iter()
            .find(|p| p.code == code)
            .map_or(0, |p| p.offset)
    };
    if motion.data_type != 0 {
        fixes.push(Fix {
            code: ProblemCode::DATA_TYPE,
            offset: offset_of(ProblemCode::DATA_TYPE),
            action: format!(
                "set the data type from {} to 0 (angle data)",
                motion.data_type
            ),
        });
        motion.data_type = 0;
    }
    if parse_design(&motion.design).is_some() {
        let canonical = Layout::canonical(&motion.design);
        if motion.layout.section3_size != canonical.section3_size {
            fixes.push(Fix {
                code: ProblemCode::SECTION3_WIDTH,
                offset: offset_of(ProblemCode::SECTION3_WIDTH),
                action: format!(
                    "wrote the keyframe section's size field as {} bytes, as the {} player reads it",
                    canonical.section3_size.header_len() - 8,
                    motion.design
                ),
            });
            motion.layout.section3_size = canonical.section3_size;
            motion.layout.section3_padding = canonical.section3_padding;
        }
    }
}

/// Repairs a decoded file. `decoded` must carry every problem of the file
/// ([`super::check::decode_checked`]): repair fixes what they name.
///
/// # Errors
/// When the recovered motion cannot be written (a name longer than 255 bytes, say).
pub fn repair(decoded: &Decoded) -> Result<Repaired, EncodeError> {
    let mut motion = decoded.motion.clone();
    let mut fixes: Vec<Fix> = decoded
        .problems
        .iter()
        .filter(|p| p.code.is_structural())
        .filter_map(|p| {
            action_for(p, &motion).map(|action| Fix {
                code: p.code,
                offset: p.offset,
                action,
            })
        })
        .collect();
    fix_padding(&mut motion, decoded, &mut fixes);
    fix_header(&mut motion, decoded, &mut fixes);
    fix_locators(&mut motion, decoded, &mut fixes);
    let bytes = encode(&motion)?;
    let remaining = match decode_checked(&bytes) {
        // Repair must never write a file that reads back as something else.
        Ok(again) if again.motion.keyframes != motion.keyframes || !again.is_well_formed() => {
            let mut problems = again.problems;
            problems.push(Problem::new(
                crate::codec::problem::Severity::Error,
                ProblemCode::TRUNCATED,
                0,
                "the repaired file does not read back as the recovered motion; the damage \
                 is too deep to repair safely"
                    .to_owned(),
            ));
            problems
        }
        Ok(again) => again.problems,
        Err(error) => vec![Problem::new(
            crate::codec::problem::Severity::Error,
            ProblemCode::TRUNCATED,
            0,
            format!("the repaired file does not read back: {error}"),
        )],
    };
    Ok(Repaired {
        motion,
        bytes,
        fixes,
        remaining,
    })
}
