//! Nothing lost on a crash: while a motion has unsaved edits, a recovery copy of it is kept in
//! the platform's data folder (written at each undo step's end, and every few seconds while
//! a gesture goes on), and removed when the motion is saved, its edits discarded or its tab
//! closed. At start, copies that a run which ended without cleaning up left behind are
//! offered for restoring.
//!
//! A copy keeps the motion's tracks too where they differ from the skit on disk (a sound or
//! LED pattern put on a track, moved or taken off, markers added): their parts by where they
//! are read from and their offsets, and the markers. An LED pattern edited on its track and
//! not written is not kept (its file holds it as it was).
//!
//! Each run holds a lock on a file of its own in the folder while it lives; a copy whose
//! run's lock can be taken is one that no running window owns (two windows at once never
//! offer each other's copies).

use crate::app::state::TabId;
use crate::app::tabs::{TabKind, Tabs};
use crate::codec::kind::FileKind;
use crate::edit::Origin;
use crate::edit::tracks::SkitRefs;
use std::collections::HashMap;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// How long a gesture (a drag) may go on before its state is copied anyway, seconds.
const GESTURE_COPY_S: f64 = 3.0;

/// What a recovery copy says besides the motion (which is beside it, as MTN bytes).
#[derive(serde::Serialize, serde::Deserialize)]
struct Sidecar {
    origin: Origin,
    on_disk: Option<u64>,
    /// The tab's title, for the question at the next start.
    title: String,
    /// The tracks, where they differ from the skit on disk (copies of older runs have none).
    #[serde(default)]
    tracks: Option<SkitRefs>,
}

/// `document`'s tracks where they differ from the skit on disk: what a copy keeps of them.
fn kept_tracks(document: &crate::edit::Document) -> Option<SkitRefs> {
    let tracks = document.tracks();
    tracks.skit_dirty().then(|| tracks.references())
}

/// A motion read back from a recovery copy: the document, and its tracks where they were
/// not in a skit.
#[derive(Debug)]
pub struct Restored {
    /// The motion, unsaved.
    pub document: crate::edit::Document,
    /// The tracks as they were, where the skit on disk says otherwise.
    pub tracks: Option<SkitRefs>,
}

/// A recovery copy found at start.
#[derive(Clone, Debug, PartialEq)]
pub struct LeftBehind {
    /// Its description file (`.json`; the motion is the `.mtn` beside it).
    pub path: PathBuf,
    /// The tab's title when it was written.
    pub title: String,
}

/// The recovery copies of this run.
#[derive(Debug, Default)]
pub struct Recovery {
    /// The folder and this run's name in it, and the held lock; `None`: no copies are kept
    /// (tests, or a platform without a data folder).
    place: Option<(PathBuf, String, File)>,
    /// Per tab: the document revision and the tracks last copied, and when.
    written: HashMap<TabId, (u64, Option<SkitRefs>, f64)>,
    /// The last failure said, so a copy that keeps failing is said once.
    said: Option<String>,
}

impl Recovery {
    /// Copies kept in `dir` (created if needed); `None` when it cannot be used.
    #[must_use]
    pub fn in_dir(dir: &Path) -> Option<Self> {
        fs::create_dir_all(dir).ok()?;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let run = format!("run-{}-{nanos:09}", std::process::id());
        let lock = File::create(dir.join(format!("{run}.lock"))).ok()?;
        lock.try_lock().ok()?;
        Some(Self {
            place: Some((dir.to_owned(), run, lock)),
            written: HashMap::new(),
            said: None,
        })
    }

    /// The platform's place for them: `MTN_STUDIO_RECOVERY_DIR`, else the data folder
    /// (`~/.local/share/mtn-studio/recovery` on Linux).
    #[must_use]
    pub fn default_dir() -> Option<PathBuf> {
        std::env::var_os("MTN_STUDIO_RECOVERY_DIR")
            .map(PathBuf::from)
            .or_else(|| {
                directories::ProjectDirs::from("", "", "mtn-studio")
                    .map(|dirs| dirs.data_dir().join("recovery"))
            })
    }

    /// The folder, when copies are kept.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.place.as_ref().map(|(dir, _, _)| dir.as_path())
    }

    fn paths(&self, tab: TabId) -> Option<(PathBuf, PathBuf)> {
        let (dir, run, _) = self.place.as_ref()?;
        let stem = dir.join(format!("{run}-tab{tab}"));
        Some((
            stem.with_extension(FileKind::Json.extension()),
            stem.with_extension(FileKind::Mtn.extension()),
        ))
    }

    /// After each frame: copies every motion with unsaved edits that changed since its last
    /// copy (at once when no gesture is open, every few seconds during one), and removes the
    /// copies of motions saved, discarded or closed. Returns why a copy failed, when that is
    /// news (a copy that keeps failing is said once).
    pub fn keep(&mut self, tabs: &Tabs, now: f64) -> Option<String> {
        self.place.as_ref()?;
        let mut failure = None;
        let mut live = Vec::new();
        for tab in &tabs.list {
            let TabKind::Motion(motion, _) = &tab.kind else {
                continue;
            };
            let document = &motion.document;
            // Unsaved tracks alone count: a sound put on a track is lost in a crash too.
            if !document.has_unsaved() {
                continue;
            }
            live.push(tab.id);
            let revision = document.revision();
            let tracks = kept_tracks(document);
            let due = match self.written.get(&tab.id) {
                Some((copied, kept, _)) if *copied == revision && *kept == tracks => false,
                Some(&(_, _, at)) if document.history().in_gesture() => now - at >= GESTURE_COPY_S,
                _ => true,
            };
            if due {
                match self.write(tab.id, document, tracks.clone()) {
                    Ok(()) => {
                        self.written.insert(tab.id, (revision, tracks, now));
                    }
                    Err(e) => failure = Some(e.to_string()),
                }
            }
        }
        let gone: Vec<TabId> = self
            .written
            .keys()
            .copied()
            .filter(|id| !live.contains(id))
            .collect();
        for id in gone {
            self.written.remove(&id);
            if let Some((json, mtn)) = self.paths(id)
                && let Err(e) = remove_if_there(&mtn).and(remove_if_there(&json))
            {
                failure = Some(format!(
                    "Could not remove the recovery copy {}: {e}. It will be offered again at \
                     the next start.",
                    json.display()
                ));
            }
        }
        if failure == self.said {
            return None;
        }
        self.said.clone_from(&failure);
        failure
    }

    fn write(
        &self,
        tab: TabId,
        document: &crate::edit::Document,
        tracks: Option<SkitRefs>,
    ) -> Result<(), RecoveryError> {
        let Some((json, mtn)) = self.paths(tab) else {
            return Ok(());
        };
        let bytes = crate::codec::mtn::encode(&document.motion).map_err(|source| {
            RecoveryError::Encode {
                path: mtn.clone(),
                source,
            }
        })?;
        let sidecar = Sidecar {
            origin: document.origin.clone(),
            on_disk: document.on_disk(),
            title: document.tab_title(),
            tracks,
        };
        let text = serde_json::to_string(&sidecar).map_err(|source| RecoveryError::Sidecar {
            path: json.clone(),
            source,
        })?;
        // The motion first: a description on disk always has its whole motion beside it.
        crate::fsutil::write_atomic(&mtn, &bytes)
            .and_then(|()| crate::fsutil::write_atomic(&json, text.as_bytes()))
            .map_err(|source| RecoveryError::Keep { path: json, source })
    }

    /// Copies left by runs that are no longer running, oldest run first.
    #[must_use]
    pub fn left_behind(&self) -> Vec<LeftBehind> {
        let Some((dir, own, _)) = &self.place else {
            return Vec::new();
        };
        let Ok(entries) = fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut found: Vec<LeftBehind> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x == FileKind::Json.extension())
            })
            .filter(|p| {
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                let run = name.as_deref().and_then(|n| n.split("-tab").next());
                run.is_some_and(|run| run != own && !running(dir, run))
            })
            .filter_map(|path| {
                let text = fs::read_to_string(&path).ok()?;
                let sidecar: Sidecar = serde_json::from_str(&text).ok()?;
                Some(LeftBehind {
                    path,
                    title: sidecar.title,
                })
            })
            .collect();
        found.sort_by(|a, b| a.path.cmp(&b.path));
        found
    }
}

impl Drop for Recovery {
    fn drop(&mut self) {
        if let Some((dir, run, _)) = &self.place {
            // Tidying only: a lock left behind is harmless (`running` asks the lock itself).
            let _ = fs::remove_file(dir.join(format!("{run}.lock")));
        }
    }
}

/// Why a recovery copy could not be kept or read back; each names the file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecoveryError {
    /// The motion could not be encoded for its copy.
    #[error("{}: {source}", path.display())]
    Encode {
        /// The copy.
        path: PathBuf,
        /// Why.
        #[source]
        source: crate::codec::EncodeError,
    },
    /// The copy's description could not be written or read as JSON.
    #[error("{}: {source}", path.display())]
    Sidecar {
        /// The description.
        path: PathBuf,
        /// Why.
        #[source]
        source: serde_json::Error,
    },
    /// Writing the copy failed.
    #[error("cannot keep a recovery copy in {}: {source}", path.display())]
    Keep {
        /// The copy.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// Reading the copy failed.
    #[error("{}: {source}", path.display())]
    Read {
        /// The copy.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The copied motion does not read.
    #[error("{}: {source}", path.display())]
    Decode {
        /// The copy.
        path: PathBuf,
        /// Where and why.
        #[source]
        source: crate::codec::DecodeError,
    },
}

/// Whether the run named `run` still holds its lock.
fn running(dir: &Path, run: &str) -> bool {
    let Ok(lock) = File::open(dir.join(format!("{run}.lock"))) else {
        return false;
    };
    lock.try_lock_shared().is_err()
}

/// Reads a recovery copy back: the document as it was, unsaved, and its tracks where they
/// were not in a skit.
///
/// # Errors
/// The copy cannot be read or decoded (the message names the file).
pub fn restore(copy: &Path) -> Result<Restored, RecoveryError> {
    let read = |path: &Path| {
        let path = path.to_owned();
        move |source| RecoveryError::Read { path, source }
    };
    let text = fs::read_to_string(copy).map_err(read(copy))?;
    let sidecar: Sidecar =
        serde_json::from_str(&text).map_err(|source| RecoveryError::Sidecar {
            path: copy.to_owned(),
            source,
        })?;
    let mtn = copy.with_extension(FileKind::Mtn.extension());
    let bytes = fs::read(&mtn).map_err(read(&mtn))?;
    let decoded = crate::codec::mtn::decode(&bytes).map_err(|source| RecoveryError::Decode {
        path: mtn.clone(),
        source,
    })?;
    Ok(Restored {
        document: crate::edit::Document::recovered(decoded.motion, sidecar.origin, sidecar.on_disk),
        tracks: sidecar.tracks,
    })
}

/// Removes a file that may already be gone.
fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        Ok(()) | Err(_) => Ok(()),
    }
}

/// Removes a recovery copy (restored, or discarded by the user) with the MTN beside it,
/// and its run's lock file when none of that run's copies is left.
///
/// # Errors
/// The copy or its MTN could not be removed: it is offered again at the next start.
pub fn remove(copy: &Path) -> std::io::Result<()> {
    let beside = remove_if_there(&copy.with_extension(FileKind::Mtn.extension()));
    remove_if_there(copy)?;
    beside?;
    let Some(dir) = copy.parent() else {
        return Ok(());
    };
    let Some(run) = copy
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .and_then(|n| n.split("-tab").next().map(str::to_owned))
    else {
        return Ok(());
    };
    let others = fs::read_dir(dir).into_iter().flatten().flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .starts_with(&format!("{run}-tab"))
    });
    if !others && !running(dir, &run) {
        // Tidying only: a lock file left behind is harmless, since whether a run is alive
        // is asked of the lock it holds (`running`), not of the file being there.
        let _ = fs::remove_file(dir.join(format!("{run}.lock")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_that_cannot_be_removed_is_said_and_a_missing_one_is_no_matter() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let copy = dir.path().join("run-tab1.json");
        let beside = copy.with_extension(FileKind::Mtn.extension());
        fs::write(&copy, b"{}").unwrap_or_else(|e| panic!("{e}"));
        fs::write(&beside, b"OMTN").unwrap_or_else(|e| panic!("{e}"));
        assert!(remove(&copy).is_ok());
        assert!(!copy.exists() && !beside.exists());
        assert!(remove(&copy).is_ok(), "already gone");
        // A directory where the copy should be: remove_file fails, even for root.
        fs::create_dir(&copy).unwrap_or_else(|e| panic!("{e}"));
        assert!(remove(&copy).is_err());
    }
}
