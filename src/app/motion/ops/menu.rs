//! A motion tab's Motion menu commands: those that need nothing more ask for their
//! operation at once; the others open their small window with what it offers first.

use super::form::{self, Offers, OpForm, OpPrompt, OpRequest};
use super::generate_form::GenerateForm;
use crate::app::action::Action;
use crate::app::effects::Effects;
use crate::app::motion::MotionTab;
use crate::app::motion::view::Channel;
use crate::app::state::TabId;

/// The Motion menu's operations that open a small window first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Retime…
    Retime,
    /// Start and End Postures…
    Postures,
    /// Append Motion…
    Append,
    /// Convert to Another Model…
    Convert,
    /// Shape…
    Shape,
    /// Simplify…
    Simplify,
    /// Smooth…
    Smooth,
    /// Insert Time at Playhead…
    InsertTime,
    /// Generate…
    Generate,
}

impl MotionTab {
    /// Asks for an operation that needs nothing more on this tab (`id`).
    pub fn ask_op(&self, id: TabId, request: OpRequest, fx: &mut Effects) {
        let ranged = self.view.range_keyframes(self.document.times_ms());
        if request == OpRequest::DeleteRange && ranged.is_none() {
            fx.say("Select a time range first: drag along the strip above the timeline");
            return;
        }
        fx.then(Action::MotionOp(id, request));
    }

    /// Opens an operation's small window for this tab (`id`), with what it offers first;
    /// `offers`: what the shaping dialogs offer.
    pub fn open_op(&mut self, id: TabId, dialog: Dialog, offers: Offers, fx: &mut Effects) {
        if matches!(
            dialog,
            Dialog::Shape | Dialog::Simplify | Dialog::Smooth | Dialog::Generate
        ) {
            self.span_selected_keyframes();
        }
        if dialog == Dialog::Generate {
            // What it writes in view: the selected range, or the whole motion.
            let end = self.document.duration_ms();
            let (from, to) = self.view.range_ms.unwrap_or((0, end));
            self.view.requests.reveal_span(from, to);
        }
        fx.then(Action::EditOp(OpPrompt {
            tab: id,
            form: self.form_for(dialog, offers),
            preview: None,
            working: false,
            focus: true,
            apply_next: 0,
            basis: None,
        }));
    }

    /// An operation's small window, with what it offers first.
    fn form_for(&self, dialog: Dialog, offers: Offers) -> OpForm {
        let ranged = self.view.range_keyframes(self.document.times_ms());
        let motion = &self.document.motion;
        match dialog {
            Dialog::Retime => {
                let times = self.document.times_ms();
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
            Dialog::Postures => {
                let name = crate::robot::chunk_name::parse(&motion.name);
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
            Dialog::Append => OpForm::Append {
                other: None,
                transition_ms: 480,
            },
            Dialog::Convert => {
                let current = crate::robot::parse_design(&motion.design).map(|d| d.model.label());
                OpForm::Retarget {
                    target: usize::from(current == Some("DRX-1000")),
                    keep_feet: true,
                }
            }
            Dialog::Shape => {
                // The joints of the selected points, where points are selected; else the
                // joints shown.
                let picked: std::collections::BTreeSet<usize> = self
                    .view
                    .selection
                    .iter()
                    .filter_map(|&(_, channel)| match channel {
                        Channel::Joint(j) => Some(j),
                        Channel::Body(_) => None,
                    })
                    .collect();
                let from_points = !picked.is_empty();
                let (curve, handles) = form::curve_index(offers.curve);
                OpForm::Shape {
                    curve,
                    handles,
                    tolerance_deg: offers.tolerance_deg,
                    shown_only: from_points,
                    shown: if from_points {
                        picked.into_iter().collect()
                    } else {
                        (0..self.view.visible.len())
                            .filter(|&j| self.view.visible[j])
                            .collect()
                    },
                    from_points,
                    range: ranged.is_some(),
                    // Every keyframe kept: nothing the animator placed is lost by default.
                    each_segment: true,
                }
            }
            Dialog::Simplify => OpForm::Simplify {
                tolerance_deg: offers.tolerance_deg,
                range: ranged.is_some(),
            },
            Dialog::Smooth => OpForm::Smooth {
                strength: 2.0,
                tolerance_deg: offers.tolerance_deg,
                range: ranged.is_some(),
            },
            Dialog::InsertTime => OpForm::InsertTime { ms: 480 },
            Dialog::Generate => OpForm::Generate(Box::new(GenerateForm::new(
                self.sound_loudness(),
                ranged.is_some(),
            ))),
        }
    }

    /// The sound track's loudness, where it holds a WAV sound (the mouth follows it).
    fn sound_loudness(&self) -> Option<crate::ops::generate::Loudness> {
        let part = self.document.tracks().sound.as_ref()?;
        match &part.data {
            crate::behaviour::Data::Wave { rate, samples, .. } => Some(
                crate::ops::generate::mouth::loudness_of(samples, *rate, part.offset_ms),
            ),
            crate::behaviour::Data::Midi(_) | crate::behaviour::Data::Led { .. } => None,
        }
    }

    /// Where no time range is selected but keyframes are (rows, or points of two keyframes
    /// or more), the range from the first of them to the last becomes the selected range:
    /// Shape, Simplify and Smooth work between the selected keyframes.
    fn span_selected_keyframes(&mut self) {
        let times = self.document.times_ms();
        if self.view.range_keyframes(times).is_some() {
            return;
        }
        let keyframes: std::collections::BTreeSet<usize> = self
            .view
            .selected_keyframes
            .iter()
            .copied()
            .chain(self.view.selection.iter().map(|&(k, _)| k))
            .filter(|&k| k < times.len())
            .collect();
        if let (Some(&first), Some(&last)) = (keyframes.first(), keyframes.last())
            && first < last
        {
            self.view.range_ms = Some((times[first], times[last]));
        }
    }
}
