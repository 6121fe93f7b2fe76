//! The MTN motion format: model, lenient reader, writer and repair.

mod decode;
mod encode;
pub mod format;
mod keyframes;
mod model;
mod repair;

pub use decode::{Decoded, decode, decode_structure};
pub use encode::{Offsets, encode, offsets};
pub use keyframes::{BodyUrad, JointCountMismatch, Keyframe, KeyframeRef, Keyframes};
pub use model::{Layout, Motion, Padding, SizeWidth, Version};
pub use repair::{Fix, Repaired, repair};
