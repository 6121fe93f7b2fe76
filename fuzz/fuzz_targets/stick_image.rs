//! Any bytes as a memory stick's image (`.img`): told by its first sector, its files copied
//! out into a new folder, then that folder opened, listed and checked as a stick: nothing
//! panics, hangs or allocates without bound (the walk is bounded by `MAX_ENTRIES` and
//! `MAX_DEPTH`, a file by its stated length and the image's), and a refused image leaves no
//! folder behind.
//!
//! A panic of the FAT reader (fatfs) is caught by `extract` and said as a damaged image, as
//! the program does: fatfs 0.3.6 overflows on a folder entry naming a cluster below 2
//! (`tests/regressions/`). So this target's panic hook lets a panic inside fatfs unwind to
//! that catch; any other panic aborts, as libFuzzer's own hook does.
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

/// Aborts on a panic anywhere but inside fatfs ([the module's note](self)).
fn only_fatfs_may_panic() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let in_fatfs = info
                .location()
                .is_some_and(|at| at.file().contains("/fatfs-"));
            if !in_fatfs {
                eprintln!("{info}");
                std::process::abort();
            }
        }));
    });
}

fuzz_target!(|data: &[u8]| {
    only_fatfs_may_panic();
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
