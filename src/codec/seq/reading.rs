//! What reading a body motion's parts shares: the limits, the error and where it is, the
//! keys as every version spells them, a key inherited from the top node, and a frame's
//! numbers.

use crate::codec::yaml::{self, Node};

/// The most frames accepted from one file (about 33 minutes at 500 fps).
pub const MAX_FRAMES: usize = 1_000_000;
/// The most values (frames x parts) a body motion may hold, however few lines describe it
/// (frame times far apart repeat the frame before): 2^25, 256 MiB of values, a 500 fps hour
/// of 18 parts.
pub const MAX_VALUES: usize = 1 << 25;

/// A reading error: the line and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SeqError {
    /// The 1-based line.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl From<yaml::YamlError> for SeqError {
    fn from(e: yaml::YamlError) -> Self {
        Self {
            line: e.line,
            message: e.message,
        }
    }
}

/// An error at `node`'s line.
pub(super) fn fail<T>(node: &Node<'_>, message: impl Into<String>) -> Result<T, SeqError> {
    Err(SeqError {
        line: node.line(),
        message: message.into(),
    })
}

/// The keys as every version spells them.
pub(super) const FRAME_RATE: &[&str] = &["frameRate", "frame_rate"];
pub(super) const NUM_PARTS: &[&str] = &["numParts", "num_parts"];
pub(super) const HAS_FRAME_TIME: &[&str] = &["hasFrameTime", "has_frame_time"];
pub(super) const FORMAT_VERSION: &[&str] = &["formatVersion", "format_version"];
pub(super) const SE3_FORMAT: &[&str] = &["SE3Format", "se3_format", "format"];

/// Looks a key up in the component, then in the top node (components inherit).
pub(super) fn inherited<'n, 'a>(
    component: &'n Node<'a>,
    top: &'n Node<'a>,
    keys: &[&str],
) -> Option<&'n Node<'a>> {
    component.get(keys).or_else(|| top.get(keys))
}

/// Every number of a frame, nested lists flattened, in order; anything else is an error
/// naming its line.
pub(super) fn flat_numbers(
    node: &Node<'_>,
    out: &mut Vec<f64>,
    depth: usize,
) -> Result<(), SeqError> {
    match node {
        Node::Numbers { values, .. } => {
            if let Some(bad) = values.iter().find(|v| !v.is_finite()) {
                return fail(node, format!("{bad} is not a finite number"));
            }
            out.extend_from_slice(values);
        }
        Node::Seq { items, .. } if depth < 3 => {
            for item in items {
                flat_numbers(item, out, depth + 1)?;
            }
        }
        Node::Scalar { .. } | Node::Seq { .. } | Node::Map { .. } => match node.as_f64() {
            Some(v) if v.is_finite() => out.push(v),
            _ => {
                return fail(
                    node,
                    format!("\"{}\" is not a number", node.as_str().unwrap_or("[...]")),
                );
            }
        },
    }
    Ok(())
}
