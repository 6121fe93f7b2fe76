//! Gait-file tabs: the document is [`crate::edit::GaitDocument`]; [`view`] draws it, `apply`
//! applies its actions and commands.

mod apply;
pub mod view;
