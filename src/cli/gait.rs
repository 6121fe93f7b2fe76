//! The commands on StickyBot gait files: `info`, `check`, `repair` and `convert` (to and
//! from JSON) take them as they take motions, told apart as every entry point tells files apart ([`crate::open`]).

use super::failure::{EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, Failure};
use crate::codec::gait::{self, Decoded, GaitProblem, Section};
use crate::codec::kind::FileKind;
use crate::codec::problem::Severity;
use crate::fsutil::write_atomic;
use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;

/// The most bytes a gait file can have (its size header is 16 bits).
const MAX_GAIT_BYTES: u64 = 1 << 16;

/// Whether `path` is a gait file (`.gait`, or a file whose first two bytes are its length).
#[must_use]
pub fn is_gait(path: &Path) -> bool {
    path.as_os_str() != "-"
        && matches!(
            crate::open::sniff(path, crate::open::OpenOptions::COMMAND_LINE),
            Ok(crate::open::Opening::Gait)
        )
}

fn read(path: &Path) -> Result<(Vec<u8>, Decoded), Failure> {
    let shown = path.display();
    let unreadable = |e: &dyn std::fmt::Display| Failure::unreadable(format!("{shown}: {e}"));
    let size = std::fs::metadata(path).map_err(|e| unreadable(&e))?.len();
    if size > MAX_GAIT_BYTES {
        return Err(Failure::unreadable(format!(
            "{shown}: {size} bytes, more than a gait file's 16-bit size can say"
        )));
    }
    let data = std::fs::read(path).map_err(|e| unreadable(&e))?;
    let decoded = gait::decode(&data).map_err(|e| unreadable(&e))?;
    Ok((data, decoded))
}

/// Whether any problem is a warning or worse.
fn has_problems(problems: &[GaitProblem]) -> bool {
    problems.iter().any(|p| p.severity >= Severity::Warning)
}

/// One section for `info --json`: its type by name, its code and file offset, its fields by
/// the page's names (numbers as real values).
fn section_json(section: &Section) -> Value {
    let mut value = serde_json::to_value(section).unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut value {
        fields.insert("offset".into(), json!(section.offset()));
        if fields.get("type").and_then(Value::as_str) == Some("bytes") {
            let name = gait::SectionType::from_code(section.code).map_or("unknown", |t| t.name());
            fields.insert("type".into(), json!(name));
        }
    }
    value
}

fn problem_line(shown: &str, problem: &GaitProblem) -> String {
    format!(
        "{shown}: {} {} at byte {}: {}",
        problem.severity,
        problem.code.as_str(),
        problem.offset,
        problem.message
    )
}

/// `info FILE [--json]` for a gait file.
///
/// # Errors
/// The file cannot be read, or standard output cannot be written.
pub fn info(path: &Path, json_out: bool, out: &mut dyn Write) -> Result<u8, Failure> {
    let (data, decoded) = read(path)?;
    let gait = &decoded.gait;
    let shown = path.display().to_string();
    let text = if json_out {
        let object = json!({
            "file": shown,
            "kind": "gait",
            "size": data.len(),
            "declared_size": gait.declared_size,
            "toc_count_byte": gait.toc_count_byte,
            "sections": gait.sections.iter().map(section_json).collect::<Vec<_>>(),
            "gaps": gait.gaps.iter().map(|g| json!({"offset": g.offset, "len": g.bytes.len()})).collect::<Vec<_>>(),
            "well_formed": decoded.is_well_formed(),
            "problems": decoded.problems,
        });
        serde_json::to_string_pretty(&object).unwrap_or_default()
    } else {
        let mut lines = vec![
            format!("{shown}: StickyBot gait file, {} bytes", data.len()),
            format!(
                "  size header {}, table of contents {} count byte, {} sections",
                gait.declared_size,
                if gait.toc_count_byte {
                    "with"
                } else {
                    "without"
                },
                gait.sections.len()
            ),
        ];
        for section in &gait.sections {
            let name =
                gait::SectionType::from_code(section.code).map_or("unknown type", |t| t.name());
            lines.push(format!(
                "  0x{:02X} {name} at byte {} ({} bytes)",
                section.code,
                section.offset(),
                section.bytes().len()
            ));
        }
        lines.extend(decoded.problems.iter().map(|p| problem_line(&shown, p)));
        lines.join("\n")
    };
    writeln!(out, "{text}").map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}

/// `check` of one gait file: its lines for standard output and standard error, and the
/// exit code.
#[must_use]
pub fn check(path: &Path, json_out: bool) -> (String, String, u8) {
    let shown = path.display().to_string();
    let (_, decoded) = match read(path) {
        Ok(read) => read,
        Err(failure) => {
            return (
                String::new(),
                format!("mtn-studio: {}\n", failure.message),
                EXIT_UNREADABLE,
            );
        }
    };
    let ok = !has_problems(&decoded.problems);
    let code = if ok { EXIT_OK } else { EXIT_PROBLEMS };
    let out = if json_out {
        let object = json!({"file": shown, "entry": null, "ok": ok, "problems": decoded.problems});
        format!("{object}\n")
    } else {
        let mut lines: Vec<String> = decoded
            .problems
            .iter()
            .map(|p| problem_line(&shown, p))
            .collect();
        if ok {
            lines.push(format!("{shown}: ok"));
        }
        lines.join("\n") + "\n"
    };
    (out, String::new(), code)
}

/// `repair IN -o OUT` for a gait file: the size header made true, a missing count byte
/// added; each fix listed.
///
/// # Errors
/// Unreadable input, a model that cannot be written, or an output that cannot be saved.
pub fn repair(input: &Path, output: &Path, out: &mut dyn Write) -> Result<u8, Failure> {
    let (_, decoded) = read(input)?;
    let shown = input.display();
    let (fixed, fixes) =
        gait::repair(&decoded.gait).map_err(|e| Failure::usage(format!("{shown}: {e}")))?;
    let bytes = gait::encode(&fixed).map_err(|e| Failure::usage(format!("{shown}: {e}")))?;
    write_atomic(output, &bytes)
        .map_err(|e| Failure::usage(format!("{}: cannot write: {e}", output.display())))?;
    let mut lines: Vec<String> = fixes.iter().map(|f| format!("{shown}: {f}")).collect();
    if fixes.is_empty() {
        lines.push(format!("{shown}: nothing to fix"));
    }
    // What repair does not touch (values: limits, G^-1) is said, for the user to decide.
    if let Ok(again) = gait::decode(&bytes) {
        lines.extend(
            again
                .problems
                .iter()
                .filter(|p| p.severity >= Severity::Warning)
                .map(|p| format!("still: {}", problem_line(&output.display().to_string(), p))),
        );
    }
    lines.push(format!(
        "wrote {} ({} bytes)",
        output.display(),
        bytes.len()
    ));
    writeln!(out, "{}", lines.join("\n")).map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}

/// `convert` where either side is a gait file: to JSON (the whole model, numbers as real
/// values) or a gait file again, and from that JSON back.
///
/// # Errors
/// Unreadable input, a conversion to a format that cannot hold a gait file, or an output
/// that cannot be saved.
pub fn convert(input: &Path, output: &Path, out: &mut dyn Write) -> Result<u8, Failure> {
    let shown = input.display();
    let model = if is_gait(input) {
        read(input)?.1.gait
    } else if FileKind::by_extension(input) == Some(FileKind::Json) {
        let text = std::fs::read_to_string(input)
            .map_err(|e| Failure::unreadable(format!("{shown}: {e}")))?;
        serde_json::from_str(&text).map_err(|e| {
            Failure::unreadable(format!(
                "{shown}: not a gait file in mtn-studio's JSON form: {e}"
            ))
        })?
    } else {
        return Err(Failure::usage(format!(
            "{shown}: a gait file converts only to and from JSON"
        )));
    };
    let bytes = match FileKind::by_extension(output) {
        Some(FileKind::Json) => {
            let mut text = serde_json::to_vec_pretty(&model)
                .map_err(|e| Failure::usage(format!("cannot render JSON: {e}")))?;
            text.push(b'\n');
            text
        }
        Some(FileKind::Gait) => {
            gait::encode(&model).map_err(|e| Failure::usage(format!("{shown}: {e}")))?
        }
        Some(
            FileKind::Mtn
            | FileKind::Oda
            | FileKind::Csv
            | FileKind::BodyMotion
            | FileKind::PoseSeq
            | FileKind::WebotsMotion
            | FileKind::BehaviourTable
            | FileKind::StickImage,
        )
        | None => {
            return Err(Failure::usage(format!(
                "{}: a gait file converts to .json or .gait",
                output.display()
            )));
        }
    };
    write_atomic(output, &bytes)
        .map_err(|e| Failure::usage(format!("{}: cannot write: {e}", output.display())))?;
    writeln!(out, "wrote {} ({} bytes)", output.display(), bytes.len())
        .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}
