//! A sound or LED pattern placed beside a motion: where it came from (a file, or an
//! archive's entry), what it holds, decoded for drawing and playing, and its offset.

use super::error::BehaviourError;
use super::peaks::Peaks;
use crate::codec::oda::Archive;
use crate::codec::sound::led::LedPattern;
use crate::codec::sound::midi::{self, MidiFile};
use crate::codec::sound::{SoundKind, wave};
use crate::robot::pairing::{Wanted, candidates};
use std::path::PathBuf;
use std::sync::Arc;

/// Which track a part goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Track {
    /// The sound track (a WAV, or a MIDI sound).
    Sound,
    /// The LED track.
    Led,
}

impl Track {
    /// The track's name in the window ("Sound", "LED").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Sound => "Sound",
            Self::Led => "LED",
        }
    }
}

/// Where a part comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file (a sound, an LED pattern, or an archive).
    pub path: PathBuf,
    /// The archive entry, for an archive.
    pub entry: Option<String>,
}

impl Source {
    /// `FILE` or `FILE:ENTRY`, for messages.
    #[must_use]
    pub fn label(&self) -> String {
        match &self.entry {
            Some(entry) => format!("{}:{entry}", self.path.display()),
            None => self.path.display().to_string(),
        }
    }

    /// The short name the track shows: the entry, else the file's name.
    #[must_use]
    pub fn short(&self) -> String {
        self.entry.clone().unwrap_or_else(|| {
            self.path.file_name().map_or_else(
                || self.path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
    }
}

/// What a part holds.
#[derive(Clone, Debug)]
pub enum Data {
    /// A WAV sound: its samples (mono) and their pyramid.
    Wave {
        /// Samples a second.
        rate: u32,
        /// The samples, -1..1.
        samples: Arc<Vec<f32>>,
        /// Their min/max pyramid.
        peaks: Arc<Peaks>,
    },
    /// A MIDI sound.
    Midi(Arc<MidiFile>),
    /// An LED pattern, and its notes in ms lane by lane (for drawing).
    Led {
        /// The pattern.
        pattern: LedPattern,
        /// Its lights' notes in ms, one lane per light.
        lanes: Arc<Vec<LedLane>>,
    },
}

/// One light's notes in ms, in time order.
#[derive(Clone, Debug, PartialEq)]
pub struct LedLane {
    /// The light's note number.
    pub key: u8,
    /// Its notes.
    pub notes: Vec<LaneNote>,
}

/// A note of an LED lane, in ms from the pattern's start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LaneNote {
    /// Its start.
    pub start: f64,
    /// Its end.
    pub end: f64,
    /// Its brightness, 1-127.
    pub velocity: u8,
    /// Its index in the pattern's notes.
    pub index: usize,
}

/// The lanes of a pattern: one per light it uses, lowest note first.
#[must_use]
pub fn led_lanes(pattern: &LedPattern) -> Vec<LedLane> {
    let mut lanes: Vec<LedLane> = Vec::new();
    for (index, note) in pattern.notes.iter().enumerate() {
        let times = LaneNote {
            start: pattern.ms_at(note.start_tick),
            end: pattern.ms_at(note.end_tick),
            velocity: note.velocity,
            index,
        };
        match lanes.iter_mut().find(|l| l.key == note.key) {
            Some(lane) => lane.notes.push(times),
            None => lanes.push(LedLane {
                key: note.key,
                notes: vec![times],
            }),
        }
    }
    lanes.sort_by_key(|l| l.key);
    for lane in &mut lanes {
        lane.notes.sort_by(|a, b| a.start.total_cmp(&b.start));
    }
    lanes
}

impl Data {
    /// An LED pattern's data, its lanes worked out.
    #[must_use]
    pub fn led(pattern: LedPattern) -> Self {
        let lanes = Arc::new(led_lanes(&pattern));
        Self::Led { pattern, lanes }
    }

    /// An edited LED pattern's data: its lanes, and an empty lane for each light of `kept`
    /// (the lanes before the edit) it no longer uses. A lane whose last note was deleted
    /// stays where it was, and the lanes below it do not move under the pointer.
    #[must_use]
    pub fn led_keeping(pattern: LedPattern, kept: &[LedLane]) -> Self {
        let mut lanes = led_lanes(&pattern);
        for lane in kept {
            if !lanes.iter().any(|l| l.key == lane.key) {
                lanes.push(LedLane {
                    key: lane.key,
                    notes: Vec::new(),
                });
            }
        }
        lanes.sort_by_key(|l| l.key);
        Self::Led {
            pattern,
            lanes: Arc::new(lanes),
        }
    }
}

/// A sound or LED pattern on a motion's track.
#[derive(Clone, Debug)]
pub struct Part {
    /// Where it came from.
    pub source: Source,
    /// What it is.
    pub kind: SoundKind,
    /// What it holds.
    pub data: Data,
    /// Where it starts on the motion's time axis (ms; negative: before the motion).
    pub offset_ms: i64,
    /// Where its sounds begin, in ms from its start: a WAV's onsets ([`super::onsets`]), a
    /// MIDI sound's note starts; none for an LED pattern.
    pub onsets_ms: Arc<Vec<f64>>,
}

impl Part {
    /// The track it goes on.
    #[must_use]
    pub fn track(&self) -> Track {
        if self.kind == SoundKind::Led {
            Track::Led
        } else {
            Track::Sound
        }
    }

    /// Its length in ms.
    #[must_use]
    pub fn duration_ms(&self) -> f64 {
        match &self.data {
            #[expect(clippy::cast_precision_loss, reason = "sample counts far under 2^52")]
            Data::Wave { rate, samples, .. } => {
                samples.len() as f64 * 1000.0 / f64::from((*rate).max(1))
            }
            Data::Midi(file) => file.duration_ms(),
            Data::Led { pattern, .. } => pattern.duration_ms(),
        }
    }

    /// Where it ends on the motion's time axis (ms).
    #[must_use]
    #[expect(clippy::cast_precision_loss, reason = "offsets in ms")]
    pub fn end_ms(&self) -> f64 {
        self.offset_ms as f64 + self.duration_ms()
    }
}

/// How a part `after_ms` longer than the motion ends against it, in words ("ends 327 ms
/// after the motion").
#[must_use]
pub fn ends_against_motion(after_ms: f64) -> String {
    if after_ms.abs() < 0.5 {
        "ends with the motion".to_owned()
    } else if after_ms > 0.0 {
        format!("ends {after_ms:.0} ms after the motion")
    } else {
        format!("ends {:.0} ms before the motion", -after_ms)
    }
}

/// The entry of `archive` that best goes with the motion named `motion` on `track` (the
/// naming rule's first candidate), with why.
#[must_use]
pub fn best_entry(archive: &Archive, motion: &str, track: Track) -> Option<String> {
    let wanted = match track {
        Track::Sound => Wanted::Sound,
        Track::Led => Wanted::Led,
    };
    let names: Vec<String> = archive
        .entries
        .iter()
        .filter(|e| {
            SoundKind::of_entry(e.kind())
                .is_some_and(|k| (k == SoundKind::Led) == (track == Track::Led))
        })
        .map(crate::codec::oda::Entry::name)
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    candidates(motion, &refs, wanted)
        .first()
        .map(|(name, _)| (*name).to_owned())
        .or_else(|| (names.len() == 1).then(|| names[0].clone()))
}

/// A part's bytes that do not decode, as an error naming it.
fn decoded(label: &str, source: crate::codec::sound::SoundError) -> BehaviourError {
    BehaviourError::Sound {
        label: label.to_owned(),
        source,
    }
}

/// Reads and decodes a part (the heavy step: run it off the window's thread). An archive
/// without an entry named takes the entry that goes with `motion` on `track`.
///
/// # Errors
/// The file cannot be read, the entry is missing or not a sound or LED pattern, or its
/// bytes do not decode (the message names the file, the entry and the byte).
pub fn load(
    source: &Source,
    motion: &str,
    track: Option<Track>,
    offset_ms: i64,
) -> Result<Part, BehaviourError> {
    let bytes = std::fs::read(&source.path).map_err(|e| BehaviourError::Io {
        path: source.path.clone(),
        source: e,
    })?;
    let (source, kind, bytes) =
        if let Some(kind) = SoundKind::of_file(&source.path, &bytes[..bytes.len().min(16)]) {
            (
                Source {
                    path: source.path.clone(),
                    entry: None,
                },
                kind,
                bytes,
            )
        } else {
            from_archive(source, &bytes, motion, track)?
        };
    // A MIDI file asked for on the LED track is read as an LED pattern, and one named as
    // an LED pattern asked for on the sound track as a sound.
    let kind = match (track, kind) {
        (Some(Track::Led), SoundKind::Midi) => SoundKind::Led,
        (Some(Track::Sound), SoundKind::Led) => SoundKind::Midi,
        (_, kind) => kind,
    };
    let (data, onsets_ms) = decode_part(kind, &bytes, &source.label())?;
    Ok(Part {
        source,
        kind,
        data,
        offset_ms,
        onsets_ms: Arc::new(onsets_ms),
    })
}

/// The entry of the archive in `bytes` (read from `source`) that the part is: the one
/// named, else the one that goes with `motion` on `track`; where it is, its kind and its
/// bytes.
///
/// # Errors
/// The bytes are not an archive, it has no such entry, the entry is not a sound or LED
/// pattern, or its contents cannot be read.
fn from_archive(
    source: &Source,
    bytes: &[u8],
    motion: &str,
    track: Option<Track>,
) -> Result<(Source, SoundKind, Vec<u8>), BehaviourError> {
    let path = || source.path.clone();
    // Bytes of no archive at all are not a sound either; an archive that does not read
    // (an encrypted one of a stick's DATA/E, a damaged one) says what is wrong with it.
    let archive = Archive::read(bytes).map_err(|e| {
        if matches!(e, crate::codec::DecodeError::NotOda { .. }) {
            BehaviourError::NotASound {
                label: source.label(),
            }
        } else {
            BehaviourError::Archive {
                path: path(),
                entry: None,
                source: e,
            }
        }
    })?;
    let entry = match &source.entry {
        Some(entry) => entry.clone(),
        None => best_entry(&archive, motion, track.unwrap_or(Track::Sound)).ok_or_else(|| {
            BehaviourError::NoPairedEntry {
                path: path(),
                track: track.unwrap_or(Track::Sound).name(),
                motion: motion.to_owned(),
            }
        })?,
    };
    let index = archive
        .find(&entry)
        .ok_or_else(|| BehaviourError::NoEntry {
            path: path(),
            entry: entry.clone(),
        })?;
    let found = &archive.entries[index];
    let in_entry = Source {
        path: path(),
        entry: Some(entry.clone()),
    };
    let kind = SoundKind::of_entry(found.kind()).ok_or_else(|| BehaviourError::NotASound {
        label: in_entry.label(),
    })?;
    let bytes = found.contents().map_err(|e| BehaviourError::Archive {
        path: path(),
        entry: Some(entry.clone()),
        source: e,
    })?;
    Ok((
        Source {
            path: source.path.clone(),
            entry: Some(entry),
        },
        kind,
        bytes,
    ))
}

/// A part's bytes decoded as `kind`, with the times its notes or sounds start (ms).
///
/// # Errors
/// The bytes do not decode (the error names the part by its `label`).
fn decode_part(
    kind: SoundKind,
    bytes: &[u8],
    label: &str,
) -> Result<(Data, Vec<f64>), BehaviourError> {
    let mut onsets_ms = Vec::new();
    let data = match kind {
        SoundKind::Wave => {
            let sound = wave::decode(bytes).map_err(|e| decoded(label, e))?;
            let peaks = Peaks::new(&sound.samples);
            onsets_ms = super::onsets::onsets(&sound.samples, sound.info.sample_rate);
            Data::Wave {
                rate: sound.info.sample_rate,
                samples: Arc::new(sound.samples),
                peaks: Arc::new(peaks),
            }
        }
        SoundKind::Midi => {
            let file = midi::read(bytes).map_err(|e| decoded(label, e))?;
            onsets_ms = file
                .notes
                .iter()
                .map(|n| file.ms_at(n.start_tick))
                .collect();
            onsets_ms.dedup_by(|a, b| (*a - *b).abs() < 1.0);
            Data::Midi(Arc::new(file))
        }
        SoundKind::Led => Data::led(LedPattern::from_midi(
            &midi::read(bytes).map_err(|e| decoded(label, e))?,
        )),
    };
    Ok((data, onsets_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_encrypted_archive_is_said_to_be_one_and_other_bytes_are_not_a_sound() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let load_bytes = |name: &str, bytes: &[u8]| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{e}"));
            let source = Source { path, entry: None };
            match load(&source, "a_stand#stand_x", Some(Track::Led), 0) {
                Ok(_) => panic!("{name} loaded"),
                Err(e) => e.to_string(),
            }
        };
        // Bytes that look random, as a stick's DATA/E archives do.
        let mut state = 0x2545_f491_u32;
        let random: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                state.to_le_bytes()[0]
            })
            .collect();
        let said = load_bytes("SYSLED.ODA", &random);
        assert!(said.contains("encrypted"), "{said}");
        let said = load_bytes("notes.txt", &b"just some words, not a sound ".repeat(20));
        assert!(said.contains("not a sound"), "{said}");
    }
}
