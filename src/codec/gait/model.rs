//! The owned model of a gait file.

use serde::{Deserialize, Serialize};

/// Bytes of the size header.
pub const HEADER_LEN: usize = 2;

/// A "number" of the gait file: 16-bit two's complement with 8 fractional bits (value =
/// raw / 256). The raw bits are kept exactly. In JSON it is its real value (every one is
/// exact in decimal); a value typed by hand is taken to the nearest 1/256, and one outside
/// what 8.8 holds is refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed(pub i16);

impl Serialize for Fixed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

impl<'de> Deserialize<'de> for Fixed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)?;
        let (low, high) = (Self(i16::MIN).value(), Self(i16::MAX).value());
        if !(low..=high).contains(&value) {
            return Err(serde::de::Error::custom(format!(
                "{value} is outside what a gait number holds ({low} to {high})"
            )));
        }
        Ok(Self::from_value(value))
    }
}

impl Fixed {
    /// The real value.
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.0) / 256.0
    }

    /// The number nearest `value`, clamped to what 8.8 can hold (-128 to 127.996).
    #[must_use]
    pub fn from_value(value: f64) -> Self {
        let raw = (value * 256.0)
            .round()
            .clamp(f64::from(i16::MIN), f64::from(i16::MAX));
        #[expect(clippy::cast_possible_truncation, reason = "clamped to the i16 range")]
        let raw = raw as i16;
        Self(raw)
    }
}

/// The section types the page names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionType {
    /// 0x30: home, upper and lower limit per servo.
    ServoConfig,
    /// 0x31: zero point and slope per sensor.
    SensorConfig,
    /// 0x32: G, G^-1, KG, fD, vFF.
    Stance,
    /// 0x33: fdes, Kstroke, fthresh, Wup, vwing, Fup, vfoot.
    Detachment,
    /// 0x34: not finalized; kept as bytes.
    Flight,
    /// 0x35: vstroke, Wload, vwing.
    Attachment,
    /// 0x36: layout not published; kept as bytes.
    AttachmentGesture,
}

impl SectionType {
    /// The type a TOC code names, if the page names it.
    #[must_use]
    pub fn from_code(code: u8) -> Option<Self> {
        Some(match code {
            0x30 => Self::ServoConfig,
            0x31 => Self::SensorConfig,
            0x32 => Self::Stance,
            0x33 => Self::Detachment,
            0x34 => Self::Flight,
            0x35 => Self::Attachment,
            0x36 => Self::AttachmentGesture,
            _ => return None,
        })
    }

    /// Its TOC code.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Self::ServoConfig => 0x30,
            Self::SensorConfig => 0x31,
            Self::Stance => 0x32,
            Self::Detachment => 0x33,
            Self::Flight => 0x34,
            Self::Attachment => 0x35,
            Self::AttachmentGesture => 0x36,
        }
    }

    /// Its stable name (`servo-config`, ...), as `info --json` prints it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::ServoConfig => "servo-config",
            Self::SensorConfig => "sensor-config",
            Self::Stance => "stance-controller",
            Self::Detachment => "detachment-controller",
            Self::Flight => "flight-controller",
            Self::Attachment => "attachment-controller",
            Self::AttachmentGesture => "attachment-gesture",
        }
    }
}

/// What a section holds, by the page's names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Body {
    /// 0x30: per servo (indexed by servo type, then leg), unsigned raw output positions.
    ServoConfig {
        /// Resting positions.
        home: Vec<u8>,
        /// Upper mechanical limits.
        upper: Vec<u8>,
        /// Lower mechanical limits.
        lower: Vec<u8>,
    },
    /// 0x31: per sensor, the zero point and slope.
    SensorConfig {
        /// Zero points (unsigned).
        zero: Vec<u8>,
        /// Slopes.
        slope: Vec<Fixed>,
    },
    /// 0x32: the stance controller.
    #[serde(rename = "stance-controller")]
    Stance {
        /// G, by rows.
        #[serde(rename = "G")]
        g: [Fixed; 16],
        /// G^-1, by rows.
        #[serde(rename = "G_inv")]
        g_inv: [Fixed; 16],
        /// KG.
        #[serde(rename = "KG")]
        kg: [Fixed; 4],
        /// fD.
        #[serde(rename = "fD")]
        fd: [Fixed; 4],
        /// vFF.
        #[serde(rename = "vFF")]
        vff: [Fixed; 4],
        /// The 8 numbers the page's count of 52 has beyond the 44 it names, where the file
        /// holds them.
        extra: Option<[Fixed; 8]>,
    },
    /// 0x33: the detachment controller.
    #[serde(rename = "detachment-controller")]
    Detachment {
        /// fdes.
        fdes: Fixed,
        /// Kstroke.
        #[serde(rename = "Kstroke")]
        kstroke: Fixed,
        /// fthresh.
        fthresh: Fixed,
        /// Wup.
        #[serde(rename = "Wup")]
        wup: [Fixed; 4],
        /// vwing.
        vwing: Fixed,
        /// Fup.
        #[serde(rename = "Fup")]
        fup: [Fixed; 4],
        /// vfoot.
        vfoot: Fixed,
    },
    /// 0x35: the attachment controller.
    #[serde(rename = "attachment-controller")]
    Attachment {
        /// vstroke.
        vstroke: Fixed,
        /// Wload.
        #[serde(rename = "Wload")]
        wload: [Fixed; 4],
        /// vwing.
        vwing: Fixed,
    },
    /// A section kept as its bytes: the flight controller and attachment gesture (no
    /// published layout), a type the page does not name, or a section cut off by the end.
    Bytes {
        /// The bytes, up to the next section or the end of the file.
        bytes: Vec<u8>,
    },
}

impl Body {
    /// The numbers of a controller by the page's names, in file order (none for the other
    /// sections).
    pub fn numbers(&self) -> Vec<(&'static str, Vec<Fixed>)> {
        match self {
            Body::Stance {
                g,
                g_inv,
                kg,
                fd,
                vff,
                extra,
            } => {
                let mut rows = vec![
                    ("G", g.to_vec()),
                    ("G_inv", g_inv.to_vec()),
                    ("KG", kg.to_vec()),
                    ("fD", fd.to_vec()),
                    ("vFF", vff.to_vec()),
                ];
                if let Some(extra) = extra {
                    rows.push(("extra", extra.to_vec()));
                }
                rows
            }
            Body::Detachment {
                fdes,
                kstroke,
                fthresh,
                wup,
                vwing,
                fup,
                vfoot,
            } => vec![
                ("fdes", vec![*fdes]),
                ("Kstroke", vec![*kstroke]),
                ("fthresh", vec![*fthresh]),
                ("Wup", wup.to_vec()),
                ("vwing", vec![*vwing]),
                ("Fup", fup.to_vec()),
                ("vfoot", vec![*vfoot]),
            ],
            Body::Attachment {
                vstroke,
                wload,
                vwing,
            } => vec![
                ("vstroke", vec![*vstroke]),
                ("Wload", wload.to_vec()),
                ("vwing", vec![*vwing]),
            ],
            Body::ServoConfig { .. } | Body::SensorConfig { .. } | Body::Bytes { .. } => Vec::new(),
        }
    }

    /// Number `slot` of the numbers named `name`, for an edit.
    pub fn number_mut(&mut self, name: &str, slot: usize) -> Option<&mut Fixed> {
        match (self, name) {
            (Body::Stance { g, .. }, "G") => g.get_mut(slot),
            (Body::Stance { g_inv, .. }, "G_inv") => g_inv.get_mut(slot),
            (Body::Stance { kg, .. }, "KG") => kg.get_mut(slot),
            (Body::Stance { fd, .. }, "fD") => fd.get_mut(slot),
            (Body::Stance { vff, .. }, "vFF") => vff.get_mut(slot),
            (
                Body::Stance {
                    extra: Some(extra), ..
                },
                "extra",
            ) => extra.get_mut(slot),
            (Body::Detachment { fdes, .. }, "fdes") => Some(fdes),
            (Body::Detachment { kstroke, .. }, "Kstroke") => Some(kstroke),
            (Body::Detachment { fthresh, .. }, "fthresh") => Some(fthresh),
            (Body::Detachment { wup, .. }, "Wup") => wup.get_mut(slot),
            (Body::Detachment { vwing, .. } | Body::Attachment { vwing, .. }, "vwing") => {
                Some(vwing)
            }
            (Body::Detachment { fup, .. }, "Fup") => fup.get_mut(slot),
            (Body::Detachment { vfoot, .. }, "vfoot") => Some(vfoot),
            (Body::Attachment { vstroke, .. }, "vstroke") => Some(vstroke),
            (Body::Attachment { wload, .. }, "Wload") => wload.get_mut(slot),
            _ => None,
        }
    }
}

/// One section: its TOC entry and what it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// The TOC's type byte (0x30 ... 0x36, or any other).
    pub code: u8,
    /// The TOC's location: counted from the TOC's first byte (file offset = 2 + location).
    pub location: u16,
    /// What it holds.
    #[serde(flatten)]
    pub body: Body,
}

impl Section {
    /// The file offset of its first byte.
    #[must_use]
    pub fn offset(&self) -> usize {
        HEADER_LEN + usize::from(self.location)
    }

    /// Its bytes in the file's layout.
    #[must_use]
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let numbers = |out: &mut Vec<u8>, values: &[Fixed]| {
            for value in values {
                out.extend_from_slice(&value.0.to_le_bytes());
            }
        };
        match &self.body {
            Body::ServoConfig { home, upper, lower } => {
                out.push(u8::try_from(home.len()).unwrap_or(u8::MAX));
                out.extend_from_slice(home);
                out.extend_from_slice(upper);
                out.extend_from_slice(lower);
            }
            Body::SensorConfig { zero, slope } => {
                out.push(u8::try_from(zero.len()).unwrap_or(u8::MAX));
                out.extend_from_slice(zero);
                numbers(&mut out, slope);
            }
            Body::Stance { .. } | Body::Detachment { .. } | Body::Attachment { .. } => {
                for (_, values) in self.body.numbers() {
                    numbers(&mut out, &values);
                }
            }
            Body::Bytes { bytes } => out.extend_from_slice(bytes),
        }
        out
    }
}

/// Bytes of the file that no section, header or TOC covers, kept where they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gap {
    /// The file offset of the first byte.
    pub offset: usize,
    /// The bytes.
    pub bytes: Vec<u8>,
}

/// A gait file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gait {
    /// The size header as the file has it (a well-formed file: its length).
    pub declared_size: u16,
    /// Whether the TOC starts with its count byte (the robot's images lack it).
    pub toc_count_byte: bool,
    /// The sections in TOC order.
    pub sections: Vec<Section>,
    /// Bytes between and after the sections, kept as they were.
    pub gaps: Vec<Gap>,
}

impl Gait {
    /// The TOC's length in bytes.
    #[must_use]
    pub fn toc_len(&self) -> usize {
        usize::from(self.toc_count_byte) + 3 * self.sections.len()
    }
}
