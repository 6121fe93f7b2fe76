//! A gait file's tab: applying its actions, the commands it answers (Undo, Redo, Save; the
//! others are a motion's), and saving it atomically where it came from. Unlike a motion
//! tab's save, it does not ask first when the file changed on disk since it was opened.

use crate::app::action::{Action, GaitAction};
use crate::app::command::TabCommand;
use crate::app::effects::Effects;
use crate::app::state::{Answer, Confirmed, TabId, Then};
use crate::edit::GaitDocument;

/// Applies a change to a gait file's tab.
pub fn apply(tab: &mut GaitDocument, action: GaitAction, fx: &mut Effects) {
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
pub fn command(tab: &mut GaitDocument, id: TabId, command: TabCommand, fx: &mut Effects) {
    match command {
        TabCommand::Undo => fx.say(
            tab.undo()
                .map_or_else(|| "Nothing to undo".to_owned(), |l| format!("Undid {l}")),
        ),
        TabCommand::Redo | TabCommand::RedoAlt => fx.say(
            tab.redo()
                .map_or_else(|| "Nothing to redo".to_owned(), |l| format!("Redid {l}")),
        ),
        TabCommand::Save => fx.then(Action::Answer(Answer::Save {
            tab: id,
            to: None,
            confirmed: Confirmed::default(),
            then: None,
        })),
        TabCommand::Repair => apply(tab, GaitAction::Repair, fx),
        TabCommand::SaveAs
        | TabCommand::Export
        | TabCommand::ExportWebots
        | TabCommand::SaveSkit
        | TabCommand::Copy
        | TabCommand::Cut
        | TabCommand::Paste
        | TabCommand::PasteLegs
        | TabCommand::PasteHead
        | TabCommand::PasteTail
        | TabCommand::PasteMirrored
        | TabCommand::SaveIntoArchive
        | TabCommand::DeleteKeyframes
        | TabCommand::InsertKeyframe
        | TabCommand::DuplicateKeyframe
        | TabCommand::ZoomToFit
        | TabCommand::PlayPause
        | TabCommand::GoToStart
        | TabCommand::GoToEnd
        | TabCommand::StepBack
        | TabCommand::StepForward
        | TabCommand::PreviousKeyframe
        | TabCommand::NextKeyframe
        | TabCommand::NextProblem
        | TabCommand::PreviousProblem
        | TabCommand::AddMarker
        | TabCommand::PreviousMarker
        | TabCommand::NextMarker
        | TabCommand::Mirror
        | TabCommand::Reverse
        | TabCommand::Retime
        | TabCommand::RobotRate
        | TabCommand::Shape
        | TabCommand::Simplify
        | TabCommand::Smooth
        | TabCommand::FixSpeed
        | TabCommand::BodyAngles
        | TabCommand::RetimeToSound
        | TabCommand::MarkOnsets
        | TabCommand::NudgeUp
        | TabCommand::NudgeDown
        | TabCommand::NudgeUpFine
        | TabCommand::NudgeDownFine
        | TabCommand::Postures
        | TabCommand::AppendMotion
        | TabCommand::ConvertModel
        | TabCommand::DeleteRange
        | TabCommand::InsertTime
        | TabCommand::ClearRange => fx.say(format!("{}: open a motion first", command.label())),
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
