//! Any text through the Choreonoid body-motion reader (.seq/.yaml, the YAML parser under it)
//! and onto an ERS-7: nothing panics; what reads writes back and reads again the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::seq;
use mtn_studio::convert::{ImportOptions, body_to_mtn};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(body) = seq::read(text) else {
        return;
    };
    // The reader's own bound (seq::MAX_VALUES) is tested in its unit tests; a long motion's
    // text round trip and reduction are legitimately slow, so the fuzzer keeps to the rest.
    if body.joints.len() > 1 << 18 {
        return;
    }
    let written = seq::write(&body, seq::Version::V2, None);
    let again = seq::read(&written).expect("what the writer writes reads back");
    assert_eq!(again.parts, body.parts);
    assert_eq!(again.frame_count(), body.frame_count());
    let options = ImportOptions {
        design: Some("DRX-1000".into()),
        map: None,
        tolerance_deg: 0.5,
        name: "a_stand#stand_fuzz".into(),
    };
    let _ = body_to_mtn(&body, &options);
});
