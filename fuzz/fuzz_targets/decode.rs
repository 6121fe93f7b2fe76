//! Any bytes through the MTN reader and repair: nothing panics; a well-formed reading
//! re-encodes to the same bytes; repair output reads back well-formed, as the same motion.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::mtn;
use mtn_studio::robot::check::decode_checked;
use mtn_studio::robot::repair::repair;

fuzz_target!(|data: &[u8]| {
    let Ok(decoded) = mtn::decode(data) else {
        return;
    };
    if decoded.is_well_formed() {
        let bytes = mtn::encode(&decoded.motion).expect("a well-formed reading encodes");
        assert_eq!(
            bytes, data,
            "decode-encode of a well-formed file must be identical"
        );
    }
    let Ok(checked) = decode_checked(data) else {
        panic!("the checks never refuse what the reader read");
    };
    if let Ok(repaired) = repair(&checked) {
        let again = mtn::decode(&repaired.bytes).expect("repaired files read back");
        assert!(again.is_well_formed(), "{:?}", again.problems);
        assert_eq!(again.motion.keyframes, repaired.motion.keyframes);
    }
});
