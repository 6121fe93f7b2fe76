//! The paths a source names: its `use` trees, expanded, and the paths written out in its
//! code.

use super::lex::{Kind, Token, code_tokens};

/// A `use` path, the name it binds (its last segment, its alias, `_` or `*`) and whether it
/// is a `pub use` (of any visibility: `pub(crate)`, `pub(in crate::app)`).
pub type Use = (Vec<String>, String, bool);

/// Whether the `use` at `at` opens a `use` declaration (not `impl Trait + use<'a>`).
fn opens_use(tokens: &[Token], at: usize) -> bool {
    tokens[at].keyword("use") && !tokens.get(at + 1).is_some_and(|t| t.is("<"))
}

/// The `use` declarations of a source: each tree expanded into its paths, with the name
/// each binds, and whether it is a `pub use`. A leading `::` is kept as a segment (a path
/// from outside the crate); `$crate` reads as `crate`.
pub fn uses(source: &str) -> Vec<Use> {
    let tokens = code_tokens(source);
    let mut found = Vec::new();
    for at in 0..tokens.len() {
        if !opens_use(&tokens, at) {
            continue;
        }
        let public = is_public(&tokens, at);
        let mut paths = Vec::new();
        tree(&tokens, &mut (at + 1), &mut Vec::new(), &mut paths);
        found.extend(paths.into_iter().map(|(path, name)| (path, name, public)));
    }
    found
}

/// Whether the item keyword at `at` has a `pub` visibility: `pub`, `pub(crate)`,
/// `pub(in path)`.
fn is_public(tokens: &[Token], at: usize) -> bool {
    let Some(mut before) = at.checked_sub(1) else {
        return false;
    };
    if tokens[before].is(")") {
        let mut depth = 0_usize;
        loop {
            if tokens[before].is(")") {
                depth += 1;
            } else if tokens[before].is("(") {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            let Some(earlier) = before.checked_sub(1) else {
                return false;
            };
            before = earlier;
        }
        let Some(earlier) = before.checked_sub(1) else {
            return false;
        };
        before = earlier;
    }
    tokens[before].keyword("pub")
}

/// Reads the use tree at `at` (`a::{b, c::{self as d}}`, `a::*`), adding each path under
/// `prefix` and the name it binds to `found`; stops at a token a tree cannot hold.
fn tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: &mut Vec<String>,
    found: &mut Vec<(Vec<String>, String)>,
) {
    let depth = prefix.len();
    if tokens.get(*at).is_some_and(|t| t.is("::")) {
        prefix.push("::".to_owned());
        *at += 1;
    }
    while let Some(token) = tokens.get(*at) {
        if token.is("$") {
            *at += 1;
        } else if token.is("{") {
            *at += 1;
            group(tokens, at, prefix, found);
            break;
        } else if token.is("*") {
            *at += 1;
            let mut path = prefix.clone();
            path.push("*".to_owned());
            found.push((path, "*".to_owned()));
            break;
        } else if token.ident() {
            prefix.push(token.text.to_owned());
            *at += 1;
            if tokens.get(*at).is_some_and(|t| t.is("::")) {
                *at += 1;
                continue;
            }
            let mut alias = None;
            if tokens.get(*at).is_some_and(|t| t.keyword("as")) {
                alias = tokens
                    .get(*at + 1)
                    .filter(|t| t.ident())
                    .map(|t| t.text.to_owned());
                *at += 2;
            }
            let mut path = prefix.clone();
            // `use a::{self}` binds `a`.
            if path.len() > 1 && path.last().is_some_and(|s| s == "self") {
                path.pop();
            }
            let name = alias.or_else(|| path.last().cloned()).unwrap_or_default();
            found.push((path, name));
            break;
        } else {
            break;
        }
    }
    prefix.truncate(depth);
}

/// Reads the trees of a `{…}` group whose `{` is just before `at`, to its `}`.
fn group(
    tokens: &[Token],
    at: &mut usize,
    prefix: &mut Vec<String>,
    found: &mut Vec<(Vec<String>, String)>,
) {
    while let Some(token) = tokens.get(*at) {
        if token.is("}") {
            *at += 1;
            return;
        }
        if token.is(";") {
            return;
        }
        let before = *at;
        tree(tokens, at, prefix, found);
        if tokens.get(*at).is_some_and(|t| t.is(",")) || *at == before {
            // The comma, or a token no tree starts with.
            *at += 1;
        }
    }
}

/// Every path written out in the code (`a::b::c`, two segments or more, not after `::`),
/// outside `use` declarations (read by [`uses`]), visibilities (`pub(in crate::app)`) and
/// attributes (`#[expect(clippy::…)]`). A raw name is read without its `r#`.
pub fn written(source: &str) -> Vec<Vec<String>> {
    let tokens = code_tokens(source);
    let mut found = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        if opens_use(&tokens, at) {
            // To the end of the declaration.
            at = (at..tokens.len())
                .find(|&i| tokens[i].is(";"))
                .unwrap_or(tokens.len());
            continue;
        }
        if tokens[at].keyword("pub")
            && tokens.get(at + 1).is_some_and(|t| t.is("("))
            && tokens.get(at + 2).is_some_and(|t| t.keyword("in"))
        {
            // A visibility (`pub(in crate::app)`) names where an item is seen, not a use.
            at = super::lex::closing(&tokens, at + 1) + 1;
            continue;
        }
        if tokens[at].is("#") {
            // An attribute (`#[expect(clippy::cast_lossless)]`) names lints and tools.
            let open = at + 1 + usize::from(tokens.get(at + 1).is_some_and(|t| t.is("!")));
            if tokens.get(open).is_some_and(|t| t.is("[")) {
                at = super::lex::closing(&tokens, open) + 1;
                continue;
            }
        }
        let after_path = at > 0 && tokens[at - 1].is("::");
        if !tokens[at].ident() || after_path {
            at += 1;
            continue;
        }
        let mut path = vec![tokens[at].text.to_owned()];
        at += 1;
        while tokens.get(at).is_some_and(|t| t.is("::"))
            && let Some(next) = tokens.get(at + 1).filter(|t| t.ident())
        {
            path.push(next.text.to_owned());
            at += 2;
        }
        if path.len() > 1 {
            found.push(path);
        }
    }
    found
}

/// The `mod` declarations of a source, in order: for each, the inline modules (`mod a { … }`)
/// it lies in, its name, whether it is a file (`mod a;`), its `#[path]` if it has one, and
/// whether it is for tests only (`#[cfg(test)]`).
pub fn declarations(source: &str) -> Vec<Declaration> {
    let tokens = code_tokens(source);
    let mut found = Vec::new();
    // The inline modules open here: each name and the brace depth inside it.
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut depth = 0_usize;
    for (at, token) in tokens.iter().enumerate() {
        if token.is("{") {
            depth += 1;
        } else if token.is("}") {
            depth = depth.saturating_sub(1);
            while open.last().is_some_and(|(_, d)| *d > depth) {
                open.pop();
            }
        }
        let (Some(name), Some(after)) = (tokens.get(at + 1), tokens.get(at + 2)) else {
            continue;
        };
        if !token.keyword("mod") || !name.ident() || !(after.is(";") || after.is("{")) {
            continue;
        }
        let (path, test) = attributes(&tokens, at);
        if after.is("{") {
            open.push((name.text.to_owned(), depth + 1));
        }
        found.push(Declaration {
            within: open
                .iter()
                .take(open.len() - usize::from(after.is("{")))
                .map(|(n, _)| n.clone())
                .collect(),
            name: name.text.to_owned(),
            file: after.is(";"),
            path,
            test,
        });
    }
    found
}

/// A `mod` declaration (see [`declarations`]).
#[derive(Debug)]
pub struct Declaration {
    /// The inline modules it is declared in, outermost first.
    pub within: Vec<String>,
    /// The module's name.
    pub name: String,
    /// Whether its body is a file (`mod a;`).
    pub file: bool,
    /// Its `#[path = "…"]`.
    pub path: Option<String>,
    /// Whether it is `#[cfg(test)]`.
    pub test: bool,
}

/// The `#[path]` and whether there is a `#[cfg(test)]` among the attributes before the
/// item keyword at `at` (past its visibility).
fn attributes(tokens: &[Token], at: usize) -> (Option<String>, bool) {
    let (mut path, mut test) = (None, false);
    // Back over the visibility.
    let mut before = at;
    if before > 0 && tokens[before - 1].is(")") {
        while before > 0 && !tokens[before - 1].is("(") {
            before -= 1;
        }
        before = before.saturating_sub(1);
    }
    if before > 0 && tokens[before - 1].keyword("pub") {
        before -= 1;
    }
    // Back over each attribute `#[…]`.
    while before > 0 && tokens[before - 1].is("]") {
        let Some(open) = (0..before - 1).rev().find(|&i| {
            tokens[i].is("[") && i > 0 && tokens[i - 1].is("#") && {
                super::lex::closing(tokens, i) == before - 1
            }
        }) else {
            break;
        };
        let inside = &tokens[open + 1..before - 1];
        let words: Vec<&str> = inside.iter().map(|t| t.text).collect();
        test |= words == ["cfg", "(", "test", ")"];
        if words.len() == 3 && words[0] == "path" && inside[2].kind == Kind::Str {
            path = Some(inside[2].text.to_owned());
        }
        before = open - 1;
    }
    (path, test)
}
