//! What the simulated ticks say: where the robot falls (turns over, comes to rest on a part
//! the rest model does not rest that pose on, or ends the motion lying where its last pose
//! does not: `falls`), where it leans far from how its pose rests or stands on a paw its
//! pose lifts, where a paw carrying weight slips (`paws`), and where a servo is commanded
//! beyond its reach or is too weak to follow (`servos`).

mod falls;
mod paws;
mod reach;
mod servos;

pub(super) use reach::{Reach, reaches};

use super::simulation::{Summary, Tick};
use crate::robot::floor::{Part, Rest, Rig};
use crate::robot::kinematics::Leg;
use crate::robot::timing::TICK_MS;

/// A turn from where the rest model puts the pose beyond this (degrees, roll or pitch) is a
/// fall.
pub const TURN_OVER_DEG: f32 = 45.0;
/// A part the rest model does not rest the pose on, touching the floor this long (ms), is a
/// fall: the body has come to rest on it.
pub const REST_ON_MS: u64 = 240;
/// The torso resting on the floor where the rest model has it on its paws is a fall only
/// turned this far from the rest model's roll (degrees): on its side; and an elbow, a knee,
/// the head or the chest on the floor with the body rolled this far is a fall, wherever the
/// rest model puts the pose (its own slow topple, `Part::is_fallen_on`). (A sit or a sleep that
/// settles a few millimetres lower than the rest model's, onto its belly, has not fallen.)
pub const ON_SIDE_DEG: f32 = 20.0;
/// The rest model's contacts are taken this many ticks either side (its timing and the
/// physics' differ by a little).
const REST_SLACK_TICKS: usize = 16;
/// A paw carrying weight that slides further than this (mm) in one contact slips.
pub const SLIP_MM: f32 = 5.0;
/// A joint more than this behind where its top speed lets it be (degrees) lacks torque.
pub const LAG_DEG: f32 = 10.0;
pub use crate::robot::floor::stance::{LIFTED_MM, LIFTED_MS};
/// The simulation counts a paw stood on only where the pose holds it lifted this long (ms)
/// either side too: the servos lag behind the pose, so a paw lifted late or landing a few
/// ticks early is no paw stood on.
pub const LIFTED_SLACK_MS: u64 = 48;
/// A paw the pose keeps down off the floor this long (ms) while the robot stands on its
/// paws is said: the robot rocks onto its other paws.
pub const OFF_FLOOR_MS: u64 = 64;
/// The body leaning this far from how the rest model rests the pose (degrees, roll or
/// pitch) while it stands on its paws alone is said...
pub const TILT_DEG: f32 = 15.0;
/// ...when it lasts this long (ms).
pub const TILT_MS: u64 = 96;

/// What a tick's physics steps saw of the paws.
#[derive(Clone, Copy, Default)]
pub(in crate::robot::physics) struct Stepped {
    /// How far each paw's point on the floor slid in the tick (mm, floor x and y).
    pub slide_mm: [[f32; 2]; 4],
    /// Where each paw carrying weight touched the floor as the tick began (mm, floor x and
    /// y; none for a paw that carried none).
    pub at_mm: [Option<[f32; 2]>; 4],
}

/// What a part is, for comparing the physics' contacts with the rest model's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Paw,
    Knee(usize),
    Head,
    Torso,
}

fn class(part: Part) -> Class {
    match part {
        Part::Paw(_) => Class::Paw,
        Part::Knee(leg) => Class::Knee(Leg::ALL.iter().position(|&l| l == leg).unwrap_or(0)),
        Part::Chin => Class::Head,
        Part::Chest(_) | Part::Belly(_) | Part::Rear(_) | Part::TailBase => Class::Torso,
    }
}

/// For each rest tick, itself; or, through a topple of the rest model's own (a run of ticks
/// rolled beyond [`ON_SIDE_DEG`] in which it comes to lie on an elbow, a knee, the head or the
/// chest), the last tick before the topple began (itself when there is none). A run rolled as
/// far that stays on its paws (a sit leaning onto a haunch as it waves) is no topple.
pub(super) fn references(parts: &[Part], rests: &[Rest]) -> Vec<usize> {
    let fallen_on = parts
        .iter()
        .enumerate()
        .filter(|&(i, p)| i < 32 && p.is_fallen_on())
        .fold(0u32, |bits, (i, _)| bits | 1 << i);
    let rolled = |r: &Rest| r.roll_deg().abs() > f64::from(ON_SIDE_DEG);
    let mut out: Vec<usize> = (0..rests.len()).collect();
    let mut from = 0;
    while from < rests.len() {
        if !rolled(&rests[from]) {
            from += 1;
            continue;
        }
        let to = (from..rests.len())
            .find(|&t| !rolled(&rests[t]))
            .unwrap_or(rests.len());
        if let Some(before) = from.checked_sub(1)
            && rests[from..to].iter().any(|r| r.contacts & fallen_on != 0)
        {
            for slot in &mut out[from..to] {
                *slot = before;
            }
        }
        from = to;
    }
    out
}

/// Reads the ticks one after another.
pub(super) struct Judge {
    parts: Vec<Part>,
    /// Which of the parts are paws (bit i for part i).
    paw_bits: u32,
    rests: Vec<Rest>,
    /// For each of the rest model's ticks, the tick whose attitude the body is measured
    /// from: itself, or through a topple of the rest model's own, its last tick before it
    /// (a body still up is not "turned over" from a pose the rest model has rolling onto its
    /// elbow); see [`references`].
    reference: Vec<usize>,
    /// The ticks of one play, and of all the plays (after them the last command is held).
    cycle: u64,
    played: u64,
    summary: Summary,
    /// Fallen over (until the body is back within the turn).
    over: bool,
    /// Down after a fall, and since when it has been up again (on what the rest model rests
    /// on, not turned over): a fall is one fall until the body has been up for
    /// [`REST_ON_MS`], however it lies and rolls meanwhile.
    down: Option<Option<u64>>,
    /// The fall the body is down from: its event in `Summary::falls`, and since when the body
    /// has stood on its paws alone, not rolled onto a side. The fall lasts (`until_ms`) until
    /// that has held for [`REST_ON_MS`], or to the end: the same stretch the stage says "it
    /// has fallen" over and the timeline marks.
    fallen: Option<(usize, Option<u64>)>,
    /// For each part, the tick it has touched the floor since without the rest model
    /// resting on it, and whether that was said.
    unexpected: Vec<Option<(u64, bool)>>,
    /// Since when the body has leant beyond [`TILT_DEG`] on its paws, and whether it was said.
    leaning: Option<(u64, bool)>,
    /// For each paw, how far it slid in its contact so far (mm, floor x and y), and the
    /// slip that says so, once it is said.
    slide: [([f32; 2], Option<usize>); 4],
    /// For each paw, since when it has stood on the floor where its pose lifts it, and
    /// the event that says so, once it is said.
    lifted: [Option<(u64, Option<usize>)>; 4],
    /// For each paw, the stretch of `Summary::stood_on` it is in now.
    stood_on: [Option<usize>; 4],
    /// For each paw the pose keeps down, since when it has been off the floor, and the paws
    /// (bit per paw) that have touched it throughout.
    off: [Option<(u64, u8)>; 4],
    /// Each column's reach; and where it is commanded beyond it now, the event that says so
    /// and the furthest command of the stretch (degrees).
    reach: Vec<Option<Reach>>,
    beyond: Vec<Option<(usize, f64)>>,
    /// For each column, whether it lags now.
    lagging: Vec<bool>,
    tick: u64,
    /// The columns' joint names.
    names: Vec<String>,
}

/// What the judge is told of the motion beside the rest model's ticks.
pub(super) struct Played {
    /// The ticks of one play, and of all the plays.
    pub cycle: u64,
    pub total: u64,
    /// The columns' joint names, and how far each servo turns.
    pub names: Vec<String>,
    pub reach: Vec<Option<Reach>>,
}

impl Judge {
    pub(super) fn new(rig: &Rig, rests: Vec<Rest>, played: Played) -> Self {
        let parts = rig.parts();
        let reference = references(&parts, &rests);
        let paw_bits = parts
            .iter()
            .enumerate()
            .filter(|&(i, p)| i < 32 && p.is_paw())
            .fold(0u32, |bits, (i, _)| bits | 1 << i);
        Self {
            unexpected: vec![None; parts.len()],
            parts,
            paw_bits,
            rests,
            reference,
            cycle: played.cycle.max(1),
            played: played.total,
            summary: Summary::default(),
            over: false,
            down: None,
            fallen: None,
            leaning: None,
            slide: [([0.0; 2], None); 4],
            lifted: [None; 4],
            stood_on: [None; 4],
            off: [None; 4],
            beyond: vec![None; played.reach.len()],
            reach: played.reach,
            lagging: Vec::new(),
            tick: 0,
            names: played.names,
        }
    }

    /// The rest model's tick for the physics' tick `tick`: the motion's tick, repeats
    /// folded; after the plays, the last (the robot holds its last command).
    fn rest_index(&self, tick: u64) -> Option<usize> {
        let at = if tick >= self.played {
            self.cycle - 1
        } else {
            tick % self.cycle
        };
        usize::try_from(at).ok()
    }

    /// The rest model's attitude to measure the body from at the tick the physics is at
    /// (see `reference`).
    fn rest(&self, tick: u64) -> Option<&Rest> {
        let i = self.rest_index(tick)?;
        let i = self.reference.get(i).or(self.reference.last())?;
        self.rests.get(*i)
    }

    /// Whether the rest model rests on a part of `class` near `tick` (through a topple of
    /// its own, where it rested before it: lying on an elbow there is no pose's own).
    fn rest_touches(&self, tick: u64, class: Class) -> bool {
        let Some(at) = self.rest_index(tick) else {
            return false;
        };
        let last = self.rests.len().saturating_sub(1);
        let (from, to) = (
            at.saturating_sub(REST_SLACK_TICKS),
            (at + REST_SLACK_TICKS).min(last),
        );
        (from..=to).any(|t| {
            let t = self.reference.get(t).copied().unwrap_or(t);
            self.rests.get(t).is_some_and(|r| {
                self.parts
                    .iter()
                    .enumerate()
                    .any(|(i, &p)| self::class(p) == class && r.touches(i))
            })
        })
    }

    /// Reads one tick: `stepped` is how far each paw's point on the floor slid in it and
    /// where, `torque_lags` how far each column is behind its setpoint, `row` what was
    /// commanded.
    pub(super) fn see(&mut self, tick: &Tick, stepped: &Stepped, torque_lags: &[f32], row: &[i32]) {
        let now = self.tick;
        self.tick += 1;
        self.summary.max_tilt_deg = self
            .summary
            .max_tilt_deg
            .max(f64::from(tilt_deg(tick.roll_deg, tick.pitch_deg)));
        self.falls(tick, now);
        self.leans(tick, now);
        self.slips(tick, &stepped.slide_mm, now);
        self.drifts(stepped);
        self.lifted_paws(stepped, now);
        self.off_floor(tick, now);
        self.servos(row, torque_lags, now);
    }

    pub(super) fn finish(mut self, ticks: &[Tick]) -> Summary {
        self.lifted_end();
        self.off_floor_end();
        self.slips_end();
        if let Some(last) = ticks.last() {
            self.ends(last);
            self.fallen_end(last);
            self.summary.travel_mm = last.position_mm.map(f64::from);
            self.summary.heading_deg = f64::from(last.heading_deg);
        }
        self.summary
    }
}

/// How far from level a body of this roll and pitch is (degrees).
fn tilt_deg(roll: f32, pitch: f32) -> f32 {
    let (r, p) = (roll.to_radians(), pitch.to_radians());
    (r.cos() * p.cos()).clamp(-1.0, 1.0).acos().to_degrees()
}

/// Which way a turn from the rest model's attitude goes (`d_roll`, `d_pitch`: the body's
/// less the rest model's, degrees): the larger of the two says.
fn onto(d_roll: f32, d_pitch: f32) -> &'static str {
    if d_roll.abs() >= d_pitch.abs() {
        if d_roll < 0.0 {
            "its left side"
        } else {
            "its right side"
        }
    } else if d_pitch < 0.0 {
        "its front"
    } else {
        "its rear"
    }
}

/// The names of the parts whose bits are set.
fn names(parts: &[Part], bits: u32) -> String {
    parts
        .iter()
        .enumerate()
        .filter(|&(i, _)| i < 32 && bits & (1 << i) != 0)
        .map(|(_, p)| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The time (ms) of tick `tick`.
fn ms(tick: u64) -> u64 {
    tick * TICK_MS
}
