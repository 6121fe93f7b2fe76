//! `oda list|extract|add|remove`.

use super::failure::{EXIT_OK, Failure};
use crate::codec::kind::entry_kind_for;
use crate::codec::mtn;
use crate::codec::oda::{Archive, Contents, Entry, EntryKind};
use crate::fsutil::write_atomic;
use clap::Subcommand;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What to do with an archive.
#[derive(Debug, Subcommand)]
pub enum OdaAction {
    /// List the entries: kind, size, state and name.
    List {
        /// The archive.
        archive: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Extract entries as files (motions as .mtn, sounds as .wav, ...). Placeholder, empty
    /// and all-zero entries are skipped unless named with --entry.
    Extract {
        /// The archive.
        archive: PathBuf,
        /// Entries to extract (all when none is given).
        #[arg(long)]
        entry: Vec<String>,
        /// The folder to write into.
        #[arg(short, long, default_value = ".")]
        output: PathBuf,
        /// Overwrite files that exist already.
        #[arg(long)]
        force: bool,
    },
    /// Add files as entries (the archive is created if it does not exist).
    Add {
        /// The archive.
        archive: PathBuf,
        /// Files to add: MTN motions, or .wav .mid .led .syn .stt files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The entry name (only with one file; default: the file name without extension).
        #[arg(long)]
        name: Option<String>,
        /// Replace an entry of the same name instead of refusing.
        #[arg(long)]
        replace: bool,
        /// Write the result here instead of over the archive.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Remove entries by name.
    Remove {
        /// The archive.
        archive: PathBuf,
        /// Entry names.
        #[arg(required = true)]
        names: Vec<String>,
        /// Write the result here instead of over the archive.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

fn read_archive(path: &Path) -> Result<Archive, Failure> {
    let shown = path.display();
    let data = std::fs::read(path).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
    Archive::read(&data).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))
}

fn write_archive(archive: &Archive, path: &Path) -> Result<(), Failure> {
    let bytes = archive
        .write()
        .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    write_atomic(path, &bytes)
        .map_err(|e| Failure::usage(format!("{}: cannot write: {e}", path.display())))
}

fn print(out: &mut dyn Write, line: &str) -> Result<(), Failure> {
    writeln!(out, "{line}").map_err(|e| Failure::output(&e))
}

/// A name safe to use as a file name: no path separators, no leading dot.
fn file_name_for(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | '\0' | ':') {
                '_'
            } else {
                c
            }
        })
        .collect();
    match cleaned.strip_prefix('.') {
        Some(rest) => format!("_{rest}"),
        None if cleaned.is_empty() => "_".to_owned(),
        None => cleaned,
    }
}

/// Runs an archive subcommand.
pub fn run(action: OdaAction, out: &mut dyn Write) -> Result<u8, Failure> {
    match action {
        OdaAction::List { archive, json } => list(&archive, json, out),
        OdaAction::Extract {
            archive,
            entry,
            output,
            force,
        } => extract(&archive, &entry, &output, force, out),
        OdaAction::Add {
            archive,
            files,
            name,
            replace,
            output,
        } => add(
            &archive,
            &files,
            name.as_deref(),
            replace,
            output.as_deref(),
            out,
        ),
        OdaAction::Remove {
            archive,
            names,
            output,
        } => {
            let mut contents = read_archive(&archive)?;
            for name in &names {
                if contents.remove(name).is_none() {
                    return Err(Failure::usage(format!(
                        "{}: no entry \"{name}\"",
                        archive.display()
                    )));
                }
                print(out, &format!("removed {name}"))?;
            }
            write_archive(&contents, output.as_deref().unwrap_or(&archive))?;
            Ok(EXIT_OK)
        }
    }
}

fn list(path: &Path, json: bool, out: &mut dyn Write) -> Result<u8, Failure> {
    let archive = read_archive(path)?;
    if json {
        #[derive(serde::Serialize)]
        struct Row {
            name: String,
            kind: EntryKind,
            size: usize,
            gzipped: bool,
            contents: Contents,
        }
        let rows: Vec<Row> = archive
            .entries
            .iter()
            .map(|e| Row {
                name: e.name(),
                kind: e.kind(),
                size: e.data.len(),
                gzipped: e.is_gzipped(),
                contents: e.contents_state(),
            })
            .collect();
        let text =
            serde_json::to_string_pretty(&rows).map_err(|e| Failure::usage(e.to_string()))?;
        print(out, &text)?;
        return Ok(EXIT_OK);
    }
    print(
        out,
        &format!(
            "{}: ODA {}.{}, {}{}",
            path.display(),
            archive.major,
            archive.minor,
            crate::words::plural(archive.entries.len(), "entry", "entries"),
            if archive.compressed {
                ", gzip-compressed"
            } else {
                ""
            }
        ),
    )?;
    for entry in &archive.entries {
        let state = match entry.contents_state() {
            Contents::Data => "",
            Contents::Empty => "  (empty)",
            Contents::Placeholder => "  (placeholder 'NotOMTN ')",
            Contents::AllZero => "  (all zero bytes)",
            Contents::Blank => "  (an empty slot)",
            Contents::TeachingSlot => "  (an empty teaching slot)",
        };
        let gz = if entry.is_gzipped() { " gz" } else { "" };
        print(
            out,
            &format!(
                "  {:<6} {:>8}{gz:<3} {}{state}",
                format!("{:?}", entry.kind()).to_lowercase(),
                entry.data.len(),
                entry.name()
            ),
        )?;
    }
    Ok(EXIT_OK)
}

fn extract(
    path: &Path,
    names: &[String],
    folder: &Path,
    force: bool,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let archive = read_archive(path)?;
    let indices: Vec<usize> = if names.is_empty() {
        (0..archive.entries.len()).collect()
    } else {
        names
            .iter()
            .map(|n| {
                archive
                    .find(n)
                    .ok_or_else(|| Failure::usage(format!("{}: no entry \"{n}\"", path.display())))
            })
            .collect::<Result<_, _>>()?
    };
    std::fs::create_dir_all(folder)
        .map_err(|e| Failure::usage(format!("{}: {e}", folder.display())))?;
    let everything = names.is_empty();
    for index in indices {
        let entry = &archive.entries[index];
        let state = entry.contents_state();
        if everything && state != Contents::Data {
            let what = match state {
                Contents::Empty => "empty",
                Contents::Placeholder => "a placeholder",
                Contents::AllZero => "all zero bytes",
                Contents::Blank => "an empty slot",
                Contents::TeachingSlot => "an empty teaching slot",
                Contents::Data => "data",
            };
            print(out, &format!("skipped {} ({what})", entry.name()))?;
            continue;
        }
        let target = folder.join(format!(
            "{}.{}",
            file_name_for(&entry.name()),
            crate::codec::kind::entry_extensions(entry.kind())[0]
        ));
        if target.exists() && !force {
            return Err(Failure::usage(format!(
                "{} exists already; use --force to overwrite it",
                target.display()
            )));
        }
        let contents = entry.contents().map_err(|e| {
            Failure::unreadable(format!("{}:{}: {e}", path.display(), entry.name()))
        })?;
        write_atomic(&target, &contents)
            .map_err(|e| Failure::usage(format!("{}: {e}", target.display())))?;
        print(out, &format!("extracted {}", target.display()))?;
    }
    Ok(EXIT_OK)
}

fn add(
    path: &Path,
    files: &[PathBuf],
    name: Option<&str>,
    replace: bool,
    output: Option<&Path>,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    if name.is_some() && files.len() > 1 {
        return Err(Failure::usage("--name works with one file only".to_owned()));
    }
    let mut archive = if path.exists() {
        read_archive(path)?
    } else {
        Archive::default()
    };
    for file in files {
        let shown = file.display();
        let data = std::fs::read(file).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
        let kind = entry_kind_for(file, &data);
        if kind == EntryKind::Other {
            return Err(Failure::usage(format!(
                "{shown}: not an MTN motion, and its extension is not one of .wav .mid .led .syn .stt"
            )));
        }
        if kind == EntryKind::Motion {
            let decoded =
                mtn::decode(&data).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
            if !decoded.is_well_formed() {
                eprintln!(
                    "mtn-studio: {shown}: malformed; added as it is (run `mtn-studio repair` first)"
                );
            }
        }
        let entry_name = name.map_or_else(
            || {
                file.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            },
            str::to_owned,
        );
        if let Some(index) = archive
            .find(&entry_name)
            .filter(|&i| archive.entries[i].name() == entry_name)
        {
            if !replace {
                return Err(Failure::usage(format!(
                    "{}: an entry \"{entry_name}\" exists; use --replace to replace it",
                    path.display()
                )));
            }
            archive.entries[index].set_contents(&data);
            print(out, &format!("replaced {entry_name}"))?;
        } else {
            let entry = Entry::new(kind, &entry_name, data)
                .map_err(|e| Failure::usage(format!("{shown}: {e}")))?;
            archive
                .add(entry)
                .map_err(|e| Failure::usage(format!("{shown}: {e}")))?;
            print(out, &format!("added {entry_name}"))?;
        }
    }
    write_archive(&archive, output.unwrap_or(path))?;
    Ok(EXIT_OK)
}
