//! A motion tab's tracks and their history: putting a part on a track, moving it, taking it
//! off and editing an LED pattern's notes are undo steps of their own (a drag's moves one
//! step), interleaved with the motion's by [`crate::edit::undo_first`]. The tracks are
//! unsaved while what the skit would say differs from the skit on disk, or the LED pattern
//! was edited since it was written.

use crate::behaviour::led_edit::{self, LedEdit};
use crate::behaviour::skit::TrackRef;
use crate::behaviour::{Data, Part, Track};
use crate::edit::{History, Revert, Stamps};

/// A change to a motion's tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackEdit {
    /// A track placed at an offset (ms on the motion's axis).
    SetOffset(Track, i64),
    /// A track taken off.
    Remove(Track),
    /// An edit of the LED pattern's notes.
    Led(LedEdit),
    /// A drag of a track begins: its moves are one step.
    BeginGesture,
    /// The drag ends.
    EndGesture,
    /// The LED note selected (None: none).
    SelectLed(Option<usize>),
}

/// What the tracks hold, as an undo step keeps it (the parts' samples are shared, not
/// copied; an LED pattern is a few kilobytes).
#[derive(Clone, Debug)]
pub struct Snapshot {
    sound: Option<Part>,
    led: Option<Part>,
    led_revision: u64,
}

impl Revert for Snapshot {
    fn is_noop(&self) -> bool {
        false
    }

    /// A gesture's snapshots, newest first, end at the oldest: the tracks before it.
    fn group(newest_first: Vec<Self>) -> Option<Self> {
        newest_first.into_iter().last()
    }
}

/// A motion tab's tracks.
#[derive(Clone, Debug, Default)]
pub struct Tracks {
    /// The sound track's part.
    pub sound: Option<Part>,
    /// The LED track's part.
    pub led: Option<Part>,
    /// Tracks whose part is being read in the background.
    pub loading: Vec<Track>,
    /// Draw the waveform from every sample in each column rather than the pyramid (the
    /// frame bench's baseline).
    pub naive_waveform: bool,
    /// The LED note selected (its index in the pattern's notes).
    pub selected_led: Option<usize>,
    /// The MIDI sound's samples, rendered, with the part they are of (kept outside the
    /// undo steps: a step taken back never brings back another SoundFont's rendering).
    pub rendered: Option<(
        crate::behaviour::Source,
        std::sync::Arc<crate::behaviour::synth::Rendered>,
    )>,
    history: History<Snapshot>,
    /// Which edit of the LED pattern it holds (0: as read).
    led_revision: u64,
    /// The revision the LED file (or entry) on disk holds.
    led_saved: u64,
    /// The last revision given out.
    revisions: u64,
    /// What the skit on disk says of the tracks (sound, LED).
    on_disk: (Option<TrackRef>, Option<TrackRef>),
}

/// A part as the skit refers to it.
fn reference(part: &Part) -> TrackRef {
    TrackRef {
        path: part.source.path.clone(),
        entry: part.source.entry.clone(),
        offset_ms: part.offset_ms,
    }
}

impl Tracks {
    /// The part on `track`.
    #[must_use]
    pub fn get(&self, track: Track) -> Option<&Part> {
        match track {
            Track::Sound => self.sound.as_ref(),
            Track::Led => self.led.as_ref(),
        }
    }

    fn slot(&mut self, track: Track) -> &mut Option<Part> {
        match track {
            Track::Sound => &mut self.sound,
            Track::Led => &mut self.led,
        }
    }

    /// Whether there is nothing to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sound.is_none() && self.led.is_none() && self.loading.is_empty()
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            sound: self.sound.clone(),
            led: self.led.clone(),
            led_revision: self.led_revision,
        }
    }

    /// Makes a change as an undo step called `label` (part of the open drag, if one is).
    /// `change` says whether it changed anything.
    fn change(&mut self, label: &str, change: impl FnOnce(&mut Self) -> bool) -> bool {
        let before = self.snapshot();
        let changed = change(self);
        if changed {
            self.history.record(label, before);
        }
        changed
    }

    /// Puts a part read in the background on its track: an undo step when the user asked
    /// for it, none when a skit restored it (it is what the skit on disk says).
    pub fn put(&mut self, part: Part, undoable: bool) {
        let track = part.track();
        let place = |tracks: &mut Self| {
            if track == Track::Led {
                tracks.revisions += 1;
                tracks.led_revision = tracks.revisions;
                tracks.led_saved = tracks.led_revision;
                tracks.selected_led = None;
            }
            *tracks.slot(track) = Some(part);
            true
        };
        if undoable {
            self.change(&format!("{} track", track.name()), place);
        } else {
            place(self);
        }
    }

    /// The part on `track` is what there is to keep of it (a command table pairs it): the
    /// skit is measured against it as if it said so.
    pub fn agree_on_disk(&mut self, track: Track) {
        let now = self.get(track).map(reference);
        match track {
            Track::Sound => self.on_disk.0 = now,
            Track::Led => self.on_disk.1 = now,
        }
    }

    /// A restored part that could not be read: the skit on disk is no longer what the
    /// tracks are measured against for it (saving writes the skit without it).
    pub fn forget_on_disk(&mut self, track: Track) {
        match track {
            Track::Sound => self.on_disk.0 = None,
            Track::Led => self.on_disk.1 = None,
        }
    }

    /// Applies a change; returns what to say, if anything.
    pub fn apply(&mut self, edit: TrackEdit) -> Option<String> {
        match edit {
            TrackEdit::SetOffset(track, offset_ms) => {
                self.change("track move", |t| match t.slot(track) {
                    Some(part) if part.offset_ms != offset_ms => {
                        part.offset_ms = offset_ms;
                        true
                    }
                    _ => false,
                });
            }
            TrackEdit::Remove(track) => {
                let label = format!("{} track removal", track.name());
                if self.change(&label, |t| t.slot(track).take().is_some()) {
                    if track == Track::Led {
                        self.selected_led = None;
                    }
                    return Some(format!(
                        "Took the {} track off (Ctrl+Z puts it back)",
                        track.name()
                    ));
                }
            }
            TrackEdit::Led(edit) => return self.edit_led(edit),
            TrackEdit::BeginGesture => self.history.begin_gesture("track move"),
            TrackEdit::EndGesture => self.history.end_gesture(),
            TrackEdit::SelectLed(index) => self.selected_led = index,
        }
        None
    }

    fn edit_led(&mut self, edit: LedEdit) -> Option<String> {
        let Some(Data::Led { pattern, .. }) = self.led.as_ref().map(|p| &p.data) else {
            return Some("There is no LED track to edit".to_owned());
        };
        let before = match edit {
            LedEdit::Set { index, .. } | LedEdit::Delete(index) => pattern.notes.get(index),
            LedEdit::Add(_) => None,
        };
        let label = edit.label(before);
        let mut selected = None;
        self.change(label, |t| {
            let Some(Data::Led { pattern, .. }) = t.led.as_mut().map(|p| &mut p.data) else {
                return false;
            };
            let mut edited = pattern.clone();
            let Some(at) = led_edit::apply(&mut edited, edit) else {
                return false;
            };
            selected = at;
            if let Some(part) = t.led.as_mut() {
                part.data = Data::led(edited);
            }
            t.revisions += 1;
            t.led_revision = t.revisions;
            true
        });
        self.selected_led = selected;
        None
    }

    /// Undoes the last step of the tracks' history; returns its label.
    pub fn undo(&mut self) -> Option<String> {
        let mut now = self.snapshot();
        let label = self
            .history
            .undo_with(|back| std::mem::replace(&mut now, back))?;
        self.restore(now);
        Some(label)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Option<String> {
        let mut now = self.snapshot();
        let label = self
            .history
            .redo_with(|again| std::mem::replace(&mut now, again))?;
        self.restore(now);
        Some(label)
    }

    fn restore(&mut self, snapshot: Snapshot) {
        self.sound = snapshot.sound;
        self.led = snapshot.led;
        self.led_revision = snapshot.led_revision;
        self.selected_led = None;
    }

    /// The undo history (read it; change the tracks through [`Tracks::apply`]).
    #[must_use]
    pub fn history(&self) -> &History<Snapshot> {
        &self.history
    }

    /// When the history's newest steps were taken.
    #[must_use]
    pub fn stamps(&self) -> Stamps {
        self.history.stamps()
    }

    /// What the skit would say of the tracks now (sound, LED).
    #[must_use]
    pub fn references(&self) -> (Option<TrackRef>, Option<TrackRef>) {
        (
            self.sound.as_ref().map(reference),
            self.led.as_ref().map(reference),
        )
    }

    /// The skit on disk says what the tracks are now (it was just read or written).
    pub fn skit_saved(&mut self, on_disk: (Option<TrackRef>, Option<TrackRef>)) {
        self.on_disk = on_disk;
    }

    /// Whether the skit on disk differs from the tracks (once every part is read).
    #[must_use]
    pub fn skit_dirty(&self) -> bool {
        self.loading.is_empty() && self.references() != self.on_disk
    }

    /// Whether the LED pattern was edited since its file (or entry) was written.
    #[must_use]
    pub fn led_dirty(&self) -> bool {
        self.led.is_some() && self.led_revision != self.led_saved
    }

    /// The LED pattern on the track was written to its file.
    pub fn led_written(&mut self) {
        self.led_saved = self.led_revision;
    }

    /// Whether anything of the tracks is unsaved.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.skit_dirty() || self.led_dirty()
    }
}
