//! Gait-file tabs: the document is [`crate::edit::GaitDocument`]; `apply` handles its
//! actions and commands, [`view`] draws it.

mod handle;
pub mod view;

pub(in crate::app) use handle::{command, handle, save};
