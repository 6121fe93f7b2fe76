//! A motion tab's simulation (`robot::physics`): where the floor's verdict is the
//! simulation's (`robot::verdict`) or the stage's Simulate switch shows it, the motion is
//! simulated on a thread of its own (`simulation_job`) once the edits pause, a newer edit
//! cancelling the run under way; its progress is shared with the window. The step that
//! handles actions starts the work and takes the result; the floor's problems are then its
//! verdict.

use crate::codec::Problem;
use crate::codec::mtn::Motion;
use crate::robot::physics::{Settings, SimulateError, Simulation};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// The edits pause when the motion has not changed for this long (s).
pub const PAUSE_S: f64 = 0.3;

/// A simulation, or why there is none.
pub type SimResult = Result<Arc<Simulation>, SimulateError>;

/// A run to make: what it simulates, and what it shares with the window.
#[derive(Debug)]
pub struct Run {
    /// The revision, and the floor and plays.
    pub wants: (u64, Settings),
    /// The motion.
    pub motion: Motion,
    /// Set when a newer edit stops it.
    pub cancel: Arc<AtomicBool>,
    /// Its progress, in thousandths.
    pub progress: Arc<AtomicU32>,
}

/// A run under way.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The revision, and the floor and plays, it simulates.
    pub wants: (u64, Settings),
    /// Set to stop it.
    cancel: Arc<AtomicBool>,
    /// Its progress, in thousandths.
    progress: Arc<AtomicU32>,
}

impl Pending {
    /// Its share done (0 to 1).
    #[must_use]
    pub fn progress(&self) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "thousandths")]
        let done = self.progress.load(Ordering::Relaxed) as f32 / 1000.0;
        done
    }
}

/// What the status bar was told of a simulation's verdict: whether the stage showed it, its
/// settings, and the kinds of floor warnings it left (code and severity, sorted).
pub type SaidVerdict = (
    bool,
    Settings,
    Vec<(crate::codec::ProblemCode, crate::codec::Severity)>,
);

/// A tab's simulation: the latest done, the one under way, and when the motion last
/// changed.
#[derive(Clone, Debug, Default)]
pub struct SimCache {
    /// The revision and settings the result is for, and the result (or why there is none).
    pub done: Option<((u64, Settings), SimResult)>,
    /// The run under way.
    pub pending: Option<Pending>,
    /// The revision seen last, and when (the window's clock, s).
    seen: Option<(u64, f64)>,
    /// Which result is kept: it changes with each.
    generation: u64,
    /// What the status bar was last told of a simulation's verdict.
    pub said: Option<SaidVerdict>,
}

impl SimCache {
    /// The simulation of `revision` so, when done.
    #[must_use]
    pub fn current(&self, revision: u64, settings: Settings) -> Option<&Arc<Simulation>> {
        match &self.done {
            Some((wants, Ok(sim))) if *wants == (revision, settings) => Some(sim),
            _ => None,
        }
    }

    /// The simulation to draw so: the latest made so (the current revision's once it is
    /// done, the one before while it is made); and which result that is.
    #[must_use]
    pub fn latest(&self, settings: Settings) -> (u64, Option<&Simulation>) {
        match &self.done {
            Some(((_, s), Ok(sim))) if *s == settings => (self.generation, Some(sim.as_ref())),
            _ => (self.generation, None),
        }
    }

    /// Whether the simulation of `revision` so is done: made, or found it could not be.
    #[must_use]
    pub fn settled(&self, revision: u64, settings: Settings) -> bool {
        self.current(revision, settings).is_some() || self.failed(revision, settings).is_some()
    }

    /// Why the simulation of `revision` so could not be made, if it could not.
    #[must_use]
    pub fn failed(&self, revision: u64, settings: Settings) -> Option<&SimulateError> {
        match &self.done {
            Some((wants, Err(why))) if *wants == (revision, settings) => Some(why),
            _ => None,
        }
    }

    /// Stops the run under way, if any.
    pub fn cancel(&mut self) {
        if let Some(p) = self.pending.take() {
            p.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// What to start, if anything, for `wants` at `now` (s): nothing while it is done or
    /// under way, or while the motion changed less than [`PAUSE_S`] ago (a newer revision
    /// cancels the run under way at once).
    pub fn start(&mut self, wants: (u64, Settings), now: f64, motion: &Motion) -> Option<Run> {
        let since = match self.seen {
            Some((revision, at)) if revision == wants.0 => at,
            _ => {
                self.seen = Some((wants.0, now));
                now
            }
        };
        if self.done.as_ref().is_some_and(|(w, _)| *w == wants) {
            return None;
        }
        if let Some(p) = &self.pending {
            if p.wants == wants {
                return None;
            }
            self.cancel();
        }
        if now - since < PAUSE_S {
            return None;
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(AtomicU32::new(0));
        self.pending = Some(Pending {
            wants,
            cancel: Arc::clone(&cancel),
            progress: Arc::clone(&progress),
        });
        Some(Run {
            wants,
            motion: motion.clone(),
            cancel,
            progress,
        })
    }

    /// Takes a result: kept when it is the one under way (a cancelled run's is dropped).
    pub fn take(&mut self, wants: (u64, Settings), result: SimResult) {
        let Some(pending) = &self.pending else {
            return;
        };
        if pending.wants != wants {
            return;
        }
        self.pending = None;
        if matches!(result, Err(SimulateError::Cancelled)) {
            return;
        }
        self.done = Some((wants, result));
        self.generation += 1;
    }
}

/// The motion's problems in all, as the Problems panel counts them (notes apart):
/// "4 problems in all (and 4 notes)".
#[must_use]
pub fn in_all(problems: &[Problem]) -> String {
    use crate::words::plural;
    let notes = problems
        .iter()
        .filter(|p| p.severity == crate::codec::Severity::Info)
        .count();
    let said = format!(
        "{} in all",
        plural(problems.len() - notes, "problem", "problems")
    );
    match notes {
        0 => said,
        n => format!("{said} (and {})", plural(n, "note", "notes")),
    }
}

/// What a simulation found, for the status bar: where, its first fall, its slips, and the
/// motion's problems in all (`problems`).
#[must_use]
pub fn found(sim: &Simulation, problems: &[Problem]) -> String {
    use crate::words::plural;
    let summary = &sim.summary;
    let falls = match summary.falls.first() {
        None => "no fall".to_owned(),
        Some(first) if summary.falls.len() == 1 => format!("falls at {} ms", first.time_ms),
        Some(first) => format!(
            "falls {} times, first at {} ms",
            summary.falls.len(),
            first.time_ms
        ),
    };
    let slips = if summary.slips.is_empty() {
        "no slip".to_owned()
    } else {
        plural(summary.slips.len(), "slip", "slips")
    };
    let plays = match sim.settings.repeat {
        0 | 1 => String::new(),
        n => format!(", played {n} times"),
    };
    format!(
        "Simulated on {}{plays}: {falls}, {slips}; {}",
        sim.settings.floor.name(),
        in_all(problems)
    )
}
