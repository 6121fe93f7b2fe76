//! An archive as a place to work in: every entry with what an animator sorts and filters by
//! (kind, servo group, start and end posture, model, keyframes, duration, problems), and the
//! query that picks and orders the rows a browser shows. Plain data, no egui.

use super::error::DocumentError;
use crate::codec::Severity;
use crate::codec::mtn::Motion;
use crate::codec::oda::{Archive, Contents, EntryKind};
use crate::robot::check::decode_checked;
use crate::robot::chunk_name;
use std::path::{Path, PathBuf};

/// What an archive's motion entry is, read once when the archive is opened.
#[derive(Clone, Debug, PartialEq)]
pub struct MotionFacts {
    /// The servo group (`a` whole body, `h` head, ...), from the name.
    pub group: Option<char>,
    /// The start posture, from the name.
    pub start: String,
    /// The end posture, from the name.
    pub end: String,
    /// The design label.
    pub design: String,
    /// The model's name, when the label names one.
    pub model: Option<&'static str>,
    /// How many keyframes.
    pub keyframes: usize,
    /// How long it plays, ms.
    pub duration_ms: u64,
    /// The file's warnings and errors (notes do not count, as in `check`).
    pub problems: usize,
    /// The most severe of them.
    pub worst: Option<Severity>,
    /// The floor's warnings and errors as `check` judges them (simulated where the model
    /// has a simulation), once worked out ([`judge_floor`]).
    pub floor: Option<Vec<crate::codec::Problem>>,
}

impl MotionFacts {
    /// Warnings and errors, the floor's among them once judged.
    #[must_use]
    pub fn counted(&self) -> usize {
        self.problems + self.floor.as_ref().map_or(0, Vec::len)
    }

    /// The most severe of them.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        let floor = self.floor.iter().flatten().map(|p| p.severity).max();
        self.worst.max(floor)
    }
}

/// One entry of the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRow {
    /// Its place in the archive.
    pub index: usize,
    /// The entry's name.
    pub name: String,
    /// What it holds.
    pub kind: EntryKind,
    /// Real data, empty, a placeholder or all zeros.
    pub contents: Contents,
    /// For a motion that reads: what it is.
    pub motion: Option<MotionFacts>,
    /// For a motion that does not read: why.
    pub error: Option<String>,
}

impl EntryRow {
    /// Whether the entry is a motion that can be opened (an entry opens as every file
    /// does, [`crate::open::entry_opening`]: its motions, read).
    #[must_use]
    pub fn opens(&self) -> bool {
        crate::open::entry_opening(self.kind) == crate::open::Opening::Motion
            && self.motion.is_some()
    }

    /// A word for the kind, as the browser's Kind column shows it.
    #[must_use]
    pub fn kind_label(&self) -> &'static str {
        match (self.kind, self.contents) {
            (_, Contents::Placeholder) => "placeholder",
            (_, Contents::Empty) => "empty",
            (_, Contents::AllZero) => "all zeros",
            (_, Contents::Blank) => "empty slot",
            (_, Contents::TeachingSlot) => "empty teaching slot",
            (EntryKind::Motion, _) => "motion",
            (EntryKind::Wave, _) => "sound",
            (EntryKind::Midi, _) => "MIDI",
            (EntryKind::Led, _) => "LED",
            (EntryKind::Synth, _) => "synth",
            (EntryKind::State, _) => "state",
            (EntryKind::Other, _) => "other",
        }
    }
}

/// The archive's entries, as read from disk.
#[derive(Clone, Debug)]
pub struct ArchiveIndex {
    /// The archive.
    pub path: PathBuf,
    /// The archive as read (to open and preview its motions).
    pub archive: Archive,
    /// One row per entry, in archive order.
    pub rows: Vec<EntryRow>,
}

fn facts(name: &str, motion: &Motion, problems: &[crate::codec::Problem]) -> MotionFacts {
    let parsed = chunk_name::parse(name).or_else(|| chunk_name::parse(&motion.name));
    let (group, start, end) = parsed.map_or((None, String::new(), String::new()), |c| {
        (c.servos, c.start, c.end)
    });
    let counted = problems.iter().filter(|p| p.severity >= Severity::Warning);
    MotionFacts {
        group,
        start,
        end,
        design: motion.design.clone(),
        model: crate::robot::parse_design(&motion.design).map(|d| d.model.name()),
        keyframes: motion.keyframes.len(),
        duration_ms: crate::robot::timing::duration_ms(&motion.keyframes),
        problems: counted.clone().count(),
        worst: counted.map(|p| p.severity).max(),
        floor: None,
    }
}

impl ArchiveIndex {
    /// Reads an archive and every motion in it.
    ///
    /// # Errors
    /// The file cannot be read or is not an archive.
    pub fn open(path: &Path) -> Result<Self, DocumentError> {
        let data = std::fs::read(path).map_err(|source| DocumentError::Read {
            path: path.to_owned(),
            source,
        })?;
        let archive = Archive::read(&data).map_err(|source| DocumentError::Decode {
            path: path.to_owned(),
            source,
        })?;
        Ok(Self::from_archive(path, archive))
    }

    /// The index of an archive already read.
    #[must_use]
    pub fn from_archive(path: &Path, archive: Archive) -> Self {
        let rows = archive
            .entries
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let name = entry.name();
                let contents = entry.contents_state();
                let mut row = EntryRow {
                    index,
                    name,
                    kind: entry.kind(),
                    contents,
                    motion: None,
                    error: None,
                };
                if row.kind == EntryKind::Motion && contents == Contents::Data {
                    match entry.contents().and_then(|bytes| decode_checked(&bytes)) {
                        Ok(decoded) => {
                            row.motion = Some(facts(&row.name, &decoded.motion, &decoded.problems));
                        }
                        Err(error) => row.error = Some(error.to_string()),
                    }
                }
                row
            })
            .collect();
        Self {
            path: path.to_owned(),
            archive,
            rows,
        }
    }

    /// The motion of a row and its problems, read afresh (for a preview).
    #[must_use]
    pub fn motion(&self, row: usize) -> Option<(Motion, Vec<crate::codec::Problem>)> {
        let entry = self.archive.entries.get(self.rows.get(row)?.index)?;
        let decoded = decode_checked(&entry.contents().ok()?).ok()?;
        Some((decoded.motion, decoded.problems))
    }

    /// The distinct values of a column among the motions, sorted, for a filter's choices
    /// (postures: every start and end posture).
    #[must_use]
    pub fn choices(&self, column: Column) -> Vec<String> {
        let mut values: Vec<String> = self
            .rows
            .iter()
            .filter_map(|row| row.motion.as_ref())
            .flat_map(|f| match column {
                Column::Group => f.group.map(String::from).into_iter().collect(),
                Column::Model => f.model.map(str::to_owned).into_iter().collect(),
                Column::Start | Column::End => vec![f.start.clone(), f.end.clone()],
                Column::Order
                | Column::Name
                | Column::Kind
                | Column::Keyframes
                | Column::Duration
                | Column::Problems => Vec::new(),
            })
            .filter(|v| !v.is_empty())
            .collect();
        values.sort();
        values.dedup();
        values
    }

    /// The rows `query` keeps, in its order (indices into [`ArchiveIndex::rows`]).
    #[must_use]
    pub fn select(&self, query: &Query) -> Vec<usize> {
        let needle = query.search.trim().to_lowercase();
        let mut kept: Vec<usize> = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, row)| query.keeps(row, &needle))
            .map(|(i, _)| i)
            .collect();
        let rows = &self.rows;
        kept.sort_by(|&a, &b| {
            let (a, b) = (&rows[a], &rows[b]);
            let order = compare(a, b, query.sort);
            let order = if query.descending {
                order.reverse()
            } else {
                order
            };
            // Ties stay in name order, whichever way the column sorts.
            order.then_with(|| by_name(a, b))
        });
        kept
    }
}

/// Motion entries to judge on the floor: each one's row and bytes.
pub type FloorWork = Vec<(usize, Vec<u8>)>;

/// What judging found: each row's floor warnings and errors.
pub type FloorJudged = Vec<(usize, Vec<crate::codec::Problem>)>;

impl ArchiveIndex {
    /// Up to `count` motions not judged on the floor yet, from row `from` on, in archive
    /// order; and the row to go on from.
    #[must_use]
    pub fn floor_work(&self, from: usize, count: usize) -> (FloorWork, usize) {
        let mut work = Vec::new();
        let mut next = from;
        for (row, entry) in self.rows.iter().enumerate().skip(from) {
            if work.len() == count {
                break;
            }
            next = row + 1;
            if entry.motion.as_ref().is_none_or(|f| f.floor.is_some()) {
                continue;
            }
            if let Some(bytes) = self
                .archive
                .entries
                .get(entry.index)
                .and_then(|e| e.contents().ok())
            {
                work.push((row, bytes));
            }
        }
        (work, next.max(from))
    }

    /// Takes what judging found.
    pub fn floor_judged(&mut self, judged: FloorJudged) {
        for (row, problems) in judged {
            if let Some(facts) = self.rows.get_mut(row).and_then(|r| r.motion.as_mut()) {
                facts.floor = Some(problems);
            }
        }
    }

    /// How many motions are judged on the floor, of how many.
    #[must_use]
    pub fn floor_progress(&self) -> (usize, usize) {
        let motions = self.rows.iter().filter_map(|r| r.motion.as_ref());
        let judged = motions.clone().filter(|f| f.floor.is_some()).count();
        (judged, motions.count())
    }
}

/// Judges motions on the floor as `check` does (`robot::verdict::judged_floor`: simulated
/// where the model's body is measured, else the body at rest's): the warnings and errors.
/// A motion whose judging fails (a bug, caught) is said to have none rather than hold up
/// the rest.
#[must_use]
pub fn judge_floor(work: FloorWork) -> FloorJudged {
    work.into_iter()
        .map(|(row, bytes)| {
            let judged = std::panic::catch_unwind(|| {
                crate::codec::mtn::decode(&bytes).map_or_else(
                    |_| Vec::new(),
                    |decoded| {
                        crate::robot::verdict::judged_floor(
                            &decoded.motion,
                            &decoded.offsets,
                            false,
                        )
                    },
                )
            })
            .unwrap_or_default();
            let counted = judged
                .into_iter()
                .filter(|p| p.severity >= Severity::Warning)
                .collect();
            (row, counted)
        })
        .collect()
}

/// A column of the browser, to sort or filter by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Column {
    /// Archive order.
    #[default]
    Order,
    /// The entry's name.
    Name,
    /// What it holds.
    Kind,
    /// The servo group.
    Group,
    /// The start posture.
    Start,
    /// The end posture.
    End,
    /// The model.
    Model,
    /// Keyframes.
    Keyframes,
    /// Duration.
    Duration,
    /// Problems.
    Problems,
}

fn by_name(a: &EntryRow, b: &EntryRow) -> std::cmp::Ordering {
    let name = |row: &EntryRow| row.name.to_lowercase();
    name(a).cmp(&name(b)).then(a.index.cmp(&b.index))
}

/// The order of two rows by one column (ties: equal).
fn compare(a: &EntryRow, b: &EntryRow, column: Column) -> std::cmp::Ordering {
    let (fa, fb) = (a.motion.as_ref(), b.motion.as_ref());
    match column {
        Column::Order => a.index.cmp(&b.index),
        Column::Name => by_name(a, b),
        Column::Kind => a.kind_label().cmp(b.kind_label()),
        Column::Group => fa.map(|f| f.group).cmp(&fb.map(|f| f.group)),
        Column::Start => fa.map(|f| &f.start).cmp(&fb.map(|f| &f.start)),
        Column::End => fa.map(|f| &f.end).cmp(&fb.map(|f| &f.end)),
        Column::Model => fa.map(|f| f.model).cmp(&fb.map(|f| f.model)),
        Column::Keyframes => fa.map(|f| f.keyframes).cmp(&fb.map(|f| f.keyframes)),
        Column::Duration => fa.map(|f| f.duration_ms).cmp(&fb.map(|f| f.duration_ms)),
        Column::Problems => fa
            .map(MotionFacts::counted)
            .cmp(&fb.map(MotionFacts::counted)),
    }
}

/// What the browser shows: a search, filters and an order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// Text the name must contain (any case).
    pub search: String,
    /// Only this model's motions.
    pub model: Option<String>,
    /// Only this servo group.
    pub group: Option<char>,
    /// Only motions that start or end in this posture.
    pub posture: Option<String>,
    /// Only motions with problems (or that do not read).
    pub problems_only: bool,
    /// Only motions (no sounds, LED files, placeholders).
    pub motions_only: bool,
    /// The column to sort by.
    pub sort: Column,
    /// Largest first.
    pub descending: bool,
}

impl Query {
    fn keeps(&self, row: &EntryRow, needle: &str) -> bool {
        if !needle.is_empty() && !row.name.to_lowercase().contains(needle) {
            return false;
        }
        let facts = row.motion.as_ref();
        if self.motions_only && facts.is_none() && row.error.is_none() {
            return false;
        }
        if self.problems_only && row.error.is_none() && facts.is_none_or(|f| f.counted() == 0) {
            return false;
        }
        let filtered = self.model.is_some() || self.group.is_some() || self.posture.is_some();
        let Some(facts) = facts else {
            return !filtered;
        };
        self.model.as_deref().is_none_or(|m| facts.model == Some(m))
            && self.group.is_none_or(|g| facts.group == Some(g))
            && self
                .posture
                .as_deref()
                .is_none_or(|p| facts.start == p || facts.end == p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::oda::Entry;

    fn index() -> ArchiveIndex {
        let mut archive = Archive::default();
        let motion = |name: &str, keyframes: usize| {
            let mut m = crate::example::stand_to_sit();
            m.name = name.to_owned();
            while m.keyframes.len() > keyframes {
                let _ = m.keyframes.remove(m.keyframes.len() - 1);
            }
            crate::codec::mtn::encode(&m).unwrap_or_default()
        };
        for (kind, name, data) in [
            (
                EntryKind::Motion,
                "a_stand#sit_b",
                motion("a_stand#sit_b", 4),
            ),
            (
                EntryKind::Motion,
                "h_sit#sit_nod",
                motion("h_sit#sit_nod", 2),
            ),
            (EntryKind::Wave, "bark", vec![1, 2, 3]),
            (
                EntryKind::Motion,
                "a_sleep#stand_a",
                motion("a_sleep#stand_a", 3),
            ),
            (EntryKind::Motion, "broken", b"OMTN".to_vec()),
            (EntryKind::Motion, "old", b"NotOMTN ".to_vec()),
        ] {
            if let Ok(entry) = Entry::new(kind, name, data) {
                let _ = archive.add(entry);
            }
        }
        ArchiveIndex::from_archive(Path::new("x.oda"), archive)
    }

    #[test]
    fn rows_say_what_each_entry_is() {
        let index = index();
        assert_eq!(index.rows.len(), 6);
        let facts = index.rows[0]
            .motion
            .clone()
            .unwrap_or_else(|| panic!("reads"));
        assert_eq!(
            (facts.group, facts.start.as_str(), facts.end.as_str()),
            (Some('a'), "stand", "sit")
        );
        assert_eq!(facts.model, Some("ERS-7"));
        assert_eq!(facts.keyframes, 4);
        assert_eq!(index.rows[2].kind_label(), "sound");
        assert!(index.rows[4].error.is_some(), "a cut-off motion says why");
        assert_eq!(index.rows[5].kind_label(), "placeholder");
        assert_eq!(index.choices(Column::Group), vec!["a", "h"]);
        assert_eq!(index.choices(Column::Start), vec!["sit", "sleep", "stand"]);
    }

    #[test]
    fn search_filters_and_sort() {
        let index = index();
        let names = |query: &Query| -> Vec<String> {
            index
                .select(query)
                .into_iter()
                .map(|i| index.rows[i].name.clone())
                .collect()
        };
        let mut query = Query {
            search: "SIT".into(),
            ..Query::default()
        };
        assert_eq!(names(&query), vec!["a_stand#sit_b", "h_sit#sit_nod"]);
        query.search.clear();
        query.group = Some('a');
        assert_eq!(names(&query), vec!["a_stand#sit_b", "a_sleep#stand_a"]);
        query.sort = Column::Keyframes;
        assert_eq!(names(&query), vec!["a_sleep#stand_a", "a_stand#sit_b"]);
        query.descending = true;
        assert_eq!(names(&query), vec!["a_stand#sit_b", "a_sleep#stand_a"]);
        let query = Query {
            posture: Some("sleep".into()),
            ..Query::default()
        };
        assert_eq!(names(&query), vec!["a_sleep#stand_a"]);
        let query = Query {
            motions_only: true,
            sort: Column::Name,
            ..Query::default()
        };
        assert_eq!(
            names(&query),
            vec![
                "a_sleep#stand_a",
                "a_stand#sit_b",
                "broken",
                "h_sit#sit_nod"
            ]
        );
    }
}
