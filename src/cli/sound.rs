//! Sounds and LED patterns on the command line: what `info` says of them (files, and an
//! archive's entries), and `convert` taking one out of an archive.

use super::failure::{EXIT_OK, EXIT_UNREADABLE, Failure};
use crate::codec::oda::Archive;
use crate::codec::oda::EntryKind;
use crate::codec::sound::led::{LedPattern, light_name};
use crate::codec::sound::midi::{self, MidiFile};
use crate::codec::sound::{SoundKind, wave};
use crate::fsutil::write_atomic;
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// A sound or LED pattern named on the command line: a file, or an archive's entry.
pub struct SoundSource {
    /// `FILE` or `FILE:ENTRY`, for messages.
    pub label: String,
    /// The archive entry, when it came from one.
    pub entry: Option<String>,
    /// What it is.
    pub kind: SoundKind,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The sound and LED entries of `archive` (only `entry` when given, which must be one).
///
/// # Errors
/// An entry's contents cannot be unpacked.
pub fn archive_sounds(
    shown: &str,
    archive: &Archive,
    entry: Option<&str>,
) -> Vec<Result<SoundSource, Failure>> {
    archive
        .entries
        .iter()
        .filter(|e| entry.is_none_or(|name| e.name() == name))
        .filter_map(|e| {
            let kind = SoundKind::of_entry(e.kind())?;
            let name = e.name();
            let label = format!("{shown}:{name}");
            Some(
                e.contents()
                    .map(|bytes| SoundSource {
                        label: label.clone(),
                        entry: Some(name),
                        kind,
                        bytes,
                    })
                    .map_err(|err| Failure::unreadable(format!("{label}: {err}"))),
            )
        })
        .collect()
}

/// The sound or LED entry `entry` of the archive at `input`, if that is what it names.
///
/// # Errors
/// The archive names it but its contents cannot be unpacked.
pub fn chosen_entry(input: &Path, entry: Option<&str>) -> Result<Option<SoundSource>, Failure> {
    let Some(name) = entry else {
        return Ok(None);
    };
    if input.as_os_str() == "-" {
        return Ok(None);
    }
    let Ok(bytes) = std::fs::read(input) else {
        return Ok(None);
    };
    let Ok(archive) = Archive::read(&bytes) else {
        return Ok(None);
    };
    archive_sounds(&input.display().to_string(), &archive, Some(name))
        .pop()
        .transpose()
}

/// A tempo change in `info --json`.
#[derive(Serialize)]
struct TempoJson {
    tick: u64,
    us_per_quarter: u32,
}

/// A light an LED pattern uses, in `info --json`.
#[derive(Serialize)]
struct LightJson {
    note: u8,
    /// The light's inferred name (`docs/formats/sound-and-led.md#which-note-lights-which-light`),
    /// or null.
    light: Option<String>,
    /// How long it is on in all.
    on_ms: f64,
}

/// The `info --json` object of a sound or LED pattern.
#[derive(Serialize)]
pub struct SoundJson {
    file: String,
    entry: Option<String>,
    kind: &'static str,
    duration_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    wave: Option<WaveJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    midi: Option<MidiJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lights: Option<Vec<LightJson>>,
}

#[derive(Serialize)]
struct WaveJson {
    format: &'static str,
    sample_rate: u32,
    channels: u16,
    bits: u16,
    frames: u64,
    /// Where a cut-off file's data ends.
    cut_off_at: Option<u64>,
}

#[derive(Serialize)]
struct MidiJson {
    format: u8,
    tracks: usize,
    ticks_per_quarter: u16,
    tempo_changes: Vec<TempoJson>,
    notes: usize,
    /// Channels with notes, numbered 1-16 as MIDI tools do.
    channels: Vec<u8>,
    texts: Vec<String>,
}

fn midi_json(file: &MidiFile) -> MidiJson {
    let mut channels: Vec<u8> = file.notes.iter().map(|n| n.channel + 1).collect();
    channels.sort_unstable();
    channels.dedup();
    MidiJson {
        format: file.format,
        tracks: file.tracks,
        ticks_per_quarter: file.ticks_per_quarter,
        tempo_changes: file
            .tempo_changes
            .iter()
            .map(|c| TempoJson {
                tick: c.tick,
                us_per_quarter: c.us_per_quarter,
            })
            .collect(),
        notes: file.notes.len(),
        channels,
        texts: file.texts.clone(),
    }
}

impl SoundJson {
    /// The part's length in ms.
    #[must_use]
    pub fn duration_ms(&self) -> f64 {
        self.duration_ms
    }
}

/// Describes a sound or LED pattern.
///
/// # Errors
/// Its bytes cannot be read as what it is said to be (the message names it and the byte).
pub fn describe(file: &str, source: &SoundSource) -> Result<SoundJson, Failure> {
    let failed =
        |e: crate::codec::sound::SoundError| Failure::unreadable(format!("{}: {e}", source.label));
    let mut json = SoundJson {
        file: file.to_owned(),
        entry: source.entry.clone(),
        kind: source.kind.name(),
        duration_ms: 0.0,
        wave: None,
        midi: None,
        lights: None,
    };
    match source.kind {
        SoundKind::Wave => {
            let sound = wave::decode(&source.bytes).map_err(failed)?;
            let info = sound.info;
            json.duration_ms = info.duration_ms();
            json.wave = Some(WaveJson {
                format: info.format.name(),
                sample_rate: info.sample_rate,
                channels: info.channels,
                bits: info.bits,
                frames: info.frames,
                cut_off_at: sound.cut_off_at,
            });
        }
        SoundKind::Midi | SoundKind::Led => {
            let read = midi::read(&source.bytes).map_err(failed)?;
            json.duration_ms = read.duration_ms();
            if source.kind == SoundKind::Led {
                let pattern = LedPattern::from_midi(&read);
                json.lights = Some(
                    pattern
                        .lights_used()
                        .into_iter()
                        .map(|(note, on_ms)| LightJson {
                            note,
                            light: light_name(note),
                            on_ms,
                        })
                        .collect(),
                );
            }
            json.midi = Some(midi_json(&read));
        }
    }
    Ok(json)
}

/// Writes `info`'s text for a described sound.
///
/// # Errors
/// Standard output cannot be written.
pub fn write_text(label: &str, json: &SoundJson, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "{label}")?;
    if let Some(w) = &json.wave {
        let channels = if w.channels == 1 {
            "mono".to_owned()
        } else {
            format!("{} channels", w.channels)
        };
        writeln!(
            out,
            "  kind        wave ({}, {} Hz, {} bits, {channels})",
            w.format, w.sample_rate, w.bits
        )?;
        writeln!(
            out,
            "  length      {:.1} ms ({} samples)",
            json.duration_ms, w.frames
        )?;
        if let Some(at) = w.cut_off_at {
            writeln!(out, "  cut off     the data ends early, at byte {at}")?;
        }
    }
    if let Some(m) = &json.midi {
        writeln!(
            out,
            "  kind        {} (MIDI format {}, {} track(s), {} ticks per quarter)",
            json.kind, m.format, m.tracks, m.ticks_per_quarter
        )?;
        let tempos: Vec<String> = m
            .tempo_changes
            .iter()
            .map(|t| format!("{} us/quarter at tick {}", t.us_per_quarter, t.tick))
            .collect();
        if !tempos.is_empty() {
            writeln!(out, "  tempo       {}", tempos.join(", "))?;
        }
        let channels: Vec<String> = m.channels.iter().map(u8::to_string).collect();
        writeln!(
            out,
            "  notes       {} (channels {})",
            m.notes,
            if channels.is_empty() {
                "none".to_owned()
            } else {
                channels.join(", ")
            }
        )?;
        writeln!(out, "  length      {:.1} ms", json.duration_ms)?;
    }
    if let Some(lights) = &json.lights {
        if lights.is_empty() {
            writeln!(out, "  lights      none")?;
        }
        for l in lights {
            let name = l.light.as_deref().unwrap_or("(not named)");
            writeln!(
                out,
                "  light       note {:>3} {name:<20} on {:.0} ms",
                l.note, l.on_ms
            )?;
        }
        if !lights.is_empty() {
            writeln!(
                out,
                "              (note-to-light table inferred: docs/formats/sound-and-led.md)"
            )?;
        }
    }
    Ok(())
}

/// `info` of sounds: each described, as text or as JSON objects; unreadable ones reported
/// on stderr with exit 2.
///
/// # Errors
/// Standard output cannot be written.
pub fn described(
    file: &str,
    sources: Vec<Result<SoundSource, Failure>>,
    code: &mut u8,
) -> Vec<(String, SoundJson)> {
    sources
        .into_iter()
        .filter_map(|source| {
            let described = source.and_then(|s| describe(file, &s).map(|j| (s.label, j)));
            described
                .map_err(|failure| {
                    eprintln!("mtn-studio: {}", failure.message);
                    *code = EXIT_UNREADABLE;
                })
                .ok()
        })
        .collect()
}

/// `convert ARCHIVE --entry NAME OUT.wav|OUT.mid`: the entry's bytes, checked to read as
/// what they are, written atomically.
///
/// # Errors
/// The entry is not a sound or LED entry, its bytes do not read, or the output's extension
/// is not the entry's kind.
pub fn extract(source: &SoundSource, output: &Path, out: &mut dyn Write) -> Result<u8, Failure> {
    describe(&source.label, source)?;
    let named = crate::codec::kind::entry_kind_by_extension(output);
    let fits = match source.kind {
        SoundKind::Wave => named == Some(EntryKind::Wave),
        SoundKind::Midi | SoundKind::Led => {
            matches!(named, Some(EntryKind::Midi | EntryKind::Led))
        }
    };
    if !fits {
        let wanted = format!(
            ".{}",
            crate::codec::kind::entry_extensions(if source.kind == SoundKind::Wave {
                EntryKind::Wave
            } else {
                EntryKind::Midi
            })[0]
        );
        return Err(Failure::usage(format!(
            "{}: a {} entry is written as {wanted}, not as {}",
            source.label,
            source.kind.name(),
            output.display()
        )));
    }
    write_atomic(output, &source.bytes)
        .map_err(|e| Failure::usage(format!("{}: {e}", output.display())))?;
    writeln!(
        out,
        "wrote {} ({} entry, {} bytes)",
        output.display(),
        source.kind.name(),
        source.bytes.len()
    )
    .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}
