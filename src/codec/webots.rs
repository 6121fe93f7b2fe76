//! Webots motion files (`.motion`), which Webots plays with `wbu_motion_*`: a header line
//! `#WEBOTS_MOTION,V1.0,` and the motors' names, then one line per pose: its time
//! (`minutes:seconds:milliseconds`), a name, and one value per motor (radians, or `*` for
//! "not set here").
//!
//! The reader accepts exactly what Webots' own loader (`src/controller/c/motion.c`) accepts,
//! and refuses, naming the line, what it would refuse or read wrongly:
//! - fields are separated by commas; like its `strtok`, empty fields are skipped;
//! - a line is at most [`MAX_LINE_BYTES`] bytes before its newline (Webots reads lines into a
//!   4,096-byte buffer with the newline and the terminating NUL, and splits a longer one);
//! - a time is digits with at most two colons, each part present, and times strictly
//!   increase;
//! - each pose has a name and exactly one value or `*` per motor, nothing more;
//! - a blank line ends the file for Webots: anything after it is refused here, since Webots
//!   would silently drop it;
//! - at least one motor and one pose.

use crate::words::plural;
use std::fmt::Write as _;

/// The header's first field.
pub const HEADER: &str = "#WEBOTS_MOTION";
/// The only version Webots reads.
pub const VERSION: &str = "V1.0";
/// The most bytes of a line before its newline that Webots reads whole.
pub const MAX_LINE_BYTES: usize = 4094;
/// The latest time Webots holds (its times are C `int` milliseconds).
pub const MAX_TIME_MS: u64 = i32::MAX as u64;

/// A motion as a Webots `.motion` file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct WebotsMotion {
    /// The motors' names, one per column (for an AIBO ERS-7, the OPEN-R locators).
    pub joints: Vec<String>,
    /// The poses, in strictly increasing time.
    pub poses: Vec<Pose>,
}

/// One line after the header.
#[derive(Clone, Debug, PartialEq)]
pub struct Pose {
    /// Milliseconds from the start.
    pub time_ms: u64,
    /// The pose's name (non-empty, no comma or line break).
    pub name: String,
    /// One value per motor in radians; `None` for `*` (the motor is not commanded here).
    pub values: Vec<Option<f64>>,
}

/// Why a `.motion` file cannot be read (or written): the 1-based line and what was wrong.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WebotsError {
    /// The first line does not begin `#WEBOTS_MOTION`.
    #[error("line 1: not a Webots motion: it does not begin with {HEADER}")]
    Header,
    /// A version other than V1.0.
    #[error("line 1: version \"{0}\": Webots reads {VERSION} only")]
    Version(String),
    /// No motor names in the header.
    #[error("line 1: the header names no motor")]
    NoJoints,
    /// No pose lines.
    #[error("no pose: Webots plays a motion of at least one pose")]
    NoPoses,
    /// A line Webots would split.
    #[error("line {line}: {bytes} bytes, more than the {MAX_LINE_BYTES} Webots reads in one line")]
    LineTooLong {
        /// The line.
        line: usize,
        /// Its length before the newline.
        bytes: usize,
    },
    /// A time that is not `[[minutes:]seconds:]milliseconds`.
    #[error("line {line}: \"{found}\" is not a time (minutes:seconds:milliseconds)")]
    Time {
        /// The line.
        line: usize,
        /// What was there.
        found: String,
    },
    /// A time not after the one before.
    #[error("line {line}: {time_ms} ms is not after the pose before it ({before_ms} ms)")]
    NotIncreasing {
        /// The line.
        line: usize,
        /// Its time.
        time_ms: u64,
        /// The time before.
        before_ms: u64,
    },
    /// A time line without a pose name.
    #[error("line {line}: no pose name after the time")]
    NoName {
        /// The line.
        line: usize,
    },
    /// Fewer values than motors.
    #[error(
        "line {line}: {} for {}",
        plural(*found, "value", "values"),
        plural(*joints, "motor", "motors")
    )]
    Missing {
        /// The line.
        line: usize,
        /// Values found.
        found: usize,
        /// Motors in the header.
        joints: usize,
    },
    /// A value that is neither a number nor `*`.
    #[error("line {line}: \"{found}\" is neither a number nor *")]
    Value {
        /// The line.
        line: usize,
        /// What was there.
        found: String,
    },
    /// More fields than motors.
    #[error("line {line}: extra data \"{found}\" after the last motor's value")]
    Extra {
        /// The line.
        line: usize,
        /// The first extra field.
        found: String,
    },
    /// Lines after a blank one, which Webots ignores.
    #[error(
        "line {line}: a blank line ends a Webots motion, and Webots would ignore the poses after it"
    )]
    AfterBlank {
        /// The blank line.
        line: usize,
    },
    /// A time later than Webots holds.
    #[error("line {line}: {time_ms} ms is later than Webots holds ({MAX_TIME_MS} ms)")]
    TooLate {
        /// The line.
        line: usize,
        /// Its time.
        time_ms: u64,
    },
    /// A name that cannot be written (empty, or with a comma or line break).
    #[error("\"{0}\" cannot be a Webots name (empty, or holding a comma or line break)")]
    Name(String),
    /// A value that is not a finite number.
    #[error("a value of {0} cannot be written")]
    NotFinite(f64),
}

/// The fields of a line as Webots' `strtok(",\n\r")` yields them: empty ones skipped.
fn fields(line: &str) -> impl Iterator<Item = &str> {
    line.split([',', '\r']).filter(|f| !f.is_empty())
}

/// A time as Webots' `str_to_time` reads it, or `None`.
fn parse_time(token: &str) -> Option<u64> {
    let parts: Vec<&str> = token.split(':').collect();
    if parts.len() > 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let mut numbers = [0u64; 3];
    let skip = 3 - parts.len();
    for (slot, part) in numbers.iter_mut().skip(skip).zip(&parts) {
        *slot = part.parse().ok()?;
    }
    let [minutes, seconds, millis] = numbers;
    let time = minutes
        .checked_mul(60_000)?
        .checked_add(seconds.checked_mul(1000)?)?
        .checked_add(millis)?;
    (time <= MAX_TIME_MS).then_some(time)
}

/// Reads a `.motion` file's text.
///
/// # Errors
/// Anything Webots' loader would refuse or misread (see the module's list), naming the line.
pub fn read(text: &str) -> Result<WebotsMotion, WebotsError> {
    let mut lines = text.split('\n').enumerate().map(|(i, l)| (i + 1, l));
    let check_length = |line: usize, text: &str| {
        if text.len() > MAX_LINE_BYTES {
            Err(WebotsError::LineTooLong {
                line,
                bytes: text.len(),
            })
        } else {
            Ok(())
        }
    };
    let (_, first) = lines.next().unwrap_or((1, ""));
    check_length(1, first)?;
    let mut header = fields(first);
    if header.next() != Some(HEADER) {
        return Err(WebotsError::Header);
    }
    match header.next() {
        Some(VERSION) => {}
        Some(other) => return Err(WebotsError::Version(other.to_owned())),
        None => return Err(WebotsError::Version(String::new())),
    }
    let joints: Vec<String> = header.map(str::to_owned).collect();
    if joints.is_empty() {
        return Err(WebotsError::NoJoints);
    }
    let mut poses: Vec<Pose> = Vec::new();
    let mut blank = None;
    for (line, text) in lines {
        check_length(line, text)?;
        let mut tokens = fields(text);
        let Some(token) = tokens.next() else {
            blank.get_or_insert(line);
            continue;
        };
        if let Some(blank) = blank {
            return Err(WebotsError::AfterBlank { line: blank });
        }
        let time_ms = parse_time(token).ok_or_else(|| WebotsError::Time {
            line,
            found: token.to_owned(),
        })?;
        if let Some(before) = poses.last().filter(|p| p.time_ms >= time_ms) {
            return Err(WebotsError::NotIncreasing {
                line,
                time_ms,
                before_ms: before.time_ms,
            });
        }
        let name = tokens
            .next()
            .ok_or(WebotsError::NoName { line })?
            .to_owned();
        let mut values = Vec::with_capacity(joints.len());
        for found in 0..joints.len() {
            let token = tokens.next().ok_or(WebotsError::Missing {
                line,
                found,
                joints: joints.len(),
            })?;
            values.push(match token {
                "*" => None,
                number => Some(
                    number
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| WebotsError::Value {
                            line,
                            found: number.to_owned(),
                        })?,
                ),
            });
        }
        if let Some(extra) = tokens.next() {
            return Err(WebotsError::Extra {
                line,
                found: extra.to_owned(),
            });
        }
        poses.push(Pose {
            time_ms,
            name,
            values,
        });
    }
    if poses.is_empty() {
        return Err(WebotsError::NoPoses);
    }
    Ok(WebotsMotion { joints, poses })
}

/// A time as Webots writes it: `minutes:seconds:milliseconds`.
#[must_use]
pub fn format_time(time_ms: u64) -> String {
    format!(
        "{:02}:{:02}:{:03}",
        time_ms / 60_000,
        time_ms / 1000 % 60,
        time_ms % 1000
    )
}

/// A value in radians as written: microradian integers exactly (six decimals).
fn push_value(line: &mut String, value: Option<f64>) -> Result<(), WebotsError> {
    match value {
        None => line.push('*'),
        Some(v) if v.is_finite() => {
            let _ = write!(line, "{v:.6}");
        }
        Some(v) => return Err(WebotsError::NotFinite(v)),
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), WebotsError> {
    if name.is_empty() || name.contains([',', '\n', '\r']) || name.trim() != name {
        Err(WebotsError::Name(name.to_owned()))
    } else {
        Ok(())
    }
}

/// Writes a `.motion` file's text (lines end in `\n`).
///
/// # Errors
/// No motor or pose, times that do not increase or pass [`MAX_TIME_MS`], a pose with the
/// wrong number of values, a name Webots cannot read, or a line longer than Webots reads.
pub fn write(motion: &WebotsMotion) -> Result<String, WebotsError> {
    if motion.joints.is_empty() {
        return Err(WebotsError::NoJoints);
    }
    if motion.poses.is_empty() {
        return Err(WebotsError::NoPoses);
    }
    let mut text = String::new();
    let mut line = format!("{HEADER},{VERSION}");
    for joint in &motion.joints {
        check_name(joint)?;
        line.push(',');
        line.push_str(joint);
    }
    let mut finish = |line: &str, number: usize| {
        if line.len() > MAX_LINE_BYTES {
            return Err(WebotsError::LineTooLong {
                line: number,
                bytes: line.len(),
            });
        }
        text.push_str(line);
        text.push('\n');
        Ok(())
    };
    finish(&line, 1)?;
    let mut before = None;
    for (index, pose) in motion.poses.iter().enumerate() {
        let number = index + 2;
        if let Some(before_ms) = before.filter(|&b| b >= pose.time_ms) {
            return Err(WebotsError::NotIncreasing {
                line: number,
                time_ms: pose.time_ms,
                before_ms,
            });
        }
        if pose.time_ms > MAX_TIME_MS {
            return Err(WebotsError::TooLate {
                line: number,
                time_ms: pose.time_ms,
            });
        }
        before = Some(pose.time_ms);
        check_name(&pose.name)?;
        if pose.values.len() != motion.joints.len() {
            return Err(WebotsError::Missing {
                line: number,
                found: pose.values.len(),
                joints: motion.joints.len(),
            });
        }
        line.clear();
        line.push_str(&format_time(pose.time_ms));
        line.push(',');
        line.push_str(&pose.name);
        for &value in &pose.values {
            line.push(',');
            push_value(&mut line, value)?;
        }
        finish(&line, number)?;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "#WEBOTS_MOTION,V1.0,A,B\n00:00:000,Pose1,0.5,*\n00:01:500,Pose2,-1,2\n";

    #[test]
    fn a_motion_reads_and_writes_back_the_same() {
        let motion = read(EXAMPLE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(motion.joints, ["A", "B"]);
        assert_eq!(motion.poses[1].time_ms, 1500);
        assert_eq!(motion.poses[0].values, [Some(0.5), None]);
        let text = write(&motion).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            text,
            "#WEBOTS_MOTION,V1.0,A,B\n00:00:000,Pose1,0.500000,*\n00:01:500,Pose2,-1.000000,2.000000\n"
        );
        assert_eq!(read(&text), Ok(motion));
    }

    #[test]
    fn times_read_as_webots_reads_them() {
        assert_eq!(parse_time("1:02:003"), Some(62_003));
        assert_eq!(parse_time("2:5"), Some(2005));
        assert_eq!(parse_time("40"), Some(40));
        for bad in ["", "1::2", "1:2:3:4", "-5", "1.5", "99999999999"] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn what_webots_refuses_is_refused_with_its_line() {
        let cases = [
            ("#WEBOTS_MOTIO,V1.0,A\n0,P,1\n", WebotsError::Header),
            (
                "#WEBOTS_MOTION,V2.0,A\n0,P,1\n",
                WebotsError::Version("V2.0".into()),
            ),
            ("#WEBOTS_MOTION,V1.0\n0,P,1\n", WebotsError::NoJoints),
            ("#WEBOTS_MOTION,V1.0,A\n", WebotsError::NoPoses),
            (
                "#WEBOTS_MOTION,V1.0,A\n0,P,1\n0,Q,1\n",
                WebotsError::NotIncreasing {
                    line: 3,
                    time_ms: 0,
                    before_ms: 0,
                },
            ),
            (
                "#WEBOTS_MOTION,V1.0,A,B\n0,P,1\n",
                WebotsError::Missing {
                    line: 2,
                    found: 1,
                    joints: 2,
                },
            ),
            (
                "#WEBOTS_MOTION,V1.0,A\n0,P,1,2\n",
                WebotsError::Extra {
                    line: 2,
                    found: "2".into(),
                },
            ),
            (
                "#WEBOTS_MOTION,V1.0,A\n0,P,x\n",
                WebotsError::Value {
                    line: 2,
                    found: "x".into(),
                },
            ),
            (
                "#WEBOTS_MOTION,V1.0,A\n0:0:0:0,P,1\n",
                WebotsError::Time {
                    line: 2,
                    found: "0:0:0:0".into(),
                },
            ),
            (
                "#WEBOTS_MOTION,V1.0,A\n0\n",
                WebotsError::NoName { line: 2 },
            ),
            (
                "#WEBOTS_MOTION,V1.0,A\n0,P,1\n\n8,Q,1\n",
                WebotsError::AfterBlank { line: 3 },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(read(text), Err(error), "{text:?}");
        }
        let long = format!(
            "#WEBOTS_MOTION,V1.0,{}\n0,P,1\n",
            "A".repeat(MAX_LINE_BYTES)
        );
        assert!(matches!(
            read(&long),
            Err(WebotsError::LineTooLong { line: 1, .. })
        ));
    }

    #[test]
    fn empty_fields_and_carriage_returns_are_skipped_as_webots_skips_them() {
        let motion =
            read("#WEBOTS_MOTION,V1.0,,A\r\n0,,P,1\r\n\r\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(motion.joints, ["A"]);
        assert_eq!(motion.poses[0].name, "P");
    }

    #[test]
    fn times_webots_cannot_hold_or_order_are_not_written() {
        let pose = |time_ms| Pose {
            time_ms,
            name: "P".into(),
            values: vec![Some(0.0)],
        };
        let motion = |times: &[u64]| WebotsMotion {
            joints: vec!["J".into()],
            poses: times.iter().map(|&t| pose(t)).collect(),
        };
        assert_eq!(
            write(&motion(&[0, MAX_TIME_MS + 1])),
            Err(WebotsError::TooLate {
                line: 3,
                time_ms: MAX_TIME_MS + 1
            })
        );
        assert_eq!(
            write(&motion(&[16, 8])),
            Err(WebotsError::NotIncreasing {
                line: 3,
                time_ms: 8,
                before_ms: 16
            })
        );
    }

    #[test]
    fn a_line_webots_would_split_is_not_written() {
        let motion = WebotsMotion {
            joints: vec!["J".repeat(5000)],
            poses: vec![Pose {
                time_ms: 0,
                name: "P".into(),
                values: vec![Some(0.0)],
            }],
        };
        assert!(matches!(
            write(&motion),
            Err(WebotsError::LineTooLong { line: 1, bytes }) if bytes > MAX_LINE_BYTES
        ));
    }
}
