//! Motions as CSV, for spreadsheets: the header strings, joints and layout on leading `#`
//! lines, then one row per keyframe with its time (ms), its interpolation frames, the body
//! roll, pitch and yaw and one column per joint, all in degrees. Degrees are written as the
//! shortest decimal that reads back to the same number, so every microradian comes back
//! exactly. Fields are quoted as RFC 4180 says when they hold a comma or a quote.

use super::mtn::{Layout, Motion, Version};
use super::units::{deg_to_urad, urad_to_deg};
use std::fmt::Write as _;

/// A reading error: the 1-based line and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct CsvError {
    /// The 1-based line.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) || field.starts_with(' ') || field.ends_with(' ') {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_owned()
    }
}

/// Splits one CSV line into fields (quoted fields may hold commas and doubled quotes).
fn fields(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    let mut was_quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() && !was_quoted => {
                quoted = true;
                was_quoted = true;
            }
            (false, ',') => {
                out.push(std::mem::take(&mut field));
                was_quoted = false;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is never closed".into());
    }
    out.push(field);
    Ok(out)
}

fn row(values: impl IntoIterator<Item = String>) -> String {
    values
        .into_iter()
        .map(|v| quote(&v))
        .collect::<Vec<_>>()
        .join(",")
}

/// Writes a motion as CSV. `joint_names` heads the joint columns (friendly names, which the
/// codec does not know: the caller gives them; a missing name falls back to the locator)
/// and `times_ms` fills the time column (each keyframe's start; the reader ignores it).
#[must_use]
pub fn write(motion: &Motion, joint_names: &[String], times_ms: &[u64]) -> String {
    let mut out = String::new();
    let layout = serde_json::to_string(&motion.layout).unwrap_or_default();
    for (key, value) in [
        ("name", motion.name.clone()),
        ("creator", motion.creator.clone()),
        ("design", motion.design.clone()),
        ("version", motion.version.to_string()),
        ("frame_rate", motion.frame_rate.to_string()),
        ("reserved", motion.reserved.to_string()),
        ("data_type", motion.data_type.to_string()),
        ("layout", layout),
    ] {
        let _ = writeln!(out, "# {}", row([key.to_owned(), value]));
    }
    let mut locators = vec!["locators".to_owned()];
    locators.extend(motion.locators.iter().cloned());
    let _ = writeln!(out, "# {}", row(locators));
    let mut columns: Vec<String> = ["time_ms", "frames", "BODY_ROLL", "BODY_PITCH", "BODY_YAW"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    columns.extend(
        motion
            .locators
            .iter()
            .enumerate()
            .map(|(j, l)| joint_names.get(j).unwrap_or(l).clone()),
    );
    let _ = writeln!(out, "{}", row(columns));
    for (k, keyframe) in motion.keyframes.iter().enumerate() {
        let time = times_ms.get(k).copied().unwrap_or_default();
        let mut values = vec![time.to_string(), keyframe.frames.to_string()];
        values.extend(
            keyframe
                .body_urad
                .iter()
                .map(|&v| urad_to_deg(v).to_string()),
        );
        values.extend(
            keyframe
                .angles_urad
                .iter()
                .map(|&v| urad_to_deg(v).to_string()),
        );
        let _ = writeln!(out, "{}", values.join(","));
    }
    out
}

/// Reads a motion written by [`write`] (and edited in a spreadsheet: the time column is
/// ignored, the frames column rules; values in degrees).
///
/// # Errors
/// A missing header line, a row with the wrong number of values, or a value that is not a
/// number; the error names the line.
pub fn read(text: &str) -> Result<Motion, CsvError> {
    let error = |line: usize, message: String| CsvError { line, message };
    let mut header: Vec<(String, String)> = Vec::new();
    let mut locators: Option<Vec<String>> = None;
    let mut lines = text.lines().enumerate().map(|(n, l)| (n + 1, l));
    let mut columns = None;
    for (n, line) in lines.by_ref() {
        let line = line.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix('#') {
            let parts = fields(rest.trim_start()).map_err(|e| error(n, e))?;
            match parts.split_first() {
                Some((key, values)) if key == "locators" => locators = Some(values.to_vec()),
                Some((key, values)) => {
                    header.push((key.clone(), values.first().cloned().unwrap_or_default()));
                }
                None => {}
            }
        } else if !line.trim().is_empty() {
            columns = Some((n, fields(line).map_err(|e| error(n, e))?));
            break;
        }
    }
    let Some((columns_line, columns)) = columns else {
        return Err(error(1, "no column names (time_ms,frames,...)".into()));
    };
    if columns.len() < 5 || columns[0] != "time_ms" || columns[1] != "frames" {
        return Err(error(
            columns_line,
            "the columns must start time_ms,frames,BODY_ROLL,BODY_PITCH,BODY_YAW".into(),
        ));
    }
    let get = |key: &str| {
        header
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let joints = columns.len() - 5;
    let locators = locators.ok_or_else(|| error(1, "no \"# locators,...\" line".into()))?;
    if locators.len() != joints {
        return Err(error(
            columns_line,
            format!("{} joint columns but {} locators", joints, locators.len()),
        ));
    }
    let mut motion = Motion::new(
        get("name").unwrap_or(""),
        get("creator").unwrap_or(""),
        get("design").unwrap_or(""),
        locators,
    );
    let number = |n: usize, key: &str, text: &str| -> Result<u64, CsvError> {
        text.trim()
            .parse()
            .map_err(|_| error(n, format!("{key} \"{text}\" is not a whole number")))
    };
    if let Some(v) = get("version") {
        let (major, minor) = v.split_once('.').unwrap_or((v, "0"));
        let major = u16::try_from(number(1, "version", major)?).unwrap_or(1);
        let minor = u16::try_from(number(1, "version", minor)?).unwrap_or(0);
        motion.version = Version { major, minor };
    }
    if let Some(v) = get("frame_rate") {
        motion.frame_rate = u16::try_from(number(1, "frame_rate", v)?).unwrap_or(16);
    }
    if let Some(v) = get("reserved") {
        motion.reserved = u32::try_from(number(1, "reserved", v)?).unwrap_or(0);
    }
    if let Some(v) = get("data_type") {
        motion.data_type = u32::try_from(number(1, "data_type", v)?).unwrap_or(0);
    }
    if let Some(v) = get("layout") {
        motion.layout = serde_json::from_str::<Layout>(v)
            .map_err(|e| error(1, format!("the layout is not readable: {e}")))?;
    }
    let mut values = Vec::with_capacity(joints);
    for (n, line) in lines {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cells = fields(line).map_err(|e| error(n, e))?;
        if cells.len() != columns.len() {
            return Err(error(
                n,
                format!(
                    "{} values where {} were expected",
                    cells.len(),
                    columns.len()
                ),
            ));
        }
        let frames = u32::try_from(number(n, "frames", &cells[1])?)
            .map_err(|_| error(n, format!("frames \"{}\" is too large", cells[1])))?;
        let mut degrees = cells[2..].iter().zip(&columns[2..]).map(|(cell, name)| {
            cell.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(deg_to_urad)
                .ok_or_else(|| error(n, format!("{name}: \"{cell}\" is not a number")))
        });
        let mut body = [0; 3];
        for slot in &mut body {
            *slot = degrees.next().unwrap_or(Ok(0))?;
        }
        values.clear();
        for value in degrees {
            values.push(value?);
        }
        motion
            .keyframes
            .push(frames, body, &values)
            .map_err(|e| error(n, e.to_string()))?;
    }
    Ok(motion)
}

/// A body motion as CSV, its own parts as columns (degrees), for a source with no AIBO.
#[must_use]
pub fn write_body(motion: &super::seq::BodyMotion) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}",
        row(["frame_rate".into(), motion.frame_rate.to_string()])
    );
    let mut names = vec!["time_ms".to_owned()];
    names.extend((0..motion.parts).map(|p| {
        motion
            .locators
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("part_{p}"))
    }));
    let _ = writeln!(out, "{}", row(names));
    for f in 0..motion.frame_count() {
        let mut cells = vec![(f as f64 * 1000.0 / motion.frame_rate).to_string()];
        cells.extend(motion.frame(f).iter().map(|v| v.to_degrees().to_string()));
        let _ = writeln!(out, "{}", cells.join(","));
    }
    out
}

/// A key-pose sequence as CSV: its time (ms) and one column per joint index (degrees),
/// blank where a pose leaves the joint as it was.
#[must_use]
pub fn write_poses(seq: &super::pseq::PoseSeq) -> String {
    let joints = seq
        .poses
        .iter()
        .flat_map(|p| p.joints.iter().map(|(i, _)| i + 1))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    let _ = writeln!(out, "# {}", row(["name".into(), seq.name.clone()]));
    let _ = writeln!(
        out,
        "# {}",
        row(["targetBody".into(), seq.target_body.clone()])
    );
    let mut names = vec!["time_ms".to_owned()];
    names.extend((0..joints).map(|j| format!("joint_{j}")));
    let _ = writeln!(out, "{}", row(names));
    for pose in &seq.poses {
        let mut cells = vec![String::new(); joints + 1];
        cells[0] = (pose.time * 1000.0).to_string();
        for &(j, v) in &pose.joints {
            cells[j + 1] = v.to_degrees().to_string();
        }
        let _ = writeln!(out, "{}", cells.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_split_and_join_back() {
        let cells = vec![
            "a,b".to_owned(),
            "say \"hi\"".into(),
            String::new(),
            "x".into(),
        ];
        let line = row(cells.clone());
        assert_eq!(fields(&line), Ok(cells));
        assert!(fields("\"open").is_err());
    }

    #[test]
    fn every_microradian_comes_back() {
        for urad in [
            0,
            1,
            -1,
            17_453,
            1_570_796,
            -2_094_395,
            i32::MAX,
            i32::MIN,
            123_456_789,
        ] {
            let text = urad_to_deg(urad).to_string();
            let back = deg_to_urad(text.parse().unwrap_or(f64::NAN));
            assert_eq!(back, urad, "{text}");
        }
    }

    #[test]
    fn rows_with_bad_values_name_their_line() {
        let motion = crate::example::stand_to_sit();
        let text = write(&motion, &[], &[]);
        let lines: Vec<&str> = text.lines().collect();
        let columns = lines
            .iter()
            .position(|l| l.starts_with("time_ms"))
            .unwrap_or(0);
        let mut broken: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        broken[columns + 2] = broken[columns + 2].replacen(",0,", ",zero,", 1);
        let error = read(&broken.join("\n")).err();
        assert_eq!(
            error.as_ref().map(|e| e.line),
            Some(columns + 3),
            "{error:?}"
        );
        let mut short: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        short[columns + 1].push_str(",1");
        let error = read(&short.join("\n"))
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(error.contains("values where"), "{error}");
    }
}
