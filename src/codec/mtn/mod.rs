//! The MTN motion format: model, lenient reader, writer and repair.
//!
//! ```
//! use mtn_studio::codec::mtn;
//!
//! // The bundled example: an ERS-7 going from stand to sit.
//! let bytes = mtn_studio::example::EXAMPLE_MTN;
//! let decoded = mtn::decode(bytes).expect("a motion");
//! assert!(decoded.is_well_formed());
//! assert_eq!(decoded.motion.design, "DRX-1000");
//!
//! // Edit a joint value (keyframe 1, joint 0, in microradians) and write it back.
//! let mut motion = decoded.motion;
//! motion.keyframes.set_angle(1, 0, -300_000);
//! let written = mtn::encode(&motion).expect("encodes");
//! assert_eq!(mtn::decode(&written).expect("reads back").motion, motion);
//! ```

mod decode;
mod encode;
pub mod format;
mod keyframes;
mod model;
mod reader;
mod width;

pub use decode::{Decoded, decode};
pub use encode::{Offsets, encode, offsets};
pub use keyframes::{BodyUrad, JointCountMismatch, Keyframe, KeyframeRef, Keyframes};
pub use model::{Layout, Motion, Padding, SizeWidth, Version};
