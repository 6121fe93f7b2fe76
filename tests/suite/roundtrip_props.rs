//! Round-trip properties on generated motions: model -> bytes -> model gives the same motion,
//! bytes -> model -> bytes the same bytes, and model -> JSON -> model the same motion, for any
//! strings, joint lists, keyframe values and layouts the format can hold.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use mtn_studio::codec::mtn::{self, Layout, Motion, Padding, SizeWidth, Version};
use proptest::prelude::*;

fn latin1_string(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(1u8..=255, 0..=max)
        .prop_map(|bytes| bytes.into_iter().map(char::from).collect())
}

fn padding() -> impl Strategy<Value = Padding> {
    prop_oneof![Just(Padding::Align4), Just(Padding::None)]
}

/// Paddings are free; the section-3 size width follows the label's model (2 bytes for the
/// ERS-110), as in every real file. Files whose width disagrees with their label can be
/// ambiguous (a 2-byte size plus 2 bytes of padding reads like a 4-byte size); they are
/// tested one by one in `relabelled_widths_are_told_apart_by_their_bytes`.
fn layout(design: &str) -> impl Strategy<Value = Layout> + use<> {
    let section3_size = if mtn_studio::robot::is_ers110_label(design) {
        SizeWidth::U16
    } else {
        SizeWidth::U32
    };
    (padding(), padding(), padding()).prop_map(move |(a, b, c)| Layout {
        section3_size,
        section1_padding: a,
        section2_padding: b,
        section3_padding: c,
    })
}

prop_compose! {
    fn motion()(
        name in latin1_string(255),
        creator in latin1_string(40),
        design in prop_oneof![
            Just("DRX-1000".to_owned()),
            Just("DRX-700".to_owned()),
            Just("DRX-900".to_owned()),
            latin1_string(12),
        ],
        minor in 0u16..4,
        frame_rate in any::<u16>(),
        reserved in any::<u32>(),
        data_type in prop_oneof![Just(0u32), any::<u32>()],
        locators in proptest::collection::vec(latin1_string(40), 0..24),
        rows in proptest::collection::vec(
            (0u32..700, any::<[i32; 3]>(), proptest::collection::vec(any::<i32>(), 24)),
            0..12,
        ),
    )(
        layout in layout(&design),
        name in Just(name), creator in Just(creator), design in Just(design), minor in Just(minor),
        frame_rate in Just(frame_rate), reserved in Just(reserved), data_type in Just(data_type),
        locators in Just(locators), rows in Just(rows),
    ) -> Motion {
        let mut motion = Motion::new(&name, &creator, &design, locators);
        motion.version = Version { major: 1, minor };
        motion.frame_rate = frame_rate;
        motion.reserved = reserved;
        motion.data_type = data_type;
        motion.layout = layout;
        let joints = motion.locators.len();
        for (frames, body, values) in rows {
            motion.keyframes.push(frames, body, &values[..joints]).unwrap();
        }
        motion
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn model_bytes_model_is_identity(motion in motion()) {
        let bytes = mtn::encode(&motion).unwrap();
        let decoded = mtn::decode(&bytes).unwrap();
        prop_assert!(decoded.is_well_formed(), "{:?}", decoded.problems);
        let mut back = decoded.motion;
        // Where a section's content is already aligned, 'pad to 4' and 'no padding' write the
        // same bytes; the reader picks one, so compare the layouts by what they write.
        prop_assert_eq!(mtn::encode(&back).unwrap(), bytes.clone());
        back.layout = motion.layout.clone();
        prop_assert_eq!(back, motion);
    }

    #[test]
    fn model_json_model_is_identity(motion in motion()) {
        let json = serde_json::to_string(&motion).unwrap();
        let back: Motion = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, motion);
    }
}

#[test]
fn relabelled_widths_are_told_apart_by_their_bytes() {
    use mtn_studio::example::stand_to_sit;
    // An ERS-7 motion written with the ERS-110's 2-byte size, unpadded.
    let mut motion = stand_to_sit();
    motion.layout.section3_size = SizeWidth::U16;
    motion.layout.section3_padding = Padding::None;
    let back = mtn::decode(&mtn::encode(&motion).unwrap()).unwrap();
    assert_eq!(back.motion.keyframes, motion.keyframes);
    // An ERS-110 label on a file with a 4-byte size, padded or not: the interpolation counts
    // only make sense in the right reading.
    for padding in [Padding::Align4, Padding::None] {
        let mut motion = stand_to_sit();
        motion.design = "DRX-700".to_owned();
        motion.layout.section3_size = SizeWidth::U32;
        motion.layout.section3_padding = padding;
        let back = mtn::decode(&mtn::encode(&motion).unwrap()).unwrap();
        assert_eq!(back.motion.layout.section3_size, SizeWidth::U32);
        assert_eq!(back.motion.keyframes, motion.keyframes);
    }
}
