//! `check`: every motion's problems, the floor's as the simulation judges them
//! (`robot::verdict`) unless `--fast`; files read first, then every motion judged on every
//! core, with a progress line on a terminal; printed in the order given.

use super::failure::{EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, Failure};
use super::input::{Source, motions_named};
use crate::codec::problem::{Problem, Severity};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What `check` is asked.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// One JSON object a motion.
    pub json: bool,
    /// The body at rest alone for the floor (no simulation).
    pub fast: bool,
    /// Only these entries of an archive (none: all).
    pub entries: &'a [String],
}

/// One motion in `check --json`.
#[derive(Serialize)]
struct CheckJson<'a> {
    file: String,
    entry: Option<&'a str>,
    ok: bool,
    /// How many of the problems are notes (worth knowing; they do not make `ok` false).
    notes: usize,
    problems: &'a [Problem],
}

/// One file as read: a gait file's report (done), or its motions to judge.
enum Read {
    Gait(Checked),
    Motions {
        file: PathBuf,
        sources: Vec<Source>,
        err: String,
        code: u8,
    },
}

/// What checking one file gave: its lines for stdout and stderr, in order, and its exit code.
struct Checked {
    out: String,
    err: String,
    code: u8,
}

fn read_one(file: &Path, asked: Asked<'_>) -> Read {
    use std::fmt::Write as _;
    if super::gait::is_gait(file) {
        let (out, err, code) = super::gait::check(file, asked.json);
        return Read::Gait(Checked { out, err, code });
    }
    let mut err = String::new();
    let mut code = EXIT_OK;
    let sources = match motions_named(file, asked.entries) {
        Ok(sources) => sources,
        Err(failure) => {
            let _ = writeln!(err, "mtn-studio: {}", failure.message);
            code = EXIT_UNREADABLE;
            Vec::new()
        }
    };
    let sources = sources
        .into_iter()
        .filter_map(|source| {
            source
                .map_err(|failure| {
                    let _ = writeln!(err, "mtn-studio: {}", failure.message);
                    code = EXIT_UNREADABLE;
                })
                .ok()
        })
        .collect();
    Read::Motions {
        file: file.to_owned(),
        sources,
        err,
        code,
    }
}

/// The report of one file's motions, their floors judged.
fn report(file: &Path, sources: &[Source], json: bool, checked: &mut Checked) {
    use std::fmt::Write as _;
    if sources.is_empty() && !json && checked.code == EXIT_OK {
        let _ = writeln!(checked.out, "{}: no motions", file.display());
    }
    for source in sources {
        let problems = &source.decoded.problems;
        let ok = !problems.iter().any(|p| p.severity >= Severity::Warning);
        if !ok {
            checked.code = checked.code.max(EXIT_PROBLEMS);
        }
        let notes = problems
            .iter()
            .filter(|p| p.severity == Severity::Info)
            .count();
        if json {
            let object = CheckJson {
                file: file.display().to_string(),
                entry: source.entry.as_deref(),
                ok,
                notes,
                problems,
            };
            let line = serde_json::to_string(&object).unwrap_or_default();
            let _ = writeln!(checked.out, "{line}");
            continue;
        }
        for problem in problems {
            let _ = writeln!(checked.out, "{}: {problem}", source.label);
        }
        if ok && notes == 0 {
            let _ = writeln!(checked.out, "{}: ok", source.label);
        } else if ok {
            let _ = writeln!(
                checked.out,
                "{}: ok ({}, worth knowing, nothing wrong)",
                source.label,
                crate::words::plural(notes, "note", "notes")
            );
        }
    }
}

/// The progress line on a terminal: "checking 34 of 131 motions", written over itself.
struct Progress {
    total: usize,
    done: AtomicUsize,
    shown: bool,
}

impl Progress {
    fn new(total: usize) -> Self {
        Self {
            total,
            done: AtomicUsize::new(0),
            shown: std::io::stderr().is_terminal() && total > 1,
        }
    }

    fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if self.shown {
            eprint!("\rchecking {done} of {} motions", self.total);
        }
    }

    fn finish(&self) {
        if self.shown {
            // Clears the line for what is printed next.
            eprint!("\r{:width$}\r", "", width = 40);
        }
    }
}

/// `check FILE...`: problems of every motion (folders searched at any depth), every motion's
/// floor judged on every core, printed in the order given (a folder's files sorted by path);
/// exit 0 when clean, 1 when any has problems, 2 when any is unreadable.
///
/// # Errors
/// `--entry` with more than one file; standard output cannot be written (a closed pipe ends
/// quietly).
pub fn check(files: &[PathBuf], asked: Asked<'_>, out: &mut dyn Write) -> Result<u8, Failure> {
    use rayon::prelude::*;
    if !asked.entries.is_empty() && files.len() != 1 {
        return Err(Failure::usage(
            "--entry names an entry of one archive: give one file with it".to_owned(),
        ));
    }
    let mut code = EXIT_OK;
    let mut paths = Vec::new();
    for file in files {
        if file.is_dir() {
            let found = super::input::motion_files(file);
            if found.is_empty() {
                eprintln!(
                    "mtn-studio: {}: no .mtn or .oda files in this folder",
                    file.display()
                );
                code = EXIT_UNREADABLE;
            }
            paths.extend(found);
        } else {
            paths.push(file.clone());
        }
    }
    let mut read: Vec<Read> = paths.par_iter().map(|p| read_one(p, asked)).collect();
    let total = read
        .iter()
        .map(|r| match r {
            Read::Motions { sources, .. } => sources.len(),
            Read::Gait(_) => 0,
        })
        .sum();
    if asked.fast {
        eprintln!("mtn-studio: --fast: falls and slides are the body at rest's, not simulated");
    }
    let progress = Progress::new(total);
    read.iter_mut()
        .flat_map(|r| match r {
            Read::Motions { sources, .. } => sources.as_mut_slice(),
            Read::Gait(_) => &mut [],
        })
        .par_bridge()
        .for_each(|source| {
            super::input::add_floor_problems(&mut source.decoded, asked.fast);
            progress.tick();
        });
    progress.finish();
    for r in read {
        let checked = match r {
            Read::Gait(checked) => checked,
            Read::Motions {
                file,
                sources,
                err,
                code,
            } => {
                let mut checked = Checked {
                    out: String::new(),
                    err,
                    code,
                };
                report(&file, &sources, asked.json, &mut checked);
                checked
            }
        };
        eprint!("{}", checked.err);
        out.write_all(checked.out.as_bytes())
            .map_err(|e| Failure::output(&e))?;
        code = code.max(checked.code);
    }
    Ok(code)
}
