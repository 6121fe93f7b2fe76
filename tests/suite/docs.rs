//! The docs stay true to the project: in `README.md`, every page under `docs/` and
//! `benches/README.md`, every relative link names a file that exists (and, for `page.md#anchor`,
//! a heading that makes that anchor as GitHub makes them), and every `mtn-studio ...` command
//! line quoted in a code block or inline code names a subcommand the binary has and only
//! options that subcommand's `--help` lists. A line that uses only the bundled files in
//! `assets/` is run in a scratch folder and must succeed.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A Markdown page split the way the checks read it.
struct Page {
    path: PathBuf,
    /// Lines outside fenced code blocks, inline code taken out.
    prose: Vec<String>,
    /// Lines of fenced code blocks (a line ending in `\` joined with the next) and inline code.
    code: Vec<String>,
    /// The headings' text, inline code's backticks dropped.
    headings: Vec<String>,
}

impl Page {
    fn read(path: &Path) -> Self {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (mut prose, mut code, mut headings) = (Vec::new(), Vec::new(), Vec::new());
        let (mut fenced, mut joined) = (false, String::new());
        for line in text.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
                fenced = !fenced;
            } else if fenced {
                joined.push_str(trimmed);
                match joined.strip_suffix('\\') {
                    Some(start) => joined = format!("{} ", start.trim_end()),
                    None => code.push(std::mem::take(&mut joined)),
                }
            } else {
                if let Some(heading) = line.strip_prefix('#') {
                    let text = heading.trim_start_matches('#').trim_end_matches('#');
                    headings.push(text.trim().replace('`', ""));
                }
                // Between backticks (the odd pieces) is inline code.
                let pieces: Vec<&str> = line.split('`').collect();
                prose.push(pieces.iter().step_by(2).copied().collect());
                code.extend(pieces.iter().skip(1).step_by(2).map(|p| (*p).to_owned()));
            }
        }
        let path = path.to_owned();
        Self {
            path,
            prose,
            code,
            headings,
        }
    }

    /// The anchors its headings make, as GitHub makes them: lower case, letters, digits, `-`
    /// and `_` kept, spaces made `-`, everything else dropped; a repeat gets `-1`, `-2`, ...
    fn anchors(&self) -> Vec<String> {
        let mut slugs: Vec<String> = Vec::new();
        let mut anchors = Vec::new();
        for text in &self.headings {
            let slug: String = (text.to_lowercase().chars())
                .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            anchors.push(match slugs.iter().filter(|s| **s == slug).count() {
                0 => slug.clone(),
                n => format!("{slug}-{n}"),
            });
            slugs.push(slug);
        }
        anchors
    }
}

/// `README.md`, every page under `docs/` (at any depth) and `benches/README.md`.
fn pages() -> Vec<Page> {
    let root = Path::new(ROOT);
    let mut paths = vec![root.join("README.md"), root.join("benches/README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/ is there") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    assert!(paths.len() >= 10, "too few pages found: {paths:?}");
    paths.iter().map(|p| Page::read(p)).collect()
}

#[test]
fn every_relative_link_lands() {
    let pages = pages();
    let (mut broken, mut checked) = (Vec::new(), 0);
    for page in &pages {
        let folder = page.path.parent().expect("a page is in a folder");
        for line in &page.prose {
            for (at, _) in line.match_indices("](") {
                let target = line[at + 2..].split([')', ' ']).next().unwrap_or_default();
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
                let path = match file {
                    "" => page.path.clone(),
                    file => folder.join(file),
                };
                let anchors = || match pages.iter().find(|p| p.path == path) {
                    Some(page) => page.anchors(),
                    None => Page::read(&path).anchors(),
                };
                let into_page = !anchor.is_empty() && (file.is_empty() || file.ends_with(".md"));
                let why = if !path.exists() {
                    "no such file"
                } else if into_page && !anchors().iter().any(|a| a == anchor) {
                    "no heading makes this anchor"
                } else {
                    continue;
                };
                broken.push(format!("{}: ({target}): {why}", page.path.display()));
            }
        }
    }
    assert!(checked >= 50, "only {checked} links: a blind parser?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// What a command line says, up to a shell's pipe, redirection or comment (a `|` inside
/// brackets or parentheses is the synopsis's "or", not a pipe), as words.
fn words(line: &str) -> Vec<String> {
    let (mut depth, mut end, mut after_space) = (0_i32, line.len(), true);
    for (i, c) in line.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            '|' | '>' | '<' | ';' | '&' | '#' if depth <= 0 && after_space => {
                end = i;
                break;
            }
            _ => {}
        }
        after_space = c.is_whitespace();
    }
    line[..end].split_whitespace().map(str::to_owned).collect()
}

/// The binary's help for a subcommand path (`[]`: the top level), asked once.
fn help(cache: &mut HashMap<Vec<String>, String>, path: &[String]) -> String {
    let text = cache.entry(path.to_vec()).or_insert_with(|| {
        let output = Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
            .args(path)
            .arg("--help")
            .output()
            .expect("the binary runs");
        assert!(output.status.success(), "mtn-studio {path:?} --help failed");
        String::from_utf8_lossy(&output.stdout).into_owned()
    });
    text.clone()
}

/// The names under a help text's `Commands:`.
fn subcommands(help: &str) -> Vec<String> {
    let lines = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1);
    let names = lines.map_while(|l| l.split_whitespace().next());
    names.map(str::to_owned).collect()
}

/// Whether `flag` stands in `help` as a word of its own (`--to` is not `--to-robot-rate`).
fn lists(help: &str, flag: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-');
    help.match_indices(flag).any(|(i, _)| {
        !word(help[..i].chars().next_back()) && !word(help[i + flag.len()..].chars().next())
    })
}

/// A placeholder (`FILE`, `A`, `[--json]`, `B...`), not a value to run with.
fn placeholder(word: &str) -> bool {
    word.contains(['[', '(', '|', '…']) || word.contains("...") || upper(word)
}

fn upper(word: &str) -> bool {
    word.chars().all(|c| c.is_ascii_uppercase())
}

/// Copies a folder (the bundled `assets/` into a scratch folder).
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a scratch folder");
    for entry in std::fs::read_dir(from).expect("a folder to copy") {
        let path = entry.expect("a folder entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("a copy");
        }
    }
}

/// Runs a line that uses only the bundled files, in a scratch folder holding a copy of them.
fn run(args: &[String]) -> Option<String> {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let assets = Path::new(ROOT).join("assets");
    copy_folder(&assets, &scratch.path().join("assets"));
    let output = Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
        .args(args)
        .current_dir(scratch.path())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    (!output.status.success()).then(|| format!("it ran and failed ({}): {stderr}", output.status))
}

/// What is wrong with one `mtn-studio ...` line, if anything; `ran` counts the lines run.
fn check(line: &str, cache: &mut HashMap<Vec<String>, String>, ran: &mut usize) -> Option<String> {
    let args = &words(line)[1..];
    let mut path: Vec<String> = Vec::new();
    // A path or a placeholder (`FILE`, `SUBCOMMAND`) first is the editor's file argument;
    // a subcommand may have subcommands of its own (`oda list`).
    let first = args.first().filter(|a| !a.starts_with('-'));
    if let Some(first) = first.filter(|a| !a.contains(['.', '/']) && !upper(a)) {
        if !subcommands(&help(cache, &[])).contains(first) {
            return Some(format!("`{first}` is not a subcommand"));
        }
        path.push(first.clone());
        let under = subcommands(&help(cache, &path));
        let second = args.get(1).filter(|a| !a.starts_with('-'));
        if let Some(second) = second.filter(|_| !under.is_empty()) {
            if !under.contains(second) {
                return Some(format!("`{first} {second}`: not one of {under:?}"));
            }
            path.push(second.clone());
        }
    }
    let text = help(cache, &path);
    for arg in args {
        let arg = arg.trim_start_matches(['[', '(']);
        let flag = arg.split(['=', ']', ')', ',']).next().unwrap_or_default();
        let short = flag.len() == 2 && flag.starts_with('-') && flag.ends_with(char::is_alphabetic);
        if (short || flag.starts_with("--") && flag.len() > 2) && !lists(&text, flag) {
            let path = path.join(" ");
            return Some(format!("`mtn-studio {path} --help` lists no {flag}"));
        }
    }
    let root = Path::new(ROOT);
    let real = |a: &String| !placeholder(a) && (!a.contains('/') || root.join(a).exists());
    let bundled = args.iter().any(|a| a.starts_with("assets/")) && args.iter().all(real);
    if !bundled {
        return None;
    }
    *ran += 1;
    run(args)
}

#[test]
fn every_command_line_parses() {
    let mut cache = HashMap::new();
    let (mut wrong, mut seen, mut ran) = (Vec::new(), 0, 0);
    for page in pages() {
        for code in &page.code {
            let line = code.trim().trim_start_matches("$ ");
            if !line.starts_with("mtn-studio ") {
                continue;
            }
            seen += 1;
            if let Some(why) = check(line, &mut cache, &mut ran) {
                wrong.push(format!("{}: `{line}`: {why}", page.path.display()));
            }
        }
    }
    assert!(seen >= 40 && ran >= 10, "{seen} lines found, {ran} run");
    let wrong = wrong.join("\n\n");
    assert!(wrong.is_empty(), "lines the binary refuses:\n{wrong}");
}
