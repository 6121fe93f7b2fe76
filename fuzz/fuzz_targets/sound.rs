//! Any bytes through the WAV decoder and the MIDI and LED readers: nothing panics; a MIDI
//! file that reads (a short one: rendering takes its length) renders in the built-in voice
//! to as many samples as its length gives; an LED pattern that reads writes back as MIDI
//! that reads as the same pattern.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::behaviour::synth;
use mtn_studio::codec::sound::{led, midi, wave};

fuzz_target!(|data: &[u8]| {
    let _ = wave::decode(data);
    if let Ok(file) = midi::read(data)
        && file.duration_ms() < 2_000.0
    {
        let rendered = synth::render(&file, None);
        assert!(
            rendered
                .samples
                .iter()
                .all(|s| s.is_finite() && s.abs() <= 1.0)
        );
    }
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
