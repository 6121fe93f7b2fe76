//! `stick add` and `stick remove`: a behaviour of the user's put on a stick or taken off it
//! (`crate::stick::add`), written atomically with backups (`crate::stick::apply`).

use super::failure::{EXIT_OK, Failure};
use crate::stick::Stick;
use crate::stick::add::{
    Content, NewBehaviour, Plan, Remedy, StickEditError, USER_MWCIDS, plan_add, plan_remove,
};
use crate::stick::apply::apply;
use crate::stick::program::HeadSensor;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `stick add` is given.
#[derive(Debug, Args)]
pub struct AddArgs {
    /// The stick's folder, or any folder or file inside it.
    pub dir: PathBuf,
    /// The motion (.mtn), of the stick's model; its entry is named by the motion's name.
    #[arg(long)]
    pub motion: PathBuf,
    /// A sound (.wav or .mid) to play with it; its entry is named by the file's name.
    #[arg(long)]
    pub sound: Option<PathBuf>,
    /// An LED pattern (.led) to play with it; its entry is named by the file's name.
    #[arg(long)]
    pub led: Option<PathBuf>,
    /// The action name R-CODE plays it by (`PLAY:ACTION:NAME`).
    #[arg(long)]
    pub name: String,
    /// The MWCID to give it (decimal, or hex with 0x); a free one of 30000..=32767 if left
    /// out.
    #[arg(long)]
    pub mwcid: Option<String>,
    /// Its special-action code (0: a skit).
    #[arg(long, default_value_t = 0)]
    pub code: u32,
    /// Replace the behaviour of this name that a user put on the stick.
    #[arg(long)]
    pub replace: bool,
    /// Make a sound the robot does not play 16 kHz 16-bit mono first.
    #[arg(long)]
    pub convert_sound: bool,
    /// Keep no `.bak` copies of the files changed.
    #[arg(long)]
    pub no_backup: bool,
    /// Say what would change, and change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Also set R-CODE up to take commands over the air without an ID and password
    /// (NOAUTH.CFG made, OWNER.TXT removed), as `robot play` needs.
    #[arg(long)]
    pub noauth: bool,
    /// Also write R-CODE's program (OPEN-R/APP/PC/AMS/R-CODE.R) to play it when the head
    /// sensor is pressed; a program of someone else's there is refused.
    #[arg(long)]
    pub rcode: bool,
    /// As --rcode, replacing a program of someone else's (kept as R-CODE.OLD beside it).
    #[arg(long)]
    pub rcode_replace: bool,
}

fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::unreadable(format!("{}: {e}", path.display())))
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn open(dir: &Path) -> Result<Stick, Failure> {
    Stick::open(dir).map_err(|e| Failure::unreadable(e.to_string()))
}

/// Runs `stick add`.
///
/// # Errors
/// What the robot would refuse, a name or number taken, a file that cannot be read or
/// written (the stick is then as it was).
pub fn add(args: &AddArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let stick = open(&args.dir)?;
    let mut sound = match &args.sound {
        Some(path) => Some(Content {
            entry: stem(path),
            data: read_file(path)?,
        }),
        None => None,
    };
    if args.convert_sound
        && let Some(s) = sound.as_mut()
        && s.for_the_robot()
            .map_err(|e| Failure::unreadable(e.to_string()))?
    {
        writeln!(out, "converted {} to 16 kHz 16-bit mono", s.entry)
            .map_err(|e| Failure::output(&e))?;
    }
    let new = NewBehaviour {
        name: args.name.clone(),
        motion: Content {
            entry: String::new(),
            data: read_file(&args.motion)?,
        },
        sound,
        led: match &args.led {
            Some(path) => Some(Content {
                entry: stem(path),
                data: read_file(path)?,
            }),
            None => None,
        },
        mwcid: args.mwcid.as_deref().map(parse_mwcid).transpose()?,
        code: args.code,
        replace: args.replace,
        noauth: args.noauth,
        rcode: match (args.rcode, args.rcode_replace) {
            (_, true) => HeadSensor::PlayReplacing,
            (true, false) => HeadSensor::Play,
            (false, false) => HeadSensor::Leave,
        },
    };
    let plan = plan_add(&stick, &new).map_err(|e| Failure::usage(refusal(&e)))?;
    finish(&plan, args.no_backup, args.dry_run, out)?;
    writeln!(
        out,
        "{} {} it from R-CODE as PLAY:ACTION:{} (or PLAY:MWCID:{})",
        stick.root.display(),
        if args.dry_run { "would play" } else { "plays" },
        args.name,
        plan.mwcid
    )
    .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}

/// Runs `stick remove`.
///
/// # Errors
/// No such behaviour of the user's, or a file that cannot be read or written (the stick is
/// then as it was).
pub fn remove(dir: &Path, name: &str, no_backup: bool, out: &mut dyn Write) -> Result<u8, Failure> {
    let stick = open(dir)?;
    let plan = plan_remove(&stick, name).map_err(|e| Failure::usage(e.to_string()))?;
    finish(&plan, no_backup, false, out)?;
    Ok(EXIT_OK)
}

/// A refusal in the command line's words: what would do, by its option.
fn refusal(error: &StickEditError) -> String {
    let remedy = match error.remedy() {
        Some(Remedy::Replace) => " (--replace replaces it)".to_owned(),
        Some(Remedy::OtherMwcid) => format!(
            " (choose another with --mwcid, or leave it out for the first free one of {} to {})",
            USER_MWCIDS.start(),
            USER_MWCIDS.end()
        ),
        Some(Remedy::ConvertSound) => " (--convert-sound makes it 16 kHz 16-bit mono)".to_owned(),
        Some(Remedy::ConvertModel) => {
            " (`mtn-studio retarget` converts the motion to the stick's model first)".to_owned()
        }
        None => String::new(),
    };
    format!("{error}{remedy}")
}

fn parse_mwcid(text: &str) -> Result<u32, Failure> {
    crate::stick::add::parse_mwcid(text)
        .ok_or_else(|| Failure::usage(format!("--mwcid {text}: not a number")))
}

/// Writes the plan (or, for a dry run, only says it) and what it did.
fn finish(plan: &Plan, no_backup: bool, dry_run: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let write = |e: std::io::Error| Failure::output(&e);
    if dry_run {
        writeln!(out, "dry run: nothing is written; it would do this:").map_err(write)?;
        for line in &plan.said {
            writeln!(out, "  {line}").map_err(write)?;
        }
        return Ok(());
    }
    let backups = apply(plan, !no_backup).map_err(|e| Failure::usage(e.to_string()))?;
    for line in &plan.said {
        writeln!(out, "{line}").map_err(write)?;
    }
    if !backups.is_empty() {
        let names: Vec<String> = backups.iter().map(|p| p.display().to_string()).collect();
        writeln!(out, "kept as they were: {}", names.join(", ")).map_err(write)?;
    }
    Ok(())
}
