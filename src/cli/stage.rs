//! `stage`: how the body rests on the floor at each keyframe or tick; `body-angles`: those
//! pitches and rolls written into the keyframes.

use super::failure::{EXIT_OK, Failure};
use super::input::motions;
use super::ops::{InOut, run_op};
use crate::codec::mtn::Motion;
use crate::codec::problem::Problem;
use crate::ops::request::OpRequest;
use crate::robot::floor::{self, Rest, Rig};
use crate::robot::kinematics::Leg;
use crate::robot::place;
use crate::robot::timing::{TICK_MS, keyframe_times_ms, values_at_tick_in};
use crate::robot::urad_to_deg;
use clap::Subcommand;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The floor commands.
#[derive(Debug, Subcommand)]
pub enum StageCommand {
    /// How the body rests on a flat floor at each keyframe (or tick): its height, pitch
    /// (positive nose-up) and roll (positive left side up, as the files store it), what
    /// touches the floor, the centre of mass and how far inside the support it is, beside
    /// the file's own body angles; then the motion's problems.
    Stage {
        /// The motion (MTN, JSON, or an ODA with --entry).
        file: PathBuf,
        /// The archive entry.
        #[arg(long)]
        entry: Option<String>,
        /// One JSON object: `keyframes` (or `ticks`) and `problems`.
        #[arg(long)]
        json: bool,
        /// One row per 8 ms tick instead of per keyframe.
        #[arg(long)]
        every_tick: bool,
    },
    /// Write each keyframe's body pitch and roll as the body rests on the floor (as Sony's
    /// tools did); joint values and yaw stay.
    BodyAngles {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
    },
    /// Pose the motion at one time by where its paws and body are to be, in the floor frame
    /// it rests in then (x forward, y left, z up, mm; the origin on the floor under the
    /// body's origin): the legs solved within their joints' limits, paws not named kept
    /// planted, the balance kept. Exit 1, writing nothing, where a goal cannot be reached.
    Place(super::place::PlaceArgs),
    /// Simulate the robot on the floor with a physics engine: its servos follow the 8 ms
    /// commands at most at their top speed and torque, on carpet, wood or tile. Per keyframe
    /// (or tick): where the body is and its heading, roll and pitch, what touches the floor
    /// (with --json also how fast each paw slides and how far each joint lags behind its
    /// command); then the travel, the turn, the largest tilt, the falls, the slips and the
    /// servos too weak to follow. Exit 1 when the robot falls.
    Simulate(super::simulate::SimulateArgs),
}

/// One row of `stage`.
#[derive(Debug, Serialize)]
struct Row {
    time_ms: u64,
    height_mm: f64,
    pitch_deg: f64,
    roll_deg: f64,
    contacts: Vec<String>,
    com_mm: [f64; 3],
    margin_mm: f64,
    file_pitch_deg: f64,
    file_roll_deg: f64,
    /// Each paw ball's centre in the row's floor frame (x forward, y left, z up; the origin
    /// on the floor under the body's origin), by leg.
    paws_mm: std::collections::BTreeMap<&'static str, [f64; 3]>,
}

#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    keyframes: Option<&'a [Row]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ticks: Option<&'a [Row]>,
    problems: &'a [Problem],
}

fn round(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    // Plus zero: no "-0" printed.
    (v * k).round() / k + 0.0
}

fn row(rig: &Rig, rest: &Rest, time_ms: u64, file: [i32; 3], values: &[i32]) -> Row {
    let parts = rig.parts();
    let frame = place::Frame::of(&floor::placed(
        rest.up.map(f64::from),
        f64::from(rest.height_mm),
    ));
    let paws_mm = Leg::ALL
        .into_iter()
        .zip(place::paws(rig, values, &frame))
        .map(|(leg, at)| (floor::body::leg_name(leg), at.map(|v| round(v, 1))))
        .collect();
    Row {
        time_ms,
        height_mm: round(f64::from(rest.height_mm), 1),
        pitch_deg: round(rest.pitch_deg(), 2),
        roll_deg: round(rest.roll_deg(), 2),
        contacts: parts
            .iter()
            .enumerate()
            .filter(|&(i, _)| rest.touches(i))
            .map(|(_, p)| p.name())
            .collect(),
        com_mm: rest.com.map(|c| round(f64::from(c), 1)),
        margin_mm: round(f64::from(rest.margin_mm), 1),
        file_pitch_deg: round(urad_to_deg(file[1]), 2),
        file_roll_deg: round(urad_to_deg(file[0]), 2),
        paws_mm,
    }
}

/// The rows: one per keyframe, or per tick (with the body angles of the keyframe before).
fn rows(rig: &Rig, motion: &Motion, every_tick: bool) -> Vec<Row> {
    let ticks = floor::rest_ticks(rig, motion);
    let times = keyframe_times_ms(&motion.keyframes);
    let body = motion.keyframes.body();
    if every_tick {
        let mut k = 0;
        return (0u64..)
            .zip(&ticks)
            .map(|(tick, rest)| {
                let time = tick * TICK_MS;
                while k + 1 < times.len() && times[k + 1] <= time {
                    k += 1;
                }
                let values = values_at_tick_in(&motion.keyframes, &times, tick)
                    .or_else(|| motion.keyframes.get(k).map(|kf| kf.angles_urad.to_vec()))
                    .unwrap_or_default();
                row(
                    rig,
                    rest,
                    time,
                    body.get(k).copied().unwrap_or_default(),
                    &values,
                )
            })
            .collect();
    }
    let settled = floor::rest_at_keyframes(rig, motion, &ticks);
    settled
        .iter()
        .zip(&times)
        .enumerate()
        .map(|(k, (s, &time))| {
            let values = motion
                .keyframes
                .get(k)
                .map(|kf| kf.angles_urad)
                .unwrap_or_default();
            let posed = rig.pose(values);
            row(rig, &Rest::of(s, &posed), time, body[k], values)
        })
        .collect()
}

fn write_text(rows: &[Row], problems: &[Problem], out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>8} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}  contacts",
        "ms", "mm up", "pitch°", "roll°", "margin", "file p°", "file r°"
    )?;
    for r in rows {
        writeln!(
            out,
            "{:>8} {:>7.1} {:>7.1} {:>7.1} {:>7.1} {:>7.1} {:>7.1}  {}",
            r.time_ms,
            r.height_mm,
            r.pitch_deg,
            r.roll_deg,
            r.margin_mm,
            r.file_pitch_deg,
            r.file_roll_deg,
            r.contacts.join(", ")
        )?;
    }
    if problems.is_empty() {
        writeln!(out, "problems: none")?;
    } else {
        writeln!(out, "problems:")?;
        for p in problems {
            writeln!(out, "  {p}")?;
        }
    }
    Ok(())
}

fn stage(
    file: &Path,
    entry: Option<&str>,
    json: bool,
    every_tick: bool,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let mut source = motions(file, entry, false)?
        .into_iter()
        .next()
        .ok_or_else(|| Failure::usage(format!("{}: no motion in it", file.display())))?;
    super::input::add_floor_problems(&mut source.decoded, false);
    let motion = &source.decoded.motion;
    let rig = floor::rig(motion).ok_or_else(|| {
        Failure::usage(format!(
            "{}: the design label \"{}\" names no AIBO model, so there is no body to stand",
            source.label, motion.design
        ))
    })?;
    if every_tick && !floor::solvable(motion) {
        return Err(Failure::usage(format!(
            "{}: {} ticks: --every-tick works out motions of up to {} ticks (without it, \
             each keyframe is)",
            source.label,
            crate::robot::timing::tick_count(&motion.keyframes),
            floor::MAX_SOLVED_TICKS
        )));
    }
    let rows = rows(&rig, motion, every_tick);
    let problems = &source.decoded.problems;
    let result = if json {
        let report = Report {
            keyframes: (!every_tick).then_some(rows.as_slice()),
            ticks: every_tick.then_some(rows.as_slice()),
            problems,
        };
        serde_json::to_string_pretty(&report)
            .map_err(std::io::Error::other)
            .and_then(|text| writeln!(out, "{text}"))
    } else {
        write_text(&rows, problems, out)
    };
    result.map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}

/// Runs a floor subcommand.
///
/// # Errors
/// Unreadable input, a motion of no known model, or an output that cannot be written.
pub fn run(command: StageCommand, out: &mut dyn Write) -> Result<u8, Failure> {
    match command {
        StageCommand::Stage {
            file,
            entry,
            json,
            every_tick,
        } => stage(&file, entry.as_deref(), json, every_tick, out),
        StageCommand::BodyAngles { io } => run_op(&io, out, |_| Ok(OpRequest::BodyAngles)),
        StageCommand::Place(args) => super::place::run(&args, out),
        StageCommand::Simulate(args) => super::simulate::run(&args, out),
    }
}
