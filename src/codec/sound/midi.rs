//! Standard MIDI Files, read by `midly`: the notes with their times in milliseconds (through
//! the file's tempo changes), for the piano roll, the LED lanes and `info`.
//!
//! The reader walks the events with the bytes each came from, so an error names the byte
//! where the last good event ended. Notes are paired per channel and key; a note-on for a key
//! that is already sounding ends the earlier note there (LED fades are written that way).

use super::{SoundError, is_midi};
use midly::{Format, MetaMessage, MidiMessage, Timing, TrackEventKind};

/// The tempo a file has before its first tempo event (120 beats a minute).
pub const DEFAULT_TEMPO_US: u32 = 500_000;

/// A tempo change: from `tick` on, a quarter note lasts `us_per_quarter` microseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TempoChange {
    /// Where it takes effect (ticks from the start).
    pub tick: u64,
    /// Microseconds per quarter note.
    pub us_per_quarter: u32,
}

/// A sounding note (or a lit light).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    /// Channel, 0-15 (MIDI's channel 1 is 0).
    pub channel: u8,
    /// Key (note number), 0-127.
    pub key: u8,
    /// Velocity, 1-127 (an LED's brightness).
    pub velocity: u8,
    /// Its start, in ticks.
    pub start_tick: u64,
    /// Its end, in ticks (after the start).
    pub end_tick: u64,
}

/// A MIDI file as the tracks and `info` need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MidiFile {
    /// 0 (one track), 1 (parallel tracks) or 2 (separate songs).
    pub format: u8,
    /// Ticks per quarter note.
    pub ticks_per_quarter: u16,
    /// The number of tracks.
    pub tracks: usize,
    /// The tempo changes, in time order (the first may be after tick 0).
    pub tempo_changes: Vec<TempoChange>,
    /// Every note, ordered by start.
    pub notes: Vec<Note>,
    /// The text events (LED files carry "MODEL=7" in some).
    pub texts: Vec<String>,
    /// The program (instrument) changes: (tick, channel, program), in time order.
    pub programs: Vec<(u64, u8, u8)>,
    /// The tick of the last event of the longest track.
    pub end_tick: u64,
}

impl MidiFile {
    /// The time of `tick` in milliseconds, through the tempo changes.
    #[must_use]
    pub fn ms_at(&self, tick: u64) -> f64 {
        ms_at(&self.tempo_changes, self.ticks_per_quarter, tick)
    }

    /// The file's length in milliseconds: the time of its last event.
    #[must_use]
    pub fn duration_ms(&self) -> f64 {
        self.ms_at(self.end_tick)
    }
}

/// The time of `tick` in milliseconds, for `changes` (in order) at `ticks_per_quarter`.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "ticks of a file, far under 2^52"
)]
pub fn ms_at(changes: &[TempoChange], ticks_per_quarter: u16, tick: u64) -> f64 {
    let per_quarter = f64::from(ticks_per_quarter.max(1));
    let mut us = 0.0;
    let mut from = 0u64;
    let mut tempo = DEFAULT_TEMPO_US;
    for change in changes {
        if change.tick >= tick {
            break;
        }
        us += (change.tick - from) as f64 * f64::from(tempo) / per_quarter;
        from = change.tick;
        tempo = change.us_per_quarter;
    }
    us += (tick - from) as f64 * f64::from(tempo) / per_quarter;
    us / 1000.0
}

/// The tick at `ms` milliseconds (rounded to the nearest), the inverse of [`ms_at`].
#[must_use]
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss,
    reason = "a non-negative time within a file's length"
)]
pub fn tick_at(changes: &[TempoChange], ticks_per_quarter: u16, ms: f64) -> u64 {
    let per_quarter = f64::from(ticks_per_quarter.max(1));
    let target_us = ms.max(0.0) * 1000.0;
    let mut us = 0.0;
    let mut from = 0u64;
    let mut tempo = DEFAULT_TEMPO_US;
    for change in changes {
        let span = (change.tick - from) as f64 * f64::from(tempo) / per_quarter;
        if us + span > target_us {
            break;
        }
        us += span;
        from = change.tick;
        tempo = change.us_per_quarter;
    }
    from + ((target_us - us) * per_quarter / f64::from(tempo.max(1))).round() as u64
}

/// Notes sounding, by (channel, key): their start tick and velocity.
type Sounding = std::collections::HashMap<(u8, u8), (u64, u8)>;

fn end_note(sounding: &mut Sounding, notes: &mut Vec<Note>, channel: u8, key: u8, tick: u64) {
    if let Some((start_tick, velocity)) = sounding.remove(&(channel, key))
        && tick > start_tick
    {
        notes.push(Note {
            channel,
            key,
            velocity,
            start_tick,
            end_tick: tick,
        });
    }
}

/// Reads a Standard MIDI File.
///
/// # Errors
/// The bytes are not a MIDI file, its header cannot be read, it is timed in SMPTE frames, or
/// a track's events cannot be read (with the byte where the last good event ended).
pub fn read(bytes: &[u8]) -> Result<MidiFile, SoundError> {
    if bytes.is_empty() {
        return Err(SoundError::Empty);
    }
    if !is_midi(bytes) {
        return Err(SoundError::NotMidi {
            found: crate::codec::error::describe_magic(bytes),
        });
    }
    // A division word with its top bit set is SMPTE timing, which no AIBO file uses; it is
    // refused before midly reads it (midly negates its frame rate with an overflow for one
    // value, 0x80, a panic where overflow checks are on).
    if bytes.get(12).is_some_and(|&b| b & 0x80 != 0) {
        return Err(SoundError::SmpteTiming);
    }
    let (header, mut tracks) = midly::parse(bytes).map_err(|e| SoundError::Midi {
        offset: 0,
        reason: e.to_string(),
    })?;
    let ticks_per_quarter = match header.timing {
        Timing::Metrical(t) => t.as_int(),
        Timing::Timecode(..) => return Err(SoundError::SmpteTiming),
    };
    let format = match header.format {
        Format::SingleTrack => 0,
        Format::Parallel => 1,
        Format::Sequential => 2,
    };
    let mut found = Found::default();
    let mut end_tick = 0u64;
    let mut count = 0usize;
    loop {
        let chunk_at = offset_in(bytes, tracks.unread());
        let Some(track) = tracks.next() else { break };
        let events = track.map_err(|e| SoundError::Midi {
            offset: chunk_at,
            reason: e.to_string(),
        })?;
        count += 1;
        let tick = read_track(bytes, events, chunk_at, &mut found)?;
        end_tick = end_tick.max(tick);
    }
    let Found {
        mut tempo_changes,
        mut notes,
        texts,
        mut programs,
    } = found;
    tempo_changes.sort_by_key(|c| c.tick);
    notes.sort_by_key(|n| (n.start_tick, n.channel, n.key));
    programs.sort_by_key(|&(tick, channel, _)| (tick, channel));
    Ok(MidiFile {
        format,
        ticks_per_quarter,
        tracks: count,
        tempo_changes,
        notes,
        texts,
        programs,
        end_tick,
    })
}

/// Where the `rest` of the file's `bytes` starts in them.
fn offset_in(bytes: &[u8], rest: &[u8]) -> u64 {
    (bytes.len() - rest.len()) as u64
}

/// What the tracks hold, as they are read: tempo changes, notes, texts and program
/// changes (tick, channel, program).
#[derive(Default)]
struct Found {
    tempo_changes: Vec<TempoChange>,
    notes: Vec<Note>,
    texts: Vec<String>,
    programs: Vec<(u64, u8, u8)>,
}

/// Reads the events of the track whose chunk starts at `chunk_at` into `found`; the tick it
/// ends at. Notes still sounding when the track ends, end there.
///
/// # Errors
/// An event cannot be read (with the byte where the last good event ended).
fn read_track(
    bytes: &[u8],
    events: midly::EventIter<'_>,
    chunk_at: u64,
    found: &mut Found,
) -> Result<u64, SoundError> {
    let mut tick = 0u64;
    let mut sounding = Sounding::new();
    let mut last_end = chunk_at + 8;
    for event in events.bytemapped() {
        let (raw, event) = event.map_err(|e| SoundError::Midi {
            offset: last_end,
            reason: e.to_string(),
        })?;
        last_end = offset_in(bytes, raw) + raw.len() as u64;
        tick = tick.saturating_add(u64::from(event.delta.as_int()));
        take_event(event.kind, tick, &mut sounding, found);
    }
    // Notes still sounding when the track ends, end there.
    let open: Vec<(u8, u8)> = sounding.keys().copied().collect();
    for (channel, key) in open {
        end_note(&mut sounding, &mut found.notes, channel, key, tick);
    }
    Ok(tick)
}

/// Takes one event at `tick`: a note starts or ends, the program, the tempo or a text; any
/// other is passed over.
fn take_event(kind: TrackEventKind<'_>, tick: u64, sounding: &mut Sounding, found: &mut Found) {
    match kind {
        TrackEventKind::Midi { channel, message } => {
            let channel = channel.as_int();
            match message {
                MidiMessage::NoteOn { key, vel } if vel.as_int() > 0 => {
                    let key = key.as_int();
                    end_note(sounding, &mut found.notes, channel, key, tick);
                    sounding.insert((channel, key), (tick, vel.as_int()));
                }
                MidiMessage::NoteOn { key, .. } | MidiMessage::NoteOff { key, .. } => {
                    end_note(sounding, &mut found.notes, channel, key.as_int(), tick);
                }
                MidiMessage::ProgramChange { program } => {
                    found.programs.push((tick, channel, program.as_int()));
                }
                MidiMessage::Aftertouch { .. }
                | MidiMessage::Controller { .. }
                | MidiMessage::ChannelAftertouch { .. }
                | MidiMessage::PitchBend { .. } => {}
            }
        }
        TrackEventKind::Meta(MetaMessage::Tempo(us)) => found.tempo_changes.push(TempoChange {
            tick,
            us_per_quarter: us.as_int(),
        }),
        TrackEventKind::Meta(MetaMessage::Text(text)) => {
            found.texts.push(String::from_utf8_lossy(text).into_owned());
        }
        TrackEventKind::SysEx(_) | TrackEventKind::Escape(_) | TrackEventKind::Meta(_) => {}
    }
}
