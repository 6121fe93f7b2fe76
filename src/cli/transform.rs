//! `repair`, `convert` and `ticks`.

use super::input::{Loaded, load, motions};
use super::{EXIT_OK, Failure};
use crate::codec::kind::FileKind;
use crate::codec::mtn::Motion;
use crate::convert::{self, ConvertError, Refusal};
use crate::fsutil::write_atomic;
use crate::robot::repair::{Repaired, repair as repair_motion};
use crate::robot::{self, timing};
use std::io::Write;
use std::path::{Path, PathBuf};

fn save(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_atomic(path, bytes)
        .map_err(|e| Failure::usage(format!("{}: cannot write: {e}", path.display())))
}

fn print(out: &mut dyn Write, line: &str) -> Result<(), Failure> {
    writeln!(out, "{line}").map_err(|e| Failure::output(&e))
}

fn report_repair(label: &str, repaired: &Repaired, out: &mut dyn Write) -> Result<(), Failure> {
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
    if FileKind::by_extension(output) == Some(FileKind::Oda) {
        let Loaded::Archive(mut archive) = load(input)? else {
            return Err(Failure::usage(format!(
                "{shown} is a single motion; write its repair to an .mtn file"
            )));
        };
        let sources = motions(input, entry, true)?;
        for source in &sources {
            let repaired = repair_motion(&source.decoded)
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
    let repaired = repair_motion(&source.decoded)
        .map_err(|e| Failure::usage(format!("{}: cannot repair: {e}", source.label)))?;
    report_repair(&source.label, &repaired, out)?;
    save(output, &repaired.bytes)?;
    Ok(EXIT_OK)
}

/// The options of `convert` beyond its files.
#[derive(Clone, Debug, clap::Args)]
pub struct ConvertOptions {
    /// The AIBO design label for a body motion that does not name one (e.g. DRX-1000).
    #[arg(long, value_name = "LABEL")]
    pub model: Option<String>,
    /// A mapping file: one `JOINT = PART` per line (AIBO joint name or locator = the
    /// 0-based index of the source part).
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// Frames per second for .seq export.
    #[arg(long, default_value_t = crate::convert::DEFAULT_FPS)]
    pub fps: f64,
    /// Largest allowed difference from the source when reducing to keyframes, degrees.
    #[arg(long, value_name = "DEG", default_value_t = crate::convert::DEFAULT_TOLERANCE_DEG)]
    pub tolerance: f64,
    /// Export the keyframes only, each with its time (hasFrameTime).
    #[arg(long)]
    pub keyframes_only: bool,
    /// Write formatVersion 4 (snake_case keys) instead of 2.
    #[arg(long)]
    pub seq_v4: bool,
}

fn export_options(options: &ConvertOptions) -> convert::ExportOptions {
    convert::ExportOptions {
        fps: options.fps,
        keyframes_only: options.keyframes_only,
        seq_v4: options.seq_v4,
    }
}

fn import_options(options: &ConvertOptions) -> Result<convert::ImportOptions, Failure> {
    let map = match &options.map {
        Some(path) => {
            let text = convert::read_text(path).map_err(|e| Failure::usage(e.to_string()))?;
            let map = convert::parse_map(&text)
                .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
            Some(map)
        }
        None => None,
    };
    Ok(convert::ImportOptions {
        design: options.model.clone(),
        map,
        tolerance_deg: options.tolerance,
        name: convert::IMPORTED_NAME.into(),
    })
}

/// The command line's words for a conversion error: exit 2 for a file that cannot be read
/// as what it claims to be, 1 for a refused conversion, with the option to give.
fn failure(error: &ConvertError) -> Failure {
    let hint = match error.refusal() {
        Some(Refusal::NoModel) => " (give --model LABEL)",
        Some(Refusal::FrameRate(_) | Refusal::TooManyFrames { .. }) => {
            " (--fps, or --keyframes-only)"
        }
        _ => "",
    };
    let message = format!("{error}{hint}");
    if error.is_unreadable() {
        Failure::unreadable(message)
    } else {
        Failure::usage(message)
    }
}

/// Converts by extension: .mtn .json .csv .seq .yaml .pseq. A body motion or key-pose
/// sequence becomes an AIBO motion through [`convert::import_path`], and every AIBO motion
/// is written through [`convert::export_bytes`], as the window does.
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
    if FileKind::by_extension(output).is_none_or(|k| !FileKind::EXPORTED.contains(&k)) {
        return Err(Failure::usage(format!(
            "{}: unknown output format; use .mtn, .json, .csv, .seq, .yaml or .pseq",
            output.display()
        )));
    }
    let own = convert::convert_path(input, output, options.seq_v4).map_err(|e| failure(&e))?;
    let bytes = match own {
        Some(own) => {
            for note in &own.notes {
                eprintln!("mtn-studio: {}: {note}", input.display());
            }
            own.bytes
        }
        None => {
            let imported = matches!(
                FileKind::by_extension(input),
                Some(FileKind::BodyMotion | FileKind::PoseSeq | FileKind::Csv)
            );
            let motion = if imported {
                let (motion, lines) = convert::import_path(input, &import_options(options)?)
                    .map_err(|e| failure(&e))?;
                let (summary, notes) = lines
                    .split_first()
                    .map_or((None, &[][..]), |(s, n)| (Some(s), n));
                if let Some(summary) = summary {
                    print(out, summary)?;
                }
                for note in notes {
                    eprintln!("mtn-studio: {}: {note}", input.display());
                }
                motion
            } else {
                read_motion(input, entry)?
            };
            convert::export_bytes(&motion, output, export_options(options))
                .map_err(|e| failure(&e))?
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

/// `ticks FILE [--entry NAME]`: `tick,ms,<joint>...` then one row per 8 ms tick.
pub fn ticks(file: &Path, entry: Option<&str>, out: &mut dyn Write) -> Result<u8, Failure> {
    let motion = read_motion(file, entry)?;
    let mut writer = std::io::BufWriter::new(out);
    let header = crate::codec::csv::record(
        ["tick", "ms"].into_iter().chain(
            motion
                .locators
                .iter()
                .map(|l| robot::joint_name(&motion.design, l)),
        ),
    );
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
        .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}
