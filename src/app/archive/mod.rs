//! An archive as a place to work in: a sortable table of its entries with a search box and
//! filters, a preview of the selected motion, and Enter or a double-click to open it in a
//! tab. Entries with unsaved edits in a tab are marked; Save writes every one of them back.
//!
//! Its state is here; [`draw`] draws the browser, `apply` applies its actions.

pub mod draw;
mod handle;

use crate::codec::Problem;
use crate::codec::mtn::Motion;
use crate::edit::archive::{ArchiveIndex, EntryRow, Query};

/// The selected motion, read for its preview.
pub struct Preview {
    /// The row it is.
    pub row: usize,
    /// The motion.
    pub motion: Motion,
    /// Every problem it has.
    pub problems: Vec<Problem>,
}

/// An archive's tab.
pub struct ArchiveTab {
    /// The archive and its entries.
    pub index: ArchiveIndex,
    /// The search, filters and order.
    pub query: Query,
    /// The selected row (an index into the index's rows).
    pub selected: Option<usize>,
    /// The selected motion, read.
    pub preview: Option<Preview>,
    /// The floor's verdict on every motion, worked out in the background.
    pub floor: FloorJudging,
}

/// The floor's verdict on an archive's motions, worked out in the background a few at a
/// time (one job at once: the window keeps a processor), as `check` gives it.
#[derive(Clone, Debug, Default)]
pub struct FloorJudging {
    /// The row to go on from.
    pub from: usize,
    /// Whether a job is out.
    pub running: bool,
    /// The archive's reading the jobs are for (each reading from disk counts one up).
    pub generation: u64,
    /// Whether judging was asked for (the window asks as it opens an archive).
    pub asked: bool,
}

impl ArchiveTab {
    /// Whether a row's motion waits for the floor's verdict.
    #[must_use]
    pub fn floor_pending(&self, row: &EntryRow) -> bool {
        self.floor.asked && row.motion.as_ref().is_some_and(|f| f.floor.is_none())
    }
}

impl ArchiveTab {
    /// A tab for an archive in archive order, its first motion selected and previewed.
    #[must_use]
    pub fn new(index: ArchiveIndex) -> Self {
        let first = index.rows.iter().position(EntryRow::opens);
        let mut tab = Self {
            index,
            query: Query::default(),
            selected: None,
            preview: None,
            floor: FloorJudging::default(),
        };
        tab.select(first);
        tab
    }

    /// Selects a row and reads its motion for the preview.
    pub fn select(&mut self, row: Option<usize>) {
        self.selected = row;
        self.preview = row.and_then(|row| {
            let (motion, problems) = self.index.motion(row)?;
            Some(Preview {
                row,
                motion,
                problems,
            })
        });
    }
}
