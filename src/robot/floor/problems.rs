//! What the floor says of a motion, as problems like the others (`robot::check`): the robot
//! falls (`falls`), stands at the edge of tipping (`unstable`), a paw carrying weight slides
//! along the floor (`paw-slide`), or the body rests on a paw its pose lifts (`paw-lifted`).

use super::Rig;
use super::body::Part;
use super::rest::Rest;
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, ProblemCode, Severity};
use crate::robot::kinematics::Leg;
use crate::robot::timing::{TICK_MS, keyframe_times_ms};

/// A turn between two ticks beyond this (degrees) onto other parts is a fall...
pub const FALL_TURN_DEG: f64 = 10.0;
/// ...but onto the belly or the rump, a drop this small (degrees) is the body sitting down
/// onto them (a note), as is one the pose ahead lies on.
pub const SIT_DROP_DEG: f64 = 20.0;
/// Resting on an elbow, a knee, the head or the chest (`Part::is_fallen_on`), rolled further
/// than this (degrees), is a fall however slowly it came...
pub const TOPPLE_ROLL_DEG: f64 = 20.0;
/// ...once it has lasted this long (ms).
pub const TOPPLE_MS: u64 = 100;
/// Standing on paws with the weight nearer the edge than this (mm) is a note...
pub const UNSTABLE_MARGIN_MM: f32 = 10.0;
/// ...when it lasts longer than this (ms).
pub const UNSTABLE_MS: u64 = 100;
/// A paw carrying weight that moves along the floor by more than this between two ticks
/// (mm) slides.
pub const SLIDE_MM: f64 = 5.0;
/// Beyond this many problems of one kind, the rest are summed up in the last one.
const MAX_LISTED: usize = 16;

fn turn_deg(a: [f32; 3], b: [f32; 3]) -> f64 {
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    f64::from(dot.clamp(-1.0, 1.0)).acos().to_degrees()
}

/// Where a tick is in the file: the frame count of the segment it plays.
struct Clock {
    times: Vec<u64>,
}

impl Clock {
    fn segment(&self, tick: usize) -> usize {
        let ms = tick as u64 * TICK_MS;
        self.times.partition_point(|&t| t <= ms).max(1)
    }
}

fn names(parts: &[Part], bits: u32) -> String {
    parts
        .iter()
        .enumerate()
        .filter(|&(i, _)| i < 32 && bits & (1 << i) != 0)
        .map(|(_, p)| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Onto which side the floor's up moved from `a` to `b` says the body went down.
fn side(a: [f32; 3], b: [f32; 3]) -> &'static str {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    if dy.abs() >= dx.abs() {
        if dy < 0.0 {
            "its left side"
        } else {
            "its right side"
        }
    } else if dx < 0.0 {
        "its front"
    } else {
        "its rear"
    }
}

/// Keeps at most [`MAX_LISTED`] problems, the last saying how many more there were.
fn capped(mut problems: Vec<Problem>, what: &str) -> Vec<Problem> {
    if problems.len() > MAX_LISTED {
        let more = problems.len() - MAX_LISTED;
        problems.truncate(MAX_LISTED);
        if let Some(last) = problems.last_mut() {
            last.message.push_str(&format!("; and {more} more {what}"));
        }
    }
    problems
}

/// The floor's problems of a motion whose ticks rest as `ticks` ([`super::rest_ticks`]).
#[must_use]
pub fn floor_problems(
    rig: &Rig,
    motion: &Motion,
    ticks: &[Rest],
    offsets: &Offsets,
) -> Vec<Problem> {
    floor_report(rig, motion, ticks, offsets).0
}

/// [`floor_problems`], and every stretch of time (ms, from and to) where one happens, for
/// the timeline (all of them, however many problems are listed).
#[must_use]
pub fn floor_report(
    rig: &Rig,
    motion: &Motion,
    ticks: &[Rest],
    offsets: &Offsets,
) -> (Vec<Problem>, Vec<[u64; 2]>) {
    let parts = rig.parts();
    let clock = Clock {
        times: keyframe_times_ms(&motion.keyframes),
    };
    let at = |code, tick: usize, message: String| {
        let k = clock
            .segment(tick)
            .min(motion.keyframes.len().saturating_sub(1));
        Problem::new(Severity::Warning, code, offsets.frames(k), message)
            .at_time(tick as u64 * TICK_MS)
    };
    let mut problems = Vec::new();
    let mut spans = Vec::new();
    // Where a pose lies in its own frame: a drop onto the belly or the rump that the
    // keyframe ahead lies on too (on its belly, or its rump, as the drop) is the motion
    // lying down, not a fall.
    let own = super::stance::own_keyframes(rig, motion, ticks);
    let kind = |bits: u32, belly: bool| {
        parts
            .iter()
            .enumerate()
            .filter(|&(i, p)| {
                i < 32
                    && bits & (1 << i) != 0
                    && if belly {
                        matches!(p, Part::Belly(_))
                    } else {
                        matches!(p, Part::Rear(_))
                    }
            })
            .count()
    };
    let lies = |tick: usize, bits: u32| {
        let k = clock.segment(tick);
        let time = clock.times.get(k).copied()?;
        let ahead = own.get(k)?.contacts;
        [true, false]
            .iter()
            .all(|&belly| kind(bits, belly) == 0 || kind(ahead, belly) > 0)
            .then_some(time)
    };
    for (found, what) in [
        (falls(&parts, ticks, &at, &lies), "falls"),
        (unstable(&parts, ticks, &at), "unstable stretches"),
        (slides(&parts, ticks, &at), "slides"),
        (lifted(&parts, ticks, &at), "paws rested on"),
    ] {
        let (listed, stretches): (Vec<Problem>, Vec<[u64; 2]>) = found.into_iter().unzip();
        problems.extend(capped(listed, what));
        spans.extend(stretches);
    }
    spans.sort_unstable();
    (problems, spans)
}

/// Ticks `from..to` in ms.
fn span(from: usize, to: usize) -> [u64; 2] {
    [from as u64 * TICK_MS, to as u64 * TICK_MS]
}

/// The body's falls: a topple (a turn of more than [`FALL_TURN_DEG`] in a tick onto other
/// parts), or a slow roll onto an elbow, a knee, the head or the chest. A drop onto the
/// belly or the rump that the pose ahead lies on in its own frame (`lies`: the keyframe's
/// time, where the pose it plays toward at a tick rests on those parts), or of no more than
/// [`SIT_DROP_DEG`], is a note: the motion sitting or lying down.
fn falls(
    parts: &[Part],
    ticks: &[Rest],
    at: &impl Fn(ProblemCode, usize, String) -> Problem,
    lies: &impl Fn(usize, u32) -> Option<u64>,
) -> Vec<(Problem, [u64; 2])> {
    let fallen_on = parts
        .iter()
        .enumerate()
        .filter(|&(i, p)| i < 32 && p.is_fallen_on())
        .fold(0u32, |bits, (i, _)| bits | 1 << i);
    // Lying on an elbow, a knee, the head or the chest, rolled over: the slow topple.
    let rolled = |r: &Rest| r.contacts & fallen_on != 0 && r.roll_deg().abs() > TOPPLE_ROLL_DEG;
    let mut out = Vec::new();
    // Fallen (said), until the body is back within half the roll.
    let mut down = ticks.first().is_some_and(rolled);
    let mut rolled_since: Option<usize> = None;
    for (t, pair) in ticks.windows(2).enumerate() {
        let (before, now) = (&pair[0], &pair[1]);
        let tick = t + 1;
        let turn = turn_deg(before.up, now.up);
        if turn > FALL_TURN_DEG && before.contacts != now.contacts {
            let onto = now.contacts & !before.contacts;
            let torso_only = onto != 0
                && parts
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i < 32 && onto & (1 << i) != 0)
                    .all(|(_, p)| matches!(p, Part::Belly(_) | Part::Rear(_)));
            let lying = lies(tick, onto).map(|ms| format!(", as its pose at {ms} ms lies"));
            let sits = (turn <= SIT_DROP_DEG).then(|| ": it sits down onto it".to_owned());
            match lying.or(sits).filter(|_| torso_only) {
                Some(why) => {
                    let message = format!(
                        "at {} ms the robot drops onto {} ({}), turning {turn:.0}° in one \
                         tick{why}",
                        tick as u64 * TICK_MS,
                        side(before.up, now.up),
                        names(parts, onto)
                    );
                    let mut problem = at(crate::robot::codes::FALLS, tick, message);
                    problem.severity = Severity::Info;
                    out.push((problem, span(t, tick + 1)));
                }
                None => {
                    let message = format!(
                        "at {} ms the robot topples onto {} ({}), turning {turn:.0}° in one tick",
                        tick as u64 * TICK_MS,
                        side(before.up, now.up),
                        names(parts, onto)
                    );
                    out.push((
                        at(crate::robot::codes::FALLS, tick, message),
                        span(t, tick + 1),
                    ));
                    down = true;
                }
            }
        }
        if rolled(now) {
            let since = *rolled_since.get_or_insert(tick);
            let lasted = (tick - since) as u64 * TICK_MS;
            if !down && lasted >= TOPPLE_MS {
                let level = ticks.get(since.saturating_sub(1)).map_or(now.up, |r| r.up);
                let message = format!(
                    "at {} ms the robot has rolled slowly onto {} and rests on {} ({:.0}° of roll)",
                    since as u64 * TICK_MS,
                    side(level, now.up),
                    names(parts, now.contacts & fallen_on),
                    now.roll_deg()
                );
                out.push((
                    at(crate::robot::codes::FALLS, since, message),
                    span(since, tick + 1),
                ));
                down = true;
            }
        } else {
            rolled_since = None;
            if now.roll_deg().abs() < TOPPLE_ROLL_DEG / 2.0 {
                down = false;
            }
        }
    }
    out
}

fn paw_bits(parts: &[Part]) -> u32 {
    parts
        .iter()
        .enumerate()
        .filter(|&(i, p)| i < 32 && p.is_paw())
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

fn unstable(
    parts: &[Part],
    ticks: &[Rest],
    at: &impl Fn(ProblemCode, usize, String) -> Problem,
) -> Vec<(Problem, [u64; 2])> {
    let paws = paw_bits(parts);
    let shaky =
        |r: &Rest| r.contacts != 0 && r.contacts & !paws == 0 && r.margin_mm < UNSTABLE_MARGIN_MM;
    let mut out = Vec::new();
    let mut t = 0;
    while t < ticks.len() {
        if !shaky(&ticks[t]) {
            t += 1;
            continue;
        }
        let start = t;
        while t < ticks.len() && shaky(&ticks[t]) {
            t += 1;
        }
        let ms = (t - start) as u64 * TICK_MS;
        if ms > UNSTABLE_MS {
            let worst = ticks[start..t]
                .iter()
                .min_by(|a, b| a.margin_mm.total_cmp(&b.margin_mm))
                .unwrap_or(&ticks[start]);
            let edge = if worst.margin_mm < 0.0 {
                format!("{:.0} mm past the edge", -worst.margin_mm)
            } else {
                format!("{:.0} mm from tipping", worst.margin_mm)
            };
            let message = format!(
                "from {} to {} ms the robot balances on {} with its weight {edge} \
                 (under {UNSTABLE_MARGIN_MM:.0} mm for {ms} ms)",
                start as u64 * TICK_MS,
                t as u64 * TICK_MS,
                names(parts, worst.contacts)
            );
            // A note: a body at rest cannot balance by moving, as a walk does, so this says
            // where to look, not that anything is wrong (the simulation tells that).
            let mut problem = at(crate::robot::codes::UNSTABLE, start, message);
            problem.severity = Severity::Info;
            out.push((problem, span(start, t)));
        }
    }
    out
}

/// How far each paw carrying weight at both ticks moved along the floor beyond the body's
/// own move (the best rigid fit of those paws from one tick to the next).
fn slide_mm(before: &Rest, now: &Rest, carrying: &[usize]) -> Vec<(usize, f64)> {
    if carrying.len() < 2 {
        return Vec::new();
    }
    let point = |r: &Rest, leg: usize| [f64::from(r.paws[leg][0]), f64::from(r.paws[leg][1])];
    let n = carrying.len() as f64;
    let centre = |r: &Rest| {
        carrying.iter().fold([0.0, 0.0], |c, &leg| {
            let p = point(r, leg);
            [c[0] + p[0] / n, c[1] + p[1] / n]
        })
    };
    let (ca, cb) = (centre(before), centre(now));
    let (mut cross, mut dot) = (0.0, 0.0);
    for &leg in carrying {
        let (a, b) = (point(before, leg), point(now, leg));
        let (a, b) = ([a[0] - ca[0], a[1] - ca[1]], [b[0] - cb[0], b[1] - cb[1]]);
        cross += a[0] * b[1] - a[1] * b[0];
        dot += a[0] * b[0] + a[1] * b[1];
    }
    let (s, c) = cross.atan2(dot).sin_cos();
    carrying
        .iter()
        .map(|&leg| {
            let (a, b) = (point(before, leg), point(now, leg));
            let a = [a[0] - ca[0], a[1] - ca[1]];
            let moved = [c * a[0] - s * a[1] + cb[0], s * a[0] + c * a[1] + cb[1]];
            (leg, (moved[0] - b[0]).hypot(moved[1] - b[1]))
        })
        .collect()
}

fn slides(
    parts: &[Part],
    ticks: &[Rest],
    at: &impl Fn(ProblemCode, usize, String) -> Problem,
) -> Vec<(Problem, [u64; 2])> {
    // The touch index of each leg's paw.
    let paw_index: Vec<Option<usize>> = Leg::ALL
        .iter()
        .map(|&leg| parts.iter().position(|&p| p == Part::Paw(leg)))
        .collect();
    let mut out = Vec::new();
    // A paw reported once per stretch of sliding.
    let mut sliding = [false; 4];
    for (t, pair) in ticks.windows(2).enumerate() {
        let (before, now) = (&pair[0], &pair[1]);
        let carrying: Vec<usize> = (0..4)
            .filter(|&leg| paw_index[leg].is_some_and(|i| before.touches(i) && now.touches(i)))
            .collect();
        let moved = slide_mm(before, now, &carrying);
        let mut still = [true; 4];
        // The paws that start sliding at this tick, said in one problem.
        let mut started: Vec<(String, f64)> = Vec::new();
        for (leg, mm) in moved {
            if mm <= SLIDE_MM {
                continue;
            }
            still[leg] = false;
            if !sliding[leg] {
                started.push((Part::Paw(Leg::ALL[leg]).name(), mm));
            }
        }
        if !started.is_empty() {
            let tick = t + 1;
            let message = match started.as_slice() {
                [(paw, mm)] => format!(
                    "at {} ms the {paw} slides {mm:.0} mm along the floor in one tick while it \
                     carries weight",
                    tick as u64 * TICK_MS
                ),
                many => format!(
                    "at {} ms paws carrying weight slide along the floor in one tick: {}",
                    tick as u64 * TICK_MS,
                    many.iter()
                        .map(|(paw, mm)| format!("the {paw} {mm:.0} mm"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            out.push((
                at(crate::robot::codes::PAW_SLIDE, tick, message),
                span(t, tick + 1),
            ));
        }
        for leg in 0..4 {
            sliding[leg] = !still[leg];
        }
    }
    out
}

/// Stretches where the body rests on a paw its pose lifts (the weight was over it as it was
/// lifted, and the body tipped onto it): `stance::lifted_stretches`.
fn lifted(
    parts: &[Part],
    ticks: &[Rest],
    at: &impl Fn(ProblemCode, usize, String) -> Problem,
) -> Vec<(Problem, [u64; 2])> {
    super::stance::lifted_stretches(parts, ticks)
        .into_iter()
        .map(|stretch| {
            let (start, t) = (stretch.ticks.start, stretch.ticks.end);
            let message = format!(
                "from {} to {} ms the {} was to be lifted ({:.0} mm up in the pose); the \
                 robot rests on it",
                start as u64 * TICK_MS,
                t as u64 * TICK_MS,
                Part::Paw(stretch.leg).name(),
                stretch.most_mm,
            );
            (
                at(crate::robot::codes::PAW_LIFTED, start, message),
                span(start, t),
            )
        })
        .collect()
}
