//! The whole-motion operations: `mirror`, `reverse`, `retime`, `concat`, `pose`,
//! `retarget`. Each reads one motion (a file, or an archive entry), runs the library's
//! operation request (the window's Motion menu makes the same ones), says what it noted, and writes an .mtn file or, with `--entry`, the entry
//! back into an .oda archive. Bad input writes nothing.

use super::failure::{EXIT_OK, Failure};
use super::input::{Loaded, load};
use super::transform::read_motion;
use crate::codec::kind::FileKind;
use crate::codec::mtn::{self, Motion};
use crate::fsutil::write_atomic;
use crate::ops::{Context, OpRequest, Outcome, RetimeBy};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The motion read and where the result goes, common to every operation.
#[derive(Debug, Args)]
pub struct InOut {
    /// The motion: an MTN file, a motion in JSON, or an ODA archive with --entry.
    pub input: PathBuf,
    /// The archive entry to work on; with an .oda output it is written back there.
    #[arg(long)]
    pub entry: Option<String>,
    /// Where to write: an .mtn file, or an .oda archive (with --entry).
    #[arg(short, long)]
    pub output: PathBuf,
}

/// How `retime` sets the new length.
#[derive(Debug, Args)]
#[group(required = true, multiple = false)]
pub struct RetimeTarget {
    /// The new duration in ms (rounded to 16 ms frames).
    #[arg(long)]
    pub duration: Option<u64>,
    /// The current duration times this (above 0).
    #[arg(long)]
    pub factor: Option<f64>,
    /// Keep the durations the file's frame-rate field implies, on the robot's 16 ms frames,
    /// and write 16 there.
    #[arg(long)]
    pub to_robot_rate: bool,
}

/// The operations, as subcommands of their own.
#[derive(Debug, Subcommand)]
pub enum OpCommand {
    /// Mirror left and right: legs and ears swap, head pan/roll, tail pan and body roll/yaw
    /// change sign.
    Mirror {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
    },
    /// Play the motion backwards; the name's start and end postures swap.
    Reverse {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
    },
    /// Stretch or squeeze the timing (values untouched; segments stay on 16 ms frames).
    Retime {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// The new length.
        #[command(flatten)]
        target: RetimeTarget,
    },
    /// Join motions of one model, one after another.
    Concat {
        /// The motions (MTN or JSON files), in order.
        #[arg(required = true, num_args = 2..)]
        inputs: Vec<PathBuf>,
        /// A segment of this many ms joins motions that do not meet (required then).
        #[arg(long)]
        transition: Option<u64>,
        /// Where to write the .mtn file.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Start and/or end in the model's standard posture (stand, sit, sleep).
    Pose {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// The posture to start in.
        #[arg(long)]
        start: Option<String>,
        /// The posture to end in.
        #[arg(long)]
        end: Option<String>,
        /// The segment in ms that reaches an added posture keyframe.
        #[arg(long)]
        transition: Option<u64>,
    },
    /// Convert a motion to another model (ERS-210/220 <-> ERS-7, ERS-110 -> either).
    Retarget {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// The target: its design label, DRX-1000 (ERS-7), DRX-900 or DRX-910 (ERS-210/220),
        /// or the model's name (ERS-7, ERS-210).
        #[arg(long)]
        model: String,
        /// Solve the legs so each paw keeps its place relative to its shoulder.
        #[arg(long)]
        keep_feet: bool,
    },
}

/// Runs an operation subcommand.
///
/// # Errors
/// Unreadable input, an operation that cannot be done as asked, or an output that cannot
/// be written.
pub fn run(command: OpCommand, out: &mut dyn Write) -> Result<u8, Failure> {
    let (io, request) = match command {
        OpCommand::Mirror { io } => (io, OpRequest::Mirror),
        OpCommand::Reverse { io } => (io, OpRequest::Reverse),
        OpCommand::Retime { io, target } => {
            let request = match target {
                RetimeTarget {
                    to_robot_rate: true,
                    ..
                } => OpRequest::ToRobotRate,
                RetimeTarget {
                    duration: Some(ms), ..
                } => OpRequest::Retime(RetimeBy::DurationMs(ms)),
                RetimeTarget {
                    factor: Some(f), ..
                } => OpRequest::Retime(RetimeBy::Factor(f)),
                _ => OpRequest::Retime(RetimeBy::Factor(f64::NAN)),
            };
            (io, request)
        }
        OpCommand::Pose {
            io,
            start,
            end,
            transition,
        } => {
            if start.is_none() && end.is_none() {
                return Err(Failure::usage(
                    "pose: give --start POSTURE, --end POSTURE or both".to_owned(),
                ));
            }
            let request = OpRequest::Pose {
                start,
                end,
                transition_ms: transition,
            };
            (io, request)
        }
        OpCommand::Retarget {
            io,
            model,
            keep_feet,
        } => {
            // A model named as people name it (ERS-7, ers-210) is taken for its label; what
            // names neither is refused as the option's, not blamed on the input file.
            let label = match crate::robot::models::Model::by_name(&model) {
                Some(named) => named.label().to_owned(),
                None if crate::robot::parse_design(&model).is_some() => model,
                None => {
                    return Err(Failure::usage(format!(
                        "--model {model}: neither a design label (DRX-1000 for the ERS-7, \
                         DRX-900 or DRX-910 for the ERS-210/220) nor a model's name (ERS-7, \
                         ERS-210)"
                    )));
                }
            };
            let request = OpRequest::Retarget { label, keep_feet };
            (io, request)
        }
        OpCommand::Concat {
            inputs,
            transition,
            output,
        } => return concat(&inputs, transition, &output, out),
    };
    run_op(&io, out, |_| Ok(request))
}

/// Reads the first motion and those appended to it, joins them, writes the result.
fn concat(
    inputs: &[PathBuf],
    transition_ms: Option<u64>,
    output: &Path,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let Some((first, rest)) = inputs.split_first() else {
        return Err(Failure::usage(
            "concat: give two motions or more".to_owned(),
        ));
    };
    let motion = read_motion(first, None)?;
    let appended = rest
        .iter()
        .map(|path| Ok((path.display().to_string(), read_motion(path, None)?)))
        .collect::<Result<Vec<(String, Motion)>, Failure>>()?;
    let request = OpRequest::Append {
        others: rest.to_vec(),
        transition_ms,
    };
    let context = Context::whole(&first.display().to_string());
    let outcome = request
        .run(&motion, &context, &appended)
        .map_err(|e| Failure::usage(format!("concat: {e}")))?;
    let labels: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
    finish(&outcome, &labels.join(" + "), output, None, out)
}

/// How the input is named in messages (`FILE:ENTRY`), and whether the result goes back
/// into an archive.
///
/// # Errors
/// An .oda output without the entry to write.
pub(super) fn label_and_target(io: &InOut) -> Result<(String, bool), Failure> {
    let label = match &io.entry {
        Some(entry) => format!("{}:{entry}", io.input.display()),
        None => io.input.display().to_string(),
    };
    let writes_archive = FileKind::by_extension(&io.output) == Some(FileKind::Oda);
    if writes_archive && io.entry.is_none() {
        return Err(Failure::usage(format!(
            "{}: name the archive entry to work on with --entry",
            io.output.display()
        )));
    }
    Ok((label, writes_archive))
}

/// Reads the motion, runs the operation `request` makes of it on all of it, writes the
/// result.
pub(super) fn run_op(
    io: &InOut,
    out: &mut dyn Write,
    request: impl FnOnce(&Motion) -> Result<OpRequest<PathBuf>, Failure>,
) -> Result<u8, Failure> {
    let (label, writes_archive) = label_and_target(io)?;
    let motion = read_motion(&io.input, io.entry.as_deref())?;
    let outcome = request(&motion)?
        .run(&motion, &Context::whole(&label), &[])
        .map_err(|e| Failure::usage(format!("{label}: {e}")))?;
    let archive = writes_archive.then_some(&io.input);
    finish(
        &outcome,
        &label,
        &io.output,
        archive.map(|a| (a.as_path(), io.entry.as_deref().unwrap_or_default())),
        out,
    )
}

/// Writes the result (into `archive`'s entry when given) and prints the notes.
pub(super) fn finish(
    outcome: &Outcome,
    label: &str,
    output: &Path,
    archive: Option<(&Path, &str)>,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let shown = output.display();
    let encoded = mtn::encode(&outcome.motion)
        .map_err(|e| Failure::usage(format!("{label}: the result cannot be written: {e}")))?;
    let bytes = match archive {
        Some((input, entry)) => {
            let Loaded::Archive(mut archive) = load(input)? else {
                return Err(Failure::usage(format!(
                    "{} is a single motion; write the result to an .mtn file",
                    input.display()
                )));
            };
            let index = super::input::entry_index(&input.display().to_string(), &archive, entry)?;
            archive.entries[index].set_contents(&encoded);
            archive
                .write()
                .map_err(|e| Failure::usage(format!("{shown}: {e}")))?
        }
        None if FileKind::by_extension(output) == Some(FileKind::Mtn) => encoded,
        None => {
            return Err(Failure::usage(format!(
                "{shown}: write the result to an .mtn file (or into an .oda with --entry)"
            )));
        }
    };
    for note in &outcome.notes {
        writeln!(out, "{label}: {note}").map_err(|e| Failure::output(&e))?;
    }
    write_atomic(output, &bytes)
        .map_err(|e| Failure::usage(format!("{shown}: cannot write: {e}")))?;
    let duration = crate::robot::timing::duration_ms(&outcome.motion.keyframes);
    writeln!(
        out,
        "{label}: wrote {shown} ({}, {duration} ms)",
        crate::words::plural(outcome.motion.keyframes.len(), "keyframe", "keyframes")
    )
    .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}
