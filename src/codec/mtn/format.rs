//! Named offsets and sizes of the MTN layout (Sony's MTN spec, and `docs/formats/mtn.md` for
//! what real files do).

/// The file magic.
pub const MAGIC: &[u8; 4] = b"OMTN";
/// Where section 0 starts.
pub const SECTION0_AT: usize = 4;
/// Section 0's size field value.
pub const SECTION0_SIZE: usize = 24;
/// Section 0's section-count field value.
pub const SECTION0_COUNT: u32 = 4;
/// Where section 1 starts (the player assumes it).
pub const SECTION1_AT: usize = SECTION0_AT + SECTION0_SIZE;
/// Every section starts with `u32 number, u32 size`.
pub const SECTION_HEADER_LEN: usize = 8;
/// The first keyframe: body roll, pitch, yaw before its joint values.
pub const FIRST_KEYFRAME_FIXED: usize = 12;
/// Every later keyframe: interpolation count, roll, pitch, yaw before its joint values.
pub const KEYFRAME_FIXED: usize = 16;
/// The most padding a reader accepts as padding rather than as garbage.
pub const MAX_PADDING: usize = 7;

/// The length of the keyframe data for `keyframe_count` keyframes of `joint_count` joints.
#[must_use]
pub fn keyframe_data_len(keyframe_count: usize, joint_count: usize) -> usize {
    if keyframe_count == 0 {
        0
    } else {
        FIRST_KEYFRAME_FIXED
            + 4 * joint_count
            + (keyframe_count - 1) * (KEYFRAME_FIXED + 4 * joint_count)
    }
}

/// Whether a design label is the ERS-110's (`DRX-700`, bare or with a partial-body suffix
/// such as `DRX-700_Head`). Its files carry a 2-byte section-3 size and a frame-rate field
/// of 0: the reader expects that layout and the writer gives new files of that label it.
#[must_use]
pub fn is_ers110_label(label: &str) -> bool {
    label == "DRX-700" || label.starts_with("DRX-700_")
}
