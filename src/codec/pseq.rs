//! Choreonoid key-pose sequences (.pseq, `type: PoseSeq`): timed poses, each giving some
//! joints (by index) their values in radians, which is what an MTN's keyframes are. Read
//! and written; IK links, ZMP and transition times are kept out of the model (noted).

use super::yaml::{self, Node};
use std::fmt::Write as _;

/// One key pose.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct KeyPose {
    /// Seconds from the start.
    pub time: f64,
    /// `(joint index, value in radians)`, for the joints this pose sets.
    pub joints: Vec<(usize, f64)>,
}

/// A key-pose sequence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PoseSeq {
    /// The sequence's name.
    pub name: String,
    /// The body it was made for.
    pub target_body: String,
    /// The poses in time order.
    pub poses: Vec<KeyPose>,
    /// The AIBO design label, if the file names one (mtn-studio's exports do).
    pub design: Option<String>,
    /// The AIBO joint locators, by joint index, if the file names them.
    pub locators: Vec<String>,
    /// What was skipped while reading.
    pub notes: Vec<String>,
}

/// The most joints a pose may index.
pub const MAX_JOINT_INDEX: usize = 4096;

/// A reading error: the 1-based line and what was wrong.
pub type PseqError = super::seq::SeqError;

fn fail<T>(node: &Node<'_>, message: impl Into<String>) -> Result<T, PseqError> {
    Err(PseqError {
        line: node.line(),
        message: message.into(),
    })
}

/// Reads a key-pose sequence.
///
/// # Errors
/// Not YAML of the subset real files use, not a PoseSeq, a pose whose joints and values
/// differ in number, a value that is not a number, or times that go backwards.
pub fn read(text: &str) -> Result<PoseSeq, PseqError> {
    let top = yaml::parse(text)?;
    let kind = top.get(&["type"]).and_then(Node::as_str).unwrap_or("");
    if kind != "PoseSeq" {
        return fail(
            &top,
            format!("not a key-pose sequence: its type is \"{kind}\""),
        );
    }
    let text_of = |key: &str| {
        top.get(&[key])
            .and_then(Node::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let mut notes = Vec::new();
    let mut poses: Vec<KeyPose> = Vec::new();
    let refs = refs_of(&top)?;
    let mut skipped_extras = false;
    for entry in refs {
        let time = pose_time(entry, poses.last())?;
        let Some(refer) = entry.get(&["refer"]) else {
            return fail(entry, "a pose has no refer");
        };
        let refer_type = refer.get(&["type"]).and_then(Node::as_str).unwrap_or("");
        if refer_type != "Pose" {
            notes.push(format!(
                "line {}: a \"{refer_type}\" entry was skipped (only Pose is read)",
                refer.line()
            ));
            continue;
        }
        let joints = pose_joints(refer)?;
        skipped_extras |= refer.get(&["ikLinks"]).is_some() || refer.get(&["zmp"]).is_some();
        poses.push(KeyPose { time, joints });
    }
    if skipped_extras {
        notes.push("IK links and ZMP are not carried over (joint values are)".into());
    }
    let (design, locators) = super::seq::mtn_studio_comments(text);
    Ok(PoseSeq {
        name: text_of("name"),
        target_body: text_of("targetBody"),
        poses,
        design,
        locators,
        notes,
    })
}

/// The sequence's entries (`refs`; none where it is empty).
///
/// # Errors
/// There are none, or they are not a list.
fn refs_of<'n, 'a>(top: &'n Node<'a>) -> Result<&'n [Node<'a>], PseqError> {
    match top.get(&["refs"]) {
        Some(refs) if refs.is_null() => Ok(&[][..]),
        Some(refs) => match refs.as_seq() {
            Some(r) => Ok(r),
            None => fail(refs, "refs is not a list"),
        },
        None => fail(top, "no refs (the poses)"),
    }
}

/// An entry's time in seconds.
///
/// # Errors
/// It has none, it is not a number of seconds, or it is before the `previous` pose's.
fn pose_time(entry: &Node<'_>, previous: Option<&KeyPose>) -> Result<f64, PseqError> {
    let Some(time_node) = entry.get(&["time"]) else {
        return fail(entry, "a pose has no time");
    };
    let Some(time) = time_node.as_f64().filter(|t| t.is_finite() && *t >= 0.0) else {
        return fail(time_node, "the time is not a number of seconds");
    };
    if let Some(previous) = previous
        && time < previous.time
    {
        return fail(
            time_node,
            format!(
                "the time {time} s is before the previous pose's ({} s)",
                previous.time
            ),
        );
    }
    Ok(time)
}

/// The joints a pose sets: each joint index (`joints`) with its value (`q`).
///
/// # Errors
/// They are not lists of numbers, they differ in number, an index is not a whole number
/// in range, or a value is not finite.
fn pose_joints(refer: &Node<'_>) -> Result<Vec<(usize, f64)>, PseqError> {
    let indices = match refer.get(&["joints"]) {
        None => Vec::new(),
        Some(node) => match node.numbers() {
            Some(v) => v,
            None => return fail(node, "joints is not a list of joint indices"),
        },
    };
    let values = match refer.get(&["q"]) {
        None => Vec::new(),
        Some(node) => match node.numbers() {
            Some(v) => v,
            None => return fail(node, "q is not a list of numbers"),
        },
    };
    if indices.len() != values.len() {
        return fail(
            refer,
            format!("{} joints but {} values in q", indices.len(), values.len()),
        );
    }
    let mut joints = Vec::with_capacity(indices.len());
    for (index, value) in indices.iter().zip(&values) {
        if !(index.fract() == 0.0 && (0.0..MAX_JOINT_INDEX as f64).contains(index)) {
            return fail(
                refer,
                format!("the joint index {index} is not one from 0 to {MAX_JOINT_INDEX}"),
            );
        }
        if !value.is_finite() {
            return fail(refer, format!("the value {value} is not a finite number"));
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "checked to be a whole number in range"
        )]
        joints.push((*index as usize, *value));
    }
    Ok(joints)
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Writes a key-pose sequence.
#[must_use]
pub fn write(seq: &PoseSeq) -> String {
    let mut out =
        String::from("# Body pose sequence format version 1.0 defined by cnoid-Robotics\n");
    out.push_str("# Written by mtn-studio\n");
    if let Some(design) = &seq.design {
        let _ = writeln!(out, "# mtn-studio-design: {design}");
    }
    if !seq.locators.is_empty() {
        let _ = writeln!(out, "# mtn-studio-joints: {}", seq.locators.join(" "));
    }
    let _ = writeln!(out, "\ntype: PoseSeq\nname: {}", quoted(&seq.name));
    let _ = writeln!(out, "targetBody: {}\nrefs:", quoted(&seq.target_body));
    for pose in &seq.poses {
        let _ = writeln!(
            out,
            "  -\n    time: {}\n    refer:\n      type: Pose\n      name: \"\"",
            pose.time
        );
        let indices: Vec<String> = pose.joints.iter().map(|(i, _)| i.to_string()).collect();
        let values: Vec<String> = pose.joints.iter().map(|(_, v)| v.to_string()).collect();
        let _ = writeln!(out, "      joints: [ {} ]", indices.join(", "));
        let _ = writeln!(out, "      q: [ {} ]", values.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poses_round_trip_and_bad_ones_name_their_line() {
        let seq = PoseSeq {
            name: "walk \"one\"".into(),
            target_body: "ERS-7".into(),
            poses: vec![
                KeyPose {
                    time: 0.0,
                    joints: vec![(0, 0.1), (1, -0.25)],
                },
                KeyPose {
                    time: 1.5,
                    joints: vec![(1, 0.000_001)],
                },
            ],
            design: Some("DRX-1000".into()),
            locators: vec!["A".into(), "B".into()],
            notes: Vec::new(),
        };
        let text = write(&seq);
        let back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, seq);
        let bad = text.replace("joints: [ 1 ]", "joints: [ 1, 2 ]");
        let error = read(&bad).err().unwrap_or_else(|| panic!("accepted"));
        assert!(error.message.contains("2 joints but 1 values"), "{error}");
        let backwards = text.replace("time: 1.5", "time: -1");
        assert!(read(&backwards).is_err());
    }
}
