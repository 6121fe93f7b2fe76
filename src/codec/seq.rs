//! Choreonoid body motions (.seq, .yaml): formatVersion 1 to 4, read and written.
//!
//! What real files do beyond the spec (`docs/formats/seq.md`): a missing formatVersion means 1
//! (top type `BodyMotion`, joint content `JointPosition`, SE3 key `format`); version 3 names
//! contents `MultiJointDisplacementSeq`, `MultiLinkPositionSeq`, `ZMPSeq`; version 4 spells
//! keys in snake_case. Either spelling is accepted in any version. Components inherit missing
//! keys from the top node; `numFrames` is informational. Variable-interval frames
//! (`hasFrameTime`) are placed at frame `truncate((t - t0) * frameRate)`, gaps repeating the
//! previous frame.
//!
//! mtn-studio writes the AIBO joints a file drives as comments at its top
//! (`# mtn-studio-design: DRX-1000`, `# mtn-studio-joints: <locator> ...`), so its own
//! exports read back to MTN with no options; other readers ignore them.

use super::yaml::{self, Node};
use frames::frames_of;
use reading::{FORMAT_VERSION, NUM_PARTS, SE3_FORMAT, fail, inherited};
pub use reading::{MAX_FRAMES, MAX_VALUES, SeqError};
use std::fmt::Write as _;

mod frames;
mod reading;

/// The most values per frame accepted.
pub const MAX_PARTS: usize = 4096;

/// A body motion as mtn-studio uses it: joint displacements, and the root link's pose.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BodyMotion {
    /// Frames per second.
    pub frame_rate: f64,
    /// Values per frame (joints).
    pub parts: usize,
    /// Joint displacements, `frames x parts`, in radians (metres for prismatic joints).
    pub joints: Vec<f64>,
    /// The root link per frame: position (m) and roll, pitch, yaw (rad); empty if the file
    /// has no LinkPosition component.
    pub root: Vec<[f64; 6]>,
    /// The AIBO design label, if the file names one (mtn-studio's exports do).
    pub design: Option<String>,
    /// The AIBO joint locators the parts drive, if the file names them.
    pub locators: Vec<String>,
    /// What was skipped or assumed while reading, one line each.
    pub notes: Vec<String>,
}

impl BodyMotion {
    /// Joint frames only (`frames x parts` values, radians): no root, no AIBO names, no notes.
    #[must_use]
    pub fn from_joints(frame_rate: f64, parts: usize, joints: Vec<f64>) -> Self {
        Self {
            frame_rate,
            parts,
            joints,
            root: Vec::new(),
            design: None,
            locators: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The number of frames.
    #[must_use]
    pub fn frame_count(&self) -> usize {
        self.joints.len().checked_div(self.parts).unwrap_or(0)
    }

    /// Frame `f`'s joint values.
    #[must_use]
    pub fn frame(&self, f: usize) -> &[f64] {
        self.joints
            .get(f * self.parts..(f + 1) * self.parts)
            .unwrap_or_default()
    }
}

/// The design label and joint locators from the `# mtn-studio-...` comment lines at the top
/// of a file mtn-studio wrote (None and empty for any other file).
#[must_use]
pub fn mtn_studio_comments(text: &str) -> (Option<String>, Vec<String>) {
    let mut design = None;
    let mut locators = Vec::new();
    for line in text
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
    {
        if let Some(label) = line.strip_prefix("# mtn-studio-design:") {
            design = Some(label.trim().to_owned());
        } else if let Some(list) = line.strip_prefix("# mtn-studio-joints:") {
            locators = list.split_whitespace().map(str::to_owned).collect();
        }
    }
    (design, locators)
}

/// Reads a body motion.
///
/// # Errors
/// The text is not YAML of the subset real files use, or not a body motion: no joint
/// component, a frame with the wrong number of values, a value that is not a number, times
/// that go backwards. The error names the line.
pub fn read(text: &str) -> Result<BodyMotion, SeqError> {
    let top = yaml::parse(text)?;
    if !matches!(top, Node::Map { .. }) {
        return fail(&top, "not a body motion: the top is not a mapping");
    }
    let mut notes = Vec::new();
    check_version(&top, &mut notes)?;
    let components = components_of(&top)?;
    let mut joints: Option<(usize, f64, Vec<f64>)> = None;
    let mut root: Vec<[f64; 6]> = Vec::new();
    for component in components {
        let kind = component
            .get(&["type"])
            .and_then(Node::as_str)
            .unwrap_or("");
        let content = component
            .get(&["content"])
            .and_then(Node::as_str)
            .unwrap_or("");
        let is_joint = matches!(
            content,
            "JointDisplacement" | "JointPosition" | "MultiJointDisplacementSeq"
        ) || kind == "MultiJointDisplacementSeq";
        let is_link = matches!(content, "LinkPosition" | "MultiLinkPositionSeq")
            || kind == "MultiLinkPositionSeq";
        if is_joint {
            if joints.is_some() {
                notes.push(format!(
                    "line {}: a second joint component was skipped",
                    component.line()
                ));
                continue;
            }
            let parts = count(component, &top, NUM_PARTS, "numParts")?;
            let (rate, frames) = frames_of(component, &top, parts)?;
            joints = Some((parts, rate, frames));
        } else if is_link {
            if let Some(poses) = read_link(component, &top, &mut notes)? {
                root = poses;
            }
        } else {
            notes.push(format!(
                "line {}: the {kind} component \"{content}\" was skipped",
                component.line()
            ));
        }
    }
    let Some((parts, frame_rate, joints)) = joints else {
        return fail(
            &top,
            "no joint component (JointDisplacement) in this body motion",
        );
    };
    let (design, mut locators) = mtn_studio_comments(text);
    if !locators.is_empty() && locators.len() != parts {
        notes.push(format!(
            "the file names {} joints for {parts} parts; the names were ignored",
            locators.len()
        ));
        locators.clear();
    }
    Ok(BodyMotion {
        frame_rate,
        parts,
        joints,
        root,
        design,
        locators,
        notes,
    })
}

/// Notes a formatVersion this reader does not know (a missing one is 1).
///
/// # Errors
/// The formatVersion is not a number.
fn check_version(top: &Node<'_>, notes: &mut Vec<String>) -> Result<(), SeqError> {
    let version = match top.get(FORMAT_VERSION) {
        None => 1.0,
        Some(v) => match v.as_f64() {
            Some(v) => v,
            None => return fail(v, "formatVersion is not a number"),
        },
    };
    if !(1.0..=4.0).contains(&version) {
        notes.push(format!(
            "formatVersion {version} is not one this reader knows (1 to 4); read as 4"
        ));
    }
    Ok(())
}

/// The components of a body motion.
///
/// # Errors
/// The top node's type is not a body motion's, or it has no list of components.
fn components_of<'n, 'a>(top: &'n Node<'a>) -> Result<&'n [Node<'a>], SeqError> {
    let kind = top.get(&["type"]).and_then(Node::as_str).unwrap_or("");
    if !matches!(kind, "CompositeSeq" | "BodyMotion") {
        return fail(
            top,
            format!("not a body motion: its type is \"{kind}\", not CompositeSeq"),
        );
    }
    let Some(components) = top.get(&["components"]) else {
        return fail(top, "no components");
    };
    let Some(components) = components.as_seq() else {
        return fail(components, "components is not a list");
    };
    Ok(components)
}

/// The root link's pose in each frame of a LinkPosition component, as position and roll,
/// pitch, yaw; none (noted) for an SE3 format this reader does not know.
///
/// # Errors
/// The component's frames cannot be read.
fn read_link(
    component: &Node<'_>,
    top: &Node<'_>,
    notes: &mut Vec<String>,
) -> Result<Option<Vec<[f64; 6]>>, SeqError> {
    let parts = count(component, top, NUM_PARTS, "numParts").unwrap_or(1);
    let format = inherited(component, top, SE3_FORMAT)
        .and_then(Node::as_str)
        .unwrap_or("XYZQWQXQYQZ");
    let width = match format {
        "XYZQWQXQYQZ" | "XYZQXQYQZQW" => 7,
        "XYZRPY" => 6,
        other => {
            notes.push(format!(
                "line {}: LinkPosition in the unknown SE3 format \"{other}\" was skipped",
                component.line()
            ));
            return Ok(None);
        }
    };
    let (_, values) = frames_of(component, top, parts * width)?;
    Ok(Some(
        values
            .chunks_exact(parts * width)
            .map(|frame| se3_to_xyzrpy(&frame[..width], format))
            .collect(),
    ))
}

fn count(
    component: &Node<'_>,
    top: &Node<'_>,
    keys: &[&str],
    name: &str,
) -> Result<usize, SeqError> {
    let Some(node) = inherited(component, top, keys) else {
        return fail(component, format!("no {name}"));
    };
    match node.as_f64() {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "checked to be a whole number in range first"
        )]
        Some(v) if v.fract() == 0.0 && (1.0..=MAX_PARTS as f64).contains(&v) => Ok(v as usize),
        _ => fail(node, format!("{name} is not a count from 1 to {MAX_PARTS}")),
    }
}

/// One SE(3) value as position and roll, pitch, yaw (rad).
fn se3_to_xyzrpy(v: &[f64], format: &str) -> [f64; 6] {
    let [x, y, z] = [v[0], v[1], v[2]];
    let (w, qx, qy, qz) = match format {
        "XYZRPY" => return [x, y, z, v[3], v[4], v[5]],
        "XYZQXQYQZQW" => (v[6], v[3], v[4], v[5]),
        _ => (v[3], v[4], v[5], v[6]),
    };
    let roll = (2.0 * (w * qx + qy * qz)).atan2(1.0 - 2.0 * (qx * qx + qy * qy));
    let pitch = (2.0 * (w * qy - qz * qx)).clamp(-1.0, 1.0).asin();
    let yaw = (2.0 * (w * qz + qx * qy)).atan2(1.0 - 2.0 * (qy * qy + qz * qz));
    [x, y, z, roll, pitch, yaw]
}

/// Roll, pitch, yaw (rad) as a quaternion (w, x, y, z).
#[must_use]
pub fn rpy_to_quaternion(roll: f64, pitch: f64, yaw: f64) -> [f64; 4] {
    let (sr, cr) = (roll / 2.0).sin_cos();
    let (sp, cp) = (pitch / 2.0).sin_cos();
    let (sy, cy) = (yaw / 2.0).sin_cos();
    [
        cr * cp * cy + sr * sp * sy,
        sr * cp * cy - cr * sp * sy,
        cr * sp * cy + sr * cp * sy,
        cr * cp * sy - sr * sp * cy,
    ]
}

/// How to write a body motion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// formatVersion 2, camelCase keys (the spec's).
    V2,
    /// formatVersion 4, snake_case keys.
    V4,
}

/// Writes a body motion. With `frame_times`, each frame is written with its time in
/// seconds first (`hasFrameTime: true`), for keyframes at irregular times.
#[must_use]
pub fn write(motion: &BodyMotion, version: Version, frame_times: Option<&[f64]>) -> String {
    let key = |camel: &'static str, snake: &'static str| match version {
        Version::V2 => camel,
        Version::V4 => snake,
    };
    let mut out = String::with_capacity(motion.joints.len() * 12 + 1024);
    out.push_str("# Written by mtn-studio\n");
    if let Some(design) = &motion.design {
        let _ = writeln!(out, "# mtn-studio-design: {design}");
    }
    if !motion.locators.is_empty() {
        let _ = writeln!(out, "# mtn-studio-joints: {}", motion.locators.join(" "));
    }
    let frames = motion.frame_count();
    let _ = writeln!(out, "type: CompositeSeq\ncontent: BodyMotion");
    let _ = writeln!(
        out,
        "{}: {}",
        key("formatVersion", "format_version"),
        match version {
            Version::V2 => 2,
            Version::V4 => 4,
        }
    );
    let _ = writeln!(
        out,
        "{}: {}",
        key("frameRate", "frame_rate"),
        motion.frame_rate
    );
    let _ = writeln!(out, "{}: {frames}", key("numFrames", "num_frames"));
    if frame_times.is_some() {
        let _ = writeln!(out, "{}: true", key("hasFrameTime", "has_frame_time"));
    }
    out.push_str("components:\n  -\n    type: MultiValueSeq\n    content: JointDisplacement\n");
    let _ = writeln!(
        out,
        "    {}: {}",
        key("numParts", "num_parts"),
        motion.parts
    );
    out.push_str("    frames:\n");
    for f in 0..frames {
        out.push_str("      - [ ");
        if let Some(t) = frame_times.and_then(|t| t.get(f)) {
            let _ = write!(out, "{t}, ");
        }
        push_values(&mut out, motion.frame(f));
        out.push_str(" ]\n");
    }
    if motion.root.len() == frames && frames > 0 {
        out.push_str("  -\n    type: MultiSE3Seq\n    content: LinkPosition\n");
        let _ = writeln!(out, "    {}: 1", key("numParts", "num_parts"));
        let _ = writeln!(out, "    {}: XYZQWQXQYQZ", key("SE3Format", "se3_format"));
        out.push_str("    frames:\n");
        for (f, root) in motion.root.iter().enumerate() {
            let [x, y, z, roll, pitch, yaw] = *root;
            let [w, qx, qy, qz] = rpy_to_quaternion(roll, pitch, yaw);
            out.push_str("      - [ ");
            if let Some(t) = frame_times.and_then(|t| t.get(f)) {
                let _ = write!(out, "{t}, ");
            }
            out.push_str("[ ");
            push_values(&mut out, &[x, y, z, w, qx, qy, qz]);
            out.push_str(" ] ]\n");
        }
    }
    out
}

fn push_values(out: &mut String, values: &[f64]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        // Rust prints the shortest text that reads back to the same f64.
        let _ = write!(out, "{v}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specs_examples_read() {
        let text = "type: CompositeSeq\ncontent: BodyMotion\nformatVersion: 2\nframeRate: 100\nnumFrames: 3\ncomponents:\n  -\n    type: MultiSE3Seq\n    content: LinkPosition\n    numParts: 1\n    SE3Format: XYZQWQXQYQZ\n    frames:\n      - [ [ -2, -0.5, 0.1, 1, 0, 0, 0 ] ]\n      - [ [ -2, -0.5, 0.1, 1, 0, 0, 0 ] ]\n  -\n    type: MultiValueSeq\n    content: JointDisplacement\n    numParts: 2\n    frames:\n      - [ 0.0,  0.0  ]\n      - [ 0.01, 0.01 ]\n  -\n    type: Vector3Seq\n    content: ZMP\n    frames:\n      - [ 0.0, 0.0, 0.0 ]\n";
        let motion = read(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(motion.parts, 2);
        assert_eq!(motion.frame_count(), 2);
        assert!((motion.frame_rate - 100.0).abs() < f64::EPSILON);
        assert_eq!(motion.frame(1), &[0.01, 0.01]);
        assert_eq!(motion.root.len(), 2);
        assert_eq!(motion.root[0], [-2.0, -0.5, 0.1, 0.0, 0.0, 0.0]);
        assert_eq!(motion.notes.len(), 1, "{:?}", motion.notes);
        assert!(motion.notes[0].contains("ZMP"));
    }

    #[test]
    fn variable_interval_frames_land_on_the_grid_and_gaps_repeat() {
        let text = "type: CompositeSeq\nformatVersion: 2\nframeRate: 10\nhasFrameTime: true\ncomponents:\n  - type: MultiValueSeq\n    content: JointDisplacement\n    numParts: 2\n    frames:\n      - [ 0.0, 0.0,  0.0  ]\n      - [ 0.1, 0.01, 0.01 ]\n      - [ 0.3, 0.01, 0.02 ]\n      - [ 0.4, 0.02, 0.03 ]\n      - [ 0.7, 2,    0.04 ]\n";
        let motion = read(text).unwrap_or_else(|e| panic!("{e}"));
        let firsts: Vec<f64> = (0..motion.frame_count())
            .map(|f| motion.frame(f)[1])
            .collect();
        assert_eq!(firsts, vec![0.0, 0.01, 0.01, 0.02, 0.03, 0.03, 0.03, 0.04]);
    }

    #[test]
    fn bad_frames_name_their_line() {
        let head = "type: CompositeSeq\nformatVersion: 2\nframeRate: 10\ncomponents:\n  - type: MultiValueSeq\n    content: JointDisplacement\n    numParts: 2\n";
        for (frames, line, what) in [
            (
                "    frames:\n      - [ 0, 1 ]\n      - [ 0, 1, 2 ]\n",
                10,
                "3 values where 2",
            ),
            (
                "    frames:\n      - [ 0, x ]\n",
                9,
                "\"x\" is not a number",
            ),
            (
                "    hasFrameTime: true\n    frames:\n      - [ 1, 0, 1 ]\n      - [ 0.5, 0, 1 ]\n",
                11,
                "not after",
            ),
        ] {
            let error = read(&format!("{head}{frames}"))
                .err()
                .unwrap_or_else(|| panic!("{frames}"));
            assert_eq!(error.line, line, "{error}");
            assert!(error.message.contains(what), "{error}");
        }
        let no_joints = "type: CompositeSeq\nframeRate: 10\ncomponents:\n  - type: Vector3Seq\n    content: ZMP\n    frames: []\n";
        let error = read(no_joints).err().map(|e| e.message).unwrap_or_default();
        assert!(error.contains("no joint component"), "{error}");
    }

    #[test]
    fn a_written_motion_reads_back_exactly_in_both_versions() {
        let motion = BodyMotion {
            frame_rate: 125.0,
            parts: 3,
            joints: vec![0.1, -0.000_001, 1.234_567, 0.2, 0.3, -0.4],
            root: vec![
                [0.0, 0.0, 0.0, 0.1, -0.2, 0.3],
                [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
            ],
            design: Some("DRX-1000".into()),
            locators: vec!["A".into(), "B".into(), "C".into()],
            notes: Vec::new(),
        };
        for version in [Version::V2, Version::V4] {
            let text = write(&motion, version, None);
            let back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.joints, motion.joints);
            assert_eq!(back.locators, motion.locators);
            assert_eq!(back.design, motion.design);
            for (a, b) in back.root.iter().zip(&motion.root) {
                for (x, y) in a.iter().zip(b) {
                    assert!((x - y).abs() < 1e-12, "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn frame_times_far_apart_cannot_fill_memory() {
        let row = |t: &str| format!("      - [ {t}{} ]\n", ", 0".repeat(4096));
        let text = format!(
            "type: CompositeSeq\nformatVersion: 2\nframeRate: 1000\nhasFrameTime: true\n\
             components:\n  - type: MultiValueSeq\n    content: JointDisplacement\n    \
             numParts: 4096\n    frames:\n{}{}",
            row("0"),
            row("900")
        );
        let error = read(&text).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("more than 33554432 values"), "{error}");
    }
}
