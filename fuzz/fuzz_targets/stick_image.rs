//! Any bytes as a memory stick's image (`.img`): told by its first sector, its files copied
//! out into a new folder, then that folder opened, listed and checked as a stick: nothing
//! panics, hangs or allocates without bound (the walk is bounded by `MAX_ENTRIES` and
//! `MAX_DEPTH`, a file by its stated length and the image's), and a refused image leaves no
//! folder behind.
//!
//! Seeded from a 64 KB FAT12 image of a small stick (`fuzz/seeds/stick_image`); run with
//! `-max_len=65536` or more so the seed is taken whole.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::stick::Stick;
use mtn_studio::stick::image::{extract, is_image};
use std::path::PathBuf;

fn scratch() -> PathBuf {
    std::env::temp_dir().join(format!(
        "mtn-studio-fuzz-stick-image-{}",
        std::process::id()
    ))
}

fuzz_target!(|data: &[u8]| {
    let dir = scratch();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let image = dir.join("STICK.IMG");
    std::fs::write(&image, data).expect("the image");
    // Told by the registry (its bytes first: a motion named .IMG is a motion), never a panic.
    let _ = is_image(&image);
    let to = dir.join("copied");
    match extract(&image, &to) {
        Ok(extracted) => {
            assert!(to.is_dir(), "copied out: {extracted:?}");
            assert!(extracted.bytes <= data.len() as u64, "{extracted:?}");
            if let Ok(stick) = Stick::open(&to) {
                let _ = mtn_studio::stick::check::check(&stick);
                let _ = mtn_studio::stick::rows::rows(&stick);
            }
        }
        Err(_) => assert!(!to.exists(), "a refused image leaves no folder"),
    }
});
