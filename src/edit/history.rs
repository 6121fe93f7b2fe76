//! Undo and redo: a stack of inverses. One user action (a whole drag included) is one step.

use super::edit_op::Edit;
use crate::codec::Problem;
use crate::codec::mtn::Motion;

/// One undoable step: what to apply to go back, and a label for the menu.
#[derive(Clone, Debug)]
struct Step {
    label: String,
    inverse: Edit,
    /// The state id after this step was done.
    state: u64,
    /// The state id before it.
    previous: u64,
}

/// The undo and redo stacks, and an id for every state of the motion so that "unsaved"
/// can be told exactly (undoing back to the saved state makes the document clean again).
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    state: u64,
    next_state: u64,
    /// An open gesture: the inverses so far (newest last) and its label.
    gesture: Option<(String, Vec<Edit>)>,
}

impl History {
    /// The id of the motion's current state.
    #[must_use]
    pub fn state(&self) -> u64 {
        self.state
    }

    fn new_state(&mut self) -> u64 {
        self.next_state += 1;
        self.next_state
    }

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
        if inverse.is_empty() {
            return;
        }
        if let Some((_, inverses)) = &mut self.gesture {
            inverses.push(inverse);
            return;
        }
        let previous = self.state;
        self.state = self.new_state();
        self.undo.push(Step {
            label: label.to_owned(),
            inverse,
            state: self.state,
            previous,
        });
        self.redo.clear();
    }

    /// Opens a gesture (a drag): every edit until [`History::end_gesture`] is one step.
    pub fn begin_gesture(&mut self, label: &str) {
        if self.gesture.is_none() {
            self.gesture = Some((label.to_owned(), Vec::new()));
        }
    }

    /// Whether a gesture is open.
    #[must_use]
    pub fn in_gesture(&self) -> bool {
        self.gesture.is_some()
    }

    /// Closes the gesture as one step (nothing if it changed nothing).
    pub fn end_gesture(&mut self) {
        let Some((label, mut inverses)) = self.gesture.take() else {
            return;
        };
        if inverses.is_empty() {
            return;
        }
        inverses.reverse();
        let previous = self.state;
        self.state = self.new_state();
        self.undo.push(Step {
            label,
            inverse: Edit::Group(inverses),
            state: self.state,
            previous,
        });
        self.redo.clear();
    }

    /// Closes the gesture and takes back what it changed, leaving no step (Escape in a field
    /// being typed into): the motion, and the state id, are as before the gesture began.
    pub fn cancel_gesture_to(&mut self, motion: &mut Motion, file_problems: &mut Vec<Problem>) {
        let Some((_, mut inverses)) = self.gesture.take() else {
            return;
        };
        inverses.reverse();
        let _redo = Edit::Group(inverses).apply_to(motion, file_problems);
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
        self.end_gesture();
        let step = self.undo.pop()?;
        let redo = step.inverse.apply_to(motion, file_problems);
        self.state = step.previous;
        let label = step.label.clone();
        self.redo.push(Step {
            inverse: redo,
            ..step
        });
        Some(label)
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
        let step = self.redo.pop()?;
        let undo = step.inverse.apply_to(motion, file_problems);
        self.state = step.state;
        let label = step.label.clone();
        self.undo.push(Step {
            inverse: undo,
            ..step
        });
        Some(label)
    }

    /// After a save: every step that sets the file's problems sets `problems`, those of
    /// the file now on disk, whatever is undone or redone.
    pub fn set_file_problems(&mut self, problems: &[Problem]) {
        for step in self.undo.iter_mut().chain(&mut self.redo) {
            step.inverse.set_file_problems(problems);
        }
    }

    /// The edit Undo would apply (the last step's inverse).
    #[must_use]
    pub fn next_undo(&self) -> Option<&Edit> {
        self.undo.last().map(|s| &s.inverse)
    }

    /// The edit Redo would apply.
    #[must_use]
    pub fn next_redo(&self) -> Option<&Edit> {
        self.redo.last().map(|s| &s.inverse)
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
