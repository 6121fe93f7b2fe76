//! Behaviours beside a motion: the command tables in its folder (the SDK's `MONETCMD.CFG`,
//! Sony's behaviour table `.MWC`) read as commands whose parts start together, each part found
//! in the archives beside them; and, where no table pairs a motion, the naming rule's
//! candidates (`docs/formats/sound-and-led.md#pairing`) among those archives' sound and LED
//! entries, best first. What the window's Behaviours dialog lists and `skit` reports.

use super::{Source, Track};
use crate::codec::monetcmd::{self, Command, PartKind};
use crate::codec::mwc::{self, MwcKind};
use crate::codec::oda::Archive;
use crate::codec::sound::SoundKind;
use crate::robot::pairing::{Wanted, candidates};
use std::path::{Path, PathBuf};

/// The folder a file is in (`.` for a bare name).
#[must_use]
pub fn folder_of(path: &Path) -> PathBuf {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_owned)
}

/// The endings of the sound and LED files a folder's loose parts are (`.mid` may be either),
/// from the file-kind registry.
#[must_use]
pub fn part_files() -> Vec<String> {
    [
        crate::codec::oda::EntryKind::Wave,
        crate::codec::oda::EntryKind::Midi,
        crate::codec::oda::EntryKind::Led,
    ]
    .into_iter()
    .flat_map(crate::codec::kind::entry_extensions)
    .map(|extension| format!(".{extension}"))
    .collect()
}

/// The ending of an archive's file name.
#[must_use]
pub fn archive_ending() -> String {
    format!(".{}", crate::codec::kind::FileKind::Oda.extension())
}

/// Files in `folders` whose names end with `suffix` (any case), sorted.
#[must_use]
pub fn files_ending(folders: &[PathBuf], suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = folders
        .iter()
        .filter_map(|f| std::fs::read_dir(f).ok())
        .flat_map(|entries| entries.flatten().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.to_ascii_lowercase().ends_with(suffix))
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The command tables in `folders`.
#[must_use]
pub fn tables_in(folders: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = files_ending(folders, "monetcmd.cfg");
    found.extend(files_ending(folders, ".mwc"));
    found
}

/// A command table: the SDK's MONETCMD.CFG, or Sony's behaviour table (`.MWC`) read as the
/// same commands.
///
/// # Errors
/// Neither reader takes it (the message is the one of the reader it looks meant for).
pub fn read_table(bytes: &[u8]) -> Result<Vec<Command>, super::TableError> {
    let looks_mwc = mwc::read(bytes);
    if let Ok(table) = looks_mwc {
        return Ok(table
            .behaviours
            .into_iter()
            .map(|b| Command {
                id: b.id,
                line: 0,
                parts: b
                    .parts
                    .into_iter()
                    .map(|p| monetcmd::Part {
                        agent: format!("{:#06x}", p.part_type.0),
                        kind: match p.kind() {
                            MwcKind::Motion => PartKind::Motion,
                            MwcKind::Sound => PartKind::Sound,
                            MwcKind::Led => PartKind::Led,
                            MwcKind::Other => PartKind::Other,
                        },
                        name: p.name(),
                        count: i64::from(p.repeat),
                    })
                    .collect(),
            })
            .collect());
    }
    monetcmd::read(bytes).map_err(|e| match looks_mwc {
        Err(mwc::MwcError::NotMwc { .. }) | Ok(_) => super::TableError::MonetCmd(e),
        Err(mwc_error) => super::TableError::Mwc(mwc_error),
    })
}

/// An archive's entry as the shelf knows it: its name, its kind if a sound or LED
/// pattern, and whether it is a motion.
pub type Shelved = (String, Option<SoundKind>, bool);

/// The archives in a folder, by the names of their entries (what a table's parts name), and
/// its loose sound and LED files.
#[derive(Clone, Debug, Default)]
pub struct Shelf {
    /// Each archive and its entries.
    pub archives: Vec<(PathBuf, Vec<Shelved>)>,
    /// Each sound or LED file, and what it is.
    pub files: Vec<(PathBuf, SoundKind)>,
}

impl Shelf {
    /// The archives in `folders` (ones that do not read are left out).
    #[must_use]
    pub fn of(folders: &[PathBuf]) -> Self {
        let archives = files_ending(folders, &archive_ending())
            .into_iter()
            .filter_map(|path| {
                let archive = Archive::read(&std::fs::read(&path).ok()?).ok()?;
                let entries = archive
                    .entries
                    .iter()
                    .map(|e| {
                        let kind = e.kind();
                        (
                            e.name(),
                            SoundKind::of_entry(kind),
                            kind == crate::codec::oda::EntryKind::Motion,
                        )
                    })
                    .collect();
                Some((path, entries))
            })
            .collect();
        let mut files = Vec::new();
        for suffix in part_files() {
            for path in files_ending(folders, &suffix) {
                let head = std::fs::File::open(&path).ok().and_then(|mut f| {
                    let mut head = [0u8; 16];
                    std::io::Read::read(&mut f, &mut head)
                        .ok()
                        .map(|n| head[..n].to_vec())
                });
                if let Some(kind) = head.and_then(|h| SoundKind::of_file(&path, &h)) {
                    files.push((path, kind));
                }
            }
        }
        Self { archives, files }
    }

    /// Where an entry named `name` is: a motion (`motion`), else a sound or LED entry.
    #[must_use]
    pub fn find(&self, name: &str, motion: bool) -> Option<Source> {
        self.archives.iter().find_map(|(path, entries)| {
            entries
                .iter()
                .any(|(n, kind, is_motion)| {
                    n == name && if motion { *is_motion } else { kind.is_some() }
                })
                .then(|| Source {
                    path: path.clone(),
                    entry: Some(name.to_owned()),
                })
        })
    }

    /// The naming rule's candidates for the motion `motion` on `track`, best first, with
    /// their scores (1-4).
    #[must_use]
    pub fn candidates(&self, motion: &str, track: Track) -> Vec<(Source, u8)> {
        let wanted = match track {
            Track::Sound => Wanted::Sound,
            Track::Led => Wanted::Led,
        };
        let mut found: Vec<(Source, u8)> = Vec::new();
        for (path, entries) in &self.archives {
            let names: Vec<&str> = entries
                .iter()
                .filter(|(_, kind, _)| {
                    kind.is_some_and(|k| (k == SoundKind::Led) == (track == Track::Led))
                })
                .map(|(n, _, _)| n.as_str())
                .collect();
            for (name, score) in candidates(motion, &names, wanted) {
                found.push((
                    Source {
                        path: path.clone(),
                        entry: Some(name.to_owned()),
                    },
                    score,
                ));
            }
        }
        for (path, kind) in &self.files {
            if (*kind == SoundKind::Led) != (track == Track::Led) {
                continue;
            }
            let stem = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            if let Some(&(_, score)) = candidates(motion, &[stem.as_str()], wanted).first() {
                let source = Source {
                    path: path.clone(),
                    entry: None,
                };
                found.push((source, score));
            }
        }
        found.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.entry.cmp(&b.0.entry)));
        // A part 0 ms long (an LED pattern with nothing in it) never goes before one that
        // plays: the best few are read to know (each file once; the rest keep their place).
        let head = found.len().min(8);
        let mut read: Vec<(PathBuf, Option<Archive>)> = Vec::new();
        let empty: Vec<bool> = found[..head]
            .iter()
            .map(|(source, _)| is_empty_part(source, track, &mut read))
            .collect();
        // Stable: the empty ones go after every other, in their order.
        let mut order: Vec<usize> = (0..found.len()).collect();
        order.sort_by_key(|&i| empty.get(i).copied().unwrap_or(false));
        let mut sorted: Vec<Option<(Source, u8)>> = found.into_iter().map(Some).collect();
        order.into_iter().filter_map(|i| sorted[i].take()).collect()
    }
}

/// Whether `source` is a part 0 ms long on `track` (read headers and notes only; the
/// archives already read are kept in `read`, so each file is read once).
fn is_empty_part(
    source: &Source,
    track: Track,
    read: &mut Vec<(PathBuf, Option<Archive>)>,
) -> bool {
    use crate::codec::sound::{led::LedPattern, midi, wave};
    let bytes = match &source.entry {
        None => std::fs::read(&source.path).ok(),
        Some(entry) => {
            let at = read
                .iter()
                .position(|(p, _)| *p == source.path)
                .unwrap_or_else(|| {
                    let archive = std::fs::read(&source.path)
                        .ok()
                        .and_then(|b| Archive::read(&b).ok());
                    read.push((source.path.clone(), archive));
                    read.len() - 1
                });
            read[at].1.as_ref().and_then(|archive| {
                let index = archive.find(entry)?;
                archive.entries[index].contents().ok()
            })
        }
    };
    let Some(bytes) = bytes else {
        return false;
    };
    let duration = match track {
        Track::Led => midi::read(&bytes).map(|f| LedPattern::from_midi(&f).duration_ms()),
        Track::Sound if crate::codec::sound::is_wave(&bytes) => {
            wave::decode(&bytes).map(|w| w.info.duration_ms())
        }
        Track::Sound => midi::read(&bytes).map(|f| f.duration_ms()),
    };
    duration.is_ok_and(|ms| ms <= 0.0)
}

/// One behaviour a table lists: its command, and where its parts are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The table.
    pub table: PathBuf,
    /// The command's number.
    pub id: u32,
    /// The motion's entry name, and where it is (None: in no archive beside); None for a
    /// command without a motion (a sound alone, say).
    pub motion: Option<(String, Option<Source>)>,
    /// The sound's.
    pub sound: Option<(String, Option<Source>)>,
    /// The LED pattern's.
    pub led: Option<(String, Option<Source>)>,
}

/// The behaviours the tables in `folder` list, with their parts found in the archives
/// there; and the tables that could not be read, with why.
#[must_use]
pub fn behaviours_in(folder: &Path, shelf: &Shelf) -> (Vec<Listed>, Vec<String>) {
    let mut listed = Vec::new();
    let mut unread = Vec::new();
    for table in tables_in(&[folder.to_owned()]) {
        let commands = std::fs::read(&table)
            .map_err(|e| e.to_string())
            .and_then(|b| read_table(&b).map_err(|e| e.to_string()));
        let commands = match commands {
            Ok(commands) => commands,
            Err(why) => {
                unread.push(format!("{}: {why}", table.display()));
                continue;
            }
        };
        for command in commands {
            let part = |kind| {
                command
                    .names(kind)
                    .next()
                    .map(|n| (n.to_owned(), shelf.find(n, false)))
            };
            listed.push(Listed {
                table: table.clone(),
                id: command.id,
                motion: command
                    .names(PartKind::Motion)
                    .next()
                    .map(|m| (m.to_owned(), shelf.find(m, true))),
                sound: part(PartKind::Sound),
                led: part(PartKind::Led),
            });
        }
    }
    (listed, unread)
}
