//! What the last few changes of a document touched, so that what a view worked out from the
//! motion (the timeline's reduced curves, the stage's paw paths) can be brought up to date
//! where the motion changed rather than made afresh. A drag on a long motion changes one
//! value a frame; the views then redo a twentieth of their work, or less.

use std::sync::Arc;

/// How many changes are remembered: a view a few frames behind still catches up.
const KEPT: usize = 8;

/// One change: the revisions before and after it, and the values it set when it set
/// values only (`(keyframe, channel)`, the body angles after the joints).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Change {
    before: u64,
    after: u64,
    cells: Option<Arc<[(usize, usize)]>>,
}

/// The last changes of a document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    recent: Vec<Change>,
}

impl Changes {
    /// Records a change from revision `before` to `after`; `cells` are the values it set
    /// when it set nothing else (the keyframes' times and count stay), else `None`.
    pub fn record(&mut self, before: u64, after: u64, cells: Option<&[(usize, usize)]>) {
        if self.recent.len() == KEPT {
            self.recent.remove(0);
        }
        self.recent.push(Change {
            before,
            after,
            cells: cells.map(Arc::from),
        });
    }

    /// The values set between revision `since` and revision `now`, when every change in
    /// between set values only and is remembered; `None` when anything else may have
    /// changed (the view must be made afresh).
    #[must_use]
    pub fn cells_between(&self, since: u64, now: u64) -> Option<Vec<(usize, usize)>> {
        let mut cells = Vec::new();
        let mut at = now;
        for change in self.recent.iter().rev() {
            if at == since {
                break;
            }
            if change.after != at {
                return None;
            }
            cells.extend_from_slice(change.cells.as_deref()?);
            at = change.before;
        }
        (at == since).then_some(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_values_set_between_two_revisions_are_told_while_only_values_changed() {
        let mut changes = Changes::default();
        changes.record(1, 2, Some(&[(5, 0)]));
        changes.record(2, 3, Some(&[(6, 1)]));
        assert_eq!(changes.cells_between(1, 3), Some(vec![(6, 1), (5, 0)]));
        assert_eq!(changes.cells_between(2, 3), Some(vec![(6, 1)]));
        assert_eq!(changes.cells_between(3, 3), Some(Vec::new()));
        // A change of anything else in between: made afresh.
        changes.record(3, 4, None);
        changes.record(4, 5, Some(&[(1, 1)]));
        assert_eq!(changes.cells_between(4, 5), Some(vec![(1, 1)]));
        assert_eq!(changes.cells_between(2, 5), None);
        // A revision not remembered (too long ago, or another document's): afresh.
        assert_eq!(changes.cells_between(99, 5), None);
        for r in 5..20 {
            changes.record(r, r + 1, Some(&[(0, 0)]));
        }
        assert_eq!(
            changes.cells_between(5, 20),
            None,
            "only the last few are kept"
        );
        assert_eq!(changes.cells_between(15, 20).map(|c| c.len()), Some(5));
    }
}
