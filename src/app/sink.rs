//! Where the panels of one motion tab push their actions while they draw.

use super::action::{Action, MotionAction};
use super::command::{Command, TabCommand};
use super::state::TabId;
use crate::edit::Edit;

/// Where the panels of one motion tab push their actions: each is tagged with the tab, so
/// an action queued before a tab switch still reaches its own document.
pub struct MotionSink<'a> {
    /// The tab.
    pub tab: TabId,
    /// The queue.
    pub actions: &'a mut Vec<Action>,
}

impl MotionSink<'_> {
    /// Queues a change to this tab.
    pub fn push(&mut self, action: MotionAction) {
        self.actions.push(Action::Motion(self.tab, action));
    }

    /// Queues an edit with its undo label.
    pub fn edit(&mut self, label: &str, edit: Edit) {
        self.push(MotionAction::Edit {
            label: label.to_owned(),
            edit,
        });
    }

    /// Queues a command for this tab.
    pub fn command(&mut self, command: TabCommand) {
        self.actions
            .push(Action::Command(Command::Tab(self.tab, command)));
    }

    /// Queues a whole-motion operation on this tab (run, or worked out in the background).
    pub fn op(&mut self, request: crate::ops::OpRequest<u64>) {
        self.actions.push(Action::MotionOp(self.tab, request));
    }

    /// Asks the pose library for this tab.
    pub fn pose(&mut self, request: crate::poses::PoseRequest) {
        self.actions.push(Action::Pose(self.tab, request));
    }

    /// Says something in the status bar.
    pub fn say(&mut self, text: String) {
        self.actions.push(Action::Say(text));
    }

    /// Queues a window command (the stage made large).
    pub fn window(&mut self, command: super::command::WindowCommand) {
        self.actions.push(Action::Command(Command::Window(command)));
    }
}
