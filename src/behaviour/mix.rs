//! What the sound card plays, worked out block by block: the sound track's samples at the
//! playhead, resampled to the device's rate and the playback speed (the pitch follows the
//! speed, as a tape's does), locked to the playhead.
//!
//! The window's clock moves the playhead; the device's clock pulls samples. The two drift
//! apart (no two clocks agree), so each block is checked against where the playhead is now
//! (the window's last playhead, moved on by the time since it was set): a little off, the
//! block is read up to 1% faster or slower until it is back; more than [`RESYNC_MS`] off (a
//! seek, a loop), it starts where the playhead is. A scrub (the playhead moved while
//! stopped) plays a short grain under it.
//!
//! No audio device is needed: [`Renderer::render`] is plain arithmetic that a test drives
//! with a clock of its own (the null sink), and the window with the device's callback.

use std::sync::Arc;

/// A block further than this from the playhead starts again where the playhead is.
pub const RESYNC_MS: f64 = 12.0;
/// The most the reading rate is nudged to follow the playhead (1%).
pub const MAX_NUDGE: f64 = 0.01;
/// A scrub's grain.
pub const GRAIN_MS: f64 = 60.0;
/// The fade at a jump, a grain's ends and a stop, so none of them clicks.
const FADE_MS: f64 = 4.0;

/// The sound track as the renderer plays it.
#[derive(Clone, Debug)]
pub struct Voice {
    /// Mono samples, -1..1.
    pub samples: Arc<Vec<f32>>,
    /// Their rate.
    pub rate: u32,
    /// Where the sound starts on the motion's time axis (ms).
    pub offset_ms: f64,
}

impl Voice {
    /// The sample at `motion_ms` on the motion's axis, between samples by a straight line;
    /// silence outside the sound.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a sample index inside the sound, checked"
    )]
    pub fn at(&self, motion_ms: f64) -> f32 {
        let position = (motion_ms - self.offset_ms) * f64::from(self.rate) / 1000.0;
        if position < 0.0 {
            return 0.0;
        }
        let index = position.floor() as usize;
        let (Some(&a), b) = (self.samples.get(index), self.samples.get(index + 1)) else {
            return 0.0;
        };
        let b = b.copied().unwrap_or(0.0);
        let t = (position - position.floor()) as f32;
        a + (b - a) * t
    }
}

/// What the window says of playback, with the clock time it was true at.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sync {
    /// Playing.
    pub playing: bool,
    /// Playback speed (1: the robot's).
    pub speed: f64,
    /// The playhead (ms on the motion's axis).
    pub playhead_ms: f64,
    /// The clock time (ms) the playhead was there.
    pub at_ms: f64,
    /// A scrub to sound: a count that goes up each time the stopped playhead is moved.
    pub scrubs: u64,
}

impl Sync {
    /// Where the playhead is at clock time `now_ms`.
    #[must_use]
    pub fn playhead_at(&self, now_ms: f64) -> f64 {
        if self.playing {
            self.playhead_ms + (now_ms - self.at_ms).max(0.0) * self.speed
        } else {
            self.playhead_ms
        }
    }
}

/// Renders the sound track block by block (see the module doc).
#[derive(Clone, Debug)]
pub struct Renderer {
    /// The device's frames a second.
    pub device_rate: u32,
    /// Where the next frame is on the motion's axis (ms).
    position_ms: f64,
    /// The scrub count last sounded.
    scrubs: u64,
    /// What is left of the grain (ms), and where it plays.
    grain: Option<(f64, f64)>,
    /// Whether the last block was sounding (a stop then fades out).
    sounding: bool,
}

impl Renderer {
    /// A renderer for a device of `device_rate` frames a second.
    #[must_use]
    pub fn new(device_rate: u32) -> Self {
        Self {
            device_rate: device_rate.max(1),
            position_ms: 0.0,
            scrubs: 0,
            grain: None,
            sounding: false,
        }
    }

    /// Where the next frame is on the motion's axis (ms): what the device plays now.
    #[must_use]
    pub fn position_ms(&self) -> f64 {
        self.position_ms
    }

    /// Fills `out` (`channels` interleaved) with what plays from clock time `now_ms`.
    pub fn render(
        &mut self,
        voice: Option<&Voice>,
        sync: &Sync,
        now_ms: f64,
        out: &mut [f32],
        channels: usize,
    ) {
        let channels = channels.max(1);
        let frame_ms = 1000.0 / f64::from(self.device_rate);
        let target = sync.playhead_at(now_ms);
        if sync.scrubs != self.scrubs {
            self.scrubs = sync.scrubs;
            if !sync.playing {
                self.grain = Some((GRAIN_MS, target));
            }
        }
        let (speed, mut at, mut left_ms) = if sync.playing {
            self.grain = None;
            let behind = target - self.position_ms;
            if behind.abs() > RESYNC_MS {
                self.position_ms = target;
            }
            // Within that, the device reads a little faster or slower (at most 1%, which no
            // ear hears) until it is back on the playhead, so clocks that drift apart never
            // make it skip.
            let nudge = if behind.abs() > RESYNC_MS {
                0.0
            } else {
                (behind / 100.0).clamp(-MAX_NUDGE, MAX_NUDGE)
            };
            (sync.speed * (1.0 + nudge), self.position_ms, f64::INFINITY)
        } else if let Some((left, at)) = self.grain {
            (1.0, at, left)
        } else {
            // Stopped: the last block faded out; silence now.
            let fade_from = self.sounding.then_some(self.position_ms);
            self.sounding = false;
            self.position_ms = target;
            for (i, frame) in out.chunks_mut(channels).enumerate() {
                #[expect(clippy::cast_precision_loss, reason = "frames of one block")]
                let t = i as f64 * frame_ms;
                let value = match (fade_from, voice) {
                    (Some(from), Some(v)) if t < FADE_MS => {
                        #[expect(clippy::cast_possible_truncation, reason = "a gain")]
                        let gain = (1.0 - t / FADE_MS) as f32;
                        v.at(from + t) * gain
                    }
                    _ => 0.0,
                };
                frame.fill(value);
            }
            return;
        };
        let grain_total = GRAIN_MS;
        for frame in out.chunks_mut(channels) {
            let mut value = voice.map_or(0.0, |v| v.at(at));
            if left_ms.is_finite() {
                // A grain fades in and out.
                let done = grain_total - left_ms;
                let gain = (done / FADE_MS).min(left_ms / FADE_MS).clamp(0.0, 1.0);
                #[expect(clippy::cast_possible_truncation, reason = "a gain")]
                let gain = gain as f32;
                value *= gain;
                left_ms -= frame_ms;
                if left_ms <= 0.0 {
                    value = 0.0;
                }
            }
            frame.fill(value);
            at += frame_ms * speed;
        }
        if sync.playing {
            self.position_ms = at;
            self.sounding = true;
        } else {
            self.grain = (left_ms > 0.0).then_some((left_ms, at));
            self.sounding = false;
        }
    }
}

/// A sound heard once, apart from the playhead (the picker's Play): mixed over what the
/// renderer wrote, from clock time `started_ms` on.
#[derive(Clone, Debug)]
pub struct Preview {
    /// The sound (its offset unused: it starts at once).
    pub voice: Voice,
    /// The clock time (ms) it started at.
    pub started_ms: f64,
}

impl Preview {
    /// Adds the block from clock time `now_ms` (the device's `device_rate` frames a second,
    /// `channels` interleaved) to `out`; returns whether the sound goes on after it.
    pub fn add_to(&self, now_ms: f64, device_rate: u32, out: &mut [f32], channels: usize) -> bool {
        let channels = channels.max(1);
        let frame_ms = 1000.0 / f64::from(device_rate.max(1));
        let start = now_ms - self.started_ms;
        for (i, frame) in out.chunks_mut(channels).enumerate() {
            #[expect(clippy::cast_precision_loss, reason = "frames of one block")]
            let t = start + i as f64 * frame_ms;
            let value = self.voice.at(t + self.voice.offset_ms);
            for sample in frame {
                *sample = (*sample + value).clamp(-1.0, 1.0);
            }
        }
        #[expect(clippy::cast_precision_loss, reason = "a sample count")]
        let length_ms =
            self.voice.samples.len() as f64 * 1000.0 / f64::from(self.voice.rate.max(1));
        #[expect(clippy::cast_precision_loss, reason = "frames of one block")]
        let after = start + (out.len() / channels) as f64 * frame_ms;
        after < length_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preview_is_heard_from_its_start_over_what_plays_and_then_ends() {
        let voice = ramp(8_000, 100);
        let preview = Preview {
            voice: voice.clone(),
            started_ms: 1_000.0,
        };
        // 50 ms in: the sound's middle, added to what the block held.
        let mut out = vec![0.25; 40 * 2];
        assert!(preview.add_to(1_050.0, 8_000, &mut out, 2));
        assert!((out[0] - (0.25 + voice.at(50.0))).abs() < 1e-6);
        assert_eq!(out[0], out[1]);
        // Past its end: nothing added, and it says it is over.
        let mut out = vec![0.0; 40];
        assert!(!preview.add_to(1_200.0, 8_000, &mut out, 1));
        assert!(out.iter().all(|&s| s == 0.0));
    }

    fn ramp(rate: u32, ms: u32) -> Voice {
        let n = (rate * ms / 1000) as usize;
        Voice {
            samples: Arc::new((0..n).map(|i| i as f32 / n as f32).collect()),
            rate,
            offset_ms: 0.0,
        }
    }

    #[test]
    fn the_voice_is_read_between_samples_and_silent_outside() {
        let voice = Voice {
            samples: Arc::new(vec![0.0, 1.0]),
            rate: 1000,
            offset_ms: 10.0,
        };
        assert_eq!(voice.at(9.0), 0.0);
        assert!((voice.at(10.5) - 0.5).abs() < 1e-6);
        assert_eq!(voice.at(12.5), 0.0);
    }

    #[test]
    fn playing_follows_the_playhead_at_the_speed() {
        let voice = ramp(16_000, 2000);
        let mut renderer = Renderer::new(48_000);
        let sync = Sync {
            playing: true,
            speed: 2.0,
            playhead_ms: 500.0,
            at_ms: 0.0,
            scrubs: 0,
        };
        let mut out = vec![0.0; 480 * 2];
        renderer.render(Some(&voice), &sync, 0.0, &mut out, 2);
        // 10 ms of device time at twice the speed: 20 ms of the sound.
        assert!((renderer.position_ms() - 520.0).abs() < 1e-9);
        assert!((out[0] - voice.at(500.0)).abs() < 1e-6);
        assert_eq!(out[0], out[1], "both channels");
    }

    #[test]
    fn a_scrub_sounds_one_short_grain() {
        let voice = Voice {
            samples: Arc::new(vec![0.5; 16_000]),
            rate: 16_000,
            offset_ms: 0.0,
        };
        let mut renderer = Renderer::new(1000);
        let mut sync = Sync {
            playing: false,
            speed: 1.0,
            playhead_ms: 300.0,
            at_ms: 0.0,
            scrubs: 1,
        };
        let mut out = vec![0.0; 200];
        renderer.render(Some(&voice), &sync, 0.0, &mut out, 1);
        let sounding = out.iter().filter(|&&s| s > 0.0).count();
        assert!((55..=60).contains(&sounding), "{sounding} ms of grain");
        // Nothing more until the next scrub.
        renderer.render(Some(&voice), &sync, 200.0, &mut out, 1);
        assert!(out.iter().all(|&s| s == 0.0));
        sync.scrubs = 2;
        renderer.render(Some(&voice), &sync, 400.0, &mut out, 1);
        assert!(out.iter().any(|&s| s > 0.0));
    }
}
