//! A walk: each paw on a path in the body's frame (on the floor for a share of the cycle,
//! the duty factor, moving back by the stride; then lifted and brought forward on a
//! half-ellipse or a rectangle with rounded corners), the legs' phases set by the gait, the
//! body at a height and pitch, turning and stepping sideways as asked; each tick solved by
//! the legs' inverse kinematics within their limits. It grows out of the motion's own pose
//! over the first half cycle and back into it over the last, so it starts and ends in the
//! posture the motion has there.

use super::course::Course;
use super::course::SPEED_SHARE;
use super::oscillate::smoothstep;
pub use super::paw_path::PawPath;
use super::paw_path::Swing;
use crate::ops::common::OpError;
use crate::robot::kinematics::{Geometry, Leg, Vec3, geometry, leg_points};
use crate::robot::leg_ik::{Ranges, solve_leg};
use crate::robot::speed::played_step_deg;
use crate::robot::timing::{FRAME_MS, TICK_MS};
use crate::robot::{JointInfo, Model, deg_to_urad};

/// Which legs step together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gait {
    /// Diagonal pairs together (front left with hind right).
    Trot,
    /// The legs of one side together.
    Pace,
    /// One leg at a time: front left, hind right, front right, hind left.
    Crawl,
}

impl Gait {
    /// Every gait, in the order the window offers them.
    pub const ALL: [Self; 3] = [Self::Trot, Self::Pace, Self::Crawl];

    /// Its name.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::Trot => "trot",
            Self::Pace => "pace",
            Self::Crawl => "crawl",
        }
    }

    /// Where in the cycle each leg's stance starts, in the order of [`Leg::ALL`] (front
    /// left, hind left, front right, hind right).
    fn phases(self) -> [f64; 4] {
        match self {
            Self::Trot => [0.0, 0.5, 0.5, 0.0],
            Self::Pace => [0.0, 0.0, 0.5, 0.5],
            Self::Crawl => [0.0, 0.75, 0.5, 0.25],
        }
    }

    /// The smallest duty factor with which some paws are always down.
    fn least_duty(self) -> f64 {
        match self {
            Self::Trot | Self::Pace => 0.5,
            Self::Crawl => 0.75,
        }
    }
}

/// A walk's parameters.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Walk {
    /// Which legs step together.
    pub gait: Gait,
    /// The paws' path off the floor.
    pub path: PawPath,
    /// How far the body goes forward in a cycle, mm (negative: backward): each paw moves as
    /// far back while on the floor.
    pub stride_mm: f64,
    /// How far the body steps to the left in a cycle, mm (negative: to the right): each
    /// paw moves as far to the right while on the floor.
    pub sideways_mm: f64,
    /// How far the body turns left in a cycle, degrees.
    pub turn_deg: f64,
    /// How high a paw is lifted, mm.
    pub lift_mm: f64,
    /// One cycle, ms (on 16 ms frames).
    pub period_ms: u64,
    /// The share of the cycle each paw is on the floor.
    pub duty: f64,
    /// The shoulders' height over the floor, mm (`None`: the model's stand).
    pub height_mm: Option<f64>,
    /// The body's pitch, degrees, nose up positive.
    pub pitch_deg: f64,
    /// How far forward of where they stand the front paws' paths are centred, mm
    /// (negative: back).
    pub front_mm: f64,
    /// How far forward of where they stand the hind paws' paths are centred, mm.
    pub hind_mm: f64,
    /// How many cycles.
    pub cycles: u32,
}

impl Default for Walk {
    /// A trot forward that our simulation walks without falling (`docs/simulation.md`).
    fn default() -> Self {
        Self {
            gait: Gait::Trot,
            path: PawPath::HalfEllipse,
            stride_mm: 34.0,
            sideways_mm: 0.0,
            turn_deg: 0.0,
            lift_mm: 16.0,
            period_ms: 512,
            duty: 0.6,
            height_mm: None,
            pitch_deg: 0.0,
            front_mm: 0.0,
            hind_mm: 0.0,
            cycles: 5,
        }
    }
}

/// What a walk's legs are solved with: the model's proportions, where the paws are in its
/// stand, how far the walk raises them (the body lowered by as much), the joints' ranges
/// (degrees) and each paw's swing, paced for its leg's servos.
struct Stepping {
    geometry: Geometry,
    home: [Vec3; 4],
    raise: f64,
    ranges: [Ranges; 4],
    swings: [Swing; 4],
}

/// How far under the stand's shoulders a walk's are unless asked: legs nearly straight in
/// the stand have no reach left to stride.
const CROUCH_MM: f64 = 20.0;

/// Each leg's joint ranges (degrees) from `joints` (the twelve of [`LEG_JOINTS`]).
fn leg_ranges(joints: &[&JointInfo]) -> [Ranges; 4] {
    [0, 1, 2, 3].map(|leg| {
        [0, 1, 2].map(|k| {
            joints
                .get(leg * 3 + k)
                .and_then(|j| j.limit)
                .map_or([-180.0, 180.0], |l| [l.min_deg, l.max_deg])
        })
    })
}

/// The leg joints a walk drives, in the order of [`Leg::ALL`], J1 to J3 each.
pub const LEG_JOINTS: [&str; 12] = [
    "FL_LEG_VERT",
    "FL_LEG_LAT",
    "FL_LEG_KNEE",
    "BL_LEG_VERT",
    "BL_LEG_LAT",
    "BL_LEG_KNEE",
    "FR_LEG_VERT",
    "FR_LEG_LAT",
    "FR_LEG_KNEE",
    "BR_LEG_VERT",
    "BR_LEG_LAT",
    "BR_LEG_KNEE",
];

/// `value` checked within `low..=high`.
fn within(what: &'static str, value: f64, low: f64, high: f64) -> Result<f64, OpError> {
    if value.is_finite() && (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(OpError::BadParameter {
            what,
            value: value.to_string(),
            allowed: format!("{low} to {high}"),
        })
    }
}

/// The shoulders' height in a stand with its paws at `home`: their mean depth.
fn stand_height(home: &[Vec3; 4]) -> f64 {
    -home.iter().map(|p| p[2]).sum::<f64>() / 4.0
}

/// Where the paws are in the model's stand, in the body's frame.
fn stand_paws(model: Model, geometry: &Geometry) -> Option<[Vec3; 4]> {
    let stand = crate::robot::postures::posture(model, "stand")?;
    let locators = crate::robot::postures::posture_locators(model);
    let angle = |name: &str| {
        locators
            .iter()
            .position(|l| {
                model
                    .joint_by_locator(l)
                    .is_some_and(|(_, j)| j.name == name)
            })
            .and_then(|i| stand.angles_deg.get(i).copied())
    };
    let mut paws = [[0.0; 3]; 4];
    for (i, leg) in Leg::ALL.iter().enumerate() {
        let [j1, j2, j3] = [0, 1, 2].map(|k| angle(LEG_JOINTS[i * 3 + k]));
        paws[i] = leg_points(geometry, *leg, j1?, j2?, j3?)[2];
    }
    Some(paws)
}

impl Walk {
    /// The parameters checked for `model`: a duty factor too small for the gait raised, the
    /// period put on 16 ms frames. Notes of what changed.
    ///
    /// # Errors
    /// A parameter out of range, or a model whose stand or legs mtn-studio has no table of.
    pub(super) fn fitted(
        &self,
        model: Model,
        joints: &[&JointInfo],
    ) -> Result<(Self, Vec<String>), OpError> {
        within("the stride (mm)", self.stride_mm, -120.0, 120.0)?;
        within("the sideways step (mm)", self.sideways_mm, -60.0, 60.0)?;
        within("the turn (° a cycle)", self.turn_deg, -45.0, 45.0)?;
        within("the lift (mm)", self.lift_mm, 0.0, 60.0)?;
        within("the duty factor", self.duty, 0.25, 0.95)?;
        within("the pitch (°)", self.pitch_deg, -30.0, 30.0)?;
        within("the front paws' shift (mm)", self.front_mm, -60.0, 60.0)?;
        within("the hind paws' shift (mm)", self.hind_mm, -60.0, 60.0)?;
        #[expect(clippy::cast_precision_loss, reason = "checked below 2^53")]
        within("the period (ms)", self.period_ms as f64, 160.0, 4000.0)?;
        within("the number of cycles", f64::from(self.cycles), 1.0, 100.0)?;
        if let Some(height) = self.height_mm {
            within("the height (mm)", height, 60.0, 200.0)?;
        }
        if stand_paws(model, &geometry(model)).is_none() {
            return Err(OpError::NoPosture {
                model: model.name().to_owned(),
                posture: "stand (a walk starts from its paws)".to_owned(),
            });
        }
        let mut fitted = self.clone();
        let mut notes = Vec::new();
        let least = self.gait.least_duty();
        if fitted.duty < least {
            fitted.duty = least;
            notes.push(format!(
                "a {} needs a duty factor of at least {least} so that paws are always down: \
                 {:.2} raised to {least}",
                self.gait.words(),
                self.duty
            ));
        }
        let period = self.period_ms.div_ceil(FRAME_MS) * FRAME_MS;
        if period != self.period_ms {
            notes.push(format!(
                "the period is {period} ms, on the robot's 16 ms frames"
            ));
            fitted.period_ms = period;
        }
        let slowest = fitted.slowest_period_ms(model, joints);
        if slowest > fitted.period_ms {
            notes.push(format!(
                "a cycle of {} ms moves the legs faster than their servos follow: each cycle \
                 takes {slowest} ms",
                fitted.period_ms
            ));
            fitted.period_ms = slowest;
        }
        Ok((fitted, notes))
    }

    /// The shortest period (on 16 ms frames, at least the walk's own) at which no leg joint
    /// moves faster than its servo follows: one cycle solved tick by tick at the walk's
    /// period, its fastest step against each joint's speed, the period stretched by the
    /// worst ratio.
    fn slowest_period_ms(&self, model: Model, joints: &[&JointInfo]) -> u64 {
        let steps = [0, 1, 2, 3].map(|leg| {
            [0, 1, 2].map(|k| {
                joints
                    .get(leg * 3 + k)
                    .and_then(|j| played_step_deg(model, j))
                    .map(|deg| deg * SPEED_SHARE)
            })
        });
        let Some(legs) = self.stepping(model, leg_ranges(joints), steps) else {
            return self.period_ms;
        };
        let mut guesses = [[0.0, 5.0, 30.0]; 4];
        let ticks = self.period_ms / TICK_MS;
        let mut cycle = Vec::new();
        // Twice round, the first to settle the guesses.
        for tick in 0..2 * ticks {
            #[expect(clippy::cast_precision_loss, reason = "ticks far below 2^53")]
            let phase = (tick % ticks) as f64 / ticks as f64;
            let (solved, _) = self.solve(&legs, phase, &mut guesses);
            if tick >= ticks {
                cycle.push(solved);
            }
        }
        let mut worst = 0.0f64;
        for (i, per_tick) in steps.as_flattened().iter().enumerate() {
            let Some(per_tick) = per_tick else { continue };
            let (leg, k) = (i / 3, i % 3);
            for (a, b) in cycle.iter().zip(cycle.iter().cycle().skip(1)) {
                worst = worst.max((b[leg][k] - a[leg][k]).abs() / per_tick);
            }
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "a period of at most a few seconds, stretched by a ratio"
        )]
        let needed = (self.period_ms as f64 * worst / FRAME_MS as f64).ceil() as u64 * FRAME_MS;
        needed.max(self.period_ms)
    }

    /// The shoulders' height: asked, else a little under the stand's, so that the legs
    /// have reach to stride.
    fn height(&self, home: &[Vec3; 4]) -> f64 {
        self.height_mm.unwrap_or(stand_height(home) - CROUCH_MM)
    }

    /// Every leg's joints at `phase` of the cycle (degrees, solved from `guesses`, which
    /// become the solution), and the farthest a paw is from its path.
    fn solve(
        &self,
        legs: &Stepping,
        phase: f64,
        guesses: &mut [[f64; 3]; 4],
    ) -> ([[f64; 3]; 4], f64) {
        let mut miss = 0.0f64;
        for (index, leg) in Leg::ALL.iter().enumerate() {
            let (f, up) = self.on_path(&legs.swings[index], index, phase);
            let target = self.pitched(self.placed(f, up, legs.home[index], legs.raise));
            let (q, off) = solve_leg(
                &legs.geometry,
                *leg,
                target,
                guesses[index],
                &legs.ranges[index],
            );
            guesses[index] = q;
            miss = miss.max(off);
        }
        (*guesses, miss)
    }

    /// What its legs are solved with on `model`, within `ranges`, each swing paced for its
    /// leg's servos (`steps`: how far each joint moves in an 8 ms tick at most, degrees, if
    /// known). None for a model whose stand mtn-studio has no table of.
    fn stepping(
        &self,
        model: Model,
        ranges: [Ranges; 4],
        steps: [[Option<f64>; 3]; 4],
    ) -> Option<Stepping> {
        let geometry = geometry(model);
        let home = self.shifted(stand_paws(model, &geometry)?);
        let raise = stand_height(&home) - self.height(&home);
        let swings = [0, 1, 2, 3].map(|index| {
            let leg = Leg::ALL[index];
            let solve = |(f, up): (f64, f64), guess: [f64; 3]| {
                let target = self.pitched(self.placed(f, up, home[index], raise));
                solve_leg(&geometry, leg, target, guess, &ranges[index]).0
            };
            // The joints at the path's start, from a bent leg, then each piece's time: as
            // long as its slowest joint needs.
            let mut last = (0..3).fold([0.0, 5.0, 30.0], |guess, _| solve((-0.5, 0.0), guess));
            Swing::paced(self.path, |_, to| {
                let q = solve(to, last);
                let time = (0..3)
                    .filter_map(|k| steps[index][k].map(|step| (q[k] - last[k]).abs() / step))
                    .fold(0.0, f64::max);
                last = q;
                time
            })
        });
        Some(Stepping {
            geometry,
            home,
            raise,
            ranges,
            swings,
        })
    }

    /// The paws at `stand` moved forward by the walk's shifts, front and hind; their depth
    /// is kept.
    fn shifted(&self, stand: [Vec3; 4]) -> [Vec3; 4] {
        let mut home = stand;
        for (index, leg) in Leg::ALL.iter().enumerate() {
            home[index][0] += if leg.is_front() {
                self.front_mm
            } else {
                self.hind_mm
            };
        }
        home
    }

    /// Its length: its cycles.
    pub(super) fn length_ms(&self) -> u64 {
        u64::from(self.cycles) * self.period_ms
    }

    /// Where the paw of leg `index` is on its path at `phase` (0..1) of the cycle: how far
    /// forward (+1/2, the front, to -1/2, the back) and how high (0 to 1, the lift).
    fn on_path(&self, swing: &Swing, index: usize, phase: f64) -> (f64, f64) {
        let s = (phase - self.gait.phases()[index]).rem_euclid(1.0);
        if s < self.duty {
            (0.5 - s / self.duty, 0.0)
        } else {
            swing.at((s - self.duty) / (1.0 - self.duty))
        }
    }

    /// The point `f` forward and `up` high on the path of a paw that stands at `home`,
    /// raised by `raise` (the body lowered by as much), in the level body frame.
    fn placed(&self, f: f64, up: f64, home: Vec3, raise: f64) -> Vec3 {
        let turn = (f * self.turn_deg).to_radians();
        let (sin, cos) = turn.sin_cos();
        let (x, y) = (home[0] + f * self.stride_mm, home[1] + f * self.sideways_mm);
        [
            x * cos - y * sin,
            x * sin + y * cos,
            home[2] + raise + up * self.lift_mm,
        ]
    }

    /// `level` (a point in the level body frame) in the frame of a body pitched nose up by
    /// the walk's pitch.
    fn pitched(&self, level: Vec3) -> Vec3 {
        let (sin, cos) = self.pitch_deg.to_radians().sin_cos();
        [
            level[0] * cos + level[2] * sin,
            level[1],
            -level[0] * sin + level[2] * cos,
        ]
    }

    /// The leg joints' values at every tick: the legs' inverse kinematics at each tick,
    /// blended from the course's pose at the range's start over the first half cycle and
    /// into its pose at the range's end over the last.
    pub(super) fn values(&self, range: &Course) -> (Vec<Vec<f64>>, Vec<String>) {
        let to_deg = |urad: f64| (urad / 1e6).to_degrees();
        let ranges: [Ranges; 4] = [0, 1, 2, 3].map(|leg| {
            [0, 1, 2].map(|k| {
                let joint = &range.joints[leg * 3 + k];
                [to_deg(joint.low), to_deg(joint.high)]
            })
        });
        let steps =
            [0, 1, 2, 3].map(|leg| [0, 1, 2].map(|k| range.joints[leg * 3 + k].step.map(to_deg)));
        let Some(legs) = self.stepping(range.model, ranges, steps) else {
            return (Vec::new(), Vec::new());
        };
        let height = stand_height(&legs.home) - legs.raise;
        let mut guesses: [[f64; 3]; 4] =
            [0, 1, 2, 3].map(|leg| [0, 1, 2].map(|k| to_deg(range.joints[leg * 3 + k].course[0])));
        let mut values: Vec<Vec<f64>> = (0..12)
            .map(|_| Vec::with_capacity(range.joints[0].course.len()))
            .collect();
        let (mut worst_miss, mut missed_at) = (0.0f64, 0);
        #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
        let (period, length, blend) = (
            self.period_ms as f64,
            range.length_ms() as f64,
            self.period_ms as f64 / 2.0,
        );
        for tick in 0..=range.ticks {
            #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
            let t = (tick * TICK_MS) as f64;
            let share = smoothstep(t / blend) * smoothstep((length - t) / blend);
            let (solved, miss) = self.solve(&legs, t / period, &mut guesses);
            if miss > worst_miss && share > 0.0 {
                (worst_miss, missed_at) = (miss, tick * TICK_MS);
            }
            for (i, values) in values.iter_mut().enumerate() {
                // Grown out of the pose at the range's start and back into the one at its
                // end, held: a course that moves (a walk there already) is replaced, not
                // mixed in.
                let course = &range.joints[i].course;
                let held = if 2.0 * t < length {
                    course.first()
                } else {
                    course.last()
                };
                let held = held.copied().unwrap_or_default();
                let solved = f64::from(deg_to_urad(solved[i / 3][i % 3]));
                values.push(held + share * (solved - held));
            }
        }
        let mut notes = vec![format!(
            "a {} of {} cycles of {} ms: {:.0} mm strides, {:.0} mm lift, duty factor {:.2}, \
             shoulders {height:.0} mm up",
            self.gait.words(),
            self.cycles,
            self.period_ms,
            self.stride_mm,
            self.lift_mm,
            self.duty
        )];
        if worst_miss > 1.0 {
            notes.push(format!(
                "a paw's path goes beyond what its leg reaches within its limits: up to \
                 {worst_miss:.0} mm short (at {} ms); a shorter stride, a lower lift or \
                 another height keeps it within reach",
                range.start_ms + missed_at
            ));
        }
        (values, notes)
    }
}
