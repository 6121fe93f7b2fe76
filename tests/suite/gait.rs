//! StickyBot gait files, built here in every layout the page allows (count byte or not,
//! gaps, 44 or 52 stance numbers, opaque sections): read back field by field, written back
//! byte for byte and through JSON, repaired, and every problem code triggered.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::gait::{self, Body, Fixed, GaitCode};

/// A gait file's bytes: the size header (the length, or `size`), the TOC (with its count
/// byte or not) and each `(code, location, bytes)` section placed at its location.
fn build(count_byte: bool, sections: &[(u8, u16, Vec<u8>)], size: Option<u16>) -> Vec<u8> {
    let mut out = vec![0, 0];
    if count_byte {
        out.push(u8::try_from(sections.len()).unwrap());
    }
    for (code, location, _) in sections {
        out.push(*code);
        out.extend_from_slice(&location.to_le_bytes());
    }
    for (_, location, bytes) in sections {
        let at = 2 + usize::from(*location);
        if out.len() < at + bytes.len() {
            out.resize(at + bytes.len(), 0);
        }
        out[at..at + bytes.len()].copy_from_slice(bytes);
    }
    let len = u16::try_from(out.len()).unwrap();
    out[..2].copy_from_slice(&size.unwrap_or(len).to_le_bytes());
    out
}

/// A servo table of `n` servos: home, upper, lower.
fn servos(n: u8) -> Vec<u8> {
    let mut bytes = vec![n];
    bytes.extend((0..n).map(|i| 100 + i)); // home
    bytes.extend((0..n).map(|i| 200 + i / 2)); // upper
    bytes.extend((0..n).map(|i| 10 + i)); // lower
    bytes
}

/// A sensor table of `n` sensors: zero points, then slopes (1.5, -0.25, ...).
fn sensors(n: u8) -> Vec<u8> {
    let mut bytes = vec![n];
    bytes.extend((0..n).map(|i| 7 * i));
    for i in 0..i16::from(n) {
        bytes.extend_from_slice(&(384 - 100 * i).to_le_bytes());
    }
    bytes
}

fn numbers(values: &[i16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// G = 2 I, G^-1 = 0.5 I (exact in 8.8), then KG, fD, vFF, and `extra` more numbers.
fn stance(extra: usize, g_inv_diagonal: i16) -> Vec<u8> {
    let mut values = Vec::new();
    for diagonal in [512, g_inv_diagonal] {
        for i in 0..16 {
            values.push(if i % 5 == 0 { diagonal } else { 0 });
        }
    }
    values.extend((1..=12).map(|i| i * 64));
    values.extend((0..extra).map(|i| -(i as i16) - 1));
    numbers(&values)
}

/// The page's example: TOC `02 30 07 00 31 1A 01`, a servo table right after it and a
/// sensor table at 0x011A, with the bytes between kept.
fn page_example() -> Vec<u8> {
    build(
        true,
        &[(0x30, 0x0007, servos(8)), (0x31, 0x011A, sensors(8))],
        None,
    )
}

#[test]
fn the_pages_example_reads_field_by_field_and_comes_back_byte_for_byte() {
    let bytes = page_example();
    assert_eq!(&bytes[2..9], &[0x02, 0x30, 0x07, 0x00, 0x31, 0x1A, 0x01]);
    let decoded = gait::decode(&bytes).unwrap();
    assert!(decoded.problems.is_empty(), "{:?}", decoded.problems);
    let gait = &decoded.gait;
    assert!(gait.toc_count_byte);
    assert_eq!(usize::from(gait.declared_size), bytes.len());
    assert_eq!(gait.sections.len(), 2);
    assert_eq!(gait.sections[0].offset(), 9);
    let Body::ServoConfig { home, upper, lower } = &gait.sections[0].body else {
        panic!("a servo table: {:?}", gait.sections[0].body);
    };
    assert_eq!(home, &(100..108).collect::<Vec<u8>>());
    assert_eq!(upper[7], 203);
    assert_eq!(lower[0], 10);
    let Body::SensorConfig { zero, slope } = &gait.sections[1].body else {
        panic!("a sensor table: {:?}", gait.sections[1].body);
    };
    assert_eq!(zero[2], 14);
    assert_eq!(slope[0].value(), 1.5);
    assert_eq!(slope[1].value(), 1.109_375);
    // The bytes between the tables (9 + 25 to 2 + 0x11A) are kept as a gap.
    assert_eq!(gait.gaps.len(), 1);
    assert_eq!(gait.gaps[0].offset, 34);
    assert_eq!(gait.gaps[0].bytes.len(), 2 + 0x11A - 34);
    assert_eq!(gait::encode(gait).unwrap(), bytes);
}

#[test]
fn without_the_count_byte_as_on_the_robot_reads_with_a_note_and_repairs() {
    let bytes = build(
        false,
        &[(0x30, 0x0006, servos(4)), (0x31, 0x0100, sensors(4))],
        None,
    );
    let decoded = gait::decode(&bytes).unwrap();
    assert!(!decoded.gait.toc_count_byte);
    assert!(decoded.is_well_formed(), "{:?}", decoded.problems);
    let codes: Vec<GaitCode> = decoded.problems.iter().map(|p| p.code).collect();
    assert_eq!(codes, [GaitCode::NoCountByte]);
    assert_eq!(decoded.gait.sections.len(), 2);
    assert_eq!(gait::encode(&decoded.gait).unwrap(), bytes);

    let (repaired, fixes) = gait::repair(&decoded.gait).unwrap();
    assert_eq!(fixes.len(), 2, "{fixes:?}");
    let written = gait::encode(&repaired).unwrap();
    assert_eq!(written.len(), bytes.len() + 1);
    let again = gait::decode(&written).unwrap();
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    assert!(again.gait.toc_count_byte);
    let bodies = |g: &gait::Gait| {
        g.sections
            .iter()
            .map(|s| s.body.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        bodies(&again.gait),
        bodies(&decoded.gait),
        "every value kept"
    );
}

#[test]
fn without_the_count_byte_and_with_padding_before_the_first_section_reads_its_entries() {
    // The robot's layout with sections at fixed addresses: the TOC (6 bytes) is followed by
    // zero bytes up to the first section at 0x0010, as the page's example allows (its
    // second section sits at 0x011A). The first type byte (0x30) is no count of 48 entries.
    let bytes = build(
        false,
        &[(0x30, 0x0010, servos(8)), (0x31, 0x011A, sensors(8))],
        None,
    );
    assert_eq!(&bytes[2..8], &[0x30, 0x10, 0x00, 0x31, 0x1A, 0x01]);
    assert!(
        bytes[8..18].iter().all(|&b| b == 0),
        "padding before the first section"
    );
    let decoded = gait::decode(&bytes).unwrap();
    assert!(!decoded.gait.toc_count_byte);
    assert_eq!(decoded.gait.sections.len(), 2, "{:?}", decoded.problems);
    assert!(decoded.is_well_formed(), "{:?}", decoded.problems);
    let codes: Vec<GaitCode> = decoded.problems.iter().map(|p| p.code).collect();
    assert_eq!(codes, [GaitCode::NoCountByte]);
    assert_eq!(
        gait::encode(&decoded.gait).unwrap(),
        bytes,
        "the padding is kept"
    );
    // An erased (0xFF) fill ends the TOC as well.
    let mut erased = bytes.clone();
    erased[8..18].fill(0xFF);
    let decoded = gait::decode(&erased).unwrap();
    assert_eq!(decoded.gait.sections.len(), 2, "{:?}", decoded.problems);
    assert!(decoded.is_well_formed(), "{:?}", decoded.problems);
    // The command line says the same.
    let dir = common::scratch_dir("gait", "padded");
    let path = dir.join("padded.gait");
    std::fs::write(&path, &bytes).unwrap();
    let output = common::run_cli(&[&"check", &path]);
    assert!(output.status.success(), "{output:?}");
}

#[test]
fn the_stance_controller_takes_52_numbers_where_they_fit_and_44_where_not() {
    for (extra, expect_extra) in [(0, false), (8, true)] {
        let bytes = build(true, &[(0x32, 4, stance(extra, 128))], None);
        let decoded = gait::decode(&bytes).unwrap();
        assert!(decoded.problems.is_empty(), "{:?}", decoded.problems);
        let Body::Stance {
            g, kg, vff, extra, ..
        } = &decoded.gait.sections[0].body
        else {
            panic!("a stance controller");
        };
        assert_eq!(g[0].value(), 2.0);
        assert_eq!(kg[0].value(), 0.25);
        assert_eq!(vff[3].value(), 3.0);
        assert_eq!(extra.is_some(), expect_extra);
        if let Some(extra) = extra {
            assert_eq!(extra[7], Fixed(-8));
        }
        assert_eq!(gait::encode(&decoded.gait).unwrap(), bytes);
    }
}

#[test]
fn opaque_sections_and_unknown_types_keep_their_bytes() {
    let detachment = numbers(&(1..=13).collect::<Vec<i16>>());
    let attachment = numbers(&[256, 1, 2, 3, 4, -256]);
    let bytes = build(
        true,
        &[
            (0x33, 16, detachment),
            (0x34, 50, vec![1, 2, 3, 4, 5]),
            (0x35, 60, attachment),
            (0x36, 80, vec![9; 7]),
            (0x41, 90, vec![0xAB, 0xCD]),
        ],
        None,
    );
    let decoded = gait::decode(&bytes).unwrap();
    let codes: Vec<GaitCode> = decoded.problems.iter().map(|p| p.code).collect();
    assert_eq!(codes, [GaitCode::UnknownType]);
    let sections = &decoded.gait.sections;
    let Body::Detachment {
        fdes, wup, vfoot, ..
    } = &sections[0].body
    else {
        panic!("a detachment controller");
    };
    assert_eq!((fdes.0, wup[3].0, vfoot.0), (1, 7, 13));
    assert_eq!(
        sections[1].body,
        Body::Bytes {
            bytes: [1, 2, 3, 4, 5].into_iter().chain([0; 5]).collect()
        },
        "the flight controller runs to the next section"
    );
    let Body::Attachment { vstroke, vwing, .. } = &sections[2].body else {
        panic!("an attachment controller");
    };
    assert_eq!((vstroke.value(), vwing.value()), (1.0, -1.0));
    assert_eq!(
        sections[4].body,
        Body::Bytes {
            bytes: vec![0xAB, 0xCD]
        }
    );
    assert_eq!(gait::encode(&decoded.gait).unwrap(), bytes);
}

#[test]
fn json_round_trip_and_a_hand_edit_convert_back() {
    let bytes = page_example();
    let gait = gait::decode(&bytes).unwrap().gait;
    let json = serde_json::to_string_pretty(&gait).unwrap();
    assert!(
        json.contains("\"servo-config\"") && json.contains("\"home\""),
        "{json}"
    );
    let back: gait::Gait = serde_json::from_str(&json).unwrap();
    assert_eq!(gait::encode(&back).unwrap(), bytes);
    // Numbers are real values in JSON; one out of range is refused, one between steps is
    // taken to the nearest 1/256.
    assert!(json.contains("1.109375"), "{json}");
    assert!(serde_json::from_str::<gait::Gait>(&json.replacen("1.5", "200.0", 1)).is_err());
    let rounded: gait::Gait = serde_json::from_str(&json.replacen("1.5", "1.501", 1)).unwrap();
    assert_eq!(gait::encode(&rounded).unwrap(), bytes);
    // An edited home position (by hand, in the JSON) lands in its byte.
    let edited = json.replacen("100,", "111,", 1);
    let edited: gait::Gait = serde_json::from_str(&edited).unwrap();
    let written = gait::encode(&edited).unwrap();
    assert_eq!(written[10], 111);
    assert_eq!(
        written.iter().zip(&bytes).filter(|(a, b)| a != b).count(),
        1
    );
}

#[test]
fn every_problem_code_has_a_fixture_that_raises_it() {
    let mut bad_limits = servos(4);
    bad_limits[1] = 5; // home below the lower limit
    let fixtures: Vec<(GaitCode, Vec<u8>)> = vec![
        (
            GaitCode::SizeHeader,
            build(true, &[(0x30, 4, servos(4))], Some(99)),
        ),
        (
            GaitCode::NoCountByte,
            build(false, &[(0x30, 3, servos(4))], None),
        ),
        (
            GaitCode::Location,
            build(true, &[(0x30, 4, servos(4)), (0x35, 900, Vec::new())], None),
        ),
        (
            GaitCode::Overlap,
            build(true, &[(0x30, 7, servos(4)), (0x34, 7, Vec::new())], None),
        ),
        (
            GaitCode::TruncatedSection,
            build(true, &[(0x32, 4, stance(0, 128)[..50].to_vec())], None),
        ),
        (
            GaitCode::ServoLimits,
            build(true, &[(0x30, 4, bad_limits)], None),
        ),
        (
            GaitCode::Inverse,
            build(true, &[(0x32, 4, stance(0, 140))], None),
        ),
        (
            GaitCode::UnknownType,
            build(true, &[(0x7F, 4, vec![1])], None),
        ),
    ];
    for (code, bytes) in &fixtures {
        let decoded = gait::decode(bytes).unwrap();
        assert!(
            decoded.problems.iter().any(|p| p.code == *code),
            "{code:?}: {:?}",
            decoded.problems
        );
    }
    let covered: Vec<GaitCode> = fixtures.iter().map(|(c, _)| *c).collect();
    assert_eq!(covered, GaitCode::ALL);
}

#[test]
fn g_inverse_within_the_rounding_passes_and_a_wrong_one_does_not() {
    // 1/3 is not exact in 8.8: G = 3 I with G^-1 = 85/256 I (0.332) is the inverse as well
    // as 8.8 can write it; 90/256 (0.352) is not.
    let diagonal =
        |d: i16| -> [Fixed; 16] { std::array::from_fn(|i| Fixed(if i % 5 == 0 { d } else { 0 })) };
    assert!(gait::inverse_error(&diagonal(768), &diagonal(85)) <= 0.0);
    assert!(gait::inverse_error(&diagonal(768), &diagonal(90)) > 0.0);
    assert_eq!(Fixed::from_value(1000.0), Fixed(i16::MAX));
    assert_eq!(Fixed::from_value(-0.5), Fixed(-128));
}

#[test]
fn any_mutation_reads_without_panic_and_bounded() {
    let seeds = [
        page_example(),
        build(
            false,
            &[(0x30, 6, servos(4)), (0x32, 40, stance(8, 128))],
            None,
        ),
    ];
    let mut next = common::xorshift(0x9E37_79B9_u32);
    for seed in &seeds {
        for _ in 0..5000 {
            let mut bytes = seed.clone();
            for _ in 0..1 + next() % 4 {
                match next() % 3 {
                    0 if !bytes.is_empty() => {
                        let at = next() % bytes.len();
                        bytes[at] = (next() % 256) as u8;
                    }
                    0 | 1 => bytes.truncate(next() % (bytes.len() + 1)),
                    _ => bytes.extend((0..next() % 40).map(|_| (next() % 256) as u8)),
                }
            }
            let Ok(decoded) = gait::decode(&bytes) else {
                assert!(bytes.len() < 2);
                continue;
            };
            let held: usize = decoded
                .gait
                .sections
                .iter()
                .map(|s| s.bytes().len())
                .chain(decoded.gait.gaps.iter().map(|g| g.bytes.len()))
                .sum();
            assert!(
                held <= 2 * bytes.len() + 255 * 800,
                "{held} bytes held for {}",
                bytes.len()
            );
            if decoded.is_well_formed() {
                assert_eq!(gait::encode(&decoded.gait).unwrap(), bytes);
            }
        }
    }
}

#[test]
fn the_bundled_example_reads_clean_with_every_section_type() {
    let bytes = mtn_studio::example::EXAMPLE_GAIT;
    let decoded = gait::decode(bytes).unwrap();
    assert!(decoded.problems.is_empty(), "{:?}", decoded.problems);
    let codes: Vec<u8> = decoded.gait.sections.iter().map(|s| s.code).collect();
    assert_eq!(codes, (0x30..=0x36).collect::<Vec<u8>>());
    assert_eq!(
        decoded.gait.sections[1].location, 0x011A,
        "as in the page's example"
    );
    let Body::Stance {
        g, g_inv, extra, ..
    } = &decoded.gait.sections[2].body
    else {
        panic!("a stance controller");
    };
    assert!(extra.is_some());
    assert!(gait::inverse_error(g, g_inv) <= 0.0);
    assert_eq!(gait::encode(&decoded.gait).unwrap(), bytes);
}
