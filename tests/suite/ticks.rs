//! The command stream matches the integer arithmetic of Sony's player
//! (`docs/formats/mtn.md#timing-and-interpolation-on-the-robot`): for every corpus motion,
//! every joint, every tick. The reference here is written from the player's description,
//! directly over the decoded values, independent of the library's streaming code; the CLI's
//! `ticks` output is checked against it too.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::mtn;
use mtn_studio::robot::timing;
use std::process::Command;

/// The player's loop, transliterated: for each segment, `divide = 2n + 2`,
/// `delta = (v1 - v0) / divide` (C division truncates toward zero), and tick `i` commands
/// `v0 + i * delta` for `i` in `0..divide`.
fn reference_stream(motion: &mtn::Motion) -> Vec<Vec<i64>> {
    let rows: Vec<Vec<i64>> = motion
        .keyframes
        .iter()
        .map(|k| k.angles_urad.iter().map(|&v| i64::from(v)).collect())
        .collect();
    let mut ticks = Vec::new();
    for segment in 1..rows.len() {
        let n = i64::from(motion.keyframes.frames()[segment]);
        let divide = 2 * n + 2;
        let (from, to) = (&rows[segment - 1], &rows[segment]);
        for i in 0..divide {
            ticks.push(
                from.iter()
                    .zip(to)
                    .map(|(&v0, &v1)| {
                        let delta = (v1 - v0) / divide;
                        v0 + i * delta
                    })
                    .collect(),
            );
        }
    }
    ticks
}

fn library_stream(motion: &mtn::Motion) -> Vec<Vec<i64>> {
    let mut ticks = Vec::new();
    timing::for_each_tick(&motion.keyframes, |tick, values| {
        assert_eq!(tick as usize, ticks.len());
        ticks.push(values.iter().map(|&v| i64::from(v)).collect());
    });
    ticks
}

#[test]
fn every_corpus_motion_plays_exactly_as_the_player_computes() {
    if !common::corpus_present("every_corpus_motion_plays_exactly_as_the_player_computes") {
        return;
    }
    let motions = common::corpus_motions();
    assert!(motions.len() > 100);
    let mut zero_frame_segments = 0;
    let mut ticks_checked = 0;
    for corpus in &motions {
        let motion = mtn::decode(&corpus.bytes).unwrap().motion;
        let expected = reference_stream(&motion);
        let actual = library_stream(&motion);
        assert_eq!(
            actual.len() as u64,
            timing::tick_count(&motion.keyframes),
            "{}",
            corpus.label
        );
        assert_eq!(actual, expected, "{}", corpus.label);
        // Each tick is 8 ms; the stream lasts exactly the motion's duration.
        assert_eq!(
            actual.len() as u64 * 8,
            timing::duration_ms(&motion.keyframes)
        );
        // Random access (a playhead) agrees with the stream.
        for tick in [0, actual.len() / 2, actual.len().saturating_sub(1)] {
            if let Some(row) = actual.get(tick) {
                let direct = timing::values_at_tick(&motion.keyframes, tick as u64).unwrap();
                let direct: Vec<i64> = direct.iter().map(|&v| i64::from(v)).collect();
                assert_eq!(&direct, row, "{} tick {tick}", corpus.label);
            }
        }
        zero_frame_segments += motion
            .keyframes
            .frames()
            .iter()
            .skip(1)
            .filter(|&&f| f == 0)
            .count();
        ticks_checked += actual.len();
    }
    // The walk files are full of zero-frame segments: 2 ticks each.
    assert!(zero_frame_segments > 300, "{zero_frame_segments}");
    assert!(ticks_checked > 50_000, "{ticks_checked}");
}

#[test]
fn the_last_keyframe_is_never_commanded_and_remainders_are_never_spread() {
    // One joint from 0 to 1,000 over 1 frame (4 ticks), then to -7 over 0 frames (2 ticks).
    let mut motion =
        mtn_studio::codec::mtn::Motion::new("a_x#y", "", "DRX-1000", vec!["J".to_owned()]);
    for (frames, value) in [(0, 0), (1, 1_000), (0, -7)] {
        motion.keyframes.push(frames, [0; 3], &[value]).unwrap();
    }
    let stream: Vec<i64> = library_stream(&motion)
        .into_iter()
        .map(|row| row[0])
        .collect();
    // delta 250; then (-7 - 1000) / 2 = -503 (toward zero; the remainder 1 is dropped).
    assert_eq!(stream, vec![0, 250, 500, 750, 1_000, 497]);
    assert!(
        !stream.contains(&-7),
        "the final keyframe is never commanded"
    );
}

#[test]
fn cli_ticks_prints_the_same_stream() {
    if !common::corpus_present("cli_ticks_prints_the_same_stream") {
        return;
    }
    let archive = common::corpus_dir("mtn").join("monet-ERS-7-MOTION7.ODA");
    let output = Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
        .args(["ticks"])
        .arg(&archive)
        .args(["--entry", "a_walk#walk_sox_fwd"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with("tick,ms,HEAD_PITCH,HEAD_YAW,HEAD_PITCH2,MOUTH"),
        "{header}"
    );
    assert_eq!(header.split(',').count(), 22);
    let motion = mtn::decode(&common::corpus_entry(
        "monet-ERS-7-MOTION7.ODA",
        "a_walk#walk_sox_fwd",
    ))
    .unwrap()
    .motion;
    let expected = reference_stream(&motion);
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), expected.len());
    for (tick, (row, values)) in rows.iter().zip(&expected).enumerate() {
        let fields: Vec<i64> = row.split(',').map(|f| f.parse().unwrap()).collect();
        assert_eq!(fields[0], tick as i64);
        assert_eq!(fields[1], tick as i64 * 8);
        assert_eq!(&fields[2..], &values[..], "tick {tick}");
    }
}
