//! The command-line front end, over the same library calls the window uses.

mod archive;
mod check;
mod convert;
mod desktop;
mod failure;
mod find_walk;
mod gait;
mod generate;
pub mod input;
mod inspect;
mod new;
mod ops;
mod place;
mod robot;
mod shaping;
mod simulate;
mod skit;
mod sound;
mod stage;
mod stick;
mod stick_edit;
mod transform;

pub use failure::{EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, Failure};

use crate::codec::kind::FileKind;
use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

/// mtn-studio: edit, check, repair and convert AIBO motions (MTN) and ODA archives.
#[derive(Debug, Parser)]
#[command(
    name = "mtn-studio",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    after_help = "Exit codes: 0 done (check: clean); 1 problems found, or a request that cannot \
                  be carried out; 2 an input that cannot be read at all. A mistyped command \
                  line (unknown option, missing argument) exits 2 with clap's usage message, \
                  which starts \"error:\" and ends with \"Usage:\"; unreadable input names the \
                  file instead. RUST_LOG=info (or debug) prints the log of the window's \
                  libraries on stderr."
)]
pub struct Args {
    /// What to do; with none, the editor window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A motion or archive to open in the editor (the bundled example when none is given).
    pub file: Option<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Header, joints, keyframes, duration and problems of a motion (every motion of an archive).
    Info {
        /// An MTN file, an ODA archive or a motion in JSON (`-`: standard input).
        file: PathBuf,
        /// The archive entry to show.
        #[arg(long)]
        entry: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Check files: exit 0 when clean, 1 when problems were found, 2 when one is unreadable.
    Check {
        /// MTN files or ODA archives (every motion in an archive is checked), or folders,
        /// searched for them at any depth.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object per motion, a line each: file, entry, ok, problems.
        #[arg(long)]
        json: bool,
        /// Check only this entry of an archive (one file; repeatable): its whole name, or
        /// part of one motion's name.
        #[arg(long)]
        entry: Vec<String>,
        /// Falls, slides and lifted paws from the body at rest alone, without simulating
        /// (by default the robot is simulated on the floor where its model's body is
        /// measured, the ERS-7 and the ERS-210/220, and the simulation's word is the one)
        #[arg(long)]
        fast: bool,
        /// The default since the floor's verdict is the simulation's (kept so scripts that
        /// asked for it still run).
        #[arg(long, hide = true, conflicts_with = "fast")]
        simulate: bool,
    },
    /// Write a well-formed copy of a motion and list each fix made.
    Repair {
        /// The damaged MTN file or ODA archive.
        input: PathBuf,
        /// The archive entry to repair (without it, every motion of an archive written as .oda).
        #[arg(long)]
        entry: Option<String>,
        /// Where to write: an .mtn file, or an .oda archive for archive input.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Convert between formats, picked by the files' extensions or --from/--to (the formats
    /// are listed at the end of --help).
    ///
    /// MTN to .seq samples the robot's command stream at --fps (default 125, one frame per
    /// 8 ms tick) or writes the keyframes only (--keyframes-only). MTN to .motion (Webots)
    /// writes a pose per keyframe, or per 8 ms tick with --every-tick, and with
    /// --webots-project DIR a Webots world and controller that play it. .seq/.yaml/.motion
    /// to MTN maps the file's joints onto the AIBO (--model, --map, else the names or
    /// locators the file carries, else by order) and reduces the frames to keyframes within
    /// --tolerance.
    #[command(after_help = convert::formats_help())]
    Convert {
        /// The motion to read (MTN, JSON, CSV, .seq/.yaml, .pseq, .motion, or an ODA with
        /// --entry; `-`: standard input, its format from --from or its first bytes).
        input: PathBuf,
        /// The archive entry to read.
        #[arg(long)]
        entry: Option<String>,
        /// Where to write; the extension picks the format (`-`: standard output, the format
        /// from --to, every message on standard error).
        output: PathBuf,
        /// How to map, reduce and sample.
        #[command(flatten)]
        options: convert::ConvertOptions,
    },
    /// The exact command stream the robot plays, one CSV row per 8 ms tick (values in µrad).
    Ticks {
        /// The motion (MTN, JSON, or an ODA with --entry; `-`: standard input).
        file: PathBuf,
        /// The archive entry to play.
        #[arg(long)]
        entry: Option<String>,
    },
    /// A new motion holding a model's standard posture (two keyframes, 1008 ms), named
    /// `a_POSTURE#POSTURE_new`, as File > New makes it.
    New {
        /// The full-body design label: DRX-1000 (ERS-7), DRX-900 or DRX-910 (ERS-210/220); or
        /// the model's name (ERS-7, ERS-210), for the label Sony's tools write.
        #[arg(long)]
        model: String,
        /// The posture it holds.
        #[arg(long, default_value = "stand", value_parser = ["stand", "sit", "sleep"])]
        posture: String,
        /// The .mtn file to write (never over one that exists).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Whole-motion operations: mirror, reverse, retime, concat, pose, retarget.
    #[command(flatten)]
    Op(ops::OpCommand),
    /// Shaping: shape, simplify, smooth, fix-speed.
    #[command(flatten)]
    Shaping(shaping::ShapingCommand),
    /// The floor: stage, body-angles, place, simulate.
    #[command(flatten)]
    Stage(stage::StageCommand),
    /// Make keyframes from a few parameters: a tail wag, a nod, a shake, a tilt, ears in a
    /// rhythm, a head that looks around, a mouth that opens with a sound, a walk (or search
    /// the simulation for one: walk --search), or a preset of any of them. Each is held to
    /// the joints' limits and what their servos follow (what it changed is said) and
    /// leaves every other joint as it was.
    Generate {
        /// Which generator.
        #[command(subcommand)]
        kind: generate::GenerateKind,
    },
    /// Which sound and LED pattern go with a motion (from a MONETCMD.CFG command table, else
    /// the naming rule's candidates, best first), and how each part's length compares with
    /// the motion's
    Skit(skit::SkitArgs),
    /// Work with ODA archives: list, extract, add (--replace to replace an entry), remove.
    Oda {
        /// What to do with the archive.
        #[command(subcommand)]
        action: archive::OdaAction,
    },
    /// Memory sticks: list what one holds (its behaviour table, action names and archives).
    Stick {
        /// What to do with the stick.
        #[command(subcommand)]
        action: stick::StickAction,
    },
    /// The robot over the air (R-CODE's wireless console): play a behaviour, read its pose.
    Robot {
        /// What to do with the robot.
        #[command(subcommand)]
        action: robot::RobotAction,
    },
    /// Print a completion script for a shell (e.g. `mtn-studio completions bash >
    /// /etc/bash_completion.d/mtn-studio`).
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `mtn-studio man > mtn-studio.1`.
    Man,
    /// Make mtn-studio a desktop application: its menu entry and icon, and .mtn, .oda and
    /// .gait files opening with it (for everyone, or --user; --uninstall removes them).
    InstallDesktop {
        /// Where, and whether to remove.
        #[command(flatten)]
        options: desktop::DesktopOptions,
    },
}

/// Runs a subcommand, writing its output to `out`; returns the exit code.
pub fn run(command: Command, out: &mut dyn Write) -> u8 {
    let result = match command {
        Command::Info { file, json, .. } if gait::is_gait(&file) => gait::info(&file, json, out),
        Command::Info { file, entry, json } => inspect::info(&file, entry.as_deref(), json, out),
        Command::Check {
            files,
            json,
            entry,
            fast,
            simulate: _,
        } => check::check(
            &files,
            check::Asked {
                json,
                fast,
                entries: &entry,
            },
            out,
        ),
        Command::Repair { input, output, .. } if gait::is_gait(&input) => {
            gait::repair(&input, &output, out)
        }
        Command::Repair {
            input,
            entry,
            output,
        } => transform::repair(&input, entry.as_deref(), &output, out),
        Command::Convert { input, output, .. }
            if gait::is_gait(&input) || FileKind::by_extension(&output) == Some(FileKind::Gait) =>
        {
            gait::convert(&input, &output, out)
        }
        Command::Convert {
            input,
            entry,
            output,
            options,
        } => convert::convert(&input, entry.as_deref(), &output, &options, out),
        Command::New {
            model,
            posture,
            output,
        } => new::run(&model, &posture, &output, out),
        Command::Ticks { file, entry } => transform::ticks(&file, entry.as_deref(), out),
        Command::Op(command) => ops::run(command, out),
        Command::Shaping(command) => shaping::run(command, out),
        Command::Stage(command) => stage::run(command, out),
        Command::Generate {
            kind: generate::GenerateKind::Walk { common, walk },
        } if walk.search => find_walk::search(&common, &walk, out),
        Command::Generate { kind } => generate::run(kind, out),
        Command::Skit(args) => skit::run(&args, out),
        Command::Oda { action } => archive::run(action, out),
        Command::Stick { action } => stick::run(action, out),
        Command::Robot { action } => robot::run(action, out),
        Command::Completions { shell } => {
            let mut command = <Args as clap::CommandFactory>::command();
            let mut bytes = Vec::new();
            clap_complete::generate(shell, &mut command, "mtn-studio", &mut bytes);
            out.write_all(&bytes)
                .map(|()| EXIT_OK)
                .map_err(|e| Failure::output(&e))
        }
        Command::InstallDesktop { options } => desktop::install_desktop(&options, out),
        Command::Man => {
            let mut bytes = Vec::new();
            clap_mangen::Man::new(<Args as clap::CommandFactory>::command())
                .render(&mut bytes)
                .map_err(|e| Failure::output(&e))
                .and_then(|()| out.write_all(&bytes).map_err(|e| Failure::output(&e)))
                .map(|()| EXIT_OK)
        }
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            if !failure.message.is_empty() {
                eprintln!("mtn-studio: {}", failure.message);
            }
            failure.code
        }
    }
}
