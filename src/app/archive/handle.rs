//! An archive tab's actions (its query and its selection) and the one command it takes:
//! Save writes the edited motions of other tabs back into it.

use super::ArchiveTab;
use crate::app::action::{Action, ArchiveAction};
use crate::app::command::ArchiveCommand;
use crate::app::effects::Effects;
use crate::app::state::{Answer, Confirmed, TabId};

/// Motions judged on the floor by one job (a few seconds' work at most, unoptimised).
const FLOOR_BATCH: usize = 8;

impl ArchiveTab {
    /// Handles an action of this tab (`id`).
    pub fn handle(&mut self, id: TabId, action: ArchiveAction, fx: &mut Effects) {
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

    /// A command for this tab (`id`), of those an archive's browser takes.
    pub fn command(&mut self, id: TabId, command: ArchiveCommand, fx: &mut Effects) {
        match command {
            ArchiveCommand::Save => fx.then(Action::Answer(Answer::SaveArchive {
                tab: id,
                confirmed: Confirmed::default(),
            })),
        }
    }
}
