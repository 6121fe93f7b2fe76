//! Editing an LED pattern's notes: a light's note added, moved or stretched, given another
//! brightness, or deleted. A note placed over others of its light takes their place only
//! where it lies (one it lands inside is split around it). Each edit leaves the pattern as
//! MIDI can hold it ([`LedPattern::normalise`]) and says where the edited note went, so the
//! window can keep it selected.

use super::error::BehaviourError;
use crate::codec::sound::led::{LedNote, LedPattern};

/// One edit of an LED pattern's notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LedEdit {
    /// A note added.
    Add(LedNote),
    /// The note at an index (in the pattern's order) replaced: moved, stretched or given
    /// another brightness.
    Set {
        /// The note's index in [`LedPattern::notes`].
        index: usize,
        /// What it becomes.
        note: LedNote,
    },
    /// The note at an index deleted.
    Delete(usize),
}

impl LedEdit {
    /// What the edit is called in the Undo menu.
    #[must_use]
    pub fn label(&self, before: Option<&LedNote>) -> &'static str {
        match (self, before) {
            (Self::Add(_), _) => "LED note added",
            (Self::Delete(_), _) => "LED note deleted",
            (Self::Set { note, .. }, Some(old)) if old.velocity != note.velocity => {
                "LED brightness"
            }
            (Self::Set { note, .. }, Some(old))
                if old.end_tick - old.start_tick != note.end_tick - note.start_tick =>
            {
                "LED note length"
            }
            (Self::Set { .. }, _) => "LED note move",
        }
    }
}

/// Applies an edit to a pattern. Returns `None` when it changes nothing (an index past the
/// notes, an empty note, a note set as it was); else the edited note's index afterwards
/// (`Some(None)` for a deletion, or a note that another of the same light swallowed).
pub fn apply(pattern: &mut LedPattern, edit: LedEdit) -> Option<Option<usize>> {
    let placed = match edit {
        LedEdit::Add(note) => {
            if note.end_tick <= note.start_tick || note.key > 127 || note.velocity > 127 {
                return None;
            }
            make_room(pattern, &note, None);
            pattern.notes.push(note);
            Some(note)
        }
        LedEdit::Set { index, note } => {
            let old = pattern.notes.get(index)?;
            if *old == note || note.end_tick <= note.start_tick || note.velocity > 127 {
                return None;
            }
            let note = LedNote {
                velocity: note.velocity.max(1),
                ..note
            };
            pattern.notes[index] = note;
            make_room(pattern, &note, Some(index));
            Some(note)
        }
        LedEdit::Delete(index) => {
            if index >= pattern.notes.len() {
                return None;
            }
            pattern.notes.remove(index);
            None
        }
    };
    pattern.normalise();
    Some(placed.and_then(|note| {
        pattern
            .notes
            .iter()
            .position(|n| n.key == note.key && n.start_tick == note.start_tick)
    }))
}

/// Writes an LED pattern back where it came from: its `.mid` file, or its entry of an
/// archive (the rest of the archive as it is on disk now), atomically.
///
/// # Errors
/// The pattern does not fit MIDI, the archive cannot be read or has no such entry, or the
/// file cannot be written (the message names the file and the entry).
pub fn save(source: &super::Source, pattern: &LedPattern) -> Result<(), BehaviourError> {
    let path = || source.path.clone();
    let bytes = pattern.write().map_err(|e| BehaviourError::Sound {
        label: source.label(),
        source: e,
    })?;
    let out = match &source.entry {
        None => bytes,
        Some(entry) => {
            let data = std::fs::read(&source.path).map_err(|e| BehaviourError::Io {
                path: path(),
                source: e,
            })?;
            let mut archive =
                crate::codec::oda::Archive::read(&data).map_err(|e| BehaviourError::Archive {
                    path: path(),
                    entry: None,
                    source: e,
                })?;
            let index = archive.find(entry).ok_or_else(|| BehaviourError::NoEntry {
                path: path(),
                entry: entry.clone(),
            })?;
            archive.entries[index].set_contents(&bytes);
            archive.write().map_err(|e| BehaviourError::ArchiveWrite {
                path: path(),
                source: e,
            })?
        }
    };
    crate::fsutil::write_atomic(&source.path, &out).map_err(|e| BehaviourError::Io {
        path: path(),
        source: e,
    })
}

/// Clears the time `note` takes on its light from the pattern's other notes (all but
/// `except`): one it covers goes, one it overlaps is cut back, one it lies inside is split
/// in two around it.
fn make_room(pattern: &mut LedPattern, note: &LedNote, except: Option<usize>) {
    let mut kept = Vec::with_capacity(pattern.notes.len() + 1);
    for (i, other) in pattern.notes.iter().enumerate() {
        let same_light = other.key == note.key && other.channel == note.channel;
        let apart = other.end_tick <= note.start_tick || other.start_tick >= note.end_tick;
        if Some(i) == except || !same_light || apart {
            kept.push(*other);
            continue;
        }
        if other.start_tick < note.start_tick {
            kept.push(LedNote {
                end_tick: note.start_tick,
                ..*other
            });
        }
        if other.end_tick > note.end_tick {
            kept.push(LedNote {
                start_tick: note.end_tick,
                ..*other
            });
        }
    }
    pattern.notes = kept;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(key: u8, start_tick: u64, end_tick: u64, velocity: u8) -> LedNote {
        LedNote {
            channel: 0,
            key,
            velocity,
            start_tick,
            end_tick,
        }
    }

    fn pattern() -> LedPattern {
        let mut pattern = LedPattern {
            notes: vec![note(48, 0, 30, 127), note(49, 15, 45, 64)],
            ..LedPattern::default()
        };
        pattern.normalise();
        pattern
    }

    #[test]
    fn an_added_note_takes_its_place_in_time_order_and_lengthens_the_pattern() {
        let mut p = pattern();
        let at = apply(&mut p, LedEdit::Add(note(50, 10, 100, 90)));
        assert_eq!(at, Some(Some(1)));
        assert_eq!(p.notes[1], note(50, 10, 100, 90));
        assert_eq!(p.end_tick, 100);
        assert_eq!(apply(&mut p, LedEdit::Add(note(50, 10, 10, 90))), None);
    }

    #[test]
    fn a_note_dropped_inside_a_longer_one_splits_it_around_itself() {
        let mut p = pattern();
        p.notes.push(note(48, 100, 400, 127));
        p.notes.push(note(48, 450, 465, 30));
        p.normalise();
        let index = p.notes.iter().position(|n| n.start_tick == 450).unwrap();
        let at = apply(
            &mut p,
            LedEdit::Set {
                index,
                note: note(48, 200, 215, 30),
            },
        );
        assert_eq!(p.notes[at.unwrap().unwrap()], note(48, 200, 215, 30));
        assert!(p.notes.contains(&note(48, 100, 200, 127)), "{:?}", p.notes);
        assert!(p.notes.contains(&note(48, 215, 400, 127)), "{:?}", p.notes);
        // A note added over others of its light takes their place where it lies.
        apply(&mut p, LedEdit::Add(note(48, 150, 300, 64)));
        let a1: Vec<_> = p.notes.iter().filter(|n| n.key == 48).copied().collect();
        assert_eq!(
            a1,
            vec![
                note(48, 0, 30, 127),
                note(48, 100, 150, 127),
                note(48, 150, 300, 64),
                note(48, 300, 400, 127)
            ]
        );
    }

    #[test]
    fn a_moved_note_keeps_its_light_and_an_overlapped_one_of_that_light_is_cut() {
        let mut p = pattern();
        p.notes.push(note(48, 60, 90, 127));
        p.normalise();
        // The second A1 note moved to start inside the first: the first ends there.
        let index = p.notes.iter().position(|n| n.start_tick == 60).unwrap();
        let at = apply(
            &mut p,
            LedEdit::Set {
                index,
                note: note(48, 20, 50, 127),
            },
        );
        let moved = at.unwrap().unwrap();
        assert_eq!(p.notes[moved], note(48, 20, 50, 127));
        assert!(p.notes.contains(&note(48, 0, 20, 127)), "{:?}", p.notes);
        assert_eq!(p.notes.len(), 3);
    }

    #[test]
    fn brightness_and_deletion_and_nothing_changed() {
        let mut p = pattern();
        let before = p.notes[1];
        let dim = LedEdit::Set {
            index: 1,
            note: LedNote {
                velocity: 20,
                ..before
            },
        };
        assert_eq!(dim.label(Some(&before)), "LED brightness");
        assert_eq!(apply(&mut p, dim), Some(Some(1)));
        assert_eq!(p.notes[1].velocity, 20);
        let same = LedEdit::Set {
            index: 1,
            note: p.notes[1],
        };
        assert_eq!(apply(&mut p, same), None);
        assert_eq!(apply(&mut p, LedEdit::Delete(0)), Some(None));
        assert_eq!(p.notes.len(), 1);
        assert_eq!(apply(&mut p, LedEdit::Delete(5)), None);
        // What is written reads back as it is.
        let back = crate::codec::sound::led::read(&p.write().unwrap()).unwrap();
        assert_eq!(back.notes, p.notes);
    }
}
