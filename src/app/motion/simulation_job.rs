//! A tab's simulation run on a thread of its own (`simulation`): the physics with a progress
//! callback that reports its share and stops when a newer edit cancels it; its result comes
//! back as an action ([`Simulated`]).

use super::simulation::Run;
use crate::app::action::Action;
use crate::app::state::{Simulated, TabId};
use crate::robot::physics::{self, SimulateError};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// Runs `run` for tab `tab` (of a generator's preview where `preview`): what it gave, as
/// the action that brings it back.
#[must_use]
pub fn job(tab: TabId, run: Run, preview: bool) -> Action {
    let Run {
        wants,
        motion,
        cancel,
        progress,
    } = run;
    let settings = wants.1;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        physics::simulate(&motion, settings, &mut |done| {
            #[expect(clippy::cast_possible_truncation, reason = "thousandths")]
            #[expect(clippy::cast_sign_loss, reason = "a share from 0 to 1")]
            progress.store((done * 1000.0) as u32, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        })
    }))
    .unwrap_or(Err(SimulateError::Internal))
    .map(Arc::new);
    Action::Simulated(Box::new(Simulated {
        tab,
        wants,
        result,
        preview,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::motion::simulation::SimCache;
    use crate::codec::mtn::Motion;
    use crate::robot::physics::{Floor, Settings};

    fn on(floor: Floor) -> Settings {
        Settings { floor, repeat: 1 }
    }

    fn stand() -> Motion {
        let mut motion = crate::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
        let row = motion.keyframes.get(0).expect("first").angles_urad.to_vec();
        let body = motion.keyframes.body()[0];
        motion.keyframes.push(31, body, &row).expect("row");
        motion
    }

    fn finish(cache: &mut SimCache, run: Run) -> Simulated {
        let Action::Simulated(done) = job(1, run, false) else {
            panic!("a simulation's result");
        };
        cache.take(done.wants, done.result.clone());
        *done
    }

    #[test]
    fn a_run_waits_for_the_edits_to_pause_and_a_newer_edit_cancels_it() {
        let motion = stand();
        let mut cache = SimCache::default();
        assert!(cache.start((1, on(Floor::Carpet)), 0.0, &motion).is_none());
        assert!(cache.start((1, on(Floor::Carpet)), 0.1, &motion).is_none());
        let first = cache
            .start((1, on(Floor::Carpet)), 0.5, &motion)
            .expect("starts");
        // A newer revision: the first is cancelled, the second waits for its pause.
        assert!(cache.start((2, on(Floor::Carpet)), 0.6, &motion).is_none());
        assert!(cache.pending.is_none());
        let old = finish(&mut cache, first);
        assert!(
            matches!(old.result, Err(SimulateError::Cancelled)),
            "{:?}",
            old.result
        );
        assert!(cache.done.is_none());
        let second = cache
            .start((2, on(Floor::Carpet)), 1.0, &motion)
            .expect("starts");
        let new = finish(&mut cache, second);
        assert!(new.result.is_ok());
        assert!(cache.current(2, on(Floor::Carpet)).is_some());
        assert!(cache.start((2, on(Floor::Carpet)), 2.0, &motion).is_none());
        // Another floor is another simulation, and so are more plays.
        assert!(cache.start((2, on(Floor::Tile)), 2.0, &motion).is_some());
        let five = Settings {
            repeat: 5,
            ..on(Floor::Carpet)
        };
        let run = cache.start((2, five), 2.0, &motion).expect("starts");
        let done = finish(&mut cache, run);
        let sim = done.result.expect("simulated");
        assert_eq!(sim.settings.repeat, 5);
        assert!(cache.current(2, on(Floor::Carpet)).is_none());
        assert!(cache.current(2, five).is_some());
    }
}
