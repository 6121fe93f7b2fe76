//! A MIDI sound made audible: its notes rendered to samples once, off the window's thread,
//! then played as a WAV is (locked to the playhead by [`super::mix`]). With a General MIDI
//! SoundFont (the one chosen, `MTN_STUDIO_SOUNDFONT`, or one the system has: Debian's
//! `timgm6mb-soundfont` or `fluid-soundfont-gm`) through `rustysynth`; without one, or when
//! it does not read, through a plain built-in voice (a soft organ tone, a noise tick on the
//! drum channel), so a MIDI sound is never silent.
//!
//! Bounded: at most [`MAX_MS`] of sound is rendered, 32 notes at a time in the built-in
//! voice, and a SoundFont over [`MAX_FONT_BYTES`] is not read.

use super::error::BehaviourError;
use crate::codec::sound::midi::MidiFile;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The rate a MIDI sound is rendered at.
pub const RATE: u32 = 22_050;
/// The most of a MIDI sound rendered (five minutes; an AIBO's sounds last seconds).
pub const MAX_MS: f64 = 300_000.0;
/// What is rendered after the last event, for the notes to fade.
const TAIL_MS: f64 = 400.0;
/// The largest SoundFont read.
pub const MAX_FONT_BYTES: u64 = 1 << 30;
/// Notes the built-in voice sounds at once (the oldest gives way).
const POLYPHONY: usize = 32;

/// Where Debian's General MIDI SoundFonts are installed, the first found is used.
pub const SYSTEM_FONTS: [&str; 5] = [
    "/usr/share/sounds/sf2/default-GM.sf2",
    "/usr/share/sounds/sf2/TimGM6mb.sf2",
    "/usr/share/sounds/sf2/FluidR3_GM.sf2",
    "/usr/share/soundfonts/default.sf2",
    "/usr/share/soundfonts/FluidR3_GM.sf2",
];

/// The SoundFont a MIDI sound plays through: `chosen` when given, else the one
/// `MTN_STUDIO_SOUNDFONT` names, else the system's; None for the built-in voice.
#[must_use]
pub fn find_font(chosen: Option<&Path>) -> Option<PathBuf> {
    if let Some(chosen) = chosen {
        return Some(chosen.to_owned());
    }
    if let Some(named) = std::env::var_os("MTN_STUDIO_SOUNDFONT") {
        // Set but empty: the built-in voice on purpose.
        return (!named.is_empty()).then(|| PathBuf::from(named));
    }
    SYSTEM_FONTS.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// Whether `path` is a SoundFont (a RIFF file of form `sfbk`), by its first 12 bytes.
///
/// # Errors
/// It cannot be read, or is not a SoundFont (the message names the file and what it holds).
pub fn check_font(path: &Path) -> Result<(), BehaviourError> {
    use std::io::Read;
    let mut head = [0u8; 12];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|source| BehaviourError::Io {
            path: path.to_owned(),
            source,
        })?;
    if &head[..4] == b"RIFF" && &head[8..] == b"sfbk" {
        Ok(())
    } else {
        Err(BehaviourError::NotASoundFont {
            path: path.to_owned(),
            found: crate::codec::error::describe_magic(&head),
        })
    }
}

/// A MIDI sound rendered.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// Mono samples, -1..1, at [`RATE`].
    pub samples: Arc<Vec<f32>>,
    /// What played it: the SoundFont's file name, or "the built-in voice" (and why).
    pub voice: String,
    /// It was cut at [`MAX_MS`].
    pub cut: bool,
}

/// The SoundFonts read so far (one is tens of megabytes: read once).
static FONTS: Mutex<Option<HashMap<PathBuf, Arc<rustysynth::SoundFont>>>> = Mutex::new(None);

/// Reads a SoundFont (once for each path).
///
/// # Errors
/// It cannot be opened, is too large, or does not read as a SoundFont.
pub fn load_font(path: &Path) -> Result<Arc<rustysynth::SoundFont>, BehaviourError> {
    let io = |source| BehaviourError::Io {
        path: path.to_owned(),
        source,
    };
    let unreadable = |reason: String| BehaviourError::SoundFontUnreadable {
        path: path.to_owned(),
        reason,
    };
    if let Some(font) = FONTS
        .lock()
        .ok()
        .and_then(|f| f.as_ref().and_then(|m| m.get(path).cloned()))
    {
        return Ok(font);
    }
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_FONT_BYTES {
        return Err(BehaviourError::SoundFontTooLarge {
            path: path.to_owned(),
            size,
            max: MAX_FONT_BYTES,
        });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    // rustysynth reads a well-formed file; a damaged one may panic inside it.
    let font = std::panic::catch_unwind(|| rustysynth::SoundFont::new(&mut bytes.as_slice()))
        .map_err(|_| unreadable("it stopped the reader".to_owned()))?
        .map_err(|e| unreadable(e.to_string()))?;
    let font = Arc::new(font);
    if let Ok(mut fonts) = FONTS.lock() {
        fonts
            .get_or_insert_with(HashMap::new)
            .insert(path.to_owned(), Arc::clone(&font));
    }
    Ok(font)
}

/// One thing the synthesiser is told, at a sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// A note ends (before a note begins at the same sample).
    Off { channel: u8, key: u8 },
    /// A channel's instrument.
    Program { channel: u8, program: u8 },
    /// A note begins.
    On { channel: u8, key: u8, velocity: u8 },
}

/// The file's events at their samples, in order, and the samples to render in all (capped
/// at [`MAX_MS`]; the bool says it was).
fn events(file: &MidiFile) -> (Vec<(usize, Event)>, usize, bool) {
    let per_ms = f64::from(RATE) / 1000.0;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a sample within MAX_MS"
    )]
    let at = |tick: u64| (file.ms_at(tick).clamp(0.0, MAX_MS) * per_ms) as usize;
    let mut events = Vec::with_capacity(file.notes.len() * 2 + file.programs.len());
    for &(tick, channel, program) in &file.programs {
        events.push((at(tick), Event::Program { channel, program }));
    }
    for note in &file.notes {
        let (channel, key) = (note.channel, note.key);
        events.push((
            at(note.start_tick),
            Event::On {
                channel,
                key,
                velocity: note.velocity,
            },
        ));
        events.push((at(note.end_tick), Event::Off { channel, key }));
    }
    events.sort_unstable();
    let wanted = file.duration_ms() + TAIL_MS;
    let cut = wanted > MAX_MS;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a sample count within MAX_MS"
    )]
    let total = (wanted.min(MAX_MS) * per_ms) as usize;
    (events, total, cut)
}

/// Renders a MIDI sound through the SoundFont at `font`, or the built-in voice.
#[must_use]
pub fn render(file: &MidiFile, font: Option<&Path>) -> Rendered {
    let (events, total, cut) = events(file);
    let built_in = |why: String| Rendered {
        samples: Arc::new(built_in(&events, total)),
        voice: why,
        cut,
    };
    let Some(path) = font else {
        return built_in("the built-in voice (no SoundFont found)".to_owned());
    };
    let synthesised = load_font(path).and_then(|font| {
        std::panic::catch_unwind(|| with_font(path, &font, &events, total)).unwrap_or_else(|_| {
            Err(BehaviourError::SoundFontUnreadable {
                path: path.to_owned(),
                reason: "the synthesiser stopped".to_owned(),
            })
        })
    });
    match synthesised {
        Ok(samples) => Rendered {
            samples: Arc::new(samples),
            voice: path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            cut,
        },
        Err(why) => built_in(format!("the built-in voice ({why})")),
    }
}

/// Renders through rustysynth, block by block between events.
fn with_font(
    path: &Path,
    font: &Arc<rustysynth::SoundFont>,
    events: &[(usize, Event)],
    total: usize,
) -> Result<Vec<f32>, BehaviourError> {
    #[expect(clippy::cast_possible_wrap, reason = "22,050")]
    let settings = rustysynth::SynthesizerSettings::new(RATE as i32);
    let mut synth = rustysynth::Synthesizer::new(font, &settings).map_err(|e| {
        BehaviourError::SoundFontUnreadable {
            path: path.to_owned(),
            reason: e.to_string(),
        }
    })?;
    let mut out = Vec::with_capacity(total);
    let (mut left, mut right) = (vec![0.0f32; 512], vec![0.0f32; 512]);
    let mut render_to = |synth: &mut rustysynth::Synthesizer, out: &mut Vec<f32>, end: usize| {
        while out.len() < end {
            let n = (end - out.len()).min(left.len());
            synth.render(&mut left[..n], &mut right[..n]);
            out.extend(
                left[..n]
                    .iter()
                    .zip(&right[..n])
                    .map(|(l, r)| (l + r) * 0.5),
            );
        }
    };
    for &(at, event) in events {
        render_to(&mut synth, &mut out, at.min(total));
        match event {
            Event::Program { channel, program } => {
                synth.process_midi_message(i32::from(channel), 0xC0, i32::from(program), 0);
            }
            Event::On {
                channel,
                key,
                velocity,
            } => synth.note_on(i32::from(channel), i32::from(key), i32::from(velocity)),
            Event::Off { channel, key } => synth.note_off(i32::from(channel), i32::from(key)),
        }
    }
    render_to(&mut synth, &mut out, total);
    Ok(out)
}

/// One note of the built-in voice.
#[derive(Clone, Copy, Debug)]
struct Tone {
    channel: u8,
    key: u8,
    /// Radians a sample.
    step: f32,
    phase: f32,
    loudness: f32,
    /// Samples since it began.
    age: usize,
    /// Samples since it was let go, once it was.
    released: Option<usize>,
}

/// The built-in voice: a soft tone with a little second harmonic, or a noise tick on the
/// drum channel (10), each note's loudness shaped by a short attack, a fall to a sustain,
/// and a release.
fn built_in(events: &[(usize, Event)], total: usize) -> Vec<f32> {
    #[expect(clippy::cast_precision_loss, reason = "a sample rate")]
    let rate = RATE as f32;
    let mut out = vec![0.0f32; total];
    let mut tones: Vec<Tone> = Vec::with_capacity(POLYPHONY);
    let mut noise = Noise(0x2545_f491);
    let mut from = 0;
    for &(at, event) in events {
        let to = at.min(total);
        sound(&mut tones, &mut out[from..to], &mut noise);
        from = to;
        match event {
            Event::On {
                channel,
                key,
                velocity,
            } if at < total => {
                if tones.len() == POLYPHONY {
                    tones.remove(0);
                }
                let hz = 440.0 * 2f32.powf((f32::from(key) - 69.0) / 12.0);
                tones.push(Tone {
                    channel,
                    key,
                    step: std::f32::consts::TAU * hz / rate,
                    phase: 0.0,
                    loudness: 0.18 * f32::from(velocity) / 127.0,
                    age: 0,
                    released: None,
                });
            }
            Event::Off { channel, key } => {
                for tone in &mut tones {
                    if tone.channel == channel && tone.key == key && tone.released.is_none() {
                        tone.released = Some(0);
                    }
                }
            }
            Event::On { .. } | Event::Program { .. } => {}
        }
    }
    sound(&mut tones, &mut out[from..], &mut noise);
    out
}

/// A small white-noise source (xorshift).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        #[expect(clippy::cast_precision_loss, reason = "noise")]
        let white = self.0 as f32 / u32::MAX as f32;
        white * 2.0 - 1.0
    }
}

/// Mixes the tones sounding into `out`, moving them on; tones whose release ended go.
fn sound(tones: &mut Vec<Tone>, out: &mut [f32], noise: &mut Noise) {
    #[expect(clippy::cast_precision_loss, reason = "a sample rate")]
    let per_ms = RATE as f32 / 1000.0;
    let (attack, fall, release, tick) =
        (6.0 * per_ms, 90.0 * per_ms, 120.0 * per_ms, 40.0 * per_ms);
    for sample in out.iter_mut() {
        let mut sum = 0.0;
        for tone in tones.iter_mut() {
            #[expect(clippy::cast_precision_loss, reason = "ages within MAX_MS")]
            let age = tone.age as f32;
            let mut level = if age < attack {
                age / attack
            } else {
                0.6 + 0.4 * (-(age - attack) / fall).exp()
            };
            if let Some(gone) = tone.released.as_mut() {
                #[expect(clippy::cast_precision_loss, reason = "ages within MAX_MS")]
                let faded = *gone as f32 / release;
                level *= (1.0 - faded).max(0.0);
                *gone += 1;
            }
            let wave = if tone.channel == 9 {
                noise.next() * (-age / tick).exp()
            } else {
                tone.phase = (tone.phase + tone.step) % std::f32::consts::TAU;
                tone.phase.sin() + 0.3 * (2.0 * tone.phase).sin()
            };
            sum += wave * level * tone.loudness;
            tone.age += 1;
        }
        *sample = sum.clamp(-1.0, 1.0);
    }
    #[expect(clippy::cast_precision_loss, reason = "ages within MAX_MS")]
    tones.retain(|t| t.released.is_none_or(|gone| (gone as f32) < release));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::sound::midi::{Note, TempoChange};

    fn tune(notes: &[(u8, u8, u64, u64)]) -> MidiFile {
        MidiFile {
            format: 0,
            ticks_per_quarter: 480,
            tracks: 1,
            tempo_changes: vec![TempoChange {
                tick: 0,
                us_per_quarter: 500_000,
            }],
            notes: notes
                .iter()
                .map(|&(channel, key, start_tick, end_tick)| Note {
                    channel,
                    key,
                    velocity: 100,
                    start_tick,
                    end_tick,
                })
                .collect(),
            texts: Vec::new(),
            programs: vec![(0, 0, 80)],
            end_tick: notes.iter().map(|n| n.3).max().unwrap_or(0),
        }
    }

    /// The loudness (root mean square) of `samples` between two times (ms).
    fn loudness(samples: &[f32], from_ms: f64, to_ms: f64) -> f32 {
        let at = |ms: f64| ((ms * f64::from(RATE) / 1000.0) as usize).min(samples.len());
        let part = &samples[at(from_ms)..at(to_ms)];
        (part.iter().map(|s| s * s).sum::<f32>() / part.len().max(1) as f32).sqrt()
    }

    #[test]
    fn the_built_in_voice_sounds_where_the_notes_are_and_is_silent_between() {
        // A4 for a quarter (500 ms), a rest, a drum tick at 1,500 ms.
        let file = tune(&[(0, 69, 0, 480), (9, 38, 1440, 1500)]);
        let rendered = render(&file, None);
        assert!(rendered.voice.starts_with("the built-in voice"));
        let samples = &rendered.samples;
        assert_eq!(samples.len(), ((1562.5 + TAIL_MS) * 22.05) as usize);
        assert!(loudness(samples, 50.0, 450.0) > 0.05);
        assert!(
            loudness(samples, 800.0, 1400.0) < 1e-4,
            "silent in the rest"
        );
        assert!(loudness(samples, 1500.0, 1540.0) > 0.01, "the drum");
        // 440 Hz: about 176 rising zero crossings in 400 ms.
        let crossings = samples[(0.05 * 22050.0) as usize..(0.45 * 22050.0) as usize]
            .windows(2)
            .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
            .count();
        assert!((170..=182).contains(&crossings), "{crossings}");
    }

    #[test]
    fn a_font_that_does_not_read_falls_back_to_the_built_in_voice_and_says_why() {
        let dir = std::env::temp_dir().join(format!("mtn-synth-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.sf2");
        std::fs::write(&bad, b"RIFF\x04\x00\x00\x00sfbk").unwrap();
        let rendered = render(&tune(&[(0, 60, 0, 240)]), Some(&bad));
        assert!(
            rendered.voice.starts_with("the built-in voice (")
                && rendered.voice.contains("bad.sf2"),
            "{}",
            rendered.voice
        );
        assert!(loudness(&rendered.samples, 20.0, 200.0) > 0.05);
        // Choosing it is refused up front, naming what it holds instead.
        let wav = dir.join("voice.wav");
        std::fs::write(&wav, b"RIFF\x04\x00\x00\x00WAVEfmt ").unwrap();
        let why = check_font(&wav).unwrap_err().to_string();
        assert!(why.contains("voice.wav: not a SoundFont"), "{why}");
        assert!(
            check_font(&bad).is_ok(),
            "RIFF and sfbk: a SoundFont by its head"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_tune_longer_than_the_cap_is_cut_there() {
        // One note a minute long at a tempo of 60 seconds a quarter: 100 minutes.
        let mut file = tune(&[(0, 60, 0, 100 * 480)]);
        file.tempo_changes[0].us_per_quarter = 60_000_000;
        let (_, total, cut) = events(&file);
        assert!(cut);
        assert_eq!(total, (MAX_MS * 22.05) as usize);
    }
}
