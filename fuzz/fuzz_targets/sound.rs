//! Any bytes through the WAV decoder and the MIDI and LED readers: nothing panics; an LED
//! pattern that reads writes back as MIDI that reads as the same pattern.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::sound::{led, midi, wave};

fuzz_target!(|data: &[u8]| {
    let _ = wave::decode(data);
    let _ = midi::read(data);
    let Ok(mut pattern) = led::read(data) else {
        return;
    };
    pattern.normalise();
    let Ok(written) = pattern.write() else {
        return;
    };
    let mut again = led::read(&written).expect("what the writer writes reads back");
    again.normalise();
    assert_eq!(again.notes, pattern.notes);
});
