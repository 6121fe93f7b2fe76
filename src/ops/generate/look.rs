//! The head turned to a list of points in turn: from where it is, to each point (pan and
//! tilt, in degrees), held there, and back to its course at the end. Each move eases in and
//! out, and takes at least as long as the servos need.

use super::course::{Course, SPEED_SHARE};
use super::oscillate::smoothstep;
use crate::ops::common::OpError;
use crate::robot::JointInfo;
use crate::robot::deg_to_urad;
use crate::robot::timing::{FRAME_MS, TICK_MS};

/// Where the head looks, in turn.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LookAround {
    /// Each point: the pan (HEAD_YAW) and the tilt (the nodding joint) in degrees.
    pub points: Vec<[f64; 2]>,
    /// How long a move from one point to the next takes, ms (at least 16).
    pub move_ms: u64,
    /// How long the head stays at each point, ms.
    pub hold_ms: u64,
}

/// The most points one look-around visits.
pub const MAX_POINTS: usize = 64;

impl LookAround {
    /// Points written as `PAN,TILT` pairs in degrees, separated by spaces or semicolons
    /// (`"40,10 -40,10; 0,-10"`); `None` where one is not such a pair.
    #[must_use]
    pub fn parse_points(text: &str) -> Option<Vec<[f64; 2]>> {
        text.split(|c: char| c.is_whitespace() || c == ';')
            .filter(|p| !p.is_empty())
            .map(|point| {
                let mut values = point.split(',').map(|v| v.trim().parse::<f64>().ok());
                match (values.next(), values.next(), values.next()) {
                    (Some(Some(pan)), Some(Some(tilt)), None) => Some([pan, tilt]),
                    _ => None,
                }
            })
            .collect()
    }

    /// The parameters checked and fitted to the head's joints (pan, then tilt): each point
    /// held within their limits, each move made long enough for their servos. Notes of what
    /// changed.
    ///
    /// # Errors
    /// No points or too many, a time out of range, a value that is not a number.
    pub(super) fn fitted(&self, joints: &[&JointInfo]) -> Result<(Self, Vec<String>), OpError> {
        let bad = |what: &'static str, value: String, allowed: &str| OpError::BadParameter {
            what,
            value,
            allowed: allowed.to_owned(),
        };
        if self.points.is_empty() || self.points.len() > MAX_POINTS {
            return Err(bad(
                "the number of points",
                self.points.len().to_string(),
                "1 to 64",
            ));
        }
        if !(FRAME_MS..=10_000).contains(&self.move_ms) || self.hold_ms > 10_000 {
            return Err(bad(
                "a move's and a hold's time (ms)",
                format!("{} and {}", self.move_ms, self.hold_ms),
                "16 to 10000, and at most 10000",
            ));
        }
        if let Some(p) = self.points.iter().flatten().find(|v| !v.is_finite()) {
            return Err(bad("a point", p.to_string(), "a number of degrees"));
        }
        let mut fitted = self.clone();
        let mut notes = Vec::new();
        for (axis, joint) in joints.iter().enumerate() {
            let Some(limit) = joint.limit else { continue };
            let mut held = 0;
            for point in &mut fitted.points {
                let inside = point[axis].clamp(limit.min_deg, limit.max_deg);
                held += usize::from((inside - point[axis]).abs() > 1e-9);
                point[axis] = inside;
            }
            if held > 0 {
                notes.push(format!(
                    "{held} of the points held to {}'s range ({:.0}..{:.0}°)",
                    joint.name, limit.min_deg, limit.max_deg
                ));
            }
        }
        // An eased move's steepest slope is 1.5 times its average.
        let mut slowest = fitted.move_ms;
        for pair in fitted.points.windows(2) {
            for (axis, joint) in joints.iter().enumerate() {
                let Some(speed) = joint.speed else { continue };
                let per_ms = speed.deg / f64::from(speed.per_ms) * SPEED_SHARE;
                let needed = 1.5 * (pair[1][axis] - pair[0][axis]).abs() / per_ms;
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "at most 1.5 x 360° at a servo's speed"
                )]
                let needed = (needed / FRAME_MS as f64).ceil() as u64 * FRAME_MS;
                slowest = slowest.max(needed);
            }
        }
        if slowest > fitted.move_ms {
            notes.push(format!(
                "a move of {} ms is faster than the head's servos can turn between these \
                 points: each move takes {slowest} ms",
                fitted.move_ms
            ));
            fitted.move_ms = slowest;
        }
        Ok((fitted, notes))
    }

    /// Its length: a move to each point and its hold, and the move back.
    pub(super) fn length_ms(&self) -> u64 {
        let points = u64::try_from(self.points.len()).unwrap_or(u64::MAX);
        points
            .saturating_mul(self.move_ms + self.hold_ms)
            .saturating_add(self.move_ms)
    }

    /// The head's values at every tick: each move eased between the points, from the course
    /// at the start and back to it at the end.
    pub(super) fn values(&self, range: &Course) -> (Vec<Vec<f64>>, Vec<String>) {
        let values = range
            .joints
            .iter()
            .enumerate()
            .map(|(axis, joint)| {
                let start = joint.course.first().copied().unwrap_or_default();
                let end = joint.course.last().copied().unwrap_or_default();
                // (time, value) at each move's start and end.
                let mut keys = vec![(0, start)];
                let mut t = 0;
                for point in &self.points {
                    let value = f64::from(deg_to_urad(point[axis]));
                    keys.push((t + self.move_ms, value));
                    t += self.move_ms + self.hold_ms;
                    keys.push((t, value));
                }
                keys.push((range.length_ms().max(t), end));
                (0..=range.ticks)
                    .map(|tick| {
                        let ms = tick * TICK_MS;
                        let next = keys
                            .partition_point(|&(at, _)| at <= ms)
                            .min(keys.len() - 1);
                        let (t0, v0) = keys[next.saturating_sub(1)];
                        let (t1, v1) = keys[next];
                        if t1 <= t0 {
                            return v1;
                        }
                        #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
                        let share = (ms.saturating_sub(t0)) as f64 / (t1 - t0) as f64;
                        v0 + (v1 - v0) * smoothstep(share)
                    })
                    .collect()
            })
            .collect();
        (values, Vec::new())
    }
}
