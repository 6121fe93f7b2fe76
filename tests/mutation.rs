//! Bounded mutation testing inside `cargo test`: thousands of mutated real files (and the
//! bundled example) go through the reader and repair. Nothing may panic, every decode must
//! finish quickly, and no decode may allocate more than a small multiple of its input
//! (measured with a counting allocator installed for this test binary only).
//!
//! Inputs that ever broke the reader are kept in `tests/regressions/` and replayed here.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

mod common;

use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::Archive;
use mtn_studio::robot::check::decode_checked;
use mtn_studio::robot::repair::repair;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts live bytes and the peak since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The allocation counters are global, so the tests of this binary run one at a time: each
/// holds this lock for its whole run.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

// SAFETY: forwards to the system allocator and only adds bookkeeping with atomics.
#[allow(
    unsafe_code,
    reason = "a counting allocator needs to implement GlobalAlloc"
)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A small deterministic generator, so a failure names a reproducible case.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % (n.max(1) as u64)) as usize
    }
}

const INTERESTING_U32: [u32; 8] = [0, 1, 2, 3, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF];

/// One to four random damages of the kinds real files and careless tools produce.
fn mutate(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = bytes.len();
        match rng.below(7) {
            0 if len > 0 => {
                let at = rng.below(len);
                bytes[at] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let at = rng.below(len);
                bytes[at] = rng.next() as u8;
            }
            2 if len >= 4 => {
                let at = rng.below(len - 3);
                let value = INTERESTING_U32[rng.below(INTERESTING_U32.len())];
                bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
            }
            3 => bytes.truncate(rng.below(len + 1)),
            4 => {
                let at = rng.below(len + 1);
                let extra: Vec<u8> = (0..1 + rng.below(16)).map(|_| rng.next() as u8).collect();
                bytes.splice(at..at, extra);
            }
            5 if len > 0 => {
                let at = rng.below(len);
                let end = (at + 1 + rng.below(16)).min(len);
                bytes.drain(at..end);
            }
            _ if len >= 2 => {
                // A header-sized count or length: the first 64 bytes hold all of them.
                let at = rng.below(len.min(64) - 1);
                bytes[at..at + 2].copy_from_slice(&(rng.next() as u16).to_le_bytes());
            }
            _ => {}
        }
    }
    bytes
}

/// Decodes and repairs one input; checks time and the allocation bound. The caller holds
/// the `serial()` lock.
fn exercise(label: &str, input: &[u8]) {
    let start = Instant::now();
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let decoded = decode_checked(input);
    let peak = PEAK.load(Ordering::Relaxed) - base;
    // The model (4 bytes a value), the problem list and fixed overheads.
    let bound = 16 * input.len() + 64 * 1024;
    assert!(
        peak <= bound,
        "{label}: decoding {} bytes allocated {peak} bytes (bound {bound})",
        input.len()
    );
    if let Ok(decoded) = decoded {
        if decoded.is_well_formed() {
            let bytes = mtn::encode(&decoded.motion)
                .unwrap_or_else(|e| panic!("{label}: a well-formed reading does not encode: {e}"));

            assert!(
                bytes == input,
                "{label}: well-formed, yet it does not round-trip"
            );
        }
        if let Ok(repaired) = repair(&decoded) {
            let again = decode_checked(&repaired.bytes)
                .unwrap_or_else(|e| panic!("{label}: the repaired file does not read: {e}"));
            assert!(
                again.is_well_formed(),
                "{label}: repair left {:?}",
                again.problems
            );
            assert_eq!(again.motion.keyframes, repaired.motion.keyframes, "{label}");
        }
    }
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{label}: took {:?}",
        start.elapsed()
    );
}

fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds: Vec<(String, Vec<u8>)> = common::corpus_motions()
        .into_iter()
        .map(|m| (m.label, m.bytes))
        .collect();
    seeds.push((
        "example".to_owned(),
        mtn_studio::example::EXAMPLE_MTN.to_vec(),
    ));
    seeds
}

#[test]
fn thousands_of_mutated_real_motions_never_panic_or_overallocate() {
    if !common::corpus_present("thousands_of_mutated_real_motions_never_panic_or_overallocate") {
        return;
    }
    let _serial = serial();
    let seeds = seeds();
    assert!(seeds.len() > 100, "too few seeds: {}", seeds.len());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut cases = 0;
    for (label, seed) in &seeds {
        for round in 0..60 {
            let input = mutate(seed, &mut rng);
            exercise(&format!("{label} mutation {round}"), &input);
            cases += 1;
        }
    }
    assert!(cases >= 8000, "only {cases} cases");
}

#[test]
fn mutated_archives_never_panic() {
    if !common::corpus_present("mutated_archives_never_panic") {
        return;
    }
    let _serial = serial();
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    // How far the mutants got: read as an archive, a motion of one decoded, written back.
    let (mut read, mut decoded, mut written) = (0, 0, 0);
    let mut tried = 0;
    for name in [
        "monet-ERS-200-MOTION.ODA",
        "monet-ERS-7-MOTION7.ODA",
        "rcode-ERS-111-Motion.ODA",
    ] {
        let seed = common::corpus_file("mtn", name);
        for _ in 0..300 {
            let input = mutate(&seed, &mut rng);
            tried += 1;
            if let Ok(archive) = Archive::read(&input) {
                read += 1;
                let mut any = false;
                for (_, entry) in archive.motions() {
                    if let Ok(contents) = entry.contents() {
                        any |= decode_checked(&contents).is_ok();
                    }
                }
                decoded += usize::from(any);
                // What was read writes back, and the result reads again as as many entries.
                if let Ok(bytes) = archive.write() {
                    let again = Archive::read(&bytes).map(|a| a.entries.len());
                    assert_eq!(
                        again,
                        Ok(archive.entries.len()),
                        "{name}: a mutant's rewrite"
                    );
                    written += 1;
                }
            }
        }
    }
    // Many mutations touch motion data, not the entry table (about 44% of these mutants read
    // as archives): a third at least must get past the archive reader to a decoded motion,
    // or this test exercises nothing behind it.
    assert!(
        read * 3 >= tried && decoded * 3 >= tried && written == read,
        "of {tried} mutants {read} read as archives, {decoded} had a motion decoded, \
         {written} were written back"
    );
}

/// What the text fuzz targets check (`fuzz/fuzz_targets/{seq,pseq,csv,webots}.rs`): the
/// .seq/.yaml, .pseq, CSV and Webots readers never panic, and what they read writes back and
/// reads again.
fn exercise_text_readers(label: &str, input: &[u8]) {
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    let options = mtn_studio::convert::ImportOptions {
        design: Some("DRX-1000".into()),
        map: None,
        tolerance_deg: 0.5,
        name: "a_stand#stand_replay".into(),
    };
    if let Ok(body) = mtn_studio::codec::seq::read(text) {
        let written =
            mtn_studio::codec::seq::write(&body, mtn_studio::codec::seq::Version::V2, None);
        let again = mtn_studio::codec::seq::read(&written)
            .unwrap_or_else(|e| panic!("{label}: the written .seq does not read back: {e}"));
        assert_eq!(again.frame_count(), body.frame_count(), "{label}");
        let _ = mtn_studio::convert::body_to_mtn(&body, &options);
    }
    if let Ok(poses) = mtn_studio::codec::pseq::read(text) {
        let _ = mtn_studio::convert::pseq_to_mtn(&poses, &options);
    }
    if let Ok(motion) = mtn_studio::codec::webots::read(text) {
        if let Ok(written) = mtn_studio::codec::webots::write(&motion) {
            let again = mtn_studio::codec::webots::read(&written)
                .unwrap_or_else(|e| panic!("{label}: the written .motion does not read back: {e}"));
            assert_eq!(again.poses.len(), motion.poses.len(), "{label}");
        }
        if let Ok(body) = mtn_studio::convert::webots::webots_to_body(&motion) {
            let _ = mtn_studio::convert::body_to_mtn(&body, &options);
        }
    }
    if let Ok(motion) = mtn_studio::codec::csv::read(text) {
        let written = mtn_studio::codec::csv::write(&motion, &[], &[]);
        let again = mtn_studio::codec::csv::read(&written)
            .unwrap_or_else(|e| panic!("{label}: the written CSV does not read back: {e}"));
        assert_eq!(again, motion, "{label}");
    }
}

#[test]
fn regression_inputs_are_replayed() {
    let _serial = serial();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/regressions exists") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let input = std::fs::read(&path).unwrap();
        exercise(&path.display().to_string(), &input);
        let _ = Archive::read(&input);
        exercise_text_readers(&path.display().to_string(), &input);
        exercise_gait(&path.display().to_string(), &input);
        exercise_sound(&path.display().to_string(), &input);
        exercise_image(&path, &input);
        count += 1;
    }
    assert!(
        count >= 1,
        "no regression inputs found in {}",
        dir.display()
    );
}

/// The stick image fuzz target's properties: the bytes as an image copy out or are refused
/// with the image named, never a panic, and a refused image leaves no folder behind.
fn exercise_image(path: &std::path::Path, input: &[u8]) {
    let label = path.display().to_string();
    let dir = std::env::temp_dir().join(format!("mtn-studio-image-replay-{}", std::process::id()));
    let _removed = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let image = dir.join("STICK.IMG");
    std::fs::write(&image, input).unwrap();
    let to = dir.join("copied");
    match mtn_studio::stick::image::extract(&image, &to) {
        Ok(_) => assert!(to.is_dir(), "{label}"),
        Err(error) => {
            assert!(!to.exists(), "{label}: a refused image leaves no folder");
            assert!(error.to_string().contains("STICK.IMG"), "{label}: {error}");
        }
    }
    let _removed = std::fs::remove_dir_all(&dir);
}

/// The sound fuzz target's properties: nothing panics, and an LED pattern that reads writes
/// back as MIDI that reads as the same notes.
fn exercise_sound(label: &str, input: &[u8]) {
    use mtn_studio::codec::sound::{led, midi, wave};
    let _ = wave::decode(input);
    if let Ok(file) = midi::read(input)
        && file.duration_ms() < 2_000.0
    {
        let rendered = mtn_studio::behaviour::synth::render(&file, None);
        assert!(
            rendered
                .samples
                .iter()
                .all(|s| s.is_finite() && s.abs() <= 1.0),
            "{label}"
        );
    }
    let Ok(pattern) = led::read(input) else {
        return;
    };
    let Ok(written) = pattern.write() else {
        return;
    };
    let again = led::read(&written).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(again.notes, pattern.notes, "{label}");
}

/// The gait fuzz target's properties: what reads well-formed writes back byte for byte, and
/// a repaired file reads back with a true size header and its count byte.
fn exercise_gait(label: &str, input: &[u8]) {
    use mtn_studio::codec::gait::{self, GaitCode};
    let Ok(decoded) = gait::decode(input) else {
        return;
    };
    if decoded.is_well_formed() {
        assert_eq!(
            gait::encode(&decoded.gait).ok().as_deref(),
            Some(input),
            "{label}"
        );
    }
    if let Ok((repaired, _)) = gait::repair(&decoded.gait)
        && let Ok(bytes) = gait::encode(&repaired)
    {
        let again = gait::decode(&bytes).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert!(
            again
                .problems
                .iter()
                .all(|p| !matches!(p.code, GaitCode::SizeHeader | GaitCode::NoCountByte)),
            "{label}: {:?}",
            again.problems
        );
    }
}
