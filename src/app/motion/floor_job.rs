//! How the body rests at every tick (`robot::floor`) and what that says of the motion (the
//! floor's problems), worked out on a thread of its own after each change: the largest
//! motion takes a good part of a second. The result comes back as an action
//! ([`FloorSolved`]); meanwhile the stage works out the playhead's rest by itself.

use crate::app::action::Action;
use crate::app::state::TabId;
use crate::codec::Problem;
use crate::edit::Document;
use crate::robot::floor::{self, Rest};
use crate::robot::timing::tick_count;
use std::sync::Arc;
use std::sync::mpsc::Sender;

/// Motions of up to this many ticks (one block of the solution, a couple of milliseconds)
/// are worked out at once, in the step that applies the frame's actions.
pub const INLINE_TICKS: u64 = floor::BLOCK_TICKS;

/// Every tick's rest and the floor's problems.
fn solve(motion: &crate::codec::mtn::Motion) -> (Vec<Rest>, Vec<Problem>) {
    let offsets = crate::codec::mtn::offsets(motion).unwrap_or_default();
    floor::rig(motion).map_or_else(
        || (Vec::new(), Vec::new()),
        |rig| {
            let ticks = floor::rest_ticks(&rig, motion);
            let problems = floor::floor_problems(&rig, motion, &ticks, &offsets);
            (ticks, problems)
        },
    )
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

/// A floor solution, done.
#[derive(Clone, Debug, PartialEq)]
pub struct FloorSolved {
    /// The tab.
    pub tab: TabId,
    /// The document revision it was made from.
    pub revision: u64,
    /// Every tick's rest.
    pub ticks: Arc<Vec<Rest>>,
    /// The floor's problems.
    pub problems: Vec<Problem>,
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

    /// Works out the document's current revision, unless that is done or under way: at
    /// once for a motion of up to [`INLINE_TICKS`] ticks (a couple of milliseconds), else on
    /// a thread of its own (one per tab at a time: a drag that changes the motion every
    /// frame gets the latest when the last one is done).
    pub fn start_if_stale(&mut self, tab: TabId, document: &mut Document, post: &Sender<Action>) {
        let revision = document.revision();
        if self.revision == Some(revision) || self.pending.is_some() {
            return;
        }
        if tick_count(&document.motion.keyframes) <= INLINE_TICKS {
            let (ticks, problems) = solve(&document.motion);
            self.take(
                FloorSolved {
                    tab,
                    revision,
                    ticks: Arc::new(ticks),
                    problems,
                },
                document,
            );
            return;
        }
        self.pending = Some(revision);
        let motion = document.motion.clone();
        let post = post.clone();
        std::thread::spawn(move || {
            let (ticks, problems) =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(&motion)))
                    .unwrap_or_default();
            let _ = post.send(Action::FloorSolved(Box::new(FloorSolved {
                tab,
                revision,
                ticks: Arc::new(ticks),
                problems,
            })));
        });
    }

    /// Takes a finished solution: kept whatever its revision (the newest there is), its
    /// problems given to the document when it is still current.
    pub fn take(&mut self, done: FloorSolved, document: &mut Document) {
        if self.pending == Some(done.revision) {
            self.pending = None;
        }
        self.revision = Some(done.revision);
        self.ticks = done.ticks;
        document.set_floor_problems(done.revision, done.problems);
    }
}
