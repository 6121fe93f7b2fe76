//! Behaviours: a motion with the sound and LED pattern played beside it (the tracks under
//! its curves), and the `.skit` file that pairs them. Plain data and functions, no egui:
//! the window draws and plays what is here.

pub mod error;
pub mod led_edit;
pub mod lights;
pub mod mix;
pub mod offer;
pub mod onsets;
pub mod part;
pub mod peaks;
pub mod skit;
pub mod synth;
pub mod table;

pub use error::{BehaviourError, TableError};
pub use part::{Data, LaneNote, LedLane, Part, Source, Track};
pub use peaks::Peaks;
