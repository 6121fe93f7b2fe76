//! An archive tab's actions (its query and its selection) and the commands it answers: Save
//! writes the edited motions of other tabs back into it; a motion's commands have nothing
//! to work on here.

use super::ArchiveTab;
use crate::app::action::{Action, ArchiveAction};
use crate::app::command::TabCommand;
use crate::app::effects::Effects;
use crate::app::state::{Answer, Confirmed, TabId};

/// Motions judged on the floor by one job (a few seconds' work at most, unoptimised).
const FLOOR_BATCH: usize = 8;

impl ArchiveTab {
    /// Applies a change to this tab (`id`).
    pub fn apply(&mut self, id: TabId, action: ArchiveAction, fx: &mut Effects) {
        match action {
            ArchiveAction::SetQuery(query) => {
                // The preview follows the filter: a selection the search hides gives way to
                // the first entry still shown (or none).
                let shown = self.index.select(&query);
                self.query = query;
                if self.selected.is_some_and(|row| !shown.contains(&row)) {
                    self.select(shown.first().copied());
                }
            }
            ArchiveAction::Select(row) => self.select(row),
            ArchiveAction::JudgeFloor => self.judge_floor(id, fx),
            ArchiveAction::FloorJudged { generation, judged } => {
                if generation != self.floor.generation {
                    return;
                }
                self.index.floor_judged(judged);
                self.floor.running = false;
                self.judge_floor(id, fx);
            }
        }
    }

    /// Sends the next few motions to be judged on the floor, unless a job is out or all are
    /// judged.
    fn judge_floor(&mut self, id: TabId, fx: &mut Effects) {
        self.floor.asked = true;
        if self.floor.running {
            return;
        }
        let (work, next) = self.index.floor_work(self.floor.from, FLOOR_BATCH);
        self.floor.from = next;
        if work.is_empty() {
            return;
        }
        self.floor.running = true;
        let generation = self.floor.generation;
        fx.spawn(move || {
            Action::Archive(
                id,
                ArchiveAction::FloorJudged {
                    generation,
                    judged: crate::edit::archive::judge_floor(work),
                },
            )
        });
    }

    /// The archive read afresh from disk: its floor is judged again.
    pub fn reread(&mut self, index: crate::edit::archive::ArchiveIndex) {
        self.index = index;
        self.floor = super::FloorJudging {
            generation: self.floor.generation + 1,
            ..super::FloorJudging::default()
        };
        let selected = self.selected;
        self.select(selected);
    }

    /// A command for this tab (`id`).
    pub fn command(&mut self, id: TabId, command: TabCommand, fx: &mut Effects) {
        match command {
            TabCommand::Save => fx.then(Action::Answer(Answer::SaveArchive {
                tab: id,
                confirmed: Confirmed::default(),
            })),
            TabCommand::Undo | TabCommand::Redo | TabCommand::RedoAlt => {
                fx.say(
                    "Nothing to undo in an archive's browser: edits are undone in a motion's tab",
                );
            }
            TabCommand::Export
            | TabCommand::ExportWebots
            | TabCommand::SaveSkit
            | TabCommand::SaveAs
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
            | TabCommand::Repair
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
            | TabCommand::ClearRange => {
                fx.say(format!("{}: open a motion first", command.label()));
            }
        }
    }
}
