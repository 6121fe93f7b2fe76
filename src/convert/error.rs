//! Why a conversion did not happen: the file could not be read as what it claims to be, or
//! it was read and refused (each refusal says what to give or change).

use std::path::PathBuf;

/// The most bytes read from a text motion file (a 500 fps hour is about 540 MB of .seq;
/// this is far above any real file and keeps a wrong path from filling memory).
pub const MAX_TEXT_BYTES: u64 = 256 << 20;

/// Why a conversion was refused: the file was read, but cannot become what was asked as it
/// stands. Each says what to give or change.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// A body motion or key-pose sequence that names no AIBO, and none was chosen.
    #[error("the file does not say which AIBO it is for: choose the AIBO model (e.g. DRX-1000)")]
    NoModel,
    /// A design label that names no AIBO model.
    #[error("unknown design label \"{0}\" (e.g. DRX-1000, DRX-900)")]
    UnknownLabel(String),
    /// A joint map names a joint the model lacks.
    #[error("the map names \"{joint}\", which {label} does not have")]
    UnknownJoint {
        /// The name or locator in the map.
        joint: String,
        /// The design label.
        label: String,
    },
    /// A joint map names a part the file lacks.
    #[error("the map gives {joint} part {part}, but the file has {parts} parts (0 to {last})", last = .parts.saturating_sub(1))]
    NoSuchPart {
        /// The AIBO joint.
        joint: String,
        /// The part asked for: an index, or a name in quotes.
        part: String,
        /// How many parts the file has.
        parts: usize,
    },
    /// A body motion without frames.
    #[error("the body motion has no frames")]
    NoFrames,
    /// A body motion longer than an import takes.
    #[error(
        "the body motion lasts {duration_ms} ms, longer than an import takes ({max_ms} ms); \
         cut it into parts"
    )]
    TooLong {
        /// How long it lasts.
        duration_ms: u64,
        /// The longest an import takes.
        max_ms: u64,
    },
    /// A body motion with too many joints for its length to import.
    #[error(
        "{joints} joints over {duration_ms} ms are more than an import takes; map fewer \
         joints or cut the motion into parts"
    )]
    TooLarge {
        /// The joints it would fill.
        joints: usize,
        /// How long it lasts.
        duration_ms: u64,
    },
    /// A key-pose sequence without poses.
    #[error("the sequence has no poses")]
    NoPoses,
    /// Two poses too far apart for one MTN segment.
    #[error("a pose at {time_s} s is too far after the one before for an MTN segment")]
    PoseTooFar {
        /// The later pose's time in seconds.
        time_s: f64,
    },
    /// A frame rate out of range for export.
    #[error("a frame rate of {0} fps: give one from 1 to 10000")]
    FrameRate(f64),
    /// Export at this rate would make more frames than a body motion may hold.
    #[error(
        "at {fps} fps this motion ({duration_ms} ms) would be {frames} frames, more than {max}; \
         use a lower frame rate or keyframes only"
    )]
    TooManyFrames {
        /// The frame rate asked for.
        fps: f64,
        /// The motion's duration.
        duration_ms: u64,
        /// The frames it would take.
        frames: u64,
        /// The most a body motion may hold.
        max: usize,
    },
    /// A format that cannot be written from what was read.
    #[error("{what} through MTN: convert it to .mtn first")]
    Across {
        /// What was asked, e.g. "a body motion becomes a key-pose sequence".
        what: &'static str,
    },
    /// More ticks than a pose per tick may write.
    #[error(
        "{ticks} ticks are more than one pose per tick may write ({max} at most, an hour); \
         write one pose per keyframe"
    )]
    TooManyTicks {
        /// The motion's ticks.
        ticks: u64,
        /// The most written.
        max: u64,
    },
    /// A motion for a model Webots does not have (it has the ERS-7 only).
    #[error(
        "Webots has the ERS-7 only (its AiboErs7), and this is a motion for {0}: convert it \
         to the ERS-7 first (Motion > Convert to Another Model…, or mtn-studio retarget IN \
         --model DRX-1000 -o OUT)"
    )]
    NotErs7(String),
    /// A Webots motion Webots could not read as written.
    #[error("Webots could not read it: {0}")]
    Webots(crate::codec::webots::WebotsError),
    /// A file kind that this direction does not take.
    #[error("{0}")]
    Kind(String),
    /// The motion cannot be written as MTN (a string too long, too many keyframes).
    #[error(transparent)]
    Encode(#[from] crate::codec::EncodeError),
    /// A keyframe of the wrong width (a mapping that gave rows and locators different lengths).
    #[error(transparent)]
    Keyframes(#[from] crate::codec::mtn::JointCountMismatch),
}

/// Why a file could not be converted. Every variant names the file; a malformed file says
/// the line (text formats) or byte (binary ones) and what was wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// The file could not be read at all.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is larger than any motion of its kind could be.
    #[error("{}: {size} bytes is more than a text motion may have ({MAX_TEXT_BYTES} at most)", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
    },
    /// The file is not text.
    #[error("{}: byte {offset}: not UTF-8 text", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// The first byte that is not UTF-8.
        offset: usize,
    },
    /// The file is not what its kind says (the message gives the line or byte).
    #[error("{}: {source}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// The reader's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The file was read but cannot be converted as asked.
    #[error("{}: {refusal}", path.display())]
    Refused {
        /// The file (the input, or the output whose format was refused).
        path: PathBuf,
        /// Why.
        refusal: Refusal,
    },
    /// The result could not be written.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

impl ConvertError {
    /// Whether the input could not be read as what it claims to be (rather than read and
    /// refused): the command line's exit code 2.
    #[must_use]
    pub fn is_unreadable(&self) -> bool {
        matches!(
            self,
            Self::Read { .. }
                | Self::TooLarge { .. }
                | Self::NotText { .. }
                | Self::Malformed { .. }
        )
    }

    /// The refusal, when the file was read but refused.
    #[must_use]
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Self::Refused { refusal, .. } => Some(refusal),
            Self::Read { .. }
            | Self::TooLarge { .. }
            | Self::NotText { .. }
            | Self::Malformed { .. }
            | Self::Write { .. } => None,
        }
    }

    pub(crate) fn malformed(
        path: &std::path::Path,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> Self {
        Self::Malformed {
            path: path.to_owned(),
            source: Box::new(source),
        }
    }

    pub(crate) fn refused(path: &std::path::Path, refusal: Refusal) -> Self {
        Self::Refused {
            path: path.to_owned(),
            refusal,
        }
    }
}
