//! A small, fast reader for the YAML that robot-motion files use (Choreonoid's .seq, .yaml
//! and .pseq): block mappings and sequences by indentation, flow sequences and mappings
//! (`[ 0.1, 0.2 ]`, `{ a: 1 }`) that may span lines, plain and quoted scalars, and `#`
//! comments. Anchors, tags, multi-line plain scalars and block scalars (`|`, `>`) are not
//! in those files and are refused with a message.
//!
//! Scalars borrow from the text (no copy per number), which keeps a 1.35 MB motion well
//! under 10 ms. Every node knows its line, so errors can name it. Nesting is limited to
//! [`MAX_DEPTH`] so no input can exhaust the stack.

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
            _ => None,
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
            _ => None,
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
            _ => None,
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
            _ => None,
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
        b'0'..=b'9' => return text.parse().ok(),
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

/// Parses a whole document.
///
/// # Errors
/// The text is not in the YAML subset described above; the error names the line.
pub fn parse(text: &str) -> Result<Node<'_>, YamlError> {
    let mut parser = Parser {
        text: text.as_bytes(),
        source: text,
        pos: 0,
        line: 1,
    };
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

struct Parser<'a> {
    text: &'a [u8],
    source: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Parser<'a> {
    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn error(&self, message: impl Into<String>) -> YamlError {
        YamlError {
            line: self.line,
            message: message.into(),
        }
    }

    /// The column of `pos` on its line.
    fn column(&self) -> usize {
        let start = self.text[..self.pos]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        self.pos - start
    }

    /// Skips spaces on this line.
    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Skips a comment and the end of this line if nothing else is on it; true if it did.
    fn skip_line_end(&mut self) -> bool {
        self.skip_spaces();
        match self.peek() {
            None => true,
            Some(b'#') => {
                while !matches!(self.peek(), None | Some(b'\n')) {
                    self.pos += 1;
                }
                self.skip_line_end()
            }
            Some(b'\r') if self.text.get(self.pos + 1) == Some(&b'\n') => {
                self.pos += 2;
                self.line += 1;
                true
            }
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                true
            }
            _ => false,
        }
    }

    /// Moves to the first character of the next line with content (past blank lines,
    /// comments and the document marker `---`); returns that line.
    fn skip_to_content(&mut self) -> usize {
        loop {
            let line_start = self.pos;
            self.skip_spaces();
            if self.text[self.pos..].starts_with(b"---")
                && matches!(
                    self.text.get(self.pos + 3),
                    None | Some(b' ' | b'\n' | b'\r')
                )
                && line_start == self.pos
            {
                self.pos += 3;
            }
            if self.at_end() {
                return self.line;
            }
            if !self.skip_line_end() {
                return self.line;
            }
        }
    }

    /// The indentation of the next content line, without moving (None at the end).
    fn next_indent(&mut self) -> Option<(usize, u8)> {
        let (pos, line) = (self.pos, self.line);
        self.skip_to_content();
        let found = self.peek().map(|b| (self.column(), b));
        (self.pos, self.line) = (pos, line);
        found
    }

    /// A block node whose first character is at `pos`, at column `indent`.
    fn block(&mut self, indent: usize, depth: usize) -> Result<Node<'a>, YamlError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        if self.is_sequence_entry() {
            return self.block_seq(indent, depth);
        }
        if self.key_ahead() {
            return self.block_map(indent, depth);
        }
        let node = self.inline_value(depth)?;
        if !self.skip_line_end() {
            return Err(self.error("unexpected text after a value"));
        }
        Ok(node)
    }

    fn is_sequence_entry(&self) -> bool {
        self.peek() == Some(b'-')
            && matches!(
                self.text.get(self.pos + 1),
                None | Some(b' ' | b'\t' | b'\n' | b'\r')
            )
    }

    /// Whether a `key:` starts at `pos` on this line.
    fn key_ahead(&self) -> bool {
        let rest = &self.text[self.pos..];
        if matches!(rest.first(), Some(b'[' | b'{') | None) {
            return false;
        }
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let line = &rest[..end];
        let mut i = 0;
        match line.first() {
            Some(&q @ (b'"' | b'\'')) => {
                i = 1;
                while i < line.len() && line[i] != q {
                    i += if line[i] == b'\\' && q == b'"' { 2 } else { 1 };
                }
                i += 1;
                while matches!(line.get(i), Some(b' ' | b'\t')) {
                    i += 1;
                }
                return line.get(i) == Some(&b':');
            }
            Some(b'[' | b'{') | None => return false,
            _ => {}
        }
        while i < line.len() {
            match line[i] {
                b':' if matches!(line.get(i + 1), None | Some(b' ' | b'\t' | b'\r')) => {
                    return true;
                }
                b'#' if i > 0 && matches!(line[i - 1], b' ' | b'\t') => return false,
                _ => {}
            }
            i += 1;
        }
        false
    }

    fn block_seq(&mut self, indent: usize, depth: usize) -> Result<Node<'a>, YamlError> {
        let line = self.line;
        let mut items = Vec::new();
        loop {
            // At a "-".
            self.pos += 1;
            let item_line = self.line;
            if self.skip_line_end() {
                // The item is on the following lines, indented more; or empty.
                match self.next_indent() {
                    Some((next, _)) if next > indent => {
                        self.skip_to_content();
                        items.push(self.block(next, depth + 1)?);
                    }
                    _ => items.push(Node::Scalar {
                        text: Cow::Borrowed(""),
                        quoted: false,
                        line: item_line,
                    }),
                }
            } else {
                let column = self.column();
                items.push(self.block(column, depth + 1)?);
            }
            match self.next_indent() {
                Some((next, b'-')) if next == indent => {
                    self.skip_to_content();
                    if !self.is_sequence_entry() {
                        return Err(self.error("expected a sequence entry"));
                    }
                }
                Some((next, _)) if next > indent => {
                    self.skip_to_content();
                    return Err(self.error("unexpected indentation in a sequence"));
                }
                _ => return Ok(Node::Seq { items, line }),
            }
        }
    }

    fn block_map(&mut self, indent: usize, depth: usize) -> Result<Node<'a>, YamlError> {
        let line = self.line;
        let mut entries: Vec<(Cow<'a, str>, Node<'a>)> = Vec::new();
        loop {
            let key_line = self.line;
            let key = self.key()?;
            if entries.iter().any(|(k, _)| *k == key) {
                return Err(YamlError {
                    line: key_line,
                    message: format!("the key \"{key}\" appears twice"),
                });
            }
            let value = if self.skip_line_end() {
                match self.next_indent() {
                    Some((next, _)) if next > indent => {
                        self.skip_to_content();
                        self.block(next, depth + 1)?
                    }
                    // A sequence may sit at the key's own indentation.
                    Some((next, b'-')) if next == indent => {
                        self.skip_to_content();
                        if self.is_sequence_entry() {
                            self.block_seq(indent, depth + 1)?
                        } else {
                            return Err(self.error("expected a value"));
                        }
                    }
                    _ => Node::Scalar {
                        text: Cow::Borrowed(""),
                        quoted: false,
                        line: key_line,
                    },
                }
            } else {
                let node = self.inline_value(depth + 1)?;
                if !self.skip_line_end() {
                    return Err(self.error("unexpected text after a value"));
                }
                node
            };
            entries.push((key, value));
            match self.next_indent() {
                Some((next, _)) if next == indent => {
                    self.skip_to_content();
                    if self.is_sequence_entry() {
                        // A "- " at the keys' own indentation after a whole entry: a
                        // parent sequence's entries sit further left, so this is invalid.
                        return Err(self.error("a sequence entry where a key was expected"));
                    }
                    if !self.key_ahead() {
                        return Err(self.error("expected \"key: value\""));
                    }
                }
                Some((next, _)) if next > indent => {
                    self.skip_to_content();
                    return Err(self.error("unexpected indentation in a mapping"));
                }
                _ => return Ok(Node::Map { entries, line }),
            }
        }
    }

    /// A mapping key and its colon.
    fn key(&mut self) -> Result<Cow<'a, str>, YamlError> {
        let key = match self.peek() {
            Some(b'"' | b'\'') => self.quoted()?,
            _ => {
                let start = self.pos;
                while let Some(b) = self.peek() {
                    if b == b':'
                        && matches!(
                            self.text.get(self.pos + 1),
                            None | Some(b' ' | b'\t' | b'\n' | b'\r')
                        )
                    {
                        break;
                    }
                    if b == b'\n' {
                        return Err(self.error("expected \":\" after a key"));
                    }
                    self.pos += 1;
                }
                Cow::Borrowed(self.source[start..self.pos].trim_end())
            }
        };
        self.skip_spaces();
        if self.peek() != Some(b':') {
            return Err(self.error("expected \":\" after a key"));
        }
        self.pos += 1;
        Ok(key)
    }

    /// A value written on the current line (flow collections may continue on later lines).
    fn inline_value(&mut self, depth: usize) -> Result<Node<'a>, YamlError> {
        self.skip_spaces();
        match self.peek() {
            Some(b'[' | b'{') => self.flow(depth),
            Some(b'"' | b'\'') => {
                let line = self.line;
                let text = self.quoted()?;
                Ok(Node::Scalar {
                    text,
                    quoted: true,
                    line,
                })
            }
            Some(b'|' | b'>') => Err(self.error("block scalars (| and >) are not supported")),
            Some(b'&' | b'*' | b'!') => {
                Err(self.error("anchors, aliases and tags are not supported"))
            }
            _ => {
                let line = self.line;
                let start = self.pos;
                while let Some(b) = self.peek() {
                    if b == b'\n' || (b == b'#' && matches!(self.text[self.pos - 1], b' ' | b'\t'))
                    {
                        break;
                    }
                    self.pos += 1;
                }
                Ok(Node::Scalar {
                    text: Cow::Borrowed(self.source[start..self.pos].trim()),
                    quoted: false,
                    line,
                })
            }
        }
    }

    /// Skips spaces, line ends and comments inside a flow collection.
    fn skip_flow_space(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\n') => {
                    self.pos += 1;
                    self.line += 1;
                }
                Some(b'#') => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// A flow sequence or mapping starting at `pos`.
    fn flow(&mut self, depth: usize) -> Result<Node<'a>, YamlError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        let line = self.line;
        if self.peek() == Some(b'[') {
            let start = self.pos;
            if let Some(values) = self.try_numbers() {
                return Ok(Node::Numbers { values, line });
            }
            (self.pos, self.line) = (start, line);
        }
        let is_map = self.peek() == Some(b'{');
        let close = if is_map { b'}' } else { b']' };
        self.pos += 1;
        let mut items = Vec::new();
        let mut entries = Vec::new();
        loop {
            self.skip_flow_space();
            match self.peek() {
                None => {
                    return Err(YamlError {
                        line,
                        message: format!(
                            "this {} is never closed with \"{}\"",
                            if is_map { "mapping" } else { "sequence" },
                            close as char
                        ),
                    });
                }
                Some(b) if b == close => {
                    self.pos += 1;
                    break;
                }
                _ => {}
            }
            if is_map {
                let key = self.flow_scalar(true)?;
                let Node::Scalar { text, .. } = key else {
                    return Err(self.error("a mapping key must be a scalar"));
                };
                self.skip_flow_space();
                if self.peek() != Some(b':') {
                    return Err(self.error("expected \":\" in a flow mapping"));
                }
                self.pos += 1;
                self.skip_flow_space();
                let value = self.flow_item(depth)?;
                entries.push((text, value));
            } else {
                items.push(self.flow_item(depth)?);
            }
            self.skip_flow_space();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b) if b == close => {}
                Some(other) => {
                    return Err(self.error(format!(
                        "expected \",\" or \"{}\", found \"{}\"",
                        close as char, other as char
                    )));
                }
                None => {}
            }
        }
        Ok(if is_map {
            Node::Map { entries, line }
        } else {
            Node::Seq { items, line }
        })
    }

    /// A flow sequence of plain numbers only, or None (and the caller parses it again in
    /// full) at the first thing that is not one.
    fn try_numbers(&mut self) -> Option<Vec<f64>> {
        self.pos += 1;
        let mut values = Vec::new();
        loop {
            self.skip_flow_space();
            match self.peek() {
                Some(b']') => {
                    self.pos += 1;
                    return Some(values);
                }
                None => return None,
                _ => {}
            }
            let start = self.pos;
            while let Some(&b) = self.text.get(self.pos) {
                if matches!(
                    b,
                    b',' | b']' | b' ' | b'\t' | b'\r' | b'\n' | b'[' | b'{' | b'"' | b'\''
                ) {
                    break;
                }
                self.pos += 1;
            }
            values.push(parse_number(self.source.get(start..self.pos)?)?);
            self.skip_flow_space();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {}
                _ => return None,
            }
        }
    }

    fn flow_item(&mut self, depth: usize) -> Result<Node<'a>, YamlError> {
        match self.peek() {
            Some(b'[' | b'{') => self.flow(depth + 1),
            _ => self.flow_scalar(false),
        }
    }

    /// A scalar inside a flow collection (a key stops at ":").
    fn flow_scalar(&mut self, key: bool) -> Result<Node<'a>, YamlError> {
        let line = self.line;
        if matches!(self.peek(), Some(b'"' | b'\'')) {
            let text = self.quoted()?;
            return Ok(Node::Scalar {
                text,
                quoted: true,
                line,
            });
        }
        let start = self.pos;
        while let Some(b) = self.peek() {
            match b {
                b',' | b']' | b'}' | b'\n' | b'\r' => break,
                b'#' if self.pos > start && matches!(self.text[self.pos - 1], b' ' | b'\t') => {
                    break;
                }
                b':' if key => break,
                b'[' | b'{' => return Err(self.error("unexpected bracket in a value")),
                _ => self.pos += 1,
            }
        }
        Ok(Node::Scalar {
            text: Cow::Borrowed(self.source[start..self.pos].trim()),
            quoted: false,
            line,
        })
    }

    /// A quoted scalar at `pos` (single quotes double `''`; double quotes take the usual
    /// backslash escapes).
    fn quoted(&mut self) -> Result<Cow<'a, str>, YamlError> {
        let line = self.line;
        let quote = self.text[self.pos];
        self.pos += 1;
        let start = self.pos;
        let mut owned: Option<String> = None;
        loop {
            let Some(b) = self.peek() else {
                return Err(YamlError {
                    line,
                    message: "a quoted string is never closed".into(),
                });
            };
            match b {
                b'\n' => {
                    return Err(YamlError {
                        line,
                        message: "a quoted string runs past the end of its line".into(),
                    });
                }
                _ if b == quote => {
                    if quote == b'\'' && self.text.get(self.pos + 1) == Some(&b'\'') {
                        let text = owned.get_or_insert_with(|| self.source[start..self.pos].into());
                        text.push('\'');
                        self.pos += 2;
                        continue;
                    }
                    let result = match owned {
                        Some(text) => Cow::Owned(text),
                        None => Cow::Borrowed(&self.source[start..self.pos]),
                    };
                    self.pos += 1;
                    return Ok(result);
                }
                b'\\' if quote == b'"' => {
                    let text = owned.get_or_insert_with(|| self.source[start..self.pos].into());
                    let escaped = match self.text.get(self.pos + 1) {
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'0') => '\0',
                        _ => return Err(self.error("an unknown escape in a quoted string")),
                    };
                    text.push(escaped);
                    self.pos += 2;
                }
                _ => {
                    // Copy one whole UTF-8 character.
                    let len = utf8_len(b);
                    if let Some(text) = owned.as_mut() {
                        text.push_str(self.source.get(self.pos..self.pos + len).unwrap_or(""));
                    }
                    self.pos += len;
                }
            }
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(node: &Node<'_>) -> Vec<f64> {
        node.numbers().unwrap_or_default()
    }

    #[test]
    fn a_body_motion_parses_with_its_structure() {
        let text = "# top\ntype: CompositeSeq\nformatVersion: 2\ncomponents: \n  - \n    type: \"MultiValueSeq\"\n    numParts: 2 # two\n    frames: \n      - [ 0, 1e-06 ]\n      - [ -2.5E+003,\n          3 ]\n  - { type: Vector3Seq, frames: [[1,2,3]] }\n";
        let root = parse(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            root.get(&["type"]).and_then(Node::as_str),
            Some("CompositeSeq")
        );
        assert_eq!(
            root.get(&["formatVersion"]).and_then(Node::as_f64),
            Some(2.0)
        );
        let components = root
            .get(&["components"])
            .and_then(Node::as_seq)
            .unwrap_or_default();
        assert_eq!(components.len(), 2);
        let first = &components[0];
        assert_eq!(
            first.get(&["type"]).and_then(Node::as_str),
            Some("MultiValueSeq")
        );
        assert_eq!(first.get(&["numParts"]).and_then(Node::as_f64), Some(2.0));
        let frames = first
            .get(&["frames"])
            .and_then(Node::as_seq)
            .unwrap_or_default();
        assert_eq!(numbers(&frames[0]), vec![0.0, 1e-6]);
        assert_eq!(numbers(&frames[1]), vec![-2500.0, 3.0]);
        assert_eq!(frames[1].line(), 10);
        assert_eq!(
            components[1].get(&["type"]).and_then(Node::as_str),
            Some("Vector3Seq")
        );
    }

    #[test]
    fn a_sequence_may_sit_at_its_keys_indentation_and_items_may_be_maps() {
        let text = "refs:\n- time: 0\n  refer:\n    q: [1, 2]\n- time: 1.5\n  name: 'it''s'\n";
        let root = parse(text).unwrap_or_else(|e| panic!("{e}"));
        let refs = root
            .get(&["refs"])
            .and_then(Node::as_seq)
            .unwrap_or_default();
        assert_eq!(refs.len(), 2);
        assert_eq!(refs[1].get(&["time"]).and_then(Node::as_f64), Some(1.5));
        assert_eq!(refs[1].get(&["name"]).and_then(Node::as_str), Some("it's"));
        let q = refs[0].get(&["refer"]).and_then(|r| r.get(&["q"]));
        assert_eq!(q.map(numbers), Some(vec![1.0, 2.0]));
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line, what) in [
            ("a: 1\nb: [1, 2\n", 2, "never closed"),
            ("a: 1\na: 2\n", 2, "twice"),
            ("a:\n  - 1\n   - 2\n", 3, "indentation"),
            ("a: \"x\n", 1, "past the end"),
            ("a: |\n  x\n", 1, "block scalars"),
            ("a: [1 2] x\n", 1, "unexpected text"),
        ] {
            let error = parse(text)
                .err()
                .unwrap_or_else(|| panic!("{text:?} parsed"));
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.message.contains(what), "{text:?}: {error}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let text = format!("a: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
        let error = parse(&text).err().map(|e| e.message);
        assert_eq!(error.as_deref(), Some("nested too deeply"));
        let blocks: String = (0..1000)
            .map(|i| format!("{}- \n", " ".repeat(i)))
            .collect();
        assert!(parse(&blocks).is_err());
    }

    #[test]
    fn numbers_in_the_spellings_real_files_use() {
        for (text, value) in [
            ("0", 0.0),
            ("-7.779e-005", -7.779e-5),
            ("1.75e-08", 1.75e-8),
            ("+3", 3.0),
            (".5", 0.5),
            ("-.inf", f64::NEG_INFINITY),
        ] {
            assert_eq!(parse_number(text), Some(value), "{text}");
        }
        for text in ["", "x", "1,2", "true", "0x10"] {
            assert_eq!(parse_number(text), None, "{text}");
        }
    }
}
