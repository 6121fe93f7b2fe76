//! The one way the window's drawing asks for a change: a [`Sender`] queues actions, which
//! the window applies after the frame (drawing changes nothing). A tab's panels send through
//! a view of it that tags each action with their tab ([`MotionSink`], [`GaitSink`]), so an
//! action queued before a tab switch still reaches its own document.

use super::action::{Action, GaitAction, MotionAction};
use super::command::{Command, TabCommand, UiCommand, WindowCommand};
use super::state::TabId;
use crate::edit::Edit;

/// Where the window's drawing sends what it asks for this frame.
pub struct Sender<'a> {
    /// The queue, applied after the frame.
    queue: &'a mut Vec<Action>,
    /// The tab in front, which a tab's command is given for.
    front: Option<TabId>,
}

impl<'a> Sender<'a> {
    /// A sender onto `queue`, with `front` the tab in front.
    pub fn new(queue: &'a mut Vec<Action>, front: Option<TabId>) -> Self {
        Self { queue, front }
    }

    /// Queues an action.
    pub fn send(&mut self, action: Action) {
        self.queue.push(action);
    }

    /// Queues a command, a tab's one for the tab in front.
    pub fn command(&mut self, command: UiCommand) {
        self.queue.push(Action::command(command, self.front));
    }

    /// The view of this sender for motion tab `tab`'s panels.
    pub fn motion(&mut self, tab: TabId) -> MotionSink<'_> {
        MotionSink {
            tab,
            queue: self.queue,
        }
    }

    /// The view of this sender for gait file tab `tab`'s fields.
    pub fn gait(&mut self, tab: TabId) -> GaitSink<'_> {
        GaitSink {
            tab,
            queue: self.queue,
        }
    }
}

/// The panels of one motion tab send through this view of the [`Sender`].
pub struct MotionSink<'a> {
    /// The tab.
    pub tab: TabId,
    /// The sender's queue.
    queue: &'a mut Vec<Action>,
}

impl MotionSink<'_> {
    /// Queues a change to this tab.
    pub fn push(&mut self, action: MotionAction) {
        self.queue.push(Action::Motion(self.tab, action));
    }

    /// Queues an action of the window's (one that names this tab itself).
    pub fn send(&mut self, action: Action) {
        self.queue.push(action);
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
        self.queue
            .push(Action::Command(Command::Tab(self.tab, command)));
    }

    /// Queues a whole-motion operation on this tab (run, or worked out in the background).
    pub fn op(&mut self, request: crate::ops::OpRequest<u64>) {
        self.queue.push(Action::MotionOp(self.tab, request));
    }

    /// Asks the pose library for this tab.
    pub fn pose(&mut self, request: crate::poses::PoseRequest) {
        self.queue.push(Action::Pose(self.tab, request));
    }

    /// Says something in the status bar.
    pub fn say(&mut self, text: String) {
        self.queue.push(Action::Say(text));
    }

    /// Queues a window command (the stage made large).
    pub fn window(&mut self, command: WindowCommand) {
        self.queue.push(Action::Command(Command::Window(command)));
    }
}

/// The fields of one gait file's tab send through this view of the [`Sender`].
pub struct GaitSink<'a> {
    /// The tab.
    tab: TabId,
    /// The sender's queue.
    queue: &'a mut Vec<Action>,
}

impl GaitSink<'_> {
    /// Queues a change to this tab.
    pub fn push(&mut self, action: GaitAction) {
        self.queue.push(Action::Gait(self.tab, action));
    }
}
