//! `repair`, `convert` and `ticks`.

use super::input::{Loaded, has_extension, load, motions};
use super::{EXIT_OK, Failure};
use crate::codec::mtn::{self, Motion};
use crate::codec::oda::EntryKind;
use crate::fsutil::write_atomic;
use crate::robot::{self, timing};
use std::io::Write;
use std::path::Path;

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
pub fn convert(
    input: &Path,
    entry: Option<&str>,
    output: &Path,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let motion = read_motion(input, entry)?;
    let bytes = if has_extension(output, "mtn") {
        mtn::encode(&motion).map_err(|e| Failure::usage(format!("{}: {e}", output.display())))?
    } else if has_extension(output, "json") {
        let mut text = serde_json::to_vec_pretty(&motion)
            .map_err(|e| Failure::usage(format!("{}: {e}", output.display())))?;
        text.push(b'\n');
        text
    } else {
        return Err(Failure::usage(format!(
            "{}: unknown output format; use .mtn or .json",
            output.display()
        )));
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
