//! The dependencies, held to `deny.toml`: every crate's license is one the table allows, no
//! crate comes in two versions unless the table names the extra one, every crate comes from
//! crates.io, and no requirement of ours is a wildcard. The graph is `cargo metadata`'s for
//! each platform the table names, with every feature on.
//!
//! `cargo deny check licenses bans sources` reads the same table; it is not needed here, so
//! a fresh clone and CI check this with what `cargo test` already has (building cargo-deny
//! took CI more than three minutes). Advisories need RustSec's database from GitHub and are
//! left to `cargo deny check advisories` where it can be fetched.

#![allow(clippy::expect_used, clippy::panic, reason = "tests fail by panicking")]

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// The project's own manifest folder.
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// What `deny.toml` says, read by its lines: the table is kept in the one layout it has.
struct Table {
    targets: Vec<String>,
    licenses: BTreeSet<String>,
    /// `name@version` of each extra version the bans allow.
    skip: BTreeSet<String>,
}

/// The quoted strings of the list that opens on the line `key = [` of `[section]`.
fn list(text: &str, section: &str, key: &str) -> Vec<String> {
    let mut in_section = false;
    let mut in_list = false;
    let mut items = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') && line.ends_with(']') && !in_list {
            in_section = line == format!("[{section}]");
            continue;
        }
        if in_section && line == format!("{key} = [") {
            in_list = true;
        } else if in_list && line == "]" {
            in_list = false;
        } else if in_list
            && !line.starts_with('#')
            && let Some(quoted) = line.split('"').nth(1)
        {
            items.push(quoted.to_string());
        }
    }
    items
}

fn table() -> Table {
    let path = format!("{ROOT}/deny.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let table = Table {
        targets: list(&text, "graph", "targets"),
        licenses: list(&text, "licenses", "allow").into_iter().collect(),
        skip: list(&text, "bans", "skip").into_iter().collect(),
    };
    assert!(
        table.targets.len() >= 3 && table.licenses.len() >= 5 && !table.skip.is_empty(),
        "{path} was not read as laid out: {} targets, {} licenses, {} skipped",
        table.targets.len(),
        table.licenses.len(),
        table.skip.len()
    );
    table
}

/// One crate of the build, as `cargo tree` names it.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Package {
    name: String,
    version: String,
    /// What `cargo tree` says after the version: `(proc-macro)`, `(/path)` for ours, a git
    /// address or `(registry ...)` for what does not come from crates.io.
    source: String,
    license: String,
}

/// The crates of the build for one platform, with every feature on, dev- and build-
/// dependencies included: `cargo tree`, which resolves features as the build does
/// (`cargo metadata` lists crates that optional features could bring but none does).
fn packages(target: &str) -> BTreeSet<Package> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(ROOT)
        .args([
            "tree",
            "--locked",
            "--offline",
            "--all-features",
            "--target",
            target,
        ])
        .args([
            "-e",
            "normal,build,dev",
            "--prefix",
            "none",
            "--format",
            "{p}\t{l}",
        ])
        .output()
        .unwrap_or_else(|e| panic!("cargo tree: {e}"));
    assert!(
        output.status.success(),
        "cargo tree for {target}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let mut packages = BTreeSet::new();
    for line in text.lines() {
        let (what, license) = line.split_once('\t').unwrap_or((line, ""));
        let mut words = what.splitn(3, ' ');
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            panic!("cargo tree's line `{line}` is not `name vVERSION`");
        };
        packages.insert(Package {
            name: name.to_string(),
            version: version.trim_start_matches('v').to_string(),
            source: words
                .next()
                .unwrap_or_default()
                .replace("(proc-macro)", "")
                .trim()
                .to_string(),
            license: license.trim_end_matches("(*)").trim().to_string(),
        });
    }
    assert!(
        packages.len() > 100,
        "cargo tree for {target} listed {} crates",
        packages.len()
    );
    packages
}

/// Whether an SPDX expression (`MIT OR Apache-2.0`, `(MIT OR Apache-2.0) AND Unicode-3.0`,
/// `Apache-2.0 WITH LLVM-exception`, the old `MIT/Apache-2.0`) is satisfied by the licenses
/// allowed: one side of an OR, both sides of an AND.
fn allowed(expression: &str, licenses: &BTreeSet<String>) -> Result<bool, String> {
    let spaced = expression
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('/', " OR ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut at = 0;
    let verdict = any_of(&tokens, &mut at, licenses)?;
    if at != tokens.len() {
        return Err(format!("unexpected `{}`", tokens[at]));
    }
    Ok(verdict)
}

fn any_of(tokens: &[&str], at: &mut usize, licenses: &BTreeSet<String>) -> Result<bool, String> {
    let mut verdict = all_of(tokens, at, licenses)?;
    while tokens.get(*at) == Some(&"OR") {
        *at += 1;
        verdict |= all_of(tokens, at, licenses)?;
    }
    Ok(verdict)
}

fn all_of(tokens: &[&str], at: &mut usize, licenses: &BTreeSet<String>) -> Result<bool, String> {
    let mut verdict = one(tokens, at, licenses)?;
    while tokens.get(*at) == Some(&"AND") {
        *at += 1;
        verdict &= one(tokens, at, licenses)?;
    }
    Ok(verdict)
}

fn one(tokens: &[&str], at: &mut usize, licenses: &BTreeSet<String>) -> Result<bool, String> {
    let token = tokens.get(*at).ok_or("the expression ends early")?;
    *at += 1;
    if *token == "(" {
        let verdict = any_of(tokens, at, licenses)?;
        if tokens.get(*at) != Some(&")") {
            return Err("a `(` is not closed".into());
        }
        *at += 1;
        return Ok(verdict);
    }
    let mut license = token.to_string();
    if tokens.get(*at) == Some(&"WITH") {
        let exception = tokens.get(*at + 1).ok_or("nothing after WITH")?;
        license = format!("{license} WITH {exception}");
        *at += 2;
    }
    Ok(licenses.contains(&license))
}

#[test]
fn license_expressions_are_read_as_spdx_means_them() {
    let licenses: BTreeSet<String> = ["MIT", "Apache-2.0 WITH LLVM-exception"]
        .map(String::from)
        .into();
    assert_eq!(allowed("MIT OR GPL-3.0", &licenses), Ok(true));
    assert_eq!(allowed("MIT AND GPL-3.0", &licenses), Ok(false));
    assert_eq!(allowed("GPL-3.0/MIT", &licenses), Ok(true));
    assert_eq!(
        allowed(
            "(GPL-3.0 OR MIT) AND Apache-2.0 WITH LLVM-exception",
            &licenses
        ),
        Ok(true)
    );
    assert_eq!(allowed("Apache-2.0", &licenses), Ok(false));
    assert!(allowed("(MIT", &licenses).is_err());
    assert!(allowed("MIT OR", &licenses).is_err());
}

#[test]
fn the_dependencies_are_as_deny_toml_allows() {
    let table = table();
    let mut wrong = Vec::new();
    let mut skip_used = BTreeSet::new();
    for target in &table.targets {
        let mut versions: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for package in packages(target) {
            let Package {
                name,
                version,
                source,
                license,
            } = package;
            if source.starts_with("(/") {
                continue; // Ours; its requirements are checked below.
            }
            if !source.is_empty() {
                wrong.push(format!(
                    "{name} {version} comes from {source}, not crates.io"
                ));
            }
            match allowed(&license, &table.licenses) {
                Ok(true) => {}
                Ok(false) => wrong.push(format!("{name} {version}: `{license}` is not allowed")),
                Err(e) => wrong.push(format!("{name} {version}: `{license}`: {e}")),
            }
            versions.entry(name).or_default().push(version);
        }
        for (name, all) in versions {
            let kept: Vec<&String> = all
                .iter()
                .filter(|version| {
                    let skipped = table.skip.contains(&format!("{name}@{version}"));
                    if skipped && all.len() > 1 {
                        skip_used.insert(format!("{name}@{version}"));
                    }
                    !skipped
                })
                .collect();
            if kept.len() > 1 {
                wrong.push(format!("{name} comes in {kept:?} on {target}"));
            }
        }
    }
    for stale in table.skip.difference(&skip_used) {
        wrong.push(format!(
            "deny.toml skips {stale}, which no platform's build has twice"
        ));
    }
    let manifest = std::fs::read_to_string(format!("{ROOT}/Cargo.toml")).expect("Cargo.toml");
    let wildcard = |line: &&str| !line.starts_with(['#', '[']) && line.contains("= \"*\"");
    for line in manifest.lines().filter(wildcard) {
        wrong.push(format!("Cargo.toml asks for any version: `{line}`"));
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "deny.toml does not allow:\n{}",
        wrong.join("\n")
    );
}
