//! The system's file dialogs, and how to tell when there is none. On a Linux desktop
//! without a file-dialog portal (and without zenity) the dialog never appears and returns
//! at once as if cancelled; the window then asks for the path itself, and says why.

use crate::codec::kind::{
    FileKind, SOUNDFONT_EXTENSIONS, both_cases, dialog_extensions, entry_extensions,
};
use crate::codec::oda::EntryKind;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// No person cancels a dialog this fast: a dialog that returns sooner never appeared.
const TOO_FAST: Duration = Duration::from_millis(40);

/// What a file dialog gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// A path.
    Path(PathBuf),
    /// The user closed the dialog.
    Cancelled,
    /// No dialog could be shown; why.
    Unavailable(String),
}

/// Why the dialog did not come, in words, from what the dialog crate logged.
fn reason(errors: &[String]) -> String {
    let all = errors.join("; ");
    let no_portal = all.contains("portal") || all.contains("ServiceUnknown");
    let no_zenity = all.contains("zenity");
    match (no_portal, no_zenity) {
        (true, true) => {
            "this desktop has no file-dialog portal (xdg-desktop-portal) and no zenity".to_owned()
        }
        (true, false) => "this desktop has no file-dialog portal (xdg-desktop-portal)".to_owned(),
        (false, true) => "zenity, the fallback file dialog, could not start".to_owned(),
        (false, false) => all,
    }
}

fn run(show: impl FnOnce() -> Option<PathBuf>) -> Picked {
    let _stale = crate::logging::take_dialog_errors();
    let started = Instant::now();
    let picked = show();
    let errors = crate::logging::take_dialog_errors();
    match picked {
        Some(path) => Picked::Path(path),
        None if !errors.is_empty() => Picked::Unavailable(reason(&errors)),
        None if started.elapsed() < TOO_FAST => Picked::Unavailable(
            "the system's file dialog closed at once (no file-dialog portal on this desktop?)"
                .to_owned(),
        ),
        None => Picked::Cancelled,
    }
}

fn dialog(title: &str, kinds: &[FileKind]) -> rfd::FileDialog {
    let extensions = dialog_extensions(kinds);
    let description = kinds
        .iter()
        .map(|k| k.description())
        .collect::<Vec<_>>()
        .join(", ");
    rfd::FileDialog::new()
        .set_title(title)
        .add_filter(description, &extensions)
}

/// Asks for a file to open, of one of `kinds`.
#[must_use]
pub fn pick_file(title: &str, kinds: &[FileKind]) -> Picked {
    run(|| dialog(title, kinds).pick_file())
}

/// The extensions of sounds, LED patterns and the archives holding them, for a filter.
fn sound_extensions() -> Vec<String> {
    let tracks = [EntryKind::Wave, EntryKind::Midi, EntryKind::Led];
    let mut extensions: Vec<&str> = tracks
        .into_iter()
        .flat_map(entry_extensions)
        .copied()
        .collect();
    extensions.extend(FileKind::Oda.extensions());
    both_cases(&extensions)
}

/// Asks for a sound or LED pattern, or an archive holding them.
#[must_use]
pub fn pick_sound() -> Picked {
    run(|| {
        rfd::FileDialog::new()
            .set_title("Add Sound or LED Pattern")
            .add_filter("Sounds, LED patterns and archives", &sound_extensions())
            .pick_file()
    })
}

/// Asks for a SoundFont.
#[must_use]
pub fn pick_soundfont() -> Picked {
    run(|| {
        rfd::FileDialog::new()
            .set_title("Choose SoundFont for MIDI")
            .add_filter("SoundFonts", &both_cases(&SOUNDFONT_EXTENSIONS))
            .set_directory("/usr/share/sounds/sf2")
            .pick_file()
    })
}

/// Asks where to save, suggesting `file_name`.
#[must_use]
pub fn save_file(title: &str, kinds: &[FileKind], file_name: &str) -> Picked {
    run(|| dialog(title, kinds).set_file_name(file_name).save_file())
}

/// Asks for a folder.
#[must_use]
pub fn pick_folder(title: &str) -> Picked {
    run(|| rfd::FileDialog::new().set_title(title).pick_folder())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_is_said_in_words() {
        let portal =
            "OpenFile failed: Some(\"org.freedesktop.DBus.Error.ServiceUnknown\")".to_owned();
        let zenity = "Failed to save file with zenity: No such file or directory".to_owned();
        assert_eq!(
            reason(&[portal.clone(), zenity.clone()]),
            "this desktop has no file-dialog portal (xdg-desktop-portal) and no zenity"
        );
        assert!(reason(&[portal]).ends_with("(xdg-desktop-portal)"));
        assert!(reason(&[zenity]).starts_with("zenity"));
        assert_eq!(reason(&["something else".to_owned()]), "something else");
    }
}
