//! A motion tab's floor: how the body rests at every tick, as the latest solution worked out
//! (`floor_job`) and the revision being worked out.

use crate::codec::Problem;
use crate::robot::floor::Rest;
use std::sync::Arc;

/// A tab's latest floor solution, and the one on its way.
#[derive(Clone, Debug, Default)]
pub struct FloorCache {
    /// The document revision the ticks are for.
    pub revision: Option<u64>,
    /// How the body rests at every tick of that revision.
    pub ticks: Arc<Vec<Rest>>,
    /// The revision a thread is working on.
    pub pending: Option<u64>,
    /// The floor's problems of the revision the ticks are for, and where they happen (the
    /// rest model's: the simulation's falls and slips replace its own where it has run).
    pub problems: (Vec<Problem>, Vec<[u64; 2]>),
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

    /// Keeps a solution, whatever its revision (the newest there is), with its problems.
    pub fn store(
        &mut self,
        revision: u64,
        ticks: Arc<Vec<Rest>>,
        problems: (Vec<Problem>, Vec<[u64; 2]>),
    ) {
        if self.pending == Some(revision) {
            self.pending = None;
        }
        self.revision = Some(revision);
        self.ticks = ticks;
        self.problems = problems;
    }
}
