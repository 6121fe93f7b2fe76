//! What the timeline draws over the curves besides the keyframes: the result of an open
//! Shape, Smooth or Simplify dialog (dashed, over the range it works on), the two handles of
//! a custom shape (dragged like Blender's), and the path each servo really takes where the
//! commands outrun it.

use super::super::palette::channel_color;
use super::super::view::{Channel, View, channel_name};
use super::axis::value_deg;
use crate::app::action::Action;
use crate::app::motion::ops::form::{CUSTOM, OpForm, OpPrompt};
use crate::app::sink::MotionSink;
use crate::codec::mtn::Motion;
use crate::edit::Document;
use crate::ops::shape::Handles;
use crate::ops::shape::curve::HANDLE_VALUES;
use crate::robot::joints::urad_to_deg;
use crate::robot::servo::{ServoPath, servo_paths_in};
use crate::robot::timing;
use egui::{Color32, Pos2};
use egui_plot::{Line, LineStyle, MarkerShape, PlotPoint, PlotPoints, PlotUi, Points};
use std::sync::Arc;

/// Servo paths are drawn only while no more than this many are in view.
const MAX_PATHS_DRAWN: usize = 300;
/// Servo paths are worked out only while no more segments than this are in view.
pub const MAX_SEGMENTS_FOR_PATHS: usize = 2_000;

/// An open shaping dialog, as the timeline of its tab shows it.
#[derive(Clone, Copy, Debug)]
pub struct Shaping<'a> {
    /// The dialog (its form and the preview of its result).
    pub prompt: &'a OpPrompt,
    /// The range it works on, in ms.
    pub span_ms: (u64, u64),
}

impl<'a> Shaping<'a> {
    /// The shaping dialog `prompt` on a tab showing `document` and `view` (`None` for any
    /// other dialog).
    #[must_use]
    pub fn of(prompt: &'a OpPrompt, document: &Document, view: &View) -> Option<Self> {
        if !matches!(
            prompt.form,
            OpForm::Shape { .. }
                | OpForm::Simplify { .. }
                | OpForm::Smooth { .. }
                | OpForm::Generate(_)
        ) {
            return None;
        }
        let times = document.times_ms();
        let end_ms = times.last().copied()?;
        let span_ms = if matches!(prompt.form, OpForm::Generate(_)) {
            // A generator writes into the range as selected, a keyframe added at its start
            // where there is none (from the frame it starts in); one that makes the motion
            // longer (its own length past the range) writes on to the new end.
            let (from, to) = view.range_ms.unwrap_or((0, end_ms));
            let frame = crate::robot::timing::FRAME_MS;
            let to = match &prompt.preview {
                Some(Ok(preview)) if preview.duration_ms > end_ms => preview.duration_ms,
                _ => to,
            };
            (from / frame * frame, to)
        } else {
            match view.range_keyframes(times) {
                Some((first, last)) => (times[first], times[last]),
                None => (0, end_ms),
            }
        };
        Some(Self { prompt, span_ms })
    }

    /// The custom curve's handles, when that is the shape chosen.
    fn handles(&self) -> Option<Handles> {
        if let OpForm::Shape {
            curve: CUSTOM,
            handles,
            ..
        } = self.prompt.form
        {
            Some(handles)
        } else {
            None
        }
    }
}

/// Where the handles are drawn: on one joint's curve, over the range, the unit of the value
/// fraction in degrees (the joint's change over the range, or 10° where it hardly moves).
#[derive(Clone, Copy, Debug)]
pub struct HandleFrame {
    t0: f64,
    t1: f64,
    v0: f64,
    unit: f64,
}

impl HandleFrame {
    /// The frame for `shaping`'s handles: on the focused joint if it is shown, else the first
    /// shown joint.
    fn of(motion: &Motion, times: &[u64], view: &View, shaping: &Shaping<'_>) -> Option<Self> {
        let (from, to) = shaping.span_ms;
        let first = times.binary_search(&from).ok()?;
        let last = times.binary_search(&to).ok()?;
        let channel = handle_channel(motion, view, first, last)?;
        let (v0, v1) = (
            value_deg(motion, first, channel),
            value_deg(motion, last, channel),
        );
        let unit = if (v1 - v0).abs() < 1.0 { 10.0 } else { v1 - v0 };
        #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
        Some(Self {
            t0: from as f64,
            t1: to as f64,
            v0,
            unit,
        })
    }

    /// A point in the unit square, in plot coordinates.
    fn place(&self, p: [f64; 2]) -> [f64; 2] {
        [
            self.t0 + p[0] * (self.t1 - self.t0),
            self.v0 + p[1] * self.unit,
        ]
    }

    /// A plot point, in the unit square.
    fn unit_point(&self, p: [f64; 2]) -> [f64; 2] {
        let span = (self.t1 - self.t0).max(1.0);
        let (low, high) = (*HANDLE_VALUES.start(), *HANDLE_VALUES.end());
        [
            ((p[0] - self.t0) / span).clamp(0.0, 1.0),
            ((p[1] - self.v0) / self.unit).clamp(low, high),
        ]
    }
}

/// The joint whose curve a custom shape's handles sit on, over keyframes `first..=last`:
/// the focused joint where it is shown, else the shown joint that moves most there (a joint
/// that hardly moves would give the handles no room).
#[must_use]
pub fn handle_channel(motion: &Motion, view: &View, first: usize, last: usize) -> Option<Channel> {
    let change = |c: Channel| (value_deg(motion, last, c) - value_deg(motion, first, c)).abs();
    view.focused
        .filter(|&c| view.is_visible(c) && matches!(c, Channel::Joint(_)))
        .or_else(|| {
            view.visible_channels()
                .into_iter()
                .filter(|c| matches!(c, Channel::Joint(_)))
                .max_by(|&a, &b| change(a).total_cmp(&change(b)))
        })
}

/// The servo paths in view, worked out again only after an edit or a move of the view.
#[derive(Clone, Debug, Default)]
pub struct ServoCache {
    key: Option<(u64, std::ops::Range<usize>)>,
    paths: Arc<Vec<ServoPath>>,
}

impl ServoCache {
    /// The paths of `document` that start in the segments into keyframes `ends` (none
    /// where more than [`MAX_SEGMENTS_FOR_PATHS`] are in view: the safety marks say enough
    /// at that zoom).
    pub fn paths(
        &mut self,
        document: &Document,
        ends: std::ops::Range<usize>,
    ) -> Arc<Vec<ServoPath>> {
        let key = (document.revision(), ends.clone());
        if self.key.as_ref() != Some(&key) {
            let motion = &document.motion;
            let paths = match crate::robot::parse_design(&motion.design) {
                Some(design) if ends.len() <= MAX_SEGMENTS_FOR_PATHS => {
                    servo_paths_in(motion, design.model, ends)
                }
                _ => Vec::new(),
            };
            self.paths = Arc::new(paths);
            self.key = Some(key);
        }
        Arc::clone(&self.paths)
    }
}

/// Draws, inside the plot: the servo paths in view, and the open shaping dialog's result and
/// handles. Returns the handles' places (plot coordinates), for grabbing them.
pub fn draw(
    plot_ui: &mut PlotUi<'_>,
    motion: &Motion,
    times: &[u64],
    view: &View,
    shaping: Option<&Shaping<'_>>,
    paths: &[ServoPath],
) -> Option<(HandleFrame, [[f64; 2]; 2])> {
    let bounds = plot_ui.plot_bounds();
    let (x0, x1) = (bounds.min()[0], bounds.max()[0]);
    #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
    let in_view: Vec<&ServoPath> = paths
        .iter()
        .filter(|p| view.is_visible(Channel::Joint(p.joint)))
        .filter(|p| {
            let start = (p.start_tick * timing::TICK_MS) as f64;
            let end = start + (p.values.len() as u64 * timing::TICK_MS) as f64;
            end >= x0 && start <= x1
        })
        .collect();
    if in_view.len() <= MAX_PATHS_DRAWN {
        for path in in_view {
            #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
            let points: Vec<[f64; 2]> = path
                .points()
                .map(|(t, v)| [t as f64, urad_to_deg(v)])
                .collect();
            plot_ui.line(
                Line::new(
                    format!(
                        "{} servo path",
                        channel_name(motion, Channel::Joint(path.joint))
                    ),
                    PlotPoints::new(points),
                )
                .color(channel_color(Channel::Joint(path.joint)))
                .width(2.0)
                .style(LineStyle::dashed_dense())
                .allow_hover(false),
            );
        }
    }
    let shaping = shaping?;
    if let Some(Ok(preview)) = &shaping.prompt.preview {
        let before = (motion, times);
        let result = (&*preview.result, &*preview.result_times);
        result_curves(plot_ui, result, before, view, shaping.span_ms);
    }
    let handles = shaping.handles()?;
    let frame = HandleFrame::of(motion, times, view, shaping)?;
    let places = [frame.place(handles.start), frame.place(handles.end)];
    let ends = [frame.place([0.0, 0.0]), frame.place([1.0, 1.0])];
    for (end, place) in ends.iter().zip(&places) {
        plot_ui.line(
            Line::new("handle", PlotPoints::new(vec![*end, *place]))
                .color(Color32::from_gray(220))
                .width(1.0)
                .allow_hover(false),
        );
    }
    plot_ui.points(
        Points::new("handles", PlotPoints::new(places.to_vec()))
            .color(Color32::WHITE)
            .radius(6.0)
            .shape(MarkerShape::Square)
            .filled(true)
            .allow_hover(false),
    );
    Some((frame, places))
}

/// How far (degrees) a result's curve may be from the motion's and still be the same curve
/// (a joint the operation left alone, its keyframes put on the motion's own curve).
const SAME_DEG: f64 = 0.2;

/// The value (degrees) of `channel` of `motion` (its keyframes at `times`) at `time_ms`,
/// straight between keyframes.
fn value_at(motion: &Motion, times: &[u64], channel: Channel, time_ms: u64) -> f64 {
    let next = times.partition_point(|&t| t <= time_ms);
    match (next.checked_sub(1), times.get(next)) {
        (Some(k), _) if times[k] == time_ms => value_deg(motion, k, channel),
        (Some(k), Some(&t1)) => {
            #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
            let share = (time_ms - times[k]) as f64 / (t1 - times[k]) as f64;
            let (a, b) = (
                value_deg(motion, k, channel),
                value_deg(motion, next, channel),
            );
            a + (b - a) * share
        }
        (Some(k), None) => value_deg(motion, k, channel),
        (None, _) => value_deg(motion, 0, channel),
    }
}

/// The most keyframes of a result compared with the motion, a frame: spread evenly over a
/// longer range (a joint the operation drives differs over most of it), so a preview over
/// the largest motion stays a small part of the frame.
const MAX_COMPARED: usize = 512;

/// Which of `channels` `result` (its keyframes at `times`) changes from the motion `before`
/// at its keyframes `ks` (at most [`MAX_COMPARED`] of them, evenly spread).
fn changed(
    result: &Motion,
    times: &[u64],
    ks: std::ops::Range<usize>,
    before: (&Motion, &[u64]),
    channels: Vec<Channel>,
) -> Vec<Channel> {
    let step = ks.len().div_ceil(MAX_COMPARED).max(1);
    channels
        .into_iter()
        .filter(|&channel| {
            ks.clone().step_by(step).any(|k| {
                let was = value_at(before.0, before.1, channel, times[k]);
                (value_deg(result, k, channel) - was).abs() > SAME_DEG
            })
        })
        .collect()
}

/// The result's curves over the range, dashed, with its keyframes as rings: only those it
/// changes from the motion `before` (its keyframes at their times), so a generator that
/// drives the tail draws over the tail alone (the review: every joint was drawn over).
fn result_curves(
    plot_ui: &mut PlotUi<'_>,
    (result, times): (&Motion, &[u64]),
    before: (&Motion, &[u64]),
    view: &View,
    span_ms: (u64, u64),
) {
    let first = times.partition_point(|&t| t < span_ms.0);
    let end = times.partition_point(|&t| t <= span_ms.1);
    if first >= end || before.0.keyframes.is_empty() {
        return;
    }
    let shown = changed(result, times, first..end, before, view.visible_channels());
    for channel in shown {
        #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
        let points: Vec<[f64; 2]> = (first..end)
            .map(|k| [times[k] as f64, value_deg(result, k, channel)])
            .collect();
        let color = channel_color(channel);
        plot_ui.line(
            Line::new("result", PlotPoints::new(points.clone()))
                .color(color)
                .width(2.5)
                .style(LineStyle::dashed_loose())
                .allow_hover(false),
        );
        plot_ui.points(
            Points::new("result keyframes", PlotPoints::new(points))
                .color(Color32::WHITE)
                .radius(3.5)
                .shape(MarkerShape::Circle)
                .filled(false)
                .allow_hover(false),
        );
    }
}

/// A handle being dragged: which (0: the first).
pub type HandleDrag = usize;

/// Grabs and drags the handles: a press near one takes it; while it is held, the dialog's
/// handles follow the pointer (an action that shows the dialog again, with a fresh preview).
pub fn drag_handles(
    response: &egui::Response,
    transform: &egui_plot::PlotTransform,
    grabbed: &mut Option<HandleDrag>,
    handles: Option<(HandleFrame, [[f64; 2]; 2])>,
    shaping: Option<&Shaping<'_>>,
    sink: &mut MotionSink<'_>,
) -> bool {
    let (Some((frame, places)), Some(shaping)) = (handles, shaping) else {
        *grabbed = None;
        return false;
    };
    let screen: Vec<Pos2> = places
        .iter()
        .map(|p| transform.position_from_point(&PlotPoint::new(p[0], p[1])))
        .collect();
    let pointer = response
        .hover_pos()
        .or_else(|| response.interact_pointer_pos());
    let handle_at = |pos: Pos2| {
        screen
            .iter()
            .position(|s| s.distance(pos) <= super::drag::GRAB_RADIUS + 2.0)
    };
    let near = pointer.and_then(handle_at);
    // Taken as the button goes down, not once the pointer has moved far enough to call it
    // a drag: by then it may be off the handle, and the plot would pan instead.
    // Where it went down, not where the pointer is: the press and the first move can
    // arrive in one frame.
    let (pressed, down, origin) = response.ctx.input(|i| {
        (
            i.pointer.primary_pressed(),
            i.pointer.primary_down(),
            i.pointer.press_origin(),
        )
    });
    if pressed {
        *grabbed = origin.and_then(handle_at);
    } else if !down {
        *grabbed = None;
    }
    if let (Some(which), Some(pos)) = (*grabbed, pointer)
        && response.dragged()
    {
        let value = transform.value_from_position(pos);
        let point = frame.unit_point([value.x, value.y]);
        let mut prompt = shaping.prompt.clone();
        if let OpForm::Shape { handles, .. } = &mut prompt.form {
            let slot = if which == 0 {
                &mut handles.start
            } else {
                &mut handles.end
            };
            if *slot != point {
                *slot = point;
                prompt.focus = false;
                prompt.apply_next = 0;
                sink.send(Action::EditOp(prompt));
            }
        }
    }
    grabbed.is_some() || near.is_some()
}

/// Gives each handle a node in the accessibility tree ("Handle 1", "Handle 2").
pub fn accessible_handles(
    ui: &egui::Ui,
    transform: &egui_plot::PlotTransform,
    handles: Option<&(HandleFrame, [[f64; 2]; 2])>,
    plot_id: egui::Id,
) {
    let Some((frame, places)) = handles else {
        return;
    };
    for (i, place) in places.iter().enumerate() {
        let pos = transform.position_from_point(&PlotPoint::new(place[0], place[1]));
        let rect = egui::Rect::from_center_size(pos, egui::Vec2::splat(12.0));
        let unit = frame.unit_point(*place);
        ui.ctx()
            .accesskit_node_builder(plot_id.with(("handle", i)), |node| {
                node.set_role(egui::accesskit::Role::Image);
                node.set_label(format!("Handle {}", i + 1));
                node.set_description(format!("time {:.2}, value {:.2}", unit[0], unit[1]));
                node.set_bounds(egui::accesskit::Rect {
                    x0: rect.min.x.into(),
                    y0: rect.min.y.into(),
                    x1: rect.max.x.into(),
                    y1: rect.max.y.into(),
                });
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::generate::{Generator, Gesture, Oscillation, generate};

    #[test]
    fn a_wags_preview_is_drawn_over_the_tail_alone() {
        let motion = crate::robot::postures::new_motion("DRX-1000", "stand").expect("a stand");
        let wag = Generator::Oscillate(Oscillation {
            gesture: Gesture::WagSide,
            frequency_hz: 2.0,
            amplitude_deg: 25.0,
            count: Some(4),
            ease_ms: 160,
        });
        let result = generate(&motion, None, &wag, 0.5).expect("a wag").motion;
        let times = timing::keyframe_times_ms(&result.keyframes);
        let before_times = timing::keyframe_times_ms(&motion.keyframes);
        let every: Vec<Channel> = (0..motion.locators.len()).map(Channel::Joint).collect();
        let shown = changed(
            &result,
            &times,
            0..times.len(),
            (&motion, &before_times),
            every,
        );
        let names: Vec<String> = shown.iter().map(|&c| channel_name(&motion, c)).collect();
        assert_eq!(names, ["TAIL_HORZ"]);
    }
}
