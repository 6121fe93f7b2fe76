//! Codec throughput on the largest motion the format allows (65,535 keyframes x 20 joints),
//! with a plain `memcpy` of the same bytes measured in the same run as the reference.
//!
//! The target (issue 2): decoding and encoding at least 1 GB/s on the 2-core machine.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(clippy::expect_used, reason = "a bench fails by panicking")]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mtn_studio::codec::mtn;
use std::hint::black_box;

fn codec(c: &mut Criterion) {
    let motion = mtn_studio::example::largest_motion();
    let bytes = mtn::encode(&motion).expect("encodes");
    let mut group = c.benchmark_group("largest_motion");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.sample_size(30);
    group.bench_function(BenchmarkId::new("memcpy_baseline", bytes.len()), |b| {
        let mut target = vec![0u8; bytes.len()];
        b.iter(|| {
            target.copy_from_slice(black_box(&bytes));
            black_box(&target);
        });
    });
    group.bench_function(
        BenchmarkId::new("memcpy_alloc_baseline", bytes.len()),
        |b| {
            b.iter(|| black_box(black_box(&bytes).clone()));
        },
    );
    group.bench_function(BenchmarkId::new("decode_structure", bytes.len()), |b| {
        b.iter(|| mtn::decode(black_box(&bytes)).expect("decodes"));
    });
    // The reader and the checks it ran before the codec stood on its own (header, labels,
    // joints, limits, name); the speed checks are their own row.
    group.bench_function(BenchmarkId::new("decode_with_checks", bytes.len()), |b| {
        b.iter(|| {
            let decoded = mtn::decode(black_box(&bytes)).expect("decodes");
            let checks = mtn_studio::robot::check::check_motion(&decoded.motion, &decoded.offsets);
            black_box((decoded, checks))
        });
    });
    // The same on one core: long motions are decoded and checked in blocks shared between
    // the cores; this row is what a single core does.
    let one_core = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool");
    group.bench_function(
        BenchmarkId::new("decode_with_checks_one_core", bytes.len()),
        |b| {
            one_core.install(|| {
                b.iter(|| {
                    let decoded = mtn::decode(black_box(&bytes)).expect("decodes");
                    let checks =
                        mtn_studio::robot::check::check_motion(&decoded.motion, &decoded.offsets);
                    black_box((decoded, checks))
                });
            });
        },
    );
    group.bench_function(BenchmarkId::new("encode", bytes.len()), |b| {
        b.iter(|| mtn::encode(black_box(&motion)).expect("encodes"));
    });
    group.bench_function(BenchmarkId::new("speed_checks", bytes.len()), |b| {
        let offsets = mtn::offsets(&motion).expect("offsets");
        b.iter(|| mtn_studio::robot::check::safety_problems(black_box(&motion), &offsets));
    });
    // Every occurrence, for the timeline (the editor runs this after each edit).
    group.bench_function(BenchmarkId::new("safety_marks", bytes.len()), |b| {
        b.iter(|| mtn_studio::robot::marks::safety_marks(black_box(&motion)));
    });
    group.finish();
}

criterion_group!(benches, codec);
criterion_main!(benches);
