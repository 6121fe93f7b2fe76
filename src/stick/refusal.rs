//! Why a change to a stick is refused, and what would do: [`StickEditError`] with its
//! [`Remedy`] (each front end says the remedy in its own words: an option of the command
//! line, a box or a menu of the window), and the sounds the robot plays.

use crate::codec::sound::{midi, wave};
use thiserror::Error;

/// The longest action name taken (Sony's names are up to 23 characters; their files give
/// the name a column of 32).
pub const MAX_NAME: usize = 31;

/// What the user can do about a refusal ([`StickEditError::Refused`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// Ask for the user's behaviour of that name to be replaced.
    Replace,
    /// Ask for another MWCID, or for none (the first free one).
    OtherMwcid,
    /// Have the sound converted for the robot.
    ConvertSound,
    /// Convert the motion to the stick's model first.
    ConvertModel,
}

impl StickEditError {
    /// What would do, where the user can do something.
    #[must_use]
    pub fn remedy(&self) -> Option<Remedy> {
        match self {
            Self::Refused { remedy, .. } => Some(*remedy),
            Self::NoTable(_)
            | Self::BadName(_)
            | Self::Motion(_)
            | Self::Sound(_)
            | Self::Led(_)
            | Self::Taken(_)
            | Self::NotFound(_)
            | Self::File(_) => None,
        }
    }
}

/// Why a behaviour cannot go on the stick, or come off it.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StickEditError {
    /// No behaviour table, or one that does not read.
    #[error("{0}")]
    NoTable(String),
    /// A name R-CODE would not take.
    #[error(
        "{0:?} is not an action name R-CODE takes: letters, digits, _ and . only, at most \
         {MAX_NAME} characters"
    )]
    BadName(String),
    /// Refused, with what the user can do about it (said by each front end in its own
    /// words: an option of the command line, a box or a menu of the window).
    #[error("{why}")]
    Refused {
        /// Why.
        why: String,
        /// What would do.
        remedy: Remedy,
    },
    /// A motion that does not read, or is of another model.
    #[error("{0}")]
    Motion(String),
    /// A sound the robot does not play.
    #[error("{0}")]
    Sound(String),
    /// An LED pattern that does not read.
    #[error("{0}")]
    Led(String),
    /// A name or number already taken.
    #[error("{0}")]
    Taken(String),
    /// No such behaviour of the user's.
    #[error("{0}")]
    NotFound(String),
    /// A file of the stick that cannot be read or written.
    #[error("{0}")]
    File(String),
}

/// Why the robot would not play a sound: what it is, and what it must be.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct Unplayable(String);

/// The sounds the robot plays (Sony's R-CODE references): 8 kHz 8-bit or 16 kHz 16-bit mono
/// PCM, or 4-bit IMA ADPCM at either rate; MIDI of format 0.
///
/// # Errors
/// Says what the sound is and what it must be.
pub fn playable_sound(data: &[u8]) -> Result<(), Unplayable> {
    let unreadable = |e: crate::codec::sound::SoundError| Unplayable(e.to_string());
    if crate::codec::sound::is_midi(data) {
        let file = midi::read(data).map_err(unreadable)?;
        return match file.format {
            0 => Ok(()),
            n => Err(Unplayable(format!(
                "a MIDI file of format {n}: the robot plays format 0"
            ))),
        };
    }
    let info = wave::decode(data).map_err(unreadable)?.info;
    let fits = info.channels == 1
        && match info.format {
            wave::WaveFormat::Pcm => {
                (info.sample_rate, info.bits) == (8_000, 8)
                    || (info.sample_rate, info.bits) == (16_000, 16)
            }
            wave::WaveFormat::ImaAdpcm => matches!(info.sample_rate, 8_000 | 16_000),
            wave::WaveFormat::Float => false,
        };
    if fits {
        return Ok(());
    }
    Err(Unplayable(format!(
        "{} Hz {}-bit {} {}: the robot plays 8 kHz 8-bit or 16 kHz 16-bit mono PCM, or IMA \
         ADPCM at either rate",
        info.sample_rate,
        info.bits,
        match info.channels {
            1 => "mono",
            2 => "stereo",
            _ => "multichannel",
        },
        info.format.name()
    )))
}
