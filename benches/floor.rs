//! The floor solution for every tick of the largest motion the format holds (65,535
//! keyframes one or two frames apart: 327,862 ticks, the count; issue 22's target:
//! at most 1 s on two cores):
//! ours (blocks on every core, each tick trying the last tick's face first) against the
//! naive one measured in the same run (the face searched among every triple of points at
//! every tick, on every core too). Two motions: Sony's forward walk repeated (what real
//! motions do) and random poses within the joints' ranges (the robot tumbling at every
//! tick: the worst case).

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
use mtn_studio::codec::mtn::{self, Keyframes, Motion};
use mtn_studio::robot::floor;
use mtn_studio::robot::timing::tick_count;
use std::hint::black_box;
use std::time::Duration;

const KEYFRAMES: usize = 65_535;
/// Segments up to this one are two frames long, the rest one: 327,862 ticks in all.
const TWO_FRAME_SEGMENTS: usize = 32_863;

/// `rows` played over and over up to the largest motion.
fn largest(design: &str, locators: Vec<String>, mut row: impl FnMut(usize) -> Vec<i32>) -> Motion {
    let joints = locators.len();
    let mut motion = Motion::new("a_stand#stand_bench", "bench", design, locators);
    let mut keyframes = Keyframes::with_capacity(joints, KEYFRAMES);
    for k in 0..KEYFRAMES {
        let frames = match k {
            0 => 0,
            k if k <= TWO_FRAME_SEGMENTS => 2,
            _ => 1,
        };
        keyframes.push(frames, [0; 3], &row(k)).unwrap();
    }
    motion.keyframes = keyframes;
    motion
}

/// Sony's forward walk (the corpus), else the example, repeated.
fn walk() -> Motion {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/mtn/monet-ERS-7-MOTION7.ODA");
    let source = std::fs::read(&path)
        .ok()
        .and_then(|data| mtn_studio::codec::oda::Archive::read(&data).ok())
        .and_then(|archive| {
            let entry = archive.find("a_walk#walk_sox_fwd")?;
            mtn::decode(&archive.entries[entry].contents().ok()?).ok()
        })
        .map_or_else(
            || {
                eprintln!("*** the corpus is not there: the walk is the bundled example ***");
                mtn::decode(mtn_studio::example::EXAMPLE_MTN)
                    .unwrap()
                    .motion
            },
            |d| d.motion,
        );
    let n = source.keyframes.len();
    let rows: Vec<Vec<i32>> = source
        .keyframes
        .iter()
        .map(|k| k.angles_urad.to_vec())
        .collect();
    largest(&source.design, source.locators.clone(), |k| {
        rows[k % n].clone()
    })
}

/// Random poses within every joint's usual range.
fn tumbling() -> Motion {
    let walk = walk();
    let mut seed = 0x2545_f491_u32;
    largest(&walk.design, walk.locators.clone(), |_| {
        (0..walk.locators.len())
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                i32::from_le_bytes(seed.to_le_bytes()) % 1_500_000
            })
            .collect()
    })
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("floor every tick");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for (name, motion) in [("Sony's walk", walk()), ("random poses", tumbling())] {
        let rig = floor::rig(&motion).unwrap();
        assert_eq!(tick_count(&motion.keyframes), 327_862);
        // The same answer both ways (the tests check every corpus motion tick by tick).
        let (fast, naive) = (
            floor::rest_ticks(&rig, &motion),
            floor::rest_ticks_with(&rig, &motion, true),
        );
        assert!(
            fast.iter()
                .zip(&naive)
                .all(|(a, b)| a.contacts == b.contacts)
        );
        group.bench_function(format!("{name}: ours"), |b| {
            b.iter(|| black_box(floor::rest_ticks(&rig, black_box(&motion))));
        });
        group.bench_function(format!("{name}: naive, every face searched"), |b| {
            b.iter(|| black_box(floor::rest_ticks_with(&rig, black_box(&motion), true)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
