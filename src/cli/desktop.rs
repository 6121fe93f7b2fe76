//! `install-desktop`: the desktop entry, file types and icons, for this user or everyone.

use super::failure::{EXIT_OK, Failure};
use crate::desktop::{self, SYSTEM_DATA_DIR};
use std::io::Write;
use std::path::PathBuf;

/// The options of `install-desktop`.
#[derive(Clone, Debug, clap::Args)]
pub struct DesktopOptions {
    /// For this user only ($XDG_DATA_HOME, else ~/.local/share), not for everyone
    /// (/usr/local/share, which needs root).
    #[arg(long)]
    pub user: bool,
    /// Install under this data folder instead (a package's staging folder, say).
    #[arg(long, value_name = "DIR", conflicts_with = "user")]
    pub data_dir: Option<PathBuf>,
    /// Remove what an install wrote there.
    #[arg(long)]
    pub uninstall: bool,
}

/// What `install-desktop` says on Windows, where there is no freedesktop desktop.
pub const NOT_ON_WINDOWS: &str = "install-desktop is not on this system: it writes a \
    freedesktop desktop entry, MIME types and icons, for Linux and BSD desktops. On Windows, \
    pin mtn-studio.exe to Start, and open .mtn, .oda and .gait files with it once through \
    Open with > Choose another app (Always), which Windows then remembers";

/// Installs (or removes) the desktop files, the entry running this very binary (on Windows,
/// says that it is not on this system: [`NOT_ON_WINDOWS`]).
///
/// # Errors
/// No home folder for `--user`, or a file that cannot be written or removed.
pub fn install_desktop(options: &DesktopOptions, out: &mut dyn Write) -> Result<u8, Failure> {
    if cfg!(windows) {
        return Err(Failure::usage(NOT_ON_WINDOWS.to_owned()));
    }
    let data_dir = match (&options.data_dir, options.user) {
        (Some(dir), _) => dir.clone(),
        (None, true) => desktop::user_data_dir(|name| std::env::var(name).ok())
            .map_err(|e| Failure::usage(e.to_string()))?,
        (None, false) => PathBuf::from(SYSTEM_DATA_DIR),
    };
    let done = if options.uninstall {
        desktop::uninstall(&data_dir)
    } else {
        let program = std::env::current_exe()
            .and_then(std::fs::canonicalize)
            .map_err(|e| Failure::usage(format!("cannot tell where this program is: {e}")))?;
        desktop::install(&data_dir, &program)
    }
    .map_err(|e| {
        let hint = if options.user || options.data_dir.is_some() {
            ""
        } else {
            " (for everyone needs root: run it with sudo, or give --user)"
        };
        Failure::usage(format!("{e}{hint}"))
    })?;
    let verb = if options.uninstall {
        "removed"
    } else {
        "installed"
    };
    let mut say = |line: String| writeln!(out, "{line}").map_err(|e| Failure::output(&e));
    if done.files.is_empty() {
        say(format!(
            "nothing of mtn-studio's was installed under {}",
            data_dir.display()
        ))?;
    } else {
        say(format!(
            "{verb} {} files under {}",
            done.files.len(),
            data_dir.display()
        ))?;
    }
    for file in &done.files {
        say(format!("  {}", file.display()))?;
    }
    for note in done.notes {
        say(note)?;
    }
    if !options.uninstall {
        say(
            "mtn-studio is now in the desktop's applications, and .mtn, .oda and .gait files \
             open with it"
                .to_owned(),
        )?;
    }
    Ok(EXIT_OK)
}
