//! Any text through the CSV motion reader: nothing panics; a motion that reads writes back
//! as CSV that reads as the same motion (every microradian, every header string).

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::csv;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(motion) = csv::read(text) else {
        return;
    };
    let written = csv::write(&motion, &[], &[]);
    let again = csv::read(&written).expect("what the writer writes reads back");
    assert_eq!(again, motion);
});
