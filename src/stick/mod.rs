//! An AIBO memory stick (or a tree to copy onto one) as a workspace: what it is (model,
//! software, bootable or a redistribution tree, size used), its behaviour table, R-CODE's
//! action names and its archives, each behaviour's parts resolved to the archive that holds
//! them (`docs/formats/behaviour-table.md#the-memory-stick`).

pub mod actions;
pub mod add;
pub mod apply;
pub mod check;
pub mod image;
pub mod program;
pub mod refusal;
pub mod rows;

use crate::codec::mwc::{self, BehaviourTable};
use crate::codec::oda::Archive;
use crate::robot::models::Model;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The most files a stick's tree is walked through (Sony's hold a few hundred).
const MAX_FILES: usize = 20_000;
/// The deepest folder walked into.
const MAX_DEPTH: usize = 12;
/// The largest file read whole (a behaviour table, an action file, an archive).
const MAX_READ: u64 = 256 << 20;

/// Why a folder does not open as a stick.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StickError {
    /// Neither the folder nor any above it holds `OPEN-R/` or `MEMSTICK.IND`.
    #[error(
        "{0}: not a memory stick: no OPEN-R folder or MEMSTICK.IND in it or any folder above it"
    )]
    NotAStick(PathBuf),
}

/// Why a file of the stick could not be read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file system said no.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Larger than any file of a stick.
    #[error("{size} bytes, more than a stick's file can be")]
    TooLarge {
        /// Its size.
        size: u64,
    },
    /// An archive that does not read (Sony's encrypted ones among them).
    #[error(transparent)]
    Archive(#[from] crate::codec::DecodeError),
    /// A behaviour table that does not read.
    #[error(transparent)]
    Table(#[from] mwc::MwcError),
}

/// What runs on the stick, told from what is on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Software {
    /// R-CODE (its program `R-CODE.R` or its `R-CODE.CFG` or `R-CODE.DIC` in
    /// `OPEN-R/APP/PC/AMS/`).
    RCode,
    /// Sony's own software for the robot, AIBO MIND as far as is known, inferred: no
    /// R-CODE, a behaviour table, and system archives under `MW/DATA/E/` that read (R-CODE
    /// sticks keep theirs encrypted; AIBO MIND's read). No such stick has been seen here, so
    /// the tab and `stick list` say it is inferred.
    SonyPersonality,
    /// Something else (an OPEN-R program, a tree of files...).
    Other,
}

/// An archive on the stick: where it is, and its entries or why they cannot be read.
#[derive(Debug)]
pub struct StickArchive {
    /// Its path from the stick's root (as on the stick: `OPEN-R/MW/DATA/P/MOTION.ODA`).
    pub path: String,
    /// Its entries, or why they cannot be read (Sony's `MW/DATA/E/` archives are encrypted
    /// on R-CODE sticks).
    pub archive: Result<Archive, FileError>,
}

/// A stick opened.
#[derive(Debug)]
pub struct Stick {
    /// Its root folder (holding `OPEN-R/`).
    pub root: PathBuf,
    /// The model its behaviour table is for.
    pub model: Option<Model>,
    /// What runs on it.
    pub software: Software,
    /// Whether it has `MEMSTICK.IND` (a robot starts from it); without it, it is a tree to
    /// copy onto a programming stick that has one.
    pub bootable: bool,
    /// The bytes its files take.
    pub bytes_used: u64,
    /// Its behaviour table's path from the root, and the table (or why it does not read).
    pub table: Option<(String, Result<BehaviourTable, FileError>)>,
    /// The action files found (path from the root) and their actions.
    pub actions: Vec<(String, Vec<actions::Action>, Vec<actions::BadLine>)>,
    /// Every archive under `OPEN-R/MW/DATA/`.
    pub archives: Vec<StickArchive>,
    /// Every file's path from the root.
    pub files: Vec<String>,
    /// The files' fingerprint as they were read ([`fingerprint`]).
    pub fingerprint: u64,
}

/// The child of `dir` named `name`, whatever its case (sticks are FAT: `OPEN-R` may be
/// `open-r` once copied).
#[must_use]
pub fn child(dir: &Path, name: &str) -> Option<PathBuf> {
    let exact = dir.join(name);
    if exact.exists() {
        return Some(exact);
    }
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name))
        .map(|e| e.path())
}

/// The path `parts` below `dir`, each part found whatever its case.
fn below(dir: &Path, parts: &[&str]) -> Option<PathBuf> {
    parts
        .iter()
        .try_fold(dir.to_path_buf(), |at, part| child(&at, part))
}

/// The stick `path` is in: itself or the first folder above it holding `OPEN-R/` or
/// `MEMSTICK.IND`.
///
/// # Errors
/// No such folder.
pub fn find_root(path: &Path) -> Result<PathBuf, StickError> {
    let start = if path.is_dir() {
        path
    } else {
        path.parent().unwrap_or(path)
    };
    start
        .ancestors()
        .find(|dir| {
            child(dir, "OPEN-R").is_some_and(|p| p.is_dir()) || child(dir, "MEMSTICK.IND").is_some()
        })
        .map(Path::to_path_buf)
        .ok_or_else(|| StickError::NotAStick(path.to_path_buf()))
}

/// Every file under `root` (at most [`MAX_FILES`], [`MAX_DEPTH`] deep), with its size.
fn files(root: &Path) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    let mut out = Vec::new();
    let mut folders = vec![(root.to_path_buf(), 0)];
    while let Some((dir, depth)) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() && depth < MAX_DEPTH {
                folders.push((entry.path(), depth + 1));
            } else if kind.is_file() && out.len() < MAX_FILES {
                let meta = entry.metadata().ok();
                let size = meta.as_ref().map_or(0, std::fs::Metadata::len);
                let changed = meta.and_then(|m| m.modified().ok());
                out.push((entry.path(), size, changed));
            }
        }
    }
    out.sort();
    out
}

/// A fingerprint of the stick's files at `root`: each one's path, size and time of last
/// change, so a tab can tell that a file of the stick changed outside the window (another
/// program, `mtn-studio stick add` in a terminal). As bounded as the stick's own walk.
#[must_use]
pub fn fingerprint(root: &Path) -> u64 {
    fingerprint_of(&files(root))
}

/// The fingerprint of files walked ([`files`]): the walk that reads a stick gives it too.
fn fingerprint_of(files: &[(PathBuf, u64, Option<std::time::SystemTime>)]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    files.hash(&mut hasher);
    hasher.finish()
}

/// Reads a file of at most [`MAX_READ`] bytes.
fn read_bounded(path: &Path) -> Result<Vec<u8>, FileError> {
    let size = std::fs::metadata(path)?.len();
    if size > MAX_READ {
        return Err(FileError::TooLarge { size });
    }
    Ok(std::fs::read(path)?)
}

/// `path` from `root`, with `/` between its parts, as on the stick.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// What runs on a stick: R-CODE by its files; else Sony's own software where there is a
/// behaviour table and a system archive under `MW/DATA/E/` that reads ([`Software`]).
fn software(rcode: bool, table: bool, archives: &[StickArchive]) -> Software {
    let system_reads = archives
        .iter()
        .any(|a| a.archive.is_ok() && a.path.to_ascii_uppercase().starts_with("OPEN-R/MW/DATA/E/"));
    match (rcode, table && system_reads) {
        (true, _) => Software::RCode,
        (false, true) => Software::SonyPersonality,
        (false, false) => Software::Other,
    }
}

impl Stick {
    /// Opens the stick `path` is in (the stick's folder, or any folder or file inside it).
    ///
    /// # Errors
    /// It is in no stick.
    pub fn open(path: &Path) -> Result<Self, StickError> {
        // The root is kept absolute: every path below it is joined to it, whatever folder
        // the program runs in (a relative root once had archives written twice as deep).
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let root = find_root(&absolute)?;
        let all = files(&root);
        let conf = below(&root, &["OPEN-R", "MW", "CONF"]);
        let (model, table_path) = [("ERS-7.MWC", Model::Ers7), ("ERS-210.MWC", Model::Ers210)]
            .into_iter()
            .find_map(|(name, model)| Some((model, child(conf.as_deref()?, name)?)))
            .map_or((None, None), |(m, p)| (Some(m), Some(p)));
        let table = table_path.map(|path| {
            let read = read_bounded(&path).and_then(|bytes| Ok(mwc::read(&bytes)?));
            (shown(&root, &path), read)
        });
        let ams = below(&root, &["OPEN-R", "APP", "PC", "AMS"]);
        let actions = ["ACTION.AMS", "ACTION.CFG", "ACTION.EXT"]
            .into_iter()
            .filter_map(|name| child(ams.as_deref()?, name))
            .map(|path| {
                let (found, bad) = read_bounded(&path).map_or_else(
                    |why| {
                        let why = why.to_string();
                        let line = actions::BadLine { line: 0, why };
                        (Vec::new(), vec![line])
                    },
                    |bytes| actions::read(&bytes),
                );
                (shown(&root, &path), found, bad)
            })
            .collect();
        let data = below(&root, &["OPEN-R", "MW", "DATA"]);
        let archives: Vec<StickArchive> = all
            .iter()
            .filter(|(path, ..)| {
                data.as_deref().is_some_and(|d| path.starts_with(d))
                    && path
                        .extension()
                        .is_some_and(|e| e.eq_ignore_ascii_case("oda"))
            })
            .map(|(path, ..)| StickArchive {
                path: shown(&root, path),
                archive: read_bounded(path).and_then(|bytes| Ok(Archive::read(&bytes)?)),
            })
            .collect();
        let rcode = ["R-CODE.R", "R-CODE.CFG", "R-CODE.DIC"]
            .iter()
            .any(|name| ams.as_deref().and_then(|d| child(d, name)).is_some());
        Ok(Self {
            software: software(rcode, table.is_some(), &archives),
            bootable: child(&root, "MEMSTICK.IND").is_some(),
            bytes_used: all.iter().map(|(_, size, _)| size).sum(),
            files: all.iter().map(|(path, ..)| shown(&root, path)).collect(),
            fingerprint: fingerprint_of(&all),
            model,
            table,
            actions,
            archives,
            root,
        })
    }

    /// Every entry name of the stick's readable archives, with the archive (its path from
    /// the root) that holds it: the first, where two do.
    #[must_use]
    pub fn holders(&self) -> std::collections::HashMap<String, &str> {
        let mut map = std::collections::HashMap::new();
        for a in &self.archives {
            let Ok(archive) = &a.archive else {
                continue;
            };
            for entry in &archive.entries {
                map.entry(entry.name()).or_insert(a.path.as_str());
            }
        }
        map
    }

    /// Whether some archive on the stick cannot be read (its names cannot be checked).
    #[must_use]
    pub fn has_unreadable_archives(&self) -> bool {
        self.archives.iter().any(|a| a.archive.is_err())
    }

    /// The action names that play behaviour `mwcid`, with their codes.
    pub fn action_names(&self, mwcid: u32) -> impl Iterator<Item = &actions::Action> {
        self.actions
            .iter()
            .flat_map(|(_, found, _)| found)
            .filter(move |a| a.mwcid == mwcid)
    }
}
