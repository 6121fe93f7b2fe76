//! Motion > Find a Walk… handled: the search runs on a thread of its own, sharing each
//! generation's progress with the dialog and stopping when asked or when its time is up;
//! its result comes back through the action queue, and Use the Best writes the walk into
//! the motion through the Motion menu's one path (one undo step).

use super::StudioApp;
use super::action::{Action, FindWalk};
use super::dialogs::{Modal, SearchShared, WalkSearchPrompt};
use super::effects::Effects;
use super::motion::ops::form::OpRequest;
use crate::ops::generate::search::{Asked, find_walk};
use crate::ops::generate::{Gait, Generator, Walk, generate};
use std::sync::atomic::Ordering;

impl StudioApp {
    /// Does what Motion > Find a Walk… asked.
    pub(in crate::app) fn find_walk(&mut self, ask: FindWalk, fx: &mut Effects) {
        match ask {
            FindWalk::Start(prompt) => self.start_walk_search(*prompt, fx),
            FindWalk::Stop => {
                if let Some(Modal::FindWalk(prompt)) = &self.modal
                    && let Some(shared) = &prompt.shared
                {
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
            FindWalk::Found(tab, found) => {
                if let Some(Modal::FindWalk(prompt)) = &mut self.modal
                    && prompt.tab == tab
                {
                    prompt.running = false;
                }
                fx.say(found.map_or_else(
                    || "Find a Walk: no candidate was scored".to_owned(),
                    |best| {
                        format!(
                            "Find a Walk: the best goes {:.0} mm/s forward, heading {:+.1}°{}",
                            best.speed_mm_s,
                            best.heading_deg,
                            if best.is_clean() {
                                ", with no fall, slide or warning"
                            } else {
                                "; no candidate met every condition"
                            }
                        )
                    },
                ));
            }
            FindWalk::Use(tab, walk) => {
                fx.close_modal();
                fx.then(Action::MotionOp(
                    tab,
                    OpRequest::Generate {
                        generator: Generator::Walk(*walk),
                        span_ms: None,
                    },
                ));
            }
        }
    }

    /// Starts the search `prompt` describes on its tab's motion, in the background.
    fn start_walk_search(&mut self, mut prompt: WalkSearchPrompt, fx: &mut Effects) {
        let Some(tab) = self.tabs.get(prompt.tab).and_then(super::tabs::Tab::motion) else {
            fx.say("Find a Walk: the motion's tab is closed");
            return;
        };
        let motion = tab.document.motion.clone();
        if let Err(e) = generate(&motion, None, &Generator::Walk(Walk::default()), 0.5) {
            fx.say(format!(
                "Find a Walk: no walk can be made from this motion: {e}"
            ));
            return;
        }
        let asked = Asked {
            gait: Gait::ALL.get(prompt.gait).copied().unwrap_or(Gait::Trot),
            per_generation: prompt.candidates,
            generations: prompt.generations,
            seed: prompt.seed,
            ..Asked::default()
        };
        let shared = SearchShared::default();
        let (progress, stop) = (shared.progress.clone(), shared.stop.clone());
        let (seconds, id) = (prompt.seconds, prompt.tab);
        prompt.shared = Some(shared);
        prompt.running = true;
        self.modal = Some(Modal::FindWalk(Box::new(prompt)));
        fx.spawn(move || {
            let began = std::time::Instant::now();
            let found = find_walk(&motion, &asked, &mut |p| {
                if let Ok(mut slot) = progress.lock() {
                    *slot = Some(p.clone());
                }
                !stop.load(Ordering::Relaxed) && began.elapsed().as_secs() < seconds
            });
            Action::FindWalk(FindWalk::Found(id, found.map(Box::new)))
        });
    }
}
