//! The Motion menu in the window: whole-motion operations (mirror, reverse, retime,
//! postures, append, convert, shape, simplify, smooth) and time-range operations (cut, copy,
//! paste, delete, insert time), each run by the library's `ops` and applied as one undo
//! step.
//!
//! - what is asked is the library's [`crate::ops::OpRequest`], the command line's too, with
//!   the appended motions named by their tabs;
//! - [`form`]: the small windows' parameters and previews, as data; [`dialog`] draws them;
//! - [`job`]: a heavy operation run in the background;
//! - [`menu`]: a motion tab's Motion menu commands, which ask for an operation or open its
//!   dialog;
//! - this module: [`Operations`], the window's running of operations (one in the background at
//!   a time, for any tab), their previews, and what the dialogs offer next.

pub mod dialog;
pub mod form;
pub mod generate_fields;
pub mod generate_form;
pub mod job;
mod menu;

pub use menu::Dialog;
pub mod shape_form;
pub mod walk_preview;

use super::MotionTab;
use crate::app::dialogs::Modal;
use crate::app::effects::Effects;
use crate::app::state::{JobDone, TabId};
use crate::app::tabs::Tabs;
use crate::edit::Edit;
use crate::words::plural;
pub use form::Offers;
use form::{OpPrompt, OpRequest, PreviewError};

/// The window's running of Motion menu operations.
#[derive(Debug)]
pub struct Operations {
    /// An operation running in the background (one at a time).
    job: Option<job::Job>,
    /// What the shaping dialogs offer (the last applied; the tolerance is remembered).
    pub offers: Offers,
}

impl Default for Operations {
    fn default() -> Self {
        Self {
            job: None,
            offers: Offers {
                tolerance_deg: crate::ops::shape::DEFAULT_TOLERANCE_DEG,
                curve: crate::ops::shape::Curve::EaseInOut,
            },
        }
    }
}

/// Brings into view what the open Generate… window's preview writes past its motion's end
/// (a generator that makes the motion longer), from where its range starts.
pub fn reveal_preview(tabs: &mut Tabs, modal: Option<&Modal>) {
    let Some(Modal::MotionOp(prompt)) = modal else {
        return;
    };
    let Some(Ok(preview)) = &prompt.preview else {
        return;
    };
    if !matches!(prompt.form, form::OpForm::Generate(_)) {
        return;
    }
    let Some(tab) = tabs.motion_mut(prompt.tab) else {
        return;
    };
    let end = tab.document.duration_ms();
    let from = tab.view.range_ms.map_or(0, |(from, _)| from);
    if preview.duration_ms > end {
        tab.view.requests.reveal_span(from, preview.duration_ms);
    }
    let to = tab
        .view
        .range_ms
        .map_or(end, |(_, to)| to)
        .max(preview.duration_ms);
    let view = (tab.view.visible.as_slice(), (from, to));
    if let Some((low, high)) = changed_extent(&tab.document.motion, preview, view) {
        tab.view.requests.reveal_angles(low, high);
    }
}

/// The lowest and highest value (degrees) `preview` gives a shown joint (`visible`) at a
/// keyframe in `span_ms` where it changes what `motion` commands there (past its end, its
/// last pose).
fn changed_extent(
    motion: &crate::codec::mtn::Motion,
    preview: &form::Preview,
    (visible, span_ms): (&[bool], (u64, u64)),
) -> Option<(f64, f64)> {
    let keyframes = &motion.keyframes;
    let last = keyframes.get(keyframes.len().checked_sub(1)?)?;
    let times = &preview.result_times;
    let (first, end) = (
        times.partition_point(|&t| t < span_ms.0),
        times.partition_point(|&t| t <= span_ms.1),
    );
    let mut extent: Option<(f64, f64)> = None;
    for (k, &t) in times.iter().enumerate().take(end).skip(first) {
        let Some(row) = preview.result.keyframes.get(k) else {
            continue;
        };
        let tick = t / crate::robot::timing::TICK_MS;
        let was = crate::robot::timing::values_at_tick(keyframes, tick)
            .unwrap_or_else(|| last.angles_urad.to_vec());
        for (j, (&now, &then)) in row.angles_urad.iter().zip(&was).enumerate() {
            if now != then && visible.get(j).copied().unwrap_or(false) {
                let deg = crate::codec::units::urad_to_deg(now);
                extent = Some(extent.map_or((deg, deg), |(l, h)| (l.min(deg), h.max(deg))));
            }
        }
    }
    extent
}

/// Where in a motion tab's motion an operation works: its selected range and playhead.
#[must_use]
fn context_of(tab: &MotionTab) -> crate::ops::Context {
    let times = tab.document.times_ms();
    let playhead = tab.playback.time_ms();
    crate::ops::Context {
        label: "this motion".to_owned(),
        range: tab.view.range_keyframes(times),
        at_playhead: times.partition_point(|&t| t <= playhead).saturating_sub(1),
    }
}

/// `request` as it runs on `tab`: a generator goes into the selected time range as it was
/// selected, in ms (a range between two keyframes, with none inside, is a range too).
fn in_selected_range(request: &OpRequest, tab: &MotionTab) -> OpRequest {
    match (request, tab.view.range_ms) {
        (
            OpRequest::Generate {
                generator,
                span_ms: None,
            },
            Some(range),
        ) => OpRequest::Generate {
            generator: generator.clone(),
            span_ms: Some(range),
        },
        _ => request.clone(),
    }
}

/// The other motions an Append takes, cloned (they are other tabs).
fn other_motions(tabs: &Tabs, request: &OpRequest) -> Vec<(String, crate::codec::mtn::Motion)> {
    let OpRequest::Append { others, .. } = request else {
        return Vec::new();
    };
    others
        .iter()
        .filter_map(|&id| tabs.get(id)?.motion())
        .map(|tab| (tab.document.tab_title(), tab.document.motion.clone()))
        .collect()
}

impl Operations {
    /// What the shaping dialogs offer.
    #[must_use]
    pub fn offers(&self) -> Offers {
        self.offers
    }

    /// Whether a job is running (the window looks for its result now and then).
    #[must_use]
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Runs an operation on tab `id` and applies the result as one undo step; a refusal
    /// opens a dialog that says why (nothing changes then). A heavy one runs in the
    /// background and is applied when it is done.
    pub fn run(&mut self, tabs: &mut Tabs, id: TabId, request: &OpRequest, fx: &mut Effects) {
        // The tolerance last applied is the one offered next time (and remembered).
        if let OpRequest::Shape {
            spec: crate::ops::shape::ShapeSpec { tolerance_deg, .. },
            ..
        }
        | OpRequest::Simplify { tolerance_deg, .. }
        | OpRequest::Smooth { tolerance_deg, .. } = request
        {
            self.offers.tolerance_deg = *tolerance_deg;
        }
        if let OpRequest::Shape { spec, .. } = request {
            self.offers.curve = spec.curve;
        }
        let others = other_motions(tabs, request);
        let Some(tab) = tabs.motion_mut(id) else {
            return;
        };
        let context = context_of(tab);
        let request = &in_selected_range(request, tab);
        if job::is_heavy(request, &tab.document.motion) {
            if self
                .job
                .as_ref()
                .is_some_and(|j| j.purpose == job::Purpose::Apply)
            {
                fx.say("Another operation is still running: try again when it is done");
                return;
            }
            let keyframes = tab.document.motion.keyframes.len();
            let (job, work) = job::Job::start(
                (id, tab.document.revision()),
                request.clone(),
                job::Purpose::Apply,
                (tab.document.motion.clone(), context),
                others,
            );
            self.job = Some(job);
            fx.spawn(work);
            fx.say(format!(
                "Working: {} of {}…",
                request.verb(),
                plural(keyframes, "keyframe", "keyframes")
            ));
            return;
        }
        let result = request.run(&tab.document.motion, &context, &others);
        finish(tab, request, &context, result, fx);
    }

    /// Takes a background operation's result: into the open dialog's preview, or applied to
    /// its motion (unless the motion changed meanwhile). A result of a job no longer waited
    /// for is dropped.
    pub fn job_done(
        &mut self,
        tabs: &mut Tabs,
        modal: &mut Option<Modal>,
        done: JobDone,
        fx: &mut Effects,
    ) {
        if self.job.as_ref().is_none_or(|job| job.id != done.job) {
            return;
        }
        let Some(job) = self.job.take() else {
            return;
        };
        let result = done.result;
        match job.purpose {
            job::Purpose::Preview => {
                if let Some(Modal::MotionOp(prompt)) = modal
                    && prompt.tab == job.tab
                    && prompt.form.request(|id| tabs.is_motion(id)).as_ref() == Some(&job.request)
                {
                    let was = tabs
                        .get(job.tab)
                        .and_then(|t| t.motion())
                        .map(|tab| form::Now::of(&tab.document));
                    prompt.preview = Some(
                        result
                            .map(|o| form::Preview::of(&o).beside(was))
                            .map_err(PreviewError::Op),
                    );
                    prompt.working = false;
                }
            }
            job::Purpose::Apply => match tabs.motion_mut(job.tab) {
                Some(tab) if tab.document.revision() == job.revision => {
                    finish(tab, &job.request, &job.context, result, fx);
                }
                Some(_) => fx.say(format!(
                    "Did not {}: the motion changed while it ran; run it again",
                    job.request.verb()
                )),
                None => {}
            },
        }
    }

    /// Fills an operation dialog's preview from the tab it is about (a heavy one starts in
    /// the background, and the dialog says it is working).
    pub fn refresh(&mut self, tabs: &Tabs, mut prompt: OpPrompt, fx: &mut Effects) -> OpPrompt {
        prompt.working = false;
        let Some(request) = prompt.form.request(|id| tabs.is_motion(id)) else {
            prompt.preview = None;
            return prompt;
        };
        let others = other_motions(tabs, &request);
        let Some(tab) = tabs.get(prompt.tab).and_then(|t| t.motion()) else {
            prompt.preview = Some(Err(PreviewError::TabClosed));
            return prompt;
        };
        let context = context_of(tab);
        let request = in_selected_range(&request, tab);
        prompt.basis = Some((tab.document.revision(), tab.view.range_ms));
        if job::is_heavy(&request, &tab.document.motion) {
            if self
                .job
                .as_ref()
                .is_some_and(|j| j.purpose == job::Purpose::Apply)
            {
                prompt.preview = Some(Err(PreviewError::Busy));
                return prompt;
            }
            let (job, work) = job::Job::start(
                (prompt.tab, tab.document.revision()),
                request,
                job::Purpose::Preview,
                (tab.document.motion.clone(), context),
                others,
            );
            self.job = Some(job);
            fx.spawn(work);
            prompt.preview = None;
            prompt.working = true;
            return prompt;
        }
        prompt.preview = Some(
            request
                .run(&tab.document.motion, &context, others.as_ref())
                .map(|o| form::Preview::of(&o).beside(Some(form::Now::of(&tab.document))))
                .map_err(PreviewError::Op),
        );
        prompt
    }

    /// Works the open dialog's preview out again where the motion or its range changed
    /// behind it (only a dialog that leaves the window usable can see that happen).
    pub fn refresh_stale(&mut self, tabs: &mut Tabs, modal: &mut Option<Modal>, fx: &mut Effects) {
        let Some(Modal::MotionOp(prompt)) = modal else {
            return;
        };
        let current = tabs
            .get(prompt.tab)
            .and_then(|t| t.motion())
            .map(|tab| (tab.document.revision(), tab.view.range_ms));
        if prompt.working || prompt.basis.is_none() || current == prompt.basis {
            return;
        }
        if let Some(Modal::MotionOp(prompt)) = modal.take() {
            *modal = Some(Modal::MotionOp(self.refresh(tabs, prompt, fx)));
        }
    }
}

/// Applies an operation's result to its tab (or says why there is none).
fn finish(
    tab: &mut MotionTab,
    request: &OpRequest,
    context: &crate::ops::Context,
    result: Result<crate::ops::Outcome, crate::ops::OpError>,
    fx: &mut Effects,
) {
    match result {
        Ok(outcome) if outcome.motion == tab.document.motion => {
            // Mirroring a symmetric motion, say: no step, and the motion stays saved.
            // Where the operation said why, that is said.
            fx.say(outcome.notes.first().map_or_else(
                || {
                    format!(
                        "Nothing to {}: the result is the motion as it is",
                        request.verb()
                    )
                },
                |note| crate::words::capitalised(note),
            ));
        }
        Ok(outcome) => {
            let label = request.undo_label();
            let keyframes_before = tab.document.motion.keyframes.len();
            let picked = tab.view.picked(tab.document.times_ms());
            tab.document
                .apply(&label, Edit::ReplaceMotion(Box::new(outcome.motion)));
            tab.view
                .refit(&tab.document.motion, tab.document.times_ms(), picked);
            tab.view.range_ms =
                request.range_after(context, tab.document.times_ms(), keyframes_before);
            if request.refits() {
                tab.view.requests.fit();
            } else {
                tab.view.requests.values();
            }
            let mut said = request.done_message(&tab.document.motion);
            for note in &outcome.notes {
                said.push_str("; ");
                said.push_str(note);
            }
            fx.say(said);
        }
        Err(error) => fx.show(Modal::Error {
            title: format!("Cannot {}", request.verb()),
            message: format!("{}: {error}", tab.document.origin.display_name()),
        }),
    }
}
