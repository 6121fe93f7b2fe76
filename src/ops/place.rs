//! Place: the pose at one time of a motion made by where its paws and body are to be, in the
//! floor frame the floor model rests it in then (`robot::place`), with balance kept or not.
//! The command line's `place` and the stage's handles both come here: [`Site::at`] finds
//! (or makes) the keyframe and its frame, [`Site::solve`] poses it, [`Site::edit`] is the
//! one undoable change that writes it (the keyframe inserted where there was none, the
//! joints that moved, the body's pitch and roll as the floor rests the new pose).

use super::common::OpError;
use crate::codec::mtn::{Motion, Offsets};
use crate::edit::Edit;
use crate::edit::timeline_ops::insert_at;
use crate::robot::floor::{self, Rest, Rig, floor_problems, placed, settle, up_from_body};
use crate::robot::kinematics::{Leg, Vec3};
use crate::robot::place::balance::{place_balanced, support_margin};
use crate::robot::place::{BodyChange, Frame, Placed, Request, paws, place};
use crate::robot::speed_bound::{SpeedBound, speed_bounds};
use crate::robot::timing::{FRAME_MS, TICK_MS, keyframe_times_ms};
use crate::robot::{deg_to_urad, floor::body::leg_name};

/// Where a paw is to go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PawGoal {
    /// To this point of the floor frame (mm).
    At(Vec3),
    /// Straight up from where it is by this many mm (down when negative).
    Lift(f64),
}

/// Where the body is to be, in the floor frame: only what is named changes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BodyGoal {
    /// The body origin's height above the floor (mm).
    pub height_mm: Option<f64>,
    /// Forward of where it is (mm).
    pub x_mm: Option<f64>,
    /// To the left of where it is (mm).
    pub y_mm: Option<f64>,
    /// Roll, left side up (degrees).
    pub roll_deg: Option<f64>,
    /// Pitch, nose up (degrees).
    pub pitch_deg: Option<f64>,
    /// Yaw, to the left (degrees).
    pub yaw_deg: Option<f64>,
}

/// What to place.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Goals {
    /// Each leg's paw ([`Leg::ALL`]'s order; None: it stays where it is).
    pub paws: [Option<PawGoal>; 4],
    /// The body.
    pub body: BodyGoal,
    /// The margin in mm the centre of mass is kept inside the planted paws (None: balance
    /// off).
    pub balance_mm: Option<f64>,
    /// With the balance, shift the weight first: keyframes halfway into and out of the pose's
    /// segments that hold the body over the other paws with every paw down (see
    /// [`Site::weight_first`]).
    pub weight_first: bool,
}

/// The pose made.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The legs' solution.
    pub placed: Placed,
    /// How the body moved (with the balance's shift).
    pub body: BodyChange,
    /// How far inside the planted paws the centre of mass is (mm; negative outside).
    pub margin_mm: f64,
    /// Whether the balance asked was kept (true with balance off).
    pub balanced: bool,
    /// Where each paw was asked to be, in the end (a lift beyond reach moved along the floor).
    pub request: Request,
    /// Where the body was asked to go further than the planted legs reach and stopped
    /// there: what stops it, in words ("the FL paw would leave its place: FL_LEG_KNEE is at
    /// its limit").
    pub held_back: Option<String>,
}

/// The keyframe being posed: where it is, what it holds, its floor frame.
#[derive(Clone, Debug)]
pub struct Site {
    /// The rig.
    pub rig: Rig,
    /// The keyframe's index (once inserted, where there was none).
    pub keyframe: usize,
    /// The edit that inserts it, where there was none.
    pub insert: Option<Edit>,
    /// Its time (ms, on a 16 ms frame).
    pub time_ms: u64,
    /// Its joint values.
    pub values: Vec<i32>,
    /// Its body angles (roll, pitch, yaw; µrad).
    pub body_urad: [i32; 3],
    /// The floor frame it rests in.
    pub frame: Frame,
    /// The floor's up in the body frame (where a settle of the new pose starts from).
    up: Vec3,
    /// The frames of the segments into and out of the keyframe (None: it is the first, or
    /// the last).
    pub segments: (Option<u32>, Option<u32>),
    /// The joint values of the keyframes before and after it (where there are).
    pub neighbours: (Option<Vec<i32>>, Option<Vec<i32>>),
    /// Whether the keyframe after it is the motion's last (its segment plays as the last).
    pub next_is_last: bool,
    /// How fast the model's servos follow (what the weight shift keeps within).
    pub(crate) bounds: Vec<SpeedBound>,
    /// What else than its paws the pose rests on (its haunches, an elbow): the balance keeps
    /// a pose over its paws, so it is off for such a pose.
    pub resting_on: Vec<String>,
}

/// How far a paw asked for may end from its place and be there (mm).
const REACHED_MM: f64 = 0.1;
/// How far a planted paw may move and stay planted (mm).
const PLANTED_MM: f64 = 0.5;

/// The name of a leg's joint (0 the swing, 1 the abduction, 2 the knee or elbow), as the
/// ERS-7 names it: `FL_LEG_KNEE`.
#[must_use]
pub fn joint_at(leg: Leg, joint: usize) -> String {
    let part = ["LEG_VERT", "LEG_LAT", "LEG_KNEE"][joint.min(2)];
    format!("{}_{part}", leg_name(leg))
}

/// Places along the floor near a point, nearest first (mm): where a paw lifted beyond reach
/// is tried instead.
fn nearby() -> impl Iterator<Item = [f64; 2]> {
    let mut offsets: Vec<[f64; 2]> = (-12..=12_i32)
        .flat_map(|x| (-6..=6_i32).map(move |y| [f64::from(x) * 5.0, f64::from(y) * 5.0]))
        .filter(|p| p[0] != 0.0 || p[1] != 0.0)
        .collect();
    offsets.sort_by(|a, b| a[0].hypot(a[1]).total_cmp(&b[0].hypot(b[1])));
    offsets.into_iter()
}

/// What else than its paws the pose `values` rests on, let go from `up`.
fn resting_on(rig: &Rig, values: &[i32], up: Vec3) -> Vec<String> {
    let body = rig.pose(values);
    settle(&body, up, None)
        .contacts
        .iter()
        .filter_map(|&c| body.touches.get(c))
        .filter(|t| !t.part.is_paw())
        .map(|t| t.part.name())
        .collect()
}

/// Why a placement cannot be made as asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlaceError {
    /// The motion is not one the floor knows.
    #[error(transparent)]
    Op(#[from] OpError),
    /// What could not be reached, and by how much.
    #[error("{}", .0.join("; "))]
    Unreached(Vec<String>),
}

impl Site {
    /// The keyframe at `time_ms` (on its 16 ms frame, rounded down), or the one to be
    /// inserted there, and its floor frame. `ticks`: the floor's rests of the motion
    /// ([`floor::rest_ticks`]; empty for one too long to solve, then the keyframe is rested
    /// from its own body angles).
    ///
    /// # Errors
    /// A motion without keyframes or of no known model.
    pub fn at(motion: &Motion, time_ms: u64, ticks: &[Rest]) -> Result<Self, OpError> {
        let rig = floor::rig(motion).ok_or_else(|| OpError::UnknownModel(motion.design.clone()))?;
        let rig_model = rig.model;
        if motion.keyframes.is_empty() {
            return Err(OpError::Empty);
        }
        let frame_index = time_ms / FRAME_MS;
        let time_ms = frame_index * FRAME_MS;
        let times = keyframe_times_ms(&motion.keyframes);
        let read = |motion: &Motion, k: usize| {
            let frames = |i: usize| motion.keyframes.get(i).map(|kf| kf.frames);
            let values = |i: Option<usize>| {
                i.and_then(|i| motion.keyframes.get(i))
                    .map(|kf| kf.angles_urad.to_vec())
            };
            motion.keyframes.get(k).map(|kf| {
                let into = if k == 0 { None } else { Some(kf.frames) };
                let neighbours = (values(k.checked_sub(1)), values(Some(k + 1)));
                let next_is_last = k + 2 == motion.keyframes.len();
                (
                    (kf.angles_urad.to_vec(), kf.body_urad, (into, frames(k + 1))),
                    (neighbours, next_is_last),
                )
            })
        };
        let (keyframe, insert, read) = match times.iter().position(|&t| t == time_ms) {
            Some(k) => (k, None, read(motion, k)),
            None => {
                let (edit, k) = insert_at(&motion.keyframes, frame_index).ok_or(OpError::Empty)?;
                let mut copy = motion.clone();
                edit.clone().apply(&mut copy);
                (k, Some(edit), read(&copy, k))
            }
        };
        let ((values, body_urad, segments), (neighbours, next_is_last)) =
            read.ok_or(OpError::Empty)?;
        let tick = usize::try_from(time_ms / TICK_MS).unwrap_or(usize::MAX);
        let frame_of = |up: Vec3, height: f64| Frame::of(&placed(up, height));
        let (frame, up) = match ticks.get(tick) {
            Some(rest) => {
                let up = rest.up.map(f64::from);
                (frame_of(up, f64::from(rest.height_mm)), up)
            }
            None => {
                let settled = settle(&rig.pose(&values), up_from_body(body_urad), None);
                (Frame::of(&settled), settled.up)
            }
        };
        let resting_on = resting_on(&rig, &values, up);
        Ok(Self {
            rig,
            keyframe,
            insert,
            time_ms,
            values,
            body_urad,
            frame,
            up,
            segments,
            neighbours,
            next_is_last,
            bounds: speed_bounds(motion, rig_model),
            resting_on,
        })
    }

    /// The site resting in `frame`, the floor's up in the body frame `up` (the frame the
    /// stage drew the pose in, where the floor's solution is older than the motion).
    #[must_use]
    pub fn with_frame(mut self, frame: Frame, up: Vec3) -> Self {
        self.frame = frame;
        self.up = up;
        self.resting_on = resting_on(&self.rig, &self.values, up);
        self
    }

    /// The edit that inserts the keyframe, taken (a drag inserts it with its first frame).
    pub fn take_insert(&mut self) -> Option<Edit> {
        self.insert.take()
    }

    /// Each paw's ball centre now, in the frame (mm).
    #[must_use]
    pub fn paws(&self) -> [Vec3; 4] {
        paws(&self.rig, &self.values, &self.frame)
    }

    /// The paw balls' radius (mm).
    #[must_use]
    pub fn ball_mm(&self) -> f64 {
        self.rig.paw_radius_mm()
    }

    /// The body change that takes the body where `goal` names (the rest kept).
    #[must_use]
    pub fn body_change(&self, goal: &BodyGoal) -> BodyChange {
        let now = self.frame.angles();
        let target = [goal.roll_deg, goal.pitch_deg, goal.yaw_deg]
            .iter()
            .zip(now)
            .map(|(g, n)| g.unwrap_or(n))
            .collect::<Vec<_>>();
        let mut change = BodyChange {
            forward_mm: goal.x_mm.unwrap_or(0.0),
            left_mm: goal.y_mm.unwrap_or(0.0),
            up_mm: goal.height_mm.map_or(0.0, |h| h - self.frame.height_mm()),
            roll_deg: target[0] - now[0],
            pitch_deg: target[1] - now[1],
            yaw_deg: target[2] - now[2],
        };
        // The turns do not add exactly: correct by what is still missing.
        for _ in 0..4 {
            let got = self.frame.moved(&change).angles();
            change.roll_deg += target[0] - got[0];
            change.pitch_deg += target[1] - got[1];
            change.yaw_deg += target[2] - got[2];
        }
        change
    }

    /// The pose `goals` ask for. A paw lifted straight up beyond its leg's reach is lifted
    /// to that height at the nearest place along the floor the leg reaches (within 60 mm).
    #[must_use]
    pub fn solve(&self, goals: &Goals) -> Solved {
        let now = self.paws();
        let mut request = Request {
            body: self.body_change(&goals.body),
            ..Request::default()
        };
        for (i, goal) in goals.paws.iter().enumerate() {
            request.paws[i] = goal.map(|g| match g {
                PawGoal::At(at) => at,
                PawGoal::Lift(mm) => [now[i][0], now[i][1], now[i][2] + mm],
            });
        }
        let mut solved = self.solve_request(&request, goals.balance_mm);
        for (i, goal) in goals.paws.iter().enumerate() {
            let missed = solved.placed.legs[i].is_some_and(|l| l.miss_mm > REACHED_MM);
            if !(missed && matches!(goal, Some(PawGoal::Lift(_)))) {
                continue;
            }
            let Some(straight) = request.paws[i] else {
                continue;
            };
            let found = nearby().find_map(|[dx, dy]| {
                let mut tried = request;
                tried.paws[i] = Some([straight[0] + dx, straight[1] + dy, straight[2]]);
                let s = self.solve_request(&tried, goals.balance_mm);
                s.placed.legs[i]
                    .is_some_and(|l| l.miss_mm <= REACHED_MM)
                    .then_some((tried, s))
            });
            if let Some((tried, s)) = found {
                request = tried;
                solved = s;
            }
        }
        solved
    }

    /// The pose `request` asks for, its paws taken only as far toward their goals as the
    /// legs reach: each goes along the straight line from where it is, so a paw dragged
    /// along the floor beyond its reach stops on the floor. (The nearest point of its reach
    /// lies above the floor; a paw stopped there leaves the robot on three paws, tipped onto
    /// the diagonal.) The request used, and what it made.
    #[must_use]
    pub fn solve_reaching(&self, request: &Request, balance_mm: Option<f64>) -> (Request, Solved) {
        let solved = self.solve_request(request, balance_mm);
        let reached = |s: &Solved| {
            (0..4).all(|i| {
                request.paws[i].is_none()
                    || s.placed.legs[i].is_none_or(|l| l.miss_mm <= REACHED_MM)
            })
        };
        if reached(&solved) {
            return (*request, solved);
        }
        let now = self.paws();
        let toward = |t: f64| {
            let mut tried = *request;
            for (i, paw) in tried.paws.iter_mut().enumerate() {
                if let Some(goal) = paw {
                    *goal = [0, 1, 2].map(|k| now[i][k] + t * (goal[k] - now[i][k]));
                }
            }
            tried
        };
        // Halving the stretch eleven times finds the reach within 0.05% of the way.
        let mut best: Option<(Request, Solved)> = None;
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..11 {
            let t = f64::midpoint(lo, hi);
            let tried = toward(t);
            let s = self.solve_request(&tried, balance_mm);
            if reached(&s) {
                lo = t;
                best = Some((tried, s));
            } else {
                hi = t;
            }
        }
        best.unwrap_or((*request, solved))
    }

    /// The pose a request asks for, with the balance kept `balance_mm` inside the planted
    /// paws where given. A body moved beyond where the planted legs reach stops at their
    /// reach (`Solved::held_back`).
    #[must_use]
    pub fn solve_request(&self, request: &Request, balance_mm: Option<f64>) -> Solved {
        // A pose resting on more than its paws (a sit on its haunches) is not balanced over
        // its paws alone: it would be thrown forward onto them.
        let balance_mm = balance_mm.filter(|_| self.resting_on.is_empty());
        let (request, held_back) = self.within_reach(request);
        let request = &request;
        let mut solved = match balance_mm {
            Some(margin) => {
                let b = place_balanced(
                    &self.rig,
                    &self.values,
                    &self.frame,
                    request,
                    (margin, self.ball_mm()),
                );
                Solved {
                    placed: b.placed,
                    body: b.body,
                    margin_mm: b.margin_mm,
                    balanced: b.reached,
                    request: *request,
                    held_back: None,
                }
            }
            None => {
                let placed = place(&self.rig, &self.values, &self.frame, request);
                let margin_mm = support_margin(
                    &self.rig,
                    &self.values,
                    &self.frame,
                    request,
                    (&placed, self.ball_mm()),
                );
                Solved {
                    placed,
                    body: request.body,
                    margin_mm,
                    balanced: true,
                    request: *request,
                    held_back: None,
                }
            }
        };
        solved.held_back = held_back;
        solved
    }

    /// The request with its body change cut back to what the planted legs reach (and,
    /// where it was, what stops it: the first planted paw that would leave its place just
    /// beyond, and its joint at its limit).
    fn within_reach(&self, request: &Request) -> (Request, Option<String>) {
        // The first planted leg that cannot hold its paw, and why.
        let slipping = |r: &Request| {
            place(&self.rig, &self.values, &self.frame, r)
                .legs
                .iter()
                .zip(&r.paws)
                .zip(&r.free)
                .zip(Leg::ALL)
                .find_map(|(((leg, asked), free), which)| {
                    let leg = (*leg)?;
                    (asked.is_none() && !*free && leg.miss_mm > PLANTED_MM).then(|| {
                        let why = leg.limit.map_or_else(
                            || "beyond its leg's reach (lower the body to give it room)".to_owned(),
                            |joint| format!("{} is at its limit", joint_at(which, joint)),
                        );
                        format!("the {} paw would leave its place: {why}", leg_name(which))
                    })
                })
        };
        let planted_hold = |r: &Request| slipping(r).is_none();
        let scaled = |t: f64| {
            let b = request.body;
            Request {
                body: BodyChange {
                    forward_mm: b.forward_mm * t,
                    left_mm: b.left_mm * t,
                    up_mm: b.up_mm * t,
                    roll_deg: b.roll_deg * t,
                    pitch_deg: b.pitch_deg * t,
                    yaw_deg: b.yaw_deg * t,
                },
                ..*request
            }
        };
        if request.body == BodyChange::default() || planted_hold(request) {
            return (*request, None);
        }
        if !planted_hold(&scaled(0.0)) {
            // Not even where it is: nothing to cut back to.
            return (*request, None);
        }
        let (mut low, mut high) = (0.0, 1.0);
        for _ in 0..12 {
            let mid = f64::midpoint(low, high);
            if planted_hold(&scaled(mid)) {
                low = mid;
            } else {
                high = mid;
            }
        }
        (scaled(low), slipping(&scaled(high)))
    }

    /// What of `goals` the solution did not reach, in words (empty: all of it).
    #[must_use]
    pub fn misses(&self, goals: &Goals, solved: &Solved) -> Vec<String> {
        let mut out = Vec::new();
        for ((leg, goal), result) in Leg::ALL.iter().zip(&goals.paws).zip(&solved.placed.legs) {
            let Some(result) = result else { continue };
            let name = leg_name(*leg);
            let why = match result.limit {
                Some(joint) => format!(" ({} is at its limit)", joint_at(*leg, joint)),
                None => " (out of the leg's reach)".to_owned(),
            };
            if goal.is_some() && result.miss_mm > REACHED_MM {
                out.push(format!(
                    "the {name} paw stops {:.1} mm short of where it was asked to go{why}",
                    result.miss_mm
                ));
            } else if goal.is_none() && result.miss_mm > PLANTED_MM {
                out.push(format!(
                    "the {name} paw cannot stay where it is: it would move {:.1} mm{why}",
                    result.miss_mm
                ));
            }
        }
        if let Some(margin) = goals.balance_mm
            && !solved.balanced
        {
            out.push(format!(
                "balance: the centre of mass stays {:.1} mm inside the planted paws at best, \
                 {margin:.0} mm was asked (no shift of the body within the joints' reach gives \
                 more)",
                solved.margin_mm
            ));
        }
        out
    }

    /// The pose `values` resting as the floor lets it go from where the keyframe was.
    #[must_use]
    pub fn rest_of(&self, values: &[i32]) -> Rest {
        let body = self.rig.pose(values);
        Rest::of(&settle(&body, self.up, None), &body)
    }

    /// The joints whose values `values` changes.
    #[must_use]
    pub fn changed(&self, values: &[i32]) -> Vec<usize> {
        self.values
            .iter()
            .zip(values)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(j, _)| j)
            .collect()
    }

    /// The one edit that writes `values` into the keyframe (inserting it first where there
    /// was none), with its body pitch and roll as the floor rests the new pose (yaw kept).
    /// Every joint is set (those that stay as they are leave nothing to undo), so an edit
    /// of a drag's frame also puts back a joint an earlier frame moved.
    #[must_use]
    pub fn edit(&self, values: &[i32]) -> Edit {
        let k = self.keyframe;
        let mut edits: Vec<Edit> = self.insert.iter().cloned().collect();
        let cells = values.iter().enumerate().map(|(j, &v)| (k, j, v)).collect();
        edits.push(Edit::SetAngles(cells));
        let body = self.rig.pose(values);
        let settled = settle(&body, self.up, None);
        let rest = Rest::of(&settled, &body);
        edits.push(Edit::SetBody(vec![
            (k, 0, deg_to_urad(rest.roll_deg())),
            (k, 1, deg_to_urad(rest.pitch_deg())),
            (k, 2, self.body_urad[2]),
        ]));
        Edit::Group(edits)
    }
}

/// `goals` placed at `time_ms` of `motion`: the motion changed, and what was done, in words.
///
/// # Errors
/// A motion the floor does not know, or goals that cannot be reached (nothing is changed
/// then).
pub fn place_at(
    motion: &Motion,
    time_ms: u64,
    goals: &Goals,
) -> Result<(Motion, Vec<String>), PlaceError> {
    let rig = floor::rig(motion).ok_or_else(|| OpError::UnknownModel(motion.design.clone()))?;
    let ticks = floor::rest_ticks(&rig, motion);
    let site = Site::at(motion, time_ms, &ticks)?;
    let solved = site.solve(goals);
    let misses = site.misses(goals, &solved);
    if !misses.is_empty() {
        return Err(PlaceError::Unreached(misses));
    }
    let mut out = motion.clone();
    site.edit(&solved.placed.values).apply(&mut out);
    let mut notes = Vec::new();
    // Where the pose is once the weight shift is in (a keyframe before it, a longer way in).
    let (mut keyframe, mut time_ms) = (site.keyframe, site.time_ms);
    if goals.weight_first
        && goals.balance_mm.is_some()
        && let Some(first) = site.weight_first(&solved.request, &solved, &solved.placed.values)
    {
        notes.push(first.said());
        keyframe += usize::from(first.added_before);
        time_ms += first.lengthened_ms.0;
        first.edit.apply(&mut out);
    }
    // What the floor says now that it did not say before (the way into or out of the pose
    // may tip where the pose itself stands).
    let before = floor_problems(&rig, motion, &ticks, &Offsets::default());
    let after_ticks = floor::rest_ticks(&rig, &out);
    for problem in floor_problems(&rig, &out, &after_ticks, &Offsets::default()) {
        if !before.iter().any(|b| b.message == problem.message) {
            notes.push(format!("the floor now says: {}", problem.message));
        }
    }
    if site.insert.is_some() {
        notes.push(format!("inserted keyframe {keyframe} at {time_ms} ms"));
    }
    let names = site
        .changed(&solved.placed.values)
        .into_iter()
        .filter_map(|j| motion.locators.get(j))
        .map(|l| crate::robot::joint_name(&motion.design, l))
        .collect::<Vec<_>>();
    notes.push(format!(
        "keyframe {keyframe} at {time_ms} ms: {} changed{}",
        crate::words::plural(names.len(), "joint", "joints"),
        if names.is_empty() {
            String::new()
        } else {
            format!(" ({})", names.join(", "))
        }
    ));
    let b = &solved.body;
    let moves: Vec<String> = [
        (b.forward_mm, "forward", "back"),
        (b.left_mm, "left", "right"),
        (b.up_mm, "up", "down"),
    ]
    .iter()
    .filter(|(mm, _, _)| mm.abs() >= 0.05)
    .map(|&(mm, plus, minus)| format!("{:.1} mm {}", mm.abs(), if mm > 0.0 { plus } else { minus }))
    .collect();
    if !moves.is_empty() {
        notes.push(format!("the body moved {}", moves.join(", ")));
    }
    let now = site.paws();
    for (i, goal) in goals.paws.iter().enumerate() {
        let (Some(PawGoal::Lift(_)), Some(at)) = (goal, solved.request.paws[i]) else {
            continue;
        };
        let along = (at[0] - now[i][0]).hypot(at[1] - now[i][1]);
        if along > 0.05 {
            notes.push(format!(
                "the {} paw is beyond reach straight up: it was lifted {:.0} mm to the {}",
                leg_name(Leg::ALL[i]),
                along,
                if (at[0] - now[i][0]).abs() >= (at[1] - now[i][1]).abs() {
                    if at[0] > now[i][0] { "front" } else { "back" }
                } else if at[1] > now[i][1] {
                    "left"
                } else {
                    "right"
                }
            ));
        }
    }
    notes.push(format!(
        "the centre of mass is {:.1} mm inside the paws on the floor",
        solved.margin_mm
    ));
    Ok((out, notes))
}

pub mod weight;

#[cfg(test)]
mod tests;
