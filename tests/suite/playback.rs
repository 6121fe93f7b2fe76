//! Playback against the robot's tick stream: stepping the clock one tick at a time through a
//! real motion, the playhead shows exactly what the player commands, every joint, every tick.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::mtn;
use mtn_studio::edit::Playback;
use mtn_studio::robot::timing;

#[test]
fn stepping_the_clock_shows_the_tick_stream_exactly() {
    if !common::corpus_present("stepping_the_clock_shows_the_tick_stream_exactly") {
        return;
    }
    for entry in ["a_sit#stand_standard", "a_walk#walk_sox_fwd"] {
        let bytes = common::corpus_entry("monet-ERS-7-MOTION7.ODA", entry);
        let motion = mtn::decode(&bytes).unwrap().motion;
        let mut stream = Vec::new();
        timing::for_each_tick(&motion.keyframes, |_, values| stream.push(values.to_vec()));
        let ticks = timing::tick_count(&motion.keyframes);
        let mut playback = Playback::default();
        playback.toggle(ticks, None);
        for (tick, expected) in stream.iter().enumerate() {
            assert_eq!(playback.tick(), tick as u64, "{entry}");
            assert_eq!(
                &playback.values(&motion.keyframes),
                expected,
                "{entry} tick {tick}"
            );
            playback.advance(0.008, ticks, None);
        }
        assert!(!playback.playing, "{entry}: stops at the end");
        let last = motion.keyframes.get(motion.keyframes.len() - 1).unwrap();
        assert_eq!(
            playback.values(&motion.keyframes),
            last.angles_urad.to_vec()
        );
    }
}
