//! A motion's sound and LED tracks, as the motion's document holds them: the part on each
//! track (a sound, an LED pattern) and where it starts, the motion's markers, what the skit
//! file beside the motion says of them, and which edit of the LED pattern its own file
//! holds. Putting a part on a track, moving it, taking it off, editing the LED pattern's
//! notes and adding, moving, naming or deleting a marker are steps of the document's one
//! history ([`super::Document`]): each keeps the tracks as they were ([`Snapshot`]; the
//! parts' samples are shared, not copied).

use crate::behaviour::led_edit::{self, LedEdit};
use crate::behaviour::skit::{Marker, TrackRef};
use crate::behaviour::{Data, Part, Track};
use std::sync::Arc;

/// A change to a motion's tracks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrackEdit {
    /// A track placed at an offset (ms on the motion's axis).
    SetOffset(Track, i64),
    /// A track taken off.
    Remove(Track),
    /// An edit of the LED pattern's notes.
    Led(LedEdit),
    /// A marker added.
    AddMarker(Marker),
    /// Marker `index` moved to a time (ms).
    MoveMarker(usize, u64),
    /// Marker `index` named anew.
    RenameMarker(usize, String),
    /// Marker `index` deleted.
    DeleteMarker(usize),
}

impl TrackEdit {
    /// The undo step's label (the LED edit's own, with the note it changes).
    #[must_use]
    pub fn label(&self, tracks: &Tracks) -> String {
        match *self {
            Self::SetOffset(..) => "track move".to_owned(),
            Self::Remove(track) => format!("{} track removal", track.name()),
            Self::AddMarker(_) => "marker added".to_owned(),
            Self::MoveMarker(..) => "marker move".to_owned(),
            Self::RenameMarker(..) => "marker name".to_owned(),
            Self::DeleteMarker(_) => "marker deletion".to_owned(),
            Self::Led(edit) => {
                let before = match (edit, tracks.pattern()) {
                    (LedEdit::Set { index, .. } | LedEdit::Delete(index), Some(p)) => {
                        p.notes.get(index)
                    }
                    _ => None,
                };
                edit.label(before).to_owned()
            }
        }
    }
}

/// What a change to the tracks did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Whether it changed anything (a change that did not leaves no undo step).
    pub changed: bool,
    /// What to say.
    pub said: Option<String>,
    /// The LED note selected after it (where a moved or added note went).
    pub selected: Option<usize>,
}

/// What the tracks hold, as an undo step keeps it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    sound: Option<Part>,
    led: Option<Part>,
    led_revision: u64,
    markers: Vec<Marker>,
}

/// What the skit says of the tracks: the parts it refers to and the markers (also what a
/// recovery copy keeps of them).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SkitRefs {
    /// The sound track's part.
    #[serde(default)]
    pub sound: Option<TrackRef>,
    /// The LED track's part.
    #[serde(default)]
    pub led: Option<TrackRef>,
    /// The markers, in time order.
    #[serde(default)]
    pub markers: Vec<Marker>,
}

/// A motion's tracks.
#[derive(Clone, Debug, Default)]
pub struct Tracks {
    /// The sound track's part.
    pub sound: Option<Part>,
    /// The LED track's part.
    pub led: Option<Part>,
    /// Tracks whose part is being read in the background.
    pub loading: Vec<Track>,
    /// The markers, in time order.
    markers: Vec<Marker>,
    /// Which edit of the LED pattern it holds (0: as read).
    led_revision: u64,
    /// The revision the LED file (or entry) on disk holds.
    led_saved: u64,
    /// The last revision given out.
    revisions: u64,
    /// What the skit on disk says of the tracks.
    on_disk: SkitRefs,
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

    /// The LED pattern on the LED track, if there is one.
    #[must_use]
    pub fn pattern(&self) -> Option<&crate::codec::sound::led::LedPattern> {
        match self.led.as_ref().map(|p| &p.data) {
            Some(Data::Led { pattern, .. }) => Some(pattern),
            _ => None,
        }
    }

    /// The markers, in time order.
    #[must_use]
    pub fn markers(&self) -> &[Marker] {
        &self.markers
    }

    /// A name no marker has yet: "Marker N".
    #[must_use]
    pub fn free_marker_name(&self) -> String {
        (1..)
            .map(|n| format!("Marker {n}"))
            .find(|name| self.markers.iter().all(|m| &m.name != name))
            .unwrap_or_default()
    }

    /// Whether there is nothing to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sound.is_none() && self.led.is_none() && self.loading.is_empty()
    }

    /// The tracks as an undo step keeps them.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            sound: self.sound.clone(),
            led: self.led.clone(),
            led_revision: self.led_revision,
            markers: self.markers.clone(),
        }
    }

    /// Puts `snapshot` back; returns what was there (the step that puts it back again).
    pub fn restore(&mut self, snapshot: Snapshot) -> Snapshot {
        let now = self.snapshot();
        self.sound = snapshot.sound;
        self.led = snapshot.led;
        self.led_revision = snapshot.led_revision;
        self.markers = snapshot.markers;
        now
    }

    /// Puts a part read in the background on its track (a fresh LED pattern is what its
    /// file holds).
    pub fn put(&mut self, part: Part) {
        let track = part.track();
        if track == Track::Led {
            self.revisions += 1;
            self.led_revision = self.revisions;
            self.led_saved = self.led_revision;
        }
        *self.slot(track) = Some(part);
    }

    /// Makes a change.
    pub fn apply(&mut self, edit: TrackEdit) -> Applied {
        match edit {
            TrackEdit::SetOffset(track, offset_ms) => Applied {
                changed: match self.slot(track) {
                    Some(part) if part.offset_ms != offset_ms => {
                        part.offset_ms = offset_ms;
                        true
                    }
                    _ => false,
                },
                ..Applied::default()
            },
            TrackEdit::Remove(track) => {
                let changed = self.slot(track).take().is_some();
                Applied {
                    changed,
                    said: changed.then(|| {
                        format!("Took the {} track off (Ctrl+Z puts it back)", track.name())
                    }),
                    selected: None,
                }
            }
            TrackEdit::Led(edit) => self.edit_led(edit),
            TrackEdit::AddMarker(marker) => {
                let said = format!("Added {} at {} ms", marker.name, marker.time_ms);
                let at = self
                    .markers
                    .partition_point(|m| m.time_ms <= marker.time_ms);
                self.markers.insert(at, marker);
                Applied {
                    changed: true,
                    said: Some(said),
                    selected: None,
                }
            }
            TrackEdit::MoveMarker(index, time_ms) => {
                let changed = match self.markers.get(index) {
                    Some(m) if m.time_ms != time_ms => {
                        let mut marker = self.markers.remove(index);
                        marker.time_ms = time_ms;
                        let at = self.markers.partition_point(|m| m.time_ms <= time_ms);
                        self.markers.insert(at, marker);
                        true
                    }
                    _ => false,
                };
                Applied {
                    changed,
                    ..Applied::default()
                }
            }
            TrackEdit::RenameMarker(index, name) => {
                let changed = match self.markers.get_mut(index) {
                    Some(m) if m.name != name && !name.trim().is_empty() => {
                        m.name = name;
                        true
                    }
                    _ => false,
                };
                Applied {
                    changed,
                    ..Applied::default()
                }
            }
            TrackEdit::DeleteMarker(index) => {
                let removed = (index < self.markers.len()).then(|| self.markers.remove(index));
                Applied {
                    changed: removed.is_some(),
                    said: removed.map(|m| format!("Deleted {} (Ctrl+Z puts it back)", m.name)),
                    selected: None,
                }
            }
        }
    }

    fn edit_led(&mut self, edit: LedEdit) -> Applied {
        let Some(pattern) = self.pattern() else {
            return Applied {
                said: Some("There is no LED track to edit".to_owned()),
                ..Applied::default()
            };
        };
        let mut edited = pattern.clone();
        let Some(selected) = led_edit::apply(&mut edited, edit) else {
            return Applied::default();
        };
        if let Some(part) = self.led.as_mut() {
            let kept = match &part.data {
                Data::Led { lanes, .. } => Arc::clone(lanes),
                Data::Wave { .. } | Data::Midi(_) => Arc::default(),
            };
            part.data = Data::led_keeping(edited, &kept);
        }
        self.revisions += 1;
        self.led_revision = self.revisions;
        Applied {
            changed: true,
            said: None,
            selected,
        }
    }

    /// The part on `track` is what there is to keep of it (a command table pairs it): the
    /// skit is measured against it as if it said so.
    pub fn agree_on_disk(&mut self, track: Track) {
        let now = self.get(track).map(reference);
        match track {
            Track::Sound => self.on_disk.sound = now,
            Track::Led => self.on_disk.led = now,
        }
    }

    /// A restored part that could not be read: the skit on disk is no longer what the
    /// tracks are measured against for it (saving writes the skit without it).
    pub fn forget_on_disk(&mut self, track: Track) {
        match track {
            Track::Sound => self.on_disk.sound = None,
            Track::Led => self.on_disk.led = None,
        }
    }

    /// What the skit would say of the tracks now.
    #[must_use]
    pub fn references(&self) -> SkitRefs {
        SkitRefs {
            sound: self.sound.as_ref().map(reference),
            led: self.led.as_ref().map(reference),
            markers: self.markers.clone(),
        }
    }

    /// The skit on disk says what the tracks are now (it was just written).
    pub fn skit_saved(&mut self, on_disk: SkitRefs) {
        self.on_disk = on_disk;
    }

    /// The skit on disk was just read: what it says is what is saved, and its markers are
    /// the motion's (its parts come on their tracks as they are read).
    pub fn skit_read(&mut self, on_disk: SkitRefs) {
        self.markers.clone_from(&on_disk.markers);
        self.on_disk = on_disk;
    }

    /// The skit on disk says `on_disk` (it was read), and the markers are `markers`, as a
    /// recovery copy kept them before a crash.
    pub fn recovered(&mut self, on_disk: SkitRefs, markers: Vec<Marker>) {
        self.on_disk = on_disk;
        self.markers = markers;
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
