//! Shaping checked against the robot's own replay, on every motion of the corpus: a shaped
//! range replays within the tolerance of the exact curve at every 8 ms tick, with its end
//! values exact, everything outside it unchanged, and no more keyframes than uniform
//! sampling needs; simplify keeps every tick within the tolerance and never adds keyframes;
//! fix-speed leaves no segment too fast, changes only those that were, each to the shortest
//! length that works.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::mtn::{self, Keyframe, Motion};
use mtn_studio::ops::shape::curve::{hermite, monotone_tangents};
use mtn_studio::ops::shape::{Curve, ShapeSpec, fix_speed, shape, simplify};
use mtn_studio::robot::timing::{self, FRAME_MS, TICK_MS};

const TOLERANCE_DEG: f64 = 0.5;

fn tolerance_urad() -> f64 {
    TOLERANCE_DEG.to_radians() * 1e6
}

/// Every command the robot plays, one row per tick.
fn ticks(motion: &Motion) -> Vec<Vec<i32>> {
    let mut rows = Vec::new();
    timing::for_each_tick(&motion.keyframes, |_, values| rows.push(values.to_vec()));
    rows
}

/// The corpus motions with three keyframes or more, decoded.
fn corpus(test: &str) -> Vec<(String, Motion)> {
    if !common::corpus_present(test) {
        return Vec::new();
    }
    let motions: Vec<(String, Motion)> = common::corpus_motions()
        .into_iter()
        .map(|m| (m.label, mtn::decode(&m.bytes).unwrap().motion))
        .filter(|(_, m)| m.keyframes.len() >= 3)
        .collect();
    assert!(motions.len() >= 20, "only {} corpus motions", motions.len());
    motions
}

/// The exact eased value at `t` (0..=1) from `a` to `b`, by the formulas.
fn eased(curve: Curve, a: f64, b: f64, t: f64) -> f64 {
    let f = match curve {
        Curve::EaseIn => t * t,
        Curve::EaseOut => 1.0 - (1.0 - t) * (1.0 - t),
        Curve::EaseInOut => 3.0 * t * t - 2.0 * t * t * t,
        other @ (Curve::Spline | Curve::Custom(_)) => panic!("{other:?} is not an ease"),
    };
    a + (b - a) * f
}

/// The keyframes uniform sampling needs inside `first..=last` (the fewest over every
/// spacing that replays within the tolerance of `exact(tick)`).
fn uniform_need(
    motion: &Motion,
    first: usize,
    last: usize,
    exact: &dyn Fn(u64, usize) -> f64,
) -> usize {
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let frames = (times[last] - times[first]) / FRAME_MS;
    let all = motion.keyframes.to_vec();
    let joints = motion.keyframes.joint_count();
    // From the widest spacing down: the first that works needs the fewest keyframes.
    for spacing in (1..=frames.min(600)).rev() {
        let mut keyframes: Vec<Keyframe> = all[..=first].to_vec();
        let mut at = 0;
        while at < frames {
            let next = (at + spacing).min(frames);
            let mut keyframe = all[last].clone();
            keyframe.frames = u32::try_from(next - at - 1).unwrap();
            if next < frames {
                let tick = next * 2;
                keyframe.angles_urad = (0..joints).map(|j| exact(tick, j).round() as i32).collect();
            }
            keyframes.push(keyframe);
            at = next;
        }
        keyframes.extend_from_slice(&all[last + 1..]);
        let mut sampled = motion.clone();
        sampled.keyframes =
            mtn::Keyframes::from_vec(joints, &keyframes).expect("rows of the motion's joints");
        let start = times[first] / TICK_MS;
        let replay = ticks(&sampled);
        let fits = (0..frames * 2).all(|i| {
            (0..joints).all(|j| {
                let row = &replay[usize::try_from(start + i).unwrap()];
                (f64::from(row[j]) - exact(i, j)).abs() <= tolerance_urad()
            })
        });
        if fits {
            return keyframes.len() - (all.len() - (last - first - 1));
        }
    }
    usize::MAX
}

#[test]
fn a_shaped_range_replays_within_the_tolerance_of_the_exact_curve() {
    for (label, motion) in corpus("a_shaped_range_replays_within_the_tolerance_of_the_exact_curve")
    {
        let len = motion.keyframes.len();
        let (first, last) = if len >= 4 { (1, len - 2) } else { (0, len - 1) };
        let times = timing::keyframe_times_ms(&motion.keyframes);
        let before = ticks(&motion);
        let start = times[first] / TICK_MS;
        let span_ticks = (times[last] - times[first]) / TICK_MS;
        for curve in [Curve::EaseIn, Curve::EaseOut, Curve::EaseInOut] {
            let spec = ShapeSpec {
                curve,
                joints: None,
                tolerance_deg: TOLERANCE_DEG,
                each_segment: false,
            };
            let out = shape(&motion, first, last, &spec)
                .unwrap_or_else(|e| panic!("{label}: {e}"))
                .motion;
            let value = |k: usize, j: usize| f64::from(motion.keyframes.angle(k, j).unwrap());
            #[expect(clippy::cast_precision_loss, reason = "small tick counts")]
            let exact = |tick: u64, j: usize| {
                eased(
                    curve,
                    value(first, j),
                    value(last, j),
                    tick as f64 / span_ticks as f64,
                )
            };
            // Outside the range: the same keyframes, byte for byte, and the same ticks.
            let (old, new) = (motion.keyframes.to_vec(), out.keyframes.to_vec());
            let tail = len - last - 1;
            assert_eq!(old[..=first], new[..=first], "{label}: before the range");
            assert_eq!(
                old[last + 1..],
                new[new.len() - tail..],
                "{label}: after the range"
            );
            let end = &new[new.len() - tail - 1];
            assert_eq!(
                (&end.angles_urad, end.body_urad),
                (&old[last].angles_urad, old[last].body_urad),
                "{label}: the range's end values"
            );
            let after = ticks(&out);
            assert_eq!(after.len(), before.len(), "{label}: the length");
            let start_i = usize::try_from(start).unwrap();
            let end_i = start_i + usize::try_from(span_ticks).unwrap();
            assert_eq!(before[..start_i], after[..start_i], "{label}: ticks before");
            assert_eq!(before[end_i..], after[end_i..], "{label}: ticks after");
            // Inside: every tick within the tolerance of the exact curve.
            for i in 0..span_ticks {
                let row = &after[start_i + usize::try_from(i).unwrap()];
                for (j, &got) in row.iter().enumerate() {
                    let error = (f64::from(got) - exact(i, j)).abs();
                    assert!(
                        error <= tolerance_urad(),
                        "{label} {curve:?}: tick {i} joint {j} is {error} µrad off"
                    );
                }
            }
            if curve == Curve::EaseInOut {
                let made = new.len() - (len - (last - first - 1));
                let uniform = uniform_need(&motion, first, last, &exact);
                assert!(
                    made <= uniform,
                    "{label}: {made} keyframes, uniform needs {uniform}"
                );
            }
        }
    }
}

#[test]
fn a_spline_passes_its_keyframes_and_never_overshoots_them() {
    for (label, motion) in corpus("a_spline_passes_its_keyframes_and_never_overshoots_them") {
        let last = motion.keyframes.len() - 1;
        let spec = ShapeSpec {
            curve: Curve::Spline,
            joints: None,
            tolerance_deg: TOLERANCE_DEG,
            each_segment: false,
        };
        let outcome = shape(&motion, 0, last, &spec).unwrap_or_else(|e| panic!("{label}: {e}"));
        let out = outcome.motion;
        let times = timing::keyframe_times_ms(&motion.keyframes);
        let replay = ticks(&out);
        // Where a spline bends within 16 ms, the frames cannot follow it: there, and only
        // there, a tick between two keyframes one frame apart may be further off (and the
        // outcome says so).
        let new_times = timing::keyframe_times_ms(&out.keyframes);
        let between_adjacent_keyframes = |tick: usize| {
            let t = tick as u64 * TICK_MS;
            let k = new_times.partition_point(|&x| x <= t);
            !t.is_multiple_of(FRAME_MS)
                && k < new_times.len()
                && new_times[k] - new_times[k - 1] == FRAME_MS
        };
        let mut beyond = false;
        let joints = motion.keyframes.joint_count();
        for j in 0..joints {
            let xs: Vec<f64> = times.iter().map(|&t| t as f64).collect();
            let ys: Vec<f64> = (0..=last)
                .map(|k| f64::from(motion.keyframes.angle(k, j).unwrap()))
                .collect();
            let slopes = monotone_tangents(&xs, &ys);
            for (tick, row) in replay.iter().enumerate() {
                let t = (tick as u64 * TICK_MS) as f64;
                let k = times.partition_point(|&x| x as f64 <= t).clamp(1, last);
                let (lo, hi) = (ys[k - 1].min(ys[k]), ys[k - 1].max(ys[k]));
                let got = f64::from(row[j]);
                // No overshoot past the span's keyframes, wherever the tick is.
                assert!(
                    got >= lo - tolerance_urad() && got <= hi + tolerance_urad(),
                    "{label}: joint {j} at tick {tick} overshoots {lo}..{hi}: {got}"
                );
                let error = (got - hermite(&xs, &ys, &slopes, t)).abs();
                if error > tolerance_urad() {
                    beyond = true;
                    assert!(
                        between_adjacent_keyframes(tick),
                        "{label}: joint {j} tick {tick} is {error} µrad off"
                    );
                }
            }
        }
        let said = outcome
            .notes
            .iter()
            .any(|n| n.contains("faster than the robot's 16 ms"));
        assert_eq!(beyond, said, "{label}: {:?}", outcome.notes);
    }
}

#[test]
fn simplify_keeps_every_tick_within_the_tolerance_and_never_adds_keyframes() {
    for (label, motion) in corpus("simplify_keeps_every_tick_within_the_tolerance") {
        let before = ticks(&motion);
        for tolerance in [0.1, TOLERANCE_DEG, 2.0] {
            let out = simplify(&motion, None, tolerance)
                .unwrap_or_else(|e| panic!("{label}: {e}"))
                .motion;
            assert!(out.keyframes.len() <= motion.keyframes.len(), "{label}");
            let after = ticks(&out);
            assert_eq!(after.len(), before.len(), "{label}: the length");
            let limit = tolerance.to_radians() * 1e6;
            for (i, (a, b)) in before.iter().zip(&after).enumerate() {
                for (j, (&x, &y)) in a.iter().zip(b).enumerate() {
                    let error = f64::from((x - y).abs());
                    assert!(
                        error <= limit,
                        "{label} at {tolerance}°: tick {i} joint {j}"
                    );
                }
            }
        }
    }
}

/// `motion` with a keyframe on every 16 ms frame, holding what the robot commands there (its
/// body angles on the line between the keyframes around it): a recording of it.
fn recorded(motion: &Motion) -> Motion {
    let keyframes = &motion.keyframes;
    let joints = keyframes.joint_count();
    let mut rows: Vec<Keyframe> = vec![keyframes.to_vec()[0].clone()];
    for k in 1..keyframes.len() {
        let frames = keyframes.frames()[k];
        let (from, to) = (keyframes.body()[k - 1], keyframes.body()[k]);
        for f in 1..=frames + 1 {
            let fraction = f64::from(f) / f64::from(frames + 1);
            let angles = (0..joints)
                .map(|j| {
                    let (v0, v1) = (
                        keyframes.angle(k - 1, j).unwrap(),
                        keyframes.angle(k, j).unwrap(),
                    );
                    if f == frames + 1 {
                        v1
                    } else {
                        timing::tick_value(v0, timing::step_urad(v0, v1, frames), u64::from(f) * 2)
                    }
                })
                .collect();
            let body = std::array::from_fn(|a| {
                (f64::from(from[a]) + fraction * f64::from(to[a] - from[a])).round() as i32
            });
            rows.push(Keyframe {
                frames: 0,
                body_urad: body,
                angles_urad: angles,
            });
        }
    }
    let mut out = motion.clone();
    out.keyframes = mtn::Keyframes::from_vec(joints, &rows).unwrap();
    out
}

#[test]
fn simplify_takes_a_recording_back_to_no_more_keyframes_than_it_was_made_from() {
    for (label, motion) in corpus("simplify_takes_a_recording_back") {
        let dense = recorded(&motion);
        assert_eq!(
            timing::duration_ms(&dense.keyframes),
            timing::duration_ms(&motion.keyframes),
            "{label}"
        );
        let out = simplify(&dense, None, TOLERANCE_DEG).unwrap().motion;
        assert!(
            out.keyframes.len() <= motion.keyframes.len(),
            "{label}: {} keyframes recorded, {} kept, {} in the original",
            dense.keyframes.len(),
            out.keyframes.len(),
            motion.keyframes.len()
        );
    }
}

/// Whether the segment into keyframe `k` of `motion`, at `frames`, is too fast: the speed
/// check on that segment alone (followed by a still keyframe where it is not the last, so
/// its step onto the next keyframe counts).
fn too_fast(motion: &Motion, k: usize, frames: u32) -> bool {
    let rows = motion.keyframes.to_vec();
    let mut part = vec![rows[k - 1].clone(), rows[k].clone()];
    part[1].frames = frames;
    if k + 1 < rows.len() {
        let mut still = rows[k].clone();
        still.frames = 1_000;
        part.push(still);
    }
    let mut piece = motion.clone();
    piece.keyframes = mtn::Keyframes::from_vec(motion.keyframes.joint_count(), &part).unwrap();
    speed_problems(&piece) > 0
}

fn speed_problems(motion: &Motion) -> usize {
    let offsets = mtn::offsets(motion).unwrap();
    mtn_studio::robot::check::problems(motion, &offsets, &[])
        .iter()
        .filter(|p| p.code == mtn_studio::robot::codes::JOINT_SPEED)
        .count()
}

#[test]
fn fix_speed_lengthens_only_the_too_fast_segments_each_to_the_shortest_that_works() {
    let mut fixed_any = 0;
    for (label, motion) in corpus("fix_speed_lengthens_only_the_too_fast_segments") {
        if mtn_studio::robot::parse_design(&motion.design).is_none() {
            continue;
        }
        // Each segment squeezed to a third of its frames: most motions are too fast then.
        let mut fast = motion.clone();
        for k in 1..fast.keyframes.len() {
            fast.keyframes
                .set_frames(k, motion.keyframes.frames()[k] / 3);
        }
        let out = fix_speed(&fast, None)
            .unwrap_or_else(|e| panic!("{label}: {e}"))
            .motion;
        assert_eq!(speed_problems(&out), 0, "{label}: still too fast");
        assert_eq!(
            out.keyframes.angles(),
            fast.keyframes.angles(),
            "{label}: values"
        );
        assert_eq!(out.keyframes.body(), fast.keyframes.body(), "{label}: body");
        for (k, (&old, &new)) in fast
            .keyframes
            .frames()
            .iter()
            .zip(out.keyframes.frames())
            .enumerate()
            .skip(1)
        {
            let was_too_fast = too_fast(&fast, k, old);
            if new == old {
                assert!(!was_too_fast, "{label}: keyframe {k} was too fast and kept");
                continue;
            }
            fixed_any += 1;
            assert!(
                was_too_fast,
                "{label}: keyframe {k} changed but was not too fast"
            );
            assert!(new > old, "{label}: keyframe {k} shortened");
            assert!(
                !too_fast(&fast, k, new),
                "{label}: keyframe {k} still too fast"
            );
            assert!(
                new - 1 == old || too_fast(&fast, k, new - 1),
                "{label}: keyframe {k} at {new} frames; {} would do",
                new - 1
            );
        }
    }
    if common::corpus_present("fix_speed (count)") {
        assert!(
            fixed_any > 50,
            "only {fixed_any} segments were too fast to fix"
        );
    }
}
