//! `info`.

use super::failure::{EXIT_OK, EXIT_UNREADABLE, Failure};
use super::input::{Loaded, Source, load_data, motions_of};
use super::sound;
use crate::codec::problem::Problem;
use crate::robot::{self, timing};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// A joint in `info --json`.
#[derive(Serialize)]
struct JointJson<'a> {
    locator: &'a str,
    name: Option<&'a str>,
}

/// The `info --json` object for one motion.
#[derive(Serialize)]
struct InfoJson<'a> {
    file: &'a str,
    entry: Option<&'a str>,
    name: &'a str,
    creator: &'a str,
    design: &'a str,
    model: Option<&'static str>,
    version: String,
    frame_rate: u16,
    reserved: u32,
    data_type: u32,
    keyframes: usize,
    keyframe_times_ms: Vec<u64>,
    joints: Vec<JointJson<'a>>,
    duration_ms: u64,
    ticks: u64,
    well_formed: bool,
    problems: &'a [Problem],
    /// The markers of the skit beside the motion, where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    markers: Option<Vec<crate::behaviour::skit::Marker>>,
}

/// The markers of the skit beside `file` (`entry` of an archive), where there is one; a skit
/// that cannot be read is said on stderr.
fn skit_markers(file: &str, entry: Option<&str>) -> Option<Vec<crate::behaviour::skit::Marker>> {
    use crate::behaviour::skit;
    let at = skit::skit_path(Path::new(file), entry);
    if !at.is_file() {
        return None;
    }
    match skit::read(&at) {
        Ok(skit) => Some(skit.markers),
        Err(e) => {
            eprintln!("mtn-studio: the skit beside it was not read: {e}");
            None
        }
    }
}

fn info_json<'a>(file: &'a str, source: &'a Source) -> InfoJson<'a> {
    let motion = &source.decoded.motion;
    let design = robot::parse_design(&motion.design);
    InfoJson {
        file,
        entry: source.entry.as_deref(),
        name: &motion.name,
        creator: &motion.creator,
        design: &motion.design,
        model: design.map(|d| d.model.name()),
        version: motion.version.to_string(),
        frame_rate: motion.frame_rate,
        reserved: motion.reserved,
        data_type: motion.data_type,
        keyframes: motion.keyframes.len(),
        keyframe_times_ms: timing::keyframe_times_ms(&motion.keyframes),
        joints: motion
            .locators
            .iter()
            .map(|l| JointJson {
                locator: l,
                name: design
                    .and_then(|d| d.model.joint_by_locator(l))
                    .map(|(_, j)| j.name),
            })
            .collect(),
        duration_ms: timing::duration_ms(&motion.keyframes),
        ticks: timing::tick_count(&motion.keyframes),
        well_formed: source.decoded.is_well_formed(),
        problems: &source.decoded.problems,
        markers: skit_markers(file, source.entry.as_deref()),
    }
}

/// The source with the floor's problems added (`info` reports every problem, the floor's
/// as `check` judges them).
fn with_floor(mut source: Source) -> Source {
    super::input::add_floor_problems(&mut source.decoded, false);
    source
}

fn write_failed(e: &std::io::Error) -> Failure {
    Failure::output(e)
}

/// `info FILE [--entry NAME] [--json]`.
pub fn info(
    file: &Path,
    entry: Option<&str>,
    json: bool,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let mut code = EXIT_OK;
    let shown = file.display().to_string();
    let loaded = match sound_or_loaded(file, entry)? {
        Sounds::Only(sound) => return sound_info(&shown, vec![Ok(sound)], json, out),
        Sounds::Also(loaded) => loaded,
    };
    let sounds = match &loaded {
        Loaded::Archive(archive) if entry.is_none() => sound::described(
            &shown,
            sound::archive_sounds(&shown, archive, None),
            &mut code,
        ),
        Loaded::Motion(_) | Loaded::Json(_) | Loaded::Archive(_) => Vec::new(),
    };
    let sources: Vec<Source> = motions_of(&shown, loaded, entry, true)?
        .into_iter()
        .filter_map(|source| {
            source
                .map_err(|failure| {
                    eprintln!("mtn-studio: {}", failure.message);
                    code = EXIT_UNREADABLE;
                })
                .ok()
        })
        .map(with_floor)
        .collect();
    if sources.is_empty() && sounds.is_empty() {
        return Ok(code);
    }
    if json {
        let objects: Vec<InfoJson<'_>> = sources.iter().map(|s| info_json(&shown, s)).collect();
        let text = if entry.is_some() || sources.len() == 1 && sources[0].entry.is_none() {
            serde_json::to_string_pretty(&objects[0])
        } else {
            #[derive(Serialize)]
            struct ArchiveJson<'a> {
                file: &'a str,
                motions: Vec<InfoJson<'a>>,
                sounds: Vec<&'a sound::SoundJson>,
            }
            serde_json::to_string_pretty(&ArchiveJson {
                file: &shown,
                motions: objects,
                sounds: sounds.iter().map(|(_, j)| j).collect(),
            })
        }
        .map_err(|e| Failure::usage(format!("cannot render JSON: {e}")))?;
        writeln!(out, "{text}").map_err(|e| write_failed(&e))?;
        return Ok(code);
    }
    for source in &sources {
        write_info_text(source, out).map_err(|e| write_failed(&e))?;
        if let Some(markers) = skit_markers(&shown, source.entry.as_deref()) {
            let listed: Vec<String> = markers
                .iter()
                .map(|m| format!("{} at {} ms", m.name, m.time_ms))
                .collect();
            writeln!(
                out,
                "  markers     {}",
                if listed.is_empty() {
                    "none".to_owned()
                } else {
                    listed.join(", ")
                }
            )
            .map_err(|e| write_failed(&e))?;
        }
    }
    for (label, described) in &sounds {
        sound::write_text(label, described, out).map_err(|e| write_failed(&e))?;
    }
    Ok(code)
}

/// What `info` was given: a sound or LED pattern alone (a file, or an archive entry chosen
/// with `--entry`), or something holding motions (and maybe sounds too).
enum Sounds {
    Only(sound::SoundSource),
    Also(Loaded),
}

fn sound_or_loaded(file: &Path, entry: Option<&str>) -> Result<Sounds, Failure> {
    let shown = file.display().to_string();
    let bytes = if file.as_os_str() == "-" {
        super::input::read_stdin()?
    } else {
        std::fs::read(file).map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?
    };
    if let Some(kind) = crate::codec::sound::SoundKind::of_file(file, &bytes[..bytes.len().min(16)])
    {
        return Ok(Sounds::Only(sound::SoundSource {
            label: shown,
            entry: None,
            kind,
            bytes,
        }));
    }
    let loaded = load_data(file, bytes)?;
    if let (Loaded::Archive(archive), Some(name)) = (&loaded, entry)
        && let Some(chosen) = sound::archive_sounds(&shown, archive, Some(name)).pop()
    {
        return chosen.map(Sounds::Only);
    }
    Ok(Sounds::Also(loaded))
}

/// `info` of one sound or LED pattern.
fn sound_info(
    shown: &str,
    sources: Vec<Result<sound::SoundSource, Failure>>,
    json: bool,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let mut code = EXIT_OK;
    for (label, described) in sound::described(shown, sources, &mut code) {
        if json {
            let text = serde_json::to_string_pretty(&described)
                .map_err(|e| Failure::usage(format!("cannot render JSON: {e}")))?;
            writeln!(out, "{text}").map_err(|e| write_failed(&e))?;
        } else {
            sound::write_text(&label, &described, out).map_err(|e| write_failed(&e))?;
        }
    }
    Ok(code)
}

fn write_info_text(source: &Source, out: &mut dyn Write) -> std::io::Result<()> {
    let motion = &source.decoded.motion;
    let design = robot::parse_design(&motion.design);
    let model = design.map_or("unknown model", |d| d.model.name());
    let keyframes = &motion.keyframes;
    writeln!(out, "{}", source.label)?;
    writeln!(out, "  name        {}", motion.name)?;
    writeln!(out, "  creator     {}", motion.creator)?;
    writeln!(out, "  design      {} ({model})", motion.design)?;
    writeln!(
        out,
        "  version     {}   frame-rate field {}",
        motion.version, motion.frame_rate
    )?;
    writeln!(
        out,
        "  keyframes   {}   duration {} ms ({} ticks of 8 ms)",
        keyframes.len(),
        timing::duration_ms(keyframes),
        timing::tick_count(keyframes)
    )?;
    writeln!(out, "  joints      {}", motion.locators.len())?;
    for (index, locator) in motion.locators.iter().enumerate() {
        let name = robot::joint_name(&motion.design, locator);
        let name = if name == locator { "?" } else { name };
        writeln!(out, "    {index:>3} {name:<12} {locator}")?;
    }
    let times = timing::keyframe_times_ms(keyframes);
    let shown = times.len().min(24);
    let listed: Vec<String> = times[..shown].iter().map(u64::to_string).collect();
    let more = if times.len() > shown {
        format!(" ... ({} more)", times.len() - shown)
    } else {
        String::new()
    };
    writeln!(out, "  keyframe times (ms) {}{more}", listed.join(" "))?;
    writeln!(
        out,
        "  well-formed {}",
        if source.decoded.is_well_formed() {
            "yes"
        } else {
            "no (run `mtn-studio repair`)"
        }
    )?;
    if source.decoded.problems.is_empty() {
        writeln!(out, "  problems    none")?;
    } else {
        writeln!(out, "  problems    {}", source.decoded.problems.len())?;
        for problem in &source.decoded.problems {
            writeln!(out, "    {problem}")?;
        }
    }
    Ok(())
}
