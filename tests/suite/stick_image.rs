//! Stick images: a raw FAT16 image of a stick (made here with the FAT library, as a medium
//! or as its one partition behind a partition table) is read only: `stick extract` copies its
//! files out byte for byte, `stick list` and `stick check` read it as they read the folder,
//! and a file that is no image or a damaged one is answered, never a hang.

use crate::common;
use std::path::{Path, PathBuf};

/// Every file under `root`, with its bytes, by its path from the root (names as on a stick).
fn files(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let from_root = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.push((from_root, std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// `volume` behind a partition table whose first entry is a FAT16 partition from sector 63.
fn partitioned(volume: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 63 * 512];
    out[446 + 4] = 0x06;
    out[446 + 8..446 + 12].copy_from_slice(&63u32.to_le_bytes());
    let sectors = u32::try_from(volume.len() / 512).unwrap();
    out[446 + 12..446 + 16].copy_from_slice(&sectors.to_le_bytes());
    out[510..512].copy_from_slice(&[0x55, 0xAA]);
    out.extend_from_slice(volume);
    out
}

fn stick_and_image(dir: &Path) -> (PathBuf, Vec<u8>) {
    let stick = dir.join("stick");
    common::stick::small_stick(&stick);
    let image = common::stick::fat16_image(&stick);
    (stick, image)
}

#[test]
fn an_image_copies_out_byte_for_byte_and_reads_as_its_folder_does() {
    let dir = tempfile::tempdir().unwrap();
    let (stick, volume) = stick_and_image(dir.path());
    for (name, bytes) in [
        ("volume.img", volume.clone()),
        ("medium.img", partitioned(&volume)),
    ] {
        let image = dir.path().join(name);
        std::fs::write(&image, &bytes).unwrap();
        let out = dir.path().join(format!("{name}.out"));
        let said = common::ok(&common::run_cli(&[&"stick", &"extract", &image, &out]));
        assert!(
            said.contains("FAT16") && said.contains("copied into"),
            "{said}"
        );
        assert_eq!(files(&out), files(&stick), "{name}");
        // The image is not changed.
        assert_eq!(std::fs::read(&image).unwrap(), bytes);
        // Listed and checked from the image as from the folder.
        let listed = common::ok(&common::run_cli(&[&"stick", &"list", &image]));
        assert!(
            listed.starts_with("the image ") && listed.contains("STAND"),
            "{listed}"
        );
        let from_image = common::run_cli(&[&"stick", &"check", &image]);
        let from_folder = common::run_cli(&[&"stick", &"check", &stick]);
        assert_eq!(from_image.status.code(), from_folder.status.code());
        // Never over a folder with something in it.
        let again = common::run_cli(&[&"stick", &"extract", &image, &out]);
        assert_eq!(again.status.code(), Some(1));
        assert!(common::text(&again.stderr).contains("not an empty folder"));
    }
}

#[test]
fn a_file_that_is_no_image_or_a_damaged_one_is_answered_with_where() {
    let dir = tempfile::tempdir().unwrap();
    let (_, volume) = stick_and_image(dir.path());
    // No boot signature: the byte said.
    let zeros = dir.path().join("zeros.img");
    std::fs::write(&zeros, vec![0u8; 4096]).unwrap();
    let output = common::run_cli(&[&"stick", &"extract", &zeros, &dir.path().join("a")]);
    assert_eq!(output.status.code(), Some(2));
    let said = common::text(&output.stderr);
    assert!(
        said.contains("zeros.img: not a FAT memory stick image: at byte 510"),
        "{said}"
    );
    assert!(!dir.path().join("a").exists());
    // MEMSTICK.IND (empty, no clusters) stated 10 MB, then more than the volume: said as
    // damaged, no 4 GB file written, nothing left behind.
    let bpb = |at: usize| usize::from(u16::from_le_bytes([volume[at], volume[at + 1]]));
    let root = (bpb(14) + usize::from(volume[16]) * bpb(22)) * bpb(11);
    let entry = root
        + volume[root..root + 32 * bpb(17)]
            .chunks(32)
            .position(|e| e.starts_with(b"MEMSTICKIND"))
            .expect("MEMSTICK.IND in the root folder")
            * 32;
    for (name, stated) in [
        ("short-file.img", 10u32 << 20),
        ("huge-file.img", u32::MAX - 15),
    ] {
        let mut damaged = volume.clone();
        damaged[entry + 28..entry + 32].copy_from_slice(&stated.to_le_bytes());
        let image = dir.path().join(name);
        std::fs::write(&image, &damaged).unwrap();
        let started = std::time::Instant::now();
        let output = common::run_cli(&[&"stick", &"extract", &image, &dir.path().join("b")]);
        assert!(started.elapsed().as_secs() < 30);
        assert_eq!(output.status.code(), Some(2));
        let said = common::text(&output.stderr);
        assert!(
            said.contains(&format!(
                "{name}: the FAT volume is damaged: MEMSTICK.IND: "
            )),
            "{said}"
        );
        assert!(!dir.path().join("b").exists());
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(".mtn-studio-extracting")
        })
        .collect();
    assert!(left.is_empty(), "nothing half copied is left");
    // Cut short: said, not a panic.
    let image = dir.path().join("short.img");
    std::fs::write(&image, &volume[..600]).unwrap();
    let output = common::run_cli(&[&"stick", &"extract", &image, &dir.path().join("c")]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{}",
        common::text(&output.stderr)
    );
    assert!(common::text(&output.stderr).contains("it is cut short"));
}

#[test]
fn the_fuzz_targets_seed_image_is_a_small_fat12_stick() {
    let seed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/stick_image/small-ers7-stick.img");
    let to = common::scratch_dir("stick-image", "seed").join("copied");
    let extracted = mtn_studio::stick::image::extract(&seed, &to).expect("the seed extracts");
    assert_eq!(extracted.fat, "FAT12");
    let stick = mtn_studio::stick::Stick::open(&to).expect("a stick");
    let (_, table) = stick.table.as_ref().expect("its table");
    assert_eq!(table.as_ref().expect("reads").behaviours.len(), 2);
    assert!(stick.bootable);
}
