//! Loading what the command line names: an MTN file, an ODA archive (with an entry chosen),
//! or a motion saved as JSON.

use super::failure::Failure;
use crate::codec::kind::{FileKind, SNIFF_LEN};
use crate::codec::mtn::{self, Decoded, Motion};
use crate::codec::oda::{Archive, EntryKind};
use crate::open::{OpenOptions, Opening, opening};
use crate::robot::check::decode_checked;
use std::path::{Path, PathBuf};

/// A motion read from a file or archive entry, with where it came from.
pub struct Source {
    /// What to call it in messages: `FILE` or `FILE:ENTRY`.
    pub label: String,
    /// The archive entry name, when it came from an archive.
    pub entry: Option<String>,
    /// The decoded motion and its problems.
    pub decoded: Decoded,
}

/// What a path holds.
pub enum Loaded {
    /// A single MTN file.
    Motion(Vec<u8>),
    /// An ODA archive.
    Archive(Archive),
    /// A motion in mtn-studio's JSON form.
    Json(Box<Motion>),
}

/// Reads a file, telling what it is as every entry point does ([`crate::open::opening`]):
/// its bytes first, then its extension.
///
/// # Errors
/// The file cannot be read, is an archive that cannot be read, is not valid motion JSON, or
/// is of a kind the commands that take motions do not read.
pub fn load(path: &Path) -> Result<Loaded, Failure> {
    let data = if path.as_os_str() == "-" {
        read_stdin()?
    } else {
        std::fs::read(path).map_err(|e| Failure::unreadable(format!("{}: {e}", path.display())))?
    };
    load_data(path, data)
}

/// Tells what `data`, read from `path`, is (as [`load`]).
///
/// # Errors
/// As [`load`], but for reading.
pub fn load_data(path: &Path, data: Vec<u8>) -> Result<Loaded, Failure> {
    let shown = path.display();
    let head = &data[..data.len().min(SNIFF_LEN)];
    match opening(path, head, data.len() as u64, OpenOptions::COMMAND_LINE) {
        Opening::JsonMotion => {
            let motion: Motion = serde_json::from_slice(&data).map_err(|e| {
                Failure::unreadable(format!(
                    "{shown}: not a motion in mtn-studio's JSON form: {e}"
                ))
            })?;
            Ok(Loaded::Json(Box::new(motion)))
        }
        Opening::Archive => Archive::read(&data)
            .map(Loaded::Archive)
            .map_err(|e| Failure::unreadable(format!("{shown}: {e}"))),
        // Bytes of no known kind come here too: the MTN reader says what it found.
        Opening::Motion => Ok(Loaded::Motion(data)),
        Opening::Gait => Err(Failure::usage(format!(
            "{shown}: a StickyBot gait file, not an AIBO motion (info, check, repair and \
             convert take it)"
        ))),
        other @ (Opening::Import(_)
        | Opening::Sound
        | Opening::Led
        | Opening::Stick
        | Opening::Unknown) => Err(Failure::usage(
            other
                .refusal(path)
                .unwrap_or_else(|| format!("{shown}: not an AIBO motion")),
        )),
    }
}

/// The most bytes read from standard input (`-`): far above any motion or archive.
pub const MAX_STDIN_BYTES: u64 = 256 << 20;

/// Reads standard input (the path `-`), at most [`MAX_STDIN_BYTES`].
pub fn read_stdin() -> Result<Vec<u8>, Failure> {
    use std::io::Read as _;
    let mut data = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_STDIN_BYTES + 1)
        .read_to_end(&mut data)
        .map_err(|e| Failure::unreadable(format!("standard input: {e}")))?;
    if data.len() as u64 > MAX_STDIN_BYTES {
        return Err(Failure::unreadable(format!(
            "standard input: more than {MAX_STDIN_BYTES} bytes, more than any motion or archive"
        )));
    }
    Ok(data)
}

/// Decodes one motion's bytes with every problem but the floor's (structure, labels,
/// limits, names, speed), naming the source on failure.
///
/// # Errors
/// The bytes are not a recoverable motion.
pub fn decode_named(label: &str, bytes: &[u8]) -> Result<Decoded, Failure> {
    decode_checked(bytes).map_err(|e| Failure::unreadable(format!("{label}: {e}")))
}

/// Adds the floor's problems, judged as `robot::verdict` judges them: by the simulation
/// where the model's body is measured, by the body at rest alone where `fast` (every tick
/// solved: only the commands that report problems pay for it).
pub fn add_floor_problems(decoded: &mut Decoded, fast: bool) {
    decoded.problems.extend(crate::robot::verdict::judged_floor(
        &decoded.motion,
        &decoded.offsets,
        fast,
    ));
    decoded.problems.sort_by_key(|p| p.offset);
}

/// The motions a command works on: the file itself, the chosen entry of an archive, or every
/// motion of an archive when no entry is chosen and `all_entries` allows it.
///
/// # Errors
/// Unreadable input (any entry), an entry that does not exist, or an archive without a
/// chosen entry where one is needed.
pub fn motions(
    path: &Path,
    entry: Option<&str>,
    all_entries: bool,
) -> Result<Vec<Source>, Failure> {
    motions_each(path, entry, all_entries)?
        .into_iter()
        .collect()
}

/// Like [`motions`], but an archive entry that cannot be read is reported on its own, so
/// that `check` and `info` go on with the other entries.
///
/// # Errors
/// The file itself cannot be read, or the chosen entry does not exist.
pub fn motions_each(
    path: &Path,
    entry: Option<&str>,
    all_entries: bool,
) -> Result<Vec<Result<Source, Failure>>, Failure> {
    motions_of(&path.display().to_string(), load(path)?, entry, all_entries)
}

/// The motions of what was loaded (see [`motions_each`]); `shown` names it in messages.
///
/// # Errors
/// The chosen entry does not exist, or the motion cannot be read.
pub fn motions_of(
    shown: &str,
    loaded: Loaded,
    entry: Option<&str>,
    all_entries: bool,
) -> Result<Vec<Result<Source, Failure>>, Failure> {
    let shown = shown.to_owned();
    match loaded {
        Loaded::Motion(bytes) => {
            if let Some(entry) = entry {
                return Err(Failure::usage(format!(
                    "{shown}: --entry {entry} was given, but this is a motion, not an archive"
                )));
            }
            Ok(vec![Ok(Source {
                decoded: decode_named(&shown, &bytes)?,
                label: shown,
                entry: None,
            })])
        }
        Loaded::Json(motion) => {
            let bytes =
                mtn::encode(&motion).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
            Ok(vec![Ok(Source {
                decoded: decode_named(&shown, &bytes)?,
                label: shown,
                entry: None,
            })])
        }
        Loaded::Archive(archive) => archive_motions(&shown, &archive, entry, all_entries),
    }
}

/// At most this many names are listed where `--entry` matches none or several.
const LISTED_ENTRIES: usize = 10;

/// The entry `--entry NAME` names in `archive` (`shown`): the one of that name (any case),
/// else the one motion whose name contains it ("sit_lose01" for "a_sit#sit_lose01").
///
/// # Errors
/// No entry matches, or several do: the message lists them (the first ten).
pub fn entry_index(shown: &str, archive: &Archive, name: &str) -> Result<usize, Failure> {
    if let Some(index) = archive.find(name) {
        return Ok(index);
    }
    let needle = name.to_lowercase();
    let containing: Vec<(usize, String)> = archive
        .motions()
        .map(|(index, e)| (index, e.name()))
        .filter(|(_, n)| n.to_lowercase().contains(&needle))
        .collect();
    let listed = |names: &[(usize, String)]| {
        let mut list: Vec<&str> = names
            .iter()
            .take(LISTED_ENTRIES)
            .map(|(_, n)| n.as_str())
            .collect();
        if names.len() > LISTED_ENTRIES {
            list.push("…");
        }
        list.join(", ")
    };
    match containing.as_slice() {
        [(index, _)] => Ok(*index),
        [] => Err(Failure::unreadable(format!(
            "{shown}: no entry \"{name}\", and no motion's name contains it (`mtn-studio oda \
             list {shown}` lists its {} motions)",
            archive.motions().count()
        ))),
        several => Err(Failure::usage(format!(
            "{shown}: no entry \"{name}\"; {} motions' names contain it: {}; give the whole \
             name",
            several.len(),
            listed(several)
        ))),
    }
}

fn archive_motions(
    shown: &str,
    archive: &Archive,
    entry: Option<&str>,
    all_entries: bool,
) -> Result<Vec<Result<Source, Failure>>, Failure> {
    let chosen: Vec<usize> = match entry {
        Some(name) => vec![entry_index(shown, archive, name)?],
        None => {
            let all: Vec<usize> = archive.motions().map(|(index, _)| index).collect();
            if !all_entries && all.len() != 1 {
                return Err(Failure::usage(format!(
                    "{shown} is an archive of {} motions; choose one with --entry NAME \
                     (see `mtn-studio oda list {shown}`)",
                    all.len()
                )));
            }
            all
        }
    };
    Ok(sources_at(shown, archive, chosen))
}

/// The motions of `paths`'s archive named by `names` (each as `--entry` takes it: the whole
/// name, or part of one motion's), in the order named, each once; every motion of a motion
/// file or of an archive where no name is given.
///
/// # Errors
/// The file cannot be read; a name matches no entry or several; names given for a motion.
pub fn motions_named(
    path: &Path,
    names: &[String],
) -> Result<Vec<Result<Source, Failure>>, Failure> {
    let Some(first) = names.first() else {
        return motions_each(path, None, true);
    };
    let shown = path.display().to_string();
    match load(path)? {
        Loaded::Archive(archive) => {
            let mut chosen = Vec::new();
            for name in names {
                let index = entry_index(&shown, &archive, name)?;
                if !chosen.contains(&index) {
                    chosen.push(index);
                }
            }
            Ok(sources_at(&shown, &archive, chosen))
        }
        // A motion has no entries: said as for one name.
        loaded @ (Loaded::Motion(_) | Loaded::Json(_)) => {
            motions_of(&shown, loaded, Some(first), true)
        }
    }
}

/// The motions at `chosen` (entry indices) of `archive` (`shown`), each read or why not.
fn sources_at(shown: &str, archive: &Archive, chosen: Vec<usize>) -> Vec<Result<Source, Failure>> {
    chosen
        .into_iter()
        .map(|index| {
            let entry = &archive.entries[index];
            let name = entry.name();
            let label = format!("{shown}:{name}");
            if entry.kind() != EntryKind::Motion {
                return Err(Failure::unreadable(format!(
                    "{label}: a {:?} entry, not a motion",
                    entry.kind()
                )));
            }
            let bytes = entry
                .contents()
                .map_err(|e| Failure::unreadable(format!("{label}: {e}")))?;
            Ok(Source {
                decoded: decode_named(&label, &bytes)?,
                label,
                entry: Some(name),
            })
        })
        .collect()
}

/// The motion files (.mtn, .oda, any case) under `dir` at any depth, sorted by path. Links to
/// folders are not followed (no loops); unreadable folders are skipped.
#[must_use]
pub fn motion_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                pending.push(path);
            } else if matches!(
                FileKind::by_extension(&path),
                Some(FileKind::Mtn | FileKind::Oda | FileKind::Gait)
            ) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
