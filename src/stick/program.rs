//! R-CODE on a stick as `stick add` sets it up: taking commands over the air without an ID
//! and password (`--noauth`), and the program `stick add --rcode` writes, so a behaviour put
//! on the stick plays when the robot's head sensor is pressed: `OPEN-R/APP/PC/AMS/R-CODE.R`,
//! the program R-CODE runs (`docs/formats/behaviour-table.md#r-code`). A program mtn-studio wrote is its own to
//! change (its first line says so); anyone else's is never replaced without being asked
//! (`--rcode-replace`), and is then kept beside it as `R-CODE.OLD` (or the first free
//! `R-CODE.O01`…), whatever the backups.
//!
//! The program waits for the head sensor (`Head_ON`, a sensor variable both R-CODE sticks'
//! `SENSOR.CFG` name), plays the behaviour by its action name, waits for it to end, clears the
//! sensors and waits again, in R-CODE's documented commands (`IF…THEN…ENDIF`, `PLAY:ACTION`,
//! `WAIT`, `CLR:SENSORS`, `GO`, labels). It was not run on a robot.

pub use super::add::HeadSensor;
use super::add::{Plan, StickEditError};
use super::{Stick, below, child};

/// The first line of a program mtn-studio wrote.
const MARK: &str = "// written by mtn-studio:";
/// R-CODE's folder, below the stick's root.
const AMS: [&str; 4] = ["OPEN-R", "APP", "PC", "AMS"];
/// The program's file there.
const FILE: &str = "R-CODE.R";

/// The program that plays the action `name` when the head sensor is pressed, in CRLF lines
/// as Sony's files on the stick are.
#[must_use]
pub fn head_sensor_program(name: &str) -> String {
    [
        format!("{MARK} the head sensor plays {name}"),
        "// (mtn-studio stick add --rcode; R-CODE runs this file when the robot starts)".to_owned(),
        ":mtn_studio".to_owned(),
        "IF:Head_ON:=:1:THEN".to_owned(),
        format!("  PLAY:ACTION:{name}"),
        "  WAIT".to_owned(),
        "  CLR:SENSORS".to_owned(),
        "ENDIF".to_owned(),
        "WAIT:100".to_owned(),
        "GO:mtn_studio".to_owned(),
        String::new(),
    ]
    .join("\r\n")
}

/// Where a program replaced is kept, in R-CODE's folder `ams`: the first free of
/// `R-CODE.OLD`, `R-CODE.O01` to `R-CODE.O99` (8.3 names, as the stick's).
fn kept_as(ams: &std::path::Path) -> Option<std::path::PathBuf> {
    std::iter::once("R-CODE.OLD".to_owned())
        .chain((1..=99).map(|n| format!("R-CODE.O{n:02}")))
        .find(|name| child(ams, name).is_none())
        .map(|name| ams.join(name))
}

/// The action a program of mtn-studio's plays (None: not one of its programs).
#[must_use]
pub fn played_by(program: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(program).ok()?;
    if !text.starts_with(MARK) {
        return None;
    }
    text.lines()
        .find_map(|line| line.trim().strip_prefix("PLAY:ACTION:"))
        .map(|name| name.trim().to_owned())
}

impl Plan {
    /// Sets the program to play `name` when the head sensor is pressed, as `how` says.
    ///
    /// # Errors
    /// The stick has no R-CODE folder; a program of someone else's is there and was not to
    /// be replaced; a file cannot be read.
    pub fn head_sensor(
        &mut self,
        stick: &Stick,
        name: &str,
        how: HeadSensor,
    ) -> Result<(), StickEditError> {
        if how == HeadSensor::Leave {
            return Ok(());
        }
        let ams = below(&stick.root, &AMS).ok_or_else(|| {
            StickEditError::File(
                "no OPEN-R/APP/PC/AMS folder: the stick has no R-CODE to run a program".to_owned(),
            )
        })?;
        let program = head_sensor_program(name).into_bytes();
        let Some(path) = child(&ams, FILE) else {
            let path = ams.join(FILE);
            self.said.push(format!(
                "{} made: the head sensor plays {name}",
                super::add::shown(stick, &path)
            ));
            self.set(path, None, Some(program));
            return Ok(());
        };
        let before = super::add::read(&path)?;
        let shown = super::add::shown(stick, &path);
        match (played_by(&before), how) {
            (Some(was), _) if was == name => {}
            (Some(was), _) => {
                self.said
                    .push(format!("{shown}: the head sensor plays {name} (was {was})"));
                self.set(path, Some(before), Some(program));
            }
            (None, HeadSensor::PlayReplacing) => {
                // Kept beside it under a name of its own, whatever the backups: a `.bak`
                // there already (the first is kept) would not take it.
                let kept = kept_as(&ams).ok_or_else(|| {
                    StickEditError::File(format!(
                        "{shown}: no free name to keep the program there under (R-CODE.OLD, \
                         R-CODE.O01 to R-CODE.O99 are taken)"
                    ))
                })?;
                self.said.push(format!(
                    "{shown} replaced, the program there kept as {}: the head sensor plays \
                     {name}",
                    super::add::shown(stick, &kept)
                ));
                self.set(kept, None, Some(before.clone()));
                self.set(path, Some(before), Some(program));
            }
            (None, HeadSensor::Play | HeadSensor::Leave) => {
                let lines = before.split(|&b| b == b'\n').count();
                return Err(StickEditError::Taken(format!(
                    "{shown} holds a program of its own ({lines} lines), left as it is: \
                     --rcode-replace (or the dialog's Replace) replaces it, keeping it as \
                     R-CODE.OLD"
                )));
            }
        }
        Ok(())
    }

    /// Takes off the program that plays `name`, where mtn-studio wrote it for that action
    /// (it would play an action no longer on the stick).
    ///
    /// # Errors
    /// A file cannot be read.
    pub fn drop_program_of(&mut self, stick: &Stick, name: &str) -> Result<(), StickEditError> {
        let Some(path) = below(&stick.root, &AMS).and_then(|ams| child(&ams, FILE)) else {
            return Ok(());
        };
        let before = super::add::read(&path)?;
        if played_by(&before).as_deref() == Some(name) {
            self.said.push(format!(
                "{} removed: it played {name} when the head sensor was pressed",
                super::add::shown(stick, &path)
            ));
            self.set(path, Some(before), None);
        }
        Ok(())
    }
}

impl Plan {
    /// Sets R-CODE up to take wireless commands without an ID and password (Sony's R-CODE
    /// references): `OPEN-R/APP/PC/AMS/NOAUTH.CFG` made (any content) and
    /// `OPEN-R/APP/DATA/P/OWNER.TXT` removed (kept as its `.bak` unless asked not to).
    ///
    /// # Errors
    /// The stick has no R-CODE folder, or a file cannot be read.
    pub fn no_auth(&mut self, stick: &Stick) -> Result<(), StickEditError> {
        let ams = below(&stick.root, &["OPEN-R", "APP", "PC", "AMS"]).ok_or_else(|| {
            StickEditError::File(
                "no OPEN-R/APP/PC/AMS folder: the stick has no R-CODE to set up".to_owned(),
            )
        })?;
        if child(&ams, "NOAUTH.CFG").is_none() {
            let path = ams.join("NOAUTH.CFG");
            self.said.push(format!(
                "{} made: R-CODE asks for no ID and password",
                super::add::shown(stick, &path)
            ));
            self.set(
                path,
                None,
                Some(b"written by mtn-studio: no ID and password\r\n".to_vec()),
            );
        }
        if let Some(owner) =
            below(&stick.root, &["OPEN-R", "APP", "DATA", "P"]).and_then(|d| child(&d, "OWNER.TXT"))
        {
            let before = super::add::read(&owner)?;
            self.said
                .push(format!("{} removed", super::add::shown(stick, &owner)));
            self.set(owner, Some(before), None);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_is_r_codes_lines_and_says_whose_it_is() {
        let program = head_sensor_program("MY_WAVE");
        // R-CODE's rules: CRLF lines, each under 127 bytes, commands of words and colons.
        assert!(program.ends_with("\r\n"));
        for line in program.split("\r\n") {
            assert!(line.len() < 127, "{line}");
            assert!(!line.contains('\n') && !line.contains('\t'), "{line:?}");
        }
        assert!(program.contains("\r\nIF:Head_ON:=:1:THEN\r\n  PLAY:ACTION:MY_WAVE\r\n"));
        assert_eq!(played_by(program.as_bytes()).as_deref(), Some("MY_WAVE"));
        // Someone else's program is not taken for one of ours.
        assert_eq!(
            played_by(b":START\r\nPLAY:ACTION:MY_WAVE\r\nWAIT\r\n"),
            None
        );
    }
}
