//! A StickyBot gait file being edited: the model, its problems, and its undo history. The
//! history is the motions' [`History`]; each step keeps the model as it was (a few hundred
//! bytes), so undo works one way for every document.

use super::history::{History, Revert};
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

/// One step of a gait file's history: the whole model on the other side of the step.
#[derive(Clone, Debug, PartialEq)]
pub struct GaitSnapshot(Gait);

impl Revert for GaitSnapshot {
    fn is_noop(&self) -> bool {
        false
    }

    /// Restoring each snapshot of a gesture, newest first, ends at the oldest: the model
    /// before the gesture.
    fn group(newest_first: Vec<Self>) -> Option<Self> {
        newest_first.into_iter().last()
    }
}

/// A gait file being edited.
pub struct GaitDocument {
    /// Where it was read from and is saved to.
    pub path: PathBuf,
    /// The model as edited. Change it only through [`GaitDocument::set`].
    gait: Gait,
    /// Its problems, found again after every change.
    problems: Vec<GaitProblem>,
    /// The model as it is on disk.
    saved: Gait,
    history: History<GaitSnapshot>,
}

impl GaitDocument {
    /// Reads a gait file.
    ///
    /// # Errors
    /// The file cannot be read, is too large, or is shorter than its size header.
    pub fn open(path: &Path) -> Result<Self, GaitFileError> {
        let data = std::fs::read(path).map_err(|source| GaitFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        Self::from_bytes(path, &data)
    }

    /// A gait file from its bytes, read from `path`.
    ///
    /// # Errors
    /// Too large, or shorter than its size header.
    pub fn from_bytes(path: &Path, data: &[u8]) -> Result<Self, GaitFileError> {
        if data.len() > usize::from(u16::MAX) + 1 {
            return Err(GaitFileError::TooLarge {
                path: path.to_owned(),
                len: data.len(),
            });
        }
        let decoded = gait::decode(data).map_err(|source| GaitFileError::Decode {
            path: path.to_owned(),
            source,
        })?;
        Ok(Self {
            path: path.to_owned(),
            saved: decoded.gait.clone(),
            gait: decoded.gait,
            problems: decoded.problems,
            history: History::default(),
        })
    }

    /// The model as edited.
    #[must_use]
    pub fn gait(&self) -> &Gait {
        &self.gait
    }

    /// Its problems now.
    #[must_use]
    pub fn problems(&self) -> &[GaitProblem] {
        &self.problems
    }

    /// The undo history.
    #[must_use]
    pub fn history(&self) -> &History<GaitSnapshot> {
        &self.history
    }

    /// The file name.
    #[must_use]
    pub fn name(&self) -> String {
        super::file_name(&self.path)
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

    /// Replaces the model: one undo step, or part of the open gesture.
    pub fn set(&mut self, label: &str, gait: Gait) {
        if gait == self.gait {
            return;
        }
        let before = std::mem::replace(&mut self.gait, gait);
        self.history.record(label, GaitSnapshot(before));
        self.recheck();
    }

    /// Opens a gesture: changes until it ends are one undo step.
    pub fn begin_gesture(&mut self, label: &str) {
        self.history.begin_gesture(label);
    }

    /// Closes the gesture, as one undo step if it changed anything.
    pub fn end_gesture(&mut self) {
        let now = &self.gait;
        self.history.end_gesture_if(|before| before.0 != *now);
    }

    /// Takes back the last step; what it was.
    pub fn undo(&mut self) -> Option<String> {
        self.end_gesture();
        let gait = &mut self.gait;
        let label = self
            .history
            .undo_with(|GaitSnapshot(before)| GaitSnapshot(std::mem::replace(gait, before)));
        self.recheck();
        label
    }

    /// Makes the last undone step again; what it was.
    pub fn redo(&mut self) -> Option<String> {
        self.end_gesture();
        let gait = &mut self.gait;
        let label = self
            .history
            .redo_with(|GaitSnapshot(after)| GaitSnapshot(std::mem::replace(gait, after)));
        self.recheck();
        label
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
        self.end_gesture();
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::codec::gait::{Body, Section};

    fn document() -> GaitDocument {
        let gait = Gait {
            declared_size: 0,
            toc_count_byte: true,
            sections: vec![Section {
                code: 0x40,
                location: 4,
                body: Body::Bytes { bytes: vec![7; 4] },
            }],
            gaps: Vec::new(),
        };
        let bytes = gait::encode(&gait).expect("the model encodes");
        GaitDocument::from_bytes(Path::new("gait.bin"), &bytes).expect("it reads back")
    }

    fn with_first_byte(gait: &Gait, value: u8) -> Gait {
        let mut gait = gait.clone();
        if let Body::Bytes { bytes } = &mut gait.sections[0].body {
            bytes[0] = value;
        }
        gait
    }

    fn first_byte(doc: &GaitDocument) -> u8 {
        doc.gait().sections[0].bytes()[0]
    }

    #[test]
    fn a_gesture_is_one_step_and_undo_to_saved_is_clean() {
        let mut doc = document();
        let original = doc.gait().clone();
        doc.begin_gesture("drag");
        for value in [1, 2, 3] {
            let gait = with_first_byte(doc.gait(), value);
            doc.set("drag", gait);
        }
        doc.end_gesture();
        assert!(doc.is_dirty());
        assert_eq!(doc.history().undo_depth(), 1);
        assert_eq!(doc.undo().as_deref(), Some("drag"));
        assert_eq!(doc.gait(), &original);
        assert!(!doc.is_dirty());
        assert_eq!(doc.redo().as_deref(), Some("drag"));
        assert_eq!(first_byte(&doc), 3);
        assert_eq!(doc.history().redo_label(), None);
    }

    #[test]
    fn a_gesture_that_comes_back_leaves_no_step() {
        let mut doc = document();
        let original = doc.gait().clone();
        doc.begin_gesture("drag");
        doc.set("drag", with_first_byte(&original, 9));
        doc.set("drag", original);
        doc.end_gesture();
        assert_eq!(doc.history().undo_depth(), 0);
        assert_eq!(doc.undo(), None);
    }
}
