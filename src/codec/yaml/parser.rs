//! The parser behind [`super::parse`]: block structure by indentation, flow collections,
//! scalars borrowed from the text.

use super::node::{MAX_DEPTH, Node, YamlError, parse_number};
use std::borrow::Cow;

/// The parser's place in the text.
pub(super) struct Parser<'a> {
    text: &'a [u8],
    source: &'a str,
    pos: usize,
    line: usize,
    /// How many numbers the last list of numbers held: the next one (a body motion's next
    /// frame) is allocated that large at once.
    numbers_hint: usize,
}

impl<'a> Parser<'a> {
    /// A parser at the start of `text`.
    pub(super) fn new(text: &'a str) -> Self {
        Self {
            text: text.as_bytes(),
            source: text,
            pos: 0,
            line: 1,
            numbers_hint: 0,
        }
    }

    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    pub(super) fn error(&self, message: impl Into<String>) -> YamlError {
        YamlError {
            line: self.line,
            message: message.into(),
        }
    }

    /// The column of `pos` on its line.
    pub(super) fn column(&self) -> usize {
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
    pub(super) fn skip_to_content(&mut self) -> usize {
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
    pub(super) fn block(&mut self, indent: usize, depth: usize) -> Result<Node<'a>, YamlError> {
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
        // At most the hint, however large a list came before: the hint is no bound.
        let mut values = Vec::with_capacity(self.numbers_hint.min(1 << 12));
        loop {
            self.skip_flow_space();
            match self.peek() {
                Some(b']') => {
                    self.pos += 1;
                    self.numbers_hint = values.len();
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
