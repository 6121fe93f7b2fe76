//! What the timeline keeps of its own between frames.

use super::drag::PointDrag;
use super::thin::CurveCache;
use super::{beneath, marks, overlay};
use crate::app::motion::view::PointId;

/// What the timeline keeps of its own between frames, as egui's widgets keep theirs.
#[derive(Clone, Debug, Default)]
pub struct TimelineState {
    /// The point under the pointer last frame (so the plot knows not to pan).
    pub hovered: Option<PointId>,
    /// A drag in progress.
    pub drag: Option<PointDrag>,
    /// A box selection in progress: its start in plot coordinates.
    pub box_start: Option<[f64; 2]>,
    /// A range selection in progress on the range strip: where it started (ms).
    pub range_drag: Option<u64>,
    /// The range strip was just used (dragged or clicked): its hint stays hidden until the
    /// pointer leaves it (it would cover the curves the moment the button is let go).
    pub range_used: bool,
    /// The last of the view's requests (fit, frame, reveal) the timeline did.
    pub done: u64,
    /// The plot's height and bounds as a fit left them: while the bounds stay so, a new
    /// height (the window or a panel resized, the layout settling) fits the angles again,
    /// since the room the key of the marks takes depends on it.
    pub fitted: Option<(f32, egui_plot::PlotBounds)>,
    /// A fit was asked of the plot this frame (its result is recorded once drawn).
    pub(super) fitting: bool,
    /// The points on screen last frame (where a press this frame lands, before the plot
    /// decides whether a drag pans it).
    pub points_on_screen: Vec<(egui::Pos2, PointId)>,
    /// The plot's transform last frame, for hit tests and for tests that drive the mouse.
    pub transform: Option<egui_plot::PlotTransform>,
    /// The times (ms) a keyframe dragged in time snaps to with Ctrl held: the sound track's
    /// onsets (set by the tab each frame).
    pub time_snaps: Vec<f64>,
    /// The space the timeline had last frame, axes included (for layout tests).
    pub area: Option<egui::Rect>,
    /// The naive timeline, for the benchmark's baseline only: every keyframe of every curve
    /// handed to the plot every frame, with no culling or reduction.
    pub naive_plot: bool,
    /// The curves as last reduced.
    pub cache: CurveCache,
    /// The safety marks, indexed for drawing.
    pub marks: marks::MarkIndex,
    /// The dense curves and the marks' bands, kept while what they show stays.
    pub(super) beneath: beneath::Beneath,
    /// A shape's handle being dragged.
    pub handle_drag: Option<overlay::HandleDrag>,
    /// The pointer was on a shape's handle last frame (so the plot does not pan).
    pub on_handle: bool,
    /// The pointer was on the playhead's line last frame, off any point (a press there
    /// grabs it; the plot does not pan).
    pub on_playhead: bool,
    /// The playhead is being dragged.
    pub scrubbing: bool,
    /// The servos' paths where the commands outrun them.
    pub servo: overlay::ServoCache,
    /// Where the tracks under the timeline were drawn last (a file dropped on one goes on
    /// it).
    pub track_areas: Vec<(crate::behaviour::Track, egui::Rect)>,
}
