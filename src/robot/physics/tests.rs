use super::*;
use crate::robot::floor::rig;
use crate::robot::kinematics::Leg;
use crate::robot::postures::new_motion;
use crate::robot::{Model, deg_to_urad};
use rapier3d::prelude::Pose;

const ERS7: &str = "DRX-1000";

/// `label`'s `posture` as a motion of one keyframe.
fn posture(label: &str, posture: &str) -> Motion {
    new_motion(label, posture).expect("posture")
}

/// Appends a keyframe `ms` after the last, its joints the last's with `change` made.
fn then(motion: &mut Motion, ms: u32, change: impl FnOnce(&mut [i32], &dyn Fn(Leg) -> [usize; 3])) {
    let rig = rig(motion).expect("model");
    let columns = |leg: Leg| rig.leg_joints(leg).map(|c| c.expect("leg joint"));
    let last = motion.keyframes.len() - 1;
    let mut row = motion
        .keyframes
        .get(last)
        .expect("keyframe")
        .angles_urad
        .to_vec();
    change(&mut row, &columns);
    let body = motion.keyframes.body()[last];
    motion.keyframes.push(ms / 16, body, &row).expect("row");
}

/// Folds `leg` off the floor (its knee bent to 110°, its shoulder forward or back).
fn lift(row: &mut [i32], columns: &dyn Fn(Leg) -> [usize; 3], leg: Leg) {
    let [j1, _, j3] = columns(leg);
    row[j1] = deg_to_urad(if leg.is_front() { 40.0 } else { -40.0 });
    row[j3] = deg_to_urad(110.0);
}

const SWEEP_DEG: f64 = -25.0;

fn run(motion: &Motion) -> Simulation {
    simulate(motion, Settings::default(), &mut |_| true).expect("simulates")
}

#[test]
fn the_stand_held_ten_seconds_stays_where_it_is() {
    let mut stand = posture(ERS7, "stand");
    then(&mut stand, 10_000, |_, _| {});
    let sim = run(&stand);
    let [x, y] = sim.summary.travel_mm;
    assert!(x.hypot(y) < 2.0, "drifted {x:.2}, {y:.2} mm");
    assert!(
        sim.summary.heading_deg.abs() < 1.0,
        "{}",
        sim.summary.heading_deg
    );
    assert!(sim.summary.slips.is_empty(), "{:?}", sim.summary.slips);
    assert!(sim.summary.falls.is_empty(), "{:?}", sim.summary.falls);
    assert!(sim.summary.lags.is_empty(), "{:?}", sim.summary.lags);
    // It stands as the rest model has it: about 146 mm up, on its four paws.
    let last = sim.ticks.last().expect("ticks");
    assert!((last.height_mm - 146.0).abs() < 4.0, "{}", last.height_mm);
    let paws = sim
        .parts
        .iter()
        .enumerate()
        .filter(|(i, p)| p.is_paw() && last.touching & (1 << i) != 0);
    assert_eq!(paws.count(), 4);
}

#[test]
fn both_left_paws_lifted_falls_onto_its_left_side() {
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 1000, |row, columns| {
        lift(row, columns, Leg::LeftFront);
        lift(row, columns, Leg::LeftHind);
    });
    then(&mut motion, 1000, |_, _| {});
    let sim = run(&motion);
    let fall = sim.summary.falls.first().expect("it falls");
    // Within the half second the last pose is held after the motion.
    let end = crate::robot::timing::duration_ms(&motion.keyframes);
    assert!(fall.time_ms <= end + run::TAIL_TICKS * 8, "{fall:?}");
    // Onto its left: the left side down (the roll negative), on a left part.
    let last = sim.ticks.last().expect("ticks");
    assert!(last.roll_deg < -20.0, "{}", last.roll_deg);
    assert!(
        fall.what.contains("left") || fall.what.contains("FL") || fall.what.contains("BL"),
        "{fall:?}"
    );
    // One fall, however many parts it comes to rest on and however it rolls while down;
    // played three times (each play unfolds the legs, and the body gets up), one a play.
    assert_eq!(sim.summary.falls.len(), 1, "{:?}", sim.summary.falls);
    let thrice = simulate(
        &motion,
        Settings {
            repeat: 3,
            ..Settings::default()
        },
        &mut |_| true,
    )
    .expect("simulates");
    let cycle_ms = thrice.cycle_ticks * 8;
    let plays: Vec<u64> = thrice
        .summary
        .falls
        .iter()
        .map(|f| (f.time_ms / cycle_ms).min(2))
        .collect();
    assert_eq!(plays, [0, 1, 2], "{:?}", thrice.summary.falls);
    // Down from the fall to the end where it never gets up; between the plays, up again
    // before the next fall: what the stage says and the timeline marks.
    assert_eq!(fall.until_ms, Some(last.time_ms + 8), "{fall:?}");
    assert!(super::down_at(&sim.summary, last.time_ms));
    assert!(!super::down_at(
        &sim.summary,
        fall.time_ms.saturating_sub(8)
    ));
    let falls = &thrice.summary.falls;
    for pair in falls.windows(2) {
        let until = pair[0].until_ms.expect("up again");
        assert!(until < pair[1].time_ms, "{falls:?}");
        assert!(!super::down_at(&thrice.summary, until), "{falls:?}");
    }
    // The problems say when it is up again, where it is.
    let offsets = crate::codec::mtn::offsets(&motion).expect("offsets");
    let said: Vec<String> = super::simulated_problems(&motion, &offsets, &thrice)
        .into_iter()
        .filter(|p| p.code == crate::robot::codes::FALLS)
        .map(|p| p.message)
        .collect();
    // One fall alike in the three plays is one problem naming them, said as in the first
    // (up again by its time); the timeline still marks each.
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("simulated: in plays 1–3 (said of play 1, "),
        "{said:?}"
    );
    assert!(said[0].contains("; on its paws again by "), "{said:?}");
    let spans = super::fall_spans(&motion, &thrice);
    assert_eq!(spans.len(), 3, "{spans:?}");
    assert!(
        spans.iter().all(|[from, to]| to - from > 200),
        "marked while down, not 200 ms: {spans:?}"
    );
}

#[test]
fn three_paws_lifted_kneel_onto_the_elbows_as_the_pose_rests() {
    // Three legs folded, the BR leg straight: the robot comes down nose first onto its
    // elbows, as the rest model rests that pose; no fall (the pose means it), and where it
    // ends is what the rest model has.
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 1000, |row, columns| {
        for leg in [Leg::LeftFront, Leg::RightFront, Leg::LeftHind] {
            lift(row, columns, leg);
        }
    });
    then(&mut motion, 1000, |_, _| {});
    let sim = run(&motion);
    assert!(sim.summary.falls.is_empty(), "{:?}", sim.summary);
    let last = sim.ticks.last().expect("ticks");
    let on: Vec<String> = sim
        .parts
        .iter()
        .enumerate()
        .filter(|&(i, _)| last.touching & (1 << i) != 0)
        .map(|(_, p)| p.name())
        .collect();
    assert_eq!(on, ["FL elbow", "FR elbow", "BR paw"]);
    assert!(last.pitch_deg < -20.0, "{}", last.pitch_deg);
}

#[test]
fn a_knee_commanded_past_its_limit_is_said_once_not_as_a_weak_servo() {
    // The BL knee dragged to 230° (an animator's drag of a hidden joint's points): the servo
    // stops at its end (125°, as far as Sony's own motions take it), said once for the
    // stretch with the furthest command, and not as a servo too weak.
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 1000, |row, columns| {
        row[columns(Leg::LeftHind)[2]] = deg_to_urad(230.0);
    });
    then(&mut motion, 1000, |_, _| {});
    let sim = run(&motion);
    let beyond = &sim.summary.beyond;
    assert_eq!(beyond.len(), 1, "{beyond:?}");
    assert!(
        beyond[0].what.starts_with(
            "BL_LEG_KNEE is commanded beyond its 122° limit, furthest 230° at 2016 ms"
        ),
        "{beyond:?}"
    );
    assert!(
        !sim.summary
            .lags
            .iter()
            .any(|l| l.what.contains("BL_LEG_KNEE")),
        "{:?}",
        sim.summary.lags
    );
}

#[test]
fn a_paw_dragged_along_the_floor_under_load_slips() {
    // The FL paw swept back 20° (to -25°) in an eighth of a second with the other three
    // planted: it carries its share of the weight and cannot roll there.
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 128, |row, columns| {
        row[columns(Leg::LeftFront)[0]] = deg_to_urad(SWEEP_DEG);
    });
    then(&mut motion, 512, |_, _| {});
    let sim = run(&motion);
    let slip = sim.summary.slips.first().expect("it slips");
    assert!(slip.what.contains("FL"), "{slip:?}");
    assert!(sim.summary.falls.is_empty(), "{:?}", sim.summary.falls);
}

#[test]
fn the_sit_and_the_sleep_rest_without_falling() {
    for model_label in [ERS7, "DRX-900"] {
        for name in ["sit", "sleep"] {
            let mut motion = posture(model_label, name);
            then(&mut motion, 2000, |_, _| {});
            let sim = run(&motion);
            assert!(
                sim.summary.falls.is_empty(),
                "{model_label} {name}: {:?}",
                sim.summary.falls
            );
            let [x, y] = sim.summary.travel_mm;
            assert!(x.hypot(y) < 10.0, "{model_label} {name}: {x}, {y}");
        }
    }
}

#[test]
fn a_motion_simulated_twice_gives_the_same_numbers() {
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 512, |row, columns| {
        lift(row, columns, Leg::RightFront);
    });
    then(&mut motion, 512, |_, _| {});
    assert_eq!(run(&motion), run(&motion));
}

/// The rig's links, each posed at `values` (the torso at the origin, level).
fn posed(rig: &crate::robot::floor::Rig, values: &[i32]) -> (Vec<model::Link>, Vec<Pose>) {
    let links = model::links(rig);
    let angles: Vec<f32> = links
        .iter()
        .map(|l| {
            let v = l
                .column
                .map_or(0.0, |c| crate::robot::urad_to_deg(values[c]));
            #[expect(clippy::cast_possible_truncation, reason = "radians")]
            let a = (l.sign * v.to_radians()) as f32;
            a
        })
        .collect();
    let poses = world::link_poses(&links, Pose::IDENTITY, &angles);
    (links, poses)
}

#[test]
fn the_bodies_weigh_what_the_rest_model_weighs_where_it_has_the_weight() {
    // Each model's stand and sit, and each with the FL leg raised forward: the simulated
    // links' total mass is the rest model's, and their centre of mass within 2.5 mm of its
    // (the simulation puts each joint's gear, 20 g, on its axis; the rest model spreads it
    // along the link).
    for label in [ERS7, "DRX-900"] {
        for name in ["stand", "sit"] {
            let motion = posture(label, name);
            let rig = rig(&motion).expect("model");
            let mut values = motion
                .keyframes
                .get(0)
                .expect("keyframe")
                .angles_urad
                .to_vec();
            for raised in [false, true] {
                if raised {
                    let [j1, _, j3] = rig.leg_joints(Leg::LeftFront).map(|c| c.expect("joint"));
                    values[j1] = deg_to_urad(100.0);
                    values[j3] = deg_to_urad(70.0);
                }
                let body = rig.pose(&values);
                let (links, poses) = posed(&rig, &values);
                let (mut total, mut moment) = (0.0, [0.0; 3]);
                for (link, pose) in links.iter().zip(&poses) {
                    let local = world::metres([
                        link.com[0] - link.origin[0],
                        link.com[1] - link.origin[1],
                        link.com[2] - link.origin[2],
                    ]);
                    let at = pose.transform_point(local) * 1000.0;
                    total += link.mass_g;
                    for (m, a) in moment.iter_mut().zip([at.x, at.y, at.z]) {
                        *m += link.mass_g * f64::from(a);
                    }
                }
                let o = rig.outline();
                let tail = if rig.head_and_tail_joints().1[0].is_some() {
                    o.tail_mass_g
                } else {
                    0.0
                };
                let rest_total = o.torso_mass_g
                    + o.head_mass_g
                    + o.neck_mass_g
                    + 4.0 * (o.upper_mass_g + o.lower_mass_g)
                    + tail;
                assert!(
                    (total - rest_total).abs() < 1e-9,
                    "{label}: {total} g, {rest_total} g"
                );
                let com = moment.map(|m| m / total);
                let d = (0..3)
                    .map(|i| (com[i] - body.com[i]).powi(2))
                    .sum::<f64>()
                    .sqrt();
                assert!(
                    d < 2.5,
                    "{label} {name} (FL raised: {raised}): the links' centre of mass {com:?} \
                     is {d:.1} mm from the rest model's {:?}",
                    body.com
                );
            }
        }
    }
}

#[test]
fn the_bodies_follow_the_stage_kinematics() {
    // Each leg's chain, posed at angles, puts the paw ball where the rest model's body has
    // it (the torso at the origin, level).
    let motion = posture(ERS7, "sit");
    let rig = rig(&motion).expect("model");
    let values = motion
        .keyframes
        .get(0)
        .expect("keyframe")
        .angles_urad
        .to_vec();
    let body = rig.pose(&values);
    let (links, poses) = posed(&rig, &values);
    for (link, pose) in links.iter().zip(&poses) {
        for shape in &link.shapes {
            if let model::Shape::Ball { at, .. } = shape {
                let local = world::metres([
                    at[0] - link.origin[0],
                    at[1] - link.origin[1],
                    at[2] - link.origin[2],
                ]);
                let p = pose.transform_point(local) * 1000.0;
                let nearest = body
                    .touches
                    .iter()
                    .filter(|t| t.part.is_paw())
                    .map(|t| {
                        let d = [
                            f64::from(p.x) - t.at[0],
                            f64::from(p.y) - t.at[1],
                            f64::from(p.z) - t.at[2],
                        ];
                        (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
                    })
                    .fold(f64::MAX, f64::min);
                assert!(
                    nearest < 0.5,
                    "a paw ball {nearest} mm from the rest model's"
                );
            }
        }
    }
}

#[test]
fn the_torso_touches_the_floor_where_the_rest_model_has_it_touch() {
    // The torso's collider, as the world builds it, holds every point of the torso the rest
    // model can rest on (the corners of the chest, the belly and the rear, the tail's base):
    // a sit that leans back lands on the same rump in both.
    for label in [ERS7, "DRX-900"] {
        let rig = rig(&posture(label, "stand")).expect("model");
        let links = model::links(&rig);
        let torso = &links[0];
        let colliders: Vec<_> = torso
            .shapes
            .iter()
            .filter_map(|s| world::collider(s, torso.origin, 1.0))
            .map(|b| b.build())
            .collect();
        assert!(!colliders.is_empty(), "{label}: the torso has a collider");
        let body = rig.pose(&[]);
        let points: Vec<_> = body.touches.iter().filter(|t| t.part.is_torso()).collect();
        assert_eq!(points.len(), 7, "{label}: the torso's points");
        for t in points {
            let outside_mm = colliders
                .iter()
                .map(|c| c.shape().distance_to_local_point(world::metres(t.at), true) * 1000.0)
                .fold(f32::MAX, f32::min);
            assert!(
                outside_mm < 0.01,
                "{label}: the {} is {outside_mm:.1} mm outside the torso's collider",
                t.part.name()
            );
        }
    }
}

/// The robot's angular momentum about its centre of mass (kg·m²/s).
fn angular_momentum(robot: &world::Robot) -> rapier3d::prelude::Vector {
    use rapier3d::prelude::{Matrix, Vector};
    let bodies: Vec<_> = robot
        .bodies
        .iter()
        .filter_map(|&h| robot.world.bodies.get(h))
        .collect();
    let mass: f32 = bodies.iter().map(|b| b.mass()).sum();
    let centre = bodies
        .iter()
        .map(|b| b.center_of_mass() * b.mass())
        .sum::<Vector>()
        / mass;
    bodies
        .iter()
        .map(|b| {
            let turn = Matrix::from_quat(b.position().rotation);
            let inertia = turn
                * b.mass_properties()
                    .local_mprops
                    .reconstruct_inertia_matrix()
                * turn.transpose();
            inertia * b.angvel() + (b.center_of_mass() - centre).cross(b.linvel()) * b.mass()
        })
        .sum()
}

#[test]
fn a_robot_swinging_its_legs_keeps_its_angular_momentum() {
    // Floating free, both front legs swing up at about their top speed for a second, then
    // stop: the robot's angular momentum stays zero (the torso turns back against the legs,
    // and stops when they stop). Rapier's multibodies gave 0.0116 kg·m²/s here, and a torso
    // turning as fast as the legs.
    for label in [ERS7, "DRX-900"] {
        let rig = rig(&posture(label, "stand")).expect("model");
        let links = model::links(&rig);
        let mut targets = vec![0.0_f32; links.len()];
        let start = Pose::from_translation(rapier3d::prelude::Vector::new(0.0, 0.0, 1.0));
        let mut robot = world::build(&links, 0.8, start, &targets, run::torso_inertia(&links));
        robot.world.gravity = rapier3d::prelude::Vector::ZERO;
        let front: Vec<usize> = [Leg::LeftFront, Leg::RightFront]
            .iter()
            .filter_map(|&leg| rig.leg_joints(leg)[0])
            .filter_map(|column| links.iter().position(|l| l.column == Some(column)))
            .collect();
        assert_eq!(front.len(), 2, "{label}: the front legs' J1");
        let speed = 2.7_f32;
        let mut speeds = vec![0.0_f32; links.len()];
        let mut torso_turned = 0.0_f32;
        for step in 0..750 {
            let swinging = step < 500;
            for &i in &front {
                targets[i] += if swinging { speed * world::STEP_S } else { 0.0 };
                speeds[i] = if swinging { speed } else { 0.0 };
            }
            robot.drive(&targets, &speeds);
            robot.world.step();
            let momentum = angular_momentum(&robot).length();
            assert!(
                momentum < 1e-4,
                "{label}, step {step}: angular momentum {momentum} kg·m²/s"
            );
            if step == 250 {
                torso_turned = robot
                    .world
                    .bodies
                    .get(robot.bodies[0])
                    .map_or(0.0, |b| b.angvel().y);
            }
        }
        // The legs turn about +y; the torso the other way, slower (it is the heavier).
        assert!(
            torso_turned < -0.02 && torso_turned > -speed / 2.0,
            "{label}: the torso turned at {torso_turned} rad/s"
        );
    }
}

#[test]
fn a_body_is_measured_from_where_the_rest_model_last_had_it_up() {
    // The rest model lets Sony's stand_bye_l01 roll 41° onto its FL elbow where the robot
    // keeps three paws down: the simulated body, still up, is measured from the rest model's
    // last attitude before it fell, not from the fallen one.
    let rig = rig(&posture("DRX-900", "stand")).expect("model");
    let parts = rig.parts();
    let bit = |part: crate::robot::floor::Part| {
        1u32 << parts.iter().position(|&p| p == part).expect("part")
    };
    let paws = Leg::ALL.iter().fold(0, |bits, &leg| {
        bits | bit(crate::robot::floor::Part::Paw(leg))
    });
    let rolled = |deg: f32| [0.0, deg.to_radians().sin(), deg.to_radians().cos()];
    let rest = |up: [f32; 3], contacts: u32| crate::robot::floor::Rest {
        up,
        contacts,
        ..Default::default()
    };
    let elbow = bit(crate::robot::floor::Part::Knee(Leg::LeftFront));
    let three = paws & !bit(crate::robot::floor::Part::Paw(Leg::RightHind));
    let rests = [
        rest(rolled(0.0), paws),
        rest(rolled(-2.0), three),
        // Rolling over its paws on the way to the elbow is the topple already.
        rest(rolled(-35.0), three),
        rest(
            rolled(-41.0),
            elbow | bit(crate::robot::floor::Part::Paw(Leg::LeftHind)),
        ),
        rest(rolled(-46.0), elbow),
        rest(rolled(0.0), paws),
        // Rolled as far on its paws, and back, lying on nothing else: no topple.
        rest(rolled(-25.0), paws),
        rest(rolled(0.0), paws),
    ];
    assert_eq!(judge::references(&parts, &rests), [0, 1, 1, 1, 1, 5, 6, 7]);
    // Toppled from the first tick: there is nothing before it.
    assert_eq!(judge::references(&parts, &rests[2..5]), [0, 1, 2]);
}

#[test]
fn a_problem_in_the_hold_after_the_motion_is_at_its_end_and_says_how_long_after() {
    // Five plays of a 1,000 ms motion: a slip 96 ms into the hold after the last play (the
    // robot holds its last command 512 ms) is at the motion's end on the timeline, said
    // "96 ms after the motion's end"; one within a play keeps its time.
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 1000, |_, _| {});
    let end = crate::robot::timing::duration_ms(&motion.keyframes);
    let cycle_ticks = crate::robot::timing::tick_count(&motion.keyframes);
    let event = |time_ms: u64| {
        Event::new(
            time_ms,
            "the FL paw slips 6 mm while carrying weight".to_owned(),
        )
    };
    let sim = Simulation {
        settings: Settings {
            repeat: 5,
            ..Settings::default()
        },
        ticks: Vec::new(),
        parts: Vec::new(),
        cycle_ticks,
        summary: Summary {
            slips: vec![
                event(cycle_ticks * 8 + 200),
                event(4 * cycle_ticks * 8 + end + 96),
            ],
            ..Summary::default()
        },
    };
    let offsets = crate::codec::mtn::offsets(&motion).expect("offsets");
    let said: Vec<(String, Option<u64>)> = simulated_problems(&motion, &offsets, &sim)
        .into_iter()
        .map(|p| (p.message, p.time_ms))
        .collect();
    assert_eq!(
        said,
        [
            (
                "simulated: in play 2, at 200 ms the FL paw slips 6 mm while carrying weight"
                    .to_owned(),
                Some(200)
            ),
            (
                "simulated: in play 5, 96 ms after the motion's end the FL paw slips 6 mm \
                 while carrying weight"
                    .to_owned(),
                Some(end)
            ),
        ]
    );
}

#[test]
fn a_cancelled_simulation_stops_and_says_so() {
    let mut motion = posture(ERS7, "stand");
    then(&mut motion, 4000, |_, _| {});
    let mut asked = 0;
    let answer = simulate(&motion, Settings::default(), &mut |_| {
        asked += 1;
        asked < 3
    });
    assert_eq!(answer, Err(SimulateError::Cancelled));
    assert_eq!(asked, 3);
}

#[test]
fn a_motion_of_no_known_model_is_refused() {
    let mut motion = posture(ERS7, "stand");
    motion.design = "DRX-0".into();
    assert!(matches!(
        simulate(&motion, Settings::default(), &mut |_| true),
        Err(SimulateError::NoModel(_))
    ));
    let _ = Model::Ers7;
}

#[test]
fn ending_on_its_rump_where_the_last_pose_stands_is_said_as_a_fall() {
    // The judge's reading of the end: the stand's last pose rests on its four paws; a body
    // that ends sat back 35° on its rump has fallen there, one that ends as the pose rests
    // has not.
    let motion = posture(ERS7, "stand");
    let rig = rig(&motion).expect("a rig");
    let rests = crate::robot::floor::rest_ticks(&rig, &motion);
    let parts = rig.parts();
    let cycle = rests.len() as u64;
    let judged = |last: Tick| {
        let played = judge::Played {
            cycle,
            total: cycle,
            names: Vec::new(),
            reach: Vec::new(),
        };
        judge::Judge::new(&rig, rests.clone(), played).finish(&[last])
    };
    let bits = |names: &[&str]| {
        parts
            .iter()
            .enumerate()
            .filter(|(_, p)| names.contains(&p.name().as_str()))
            .fold(0u32, |b, (i, _)| b | 1 << i)
    };
    let tick = |touching: u32, pitch_deg: f32| Tick {
        time_ms: cycle * 8,
        position_mm: [0.0; 2],
        height_mm: 100.0,
        heading_deg: 0.0,
        roll_deg: 0.0,
        pitch_deg,
        touching,
        slip_mm_s: [0.0; 4],
        lag_deg: Vec::new(),
    };
    let sat = judged(tick(
        bits(&["BL paw", "BR paw", "rear left", "rear right"]),
        35.0,
    ));
    assert_eq!(sat.falls.len(), 1, "{:?}", sat.falls);
    assert!(
        sat.falls[0]
            .what
            .starts_with("ends lying on its rump, where its last pose rests on FL paw"),
        "{:?}",
        sat.falls
    );
    let stood = judged(tick(bits(&["FL paw", "BL paw", "FR paw", "BR paw"]), -1.5));
    assert!(stood.falls.is_empty(), "{:?}", stood.falls);
}
