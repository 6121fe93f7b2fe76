//! Any text through the key-pose sequence reader (.pseq) and onto an ERS-7: nothing panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::pseq;
use mtn_studio::convert::{ImportOptions, pseq_to_mtn};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(poses) = pseq::read(text) else {
        return;
    };
    let options = ImportOptions {
        design: Some("DRX-1000".into()),
        map: None,
        tolerance_deg: 0.5,
        name: "a_stand#stand_fuzz".into(),
    };
    let _ = pseq_to_mtn(&poses, &options);
});
