//! Gait-file tabs: the document is [`crate::edit::GaitDocument`]; `apply` handles its
//! actions and commands, [`view`] draws it.

mod apply;
pub mod view;

pub(in crate::app) use apply::{command, handle, save};
