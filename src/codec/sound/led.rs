//! LED patterns: Standard MIDI Files whose notes switch the robot's lights
//! (`docs/formats/sound-and-led.md#led-patterns`). Format 0, one track, channel 1, a note-off
//! written as a note-on of velocity 0; velocity is the brightness (inferred). Sony's files take
//! 480 ticks a quarter at 256,005 us a quarter, so every event falls on the robot's 8 ms tick
//! (15 ticks).
//!
//! Which note lights which light is the inferred table of
//! `docs/formats/sound-and-led.md#which-note-lights-which-light` ([`light_name`]): the groups
//! are certain, the order within a group less so, and the window says so.

use super::SoundError;
use super::midi::{self, MidiFile, Note, TempoChange};
use midly::num::{u4, u7, u15, u24, u28};
use midly::{Format, Header, MetaMessage, MidiMessage, Smf, Timing, TrackEvent, TrackEventKind};

/// Ticks a quarter note in Sony's LED files.
pub const SONY_TICKS_PER_QUARTER: u16 = 480;
/// Microseconds a quarter note in Sony's LED files.
pub const SONY_TEMPO_US: u32 = 256_005;

/// The ERS-7 light a note switches, as inferred in
/// `docs/formats/sound-and-led.md#which-note-lights-which-light`, or None for a note it does
/// not name.
#[must_use]
pub fn light_name(key: u8) -> Option<String> {
    Some(match key {
        48..=61 => format!("face A{}", key - 47),
        24..=37 => format!("face B{}", key - 23),
        84 => "back front colour".to_owned(),
        85 => "back front white".to_owned(),
        86 => "back middle colour".to_owned(),
        87 => "back middle white".to_owned(),
        88 => "back rear colour".to_owned(),
        89 => "back rear white".to_owned(),
        72 => "mode red".to_owned(),
        73 => "mode green".to_owned(),
        74 => "mode blue".to_owned(),
        75 => "wireless".to_owned(),
        82 => "head".to_owned(),
        _ => return None,
    })
}

/// A lane's label: the light's name, else "note N".
#[must_use]
pub fn lane_label(key: u8) -> String {
    light_name(key).unwrap_or_else(|| format!("note {key}"))
}

/// One light on for a while: a MIDI note (its key is the light, [`light_name`]; its
/// velocity the brightness, 1-127).
pub type LedNote = Note;

/// An LED pattern: which light is on when, and how bright.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedPattern {
    /// Ticks per quarter note.
    pub ticks_per_quarter: u16,
    /// The tempo changes (Sony's files have one, at tick 0).
    pub tempo_changes: Vec<TempoChange>,
    /// The text events kept from the file ("MODEL=7").
    pub texts: Vec<String>,
    /// The lit notes, ordered by start then key.
    pub notes: Vec<LedNote>,
    /// The pattern's end (ticks): its last event, at least the last note's end.
    pub end_tick: u64,
}

impl Default for LedPattern {
    /// An empty pattern timed as Sony's.
    fn default() -> Self {
        Self {
            ticks_per_quarter: SONY_TICKS_PER_QUARTER,
            tempo_changes: vec![TempoChange {
                tick: 0,
                us_per_quarter: SONY_TEMPO_US,
            }],
            texts: Vec::new(),
            notes: Vec::new(),
            end_tick: 0,
        }
    }
}

impl LedPattern {
    /// The pattern of a MIDI file's notes (every channel; Sony's use channel 1 only).
    #[must_use]
    pub fn from_midi(file: &MidiFile) -> Self {
        let notes = file.notes.clone();
        let mut pattern = Self {
            ticks_per_quarter: file.ticks_per_quarter,
            tempo_changes: file.tempo_changes.clone(),
            texts: file.texts.clone(),
            notes,
            end_tick: file.end_tick,
        };
        pattern.normalise();
        pattern
    }

    /// The time of `tick` in milliseconds.
    #[must_use]
    pub fn ms_at(&self, tick: u64) -> f64 {
        midi::ms_at(&self.tempo_changes, self.ticks_per_quarter, tick)
    }

    /// The tick nearest `ms` milliseconds.
    #[must_use]
    pub fn tick_at(&self, ms: f64) -> u64 {
        midi::tick_at(&self.tempo_changes, self.ticks_per_quarter, ms)
    }

    /// The pattern's length in milliseconds.
    #[must_use]
    pub fn duration_ms(&self) -> f64 {
        self.ms_at(self.end_tick)
    }

    /// The lights it uses, lowest note first, each with how long it is on in all (ms).
    #[must_use]
    pub fn lights_used(&self) -> Vec<(u8, f64)> {
        let mut used: Vec<(u8, f64)> = Vec::new();
        for note in &self.notes {
            let on = self.ms_at(note.end_tick) - self.ms_at(note.start_tick);
            match used.iter_mut().find(|(key, _)| *key == note.key) {
                Some(slot) => slot.1 += on,
                None => used.push((note.key, on)),
            }
        }
        used.sort_by_key(|(key, _)| *key);
        used
    }

    /// The notes in order (by start, then key), as MIDI can hold them: a light's note that
    /// starts while the same light is still on ends the earlier one there (as reading a file
    /// does), empty notes go, and the end stays past the last note.
    pub fn normalise(&mut self) {
        self.notes.retain(|n| n.end_tick > n.start_tick);
        self.notes
            .sort_by_key(|n| (n.start_tick, n.key, n.channel, n.end_tick));
        let mut open: std::collections::HashMap<(u8, u8), usize> = std::collections::HashMap::new();
        for i in 0..self.notes.len() {
            let note = self.notes[i];
            if let Some(&earlier) = open.get(&(note.channel, note.key))
                && self.notes[earlier].end_tick > note.start_tick
            {
                self.notes[earlier].end_tick = note.start_tick;
            }
            open.insert((note.channel, note.key), i);
        }
        self.notes.retain(|n| n.end_tick > n.start_tick);
        let last = self.notes.iter().map(|n| n.end_tick).max().unwrap_or(0);
        self.end_tick = self.end_tick.max(last);
    }

    /// The pattern as a Standard MIDI File in Sony's layout: format 0, one track, channel 1,
    /// note-offs as note-ons of velocity 0.
    ///
    /// # Errors
    /// A time, key, velocity or tempo does not fit MIDI's fields.
    pub fn write(&self) -> Result<Vec<u8>, SoundError> {
        let bad = |what: &str| SoundError::LedWrite(what.to_owned());
        // (tick, order, event): note-offs before note-ons at the same tick, so a light that
        // goes off and on again at one tick stays on.
        let mut timed: Vec<(u64, u8, TrackEventKind<'_>)> = Vec::new();
        for change in &self.tempo_changes {
            let tempo = u24::try_from(change.us_per_quarter).ok_or_else(|| bad("a tempo"))?;
            timed.push((
                change.tick,
                0,
                TrackEventKind::Meta(MetaMessage::Tempo(tempo)),
            ));
        }
        for text in &self.texts {
            timed.push((
                0,
                0,
                TrackEventKind::Meta(MetaMessage::Text(text.as_bytes())),
            ));
        }
        for note in &self.notes {
            let key = u7::try_from(note.key).ok_or_else(|| bad("a note number over 127"))?;
            let vel =
                u7::try_from(note.velocity.max(1)).ok_or_else(|| bad("a brightness over 127"))?;
            let channel = u4::try_from(note.channel).ok_or_else(|| bad("a channel over 16"))?;
            timed.push((
                note.start_tick,
                2,
                TrackEventKind::Midi {
                    channel,
                    message: MidiMessage::NoteOn { key, vel },
                },
            ));
            timed.push((
                note.end_tick.max(note.start_tick + 1),
                1,
                TrackEventKind::Midi {
                    channel,
                    message: MidiMessage::NoteOn {
                        key,
                        vel: u7::new(0),
                    },
                },
            ));
        }
        timed.sort_by_key(|(tick, order, _)| (*tick, *order));
        let mut track = Vec::with_capacity(timed.len() + 1);
        let mut at = 0u64;
        for (tick, _, kind) in timed {
            let delta = u28::try_from(u32::try_from(tick - at).map_err(|_| bad("a gap"))?)
                .ok_or_else(|| bad("a gap between events too long for MIDI"))?;
            track.push(TrackEvent { delta, kind });
            at = tick;
        }
        let tail = u32::try_from(self.end_tick.saturating_sub(at)).map_err(|_| bad("the end"))?;
        track.push(TrackEvent {
            delta: u28::try_from(tail).ok_or_else(|| bad("the end too far from the last event"))?,
            kind: TrackEventKind::Meta(MetaMessage::EndOfTrack),
        });
        let timing = Timing::Metrical(
            u15::try_from(self.ticks_per_quarter).ok_or_else(|| bad("ticks per quarter"))?,
        );
        let mut smf = Smf::new(Header::new(Format::SingleTrack, timing));
        smf.tracks.push(track);
        let mut out = Vec::new();
        smf.write_std(&mut out)
            .map_err(|e| SoundError::LedWrite(e.to_string()))?;
        Ok(out)
    }
}

/// Reads an LED pattern.
///
/// # Errors
/// As [`midi::read`].
pub fn read(bytes: &[u8]) -> Result<LedPattern, SoundError> {
    midi::read(bytes).map(|file| LedPattern::from_midi(&file))
}
