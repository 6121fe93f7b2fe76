//! The shared codec: bytes in, owned model out, and back. The window, the command line and
//! the tests all go through it. It knows nothing of egui.

pub mod bytes;
pub mod csv;
pub mod error;
pub mod fat;
pub mod gait;
pub mod gzip;
pub mod kind;
pub mod latin1;
pub mod monetcmd;
pub mod mtn;
pub mod mwc;
pub mod oda;
pub mod problem;
pub mod pseq;
pub mod seq;
pub mod sound;
pub mod units;
pub mod webots;
pub mod yaml;

pub use error::{DecodeError, EncodeError};
pub use problem::{Problem, ProblemCode, Severity};
