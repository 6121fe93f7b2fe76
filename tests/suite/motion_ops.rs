//! Whole-motion operations over every corpus motion and on generated motions: mirror twice and
//! reverse twice are identities byte for byte, mirrored values are the partners', retime totals
//! are exact with each segment within a frame of its share, concat merges or joins, postures
//! land on the tables of `docs/formats/robots.md#standard-postures`, retargeting ERS-210 ->
//! ERS-7 passes the limit check.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::ProblemCode;
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::ops::retime::Target;
use mtn_studio::ops::{concat, mirror, posture, retarget, retime, reverse};
use mtn_studio::robot::postures::posture as table_posture;
use mtn_studio::robot::timing::{FRAME_MS, duration_ms};
use mtn_studio::robot::{self, Model, joint_name, parse_design, urad_to_deg};
use proptest::prelude::*;

/// Every corpus motion, read with its problems.
fn corpus() -> Vec<(String, Motion)> {
    if !common::corpus_present("motion_ops") {
        return Vec::new();
    }
    common::corpus_motions()
        .into_iter()
        .map(|m| {
            let decoded = robot::check::decode_checked(&m.bytes).expect("corpus motion reads");
            (m.label, decoded.motion)
        })
        .collect()
}

fn bytes(motion: &Motion) -> Vec<u8> {
    mtn::encode(motion).expect("encodes")
}

fn names(motion: &Motion) -> Vec<String> {
    motion
        .locators
        .iter()
        .map(|l| joint_name(&motion.design, l).to_owned())
        .collect()
}

fn partner(name: &str) -> String {
    for (a, b) in [("FL_", "FR_"), ("BL_", "BR_"), ("LEFT_", "RIGHT_")] {
        if let Some(rest) = name.strip_prefix(a) {
            return format!("{b}{rest}");
        }
        if let Some(rest) = name.strip_prefix(b) {
            return format!("{a}{rest}");
        }
    }
    name.to_owned()
}

#[test]
fn mirror_and_reverse_twice_give_every_corpus_motion_back_byte_for_byte() {
    let motions = corpus();
    let mut mirrored = 0;
    for (label, motion) in &motions {
        let once = reverse::reverse(motion).unwrap().motion;
        let twice = reverse::reverse(&once).unwrap().motion;
        assert_eq!(bytes(&twice), bytes(motion), "{label}: reverse twice");
        // Every motion whose joints belong to its model mirrors.
        let Ok(once) = mirror::mirror(motion) else {
            assert!(
                robot::check::decode_checked(&bytes(motion))
                    .unwrap()
                    .problems
                    .iter()
                    .any(|p| p.code == ProblemCode::LOCATOR_MISMATCH
                        || p.code == ProblemCode::UNKNOWN_DESIGN),
                "{label}: only motions with foreign joints may refuse to mirror"
            );
            continue;
        };
        mirrored += 1;
        let twice = mirror::mirror(&once.motion).unwrap().motion;
        assert_eq!(bytes(&twice), bytes(motion), "{label}: mirror twice");
        // Values: each joint takes its partner's, sideways joints negated; times and name stay.
        let n = names(motion);
        for (k, (a, b)) in motion
            .keyframes
            .iter()
            .zip(once.motion.keyframes.iter())
            .enumerate()
        {
            assert_eq!(a.frames, b.frames);
            assert_eq!(
                b.body_urad,
                [-a.body_urad[0], a.body_urad[1], -a.body_urad[2]],
                "{label} body"
            );
            for (j, name) in n.iter().enumerate() {
                let p = n.iter().position(|x| *x == partner(name)).unwrap();
                let sign = if ["HEAD_YAW", "HEAD_ROLL", "TAIL_HORZ"].contains(&name.as_str()) {
                    -1
                } else {
                    1
                };
                assert_eq!(
                    b.angles_urad[j],
                    sign * a.angles_urad[p],
                    "{label} {k} {name}"
                );
            }
        }
        assert_eq!(once.motion.name, motion.name);
    }
    if !motions.is_empty() {
        assert!(
            mirrored * 10 >= motions.len() * 9,
            "{mirrored} of {}",
            motions.len()
        );
    }
}

/// Retime's promise: the total is the target on the 16 ms grid, each segment within one
/// frame of its exact share, values untouched.
fn assert_retimed(label: &str, before: &Motion, after: &Motion, target_ms: u64) {
    let target_frames = (target_ms + 8) / 16;
    assert_eq!(
        duration_ms(&after.keyframes),
        target_frames * FRAME_MS,
        "{label}"
    );
    assert_eq!(
        before.keyframes.angles(),
        after.keyframes.angles(),
        "{label}"
    );
    let old: Vec<f64> = before.keyframes.frames()[1..]
        .iter()
        .map(|&f| f64::from(f) + 1.0)
        .collect();
    let total: f64 = old.iter().sum();
    for (o, n) in old.iter().zip(&after.keyframes.frames()[1..]) {
        let share = o * target_frames as f64 / total;
        let got = f64::from(*n) + 1.0;
        if share >= 1.0 {
            assert!(
                (got - share).abs() < 1.0,
                "{label}: {got} frames for a share of {share}"
            );
        } else {
            assert_eq!(got, 1.0, "{label}");
        }
    }
}

#[test]
fn retime_totals_are_exact_on_every_corpus_motion() {
    for (label, motion) in corpus() {
        let segments = motion.keyframes.len().saturating_sub(1) as u64;
        if segments == 0 {
            continue;
        }
        let duration = duration_ms(&motion.keyframes);
        for factor in [0.5, 1.37, 2.0, 3.1] {
            let target = (duration as f64 * factor).round() as u64;
            if target < segments * 16 {
                assert!(retime::retime(&motion, Target::Factor(factor)).is_err());
                continue;
            }
            let out = retime::retime(&motion, Target::Factor(factor)).unwrap();
            assert_retimed(&label, &motion, &out.motion, target);
        }
        let out = retime::retime(&motion, Target::DurationMs(segments * 16 + 1000)).unwrap();
        assert_retimed(&label, &motion, &out.motion, segments * 16 + 1000);
        let short = retime::retime(&motion, Target::DurationMs(segments * 16 - 9));
        assert!(
            matches!(short, Err(mtn_studio::ops::OpError::TooShort { .. })),
            "{label}"
        );
    }
}

#[test]
fn concat_merges_where_motions_meet_and_needs_a_transition_where_they_do_not() {
    for (label, motion) in corpus().into_iter().filter(|(_, m)| m.keyframes.len() >= 2) {
        let back = reverse::reverse(&motion).unwrap().motion;
        // The reversed motion starts where the motion ends: one keyframe is shared.
        let joined = concat::concat(&[&motion, &back], &["a", "b"], None)
            .unwrap()
            .motion;
        let n = motion.keyframes.len();
        assert_eq!(joined.keyframes.len(), 2 * n - 1, "{label}");
        let d = duration_ms(&motion.keyframes);
        assert_eq!(duration_ms(&joined.keyframes), 2 * d, "{label}");
        if let (Some(a), Some(b)) = (
            robot::chunk_name::parse(&motion.name),
            robot::chunk_name::parse(&joined.name),
        ) {
            assert_eq!(
                (b.start.as_str(), b.end.as_str()),
                (a.start.as_str(), a.start.as_str())
            );
        }
        // The motion after itself meets only if it ends where it starts.
        let first = motion.keyframes.get(0).unwrap();
        let last = motion.keyframes.get(n - 1).unwrap();
        if first.angles_urad != last.angles_urad || first.body_urad != last.body_urad {
            let refused = concat::concat(&[&motion, &motion], &["a", "b"], None);
            assert!(matches!(
                refused,
                Err(mtn_studio::ops::OpError::TransitionRequired { index: 2 })
            ));
            let out = concat::concat(&[&motion, &motion], &["a", "b"], Some(500)).unwrap();
            assert_eq!(out.motion.keyframes.len(), 2 * n, "{label}");
            assert_eq!(duration_ms(&out.motion.keyframes), 2 * d + 496, "{label}");
            assert!(
                out.notes.iter().any(|n| n.contains("496 ms")),
                "{:?}",
                out.notes
            );
        }
    }
}

#[test]
fn concat_refuses_other_models_and_points_to_retarget() {
    let ers7 = mtn_studio::example::stand_to_sit();
    let mut other = ers7.clone();
    other.design = "DRX-900".to_owned();
    let error = concat::concat(&[&ers7, &other], &["a.mtn", "b.mtn"], Some(160)).unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("b.mtn") && text.contains("retarget"),
        "{text}"
    );
}

#[test]
fn postures_land_on_the_tables_within_a_hundredth_of_a_degree() {
    let mut posed = 0;
    for (label, motion) in corpus() {
        let Some(design) = parse_design(&motion.design) else {
            continue;
        };
        if !matches!(design.model, Model::Ers7 | Model::Ers210)
            || mtn_studio::ops::mirror::mirror(&motion).is_err()
        {
            continue;
        }
        for (start, end) in [("stand", "sit"), ("sleep", "stand"), ("sit", "sleep")] {
            let out = posture::pose(&motion, Some(start), Some(end), Some(480)).unwrap();
            let m = &out.motion;
            let last = m.keyframes.len() - 1;
            for (name, k) in [(start, 0), (end, last)] {
                let table = table_posture(design.model, name).unwrap();
                let values = robot::postures::values_for(m, table);
                let row = m.keyframes.get(k).unwrap();
                for (j, want) in values.iter().enumerate() {
                    if let Some(want) = want {
                        let diff = (urad_to_deg(row.angles_urad[j]) - urad_to_deg(*want)).abs();
                        assert!(diff < 0.01, "{label} {name} joint {j}");
                        let table_deg =
                            table.angles_deg[robot::postures::posture_locators(design.model)
                                .iter()
                                .position(|l| *l == m.locators[j])
                                .unwrap()];
                        assert!((urad_to_deg(row.angles_urad[j]) - table_deg).abs() < 0.01);
                    }
                }
                assert!((urad_to_deg(row.body_urad[1]) - table.body_pitch_deg).abs() < 0.01);
            }
            let chunk = robot::chunk_name::parse(&m.name).unwrap();
            assert_eq!((chunk.start.as_str(), chunk.end.as_str()), (start, end));
            let problems = robot::check::decode_checked(&bytes(m)).unwrap().problems;
            assert!(
                !problems
                    .iter()
                    .any(|p| p.code == ProblemCode::POSTURE_MISMATCH),
                "{label}: {problems:?}"
            );
            posed += 1;
        }
    }
    if common::corpus_present("motion_ops postures") {
        assert!(posed > 0);
    }
}

#[test]
fn a_name_that_promises_a_posture_the_motion_lacks_is_a_posture_mismatch() {
    let mut motion = mtn_studio::example::stand_to_sit();
    motion.name = "a_sleep#sit_test".to_owned();
    let problems = robot::check::decode_checked(&bytes(&motion))
        .unwrap()
        .problems;
    let mismatch: Vec<_> = problems
        .iter()
        .filter(|p| p.code == ProblemCode::POSTURE_MISMATCH)
        .collect();
    assert!(!mismatch.is_empty(), "{problems:?}");
    assert!(mismatch[0].message.contains("sleep") && mismatch[0].message.contains('°'));
    let fixed = posture::pose(&motion, Some("sleep"), Some("sit"), Some(320)).unwrap();
    let problems = robot::check::decode_checked(&bytes(&fixed.motion))
        .unwrap()
        .problems;
    assert!(
        !problems
            .iter()
            .any(|p| p.code == ProblemCode::POSTURE_MISMATCH),
        "{problems:?}"
    );
    // Unknown names and models without tables are refused.
    assert!(posture::pose(&motion, Some("dance"), None, None).is_err());
    let needs = posture::pose(&motion, Some("sleep"), None, None)
        .unwrap_err()
        .to_string();
    assert!(needs.contains("--transition"), "{needs}");
}

fn limit_problems(motion: &Motion) -> Vec<String> {
    robot::check::decode_checked(&bytes(motion))
        .unwrap()
        .problems
        .into_iter()
        .filter(|p| p.code == mtn_studio::robot::codes::JOINT_LIMIT)
        .map(|p| p.message)
        .collect()
}

#[test]
fn retargeting_ers210_motions_to_the_ers7_passes_the_limit_check() {
    let mut converted = 0;
    for (label, motion) in corpus() {
        let Some(design) = parse_design(&motion.design) else {
            continue;
        };
        if design.model != Model::Ers210 || mirror::mirror(&motion).is_err() {
            continue;
        }
        for keep_feet in [false, true] {
            let out = retarget::retarget(&motion, "DRX-1000", keep_feet).unwrap();
            let m = &out.motion;
            assert_eq!(m.design, "DRX-1000");
            assert_eq!(m.keyframes.len(), motion.keyframes.len());
            assert_eq!(m.keyframes.frames(), motion.keyframes.frames());
            assert!(
                limit_problems(m).is_empty(),
                "{label}: {:?}",
                limit_problems(m)
            );
            if !keep_feet {
                // Legs keep their values where the ERS-7 can take them.
                let src = names(&motion);
                let dst = names(m);
                for (j, name) in dst.iter().enumerate().filter(|(_, n)| n.contains("_LEG_")) {
                    let s = src.iter().position(|x| x == name).unwrap();
                    let info = Model::Ers7
                        .joints()
                        .iter()
                        .find(|i| i.name == name)
                        .unwrap();
                    let limit = info.limit.unwrap();
                    for (a, b) in motion.keyframes.iter().zip(m.keyframes.iter()) {
                        let v = urad_to_deg(a.angles_urad[s]);
                        if v >= limit.min_deg && v <= limit.max_deg {
                            assert_eq!(b.angles_urad[j], a.angles_urad[s], "{label} {name}");
                        }
                    }
                }
                assert!(
                    out.notes.iter().any(|n| n.contains("HEAD_ROLL")),
                    "{:?}",
                    out.notes
                );
            } else {
                // Each paw is where the source put it (relative to its shoulder) within
                // 0.01 mm, or as near as the ERS-7's leg can take it: no angles within half
                // a degree (inside the limits) bring it 0.01 mm nearer.
                let report = retarget::paw_report(&motion, m);
                assert!(!report.is_empty());
                for paw in report.iter().filter(|p| p.error_mm >= retarget::REACHED_MM) {
                    assert_locally_nearest(&motion, m, paw, &label);
                }
                let reached = report
                    .iter()
                    .filter(|p| p.error_mm < retarget::REACHED_MM)
                    .count();
                let note = out
                    .notes
                    .iter()
                    .find(|n| n.contains("paws kept within"))
                    .unwrap();
                eprintln!(
                    "{label}: {reached} of {} paws in place; {note}",
                    report.len()
                );
            }
        }
        converted += 1;
    }
    if common::corpus_present("motion_ops retarget") {
        assert!(converted > 0);
    }
}

/// No angles of the paw's leg within half a degree of the result (and within the ERS-7's
/// limits) bring the paw more than 0.01 mm nearer its place.
fn assert_locally_nearest(source: &Motion, result: &Motion, paw: &retarget::PawError, label: &str) {
    use mtn_studio::robot::kinematics::{Leg, geometry, leg_points};
    let prefix = match paw.leg {
        Leg::LeftFront => "FL",
        Leg::LeftHind => "BL",
        Leg::RightFront => "FR",
        Leg::RightHind => "BR",
    };
    let names = names(result);
    let columns: Vec<usize> = ["VERT", "LAT", "KNEE"]
        .iter()
        .map(|j| {
            names
                .iter()
                .position(|n| *n == format!("{prefix}_LEG_{j}"))
                .unwrap()
        })
        .collect();
    let row = result.keyframes.get(paw.keyframe).unwrap().angles_urad;
    let q: Vec<f64> = columns.iter().map(|&c| urad_to_deg(row[c])).collect();
    let limits: Vec<(f64, f64)> = columns
        .iter()
        .map(|&c| {
            let info = Model::Ers7.joint_by_locator(&result.locators[c]).unwrap().1;
            let l = info.limit.unwrap();
            (l.min_deg, l.max_deg)
        })
        .collect();
    let g = geometry(Model::Ers7);
    let here = leg_points(&g, paw.leg, q[0], q[1], q[2])[2];
    // Each neighbour's distance to the paw's place, measured by the same report.
    for d0 in [-0.5, 0.0, 0.5] {
        for d1 in [-0.5, 0.0, 0.5] {
            for d2 in [-0.5, 0.0, 0.5] {
                let n = [
                    (q[0] + d0).clamp(limits[0].0, limits[0].1),
                    (q[1] + d1).clamp(limits[1].0, limits[1].1),
                    (q[2] + d2).clamp(limits[2].0, limits[2].1),
                ];
                let mut moved = result.clone();
                for (c, v) in columns.iter().zip(n) {
                    moved
                        .keyframes
                        .set_angle(paw.keyframe, *c, mtn_studio::robot::deg_to_urad(v));
                }
                let other = retarget::paw_report(source, &moved)
                    .into_iter()
                    .find(|p| p.keyframe == paw.keyframe && p.leg == paw.leg)
                    .unwrap();
                assert!(
                    other.error_mm > paw.error_mm - 0.01,
                    "{label}: {paw:?} but {n:?} is {} mm away (paw at {here:?})",
                    other.error_mm
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_motions_mirror_reverse_and_retime_as_promised(
        rows in proptest::collection::vec(
            (0u32..300, proptest::array::uniform3(-3_000_000i32..3_000_000),
             proptest::collection::vec(-3_000_000i32..3_000_000, 20)),
            1..30,
        ),
        factor in 0.05f64..8.0,
        model in prop_oneof![Just(Model::Ers7), Just(Model::Ers210), Just(Model::Ers110)],
    ) {
        let joints = model.joints();
        let locators: Vec<String> = joints.iter().map(|j| j.locator.to_owned()).collect();
        let mut motion = Motion::new("a_stand#sit_gen", "test", model.label(), locators);
        for (frames, body, values) in &rows {
            motion.keyframes.push(*frames, *body, &values[..joints.len()]).unwrap();
        }
        let mm = mirror::mirror(&mirror::mirror(&motion).unwrap().motion).unwrap().motion;
        prop_assert_eq!(&mm, &motion);
        let rr = reverse::reverse(&reverse::reverse(&motion).unwrap().motion).unwrap().motion;
        prop_assert_eq!(&rr, &motion);
        let segments = (rows.len() - 1) as u64;
        let target = (duration_ms(&motion.keyframes) as f64 * factor).round() as u64;
        match retime::retime(&motion, Target::Factor(factor)) {
            Ok(out) => assert_retimed("generated", &motion, &out.motion, target),
            Err(_) => prop_assert!((target + 8) / 16 < segments),
        }
    }
}

#[test]
fn every_supported_conversion_of_every_corpus_motion_passes_the_limit_check() {
    let mut converted = 0;
    for (label, motion) in corpus() {
        let Some(design) = parse_design(&motion.design) else {
            continue;
        };
        if mirror::mirror(&motion).is_err() {
            continue;
        }
        let targets: &[&str] = match design.model {
            Model::Ers7 => &["DRX-900", "DRX-910"],
            Model::Ers210 => &["DRX-1000"],
            Model::Ers110 => &["DRX-1000", "DRX-900"],
            Model::Ers310 => &[],
        };
        for target in targets {
            for keep_feet in [false, true] {
                let out = retarget::retarget(&motion, target, keep_feet)
                    .unwrap_or_else(|e| panic!("{label} -> {target}: {e}"));
                assert_eq!(out.motion.design, *target);
                assert!(
                    limit_problems(&out.motion).is_empty(),
                    "{label} -> {target}: {:?}",
                    limit_problems(&out.motion)
                );
                converted += 1;
            }
        }
    }
    if common::corpus_present("motion_ops conversions") {
        assert!(converted > 100, "{converted}");
    }
}
