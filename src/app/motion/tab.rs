//! A motion tab's model: the document (the motion and its tracks), what the window shows of
//! it, its playback, its floor's solution and what the stage shows. No egui: what its
//! widgets keep of their own (the timeline's transform and drag, the stage's camera) is
//! [`super::widgets::MotionWidgets`].

use super::floor::FloorCache;
use super::stage::model::StageModel;
use super::tracks::TrackView;
use super::view::View;
use crate::edit::{Document, Playback};

/// A motion being edited, and how the window shows it.
pub struct MotionTab {
    /// The motion and its tracks.
    pub document: Document,
    /// What is shown and selected.
    pub view: View,
    /// Playback at the robot's timing; its position is the playhead.
    pub playback: Playback,
    /// How the body rests at every tick, worked out in the background.
    pub floor: FloorCache,
    /// The robot simulated on the floor, while the stage's Simulate switch is on.
    pub sim: super::simulation::SimCache,
    /// A walk generator's preview simulated on the floor, while Motion > Generate… shows one
    /// (keyed by the preview's [`super::ops::form::Preview::result_key`]).
    pub preview_sim: super::simulation::SimCache,
    /// What the window keeps of the sound and LED tracks (they are the document's).
    pub track_view: TrackView,
    /// What the stage shows.
    pub stage: StageModel,
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
            floor: FloorCache::default(),
            sim: super::simulation::SimCache::default(),
            preview_sim: super::simulation::SimCache::default(),
            track_view: TrackView::default(),
            stage: StageModel::default(),
            safety_confirmed: false,
            repair_log: Vec::new(),
            followed_length_ms: crate::robot::timing::duration_ms(&document.motion.keyframes),
            document,
        }
    }

    /// Keeps the playhead and the view on the motion after any change of its length (an
    /// edit, an operation, undo or redo): the playhead never stays past the end, and a view
    /// that showed the whole motion (`shown_ms`, the time the timeline showed last; or that
    /// shows nothing of it now) is fitted to the new length once no drag is in progress. A
    /// view zoomed into part of the motion stays as it is.
    pub fn follow_length(&mut self, shown_ms: Option<(f64, f64)>) {
        let length_ms = self.document.duration_ms();
        if self.playback.time_ms() > length_ms {
            self.playback.seek_ms(length_ms, self.document.tick_count());
        }
        if length_ms == self.followed_length_ms || self.document.history().in_gesture() {
            return;
        }
        let old_ms = self.followed_length_ms as f64;
        let refit = shown_ms.is_none_or(|(start, end)| {
            let showed_all = start <= 0.0 && end >= old_ms;
            showed_all || start > length_ms as f64
        });
        if refit {
            self.view.requests.fit();
        }
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
