//! Which part of a source file drives which AIBO joint: the map file the command line reads
//! (`--map`) and the window writes, and the joints an import fills.

use super::{ImportOptions, Refusal};
use crate::robot::models::parse_design;

/// A line of a map file that is not `JOINT = PART`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line}: expected \"JOINT = PART\" (a joint name and a part index), found \"{found}\""
)]
pub struct MapError {
    /// The 1-based line.
    pub line: usize,
    /// The line as it was (without its comment).
    pub found: String,
}

/// Parses a mapping file: one `JOINT = PART` per line (joint by name or locator, part by
/// its 0-based index in the source frames); `#` starts a comment.
///
/// # Errors
/// A line that is not of that form.
pub fn parse_map(text: &str) -> Result<Vec<(String, usize)>, MapError> {
    let mut map = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let parsed = line
            .split_once('=')
            .and_then(|(j, p)| Some((j.trim(), p.trim().parse::<usize>().ok()?)));
        match parsed {
            Some((joint, part)) if !joint.is_empty() => map.push((joint.to_owned(), part)),
            _ => {
                return Err(MapError {
                    line: n + 1,
                    found: line.to_owned(),
                });
            }
        }
    }
    Ok(map)
}

/// The design label to import onto: the one given, else the one the file names.
pub(super) fn design_label(
    options: &ImportOptions,
    named: Option<&str>,
) -> Result<String, Refusal> {
    options
        .design
        .clone()
        .or_else(|| named.map(str::to_owned))
        .ok_or(Refusal::NoModel)
}

/// The AIBO joints to fill and the source part that drives each: by the mapping given,
/// else by the names the file carries (an mtn-studio export) when it names the same model,
/// else by order (which the notes say).
pub(super) fn targets(
    label: &str,
    options: &ImportOptions,
    own_locators: &[String],
    named: Option<&str>,
    parts: usize,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, Vec<Option<usize>>), Refusal> {
    let design = parse_design(label).ok_or_else(|| Refusal::UnknownLabel(label.to_owned()))?;
    Ok(if let Some(map) = &options.map {
        let joints: Vec<_> = design.allowed_joints().collect();
        let mut pairs = Vec::new();
        for (joint, part) in map {
            let Some((_, info)) = joints
                .iter()
                .find(|(_, info)| info.name == joint || info.locator == joint)
            else {
                return Err(Refusal::UnknownJoint {
                    joint: joint.clone(),
                    label: label.to_owned(),
                });
            };
            if *part >= parts {
                return Err(Refusal::NoSuchPart {
                    joint: joint.clone(),
                    part: *part,
                    parts,
                });
            }
            pairs.push((info.locator.to_owned(), Some(*part)));
        }
        pairs.into_iter().unzip()
    } else if !own_locators.is_empty() && options.design.as_deref().is_none_or(|d| Some(d) == named)
    {
        (
            own_locators.to_vec(),
            (0..own_locators.len()).map(Some).collect(),
        )
    } else {
        let joints: Vec<String> = design
            .allowed_joints()
            .map(|(_, info)| info.locator.to_owned())
            .collect();
        if parts != joints.len() {
            notes.push(format!(
                "mapped by order: the file's first {} of {parts} parts drive {label}'s {} joints{}",
                parts.min(joints.len()),
                joints.len(),
                if parts < joints.len() {
                    "; the rest stay at 0"
                } else {
                    ""
                }
            ));
        }
        let sources = (0..joints.len())
            .map(|j| (j < parts).then_some(j))
            .collect();
        (joints, sources)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_files_parse_and_bad_lines_are_named() {
        let map = parse_map("# AIBO from SR1\nHEAD_PITCH = 3\n FL_LEG_KNEE=10 # knee\n\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            map,
            vec![("HEAD_PITCH".into(), 3), ("FL_LEG_KNEE".into(), 10)]
        );
        let error = parse_map("HEAD_PITCH = 3\nKNEE three\n").err();
        assert_eq!(error.as_ref().map(|e| e.line), Some(2), "{error:?}");
    }
}
