//! mtn-studio: parse the command line, then run a command or open the editor window.

use clap::Parser;
use mtn_studio::cli::{self, Args};
use std::process::ExitCode;

fn main() -> ExitCode {
    mtn_studio::logging::init();
    let args = Args::parse();
    if let Some(command) = args.command {
        let mut stdout = std::io::stdout().lock();
        return ExitCode::from(cli::run(command, &mut stdout));
    }
    open_window(args.file)
}

#[cfg(feature = "gui")]
fn open_window(file: Option<std::path::PathBuf>) -> ExitCode {
    match mtn_studio::app::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("mtn-studio: the editor window could not start: {error}");
            ExitCode::from(cli::EXIT_UNREADABLE)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_window(_file: Option<std::path::PathBuf>) -> ExitCode {
    eprintln!(
        "mtn-studio: built without the editor window (feature `gui`); see `mtn-studio --help`"
    );
    ExitCode::from(cli::EXIT_PROBLEMS)
}
