//! What a motion tab's widgets keep of their own between frames, as egui's own widgets
//! keep theirs: the timeline's (the point under the pointer, a drag in progress, its
//! transform, what it kept of its curves) and the stage's (its camera, what it drew).

use super::stage::StageState;
use super::timeline::TimelineState;

/// A motion tab's widgets' own state.
#[derive(Clone, Debug, Default)]
pub struct MotionWidgets {
    /// The timeline's.
    pub timeline: TimelineState,
    /// The stage's.
    pub stage: StageState,
}

impl MotionWidgets {
    /// The span of time the timeline showed last (ms), if it was drawn.
    #[must_use]
    pub fn shown_ms(&self) -> Option<(f64, f64)> {
        self.timeline.transform.map(|t| {
            let bounds = t.bounds();
            (bounds.min()[0], bounds.max()[0])
        })
    }
}
