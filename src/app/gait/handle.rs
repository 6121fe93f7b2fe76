//! A gait file's tab: applying its actions, the commands it takes (Save, Undo, Redo,
//! Repair), and saving it atomically where it came from. Unlike a motion
//! tab's save, it does not ask first when the file changed on disk since it was opened.

use crate::app::action::{Action, GaitAction};
use crate::app::command::GaitCommand;
use crate::app::effects::Effects;
use crate::app::state::{Answer, Confirmed, TabId, Then};
use crate::edit::GaitDocument;

/// Handles an action of a gait file's tab.
pub fn handle(tab: &mut GaitDocument, action: GaitAction, fx: &mut Effects) {
    match action {
        GaitAction::Set { label, gait } => tab.set(&label, *gait),
        GaitAction::BeginGesture(label) => tab.begin_gesture(&label),
        GaitAction::EndGesture => tab.end_gesture(),
        GaitAction::Repair => match tab.repair() {
            Ok(fixes) if fixes.is_empty() => fx.say("Nothing to repair"),
            Ok(fixes) => fx.say(format!("Repaired: {}", fixes.join("; "))),
            Err(error) => fx.fail("Could not repair", error.to_string()),
        },
    }
}

/// A command for a gait file's tab (`id`).
pub fn command(tab: &mut GaitDocument, id: TabId, command: GaitCommand, fx: &mut Effects) {
    match command {
        GaitCommand::Undo => fx.say(
            tab.undo()
                .map_or_else(|| "Nothing to undo".to_owned(), |l| format!("Undid {l}")),
        ),
        GaitCommand::Redo | GaitCommand::RedoAlt => fx.say(
            tab.redo()
                .map_or_else(|| "Nothing to redo".to_owned(), |l| format!("Redid {l}")),
        ),
        GaitCommand::Save => fx.then(Action::Answer(Answer::Save {
            tab: id,
            to: None,
            confirmed: Confirmed::default(),
            then: None,
        })),
        GaitCommand::Repair => handle(tab, GaitAction::Repair, fx),
    }
}

/// Saves a gait file's tab to its file, then goes on with `then`.
pub fn save(tab: &mut GaitDocument, then: Option<Then>, fx: &mut Effects) {
    match tab.save() {
        Ok(len) => {
            fx.say(format!("Saved {} ({len} bytes)", tab.path.display()));
            if let Some(then) = then {
                fx.then(Action::Then(then));
            }
        }
        Err(error) => fx.fail("Could not save", error.to_string()),
    }
}
