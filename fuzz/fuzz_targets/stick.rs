//! Any bytes as the files of a memory stick's tree (a table, action files, archives, in the
//! places a stick has them), walked, listed, checked, searched, and a behaviour's adding and
//! removing worked out: nothing panics, hangs or allocates without bound, and nothing is
//! written (the plans are not applied).
//!
//! The input: a count byte, then for each file a byte choosing its path (of [`PATHS`]), two
//! bytes of length (little-endian) and that many bytes of contents.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::stick::Stick;
use mtn_studio::stick::add::{Content, NewBehaviour, plan_add, plan_remove};
use std::path::PathBuf;

const PATHS: [&str; 12] = [
    "MEMSTICK.IND",
    "OPEN-R/MW/CONF/ERS-7.MWC",
    "OPEN-R/MW/CONF/ERS-210.MWC",
    "OPEN-R/APP/PC/AMS/ACTION.AMS",
    "OPEN-R/APP/PC/AMS/ACTION.CFG",
    "OPEN-R/APP/PC/AMS/ACTION.EXT",
    "OPEN-R/APP/PC/AMS/R-CODE.CFG",
    "OPEN-R/MW/DATA/P/MOTION.ODA",
    "OPEN-R/MW/DATA/P/AUDIO.ODA",
    "OPEN-R/MW/DATA/P/LED.ODA",
    "OPEN-R/MW/DATA/E/SYSMTN.ODA",
    "open-r/mw/data/p/motion.oda",
];

/// The bundled example: the motion every run tries to add.
const MOTION: &[u8] = include_bytes!("../../assets/ers7-stand-to-sit.mtn");

fn root() -> PathBuf {
    std::env::temp_dir().join(format!("mtn-studio-fuzz-stick-{}", std::process::id()))
}

fuzz_target!(|data: &[u8]| {
    let root = root();
    let _ = std::fs::remove_dir_all(&root);
    let Some((&count, mut rest)) = data.split_first() else {
        return;
    };
    std::fs::create_dir_all(root.join("OPEN-R")).expect("a scratch folder");
    for _ in 0..count.min(16) {
        let [choice, lo, hi, tail @ ..] = rest else {
            break;
        };
        let len = usize::from(u16::from_le_bytes([*lo, *hi])).min(tail.len());
        let path = root.join(PATHS[usize::from(*choice) % PATHS.len()]);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("a folder");
        }
        std::fs::write(&path, &tail[..len]).expect("a file");
        rest = &tail[len..];
    }
    let Ok(stick) = Stick::open(&root) else {
        return;
    };
    let _ = mtn_studio::stick::check::check(&stick);
    let rows = mtn_studio::stick::rows::rows(&stick);
    let query = mtn_studio::stick::rows::Query {
        text: "a 1".to_owned(),
        ..Default::default()
    };
    let _ = mtn_studio::stick::rows::select(&rows.behaviours, &query);
    let new = NewBehaviour {
        name: "FUZZ".to_owned(),
        motion: Content {
            entry: String::new(),
            data: MOTION.to_vec(),
        },
        sound: None,
        led: None,
        mwcid: None,
        code: 0,
        replace: true,
        noauth: true,
        rcode: mtn_studio::stick::program::HeadSensor::Play,
    };
    let _ = plan_add(&stick, &new);
    let _ = plan_remove(&stick, "SIT");
});
