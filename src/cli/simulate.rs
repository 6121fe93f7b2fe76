//! `simulate`: the robot simulated on the floor with a physics engine (`robot::physics`):
//! where it goes, how it tilts, what touches the floor, how its paws slip and its joints lag,
//! at each keyframe (or tick); then its falls and slips. Exit 1 when it falls.

use super::failure::{EXIT_OK, EXIT_PROBLEMS, Failure};
use super::input::motions;
use crate::robot::floor::body::leg_name;
use crate::robot::joint_name;
use crate::robot::kinematics::Leg;
use crate::robot::physics::{self, Event, Floor, Settings, Simulation, Tick};
use crate::robot::timing::{TICK_MS, keyframe_times_ms};
use clap::Args;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// `simulate`'s arguments.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The motion (MTN, JSON, or an ODA with --entry).
    pub file: PathBuf,
    /// The archive entry.
    #[arg(long)]
    pub entry: Option<String>,
    /// Play the motion this many times in a row, as a walk is.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,
    /// The floor: carpet (μ 0.8), wood (0.6) or tile (0.4); estimates, see the README.
    #[arg(long, value_parser = ["carpet", "wood", "tile"], conflicts_with = "friction")]
    pub floor: Option<String>,
    /// The floor's coefficient of friction with the paws (0 to 5).
    #[arg(long)]
    pub friction: Option<f64>,
    /// One row per 8 ms tick instead of per keyframe.
    #[arg(long)]
    pub every_tick: bool,
    /// One JSON object: `summary`, then `keyframes` (or `ticks`), each row with each paw's
    /// sliding speed and each joint's lag behind its command.
    #[arg(long)]
    pub json: bool,
}

impl SimulateArgs {
    /// The floor asked for.
    ///
    /// # Errors
    /// A friction outside 0 to 5.
    pub fn floor(&self) -> Result<Floor, Failure> {
        if let Some(mu) = self.friction {
            return Floor::with_friction(mu).ok_or_else(|| {
                Failure::usage(format!("--friction {mu}: give a coefficient from 0 to 5"))
            });
        }
        Ok(self
            .floor
            .as_deref()
            .and_then(Floor::named)
            .unwrap_or_default())
    }
}

fn round(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (v * k).round() / k + 0.0
}

/// One row of `simulate`.
#[derive(Debug, Serialize)]
struct Row {
    time_ms: u64,
    /// Forward and to the left of where the body started (mm).
    position_mm: [f64; 2],
    heading_deg: f64,
    height_mm: f64,
    roll_deg: f64,
    pitch_deg: f64,
    touching: Vec<String>,
    /// Each paw's sliding speed on the floor (mm/s).
    slip_mm_s: BTreeMap<&'static str, f64>,
    /// Each joint's lag behind its command (degrees), where it is 0.5° or more.
    lag_deg: BTreeMap<String, f64>,
}

#[derive(Serialize)]
struct EventRow<'a> {
    time_ms: u64,
    what: &'a str,
}

#[derive(Serialize)]
struct SummaryRow<'a> {
    floor: String,
    mu: f64,
    repeat: u32,
    travel_mm: [f64; 2],
    heading_deg: f64,
    drift_mm: [f64; 2],
    drift_deg: f64,
    max_tilt_deg: f64,
    falls: Vec<EventRow<'a>>,
    slips: Vec<EventRow<'a>>,
    lifted: Vec<EventRow<'a>>,
    tilts: Vec<EventRow<'a>>,
    beyond: Vec<EventRow<'a>>,
    lags: Vec<EventRow<'a>>,
}

#[derive(Serialize)]
struct Report<'a> {
    summary: SummaryRow<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keyframes: Option<&'a [Row]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ticks: Option<&'a [Row]>,
}

fn row(sim: &Simulation, names: &[String], tick: &Tick) -> Row {
    Row {
        time_ms: tick.time_ms,
        position_mm: tick.position_mm.map(|v| round(f64::from(v), 1)),
        heading_deg: round(f64::from(tick.heading_deg), 2),
        height_mm: round(f64::from(tick.height_mm), 1),
        roll_deg: round(f64::from(tick.roll_deg), 2),
        pitch_deg: round(f64::from(tick.pitch_deg), 2),
        touching: sim
            .parts
            .iter()
            .enumerate()
            .filter(|&(i, _)| i < 32 && tick.touching & (1 << i) != 0)
            .map(|(_, p)| p.name())
            .collect(),
        slip_mm_s: Leg::ALL
            .into_iter()
            .zip(tick.slip_mm_s)
            .map(|(leg, v)| (leg_name(leg), round(f64::from(v), 1)))
            .collect(),
        lag_deg: names
            .iter()
            .zip(&tick.lag_deg)
            .filter(|&(_, lag)| lag.abs() >= 0.5)
            .map(|(name, &lag)| (name.clone(), round(f64::from(lag), 1)))
            .collect(),
    }
}

/// The ticks reported: every one, or the one at each keyframe of each play.
fn reported<'a>(sim: &'a Simulation, keyframe_ms: &[u64], every_tick: bool) -> Vec<&'a Tick> {
    if every_tick {
        return sim.ticks.iter().collect();
    }
    let cycle_ms = sim.cycle_ticks * TICK_MS;
    let plays = u64::from(sim.settings.repeat.max(1));
    let mut out = Vec::new();
    for play in 0..plays {
        for &ms in keyframe_ms {
            // The tick at a keyframe's time is the one that commands its values.
            let tick = (play * cycle_ms + ms) / TICK_MS;
            if let Some(t) = usize::try_from(tick).ok().and_then(|i| sim.ticks.get(i)) {
                out.push(t);
            }
        }
    }
    out
}

fn events(list: &[Event]) -> Vec<EventRow<'_>> {
    list.iter()
        .map(|e| EventRow {
            time_ms: e.time_ms,
            what: &e.what,
        })
        .collect()
}

fn write_text(
    label: &str,
    summary: &SummaryRow<'_>,
    rows: &[Row],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let plays = match summary.repeat {
        1 => "once".to_owned(),
        n => format!("{n} times in a row"),
    };
    writeln!(
        out,
        "{label}: simulated on {} (μ {}), played {plays}",
        summary.floor, summary.mu
    )?;
    writeln!(
        out,
        "{:>8} {:>8} {:>8} {:>7} {:>6} {:>6} {:>6}  touching",
        "ms", "fwd mm", "left mm", "turn°", "up mm", "roll°", "pitch°"
    )?;
    for r in rows {
        writeln!(
            out,
            "{:>8} {:>8.1} {:>8.1} {:>7.1} {:>6.1} {:>6.1} {:>6.1}  {}",
            r.time_ms,
            r.position_mm[0],
            r.position_mm[1],
            r.heading_deg,
            r.height_mm,
            r.roll_deg,
            r.pitch_deg,
            r.touching.join(", ")
        )?;
    }
    writeln!(
        out,
        "travel: {}, {}; turned {}; most tilt {:.1}°",
        crate::words::signed_mm(summary.travel_mm[0], "forward", "back"),
        crate::words::signed_mm(summary.travel_mm[1], "left", "right"),
        crate::words::signed_deg(summary.heading_deg, "left", "right"),
        summary.max_tilt_deg
    )?;
    writeln!(
        out,
        "of which the paws' slips: {}, {}; turned {}",
        crate::words::signed_mm(summary.drift_mm[0], "forward", "back"),
        crate::words::signed_mm(summary.drift_mm[1], "left", "right"),
        crate::words::signed_deg(summary.drift_deg, "left", "right"),
    )?;
    writeln!(
        out,
        "(each paw's sliding speed and each joint's lag behind its command are in --json)"
    )?;
    for (name, list) in [
        ("falls", &summary.falls),
        (
            "slips (a paw carrying weight carried more than 5 mm along the floor)",
            &summary.slips,
        ),
        (
            "paws stood on (a paw the pose lifts more than 15 mm)",
            &summary.lifted,
        ),
        (
            "leans (more than 15° from how the pose stands, on its paws)",
            &summary.tilts,
        ),
        ("commanded beyond a servo's reach", &summary.beyond),
        (
            "servos too weak (a joint more than 10° behind where its top speed lets it be)",
            &summary.lags,
        ),
    ] {
        if list.is_empty() {
            writeln!(out, "{name}: none")?;
        } else {
            writeln!(out, "{name}:")?;
            for e in list {
                writeln!(out, "  at {} ms: {}", e.time_ms, e.what)?;
            }
        }
    }
    Ok(())
}

/// Runs `simulate`.
///
/// # Errors
/// Unreadable input, a motion that cannot be simulated, or an output that cannot be
/// written.
pub fn run(args: &SimulateArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let floor = args.floor()?;
    let source = motions(&args.file, args.entry.as_deref(), false)?
        .into_iter()
        .next()
        .ok_or_else(|| Failure::usage(format!("{}: no motion in it", args.file.display())))?;
    let motion = &source.decoded.motion;
    let settings = Settings {
        floor,
        repeat: args.repeat,
    };
    let sim = physics::simulate(motion, settings, &mut |_| true)
        .map_err(|e| Failure::usage(format!("{}: {e}", source.label)))?;
    let names: Vec<String> = motion
        .locators
        .iter()
        .map(|l| joint_name(&motion.design, l).to_owned())
        .collect();
    let times = keyframe_times_ms(&motion.keyframes);
    let rows: Vec<Row> = reported(&sim, &times, args.every_tick)
        .into_iter()
        .map(|t| row(&sim, &names, t))
        .collect();
    let s = &sim.summary;
    let summary = SummaryRow {
        floor: floor.name(),
        mu: floor.mu(),
        repeat: settings.repeat,
        travel_mm: s.travel_mm.map(|v| round(v, 1)),
        heading_deg: round(s.heading_deg, 2),
        drift_mm: s.drift_mm.map(|v| round(v, 1)),
        drift_deg: round(s.drift_deg, 2),
        max_tilt_deg: round(s.max_tilt_deg, 2),
        falls: events(&s.falls),
        slips: events(&s.slips),
        lifted: events(&s.lifted),
        tilts: events(&s.tilts),
        beyond: events(&s.beyond),
        lags: events(&s.lags),
    };
    let result = if args.json {
        let report = Report {
            summary,
            keyframes: (!args.every_tick).then_some(rows.as_slice()),
            ticks: args.every_tick.then_some(rows.as_slice()),
        };
        serde_json::to_string_pretty(&report)
            .map_err(std::io::Error::other)
            .and_then(|text| writeln!(out, "{text}"))
    } else {
        write_text(&source.label, &summary, &rows, out)
    };
    result.map_err(|e| Failure::output(&e))?;
    Ok(if sim.summary.falls.is_empty() {
        EXIT_OK
    } else {
        EXIT_PROBLEMS
    })
}
