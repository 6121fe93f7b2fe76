//! Simplify on the largest motion the format allows (65,535 keyframes x 20 joints, a frame
//! apart): ours, which checks a joined segment with one look per old segment it spans and
//! finds the farthest by galloping then halving, against the naive simplify measured in the
//! same run (the same greedy choice, each candidate grown one keyframe at a time and checked
//! against every tick it covers). Two motions: a wave with a little jitter (short segments
//! survive: the naive one's best case) and straight ramps of 2 to 10 s recorded a frame
//! apart (long segments: its worst). The target (issue 24): at most 2 s.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    reason = "a bench fails by panicking"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use mtn_studio::codec::mtn::{Keyframes, Motion};
use mtn_studio::ops::shape::simplify;
use mtn_studio::robot::timing::{self, TICK_MS};
use std::hint::black_box;
use std::time::Duration;

const KEYFRAMES: usize = 65_535;
const JOINTS: usize = 20;
const TOLERANCE_DEG: f64 = 0.5;

/// The largest motion, joint `j` at keyframe `k` given by `value(k, j, noise)`.
fn largest(value: impl Fn(usize, usize, f64) -> f64) -> Motion {
    let locators = (0..JOINTS).map(|j| format!("PRM:/j{j}")).collect();
    let mut motion = Motion::new("a_stand#stand_bench", "bench", "DRX-1000", locators);
    let mut keyframes = Keyframes::with_capacity(JOINTS, KEYFRAMES);
    let mut seed = 1u32;
    for k in 0..KEYFRAMES {
        let row: Vec<i32> = (0..JOINTS)
            .map(|j| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                value(k, j, f64::from(seed % 2_000) - 1_000.0) as i32
            })
            .collect();
        keyframes.push(0, [0; 3], &row).unwrap();
    }
    motion.keyframes = keyframes;
    motion
}

/// A slow wave per joint, with up to 1,000 µrad of jitter.
fn wave(k: usize, j: usize, noise: f64) -> f64 {
    let t = k as f64 * 0.016;
    (t * (0.5 + j as f64 * 0.1)).sin() * 600_000.0 + noise
}

/// Straight ramps between turning points 125 to 625 keyframes apart (2 to 10 s).
fn ramps(k: usize, j: usize, _noise: f64) -> f64 {
    let period = 125 + (j * 37) % 500;
    let phase = (k % period) as f64 / period as f64;
    let up = (k / period).is_multiple_of(2);
    (if up { phase } else { 1.0 - phase }) * 800_000.0 - 400_000.0
}

/// The naive simplify: from each kept keyframe, grow the joined segment one keyframe at a
/// time, checking every tick it covers, until the next would stray too far.
fn naive(motion: &Motion, tolerance_deg: f64) -> usize {
    let k = &motion.keyframes;
    let joints = k.joint_count();
    let mut old = Vec::new();
    timing::for_each_tick(k, |_, values| old.extend_from_slice(values));
    let times = timing::keyframe_times_ms(k);
    let limit = tolerance_deg.to_radians() * 1e6;
    let fits = |a: usize, b: usize| {
        let frames = u32::try_from((times[b] - times[a]) / 16 - 1).unwrap();
        let start = (times[a] / TICK_MS) as usize;
        let ticks = timing::segment_ticks(frames);
        (0..joints).all(|j| {
            let (v0, v1) = (k.angle(a, j).unwrap(), k.angle(b, j).unwrap());
            let step = timing::step_urad(v0, v1, frames);
            (0..ticks).all(|i| {
                let new = timing::tick_value(v0, step, i);
                let was = old[(start + i as usize) * joints + j];
                f64::from((new - was).abs()) <= limit
            })
        })
    };
    let mut kept = 1;
    let mut a = 0;
    let last = k.len() - 1;
    while a < last {
        let mut b = a + 1;
        while b < last && fits(a, b + 1) {
            b += 1;
        }
        kept += 1;
        a = b;
    }
    kept
}

fn simplify_largest(c: &mut Criterion) {
    for (name, value) in [
        ("wave", wave as fn(usize, usize, f64) -> f64),
        ("ramps", ramps),
    ] {
        let motion = largest(value);
        let ours = simplify(&motion, None, TOLERANCE_DEG)
            .unwrap()
            .motion
            .keyframes
            .len();
        let theirs = naive(&motion, TOLERANCE_DEG);
        println!(
            "simplify {name}, {KEYFRAMES} keyframes: ours keeps {ours}, the naive one {theirs}"
        );
        let mut group = c.benchmark_group(format!("simplify_65535x20_{name}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(15));
        group.bench_function("mtn_studio_simplify", |b| {
            b.iter(|| simplify(black_box(&motion), None, TOLERANCE_DEG).unwrap());
        });
        group.bench_function("naive_tick_by_tick_baseline", |b| {
            b.iter(|| naive(black_box(&motion), TOLERANCE_DEG));
        });
        group.finish();
    }
}

criterion_group!(benches, simplify_largest);
criterion_main!(benches);
