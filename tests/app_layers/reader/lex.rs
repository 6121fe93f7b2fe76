//! Reading Rust source as tokens: comments, strings (raw ones too), char literals and
//! lifetimes told apart, so that a `use`, a brace or a path inside a string or a comment is
//! never read as code.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name or a keyword (`r#type` is the name `type`, marked raw).
    Ident {
        /// Written `r#name`: a name, never a keyword.
        raw: bool,
    },
    /// A punctuation character, or `::`.
    Punct,
    /// A string literal of any kind (`"…"`, `r#"…"#`, `b"…"`, `c"…"`); the text is its content.
    Str,
    /// A char or byte literal (`'{'`, `b'"'`).
    Char,
    /// A lifetime or a loop label (`'a`).
    Lifetime,
    /// A number (`0x1F`, `1_000u32`; `1.5` is `1`, `.` and `5`).
    Number,
    /// A comment, doc comments included.
    Comment,
}

/// A token: its kind, its text (a string's content, a raw name without `r#`) and where it
/// lies in the source (bytes, the whole literal or comment).
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    /// What it is.
    pub kind: Kind,
    /// Its text.
    pub text: &'a str,
    /// Its first byte.
    pub start: usize,
    /// The byte after it.
    pub end: usize,
}

impl Token<'_> {
    /// Whether it is the punctuation `text`.
    pub fn is(&self, text: &str) -> bool {
        self.kind == Kind::Punct && self.text == text
    }

    /// Whether it is the keyword `word` (not a raw name).
    pub fn keyword(&self, word: &str) -> bool {
        self.kind == (Kind::Ident { raw: false }) && self.text == word
    }

    /// Whether it is a name or a keyword.
    pub fn ident(&self) -> bool {
        matches!(self.kind, Kind::Ident { .. })
    }
}

/// Whether a name can start with `c`.
fn word_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

/// Whether a name can go on with `c`.
fn word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The tokens of `source`, comments included; never panics, whatever the text (an
/// unterminated literal or comment runs to the end).
pub fn lex(source: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut at = 0;
    while let Some(c) = source[at..].chars().next() {
        let rest = &source[at..];
        let (kind, text, end) = if c.is_whitespace() {
            at += c.len_utf8();
            continue;
        } else if rest.starts_with("//") {
            let end = rest.find('\n').map_or(source.len(), |n| at + n);
            (Kind::Comment, &source[at..end], end)
        } else if rest.starts_with("/*") {
            let end = block_comment_end(source, at);
            (Kind::Comment, &source[at..end], end)
        } else if let Some((content, end)) = string(source, at) {
            (Kind::Str, content, end)
        } else if c == '\'' || rest.starts_with("b'") {
            quote(source, at)
        } else if rest.starts_with("r#") && rest[2..].chars().next().is_some_and(word_start) {
            let end = word_end(source, at + 2);
            (Kind::Ident { raw: true }, &source[at + 2..end], end)
        } else if word_start(c) {
            let end = word_end(source, at);
            (Kind::Ident { raw: false }, &source[at..end], end)
        } else if c.is_ascii_digit() {
            let end = word_end(source, at);
            (Kind::Number, &source[at..end], end)
        } else if rest.starts_with("::") {
            (Kind::Punct, "::", at + 2)
        } else {
            let end = at + c.len_utf8();
            (Kind::Punct, &source[at..end], end)
        };
        tokens.push(Token {
            kind,
            text,
            start: at,
            end,
        });
        at = end;
    }
    tokens
}

/// The tokens of `source` without its comments.
pub fn code_tokens(source: &str) -> Vec<Token<'_>> {
    lex(source)
        .into_iter()
        .filter(|t| t.kind != Kind::Comment)
        .collect()
}

/// The end of the name (or number) starting at `from`.
fn word_end(source: &str, from: usize) -> usize {
    source[from..]
        .char_indices()
        .find(|&(_, c)| !word(c))
        .map_or(source.len(), |(n, _)| from + n)
}

/// The end of the block comment opening at `from` (they nest).
fn block_comment_end(source: &str, from: usize) -> usize {
    let (mut depth, mut at) = (0_usize, from);
    while at < source.len() {
        let rest = &source[at..];
        if rest.starts_with("/*") {
            depth += 1;
            at += 2;
        } else if rest.starts_with("*/") {
            depth -= 1;
            at += 2;
            if depth == 0 {
                return at;
            }
        } else {
            at += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    source.len()
}

/// The string literal opening at `from`, if one does: its content and its end.
fn string(source: &str, from: usize) -> Option<(&str, usize)> {
    let rest = &source[from..];
    // The prefix: `b`, `c`, then `r` and its hashes for a raw string.
    let mut prefix = 0;
    for p in ["br", "cr", "b", "c", "r"] {
        if rest.starts_with(p) {
            prefix = p.len();
            break;
        }
    }
    let raw = rest[..prefix].ends_with('r');
    let hashes = if raw {
        rest[prefix..].chars().take_while(|&c| c == '#').count()
    } else {
        0
    };
    let open = from + prefix + hashes;
    if !source[open..].starts_with('"') {
        return None;
    }
    let body = open + 1;
    if raw {
        let close = format!("\"{}", "#".repeat(hashes));
        return Some(match source[body..].find(&close) {
            Some(n) => (&source[body..body + n], body + n + close.len()),
            None => (&source[body..], source.len()),
        });
    }
    let mut chars = source[body..].char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return Some((&source[body..body + n], body + n + 1)),
            _ => {}
        }
    }
    Some((&source[body..], source.len()))
}

/// A char literal (`'x'`, `'\''`, `b'"'`) or a lifetime (`'a`) at `from`.
fn quote(source: &str, from: usize) -> (Kind, &str, usize) {
    let open = if source[from..].starts_with('b') {
        from + 2
    } else {
        from + 1
    };
    let mut chars = source[open..].char_indices();
    match chars.next() {
        // An escape: to the closing quote.
        Some((_, '\\')) => {
            chars.next();
            let end = chars
                .find(|&(_, c)| c == '\'' || c == '\n')
                .map_or(source.len(), |(n, _)| open + n + 1);
            (Kind::Char, &source[from..end], end)
        }
        Some((_, c)) if source[open + c.len_utf8()..].starts_with('\'') => {
            let end = open + c.len_utf8() + 1;
            (Kind::Char, &source[from..end], end)
        }
        Some((_, c)) if word_start(c) && open == from + 1 => {
            let end = word_end(source, open);
            (Kind::Lifetime, &source[from..end], end)
        }
        _ => (Kind::Punct, &source[from..from + 1], from + 1),
    }
}

/// The index of the token closing the bracket opened at `open` (the last token if it is
/// never closed).
pub fn closing(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0_usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        if ["(", "[", "{"].iter().any(|b| token.is(b)) {
            depth += 1;
        } else if [")", "]", "}"].iter().any(|b| token.is(b)) {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return i;
            }
        }
    }
    tokens.len().saturating_sub(1)
}

/// Whether the tokens from `at` are the attribute `#[cfg(test)]` (or `#![cfg(test)]`).
pub fn cfg_test(tokens: &[Token], at: usize) -> bool {
    let words: Vec<&str> = tokens.iter().skip(at).take(8).map(|t| t.text).collect();
    words.starts_with(&["#", "[", "cfg", "(", "test", ")", "]"])
        || words.starts_with(&["#", "!", "[", "cfg", "(", "test", ")", "]"])
}

/// The index of the last token of the item whose attributes start at `at`: its closing
/// brace, or its `;`.
pub fn item_end(tokens: &[Token], mut at: usize) -> usize {
    // Its attributes.
    while tokens.get(at).is_some_and(|t| t.is("#")) {
        if tokens.get(at + 1).is_some_and(|t| t.is("!")) {
            at += 1;
        }
        at = closing(tokens, at + 1) + 1;
    }
    while let Some(token) = tokens.get(at) {
        if token.is(";") {
            return at;
        }
        if token.is("{") {
            return closing(tokens, at);
        }
        if token.is("(") || token.is("[") {
            at = closing(tokens, at);
        }
        at += 1;
    }
    tokens.len().saturating_sub(1)
}

/// The source without comments, string contents (a string is left as `""`, a char as
/// `' '`) and `#[cfg(test)]` items (tests may reach anywhere); everything else as written.
pub fn code_of(source: &str) -> String {
    let tokens = lex(source);
    let code: Vec<Token> = tokens
        .iter()
        .copied()
        .filter(|t| t.kind != Kind::Comment)
        .collect();
    // The byte ranges of the test items.
    let mut dropped = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if cfg_test(&code, i) {
            if code[i + 1].is("!") {
                // The whole file is for tests.
                return String::new();
            }
            let last = item_end(&code, i);
            dropped.push((code[i].start, code[last].end));
            i = last;
        }
        i += 1;
    }
    let mut kept = String::new();
    let mut from = 0;
    let mut drops = dropped.into_iter().peekable();
    for token in &tokens {
        if token.start < from {
            continue;
        }
        if let Some(&(start, end)) = drops.peek()
            && token.start >= start
        {
            kept.push_str(&source[from..start]);
            from = end;
            drops.next();
            continue;
        }
        let instead = match token.kind {
            Kind::Comment => " ".to_owned() + &"\n".repeat(token.text.matches('\n').count()),
            Kind::Str => "\"\"".to_owned(),
            Kind::Char => "' '".to_owned(),
            Kind::Ident { .. } | Kind::Punct | Kind::Lifetime | Kind::Number => continue,
        };
        kept.push_str(&source[from..token.start]);
        kept.push_str(&instead);
        from = token.end;
    }
    kept.push_str(&source[from..]);
    kept
}
