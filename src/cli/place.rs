//! `place`: pose a motion at one time by where its paws and body are to be, in the floor
//! frame the floor rests it in then (x forward, y left, z up, mm; the origin on the floor
//! under the body's origin), with balance kept unless `--no-balance`.

use super::failure::Failure;
use super::ops::{InOut, finish, label_and_target};
use super::transform::read_motion;
use crate::ops::Outcome;
use crate::ops::place::{BodyGoal, Goals, PawGoal, PlaceError, place_at};
use crate::robot::floor::body::leg_name;
use crate::robot::kinematics::Leg;
use clap::Args;
use std::io::Write;

/// `place`'s arguments.
#[derive(Debug, Args)]
pub struct PlaceArgs {
    /// Input and output.
    #[command(flatten)]
    pub io: InOut,
    /// The time to pose, in ms (on its 16 ms frame; a keyframe is inserted there if there is
    /// none).
    #[arg(long, value_name = "MS")]
    pub at: u64,
    /// A paw put at a point of the floor frame: FL, FR, BL or BR = x,y,z in mm (repeatable).
    #[arg(long, value_name = "LEG=X,Y,Z")]
    pub paw: Vec<String>,
    /// A paw raised from where it is by MM (repeatable; beyond reach straight up, it goes
    /// to that height at the nearest place the leg reaches).
    #[arg(long, value_name = "LEG=MM")]
    pub lift: Vec<String>,
    /// Where the body is: height=MM (above the floor), x=MM and y=MM (forward and left of
    /// where it is), roll=DEG, pitch=DEG, yaw=DEG; only the keys named change.
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub body: Option<String>,
    /// Keep the centre of mass this many mm inside the planted paws (default 15).
    #[arg(long, value_name = "MM", conflicts_with = "no_balance")]
    pub balance: Option<f64>,
    /// Do not keep balance: the body stays where it is asked to be.
    #[arg(long)]
    pub no_balance: bool,
    /// With the balance, do not add the keyframes that shift the weight before a paw lifts
    /// and after it is down (halfway into and out of the pose's segments).
    #[arg(long)]
    pub no_weight_shift: bool,
}

fn leg(name: &str) -> Result<usize, Failure> {
    Leg::ALL
        .iter()
        .position(|&l| leg_name(l).eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            Failure::usage(format!(
                "place: \"{name}\" is no leg: give FL, FR, BL or BR"
            ))
        })
}

fn number(text: &str, what: &str) -> Result<f64, Failure> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| Failure::usage(format!("place: {what}: \"{text}\" is not a number")))
}

/// The goals the arguments name.
fn goals(args: &PlaceArgs) -> Result<Goals, Failure> {
    let mut goals = Goals {
        balance_mm: (!args.no_balance).then_some(args.balance.unwrap_or(15.0)),
        weight_first: !args.no_weight_shift,
        ..Goals::default()
    };
    let mut set = |i: usize, goal: PawGoal, text: &str| {
        if goals.paws[i].replace(goal).is_some() {
            return Err(Failure::usage(format!(
                "place: the {} paw is named twice (at \"{text}\")",
                leg_name(Leg::ALL[i])
            )));
        }
        Ok(())
    };
    for text in &args.paw {
        let (name, at) = text
            .split_once('=')
            .ok_or_else(|| Failure::usage(format!("place: --paw \"{text}\": give LEG=X,Y,Z")))?;
        let xyz = at
            .split(',')
            .map(|v| number(v, &format!("--paw {text}")))
            .collect::<Result<Vec<f64>, Failure>>()?;
        let [x, y, z] = xyz[..] else {
            return Err(Failure::usage(format!(
                "place: --paw \"{text}\": give three numbers, x,y,z in mm"
            )));
        };
        set(leg(name)?, PawGoal::At([x, y, z]), text)?;
    }
    for text in &args.lift {
        let (name, mm) = text
            .split_once('=')
            .ok_or_else(|| Failure::usage(format!("place: --lift \"{text}\": give LEG=MM")))?;
        set(
            leg(name)?,
            PawGoal::Lift(number(mm, &format!("--lift {text}"))?),
            text,
        )?;
    }
    if let Some(body) = &args.body {
        goals.body = body_goal(body)?;
    }
    if let Some(margin) = goals.balance_mm
        && margin < 0.0
    {
        return Err(Failure::usage(format!(
            "place: --balance {margin}: give a margin of 0 mm or more"
        )));
    }
    Ok(goals)
}

fn body_goal(text: &str) -> Result<BodyGoal, Failure> {
    let mut goal = BodyGoal::default();
    for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| Failure::usage(format!("place: --body \"{pair}\": give KEY=VALUE")))?;
        let value = Some(number(value, &format!("--body {pair}"))?);
        let slot = match key.trim() {
            "height" => &mut goal.height_mm,
            "x" => &mut goal.x_mm,
            "y" => &mut goal.y_mm,
            "roll" => &mut goal.roll_deg,
            "pitch" => &mut goal.pitch_deg,
            "yaw" => &mut goal.yaw_deg,
            other => {
                return Err(Failure::usage(format!(
                    "place: --body: \"{other}\" is not one of height, x, y, roll, pitch, yaw"
                )));
            }
        };
        *slot = value;
    }
    Ok(goal)
}

/// Runs `place`.
///
/// # Errors
/// Unreadable input, goals that cannot be reached (nothing written), or an output that
/// cannot be written.
pub fn run(args: &PlaceArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let io = &args.io;
    let goals = goals(args)?;
    let (label, writes_archive) = label_and_target(io)?;
    let motion = read_motion(&io.input, io.entry.as_deref())?;
    let (placed, notes) = place_at(&motion, args.at, &goals).map_err(|e| match e {
        PlaceError::Unreached(misses) => Failure::usage(format!(
            "{label}: cannot place at {} ms, nothing written: {}",
            args.at,
            misses.join("; ")
        )),
        PlaceError::Op(e) => Failure::usage(format!("{label}: {e}")),
    })?;
    let outcome = Outcome {
        motion: placed,
        notes,
    };
    let archive =
        writes_archive.then(|| (io.input.as_path(), io.entry.as_deref().unwrap_or_default()));
    finish(&outcome, &label, &io.output, archive, out)
}
