//! Generators: keyframes made from a few parameters instead of drawn by hand (a tail wag, a
//! nod, ears that flick, a head that looks around, a mouth that opens with a sound).
//!
//! Each generator gives, for the joints it drives, a value at every 8 ms tick of a range;
//! [`generate`] holds those values within each joint's limits and speed, writes them into
//! the range as the fewest keyframes whose replay stays within the tolerance, and leaves
//! every other joint exactly as it was (the range's own keyframes are kept, each segment
//! baked on its own). What was changed from what was asked (a frequency lowered for the
//! servo, an amplitude held to the limits, the motion lengthened) is said in the outcome's
//! notes.

mod course;
mod ears;
mod look;
pub mod mouth;
mod oscillate;
mod paw_path;
pub mod search;
mod walk;
mod write;

pub use ears::{EarPattern, Ears};
pub use look::LookAround;
pub use mouth::{Loudness, Mouth};
pub use oscillate::{Gesture, Oscillation};
pub use walk::{Gait, LEG_JOINTS, PawPath, Walk};

use super::common::{OpError, Outcome, design_of, joint_names};
use crate::codec::mtn::Motion;
use crate::robot::timing::{self, FRAME_MS};
use crate::robot::{JointInfo, Model};
use course::Course;

/// The longest stretch a generator writes: a minute.
pub const MAX_GENERATED_MS: u64 = 60_000;

/// A generator and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum Generator {
    /// A joint swung back and forth: a tail wag, a nod, a shake, a tilt.
    Oscillate(Oscillation),
    /// The ears up and down in a rhythm.
    Ears(Ears),
    /// The head turned to a list of points in turn.
    Look(LookAround),
    /// The mouth opened with the loudness of a sound.
    Mouth(Mouth),
    /// The legs walking.
    Walk(Walk),
}

impl Generator {
    /// The undo menu's noun phrase and the status line's word for it.
    #[must_use]
    pub fn words(&self) -> &'static str {
        match self {
            Self::Oscillate(o) => o.gesture.words(),
            Self::Ears(_) => "ear rhythm",
            Self::Look(_) => "look around",
            Self::Mouth(_) => "mouth from sound",
            Self::Walk(_) => "walk",
        }
    }

    /// The names of the joints it drives on `model`.
    ///
    /// # Errors
    /// [`OpError::NotOnModel`]: the model has no such joint.
    pub fn joint_names(&self, model: Model) -> Result<Vec<&'static str>, OpError> {
        match self {
            Self::Oscillate(o) => o.gesture.joint(model).map(|j| vec![j]),
            Self::Ears(_) => Ok(vec!["LEFT_EAR", "RIGHT_EAR"]),
            Self::Look(_) => Ok(vec![
                "HEAD_YAW",
                Gesture::Nod.joint(model).unwrap_or("HEAD_PITCH"),
            ]),
            Self::Mouth(_) => Ok(vec!["MOUTH"]),
            Self::Walk(_) => Ok(LEG_JOINTS.to_vec()),
        }
    }

    /// The parameters checked and fitted to the joints it drives (`joints`, in the order of
    /// [`Self::joint_names`]): held within their limits, slowed to what their servos
    /// follow. Notes of what changed.
    fn fitted(
        &self,
        model: Model,
        joints: &[&'static JointInfo],
    ) -> Result<(Self, Vec<String>), OpError> {
        let first = joints.first().copied().ok_or(OpError::Empty)?;
        Ok(match self {
            Self::Oscillate(o) => {
                let (o, notes) = o.fitted(first)?;
                (Self::Oscillate(o), notes)
            }
            Self::Ears(e) => (Self::Ears(e.checked(model, joints)?), Vec::new()),
            Self::Look(l) => {
                let (l, notes) = l.fitted(joints)?;
                (Self::Look(l), notes)
            }
            Self::Mouth(m) => {
                let (m, notes) = m.fitted(first)?;
                (Self::Mouth(m), notes)
            }
            Self::Walk(w) => {
                let (w, notes) = w.fitted(model, joints)?;
                (Self::Walk(w), notes)
            }
        })
    }

    /// Where in the motion what it follows ends (a mouth: its sound), ms: asked for the
    /// whole motion, it runs at least that far (the motion made longer).
    fn reaches_ms(&self) -> Option<u64> {
        match self {
            Self::Mouth(m) => {
                let ticks = i64::try_from(m.loudness.per_tick.len()).ok()?;
                let end = m.loudness.start_ms.checked_add(ticks.checked_mul(8)?)?;
                u64::try_from(end).ok()
            }
            Self::Oscillate(_) | Self::Ears(_) | Self::Look(_) | Self::Walk(_) => None,
        }
    }

    /// How long it runs when it sets its own length (a number of wags, a list of points),
    /// at its asked speed; `None`: it fills the range.
    fn own_length_ms(&self) -> Option<u64> {
        match self {
            Self::Oscillate(o) => o.own_length_ms(),
            Self::Ears(e) => e.own_length_ms(),
            Self::Look(l) => Some(l.length_ms()),
            Self::Walk(w) => Some(w.length_ms()),
            Self::Mouth(_) => None,
        }
    }

    /// The values of its joints at every tick of a range (one `Vec` per driven joint,
    /// `ticks + 1` values each), with notes of what it changed from what was asked.
    fn values(&self, range: &Course) -> (Vec<Vec<f64>>, Vec<String>) {
        match self {
            Self::Oscillate(o) => o.values(range),
            Self::Ears(e) => e.values(range),
            Self::Look(l) => l.values(range),
            Self::Mouth(m) => m.values(range),
            Self::Walk(w) => w.values(range),
        }
    }
}

/// The joints `names` of `motion`: their columns and what the model says of them.
fn driven_columns(
    motion: &Motion,
    model: Model,
    names: &[&'static str],
) -> Result<Vec<(usize, &'static JointInfo)>, OpError> {
    let friendly = joint_names(motion, model)?;
    names
        .iter()
        .map(|&name| {
            let column =
                friendly
                    .iter()
                    .position(|&f| f == name)
                    .ok_or_else(|| OpError::NotOnModel {
                        joint: name.to_owned(),
                        model: format!("this motion ({} joints)", friendly.len()),
                    })?;
            model
                .joints()
                .iter()
                .find(|j| j.name == name)
                .map(|info| (column, info))
                .ok_or_else(|| OpError::NotOnModel {
                    joint: name.to_owned(),
                    model: model.name().to_owned(),
                })
        })
        .collect()
}

/// Where the generator runs: `span_ms`, else the whole motion (or as far as what it follows
/// goes, a mouth's sound); a generator that sets its own length runs that long from the
/// range's start. Its start and end (the motion is made longer where it ends sooner).
fn extent(
    motion: &Motion,
    span_ms: Option<(u64, u64)>,
    generator: &Generator,
) -> Result<(u64, u64), OpError> {
    let duration = timing::duration_ms(&motion.keyframes);
    let whole = generator
        .reaches_ms()
        .map_or(duration, |end| end.div_ceil(FRAME_MS) * FRAME_MS)
        .max(duration);
    let (from, to) = span_ms.unwrap_or((0, whole));
    let own_ms = generator.own_length_ms();
    let to = match own_ms {
        Some(own) => from.saturating_add(own.div_ceil(FRAME_MS) * FRAME_MS),
        None => to,
    };
    if to.saturating_sub(from) > MAX_GENERATED_MS {
        return Err(OpError::RangeTooLong {
            ms: to - from,
            max_ms: MAX_GENERATED_MS,
        });
    }
    Ok((from, to))
}

/// `motion` made to last at least `to_ms`: a keyframe added at the end holding the last
/// one's values (the time on 16 ms frames), and a note saying so.
fn lengthened(motion: &Motion, to_ms: u64) -> Result<(Motion, Option<String>), OpError> {
    let duration = timing::duration_ms(&motion.keyframes);
    if to_ms <= duration {
        return Ok((motion.clone(), None));
    }
    let last = motion
        .keyframes
        .len()
        .checked_sub(1)
        .ok_or(OpError::Empty)?;
    let mut held = motion.keyframes.to_vec()[last].clone();
    let frames = (to_ms - duration).div_ceil(FRAME_MS);
    held.frames = u32::try_from(frames - 1).map_err(|_| OpError::TooLong(to_ms))?;
    let mut out = motion.clone();
    out.keyframes
        .push(held.frames, held.body_urad, &held.angles_urad)?;
    let note = format!(
        "the motion was {duration} ms long; it now lasts {} ms, the last pose held to the end",
        timing::duration_ms(&out.keyframes)
    );
    Ok((out, Some(note)))
}

/// A generator fitted to a motion: its model, the columns the generator drives (each with
/// its joint), the generator as it plays there (fitted to the joints' limits and servos),
/// and notes of what was changed.
struct Fitted {
    model: Model,
    columns: Vec<(usize, &'static JointInfo)>,
    generator: Generator,
    notes: Vec<String>,
}

/// `generator` fitted to `motion` (see [`Fitted`]).
fn fitted_on(motion: &Motion, generator: &Generator) -> Result<Fitted, OpError> {
    let model = design_of(motion)?.model;
    let columns = driven_columns(motion, model, &generator.joint_names(model)?)?;
    let infos: Vec<&'static JointInfo> = columns.iter().map(|&(_, info)| info).collect();
    let (generator, notes) = generator.fitted(model, &infos)?;
    Ok(Fitted {
        model,
        columns,
        generator,
        notes,
    })
}

/// `generator` as it plays on `motion`'s model: what [`generate`] writes (a walk's cycle
/// lengthened for the legs' servos, a wag's frequency lowered, ...).
///
/// # Errors
/// As [`generate`]'s, for the model and the parameters.
pub fn as_played(motion: &Motion, generator: &Generator) -> Result<Generator, OpError> {
    Ok(fitted_on(motion, generator)?.generator)
}

/// `motion` with `generator`'s keyframes in `span_ms` (else the whole motion; a generator
/// that sets its own length from the range's start), baked within `tolerance_deg`.
///
/// # Errors
/// A motion of an unknown model or without the joints the generator drives, parameters out
/// of range, a range outside the motion or longer than [`MAX_GENERATED_MS`].
pub fn generate(
    motion: &Motion,
    span_ms: Option<(u64, u64)>,
    generator: &Generator,
    tolerance_deg: f64,
) -> Result<Outcome, OpError> {
    let tolerance_deg = super::shape::check_tolerance(tolerance_deg)?;
    if motion.keyframes.is_empty() {
        return Err(OpError::Empty);
    }
    let Fitted {
        model,
        columns,
        generator,
        mut notes,
    } = fitted_on(motion, generator)?;
    let (from, to) = extent(motion, span_ms, &generator)?;
    let (longer, lengthened_note) = lengthened(motion, to)?;
    let span = super::shape::exact_span(&longer, from, to)?;
    let course = write::course(&span, &columns, model);
    let (values, value_notes) = generator.values(&course);
    notes.extend(value_notes);
    let written = write::write(&span, &course, &columns, values, tolerance_deg);
    notes.insert(0, written.summary(generator.words(), &course));
    notes.extend(written.notes);
    notes.extend(span.notes);
    notes.extend(lengthened_note);
    Ok(Outcome {
        motion: written.motion,
        notes,
    })
}

#[cfg(test)]
mod tests;
