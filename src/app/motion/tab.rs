//! A motion tab's state: the document, what the window shows of it, its playback, and the
//! state its widgets keep between frames.

use super::floor_job::FloorCache;
use super::stage::StageState;
use super::timeline::TimelineState;
use super::tracks::TrackView;
use super::view::View;
use crate::edit::{Document, Playback};

/// What the drawing of a motion tab reads: the document and its view and playback, by
/// shared reference (only the step that applies actions changes them).
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The motion.
    pub document: &'a Document,
    /// What is shown and selected.
    pub view: &'a View,
    /// The playback (its position is the playhead).
    pub playback: &'a Playback,
    /// What the last repair did.
    pub repair_log: &'a [String],
    /// The open shaping dialog of this tab, which the timeline shows.
    pub shaping: Option<&'a super::timeline::overlay::Shaping<'a>>,
    /// The name of the joint whose curve was copied, if one was (its paste is offered).
    pub curve_clip: Option<&'a str>,
    /// How the body rests at every tick (the stage's floor).
    pub floor: &'a FloorCache,
    /// What the window keeps of the tracks (the LED note selected).
    pub track_view: &'a TrackView,
}

/// What the drawing of a motion tab keeps between frames: its widgets' own state.
pub struct Widgets<'a> {
    /// The timeline's (hover, a drag in progress, the plot's transform).
    pub timeline: &'a mut TimelineState,
    /// The stage's (its camera, its limbs on screen).
    pub stage: &'a mut StageState,
}

/// A motion being edited, and how the window shows it.
pub struct MotionTab {
    /// The motion.
    pub document: Document,
    /// What is shown and selected.
    pub view: View,
    /// Playback at the robot's timing; its position is the playhead.
    pub playback: Playback,
    /// The timeline's own state (hover, a drag in progress, the plot's transform).
    pub timeline: TimelineState,
    /// The stage's own state (its camera, its limbs on screen).
    pub stage: StageState,
    /// How the body rests at every tick, worked out in the background.
    pub floor: FloorCache,
    /// What the window keeps of the sound and LED tracks (they are the document's).
    pub track_view: TrackView,
    /// The user said to save this document despite its limit and speed problems.
    pub safety_confirmed: bool,
    /// What the last repair did.
    pub repair_log: Vec<String>,
    /// The motion's length in ms when the view last followed it.
    followed_length_ms: u64,
}

impl MotionTab {
    /// A tab for a document: every joint shown, the whole motion in view.
    #[must_use]
    pub fn new(document: Document) -> Self {
        Self {
            view: View::for_motion(&document.motion),
            playback: Playback::default(),
            timeline: TimelineState::default(),
            stage: StageState::default(),
            floor: FloorCache::default(),
            track_view: TrackView::default(),
            safety_confirmed: false,
            repair_log: Vec::new(),
            followed_length_ms: crate::robot::timing::duration_ms(&document.motion.keyframes),
            document,
        }
    }

    /// The tab split for drawing: the document read-only, the widgets' state writable.
    pub fn for_drawing(&mut self) -> (Shown<'_>, Widgets<'_>) {
        let Self {
            document,
            view,
            playback,
            timeline,
            stage,
            repair_log,
            floor,
            track_view,
            ..
        } = self;
        (
            Shown {
                document,
                view,
                playback,
                repair_log,
                shaping: None,
                curve_clip: None,
                floor,
                track_view,
            },
            Widgets { timeline, stage },
        )
    }

    /// Keeps the playhead and the view on the motion after any change of its length (an
    /// edit, an operation, undo or redo): the playhead never stays past the end, and a view
    /// that showed the whole motion (or shows nothing of it now) is fitted to the new length
    /// once no drag is in progress. A view zoomed into part of the motion stays as it is.
    pub fn follow_length(&mut self) {
        let length_ms = self.document.times_ms().last().copied().unwrap_or(0);
        let keyframes = &self.document.motion.keyframes;
        if self.playback.time_ms() > length_ms {
            self.playback.seek_ms(length_ms, keyframes);
        }
        if length_ms == self.followed_length_ms || self.document.history().in_gesture() {
            return;
        }
        let old_ms = self.followed_length_ms as f64;
        let shown = self.timeline.transform.map(|t| {
            let bounds = t.bounds();
            (bounds.min()[0], bounds.max()[0])
        });
        let refit = shown.is_none_or(|(start, end)| {
            let showed_all = start <= 0.0 && end >= old_ms;
            showed_all || start > length_ms as f64
        });
        self.timeline.fit_requested |= refit;
        self.followed_length_ms = length_ms;
    }

    /// The playhead in ms.
    #[must_use]
    pub fn playhead_ms(&self) -> u64 {
        self.playback.time_ms()
    }

    /// Whether the motion, its skit or its LED pattern has edits no file holds.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.document.has_unsaved()
    }

    /// The name with a mark for unsaved edits, as its tab shows it.
    #[must_use]
    pub fn tab_title(&self) -> String {
        let mark = if self.is_dirty() { " \u{2022}" } else { "" };
        format!("{}{mark}", self.document.origin.display_name())
    }
}
