//! What the stage shows, as the user set it (ghosts around the playhead, the paws' paths),
//! and the actions that change it. The camera is the stage widget's own, moved by dragging
//! as a scroll area's offset is.

/// What the stage shows besides the robot at the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct StageModel {
    /// This many ghosts before and after the playhead.
    pub onion: usize,
    /// How the ghosts are spaced.
    pub spacing: Spacing,
    /// Whether the paws' paths over the time in view are drawn.
    pub show_paths: bool,
}

/// How onion-skin ghosts are spaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Spacing {
    /// Every this many ms from the playhead (the pose the robot commands then).
    Time(u64),
    /// At the keyframes before and after the playhead.
    Keyframes,
}

/// The ghosts' spacing in time at first: a walk's keyframes come every 16 ms, so ghosts by
/// keyframe would sit inside the body.
pub const DEFAULT_SPACING_MS: u64 = 100;

impl Default for StageModel {
    fn default() -> Self {
        Self {
            onion: 0,
            spacing: Spacing::Time(DEFAULT_SPACING_MS),
            show_paths: true,
        }
    }
}

/// A change to what the stage shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageAction {
    /// This many ghosts on each side (at most [`MAX_GHOSTS`]).
    Ghosts(usize),
    /// The ghosts spaced so.
    Spacing(Spacing),
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
            StageAction::Spacing(Spacing::Time(ms)) => {
                self.spacing = Spacing::Time(ms.clamp(8, 10_000));
            }
            StageAction::Spacing(spacing) => self.spacing = spacing,
            StageAction::Paths(shown) => self.show_paths = shown,
        }
    }
}
