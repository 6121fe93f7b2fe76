//! `stick list` and `stick check`: a memory stick as a workspace, read and checked
//! (`crate::stick`).

use super::failure::{EXIT_OK, Failure};
use crate::stick::Stick;
use crate::stick::rows::{Found, StickRow, rows};
use clap::Subcommand;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What to do with a stick.
#[derive(Debug, Subcommand)]
pub enum StickAction {
    /// What the stick is (model, software, bootable, size used), its archives, and every
    /// record of its behaviour table: its action names and its parts (type, repeat count,
    /// start, synchronise and special fields, and the archive each part's name is in).
    List {
        /// The stick's folder, or any folder or file inside it, or a stick image (.img).
        dir: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Check a stick: errors for what stops the robot or a behaviour, warnings and notes
    /// below them. Exit 0 with notes at most, 1 with errors or warnings, 2 when the folder is
    /// in no stick.
    Check {
        /// The stick's folder, or any folder or file inside it, or a stick image (.img).
        dir: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Put a behaviour on the stick: the motion, sound and LED pattern into its content
    /// archives (OPEN-R/MW/DATA/P/), a record in its behaviour table, and its name where
    /// R-CODE reads action names; every file changed kept as NAME.bak, and the stick left as
    /// it was if anything fails.
    Add(super::stick_edit::AddArgs),
    /// Copy a stick image's files (a raw .img of the medium or its partition, FAT12/16)
    /// into a new folder, to work on there; the image is never changed.
    Extract {
        /// The image.
        image: PathBuf,
        /// The new folder (or an empty one).
        dir: PathBuf,
    },
    /// Take a behaviour a user put on the stick off it again: its name, its record, and its
    /// entries no other record plays.
    Remove {
        /// The stick's folder, or any folder or file inside it.
        dir: PathBuf,
        /// The behaviour's action name.
        name: String,
        /// Keep no `.bak` copies of the files changed.
        #[arg(long)]
        no_backup: bool,
    },
}

/// Runs a `stick` subcommand.
///
/// # Errors
/// The folder is in no stick, or the output cannot be written.
pub fn run(action: StickAction, out: &mut dyn Write) -> Result<u8, Failure> {
    match action {
        StickAction::List { dir, json } => list(&dir, json, out),
        StickAction::Check { dir, json } => check(&dir, json, out),
        StickAction::Add(args) => super::stick_edit::add(&args, out),
        StickAction::Extract { image, dir } => extract(&image, &dir, out),
        StickAction::Remove {
            dir,
            name,
            no_backup,
        } => super::stick_edit::remove(&dir, &name, no_backup, out),
    }
}

fn print(out: &mut dyn Write, text: &str) -> Result<(), Failure> {
    writeln!(out, "{text}").map_err(|e| Failure::output(&e))
}

/// Copies an image's files into `dir`.
fn extract(image: &Path, dir: &Path, out: &mut dyn Write) -> Result<u8, Failure> {
    let done = crate::stick::image::extract(image, dir).map_err(|e| match e {
        crate::stick::image::ImageError::Taken(_) | crate::stick::image::ImageError::Write(..) => {
            Failure::usage(e.to_string())
        }
        crate::stick::image::ImageError::Read(..)
        | crate::stick::image::ImageError::NotFat { .. }
        | crate::stick::image::ImageError::Damaged { .. }
        | crate::stick::image::ImageError::TooMany(_)
        | crate::stick::image::ImageError::NoStick(..) => Failure::unreadable(e.to_string()),
    })?;
    print(
        out,
        &format!(
            "{} ({}{}): {} in {} ({} bytes) copied into {}",
            image.display(),
            done.fat,
            if done.volume_at > 0 {
                format!(" volume from byte {}", done.volume_at)
            } else {
                String::new()
            },
            crate::words::plural(done.files, "file", "files"),
            crate::words::plural(done.folders, "folder", "folders"),
            done.bytes,
            dir.display()
        ),
    )?;
    Ok(EXIT_OK)
}

/// The stick at `path`: a folder in one, or a stick image, whose files are copied into a
/// temporary folder (kept while the returned guard lives) and read there, said first.
fn opened(
    path: &Path,
    out: &mut dyn Write,
    json: bool,
) -> Result<(Stick, Option<tempfile::TempDir>), Failure> {
    if !crate::stick::image::is_image(path) {
        let stick = Stick::open(path).map_err(|e| Failure::unreadable(e.to_string()))?;
        return Ok((stick, None));
    }
    let (stick, temp) =
        crate::stick::image::open_copy(path).map_err(|e| Failure::unreadable(e.to_string()))?;
    if !json {
        print(
            out,
            &format!(
                "the image {} (read only: its files copied into {})",
                path.display(),
                stick.root.display()
            ),
        )?;
    }
    Ok((stick, Some(temp)))
}

fn check(dir: &Path, json: bool, out: &mut dyn Write) -> Result<u8, Failure> {
    let (stick, _kept) = opened(dir, out, json)?;
    let findings = crate::stick::check::check(&stick);
    let worrying = findings
        .iter()
        .filter(|f| f.severity >= crate::codec::Severity::Warning)
        .count();
    if json {
        let text =
            serde_json::to_string_pretty(&findings).map_err(|e| Failure::usage(e.to_string()))?;
        print(out, &text)?;
    } else {
        let root = stick.root.display();
        for f in &findings {
            let at = if f.path.is_empty() {
                root.to_string()
            } else {
                format!("{root}/{}", f.path)
            };
            let word = match f.severity {
                crate::codec::Severity::Info => "note",
                crate::codec::Severity::Warning => "warning",
                crate::codec::Severity::Error => "error",
            };
            print(out, &format!("{at}: {word} {}: {}", f.code, f.message))?;
        }
        let notes = findings.len() - worrying;
        print(
            out,
            &format!(
                "{root}: {}",
                if worrying == 0 {
                    format!("ok ({})", crate::words::plural(notes, "note", "notes"))
                } else {
                    format!(
                        "{} and {}",
                        crate::words::plural(worrying, "error or warning", "errors or warnings"),
                        crate::words::plural(notes, "note", "notes")
                    )
                }
            ),
        )?;
    }
    Ok(if worrying == 0 {
        EXIT_OK
    } else {
        super::failure::EXIT_PROBLEMS
    })
}

fn list(dir: &Path, json: bool, out: &mut dyn Write) -> Result<u8, Failure> {
    let (stick, _kept) = opened(dir, out, json)?;
    let row = rows(&stick);
    if json {
        let text = serde_json::to_string_pretty(&row).map_err(|e| Failure::usage(e.to_string()))?;
        print(out, &text)?;
        return Ok(EXIT_OK);
    }
    for line in text_lines(&row) {
        print(out, &line)?;
    }
    Ok(EXIT_OK)
}

/// The stick in lines of text: what it is, its table, action files and archives, then a
/// line per behaviour and an indented line per part.
fn text_lines(row: &StickRow) -> Vec<String> {
    let mut lines = vec![format!(
        "{}: {} stick, {}, {}, {} used",
        row.root,
        row.model.unwrap_or("unknown model's"),
        row.software,
        if row.bootable {
            "bootable (MEMSTICK.IND)"
        } else {
            "a redistribution tree (no MEMSTICK.IND: copy it onto a programming stick)"
        },
        crate::words::megabytes(row.bytes_used)
    )];
    match (&row.table, &row.table_error) {
        (Some(t), _) => lines.push(format!(
            "behaviour table {}: {}, {}, {}",
            t.path,
            if t.gzip { "gzip" } else { "plain" },
            crate::words::plural(t.records, "record", "records"),
            crate::words::plural(t.parts, "part", "parts")
        )),
        (None, Some(why)) => lines.push(format!("behaviour table {why}")),
        (None, None) => {
            lines.push("no behaviour table (OPEN-R/MW/CONF/ERS-7.MWC or ERS-210.MWC)".to_owned());
        }
    }
    for (path, count) in &row.action_files {
        lines.push(format!("action names {path}: {count}"));
    }
    for a in &row.archives {
        lines.push(match (&a.entries, &a.error) {
            (Some(n), _) => format!(
                "archive {}: {}",
                a.path,
                crate::words::plural(*n, "entry", "entries")
            ),
            (None, why) => format!(
                "archive {}: {}",
                a.path,
                why.as_deref().unwrap_or("unreadable")
            ),
        });
    }
    for b in &row.behaviours {
        let names: Vec<String> = b
            .actions
            .iter()
            .map(|a| format!("{} (code {})", a.name, a.code))
            .collect();
        lines.push(format!(
            "{:>6}  {}",
            b.mwcid,
            if names.is_empty() {
                "(no action name)".to_owned()
            } else {
                names.join(", ")
            }
        ));
        for p in &b.parts {
            let found = match &p.found {
                Found::In(path) => format!("in {path}"),
                Found::Unverified => {
                    "not in a readable archive (unverified: some cannot be read)".to_owned()
                }
                Found::Missing => "in no archive of the stick".to_owned(),
            };
            lines.push(format!(
                "        {} {:<6} x{:<3} start {} sync {} special {}  {}  {found}",
                p.part_type, p.kind, p.repeat, p.start, p.synchronize, p.special, p.name
            ));
        }
    }
    lines
}
