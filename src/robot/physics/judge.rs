//! What the simulated ticks say: where the robot falls (turns over, or comes to rest on a
//! part the rest model does not rest that pose on), where a paw carrying weight slips, and
//! where a servo is too weak to follow.

use super::{Event, Summary, Tick};
use crate::robot::floor::body::leg_name;
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
    rests: Vec<Rest>,
    /// For each of the rest model's ticks, the tick whose attitude the body is measured
    /// from: itself, or through a topple of the rest model's own, its last tick before it
    /// (a body still up is not "turned over" from a pose the rest model has rolling onto its
    /// elbow); see [`references`].
    reference: Vec<usize>,
    cycle: u64,
    summary: Summary,
    /// Fallen over (until the body is back within the turn).
    over: bool,
    /// Down after a fall, and since when it has been up again (on what the rest model rests
    /// on, not turned over): a fall is one fall until the body has been up for
    /// [`REST_ON_MS`], however it lies and rolls meanwhile.
    down: Option<Option<u64>>,
    /// For each part, the tick it has touched the floor since without the rest model
    /// resting on it, and whether that was said.
    unexpected: Vec<Option<(u64, bool)>>,
    /// For each paw, how far it slid in its contact so far (mm, floor x and y), and
    /// whether that was said.
    slide: [([f32; 2], bool); 4],
    /// For each column, whether it lags now.
    lagging: Vec<bool>,
    tick: u64,
    /// The columns' joint names.
    names: Vec<String>,
}

impl Judge {
    pub(super) fn new(rig: &Rig, rests: Vec<Rest>, cycle: u64, names: Vec<String>) -> Self {
        let parts = rig.parts();
        let reference = references(&parts, &rests);
        Self {
            unexpected: vec![None; parts.len()],
            parts,
            rests,
            reference,
            cycle: cycle.max(1),
            summary: Summary::default(),
            over: false,
            down: None,
            slide: [([0.0; 2], false); 4],
            lagging: Vec::new(),
            tick: 0,
            names,
        }
    }

    /// The rest model's attitude to measure the body from at the tick the physics is at
    /// (the motion's tick, repeats folded; see `reference`).
    fn rest(&self, tick: u64) -> Option<&Rest> {
        let i = usize::try_from(tick % self.cycle).ok()?;
        let i = self.reference.get(i).or(self.reference.last())?;
        self.rests.get(*i)
    }

    /// Whether the rest model rests on a part of `class` near `tick`.
    fn rest_touches(&self, tick: u64, class: Class) -> bool {
        let Ok(at) = usize::try_from(tick % self.cycle) else {
            return false;
        };
        let last = self.rests.len().saturating_sub(1);
        let (from, to) = (
            at.saturating_sub(REST_SLACK_TICKS),
            (at + REST_SLACK_TICKS).min(last),
        );
        (from..=to).any(|t| {
            self.rests.get(t).is_some_and(|r| {
                self.parts
                    .iter()
                    .enumerate()
                    .any(|(i, &p)| self::class(p) == class && r.touches(i))
            })
        })
    }

    pub(super) fn see(&mut self, tick: &Tick, slide_mm: &[[f32; 2]; 4], torque_lags: &[f32]) {
        let time = self.tick * TICK_MS;
        let now = self.tick;
        let falls_before = self.summary.falls.len();
        self.tick += 1;
        self.summary.max_tilt_deg = self
            .summary
            .max_tilt_deg
            .max(f64::from(tilt_deg(tick.roll_deg, tick.pitch_deg)));
        // Turned over.
        if let Some(rest) = self.rest(now) {
            let d_roll = tick.roll_deg - rest.roll_deg() as f32;
            let d_pitch = tick.pitch_deg - rest.pitch_deg() as f32;
            let over = d_roll.abs() > TURN_OVER_DEG || d_pitch.abs() > TURN_OVER_DEG;
            if over && !self.over && self.down.is_none() {
                let onto = if d_roll.abs() >= d_pitch.abs() {
                    if d_roll < 0.0 {
                        "its left side"
                    } else {
                        "its right side"
                    }
                } else if d_pitch < 0.0 {
                    "its front"
                } else {
                    "its rear"
                };
                self.summary.falls.push(Event {
                    time_ms: time,
                    what: format!(
                        "turns over onto {onto} (roll {:.0}°, pitch {:.0}°; the rest model has {:.0}° and {:.0}°)",
                        tick.roll_deg,
                        tick.pitch_deg,
                        rest.roll_deg(),
                        rest.pitch_deg()
                    ),
                });
            }
            self.over = if over {
                true
            } else {
                self.over
                    && (d_roll.abs() > TURN_OVER_DEG * 0.6 || d_pitch.abs() > TURN_OVER_DEG * 0.6)
            };
        }
        // Resting on a part the rest model does not.
        for i in 0..self.parts.len().min(32) {
            let part = self.parts[i];
            let class = class(part);
            let touching = tick.touching & (1 << i) != 0;
            let rolled = self
                .rest(now)
                .is_some_and(|r| (tick.roll_deg - r.roll_deg() as f32).abs() > ON_SIDE_DEG);
            // Turned away from the rest model's attitude: a body a little lower than the rest
            // model's (a sleep getting up, its elbows brushing the floor) has not fallen.
            let turned = rolled
                || self
                    .rest(now)
                    .is_some_and(|r| (tick.pitch_deg - r.pitch_deg() as f32).abs() > ON_SIDE_DEG);
            // Rolled onto its side and lying on more than its paws is a fall wherever the
            // rest model puts the pose (its own slow topple, `floor::problems`).
            let on_side = part.is_fallen_on() && tick.roll_deg.abs() > ON_SIDE_DEG;
            let expected = class == Class::Paw
                || (!on_side
                    && (!turned
                        || (class == Class::Torso && !rolled)
                        || self.rest_touches(now, class)));
            if !touching || expected {
                self.unexpected[i] = None;
                continue;
            }
            let (since, said) = self.unexpected[i].get_or_insert((now, false));
            if !*said
                && (now - *since) * TICK_MS >= REST_ON_MS
                && !self.over
                && self.down.is_none()
                && self.summary.falls.len() == falls_before
            {
                *said = true;
                let since_ms = *since * TICK_MS;
                self.summary.falls.push(Event {
                    time_ms: since_ms,
                    what: if on_side {
                        let side = if tick.roll_deg < 0.0 { "left" } else { "right" };
                        format!(
                            "rolls onto its {side} side and comes to rest on its {} ({:.0}° of roll)",
                            part.name(),
                            tick.roll_deg
                        )
                    } else {
                        format!(
                            "comes to rest on its {}, which the rest model does not rest on",
                            part.name()
                        )
                    },
                });
            }
        }
        // One fall until the body is up again.
        let fell = self.summary.falls.len() > falls_before;
        let up = !self.over && self.unexpected.iter().all(Option::is_none);
        self.down = match (fell, self.down, up) {
            (true, _, _) => Some(None),
            (false, Some(_), false) => Some(None),
            (false, Some(None), true) => Some(Some(now)),
            (false, Some(Some(since)), true) if (now - since) * TICK_MS >= REST_ON_MS => None,
            (false, down, _) => down,
        };
        // Paws slipping under load.
        for (p, leg) in Leg::ALL.into_iter().enumerate() {
            let on_floor = self
                .parts
                .iter()
                .position(|&q| q == Part::Paw(leg))
                .is_some_and(|i| i < 32 && tick.touching & (1 << i) != 0);
            let (slid, said) = &mut self.slide[p];
            if !on_floor {
                *slid = [0.0; 2];
                *said = false;
                continue;
            }
            slid[0] += slide_mm[p][0];
            slid[1] += slide_mm[p][1];
            let far = slid[0].hypot(slid[1]);
            if far > SLIP_MM && !*said {
                *said = true;
                self.summary.slips.push(Event {
                    time_ms: time,
                    what: format!(
                        "the {} paw slips {far:.0} mm while carrying weight",
                        leg_name(leg)
                    ),
                });
            }
        }
        // Servos too weak.
        self.lagging.resize(torque_lags.len(), false);
        for (column, (&lag, lagging)) in torque_lags.iter().zip(&mut self.lagging).enumerate() {
            let now_lagging = lag.abs() > LAG_DEG;
            if now_lagging && !*lagging {
                self.summary.lags.push(Event {
                    time_ms: time,
                    what: format!(
                        "{} is {:.0}° behind where its speed lets it be: its servo's torque is not enough",
                        self.names.get(column).map_or("a joint", String::as_str),
                        lag.abs()
                    ),
                });
            }
            *lagging = now_lagging || (*lagging && lag.abs() > LAG_DEG / 2.0);
        }
    }

    pub(super) fn finish(mut self, ticks: &[Tick]) -> Summary {
        if let Some(last) = ticks.last() {
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
