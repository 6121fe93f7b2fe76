//! Any bytes through the StickyBot gait reader: nothing panics; what reads well-formed
//! writes back byte for byte, and its repair writes and reads back with no problem left of
//! those repair fixes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::gait::{self, GaitCode};

fuzz_target!(|data: &[u8]| {
    let Ok(decoded) = gait::decode(data) else {
        return;
    };
    if decoded.is_well_formed() {
        assert_eq!(gait::encode(&decoded.gait).ok().as_deref(), Some(data));
    }
    if let Ok((repaired, _)) = gait::repair(&decoded.gait) {
        let Ok(bytes) = gait::encode(&repaired) else {
            return;
        };
        let again = gait::decode(&bytes).expect("a repaired file reads");
        assert!(
            again
                .problems
                .iter()
                .all(|p| !matches!(p.code, GaitCode::SizeHeader | GaitCode::NoCountByte)),
            "{:?}",
            again.problems
        );
    }
});
