//! The robot simulated on the floor (`robot::physics`) with Sony's own motions: the walks
//! walk, forward and backward, as far as their paws' sweep says; and the command line.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

mod common;

use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::robot::floor;
use mtn_studio::robot::physics::{Settings, simulate};
use mtn_studio::robot::timing::tick_count;

const ERS7: &str = "monet-ERS-7-MOTION7.ODA";
const ERS210: &str = "monet-ERS-200-MOTION.ODA";

fn corpus_motion(archive: &str, entry: &str) -> Motion {
    mtn::decode(&common::corpus_entry(archive, entry))
        .expect("decodes")
        .motion
}

/// How far one play of a walk carries the body with no slip (mm, forward positive): at each
/// tick, the paws that were on the floor the tick before and still are (as the rest model
/// has them) sweep backward under the body by as much as the body goes forward; the body's
/// step is their sweep's mean.
fn stance_sweep_mm(motion: &Motion) -> f64 {
    let rig = floor::rig(motion).expect("a model");
    let parts = rig.parts();
    let paw_bits: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].is_paw()).collect();
    let rests = floor::rest_ticks(&rig, motion);
    let mut travel = 0.0;
    for pair in rests.windows(2) {
        let (before, now) = (&pair[0], &pair[1]);
        let steps: Vec<f64> = paw_bits
            .iter()
            .enumerate()
            .filter(|&(_, &bit)| before.touches(bit) && now.touches(bit))
            .map(|(p, _)| f64::from(before.paws[p][0] - now.paws[p][0]))
            .collect();
        if !steps.is_empty() {
            travel += steps.iter().sum::<f64>() / steps.len() as f64;
        }
    }
    travel
}

#[test]
#[ignore = "issue 36 is open: the ERS-7's forward walk goes 465 mm in five plays, 113% of \
            the 413 mm its paws' sweep gives with no slip (the bound is 110%)"]
fn sonys_forward_walk_walks_forward_as_far_as_its_paws_sweep() {
    if !common::corpus_present("sonys_forward_walk_walks_forward") {
        return;
    }
    for archive in [ERS7, ERS210] {
        let walk = corpus_motion(archive, "a_walk#walk_sox_fwd");
        let sweep = stance_sweep_mm(&walk);
        let settings = Settings {
            repeat: 5,
            ..Settings::default()
        };
        let sim = simulate(&walk, settings, &mut |_| true).expect("simulates");
        let [forward, _] = sim.summary.travel_mm;
        let cycles = 5.0;
        eprintln!(
            "{archive}: {forward:.0} mm in five plays; the paws' sweep gives {sweep:.0} mm a play"
        );
        assert!(
            sweep > 50.0,
            "{archive}: the sweep worked out as {sweep} mm"
        );
        assert!(
            forward >= 0.4 * sweep * cycles && forward <= 1.1 * sweep * cycles,
            "{archive}: {forward} mm against {} mm with no slip",
            sweep * cycles
        );
        assert!(
            sim.summary.heading_deg.abs() < 20.0,
            "{archive}: {}",
            sim.summary.heading_deg
        );
        assert!(
            sim.summary.falls.is_empty(),
            "{archive}: {:?}",
            sim.summary.falls
        );
    }
}

#[test]
#[ignore = "issue 36 is open: the ERS-7's backward walk goes 417 mm back in five plays, \
            157% of the 266 mm its paws' sweep gives with no slip"]
fn sonys_backward_walk_walks_backward() {
    if !common::corpus_present("sonys_backward_walk_walks_backward") {
        return;
    }
    for archive in [ERS7, ERS210] {
        let walk = corpus_motion(archive, "a_walk#walk_sox_bwd");
        let sweep = stance_sweep_mm(&walk);
        let settings = Settings {
            repeat: 5,
            ..Settings::default()
        };
        let sim = simulate(&walk, settings, &mut |_| true).expect("simulates");
        let [forward, _] = sim.summary.travel_mm;
        assert!(
            sweep < -50.0,
            "{archive}: the sweep worked out as {sweep} mm"
        );
        assert!(
            forward <= 0.4 * sweep * 5.0 && forward >= 1.1 * sweep * 5.0,
            "{archive}: {forward} mm against {} mm with no slip",
            sweep * 5.0
        );
        assert!(
            sim.summary.falls.is_empty(),
            "{archive}: {:?}",
            sim.summary.falls
        );
    }
}

#[test]
#[ignore = "issue 36 is open: the ERS-210's twistdance1 topples onto its front in the \
            simulation at 3.7 s (its BR paw, twisted along the floor under load, lets the \
            hind end up); the other 36 of Sony's ERS-7 and ERS-210 motions stand"]
fn none_of_sonys_motions_falls() {
    if !common::corpus_present("none_of_sonys_motions_falls") {
        return;
    }
    let mut fallen = Vec::new();
    for m in common::corpus_motions() {
        let motion = mtn::decode(&m.bytes).expect("decode").motion;
        let Some(rig) = floor::rig(&motion) else {
            continue;
        };
        if rig.model == mtn_studio::robot::Model::Ers110 || tick_count(&motion.keyframes) == 0 {
            continue;
        }
        let sim = simulate(&motion, Settings::default(), &mut |_| true).expect("simulates");
        if let Some(fall) = sim.summary.falls.first() {
            fallen.push(format!("{}: at {} ms {}", m.label, fall.time_ms, fall.what));
        }
    }
    assert!(fallen.is_empty(), "{fallen:#?}");
}

#[test]
fn simulate_says_where_the_walk_went_and_exits_1_for_a_fall() {
    if !common::corpus_present("simulate_says_where_the_walk_went") {
        return;
    }
    let dir = common::scratch_dir("simulate", "walk");
    let archive = common::corpus_dir("mtn").join(ERS7);
    let output = common::run_cli(&[
        &"simulate",
        &archive,
        &"--entry",
        &"a_walk#walk_sox_fwd",
        &"--repeat",
        &"2",
        &"--json",
    ]);
    let text = common::ok(&output);
    let report: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let summary = &report["summary"];
    assert!(
        summary["travel_mm"][0].as_f64().expect("forward") > 100.0,
        "{summary}"
    );
    for key in ["heading_deg", "max_tilt_deg", "falls", "slips"] {
        assert!(!summary[key].is_null(), "{key} missing: {summary}");
    }
    assert!(
        report["keyframes"]
            .as_array()
            .is_some_and(|k| !k.is_empty())
    );
    // A stand with both left legs folded up falls, and says when.
    let mut motion = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
    let mut row = motion.keyframes.get(0).expect("first").angles_urad.to_vec();
    let rig = floor::rig(&motion).expect("model");
    for leg in [
        mtn_studio::robot::kinematics::Leg::LeftFront,
        mtn_studio::robot::kinematics::Leg::LeftHind,
    ] {
        let [j1, _, j3] = rig.leg_joints(leg).map(Option::unwrap);
        row[j1] = mtn_studio::robot::deg_to_urad(if leg.is_front() { 40.0 } else { -40.0 });
        row[j3] = mtn_studio::robot::deg_to_urad(110.0);
    }
    let body = motion.keyframes.body()[0];
    motion.keyframes.push(62, body, &row).expect("row");
    motion.keyframes.push(62, body, &row).expect("row");
    let file = dir.join("falls.mtn");
    std::fs::write(&file, mtn::encode(&motion).expect("encodes")).expect("write");
    let output = common::run_cli(&[&"simulate", &file]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        common::text(&output.stdout)
    );
    let text = common::text(&output.stdout);
    assert!(text.contains("falls:\n  at "), "{text}");
}
