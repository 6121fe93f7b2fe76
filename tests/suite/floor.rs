//! The robot on a floor: built motions with known answers, the fast solution against the
//! naive one, and the computed body angles against Sony's (Sony's tools stored the body's
//! pitch and roll at every keyframe of their full-body motions, from how the body rests).

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::ProblemCode;
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::robot::check::floor_problems;
use mtn_studio::robot::floor::{self, Part, Rest, Side};
use mtn_studio::robot::kinematics::Leg;
use mtn_studio::robot::postures::{posture, posture_locators};
use mtn_studio::robot::timing::tick_count;
use mtn_studio::robot::{Model, deg_to_urad, urad_to_deg};

/// An ERS-7 motion from the stand through `poses` (joint name, degrees changed from the
/// stand), a second (62 frames) each.
fn from_stand(poses: &[&[(&str, f64)]]) -> Motion {
    from_stand_in(62, poses)
}

/// [`from_stand`] with `frames` for each move.
fn from_stand_in(frames: u32, poses: &[&[(&str, f64)]]) -> Motion {
    let stand = posture(Model::Ers7, "stand").expect("stand");
    let locators = posture_locators(Model::Ers7);
    let mut motion = Motion::new("a_stand#stand_test", "test", "DRX-1000", locators.clone());
    let body = stand.body_urad();
    motion
        .keyframes
        .push(0, body, &stand.angles_urad())
        .unwrap();
    for changes in poses {
        let mut angles = stand.angles_urad();
        for (name, deg) in *changes {
            let j = locators
                .iter()
                .position(|l| mtn_studio::robot::joint_name("DRX-1000", l) == *name)
                .expect(name);
            angles[j] = deg_to_urad(*deg);
        }
        motion.keyframes.push(frames, [0; 3], &angles).unwrap();
    }
    motion
}

fn contacts(rig: &floor::Rig, rest: &Rest) -> Vec<Part> {
    rig.parts()
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| rest.touches(i))
        .map(|(_, p)| p)
        .collect()
}

#[test]
fn a_stand_rests_on_four_paws_with_room_to_spare() {
    let motion = from_stand(&[&[]]);
    let rig = floor::rig(&motion).unwrap();
    let ticks = floor::rest_ticks(&rig, &motion);
    assert_eq!(ticks.len() as u64, tick_count(&motion.keyframes));
    for rest in &ticks {
        let parts = contacts(&rig, rest);
        assert_eq!(parts.len(), 4, "{parts:?}");
        assert!(parts.iter().all(|p| p.is_paw()));
        assert!(rest.margin_mm > 20.0, "{}", rest.margin_mm);
        assert!((rest.height_mm - 146.0).abs() < 3.0);
    }
}

#[test]
fn one_front_paw_lifted_with_the_head_back_stands_on_three_paws() {
    // The weight shifted first (head back, the right front paw forward and both hind paws
    // under the body, the right paws a little inward), then the left front paw lifted high.
    let shift: &[(&str, f64)] = &[
        ("HEAD_PITCH", 0.0),
        ("HEAD_PITCH2", 45.0),
        ("FR_LEG_VERT", 20.0),
        ("FR_LEG_LAT", -10.0),
        ("BL_LEG_VERT", -40.0),
        ("BR_LEG_VERT", -40.0),
        ("BR_LEG_LAT", -10.0),
    ];
    let lifted: Vec<(&str, f64)> = shift
        .iter()
        .copied()
        .chain([("FL_LEG_VERT", 100.0), ("FL_LEG_KNEE", 120.0)])
        .collect();
    let motion = from_stand(&[shift, &lifted, &lifted]);
    let offsets = mtn::offsets(&motion).unwrap();
    // The robot can take the pose: no limit or speed problem (the name's posture aside).
    let other = mtn_studio::robot::check::problems(&motion, &offsets, &[]);
    assert!(
        other
            .iter()
            .all(|p| p.code == ProblemCode::POSTURE_MISMATCH),
        "{other:?}"
    );
    let rig = floor::rig(&motion).unwrap();
    let last = *floor::rest_ticks(&rig, &motion).last().unwrap();
    assert_eq!(
        contacts(&rig, &last),
        [
            Part::Paw(Leg::LeftHind),
            Part::Paw(Leg::RightFront),
            Part::Paw(Leg::RightHind)
        ]
    );
    assert!(last.margin_mm > 20.0, "margin {}", last.margin_mm);
    assert!(
        last.pitch_deg().abs() < 10.0 && last.roll_deg().abs() < 3.0,
        "pitch {} roll {}",
        last.pitch_deg(),
        last.roll_deg()
    );
    // No fall and no slide at rest. (The shift, made joint by joint, holds the FR paw 24-28
    // mm above the plane of the other three as the robot stood; at rest the body leans onto
    // it all the same: that the body at rest says, and nothing else.)
    let codes = floor_codes(&motion);
    assert!(
        codes.iter().all(
            |(code, message)| *code == mtn_studio::robot::codes::PAW_LIFTED
                && message.contains("the FR paw was to be lifted")
        ),
        "{codes:?}"
    );
    // Lifted without shifting the weight first, it tips forward onto the lifted leg's side.
    let unshifted = from_stand(&[&[("FL_LEG_VERT", 100.0), ("FL_LEG_KNEE", 120.0)]]);
    let last = *floor::rest_ticks(&rig, &unshifted).last().unwrap();
    let parts = contacts(&rig, &last);
    assert!(
        parts.contains(&Part::Knee(Leg::LeftFront)) && last.roll_deg() < -10.0,
        "{parts:?} roll {}",
        last.roll_deg()
    );
}

#[test]
fn both_left_paws_lifted_topple_it_onto_its_left_side() {
    let motion = from_stand(&[&[("FL_LEG_VERT", 100.0), ("BL_LEG_VERT", 100.0)]]);
    let rig = floor::rig(&motion).unwrap();
    let ticks = floor::rest_ticks(&rig, &motion);
    let last = ticks.last().unwrap();
    // Left side down: a negative roll in the files' convention, by much more than a lean.
    assert!(last.roll_deg() < -20.0, "{}", last.roll_deg());
    let parts = contacts(&rig, last);
    assert!(
        parts.iter().any(|p| matches!(
            p,
            Part::Knee(Leg::LeftFront | Leg::LeftHind)
                | Part::Chest(Side::Left)
                | Part::Belly(Side::Left)
                | Part::Rear(Side::Left)
        )),
        "{parts:?}"
    );
}

fn floor_codes(motion: &Motion) -> Vec<(ProblemCode, String)> {
    let offsets = mtn::offsets(motion).unwrap();
    floor_problems(motion, &offsets)
        .into_iter()
        .map(|p| (p.code, p.message))
        .collect()
}

#[test]
fn lifting_both_left_paws_at_once_is_a_fall_onto_the_left_side() {
    let motion = from_stand_in(2, &[&[("FL_LEG_VERT", 100.0), ("BL_LEG_VERT", 100.0)], &[]]);
    let said = floor_codes(&motion);
    let falls: Vec<&String> = said
        .iter()
        .filter(|(c, _)| *c == mtn_studio::robot::codes::FALLS)
        .map(|(_, m)| m)
        .collect();
    assert!(!falls.is_empty(), "{said:?}");
    assert!(falls[0].contains("onto its left side"), "{falls:?}");
}

#[test]
fn lifting_both_left_paws_over_a_second_is_a_slow_topple_onto_the_left_side() {
    // Over a second the body rolls onto its FL elbow without turning 10° in any one tick:
    // still a fall, rolled past 20° onto a part other than its paws.
    let motion = from_stand(&[&[("FL_LEG_VERT", 100.0), ("BL_LEG_VERT", 100.0)], &[]]);
    let said = floor_codes(&motion);
    let falls: Vec<&String> = said
        .iter()
        .filter(|(c, _)| *c == mtn_studio::robot::codes::FALLS)
        .map(|(_, m)| m)
        .collect();
    assert_eq!(falls.len(), 1, "{said:?}");
    assert!(
        falls[0].contains("rolled slowly onto its left side"),
        "{falls:?}"
    );
}

#[test]
fn standing_and_lying_down_are_no_falls() {
    let stand = from_stand(&[&[]]);
    assert_eq!(floor_codes(&stand), []);
    let sleep = posture(Model::Ers7, "sleep").unwrap();
    let names = posture_locators(Model::Ers7);
    let changes: Vec<(&str, f64)> = names
        .iter()
        .zip(sleep.angles_deg)
        .map(|(l, &deg)| (mtn_studio::robot::joint_name("DRX-1000", l), deg))
        .collect();
    let lying = from_stand(&[&changes]);
    let said = floor_codes(&lying);
    assert!(
        said.iter()
            .all(|(c, _)| *c != mtn_studio::robot::codes::FALLS),
        "{said:?}"
    );
    let rig = floor::rig(&lying).unwrap();
    let last = *floor::rest_ticks(&rig, &lying).last().unwrap();
    let parts = contacts(&rig, &last);
    assert!(parts.contains(&Part::Chest(Side::Left)), "{parts:?}");
}

#[test]
fn a_paw_dragged_along_the_floor_slides() {
    // The left front paw swept forward in one frame while it carries weight.
    let motion = from_stand_in(1, &[&[("FL_LEG_VERT", 15.0), ("FL_LEG_KNEE", 40.0)]]);
    let said = floor_codes(&motion);
    assert!(
        said.iter()
            .any(|(c, m)| *c == mtn_studio::robot::codes::PAW_SLIDE && m.contains("the FL paw")),
        "{said:?}"
    );
    // Moved slowly, a lifted paw does not slide: the stand's paws stay put.
    assert!(floor_codes(&from_stand(&[&[]])).is_empty());
}

#[test]
fn the_fast_solution_is_the_naive_one() {
    let mut motions = vec![from_stand(&[
        &[("FL_LEG_VERT", 100.0), ("BL_LEG_VERT", 100.0)],
        &[],
        &[("FR_LEG_KNEE", 120.0)],
    ])];
    if common::corpus_present("the_fast_solution_is_the_naive_one") {
        motions.extend(
            common::corpus_motions()
                .iter()
                .map(|m| mtn::decode(&m.bytes).expect("decode").motion),
        );
    }
    for motion in &motions {
        let Some(rig) = floor::rig(motion) else {
            continue;
        };
        let fast = floor::rest_ticks(&rig, motion);
        let naive = floor::rest_ticks_with(&rig, motion, true);
        assert_eq!(fast.len(), naive.len());
        for (tick, (a, b)) in fast.iter().zip(&naive).enumerate() {
            assert_eq!(a.contacts, b.contacts, "{} tick {tick}", motion.name);
            assert!(
                a.up.iter().zip(b.up).all(|(x, y)| (x - y).abs() < 1e-5),
                "{} tick {tick}",
                motion.name
            );
        }
    }
}

/// For each model: keyframes compared, and how many agree within 3 degrees in pitch and roll.
fn agreement(verbose: bool) -> Vec<(String, usize, usize)> {
    let mut tally: Vec<(String, usize, usize)> = Vec::new();
    for m in common::corpus_motions() {
        let motion = mtn::decode(&m.bytes).expect("decode").motion;
        let Some(rig) = floor::rig(&motion) else {
            continue;
        };
        let body = motion.keyframes.body();
        if body.iter().all(|b| b[..2] == body[0][..2]) {
            continue;
        }
        let ticks = floor::rest_ticks(&rig, &motion);
        let rests = floor::rest_at_keyframes(&rig, &motion, &ticks);
        let name = rig.model.name().to_owned();
        let slot = tally.iter().position(|t| t.0 == name).unwrap_or_else(|| {
            tally.push((name, 0, 0));
            tally.len() - 1
        });
        for (k, (rest, stored)) in rests.iter().zip(body).enumerate() {
            let (pitch, roll) = (urad_to_deg(stored[1]), urad_to_deg(stored[0]));
            let agree =
                (rest.pitch_deg() - pitch).abs() <= 3.0 && (rest.roll_deg() - roll).abs() <= 3.0;
            tally[slot].1 += 1;
            tally[slot].2 += usize::from(agree);
            if verbose {
                println!(
                    "{}{} {k:2}: pitch {:6.1} file {pitch:6.1} | roll {:6.1} file {roll:6.1} | \
                     height {:5.1} margin {:6.1}",
                    if agree { "  " } else { "X " },
                    m.label,
                    rest.pitch_deg(),
                    rest.roll_deg(),
                    rest.height_mm,
                    rest.margin_mm,
                );
            }
        }
    }
    tally
}

/// The share of the ERS-7's keyframes the computed angles agree on today. The target
/// is 90%; this guards what has been reached (README, "The floor") against going back.
const ERS7_AGREEMENT_REACHED: f64 = 0.73;

#[test]
fn computed_body_angles_agree_with_sonys() {
    if !common::corpus_present("computed_body_angles_agree_with_sonys") {
        return;
    }
    let verbose = std::env::var_os("FLOOR_VERBOSE").is_some();
    let tally = agreement(verbose);
    for (model, compared, agreed) in &tally {
        println!("{model}: {agreed} of {compared} keyframes within 3 degrees");
    }
    let (_, compared, agreed) = tally
        .iter()
        .find(|t| t.0 == Model::Ers7.name())
        .expect("Sony's ERS-7 motions store body angles");
    #[expect(clippy::cast_precision_loss, reason = "counts of keyframes")]
    let share = *agreed as f64 / *compared as f64;
    assert!(share >= ERS7_AGREEMENT_REACHED, "{agreed} of {compared}");
}

#[test]
fn a_hind_paw_lifted_with_the_weight_over_the_diagonal_balances_on_the_edge() {
    // The right hind paw lifted, the head up and the right front paw a little forward: the
    // weight comes to the line between the left hind paw and the right front paw, and three
    // paws carry it a few mm from tipping, for over a second.
    let pose = [
        ("BR_LEG_VERT", 60.0),
        ("FR_LEG_VERT", 5.0),
        ("HEAD_PITCH", 0.0),
        ("HEAD_PITCH2", 45.0),
    ];
    let motion = from_stand(&[&pose, &pose]);
    let said = floor_codes(&motion);
    let unstable: Vec<&String> = said
        .iter()
        .filter(|(c, _)| *c == mtn_studio::robot::codes::UNSTABLE)
        .map(|(_, m)| m)
        .collect();
    assert_eq!(unstable.len(), 1, "{said:?}");
    assert!(
        unstable[0].contains("balances on FL paw, BL paw, FR paw"),
        "{unstable:?}"
    );
    // A note, not a warning: a body at rest cannot balance by moving as a walk does.
    let offsets = mtn::offsets(&motion).unwrap();
    let severities: Vec<_> = floor_problems(&motion, &offsets)
        .into_iter()
        .filter(|p| p.code == mtn_studio::robot::codes::UNSTABLE)
        .map(|p| p.severity)
        .collect();
    assert_eq!(
        severities,
        [mtn_studio::codec::problem::Severity::Info],
        "{said:?}"
    );
    // The head down, the weight stays well forward of that line: no problem.
    let steady = [("BR_LEG_VERT", 60.0), ("HEAD_PITCH", -60.0)];
    assert_eq!(floor_codes(&from_stand(&[&steady, &steady])), []);
}
