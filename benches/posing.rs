//! One frame of a pose drag on the stage (issue 35's target: at most 0.5 ms): the FL paw
//! lifted 40 mm from the ERS-7 stand with the balance kept 15 mm inside the other three, the
//! legs solved, and the edit made (the floor settling the new pose for its body angles) —
//! ours (the body stepped toward the middle of the planted paws by what the margin lacks)
//! against the naive balance measured in the same run (every shift on a 4 mm grid 80 mm
//! across tried, the smallest that keeps the margin taken). A paw dragged out of reach (the
//! legs' compass search) is a row of its own.

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
use mtn_studio::ops::place::Site;
use mtn_studio::robot::floor;
use mtn_studio::robot::place::balance::support_margin;
use mtn_studio::robot::place::{BodyChange, Request, place};
use mtn_studio::robot::postures::new_motion;
use std::hint::black_box;

fn site() -> Site {
    let stand = new_motion("DRX-1000", "stand").unwrap();
    let rig = floor::rig(&stand).unwrap();
    Site::at(&stand, 0, &floor::rest_ticks(&rig, &stand)).unwrap()
}

fn lift(site: &Site, mm: f64) -> Request {
    let mut request = Request::default();
    let at = site.paws()[0];
    request.paws[0] = Some([at[0], at[1], at[2] + mm]);
    request
}

/// The naive balance: every shift on a grid tried, the smallest keeping the margin.
fn naive(site: &Site, request: &Request, margin: f64) -> Vec<i32> {
    let mut best: Option<(f64, Vec<i32>)> = None;
    for x in -10..=10 {
        for y in -10..=10 {
            let shift = [f64::from(x) * 4.0, f64::from(y) * 4.0];
            let asked = Request {
                body: BodyChange {
                    forward_mm: shift[0],
                    left_mm: shift[1],
                    ..request.body
                },
                ..*request
            };
            let placed = place(&site.rig, &site.values, &site.frame, &asked);
            let inside = support_margin(
                &site.rig,
                &site.values,
                &site.frame,
                &asked,
                (&placed, site.ball_mm()),
            );
            let size = shift[0].hypot(shift[1]);
            if inside >= margin && best.as_ref().is_none_or(|(s, _)| size < *s) {
                best = Some((size, placed.values));
            }
        }
    }
    best.map_or_else(|| site.values.clone(), |(_, v)| v)
}

fn bench(c: &mut Criterion) {
    let site = site();
    let request = lift(&site, 40.0);
    let mut group = c.benchmark_group("a pose drag's frame");
    group.bench_function("ours: balance stepped, legs solved, edit made", |b| {
        b.iter(|| {
            let solved = site.solve_request(black_box(&request), Some(15.0));
            black_box(site.edit(&solved.placed.values))
        });
    });
    group.bench_function("naive: balance by a 21x21 grid of shifts, edit made", |b| {
        b.iter(|| {
            let values = naive(&site, black_box(&request), 15.0);
            black_box(site.edit(&values))
        });
    });
    let far = lift(&site, 200.0);
    group.bench_function("ours: the paw dragged out of reach", |b| {
        b.iter(|| {
            let solved = site.solve_request(black_box(&far), Some(15.0));
            black_box(site.edit(&solved.placed.values))
        });
    });
    // A keyframe in the middle of the largest motion the format holds (the frame bench's).
    let largest = mtn_studio::example::largest_motion();
    let rig = floor::rig(&largest).unwrap();
    let at = mtn_studio::robot::timing::keyframe_times_ms(&largest.keyframes)[32_405];
    let there = Site::at(&largest, at, &floor::rest_ticks(&rig, &largest)).unwrap();
    let request = lift(&there, 20.0);
    group.bench_function("ours: a keyframe of the largest motion", |b| {
        b.iter(|| {
            let solved = there.solve_request(black_box(&request), Some(15.0));
            black_box(there.edit(&solved.placed.values))
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
