//! The Motion menu in the window: whole-motion operations (mirror, reverse, retime,
//! postures, append, convert) and time-range operations (cut, copy, paste, delete, insert
//! time), each run by the library's `ops` and applied as one undo step.
//!
//! - [`request`]: what is asked ([`OpRequest`]) and running it on a tab's motion;
//! - [`dialog`]: the small windows that take parameters and preview the result.

pub mod dialog;
pub mod request;

pub use dialog::{OpForm, OpPrompt};
pub use request::OpRequest;

use super::dialogs::Modal;
use super::{StudioApp, TabId, plural};
use crate::edit::Edit;
use crate::ops::range::Clip;

impl StudioApp {
    /// Runs an operation on a motion tab and applies the result as one undo step; a
    /// refusal opens a dialog that says why (nothing changes then).
    pub(super) fn motion_op(&mut self, id: TabId, request: &OpRequest) {
        let other = self.other_motion(request);
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let context = request::Context::of(tab);
        match request.run(&tab.document.motion, &context, other.as_ref()) {
            Ok(outcome) => {
                let label = request.undo_label();
                let keyframes_before = tab.document.motion.keyframes.len();
                tab.document
                    .apply(&label, Edit::ReplaceMotion(Box::new(outcome.motion)));
                tab.view.fit_to(&tab.document.motion);
                tab.view.range_ms = request.range_after(&context, &tab.document, keyframes_before);
                tab.timeline.fit_requested |= request.refits();
                let mut said = request.done_message(&tab.document);
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

    /// The other motion an Append takes, cloned (it is another tab).
    fn other_motion(&self, request: &OpRequest) -> Option<(String, crate::codec::mtn::Motion)> {
        let OpRequest::Append { other, .. } = request else {
            return None;
        };
        let tab = self.tabs.get(*other)?.motion()?;
        Some((tab.document.tab_title(), tab.document.motion.clone()))
    }

    /// Fills an operation dialog's preview from the tab it is about.
    pub(super) fn refresh_op(&self, mut prompt: OpPrompt) -> OpPrompt {
        let preview = prompt.form.request(&self.tabs).map(|request| {
            let other = self.other_motion(&request);
            let tab = self.tabs.get(prompt.tab).and_then(|t| t.motion());
            match tab {
                Some(tab) => {
                    let context = request::Context::of(tab);
                    request
                        .run(&tab.document.motion, &context, other.as_ref())
                        .map(|o| dialog::Preview::of(&o))
                        .map_err(|e| e.to_string())
                }
                None => Err("the motion's tab was closed".to_owned()),
            }
        });
        prompt.preview = preview;
        prompt
    }

    /// Copies the selected time range of the motion in front: into the window and onto the
    /// system clipboard as text (so it pastes into another motion, or another window).
    pub(super) fn copy_range(&mut self, ctx: &egui::Context) -> Option<Clip> {
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
    pub(super) fn motion_menu_command(&mut self, command: super::command::UiCommand) -> bool {
        use super::command::UiCommand as C;
        let direct = match command {
            C::Mirror => Some(OpRequest::Mirror),
            C::Reverse => Some(OpRequest::Reverse),
            C::RobotRate => Some(OpRequest::ToRobotRate),
            C::DeleteRange => Some(OpRequest::DeleteRange),
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
            _ => OpForm::InsertTime { ms: 480 },
        };
        let prompt = self.refresh_op(OpPrompt {
            tab: id,
            form,
            preview: None,
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
    pub(super) fn active_has_range(&mut self) -> bool {
        self.tabs.active.is_some_and(|id| self.has_range(id))
    }

    /// Pastes copied keyframes after the keyframe at the playhead of the motion in front.
    pub(super) fn paste_clip(&mut self, clip: Clip) {
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
    pub(super) fn cut_range(&mut self, ctx: &egui::Context) {
        if let (Some(clip), Some(id)) = (self.copy_range(ctx), self.tabs.active) {
            self.keyframes_clip = Some(clip);
            self.clipboard = None;
            self.motion_op(id, &OpRequest::DeleteRange);
        }
    }
}
