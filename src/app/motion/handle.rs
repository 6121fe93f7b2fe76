//! Applying a motion tab's actions: its document's edits and gestures, its view, its
//! playback, its tracks' edits, what its stage shows, and its floor's solution.

use super::MotionTab;
use super::stage::model::StageModel;
use super::tracks::TrackView;
use super::view::View;
use crate::app::action::MotionAction;
use crate::app::effects::Effects;
use crate::app::state::{FloorSolved, TabId};
use crate::edit::tracks::TrackEdit;
use crate::edit::{Document, Playback};
use crate::robot::verdict;

impl MotionTab {
    /// Handles an action of the tab.
    pub fn handle(&mut self, action: MotionAction, fx: &mut Effects) {
        let simulated_before = (self.stage.simulate, self.stage.sim_settings());
        let Self {
            document,
            view,
            playback,
            track_view,
            stage,
            ..
        } = self;
        let ticks = document.tick_count();
        let mut stage_changed = false;
        match action {
            MotionAction::Edit { label, edit } => edit_in_view(document, view, &label, edit),
            MotionAction::BeginGesture(label) => document.begin_gesture(&label),
            // A drag on the timeline leaves the view where the animator has it.
            MotionAction::EndGesture => document.end_gesture(),
            // The stage's gestures (a body change typed or dragged, a paw placed) widen the
            // angles in view at their end where a joint went beyond them.
            MotionAction::EndGestureAs(label) => {
                document.end_gesture_as(&label);
                view.requests.values();
            }
            MotionAction::CancelGesture => {
                document.cancel_gesture();
                view.fit_to(&document.motion);
            }
            MotionAction::Seek(time_ms) => playback.seek_ms(time_ms, ticks),
            MotionAction::SeekKeyframe(k) => {
                if let Some(&time_ms) = document.times_ms().get(k) {
                    playback.seek_ms(time_ms, ticks);
                }
            }
            MotionAction::SelectPoints(points) => {
                track_view.selected_led = None;
                view.select_points(points);
            }
            MotionAction::SelectKeyframe { keyframe, how } => {
                track_view.selected_led = None;
                view.pick_row(keyframe, how);
            }
            MotionAction::SetVisible(channel, shown) => view.set_visible(channel, shown),
            MotionAction::ShowAll => view.show_all(),
            MotionAction::HideAll => view.hide_all(),
            MotionAction::Solo(joints) => view.solo(&joints),
            MotionAction::Focus(channel) => view.focused = channel,
            MotionAction::SetRange(range) => view.range_ms = range,
            MotionAction::SetFollowFileRate(follow) => view.follow_file_rate = follow,
            MotionAction::SetLooping(looping) => playback.looping = looping,
            MotionAction::SetSpeed(speed) => playback.set_speed(speed),
            MotionAction::Track(edit) => edit_tracks(document, track_view, edit, fx),
            MotionAction::SelectLed(index) => {
                if index.is_some() {
                    // One selection at a time: the Delete key deletes what was chosen last.
                    view.selection.clear();
                    view.selected_keyframes.clear();
                }
                track_view.selected_led = index;
            }
            MotionAction::Stage(change) => {
                stage.handle(change);
                stage_changed = true;
            }
            MotionAction::Link(joint, link) => match link {
                Some(link) => view.links.link(link),
                None => view.links.unlink(joint),
            },
        }
        if stage_changed {
            if !self.stage.simulate {
                self.sim.cancel();
            }
            // The simulation's problems, or the rest model's again.
            self.publish_floor();
            let now = (self.stage.simulate, self.stage.sim_settings());
            if now != simulated_before {
                self.say_floor(fx);
            }
        }
    }

    /// Reads the window's clock (`now_s`, the frame's wall-clock time): the tab in front
    /// moves its playhead to where the clock says if the motion plays, one behind others
    /// holds it. Returns whether the motion plays in front (the window draws again).
    pub fn read_clock(&mut self, now_s: f64, in_front: bool) -> bool {
        if !in_front {
            self.playback.hold_clock(now_s);
            return false;
        }
        follow_clock(
            &mut self.playback,
            now_s,
            (&self.document, &self.view, self.stage),
        );
        self.playback.playing
    }

    /// Works out the floor when the motion changed (`floor_job`): at once for a short
    /// motion, else in the background (this is tab `id`), when nothing is under way.
    pub fn refresh_floor(&mut self, id: TabId, fx: &mut Effects) {
        use super::floor_job::{INLINE_TICKS, job, solve};
        let revision = self.document.revision();
        if !self.floor.wants(revision) {
            return;
        }
        let ticks = self.document.tick_count();
        if ticks > crate::robot::floor::MAX_SOLVED_TICKS {
            // Too long to work out every tick: nothing to copy to a thread for.
            self.floor
                .store(revision, std::sync::Arc::default(), Default::default());
            self.publish_floor();
        } else if ticks <= INLINE_TICKS {
            let (ticks, problems, spans) = solve(&self.document.motion);
            self.floor
                .store(revision, std::sync::Arc::new(ticks), (problems, spans));
            self.publish_floor();
        } else {
            self.floor.pending = Some(revision);
            let motion = self.document.motion.clone();
            fx.spawn(move || job(id, revision, &motion));
        }
    }

    /// Takes a floor solution: kept whatever its revision (the newest there is), its
    /// problems given to the document when it is still current.
    pub fn floor_solved(&mut self, done: FloorSolved) {
        self.floor
            .store(done.revision, done.ticks, (done.problems, done.spans));
        self.publish_floor();
    }

    /// Simulates the motion once the edits have paused, where the floor's verdict is the
    /// simulation's (`robot::verdict`: a model whose body is measured) or the stage's
    /// Simulate switch shows it (`simulation`; this is tab `id`, `now` the window's clock in
    /// s); returns whether the window should draw again soon (a run waits or is under way).
    pub fn refresh_simulation(&mut self, id: TabId, now: f64, fx: &mut Effects) -> bool {
        if !(self.stage.simulate || verdict::simulated(&self.document.motion)) {
            self.sim.cancel();
            return false;
        }
        let wants = (self.document.revision(), self.stage.sim_settings());
        if let Some(run) = self.sim.start(wants, now, &self.document.motion) {
            fx.spawn(move || super::simulation_job::job(id, run, false));
        }
        !self.sim.settled(wants.0, wants.1)
    }

    /// Simulates a walk generator's preview (`walk`: its key and result) on the stage's floor
    /// once it has stayed the same a moment, a newer preview cancelling the run under way;
    /// None (no walk previewed) stops it. Returns whether the window should draw again
    /// soon.
    pub fn refresh_preview_simulation(
        &mut self,
        id: TabId,
        walk: Option<(u64, &crate::codec::mtn::Motion)>,
        now: f64,
        fx: &mut Effects,
    ) -> bool {
        let Some((key, result)) = walk else {
            self.preview_sim.cancel();
            return false;
        };
        let wants = (key, self.stage.sim_settings());
        if let Some(run) = self.preview_sim.start(wants, now, result) {
            fx.spawn(move || super::simulation_job::job(id, run, true));
        }
        !self.preview_sim.settled(wants.0, wants.1)
    }

    /// Takes a simulation's result, and says in the status bar what it found when it is of
    /// the motion as it is (the problems' count said when the motion was opened is then
    /// stale).
    pub fn simulated(&mut self, done: crate::app::state::Simulated, fx: &mut Effects) {
        let (revision, settings) = done.wants;
        let before = self.floor_warnings();
        self.sim.take(done.wants, done.result);
        self.publish_floor();
        let current =
            self.floor.revision == Some(revision) && settings == self.stage.sim_settings();
        // A drag's poses on the way are not said (nor remembered as said): its end is.
        if !current || self.document.in_gesture() {
            return;
        }
        // Said where the verdict changed what is wrong, or the stage's simulation was
        // switched or set otherwise: after an edit that changes neither, the status bar
        // keeps saying what the edit did.
        let mut kinds: Vec<_> = self
            .floor_warnings()
            .iter()
            .map(|p| (p.code, p.severity))
            .collect();
        kinds.sort();
        let said = (self.stage.simulate, settings, kinds);
        let say = match &self.sim.said {
            Some(before) => *before != said,
            // The first simulation of a tab: said where it changes what the window said
            // before it (the body at rest's verdict), or the stage shows it.
            None => self.stage.simulate || self.floor_warnings() != before,
        };
        self.sim.said = Some(said);
        if say {
            self.say_floor(fx);
        }
    }

    /// The floor's warnings now (the verdict's: falls, slips, paws stood on, leans).
    fn floor_warnings(&self) -> Vec<crate::codec::Problem> {
        self.document
            .floor_problems()
            .iter()
            .filter(|p| p.severity > crate::codec::Severity::Info)
            .cloned()
            .collect()
    }

    /// Says in the status bar whose word the floor's problems are now: what the simulation
    /// found (when it has run for the motion as it is, with the stage's settings), or why
    /// they are the body at rest's.
    fn say_floor(&self, fx: &mut Effects) {
        use super::simulation::{found, in_all};
        let problems = self.document.problems();
        let revision = self.floor.revision;
        let settings = self.stage.sim_settings();
        if let Some(sim) = revision.and_then(|r| self.sim.current(r, settings)) {
            fx.verdict(
                self.stage.simulate,
                if self.stage.simulate {
                    found(sim, problems)
                } else {
                    format!("The stage shows the body at rest. {}", found(sim, problems))
                },
            );
        } else if let Some(why) = revision.and_then(|r| self.sim.failed(r, settings)) {
            fx.verdict(
                self.stage.simulate,
                format!(
                    "Not simulated ({why}): falls and slides as the body at rest has them; {}",
                    in_all(problems)
                ),
            );
        } else if !verdict::simulated(&self.document.motion) {
            fx.verdict(
                self.stage.simulate,
                format!(
                    "Falls and slides as the body at rest has them (this model's proportions are \
                 rough); {}",
                    in_all(problems)
                ),
            );
        }
    }

    /// Gives the document the floor's problems, judged as `robot::verdict` says: by the
    /// simulation where the model's body is measured (until it has run for the revision, the
    /// body at rest's falls wait as notes), else by the body at rest.
    fn publish_floor(&mut self) {
        use crate::robot::verdict::{AtRest, Verdict, floor_verdict};
        let Some(revision) = self.floor.revision else {
            return;
        };
        let (problems, spans) = &self.floor.problems;
        let settings = self.stage.sim_settings();
        let verdict = if !verdict::simulated(&self.document.motion) {
            Verdict::AtRest(AtRest::Rough)
        } else if let Some(sim) = self.sim.current(revision, settings) {
            Verdict::Simulated(sim)
        } else if let Some(why) = self.sim.failed(revision, settings) {
            Verdict::AtRest(AtRest::NotSimulated(why))
        } else {
            Verdict::Pending
        };
        let offsets = crate::codec::mtn::offsets(&self.document.motion).unwrap_or_default();
        let (problems, spans) =
            floor_verdict(&self.document.motion, &offsets, (problems, spans), verdict);
        self.document.set_floor_problems(revision, problems, spans);
    }
}

/// Moves `playback` to where the clock reading `now_s` puts it, for the tab's document, view
/// and stage: at the file's frame rate where the view follows it (a 32 ms field plays each
/// frame for 32 ms), over the selected range where it loops, and through every play of a
/// simulation of several (looping or not). The step that handles actions and the drawing of
/// the frame (which shows the playhead at the frame's clock) both come here.
pub(super) fn follow_clock(
    playback: &mut Playback,
    now_s: f64,
    (document, view, stage): (&Document, &View, StageModel),
) {
    playback.plays = if stage.simulate {
        u64::from(stage.sim_settings().repeat.max(1))
    } else {
        1
    };
    playback.follow_clock(
        now_s,
        view.time_scale(&document.motion),
        document.tick_count(),
        view.range_ms,
    );
}

/// An edit applied to `document` as the user's `label`: linked joints follow, the picked
/// keyframes stay picked, and a value now beyond the angles in view widens them (a pose
/// applied, a shape), never while a gesture is under way.
fn edit_in_view(document: &mut Document, view: &mut View, label: &str, edit: crate::edit::Edit) {
    let edit = view.links.expand(edit, &document.motion);
    let picked = view.picked(document.times_ms());
    document.apply(label, edit);
    view.refit(&document.motion, document.times_ms(), picked);
    if !document.in_gesture() {
        view.requests.values();
    }
}

/// An edit of the sound and LED tracks; the LED note it chose (or none, once the LED track
/// is removed) becomes the selected one.
fn edit_tracks(
    document: &mut Document,
    track_view: &mut TrackView,
    edit: TrackEdit,
    fx: &mut Effects,
) {
    let led = matches!(edit, TrackEdit::Led(_));
    let led_removed = edit == TrackEdit::Remove(crate::behaviour::Track::Led);
    let applied = document.edit_tracks(edit);
    if led {
        track_view.selected_led = applied.selected;
    } else if led_removed {
        track_view.selected_led = None;
    }
    if let Some(said) = applied.said {
        fx.say(said);
    }
}
