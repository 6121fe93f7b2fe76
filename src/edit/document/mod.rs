//! The document being edited: a motion, where it came from, its history and its problems.
//! Opening and saving go through the shared codec; saves are atomic; every change goes
//! through the history, so whether it is saved follows from one place.

pub(super) mod disk;
mod step;
#[cfg(test)]
mod tests;

pub use step::Step;

use super::edit_op::Edit;
use super::error::DocumentError;
use super::history::History;
use super::summary::Summary;
use super::tracks::{Applied, TrackEdit, Tracks};
use crate::codec::mtn::{self, Motion};
use crate::codec::{Problem, Severity};
use crate::robot::check::problems as check_problems;
use crate::robot::marks::{SafetyMarks, safety_marks};
use std::path::{Path, PathBuf};

/// Where a document lives.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// Not saved anywhere yet (the bundled example, an import, a new motion): Save asks
    /// where.
    Unsaved {
        /// A name to show and to suggest when saving.
        name: String,
    },
    /// An MTN file.
    File(PathBuf),
    /// A motion read from a file of another format (mtn-studio's JSON form): not saved
    /// as MTN anywhere yet, so Save asks where (next to it, as an .mtn file).
    Converted {
        /// The file it was read from.
        from: PathBuf,
    },
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
            Self::File(path) | Self::Converted { from: path } => file_name(path),
            Self::Entry { archive, entry } => format!("{} : {entry}", file_name(archive)),
        }
    }

    /// The file on disk, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Unsaved { .. } | Self::Converted { .. } => None,
            Self::File(path) | Self::Entry { archive: path, .. } => Some(path),
        }
    }

    /// The file it was read from, of any format (for the folder Save As starts in).
    #[must_use]
    pub fn read_from(&self) -> Option<&Path> {
        match self {
            Self::Unsaved { .. } => None,
            Self::File(path)
            | Self::Entry { archive: path, .. }
            | Self::Converted { from: path } => Some(path),
        }
    }

    /// A file name to suggest for Save As.
    #[must_use]
    pub fn suggested_file_name(&self) -> String {
        match self {
            Self::Unsaved { name } => name.clone(),
            Self::File(path) => file_name(path),
            Self::Converted { from } => format!(
                "{}.mtn",
                from.file_stem()
                    .map_or_else(|| "motion".into(), |s| s.to_string_lossy())
            ),
            Self::Entry { entry, .. } => {
                format!("{entry}.{}", crate::codec::kind::FileKind::Mtn.extension())
            }
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
    /// The motion's and its tracks' one history.
    history: History<Step>,
    /// The motion's state (see [`Document::motion_state`]) that matches the file on disk;
    /// `None` when no file holds it (an import, a new motion), so that closing asks.
    saved_state: Option<u64>,
    /// The sound and LED tracks placed beside the motion (saved in the skit beside it).
    tracks: Tracks,
    /// Problems in the structure of the file the motion was read from; saving (or Repair)
    /// puts them right.
    file_problems: Vec<Problem>,
    /// Every current problem: the file's, then the checks of the motion now.
    problems: Vec<Problem>,
    /// The floor's problems (worked out in the background: the latest there are).
    floor_problems: Vec<Problem>,
    /// Where the floor's problems happen (ms, from and to).
    floor_spans: Vec<[u64; 2]>,
    /// Each keyframe's time in ms, kept current after every change (the timeline and the
    /// table read it every frame).
    times_ms: Vec<u64>,
    /// Every out-of-range keyframe and too-fast segment, for the timeline's marks; current
    /// after every check (not during a drag on a long motion, like the problems).
    marks: SafetyMarks,
    /// Changes whenever the motion may have changed (an id no other document shares), so
    /// views can keep what they computed from the motion until it changes.
    revision: u64,
    /// Changes whenever the marks are made again (an id no other document shares).
    marks_revision: u64,
    /// A fingerprint of the bytes read from disk or last written there (the file, or the
    /// archive entry), to tell whether someone else wrote it since.
    on_disk: Option<u64>,
    /// The min/max pyramid of every channel, for drawing dense curves.
    summary: Summary,
    /// What the last changes touched (for views that follow the motion).
    changes: super::Changes,
}

/// What a file on disk was found, or made, to hold of a motion's tracks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TracksOnDisk {
    /// The skit beside the motion says this (it was written).
    Skit(crate::edit::tracks::SkitRefs),
    /// The skit beside the motion says this (it was read: its markers are the motion's).
    SkitRead(crate::edit::tracks::SkitRefs),
    /// The part on this track is what there is to keep (a command table pairs it).
    Agreed(crate::behaviour::Track),
    /// The skit's part for this track could not be read (saving writes the skit without
    /// it).
    Unread(crate::behaviour::Track),
    /// The LED pattern was written to its file.
    LedWritten,
    /// The skit beside the motion says `on_disk` (it was read), and the markers are
    /// `markers` (a recovery copy kept them as they were before a crash).
    Recovered {
        /// What the skit on disk says (nothing where there is none).
        on_disk: crate::edit::tracks::SkitRefs,
        /// The markers as they were.
        markers: Vec<crate::behaviour::skit::Marker>,
    },
}

/// Hands out revision ids, unique across documents.
static REVISIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Document {
    /// A document for a motion that is not saved anywhere and needs no saving (the bundled
    /// example): closing it does not ask.
    #[must_use]
    pub fn unsaved(motion: Motion, name: &str) -> Self {
        let mut document = Self::new(motion, Vec::new(), unsaved(name), None);
        document.saved_state = Some(document.motion_state());
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
        let tracks = Tracks::default();
        let mut document = Self {
            summary: Summary::new(&motion.keyframes),
            motion,
            origin,
            history,
            saved_state,
            tracks,
            file_problems,
            problems: Vec::new(),
            floor_problems: Vec::new(),
            floor_spans: Vec::new(),
            times_ms: Vec::new(),
            marks: SafetyMarks::default(),
            revision: 0,
            marks_revision: 0,
            on_disk,
            changes: super::Changes::default(),
        };
        document.recheck();
        document
    }

    /// A document brought back from a recovery copy after a crash: unsaved work, where it
    /// came from, and the fingerprint of the file as the crashed run last knew it (so saving
    /// over a file changed since asks first).
    #[must_use]
    pub fn recovered(motion: Motion, origin: Origin, on_disk: Option<u64>) -> Self {
        let mut document = Self::new(motion, Vec::new(), origin, None);
        document.on_disk = on_disk;
        document
    }

    /// The fingerprint of the file as last read or written (for recovery copies).
    #[must_use]
    pub fn on_disk(&self) -> Option<u64> {
        self.on_disk
    }

    /// Whether the motion has edits that its file does not hold (its tracks aside: see
    /// [`Document::has_unsaved`]).
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.saved_state != Some(self.motion_state())
    }

    /// Whether the motion, its skit or its LED pattern has edits no file holds.
    #[must_use]
    pub fn has_unsaved(&self) -> bool {
        self.is_dirty() || self.tracks.is_dirty()
    }

    /// The motion's own state: that of the newest step that changed the motion (steps that
    /// changed only its tracks leave it), so that a motion whose tracks alone changed is
    /// not unsaved and keeps its file as it is.
    pub(super) fn motion_state(&self) -> u64 {
        self.history.newest_state_where(Step::touches_motion)
    }

    /// The sound and LED tracks.
    #[must_use]
    pub fn tracks(&self) -> &Tracks {
        &self.tracks
    }

    /// Changes the tracks as one undo step (or part of the open gesture).
    pub fn edit_tracks(&mut self, edit: TrackEdit) -> Applied {
        let label = edit.label(&self.tracks);
        let before = self.tracks.snapshot();
        let applied = self.tracks.apply(edit);
        if applied.changed {
            self.history.record(&label, Step::Tracks(Box::new(before)));
        }
        applied
    }

    /// Puts a part read in the background on its track: an undo step when the user asked
    /// for it (`undoable`), none when a skit or a command table restored it (what is on disk
    /// already says so).
    pub fn put_part(&mut self, part: crate::behaviour::Part, undoable: bool) {
        let label = format!("{} track", part.track().name());
        let before = self.tracks.snapshot();
        self.tracks.put(part);
        if undoable {
            self.history.record(&label, Step::Tracks(Box::new(before)));
        }
    }

    /// Says whether a part is being read in the background for `track`.
    pub fn set_loading(&mut self, track: crate::behaviour::Track, loading: bool) {
        self.tracks.loading.retain(|&t| t != track);
        if loading {
            self.tracks.loading.push(track);
        }
    }

    /// What the files on disk hold of the tracks: the skit (what it says, or that it says
    /// what the tracks are), the LED pattern's file. None of this is an undo step.
    pub fn tracks_on_disk(&mut self, held: TracksOnDisk) {
        match held {
            TracksOnDisk::Skit(refs) => self.tracks.skit_saved(refs),
            TracksOnDisk::SkitRead(refs) => self.tracks.skit_read(refs),
            TracksOnDisk::Agreed(track) => self.tracks.agree_on_disk(track),
            TracksOnDisk::Unread(track) => self.tracks.forget_on_disk(track),
            TracksOnDisk::LedWritten => self.tracks.led_written(),
            TracksOnDisk::Recovered { on_disk, markers } => {
                self.tracks.recovered(on_disk, markers);
            }
        }
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
    pub fn history(&self) -> &History<Step> {
        &self.history
    }

    /// Each keyframe's time in ms.
    #[must_use]
    pub fn times_ms(&self) -> &[u64] {
        &self.times_ms
    }

    /// The motion's length in ms (the last keyframe's time), kept with the motion: what
    /// [`crate::robot::timing::duration_ms`] sums afresh, for the window's every frame.
    #[must_use]
    pub fn duration_ms(&self) -> u64 {
        self.times_ms.last().copied().unwrap_or(0)
    }

    /// The number of ticks the player commands, kept with the motion as its length is:
    /// what [`crate::robot::timing::tick_count`] sums afresh.
    #[must_use]
    pub fn tick_count(&self) -> u64 {
        self.duration_ms() / crate::robot::timing::TICK_MS
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

    /// An id of the current safety marks: it changes whenever they are made again.
    #[must_use]
    pub fn marks_revision(&self) -> u64 {
        self.marks_revision
    }

    /// Every current problem, structure first, in file order.
    #[must_use]
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Takes the floor's problems worked out for `revision`, and where they happen (ignored
    /// when the motion has changed since: newer ones are on their way).
    pub fn set_floor_problems(
        &mut self,
        revision: u64,
        problems: Vec<Problem>,
        spans: Vec<[u64; 2]>,
    ) {
        // Unchanged (as while dragging where the floor says nothing): nothing to merge.
        if revision != self.revision
            || (problems == self.floor_problems && spans == self.floor_spans)
        {
            return;
        }
        self.floor_problems = problems;
        self.floor_spans = spans;
        let offsets = mtn::offsets(&self.motion).unwrap_or_default();
        self.problems = check_problems(&self.motion, &offsets, &self.file_problems);
        self.merge_floor_problems();
    }

    fn merge_floor_problems(&mut self) {
        self.problems.extend(self.floor_problems.iter().cloned());
        self.problems.sort_by_key(|p| p.offset);
    }

    /// The floor's problems (as the verdict judged them: `robot::verdict`).
    #[must_use]
    pub fn floor_problems(&self) -> &[Problem] {
        &self.floor_problems
    }

    /// Where the floor's problems happen (ms, from and to), sorted.
    #[must_use]
    pub fn floor_spans(&self) -> &[[u64; 2]] {
        &self.floor_spans
    }

    /// Where the floor's falls happen (ms, from and to): of [`Self::floor_spans`], each
    /// that holds a fall's time (a fall with none marks its tick alone).
    pub fn floor_falls(&self) -> impl Iterator<Item = [u64; 2]> + '_ {
        self.floor_problems
            .iter()
            .filter(|p| p.code == crate::robot::codes::FALLS && p.severity != Severity::Info)
            .filter_map(|p| p.time_ms)
            .map(|t| {
                // The fall's own span (from it to where the robot is up again) is the
                // longest that starts there; a slip's may start there too.
                self.floor_spans
                    .iter()
                    .copied()
                    .filter(|&[from, _]| from == t)
                    .max_by_key(|&[_, to]| to)
                    .or_else(|| {
                        self.floor_spans
                            .iter()
                            .copied()
                            .find(|&[from, to]| from <= t && t <= to)
                    })
                    .unwrap_or([t, t + crate::robot::timing::TICK_MS])
            })
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
        let times = edit.changes_times();
        let inverse = edit.apply_to(&mut self.motion, &mut self.file_problems);
        // The cells that changed, read from the inverse: an edit that sets a value to what it
        // was (a pose drag sets every joint each frame) leaves that cell out of the inverse,
        // and what is kept of the curves stays as it is there.
        let cells = inverse.value_cells(self.motion.keyframes.joint_count());
        self.history.record(label, Step::Motion(inverse));
        self.refresh_summary(cells.as_deref());
        let size = self.motion.keyframes.len() * self.motion.keyframes.joint_count().max(1);
        if header || !self.history.in_gesture() || size <= LIVE_CHECK_CELLS {
            self.recheck();
        } else if times || cells.is_none() {
            self.refresh_times();
        } else {
            // A drag of values on a long motion: the times stay, the checks wait for its end.
            self.bump(cells.as_deref());
        }
    }

    /// A new revision; `cells`: the values the change set, when it set nothing else.
    fn bump(&mut self, cells: Option<&[(usize, usize)]>) {
        let before = self.revision;
        self.revision = REVISIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.changes.record(before, self.revision, cells);
    }

    /// What the last changes touched.
    #[must_use]
    pub fn changes(&self) -> &super::Changes {
        &self.changes
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
        self.bump(None);
        self.times_ms = crate::robot::timing::keyframe_times_ms(&self.motion.keyframes);
    }

    /// Whether a gesture is open (a drag under way).
    #[must_use]
    pub fn in_gesture(&self) -> bool {
        self.history.in_gesture()
    }

    /// Opens a gesture: every edit until [`Document::end_gesture`] is one undo step.
    pub fn begin_gesture(&mut self, label: &str) {
        self.history.begin_gesture(label);
    }

    /// Closes the gesture under a new name (what it changed, known as it ends).
    pub fn end_gesture_as(&mut self, label: &str) {
        self.history.rename_gesture(label);
        self.end_gesture();
    }

    /// Closes the gesture.
    pub fn end_gesture(&mut self) {
        self.history.end_gesture();
        self.recheck();
    }

    /// Closes the gesture and takes back what it changed, leaving no undo step.
    pub fn cancel_gesture(&mut self) {
        let Some(back) = self.history.cancel_gesture() else {
            return;
        };
        let touches_motion = back.touches_motion();
        let _again = back.apply(&mut self.motion, &mut self.file_problems, &mut self.tracks);
        if touches_motion {
            self.refresh_summary(None);
            self.recheck();
        }
    }

    /// Undoes the last step (of the motion or its tracks); returns its label.
    pub fn undo(&mut self) -> Option<String> {
        self.history.end_gesture();
        let next = self.history.next_undo().cloned();
        let (motion, file_problems, tracks) =
            (&mut self.motion, &mut self.file_problems, &mut self.tracks);
        let label = self
            .history
            .undo_with(|step| step.apply(motion, file_problems, tracks));
        self.after_step(next.as_ref());
        label
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let next = self.history.next_redo().cloned();
        let (motion, file_problems, tracks) =
            (&mut self.motion, &mut self.file_problems, &mut self.tracks);
        let label = self
            .history
            .redo_with(|step| step.apply(motion, file_problems, tracks));
        self.after_step(next.as_ref());
        label
    }

    /// Brings what follows the motion up to date after `step` was undone or redone (nothing
    /// when it changed only the tracks).
    fn after_step(&mut self, step: Option<&Step>) {
        if step.is_some_and(Step::touches_motion) {
            let joints = self.motion.keyframes.joint_count();
            let cells = step.and_then(|s| s.value_cells(joints));
            self.refresh_summary(cells.as_deref());
            self.recheck();
        }
    }

    /// Runs the checks again (after an edit).
    fn recheck(&mut self) {
        self.refresh_times();
        let offsets = mtn::offsets(&self.motion).unwrap_or_default();
        self.problems = check_problems(&self.motion, &offsets, &self.file_problems);
        self.merge_floor_problems();
        self.marks = safety_marks(&self.motion);
        self.marks
            .fold_notes(&self.problems, self.motion.keyframes.len());
        self.marks_revision = REVISIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
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
            self.apply("repair", Edit::Group(edits));
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
