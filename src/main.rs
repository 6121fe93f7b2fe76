//! mtn-studio: parse the command line and hand over to the library.

use clap::Parser;
use mtn_studio::cli::{self, Args};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Args::parse();
    let mut stdout = std::io::stdout().lock();
    let code = match args.command {
        Some(command) => cli::run(command, &mut stdout),
        None => cli::run_default(&mut stdout),
    };
    ExitCode::from(code)
}
