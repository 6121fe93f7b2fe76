//! The tracks' time axis (the timeline's, on screen) and what they are drawn from.

use super::model::TrackView;
use crate::behaviour::Part;
use crate::edit::tracks::Tracks;

/// An offset kept where the part still meets the motion: it starts no later than the
/// motion ends and ends no earlier than it starts.
#[must_use]
pub fn clamp_offset(offset_ms: i64, part: &Part, motion_ms: f64) -> i64 {
    #[expect(clippy::cast_possible_truncation, reason = "lengths in ms")]
    let (earliest, latest) = (
        -(part.duration_ms().ceil() as i64),
        motion_ms.floor() as i64,
    );
    offset_ms.clamp(earliest.min(0), latest.max(0))
}

/// The timeline's time axis on screen: where its plot area is and which times it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeAxis {
    /// The plot area's left edge (points).
    pub left: f32,
    /// Its right edge.
    pub right: f32,
    /// The time at the left edge (ms).
    pub min_ms: f64,
    /// The time at the right edge (ms).
    pub max_ms: f64,
}

impl TimeAxis {
    /// The axis of the timeline's plot as last drawn.
    #[must_use]
    pub fn of(transform: &egui_plot::PlotTransform) -> Self {
        let frame = transform.frame();
        let bounds = transform.bounds();
        Self {
            left: frame.left(),
            right: frame.right(),
            min_ms: bounds.min()[0],
            max_ms: bounds.max()[0],
        }
    }

    /// The x of a time.
    #[must_use]
    #[expect(clippy::cast_possible_truncation, reason = "screen points")]
    pub fn x_of(&self, ms: f64) -> f32 {
        let span = (self.max_ms - self.min_ms).max(1e-9);
        self.left + ((ms - self.min_ms) / span) as f32 * (self.right - self.left)
    }

    /// The time at an x.
    #[must_use]
    pub fn ms_of(&self, x: f32) -> f64 {
        let width = f64::from((self.right - self.left).max(1.0));
        self.min_ms + f64::from(x - self.left) / width * (self.max_ms - self.min_ms)
    }

    /// Milliseconds per point.
    #[must_use]
    pub fn ms_per_point(&self) -> f64 {
        (self.max_ms - self.min_ms) / f64::from((self.right - self.left).max(1.0))
    }
}

/// What the tracks show for the motion and the playhead.
pub struct TracksInput<'a> {
    /// The tracks.
    pub tracks: &'a Tracks,
    /// What the window keeps of them (the LED note selected).
    pub view: &'a TrackView,
    /// The timeline's axis (None before it was first drawn).
    pub axis: Option<TimeAxis>,
    /// The motion's length (ms).
    pub motion_ms: f64,
    /// The playhead (ms).
    pub playhead_ms: u64,
}
