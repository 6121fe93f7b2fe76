//! Sounds and LED patterns, the other parts of an AIBO behaviour
//! (`docs/formats/sound-and-led.md`): RIFF WAV sounds (PCM, and the IMA ADPCM of Sony's ERS-7
//! voices), read with `symphonia`; Standard MIDI Files, read and written with `midly`, which
//! are either sounds or LED patterns whose notes switch the robot's lights.
//!
//! Errors are typed and carry the byte offset the reader had reached; the caller adds the
//! file or entry name.

pub mod led;
pub mod midi;
pub mod wave;
pub mod wave_write;

use super::oda::EntryKind;
use std::path::Path;
use thiserror::Error;

/// Why a sound or LED pattern could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SoundError {
    /// The input is empty.
    #[error("the file is empty")]
    Empty,
    /// Not a RIFF WAV file.
    #[error("not a WAV sound: byte 0 holds {found} where 'RIFF....WAVE' should be")]
    NotWave {
        /// The first bytes, shown as text.
        found: String,
    },
    /// Not a Standard MIDI File.
    #[error("not a MIDI file: byte 0 holds {found} where 'MThd' should be")]
    NotMidi {
        /// The first bytes, shown as text.
        found: String,
    },
    /// The WAV could not be read or decoded from `offset` on.
    #[error("WAV data at byte {offset}: {reason}")]
    Wave {
        /// How far the reader had read.
        offset: u64,
        /// What the decoder said.
        reason: String,
    },
    /// The WAV's codec is one no AIBO plays and the decoder does not know.
    #[error("the WAV's format (tag {tag:#06x}) is not PCM or IMA ADPCM")]
    UnsupportedWave {
        /// The format tag of the `fmt ` chunk.
        tag: u16,
    },
    /// The MIDI file could not be read at `offset` (the start of the chunk that failed).
    #[error("MIDI data in the chunk at byte {offset}: {reason}")]
    Midi {
        /// The start of the header or track chunk that failed.
        offset: u64,
        /// What the reader said.
        reason: String,
    },
    /// A MIDI file timed in SMPTE frames rather than ticks per quarter note (no AIBO file is).
    #[error("the MIDI file is timed in SMPTE frames, not ticks per quarter note")]
    SmpteTiming,
    /// The LED pattern cannot be written as MIDI.
    #[error("the LED pattern cannot be written: {0}")]
    LedWrite(String),
}

/// What a sound or LED file holds, by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundKind {
    /// A RIFF WAV sound.
    Wave,
    /// A Standard MIDI File sound.
    Midi,
    /// A Standard MIDI File that switches the robot's lights.
    Led,
}

impl SoundKind {
    /// What a sound or LED file is, by its bytes, then its name (a `.led` file, or a MIDI
    /// file named as an LED pattern); None for anything else.
    #[must_use]
    pub fn of_file(path: &Path, head: &[u8]) -> Option<Self> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let by_extension = super::kind::entry_kind_by_extension(path);
        if is_wave(head) || by_extension == Some(EntryKind::Wave) {
            Some(Self::Wave)
        } else if is_midi(head) || matches!(by_extension, Some(EntryKind::Midi | EntryKind::Led)) {
            Some(
                if by_extension == Some(EntryKind::Led) || super::kind::named_as_led(name) {
                    Self::Led
                } else {
                    Self::Midi
                },
            )
        } else {
            None
        }
    }

    /// The kind of an archive entry, for the sound and LED ones.
    #[must_use]
    pub fn of_entry(kind: EntryKind) -> Option<Self> {
        match kind {
            EntryKind::Wave => Some(Self::Wave),
            EntryKind::Midi => Some(Self::Midi),
            EntryKind::Led => Some(Self::Led),
            EntryKind::Motion | EntryKind::Synth | EntryKind::State | EntryKind::Other => None,
        }
    }

    /// The kind's name in `info --json` ("wave", "midi", "led").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Wave => "wave",
            Self::Midi => "midi",
            Self::Led => "led",
        }
    }
}

/// Whether `bytes` start as a RIFF WAV.
#[must_use]
pub fn is_wave(bytes: &[u8]) -> bool {
    bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WAVE"
}

/// Whether `bytes` start as a Standard MIDI File.
#[must_use]
pub fn is_midi(bytes: &[u8]) -> bool {
    bytes.starts_with(b"MThd")
}
