//! A StickyBot gait file open in a tab: the model, its problems, and its own undo history
//! (the whole model is a few hundred bytes, so each step keeps the model as it was).

use crate::codec::DecodeError;
use crate::codec::gait::{self, EncodeError, Gait, GaitProblem};
use std::path::{Path, PathBuf};

/// Why a gait file could not be opened, repaired or saved; each names the file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GaitFileError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// Larger than the 16-bit size header can say.
    #[error("{}: {len} bytes, more than a gait file's 16-bit size can say", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its length.
        len: usize,
    },
    /// Not readable as a gait file (shorter than its size header).
    #[error("{}: {source}", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// Where and why.
        #[source]
        source: DecodeError,
    },
    /// The model cannot be written as a gait file.
    #[error("{}: {source}", path.display())]
    Encode {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: EncodeError,
    },
    /// Writing failed; the file on disk is as it was.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// One gait file in a tab.
pub struct GaitTab {
    /// Where it was read from and is saved to.
    pub path: PathBuf,
    /// The model as edited.
    pub gait: Gait,
    /// Its problems, found again after every change.
    pub problems: Vec<GaitProblem>,
    /// The model as it is on disk.
    saved: Gait,
    /// Undo steps: the label and the model before the step.
    undo: Vec<(String, Gait)>,
    /// Redo steps: the label and the model before the undo.
    redo: Vec<(String, Gait)>,
    /// An open gesture (a drag, typing in a field): its label and the model at its start.
    gesture: Option<(String, Gait)>,
}

impl GaitTab {
    /// Reads a gait file.
    ///
    /// # Errors
    /// The file cannot be read, or is shorter than its size header.
    pub fn open(path: &Path) -> Result<Self, GaitFileError> {
        let data = std::fs::read(path).map_err(|source| GaitFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        if data.len() > usize::from(u16::MAX) + 1 {
            return Err(GaitFileError::TooLarge {
                path: path.to_owned(),
                len: data.len(),
            });
        }
        let decoded = gait::decode(&data).map_err(|source| GaitFileError::Decode {
            path: path.to_owned(),
            source,
        })?;
        Ok(Self {
            path: path.to_owned(),
            saved: decoded.gait.clone(),
            gait: decoded.gait,
            problems: decoded.problems,
            undo: Vec::new(),
            redo: Vec::new(),
            gesture: None,
        })
    }

    /// The file name.
    #[must_use]
    pub fn name(&self) -> String {
        crate::edit::file_name(&self.path)
    }

    /// Whether it has edits not on disk.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.gait != self.saved
    }

    /// The tab's title, with the unsaved mark.
    #[must_use]
    pub fn title(&self) -> String {
        if self.is_dirty() {
            format!("{} \u{2022}", self.name())
        } else {
            self.name()
        }
    }

    /// The label of the step Undo would take back, and of the one Redo would make again.
    #[must_use]
    pub fn history(&self) -> (Option<&str>, Option<&str>) {
        (
            self.undo.last().map(|(l, _)| l.as_str()),
            self.redo.last().map(|(l, _)| l.as_str()),
        )
    }

    /// Replaces the model: one undo step, or part of the open gesture.
    pub fn set(&mut self, label: &str, gait: Gait) {
        if gait == self.gait {
            return;
        }
        let before = std::mem::replace(&mut self.gait, gait);
        if self.gesture.is_none() {
            self.undo.push((label.to_owned(), before));
            self.redo.clear();
        }
        self.recheck();
    }

    /// Opens a gesture: changes until it ends are one undo step.
    pub fn begin(&mut self, label: &str) {
        if self.gesture.is_none() {
            self.gesture = Some((label.to_owned(), self.gait.clone()));
        }
    }

    /// Closes the gesture, as one undo step if it changed anything.
    pub fn end(&mut self) {
        if let Some((label, before)) = self.gesture.take()
            && before != self.gait
        {
            self.undo.push((label, before));
            self.redo.clear();
        }
    }

    /// Takes back the last step; what it was.
    pub fn undo(&mut self) -> Option<String> {
        self.end();
        let (label, before) = self.undo.pop()?;
        let after = std::mem::replace(&mut self.gait, before);
        self.redo.push((label.clone(), after));
        self.recheck();
        Some(label)
    }

    /// Makes the last undone step again; what it was.
    pub fn redo(&mut self) -> Option<String> {
        self.end();
        let (label, after) = self.redo.pop()?;
        let before = std::mem::replace(&mut self.gait, after);
        self.undo.push((label.clone(), before));
        self.recheck();
        Some(label)
    }

    /// Fixes the size header and adds a missing count byte, as one undo step; each fix.
    ///
    /// # Errors
    /// The repaired model cannot be written (too large).
    pub fn repair(&mut self) -> Result<Vec<String>, GaitFileError> {
        let (fixed, fixes) = gait::repair(&self.gait).map_err(|source| GaitFileError::Encode {
            path: self.path.clone(),
            source,
        })?;
        self.set("Repair", fixed);
        Ok(fixes)
    }

    /// Writes the model to its file (atomically), with the size header made true.
    ///
    /// # Errors
    /// The model cannot be written, or the file cannot be saved.
    pub fn save(&mut self) -> Result<usize, GaitFileError> {
        self.end();
        let bytes = gait::encode(&self.gait).map_err(|source| GaitFileError::Encode {
            path: self.path.clone(),
            source,
        })?;
        crate::fsutil::write_atomic(&self.path, &bytes).map_err(|source| GaitFileError::Write {
            path: self.path.clone(),
            source,
        })?;
        self.saved = self.gait.clone();
        Ok(bytes.len())
    }

    /// Finds the problems again, as the file would read.
    fn recheck(&mut self) {
        self.problems = gait::encode(&self.gait)
            .ok()
            .and_then(|bytes| gait::decode(&bytes).ok())
            .map(|d| d.problems)
            .unwrap_or_default();
    }
}
