//! A simulation as asked and as told: the floor and settings it runs with, each tick's
//! state, what it says of the motion (its events and summary), and why one cannot run.

use crate::robot::floor::Part;

/// What the floor is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Floor {
    /// A carpet (the default: where most AIBOs played).
    #[default]
    Carpet,
    /// A wooden floor.
    Wood,
    /// A tiled floor.
    Tile,
    /// A floor of this friction coefficient.
    Friction(f64),
}

impl Floor {
    /// The kinds by name, for a menu.
    pub const KINDS: [Self; 3] = [Self::Carpet, Self::Wood, Self::Tile];

    /// The coefficient of friction of the AIBO's rubber paws on this floor.
    ///
    /// **These are estimates**: no measurement of the AIBO's paw pads was published. They
    /// are the usual figures for soft rubber on each surface (rubber on carpet about 0.8,
    /// on varnished wood about 0.6, on glazed tile about 0.4), rounded.
    #[must_use]
    pub fn mu(self) -> f64 {
        match self {
            Self::Carpet => 0.8,
            Self::Wood => 0.6,
            Self::Tile => 0.4,
            Self::Friction(mu) => mu,
        }
    }

    /// The floor's name ("carpet", or "μ 0.35").
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Self::Carpet => "carpet".into(),
            Self::Wood => "wood".into(),
            Self::Tile => "tile".into(),
            Self::Friction(mu) => format!("μ {mu}"),
        }
    }

    /// The floor named `text` (carpet, wood, tile).
    #[must_use]
    pub fn named(text: &str) -> Option<Self> {
        Self::KINDS.into_iter().find(|f| f.name() == text)
    }

    /// A floor of friction `mu`, when it is a number from 0 to 5.
    #[must_use]
    pub fn with_friction(mu: f64) -> Option<Self> {
        (0.0..=5.0).contains(&mu).then_some(Self::Friction(mu))
    }
}

/// How to simulate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The floor.
    pub floor: Floor,
    /// How many times the motion is played in a row (at least once).
    pub repeat: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            floor: Floor::Carpet,
            repeat: 1,
        }
    }
}

/// The robot at the end of one tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    /// The tick's time from the first tick (ms).
    pub time_ms: u64,
    /// Where the body's origin is on the floor, forward and to the left of where it
    /// started (mm).
    pub position_mm: [f32; 2],
    /// Its height above the floor (mm).
    pub height_mm: f32,
    /// How it has turned from its first heading (degrees, to the left positive).
    pub heading_deg: f32,
    /// Its roll (degrees, left side up positive) and pitch (nose up positive).
    pub roll_deg: f32,
    /// See `roll_deg`.
    pub pitch_deg: f32,
    /// Which parts touch the floor: bit i for [`Simulation::parts`]' part i.
    pub touching: u32,
    /// How fast each paw's point on the floor slides (mm/s; `Leg::ALL` order; 0 for a paw
    /// that carries no weight, in the air or brushing the floor).
    pub slip_mm_s: [f32; 4],
    /// How far each joint is behind its command (degrees, the motion's columns).
    pub lag_deg: Vec<f32>,
}

/// What happened, and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// When (ms from the first tick).
    pub time_ms: u64,
    /// What, in words ("topples onto its left side").
    pub what: String,
    /// How much, where it has a size: a slip's millimetres, a lean's degrees (else 0).
    pub amount: f64,
    /// Where it lasts a stretch (a paw stood on where its pose lifts it; a fall, until the
    /// body stands on its paws again): when the stretch ended (ms from the first tick; the
    /// last tick's time where it lasts to the end).
    pub until_ms: Option<u64>,
}

impl Event {
    /// What happened at `time_ms`.
    #[must_use]
    pub fn new(time_ms: u64, what: String) -> Self {
        Self {
            time_ms,
            what,
            amount: 0.0,
            until_ms: None,
        }
    }
}

/// What the simulation says of the whole motion.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// How far the body went: forward and to the left of where it started (mm).
    pub travel_mm: [f64; 2],
    /// How far it turned (degrees, to the left positive).
    pub heading_deg: f64,
    /// Its largest tilt from level (degrees).
    pub max_tilt_deg: f64,
    /// Where it falls: turns over, comes to rest on a part the rest model does not, or ends
    /// lying on a part its last pose does not rest on.
    pub falls: Vec<Event>,
    /// Where a paw carrying weight slides more than [`super::judge::SLIP_MM`].
    pub slips: Vec<Event>,
    /// How far the paws' slipping carried the body in all (mm, forward and to the left of
    /// where it started: the mean slide of the paws carrying weight, tick by tick), and how
    /// far it turned it (degrees, to the left): the travel less this is where the paws alone
    /// would have taken it.
    pub drift_mm: [f64; 2],
    /// See `drift_mm`.
    pub drift_deg: f64,
    /// Where the robot stands on a paw its pose lifts (more than [`super::judge::LIFTED_MM`] up as
    /// the rest model rests the pose).
    pub lifted: Vec<Event>,
    /// Every stretch over which a paw carries weight where the pose, as played, holds it more
    /// than [`super::judge::LIFTED_MM`] up, however brief (with its end): `lifted` counts only
    /// those that outlast the servos' lag and [`super::judge::LIFTED_MS`]; the rest are the
    /// brushes of a lift too brief for the servos to make.
    pub stood_on: Vec<Event>,
    /// Where a paw the pose keeps down (the rest model stands the pose on its paws alone,
    /// this one among them) is off the floor for [`super::judge::OFF_FLOOR_MS`] or longer
    /// while the robot stands on its paws, with its end: the robot rocks onto the others.
    pub off_floor: Vec<Event>,
    /// Where the body leans more than [`super::judge::TILT_DEG`] from how its pose rests while it
    /// stands on its paws, not fallen.
    pub tilts: Vec<Event>,
    /// Where a joint is commanded beyond how far its servo turns (it stops at its end).
    pub beyond: Vec<Event>,
    /// Where a joint's servo is too weak to follow (more than [`super::judge::LAG_DEG`] behind
    /// where its speed lets it be).
    pub lags: Vec<Event>,
}

/// A motion simulated.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// The floor it was simulated on.
    pub settings: Settings,
    /// Every tick, in order (the motion's ticks times the repeats).
    pub ticks: Vec<Tick>,
    /// The parts [`Tick::touching`] names.
    pub parts: Vec<Part>,
    /// The ticks in one play of the motion.
    pub cycle_ticks: u64,
    /// What it says.
    pub summary: Summary,
}

/// Why a motion cannot be simulated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// Its design label names no model whose body is known.
    #[error("the design label {0:?} names no model the simulation knows")]
    NoModel(String),
    /// It has no keyframes.
    #[error("the motion has no keyframes")]
    Empty,
    /// It plays too long.
    #[error(
        "the motion plays {ticks} ticks (with its repeats); the simulation takes at most {max}"
    )]
    TooLong {
        /// Its ticks.
        ticks: u64,
        /// The most.
        max: u64,
    },
    /// A newer request came first.
    #[error("cancelled")]
    Cancelled,
    /// The simulation stopped on an error of its own (a panic caught on its thread).
    #[error("the simulation stopped on an internal error")]
    Internal,
}
