//! `repair`, `convert` and `ticks`.

use super::input::{Loaded, has_extension, load, motions};
use super::{EXIT_OK, Failure};
use crate::codec::mtn::{self, Motion};
use crate::codec::oda::EntryKind;
use crate::codec::{csv, pseq, seq};
use crate::convert;
use crate::fsutil::write_atomic;
use crate::robot::{self, timing};
use std::io::Write;
use std::path::{Path, PathBuf};

fn save(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_atomic(path, bytes)
        .map_err(|e| Failure::usage(format!("{}: cannot write: {e}", path.display())))
}

fn print(out: &mut dyn Write, line: &str) -> Result<(), Failure> {
    writeln!(out, "{line}").map_err(|e| Failure::usage(format!("cannot write output: {e}")))
}

fn report_repair(
    label: &str,
    repaired: &mtn::Repaired,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if repaired.fixes.is_empty() {
        print(out, &format!("{label}: nothing to fix"))?;
    }
    for fix in &repaired.fixes {
        print(
            out,
            &format!(
                "{label}: fixed {} at byte {}: {}",
                fix.code, fix.offset, fix.action
            ),
        )?;
    }
    for problem in &repaired.remaining {
        print(out, &format!("{label}: left for you: {problem}"))?;
    }
    Ok(())
}

/// `repair IN [--entry NAME] -o OUT`.
pub fn repair(
    input: &Path,
    entry: Option<&str>,
    output: &Path,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let shown = input.display().to_string();
    if has_extension(output, "oda") {
        let Loaded::Archive(mut archive) = load(input)? else {
            return Err(Failure::usage(format!(
                "{shown} is a single motion; write its repair to an .mtn file"
            )));
        };
        let sources = motions(input, entry, true)?;
        for source in &sources {
            let repaired = mtn::repair(&source.decoded)
                .map_err(|e| Failure::usage(format!("{}: cannot repair: {e}", source.label)))?;
            report_repair(&source.label, &repaired, out)?;
            let name = source.entry.as_deref().unwrap_or_default();
            if let Some(index) = archive.find(name) {
                archive.entries[index].set_contents(&repaired.bytes);
            }
        }
        let bytes = archive
            .write()
            .map_err(|e| Failure::usage(format!("{}: {e}", output.display())))?;
        save(output, &bytes)?;
        return Ok(EXIT_OK);
    }
    let sources = motions(input, entry, false)?;
    let Some(source) = sources.first() else {
        return Err(Failure::usage(format!("{shown}: no motion to repair")));
    };
    let repaired = mtn::repair(&source.decoded)
        .map_err(|e| Failure::usage(format!("{}: cannot repair: {e}", source.label)))?;
    report_repair(&source.label, &repaired, out)?;
    save(output, &repaired.bytes)?;
    Ok(EXIT_OK)
}

/// `convert IN [--entry NAME] OUT`, by the output's extension.
/// The options of `convert` beyond its files.
#[derive(Clone, Debug)]
pub struct ConvertOptions {
    /// The design label for a body motion that names none.
    pub model: Option<String>,
    /// A joint mapping file.
    pub map: Option<PathBuf>,
    /// Frames per second for .seq export.
    pub fps: f64,
    /// Import tolerance, degrees.
    pub tolerance: f64,
    /// Export keyframes only.
    pub keyframes_only: bool,
    /// Write formatVersion 4.
    pub seq_v4: bool,
}

impl Default for ConvertOptions {
    fn default() -> Self {
        Self {
            model: None,
            map: None,
            fps: convert::DEFAULT_FPS,
            tolerance: convert::DEFAULT_TOLERANCE_DEG,
            keyframes_only: false,
            seq_v4: false,
        }
    }
}

fn is_body_motion(path: &Path) -> bool {
    ["seq", "yaml", "yml"]
        .iter()
        .any(|e| has_extension(path, e))
}

/// The most bytes read from a text motion file (a 500 fps hour is about 540 MB; this is
/// far above any real file and keeps a wrong path from filling memory).
const MAX_TEXT_BYTES: u64 = 256 << 20;

fn export_options(options: &ConvertOptions) -> convert::ExportOptions {
    convert::ExportOptions {
        fps: options.fps,
        keyframes_only: options.keyframes_only,
        seq_v4: options.seq_v4,
    }
}

fn write_body(body: &seq::BodyMotion, times: Option<&[f64]>, options: &ConvertOptions) -> Vec<u8> {
    let version = if options.seq_v4 {
        seq::Version::V4
    } else {
        seq::Version::V2
    };
    seq::write(body, version, times).into_bytes()
}

/// What a conversion reads.
enum Source {
    /// An AIBO motion (MTN, ODA entry, JSON or CSV).
    Motion(Box<Motion>),
    /// A Choreonoid body motion.
    Body(seq::BodyMotion),
    /// A Choreonoid key-pose sequence.
    Poses(pseq::PoseSeq),
}

/// Reads a text file with a size bound; errors name the file.
fn read_text(path: &Path) -> Result<String, Failure> {
    let size = std::fs::metadata(path)
        .map_err(|e| Failure::unreadable(format!("{}: {e}", path.display())))?
        .len();
    if size > MAX_TEXT_BYTES {
        return Err(Failure::unreadable(format!(
            "{}: {size} bytes is more than the {MAX_TEXT_BYTES} a text motion may have",
            path.display()
        )));
    }
    let bytes =
        std::fs::read(path).map_err(|e| Failure::unreadable(format!("{}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| {
        Failure::unreadable(format!(
            "{}: byte {}: not UTF-8 text",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

fn read_source(input: &Path, entry: Option<&str>) -> Result<Source, Failure> {
    let bad = |e: &dyn std::fmt::Display| Failure::unreadable(format!("{}: {e}", input.display()));
    let notes = |notes: &[String]| {
        for note in notes {
            eprintln!("mtn-studio: {}: {note}", input.display());
        }
    };
    if is_body_motion(input) {
        let body = seq::read(&read_text(input)?).map_err(|e| bad(&e))?;
        notes(&body.notes);
        Ok(Source::Body(body))
    } else if has_extension(input, "pseq") {
        let poses = pseq::read(&read_text(input)?).map_err(|e| bad(&e))?;
        notes(&poses.notes);
        Ok(Source::Poses(poses))
    } else if has_extension(input, "csv") {
        Ok(Source::Motion(Box::new(
            csv::read(&read_text(input)?).map_err(|e| bad(&e))?,
        )))
    } else {
        Ok(Source::Motion(Box::new(read_motion(input, entry)?)))
    }
}

fn import_options(options: &ConvertOptions) -> Result<convert::ImportOptions, Failure> {
    let map = match &options.map {
        Some(path) => {
            let text = read_text(path)?;
            Some(
                convert::parse_map(&text)
                    .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?,
            )
        }
        None => None,
    };
    Ok(convert::ImportOptions {
        design: options.model.clone(),
        map,
        tolerance_deg: options.tolerance,
        name: "a_stand#stand_imported".into(),
    })
}

fn report_import(
    input: &Path,
    report: &convert::ImportReport,
    summary: &str,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    for note in &report.notes {
        print(out, &format!("{}: {note}", input.display()))?;
    }
    print(out, summary)
}

fn to_json(value: &impl serde::Serialize, output: &Path) -> Result<Vec<u8>, Failure> {
    let mut text = serde_json::to_vec_pretty(value)
        .map_err(|e| Failure::usage(format!("{}: {e}", output.display())))?;
    text.push(b'\n');
    Ok(text)
}

/// Converts by extension: .mtn .json .csv .seq .yaml .pseq.
///
/// # Errors
/// Unreadable input, an unknown format, or a conversion that needs an option it lacks.
pub fn convert(
    input: &Path,
    entry: Option<&str>,
    output: &Path,
    options: &ConvertOptions,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let named = |e: String| Failure::usage(format!("{}: {e}", output.display()));
    let to_seq = is_body_motion(output);
    let to_pseq = has_extension(output, "pseq");
    let to_csv = has_extension(output, "csv");
    let to_json_file = has_extension(output, "json");
    let bytes = match read_source(input, entry)? {
        Source::Motion(motion) => convert::export_bytes(&motion, output, export_options(options))
            .map_err(Failure::usage)?,
        Source::Body(body) => {
            if to_seq {
                write_body(&body, None, options)
            } else if to_csv {
                csv::write_body(&body).into_bytes()
            } else if to_json_file {
                to_json(&body, output)?
            } else if to_pseq {
                return Err(named(
                    "a body motion becomes a key-pose sequence through MTN: convert it to .mtn \
                     first"
                        .into(),
                ));
            } else {
                let (motion, report) = convert::body_to_mtn(&body, &import_options(options)?)
                    .map_err(|e| Failure::usage(format!("{}: {e}", input.display())))?;
                let summary = format!(
                    "{} frames at {} fps -> {} keyframes, largest difference {:.3} deg (tolerance {} deg)",
                    body.frame_count(),
                    body.frame_rate,
                    report.keyframes,
                    report.max_error_deg,
                    options.tolerance
                );
                report_import(input, &report, &summary, out)?;
                convert::export_bytes(&motion, output, export_options(options))
                    .map_err(Failure::usage)?
            }
        }
        Source::Poses(poses) => {
            if to_pseq {
                pseq::write(&poses).into_bytes()
            } else if to_csv {
                csv::write_poses(&poses).into_bytes()
            } else if to_json_file {
                to_json(&poses, output)?
            } else if to_seq {
                return Err(named(
                    "a key-pose sequence becomes a body motion through MTN: convert it to .mtn \
                     first"
                        .into(),
                ));
            } else {
                let (motion, report) = convert::pseq_to_mtn(&poses, &import_options(options)?)
                    .map_err(|e| Failure::usage(format!("{}: {e}", input.display())))?;
                let summary = format!(
                    "{} poses -> {} keyframes ({} ms)",
                    poses.poses.len(),
                    report.keyframes,
                    timing::duration_ms(&motion.keyframes)
                );
                report_import(input, &report, &summary, out)?;
                convert::export_bytes(&motion, output, export_options(options))
                    .map_err(Failure::usage)?
            }
        }
    };
    save(output, &bytes)?;
    print(
        out,
        &format!("wrote {} ({} bytes)", output.display(), bytes.len()),
    )?;
    Ok(EXIT_OK)
}

/// The one motion a command works on; a malformed one is recovered, with a note on stderr.
fn read_motion(input: &Path, entry: Option<&str>) -> Result<Motion, Failure> {
    let sources = motions(input, entry, false)?;
    let Some(source) = sources.into_iter().next() else {
        return Err(Failure::usage(format!(
            "{}: no motion in it",
            input.display()
        )));
    };
    if !source.decoded.is_well_formed() {
        eprintln!(
            "mtn-studio: {}: the file is malformed; using the recovered motion \
             (`mtn-studio repair` lists each fix)",
            source.label
        );
    }
    Ok(source.decoded.motion)
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// `ticks FILE [--entry NAME]`: `tick,ms,<joint>...` then one row per 8 ms tick.
pub fn ticks(file: &Path, entry: Option<&str>, out: &mut dyn Write) -> Result<u8, Failure> {
    let motion = read_motion(file, entry)?;
    let mut writer = std::io::BufWriter::new(out);
    let mut header = String::from("tick,ms");
    for locator in &motion.locators {
        header.push(',');
        header.push_str(&csv_field(robot::joint_name(&motion.design, locator)));
    }
    let mut result = writeln!(writer, "{header}");
    let mut line = String::new();
    timing::for_each_tick(&motion.keyframes, |tick, values| {
        if result.is_err() {
            return;
        }
        use std::fmt::Write as _;
        line.clear();
        let _ = write!(line, "{tick},{}", tick * timing::TICK_MS);
        for value in values {
            let _ = write!(line, ",{value}");
        }
        result = writeln!(writer, "{line}");
    });
    result
        .and_then(|()| writer.flush())
        .map_err(|e| Failure::usage(format!("cannot write output: {e}")))?;
    Ok(EXIT_OK)
}

/// The kind of archive entry a file should become, from its bytes and extension.
#[must_use]
pub fn entry_kind_for(path: &Path, data: &[u8]) -> EntryKind {
    if data.starts_with(mtn::format::MAGIC) {
        return EntryKind::Motion;
    }
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    match extension.as_str() {
        "wav" => EntryKind::Wave,
        "mid" | "midi" => EntryKind::Midi,
        "led" => EntryKind::Led,
        "syn" => EntryKind::Synth,
        "stt" => EntryKind::State,
        _ => EntryKind::Other,
    }
}
