//! Choreonoid body motions: reading `SR1WalkPattern1.seq` (1.35 MB, 6,701 frames x 29
//! values; target under 10 ms), against the least work any reader must do (split the lines
//! and parse every number, no structure) measured in the same run; and the keyframe
//! reduction of that walk onto an ERS-7 at 0.5 degrees, ours against plain
//! Ramer-Douglas-Peucker, printing the keyframes each uses and the largest error each leaves.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(clippy::panic, reason = "a bench fails by panicking")]

use criterion::{Criterion, criterion_group, criterion_main};
use mtn_studio::codec::seq;
use mtn_studio::convert::{self, Method};
use std::hint::black_box;

fn walk_text() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/seq/SR1WalkPattern1.seq"
    );
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("\n*** THE REAL-FILE CORPUS IS MISSING ***\n{path}: {e}\n"))
}

/// Every number in the text, with no structure: the floor under any reader.
fn numbers_only(text: &str) -> usize {
    text.split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace())
        .filter_map(|w| w.parse::<f64>().ok())
        .count()
}

fn bench_read(c: &mut Criterion) {
    let text = walk_text();
    let mut group = c.benchmark_group("read_SR1WalkPattern1");
    group.throughput(criterion::Throughput::Bytes(text.len() as u64));
    group.bench_function("seq_read", |b| b.iter(|| seq::read(black_box(&text))));
    group.bench_function("numbers_only_baseline", |b| {
        b.iter(|| numbers_only(black_box(&text)));
    });
    group.finish();
}

fn bench_reduce(c: &mut Criterion) {
    let Ok(body) = seq::read(&walk_text()) else {
        panic!("the walk does not read");
    };
    let tolerance = convert::DEFAULT_TOLERANCE_DEG;
    for method in [Method::Greedy, Method::Rdp] {
        let result = convert::reduce_body(&body, tolerance, method);
        println!(
            "reduction {method:?} at {tolerance} deg: {} frames -> {} keyframes, largest error {:.3} deg",
            body.frame_count(),
            result.keyframes,
            result.max_error_deg
        );
    }
    let mut group = c.benchmark_group("reduce_SR1WalkPattern1");
    group.sample_size(10);
    group.bench_function("ours", |b| {
        b.iter(|| convert::reduce_body(black_box(&body), tolerance, Method::Greedy));
    });
    group.bench_function("rdp_baseline", |b| {
        b.iter(|| convert::reduce_body(black_box(&body), tolerance, Method::Rdp));
    });
    group.finish();
}

criterion_group!(benches, bench_read, bench_reduce);
criterion_main!(benches);
