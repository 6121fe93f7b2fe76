//! Sound locked to the picture, measured with a null sink: a minute of playback where the
//! window's clock moves the playhead (frames 16.7 ms apart, give or take) and a device whose
//! clock runs fast pulls blocks of samples. The position the device plays is compared with
//! the playhead at each block: it stays within 20 ms (within a few, once the start's first
//! block is past). The same run without the renderer's locking (the naive player: start
//! together, then let the device's clock run) drifts past it, so the measurement can fail.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "tests fail by panicking; simulated times"
)]

use mtn_studio::behaviour::mix::{Renderer, Sync, Voice};
use mtn_studio::codec::mtn::Motion;
use mtn_studio::edit::Playback;
use std::sync::Arc;

/// A motion of `seconds` (a keyframe every 2 s, 125 frames of 16 ms).
fn long_motion(seconds: u32) -> Motion {
    let locators = mtn_studio::robot::postures::posture_locators(mtn_studio::robot::Model::Ers7);
    let mut motion = Motion::new("a_stand#stand_long", "test", "DRX-1000", locators.clone());
    let zeros = vec![0; locators.len()];
    motion.keyframes.push(0, [0; 3], &zeros).unwrap();
    for _ in 0..seconds / 2 {
        motion.keyframes.push(125, [0; 3], &zeros).unwrap();
    }
    motion
}

/// The largest distance (ms) between what the device plays and the playhead over a minute
/// at `speed`, the device's clock `skew` fast, re-locking or not.
fn worst_drift(speed: f64, skew: f64, relock: bool) -> f64 {
    // Long enough to play a minute at twice the speed.
    let motion = long_motion(130);
    let ticks = mtn_studio::robot::timing::tick_count(&motion.keyframes);
    let mut playback = Playback::default();
    playback.set_speed(speed);
    playback.toggle(ticks, None);
    let voice = Voice {
        samples: Arc::new(vec![0.25; 16_000 * 80]),
        rate: 16_000,
        offset_ms: 0.0,
    };
    let device_rate = 48_000;
    let block = 512;
    let mut renderer = Renderer::new(device_rate);
    let mut out = vec![0.0f32; block * 2];
    let mut sync = Sync {
        playing: true,
        speed,
        playhead_ms: 0.0,
        at_ms: 0.0,
        scrubs: 0,
    };
    // The window's frames: 16.7 ms apart, with a reproducible jitter of up to 4 ms.
    let mut next_frame = 0.0f64;
    let mut last_frame = 0.0f64;
    let mut jitter = 0x1234_5678u32;
    // The device's blocks, its clock `skew` fast against the window's.
    let block_ms = block as f64 * 1000.0 / f64::from(device_rate) / (1.0 + skew);
    let mut device = 0.0f64;
    let mut worst = 0.0f64;
    let mut started = false;
    while device < 60_000.0 {
        while next_frame <= device {
            jitter ^= jitter << 13;
            jitter ^= jitter >> 17;
            jitter ^= jitter << 5;
            let frame_at = next_frame;
            next_frame += 16.7 + f64::from(jitter % 8000) / 1000.0 - 4.0;
            // Each frame moves the playhead on by the time since the frame before.
            playback.advance((frame_at - last_frame) / 1000.0, ticks, None);
            last_frame = frame_at;
            sync.playhead_ms = playback.position_ms();
            sync.at_ms = frame_at;
        }
        if started {
            let playhead = sync.playhead_at(device);
            worst = worst.max((renderer.position_ms() - playhead).abs());
        }
        if relock || !started {
            renderer.render(Some(&voice), &sync, device, &mut out, 2);
        } else {
            // The naive player: the device's clock alone moves it on.
            let free = Sync {
                playhead_ms: renderer.position_ms(),
                at_ms: device,
                ..sync.clone()
            };
            renderer.render(Some(&voice), &free, device, &mut out, 2);
        }
        started = true;
        device += block_ms;
    }
    worst
}

#[test]
fn sound_stays_within_20_ms_of_the_playhead_over_a_minute() {
    for speed in [1.0, 0.5, 2.0] {
        for skew in [0.003, -0.003, 0.0] {
            let drift = worst_drift(speed, skew, true);
            println!("speed {speed}, device clock {skew:+}: worst {drift:.2} ms off the playhead");
            assert!(drift <= 20.0, "speed {speed}, skew {skew}: {drift:.1} ms");
        }
    }
}

#[test]
fn the_naive_player_drifts_past_it() {
    let drift = worst_drift(1.0, 0.003, false);
    println!("without re-locking: worst {drift:.1} ms off the playhead");
    assert!(drift > 20.0, "{drift}");
}
