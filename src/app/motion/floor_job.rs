//! How the body rests at every tick (`robot::floor`) and what that says of the motion (the
//! floor's problems), worked out after each change: at once for a short motion, else on a
//! thread of its own (the largest motion takes a good part of a second), its result coming
//! back as an action ([`FloorSolved`]). Meanwhile the stage works out the playhead's rest by
//! itself. The apply step (`motion::apply`) starts the work and takes the result.

use crate::app::action::Action;
use crate::app::state::{FloorSolved, TabId};
use crate::codec::Problem;
use crate::codec::mtn::Motion;
use crate::robot::floor::{self, Rest};
use std::sync::Arc;
use std::sync::mpsc::Sender;

/// Motions of up to this many ticks (one block of the solution, a couple of milliseconds)
/// are worked out at once, in the step that applies the frame's actions.
pub const INLINE_TICKS: u64 = floor::BLOCK_TICKS;

/// Every tick's rest, the floor's problems and where they happen.
#[must_use]
pub fn solve(motion: &Motion) -> (Vec<Rest>, Vec<Problem>, Vec<[u64; 2]>) {
    let offsets = crate::codec::mtn::offsets(motion).unwrap_or_default();
    floor::rig(motion).map_or_else(
        || (Vec::new(), Vec::new(), Vec::new()),
        |rig| {
            let ticks = floor::rest_ticks(&rig, motion);
            let (problems, spans) = floor::floor_report(&rig, motion, &ticks, &offsets);
            (ticks, problems, spans)
        },
    )
}

/// Works out `motion` (the tab's `revision`) on a thread of its own; posts the result.
pub fn spawn(tab: TabId, revision: u64, motion: Motion, post: &Sender<Action>) {
    let post = post.clone();
    std::thread::spawn(move || {
        let (ticks, problems, spans) =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(&motion)))
                .unwrap_or_default();
        let _ = post.send(Action::FloorSolved(Box::new(FloorSolved {
            tab,
            revision,
            ticks: Arc::new(ticks),
            problems,
            spans,
        })));
    });
}

/// A tab's latest floor solution, and the one on its way.
#[derive(Clone, Debug, Default)]
pub struct FloorCache {
    /// The document revision the ticks are for.
    pub revision: Option<u64>,
    /// How the body rests at every tick of that revision.
    pub ticks: Arc<Vec<Rest>>,
    /// The revision a thread is working on.
    pub pending: Option<u64>,
}

impl FloorCache {
    /// The ticks, if they are the current revision's.
    #[must_use]
    pub fn current(&self, revision: u64) -> Option<&[Rest]> {
        (self.revision == Some(revision)).then_some(self.ticks.as_slice())
    }

    /// The latest ticks of any revision (for a guess while the current ones are made).
    #[must_use]
    pub fn latest(&self) -> Option<&[Rest]> {
        self.revision.map(|_| self.ticks.as_slice())
    }

    /// Whether `revision` still needs working out (not done, nothing under way: one thread
    /// per tab at a time, so a drag that changes the motion every frame gets the latest
    /// when the last one is done).
    #[must_use]
    pub fn wants(&self, revision: u64) -> bool {
        self.revision != Some(revision) && self.pending.is_none()
    }

    /// Keeps a solution, whatever its revision (the newest there is).
    pub fn store(&mut self, revision: u64, ticks: Arc<Vec<Rest>>) {
        if self.pending == Some(revision) {
            self.pending = None;
        }
        self.revision = Some(revision);
        self.ticks = ticks;
    }
}
