//! Motions as CSV, for spreadsheets: the header strings, joints and layout on leading `#`
//! lines, then one row per keyframe with its time (ms), its interpolation frames, the body
//! roll, pitch and yaw and one column per joint, all in degrees. Degrees are written as the
//! shortest decimal that reads back to the same number, so every microradian comes back
//! exactly. Reading and writing go through the `csv` crate (RFC 4180: quoted fields may hold
//! commas, quotes and line breaks; CRLF or LF line ends; a spreadsheet's byte-order mark is
//! skipped); [`record`] is the one quoting rule for every CSV the project writes.

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

/// One CSV record (without its line end), quoted where a field needs it: the one quoting
/// rule for every CSV the project writes.
#[must_use]
pub fn record<S: AsRef<[u8]>>(fields: impl IntoIterator<Item = S>) -> String {
    let mut writer = ::csv::WriterBuilder::new()
        .flexible(true)
        .terminator(::csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // Into a Vec, with flexible records: nothing to fail.
    let _ = writer.write_record(fields);
    let bytes = writer.into_inner().unwrap_or_default();
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    if text.ends_with('\n') {
        text.pop();
    }
    text
}

fn row(values: impl IntoIterator<Item = String>) -> String {
    record(values)
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
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = numbered_records(&mut reader);
    let leading = read_leading(&mut records)?;
    let Some((columns_line, columns)) = leading.columns else {
        return Err(error(1, "no column names (time_ms,frames,...)".into()));
    };
    if columns.len() < 5 || columns[0] != "time_ms" || columns[1] != "frames" {
        return Err(error(
            columns_line,
            "the columns must start time_ms,frames,BODY_ROLL,BODY_PITCH,BODY_YAW".into(),
        ));
    }
    let header = &leading.header;
    let joints = columns.len() - 5;
    let locators = leading
        .locators
        .ok_or_else(|| error(1, "no \"# locators,...\" line".into()))?;
    if locators.len() != joints {
        return Err(error(
            columns_line,
            format!("{} joint columns but {} locators", joints, locators.len()),
        ));
    }
    let mut motion = Motion::new(
        header_value(header, "name").unwrap_or(""),
        header_value(header, "creator").unwrap_or(""),
        header_value(header, "design").unwrap_or(""),
        locators,
    );
    read_header_fields(&mut motion, header)?;
    let mut values = Vec::with_capacity(joints);
    for result in records {
        let (n, record) = result?;
        read_keyframe(&mut motion, n, &record, &columns, &mut values)?;
    }
    Ok(motion)
}

/// A reading error at `line`.
fn error(line: usize, message: String) -> CsvError {
    CsvError { line, message }
}

/// The reader's records, each with the line it starts on.
fn numbered_records<'r>(
    reader: &'r mut ::csv::Reader<&[u8]>,
) -> impl Iterator<Item = Result<(usize, ::csv::StringRecord), CsvError>> + 'r {
    reader.records().map(|result| {
        let line_of = |position: Option<&::csv::Position>| {
            position.map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX))
        };
        match result {
            Ok(record) => Ok((line_of(record.position()), record)),
            Err(e) => Err(error(line_of(e.position()), e.to_string())),
        }
    })
}

/// What the lines before the keyframes say: the header's keys and values, the locators,
/// and the column names with their line.
struct Leading {
    header: Vec<(String, String)>,
    locators: Option<Vec<String>>,
    columns: Option<(usize, Vec<String>)>,
}

/// Reads the `#` lines and the column names, up to the first keyframe row.
///
/// # Errors
/// A record cannot be read.
fn read_leading(
    records: &mut impl Iterator<Item = Result<(usize, ::csv::StringRecord), CsvError>>,
) -> Result<Leading, CsvError> {
    let mut header: Vec<(String, String)> = Vec::new();
    let mut locators: Option<Vec<String>> = None;
    let mut columns = None;
    for result in records.by_ref() {
        let (n, record) = result?;
        let cells: Vec<String> = record.iter().map(str::to_owned).collect();
        if let Some(key) = cells.first().and_then(|c| c.strip_prefix('#')) {
            let key = key.trim_start();
            let values = &cells[1..];
            if key == "locators" {
                locators = Some(values.to_vec());
            } else if !key.is_empty() {
                header.push((key.to_owned(), values.first().cloned().unwrap_or_default()));
            }
        } else if cells.iter().any(|c| !c.trim().is_empty()) {
            columns = Some((n, cells));
            break;
        }
    }
    Ok(Leading {
        header,
        locators,
        columns,
    })
}

/// The value of a header key, if the header has it.
fn header_value<'a>(header: &'a [(String, String)], key: &str) -> Option<&'a str> {
    header
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// A whole number in `text` (`key` names it and `n` is its line, for the error).
fn number(n: usize, key: &str, text: &str) -> Result<u64, CsvError> {
    text.trim()
        .parse()
        .map_err(|_| error(n, format!("{key} \"{text}\" is not a whole number")))
}

/// Sets the motion's version, frame rate, reserved field, data type and layout from the
/// header, where it has them.
///
/// # Errors
/// A value is not a whole number, or the layout cannot be read.
fn read_header_fields(motion: &mut Motion, header: &[(String, String)]) -> Result<(), CsvError> {
    let get = |key: &str| header_value(header, key);
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
    Ok(())
}

/// Adds the keyframe of the row on line `n` (`values`: room for its joints' values); a
/// blank or `#` row adds none.
///
/// # Errors
/// The row has the wrong number of values, or a value that is not a number.
fn read_keyframe(
    motion: &mut Motion,
    n: usize,
    record: &::csv::StringRecord,
    columns: &[String],
    values: &mut Vec<i32>,
) -> Result<(), CsvError> {
    let cells: Vec<&str> = record.iter().collect();
    if cells.iter().all(|c| c.trim().is_empty()) || cells[0].starts_with('#') {
        return Ok(());
    }
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
    let frames = u32::try_from(number(n, "frames", cells[1])?)
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
        .push(frames, body, values)
        .map_err(|e| error(n, e.to_string()))
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
    fn a_creator_with_a_newline_quotes_and_commas_comes_back() {
        let mut motion = crate::example::stand_to_sit();
        motion.creator = "Jane \"JJ\" Animator,\nSony, Inc.".to_owned();
        motion.name = "a_stand#sit_\"x\", y".to_owned();
        let back = read(&write(&motion, &[], &[])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, motion);
    }

    #[test]
    fn a_spreadsheet_file_with_a_byte_order_mark_and_crlf_reads() {
        let motion = crate::example::stand_to_sit();
        let text = format!("\u{feff}{}", write(&motion, &[], &[]).replace('\n', "\r\n"));
        let back = read(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, motion);
    }

    #[test]
    fn records_quote_only_where_needed() {
        assert_eq!(record(["a", "b c", ""]), "a,b c,");
        assert_eq!(record(["a,b", "say \"hi\""]), "\"a,b\",\"say \"\"hi\"\"\"");
        assert_eq!(record(["two\nlines"]), "\"two\nlines\"");
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
