//! Gait-file tabs in the app: opening one, applying its actions after the frame, Undo and
//! Redo, and saving it atomically where it came from. Unlike a motion tab's save, it does
//! not ask first when the file changed on disk since it was opened.

use crate::app::StudioApp;
use crate::app::action::GaitAction;
use crate::app::command::UiCommand;
use crate::app::state::{TabId, Then};
use crate::app::tabs::TabKind;
use crate::edit::GaitDocument;
use std::path::Path;

impl StudioApp {
    /// Opens a gait file in a tab (or brings its tab to the front).
    pub(in crate::app) fn open_gait(&mut self, path: &Path) {
        if let Some(id) = self.tabs.find_gait(path) {
            self.tabs.active = Some(id);
            return;
        }
        match GaitDocument::open(path) {
            Ok(tab) => {
                self.remember(path);
                self.status.say(format!(
                    "Opened {}: a StickyBot gait file, {}",
                    path.display(),
                    crate::words::plural(tab.gait().sections.len(), "section", "sections")
                ));
                self.tabs.add(TabKind::Gait(Box::new(tab)));
            }
            Err(error) => self.fail("Could not open", error.to_string()),
        }
    }

    /// Applies a change to a gait tab.
    pub(in crate::app) fn gait_action(&mut self, id: TabId, action: GaitAction) {
        let Some(tab) = self.tabs.get_mut(id).and_then(|t| t.gait_mut()) else {
            return;
        };
        match action {
            GaitAction::Set { label, gait } => tab.set(&label, *gait),
            GaitAction::BeginGesture(label) => tab.begin_gesture(&label),
            GaitAction::EndGesture => tab.end_gesture(),
            GaitAction::Repair => match tab.repair() {
                Ok(fixes) if fixes.is_empty() => self.status.say("Nothing to repair"),
                Ok(fixes) => self.status.say(format!("Repaired: {}", fixes.join("; "))),
                Err(error) => self.fail("Could not repair", error.to_string()),
            },
        }
    }

    /// A command on the gait tab in front: Undo and Redo (the others are a motion's).
    pub(in crate::app) fn gait_command(&mut self, command: UiCommand) {
        let Some(tab) = self
            .tabs
            .active
            .and_then(|id| self.tabs.get_mut(id))
            .and_then(|tab| tab.gait_mut())
        else {
            return;
        };
        let said = match command {
            UiCommand::Undo => tab
                .undo()
                .map_or_else(|| "Nothing to undo".to_owned(), |l| format!("Undid {l}")),
            UiCommand::Redo | UiCommand::RedoAlt => tab
                .redo()
                .map_or_else(|| "Nothing to redo".to_owned(), |l| format!("Redid {l}")),
            _ => format!("{}: open a motion first", command.label()),
        };
        self.status.say(said);
    }

    /// Saves a gait tab to its file, then does `then`; true if the tab is a gait tab.
    pub(in crate::app) fn save_gait(&mut self, id: TabId, then: Option<Then>) -> bool {
        let Some(tab) = self.tabs.get_mut(id).and_then(|t| t.gait_mut()) else {
            return false;
        };
        match tab.save() {
            Ok(len) => {
                let said = format!("Saved {} ({len} bytes)", tab.path.display());
                self.status.say(said);
                if let Some(then) = then {
                    self.then(then);
                }
            }
            Err(error) => self.fail("Could not save", error.to_string()),
        }
        true
    }
}
