//! Undo and redo: a stack of inverses. One user action (a whole drag included) is one step.
//! The history is generic over what a step keeps ([`Revert`]): a motion document's steps
//! keep exact inverse edits of the motion or its tracks as they were
//! ([`crate::edit::Step`]), a gait file's keep the model as it was (a few hundred bytes), and
//! all undo, redo, group a gesture and tell "unsaved" the same way.

use super::edit_op::Edit;
use crate::codec::Problem;
use crate::codec::mtn::Motion;

/// What one undo step keeps: the change that takes a step back. Applying it (the caller
/// does, to its own document) gives the change that makes the step again.
pub trait Revert: Sized {
    /// Whether it changes nothing (an edit that found nothing to change leaves no step).
    fn is_noop(&self) -> bool;
    /// The changes of one gesture, newest first, as one change that takes the whole gesture
    /// back (`None` when there are none).
    fn group(newest_first: Vec<Self>) -> Option<Self>;
}

impl Revert for Edit {
    fn is_noop(&self) -> bool {
        self.is_empty()
    }

    fn group(newest_first: Vec<Self>) -> Option<Self> {
        (!newest_first.is_empty()).then_some(Edit::Group(newest_first))
    }
}

/// One undoable step: what to apply to go back, and a label for the menu.
#[derive(Clone, Debug)]
struct Step<C> {
    label: String,
    inverse: C,
    /// The state id after this step was done.
    state: u64,
    /// The state id before it.
    previous: u64,
}

/// The undo and redo stacks, and an id for every state of the document so that "unsaved"
/// can be told exactly (undoing back to the saved state makes the document clean again).
#[derive(Clone, Debug)]
pub struct History<C = Edit> {
    undo: Vec<Step<C>>,
    redo: Vec<Step<C>>,
    state: u64,
    next_state: u64,
    /// An open gesture: the inverses so far (newest last) and its label.
    gesture: Option<(String, Vec<C>)>,
}

impl<C> Default for History<C> {
    fn default() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            state: 0,
            next_state: 0,
            gesture: None,
        }
    }
}

impl<C: Revert> History<C> {
    /// The id of the document's current state.
    #[must_use]
    pub fn state(&self) -> u64 {
        self.state
    }

    fn new_state(&mut self) -> u64 {
        self.next_state += 1;
        self.next_state
    }

    fn push_step(&mut self, label: String, inverse: C) {
        let previous = self.state;
        self.state = self.new_state();
        self.undo.push(Step {
            label,
            inverse,
            state: self.state,
            previous,
        });
        self.redo.clear();
    }

    /// Records a change the caller has made, by the change that takes it back: one step of
    /// its own, or part of the open gesture. A change that changed nothing leaves no step.
    pub fn record(&mut self, label: &str, inverse: C) {
        if inverse.is_noop() {
            return;
        }
        if let Some((_, inverses)) = &mut self.gesture {
            inverses.push(inverse);
            return;
        }
        self.push_step(label.to_owned(), inverse);
    }

    /// Opens a gesture (a drag): every change until [`History::end_gesture`] is one step.
    pub fn begin_gesture(&mut self, label: &str) {
        if self.gesture.is_none() {
            self.gesture = Some((label.to_owned(), Vec::new()));
        }
    }

    /// Names the open gesture's step again (a drag named, as it ends, for what it changed).
    pub fn rename_gesture(&mut self, label: &str) {
        if let Some((name, _)) = &mut self.gesture {
            label.clone_into(name);
        }
    }

    /// Whether a gesture is open.
    #[must_use]
    pub fn in_gesture(&self) -> bool {
        self.gesture.is_some()
    }

    /// Closes the gesture as one step (nothing if it changed nothing).
    pub fn end_gesture(&mut self) {
        self.end_gesture_if(|_| true);
    }

    /// Closes the gesture as one step if `keep` says its grouped change is worth a step (a
    /// document whose steps keep snapshots tells a gesture that came back where it began).
    pub fn end_gesture_if(&mut self, keep: impl FnOnce(&C) -> bool) {
        let Some((label, mut inverses)) = self.gesture.take() else {
            return;
        };
        inverses.reverse();
        if let Some(inverse) = C::group(inverses).filter(|c| keep(c)) {
            self.push_step(label, inverse);
        }
    }

    /// Closes the gesture and hands back the change that takes back what it changed, leaving
    /// no step; the caller applies it (Escape in a field being typed into).
    pub fn cancel_gesture(&mut self) -> Option<C> {
        let (_, mut inverses) = self.gesture.take()?;
        inverses.reverse();
        C::group(inverses)
    }

    /// Undoes the last step (closing an open gesture first): `apply` makes the step's change
    /// on the document and returns the change that makes the step again. Returns the label.
    pub fn undo_with(&mut self, apply: impl FnOnce(C) -> C) -> Option<String> {
        self.end_gesture();
        let step = self.undo.pop()?;
        let label = step.label.clone();
        self.state = step.previous;
        self.redo.push(Step {
            inverse: apply(step.inverse),
            ..step
        });
        Some(label)
    }

    /// Redoes the last undone step, as [`History::undo_with`]. Returns the label.
    pub fn redo_with(&mut self, apply: impl FnOnce(C) -> C) -> Option<String> {
        let step = self.redo.pop()?;
        let label = step.label.clone();
        self.state = step.state;
        self.undo.push(Step {
            inverse: apply(step.inverse),
            ..step
        });
        Some(label)
    }

    /// The change Undo would apply (the last step's inverse).
    #[must_use]
    pub fn next_undo(&self) -> Option<&C> {
        self.undo.last().map(|s| &s.inverse)
    }

    /// The change Redo would apply.
    #[must_use]
    pub fn next_redo(&self) -> Option<&C> {
        self.redo.last().map(|s| &s.inverse)
    }

    /// The state after the newest step Undo can take back that `matches` (0, the state
    /// before any step, when none does): what part of a document whose steps change several
    /// things was last changed to.
    #[must_use]
    pub fn newest_state_where(&self, matches: impl Fn(&C) -> bool) -> u64 {
        self.undo
            .iter()
            .rev()
            .find(|s| matches(&s.inverse))
            .map_or(0, |s| s.state)
    }

    /// Every step's change, Undo's and Redo's (to bring what they keep up to date).
    pub fn changes_mut(&mut self) -> impl Iterator<Item = &mut C> {
        self.undo
            .iter_mut()
            .chain(&mut self.redo)
            .map(|s| &mut s.inverse)
    }

    /// How many steps Undo can take back.
    #[must_use]
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// The label of the step Undo would undo.
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    /// The label of the step Redo would redo.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }
}

/// A motion's history: its steps are edits applied to the motion and the problems of the
/// file it was read from.
impl History<Edit> {
    /// Applies an edit as one step of its own (or as part of the open gesture).
    pub fn apply(&mut self, motion: &mut Motion, label: &str, edit: Edit) {
        self.apply_to(motion, &mut Vec::new(), label, edit);
    }

    /// [`History::apply`] to a motion and the problems of the file it was read from.
    pub fn apply_to(
        &mut self,
        motion: &mut Motion,
        file_problems: &mut Vec<Problem>,
        label: &str,
        edit: Edit,
    ) {
        let inverse = edit.apply_to(motion, file_problems);
        self.record(label, inverse);
    }

    /// Closes the gesture and takes back what it changed, leaving no step: the motion, and
    /// the state id, are as before the gesture began.
    pub fn cancel_gesture_to(&mut self, motion: &mut Motion, file_problems: &mut Vec<Problem>) {
        if let Some(back) = self.cancel_gesture() {
            let _redo = back.apply_to(motion, file_problems);
        }
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self, motion: &mut Motion) -> Option<String> {
        self.undo_to(motion, &mut Vec::new())
    }

    /// [`History::undo`] of a motion and the problems of the file it was read from.
    pub fn undo_to(
        &mut self,
        motion: &mut Motion,
        file_problems: &mut Vec<Problem>,
    ) -> Option<String> {
        self.undo_with(|inverse| inverse.apply_to(motion, file_problems))
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self, motion: &mut Motion) -> Option<String> {
        self.redo_to(motion, &mut Vec::new())
    }

    /// [`History::redo`] of a motion and the problems of the file it was read from.
    pub fn redo_to(
        &mut self,
        motion: &mut Motion,
        file_problems: &mut Vec<Problem>,
    ) -> Option<String> {
        self.redo_with(|inverse| inverse.apply_to(motion, file_problems))
    }

    /// After a save: every step that sets the file's problems sets `problems`, those of
    /// the file now on disk, whatever is undone or redone.
    pub fn set_file_problems(&mut self, problems: &[Problem]) {
        for step in self.undo.iter_mut().chain(&mut self.redo) {
            step.inverse.set_file_problems(problems);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    #[test]
    fn a_gesture_is_one_step_and_undo_to_saved_is_clean() {
        let mut motion = stand_to_sit();
        let original = motion.clone();
        let mut history = History::default();
        let saved = history.state();
        history.begin_gesture("drag");
        for value in [1, 2, 3, 4] {
            history.apply(&mut motion, "drag", Edit::SetAngles(vec![(1, 0, value)]));
        }
        history.end_gesture();
        assert_eq!(motion.keyframes.angle(1, 0), Some(4));
        assert_ne!(history.state(), saved);
        assert_eq!(history.undo(&mut motion).as_deref(), Some("drag"));
        assert_eq!(motion, original);
        assert_eq!(history.state(), saved);
        assert_eq!(history.redo(&mut motion).as_deref(), Some("drag"));
        assert_eq!(motion.keyframes.angle(1, 0), Some(4));
        assert_eq!(history.undo_label(), Some("drag"));
        assert_eq!(history.redo_label(), None);
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut motion = stand_to_sit();
        let mut history = History::default();
        history.apply(&mut motion, "a", Edit::SetFrameRate(1));
        history.undo(&mut motion);
        history.apply(&mut motion, "b", Edit::SetFrameRate(2));
        assert_eq!(history.redo(&mut motion), None);
        assert_eq!(motion.frame_rate, 2);
    }
}
