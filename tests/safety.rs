//! Speed checks against NOTES.md's limits: a corpus motion known to be too fast is flagged at
//! the right time; the standard postures (the bundled stand-to-sit) are not.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

mod common;

use mtn_studio::robot::check::{decode_checked, safety_problems};
use mtn_studio::robot::timing;

#[test]
fn a_too_fast_corpus_motion_is_flagged_where_it_happens() {
    if !common::corpus_present("a_too_fast_corpus_motion_is_flagged_where_it_happens") {
        return;
    }
    // Sony's walk-to-stand for the ERS-210: zero-frame segments, far beyond the servo limits.
    let bytes = common::corpus_entry("monet-ERS-200-MOTION.ODA", "a_walk#stand_sox_sdk");
    let decoded = decode_checked(&bytes).unwrap();
    let problems = safety_problems(&decoded.motion, &decoded.offsets);
    let knee = problems
        .iter()
        .find(|p| p.message.starts_with("FR_LEG_KNEE"))
        .expect("FR_LEG_KNEE is too fast");
    assert_eq!(knee.code, mtn_studio::robot::codes::JOINT_SPEED);
    // Its first too-fast segment runs from keyframe 1 (16 ms) into keyframe 2.
    assert_eq!(knee.time_ms, Some(16));
    assert_eq!(timing::keyframe_times_ms(&decoded.motion.keyframes)[1], 16);
    assert!(
        knee.message.contains("per 16 ms at 16 ms"),
        "{}",
        knee.message
    );
    assert!(
        knee.message
            .contains("the ERS-210/220 can do 2.60° per 16 ms"),
        "{}",
        knee.message
    );
    // Check it by hand: the step from keyframe 1 to 2 is faster than 2.60° per 16 ms.
    let keyframes = &decoded.motion.keyframes;
    let j = decoded
        .motion
        .locators
        .iter()
        .position(|l| l == "PRM:/r4/c1/c2/c3-Joint2:j3")
        .unwrap();
    let step = mtn_studio::robot::speed::fastest_step_urad(
        keyframes.angle(1, j).unwrap(),
        keyframes.angle(2, j).unwrap(),
        keyframes.frames()[2],
        false,
    );
    assert!(mtn_studio::robot::urad_to_deg(i32::try_from(step).unwrap()) * 2.0 > 2.60);
}

#[test]
fn the_standard_postures_are_not_flagged() {
    let decoded = decode_checked(mtn_studio::example::EXAMPLE_MTN).unwrap();
    assert_eq!(safety_problems(&decoded.motion, &decoded.offsets), vec![]);
}

#[test]
fn cli_check_reports_speed_problems() {
    if !common::corpus_present("cli_check_reports_speed_problems") {
        return;
    }
    let archive = common::corpus_dir("mtn").join("monet-ERS-200-MOTION.ODA");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
        .arg("check")
        .arg(&archive)
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l.contains("a_walk#stand_sox_sdk") && l.contains("joint-speed")),
        "{text}"
    );
    assert_eq!(output.status.code(), Some(1));
}
