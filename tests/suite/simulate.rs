//! The robot simulated on the floor (`robot::physics`) with Sony's own motions: the walks
//! walk, forward and backward, as far as their paws' sweep says; and the command line.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

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

/// How far one play of a walk carries the body with no slip (mm, forward positive), as the
/// rest model has it: at each tick, each paw that was on the floor the tick before and still
/// is stays where it touches the floor. Its ball's centre moves back under the body by what
/// the joints move it (its floor-frame x), and rolls: the ball turns with the lower leg, so
/// a leg swinging back over its paw carries the centre forward by the ball's radius times
/// the turn. The body's step is the mean over those paws. Returns the sweep with the
/// rolling, and without it (the joints' sweep alone).
fn stance_sweep_mm(motion: &Motion) -> (f64, f64) {
    use mtn_studio::robot::kinematics::Leg;
    use mtn_studio::robot::place::Frame;
    let rig = floor::rig(motion).expect("a model");
    let parts = rig.parts();
    let paw_bits: Vec<usize> = Leg::ALL
        .iter()
        .map(|&leg| {
            parts
                .iter()
                .position(|&p| p == floor::Part::Paw(leg))
                .expect("a paw")
        })
        .collect();
    let rests = floor::rest_ticks(&rig, motion);
    // Each tick's lower legs' angle in the floor frame's x-z plane (radians).
    let mut angles: Vec<[f64; 4]> = Vec::with_capacity(rests.len());
    mtn_studio::robot::timing::for_each_tick(&motion.keyframes, |tick, values| {
        let Some(rest) = usize::try_from(tick).ok().and_then(|t| rests.get(t)) else {
            return;
        };
        let frame = Frame::of(&floor::placed(
            rest.up.map(f64::from),
            f64::from(rest.height_mm),
        ));
        let body = rig.pose(values);
        angles.push(std::array::from_fn(|i| {
            let [_, knee, pad] = body.legs[i];
            let (k, p) = (frame.to_floor(knee), frame.to_floor(pad));
            (p[2] - k[2]).atan2(p[0] - k[0])
        }));
    });
    let r = rig.paw_radius_mm();
    let (mut rolling, mut joints) = (0.0, 0.0);
    for (t, pair) in rests.windows(2).enumerate() {
        let (before, now) = (&pair[0], &pair[1]);
        let (mut with, mut without, mut n) = (0.0, 0.0, 0.0);
        for (p, &bit) in paw_bits.iter().enumerate() {
            if !(before.touches(bit) && now.touches(bit)) {
                continue;
            }
            let back = f64::from(before.paws[p][0] - now.paws[p][0]);
            let turn =
                angles.get(t + 1).map_or(0.0, |a| a[p]) - angles.get(t).map_or(0.0, |a| a[p]);
            with += back - r * turn;
            without += back;
            n += 1.0;
        }
        if n > 0.0 {
            rolling += with / n;
            joints += without / n;
        }
    }
    (rolling, joints)
}

/// Sony's walk played five times on carpet: its travel forward (mm), its turn (degrees),
/// its falls, and the paws' sweep a play (with the balls rolling, and without).
fn walked(archive: &str, entry: &str) -> (f64, f64, usize, (f64, f64)) {
    let walk = corpus_motion(archive, entry);
    let sweep = stance_sweep_mm(&walk);
    let settings = Settings {
        repeat: 5,
        ..Settings::default()
    };
    let sim = simulate(&walk, settings, &mut |_| true).expect("simulates");
    eprintln!(
        "{archive} {entry}: {:.0} mm in five plays, turned {:.1}°; the paws' sweep gives \
         {:.0} mm a play with the balls rolling, {:.0} mm without",
        sim.summary.travel_mm[0], sim.summary.heading_deg, sweep.0, sweep.1
    );
    (
        sim.summary.travel_mm[0],
        sim.summary.heading_deg,
        sim.summary.falls.len(),
        sweep,
    )
}

#[test]
fn sonys_forward_walk_walks_forward_as_far_as_its_paws_sweep() {
    if !common::corpus_present("sonys_forward_walk_walks_forward") {
        return;
    }
    // The ERS-7's (83 mm a play by the joints' sweep alone, 90 mm with the paw balls
    // rolling): within 40% to 110% of that over five plays.
    let (forward, turned, falls, (sweep, joints)) = walked(ERS7, "a_walk#walk_sox_fwd");
    assert!(
        (80.0..95.0).contains(&sweep),
        "the sweep worked out as {sweep} mm"
    );
    assert!(
        (78.0..88.0).contains(&joints),
        "the joints' sweep: {joints} mm"
    );
    let no_slip = 5.0 * sweep;
    assert!(
        forward >= 0.4 * no_slip && forward <= 1.1 * no_slip,
        "{forward} mm against {no_slip} mm with no slip"
    );
    assert!(turned.abs() < 20.0, "turned {turned}°");
    assert_eq!(falls, 0);
    // The ERS-210's walks forward too (how far: the ignored test below).
    let (forward, turned, falls, _) = walked(ERS210, "a_walk#walk_sox_fwd");
    assert!(forward > 100.0, "{forward} mm");
    assert!(turned.abs() < 20.0, "turned {turned}°");
    assert_eq!(falls, 0);
}

#[test]
#[ignore = "my own extension of issue 36 (whose figure is the ERS-7's): the ERS-210's \
            forward walk goes 432 mm in five plays, 118% of the 367 mm its paws' sweep gives \
            with no slip (the bound is 110%). The sweep depends on which paws the rest model \
            has down, which for this trot changes with the torso's weight: 62, 73 and 82 mm a \
            play with it 20 mm ahead, 10 and at the middle"]
fn the_ers210s_forward_walk_goes_as_far_as_its_paws_sweep() {
    if !common::corpus_present("the_ers210s_forward_walk_goes_as_far_as_its_paws_sweep") {
        return;
    }
    let (forward, _, _, (sweep, _)) = walked(ERS210, "a_walk#walk_sox_fwd");
    let no_slip = 5.0 * sweep;
    assert!(
        forward >= 0.4 * no_slip && forward <= 1.1 * no_slip,
        "{forward} mm against {no_slip} mm with no slip"
    );
}

#[test]
fn sonys_backward_walk_walks_backward() {
    if !common::corpus_present("sonys_backward_walk_walks_backward") {
        return;
    }
    // (The rest model's stance of the ERS-210's backward walk gives its paws 9 mm of sweep a
    // play, with three or four paws down at once: that sweep says little of this walk.)
    for archive in [ERS7, ERS210] {
        let (forward, turned, falls, (sweep, _)) = walked(archive, "a_walk#walk_sox_bwd");
        assert!(sweep < 0.0, "{archive}: the sweep worked out as {sweep} mm");
        assert!(forward < -100.0, "{archive}: {forward} mm");
        assert!(turned.abs() < 20.0, "{archive}: turned {turned}°");
        assert_eq!(falls, 0, "{archive}");
    }
}

#[test]
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

/// The ERS-7's stand, then both left legs folded up over a second, held a second.
fn left_legs_folded() -> Motion {
    let mut motion = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
    let rig = floor::rig(&motion).expect("model");
    let mut row = motion.keyframes.get(0).expect("first").angles_urad.to_vec();
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
    motion
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
    let motion = left_legs_folded();
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

#[test]
fn check_takes_the_falls_from_the_simulation_and_fast_from_the_body_at_rest() {
    // The stand with both left legs folded up: `check` finds the simulation's fall (marked
    // simulated), the body at rest's beside it as a note; `check --fast` the body at rest's
    // alone, saying so; the stand is clean both ways.
    let dir = common::scratch_dir("simulate", "check");
    let stand = dir.join("stand.mtn");
    let standing = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
    std::fs::write(&stand, mtn::encode(&standing).expect("encodes")).expect("write");
    let motion = left_legs_folded();
    let falls = dir.join("falls.mtn");
    std::fs::write(&falls, mtn::encode(&motion).expect("encodes")).expect("write");
    let simulated = common::run_cli(&[&"check", &falls]);
    assert_eq!(simulated.status.code(), Some(1));
    let text = common::text(&simulated.stdout);
    assert!(text.contains("warning falls at byte"), "{text}");
    assert!(text.contains("simulated: at "), "{text}");
    assert!(
        text.lines()
            .filter(|l| l.contains(" falls at byte") && !l.contains("simulated:"))
            .all(|l| l.contains(": note falls")),
        "{text}"
    );
    let fast = common::run_cli(&[&"check", &"--fast", &falls]);
    assert_eq!(fast.status.code(), Some(1));
    let text = common::text(&fast.stdout);
    assert!(
        text.contains("warning falls") && !text.contains("simulated:"),
        "{text}"
    );
    assert!(text.contains("(--fast): not simulated"), "{text}");
    assert!(common::text(&fast.stderr).contains("--fast"));
    for how in [&["check"][..], &["check", "--fast"]] {
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = how.iter().map(|a| a as _).collect();
        args.push(&stand);
        let clean = common::run_cli(&args);
        assert_eq!(
            clean.status.code(),
            Some(0),
            "{how:?}: {}",
            common::text(&clean.stdout)
        );
    }
}

#[test]
fn check_gives_sonys_motions_one_verdict_on_falling_and_few_floor_warnings() {
    // Sony's motions in the corpus ran on real robots. Where a model's body is measured
    // (ERS-7, ERS-210/220) no fall is a warning that its simulation contradicts (the body at
    // rest's are notes beside it), and the floor's warnings (falls, slides, paws stood on,
    // leans) are on at most 3% of them.
    if !common::corpus_present("check_gives_sonys_motions_one_verdict_on_falling") {
        return;
    }
    use mtn_studio::codec::Severity;
    use mtn_studio::robot::codes::{BODY_TILT, FALLS, PAW_LIFTED, PAW_SLIDE};
    let sonys: Vec<_> = common::corpus_motions()
        .into_iter()
        .filter(|m| m.label.contains(".ODA:") || m.label.starts_with("spec-example"))
        .collect();
    assert!(sonys.len() >= 130, "{}", sonys.len());
    let mut warned = Vec::new();
    for m in &sonys {
        let decoded = mtn::decode(&m.bytes).expect("decodes");
        let problems =
            mtn_studio::robot::verdict::judged_floor(&decoded.motion, &decoded.offsets, false);
        let warnings: Vec<_> = problems
            .iter()
            .filter(|p| p.severity >= Severity::Warning)
            .filter(|p| [FALLS, PAW_SLIDE, PAW_LIFTED, BODY_TILT].contains(&p.code))
            .collect();
        if mtn_studio::robot::verdict::simulated(&decoded.motion) {
            let contradicted: Vec<_> = warnings
                .iter()
                .filter(|p| p.code == FALLS && !p.message.starts_with("simulated"))
                .collect();
            assert!(contradicted.is_empty(), "{}: {contradicted:?}", m.label);
        }
        if !warnings.is_empty() {
            warned.push(format!("{}: {}", m.label, warnings[0].message));
        }
    }
    eprintln!(
        "{} of {} of Sony's motions have a floor warning:\n{}",
        warned.len(),
        sonys.len(),
        warned.join("\n")
    );
    assert!(
        warned.len() * 100 <= sonys.len() * 3,
        "{} of {}: {warned:#?}",
        warned.len(),
        sonys.len()
    );
}

#[test]
fn a_lifted_paw_the_robot_rests_on_is_one_stretch_with_its_end() {
    // A stand whose last keyframe raises the FR paw 60 mm with no weight shift first, as
    // `place --no-balance --lift FR=60 --at 1008` makes it: the body tips onto the paw.
    let mut motion = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").unwrap();
    for (name, deg) in [
        ("FR_LEG_VERT", -39.47),
        ("FR_LEG_LAT", 30.37),
        ("FR_LEG_KNEE", 121.38),
    ] {
        let j = motion
            .locators
            .iter()
            .position(|l| mtn_studio::robot::joint_name("DRX-1000", l) == name)
            .unwrap();
        motion
            .keyframes
            .set_angle(1, j, mtn_studio::robot::deg_to_urad(deg));
    }
    let sim = simulate(&motion, Settings::default(), &mut |_| true).unwrap();
    // Each stretch the robot rests on the paw is said once, with when it ends; they follow
    // one another, and the last lasts to the end (the robot holds its last command).
    let events = &sim.summary.lifted;
    assert!(!events.is_empty());
    let mut from = 0;
    for event in events {
        assert!(
            event.what.contains("the FR paw was to be lifted"),
            "{}",
            event.what
        );
        let until = event.until_ms.expect("a stretch has an end");
        assert!(event.time_ms >= from && until > event.time_ms, "{events:?}");
        from = until;
    }
    let last = sim.ticks.last().unwrap().time_ms;
    assert_eq!(from, last + 8, "{events:?}");
    // Each counted stretch lies within one of the stretches the paw carries weight where
    // the pose lifts it (those are counted only once they outlast the servos' lag).
    for event in events {
        assert!(
            sim.summary
                .stood_on
                .iter()
                .any(|s| s.what.contains("FR paw")
                    && s.time_ms <= event.time_ms
                    && s.until_ms >= event.until_ms),
            "{event:?} in {:?}",
            sim.summary.stood_on
        );
    }

    // The body at rest has its own stretch, as `check` reports it: the same paw.
    let rig = floor::rig(&motion).unwrap();
    let ticks = floor::rest_ticks(&rig, &motion);
    let stretches = floor::stance::lifted_stretches(&rig.parts(), &ticks);
    let [stretch] = stretches.as_slice() else {
        panic!("one stretch at rest: {stretches:?}");
    };
    assert_eq!(stretch.leg, mtn_studio::robot::kinematics::Leg::RightFront);
    assert_eq!(stretch.ticks.end, ticks.len());
    let inside = floor::stance::lifted_at(&rig.parts(), &ticks, stretch.ticks.start);
    assert_eq!(inside.as_ref(), Some(stretch));
    let before = stretch.ticks.start.checked_sub(1).unwrap();
    assert_eq!(floor::stance::lifted_at(&rig.parts(), &ticks, before), None);
}

#[test]
fn a_turn_over_measured_from_before_the_rest_models_own_topple_says_so() {
    // The review: Sony's sleep-to-stand with its FL knee typed to -200° at keyframe 10. The
    // body at rest topples onto its chin (the stage at rest shows it); the simulated robot
    // turns over, measured from the pose before that topple, and said to be: not "the rest
    // model has -3° and -4°" beside a stage at rest pitched -64°.
    if !common::corpus_present("a_turn_over_measured_from_before") {
        return;
    }
    let mut motion = corpus_motion("monet-ERS-7-MOTION7.ODA", "a_sleep#stand_standard");
    let knee = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "FL_LEG_KNEE")
        .unwrap();
    motion
        .keyframes
        .set_angle(10, knee, mtn_studio::robot::deg_to_urad(-200.0));
    let sim = simulate(&motion, Settings::default(), &mut |_| true).unwrap();
    let turned: Vec<&str> = sim
        .summary
        .falls
        .iter()
        .map(|e| e.what.as_str())
        .filter(|w| w.starts_with("turns over"))
        .collect();
    assert!(!turned.is_empty(), "{:?}", sim.summary.falls);
    assert!(
        turned
            .iter()
            .all(|w| w.contains("the pose at rest before its own topple has")),
        "{turned:?}"
    );
}

#[test]
fn a_slip_says_when_its_contact_ends_so_its_size_is_not_read_as_caused_at_its_start() {
    // The second review: an edit at 6288 ms turned "at 1488 ms the FL paw slips 19 mm" into
    // 44 mm: the slip is measured over the paw's whole contact, which the edit lengthened.
    if !common::corpus_present("a_slip_says_when_its_contact_ends") {
        return;
    }
    let motion = corpus_motion(ERS7, "a_sleep#stand_standard");
    let sim = simulate(&motion, Settings::default(), &mut |_| true).unwrap();
    assert!(!sim.summary.slips.is_empty());
    for slip in &sim.summary.slips {
        let until = slip.until_ms.expect("a slip's contact ends");
        assert!(until > slip.time_ms, "{slip:?}");
        assert!(
            slip.what
                .ends_with(&format!("in all by {until} ms, when it leaves the floor"))
                || slip.what.ends_with("in all by the end"),
            "{}",
            slip.what
        );
    }
}
