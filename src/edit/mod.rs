//! The document being edited and every operation on it, as plain data and functions with no
//! egui: edits with exact inverses, undo and redo, timing operations, opening and saving.

mod document;
mod edit_op;
mod history;
pub mod playback;
pub mod timeline_ops;

pub use document::{Document, Opened, Origin};
pub use edit_op::{Edit, HeaderField};
pub use history::History;
pub use playback::Playback;
