//! The Motion menu in the window: whole-motion operations (mirror, reverse, retime,
//! postures, append, convert) and time-range operations (cut, copy, paste, delete, insert
//! time), each run by the library's `ops` and applied as one undo step.
//!
//! - what is asked is the library's [`crate::ops::OpRequest`], the command line's too, with
//!   the appended motions named by their tabs;
//! - [`form`]: the small windows' parameters and previews, as data; [`dialog`] draws them;
//! - [`job`]: a heavy operation run in the background;
//! - this module: applying them to a tab (the apply step).

pub mod dialog;
pub mod form;
pub mod job;
pub mod shape_form;

use form::{OpForm, OpPrompt, OpRequest, PreviewError};

/// Where in a motion tab's motion an operation works: its selected range and playhead.
#[must_use]
fn context_of(tab: &crate::app::motion::MotionTab) -> crate::ops::Context {
    let times = tab.document.times_ms();
    let playhead = tab.playback.time_ms();
    crate::ops::Context {
        label: "this motion".to_owned(),
        range: tab.view.range_keyframes(times),
        at_playhead: times.partition_point(|&t| t <= playhead).saturating_sub(1),
    }
}

use crate::app::StudioApp;
use crate::app::dialogs::Modal;
use crate::app::state::TabId;
use crate::edit::Edit;
use crate::ops::range::Clip;
use crate::words::plural;

impl StudioApp {
    /// Runs an operation on a motion tab and applies the result as one undo step; a
    /// refusal opens a dialog that says why (nothing changes then). A heavy one runs in
    /// the background and is applied when it is done.
    pub(in crate::app) fn motion_op(&mut self, id: TabId, request: &OpRequest) {
        // The tolerance last applied is the one offered next time (and remembered).
        if let OpRequest::Shape {
            spec: crate::ops::shape::ShapeSpec { tolerance_deg, .. },
            ..
        }
        | OpRequest::Simplify { tolerance_deg, .. }
        | OpRequest::Smooth { tolerance_deg, .. } = request
        {
            self.shaping_tolerance_deg = *tolerance_deg;
        }
        if let OpRequest::Shape { spec, .. } = request {
            self.shape_curve = spec.curve;
        }
        let other = self.other_motion(request);
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let context = context_of(tab);
        if job::is_heavy(request, &tab.document.motion) {
            if self
                .op_job
                .as_ref()
                .is_some_and(|j| j.purpose == job::Purpose::Apply)
            {
                self.status
                    .say("Another operation is still running: try again when it is done");
                return;
            }
            let keyframes = tab.document.motion.keyframes.len();
            self.op_job = Some(job::Job::spawn(
                id,
                request.clone(),
                job::Purpose::Apply,
                tab.document.revision(),
                tab.document.motion.clone(),
                context,
                other,
                self.post.clone(),
            ));
            self.status.say(format!(
                "Working: {} of {}…",
                request.verb(),
                plural(keyframes, "keyframe", "keyframes")
            ));
            return;
        }
        let result = request.run(&tab.document.motion, &context, &other);
        self.finish_op(id, request, &context, result);
    }

    /// Applies an operation's result to its tab (or says why there is none).
    fn finish_op(
        &mut self,
        id: TabId,
        request: &OpRequest,
        context: &crate::ops::Context,
        result: Result<crate::ops::Outcome, crate::ops::OpError>,
    ) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        match result {
            Ok(outcome) if outcome.motion == tab.document.motion => {
                // Mirroring a symmetric motion, say: no step, and the motion stays saved.
                // Where the operation said why, that is said.
                let said = outcome.notes.first().map_or_else(
                    || {
                        format!(
                            "Nothing to {}: the result is the motion as it is",
                            request.verb()
                        )
                    },
                    |note| crate::words::capitalised(note),
                );
                self.status.say(said);
            }
            Ok(outcome) => {
                let label = request.undo_label();
                let keyframes_before = tab.document.motion.keyframes.len();
                tab.document
                    .apply(&label, Edit::ReplaceMotion(Box::new(outcome.motion)));
                tab.view.fit_to(&tab.document.motion);
                tab.view.range_ms =
                    request.range_after(context, tab.document.times_ms(), keyframes_before);
                tab.timeline.fit_requested |= request.refits();
                let mut said = request.done_message(&tab.document.motion);
                for note in &outcome.notes {
                    said.push_str("; ");
                    said.push_str(note);
                }
                self.status.say(said);
            }
            Err(error) => {
                self.modal = Some(Modal::Error {
                    title: format!("Cannot {}", request.verb()),
                    message: format!("{}: {error}", tab.document.origin.display_name()),
                });
            }
        }
    }

    /// Takes a background operation's result, posted when it was done: into the open
    /// dialog's preview, or applied to its motion (unless the motion changed meanwhile).
    /// A result of a job the window no longer waits for is dropped.
    pub(in crate::app) fn job_done(&mut self, done: crate::app::state::JobDone) {
        if self.op_job.as_ref().is_none_or(|job| job.id != done.job) {
            return;
        }
        let Some(job) = self.op_job.take() else {
            return;
        };
        let result = done.result;
        match job.purpose {
            job::Purpose::Preview => {
                if let Some(Modal::MotionOp(prompt)) = &mut self.modal
                    && prompt.tab == job.tab
                    && prompt.form.request(|id| self.tabs.is_motion(id)).as_ref()
                        == Some(&job.request)
                {
                    let was = self
                        .tabs
                        .get(job.tab)
                        .and_then(|t| t.motion())
                        .map(|tab| form::counts(tab.document.problems()));
                    prompt.preview = Some(
                        result
                            .map(|o| form::Preview::of(&o).beside(was))
                            .map_err(PreviewError::Op),
                    );
                    prompt.working = false;
                }
            }
            job::Purpose::Apply => {
                let current = self.tabs.motion_mut(job.tab).map(|t| t.document.revision());
                if current == Some(job.revision) {
                    self.finish_op(job.tab, &job.request, &job.context, result);
                } else if current.is_some() {
                    self.status.say(format!(
                        "Did not {}: the motion changed while it ran; run it again",
                        job.request.verb()
                    ));
                }
            }
        }
    }

    /// The other motion an Append takes, cloned (it is another tab).
    fn other_motion(&self, request: &OpRequest) -> Vec<(String, crate::codec::mtn::Motion)> {
        let OpRequest::Append { others, .. } = request else {
            return Vec::new();
        };
        others
            .iter()
            .filter_map(|&id| self.tabs.get(id)?.motion())
            .map(|tab| (tab.document.tab_title(), tab.document.motion.clone()))
            .collect()
    }

    /// Fills an operation dialog's preview from the tab it is about (a heavy one starts in
    /// the background, and the dialog says it is working).
    pub(in crate::app) fn refresh_op(&mut self, mut prompt: OpPrompt) -> OpPrompt {
        prompt.working = false;
        let Some(request) = prompt.form.request(|id| self.tabs.is_motion(id)) else {
            prompt.preview = None;
            return prompt;
        };
        let other = self.other_motion(&request);
        let Some(tab) = self.tabs.get(prompt.tab).and_then(|t| t.motion()) else {
            prompt.preview = Some(Err(PreviewError::TabClosed));
            return prompt;
        };
        let context = context_of(tab);
        prompt.basis = Some((tab.document.revision(), tab.view.range_ms));
        if job::is_heavy(&request, &tab.document.motion) {
            if self
                .op_job
                .as_ref()
                .is_some_and(|j| j.purpose == job::Purpose::Apply)
            {
                prompt.preview = Some(Err(PreviewError::Busy));
                return prompt;
            }
            self.op_job = Some(job::Job::spawn(
                prompt.tab,
                request,
                job::Purpose::Preview,
                tab.document.revision(),
                tab.document.motion.clone(),
                context,
                other,
                self.post.clone(),
            ));
            prompt.preview = None;
            prompt.working = true;
            return prompt;
        }
        prompt.preview = Some(
            request
                .run(&tab.document.motion, &context, other.as_ref())
                .map(|o| form::Preview::of(&o).beside(Some(form::counts(tab.document.problems()))))
                .map_err(PreviewError::Op),
        );
        prompt
    }

    /// Works the open dialog's preview out again where the motion or its range changed
    /// behind it (only a dialog that leaves the window usable can see that happen).
    pub(in crate::app) fn refresh_stale_op(&mut self) {
        let Some(Modal::MotionOp(prompt)) = &self.modal else {
            return;
        };
        let current = self
            .tabs
            .get(prompt.tab)
            .and_then(|t| t.motion())
            .map(|tab| (tab.document.revision(), tab.view.range_ms));
        if prompt.working || prompt.basis.is_none() || current == prompt.basis {
            return;
        }
        if let Some(Modal::MotionOp(prompt)) = self.modal.take() {
            self.modal = Some(Modal::MotionOp(self.refresh_op(prompt)));
        }
    }

    /// Copies the selected time range of the motion in front: into the window and onto the
    /// system clipboard as text (so it pastes into another motion, or another window).
    pub(in crate::app) fn copy_range(&mut self, ctx: &egui::Context) -> Option<Clip> {
        let id = self.tabs.active?;
        let tab = self.tabs.motion_mut(id)?;
        let (first, last) = tab.view.range_keyframes(tab.document.times_ms())?;
        let clip = crate::ops::range::copy(&tab.document.motion, first, last).ok()?;
        ctx.copy_text(clip.to_text());
        self.status.say(format!(
            "Copied keyframes {first}–{last} ({})",
            plural(last - first + 1, "keyframe", "keyframes")
        ));
        Some(clip)
    }
}

impl StudioApp {
    /// The Motion menu's commands; `false` for any other command.
    pub(in crate::app) fn motion_menu_command(
        &mut self,
        command: crate::app::command::UiCommand,
    ) -> bool {
        use crate::app::command::UiCommand as C;
        let direct = match command {
            C::Mirror => Some(OpRequest::Mirror),
            C::Reverse => Some(OpRequest::Reverse),
            C::RobotRate => Some(OpRequest::ToRobotRate),
            C::DeleteRange => Some(OpRequest::DeleteRange),
            C::FixSpeed => Some(OpRequest::FixSpeed { span_ms: None }),
            C::BodyAngles => Some(OpRequest::BodyAngles),
            C::RetimeToSound | C::MarkOnsets => return self.sound_command(command),
            C::Shape | C::Simplify | C::Smooth => None,
            C::Retime
            | C::Postures
            | C::AppendMotion
            | C::ConvertModel
            | C::InsertTime
            | C::ClearRange => None,
            _ => return false,
        };
        let Some(id) = self
            .tabs
            .active
            .filter(|&id| self.tabs.motion_mut(id).is_some())
        else {
            self.status
                .say(format!("{}: open a motion first", command.label()));
            return true;
        };
        if let Some(request) = direct {
            if request == OpRequest::DeleteRange && !self.has_range(id) {
                self.status
                    .say("Select a time range first: drag along the strip above the timeline");
                return true;
            }
            self.motion_op(id, &request);
            return true;
        }
        let Some(tab) = self.tabs.motion_mut(id) else {
            return true;
        };
        if matches!(command, C::Shape | C::Simplify | C::Smooth) {
            span_selected_keyframes(tab);
        }
        let ranged = tab.view.range_keyframes(tab.document.times_ms());
        let form = match command {
            C::ClearRange => {
                tab.view.range_ms = None;
                return true;
            }
            C::Retime => {
                let times = tab.document.times_ms();
                let (first, last) = ranged.unwrap_or((0, times.len().saturating_sub(1)));
                let span = times
                    .get(last)
                    .zip(times.get(first))
                    .map_or(0, |(b, a)| b - a);
                OpForm::Retime {
                    by_factor: false,
                    duration_ms: span,
                    factor: 1.0,
                    range: ranged.is_some(),
                }
            }
            C::Postures => {
                let name = crate::robot::chunk_name::parse(&tab.document.motion.name);
                let index = |p: Option<&str>| {
                    ["stand", "sit", "sleep"]
                        .iter()
                        .position(|n| Some(*n) == p)
                        .map_or(0, |i| i + 1)
                };
                OpForm::Pose {
                    start: index(name.as_ref().map(|n| n.start.as_str())),
                    end: index(name.as_ref().map(|n| n.end.as_str())),
                    transition_ms: 480,
                }
            }
            C::AppendMotion => OpForm::Append {
                other: None,
                transition_ms: 480,
            },
            C::ConvertModel => {
                let current = crate::robot::parse_design(&tab.document.motion.design)
                    .map(|d| d.model.label());
                OpForm::Retarget {
                    target: usize::from(current == Some("DRX-1000")),
                    keep_feet: true,
                }
            }
            C::Shape => {
                // The joints of the selected points, where points are selected; else the
                // joints shown.
                let picked: std::collections::BTreeSet<usize> = tab
                    .view
                    .selection
                    .iter()
                    .filter_map(|&(_, channel)| match channel {
                        crate::app::motion::view::Channel::Joint(j) => Some(j),
                        crate::app::motion::view::Channel::Body(_) => None,
                    })
                    .collect();
                let from_points = !picked.is_empty();
                let (curve, handles) = form::curve_index(self.shape_curve);
                OpForm::Shape {
                    curve,
                    handles,
                    tolerance_deg: self.shaping_tolerance_deg,
                    shown_only: from_points,
                    shown: if from_points {
                        picked.into_iter().collect()
                    } else {
                        (0..tab.view.visible.len())
                            .filter(|&j| tab.view.visible[j])
                            .collect()
                    },
                    from_points,
                    range: ranged.is_some(),
                }
            }
            C::Simplify => OpForm::Simplify {
                tolerance_deg: self.shaping_tolerance_deg,
                range: ranged.is_some(),
            },
            C::Smooth => OpForm::Smooth {
                strength: 2.0,
                tolerance_deg: self.shaping_tolerance_deg,
                range: ranged.is_some(),
            },
            _ => OpForm::InsertTime { ms: 480 },
        };
        let prompt = self.refresh_op(OpPrompt {
            tab: id,
            form,
            preview: None,
            working: false,
            focus: true,
            apply_next: 0,
            basis: None,
        });
        self.modal = Some(Modal::MotionOp(prompt));
        true
    }

    fn has_range(&mut self, id: TabId) -> bool {
        self.tabs
            .motion_mut(id)
            .is_some_and(|tab| tab.view.range_keyframes(tab.document.times_ms()).is_some())
    }

    /// Whether the motion in front has a time range selected (Copy, Cut and Paste then
    /// work on keyframes rather than a pose).
    pub(in crate::app) fn active_has_range(&mut self) -> bool {
        self.tabs.active.is_some_and(|id| self.has_range(id))
    }

    /// Pastes copied keyframes after the keyframe at the playhead of the motion in front.
    pub(in crate::app) fn paste_clip(&mut self, clip: Clip) {
        match self
            .tabs
            .active
            .filter(|&id| self.tabs.motion_mut(id).is_some())
        {
            Some(id) => self.motion_op(id, &OpRequest::Paste(Box::new(clip))),
            None => self.status.say("Open a motion to paste the keyframes into"),
        }
    }

    /// Copies the selected range, then deletes it (one undo step).
    pub(in crate::app) fn cut_range(&mut self, ctx: &egui::Context) {
        if let (Some(clip), Some(id)) = (self.copy_range(ctx), self.tabs.active) {
            self.keyframes_clip = Some(clip);
            self.clipboard = None;
            self.motion_op(id, &OpRequest::CutRange);
        }
    }
}

/// Where no time range is selected but keyframes are (rows, or points of two keyframes or
/// more), the range from the first of them to the last becomes the selected range: Shape,
/// Simplify and Smooth work between the selected keyframes.
fn span_selected_keyframes(tab: &mut crate::app::motion::MotionTab) {
    let times = tab.document.times_ms();
    if tab.view.range_keyframes(times).is_some() {
        return;
    }
    let keyframes: std::collections::BTreeSet<usize> = tab
        .view
        .selected_keyframes
        .iter()
        .copied()
        .chain(tab.view.selection.iter().map(|&(k, _)| k))
        .filter(|&k| k < times.len())
        .collect();
    if let (Some(&first), Some(&last)) = (keyframes.first(), keyframes.last())
        && first < last
    {
        tab.view.range_ms = Some((times[first], times[last]));
    }
}
