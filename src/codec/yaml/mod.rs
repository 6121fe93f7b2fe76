//! A small, fast reader for the YAML that robot-motion files use (Choreonoid's .seq, .yaml
//! and .pseq): block mappings and sequences by indentation, flow sequences and mappings
//! (`[ 0.1, 0.2 ]`, `{ a: 1 }`) that may span lines, plain and quoted scalars, and `#`
//! comments. Anchors, tags, multi-line plain scalars and block scalars (`|`, `>`) are not
//! in those files and are refused with a message.
//!
//! Scalars borrow from the text (no copy per number), which keeps a 1.35 MB motion well
//! under 10 ms. Every node knows its line, so errors can name it. Nesting is limited to
//! [`MAX_DEPTH`] so no input can exhaust the stack.

mod node;
mod parser;
#[cfg(test)]
mod tests;

pub use node::{MAX_DEPTH, Node, YamlError, parse_number};

use parser::Parser;
use std::borrow::Cow;

/// Parses a whole document.
///
/// # Errors
/// The text is not in the YAML subset described above; the error names the line.
pub fn parse(text: &str) -> Result<Node<'_>, YamlError> {
    let mut parser = Parser::new(text);
    let line = parser.skip_to_content();
    if parser.at_end() {
        return Ok(Node::Scalar {
            text: Cow::Borrowed(""),
            quoted: false,
            line,
        });
    }
    let indent = parser.column();
    let node = parser.block(indent, 0)?;
    parser.skip_to_content();
    if !parser.at_end() {
        return Err(parser.error("more text after the document (check the indentation)"));
    }
    Ok(node)
}
