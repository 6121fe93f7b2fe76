//! One verdict on the floor: where a model's body is measured (the ERS-7, the ERS-210/220),
//! whether the robot falls, leans, stands on a lifted paw or slides is the simulation's
//! (`physics`); what the body at rest says of falls (`floor`) is then a note beside it
//! ("at rest it would …; simulated, it stays up"), never a warning the simulation
//! contradicts. The ERS-110/111, whose proportions are rough, keeps the body at rest for its
//! falls and says so; so does a motion that cannot be simulated, and `check --fast`.
//!
//! A slip is a warning only where it changes what the motion does: where the paws' slipping
//! carries the body more than [`DRIFT_MM`] (and more than [`DRIFT_SHARE`] of how far its
//! paws take it) or turns it more than [`DRIFT_DEG`], or where a paw the robot stands on
//! slides further than a planted paw may ([`HOLD_MM`]); else each slip is a note with its
//! size.
//! `check`, the window's Problems panel and the timeline all come here.

use super::codes::{FALLS, PAW_LIFTED, PAW_SLIDE};
use super::physics::{self, Settings, SimulateError, Simulation};
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};

/// The paws' slips carrying the body further than this (mm) in all change where the motion
/// takes it (about a third of the ERS-7's trotting stride of 90 mm a play is 30; Sony's own
/// sits and sleeps drift up to 32 mm as the hind paws settle)...
pub const DRIFT_MM: f64 = 50.0;
/// ...and further than this share of where its paws alone take it...
pub const DRIFT_SHARE: f64 = 0.25;
/// ...or turning it more than this (degrees).
pub const DRIFT_DEG: f64 = 10.0;

/// A paw carrying weight that slides further than this in one go (mm) has not held where the
/// motion planted it, whatever the body does: Sony's own transitions slide a paw up to 33 mm
/// under the settling body (into a sit, out of a sleep), which their robots did.
pub const HOLD_MM: f64 = 40.0;

/// Whose word the floor's problems are.
#[derive(Clone, Copy, Debug)]
pub enum Verdict<'a> {
    /// The simulation's (run on the settings it says).
    Simulated(&'a Simulation),
    /// The simulation's, once it is done (the window runs it in the background): until
    /// then the body at rest's falls are notes.
    Pending,
    /// The body at rest's, and why.
    AtRest(AtRest<'a>),
}

/// Why the body at rest judges the falls.
#[derive(Clone, Copy, Debug)]
pub enum AtRest<'a> {
    /// Asked for (`check --fast`).
    Asked,
    /// The model's proportions are rough (the ERS-110/111).
    Rough,
    /// The motion cannot be simulated.
    NotSimulated(&'a SimulateError),
}

/// Whether `motion`'s floor is the simulation's to judge: its model's body is measured.
#[must_use]
pub fn simulated(motion: &Motion) -> bool {
    super::floor::rig(motion).is_some_and(|rig| rig.measured())
}

/// The floor's problems of `motion` as `verdict` judges them, from the body at rest's
/// (`rest`: its problems and where each happens, `floor::floor_report`), and where each
/// warning happens on the timeline.
#[must_use]
pub fn floor_verdict(
    motion: &Motion,
    offsets: &Offsets,
    rest: (&[Problem], &[[u64; 2]]),
    verdict: Verdict<'_>,
) -> (Vec<Problem>, Vec<[u64; 2]>) {
    let (problems, spans) = rest;
    match verdict {
        Verdict::AtRest(why) => {
            // A slide of the body at rest says nothing of where the robot goes: a note.
            let mut out: Vec<Problem> = problems
                .iter()
                .map(|p| match p.code {
                    PAW_SLIDE => Problem {
                        severity: Severity::Info,
                        ..p.clone()
                    },
                    _ => p.clone(),
                })
                .collect();
            // Said where the body at rest finds something (a clean motion needs no note).
            if problems.iter().any(judged) {
                out.push(Problem::new(
                    Severity::Info,
                    FALLS,
                    offsets.frames(0),
                    at_rest_words(motion, why),
                ));
            }
            (out, spans.to_vec())
        }
        Verdict::Pending => {
            let (mut out, mut out_spans) = kept_at_rest(problems, spans);
            out.extend(
                problems
                    .iter()
                    .filter(|p| judged(p))
                    .map(|p| noted(p, "the simulation is under way")),
            );
            out_spans.sort_unstable();
            (out, out_spans)
        }
        Verdict::Simulated(sim) => {
            let (mut out, mut out_spans) = kept_at_rest(problems, spans);
            let summary = &sim.summary;
            // The body at rest's slides are the simulation's slips now; its falls and lifted
            // paws stay as notes, beside what the simulation says of them.
            out.extend(
                problems
                    .iter()
                    .filter(|p| p.code != PAW_SLIDE && judged(p))
                    .map(|p| {
                        if p.code == FALLS {
                            let said = if summary.falls.is_empty() {
                                "simulated, it stays up"
                            } else {
                                FALLS_TOO
                            };
                            return noted(p, said);
                        }
                        let span = p
                            .time_ms
                            .and_then(|t| spans.iter().find(|s| s[0] == t))
                            .copied();
                        noted(p, &lifted_words(summary, span))
                    }),
            );
            for p in simulated_problems(motion, offsets, sim) {
                // A fall is marked from where it happens to where the robot is up again.
                if let (Some(t), true) =
                    (p.time_ms, p.severity != Severity::Info && p.code != FALLS)
                {
                    out_spans.push([t, t + 100]);
                }
                out.push(p);
            }
            out_spans.extend(physics::fall_spans(motion, sim));
            out_spans.sort_unstable();
            (out, out_spans)
        }
    }
}

/// What the simulation says of a paw the body at rest stands on where its pose lifts it,
/// over `span` (ms): the stretch it counts there, or the paws it has carrying weight there
/// where the pose holds them up too briefly to count (the stage shows them on the floor), or
/// that it has none there.
fn lifted_words(summary: &physics::Summary, span: Option<[u64; 2]>) -> String {
    let meets = |e: &&physics::Event| {
        span.is_some_and(|[from, to]| e.time_ms < to && e.until_ms.unwrap_or(e.time_ms) > from)
    };
    if summary.lifted.iter().any(|e| meets(&e)) {
        return LIFTED_TOO.to_owned();
    }
    let brief: Vec<String> = summary
        .stood_on
        .iter()
        .filter(meets)
        .map(|e| {
            format!(
                "{} from {} to {} ms",
                e.what,
                e.time_ms,
                e.until_ms.unwrap_or(e.time_ms)
            )
        })
        .collect();
    if brief.is_empty() {
        return LIFTED_OFF.to_owned();
    }
    format!(
        "simulated, {} too, but the pose holds it up {LIFTED_BRIEF} (counted where it is held \
         up {} ms either side, for {} ms)",
        brief.join(" and "),
        physics::LIFTED_SLACK_MS,
        physics::LIFTED_MS,
    )
}

/// Whether a problem of the body at rest is one the simulation judges (a fall, a slide, a
/// lifted paw stood on).
fn judged(p: &Problem) -> bool {
    p.code == FALLS || p.code == PAW_SLIDE || p.code == PAW_LIFTED
}

/// The body at rest's problems the simulation does not judge (its unstable stretches), and
/// their spans.
fn kept_at_rest(problems: &[Problem], spans: &[[u64; 2]]) -> (Vec<Problem>, Vec<[u64; 2]>) {
    let kept: Vec<Problem> = problems.iter().filter(|p| !judged(p)).cloned().collect();
    let times: Vec<u64> = kept.iter().filter_map(|p| p.time_ms).collect();
    let kept_spans = spans
        .iter()
        .filter(|s| times.contains(&s[0]))
        .copied()
        .collect();
    (kept, kept_spans)
}

/// What a paw the body at rest stands on where its pose lifts it, noted, says of the
/// simulation: it stands on it too, keeps it off the floor, or has it on the floor through
/// a lift too brief to count (the problem's explanation, `robot::meaning`, reads these).
pub const LIFTED_TOO: &str = "simulated, it does too";
/// See [`LIFTED_TOO`].
pub const LIFTED_OFF: &str = "simulated, the robot does not rest on it";
/// See [`LIFTED_TOO`].
pub const LIFTED_BRIEF: &str = "too briefly for the servos";

/// What a fall of the body at rest, noted, says where the simulated robot falls too (the
/// problem's explanation, `robot::meaning`, reads it).
pub const FALLS_TOO: &str = "simulated, it falls as said below";

/// A problem of the body at rest as a note beside the simulation's word.
fn noted(p: &Problem, simulated: &str) -> Problem {
    Problem {
        severity: Severity::Info,
        message: format!("at rest, {}; {simulated}", p.message),
        ..p.clone()
    }
}

/// The note that says why the body at rest judges the falls.
fn at_rest_words(motion: &Motion, why: AtRest<'_>) -> String {
    match why {
        AtRest::Asked => {
            "falls and slides are the body at rest's (--fast): not simulated".to_owned()
        }
        AtRest::Rough => format!(
            "falls and slides are the body at rest's: the {}'s proportions are rough, so its \
             simulation is not trusted for them",
            super::parse_design(&motion.design).map_or("model", |d| d.model.name())
        ),
        AtRest::NotSimulated(why) => {
            format!("not simulated ({why}): the falls and slides are the body at rest's")
        }
    }
}

/// The simulation's problems: its falls, lifted paws and leans as warnings; its slips as
/// notes unless one goes further than a planted paw may ([`HOLD_MM`]), and one warning
/// where together they carry or turn the body further than the motion's paws do
/// ([`DRIFT_MM`], [`DRIFT_SHARE`], [`DRIFT_DEG`]).
#[must_use]
pub fn simulated_problems(motion: &Motion, offsets: &Offsets, sim: &Simulation) -> Vec<Problem> {
    let mut out = physics::simulated_problems(motion, offsets, sim);
    let summary = &sim.summary;
    let drift = summary.drift_mm[0].hypot(summary.drift_mm[1]);
    let by_paws = [
        summary.travel_mm[0] - summary.drift_mm[0],
        summary.travel_mm[1] - summary.drift_mm[1],
    ];
    let carried = drift > DRIFT_MM.max(DRIFT_SHARE * by_paws[0].hypot(by_paws[1]));
    let turned = summary.drift_deg.abs() > DRIFT_DEG;
    // The slips' problems are listed in the order of the summary's slips.
    let mut slips = summary.slips.iter();
    for p in out.iter_mut().filter(|p| p.code == PAW_SLIDE) {
        if slips.next().is_some_and(|slip| slip.amount > HOLD_MM) {
            p.message.push_str(&format!(
                ", further than a planted paw may ({HOLD_MM:.0} mm)"
            ));
        } else {
            p.severity = Severity::Info;
        }
    }
    if carried || turned {
        let over = match sim.settings.repeat {
            0 | 1 => String::new(),
            n => format!(" over {n} plays"),
        };
        out.push(Problem::new(
            Severity::Warning,
            PAW_SLIDE,
            offsets.frames(0),
            format!(
                "simulated{over}: the paws' slips carry the robot {}; its paws alone would take it {}",
                went(summary.drift_mm, summary.drift_deg),
                went(by_paws, summary.heading_deg - summary.drift_deg),
            ),
        ));
    }
    out
}

/// Where a body went, in words: "60 mm back, 3 mm left, turned 12° left", or "nowhere".
fn went(mm: [f64; 2], deg: f64) -> String {
    use crate::words::{and_list, signed_deg, signed_mm};
    let mut parts = Vec::new();
    if mm[0].round() != 0.0 {
        parts.push(signed_mm(mm[0], "forward", "back"));
    }
    if mm[1].round() != 0.0 {
        parts.push(signed_mm(mm[1], "left", "right"));
    }
    if deg.round() != 0.0 {
        parts.push(format!("turned {}", signed_deg(deg, "left", "right")));
    }
    if parts.is_empty() {
        "nowhere".to_owned()
    } else {
        and_list(&parts)
    }
}

/// The floor's problems of `motion` as `check` reports them: the body at rest's, judged
/// by the simulation on carpet where the model's body is measured and `fast` is not asked.
#[must_use]
pub fn judged_floor(motion: &Motion, offsets: &Offsets, fast: bool) -> Vec<Problem> {
    let Some(rig) = super::floor::rig(motion) else {
        return Vec::new();
    };
    let ticks = super::floor::rest_ticks(&rig, motion);
    let (problems, spans) = super::floor::floor_report(&rig, motion, &ticks, offsets);
    let rest = (problems.as_slice(), spans.as_slice());
    let judged = if fast {
        floor_verdict(motion, offsets, rest, Verdict::AtRest(AtRest::Asked))
    } else if !rig.measured() {
        floor_verdict(motion, offsets, rest, Verdict::AtRest(AtRest::Rough))
    } else {
        match physics::simulate(motion, Settings::default(), &mut |_| true) {
            Ok(sim) => floor_verdict(motion, offsets, rest, Verdict::Simulated(&sim)),
            Err(why) => floor_verdict(
                motion,
                offsets,
                rest,
                Verdict::AtRest(AtRest::NotSimulated(&why)),
            ),
        }
    };
    judged.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::physics::{Event, Summary};

    /// The ERS-7 stand (a new motion's), simulated as `summary` says.
    fn judged(summary: Summary) -> Vec<(Severity, String)> {
        let motion = crate::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
        let offsets = crate::codec::mtn::offsets(&motion).expect("offsets");
        let sim = Simulation {
            settings: Settings::default(),
            ticks: Vec::new(),
            parts: Vec::new(),
            cycle_ticks: crate::robot::timing::tick_count(&motion.keyframes),
            summary,
        };
        simulated_problems(&motion, &offsets, &sim)
            .into_iter()
            .map(|p| (p.severity, p.message))
            .collect()
    }

    fn slip(time_ms: u64, mm: f64) -> Event {
        Event {
            amount: mm,
            ..Event::new(
                time_ms,
                format!("the FL paw slips {mm:.0} mm while carrying weight"),
            )
        }
    }

    #[test]
    fn a_slip_is_a_note_with_its_size_unless_the_paw_slides_further_than_a_planted_paw_may() {
        let said = judged(Summary {
            slips: vec![slip(200, 12.0), slip(600, 55.0)],
            ..Summary::default()
        });
        assert_eq!(
            said,
            [
                (
                    Severity::Info,
                    "simulated: at 200 ms the FL paw slips 12 mm while carrying weight".to_owned()
                ),
                (
                    Severity::Warning,
                    "simulated: at 600 ms the FL paw slips 55 mm while carrying weight, \
                     further than a planted paw may (40 mm)"
                        .to_owned()
                ),
            ]
        );
    }

    #[test]
    fn slips_that_carry_or_turn_the_body_further_than_its_paws_do_are_one_warning() {
        // Small slips that add up to 60 mm back where the paws alone go nowhere: a warning
        // that says both; 30 mm is a note alone; 60 mm over a 400 mm walk is within its
        // share; a 12 degree turn is a warning.
        let warned = |travel: [f64; 2], drift: [f64; 2], turn: f64| {
            judged(Summary {
                slips: vec![slip(200, 8.0)],
                travel_mm: travel,
                drift_mm: drift,
                drift_deg: turn,
                heading_deg: turn,
                ..Summary::default()
            })
            .into_iter()
            .filter(|(severity, _)| *severity == Severity::Warning)
            .map(|(_, message)| message)
            .collect::<Vec<_>>()
        };
        assert_eq!(
            warned([-60.0, 0.0], [-60.0, 0.0], 0.0),
            [
                "simulated: the paws' slips carry the robot 60 mm back; its paws alone would take \
              it nowhere"
            ]
        );
        assert!(warned([-30.0, 0.0], [-30.0, 0.0], 0.0).is_empty());
        assert!(warned([400.0, 0.0], [-60.0, 0.0], 0.0).is_empty());
        assert_eq!(warned([0.0, 0.0], [0.0, 0.0], 12.0).len(), 1);
    }

    #[test]
    fn a_lifted_paw_at_rest_is_noted_with_what_the_simulation_has_on_the_floor_there() {
        let stretch = |what: &str, from: u64, to: u64| Event {
            until_ms: Some(to),
            ..Event::new(from, what.to_owned())
        };
        let brushed = Summary {
            stood_on: vec![
                stretch("the BL paw carries weight", 100, 140),
                stretch("the FL paw carries weight", 6248, 6360),
            ],
            ..Summary::default()
        };
        assert_eq!(
            lifted_words(&brushed, Some([6240, 6368])),
            "simulated, the FL paw carries weight from 6248 to 6360 ms too, but the pose holds \
             it up too briefly for the servos (counted where it is held up 48 ms either side, \
             for 96 ms)"
        );
        // Where the simulation has no paw the pose lifts on the floor, it says so.
        assert_eq!(
            lifted_words(&brushed, Some([200, 400])),
            "simulated, the robot does not rest on it"
        );
        // Where it counts one, the two agree.
        let counted = Summary {
            lifted: vec![stretch("the FL paw was to be lifted", 6000, 6400)],
            ..brushed
        };
        assert_eq!(
            lifted_words(&counted, Some([6240, 6368])),
            "simulated, it does too"
        );
    }
}
