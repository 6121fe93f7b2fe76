//! How the body rests at every tick (`robot::floor`) and what that says of the motion (the
//! floor's problems), worked out after each change: at once for a short motion, else on a
//! thread of its own (the largest motion takes a good part of a second), its result coming
//! back as an action ([`FloorSolved`]). Meanwhile the stage works out the playhead's rest by
//! itself. The step that handles actions (`motion::handle`) starts the work and takes the result.

use crate::app::action::Action;
use crate::app::state::{FloorSolved, TabId};
use crate::codec::Problem;
use crate::codec::mtn::Motion;
use crate::robot::floor::{self, Rest};
use std::sync::Arc;

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

/// Works out `motion` (tab `tab`'s `revision`), as a job for a thread of its own: what
/// it found, as the action that brings it back.
#[must_use]
pub fn job(tab: TabId, revision: u64, motion: &Motion) -> Action {
    let (ticks, problems, spans) =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(motion)))
            .unwrap_or_default();
    Action::FloorSolved(Box::new(FloorSolved {
        tab,
        revision,
        ticks: Arc::new(ticks),
        problems,
        spans,
    }))
}
