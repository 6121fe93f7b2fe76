//! The plot itself: its axes and labels, the view's requests (fit, frame, reveal) and what
//! goes in it each frame (the range and limit spans, the curves, the keyframe points, the
//! shaping overlay, the playhead and the selection box).

use super::axis::{
    TimeUnit, angle_grid_steps, fit_bounds, limit_band, time_grid_steps, value_deg, value_extent,
};
use super::overlay;
use super::thin::{CurveCache, curves_from_summary, curves_points, summary_channel, visible_range};
use super::{TimelineState, navigate, range};
use crate::app::motion::palette::{PLAYHEAD_COLOUR, channel_color};
use crate::app::motion::view::{Channel, PointId, View, channel_name};
use crate::edit::Document;
use egui::{Color32, Stroke};
use egui_plot::{Line, MarkerShape, Plot, PlotPoints, PlotUi, Points, Polygon, Span, VLine};
use std::ops::Range;
use std::sync::Arc;

/// Keyframe points are drawn (and can be grabbed) only below this many in view per curve.
const MAX_MARKERS: usize = 600;

/// What the plot drew this frame.
pub(super) struct Drawn {
    /// The grabbable points, in plot coordinates.
    pub markers: Vec<([f64; 2], PointId)>,
    /// Each shown curve's points as drawn (reduced when dense), in time order.
    pub curves: Vec<(Channel, Arc<[[f64; 2]]>)>,
    /// More keyframes are in view than the plot has pixel columns: the curves are drawn
    /// as columns (see [`super::columns`]) rather than as plot lines.
    pub dense: bool,
    /// A custom shape's handles: where they are drawn.
    pub handles: Option<(overlay::HandleFrame, [[f64; 2]; 2])>,
}

/// The plot with its axes, labels and panning set for this frame.
pub(super) fn plot<'a>(
    view: &View,
    document: &Document,
    state: &TimelineState,
    (shift, pressed_at): (bool, Option<egui::Pos2>),
) -> Plot<'a> {
    // A press on a point, even one in the frame the pointer reached it (a quick hand, a
    // slow frame), takes the point rather than panning the plot.
    let pressed_on_point = pressed_at.is_some_and(|p| {
        super::drag::nearest(&state.points_on_screen, p, super::drag::GRAB_RADIUS).is_some()
    });
    let over_point = pressed_on_point
        || state.hovered.is_some()
        || state.drag.is_some()
        || state.on_handle
        || state.on_playhead
        || state.scrubbing;
    // The unit the time axis counts in, for the span in view last frame.
    let span = state
        .transform
        .map_or(0.0, |t| t.bounds().max()[0] - t.bounds().min()[0]);
    // Times on the axis and beside the pointer follow the file's frame-rate field when the
    // view says so; the plot itself counts the robot's ms.
    let scale = view.time_scale(&document.motion);
    Plot::new("timeline")
        .allow_drag(!over_point && !shift)
        .allow_boxed_zoom(false)
        // The wheel is handled by `navigate`, as curve editors do.
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_double_click_reset(true)
        // The background is painted beneath the safety marks, which go beneath the curves.
        .show_background(false)
        .custom_x_axes(vec![
            // Labels fit in 40 points: with the 1-2-10 steps, a narrow timeline still
            // labels every 200 ms rather than only 0 and 1000; long spans count in seconds
            // or minutes.
            egui_plot::AxisHints::new_x()
                .label(if (scale - 1.0).abs() > f64::EPSILON {
                    format!(
                        "{} at the file's frame rate",
                        TimeUnit::for_span(span * scale).axis_label()
                    )
                } else {
                    TimeUnit::for_span(span).axis_label().to_owned()
                })
                .formatter(move |mark, range| {
                    TimeUnit::for_span((range.end() - range.start()) * scale)
                        .label(mark.value * scale, mark.step_size * scale)
                })
                .label_spacing(40.0..=60.0),
        ])
        .x_grid_spacer(egui_plot::uniform_grid_spacer(time_grid_steps))
        // Every 50° labelled on a short timeline (the default's 10-100 steps label only 0
        // and 100 in a 900x600 window).
        .custom_y_axes(vec![
            egui_plot::AxisHints::new_y()
                .label("angle (°)")
                .label_spacing(24.0..=40.0),
        ])
        .y_grid_spacer(egui_plot::uniform_grid_spacer(angle_grid_steps))
        // The view stays where the user put it (no auto-fitting while points are dragged);
        // Zoom to Fit (and opening a motion) frames the whole motion.
        .auto_bounds(false)
}

/// `plot` framed as the view's requests not done yet ask, each once; the time a request
/// asks to bring into view, if any.
pub(super) fn requested<'a>(
    mut plot: Plot<'a>,
    document: &Document,
    view: &View,
    state: &mut TimelineState,
) -> (Plot<'a>, Option<f64>) {
    let requests = &view.requests;
    let times = document.times_ms();
    // The key of the marks takes the plot's top right and their strips its bottom: the
    // fitted curves stay between them.
    // (Before the plot's first frame, the area it is given stands in for its height.)
    // Worked out only when a request fits the view, not every frame.
    let (last_transform, area) = (state.transform, state.area);
    let fit = || {
        let height = f64::from(
            last_transform
                .map(|t| t.frame().height())
                .or(area.map(|a| a.height()))
                .unwrap_or(0.0)
                .max(1.0),
        );
        let room = (
            f64::from(super::marks::key_height(document)) / height,
            f64::from(super::marks::strips_height(document)) / height,
        );
        fit_bounds(&document.motion, document.summary(), times, view, room)
    };
    // A fit shows the whole motion, every value with it: a reveal or a widening of the
    // angles asked before it (a pose inserted: the playhead sought to it, its values taken
    // in) would put the old view's time back over it.
    let fits_now = requests.fit > state.done;
    if fits_now {
        let (x_range, y_range) = fit();
        plot = plot
            .reset()
            .default_x_bounds(x_range.0, x_range.1)
            .default_y_bounds(y_range.0, y_range.1);
        state.fitting = true;
    } else if let (Some((fitted_height, fitted)), Some(now)) = (state.fitted, state.transform)
        && (now.frame().height() - fitted_height).abs() > 0.5
        && *now.bounds() == fitted
    {
        // The fitted view, on a plot of another height: fitted again, its time kept.
        let (_, y_range) = fit();
        plot = plot
            .reset()
            .default_x_bounds(fitted.min()[0], fitted.max()[0])
            .default_y_bounds(y_range.0, y_range.1);
        state.fitting = true;
    }
    if let Some((n, (from, to))) = requests.frame
        && n > state.done
    {
        let (_, y_range) = fit();
        plot = plot
            .reset()
            .default_x_bounds(from as f64, to as f64)
            .default_y_bounds(y_range.0, y_range.1);
        state.fitting = true;
    }
    if requests.values > state.done
        && !fits_now
        && let Some(shown) = state.transform.map(|t| *t.bounds())
    {
        let (y0, y1) = (shown.min()[1], shown.max()[1]);
        let beyond = value_extent(&document.motion, document.summary(), times, view)
            .is_some_and(|(low, high)| low < y0 || high > y1);
        if beyond {
            let (_, (low, high)) = fit();
            plot = plot
                .reset()
                .default_x_bounds(shown.min()[0], shown.max()[0])
                .default_y_bounds(low.min(y0), high.max(y1));
        }
    }
    if !fits_now && let Some(shown) = state.transform.map(|t| *t.bounds()) {
        plot = revealed(plot, requests, state.done, shown);
    }
    let reveal_ms = requests
        .reveal
        .filter(|&(n, _)| n > state.done && !fits_now)
        .and_then(|(_, k)| times.get(k).copied())
        .or_else(|| {
            requests
                .reveal_time
                .filter(|&(n, _)| n > state.done && !fits_now)
                .map(|(_, t)| t)
        })
        .map(|t| t as f64);
    state.done = [
        requests.fit,
        requests.frame.map_or(0, |(n, _)| n),
        requests.reveal.map_or(0, |(n, _)| n),
        requests.reveal_time.map_or(0, |(n, _)| n),
        requests.reveal_span.map_or(0, |(n, _)| n),
        requests.reveal_angles.map_or(0, |(n, _)| n),
        requests.values,
    ]
    .into_iter()
    .fold(state.done, u64::max);
    (plot, reveal_ms)
}

/// What the plot's contents are drawn from this frame.
pub(super) struct Contents<'a, 's> {
    pub document: &'a Document,
    pub view: &'a View,
    pub playhead_ms: u64,
    pub shaping: Option<&'a overlay::Shaping<'s>>,
    /// Every keyframe of every curve, unreduced (the benchmark's baseline).
    pub naive: bool,
    /// A box selection's start, in plot coordinates.
    pub box_start: Option<[f64; 2]>,
    pub wheel: navigate::Wheel,
    /// How far the view follows a drag held past its edge this frame (screen points).
    pub edge: egui::Vec2,
    /// A time to bring into view.
    pub reveal_ms: Option<f64>,
}

/// Draws the plot's contents: what is in view, reduced to about a point per pixel column
/// unless `naive`.
pub(super) fn contents(
    plot_ui: &mut PlotUi<'_>,
    c: &Contents<'_, '_>,
    cache: &mut CurveCache,
    servo: &mut overlay::ServoCache,
) -> Drawn {
    navigate::wheel(plot_ui, c.wheel);
    #[expect(clippy::cast_precision_loss, reason = "ms far below 2^53")]
    let end_ms = c.document.duration_ms() as f64;
    navigate::follow_edge(plot_ui, c.edge, [[0.0, end_ms], navigate::EDGE_ANGLES]);
    if let Some(time) = c.reveal_ms {
        navigate::reveal(plot_ui, time);
    }
    let (range, max_points) = in_view(plot_ui, c.document.times_ms(), c.naive);
    spans(plot_ui, c);
    refresh_curves(c, cache, &range, max_points);
    let dense = !c.naive && range.len() > max_points.max(4);
    let show_markers = c.naive || range.len() <= MAX_MARKERS;
    let (curves, markers) = curves_and_points(plot_ui, c, cache, &range, dense, show_markers);
    // The paths of the segments in view (and the one running in from the left).
    let document = c.document;
    let servo_paths = servo.paths(document, range.start..range.end.saturating_add(1));
    let handles = overlay::draw(
        plot_ui,
        &document.motion,
        document.times_ms(),
        c.view,
        c.shaping,
        &servo_paths,
    );
    plot_ui.vline(
        VLine::new("playhead", c.playhead_ms as f64)
            .color(PLAYHEAD_COLOUR)
            .width(1.5),
    );
    selection_box(plot_ui, c.box_start);
    Drawn {
        markers,
        curves,
        dense,
        handles,
    }
}

/// The keyframes in view and the most points a curve is drawn with.
fn in_view(plot_ui: &PlotUi<'_>, times: &[u64], naive: bool) -> (Range<usize>, usize) {
    if naive {
        return (0..times.len(), usize::MAX);
    }
    let bounds = plot_ui.plot_bounds();
    let width_px = plot_ui.response().rect.width().max(1.0);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a width in points"
    )]
    // About one point per pixel column: a dense curve is drawn in buckets of about
    // four columns, each its first, lowest, highest and last value.
    let max_points = width_px as usize;
    (
        visible_range(times, bounds.min()[0], bounds.max()[0]),
        max_points,
    )
}

/// The selected time range and the focused joint's limits, as bands.
fn spans(plot_ui: &mut PlotUi<'_>, c: &Contents<'_, '_>) {
    if let Some((a, b)) = c.view.range_ms {
        plot_ui.add(
            Span::new("time range", a as f64..=b as f64)
                .axis(egui_plot::Axis::X)
                .fill(range::RANGE_COLOR.gamma_multiply(0.10))
                .border(Stroke::new(1.0, range::RANGE_COLOR.gamma_multiply(0.6))),
        );
    }
    let focus_band = c
        .view
        .focused
        .and_then(|channel| limit_band(&c.document.motion, channel));
    if let Some((low, high, color)) = focus_band {
        plot_ui.add(
            // No name: egui_plot would write it turned on its side over the y axis's
            // numbers; the band and the joint list's range say what it is.
            Span::new("", low..=high)
                .axis(egui_plot::Axis::Y)
                .fill(color.gamma_multiply(0.12))
                .border(Stroke::new(1.0, color.gamma_multiply(0.5))),
        );
    }
}

/// Remakes the curves that the document's changes or the view made stale.
fn refresh_curves(
    c: &Contents<'_, '_>,
    cache: &mut CurveCache,
    range: &Range<usize>,
    max_points: usize,
) {
    let document = c.document;
    let motion = &document.motion;
    let times = document.times_ms();
    let joints = motion.keyframes.joint_count();
    let naive = c.naive;
    cache.refresh(
        (
            document.revision(),
            range.clone(),
            max_points,
            c.view.visible_channels(),
        ),
        document.changes(),
        joints,
        |channels| {
            let summary_channels: Vec<usize> = channels
                .iter()
                .map(|&c| summary_channel(c, joints))
                .collect();
            if naive {
                curves_points(
                    times,
                    range.clone(),
                    max_points,
                    channels.len(),
                    |k, out| {
                        for (slot, &c) in out.iter_mut().zip(&summary_channels) {
                            *slot = crate::edit::summary::channel_value(&motion.keyframes, k, c);
                        }
                    },
                )
            } else {
                curves_from_summary(
                    times,
                    range.clone(),
                    max_points,
                    &summary_channels,
                    &motion.keyframes,
                    document.summary(),
                )
            }
        },
    );
}

/// Each shown curve as a line (unless `dense`: those are painted beneath, as columns) and,
/// when few enough, its keyframes as points; the curves and the grabbable points.
#[expect(
    clippy::type_complexity,
    reason = "the curves and the points, as `Drawn` keeps them"
)]
fn curves_and_points(
    plot_ui: &mut PlotUi<'_>,
    c: &Contents<'_, '_>,
    cache: &CurveCache,
    range: &Range<usize>,
    dense: bool,
    show_markers: bool,
) -> (Vec<(Channel, Arc<[[f64; 2]]>)>, Vec<([f64; 2], PointId)>) {
    let motion = &c.document.motion;
    let times = c.document.times_ms();
    let channels = c.view.visible_channels();
    let mut markers = Vec::new();
    let mut curves = Vec::with_capacity(channels.len());
    for channel in channels {
        let color = channel_color(channel);
        let name = channel_name(motion, channel);
        let width = if c.view.focused == Some(channel) {
            3.0
        } else {
            1.5
        };
        let points = cache.curve(channel).unwrap_or_default();
        curves.push((channel, points.clone()));
        if !dense {
            plot_ui.line(
                Line::new(name.clone(), PlotPoints::new(points.to_vec()))
                    .color(color)
                    .width(width)
                    .allow_hover(false),
            );
        }
        if !show_markers {
            continue;
        }
        let mut normal = Vec::new();
        let mut selected = Vec::new();
        for k in range.clone() {
            let point = [times[k] as f64, value_deg(motion, k, channel)];
            markers.push((point, (k, channel)));
            if c.view.selection.contains(&(k, channel)) {
                selected.push(point);
            } else {
                normal.push(point);
            }
        }
        plot_ui.points(
            Points::new(name.clone(), PlotPoints::new(normal))
                .color(color)
                .radius(3.5)
                .shape(MarkerShape::Circle)
                .filled(true)
                .allow_hover(false),
        );
        if !selected.is_empty() {
            plot_ui.points(
                Points::new(format!("{name} selected"), PlotPoints::new(selected))
                    .color(Color32::WHITE)
                    .radius(5.5)
                    .shape(MarkerShape::Diamond)
                    .filled(true)
                    .allow_hover(false),
            );
        }
    }
    (curves, markers)
}

/// The box being dragged out to select points, from its start to the pointer.
fn selection_box(plot_ui: &mut PlotUi<'_>, box_start: Option<[f64; 2]>) {
    let (Some(start), Some(now)) = (box_start, plot_ui.pointer_coordinate()) else {
        return;
    };
    plot_ui.polygon(
        Polygon::new(
            "selection box",
            PlotPoints::new(vec![
                [start[0], start[1]],
                [now.x, start[1]],
                [now.x, now.y],
                [start[0], now.y],
            ]),
        )
        .fill_color(Color32::from_rgba_unmultiplied(120, 170, 255, 30))
        .stroke(Stroke::new(1.0, Color32::from_rgb(120, 170, 255))),
    );
}

/// `plot` with a span or angles asked for (`requests` newer than `done`) brought into view
/// where they are not all in `shown` (what a generator writes and its preview draws):
/// padded, the rest of the view as it is.
fn revealed<'a>(
    plot: Plot<'a>,
    requests: &super::super::view::Requests,
    done: u64,
    shown: egui_plot::PlotBounds,
) -> Plot<'a> {
    let span = requests.reveal_span.filter(|&(n, _)| n > done);
    let angles = requests.reveal_angles.filter(|&(n, _)| n > done);
    let (mut x0, mut x1) = (shown.min()[0], shown.max()[0]);
    let (mut y0, mut y1) = (shown.min()[1], shown.max()[1]);
    let mut moved = false;
    if let Some((_, (from, to))) = span {
        #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
        let (from, to) = (from as f64, to as f64);
        if from < x0 || to > x1 {
            let pad = ((to - from) * 0.04).max(16.0);
            (x0, x1, moved) = (from - pad, to + pad, true);
        }
    }
    if let Some((_, (low, high))) = angles
        && (f64::from(low) < y0 || f64::from(high) > y1)
    {
        let (low, high) = (f64::from(low), f64::from(high));
        let pad = ((high - low) * 0.05).max(1.0);
        (y0, y1, moved) = (y0.min(low - pad), y1.max(high + pad), true);
    }
    if moved {
        plot.reset()
            .default_x_bounds(x0, x1)
            .default_y_bounds(y0, y1)
    } else {
        plot
    }
}
