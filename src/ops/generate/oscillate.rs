//! One joint swung back and forth on a sine: a tail wag (side to side, or up and down), a
//! nod, a shake, a tilt. It eases in from the joint's course and out back to it, swings
//! about the course (moved in from a limit where the swing would not fit), and is held to
//! what the servo can follow: a frequency too fast for the amplitude is lowered, and said.

use super::course::{Course, SPEED_SHARE};
use crate::ops::common::OpError;
use crate::robot::timing::TICK_MS;
use crate::robot::{JointInfo, Model, deg_to_urad};
use std::f64::consts::TAU;

/// Which joint swings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gesture {
    /// The tail, side to side.
    WagSide,
    /// The tail, up and down.
    WagUpDown,
    /// The head, up and down.
    Nod,
    /// The head, left and right.
    Shake,
    /// The head, rolled to either side.
    Tilt,
}

impl Gesture {
    /// Every gesture, in the order the window offers them.
    pub const ALL: [Self; 5] = [
        Self::WagSide,
        Self::WagUpDown,
        Self::Nod,
        Self::Shake,
        Self::Tilt,
    ];

    /// Its name in menus and notes.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::WagSide => "tail wag (side to side)",
            Self::WagUpDown => "tail wag (up and down)",
            Self::Nod => "nod",
            Self::Shake => "head shake",
            Self::Tilt => "head tilt",
        }
    }

    /// What it swings at unless asked otherwise: swings a second and degrees to either side.
    #[must_use]
    pub fn defaults(self) -> (f64, f64) {
        match self {
            Self::WagSide | Self::WagUpDown => (2.0, 25.0),
            Self::Nod => (1.5, 10.0),
            Self::Shake => (1.5, 20.0),
            Self::Tilt => (1.0, 15.0),
        }
    }

    /// The joint it swings on `model`.
    ///
    /// # Errors
    /// [`OpError::NotOnModel`]: the ERS-7's head does not roll.
    pub fn joint(self, model: Model) -> Result<&'static str, OpError> {
        Ok(match (self, model) {
            (Self::WagSide, _) => "TAIL_HORZ",
            (Self::WagUpDown, _) => "TAIL_VERT",
            // The ERS-7's nod is the upper head joint; the older models nod the neck.
            (Self::Nod, Model::Ers7) => "HEAD_PITCH2",
            (Self::Nod, Model::Ers110 | Model::Ers210 | Model::Ers310) => "HEAD_PITCH",
            (Self::Shake, _) => "HEAD_YAW",
            (Self::Tilt, Model::Ers7) => {
                return Err(OpError::NotOnModel {
                    joint: "HEAD_ROLL".to_owned(),
                    model: "the ERS-7 (its head pitches and pans but does not roll)".to_owned(),
                });
            }
            (Self::Tilt, Model::Ers110 | Model::Ers210 | Model::Ers310) => "HEAD_ROLL",
        })
    }
}

/// A swing's parameters.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Oscillation {
    /// Which joint.
    pub gesture: Gesture,
    /// Swings per second (above 0, at most 10).
    pub frequency_hz: f64,
    /// How far to either side of the middle, in degrees (above 0, at most 180).
    pub amplitude_deg: f64,
    /// This many swings from the range's start (the motion made longer if it ends first);
    /// `None`: as many as fill the range.
    pub count: Option<u32>,
    /// How long it takes to grow to its full amplitude at the start and to fade at the end,
    /// in ms (at most 5000).
    pub ease_ms: u64,
}

/// The highest frequency offered.
pub const MAX_HZ: f64 = 10.0;

/// `value` checked to lie in `allowed` (inclusive of its end, exclusive of 0 where `above`).
fn check(what: &'static str, value: f64, above: f64, max: f64) -> Result<f64, OpError> {
    if value.is_finite() && value > above && value <= max {
        Ok(value)
    } else {
        Err(OpError::BadParameter {
            what,
            value: format!("{value}"),
            allowed: format!("above {above} and at most {max}"),
        })
    }
}

/// Rises smoothly from 0 at `x <= 0` to 1 at `x >= 1`.
pub(super) fn smoothstep(x: f64) -> f64 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

impl Oscillation {
    /// The parameters checked and fitted to `joint`: the amplitude held to half its range,
    /// the frequency to what its servo follows at that amplitude. Notes of what changed.
    ///
    /// # Errors
    /// [`OpError::BadParameter`]: a frequency, amplitude, count or easing out of range.
    pub(super) fn fitted(&self, joint: &JointInfo) -> Result<(Self, Vec<String>), OpError> {
        let mut fitted = self.clone();
        let mut notes = Vec::new();
        check("the frequency (Hz)", self.frequency_hz, 0.0, MAX_HZ)?;
        check("the amplitude (°)", self.amplitude_deg, 0.0, 180.0)?;
        if let Some(count) = self.count {
            check("the number of swings", f64::from(count), 0.0, 1000.0)?;
        }
        if self.ease_ms > 5000 {
            return Err(OpError::BadParameter {
                what: "the easing (ms)",
                value: self.ease_ms.to_string(),
                allowed: "0 to 5000".to_owned(),
            });
        }
        #[expect(clippy::cast_precision_loss, reason = "checked at most 5000")]
        let ease_s = self.ease_ms as f64 / 1000.0;
        if let Some(limit) = joint.limit {
            let half = (limit.max_deg - limit.min_deg) / 2.0;
            if fitted.amplitude_deg > half {
                fitted.amplitude_deg = half;
                notes.push(format!(
                    "the amplitude is {half:.1}°, all {}'s range ({:.0}..{:.0}°) allows",
                    joint.name, limit.min_deg, limit.max_deg
                ));
            }
        }
        if let Some(speed) = joint.speed {
            // The servo's top speed in degrees a second, a little under its limit; the sine's
            // steepest slope is amplitude x 2 pi f, and the easing's 1.5 x amplitude over its
            // length.
            let top = speed.deg * 1000.0 / f64::from(speed.per_ms) * SPEED_SHARE;
            // An easing too short for the servo to grow the swing is lengthened until it
            // takes at most half the servo's speed.
            let shortest_s = 3.0 * fitted.amplitude_deg / top;
            if ease_s > 0.0 && ease_s < shortest_s {
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "at most 3 x 180° at a servo's speed, in ms"
                )]
                let frames = (shortest_s * 1000.0 / 16.0).ceil() as u64;
                fitted.ease_ms = frames * 16;
                notes.push(format!(
                    "{} ms is too short for {}'s servo to grow a {:.0}° swing: it eases in \
                     and out over {} ms",
                    self.ease_ms, joint.name, fitted.amplitude_deg, fitted.ease_ms
                ));
            }
            #[expect(clippy::cast_precision_loss, reason = "at most a few seconds in ms")]
            let easing = if fitted.ease_ms > 0 {
                1.5 / (fitted.ease_ms as f64 / 1000.0)
            } else {
                0.0
            };
            // The swing's slope and the easing's are a quarter turn apart: the steepest of
            // their sum is at most the root of their squares' sum.
            let fastest = ((top / fitted.amplitude_deg).powi(2) - easing.powi(2))
                .max(0.0)
                .sqrt()
                / TAU;
            if fitted.frequency_hz > fastest {
                fitted.frequency_hz = (fastest * 100.0).floor() / 100.0;
                notes.push(format!(
                    "{:.2} Hz is faster than {}'s servo can swing ±{:.1}°: lowered to {:.2} Hz",
                    self.frequency_hz, joint.name, fitted.amplitude_deg, fitted.frequency_hz
                ));
            }
        }
        Ok((fitted, notes))
    }

    /// Its length when it sets its own (a number of swings), ms.
    pub(super) fn own_length_ms(&self) -> Option<u64> {
        let count = self.count?;
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "at most 1000 swings at 0.05 Hz or more"
        )]
        Some((f64::from(count) * 1000.0 / self.frequency_hz).ceil() as u64)
    }

    /// The joint's value at every tick of the range.
    pub(super) fn values(&self, range: &Course) -> (Vec<Vec<f64>>, Vec<String>) {
        let Some(joint) = range.joints.first() else {
            return (Vec::new(), Vec::new());
        };
        let amplitude = f64::from(deg_to_urad(self.amplitude_deg));
        // Swung about the line its course takes from the range's start to its end (what
        // the joint swung before in the range is replaced, not swung on: a wag over a wag is
        // one wag), moved in from a limit by as much as the swing needs.
        let (low, high) = (joint.low + amplitude, joint.high - amplitude);
        let first = joint.course.first().copied().unwrap_or(0.0);
        let last = joint.course.last().copied().unwrap_or(first);
        #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
        let (length, ease) = (range.length_ms() as f64, self.ease_ms as f64);
        let mut moved = false;
        let values = joint
            .course
            .iter()
            .enumerate()
            .map(|(tick, &base)| {
                #[expect(clippy::cast_precision_loss, reason = "ticks far below 2^53")]
                let t = (tick as u64 * TICK_MS) as f64;
                let envelope = if ease > 0.0 {
                    smoothstep(t / ease) * smoothstep((length - t) / ease)
                } else {
                    1.0
                };
                let line = if length > 0.0 {
                    first + (last - first) * t / length
                } else {
                    first
                };
                let middle = if low <= high {
                    line.clamp(low, high)
                } else {
                    f64::midpoint(joint.low, joint.high)
                };
                moved |= (middle - line).abs() > 1.0;
                let swing = (TAU * self.frequency_hz * t / 1000.0).sin();
                base + envelope * (middle - base + amplitude * swing)
            })
            .collect();
        let notes = if moved {
            vec![format!(
                "{} swings about a middle moved in from its limits, so that ±{:.1}° fits",
                joint.name, self.amplitude_deg
            )]
        } else {
            Vec::new()
        };
        (vec![values], notes)
    }
}
