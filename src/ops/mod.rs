//! Whole-motion operations: mirror, reverse, retime, concatenate, standard postures and
//! conversion between models, for the whole motion or a range of its keyframes.
//!
//! Each is a pure function from motions to a new motion (plus notes for the user): the
//! command line writes the result, the window applies it as one undoable step.

pub mod body_angles;
mod common;
pub mod concat;
pub mod generate;
pub mod mirror;
pub mod place;
pub mod posture;
pub mod range;
pub mod request;
pub mod retarget;
pub mod retime;
pub mod reverse;
pub mod shape;

pub use common::{
    OpError, Outcome, Unmapped, check_range, design_of, joint_names, new_speed_notes, with_postures,
};
pub use request::{Context, OpRequest, RetimeBy};
