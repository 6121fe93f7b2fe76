//! The document being edited and every operation on it, as plain data and functions with no
//! egui: edits with exact inverses, undo and redo, timing operations, opening and saving,
//! archives as a place to work in, and the min/max pyramid the timeline draws from.

pub mod archive;
mod changes;
mod document;
mod edit_op;
mod error;
pub mod gait;
mod history;
pub mod links;
pub mod playback;
pub mod summary;
pub mod timeline_ops;
pub mod tracks;

pub use changes::Changes;
pub use document::disk::{DiskState, save_entries};
pub use document::{Document, Origin, Step, TracksOnDisk, file_name};
pub use edit_op::{Edit, HeaderField};
pub use error::DocumentError;
pub use gait::{GaitDocument, GaitFileError};
pub use history::{History, Revert};
pub use playback::Playback;
