//! The sound card: the sound track of the motion in front, played locked to its playhead
//! ([`crate::behaviour::mix`]) through the system's default output (cpal). The device is
//! opened the first time there is something to play. Where there is none (CI, a remote
//! desktop) sound is off: the window says so once and everything else works.
//! `MTN_STUDIO_AUDIO=off` turns it off on purpose (the tests do).

use crate::behaviour::mix::{Preview, Renderer, Sync, Voice};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// What the window and the device's callback share.
#[derive(Default)]
struct Shared {
    voice: Option<Voice>,
    sync: Sync,
    /// Where the device is on the motion's axis (ms), as its callback last said.
    position_ms: f64,
    /// A sound heard once, apart from the playhead (the picker's Play).
    preview: Option<Preview>,
}

enum Output {
    /// Not opened yet (nothing was played).
    NotStarted,
    /// Playing through this stream (held only to be kept: dropping it stops the sound).
    On(#[expect(dead_code, reason = "held so the stream plays")] cpal::Stream),
    /// Off, and why.
    Off(String),
}

/// The sound output.
pub struct Audio {
    output: Output,
    shared: Arc<Mutex<Shared>>,
    clock: Instant,
    last_playhead_ms: f64,
    scrubs: u64,
}

/// Why sound is off: the output could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AudioError {
    /// The system has no output device.
    #[error("no audio output device")]
    NoDevice,
    /// The device gives no output format.
    #[error("the audio device gives no output format ({0})")]
    NoFormat(String),
    /// The device wants samples of a kind this does not write.
    #[error("the audio device wants {0} samples")]
    SampleFormat(String),
    /// The output stream could not be opened.
    #[error("the audio output could not be opened ({0})")]
    Open(String),
    /// The output stream would not start.
    #[error("the audio output would not start ({0})")]
    Start(String),
}

impl Default for Audio {
    fn default() -> Self {
        Self::new()
    }
}

/// Why sound is off on purpose, if it is.
fn turned_off() -> Option<String> {
    std::env::var("MTN_STUDIO_AUDIO")
        .ok()
        .filter(|v| v.eq_ignore_ascii_case("off") || v == "0")
        .map(|_| "sound is turned off (MTN_STUDIO_AUDIO=off)".to_owned())
}

impl Audio {
    /// Sound output, opened when first needed.
    #[must_use]
    pub fn new() -> Self {
        Self {
            output: turned_off().map_or(Output::NotStarted, Output::Off),
            shared: Arc::default(),
            clock: Instant::now(),
            last_playhead_ms: 0.0,
            scrubs: 0,
        }
    }

    /// Sound output that stays off, saying `reason` (tests, and a window told to be quiet).
    #[must_use]
    pub fn off(reason: &str) -> Self {
        Self {
            output: Output::Off(reason.to_owned()),
            ..Self::new()
        }
    }

    /// Why sound is off, if it is.
    #[must_use]
    pub fn off_reason(&self) -> Option<&str> {
        match &self.output {
            Output::Off(reason) => Some(reason),
            Output::NotStarted | Output::On(_) => None,
        }
    }

    /// Where the device is playing on the motion's axis (ms), while it plays.
    #[must_use]
    pub fn position_ms(&self) -> Option<f64> {
        matches!(self.output, Output::On(_)).then(|| {
            self.shared
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .position_ms
        })
    }

    fn now_ms(&self) -> f64 {
        self.clock.elapsed().as_secs_f64() * 1000.0
    }

    /// Opens the default output device.
    #[expect(
        clippy::wildcard_enum_match_arm,
        reason = "cpal's sample formats are many and may grow: the device's is refused by name"
    )]
    fn open(&mut self) -> Result<cpal::Stream, AudioError> {
        let host = cpal::default_host();
        let device = host.default_output_device().ok_or(AudioError::NoDevice)?;
        let supported = device
            .default_output_config()
            .map_err(|e| AudioError::NoFormat(e.to_string()))?;
        let config = supported.config();
        let channels = usize::from(config.channels);
        let mut renderer = Renderer::new(config.sample_rate);
        let shared = Arc::clone(&self.shared);
        let clock = self.clock;
        let mut render = move |out: &mut [f32]| {
            let now_ms = clock.elapsed().as_secs_f64() * 1000.0;
            let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
            let Shared {
                voice,
                sync,
                position_ms,
                preview,
            } = &mut *shared;
            renderer.render(voice.as_ref(), sync, now_ms, out, channels);
            *position_ms = renderer.position_ms();
            if preview
                .as_ref()
                .is_some_and(|p| !p.add_to(now_ms, renderer.device_rate, out, channels))
            {
                *preview = None;
            }
        };
        let failed = |e: cpal::Error| log::warn!("audio output: {e}");
        let stream = match supported.sample_format() {
            cpal::SampleFormat::F32 => device.build_output_stream(
                config,
                move |data: &mut [f32], _: &cpal::OutputCallbackInfo| render(data),
                failed,
                None,
            ),
            cpal::SampleFormat::I16 => {
                let mut scratch: Vec<f32> = Vec::new();
                device.build_output_stream(
                    config,
                    move |data: &mut [i16], _: &cpal::OutputCallbackInfo| {
                        scratch.resize(data.len(), 0.0);
                        render(&mut scratch);
                        for (d, s) in data.iter_mut().zip(&scratch) {
                            #[expect(clippy::cast_possible_truncation, reason = "a clamped sample")]
                            let v = (s.clamp(-1.0, 1.0) * 32767.0) as i16;
                            *d = v;
                        }
                    },
                    failed,
                    None,
                )
            }
            other => return Err(AudioError::SampleFormat(other.to_string())),
        }
        .map_err(|e| AudioError::Open(e.to_string()))?;
        stream
            .play()
            .map_err(|e| AudioError::Start(e.to_string()))?;
        Ok(stream)
    }

    /// Plays `voice` once, from now, over whatever plays (the picker's Play). Returns why it
    /// cannot be heard, where it cannot (no sound card; sound turned off).
    pub fn preview(&mut self, voice: Voice) -> Option<String> {
        if matches!(self.output, Output::NotStarted) {
            self.output = match self.open() {
                Ok(stream) => Output::On(stream),
                Err(reason) => Output::Off(reason.to_string()),
            };
        }
        match &self.output {
            Output::Off(reason) => Some(format!("Sound is off: {reason}")),
            Output::NotStarted | Output::On(_) => {
                let now_ms = self.now_ms();
                let mut shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
                shared.preview = Some(Preview {
                    voice,
                    started_ms: now_ms,
                });
                None
            }
        }
    }

    /// Follows the motion in front: its sound track (`voice`; None for none, or for one
    /// that is not played) and its playback. Returns a message to show once when sound
    /// turns out to be off.
    pub fn update(
        &mut self,
        voice: Option<Voice>,
        playing: bool,
        speed: f64,
        playhead_ms: f64,
    ) -> Option<String> {
        let moved = (playhead_ms - self.last_playhead_ms).abs() > 0.5;
        self.last_playhead_ms = playhead_ms;
        let scrubbed = !playing && moved;
        if scrubbed {
            self.scrubs += 1;
        }
        let mut said = None;
        if voice.is_some() && (playing || scrubbed) && matches!(self.output, Output::NotStarted) {
            self.output = match self.open() {
                Ok(stream) => Output::On(stream),
                Err(reason) => {
                    said = Some(format!(
                        "Sound is off: {reason}; playback goes on without it"
                    ));
                    Output::Off(reason.to_string())
                }
            };
        }
        if matches!(self.output, Output::On(_)) {
            let now_ms = self.now_ms();
            let mut shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
            shared.voice = voice;
            shared.sync = Sync {
                playing,
                speed,
                playhead_ms,
                at_ms: now_ms,
                scrubs: self.scrubs,
            };
        }
        said
    }
}
