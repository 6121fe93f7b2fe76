//! `robot play` and `robot pose`: R-CODE's wireless console (`crate::rcode`), so a behaviour
//! on the robot's stick plays from here and the robot's pose comes back as numbers or a
//! motion. Nothing is sent but what the command asks for.

use super::failure::{EXIT_OK, Failure};
use crate::codec::kind::FileKind;
use crate::codec::mtn;
use crate::fsutil::write_atomic;
use crate::rcode::console::{self, Console, Play, Timeouts};
use clap::Subcommand;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What to do with the robot.
#[derive(Debug, Subcommand)]
pub enum RobotAction {
    /// Play a behaviour on the robot: an action name (`PLAY:ACTION:NAME`, from the stick's
    /// ACTION.AMS or ACTION.CFG) or a behaviour table number (`PLAY:MWCID:N`), and print what
    /// the robot answered.
    Play {
        /// The robot's address or name, with `:PORT` if not R-CODE's 21002.
        host: String,
        /// An action name, or an MWCID (decimal, or hex with 0x).
        what: String,
        /// Seconds to wait for the connection and for each answer.
        #[arg(long, default_value_t = 5.0)]
        timeout: f64,
    },
    /// Read the robot's pose: each joint's angle in whole degrees (R-CODE's `PRINT`), a line
    /// a joint; or `-o` to write it as a one-keyframe ERS-7 motion.
    Pose {
        /// The robot's address or name, with `:PORT` if not R-CODE's 21002.
        host: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Write the pose as a one-keyframe motion (.mtn; the ears, which R-CODE does not
        /// read, as in the standing posture).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Seconds to wait for the connection and for each answer.
        #[arg(long, default_value_t = 5.0)]
        timeout: f64,
    },
}

/// Runs a `robot` subcommand.
///
/// # Errors
/// The robot cannot be reached or answers nothing usable, or the output cannot be written.
pub fn run(action: RobotAction, out: &mut dyn Write) -> Result<u8, Failure> {
    match action {
        RobotAction::Play {
            host,
            what,
            timeout,
        } => play(&host, &what, timeouts(timeout)?, out),
        RobotAction::Pose {
            host,
            json,
            output,
            timeout,
        } => pose(&host, json, output.as_deref(), timeouts(timeout)?, out),
    }
}

fn timeouts(secs: f64) -> Result<Timeouts, Failure> {
    if !(0.1..=600.0).contains(&secs) {
        return Err(Failure::usage(format!(
            "--timeout {secs}: give between 0.1 and 600 seconds"
        )));
    }
    Ok(Timeouts {
        connect: Duration::from_secs_f64(secs),
        answer: Duration::from_secs_f64(secs),
        ..Timeouts::default()
    })
}

fn fail(e: &console::ConsoleError) -> Failure {
    Failure::usage(e.to_string())
}

fn play(host: &str, what: &str, timeouts: Timeouts, out: &mut dyn Write) -> Result<u8, Failure> {
    let play = Play::parse(what).map_err(|e| fail(&e))?;
    let mut robot = Console::connect(host, timeouts).map_err(|e| fail(&e))?;
    let command = play.command();
    let answer = robot.send(&command).map_err(|e| fail(&e))?;
    let said = if answer.is_empty() {
        "nothing (R-CODE prints only what its program prints)".to_owned()
    } else {
        format!("{answer:?}")
    };
    writeln!(
        out,
        "{}: connected ({}); sent {command}; the robot answered {said}",
        robot.addr(),
        banner_words(&robot.banner)
    )
    .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}

fn banner_words(banner: &str) -> String {
    match banner.lines().next() {
        Some(line) if !line.trim().is_empty() => format!("it said {:?}", line.trim()),
        _ => "no banner".to_owned(),
    }
}

#[derive(Serialize)]
struct PoseJson<'a> {
    host: String,
    banner: &'a str,
    /// Whole degrees, by joint name.
    joints: Vec<JointJson>,
}

#[derive(Serialize)]
struct JointJson {
    joint: &'static str,
    degrees: i32,
}

fn pose(
    host: &str,
    json: bool,
    output: Option<&Path>,
    timeouts: Timeouts,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    if let Some(path) = output
        && FileKind::by_extension(path) != Some(FileKind::Mtn)
    {
        return Err(Failure::usage(format!(
            "{}: write the pose to an .mtn file",
            path.display()
        )));
    }
    if let Some(path) = output
        && path.exists()
    {
        return Err(Failure::usage(format!(
            "{} exists: the pose is never written over a file (remove it first)",
            path.display()
        )));
    }
    let mut robot = Console::connect(host, timeouts).map_err(|e| fail(&e))?;
    let joints = console::read_pose(&mut robot).map_err(|e| fail(&e))?;
    let write = |e: std::io::Error| Failure::output(&e);
    if let Some(path) = output {
        write_pose(path, &joints)?;
        writeln!(
            out,
            "wrote {}: the robot's pose, {} joints read in whole degrees (the ears as standing)",
            path.display(),
            joints.len()
        )
        .map_err(write)?;
    } else if json {
        let doc = PoseJson {
            host: robot.addr().to_string(),
            banner: &robot.banner,
            joints: joints
                .iter()
                .map(|&(joint, degrees)| JointJson { joint, degrees })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &doc).map_err(|e| write(e.into()))?;
        writeln!(out).map_err(write)?;
    } else {
        writeln!(out, "{}: the robot's pose in whole degrees", robot.addr()).map_err(write)?;
        for (joint, degrees) in &joints {
            writeln!(out, "{joint:<12} {degrees:>5}").map_err(write)?;
        }
    }
    Ok(EXIT_OK)
}

/// Writes `joints` (whole degrees) as a one-keyframe ERS-7 motion, the rest of its joints as
/// the standing posture has them.
fn write_pose(path: &Path, joints: &[(&'static str, i32)]) -> Result<(), Failure> {
    let shown = path.display();
    let mut motion = crate::robot::postures::new_motion(crate::robot::Model::Ers7.label(), "stand")
        .map_err(|e| Failure::usage(e.to_string()))?;
    motion.name = "a_stand#stand_robot_pose".to_owned();
    for (column, locator) in motion.locators.clone().iter().enumerate() {
        let name = crate::robot::joint_name(&motion.design, locator);
        if let Some((_, degrees)) = joints.iter().find(|(joint, _)| *joint == name) {
            for keyframe in 0..motion.keyframes.len() {
                motion.keyframes.set_angle(
                    keyframe,
                    column,
                    crate::robot::deg_to_urad(f64::from(*degrees)),
                );
            }
        }
    }
    let bytes = mtn::encode(&motion)
        .map_err(|e| Failure::usage(format!("{shown}: the pose cannot be written: {e}")))?;
    write_atomic(path, &bytes).map_err(|e| Failure::usage(format!("{shown}: cannot write: {e}")))
}
