//! The window's own commands: the file dialogs (Open, Import, Add Sound or LED Pattern,
//! Choose SoundFont), the behaviours beside the motion in front, the tabs, the message log,
//! the large stage and quitting; and filling a path field from the system's file dialog.

use super::command::WindowCommand;
use super::dialogs::{Modal, PathPrompt, PathPurpose};
use super::effects::Effects;
use super::file_dialog::{self, Picked};
use super::state::BrowseFor;
use super::{PanelKind, StudioApp};
use crate::codec::kind::FileKind;
use std::path::Path;

impl StudioApp {
    /// A command of the window's own.
    pub(in crate::app) fn window_command(&mut self, command: WindowCommand, fx: &mut Effects) {
        match command {
            WindowCommand::Open => self.open_dialog(fx),
            WindowCommand::OpenPath => self.ask_path(PathPurpose::Open, None, String::new()),
            WindowCommand::OpenFolder => self.open_folder_dialog(fx),
            WindowCommand::Robot => {
                self.modal = Some(Modal::Robot(self.robot.clone()));
            }
            WindowCommand::New => {
                self.modal = Some(Modal::NewMotion(super::dialogs::NewMotionPrompt::default()));
            }
            WindowCommand::OpenExample => self.open_example(fx),
            WindowCommand::Import => self.show_import(String::new()),
            WindowCommand::AddTrack => self.add_track_dialog(fx),
            WindowCommand::ChooseSoundFont => self.soundfont_dialog(fx),
            WindowCommand::Behaviours => self.show_behaviours(fx),
            WindowCommand::CloseTab => {
                if let Some(id) = self.tabs.active {
                    self.close_tab(id);
                }
            }
            WindowCommand::NextTab | WindowCommand::PreviousTab => {
                let step = if command == WindowCommand::NextTab {
                    1
                } else {
                    -1
                };
                if let Some(id) = self.tabs.neighbour(step) {
                    self.tabs.active = Some(id);
                }
            }
            WindowCommand::ShowMessages => self.messages_open = !self.messages_open,
            WindowCommand::CommandPalette | WindowCommand::CommandPaletteAlt => {
                self.modal = Some(Modal::Palette(super::dialogs::model::Palette::default()));
            }
            WindowCommand::LargeStage => {
                let large = !self.panels.large_stage;
                self.panels.set(PanelKind::LargeStage, large);
            }
            WindowCommand::Quit => self.quit(Vec::new()),
        }
    }

    /// Shows a path prompt (the window's own, for desktops without a file dialog).
    pub(in crate::app) fn ask_path(
        &mut self,
        purpose: PathPurpose,
        note: Option<String>,
        text: String,
    ) {
        self.modal = Some(Modal::PathPrompt(PathPrompt {
            purpose,
            text,
            note,
            focus: true,
        }));
    }

    /// Shows the Import window, with `path` filled in.
    pub(in crate::app) fn show_import(&mut self, path: String) {
        let model = crate::convert::named_design(Path::new(&path))
            .or_else(|| self.document().map(|d| d.motion.design.clone()))
            .unwrap_or_else(|| "DRX-1000".to_owned());
        self.modal = Some(Modal::Import(super::import_dialog::ImportPrompt::new(
            path, model,
        )));
    }

    fn add_track_dialog(&mut self, fx: &mut Effects) {
        if self.active_motion().is_none() {
            fx.say("Open a motion first: a sound or LED pattern goes on a motion's tracks");
            return;
        }
        if !self.native_dialogs {
            self.ask_path(PathPurpose::AddTrack, None, String::new());
            return;
        }
        match file_dialog::pick_sound() {
            Picked::Path(path) => self.add_track_file(&path, fx),
            Picked::Cancelled => fx.say("No file chosen"),
            Picked::Unavailable(reason) => self.ask_path(
                PathPurpose::AddTrack,
                Some(no_dialog(&reason)),
                String::new(),
            ),
        }
    }

    fn soundfont_dialog(&mut self, fx: &mut Effects) {
        let current = crate::behaviour::synth::find_font(self.soundfont.as_deref())
            .map_or_else(String::new, |p| p.display().to_string());
        if !self.native_dialogs {
            self.ask_path(PathPurpose::SoundFont, None, current);
            return;
        }
        match file_dialog::pick_soundfont() {
            Picked::Path(path) => self.set_soundfont(Some(path), fx),
            Picked::Cancelled => fx.say("No SoundFont chosen: MIDI plays as before"),
            Picked::Unavailable(reason) => {
                self.ask_path(PathPurpose::SoundFont, Some(no_dialog(&reason)), current);
            }
        }
    }

    fn open_dialog(&mut self, fx: &mut Effects) {
        if !self.native_dialogs {
            self.ask_path(PathPurpose::Open, None, String::new());
            return;
        }
        match file_dialog::pick_file("Open", &crate::open::OPEN_KINDS) {
            Picked::Path(path) => self.open(&path, fx),
            Picked::Cancelled => fx.say("No file chosen"),
            Picked::Unavailable(reason) => {
                self.ask_path(PathPurpose::Open, Some(no_dialog(&reason)), String::new());
            }
        }
    }

    /// Opens a memory stick's folder chosen in the system's folder dialog (or typed, where
    /// there is none).
    fn open_folder_dialog(&mut self, fx: &mut Effects) {
        if !self.native_dialogs {
            let note = "Type the path of a memory stick's folder (or any folder in it)";
            self.ask_path(PathPurpose::Open, Some(note.to_owned()), String::new());
            return;
        }
        match file_dialog::pick_folder("Open a memory stick's folder") {
            Picked::Path(path) => self.open(&path, fx),
            Picked::Cancelled => fx.say("No folder chosen"),
            Picked::Unavailable(reason) => {
                self.ask_path(PathPurpose::Open, Some(no_dialog(&reason)), String::new());
            }
        }
    }

    /// Fills a path field of the open Import or Export window from the system's dialog.
    pub(in crate::app) fn browse(&mut self, target: BrowseFor) {
        let picked = match target {
            BrowseFor::ImportPath => file_dialog::pick_file("Import", &FileKind::IMPORTED),
            BrowseFor::ImportMap => file_dialog::pick_file("Joint map", &[]),
            BrowseFor::ExportPath => file_dialog::save_file("Export", &FileKind::EXPORTED, ""),
            BrowseFor::WebotsProject => file_dialog::pick_folder("Webots project folder"),
            BrowseFor::StickFolder => file_dialog::pick_folder("The memory stick's folder"),
        };
        let (path, error) = match picked {
            Picked::Path(path) => (Some(path.display().to_string()), None),
            Picked::Cancelled => (None, None),
            Picked::Unavailable(reason) => (
                None,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type the path instead."
                )),
            ),
        };
        match (&mut self.modal, target) {
            (Some(Modal::Import(prompt)), BrowseFor::ImportPath | BrowseFor::ImportMap) => {
                if let Some(path) = path {
                    if target == BrowseFor::ImportPath {
                        prompt.path = path;
                    } else {
                        prompt.map_path = path;
                    }
                }
                prompt.error = error;
                let refreshed = super::import_dialog::refresh(prompt.clone());
                *prompt = refreshed;
            }
            (Some(Modal::Export(_, prompt)), BrowseFor::ExportPath | BrowseFor::WebotsProject) => {
                if let Some(path) = path {
                    if target == BrowseFor::ExportPath {
                        prompt.path = path;
                    } else {
                        prompt.webots_project = path;
                    }
                }
                prompt.error = error;
            }
            (Some(Modal::AddToStick(prompt)), BrowseFor::StickFolder) => {
                if let Some(path) = path {
                    prompt.folder = path;
                }
                prompt.error = error;
            }
            _ => {}
        }
    }
}

/// Why the window asks for a path itself.
fn no_dialog(reason: &str) -> String {
    format!("The system's file dialog did not open ({reason}); type the path instead.")
}
