//! `repair`, `convert` and `ticks`.

use super::failure::{EXIT_OK, Failure};
use super::input::{Loaded, Source, load, motions};
use crate::codec::kind::FileKind;
use crate::codec::mtn::Motion;
use crate::fsutil::write_atomic;
use crate::robot::repair::{Repaired, repair as repair_motion};
use crate::robot::{self, timing};
use std::io::Write;
use std::path::Path;

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

/// The one motion a command works on; a malformed one is recovered, with a note on stderr.
pub(super) fn read_motion(input: &Path, entry: Option<&str>) -> Result<Motion, Failure> {
    first_motion(motions(input, entry, false)?, &input.display().to_string())
}

/// The first of `sources` (the one a command works on; `shown` names where they came
/// from); a malformed one is recovered, with a note on stderr.
pub(super) fn first_motion(sources: Vec<Source>, shown: &str) -> Result<Motion, Failure> {
    let Some(source) = sources.into_iter().next() else {
        return Err(Failure::usage(format!("{shown}: no motion in it")));
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
