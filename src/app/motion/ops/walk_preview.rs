//! What Motion > Generate… says of a walk's preview simulated on the floor (the tab's
//! `preview_sim`): how far and how straight it goes, before it is applied.

use super::form::OpPrompt;
use crate::app::motion::simulation::SimCache;
use crate::app::tabs::Tabs;
use crate::ops::generate::search::HEADING_DEG;
use crate::robot::physics::Settings;

/// One line on the walk previewed (`key`, `length_ms` long) as `cache` has simulated it on
/// the floor and plays of `settings`.
#[must_use]
pub fn said(cache: &SimCache, key: u64, length_ms: u64, settings: Settings) -> String {
    let floor = settings.floor.name();
    if let Some(why) = cache.failed(key, settings) {
        return format!("The walk could not be simulated: {why}");
    }
    let Some(sim) = cache.current(key, settings) else {
        return match &cache.pending {
            Some(p) if p.wants == (key, settings) => format!(
                "Simulating the walk on {floor}… {:.0}%",
                p.progress() * 100.0
            ),
            _ => format!("Simulating the walk on {floor}…"),
        };
    };
    let summary = &sim.summary;
    let plays = settings.repeat.max(1);
    #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
    let seconds = (length_ms * u64::from(plays)) as f64 / 1000.0;
    let speed = summary.travel_mm[0] / seconds.max(0.001);
    let falls = match summary.falls.first() {
        None => "no fall".to_owned(),
        Some(first) => format!("falls at {} ms", first.time_ms),
    };
    let slips = match summary.slips.len() {
        0 => "no slip".to_owned(),
        n => crate::words::plural(n, "slip", "slips"),
    };
    let played = if plays > 1 {
        format!(", played {plays} times")
    } else {
        String::new()
    };
    // Off its line as Find a Walk counts it.
    let off = if summary.heading_deg.abs() > HEADING_DEG {
        format!(" (more than {HEADING_DEG}° off its line)")
    } else {
        String::new()
    };
    format!(
        "Simulated on {floor}{played}: {} ({speed:.0} mm/s), {}, turned {}{off}; {falls}, \
         {slips}",
        crate::words::signed_mm(summary.travel_mm[0], "forward", "back"),
        crate::words::signed_mm(summary.travel_mm[1], "left", "right"),
        crate::words::signed_deg(summary.heading_deg, "left", "right"),
    )
}

/// The line under a walk's preview in Motion > Generate…, where it previews a walk.
pub fn walk_ui(ui: &mut egui::Ui, prompt: &OpPrompt, tabs: &Tabs) {
    let Some((key, result)) = prompt.walk_previewed() else {
        return;
    };
    let Some(tab) = tabs.get(prompt.tab).and_then(|t| t.motion()) else {
        return;
    };
    let length_ms = crate::robot::timing::duration_ms(&result.keyframes);
    let line = said(&tab.preview_sim, key, length_ms, tab.stage.sim_settings());
    ui.label(line)
        .on_hover_text("The walk as the stage's simulation plays it (its floor and plays)");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::action::Action;
    use crate::app::motion::simulation_job::job;
    use crate::ops::generate::{Generator, Walk, generate};
    use crate::robot::physics::Floor;

    /// `walk` generated on the ERS-7's stand, its length (ms), and one play on carpet.
    fn walked_on_carpet(walk: Walk) -> (crate::codec::mtn::Motion, u64, Settings) {
        let stand = crate::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
        let walk = generate(&stand, None, &Generator::Walk(walk), 0.5)
            .expect("a walk")
            .motion;
        let length_ms = crate::robot::timing::duration_ms(&walk.keyframes);
        let settings = Settings {
            floor: Floor::Carpet,
            repeat: 1,
        };
        (walk, length_ms, settings)
    }

    #[test]
    fn a_walk_is_said_simulating_then_how_far_and_how_straight_it_went() {
        let (walk, length_ms, settings) = walked_on_carpet(Walk::default());
        let mut cache = SimCache::default();
        assert_eq!(
            said(&cache, 7, length_ms, settings),
            "Simulating the walk on carpet…"
        );
        // It starts once the preview has stayed the same a moment.
        assert!(cache.start((7, settings), 0.0, &walk).is_none());
        let run = cache.start((7, settings), 1.0, &walk).expect("starts");
        assert_eq!(
            said(&cache, 7, length_ms, settings),
            "Simulating the walk on carpet… 0%"
        );
        let Action::Simulated(done) = job(1, run, true) else {
            panic!("a simulation's result");
        };
        assert!(done.preview);
        cache.take(done.wants, done.result);
        let sim = cache.current(7, settings).expect("done");
        let travel = sim.summary.travel_mm;
        #[expect(clippy::cast_precision_loss, reason = "ms")]
        let speed = travel[0] * 1000.0 / length_ms as f64;
        let line = said(&cache, 7, length_ms, settings);
        assert!(
            line.starts_with(&format!(
                "Simulated on carpet: {} ({speed:.0} mm/s), ",
                crate::words::signed_mm(travel[0], "forward", "back")
            )),
            "{line}"
        );
        let slips = match sim.summary.slips.len() {
            0 => "no slip".to_owned(),
            n => crate::words::plural(n, "slip", "slips"),
        };
        assert!(line.ends_with(&format!("; no fall, {slips}")), "{line}");
        assert!(!line.contains("off its line"), "{line}");
        // Another preview is another walk: not said of this one.
        assert_eq!(
            said(&cache, 8, length_ms, settings),
            "Simulating the walk on carpet…"
        );
    }

    #[test]
    fn a_walk_that_turns_more_than_find_a_walk_lets_go_is_said_off_its_line() {
        let (walk, length_ms, settings) = walked_on_carpet(Walk {
            turn_deg: 15.0,
            ..Walk::default()
        });
        let mut cache = SimCache::default();
        assert!(cache.start((3, settings), 0.0, &walk).is_none());
        let run = cache.start((3, settings), 1.0, &walk).expect("starts");
        let Action::Simulated(done) = job(1, run, true) else {
            panic!("a simulation's result");
        };
        cache.take(done.wants, done.result);
        let line = said(&cache, 3, length_ms, settings);
        assert!(
            line.contains("left (more than 10° off its line); "),
            "{line}"
        );
    }
}
