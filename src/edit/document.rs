//! The document being edited: a motion, where it came from, its history and its problems.
//! Opening and saving go through the shared codec; saves are atomic.

use super::edit_op::Edit;
use super::history::History;
use crate::codec::mtn::{self, Motion};
use crate::codec::oda::Archive;
use crate::codec::{Problem, Severity};
use crate::fsutil::write_atomic;
use crate::robot::check::check_motion;
use crate::robot::marks::{SafetyMarks, safety_marks};
use std::path::{Path, PathBuf};

/// Where a document lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Not saved anywhere yet (the bundled example, or a new motion): Save asks where.
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
    /// A short name for the window title and messages.
    #[must_use]
    pub fn display_name(&self) -> String {
        let file_name = |p: &Path| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        };
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
}

/// What opening a path gave.
pub enum Opened {
    /// A motion, ready to edit.
    Document(Box<Document>),
    /// An archive: the user picks a motion.
    Archive {
        /// The archive's path.
        path: PathBuf,
        /// Its motions' entry names.
        motions: Vec<String>,
    },
}

/// Up to this many keyframe values, the checks (and the timeline's marks) follow a drag
/// live; about 2 ms of checking per edit at this size, on the 2-core machine.
const LIVE_CHECK_CELLS: usize = 100_000;

/// A motion being edited.
#[derive(Clone, Debug)]
pub struct Document {
    /// The motion.
    pub motion: Motion,
    /// Where it lives.
    pub origin: Origin,
    /// Undo and redo.
    pub history: History,
    /// The history state that matches the file on disk.
    saved_state: u64,
    /// Problems in the file's structure found on open; they go away when the motion is
    /// saved through the codec or repaired.
    structure_problems: Vec<Problem>,
    /// Every current problem: structure found on open, plus the checks of the motion now.
    problems: Vec<Problem>,
    /// Each keyframe's time in ms, kept current after every change (the timeline and the
    /// table read it every frame).
    times_ms: Vec<u64>,
    /// Every out-of-range keyframe and too-fast segment, for the timeline's marks; current
    /// after every check (not during a drag, like the problems).
    marks: SafetyMarks,
    /// Changes whenever the motion may have changed (an id no other document shares), so
    /// views can keep what they computed from the motion until it changes.
    revision: u64,
}

/// Hands out revision ids, unique across documents.
static REVISIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

impl Document {
    /// A document for a motion that is not saved anywhere yet.
    #[must_use]
    pub fn unsaved(motion: Motion, name: &str) -> Self {
        Self::from_decoded(
            motion,
            Vec::new(),
            Origin::Unsaved {
                name: name.to_owned(),
            },
        )
    }

    fn from_decoded(motion: Motion, structure_problems: Vec<Problem>, origin: Origin) -> Self {
        let mut document = Self {
            motion,
            origin,
            history: History::default(),
            saved_state: 0,
            structure_problems,
            problems: Vec::new(),
            times_ms: Vec::new(),
            marks: SafetyMarks::default(),
            revision: 0,
        };
        document.recheck();
        document
    }

    /// Opens a motion or an archive.
    ///
    /// # Errors
    /// A message naming the file, the byte offset and what is wrong.
    pub fn open(path: &Path) -> Result<Opened, String> {
        let data = read(path)?;
        let shown = path.display();
        if crate::codec::oda::is_archive(&data)
            || path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("oda"))
        {
            let archive = Archive::read(&data).map_err(|e| format!("{shown}: {e}"))?;
            let motions: Vec<String> = archive.motions().map(|(_, e)| e.name()).collect();
            if motions.is_empty() {
                return Err(format!("{shown}: the archive holds no motions"));
            }
            return Ok(Opened::Archive {
                path: path.to_owned(),
                motions,
            });
        }
        let decoded = mtn::decode(&data).map_err(|e| format!("{shown}: {e}"))?;
        Ok(Opened::Document(Box::new(Self::from_decoded(
            decoded.motion,
            structural(decoded.problems),
            Origin::File(path.to_owned()),
        ))))
    }

    /// Opens one motion of an archive.
    ///
    /// # Errors
    /// A message naming the archive, the entry and what is wrong.
    pub fn open_entry(archive_path: &Path, entry: &str) -> Result<Self, String> {
        let data = read(archive_path)?;
        let shown = archive_path.display();
        let archive = Archive::read(&data).map_err(|e| format!("{shown}: {e}"))?;
        let index = archive
            .find(entry)
            .ok_or_else(|| format!("{shown}: no entry \"{entry}\""))?;
        let contents = archive.entries[index]
            .contents()
            .map_err(|e| format!("{shown}:{entry}: {e}"))?;
        let decoded = mtn::decode(&contents).map_err(|e| format!("{shown}:{entry}: {e}"))?;
        Ok(Self::from_decoded(
            decoded.motion,
            structural(decoded.problems),
            Origin::Entry {
                archive: archive_path.to_owned(),
                entry: archive.entries[index].name(),
            },
        ))
    }

    /// Whether there are edits that are not saved.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.history.state() != self.saved_state
    }

    /// The window title: file name, and a mark for unsaved edits.
    #[must_use]
    pub fn title(&self) -> String {
        let mark = if self.is_dirty() { " \u{25cf}" } else { "" };
        format!("{}{mark} \u{2014} mtn-studio", self.origin.display_name())
    }

    /// Each keyframe's time in ms.
    #[must_use]
    pub fn times_ms(&self) -> &[u64] {
        &self.times_ms
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
        self.history.apply(&mut self.motion, label, edit);
        let cells = self.motion.keyframes.len() * self.motion.keyframes.joint_count().max(1);
        if header || !self.history.in_gesture() || cells <= LIVE_CHECK_CELLS {
            self.recheck();
        } else {
            self.refresh_times();
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

    /// Undoes the last step.
    pub fn undo(&mut self) -> Option<String> {
        let label = self.history.undo(&mut self.motion);
        self.recheck();
        label
    }

    /// Redoes the last undone step.
    pub fn redo(&mut self) -> Option<String> {
        let label = self.history.redo(&mut self.motion);
        self.recheck();
        label
    }

    /// Runs the checks again (after an edit).
    pub fn recheck(&mut self) {
        self.refresh_times();
        let offsets = mtn::offsets(&self.motion).unwrap_or_default();
        let mut problems = self.structure_problems.clone();
        problems.extend(check_motion(&self.motion, &offsets));
        problems.extend(crate::robot::check::safety_problems(&self.motion, &offsets));
        problems.sort_by_key(|p| p.offset);
        self.problems = problems;
        self.marks = safety_marks(&self.motion);
    }

    /// Repairs the motion (one undoable step): locators, padding, data type, widths; the
    /// structure problems found on open are fixed by writing through the codec anyway.
    /// Returns what was done.
    ///
    /// # Errors
    /// The motion cannot be encoded (a string too long, say).
    pub fn repair(&mut self) -> Result<Vec<String>, String> {
        let bytes = mtn::encode(&self.motion).map_err(|e| e.to_string())?;
        let decoded = mtn::decode(&bytes).map_err(|e| e.to_string())?;
        let repaired = mtn::repair(&decoded).map_err(|e| e.to_string())?;
        let mut actions: Vec<String> = self
            .structure_problems
            .iter()
            .map(|p| format!("{}: the file will be written with correct sizes", p.code))
            .collect();
        actions.extend(
            repaired
                .fixes
                .iter()
                .map(|f| format!("{}: {}", f.code, f.action)),
        );
        self.structure_problems.clear();
        if repaired.motion != self.motion {
            self.apply("Repair", Edit::ReplaceMotion(Box::new(repaired.motion)));
        } else {
            self.recheck();
        }
        Ok(actions)
    }

    /// The bytes the motion is saved as.
    ///
    /// # Errors
    /// The motion cannot be encoded.
    pub fn encoded(&self) -> Result<Vec<u8>, String> {
        mtn::encode(&self.motion).map_err(|e| e.to_string())
    }

    /// Saves where the document came from. An archive entry is written back into the
    /// archive as it is on disk now, every other entry untouched.
    ///
    /// # Errors
    /// Nowhere to save (an unsaved document), or the write failed (the file on disk is then
    /// as it was).
    pub fn save(&mut self) -> Result<(), String> {
        let bytes = self.encoded()?;
        match &self.origin {
            Origin::Unsaved { .. } => return Err("choose where to save it (Save As)".to_owned()),
            Origin::File(path) => {
                write_atomic(path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            Origin::Entry { archive, entry } => {
                let data = read(archive)?;
                let mut contents =
                    Archive::read(&data).map_err(|e| format!("{}: {e}", archive.display()))?;
                let index = contents.find(entry).ok_or_else(|| {
                    format!(
                        "{}: the entry \"{entry}\" is gone from the archive",
                        archive.display()
                    )
                })?;
                contents.entries[index].set_contents(&bytes);
                let written = contents
                    .write()
                    .map_err(|e| format!("{}: {e}", archive.display()))?;
                write_atomic(archive, &written)
                    .map_err(|e| format!("{}: {e}", archive.display()))?;
            }
        }
        self.mark_saved();
        Ok(())
    }

    /// Saves to a new MTN file, which becomes the document's home.
    ///
    /// # Errors
    /// The write failed.
    pub fn save_as(&mut self, path: &Path) -> Result<(), String> {
        let bytes = self.encoded()?;
        write_atomic(path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        self.origin = Origin::File(path.to_owned());
        self.mark_saved();
        Ok(())
    }

    fn mark_saved(&mut self) {
        self.saved_state = self.history.state();
        self.structure_problems.clear();
        self.recheck();
    }

    /// The most severe current problem.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        self.problems.iter().map(|p| p.severity).max()
    }
}

/// The structural problems of a reading (the checks are rerun live).
fn structural(problems: Vec<Problem>) -> Vec<Problem> {
    problems
        .into_iter()
        .filter(|p| p.code.is_structural() || p.code == crate::codec::ProblemCode::Padding)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    #[test]
    fn dirty_follows_the_history() {
        let dir = std::env::temp_dir().join(format!("mtn-studio-doc-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
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
