//! The dialogs: at most one is open at a time ([`Modal`]). [`model`] is their state, as
//! data: a question's buttons hold their answers ([`Answer`]), not actions. [`draw`] draws
//! each from the app's copy; a change to a field, or a button, is an action (a changed
//! field shows the dialog again, changed), so dialogs change state through the same queue
//! as everything else.

pub mod add_to_stick;
pub mod behaviours;
pub mod draw;
pub mod find_walk;
pub mod model;
pub mod new_motion;
pub mod palette;
pub mod part_picker;
pub mod parts;
pub mod robot;

pub use model::{
    Confirm, ExportPrompt, ImportPrompt, Modal, NewMotionPrompt, PathPrompt, PathPurpose,
    RobotPrompt, SearchShared, StickPrompt, WalkSearchPrompt,
};

use crate::app::state::Answer;

/// A "Cancel" button: closes the dialog, nothing else.
#[must_use]
pub fn cancel() -> (String, Option<Answer>) {
    ("Cancel".to_owned(), None)
}
