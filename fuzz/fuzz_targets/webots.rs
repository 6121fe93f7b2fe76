//! Any text through the Webots motion reader (.motion), played as Webots plays it and onto
//! an ERS-7; and what reads writes back to text that reads the same: nothing panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::webots;
use mtn_studio::convert::webots::webots_to_body;
use mtn_studio::convert::{ImportOptions, body_to_mtn};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(motion) = webots::read(text) else {
        return;
    };
    if let Ok(written) = webots::write(&motion) {
        assert_eq!(
            webots::read(&written).ok().map(|m| m.poses.len()),
            Some(motion.poses.len())
        );
    }
    let Ok(body) = webots_to_body(&motion) else {
        return;
    };
    let options = ImportOptions {
        design: Some("DRX-1000".into()),
        map: None,
        tolerance_deg: 0.5,
        name: "a_stand#stand_fuzz".into(),
    };
    let _ = body_to_mtn(&body, &options);
});
