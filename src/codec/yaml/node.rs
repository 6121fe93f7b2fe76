//! The document a YAML text reads as: its nodes (scalars borrowed from the text, numbers
//! read as the robot files write them), and a parse error.

use std::borrow::Cow;

/// The deepest nesting accepted.
pub const MAX_DEPTH: usize = 64;

/// A parse error: the 1-based line and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct YamlError {
    /// The 1-based line.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

/// One node of the document.
#[derive(Clone, Debug, PartialEq)]
pub enum Node<'a> {
    /// A scalar: its text (quotes removed) and whether it was quoted.
    Scalar {
        /// The text.
        text: Cow<'a, str>,
        /// Whether it was written in quotes (so `"1"` is a string, not a number).
        quoted: bool,
        /// The 1-based line.
        line: usize,
    },
    /// A sequence.
    Seq {
        /// The items.
        items: Vec<Node<'a>>,
        /// The 1-based line where it starts.
        line: usize,
    },
    /// A flow sequence of plain numbers (`[ 0.1, -2e-06 ]`), kept as numbers: body motions
    /// are mostly these, and a node per number would cost more than the numbers.
    Numbers {
        /// The values.
        values: Vec<f64>,
        /// The 1-based line where it starts.
        line: usize,
    },
    /// A mapping, in file order.
    Map {
        /// The entries.
        entries: Vec<(Cow<'a, str>, Node<'a>)>,
        /// The 1-based line where it starts.
        line: usize,
    },
}

impl<'a> Node<'a> {
    /// The 1-based line where the node starts.
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            Self::Scalar { line, .. }
            | Self::Seq { line, .. }
            | Self::Numbers { line, .. }
            | Self::Map { line, .. } => *line,
        }
    }

    /// The value of `key` in a mapping (the first of the given spellings found).
    #[must_use]
    pub fn get(&self, keys: &[&str]) -> Option<&Node<'a>> {
        let Self::Map { entries, .. } = self else {
            return None;
        };
        keys.iter()
            .find_map(|key| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v))
    }

    /// The text of a scalar.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::Scalar { text, .. } => Some(text),
            Self::Seq { .. } | Self::Numbers { .. } | Self::Map { .. } => None,
        }
    }

    /// A scalar as a number (plain scalars only, YAML's `.inf`/`.nan` spellings included).
    #[must_use]
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Self::Scalar {
                text,
                quoted: false,
                ..
            } => parse_number(text),
            Node::Scalar { .. } | Node::Seq { .. } | Node::Numbers { .. } | Node::Map { .. } => {
                None
            }
        }
    }

    /// A scalar as a boolean (`true`/`false` in any case).
    #[must_use]
    pub fn as_bool(&self) -> Option<bool> {
        match self.as_str()?.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" => Some(true),
            "false" | "no" | "off" => Some(false),
            _ => None,
        }
    }

    /// A sequence of numbers (either kind of sequence), if every item is one.
    #[must_use]
    pub fn numbers(&self) -> Option<Vec<f64>> {
        match self {
            Self::Numbers { values, .. } => Some(values.clone()),
            Self::Seq { items, .. } => items.iter().map(Node::as_f64).collect(),
            Self::Scalar { .. } | Self::Map { .. } => None,
        }
    }

    /// Whether the node is a sequence of either kind.
    #[must_use]
    pub fn is_seq(&self) -> bool {
        matches!(self, Self::Seq { .. } | Self::Numbers { .. })
    }

    /// The items of a sequence (not of a non-empty [`Node::Numbers`]: use
    /// [`Node::numbers`]).
    #[must_use]
    pub fn as_seq(&self) -> Option<&[Node<'a>]> {
        match self {
            Self::Seq { items, .. } => Some(items),
            Self::Numbers { values, .. } if values.is_empty() => Some(&[]),
            Self::Numbers { .. } | Self::Scalar { .. } | Self::Map { .. } => None,
        }
    }

    /// Whether the node is an empty plain scalar (YAML's null).
    #[must_use]
    pub fn is_null(&self) -> bool {
        matches!(self, Self::Scalar { text, quoted: false, .. } if text.is_empty() || text == "~" || text == "null")
    }
}

/// A plain number: decimal, with optional exponent (`1e-06`, `2.5E+003`), or `.inf`/`.nan`.
#[must_use]
pub fn parse_number(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let body = bytes
        .strip_prefix(b"-")
        .or_else(|| bytes.strip_prefix(b"+"));
    let body = body.unwrap_or(bytes);
    match body.first()? {
        b'0'..=b'9' => {
            return exact_decimal(body, bytes.first() == Some(&b'-')).or_else(|| text.parse().ok());
        }
        b'.' => {}
        _ => return None,
    }
    match text.trim_start_matches(['-', '+']) {
        ".inf" | ".Inf" | ".INF" => {
            return Some(if text.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        ".nan" | ".NaN" | ".NAN" => return Some(f64::NAN),
        _ => {}
    }
    text.parse().ok()
}

/// Powers of ten a double holds exactly.
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The common case of a decimal (`123`, `-0.012345678`, `1e-06`), read with Clinger's fast
/// path: where its digits make a whole number below 2^53 and its power of ten is within
/// 10^22 either way, both are exact doubles and one multiplication or division rounds the
/// value once, exactly as the full algorithm would. `None` for anything else (the caller
/// then uses the standard library's parser).
fn exact_decimal(body: &[u8], negative: bool) -> Option<f64> {
    let mut mantissa: u64 = 0;
    let mut exponent: i32 = 0;
    let mut at = 0;
    let mut digits = 0;
    let take_digit = |mantissa: &mut u64, digit: u8| -> Option<()> {
        *mantissa = mantissa
            .checked_mul(10)?
            .checked_add(u64::from(digit - b'0'))?;
        Some(())
    };
    while let Some(&c) = body.get(at).filter(|c| c.is_ascii_digit()) {
        take_digit(&mut mantissa, c)?;
        at += 1;
        digits += 1;
    }
    if body.get(at) == Some(&b'.') {
        at += 1;
        while let Some(&c) = body.get(at).filter(|c| c.is_ascii_digit()) {
            take_digit(&mut mantissa, c)?;
            exponent -= 1;
            at += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if let Some(b'e' | b'E') = body.get(at) {
        at += 1;
        let sign = match body.get(at) {
            Some(b'-') => {
                at += 1;
                -1
            }
            Some(b'+') => {
                at += 1;
                1
            }
            _ => 1,
        };
        let start = at;
        let mut power: i32 = 0;
        while let Some(&c) = body.get(at).filter(|c| c.is_ascii_digit()) {
            power = power.checked_mul(10)?.checked_add(i32::from(c - b'0'))?;
            at += 1;
        }
        if at == start || power > 1_000 {
            return None;
        }
        exponent += sign * power;
    }
    if at != body.len() || mantissa > 1 << 53 {
        return None;
    }
    #[expect(clippy::cast_precision_loss, reason = "below 2^53: exact")]
    let whole = mantissa as f64;
    let power = *EXACT_POWERS.get(usize::try_from(exponent.unsigned_abs()).ok()?)?;
    let value = if exponent >= 0 {
        whole * power
    } else {
        whole / power
    };
    Some(if negative { -value } else { value })
}
