//! The owned, editable model of one MTN motion.

use super::keyframes::{Keyframe, Keyframes};
use serde::{Deserialize, Serialize};

/// The MTN format version in section 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Version {
    /// Major version (1 in every real file).
    pub major: u16,
    /// Minor version (0, 1 or 2 in real files).
    pub minor: u16,
}

impl Version {
    /// Version 1.2, what current tools write.
    pub const CURRENT: Self = Self { major: 1, minor: 2 };
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The width of the section-3 size field: 4 bytes, or 2 in ERS-110 files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SizeWidth {
    /// `u32 number, u32 size, u32 data type` (12-byte header).
    U32,
    /// `u32 number, u16 size, u32 data type` (10-byte header), as ERS-110 files have it.
    U16,
}

impl SizeWidth {
    /// The section-3 header length in bytes.
    #[must_use]
    pub fn header_len(self) -> usize {
        match self {
            Self::U32 => 12,
            Self::U16 => 10,
        }
    }
}

/// What follows a section's content, up to its declared size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Padding {
    /// Zero bytes up to a multiple of four, the spec's rule.
    Align4,
    /// No padding at all (ERS-110 files leave sections unaligned).
    None,
    /// Exactly these bytes, kept from a file whose padding follows neither rule.
    Bytes(Vec<u8>),
}

impl Padding {
    /// The padding bytes after a section whose content is `content_len` bytes long.
    #[must_use]
    pub fn bytes_for(&self, content_len: usize) -> Vec<u8> {
        match self {
            Self::Align4 => vec![0; (4 - content_len % 4) % 4],
            Self::None => Vec::new(),
            Self::Bytes(bytes) => bytes.clone(),
        }
    }

    /// The number of padding bytes after `content_len` bytes of content.
    #[must_use]
    pub fn len_for(&self, content_len: usize) -> usize {
        match self {
            Self::Align4 => (4 - content_len % 4) % 4,
            Self::None => 0,
            Self::Bytes(bytes) => bytes.len(),
        }
    }
}

/// How the sections are laid out, kept so that a well-formed file is written back byte for
/// byte, and chosen by convention for new files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// The section-3 size field's width.
    pub section3_size: SizeWidth,
    /// Padding after the header strings (section 1).
    pub section1_padding: Padding,
    /// Padding after the joint list (section 2).
    pub section2_padding: Padding,
    /// Padding after the keyframes (section 3).
    pub section3_padding: Padding,
}

impl Layout {
    /// The layout the editor writes for a new file with this design label: 4-byte padding
    /// everywhere; for ERS-110 (DRX-700) the layout of Sony's own version 1.1 files
    /// (2-byte section-3 size, only section 1 padded), since that is what its player knows.
    #[must_use]
    pub fn canonical(design: &str) -> Self {
        if super::format::is_ers110_label(design) {
            Self {
                section3_size: SizeWidth::U16,
                section1_padding: Padding::Align4,
                section2_padding: Padding::None,
                section3_padding: Padding::None,
            }
        } else {
            Self {
                section3_size: SizeWidth::U32,
                section1_padding: Padding::Align4,
                section2_padding: Padding::Align4,
                section3_padding: Padding::Align4,
            }
        }
    }
}

/// One motion: header strings, joint list and keyframes, owned and editable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MotionRepr", into = "MotionRepr")]
pub struct Motion {
    /// The motion ("chunk") name, e.g. `a_stand#sit_S`.
    pub name: String,
    /// The creator (author) string.
    pub creator: String,
    /// The design label of the robot, e.g. `DRX-1000`.
    pub design: String,
    /// The format version.
    pub version: Version,
    /// The raw frame-rate field: 16, or 0 in ERS-110 files. The player ignores it.
    pub frame_rate: u16,
    /// The reserved field of section 0 (0 in real files).
    pub reserved: u32,
    /// The data type of section 3 (0, angle data).
    pub data_type: u32,
    /// The joint locators (`PRM:/r1/c1-Joint2:11`, ...), in keyframe order.
    pub locators: Vec<String>,
    /// The keyframes.
    pub keyframes: Keyframes,
    /// Section layout.
    pub layout: Layout,
}

impl Motion {
    /// An empty motion for a design label and joint list, in the canonical layout.
    #[must_use]
    pub fn new(name: &str, creator: &str, design: &str, locators: Vec<String>) -> Self {
        let frame_rate = if super::format::is_ers110_label(design) {
            0
        } else {
            16
        };
        Self {
            name: name.to_owned(),
            creator: creator.to_owned(),
            design: design.to_owned(),
            version: Version::CURRENT,
            frame_rate,
            reserved: 0,
            data_type: 0,
            keyframes: Keyframes::new(locators.len()),
            locators,
            layout: Layout::canonical(design),
        }
    }
}

/// The serialised form of a motion: keyframes as a list of objects, for scripts.
#[derive(Serialize, Deserialize)]
struct MotionRepr {
    name: String,
    creator: String,
    design: String,
    version: Version,
    frame_rate: u16,
    reserved: u32,
    data_type: u32,
    locators: Vec<String>,
    keyframes: Vec<Keyframe>,
    layout: Layout,
}

impl From<Motion> for MotionRepr {
    fn from(motion: Motion) -> Self {
        Self {
            keyframes: motion.keyframes.to_vec(),
            name: motion.name,
            creator: motion.creator,
            design: motion.design,
            version: motion.version,
            frame_rate: motion.frame_rate,
            reserved: motion.reserved,
            data_type: motion.data_type,
            locators: motion.locators,
            layout: motion.layout,
        }
    }
}

impl TryFrom<MotionRepr> for Motion {
    type Error = String;

    fn try_from(repr: MotionRepr) -> Result<Self, Self::Error> {
        if let Some(first) = repr.keyframes.first()
            && first.frames != 0
        {
            return Err(format!(
                "the first keyframe has frames {}; it must be 0 (nothing comes before it)",
                first.frames
            ));
        }
        let keyframes = Keyframes::from_vec(repr.locators.len(), &repr.keyframes)
            .map_err(|e| format!("{e} (the motion lists {} locators)", repr.locators.len()))?;
        Ok(Self {
            name: repr.name,
            creator: repr.creator,
            design: repr.design,
            version: repr.version,
            frame_rate: repr.frame_rate,
            reserved: repr.reserved,
            data_type: repr.data_type,
            locators: repr.locators,
            keyframes,
            layout: repr.layout,
        })
    }
}
