//! Finding a walk: a search over a walk's parameters in which every candidate is generated
//! from the motion's pose, played in the simulation, and scored by how far it goes forward a
//! second, less what counts against it (a fall, a paw sliding, a heading off the line, a
//! warning of `check`).
//!
//! The search is the cross-entropy method: each generation draws candidates from a normal
//! distribution per parameter (within the parameter's bounds) and the paws' path by a
//! chance, keeps the best quarter, and moves each distribution's mean and spread and the
//! chance to theirs (smoothed). Where the best has not improved for a while, it searches
//! again around the best, widely: one spot found early does not hold the whole search. It
//! is short enough to keep here; the CMA-ES crates would add a second `nalgebra` and
//! `statrs` to every build for no need of a full covariance over eight parameters. The draws come from a seeded
//! generator in order, and each candidate is scored on its own (in parallel), so a seed and a
//! number of generations give the same walk every time.

use super::{Gait, Generator, PawPath, Walk};
use crate::codec::Severity;
use crate::codec::mtn::Motion;
use crate::robot::physics::{self, Floor, Settings};
use crate::robot::timing;
use rayon::prelude::*;

/// The parameters searched, with their bounds: stride, lift, period, duty factor, shoulder
/// height, pitch, and the front and hind paws' shifts (the paws' path is drawn beside them).
const BOUNDS: [(f64, f64); PARAMETERS] = [
    (10.0, 120.0),
    (4.0, 40.0),
    (256.0, 1200.0),
    (0.5, 0.85),
    (95.0, 145.0),
    (-15.0, 15.0),
    (-30.0, 30.0),
    (-30.0, 30.0),
];

/// How many parameters are searched.
const PARAMETERS: usize = 8;

/// After how many generations without a better walk the search looks around the best again.
const STALLED_GENERATIONS: usize = 20;

/// The shoulder height the search starts from, mm (the ERS-7's stand less the walk's
/// usual crouch).
const START_HEIGHT_MM: f64 = 125.0;

/// How much heading off the line is let go, degrees (over five cycles).
pub const HEADING_DEG: f64 = 10.0;

/// What the search is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    /// The gait.
    pub gait: Gait,
    /// Candidates a generation.
    pub per_generation: usize,
    /// How many generations, at most.
    pub generations: usize,
    /// The draws' seed.
    pub seed: u64,
    /// The floor.
    pub floor: Floor,
}

impl Default for Asked {
    fn default() -> Self {
        Self {
            gait: Gait::Trot,
            per_generation: 16,
            generations: 20,
            seed: 1,
            floor: Floor::Carpet,
        }
    }
}

/// One candidate, as scored.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The walk.
    pub walk: Walk,
    /// Its score: forward speed (mm/s) less its penalties.
    pub score: f64,
    /// How fast it went forward, mm/s.
    pub speed_mm_s: f64,
    /// How far it turned, degrees.
    pub heading_deg: f64,
    /// Whether it fell.
    pub fell: bool,
    /// How many times a paw carrying weight slid more than 5 mm.
    pub slips: usize,
    /// Warnings (and errors) `check` gives it.
    pub warnings: usize,
    /// Its cycle as played, ms: the one asked, or longer where the legs' servos need it.
    pub played_period_ms: u64,
}

impl Scored {
    /// Whether it meets every condition: no fall, no slide, on its line, check-clean.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        !self.fell && self.slips == 0 && self.heading_deg.abs() <= HEADING_DEG && self.warnings == 0
    }
}

/// How the search is going, after each generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Generations done.
    pub generation: usize,
    /// Candidates scored so far.
    pub scored: usize,
    /// The best so far, best first (at most five).
    pub best: Vec<Scored>,
}

/// A seeded generator of draws (SplitMix64), so a search repeats from its seed.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        #[expect(clippy::cast_precision_loss, reason = "53 bits of a draw")]
        let unit = (z >> 11) as f64 / (1u64 << 53) as f64;
        unit
    }

    /// A draw of the standard normal (Box-Muller).
    fn normal(&mut self) -> f64 {
        let (u, v) = (self.next().max(1e-12), self.next());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

/// A candidate: its parameters (in [`BOUNDS`]' order) and the paws' path.
type Candidate = ([f64; PARAMETERS], PawPath);

/// What the search draws candidates from: a normal distribution per parameter, within its
/// bounds, and the chance that the paws' path is the rounded rectangle.
#[derive(Clone, Debug)]
struct Sampling {
    mean: [f64; PARAMETERS],
    spread: [f64; PARAMETERS],
    rectangle: f64,
}

impl Sampling {
    /// Around `walk`, each spread `share` of its parameter's bounds, either path as likely.
    fn around(walk: &Walk, share: f64) -> Self {
        #[expect(clippy::cast_precision_loss, reason = "a period in ms")]
        let period = walk.period_ms as f64;
        Self {
            mean: [
                walk.stride_mm,
                walk.lift_mm,
                period,
                walk.duty,
                walk.height_mm.unwrap_or(START_HEIGHT_MM),
                walk.pitch_deg,
                walk.front_mm,
                walk.hind_mm,
            ],
            spread: BOUNDS.map(|(low, high)| (high - low) * share),
            rectangle: 0.5,
        }
    }

    /// The mean, on the likelier path.
    fn mean(&self) -> Candidate {
        (
            self.mean,
            if self.rectangle > 0.5 {
                PawPath::Rectangle
            } else {
                PawPath::HalfEllipse
            },
        )
    }

    /// A candidate drawn.
    fn draw(&self, draws: &mut Draws) -> Candidate {
        let mut x = [0.0; PARAMETERS];
        for (i, value) in x.iter_mut().enumerate() {
            let (low, high) = BOUNDS[i];
            *value = (self.mean[i] + self.spread[i] * draws.normal()).clamp(low, high);
        }
        let path = if draws.next() < self.rectangle {
            PawPath::Rectangle
        } else {
            PawPath::HalfEllipse
        };
        (x, path)
    }

    /// Moved toward the `elite` (smoothed): each parameter's mean and spread to theirs (the
    /// spread no less than 1% of its bounds), the chance of the rectangle to their share of
    /// it (kept within 10..90%, so that both paths are always tried).
    fn learn(&mut self, elite: &[Candidate]) {
        #[expect(clippy::cast_precision_loss, reason = "a few candidates")]
        let n = elite.len().max(1) as f64;
        for i in 0..PARAMETERS {
            let m = elite.iter().map(|(x, _)| x[i]).sum::<f64>() / n;
            let s = (elite.iter().map(|(x, _)| (x[i] - m).powi(2)).sum::<f64>() / n).sqrt();
            let floor = (BOUNDS[i].1 - BOUNDS[i].0) * 0.01;
            self.mean[i] = 0.3 * self.mean[i] + 0.7 * m;
            self.spread[i] = (0.3 * self.spread[i] + 0.7 * s).max(floor);
        }
        #[expect(clippy::cast_precision_loss, reason = "a few candidates")]
        let rectangles = elite
            .iter()
            .filter(|(_, path)| *path == PawPath::Rectangle)
            .count() as f64;
        self.rectangle = (0.3 * self.rectangle + 0.7 * rectangles / n).clamp(0.1, 0.9);
    }
}

/// The walk of `candidate` in `gait`.
fn walk_of((x, path): &Candidate, gait: Gait) -> Walk {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "within 256..1200 ms"
    )]
    let period_ms = (x[2] / 16.0).round() as u64 * 16;
    Walk {
        gait,
        path: *path,
        stride_mm: x[0],
        lift_mm: x[1],
        period_ms,
        duty: x[3].max(if gait == Gait::Crawl { 0.75 } else { 0.5 }),
        height_mm: Some(x[4]),
        pitch_deg: x[5],
        front_mm: x[6],
        hind_mm: x[7],
        ..Walk::default()
    }
}

/// `walk` generated from `motion` and played on `floor`, scored.
#[must_use]
pub fn score(motion: &Motion, walk: &Walk, floor: Floor) -> Scored {
    let failed = |walk: &Walk| Scored {
        walk: walk.clone(),
        score: -10_000.0,
        speed_mm_s: 0.0,
        heading_deg: 0.0,
        fell: true,
        slips: 0,
        warnings: 0,
        played_period_ms: walk.period_ms,
    };
    let Ok(out) = super::generate(motion, None, &Generator::Walk(walk.clone()), 0.5) else {
        return failed(walk);
    };
    let played_period_ms = if let Ok(Generator::Walk(played)) =
        super::as_played(motion, &Generator::Walk(walk.clone()))
    {
        played.period_ms
    } else {
        walk.period_ms
    };
    let settings = Settings { floor, repeat: 1 };
    let Ok(sim) = physics::simulate(&out.motion, settings, &mut |_| true) else {
        return failed(walk);
    };
    let offsets = crate::codec::mtn::offsets(&out.motion).unwrap_or_default();
    let warnings = crate::robot::check::check_motion(&out.motion, &offsets)
        .iter()
        .filter(|p| p.severity >= Severity::Warning)
        .count();
    #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
    let seconds = timing::duration_ms(&out.motion.keyframes) as f64 / 1000.0;
    let summary = &sim.summary;
    let speed = summary.travel_mm[0] / seconds.max(0.001);
    let (fell, slips) = (!summary.falls.is_empty(), summary.slips.len());
    let off_line = (summary.heading_deg.abs() - HEADING_DEG).max(0.0);
    #[expect(clippy::cast_precision_loss, reason = "a few events")]
    let penalty = 1000.0 * f64::from(u8::from(fell))
        + 60.0 * slips as f64
        + 5.0 * off_line
        + 200.0 * warnings as f64;
    Scored {
        walk: walk.clone(),
        score: speed - penalty,
        speed_mm_s: speed,
        heading_deg: summary.heading_deg,
        fell,
        slips,
        warnings,
        played_period_ms,
    }
}

/// Searches for the fastest clean walk from `motion`'s pose: generations of candidates
/// scored in parallel, `progress` told after each (it stops the search by answering false).
/// The best found, if any candidate was scored.
pub fn find_walk(
    motion: &Motion,
    asked: &Asked,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Option<Scored> {
    // Around the default trot, its height the search's start (the default has none).
    let mut sampling = Sampling::around(&Walk::default(), 0.25);
    let mut stalled = 0;
    let mut draws = Draws(asked.seed);
    let mut best: Vec<Scored> = Vec::new();
    let mut scored = 0;
    let size = asked.per_generation.clamp(4, 256);
    for generation in 1..=asked.generations.min(10_000) {
        // The mean itself first, so a generation never loses what the last one found.
        let candidates: Vec<Candidate> = std::iter::once(sampling.mean())
            .chain((1..size).map(|_| sampling.draw(&mut draws)))
            .collect();
        let mut results: Vec<(Candidate, Scored)> = candidates
            .into_par_iter()
            .map(|c| {
                let scored = score(motion, &walk_of(&c, asked.gait), asked.floor);
                (c, scored)
            })
            .collect();
        scored += results.len();
        results.sort_by(|a, b| b.1.score.total_cmp(&a.1.score));
        let elite: Vec<Candidate> = results[..size / 4].iter().map(|(c, _)| *c).collect();
        sampling.learn(&elite);
        let before = best.first().map_or(f64::NEG_INFINITY, |b| b.score);
        best.extend(results.into_iter().map(|(_, s)| s));
        best.sort_by(|a, b| b.score.total_cmp(&a.score));
        best.truncate(5);
        // Stalled: searched again around the best, half as widely as at the start.
        stalled = if best[0].score > before {
            0
        } else {
            stalled + 1
        };
        if stalled >= STALLED_GENERATIONS {
            sampling = Sampling::around(&best[0].walk, 0.125);
            stalled = 0;
        }
        let going = progress(&Progress {
            generation,
            scored,
            best: best.clone(),
        });
        if !going {
            break;
        }
    }
    best.into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_paths_stay_in_the_draws_whatever_the_best_have_been() {
        let mut sampling = Sampling::around(&Walk::default(), 0.25);
        let (mean, _) = sampling.mean();
        let rectangles = |sampling: &Sampling, draws: &mut Draws| {
            (0..400)
                .filter(|_| sampling.draw(draws).1 == PawPath::Rectangle)
                .count()
        };
        let mut draws = Draws(3);
        let even = rectangles(&sampling, &mut draws);
        assert!((150..250).contains(&even), "{even} of 400");
        // The best all rectangles, over and over: the ellipse is still drawn, about 1 in 10.
        for _ in 0..20 {
            sampling.learn(&[(mean, PawPath::Rectangle); 4]);
        }
        assert_eq!(sampling.mean().1, PawPath::Rectangle);
        let few = 400 - rectangles(&sampling, &mut draws);
        assert!((20..70).contains(&few), "{few} ellipses of 400");
        // Each parameter's spread shrinks to its floor, 1% of its bounds, and no lower.
        for (i, spread) in sampling.spread.iter().enumerate() {
            let floor = (BOUNDS[i].1 - BOUNDS[i].0) * 0.01;
            assert!(
                (spread - floor).abs() < 1e-9,
                "{i}: {spread} against {floor}"
            );
        }
        // Every draw is within the bounds.
        for _ in 0..100 {
            let (x, _) = Sampling::around(&Walk::default(), 1.0).draw(&mut draws);
            for (value, (low, high)) in x.iter().zip(BOUNDS) {
                assert!(
                    (low..=high).contains(value),
                    "{value} outside {low}..{high}"
                );
            }
        }
    }

    #[test]
    fn a_walks_parameters_come_back_as_they_went_in() {
        let candidate = (
            [47.0, 21.0, 496.0, 0.54, 133.0, 2.6, 1.0, -10.0],
            PawPath::Rectangle,
        );
        let walk = walk_of(&candidate, Gait::Trot);
        assert_eq!(walk.path, PawPath::Rectangle);
        // Searched again around it, both paths are as likely (the path is not carried).
        let again = Sampling::around(&walk, 0.25);
        assert_eq!(again.mean, candidate.0);
        assert!((again.rectangle - 0.5).abs() < 1e-12);
    }
}
