//! Which of the robot's lights an LED track has on at a time, and how bright: what the face
//! diagram beside the tracks and the stage's face and back show at the playhead.

use super::{Data, LedLane, Part};

/// How far after a time a note's start or end still counts as at it (ms).
pub const SLACK_MS: f64 = 0.5;

/// The lights' brightness at one time, by note number (0: off; 1-127 as the pattern's
/// velocity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lights(pub [u8; 128]);

impl Default for Lights {
    fn default() -> Self {
        Self([0; 128])
    }
}

impl Lights {
    /// The lights an LED part has on at `motion_ms` on the motion's axis (each lane's notes
    /// are in time order: a binary search a lane).
    #[must_use]
    pub fn of(part: &Part, motion_ms: f64) -> Self {
        let Data::Led { lanes, .. } = &part.data else {
            return Self::default();
        };
        #[expect(clippy::cast_precision_loss, reason = "an offset in ms")]
        let at = motion_ms - part.offset_ms as f64;
        Self::at(lanes, at)
    }

    /// The lights `lanes` have on at `at_ms` of the pattern. A note's start or end within
    /// [`SLACK_MS`] after `at_ms` counts as at it: Sony's tempo (256,005 us a quarter) puts
    /// the robot's 8 ms ticks a hair after whole milliseconds (tick 960 is at 512.01 ms), and
    /// the playhead moves in whole ones.
    #[must_use]
    pub fn at(lanes: &[LedLane], at_ms: f64) -> Self {
        let at_ms = at_ms + SLACK_MS;
        let mut lights = Self::default();
        for lane in lanes {
            let after = lane.notes.partition_point(|n| n.start <= at_ms);
            if let Some(note) = after.checked_sub(1).map(|i| lane.notes[i])
                && note.end > at_ms
                && let Some(slot) = lights.0.get_mut(usize::from(lane.key))
            {
                *slot = note.velocity;
            }
        }
        lights
    }

    /// A light's brightness, 0-1.
    #[must_use]
    pub fn level(&self, key: u8) -> f32 {
        f32::from(self.0.get(usize::from(key)).copied().unwrap_or(0)) / 127.0
    }

    /// Whether any light is on.
    #[must_use]
    pub fn any(&self) -> bool {
        self.0.iter().any(|&v| v > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::behaviour::LaneNote;

    #[test]
    fn a_light_is_on_from_its_notes_start_to_its_end() {
        let note = |start, end, velocity| LaneNote {
            start,
            end,
            velocity,
            index: 0,
        };
        let lanes = vec![
            LedLane {
                key: 48,
                notes: vec![note(0.0, 100.0, 127), note(100.0, 150.0, 64)],
            },
            LedLane {
                key: 84,
                notes: vec![note(50.0, 80.0, 100)],
            },
        ];
        assert_eq!(Lights::at(&lanes, 10.0).0[48], 127);
        assert_eq!(Lights::at(&lanes, 10.0).0[84], 0);
        assert_eq!(Lights::at(&lanes, 60.0).0[84], 100);
        assert_eq!(
            Lights::at(&lanes, 100.0).0[48],
            64,
            "the next note from its start"
        );
        assert!(!Lights::at(&lanes, 150.0).any(), "off at the end");
        assert!(!Lights::at(&lanes, -5.0).any());
        assert!((Lights::at(&lanes, 120.0).level(48) - 64.0 / 127.0).abs() < 1e-6);
        // Sony's ticks fall a hair after whole milliseconds: on at its tick, off at its end.
        let sony = vec![LedLane {
            key: 24,
            notes: vec![note(512.01, 600.0117, 127)],
        }];
        assert_eq!(Lights::at(&sony, 512.0).0[24], 127);
        assert_eq!(Lights::at(&sony, 600.0).0[24], 0);
    }
}
