//! Speed checks against the limits of `docs/formats/robots.md#servo-speeds`: a corpus motion
//! known to be too fast is flagged at the right time; the standard postures (the bundled
//! stand-to-sit) are not.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

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
        .find(|p| p.message.contains("FR_LEG_KNEE moves"))
        .expect("FR_LEG_KNEE is too fast");
    assert_eq!(knee.code, mtn_studio::robot::codes::JOINT_SPEED);
    // Its first too-fast segment runs from keyframe 1 (16 ms) into keyframe 2.
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
    // The servo, following at its published top speed (the path the timeline draws), is
    // more than 3° from a keyframe when the robot reaches it: the one it names, by as much
    // as it says. Measured here on the servo's path, not taken from the check. A note, not a
    // warning: no step is faster than Sony's own ERS-210 motions command a knee (this is
    // one of them), and the robot plays them.
    assert_eq!(knee.severity, mtn_studio::codec::Severity::Info);
    assert!(
        knee.message
            .ends_with(mtn_studio::robot::speed::AS_SONY_GOES),
        "{}",
        knee.message
    );
    let named = |after: &str| -> f64 {
        let rest = &knee.message[knee.message.find(after).unwrap() + after.len()..];
        rest.split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (missed, by_deg) = (named("would miss keyframe "), named(") by "));
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let missed = missed as usize;
    let times = timing::keyframe_times_ms(keyframes);
    let tick = times[missed] / timing::TICK_MS;
    let path =
        mtn_studio::robot::servo::servo_paths(&decoded.motion, mtn_studio::robot::Model::Ers210)
            .into_iter()
            .find(|p| {
                p.joint == j && p.start_tick <= tick && tick < p.start_tick + p.values.len() as u64
            })
            .expect("the knee's servo path passes the keyframe");
    let at = path.values[usize::try_from(tick - path.start_tick).unwrap()];
    let miss = mtn_studio::robot::urad_to_deg(at - keyframes.angle(missed, j).unwrap()).abs();
    assert!(
        miss > 3.0 && (miss - by_deg).abs() < 0.05,
        "{miss} vs {by_deg}: {}",
        knee.message
    );
    assert_eq!(
        knee.time_ms,
        Some(times[k_into(knee)]),
        "it points at the first too-fast segment"
    );
    // Its knee's step into keyframe 2 made 40° longer, faster than Sony's own motions go:
    // a warning.
    let mut faster = decoded.motion.clone();
    let was = faster.keyframes.angle(2, j).unwrap();
    assert!(faster.keyframes.set_angle(2, j, was + 698_132));
    let warned = safety_problems(&faster, &decoded.offsets)
        .into_iter()
        .find(|p| p.message.contains("FR_LEG_KNEE moves"))
        .expect("FR_LEG_KNEE is too fast");
    assert_eq!(warned.severity, mtn_studio::codec::Severity::Warning);
    assert!(
        warned.message.starts_with("the servo misses keyframe "),
        "{}",
        warned.message
    );
}

/// The keyframe before the segment a speed problem names ("at N ms (into keyframe K)").
fn k_into(problem: &mtn_studio::codec::Problem) -> usize {
    let rest = &problem.message[problem.message.find("(into keyframe ").unwrap() + 15..];
    rest.split(')').next().unwrap().parse::<usize>().unwrap() - 1
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

/// The problems of the example with joint `j` set to `deg` at keyframe `k` (and the segment
/// into it `frames` long).
fn problems_with(j: usize, k: usize, deg: f64, frames: u32) -> Vec<mtn_studio::codec::Problem> {
    let mut motion = mtn_studio::example::stand_to_sit();
    let mut row: Vec<i32> = (0..motion.keyframes.joint_count())
        .map(|i| motion.keyframes.angle(k, i).unwrap())
        .collect();
    row[j] = mtn_studio::robot::deg_to_urad(deg);
    let body = motion.keyframes.body()[k];
    let mut keyframes = mtn_studio::codec::mtn::Keyframes::new(row.len());
    for i in 0..motion.keyframes.len() {
        let this: Vec<i32> = if i == k {
            row.clone()
        } else {
            (0..row.len())
                .map(|x| motion.keyframes.angle(i, x).unwrap())
                .collect()
        };
        let f = if i == k {
            frames
        } else {
            motion.keyframes.frames()[i]
        };
        let b = if i == k {
            body
        } else {
            motion.keyframes.body()[i]
        };
        keyframes.push(f, b, &this).unwrap();
    }
    motion.keyframes = keyframes;
    let offsets = mtn_studio::codec::mtn::offsets(&motion).unwrap();
    mtn_studio::robot::check::problems(&motion, &offsets, &[])
}

fn severity_of(
    problems: &[mtn_studio::codec::Problem],
    code: mtn_studio::codec::ProblemCode,
) -> Option<mtn_studio::codec::Severity> {
    problems.iter().find(|p| p.code == code).map(|p| p.severity)
}

#[test]
fn past_a_limit_as_far_as_sonys_own_motions_go_is_a_note_and_further_a_warning() {
    use mtn_studio::codec::Severity::{Info, Warning};
    use mtn_studio::robot::codes::JOINT_LIMIT;
    // ERS-7 BL_LEG_KNEE (column 11): published to 122°, Sony's sit-to-stand takes it to 125.
    let knee = |deg| severity_of(&problems_with(11, 3, deg, 30), JOINT_LIMIT);
    assert_eq!(knee(121.0), None);
    assert_eq!(knee(124.5), Some(Info));
    assert_eq!(knee(142.0), Some(Warning), "20° past the limit");
    // HEAD_YAW (column 1): ±88 published, ±90 in Sony's data.
    let pan = |deg| severity_of(&problems_with(1, 3, deg, 30), JOINT_LIMIT);
    assert_eq!(pan(-89.5), Some(Info));
    assert_eq!(pan(108.0), Some(Warning));
    // The note says why it is one.
    let note = problems_with(11, 3, 124.5, 30);
    let note = note.iter().find(|p| p.code == JOINT_LIMIT).unwrap();
    assert!(
        note.message.contains("Sony's own motions go as far"),
        "{}",
        note.message
    );
}

#[test]
fn a_joint_the_servo_follows_within_three_degrees_is_a_note_and_far_too_fast_a_warning() {
    use mtn_studio::codec::Severity::{Info, Warning};
    use mtn_studio::robot::codes::JOINT_SPEED;
    // FL_LEG_VERT (column 6) from -5° at keyframe 0 to keyframe 1 over one frame (4 ticks):
    // 5° more is a little past the ERS-7's 2.23° per tick, and the servo is 1° behind at
    // the keyframe; 40° more leaves it far behind.
    let slightly = problems_with(6, 1, 5.0, 1);
    assert_eq!(
        severity_of(&slightly, JOINT_SPEED),
        Some(Info),
        "{slightly:?}"
    );
    let lag = slightly.iter().find(|p| p.code == JOINT_SPEED).unwrap();
    assert!(
        lag.message
            .contains("the servo falls behind between keyframes and"),
        "{}",
        lag.message
    );
    let far = problems_with(6, 1, 40.0, 1);
    assert_eq!(severity_of(&far, JOINT_SPEED), Some(Warning), "{far:?}");
}

/// An animator's review: a knee dragged to -113° on a Sony sit whose knees touch 125° (a
/// note) was warned of as "125.0° at keyframe 7" and "go to" took the animator there. The
/// warning is placed where the joint goes furthest; the first keyframe past the limit is
/// named after it.
#[test]
fn a_limit_warning_is_placed_where_the_joint_goes_furthest() {
    use mtn_studio::robot::codes::JOINT_LIMIT;
    let mut motion = mtn_studio::example::stand_to_sit();
    // BL_LEG_KNEE (column 11): a little past its 122° at keyframe 1, far below its -25° at
    // keyframe 3.
    assert!(
        motion
            .keyframes
            .set_angle(1, 11, mtn_studio::robot::deg_to_urad(124.5))
    );
    assert!(
        motion
            .keyframes
            .set_angle(3, 11, mtn_studio::robot::deg_to_urad(-113.0))
    );
    let offsets = mtn_studio::codec::mtn::offsets(&motion).unwrap();
    let problems = mtn_studio::robot::check::problems(&motion, &offsets, &[]);
    let limit = problems
        .iter()
        .find(|p| p.code == JOINT_LIMIT && p.joint == Some(11))
        .expect("the knee's limit problem");
    assert_eq!(limit.severity, mtn_studio::codec::Severity::Warning);
    let times = timing::keyframe_times_ms(&motion.keyframes);
    assert_eq!(limit.time_ms, Some(times[3]), "{}", limit.message);
    assert!(
        limit
            .message
            .starts_with("BL_LEG_KNEE is -113.0° at keyframe 3;")
            && limit
                .message
                .contains("2 keyframes are out of range, the first at keyframe 1 (124.5°)"),
        "{}",
        limit.message
    );
}
