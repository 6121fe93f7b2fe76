//! Which part of a source file drives which AIBO joint, scaled and offset: the map file the
//! command line reads (`--map`) and the Import window loads and saves, and the joints an
//! import fills.
//!
//! A map file has one line per mapped joint, `JOINT = PART`, `JOINT = PART * SCALE` or
//! `JOINT = PART * SCALE + OFFSET` (`- OFFSET` too): the AIBO joint by name (`FL_LEG_KNEE`)
//! or locator, the source part by its 0-based index or its name, the scale a plain factor
//! and the offset in degrees. `#` starts a comment. Joints the map leaves out hold the
//! model's stand posture.

use super::error::Refusal;
use crate::robot::JointInfo;
use crate::robot::models::parse_design;
use crate::robot::postures::{posture, posture_locators};
use crate::words::plural;

/// A line of a map file that is not `JOINT = PART [* SCALE] [+ OFFSET]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line}: expected \"JOINT = PART\", \"JOINT = PART * SCALE\" or \
     \"JOINT = PART * SCALE + OFFSET\" (a joint, a part index or name, a factor, degrees), \
     found \"{found}\""
)]
pub struct MapError {
    /// The 1-based line.
    pub line: usize,
    /// The line as it was (without its comment).
    pub found: String,
}

/// A source part: by its 0-based index, or by the name the file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// The 0-based index in the source's frames.
    Index(usize),
    /// A name the source carries (an mtn-studio export's locators or joint names).
    Name(String),
}

/// One line of a map: an AIBO joint driven by a source part, `value * scale + offset`.
#[derive(Clone, Debug, PartialEq)]
pub struct MapEntry {
    /// The AIBO joint, by name or locator.
    pub joint: String,
    /// The source part.
    pub part: Part,
    /// The factor the source's angle is multiplied by.
    pub scale: f64,
    /// Degrees added after scaling.
    pub offset_deg: f64,
}

impl MapEntry {
    /// The joint driven one to one by a part.
    #[must_use]
    pub fn plain(joint: &str, part: usize) -> Self {
        Self {
            joint: joint.to_owned(),
            part: Part::Index(part),
            scale: 1.0,
            offset_deg: 0.0,
        }
    }
}

/// What drives one AIBO joint of an import: a source part, scaled and offset (radians), or,
/// without a part, the offset alone (a held posture).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drive {
    /// The source part, if any.
    pub part: Option<usize>,
    /// The factor.
    pub scale: f64,
    /// Radians added (the whole value when there is no part).
    pub offset_rad: f64,
}

impl Drive {
    /// A part one to one.
    #[must_use]
    pub fn part(part: usize) -> Self {
        Self {
            part: Some(part),
            scale: 1.0,
            offset_rad: 0.0,
        }
    }

    /// A held angle.
    #[must_use]
    pub fn hold(rad: f64) -> Self {
        Self {
            part: None,
            scale: 1.0,
            offset_rad: rad,
        }
    }

    /// The joint's angle in radians for a source frame (a part it lacks counts as 0).
    #[must_use]
    pub fn value(&self, frame: &[f64]) -> f64 {
        let source = self
            .part
            .map_or(0.0, |p| frame.get(p).copied().unwrap_or(0.0));
        source * self.scale + self.offset_rad
    }
}

/// Parses a map file (see the module's documentation).
///
/// # Errors
/// A line that is not of that form.
pub fn parse_map(text: &str) -> Result<Vec<MapEntry>, MapError> {
    let mut map = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        match parse_line(line) {
            Some(entry) => map.push(entry),
            None => {
                return Err(MapError {
                    line: n + 1,
                    found: line.to_owned(),
                });
            }
        }
    }
    Ok(map)
}

fn parse_line(line: &str) -> Option<MapEntry> {
    let (joint, rest) = line.split_once('=')?;
    let joint = joint.trim();
    if joint.is_empty() || joint.contains(char::is_whitespace) {
        return None;
    }
    // The offset: the last + or - that is not the sign of a number's exponent or of the scale.
    let (rest, offset_deg) = match rest
        .char_indices()
        .rev()
        .find(|&(i, c)| (c == '+' || c == '-') && !signs_a_number(rest, i))
    {
        Some((i, c)) => {
            let value: f64 = rest[i + 1..].trim().parse().ok()?;
            (&rest[..i], if c == '-' { -value } else { value })
        }
        None => (rest, 0.0),
    };
    let (part, scale) = match rest.split_once('*') {
        Some((part, scale)) => (part.trim(), scale.trim().parse::<f64>().ok()?),
        None => (rest.trim(), 1.0),
    };
    if part.is_empty() || part.contains(char::is_whitespace) || !scale.is_finite() {
        return None;
    }
    if !offset_deg.is_finite() {
        return None;
    }
    let part = part
        .parse::<usize>()
        .map_or_else(|_| Part::Name(part.to_owned()), Part::Index);
    Some(MapEntry {
        joint: joint.to_owned(),
        part,
        scale,
        offset_deg,
    })
}

/// Whether the sign at byte `i` belongs to a number (an exponent's, or a value's right after
/// `*` or `=`) rather than being the offset's operator.
fn signs_a_number(text: &str, i: usize) -> bool {
    let before = text[..i].trim_end();
    before.is_empty() || before.ends_with('*') || before.ends_with(['e', 'E'])
}

/// A map as the file the command line reads: a comment naming the source and model, one line
/// per mapped joint (scale and offset only where they are not 1 and 0), and a comment naming
/// the joints left to hold the stand posture.
#[must_use]
pub fn write_map(entries: &[MapEntry], source: &str, label: &str, held: &[&str]) -> String {
    let mut text = format!("# mtn-studio joint map: {source} onto {label}\n");
    text.push_str("# JOINT = PART [* SCALE] [+ OFFSET in degrees]; PART is a 0-based index\n");
    for entry in entries {
        let part = match &entry.part {
            Part::Index(i) => i.to_string(),
            Part::Name(name) => name.clone(),
        };
        text.push_str(&format!("{} = {part}", entry.joint));
        if entry.scale != 1.0 || entry.offset_deg != 0.0 {
            text.push_str(&format!(" * {}", entry.scale));
        }
        if entry.offset_deg != 0.0 {
            let sign = if entry.offset_deg < 0.0 { '-' } else { '+' };
            text.push_str(&format!(" {sign} {}", entry.offset_deg.abs()));
        }
        text.push('\n');
    }
    if !held.is_empty() {
        text.push_str(&format!(
            "# not mapped, holding the stand posture: {}\n",
            held.join(", ")
        ));
    }
    text
}

/// The design label to import onto: the one given (`chosen`), else the one the file names.
pub(super) fn design_label(chosen: Option<&str>, named: Option<&str>) -> Result<String, Refusal> {
    chosen.or(named).map(str::to_owned).ok_or(Refusal::NoModel)
}

/// The stand posture's angle of a joint, in radians, where the model has one.
#[must_use]
pub fn stand_rad(label: &str, locator: &str) -> Option<f64> {
    let design = parse_design(label)?;
    let stand = posture(design.model, "stand")?;
    let index = posture_locators(design.model)
        .iter()
        .position(|l| l == locator)?;
    stand.angles_deg.get(index).map(|d| d.to_radians())
}

/// The AIBO joints to fill and what drives each: by the map given (every joint of the model,
/// those it leaves out holding the stand posture), else by the names the file carries (an
/// mtn-studio export) when it names the same model (no other was `chosen`), else by order
/// (which the notes say).
pub(super) fn targets(
    label: &str,
    chosen: Option<&str>,
    map: Option<&[MapEntry]>,
    part_names: &[String],
    named: Option<&str>,
    parts: usize,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, Vec<Drive>), Refusal> {
    let design = parse_design(label).ok_or_else(|| Refusal::UnknownLabel(label.to_owned()))?;
    let joints: Vec<_> = design.allowed_joints().map(|(_, info)| info).collect();
    if let Some(map) = map {
        let source = FileParts { part_names, parts };
        return by_map(label, &joints, map, &source, notes);
    }
    if !part_names.is_empty() && chosen.is_none_or(|d| Some(d) == named) {
        return Ok((
            part_names.to_vec(),
            (0..part_names.len()).map(Drive::part).collect(),
        ));
    }
    if let Some(found) = by_name(label, &joints, part_names, notes) {
        return Ok(found);
    }
    Ok(by_order(label, &joints, parts, notes))
}

/// The parts a file has: their names (where it names them) and how many.
struct FileParts<'a> {
    part_names: &'a [String],
    parts: usize,
}

/// Every joint of the model from the part the map gives it, those it leaves out holding the
/// stand posture; the notes say which hold and which parts drive nothing.
///
/// # Errors
/// The map names a joint the model lacks, or a part the file lacks.
fn by_map(
    label: &str,
    joints: &[&JointInfo],
    map: &[MapEntry],
    source: &FileParts<'_>,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, Vec<Drive>), Refusal> {
    let mut drives: Vec<Option<Drive>> = vec![None; joints.len()];
    for entry in map {
        let Some(j) = joints
            .iter()
            .position(|info| info.name == entry.joint || info.locator == entry.joint)
        else {
            return Err(Refusal::UnknownJoint {
                joint: entry.joint.clone(),
                label: label.to_owned(),
            });
        };
        drives[j] = Some(map_drive(entry, source)?);
    }
    let held: Vec<&str> = joints
        .iter()
        .zip(&drives)
        .filter(|(_, d)| d.is_none())
        .map(|(info, _)| info.name)
        .collect();
    if !held.is_empty() {
        let (count, verb) = if held.len() == 1 {
            ("1 joint".to_owned(), "holds")
        } else {
            (format!("{} joints", held.len()), "hold")
        };
        notes.push(format!(
            "{count} the map leaves out {verb} the stand posture: {}",
            held.join(", ")
        ));
    }
    note_unused(
        source.part_names,
        |i| drives.iter().flatten().any(|d| d.part == Some(i)),
        notes,
    );
    let drives = joints
        .iter()
        .zip(drives)
        .map(|(info, d)| {
            d.unwrap_or_else(|| Drive::hold(stand_rad(label, info.locator).unwrap_or(0.0)))
        })
        .collect();
    Ok((
        joints.iter().map(|i| i.locator.to_owned()).collect(),
        drives,
    ))
}

/// What drives the joint of one map entry: the part it names (by index or by name), scaled
/// and offset.
///
/// # Errors
/// The file has no such part.
fn map_drive(entry: &MapEntry, source: &FileParts<'_>) -> Result<Drive, Refusal> {
    let parts = source.parts;
    let part = match &entry.part {
        Part::Index(i) => Some(*i).filter(|&i| i < parts),
        Part::Name(name) => source.part_names.iter().position(|n| n == name),
    };
    let Some(part) = part else {
        return Err(Refusal::NoSuchPart {
            joint: entry.joint.clone(),
            part: match &entry.part {
                Part::Index(i) => i.to_string(),
                Part::Name(name) => format!("\"{name}\""),
            },
            parts,
        });
    };
    Ok(Drive {
        part: Some(part),
        scale: entry.scale,
        offset_rad: entry.offset_deg.to_radians(),
    })
}

/// Each joint from the part in its place (the first `parts` joints; the rest hold 0), with
/// a note when the file's parts are not as many as the model's joints.
fn by_order(
    label: &str,
    joints: &[&JointInfo],
    parts: usize,
    notes: &mut Vec<String>,
) -> (Vec<String>, Vec<Drive>) {
    if parts != joints.len() {
        notes.push(format!(
            "mapped by order, across different robots: the file's first {} of {parts} parts \
             drive {label}'s {} joints{}; give a map (--map, or the Import window's grid) to \
             choose",
            parts.min(joints.len()),
            joints.len(),
            if parts < joints.len() {
                "; the rest stay at 0"
            } else {
                ""
            }
        ));
    }
    let drives = (0..joints.len())
        .map(|j| {
            if j < parts {
                Drive::part(j)
            } else {
                Drive::hold(0.0)
            }
        })
        .collect();
    (
        joints.iter().map(|i| i.locator.to_owned()).collect(),
        drives,
    )
}

/// Each joint from the part named by its locator or its name (a Webots motion's columns,
/// say), as the Import window's grid fills itself, the others holding the stand posture;
/// `None` when no part is named so. The notes say which joints hold and which parts drive
/// nothing.
fn by_name(
    label: &str,
    joints: &[&JointInfo],
    part_names: &[String],
    notes: &mut Vec<String>,
) -> Option<(Vec<String>, Vec<Drive>)> {
    let found: Vec<Option<usize>> = joints
        .iter()
        .map(|info| {
            part_names
                .iter()
                .position(|n| n == info.locator || n == info.name)
        })
        .collect();
    if found.iter().all(Option::is_none) {
        return None;
    }
    let held: Vec<&str> = joints
        .iter()
        .zip(&found)
        .filter(|(_, part)| part.is_none())
        .map(|(info, _)| info.name)
        .collect();
    if !held.is_empty() {
        notes.push(format!(
            "{} that no column names {} the stand posture: {}",
            plural(held.len(), "joint", "joints"),
            if held.len() == 1 { "holds" } else { "hold" },
            held.join(", ")
        ));
    }
    note_unused(part_names, |i| found.contains(&Some(i)), notes);
    let drives = joints
        .iter()
        .zip(&found)
        .map(|(info, part)| match part {
            Some(part) => Drive::part(*part),
            None => Drive::hold(stand_rad(label, info.locator).unwrap_or(0.0)),
        })
        .collect();
    Some((
        joints.iter().map(|i| i.locator.to_owned()).collect(),
        drives,
    ))
}

/// Says which of the file's named parts no joint takes (a column of another robot's motor,
/// say), so that nothing is dropped unsaid.
fn note_unused(part_names: &[String], used: impl Fn(usize) -> bool, notes: &mut Vec<String>) {
    let unused: Vec<&str> = part_names
        .iter()
        .enumerate()
        .filter(|(i, _)| !used(*i))
        .map(|(_, name)| name.as_str())
        .collect();
    if !unused.is_empty() {
        notes.push(format!(
            "not mapped (no joint takes {}): {}",
            if unused.len() == 1 { "it" } else { "them" },
            unused.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_files_parse_and_bad_lines_are_named() {
        let map = parse_map(
            "# AIBO from SR1\nHEAD_PITCH = 3\n FL_LEG_KNEE=10 * -1.5 - 20 # knee\n\
             TAIL_PAN = RLEG_HIP_Y * 2e-1 + 1e1\nMOUTH = 2 + 5\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            map,
            vec![
                MapEntry::plain("HEAD_PITCH", 3),
                MapEntry {
                    joint: "FL_LEG_KNEE".into(),
                    part: Part::Index(10),
                    scale: -1.5,
                    offset_deg: -20.0
                },
                MapEntry {
                    joint: "TAIL_PAN".into(),
                    part: Part::Name("RLEG_HIP_Y".into()),
                    scale: 0.2,
                    offset_deg: 10.0
                },
                MapEntry {
                    joint: "MOUTH".into(),
                    part: Part::Index(2),
                    scale: 1.0,
                    offset_deg: 5.0
                },
            ]
        );
        for bad in [
            "KNEE three",
            "KNEE = 1 * x",
            "= 3",
            "KNEE = 1 + ",
            "KNEE = 1 * 2 + nan",
        ] {
            let error = parse_map(&format!("HEAD_PITCH = 3\n{bad}\n")).err();
            assert_eq!(error.as_ref().map(|e| e.line), Some(2), "{bad}: {error:?}");
        }
    }

    #[test]
    fn a_written_map_reads_back_as_it_was() {
        let entries = vec![
            MapEntry::plain("HEAD_PITCH", 3),
            MapEntry {
                joint: "FL_LEG_KNEE".into(),
                part: Part::Index(10),
                scale: -1.5,
                offset_deg: -20.25,
            },
            MapEntry {
                joint: "TAIL_PAN".into(),
                part: Part::Index(0),
                scale: 1.0,
                offset_deg: 7.0,
            },
        ];
        let text = write_map(&entries, "walk.seq", "DRX-1000", &["MOUTH"]);
        assert_eq!(parse_map(&text), Ok(entries), "{text}");
        assert!(text.contains("MOUTH"), "{text}");
    }

    #[test]
    fn joints_a_map_leaves_out_hold_the_stand_posture() {
        let map = [MapEntry::plain("HEAD_YAW", 1)];
        let mut notes = Vec::new();
        let (locators, drives) = targets(
            "DRX-1000",
            Some("DRX-1000"),
            Some(&map),
            &[],
            None,
            29,
            &mut notes,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(locators.len(), 20);
        assert_eq!(drives.iter().filter(|d| d.part.is_some()).count(), 1);
        // The ERS-7 stands with its knees at 30 degrees.
        let knee = locators
            .iter()
            .position(|l| l == "PRM:/r2/c1/c2/c3-Joint2:23")
            .unwrap_or_else(|| panic!("{locators:?}"));
        assert!((drives[knee].value(&[]).to_degrees() - 30.0).abs() < 1e-9);
        assert!(
            notes[0].starts_with("19 joints the map leaves out hold"),
            "{notes:?}"
        );
    }
}
