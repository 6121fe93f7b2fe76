//! The robot simulated on the floor (`robot::physics`), reported as times real time (issue
//! 36's target: 60 s of motion in at most 2 s, 30 times real time): Sony's ERS-7 forward walk
//! played 43 times, a minute (from the corpus, when it is there), and the ERS-7's stand held a
//! minute; beside each, in the same run, the rest model over the same motion (every tick's
//! rest, what the stage and `check` had before), the floor's answer the simulation replaces.

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
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::robot::floor;
use mtn_studio::robot::physics::{Settings, simulate};
use mtn_studio::robot::postures::new_motion;
use mtn_studio::robot::timing::duration_ms;
use std::hint::black_box;
use std::time::Instant;

fn corpus_walk() -> Option<Motion> {
    let root = std::env::var_os("MTN_STUDIO_CORPUS").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        std::path::PathBuf::from,
    );
    let bytes = std::fs::read(root.join("mtn/monet-ERS-7-MOTION7.ODA")).ok()?;
    let archive = mtn_studio::codec::oda::Archive::read(&bytes).ok()?;
    let entry = archive.find("a_walk#walk_sox_fwd")?;
    let data = archive.entries[entry].contents().ok()?;
    Some(mtn::decode(&data).ok()?.motion)
}

/// The ERS-7's stand held a minute.
fn stand_a_minute() -> Motion {
    let mut stand = new_motion("DRX-1000", "stand").unwrap();
    let row = stand.keyframes.get(0).unwrap().angles_urad.to_vec();
    let body = stand.keyframes.body()[0];
    // The new stand plays 1,024 ms (64 frames of 16 ms); a minute is 3,750 frames.
    stand.keyframes.push(3_750 - 64, body, &row).unwrap();
    assert_eq!(duration_ms(&stand.keyframes), 60_000);
    stand
}

/// Times `run` a few times and says how many times real time it is for `seconds` of motion.
fn times_real_time(name: &str, seconds: f64, mut run: impl FnMut()) {
    let rounds = 2;
    let started = Instant::now();
    for _ in 0..rounds {
        run();
    }
    let each = started.elapsed().as_secs_f64() / f64::from(rounds);
    eprintln!(
        "{name}: {seconds:.1} s of motion in {:.3} s: {:.1} times real time",
        each,
        seconds / each
    );
}

fn bench(c: &mut Criterion) {
    // A minute of motion each, the measure: the simulation's fixed work (the 256 ms
    // the robot settles before the motion and the 512 ms it is held after) weighs on a
    // minute as it would on any long motion.
    let mut rows: Vec<(&str, Motion, u32)> = vec![("stand_60s", stand_a_minute(), 1)];
    match corpus_walk() {
        // 1,400 ms a play: 43 plays are 60.2 s.
        Some(walk) => rows.push(("walk_sox_fwd_x43", walk, 43)),
        None => eprintln!("*** no corpus: the walk's row is left out ***"),
    }
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for (name, motion, repeat) in &rows {
        let settings = Settings {
            repeat: *repeat,
            ..Settings::default()
        };
        #[expect(clippy::cast_precision_loss, reason = "seconds")]
        let seconds = duration_ms(&motion.keyframes) as f64 / 1000.0 * f64::from(*repeat);
        times_real_time(&format!("physics {name}"), seconds, || {
            black_box(simulate(motion, settings, &mut |_| true).unwrap());
        });
        group.bench_function(format!("physics_{name}"), |b| {
            b.iter(|| black_box(simulate(motion, settings, &mut |_| true).unwrap()));
        });
        let rig = floor::rig(motion).unwrap();
        group.bench_function(format!("rest_model_{name}_one_play"), |b| {
            b.iter(|| black_box(floor::rest_ticks(&rig, motion)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
