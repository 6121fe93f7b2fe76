//! What the stage shows, as the user set it (ghosts around the playhead, the paws' paths),
//! and the actions that change it. The camera is the stage widget's own, moved by dragging
//! as a scroll area's offset is.

/// What the stage shows besides the robot at the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageModel {
    /// Ghosts of this many keyframes before and after the playhead.
    pub onion: usize,
    /// Whether the paws' paths over the time in view are drawn.
    pub show_paths: bool,
}

impl Default for StageModel {
    fn default() -> Self {
        Self {
            onion: 0,
            show_paths: true,
        }
    }
}

/// A change to what the stage shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageAction {
    /// Ghosts of this many keyframes on each side (at most [`MAX_GHOSTS`]).
    Ghosts(usize),
    /// Draw the paws' paths, or not.
    Paths(bool),
}

/// The most ghosts on each side of the playhead.
pub const MAX_GHOSTS: usize = 4;

impl StageModel {
    /// Applies a change.
    pub fn apply(&mut self, action: StageAction) {
        match action {
            StageAction::Ghosts(count) => self.onion = count.min(MAX_GHOSTS),
            StageAction::Paths(shown) => self.show_paths = shown,
        }
    }
}
