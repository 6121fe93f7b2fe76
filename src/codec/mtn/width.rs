//! Which width a section-3 size field has: 4 bytes, or 2 in ERS-110 files. The label says
//! which to expect, but tools relabelled files, so each reading is scored on its bytes.

use super::format::{FIRST_KEYFRAME_FIXED, KEYFRAME_FIXED, MAX_PADDING, keyframe_data_len};
use super::model::SizeWidth;
use super::reader::to_usize;
use crate::codec::bytes::Bytes;

/// How plausible one reading of the section-3 header is; higher is better, compared field by
/// field in order.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Plausibility {
    /// 2: the size field matches the keyframes exactly, as in every real file; 1: with up
    /// to 7 bytes of zero padding; 0: not at all.
    size_fits: u8,
    /// Interpolation counts no real file exceeds (read 2 bytes off, they are huge).
    sane_frames: usize,
    /// The width is the one the design label's model uses.
    label_agrees: bool,
    /// The data type reads as 0, as in every real file.
    data_type_zero: bool,
}

/// Interpolation counts above this are taken as a sign of a misaligned reading: real files
/// stay below 600 (about 10 s per segment); this allows over a minute.
const SANE_FRAMES: u32 = 4096;

/// Chooses the width of the section-3 size field. ERS-110 files use 2 bytes, all others 4;
/// the label says which to expect, but tools have relabelled files, so each reading is
/// scored on what the bytes say: a size that fits the keyframes exactly, then interpolation
/// counts that make sense; then the label, then a zero data type, break ties.
///
/// One layout is ambiguous by nature: a 2-byte size with 2 bytes of padding reads exactly
/// like a 4-byte size without. No real file and nothing we write has it; it reads as 4-byte.
pub(super) fn section3_width(
    bytes: Bytes<'_>,
    at: usize,
    joint_count: usize,
    keyframe_count: usize,
    ers110: bool,
) -> SizeWidth {
    let data_len = keyframe_data_len(keyframe_count, joint_count);
    let size_fits = |width: SizeWidth| {
        let header_len = width.header_len();
        let size = match width {
            SizeWidth::U32 => bytes.u32(at + 4).map(to_usize),
            SizeWidth::U16 => bytes.u16(at + 4).map(usize::from),
        };
        let content_end = at + header_len + data_len;
        size.map_or(0, |size| {
            let end = at.saturating_add(size);
            let padded = end >= content_end
                && end - content_end <= MAX_PADDING
                && bytes
                    .slice(content_end, end - content_end)
                    .is_some_and(|pad| pad.iter().all(|&b| b == 0));
            match (end == content_end && bytes.len() >= end, padded) {
                (true, _) => 2,
                (false, true) => 1,
                (false, false) => 0,
            }
        })
    };
    // The size decides in every real file; only where it does not are the keyframes read.
    let (u16_fits, u32_fits) = (size_fits(SizeWidth::U16), size_fits(SizeWidth::U32));
    if u16_fits != u32_fits {
        return if u16_fits > u32_fits {
            SizeWidth::U16
        } else {
            SizeWidth::U32
        };
    }
    let score = |width: SizeWidth| {
        let header_len = width.header_len();
        let stride = KEYFRAME_FIXED + 4 * joint_count;
        let first_frames = at + header_len + FIRST_KEYFRAME_FIXED + 4 * joint_count;
        let sane_frames = (1..keyframe_count)
            .map_while(|k| bytes.u32(first_frames + (k - 1) * stride))
            .filter(|&frames| frames <= SANE_FRAMES)
            .count();
        Plausibility {
            size_fits: size_fits(width),
            sane_frames,
            label_agrees: ers110 == (width == SizeWidth::U16),
            data_type_zero: bytes.u32(at + header_len - 4) == Some(0),
        }
    };
    if score(SizeWidth::U16) > score(SizeWidth::U32) {
        SizeWidth::U16
    } else {
        SizeWidth::U32
    }
}
