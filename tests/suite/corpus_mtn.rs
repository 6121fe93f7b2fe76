//! Every real motion in `../shared/corpus/mtn` (see its README for where each came from):
//! every motion decodes, every well-formed one round-trips byte for byte, and the malformed
//! ones are reported with the right problem and repaired.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::{corpus_entry, corpus_file, corpus_motions};
use mtn_studio::codec::ProblemCode;
use mtn_studio::codec::mtn::{self, Padding, SizeWidth};
use mtn_studio::codec::oda::Archive;
use mtn_studio::robot::check::decode_checked;
use mtn_studio::robot::repair::repair;
use mtn_studio::robot::timing;

/// 3 loose files + 25 ERS-210 + 12 ERS-7 + 94 ERS-110 archive motions.
const CORPUS_MOTIONS: usize = 3 + 25 + 12 + 94;

fn codes(decoded: &mtn::Decoded) -> Vec<ProblemCode> {
    decoded.problems.iter().map(|p| p.code).collect()
}

#[test]
fn every_corpus_motion_decodes() {
    if !common::corpus_present("every_corpus_motion_decodes") {
        return;
    }
    let motions = corpus_motions();
    assert!(
        motions.len() >= CORPUS_MOTIONS,
        "expected at least {CORPUS_MOTIONS} corpus motions, found {}",
        motions.len()
    );
    for motion in &motions {
        let decoded =
            decode_checked(&motion.bytes).unwrap_or_else(|e| panic!("{}: {e}", motion.label));
        assert!(!decoded.motion.keyframes.is_empty(), "{}", motion.label);
        assert_eq!(
            decoded.motion.keyframes.joint_count(),
            decoded.motion.locators.len(),
            "{}",
            motion.label
        );
    }
}

#[test]
fn every_well_formed_corpus_motion_round_trips_byte_for_byte() {
    if !common::corpus_present("every_well_formed_corpus_motion_round_trips_byte_for_byte") {
        return;
    }
    let mut well_formed = 0;
    for motion in corpus_motions() {
        let decoded = decode_checked(&motion.bytes).unwrap();
        if !decoded.is_well_formed() {
            continue;
        }
        well_formed += 1;
        let bytes =
            mtn::encode(&decoded.motion).unwrap_or_else(|e| panic!("{}: {e}", motion.label));
        assert!(
            bytes == motion.bytes,
            "{} does not round-trip",
            motion.label
        );
    }
    // Only two corpus motions are malformed: workbench-KnownGoodERS7.mtn and sit_lose01.
    assert_eq!(well_formed, CORPUS_MOTIONS - 2);
}

#[test]
fn unchanged_archives_are_written_back_byte_for_byte() {
    if !common::corpus_present("unchanged_archives_are_written_back_byte_for_byte") {
        return;
    }
    for name in [
        "monet-ERS-200-MOTION.ODA",
        "monet-ERS-7-MOTION7.ODA",
        "rcode-ERS-111-Motion.ODA",
    ] {
        let bytes = corpus_file("mtn", name);
        let archive = Archive::read(&bytes).unwrap();
        assert!(
            archive.write().unwrap() == bytes,
            "{name} does not round-trip"
        );
    }
}

#[test]
fn known_good_ers7_is_malformed_and_its_full_name_is_recovered() {
    if !common::corpus_present("known_good_ers7_is_malformed_and_its_full_name_is_recovered") {
        return;
    }
    let bytes = corpus_file("mtn", "workbench-KnownGoodERS7.mtn");
    let decoded = decode_checked(&bytes).unwrap();
    assert_eq!(decoded.motion.name, "a_sleep#sit_Sleep_To_Sit");
    assert_eq!(decoded.motion.creator, "Skitter");
    assert_eq!(decoded.motion.design, "DRX-1000");
    assert!(!decoded.is_well_formed());
    let found = codes(&decoded);
    assert!(found.contains(&ProblemCode::NAME_LENGTH), "{found:?}");
    assert!(found.contains(&ProblemCode::SECTION1_SIZE), "{found:?}");
    let section1 = decoded
        .problems
        .iter()
        .find(|p| p.code == ProblemCode::SECTION1_SIZE)
        .unwrap();
    assert_eq!(section1.offset, 32, "the section-1 size field");

    let repaired = repair(&decoded).unwrap();
    let fixed: Vec<ProblemCode> = repaired.fixes.iter().map(|f| f.code).collect();
    assert!(
        fixed.contains(&ProblemCode::NAME_LENGTH) && fixed.contains(&ProblemCode::SECTION1_SIZE)
    );
    let again = decode_checked(&repaired.bytes).unwrap();
    assert!(again.is_well_formed(), "{:?}", again.problems);
    // Sony's loader reads section 2 at 28 + the section-1 size: it must now hold the joints.
    let size1 = u32::from_le_bytes(repaired.bytes[32..36].try_into().unwrap()) as usize;
    assert_eq!(
        u32::from_le_bytes(repaired.bytes[28 + size1..32 + size1].try_into().unwrap()),
        2
    );
    assert_eq!(
        repaired.bytes[36] as usize,
        "a_sleep#sit_Sleep_To_Sit".len()
    );

    // Only the two wrong fields change: the section-1 size and the name's length byte.
    assert_eq!(repaired.bytes.len(), bytes.len());
    let differing: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i] != repaired.bytes[i])
        .collect();
    assert_eq!(differing, vec![32, 36]);
    // The name is the Skitter original's.
    let original = decode_checked(&corpus_file("mtn", "workbench-S2S.mtn")).unwrap();
    assert_eq!(again.motion.name, original.motion.name);
}

#[test]
fn sit_lose01_has_a_too_large_section3_size_that_repair_fixes() {
    if !common::corpus_present("sit_lose01_has_a_too_large_section3_size_that_repair_fixes") {
        return;
    }
    let bytes = corpus_entry("monet-ERS-200-MOTION.ODA", "sit_lose01");
    let decoded = decode_checked(&bytes).unwrap();
    let problem = decoded
        .problems
        .iter()
        .find(|p| p.code == ProblemCode::SECTION3_SIZE)
        .unwrap();
    assert!(problem.message.contains("392"), "{}", problem.message);
    assert_eq!(decoded.motion.keyframes.len(), 4);
    let repaired = repair(&decoded).unwrap();
    let again = decode_checked(&repaired.bytes).unwrap();
    assert!(again.is_well_formed());
    assert_eq!(again.motion.keyframes, decoded.motion.keyframes);
    // Only the size changed: 392 becomes 312, every other byte is the same.
    assert_eq!(repaired.bytes.len(), bytes.len());
    let differing: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i] != repaired.bytes[i])
        .collect();
    assert_eq!(differing.len(), 1, "{differing:?}");
}

#[test]
fn ers110_files_keep_their_own_layout() {
    if !common::corpus_present("ers110_files_keep_their_own_layout") {
        return;
    }
    // cd#1 is version 1.0 (no padding anywhere), cd#31 is version 1.1 (section 1 padded).
    for (entry, version_minor, section1) in
        [("cd#1", 0, Padding::None), ("cd#31", 1, Padding::Align4)]
    {
        let bytes = corpus_entry("rcode-ERS-111-Motion.ODA", entry);
        let decoded = decode_checked(&bytes).unwrap();
        let motion = &decoded.motion;
        assert_eq!(motion.layout.section3_size, SizeWidth::U16, "{entry}");
        assert_eq!(motion.frame_rate, 0, "{entry}");
        assert_eq!(motion.version.minor, version_minor, "{entry}");
        assert_eq!(motion.layout.section1_padding, section1, "{entry}");
        assert_eq!(motion.layout.section2_padding, Padding::None, "{entry}");
        assert_eq!(motion.locators.len(), 18);
        assert!(
            !codes(&decoded).contains(&ProblemCode::FRAME_RATE),
            "{entry}"
        );
        // A header edit keeps the file's convention: still unpadded where it was.
        let mut edited = motion.clone();
        edited.creator.push('!');
        let again = decode_checked(&mtn::encode(&edited).unwrap()).unwrap();
        assert!(again.is_well_formed());
        assert_eq!(again.motion.creator, "Sony Corporation!");
    }
}

#[test]
fn wrong_ers110_locators_are_reported_and_repaired() {
    if !common::corpus_present("wrong_ers110_locators_are_reported_and_repaired") {
        return;
    }
    let bytes = corpus_entry("rcode-ERS-111-Motion.ODA", "cd#14");
    let decoded = decode_checked(&bytes).unwrap();
    let mismatches: Vec<_> = decoded
        .problems
        .iter()
        .filter(|p| p.code == ProblemCode::LOCATOR_MISMATCH)
        .collect();
    assert_eq!(mismatches.len(), 2);
    assert!(mismatches[0].message.contains("PRM:/r5/c0/c1/c2-Joint"));
    let repaired = repair(&decoded).unwrap();
    assert_eq!(repaired.motion.locators[14], "PRM:/r5/c0/c1-Joint:j1");
    assert_eq!(repaired.motion.locators[17], "PRM:/r1/c1-Joint:j1");
    assert!(
        !repaired
            .remaining
            .iter()
            .any(|p| p.code == ProblemCode::LOCATOR_MISMATCH)
    );
}

#[test]
fn the_spec_example_reads_as_the_spec_describes_it() {
    if !common::corpus_present("the_spec_example_reads_as_the_spec_describes_it") {
        return;
    }
    let bytes = corpus_file("mtn", "spec-example-DRX-910.mtn");
    assert_eq!(bytes.len(), 1164);
    let decoded = decode_checked(&bytes).unwrap();
    let motion = &decoded.motion;
    assert_eq!(motion.name, "a_stand#sit_S");
    assert_eq!(motion.creator, "Sony Corporation");
    assert_eq!(motion.keyframes.frames(), &[0, 60, 50, 40, 50, 100]);
    assert_eq!(motion.keyframes.body()[0], [0, 34906, 0]);
    // (60+1)*16 = 976 ms, then 816, 656, 816, 1616.
    assert_eq!(
        timing::keyframe_times_ms(&motion.keyframes),
        vec![0, 976, 1792, 2448, 3264, 4880]
    );
}

/// Parses the hex dump printed on the dogsbody page (`000000:  4f 4d ...  |text|`).
fn dogsbody_example() -> Vec<u8> {
    let path = common::corpus_dir("mtn").join("../../spec/mtn-format-dogsbody.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut bytes = Vec::new();
    for line in text.lines() {
        let Some((address, rest)) = line.split_once(':') else {
            continue;
        };
        if address.len() != 6 || !address.chars().all(|c| c.is_ascii_hexdigit()) {
            continue;
        }
        let hex = rest.split('|').next().unwrap_or_default();
        bytes.extend(
            hex.split_whitespace()
                .map(|h| u8::from_str_radix(h, 16).unwrap()),
        );
    }
    bytes
}

#[test]
fn the_dogsbody_hex_example_is_the_skitter_file() {
    if !common::corpus_present("the_dogsbody_hex_example_is_the_skitter_file") {
        return;
    }
    let example = dogsbody_example();
    assert_eq!(example.len(), 784);
    assert_eq!(example, corpus_file("mtn", "workbench-S2S.mtn"));
    let decoded = decode_checked(&example).unwrap();
    assert!(decoded.is_well_formed());
    assert_eq!(decoded.motion.keyframes.frames(), &[0, 39]);
}
