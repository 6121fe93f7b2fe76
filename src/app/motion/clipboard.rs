//! A pose as text on the system clipboard. Copy puts it there (so Ctrl+V, which the real
//! window delivers with the clipboard's text, finds it, here or in another mtn-studio
//! window), and it pastes into a spreadsheet as a table: one line per joint with its
//! friendly name, locator and value in degrees (written so every microradian reads back).

use crate::codec::units::{deg_to_urad, urad_to_deg};
use crate::edit::timeline_ops::Pose;
use std::fmt::Write as _;

/// The first word of the first line, which marks the text as a pose.
const HEADER: &str = "mtn-studio pose";
/// The names of the body angles, as the pose text writes them.
const BODY: [&str; 3] = ["BODY_ROLL", "BODY_PITCH", "BODY_YAW"];

/// The pose as clipboard text. `names` are the joints' friendly names, in the order of the
/// pose's joints (a missing one is left blank).
#[must_use]
pub fn pose_to_text(pose: &Pose, design: &str, names: &[String]) -> String {
    let mut text = format!("{HEADER}\t{design}\n");
    for (name, value) in BODY.iter().zip(pose.body_urad) {
        let _ = writeln!(text, "{name}\t\t{}", urad_to_deg(value));
    }
    for (j, (locator, value)) in pose.angles.iter().enumerate() {
        let name = names.get(j).map_or("", String::as_str);
        let _ = writeln!(text, "{name}\t{locator}\t{}", urad_to_deg(*value));
    }
    text
}

/// Reads a pose from clipboard text written by [`pose_to_text`] (and perhaps edited in a
/// spreadsheet); `None` for any other text.
#[must_use]
pub fn pose_from_text(text: &str) -> Option<Pose> {
    let mut lines = text.lines();
    if !lines.next()?.starts_with(HEADER) {
        return None;
    }
    let mut pose = Pose {
        angles: Vec::new(),
        body_urad: [0; 3],
    };
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let mut cells = line.split('\t');
        let name = cells.next()?.trim();
        let locator = cells.next()?.trim();
        let degrees: f64 = cells.next()?.trim().parse().ok()?;
        if !degrees.is_finite() {
            return None;
        }
        match BODY.iter().position(|b| *b == name) {
            Some(axis) if locator.is_empty() => pose.body_urad[axis] = deg_to_urad(degrees),
            _ if !locator.is_empty() => {
                pose.angles.push((locator.to_owned(), deg_to_urad(degrees)));
            }
            _ => return None,
        }
    }
    Some(pose)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pose_comes_back_from_its_text_to_the_microradian() {
        let pose = Pose {
            angles: vec![
                ("PRM:/r1/c1-Joint2:11".to_owned(), -349_066),
                ("PRM:/r2/c1-Joint2:21".to_owned(), 1),
                ("PRM:/r6/c1-Joint2:61".to_owned(), i32::MIN),
            ],
            body_urad: [0, 645_773, -7],
        };
        let names = vec!["HEAD_PITCH".to_owned(), "FL_LEG_J1".to_owned()];
        let text = pose_to_text(&pose, "DRX-1000", &names);
        assert!(text.starts_with("mtn-studio pose\tDRX-1000\n"), "{text}");
        assert!(
            text.contains("\nHEAD_PITCH\tPRM:/r1/c1-Joint2:11\t-20"),
            "{text}"
        );
        assert_eq!(pose_from_text(&text), Some(pose));
        // CRLF line ends, as a spreadsheet on another system may give them back.
        assert!(pose_from_text(&text.replace('\n', "\r\n")).is_some());
    }

    #[test]
    fn other_text_is_not_a_pose() {
        assert_eq!(pose_from_text(""), None);
        assert_eq!(pose_from_text("hello"), None);
        assert_eq!(
            pose_from_text("mtn-studio pose\nHEAD\tPRM:/x\tfast\n"),
            None
        );
    }
}
