//! mtn-studio as a desktop application: its icon, its freedesktop desktop entry and the
//! shared-MIME types of the files it opens (`.mtn`, `.oda`, `.gait`), all built into the
//! binary, and the install that puts them where the desktop looks, so a file manager opens
//! those files with mtn-studio. `cargo install` gives only the binary; `mtn-studio
//! install-desktop` does the rest.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The application's id: the desktop entry's name, the window's app id (X11 class, Wayland
/// app id) and the icon's name.
pub const APP_ID: &str = "mtn-studio";

/// The desktop entry, as the source tree holds it (`Exec=mtn-studio %f`; the install writes
/// the installed binary's path there).
pub const DESKTOP_ENTRY: &str = include_str!("../assets/desktop/mtn-studio.desktop");

/// The shared-MIME types: each by extension and, for MTN and ODA, by its first bytes.
pub const MIME_XML: &str = include_str!("../assets/desktop/mtn-studio.xml");

/// The MIME types registered, in the order of [`MIME_XML`].
pub const MIME_TYPES: [&str; 3] = [
    "application/x-aibo-motion",
    "application/x-aibo-oda",
    "application/x-stickybot-gait",
];

/// The icon, scalable.
pub const ICON_SVG: &str = include_str!("../assets/desktop/icons/mtn-studio.svg");

/// The icon drawn at each size the hicolor theme wants: `(pixels, PNG)`.
pub const ICON_PNGS: [(u32, &[u8]); 6] = [
    (
        16,
        include_bytes!("../assets/desktop/icons/mtn-studio-16.png"),
    ),
    (
        32,
        include_bytes!("../assets/desktop/icons/mtn-studio-32.png"),
    ),
    (
        48,
        include_bytes!("../assets/desktop/icons/mtn-studio-48.png"),
    ),
    (
        64,
        include_bytes!("../assets/desktop/icons/mtn-studio-64.png"),
    ),
    (
        128,
        include_bytes!("../assets/desktop/icons/mtn-studio-128.png"),
    ),
    (
        256,
        include_bytes!("../assets/desktop/icons/mtn-studio-256.png"),
    ),
];

/// The largest icon, which the window shows.
pub const ICON_256_PNG: &[u8] = ICON_PNGS[5].1;

/// Where the system-wide install goes (the administrator's, beside `/usr/share`).
pub const SYSTEM_DATA_DIR: &str = "/usr/local/share";

/// Why the desktop files could not be installed or removed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DesktopError {
    /// Neither `XDG_DATA_HOME` nor `HOME` says where the user's data goes.
    #[error("neither XDG_DATA_HOME nor HOME is set (absolute): give --data-dir DIR")]
    NoHome,
    /// A file or folder could not be written.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A file could not be removed.
    #[error("{}: cannot remove: {source}", path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// The user's data folder: `$XDG_DATA_HOME`, else `$HOME/.local/share` (the XDG base
/// directory rules: a relative value is ignored), from the variables `var` gives.
///
/// # Errors
/// Neither gives an absolute path.
pub fn user_data_dir(var: impl Fn(&str) -> Option<String>) -> Result<PathBuf, DesktopError> {
    let absolute = |name: &str| var(name).map(PathBuf::from).filter(|p| p.is_absolute());
    absolute("XDG_DATA_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".local/share")))
        .ok_or(DesktopError::NoHome)
}

/// `program` as a desktop entry's `Exec` program: as it is when it has no character the
/// specification reserves, else quoted with `"`, `` ` ``, `$` and `\` escaped; then `\`
/// doubled and `%` written `%%`, as a string value and a field code require.
#[must_use]
pub fn exec_program(program: &Path) -> String {
    let text = program.to_string_lossy();
    let plain = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._+-,:@=".contains(c));
    let quoted = if plain {
        text.into_owned()
    } else {
        let mut quoted = String::from('"');
        for c in text.chars() {
            if matches!(c, '"' | '`' | '$' | '\\') {
                quoted.push('\\');
            }
            quoted.push(c);
        }
        quoted.push('"');
        quoted
    };
    quoted.replace('\\', "\\\\").replace('%', "%%")
}

/// The desktop entry that runs `program` (the installed binary).
#[must_use]
pub fn desktop_entry_for(program: &Path) -> String {
    let exec = exec_program(program);
    DESKTOP_ENTRY
        .lines()
        .map(|line| match line {
            "Exec=mtn-studio %f" => format!("TryExec={exec}\nExec={exec} %f"),
            other => other.to_owned(),
        })
        .fold(String::new(), |mut text, line| {
            text.push_str(&line);
            text.push('\n');
            text
        })
}

/// Every file the install writes, under the data folder: `(path inside it, bytes)`.
#[must_use]
pub fn files_for(program: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = vec![
        (
            PathBuf::from(format!("applications/{APP_ID}.desktop")),
            desktop_entry_for(program).into_bytes(),
        ),
        (
            PathBuf::from(format!("mime/packages/{APP_ID}.xml")),
            MIME_XML.as_bytes().to_vec(),
        ),
        (
            PathBuf::from(format!("icons/hicolor/scalable/apps/{APP_ID}.svg")),
            ICON_SVG.as_bytes().to_vec(),
        ),
    ];
    files.extend(ICON_PNGS.iter().map(|(size, png)| {
        (
            PathBuf::from(format!("icons/hicolor/{size}x{size}/apps/{APP_ID}.png")),
            png.to_vec(),
        )
    }));
    files
}

/// What an install or uninstall did: the files, and what the desktop's own tools said.
#[derive(Clone, Debug, Default)]
pub struct Done {
    /// The files written or removed.
    pub files: Vec<PathBuf>,
    /// One line per cache the desktop's tools rebuilt, or could not.
    pub notes: Vec<String>,
}

/// Rebuilds the caches the desktop reads (MIME database, application and icon caches)
/// under `data_dir`, each with its tool where the system has it; says what happened.
fn refresh_caches(data_dir: &Path) -> Vec<String> {
    let tools: [(&str, Vec<String>, &str); 3] = [
        (
            "update-mime-database",
            vec![data_dir.join("mime").to_string_lossy().into_owned()],
            "the file types",
        ),
        (
            "update-desktop-database",
            vec![data_dir.join("applications").to_string_lossy().into_owned()],
            "the applications' file types",
        ),
        (
            "gtk-update-icon-cache",
            vec![
                "--force".into(),
                "--ignore-theme-index".into(),
                data_dir
                    .join("icons/hicolor")
                    .to_string_lossy()
                    .into_owned(),
            ],
            "the icon cache",
        ),
    ];
    tools
        .into_iter()
        .map(
            |(tool, args, what)| match Command::new(tool).args(&args).output() {
                Ok(output) if output.status.success() => format!("updated {what} ({tool})"),
                Ok(output) => format!(
                    "{tool} failed ({}): {}",
                    output.status,
                    String::from_utf8_lossy(&output.stderr).trim()
                ),
                Err(_) => format!(
                    "{tool} is not installed, so {what} update when the desktop next looks \
                     (Debian: apt install desktop-file-utils shared-mime-info)"
                ),
            },
        )
        .collect()
}

/// Installs the desktop entry (running `program`), the MIME types and the icons under
/// `data_dir`, then rebuilds the desktop's caches there.
///
/// # Errors
/// A folder or file that cannot be written (earlier files stay; installing again
/// overwrites them).
pub fn install(data_dir: &Path, program: &Path) -> Result<Done, DesktopError> {
    let mut done = Done::default();
    for (relative, bytes) in files_for(program) {
        let path = data_dir.join(relative);
        crate::fsutil::write_atomic_making_folders(&path, &bytes).map_err(|source| {
            DesktopError::Write {
                path: path.clone(),
                source,
            }
        })?;
        done.files.push(path);
    }
    done.notes = refresh_caches(data_dir);
    Ok(done)
}

/// Removes what [`install`] wrote under `data_dir` (files already gone are skipped), then
/// rebuilds the desktop's caches there.
///
/// # Errors
/// A file that exists and cannot be removed.
pub fn uninstall(data_dir: &Path) -> Result<Done, DesktopError> {
    let mut done = Done::default();
    for (relative, _) in files_for(Path::new(APP_ID)) {
        let path = data_dir.join(relative);
        match std::fs::remove_file(&path) {
            Ok(()) => done.files.push(path),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => return Err(DesktopError::Remove { path, source }),
        }
    }
    done.notes = refresh_caches(data_dir);
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_user_data_folder_follows_the_xdg_rules() {
        let vars = |pairs: &'static [(&str, &str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        let dir = |pairs| user_data_dir(vars(pairs)).ok();
        assert_eq!(
            dir(&[("XDG_DATA_HOME", "/x/data"), ("HOME", "/home/a")]),
            Some(PathBuf::from("/x/data"))
        );
        assert_eq!(
            dir(&[("XDG_DATA_HOME", "relative"), ("HOME", "/home/a")]),
            Some(PathBuf::from("/home/a/.local/share"))
        );
        assert_eq!(dir(&[]), None);
    }

    #[test]
    fn the_exec_line_quotes_what_the_specification_reserves() {
        assert_eq!(
            exec_program(Path::new("/home/a/.cargo/bin/mtn-studio")),
            "/home/a/.cargo/bin/mtn-studio"
        );
        assert_eq!(
            exec_program(Path::new("/home/a b/100%/mtn-studio")),
            "\"/home/a b/100%%/mtn-studio\""
        );
        assert_eq!(
            exec_program(Path::new("/opt/$x/mtn-studio")),
            "\"/opt/\\\\$x/mtn-studio\""
        );
        let entry = desktop_entry_for(Path::new("/opt/mtn/mtn-studio"));
        assert!(entry.contains("\nExec=/opt/mtn/mtn-studio %f\n"), "{entry}");
        assert!(entry.contains("\nTryExec=/opt/mtn/mtn-studio\n"), "{entry}");
        assert!(!entry.contains("Exec=mtn-studio"), "{entry}");
    }

    #[test]
    fn every_icon_is_a_png_of_its_size() {
        for (size, png) in ICON_PNGS {
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{size}");
            // The IHDR chunk's width and height, big-endian, at bytes 16 and 20.
            let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
            let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
            assert_eq!((width, height), (size, size));
        }
        for mime in MIME_TYPES {
            assert!(MIME_XML.contains(&format!("type=\"{mime}\"")), "{mime}");
            assert!(DESKTOP_ENTRY.contains(mime), "{mime}");
        }
    }
}
