//! `skit`: which sound and LED pattern go with a motion, from a command table (the SDK's
//! `MONETCMD.CFG`) or the naming rule (`docs/formats/sound-and-led.md#pairing`), and how each
//! part's length compares.

use super::failure::{EXIT_OK, Failure};
use super::input::motions;
use super::sound::{SoundSource, archive_sounds, describe};
use crate::behaviour::table::{files_ending, folder_of, read_table, tables_in};
use crate::codec::monetcmd::{Command, PartKind};
use crate::codec::oda::Archive;
use crate::codec::sound::SoundKind;
use crate::robot::pairing::{Wanted, candidates};
use crate::robot::timing::duration_ms;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `skit`'s arguments.
#[derive(Debug, Args)]
pub struct SkitArgs {
    /// The motion (MTN, JSON, or an ODA with --entry).
    motion: PathBuf,
    /// The motion's archive entry.
    #[arg(long)]
    entry: Option<String>,
    /// A sound: a .wav or .mid file, or an archive to look in (default: the archives beside
    /// the motion and the command table).
    #[arg(long)]
    sound: Option<PathBuf>,
    /// An LED pattern: a .mid or .led file, or an archive to look in.
    #[arg(long)]
    led: Option<PathBuf>,
    /// The command table: the SDK's MONETCMD.CFG or Sony's behaviour table (.MWC) (default:
    /// any `*MONETCMD.CFG` or `*.MWC` beside the motion, the sound or the LED pattern).
    #[arg(long)]
    table: Option<PathBuf>,
    /// One JSON object.
    #[arg(long)]
    json: bool,
}

/// A part that pairs with the motion.
#[derive(Clone, Serialize)]
struct PartJson {
    file: String,
    entry: Option<String>,
    kind: &'static str,
    duration_ms: f64,
    /// How much longer than the motion it lasts (negative: it ends first).
    ends_ms_after_motion: f64,
    /// "skit", "table", "rule" or "given".
    from: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u8>,
    /// Where the skit starts it on the motion's time axis (ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    offset_ms: Option<i64>,
}

#[derive(Serialize)]
struct MotionJson {
    file: String,
    entry: Option<String>,
    name: String,
    duration_ms: f64,
}

#[derive(Serialize)]
struct SkitJson {
    motion: MotionJson,
    /// The skit the editor saved beside the motion, where there is one: its parts come first.
    #[serde(skip_serializing_if = "Option::is_none")]
    skit: Option<String>,
    tables: Vec<String>,
    sound: Option<PartJson>,
    led: Option<PartJson>,
    /// Every candidate the naming rule finds, best first.
    candidates: Candidates,
}

#[derive(Serialize, Default)]
struct Candidates {
    sound: Vec<PartJson>,
    led: Vec<PartJson>,
}

/// A place a part may be: a sound file, or an archive's sound and LED entries.
struct Place {
    file: String,
    sources: Vec<SoundSource>,
}

/// The sound and LED parts at `path`: the file itself, or an archive's entries (unreadable
/// ones skipped with a note on stderr).
fn place(path: &Path) -> Option<Place> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).ok()?;
    if let Some(kind) = SoundKind::of_file(path, &bytes[..bytes.len().min(16)]) {
        let entry = None;
        return Some(Place {
            sources: vec![SoundSource {
                label: file.clone(),
                entry,
                kind,
                bytes,
            }],
            file,
        });
    }
    let archive = Archive::read(&bytes).ok()?;
    let sources = archive_sounds(&file, &archive, None)
        .into_iter()
        .filter_map(|s| s.map_err(|f| eprintln!("mtn-studio: {}", f.message)).ok())
        .collect();
    Some(Place { file, sources })
}

fn part_json(
    place: &str,
    source: &SoundSource,
    motion_ms: f64,
    from: &'static str,
) -> Result<PartJson, Failure> {
    let duration_ms = describe(place, source)?.duration_ms();
    Ok(PartJson {
        file: place.to_owned(),
        entry: source.entry.clone(),
        kind: source.kind.name(),
        duration_ms,
        ends_ms_after_motion: duration_ms - motion_ms,
        from,
        table: None,
        command: None,
        score: None,
        offset_ms: None,
    })
}

/// The parts of the skit the editor saved beside the motion (`motion`, its archive `entry`),
/// if there is one: its path, and its sound and LED parts as found where it says (one it
/// names that is not there is said on stderr and left to the tables and the rule).
///
/// # Errors
/// The skit is there but cannot be read.
#[expect(clippy::type_complexity, reason = "the path and the two parts")]
fn saved_skit(
    motion: &Path,
    entry: Option<&str>,
    motion_ms: f64,
) -> Result<Option<(String, [Option<PartJson>; 2])>, Failure> {
    let at = crate::behaviour::skit::skit_path(motion, entry);
    if !at.exists() {
        return Ok(None);
    }
    let shown = at.display().to_string();
    let skit = crate::behaviour::skit::read(&at)
        .map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
    let mut parts = [None, None];
    for (slot, track) in parts.iter_mut().zip([&skit.sound, &skit.led]) {
        let Some(track) = track else { continue };
        let found = place(&track.path).and_then(|p| {
            let source = p.sources.iter().find(|s| s.entry == track.entry)?;
            Some(part_json(&p.file, source, motion_ms, "skit"))
        });
        match found {
            Some(json) => {
                let mut json = json?;
                json.offset_ms = Some(track.offset_ms);
                *slot = Some(json);
            }
            None => eprintln!(
                "mtn-studio: {shown} names {}{}, which is not there",
                track.path.display(),
                track
                    .entry
                    .as_ref()
                    .map_or_else(String::new, |e| format!(" : {e}"))
            ),
        }
    }
    Ok(Some((shown, parts)))
}

fn wanted_of(kind: SoundKind) -> Wanted {
    if kind == SoundKind::Led {
        Wanted::Led
    } else {
        Wanted::Sound
    }
}

/// `skit`.
///
/// # Errors
/// The motion cannot be read, a table cannot be read, or standard output cannot be written.
pub fn run(args: &SkitArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let source = motions(&args.motion, args.entry.as_deref(), false)?
        .into_iter()
        .next()
        .ok_or_else(|| Failure::usage(format!("{}: no motion", args.motion.display())))?;
    let name = source
        .entry
        .clone()
        .unwrap_or_else(|| source.decoded.motion.name.clone());
    #[expect(clippy::cast_precision_loss, reason = "milliseconds")]
    let motion_ms = duration_ms(&source.decoded.motion.keyframes) as f64;
    let mut folders = vec![folder_of(&args.motion)];
    folders.extend(args.sound.iter().chain(&args.led).map(|p| folder_of(p)));
    let tables = match &args.table {
        Some(table) => vec![table.clone()],
        None => tables_in(&folders),
    };
    let commands = read_commands(&tables)?;
    let places = places_of(args, &folders, &tables);
    let mut report = SkitJson {
        motion: MotionJson {
            file: args.motion.display().to_string(),
            entry: source.entry.clone(),
            name: name.clone(),
            duration_ms: motion_ms,
        },
        skit: None,
        tables: tables.iter().map(|t| t.display().to_string()).collect(),
        sound: None,
        led: None,
        candidates: Candidates::default(),
    };
    // What the editor saved beside the motion first: its skit names the parts.
    if let Some((skit, [sound, led])) = saved_skit(&args.motion, args.entry.as_deref(), motion_ms)?
    {
        report.skit = Some(skit);
        report.sound = sound;
        report.led = led;
    }
    pair_from_tables(&mut report, &commands, &places, &name, motion_ms)?;
    rule_candidates(&mut report.candidates, &places, &name, motion_ms)?;
    pair_given(&mut report, args, &places, motion_ms)?;
    pair_best(&mut report);
    write_report(&report, args.json, out).map(|()| EXIT_OK)
}

/// Every command of the tables, each with the table it is in (as shown).
///
/// # Errors
/// A table cannot be read.
fn read_commands(tables: &[PathBuf]) -> Result<Vec<(String, Command)>, Failure> {
    let mut commands = Vec::new();
    for table in tables {
        let shown = table.display().to_string();
        let bytes =
            std::fs::read(table).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
        let read = read_table(&bytes).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
        commands.extend(read.into_iter().map(|c| (shown.clone(), c)));
    }
    Ok(commands)
}

/// Where parts may be: what was given, else the archives beside the motion and tables.
fn places_of(args: &SkitArgs, folders: &[PathBuf], tables: &[PathBuf]) -> Vec<Place> {
    let mut places: Vec<Place> = Vec::new();
    for given in args.sound.iter().chain(&args.led) {
        places.extend(place(given));
    }
    if args.sound.is_none() || args.led.is_none() {
        let mut beside = folders.to_vec();
        beside.extend(tables.iter().map(|t| folder_of(t)));
        // Every archive and every sound or LED file there.
        let mut found = Vec::new();
        let table = crate::behaviour::table::part_files();
        for suffix in std::iter::once(crate::behaviour::table::archive_ending()).chain(table) {
            found.extend(files_ending(&beside, &suffix));
        }
        for file in found {
            if places.iter().all(|p| Path::new(&p.file) != file) {
                places.extend(place(&file));
            }
        }
    }
    places
}

/// Pairs the parts a table's command names with the motion `name`, where the report has
/// none yet: a command that plays this motion names its parts.
///
/// # Errors
/// A part cannot be read.
fn pair_from_tables(
    report: &mut SkitJson,
    commands: &[(String, Command)],
    places: &[Place],
    name: &str,
    motion_ms: f64,
) -> Result<(), Failure> {
    for (table, command) in commands {
        if !command.names(PartKind::Motion).any(|m| m == name) {
            continue;
        }
        for (wanted, kind) in [(PartKind::Sound, false), (PartKind::Led, true)] {
            for part in command.names(wanted) {
                let found = places.iter().find_map(|p| {
                    p.sources
                        .iter()
                        .find(|s| s.entry.as_deref() == Some(part))
                        .map(|s| (p.file.as_str(), s))
                });
                let slot = if kind {
                    &mut report.led
                } else {
                    &mut report.sound
                };
                if let (Some((file, s)), None) = (found, &slot) {
                    let mut json = part_json(file, s, motion_ms, "table")?;
                    json.table = Some(table.clone());
                    json.command = Some(command.id);
                    *slot = Some(json);
                }
            }
        }
    }
    Ok(())
}

/// Adds every sound and LED entry found that the naming rule pairs with the motion `name`
/// to the candidates, best first; a part 0 ms long (nothing to play) never before one that
/// plays.
///
/// # Errors
/// A part cannot be read.
fn rule_candidates(
    candidates_found: &mut Candidates,
    places: &[Place],
    name: &str,
    motion_ms: f64,
) -> Result<(), Failure> {
    for place in places {
        for s in &place.sources {
            // An archive's entry by its name, a file by its own.
            let stem = Path::new(&place.file)
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            let entry = s.entry.as_deref().unwrap_or(&stem);
            let wanted = wanted_of(s.kind);
            let Some(&(_, score)) = candidates(name, &[entry], wanted).first() else {
                continue;
            };
            let mut json = part_json(&place.file, s, motion_ms, "rule")?;
            json.score = Some(score);
            if wanted == Wanted::Led {
                candidates_found.led.push(json);
            } else {
                candidates_found.sound.push(json);
            }
        }
    }
    for list in [&mut candidates_found.sound, &mut candidates_found.led] {
        list.sort_by(|a, b| {
            (a.duration_ms <= 0.0)
                .cmp(&(b.duration_ms <= 0.0))
                .then(b.score.cmp(&a.score))
                .then(a.entry.cmp(&b.entry))
        });
    }
    Ok(())
}

/// Pairs a sound or LED file given alone, where no table said otherwise.
///
/// # Errors
/// The part cannot be read.
fn pair_given(
    report: &mut SkitJson,
    args: &SkitArgs,
    places: &[Place],
    motion_ms: f64,
) -> Result<(), Failure> {
    for (given, is_led) in [(&args.sound, false), (&args.led, true)] {
        let Some(path) = given else { continue };
        let slot = if is_led {
            &mut report.led
        } else {
            &mut report.sound
        };
        if slot.is_none()
            && let Some(p) = places.iter().find(|p| Path::new(&p.file) == path.as_path())
            && let [single] = &p.sources[..]
            && single.entry.is_none()
        {
            *slot = Some(part_json(&p.file, single, motion_ms, "given")?);
        }
    }
    Ok(())
}

/// Pairs the best candidate for a sound or LED part nothing else paired.
fn pair_best(report: &mut SkitJson) {
    for (slot, list) in [
        (&mut report.sound, &report.candidates.sound),
        (&mut report.led, &report.candidates.led),
    ] {
        if slot.is_none()
            && let Some(best) = list.first()
        {
            *slot = Some(best.clone());
        }
    }
}

/// Writes the report, as JSON or as text.
///
/// # Errors
/// The JSON cannot be rendered, or `out` cannot be written.
fn write_report(report: &SkitJson, json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    if json {
        serde_json::to_string_pretty(report)
            .map_err(|e| Failure::usage(format!("cannot render JSON: {e}")))
            .and_then(|t| writeln!(out, "{t}").map_err(|e| Failure::output(&e)))
    } else {
        write_text(report, out).map_err(|e| Failure::output(&e))
    }
}

fn describe_part(part: &PartJson) -> String {
    let place = part
        .entry
        .as_ref()
        .map_or_else(|| part.file.clone(), |e| format!("{e} ({})", part.file));
    let ends = crate::behaviour::part::ends_against_motion(part.ends_ms_after_motion);
    let from = match (part.from, &part.table, part.command) {
        ("skit", ..) => format!(
            "the skit saved beside the motion, starting at {} ms",
            part.offset_ms.unwrap_or(0)
        ),
        ("table", Some(table), Some(id)) => format!("command {id} of {table}"),
        ("given", ..) => "given".to_owned(),
        _ => format!(
            "the naming rule (docs/formats/sound-and-led.md#pairing), score {} of 4",
            part.score.unwrap_or(0)
        ),
    };
    format!("{place}, {:.1} ms, {ends}; from {from}", part.duration_ms)
}

fn write_text(report: &SkitJson, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{} ({}), {:.0} ms",
        report.motion.name, report.motion.file, report.motion.duration_ms
    )?;
    for (label, part) in [("sound", &report.sound), ("led", &report.led)] {
        match part {
            Some(p) => writeln!(out, "  {label:<6} {}", describe_part(p))?,
            None => writeln!(out, "  {label:<6} none found")?,
        }
    }
    if report.tables.is_empty() {
        writeln!(out, "  no command table (MONETCMD.CFG) found")?;
    }
    for (label, list) in [
        ("sound", &report.candidates.sound),
        ("led", &report.candidates.led),
    ] {
        for p in list.iter().skip(1) {
            writeln!(out, "  other {label} candidate: {}", describe_part(p))?;
        }
    }
    Ok(())
}
