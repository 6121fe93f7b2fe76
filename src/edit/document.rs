//! The document being edited: a motion, where it came from, its history and its problems.
//! Opening and saving go through the shared codec; saves are atomic; every change goes
//! through the history, so whether it is saved follows from one place.

use super::edit_op::Edit;
use super::error::DocumentError;
use super::history::History;
use super::summary::Summary;
use crate::codec::mtn::{self, Motion};
use crate::codec::oda::Archive;
use crate::codec::{Problem, Severity};
use crate::fsutil::write_atomic;
use crate::robot::check::problems as check_problems;
use crate::robot::marks::{SafetyMarks, safety_marks};
use std::path::{Path, PathBuf};

/// Where a document lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Not saved anywhere yet (the bundled example, an import, a new motion): Save asks
    /// where.
    Unsaved {
        /// A name to show and to suggest when saving.
        name: String,
    },
    /// An MTN file.
    File(PathBuf),
    /// A motion inside an ODA archive.
    Entry {
        /// The archive.
        archive: PathBuf,
        /// The entry's name.
        entry: String,
    },
}

impl Origin {
    /// A short name for tabs, the window title and messages.
    #[must_use]
    pub fn display_name(&self) -> String {
        match self {
            Self::Unsaved { name } => name.clone(),
            Self::File(path) => file_name(path),
            Self::Entry { archive, entry } => format!("{} : {entry}", file_name(archive)),
        }
    }

    /// The file on disk, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Unsaved { .. } => None,
            Self::File(path) | Self::Entry { archive: path, .. } => Some(path),
        }
    }

    /// A file name to suggest for Save As.
    #[must_use]
    pub fn suggested_file_name(&self) -> String {
        match self {
            Self::Unsaved { name } => name.clone(),
            Self::File(path) => file_name(path),
            Self::Entry { entry, .. } => format!("{entry}.mtn"),
        }
    }
}

/// The last part of a path, for messages.
#[must_use]
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// How the file a document came from stands on disk now, against what was read or last
/// written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskState {
    /// As it was read or last written.
    Unchanged,
    /// Something else wrote it since.
    Changed,
    /// It is gone (the file, or the entry from its archive).
    Missing,
    /// The document has no file.
    NoFile,
}

/// Up to this many keyframe values, the checks (and the timeline's marks) follow a drag
/// live; about 2 ms of checking per edit at this size, on the 2-core machine.
const LIVE_CHECK_CELLS: usize = 100_000;

/// A motion being edited.
#[derive(Clone, Debug)]
pub struct Document {
    /// The motion. Change it only through [`Document::apply`], so that the history, the
    /// unsaved mark and the checks follow.
    pub motion: Motion,
    /// Where it lives.
    pub origin: Origin,
    history: History,
    /// The history state that matches the file on disk; `None` when no file holds it (an
    /// import, a new motion), so that closing asks.
    saved_state: Option<u64>,
    /// Problems in the structure of the file the motion was read from; saving (or Repair)
    /// puts them right.
    file_problems: Vec<Problem>,
    /// Every current problem: the file's, then the checks of the motion now.
    problems: Vec<Problem>,
    /// Each keyframe's time in ms, kept current after every change (the timeline and the
    /// table read it every frame).
    times_ms: Vec<u64>,
    /// Every out-of-range keyframe and too-fast segment, for the timeline's marks; current
    /// after every check (not during a drag on a long motion, like the problems).
    marks: SafetyMarks,
    /// Changes whenever the motion may have changed (an id no other document shares), so
    /// views can keep what they computed from the motion until it changes.
    revision: u64,
    /// A fingerprint of the bytes read from disk or last written there (the file, or the
    /// archive entry), to tell whether someone else wrote it since.
    on_disk: Option<u64>,
    /// The min/max pyramid of every channel, for drawing dense curves.
    summary: Summary,
}

/// Hands out revision ids, unique across documents.
static REVISIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A fingerprint of file contents (in memory only, so the hasher need not be stable across
/// runs).
fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

fn read(path: &Path) -> Result<Vec<u8>, DocumentError> {
    std::fs::read(path).map_err(|source| DocumentError::Read {
        path: path.to_owned(),
        source,
    })
}

fn read_archive(path: &Path) -> Result<Archive, DocumentError> {
    Archive::read(&read(path)?).map_err(|source| DocumentError::Decode {
        path: path.to_owned(),
        source,
    })
}

impl Document {
    /// A document for a motion that is not saved anywhere and needs no saving (the bundled
    /// example): closing it does not ask.
    #[must_use]
    pub fn unsaved(motion: Motion, name: &str) -> Self {
        let mut document = Self::new(motion, Vec::new(), unsaved(name), None);
        document.saved_state = Some(document.history.state());
        document
    }

    /// A document for a motion made here (an import, a motion operation's result): it is
    /// unsaved work, so closing asks until it is saved.
    #[must_use]
    pub fn created(motion: Motion, name: &str) -> Self {
        Self::new(motion, Vec::new(), unsaved(name), None)
    }

    fn new(
        motion: Motion,
        file_problems: Vec<Problem>,
        origin: Origin,
        on_disk: Option<u64>,
    ) -> Self {
        let history = History::default();
        let saved_state = on_disk.map(|_| history.state());
        let mut document = Self {
            summary: Summary::new(&motion.keyframes),
            motion,
            origin,
            history,
            saved_state,
            file_problems,
            problems: Vec::new(),
            times_ms: Vec::new(),
            marks: SafetyMarks::default(),
            revision: 0,
            on_disk,
        };
        document.recheck();
        document
    }

    /// Opens an MTN file.
    ///
    /// # Errors
    /// The file cannot be read, or holds no motion that can be recovered (the error names
    /// the file, the byte offset and what is wrong).
    pub fn open(path: &Path) -> Result<Self, DocumentError> {
        let data = read(path)?;
        let decoded = mtn::decode(&data).map_err(|source| DocumentError::Decode {
            path: path.to_owned(),
            source,
        })?;
        Ok(Self::new(
            decoded.motion,
            decoded.problems,
            Origin::File(path.to_owned()),
            Some(fingerprint(&data)),
        ))
    }

    /// Opens one motion of an archive on disk.
    ///
    /// # Errors
    /// The archive cannot be read, has no such entry, or the entry holds no motion.
    pub fn open_entry(archive_path: &Path, entry: &str) -> Result<Self, DocumentError> {
        let archive = read_archive(archive_path)?;
        let index = archive.find(entry).ok_or_else(|| DocumentError::NoEntry {
            path: archive_path.to_owned(),
            entry: entry.to_owned(),
        })?;
        Self::from_entry(archive_path, &archive, index)
    }

    /// Opens entry `index` of an archive already read from `archive_path`.
    ///
    /// # Errors
    /// There is no such entry, or it holds no motion.
    pub fn from_entry(
        archive_path: &Path,
        archive: &Archive,
        index: usize,
    ) -> Result<Self, DocumentError> {
        let Some(entry) = archive.entries.get(index) else {
            return Err(DocumentError::NoEntry {
                path: archive_path.to_owned(),
                entry: format!("#{index}"),
            });
        };
        let name = entry.name();
        let decode_error = |source| DocumentError::EntryDecode {
            path: archive_path.to_owned(),
            entry: name.clone(),
            source,
        };
        let contents = entry.contents().map_err(decode_error)?;
        let decoded = mtn::decode(&contents).map_err(decode_error)?;
        Ok(Self::new(
            decoded.motion,
            decoded.problems,
            Origin::Entry {
                archive: archive_path.to_owned(),
                entry: name.clone(),
            },
            Some(fingerprint(&entry.data)),
        ))
    }

    /// Whether there are edits that no file holds.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.saved_state != Some(self.history.state())
    }

    /// The name with a mark for unsaved edits, as a tab shows it.
    #[must_use]
    pub fn tab_title(&self) -> String {
        let mark = if self.is_dirty() { " \u{2022}" } else { "" };
        format!("{}{mark}", self.origin.display_name())
    }

    /// The window title: file name, and a mark for unsaved edits.
    #[must_use]
    pub fn title(&self) -> String {
        format!("{} \u{2014} mtn-studio", self.tab_title())
    }

    /// The undo history (read it; change the document through its methods).
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Each keyframe's time in ms.
    #[must_use]
    pub fn times_ms(&self) -> &[u64] {
        &self.times_ms
    }

    /// The min/max pyramid of every channel, current with the motion.
    #[must_use]
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// An id of the motion's current content: it changes after every edit, undo and redo,
    /// and no two documents share one.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Every current problem, structure first, in file order.
    #[must_use]
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The structure problems of the file on disk, which saving puts right.
    #[must_use]
    pub fn file_problems(&self) -> &[Problem] {
        &self.file_problems
    }

    /// Every place the motion is out of range or too fast, per joint.
    #[must_use]
    pub fn safety_marks(&self) -> &SafetyMarks {
        &self.marks
    }

    /// Applies an edit as one undoable step (or as part of an open gesture). The checks run
    /// again at once, except for keyframe edits inside a gesture (a drag) on a long motion,
    /// which are checked when the gesture ends: there the checks cost more than a frame. Header
    /// edits are always checked at once, so the name grammar is checked while typing.
    pub fn apply(&mut self, label: &str, edit: Edit) {
        let header = matches!(
            edit,
            Edit::SetHeader(..) | Edit::SetVersion(_) | Edit::SetFrameRate(_)
        );
        let cells = edit.value_cells(self.motion.keyframes.joint_count());
        self.history
            .apply_to(&mut self.motion, &mut self.file_problems, label, edit);
        self.refresh_summary(cells.as_deref());
        let cells = self.motion.keyframes.len() * self.motion.keyframes.joint_count().max(1);
        if header || !self.history.in_gesture() || cells <= LIVE_CHECK_CELLS {
            self.recheck();
        } else {
            self.refresh_times();
        }
    }

    fn refresh_summary(&mut self, cells: Option<&[(usize, usize)]>) {
        match cells {
            Some(cells) if self.summary.fits(&self.motion.keyframes) => {
                self.summary.update(&self.motion.keyframes, cells);
            }
            _ => self.summary = Summary::new(&self.motion.keyframes),
        }
    }

    fn refresh_times(&mut self) {
        self.revision = REVISIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.times_ms = crate::robot::timing::keyframe_times_ms(&self.motion.keyframes);
    }

    /// Opens a gesture: every edit until [`Document::end_gesture`] is one undo step.
    pub fn begin_gesture(&mut self, label: &str) {
        self.history.begin_gesture(label);
    }

    /// Closes the gesture.
    pub fn end_gesture(&mut self) {
        self.history.end_gesture();
        self.recheck();
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        self.history.end_gesture();
        let joints = self.motion.keyframes.joint_count();
        let cells = self.history.next_undo().and_then(|e| e.value_cells(joints));
        let label = self
            .history
            .undo_to(&mut self.motion, &mut self.file_problems);
        self.refresh_summary(cells.as_deref());
        self.recheck();
        label
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let joints = self.motion.keyframes.joint_count();
        let cells = self.history.next_redo().and_then(|e| e.value_cells(joints));
        let label = self
            .history
            .redo_to(&mut self.motion, &mut self.file_problems);
        self.refresh_summary(cells.as_deref());
        self.recheck();
        label
    }

    /// Runs the checks again (after an edit).
    fn recheck(&mut self) {
        self.refresh_times();
        let offsets = mtn::offsets(&self.motion).unwrap_or_default();
        self.problems = check_problems(&self.motion, &offsets, &self.file_problems);
        self.marks = safety_marks(&self.motion);
    }

    /// Repairs the motion as one undoable step: locators, padding, data type, widths, and
    /// the structure of the file (written correctly at the next save). Returns what was
    /// done (nothing when there was nothing to repair).
    ///
    /// # Errors
    /// The motion cannot be encoded (a string too long, say).
    pub fn repair(&mut self) -> Result<Vec<String>, DocumentError> {
        let encode_error = |source| DocumentError::Encode {
            name: self.origin.display_name(),
            source,
        };
        let bytes = mtn::encode(&self.motion).map_err(encode_error)?;
        // What we just wrote reads back: the encoder's own output.
        let decoded = crate::robot::check::decode_checked(&bytes).map_err(|source| {
            DocumentError::Decode {
                path: PathBuf::from(self.origin.display_name()),
                source,
            }
        })?;
        let repaired = crate::robot::repair::repair(&decoded).map_err(encode_error)?;
        let mut actions: Vec<String> = self
            .file_problems
            .iter()
            .filter(|p| p.severity >= Severity::Warning)
            .map(|p| format!("{}: the file will be written with correct sizes", p.code))
            .collect();
        actions.extend(
            repaired
                .fixes
                .iter()
                .map(|f| format!("{}: {}", f.code, f.action)),
        );
        let mut edits = Vec::new();
        if repaired.motion != self.motion {
            edits.push(Edit::ReplaceMotion(Box::new(repaired.motion)));
        }
        if !self.file_problems.is_empty() {
            edits.push(Edit::SetFileProblems(Vec::new()));
        }
        if !edits.is_empty() {
            self.apply("Repair", Edit::Group(edits));
        }
        Ok(actions)
    }

    /// The bytes the motion is saved as.
    ///
    /// # Errors
    /// The motion cannot be encoded.
    pub fn encoded(&self) -> Result<Vec<u8>, DocumentError> {
        mtn::encode(&self.motion).map_err(|source| DocumentError::Encode {
            name: self.origin.display_name(),
            source,
        })
    }

    /// How the file this document came from stands on disk now.
    #[must_use]
    pub fn disk_state(&self) -> DiskState {
        let current = match &self.origin {
            Origin::Unsaved { .. } => return DiskState::NoFile,
            Origin::File(path) => std::fs::read(path).ok().map(|data| fingerprint(&data)),
            Origin::Entry { archive, entry } => read_archive(archive).ok().and_then(|a| {
                let index = a.find(entry)?;
                Some(fingerprint(&a.entries[index].data))
            }),
        };
        match current {
            None => DiskState::Missing,
            Some(now) if Some(now) == self.on_disk => DiskState::Unchanged,
            Some(_) => DiskState::Changed,
        }
    }

    /// Saves where the document came from. An archive entry is written back into the
    /// archive as it is on disk now, every other entry untouched. (Whether the file changed
    /// on disk since is for the caller to ask first: [`Document::disk_state`].)
    ///
    /// # Errors
    /// Nowhere to save (a document never saved), or the write failed (the file on disk is
    /// then as it was).
    pub fn save(&mut self) -> Result<(), DocumentError> {
        match self.origin.clone() {
            Origin::Unsaved { .. } => Err(DocumentError::NoPath {
                name: self.origin.display_name(),
            }),
            Origin::File(path) => self.save_as(&path),
            Origin::Entry { archive, .. } => save_entries(&archive, &mut [self]),
        }
    }

    /// Saves to an MTN file, which becomes the document's home.
    ///
    /// # Errors
    /// The motion cannot be encoded, or the write failed.
    pub fn save_as(&mut self, path: &Path) -> Result<(), DocumentError> {
        let bytes = self.encoded()?;
        write_atomic(path, &bytes).map_err(|source| DocumentError::Write {
            path: path.to_owned(),
            source,
        })?;
        self.origin = Origin::File(path.to_owned());
        self.mark_saved(&bytes, fingerprint(&bytes));
        Ok(())
    }

    /// Records that `written` is now on disk (its fingerprint there `on_disk`): the document
    /// is clean, and its file problems are those of what was written.
    fn mark_saved(&mut self, written: &[u8], on_disk: u64) {
        self.saved_state = Some(self.history.state());
        self.file_problems = mtn::decode(written).map(|d| d.problems).unwrap_or_default();
        self.history.set_file_problems(&self.file_problems);
        self.on_disk = Some(on_disk);
        self.recheck();
    }

    /// The most severe current problem.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        self.problems.iter().map(|p| p.severity).max()
    }
}

fn unsaved(name: &str) -> Origin {
    Origin::Unsaved {
        name: name.to_owned(),
    }
}

/// Saves motions of one archive back into it in one write: the archive is read as it is on
/// disk now, each document's entry replaced, every other entry left byte for byte.
/// Documents that are not entries of `archive_path` are left alone.
///
/// # Errors
/// The archive cannot be read or written, an entry is gone from it, or a motion cannot be
/// encoded; then nothing is written.
pub fn save_entries(
    archive_path: &Path,
    documents: &mut [&mut Document],
) -> Result<(), DocumentError> {
    let mut archive = read_archive(archive_path)?;
    let mut written = Vec::new();
    for (slot, document) in documents.iter().enumerate() {
        let Origin::Entry {
            archive: path,
            entry,
        } = &document.origin
        else {
            continue;
        };
        if path != archive_path {
            continue;
        }
        let index = archive.find(entry).ok_or_else(|| DocumentError::NoEntry {
            path: archive_path.to_owned(),
            entry: entry.clone(),
        })?;
        let bytes = document.encoded()?;
        archive.entries[index].set_contents(&bytes);
        written.push((slot, index, bytes));
    }
    let data = archive.write().map_err(|reason| DocumentError::Archive {
        path: archive_path.to_owned(),
        reason,
    })?;
    write_atomic(archive_path, &data).map_err(|source| DocumentError::Write {
        path: archive_path.to_owned(),
        source,
    })?;
    for (slot, index, bytes) in written {
        let on_disk = fingerprint(&archive.entries[index].data);
        documents[slot].mark_saved(&bytes, on_disk);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mtn-studio-doc-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        dir
    }

    #[test]
    fn dirty_follows_the_history() {
        let dir = scratch("dirty");
        let path = dir.join("m.mtn");
        let mut document = Document::unsaved(stand_to_sit(), "example");
        assert!(!document.is_dirty());
        document.apply("set", Edit::SetFrameRate(16 + 1));
        assert!(document.is_dirty());
        assert!(
            document.save().is_err(),
            "an unsaved document needs Save As"
        );
        assert!(document.save_as(&path).is_ok());
        assert!(!document.is_dirty());
        document.undo();
        assert!(document.is_dirty());
        document.redo();
        assert!(!document.is_dirty());
        assert!(document.title().starts_with("m.mtn"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_created_motion_is_unsaved_work_until_saved() {
        let dir = scratch("created");
        let mut document = Document::created(stand_to_sit(), "imported.mtn");
        assert!(document.is_dirty(), "nothing on disk holds it");
        assert!(document.save_as(&dir.join("imported.mtn")).is_ok());
        assert!(!document.is_dirty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn repair_is_an_undoable_step_that_marks_the_document() {
        let dir = scratch("repair");
        let path = dir.join("m.mtn");
        // A section-1 size four bytes short: the reader recovers it as a file problem.
        let mut bytes = crate::example::EXAMPLE_MTN.to_vec();
        let size = u32::from_le_bytes([bytes[32], bytes[33], bytes[34], bytes[35]]);
        bytes[32..36].copy_from_slice(&(size - 4).to_le_bytes());
        assert!(std::fs::write(&path, &bytes).is_ok());
        let mut document = Document::open(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!document.file_problems().is_empty());
        assert!(!document.is_dirty());
        let actions = document.repair().unwrap_or_else(|e| panic!("{e}"));
        assert!(!actions.is_empty());
        assert!(document.file_problems().is_empty());
        assert!(document.is_dirty(), "the repair is not on disk yet");
        assert_eq!(document.history().undo_label(), Some("Repair"));
        document.undo();
        assert!(
            !document.file_problems().is_empty(),
            "undo brings them back"
        );
        assert!(!document.is_dirty());
        document.redo();
        assert!(document.save().is_ok());
        assert!(document.file_problems().is_empty());
        document.undo();
        assert!(
            document.file_problems().is_empty(),
            "the file on disk is well-formed now, whatever is undone"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_written_by_someone_else_is_noticed() {
        let dir = scratch("disk");
        let path = dir.join("m.mtn");
        assert!(std::fs::write(&path, crate::example::EXAMPLE_MTN).is_ok());
        let mut document = Document::open(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(document.disk_state(), DiskState::Unchanged);
        let mut other = crate::example::EXAMPLE_MTN.to_vec();
        other.push(0);
        assert!(std::fs::write(&path, &other).is_ok());
        assert_eq!(document.disk_state(), DiskState::Changed);
        assert!(document.save().is_ok());
        assert_eq!(document.disk_state(), DiskState::Unchanged);
        assert!(std::fs::remove_file(&path).is_ok());
        assert_eq!(document.disk_state(), DiskState::Missing);
        assert_eq!(
            Document::unsaved(stand_to_sit(), "x").disk_state(),
            DiskState::NoFile
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_revision_changes_with_every_change_of_the_motion() {
        let mut document = Document::unsaved(stand_to_sit(), "a");
        let other = Document::unsaved(stand_to_sit(), "b");
        assert_ne!(
            document.revision(),
            other.revision(),
            "documents share no revision"
        );
        let mut seen = vec![document.revision()];
        document.apply("move", Edit::SetAngles(vec![(1, 0, 12_345)]));
        seen.push(document.revision());
        document.begin_gesture("drag");
        document.apply("drag", Edit::SetAngles(vec![(1, 0, 23_456)]));
        seen.push(document.revision());
        document.end_gesture();
        let _ = document.undo();
        seen.push(document.revision());
        let _ = document.redo();
        seen.push(document.revision());
        let unique: std::collections::BTreeSet<u64> = seen.iter().copied().collect();
        assert_eq!(unique.len(), seen.len(), "{seen:?}");
    }

    #[test]
    fn the_summary_follows_every_change() {
        let mut motion = stand_to_sit();
        let row: Vec<i32> = motion.keyframes.angles()[..20].to_vec();
        for _ in 0..100 {
            motion
                .keyframes
                .push(3, [1, 2, 3], &row)
                .unwrap_or_default();
        }
        let mut document = Document::unsaved(motion, "long");
        let fresh = |d: &Document| Summary::new(&d.motion.keyframes);
        document.apply("move", Edit::SetAngles(vec![(50, 3, 9_999_999)]));
        assert_eq!(document.summary(), &fresh(&document));
        document.apply("body", Edit::SetBody(vec![(77, 1, -9_999_999)]));
        assert_eq!(document.summary(), &fresh(&document));
        document.apply("remove", Edit::RemoveKeyframe { index: 10 });
        assert_eq!(document.summary(), &fresh(&document));
        for _ in 0..3 {
            document.undo();
            assert_eq!(document.summary(), &fresh(&document));
        }
        document.redo();
        assert_eq!(document.summary(), &fresh(&document));
    }

    #[test]
    fn marks_follow_a_drag_live_on_a_short_motion_and_at_its_end_on_a_long_one() {
        let knee = |motion: &Motion| {
            motion
                .locators
                .iter()
                .position(|l| crate::robot::joint_name(&motion.design, l) == "FL_LEG_KNEE")
                .expect("the example has a knee")
        };
        let beyond = crate::robot::deg_to_urad(150.0);
        let mut short = Document::unsaved(stand_to_sit(), "example");
        assert!(
            short.safety_marks().is_empty(),
            "the example is within limits"
        );
        let j = knee(&short.motion);
        short.begin_gesture("drag");
        short.apply("drag", Edit::SetAngles(vec![(1, j, beyond)]));
        assert_eq!(
            short.safety_marks().out_of_range[j],
            vec![crate::robot::marks::Run { first: 1, last: 1 }],
            "marked while the drag is still going"
        );
        assert!(
            short
                .problems()
                .iter()
                .any(|p| p.code == crate::codec::ProblemCode::JointLimit)
        );
        short.end_gesture();
        short.undo();
        assert!(short.safety_marks().is_empty(), "undo takes the mark away");

        // Past the live-check size, the checks wait for the end of the gesture.
        let mut motion = stand_to_sit();
        let row: Vec<i32> = (0..motion.keyframes.joint_count())
            .map(|joint| motion.keyframes.angle(0, joint).unwrap_or(0))
            .collect();
        while motion.keyframes.len() * row.len() <= LIVE_CHECK_CELLS {
            motion.keyframes.push(8, [0; 3], &row).expect("row width");
        }
        let mut long = Document::unsaved(motion, "long");
        let j = knee(&long.motion);
        long.begin_gesture("drag");
        long.apply("drag", Edit::SetAngles(vec![(1, j, beyond)]));
        assert!(long.safety_marks().out_of_range[j].is_empty());
        long.end_gesture();
        assert_eq!(
            long.safety_marks().out_of_range[j],
            vec![crate::robot::marks::Run { first: 1, last: 1 }]
        );
    }
}
