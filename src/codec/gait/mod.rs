//! StickyBot gait files: the flash image that configures Stanford's wall-climbing StickyBot
//! (`docs/formats/stickybot.md`). A 16-bit little-endian size of the whole file, a table of
//! contents (a count byte the robot's images lack, then 3 bytes per entry: type and 16-bit
//! location counted from the TOC's first byte), then the sections, which need not be
//! contiguous. Numbers are 16-bit two's complement with 8 fractional bits.
//!
//! [`decode`] takes every reading the page allows and says which it took; [`encode`] gives a
//! well-formed file back byte for byte (count byte or not, gaps kept).

mod body;
mod check;
mod decode;
mod encode;
mod model;

pub use check::{GaitCode, GaitProblem, inverse_error};
pub use decode::{Decoded, decode};
pub use encode::{EncodeError, encode, repair};
pub use model::{Body, Fixed, Gait, Gap, HEADER_LEN, Section, SectionType};
