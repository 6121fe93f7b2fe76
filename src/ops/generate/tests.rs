use super::*;
use crate::codec::Severity;
use crate::ops::generate::{Gait, LEG_JOINTS, Walk};
use crate::robot::postures::new_motion;
use crate::robot::timing::for_each_tick;

fn stand() -> Motion {
    new_motion("DRX-1000", "stand").expect("the ERS-7's stand")
}

fn column(motion: &Motion, name: &str) -> usize {
    let names = joint_names(motion, Model::Ers7).expect("ERS-7 joints");
    names.iter().position(|&n| n == name).expect("the joint")
}

/// The joint's command at every 8 ms tick, degrees.
fn ticks_deg(motion: &Motion, joint: usize) -> Vec<f64> {
    let mut out = Vec::new();
    for_each_tick(&motion.keyframes, |_, values| {
        out.push(f64::from(values[joint]).to_degrees() / 1e6);
    });
    out
}

/// The frequency (Hz, 0.01 Hz steps up to 10) with the most power in `values` at 125 Hz.
fn strongest_hz(values: &[f64]) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let power = |hz: f64| {
        let (mut re, mut im) = (0.0, 0.0);
        for (i, v) in values.iter().enumerate() {
            let phase = std::f64::consts::TAU * hz * i as f64 * 0.008;
            re += (v - mean) * phase.cos();
            im += (v - mean) * phase.sin();
        }
        re * re + im * im
    };
    (5..=1000)
        .map(|i| f64::from(i) / 100.0)
        .max_by(|a, b| power(*a).total_cmp(&power(*b)))
        .expect("frequencies")
}

/// The warnings and errors `check` finds (notes left out).
fn warnings(motion: &Motion) -> Vec<String> {
    let offsets = crate::codec::mtn::offsets(motion).expect("offsets");
    crate::robot::check::check_motion(motion, &offsets)
        .into_iter()
        .filter(|p| p.severity >= Severity::Warning)
        .map(|p| p.message)
        .collect()
}

fn wag(gesture: Gesture, hz: f64, amplitude_deg: f64, count: Option<u32>) -> Generator {
    Generator::Oscillate(Oscillation {
        gesture,
        frequency_hz: hz,
        amplitude_deg,
        count,
        ease_ms: 160,
    })
}

#[test]
fn a_tail_wag_swings_at_the_asked_frequency_and_leaves_every_other_joint_alone() {
    let motion = stand();
    let out = generate(
        &motion,
        None,
        &wag(Gesture::WagSide, 2.0, 25.0, Some(6)),
        0.5,
    )
    .expect("a wag");
    // Six wags at 2 Hz: 3 s from the start; the 1008 ms stand was lengthened.
    assert_eq!(timing::duration_ms(&out.motion.keyframes), 3008);
    assert!(out.notes.iter().any(|n| n.contains("now lasts 3008 ms")));
    let tail = column(&motion, "TAIL_HORZ");
    let hz = strongest_hz(&ticks_deg(&out.motion, tail));
    assert!((hz - 2.0).abs() <= 0.1, "strongest at {hz} Hz");
    let peak = ticks_deg(&out.motion, tail)
        .iter()
        .fold(0.0f64, |m, v| m.max(v.abs()));
    assert!((24.0..=25.6).contains(&peak), "swings ±{peak}°");
    for joint in (0..motion.keyframes.joint_count()).filter(|&j| j != tail) {
        let before = ticks_deg(&motion, joint);
        let after = ticks_deg(&out.motion, joint);
        assert!(
            after.iter().all(|v| (v - before[0]).abs() < 1e-3),
            "joint {joint} moved"
        );
    }
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

#[test]
fn a_wag_over_a_wag_replaces_it_rather_than_adding_to_it() {
    // The review: a second wag over the first swung twice as far.
    let first = generate(
        &stand(),
        None,
        &wag(Gesture::WagSide, 2.0, 25.0, Some(6)),
        0.5,
    )
    .expect("a wag");
    let again = generate(
        &first.motion,
        None,
        &wag(Gesture::WagSide, 2.0, 25.0, None),
        0.5,
    )
    .expect("a wag over it");
    let tail = column(&first.motion, "TAIL_HORZ");
    let peak = |motion: &Motion| {
        ticks_deg(motion, tail)
            .iter()
            .fold(0.0f64, |m, v| m.max(v.abs()))
    };
    let (once, twice) = (peak(&first.motion), peak(&again.motion));
    assert!(twice <= once + 0.5, "once ±{once}°, over it ±{twice}°");
    let hz = strongest_hz(&ticks_deg(&again.motion, tail));
    assert!((hz - 2.0).abs() <= 0.1, "strongest at {hz} Hz");
}

#[test]
fn a_wag_faster_than_the_servo_is_slowed_and_says_so_and_checks_clean() {
    let out =
        generate(&stand(), None, &wag(Gesture::Shake, 8.0, 60.0, None), 0.5).expect("a shake");
    let lowered = out
        .notes
        .iter()
        .find(|n| n.contains("lowered to"))
        .expect("a note that the frequency was lowered");
    assert!(lowered.contains("HEAD_YAW"), "{lowered}");
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

#[test]
fn an_up_and_down_wag_from_the_tails_lower_limit_swings_inside_its_range() {
    // The stand holds the tail at 5°, its lowest: a ±20° swing moves its middle up.
    let out = generate(
        &stand(),
        None,
        &wag(Gesture::WagUpDown, 1.5, 20.0, Some(3)),
        0.5,
    )
    .expect("a wag");
    let tail = ticks_deg(&out.motion, column(&out.motion, "TAIL_VERT"));
    let (low, high) = tail
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
    assert!(low >= 4.99 && high <= 60.0, "{low}..{high}");
    assert!(high - low > 30.0, "it swings: {low}..{high}");
    assert!(out.notes.iter().any(|n| n.contains("middle moved in")));
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

#[test]
fn what_the_model_or_the_parameters_cannot_do_is_refused_with_the_reason() {
    let tilt = generate(&stand(), None, &wag(Gesture::Tilt, 1.0, 10.0, None), 0.5);
    assert!(
        matches!(&tilt, Err(OpError::NotOnModel { joint, .. }) if joint == "HEAD_ROLL"),
        "{tilt:?}"
    );
    let fast = generate(&stand(), None, &wag(Gesture::Nod, 50.0, 10.0, None), 0.5);
    assert!(
        matches!(fast, Err(OpError::BadParameter { .. })),
        "{fast:?}"
    );
    let ears = Generator::Ears(Ears {
        pattern: EarPattern::Flick,
        beat_ms: 10,
        count: None,
    });
    let short = generate(&stand(), None, &ears, 0.5);
    assert!(
        matches!(&short, Err(e) if e.to_string().contains("the beat")),
        "{short:?}"
    );
    // An ERS-210 motion with its ears' columns (as the spec's DRX-910 example has them).
    let table = &crate::robot::joints::ERS210;
    let locators = table.iter().map(|j| j.locator.to_owned()).collect();
    let mut ers210 = Motion::new("a_stand#stand_ears", "test", "DRX-910", locators);
    for frames in [0, 62] {
        ers210
            .keyframes
            .push(frames, [0; 3], &[0; 20])
            .expect("20 joints");
    }
    let ears = Generator::Ears(Ears {
        pattern: EarPattern::Flick,
        beat_ms: 480,
        count: None,
    });
    let two_state = generate(&ers210, None, &ears, 0.5);
    assert!(
        matches!(&two_state, Err(OpError::TwoStateEars { model }) if model == "ERS-210/220"),
        "{two_state:?}"
    );
}

#[test]
fn ears_are_up_or_down_on_every_frame_in_the_rhythm_asked() {
    let motion = stand();
    let ears = Generator::Ears(Ears {
        pattern: EarPattern::Alternate,
        beat_ms: 400,
        count: Some(3),
    });
    let out = generate(&motion, None, &ears, 0.5).expect("ears");
    let left = ticks_deg(&out.motion, column(&motion, "LEFT_EAR"));
    let right = ticks_deg(&out.motion, column(&motion, "RIGHT_EAR"));
    // On every 16 ms frame each ear is at an end, and in the first half-beat only the left
    // is up, in the second only the right.
    for frame in 0..75 {
        let (l, r) = (left[frame * 2], right[frame * 2]);
        assert!(
            [0.0, 20.0].iter().any(|e| (l - e).abs() < 1e-3),
            "left {l}° at frame {frame}"
        );
        let half = (frame * 16) % 400 < 200;
        if frame % 25 != 0 {
            assert_eq!((l > 10.0, r > 10.0), (half, !half), "frame {frame}");
        }
    }
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

#[test]
fn the_head_looks_at_each_point_in_turn_held_within_its_limits() {
    let motion = stand();
    let look = Generator::Look(LookAround {
        points: vec![[60.0, 10.0], [-120.0, 30.0]],
        move_ms: 96,
        hold_ms: 400,
    });
    let out = generate(&motion, None, &look, 0.5).expect("a look");
    assert!(
        out.notes
            .iter()
            .any(|n| n.contains("held to HEAD_YAW's range"))
    );
    assert!(out.notes.iter().any(|n| n.contains("each move takes")));
    let yaw = ticks_deg(&out.motion, column(&motion, "HEAD_YAW"));
    let nod = ticks_deg(&out.motion, column(&motion, "HEAD_PITCH2"));
    let (reached_first, reached_second) = (
        yaw.iter()
            .zip(&nod)
            .any(|(y, n)| (y - 60.0).abs() < 0.6 && (n - 10.0).abs() < 0.6),
        yaw.iter()
            .zip(&nod)
            .any(|(y, n)| (y + 88.0).abs() < 0.6 && (n - 30.0).abs() < 0.6),
    );
    assert!(reached_first && reached_second, "{yaw:?}");
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

/// A sound of `bursts` (each on for `on` ms, then quiet for `off` ms) of a 440 Hz tone.
fn bursts(count: usize, on: usize, off: usize) -> crate::codec::sound::wave::Wave {
    let rate = 16_000;
    let mut samples = Vec::new();
    for _ in 0..count {
        samples.extend(
            (0..on * 16)
                .map(|i| (i as f32 * 440.0 / rate as f32 * std::f32::consts::TAU).sin() * 0.5),
        );
        samples.extend(std::iter::repeat_n(0.0, off * 16));
    }
    crate::codec::sound::wave::Wave {
        info: crate::codec::sound::wave::WaveInfo {
            format: crate::codec::sound::wave::WaveFormat::Pcm,
            sample_rate: rate,
            channels: 1,
            bits: 16,
            frames: samples.len() as u64,
        },
        samples,
        cut_off_at: None,
    }
}

#[test]
fn the_mouth_opens_with_the_sound_and_before_it_by_the_servos_lead() {
    let motion = stand();
    let mouth = Generator::Mouth(Mouth {
        loudness: mouth::loudness(&bursts(4, 200, 200), 0),
        open_deg: 30.0,
        smoothing_ms: 32,
        lead_ms: None,
    });
    let out = generate(&motion, Some((0, 1008)), &mouth, 0.5).expect("a mouth");
    let lead: u64 = out
        .notes
        .iter()
        .find_map(|n| {
            n.strip_prefix("the mouth moves ")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .expect("the lead in a note");
    assert!((8..=64).contains(&lead), "{lead} ms");
    let values = ticks_deg(&out.motion, column(&motion, "MOUTH"));
    // Open in the middle of the first burst (0-200 ms), shut in the middle of the first
    // silence (200-400 ms), open again in the second burst.
    let at = |ms: usize| values[ms / 8];
    assert!(at(100) < -30.0, "{}", at(100));
    assert!(at(300) > -6.0, "{}", at(300));
    assert!(at(500) < -30.0, "{}", at(500));
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

#[test]
fn a_walk_drives_the_legs_only_and_checks_clean() {
    let motion = stand();
    let out = generate(&motion, None, &Generator::Walk(Walk::default()), 0.5).expect("a walk");
    // Five cycles of 512 ms from the start; the stand lengthened to hold them.
    assert_eq!(timing::duration_ms(&out.motion.keyframes), 2560);
    let names = joint_names(&motion, Model::Ers7).expect("joints");
    for (joint, name) in names.iter().enumerate() {
        let after = ticks_deg(&out.motion, joint);
        let moves = after.iter().any(|v| (v - after[0]).abs() > 1.0);
        assert_eq!(moves, LEG_JOINTS.contains(name), "{name}");
    }
    // It ends where it started: its last keyframe is the stand.
    let last = out.motion.keyframes.len() - 1;
    for (joint, name) in names.iter().enumerate() {
        assert_eq!(
            out.motion.keyframes.angle(last, joint),
            motion.keyframes.angle(0, joint),
            "{name}"
        );
    }
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}

/// Where each paw is, forward of the shoulders' middle (mm, in the body's frame), on average
/// over the ticks of `motion`'s third cycle of `period_ms` (a whole cycle of full strides).
fn mean_paw_x(motion: &Motion, period_ms: u64) -> [f64; 4] {
    use crate::robot::kinematics::{Leg, geometry, leg_points};
    let columns = LEG_JOINTS.map(|name| column(motion, name));
    let ticks: Vec<Vec<f64>> = columns.iter().map(|&c| ticks_deg(motion, c)).collect();
    let per_cycle = usize::try_from(period_ms / timing::TICK_MS).expect("a few ticks");
    let cycle = 2 * per_cycle..3 * per_cycle;
    let shape = geometry(Model::Ers7);
    Leg::ALL
        .iter()
        .enumerate()
        .map(|(index, leg)| {
            let sum: f64 = cycle
                .clone()
                .map(|t| {
                    let [j1, j2, j3] = [0, 1, 2].map(|k| ticks[index * 3 + k][t]);
                    leg_points(&shape, *leg, j1, j2, j3)[2][0]
                })
                .sum();
            #[expect(clippy::cast_precision_loss, reason = "a few ticks")]
            let n = cycle.len() as f64;
            sum / n
        })
        .collect::<Vec<_>>()
        .try_into()
        .expect("four legs")
}

#[test]
fn a_walks_front_and_hind_paws_step_where_they_are_shifted() {
    let walk = Walk::default();
    let shifted = Walk {
        front_mm: 15.0,
        hind_mm: -10.0,
        ..walk.clone()
    };
    let paws = |walk: &Walk| {
        let out = generate(&stand(), None, &Generator::Walk(walk.clone()), 0.5).expect("a walk");
        assert_eq!(warnings(&out.motion), Vec::<String>::new());
        mean_paw_x(&out.motion, walk.period_ms)
    };
    let (before, after) = (paws(&walk), paws(&shifted));
    // Front left, hind left, front right, hind right.
    for (index, want) in [15.0, -10.0, 15.0, -10.0].into_iter().enumerate() {
        let moved = after[index] - before[index];
        assert!(
            (moved - want).abs() < 1.5,
            "leg {index}: {moved:.1} mm, not {want}"
        );
    }
    let too_far = Walk {
        hind_mm: 80.0,
        ..walk
    };
    let refused = generate(&stand(), None, &Generator::Walk(too_far), 0.5);
    assert!(
        matches!(refused, Err(OpError::BadParameter { what, .. }) if what.contains("hind")),
        "{refused:?}"
    );
}

#[test]
fn a_walk_over_a_walk_replaces_it_rather_than_mixing_the_two() {
    let fast = Walk {
        stride_mm: 47.0,
        period_ms: 496,
        ..Walk::default()
    };
    let first = generate(&stand(), None, &Generator::Walk(fast), 0.5).expect("a walk");
    let walk = Generator::Walk(Walk::default());
    let over_a_walk = generate(&first.motion, None, &walk, 0.5).expect("a walk");
    let over_the_stand = generate(&stand(), None, &walk, 0.5).expect("a walk");
    let ticks = usize::try_from(Walk::default().length_ms() / timing::TICK_MS).expect("ticks");
    for name in LEG_JOINTS {
        let (a, b) = (
            ticks_deg(&over_a_walk.motion, column(&over_a_walk.motion, name)),
            ticks_deg(&over_the_stand.motion, column(&over_the_stand.motion, name)),
        );
        let worst = (0..ticks)
            .map(|t| (a[t] - b[t]).abs())
            .fold(0.0f64, f64::max);
        assert!(
            worst < 4.0,
            "{name}: {worst:.1}° from the walk made over the stand"
        );
    }
}

#[test]
fn a_walk_faster_than_the_legs_servos_is_given_longer_cycles_and_says_so() {
    // Even at the pace Sony's own walks take the legs, a 100 mm stride lifted 30 mm is
    // more than a 160 ms cycle allows.
    let quick = Walk {
        period_ms: 160,
        stride_mm: 100.0,
        lift_mm: 30.0,
        ..Walk::default()
    };
    let out = generate(&stand(), None, &Generator::Walk(quick), 0.5).expect("a walk");
    let note = out
        .notes
        .iter()
        .find(|n| n.contains("faster than their servos follow"))
        .expect("a note that the cycle was lengthened");
    assert!(note.contains("each cycle takes"), "{note}");
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
    let crawl = Walk {
        gait: Gait::Crawl,
        duty: 0.5,
        ..Walk::default()
    };
    let out = generate(&stand(), None, &Generator::Walk(crawl), 0.5).expect("a crawl");
    assert!(out.notes.iter().any(|n| n.contains("raised to 0.75")));
}

#[test]
fn a_mouth_loud_to_the_range_end_closes_in_time_and_the_whole_motion_runs_to_the_sound_end() {
    let motion = stand();
    // Loud all through: the mouth must be back at its course by the range's end.
    let loud = mouth::loudness_of(&vec![0.5; 16 * 2400], 16_000, 0);
    let mouth = |loudness| {
        Generator::Mouth(Mouth {
            loudness,
            open_deg: 40.0,
            smoothing_ms: 0,
            lead_ms: None,
        })
    };
    let out = generate(&motion, Some((0, 1008)), &mouth(loud.clone()), 0.5).expect("a mouth");
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
    // Asked for the whole motion, it follows the 2.4 s sound to its end.
    let out = generate(&motion, None, &mouth(loud), 0.5).expect("a mouth");
    assert_eq!(timing::duration_ms(&out.motion.keyframes), 2400);
    assert!(out.notes.iter().any(|n| n.contains("now lasts 2400 ms")));
    assert_eq!(warnings(&out.motion), Vec::<String>::new());
}
