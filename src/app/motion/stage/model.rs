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
    /// Whether posing keeps the balance.
    pub balance: bool,
    /// How far inside the planted paws it keeps the centre of mass (mm).
    pub margin_mm: u16,
    /// Whether a paw's drag moves its partner mirrored.
    pub mirror: bool,
    /// Whether the posing bar (the body's sliders, the balance) is shown.
    pub pose_bar: bool,
    /// Whether the robot is drawn where the physics simulation puts it (`robot::physics`),
    /// and the floor's problems are the simulation's.
    pub simulate: bool,
    /// The floor it is simulated on.
    pub floor: SimFloor,
    /// Whether the camera follows the simulated body (else the body walks across the floor).
    pub follow: bool,
    /// Whether the rest model's pose is drawn as a ghost over the simulated robot.
    pub rest_ghost: bool,
    /// How many times in a row the motion is simulated (a walk's steps add up): looping
    /// playback shows each play in turn. The motion's own: a tab opens at one play
    /// ([`StageModel::for_new_tab`]), since a motion that does not end as it starts (stand
    /// to sleep) played again from its end is not what it does.
    pub plays: u32,
}

/// The floors the window simulates on (the command line also takes any friction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SimFloor {
    /// Carpet (μ 0.8).
    #[default]
    Carpet,
    /// Wood (μ 0.6).
    Wood,
    /// Tile (μ 0.4).
    Tile,
}

impl SimFloor {
    /// All of them, for a menu.
    pub const ALL: [Self; 3] = [Self::Carpet, Self::Wood, Self::Tile];

    /// The physics' floor.
    #[must_use]
    pub fn floor(self) -> crate::robot::physics::Floor {
        use crate::robot::physics::Floor;
        match self {
            Self::Carpet => Floor::Carpet,
            Self::Wood => Floor::Wood,
            Self::Tile => Floor::Tile,
        }
    }

    /// Its name and friction, as the menu shows it.
    #[must_use]
    pub fn label(self) -> String {
        let floor = self.floor();
        format!("{} (μ {})", floor.name(), floor.mu())
    }
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
            balance: true,
            margin_mm: DEFAULT_MARGIN_MM,
            mirror: false,
            pose_bar: true,
            simulate: false,
            floor: SimFloor::Carpet,
            follow: false,
            rest_ghost: false,
            plays: 1,
        }
    }
}

/// The plays the stage's menu offers to simulate in a row.
pub const PLAYS: [u32; 4] = [1, 2, 5, 10];

impl StageModel {
    /// What a newly opened tab's stage shows: the settings last chosen on any tab (ghosts,
    /// paths, the switch, the floor), at one play.
    #[must_use]
    pub fn for_new_tab(self) -> Self {
        Self { plays: 1, ..self }
    }

    /// What the simulation is to be: on the floor set, played [`Self::plays`] times.
    #[must_use]
    pub fn sim_settings(&self) -> crate::robot::physics::Settings {
        crate::robot::physics::Settings {
            floor: self.floor.floor(),
            repeat: self.plays.clamp(1, PLAYS[PLAYS.len() - 1]),
        }
    }
}

/// The balance's margin at first (mm).
pub const DEFAULT_MARGIN_MM: u16 = 15;
/// The largest margin that can be asked (mm).
pub const MAX_MARGIN_MM: u16 = 60;

/// A change to what the stage shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageAction {
    /// This many ghosts on each side (at most [`MAX_GHOSTS`]).
    Ghosts(usize),
    /// The ghosts spaced so.
    Spacing(Spacing),
    /// Draw the paws' paths, or not.
    Paths(bool),
    /// Keep the balance while posing, or not.
    Balance(bool),
    /// The balance's margin (mm, at most [`MAX_MARGIN_MM`]).
    Margin(u16),
    /// Mirror a paw's drag onto its partner, or not.
    Mirror(bool),
    /// Show the posing bar, or not.
    PoseBar(bool),
    /// Simulate the robot on the floor, or not.
    Simulate(bool),
    /// Simulate on this floor.
    Floor(SimFloor),
    /// The camera follows the simulated body, or not.
    Follow(bool),
    /// Draw the rest model's pose over the simulated robot, or not.
    RestGhost(bool),
    /// Simulate the motion this many times in a row (1 to 10).
    Plays(u32),
}

/// The most ghosts on each side of the playhead.
pub const MAX_GHOSTS: usize = 4;

impl StageModel {
    /// Handles an action of the stage.
    pub fn handle(&mut self, action: StageAction) {
        match action {
            StageAction::Ghosts(count) => self.onion = count.min(MAX_GHOSTS),
            StageAction::Spacing(Spacing::Time(ms)) => {
                self.spacing = Spacing::Time(ms.clamp(8, 10_000));
            }
            StageAction::Spacing(spacing) => self.spacing = spacing,
            StageAction::Paths(shown) => self.show_paths = shown,
            StageAction::Balance(on) => self.balance = on,
            StageAction::Margin(mm) => self.margin_mm = mm.min(MAX_MARGIN_MM),
            StageAction::Mirror(on) => self.mirror = on,
            StageAction::PoseBar(shown) => self.pose_bar = shown,
            StageAction::Simulate(on) => self.simulate = on,
            StageAction::Floor(floor) => self.floor = floor,
            StageAction::Follow(on) => self.follow = on,
            StageAction::RestGhost(on) => self.rest_ghost = on,
            StageAction::Plays(plays) => self.plays = plays.clamp(1, PLAYS[PLAYS.len() - 1]),
        }
    }
}
