use super::*;
use crate::robot::postures::new_motion;

fn stand() -> Motion {
    new_motion("DRX-1000", "stand").unwrap_or_else(|e| panic!("{e}"))
}

fn ticks(motion: &Motion) -> Vec<Rest> {
    let rig = floor::rig(motion).unwrap_or_else(|| unreachable!());
    floor::rest_ticks(&rig, motion)
}

fn site(motion: &Motion, time_ms: u64) -> Site {
    Site::at(motion, time_ms, &ticks(motion)).unwrap_or_else(|e| panic!("{e}"))
}

fn index(leg: Leg) -> usize {
    Leg::ALL.iter().position(|&l| l == leg).unwrap_or(0)
}

fn lift(leg: Leg, mm: f64) -> Goals {
    let mut goals = Goals {
        balance_mm: Some(15.0),
        ..Goals::default()
    };
    goals.paws[index(leg)] = Some(PawGoal::Lift(mm));
    goals
}

fn placed_or_panic(motion: &Motion, time_ms: u64, goals: &Goals) -> (Motion, Vec<String>) {
    place_at(motion, time_ms, goals).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn each_paw_lifted_from_the_stand_with_balance_stands_on_the_other_three() {
    for leg in Leg::ALL {
        // The stand's two keyframes both posed: the motion holds the lift.
        let (once, _) = placed_or_panic(&stand(), 0, &lift(leg, 60.0));
        let (held, notes) = placed_or_panic(&once, 1008, &lift(leg, 60.0));
        assert_eq!(held.keyframes.len(), 2, "{leg:?}: no keyframe inserted");
        let rig = floor::rig(&held).unwrap_or_else(|| unreachable!());
        let parts = rig.parts();
        let rests = ticks(&held);
        for (tick, rest) in rests.iter().enumerate() {
            let on: Vec<_> = (0..parts.len())
                .filter(|&i| rest.touches(i))
                .map(|i| parts[i])
                .collect();
            assert!(
                on.len() == 3 && on.iter().all(|p| p.is_paw() && p != &floor::Part::Paw(leg)),
                "{leg:?} at tick {tick}: on {on:?}"
            );
            assert!(
                rest.margin_mm >= 14.9,
                "{leg:?} at tick {tick}: {}",
                rest.margin_mm
            );
        }
        let problems = floor_problems(&rig, &held, &rests, &Offsets::default());
        assert!(problems.is_empty(), "{leg:?}: {problems:?}");
        assert!(
            notes.iter().all(|n| !n.starts_with("the floor now says")),
            "{notes:?}"
        );
        // The paw is 60 mm up where `stage --json` measures it.
        let up = site(&held, 0).paws()[index(leg)][2];
        assert!(
            (up - rig.paw_radius_mm() - 60.0).abs() < 0.2,
            "{leg:?}: paw at {up:.2} mm"
        );
        // Without balance the same lift tips the stand (a front paw's; a hind paw's stands).
        let mut loose = lift(leg, 60.0);
        loose.balance_mm = None;
        let solved = site(&stand(), 0).solve(&loose);
        assert_eq!(
            solved.margin_mm < 15.0,
            leg.is_front(),
            "{leg:?}: {}",
            solved.margin_mm
        );
    }
}

#[test]
fn a_paw_posed_between_keyframes_inserts_one_on_the_16_ms_frame_and_says_so() {
    let motion = stand();
    let (placed, notes) = placed_or_panic(&motion, 500, &lift(Leg::LeftFront, 30.0));
    assert_eq!(placed.keyframes.len(), 3);
    assert!(
        notes.iter().any(|n| n == "inserted keyframe 1 at 496 ms"),
        "{notes:?}"
    );
    assert!(notes.iter().any(|n| n.contains("FL_LEG_KNEE")), "{notes:?}");
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("the body moved") && n.contains("mm back")),
        "{notes:?}"
    );
    // The times of the others are kept.
    let times = keyframe_times_ms(&placed.keyframes);
    assert_eq!(times, vec![0, 496, 1008]);
    // The body angles are those the floor rests the new pose in (yaw kept).
    let s = site(&motion, 496);
    let solved = s.solve(&lift(Leg::LeftFront, 30.0));
    let body = s.rig.pose(&solved.placed.values);
    let rest = Rest::of(&settle(&body, s.up, None), &body);
    assert_eq!(placed.keyframes.body()[1][1], deg_to_urad(rest.pitch_deg()));
}

#[test]
fn a_paw_out_of_reach_is_refused_saying_by_how_much() {
    let motion = stand();
    let mut goals = Goals::default();
    goals.paws[index(Leg::RightFront)] = Some(PawGoal::At([400.0, -60.0, 20.0]));
    let Err(PlaceError::Unreached(misses)) = place_at(&motion, 0, &goals) else {
        panic!("placed out of reach");
    };
    assert!(
        misses
            .iter()
            .any(|m| m.starts_with("the FR paw stops") && m.contains("mm short")),
        "{misses:?}"
    );
}

#[test]
fn the_body_lowered_and_turned_keeps_the_paws_where_they_were() {
    let site = site(&stand(), 0);
    let height = site.frame.height_mm();
    let goals = Goals {
        body: BodyGoal {
            height_mm: Some(height - 12.0),
            roll_deg: Some(4.0),
            yaw_deg: Some(-5.0),
            ..BodyGoal::default()
        },
        ..Goals::default()
    };
    let solved = site.solve(&goals);
    assert!(site.misses(&goals, &solved).is_empty());
    let moved = site.frame.moved(&solved.body);
    let angles = moved.angles();
    assert!((angles[0] - 4.0).abs() < 1e-6, "{angles:?}");
    assert!((angles[2] + 5.0).abs() < 1e-6, "{angles:?}");
    assert!((moved.height_mm() - (height - 12.0)).abs() < 1e-9);
    let planted = paws(&site.rig, &solved.placed.values, &moved);
    for (a, b) in site.paws().iter().zip(planted) {
        let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
        assert!(d < 0.5, "{a:?} -> {b:?}");
    }
}

#[test]
fn balance_off_reports_the_margin_it_leaves() {
    let site = site(&stand(), 0);
    let mut goals = lift(Leg::LeftFront, 60.0);
    goals.balance_mm = None;
    let loose = site.solve(&goals);
    goals.balance_mm = Some(15.0);
    let kept = site.solve(&goals);
    assert!(loose.margin_mm < 15.0, "{}", loose.margin_mm);
    assert!(kept.margin_mm >= 14.9, "{}", kept.margin_mm);
    assert!(kept.balanced);
}

#[test]
fn a_paw_lifted_between_keyframes_has_the_weight_shifted_first_and_stands_on_three() {
    let motion = stand();
    for leg in Leg::ALL {
        let goals = Goals {
            weight_first: true,
            ..lift(leg, 40.0)
        };
        let (placed, notes) = placed_or_panic(&motion, 500, &goals);
        // A front paw needs the body moved back over the hind paws; a hind paw's lift needs
        // no shift, and nothing is added for it.
        let shifted = notes
            .iter()
            .any(|n| n.starts_with("shifted the weight first"));
        assert_eq!(shifted, leg.is_front(), "{leg:?}: {notes:?}");
        let times = keyframe_times_ms(&placed.keyframes);
        let at = times
            .iter()
            .position(|&t| t == 496)
            .unwrap_or_else(|| panic!("{times:?}"));
        assert_eq!(
            times.len(),
            if shifted { 5 } else { 3 },
            "{leg:?}: {times:?}"
        );
        // At the pose, the floor (played from the stand, tick after tick) has the robot on
        // the other three paws, the lifted one up.
        let rig = floor::rig(&placed).unwrap_or_else(|| unreachable!());
        let rests = ticks(&placed);
        let parts = rig.parts();
        let on: Vec<_> = (0..parts.len())
            .filter(|&i| rests[62].touches(i))
            .map(|i| parts[i])
            .collect();
        assert!(
            on.len() == 3 && on.iter().all(|p| p.is_paw() && p != &floor::Part::Paw(leg)),
            "{leg:?} at 496 ms (keyframe {at}): on {on:?}"
        );
        let problems = floor_problems(&rig, &placed, &rests, &Offsets::default());
        assert!(problems.is_empty(), "{leg:?}: {problems:?}");
    }
}

#[test]
fn the_weight_shift_makes_no_speed_problem_of_its_own() {
    // The FR paw lifted at 256 ms from the stand (an animator's review: the shift went at
    // 128 ms, and FR_LEG_KNEE then had to move about 92 degrees in 128 ms): the shift is
    // placed, and the way in lengthened, so that no joint is too fast for its servo, and
    // that is said.
    let motion = stand();
    let goals = Goals {
        weight_first: true,
        ..lift(Leg::RightFront, 60.0)
    };
    let (placed, notes) = placed_or_panic(&motion, 256, &goals);
    let said = notes.join("; ");
    assert!(said.contains("lengthened by"), "{said}");
    let speed = crate::robot::check::safety_problems(&placed, &Offsets::default());
    let warned: Vec<_> = speed
        .iter()
        .filter(|p| p.severity > crate::codec::Severity::Info)
        .collect();
    assert!(warned.is_empty(), "{warned:?}");
}

#[test]
fn a_paw_lifted_on_the_first_keyframe_says_the_shift_comes_only_after_it() {
    // The stand's first keyframe: nothing before it to shift the weight in, so the only
    // shift keyframe is after the pose, and the words must not call it "first".
    let motion = stand();
    let goals = Goals {
        weight_first: true,
        ..lift(Leg::LeftFront, 40.0)
    };
    let (placed, notes) = placed_or_panic(&motion, 0, &goals);
    let note = notes
        .iter()
        .find(|n| n.contains("weight"))
        .unwrap_or_else(|| panic!("no word of the weight: {notes:?}"));
    assert!(
        note.starts_with("the motion starts with the paw up") && !note.contains("first"),
        "{note}"
    );
    let times = keyframe_times_ms(&placed.keyframes);
    let at = times.get(1).copied().unwrap_or_default();
    assert!(
        note.contains(&format!("at {at} ms, once the paw is down again")),
        "{note}: {times:?}"
    );
}
