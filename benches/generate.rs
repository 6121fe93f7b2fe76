//! Each generator's time on the ERS-7's stand (issue 46): a wag of ten swings, ears of ten
//! beats, a look around three points, a mouth over a 10 s sound and the default trot, each
//! with its baking into keyframes; and one candidate of the walk search (the walk generated
//! and played in the simulation), whose time sets how many candidates a second it scores.
//! There is no older code to measure against: the generators are new. What a naive
//! generator would write (a keyframe on every 16 ms frame) is not a motion anyone would
//! keep, so it is not timed.

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
use mtn_studio::ops::generate::search::score;
use mtn_studio::ops::generate::{
    EarPattern, Ears, Generator, Gesture, LookAround, Mouth, Oscillation, Walk, generate, mouth,
};
use mtn_studio::robot::physics::Floor;
use mtn_studio::robot::postures::new_motion;
use std::hint::black_box;
use std::time::Duration;

fn generators() -> Vec<(&'static str, Generator)> {
    // 10 s of a 16 kHz sound: bursts of a tone, 200 ms on and 200 ms off.
    let samples: Vec<f32> = (0..160_000)
        .map(|i| {
            let on = (i / 3_200) % 2 == 0;
            if on {
                (i as f32 * 0.17).sin() * 0.5
            } else {
                0.0
            }
        })
        .collect();
    vec![
        (
            "wag",
            Generator::Oscillate(Oscillation {
                gesture: Gesture::WagSide,
                frequency_hz: 2.0,
                amplitude_deg: 25.0,
                count: Some(10),
                ease_ms: 160,
            }),
        ),
        (
            "ears",
            Generator::Ears(Ears {
                pattern: EarPattern::Alternate,
                beat_ms: 480,
                count: Some(10),
            }),
        ),
        (
            "look",
            Generator::Look(LookAround {
                points: vec![[45.0, 10.0], [-45.0, 10.0], [0.0, 30.0]],
                move_ms: 400,
                hold_ms: 500,
            }),
        ),
        (
            "mouth",
            Generator::Mouth(Mouth {
                loudness: mouth::loudness_of(&samples, 16_000, 0),
                open_deg: 30.0,
                smoothing_ms: 48,
                lead_ms: None,
            }),
        ),
        ("walk", Generator::Walk(Walk::default())),
    ]
}

fn bench(c: &mut Criterion) {
    let stand = new_motion("DRX-1000", "stand").unwrap();
    let long =
        mtn_studio::ops::OpRequest::<()>::Retime(mtn_studio::ops::RetimeBy::DurationMs(10_000))
            .run(&stand, &mtn_studio::ops::Context::whole("stand"), &[])
            .unwrap()
            .motion;
    let mut group = c.benchmark_group("generate");
    group.measurement_time(Duration::from_secs(4));
    for (name, generator) in generators() {
        // The mouth fills the motion: a 10 s stand for the 10 s sound.
        let motion = if name == "mouth" { &long } else { &stand };
        group.bench_function(name, |b| {
            b.iter(|| generate(black_box(motion), None, &generator, 0.5).unwrap());
        });
    }
    group.sample_size(10);
    group.bench_function("walk search: one candidate scored", |b| {
        b.iter(|| score(black_box(&stand), &Walk::default(), Floor::Carpet));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
