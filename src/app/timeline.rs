//! The timeline: one plot, a curve per shown joint (degrees against the robot's time in ms),
//! keyframes as points that can be dragged up and down (value) or left and right (time).
//!
//! Large motions stay fast: only the keyframes in view are handed to the plot, a curve with
//! more keyframes in view than pixels is reduced to the lowest and highest value of each
//! pixel column (what would be drawn anyway), and points are drawn only when they are far
//! enough apart to be grabbed.

use super::view::{Channel, PointDrag, PointId, View, channel_color, channel_name, value};
use crate::codec::mtn::Motion;
use crate::edit::{Document, Edit, timeline_ops};
use crate::robot::marks::{Run, runs_within};
use crate::robot::{self, deg_to_urad, timing, urad_to_deg};
use egui::{Color32, Pos2, Stroke};
use egui_plot::{Line, MarkerShape, Plot, PlotPoint, PlotPoints, Points, Polygon, Span, VLine};
use std::ops::{Range, RangeInclusive};

/// How close (in points) the pointer must be to grab a keyframe.
pub const GRAB_RADIUS: f32 = 8.0;
/// Keyframe points are drawn (and can be grabbed) only below this many in view per curve.
const MAX_MARKERS: usize = 600;
/// How far (in points) the pointer moves before a drag decides between value and time.
const AXIS_LOCK_DISTANCE: f32 = 6.0;

/// The keyframes whose time is within `[x0, x1]`, plus one on either side so the curves
/// run to the edges of the view.
#[must_use]
pub fn visible_range(times_ms: &[u64], x0: f64, x1: f64) -> Range<usize> {
    let start = times_ms
        .partition_point(|&t| (t as f64) < x0)
        .saturating_sub(1);
    let end = (times_ms.partition_point(|&t| (t as f64) <= x1) + 1).min(times_ms.len());
    start..end.max(start)
}

/// The points of one curve over `range`: every keyframe when they fit, else, per bucket of
/// keyframes, the first, lowest, highest and last (in time order), which draws the same
/// picture at a fraction of the points. See [`curves_points`].
#[must_use]
pub fn curve_points(
    times_ms: &[u64],
    range: Range<usize>,
    max_points: usize,
    value_urad: impl Fn(usize) -> i32,
) -> Vec<[f64; 2]> {
    curves_points(times_ms, range, max_points, 1, |k, out| {
        out[0] = value_urad(k);
    })
    .pop()
    .unwrap_or_default()
}

/// The points of `curves` curves at once over `range`, reduced as [`curve_points`] says.
/// `read(k, out)` writes every curve's value at keyframe `k` (in microradians) into `out`;
/// reading all curves of a keyframe together walks the motion's rows once, in memory order,
/// rather than once per curve. Only the picked points are converted to degrees.
#[must_use]
pub fn curves_points(
    times_ms: &[u64],
    range: Range<usize>,
    max_points: usize,
    curves: usize,
    read: impl Fn(usize, &mut [i32]),
) -> Vec<Vec<[f64; 2]>> {
    let count = range.len();
    let point = |k: usize, v: i32| [times_ms[k] as f64, urad_to_deg(v)];
    let mut row = vec![0; curves];
    if count <= max_points.max(4) {
        let mut out: Vec<Vec<[f64; 2]>> = vec![Vec::with_capacity(count); curves];
        for k in range {
            read(k, &mut row);
            for (points, &v) in out.iter_mut().zip(&row) {
                points.push(point(k, v));
            }
        }
        return out;
    }
    let buckets = (max_points / 4).max(1);
    let per_bucket = count.div_ceil(buckets);
    let mut out: Vec<Vec<[f64; 2]>> = vec![Vec::with_capacity(buckets * 4); curves];
    // One bucket's values, curve by curve: filled row by row (the motion's memory order),
    // then each curve's column, small enough to stay in cache, scanned for its extremes.
    let mut block = vec![0; curves * per_bucket];
    let mut start = range.start;
    while start < range.end {
        let end = (start + per_bucket).min(range.end);
        let len = end - start;
        for (i, k) in (start..end).enumerate() {
            read(k, &mut row);
            for (c, &v) in row.iter().enumerate() {
                block[c * per_bucket + i] = v;
            }
        }
        for (c, points) in out.iter_mut().enumerate() {
            let column = &block[c * per_bucket..c * per_bucket + len];
            let (Some(&low_v), Some(&high_v)) = (column.iter().min(), column.iter().max()) else {
                continue;
            };
            // The first keyframe holding the extreme, as a strict scan would pick.
            let at = |target: i32| start + column.iter().position(|&v| v == target).unwrap_or(0);
            let mut picks = [
                (start, column[0]),
                (at(low_v), low_v),
                (at(high_v), high_v),
                (end - 1, column[len - 1]),
            ];
            picks.sort_unstable_by_key(|p| p.0);
            let mut previous = usize::MAX;
            for (k, v) in picks {
                if k != previous {
                    points.push(point(k, v));
                    previous = k;
                }
            }
        }
        start = end;
    }
    out
}

/// The point nearest to `pointer` within `radius`, if any.
#[must_use]
pub fn nearest(candidates: &[(Pos2, PointId)], pointer: Pos2, radius: f32) -> Option<PointId> {
    candidates
        .iter()
        .map(|(pos, id)| (pos.distance_sq(pointer), *id))
        .filter(|(d, _)| *d <= radius * radius)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// Snaps a time in ms to the 16 ms frame grid (never before 0).
#[must_use]
pub fn snap_to_frame_ms(time_ms: f64) -> u64 {
    let frames = (time_ms / timing::FRAME_MS as f64).round().max(0.0);
    // A time on screen is far below u64's range.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped above"
    )]
    let frames = frames as u64;
    frames * timing::FRAME_MS
}

/// What the plot drew this frame: the grabbable points, in plot coordinates.
struct Drawn {
    markers: Vec<([f64; 2], PointId)>,
    /// Each shown curve's points as drawn (reduced when dense), in time order.
    curves: Vec<(Channel, std::sync::Arc<[[f64; 2]]>)>,
}

fn value_deg(motion: &Motion, k: usize, channel: Channel) -> f64 {
    value(motion, k, channel).map_or(0.0, urad_to_deg)
}

/// Draws the timeline and handles clicks and drags on it.
pub fn timeline_ui(ui: &mut egui::Ui, document: &mut Document, view: &mut View) {
    let times = document.times_ms();
    let shift = ui.input(|i| i.modifiers.shift);
    let over_point = view.hovered.is_some() || view.drag.is_some();
    let dragging = view.drag.is_some();
    let mut plot = Plot::new("timeline")
        .allow_drag(!over_point && !shift)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(true)
        .custom_x_axes(vec![
            // Four-digit times fit in 40 points: with the 1-2-10 steps below, a narrow
            // timeline still labels every 200 ms rather than only 0 and 1000.
            egui_plot::AxisHints::new_x()
                .label("time (ms)")
                .label_spacing(40.0..=60.0),
        ])
        .x_grid_spacer(egui_plot::uniform_grid_spacer(time_grid_steps))
        .y_axis_label("angle (°)")
        .label_formatter(move |hover| match hover {
            // While a point is dragged, its own label says where it is.
            _ if dragging => None,
            egui_plot::HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\n{:.0} ms\n{:.2}°",
                position.x, position.y
            )),
            egui_plot::HoverPosition::Elsewhere { position } => {
                Some(format!("{:.0} ms\n{:.2}°", position.x, position.y))
            }
        });
    // The view stays where the user put it (no auto-fitting while points are dragged);
    // Zoom to Fit (and opening a motion) frames the whole motion.
    plot = plot.auto_bounds(false);
    if view.fit_requested {
        let (x_range, y_range) = fit_bounds(&document.motion, times, view);
        plot = plot
            .reset()
            .default_x_bounds(x_range.0, x_range.1)
            .default_y_bounds(y_range.0, y_range.1);
        view.fit_requested = false;
    }
    let motion = &document.motion;
    let channels = view.visible_channels();
    let focused = view.focused;
    let selection = view.selection.clone();
    let playhead_ms = view.playhead_ms;
    let box_start = view.box_start;
    let naive = view.naive_plot;
    let focus_band = focused.and_then(|channel| limit_band(motion, channel));
    let revision = document.revision();
    let cache = &mut view.curve_cache;
    let response = plot.show(ui, |plot_ui| {
        let bounds = plot_ui.plot_bounds();
        let width_px = plot_ui.response().rect.width().max(1.0);
        let (range, max_points) = if naive {
            (0..times.len(), usize::MAX)
        } else {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a width in points"
            )]
            let max_points = (width_px as usize) * 2;
            (
                visible_range(times, bounds.min()[0], bounds.max()[0]),
                max_points,
            )
        };
        if let Some((low, high, color)) = focus_band {
            plot_ui.add(
                Span::new("limits", low..=high)
                    .axis(egui_plot::Axis::Y)
                    .fill(color.gamma_multiply(0.12))
                    .border(Stroke::new(1.0, color.gamma_multiply(0.5))),
            );
        }
        cache.refresh(
            (revision, range.clone(), max_points, channels.clone()),
            || {
                let joints = motion.keyframes.joint_count();
                let angles = motion.keyframes.angles();
                let body = motion.keyframes.body();
                curves_points(
                    times,
                    range.clone(),
                    max_points,
                    channels.len(),
                    |k, out| {
                        let row = angles.get(k * joints..(k + 1) * joints).unwrap_or_default();
                        let pose = body.get(k);
                        for (slot, &channel) in out.iter_mut().zip(&channels) {
                            *slot = match channel {
                                Channel::Joint(j) => row.get(j).copied(),
                                Channel::Body(axis) => pose.and_then(|p| p.get(axis).copied()),
                            }
                            .unwrap_or(0);
                        }
                    },
                )
            },
        );
        let mut markers = Vec::new();
        let mut curves = Vec::with_capacity(channels.len());
        let show_markers = naive || range.len() <= MAX_MARKERS;
        for &channel in &channels {
            let color = channel_color(channel);
            let name = channel_name(motion, channel);
            let width = if focused == Some(channel) { 3.0 } else { 1.5 };
            let points = cache.curve(channel).unwrap_or_default();
            curves.push((channel, points.clone()));
            plot_ui.line(
                Line::new(name.clone(), PlotPoints::new(points.to_vec()))
                    .color(color)
                    .width(width)
                    .allow_hover(false),
            );
            if show_markers {
                let mut normal = Vec::new();
                let mut selected = Vec::new();
                for k in range.clone() {
                    let point = [times[k] as f64, value_deg(motion, k, channel)];
                    markers.push((point, (k, channel)));
                    if selection.contains(&(k, channel)) {
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
        }
        plot_ui.vline(
            VLine::new("playhead", playhead_ms as f64)
                .color(Color32::from_rgb(255, 210, 0))
                .width(1.5),
        );
        if let (Some(start), Some(now)) = (box_start, plot_ui.pointer_coordinate()) {
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
        Drawn { markers, curves }
    });

    let transform = response.transform;
    view.transform = Some(transform);
    paint_safety_marks(ui, document, &response.inner.curves, &transform);
    let plot_response = &response.response;
    let screen_markers: Vec<(Pos2, PointId)> = response
        .inner
        .markers
        .iter()
        .map(|(p, id)| {
            (
                transform.position_from_point(&PlotPoint::new(p[0], p[1])),
                *id,
            )
        })
        .collect();
    let pointer = plot_response
        .hover_pos()
        .or_else(|| plot_response.interact_pointer_pos());
    let pointer_value = pointer.map(|p| transform.value_from_position(p));
    let hovered_now = pointer.and_then(|p| nearest(&screen_markers, p, GRAB_RADIUS));

    if plot_response.drag_started_by(egui::PointerButton::Primary) {
        // A drag is recognised only after the pointer has moved a little: measure it from
        // where the button went down, so the point does not lag behind the pointer.
        let origin = ui
            .input(|i| i.pointer.press_origin())
            .map(|p| transform.value_from_position(p))
            .or(pointer_value);
        if let Some(point) = view.hovered.or(hovered_now) {
            start_point_drag(document, view, point, shift, origin);
        } else if shift {
            view.box_start = origin.map(|v| [v.x, v.y]);
        }
    }
    if view.drag.is_some()
        && let Some(now) = pointer_value
    {
        continue_point_drag(document, view, [now.x, now.y], &transform);
    }
    if plot_response.drag_stopped() {
        if view.drag.take().is_some() {
            document.end_gesture();
        }
        if let (Some(start), Some(end)) = (view.box_start.take(), pointer_value) {
            select_in_box(view, &response.inner.markers, start, [end.x, end.y]);
        }
    }
    if plot_response.clicked() {
        match hovered_now {
            Some(point) => click_point(view, point, shift),
            None => {
                if !shift {
                    view.selection.clear();
                }
                if let Some(v) = pointer_value {
                    view.playhead_ms = snap_to_frame_ms(v.x);
                }
            }
        }
    }
    view.hovered = if view.drag.is_some() {
        view.hovered
    } else {
        hovered_now
    };
    if view.hovered.is_some() || view.drag.is_some() {
        ui.ctx().set_cursor_icon(if view.drag.is_some() {
            egui::CursorIcon::Grabbing
        } else {
            egui::CursorIcon::Grab
        });
    }
    if let (Some(drag), Some(pos)) = (&view.drag, pointer) {
        drag_label(ui, document, drag, pos);
    }
}

/// The timeline's three grid steps in ms for a smallest step of `base_ms`: from 1, 2, 10,
/// 20, 100, 200, ... (each divides the next, so labels of one step never crowd those of
/// another), the three smallest not below `base_ms`.
#[must_use]
#[expect(
    clippy::needless_pass_by_value,
    reason = "the signature egui_plot's spacers take"
)]
pub fn time_grid_steps(input: egui_plot::GridInput) -> [f64; 3] {
    let base = input.base_step_size.abs().max(1e-3);
    let power = 10f64.powf(base.log10().floor());
    let mut steps = [1.0, 2.0, 10.0, 20.0, 100.0, 200.0]
        .map(|m| m * power)
        .into_iter()
        .filter(|&step| step >= base * (1.0 - 1e-9));
    let first = steps.next().unwrap_or(power * 10.0);
    let second = steps.next().unwrap_or(first * 10.0);
    let third = steps.next().unwrap_or(second * 10.0);
    [first, second, third]
}

/// Colour of keyframes beyond a joint's limits.
const OUT_OF_RANGE_COLOR: Color32 = Color32::from_rgb(255, 45, 45);
/// Colour of segments faster than a joint's servo.
const TOO_FAST_COLOR: Color32 = Color32::from_rgb(255, 40, 210);
/// The band along a marked curve is built from columns this many points wide.
const BAND_STEP_PX: f32 = 3.0;
/// How far the band reaches above and below the curve, in points.
const BAND_HALF_PX: f32 = 4.5;

/// A translucent band `half` points above and below a polyline (`points` in x order), as
/// one mesh of a quad per `step`-point column between `clip_left` and `clip_right`. Each
/// quad spans the line's lowest and highest point within its column (the line interpolated
/// at the column's edges), so the band follows diagonals and reaches every peak, and costs
/// four vertices per column however many points the line has.
#[must_use]
pub fn band_mesh(
    points: &[Pos2],
    step: f32,
    half: f32,
    (clip_left, clip_right): (f32, f32),
    color: Color32,
) -> egui::Mesh {
    let mut mesh = egui::Mesh::default();
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return mesh;
    };
    if points.len() < 2 || step <= 0.0 {
        return mesh;
    }
    let y_at = |i: usize, x: f32| {
        let (a, b) = (points[i], points[i + 1]);
        if b.x - a.x <= f32::EPSILON {
            a.y
        } else {
            a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x)).clamp(0.0, 1.0)
        }
    };
    let end = last.x.min(clip_right);
    let mut left = first.x.max(clip_left);
    let mut segment = 0;
    while left < end {
        let right = (left + step).min(end);
        while segment + 2 < points.len() && points[segment + 1].x <= left {
            segment += 1;
        }
        let start_y = y_at(segment, left);
        let (mut low, mut high) = (start_y, start_y);
        let mut k = segment + 1;
        while k < points.len() && points[k].x <= right {
            low = low.min(points[k].y);
            high = high.max(points[k].y);
            k += 1;
        }
        if k < points.len() {
            let end_y = y_at(k - 1, right);
            low = low.min(end_y);
            high = high.max(end_y);
        }
        mesh.add_colored_rect(
            egui::Rect::from_x_y_ranges(left..=right, low - half..=high + half),
            color,
        );
        left = right;
    }
    mesh
}

/// Marks closer than this many points are drawn as one: the band along a curve is 9 points
/// wide, so smaller gaps hardly show, and a noisy motion zoomed out draws a few long bands
/// rather than hundreds of short ones (zooming in shows every gap).
const JOIN_PX: f64 = 8.0;
/// Height of each overview strip of marks along the bottom of the plot, in points.
const STRIP_HEIGHT: f32 = 4.0;

/// The keyframe ranges to draw for `runs` in the view `[x0, x1]`: runs clipped to the
/// keyframes in view, and runs less than `join_ms` apart drawn as one (they would touch on
/// screen anyway), so a view never draws more pieces than it has pixels.
#[must_use]
pub fn mark_pieces(
    runs: &[Run],
    times_ms: &[u64],
    x0: f64,
    x1: f64,
    join_ms: f64,
) -> Vec<RangeInclusive<usize>> {
    let visible = visible_range(times_ms, x0, x1);
    let mut pieces = Vec::new();
    if visible.is_empty() {
        return pieces;
    }
    let last_visible = visible.end - 1;
    let within = runs_within(runs, visible.start, last_visible);
    // Marks from before an edit that removed keyframes may name keyframes that are gone
    // until the next check; those count as beyond the end.
    let starts_by =
        |run: &Run, time: f64| times_ms.get(run.first).is_some_and(|&t| t as f64 <= time);
    let mut i = within.start;
    while i < within.end {
        let first = runs[i].first.max(visible.start);
        let mut last = runs[i].last;
        i += 1;
        while let Some(&end_ms) = times_ms.get(last) {
            let reach = end_ms as f64 + join_ms;
            let next = i + runs[i..within.end].partition_point(|run| starts_by(run, reach));
            if next == i {
                break;
            }
            last = last.max(runs[next - 1].last);
            i = next;
        }
        let last = last.min(last_visible);
        if first <= last {
            pieces.push(first..=last);
        }
    }
    pieces
}

/// Marks every out-of-range keyframe (red) and too-fast segment (orange) over the shown
/// curves, and every place any joint (shown or not) has either, in a strip along the bottom.
fn paint_safety_marks(
    ui: &egui::Ui,
    document: &Document,
    curves: &[(Channel, std::sync::Arc<[[f64; 2]]>)],
    transform: &egui_plot::PlotTransform,
) {
    let marks = document.safety_marks();
    if marks.is_empty() {
        return;
    }
    let times = document.times_ms();
    let frame = *transform.frame();
    let painter = ui.painter_at(frame);
    let bounds = transform.bounds();
    let (x0, x1) = (bounds.min()[0], bounds.max()[0]);
    let ms_per_px = (x1 - x0) / f64::from(frame.width().max(1.0));
    let to_screen = |p: &[f64; 2]| transform.position_from_point(&PlotPoint::new(p[0], p[1]));
    for (channel, points) in curves {
        let Channel::Joint(j) = *channel else {
            continue;
        };
        let kinds = [
            (marks.too_fast.get(j), TOO_FAST_COLOR),
            (marks.out_of_range.get(j), OUT_OF_RANGE_COLOR),
        ];
        for (runs, color) in kinds {
            let Some(runs) = runs else {
                continue;
            };
            // A translucent band along the curve as drawn (its points, reduced when dense),
            // the curve itself still readable through it.
            let band_color = color.gamma_multiply(0.45);
            for piece in mark_pieces(runs, times, x0, x1, ms_per_px * JOIN_PX) {
                let (from_ms, to_ms) = (times[*piece.start()] as f64, times[*piece.end()] as f64);
                let start = points.partition_point(|p| p[0] < from_ms);
                let end = points.partition_point(|p| p[0] <= to_ms);
                let on_screen: Vec<Pos2> = points[start..end.max(start)]
                    .iter()
                    .map(to_screen)
                    .collect();
                if let [single] = on_screen.as_slice() {
                    painter.circle_stroke(*single, 7.0, Stroke::new(2.0, color));
                } else {
                    painter.add(band_mesh(
                        &on_screen,
                        BAND_STEP_PX,
                        BAND_HALF_PX,
                        (frame.left(), frame.right()),
                        band_color,
                    ));
                }
            }
        }
    }
    // Too fast along the bottom, out of range just above it.
    let strips = [
        (&marks.any_too_fast, TOO_FAST_COLOR, frame.bottom()),
        (
            &marks.any_out_of_range,
            OUT_OF_RANGE_COLOR,
            frame.bottom() - STRIP_HEIGHT,
        ),
    ];
    for (runs, color, bottom) in strips {
        for piece in mark_pieces(runs, times, x0, x1, ms_per_px * JOIN_PX) {
            let left = to_screen(&[times[*piece.start()] as f64, 0.0]).x;
            let right = to_screen(&[times[*piece.end()] as f64, 0.0])
                .x
                .max(left + 2.0);
            painter.rect_filled(
                egui::Rect::from_x_y_ranges(left..=right, bottom - STRIP_HEIGHT..=bottom),
                0.0,
                color,
            );
        }
    }
    // The key, top right: which colour is which.
    let kinds = [
        (
            marks.too_fast.iter().any(|r| !r.is_empty()),
            TOO_FAST_COLOR,
            "too fast for the servo",
        ),
        (
            marks.out_of_range.iter().any(|r| !r.is_empty()),
            OUT_OF_RANGE_COLOR,
            "beyond the joint's limits",
        ),
    ];
    let font = egui::TextStyle::Small.resolve(ui.style());
    let text_color = ui.visuals().strong_text_color();
    let mut y = frame.top() + 6.0;
    for (_, color, label) in kinds.iter().filter(|kind| kind.0) {
        let galley = painter.layout_no_wrap((*label).to_owned(), font.clone(), text_color);
        let text_left = frame.right() - 8.0 - galley.size().x;
        let swatch = egui::Rect::from_min_size(
            egui::pos2(text_left - 22.0, y + galley.size().y / 2.0 - 4.0),
            egui::vec2(16.0, 8.0),
        );
        let back = egui::Rect::from_min_max(
            egui::pos2(swatch.left() - 4.0, y - 1.0),
            egui::pos2(frame.right() - 4.0, y + galley.size().y + 1.0),
        );
        painter.rect_filled(
            back,
            2.0,
            ui.visuals().extreme_bg_color.gamma_multiply(0.85),
        );
        painter.rect_filled(swatch, 2.0, color.gamma_multiply(0.8));
        painter.galley(egui::pos2(text_left, y), galley, text_color);
        y += 18.0;
    }
}

/// The bounds that show the whole motion: all keyframes, and every shown curve with a
/// margin (and the focused joint's limits).
fn fit_bounds(motion: &Motion, times: &[u64], view: &View) -> ((f64, f64), (f64, f64)) {
    let end = times.last().copied().unwrap_or(0).max(16) as f64;
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    for channel in view.visible_channels() {
        for k in 0..times.len() {
            let v = value_deg(motion, k, channel);
            low = low.min(v);
            high = high.max(v);
        }
    }
    if let Some((a, b, _)) = view.focused.and_then(|c| limit_band(motion, c)) {
        low = low.min(a);
        high = high.max(b);
    }
    if !low.is_finite() || !high.is_finite() {
        (low, high) = (-90.0, 90.0);
    }
    let margin = ((high - low) * 0.05).max(5.0);
    ((-end * 0.04, end * 1.04), (low - margin, high + margin))
}

/// The limit band of a channel's joint, in degrees, with the channel's colour.
fn limit_band(motion: &Motion, channel: Channel) -> Option<(f64, f64, Color32)> {
    let Channel::Joint(j) = channel else {
        return None;
    };
    let design = robot::parse_design(&motion.design)?;
    let (_, info) = design.model.joint_by_locator(motion.locators.get(j)?)?;
    let limit = info.limit?;
    Some((limit.min_deg, limit.max_deg, channel_color(channel)))
}

fn click_point(view: &mut View, point: PointId, shift: bool) {
    if shift {
        if !view.selection.remove(&point) {
            view.selection.insert(point);
        }
    } else {
        view.selection.clear();
        view.selection.insert(point);
    }
    view.focused = Some(point.1);
    view.selected_keyframes = view.selection.iter().map(|(k, _)| *k).collect();
}

fn select_in_box(view: &mut View, markers: &[([f64; 2], PointId)], a: [f64; 2], b: [f64; 2]) {
    let (x0, x1) = (a[0].min(b[0]), a[0].max(b[0]));
    let (y0, y1) = (a[1].min(b[1]), a[1].max(b[1]));
    for (p, id) in markers {
        if (x0..=x1).contains(&p[0]) && (y0..=y1).contains(&p[1]) {
            view.selection.insert(*id);
        }
    }
    view.selected_keyframes = view.selection.iter().map(|(k, _)| *k).collect();
}

fn start_point_drag(
    document: &mut Document,
    view: &mut View,
    point: PointId,
    shift: bool,
    pointer: Option<PlotPoint>,
) {
    if !view.selection.contains(&point) {
        if !shift {
            view.selection.clear();
        }
        view.selection.insert(point);
    }
    view.focused = Some(point.1);
    view.selected_keyframes = view.selection.iter().map(|(k, _)| *k).collect();
    let motion = &document.motion;
    let original_values = view
        .selection
        .iter()
        .filter_map(|&id| value(motion, id.0, id.1).map(|v| (id, v)))
        .collect();
    let start = pointer.map_or_else(
        || {
            let k = point.0;
            let t = document.times_ms().get(k).copied().unwrap_or(0);
            [t as f64, value_deg(motion, k, point.1)]
        },
        |p| [p.x, p.y],
    );
    view.drag = Some(PointDrag {
        start,
        original_values,
        original_frames: motion.keyframes.frames().to_vec(),
        horizontal: None,
    });
    document.begin_gesture("Drag keyframes");
}

/// Applies a drag in progress: from the originals, so the result depends only on where the
/// pointer is now, and a drag back to the start changes nothing.
pub fn continue_point_drag(
    document: &mut Document,
    view: &mut View,
    now: [f64; 2],
    transform: &egui_plot::PlotTransform,
) {
    let Some(drag) = view.drag.as_mut() else {
        return;
    };
    let dx = now[0] - drag.start[0];
    let dy = now[1] - drag.start[1];
    let [px_per_x, px_per_y] = transform.dpos_dvalue();
    if drag.horizontal.is_none() {
        let (dx_px, dy_px) = ((dx * px_per_x).abs(), (dy * px_per_y).abs());
        if dx_px.max(dy_px) >= f64::from(AXIS_LOCK_DISTANCE) {
            drag.horizontal = Some(dx_px > dy_px);
        }
    }
    match drag.horizontal {
        Some(false) => {
            let delta_urad = deg_to_urad(dy);
            let mut angles = Vec::new();
            let mut body = Vec::new();
            for &((k, channel), original) in &drag.original_values {
                let new = original.saturating_add(delta_urad);
                match channel {
                    Channel::Joint(j) => angles.push((k, j, new)),
                    Channel::Body(axis) => body.push((k, axis, new)),
                }
            }
            document.apply(
                "Drag keyframes",
                Edit::Group(vec![Edit::SetAngles(angles), Edit::SetBody(body)]),
            );
        }
        Some(true) => {
            let mut keyframes: Vec<usize> =
                drag.original_values.iter().map(|((k, _), _)| *k).collect();
            keyframes.sort_unstable();
            keyframes.dedup();
            #[expect(
                clippy::cast_possible_truncation,
                reason = "a drag spans far fewer frames than i64 holds"
            )]
            let delta_frames = (dx / timing::FRAME_MS as f64).round() as i64;
            // From the frames the drag started with: a drag back to the start restores them.
            let (edit, _) =
                timeline_ops::retime_frames(&drag.original_frames, &keyframes, delta_frames);
            document.apply("Drag keyframes", edit);
        }
        None => {}
    }
}

/// Shows the dragged keyframe's time and value beside the pointer.
fn drag_label(ui: &egui::Ui, document: &Document, drag: &PointDrag, pos: Pos2) {
    let Some(&((k, channel), _)) = drag.original_values.first() else {
        return;
    };
    let motion = &document.motion;
    let time = document.times_ms().get(k).copied().unwrap_or(0);
    let text = format!(
        "{} · keyframe {k}\n{time} ms · {:.2}°",
        channel_name(motion, channel),
        value_deg(motion, k, channel)
    );
    let painter = ui.ctx().layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        egui::Id::unique("drag label"),
    ));
    let galley = painter.layout_no_wrap(text, egui::FontId::proportional(13.0), Color32::WHITE);
    // Beside the pointer, flipped to its left near the right edge so it stays readable.
    let size = galley.size() + egui::vec2(8.0, 8.0);
    let screen = ui.ctx().content_rect();
    let mut min = pos + egui::vec2(14.0, 14.0);
    if min.x + size.x > screen.right() {
        min.x = pos.x - 14.0 - size.x;
    }
    if min.y + size.y > screen.bottom() {
        min.y = pos.y - 14.0 - size.y;
    }
    let rect = egui::Rect::from_min_size(min, size);
    painter.rect_filled(rect, 4.0, Color32::from_black_alpha(200));
    painter.galley(rect.min + egui::vec2(4.0, 4.0), galley, Color32::WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mark_pieces_clip_to_the_view_and_join_what_would_touch_on_screen() {
        let times: Vec<u64> = (0..100).map(|k| k * 16).collect();
        let runs = [
            Run { first: 2, last: 3 },
            Run { first: 5, last: 5 },
            Run {
                first: 40,
                last: 60,
            },
            Run {
                first: 90,
                last: 99,
            },
        ];
        // Zoomed in (a pixel is well under a frame): every run is its own piece, the long
        // one clipped to the keyframes in view (one beyond each edge).
        assert_eq!(
            mark_pieces(&runs, &times, 0.0, 800.0, 1.0),
            vec![2..=3, 5..=5, 40..=51]
        );
        // Zoomed out (two pixels are 40 ms): runs 2..=3 and 5 are 32 ms apart and join.
        assert_eq!(
            mark_pieces(&runs, &times, 0.0, 1_600.0, 40.0),
            vec![2..=5, 40..=60, 90..=99]
        );
        // Nothing in view, no view, no runs.
        assert!(mark_pieces(&runs, &times, 1_000.0, 1_300.0, 1.0).is_empty());
        assert!(mark_pieces(&runs, &[], 0.0, 100.0, 1.0).is_empty());
        assert!(mark_pieces(&[], &times, 0.0, 100.0, 1.0).is_empty());
        // Marks naming keyframes an edit has removed are ignored, not indexed.
        let stale = [
            Run {
                first: 98,
                last: 140,
            },
            Run {
                first: 150,
                last: 160,
            },
        ];
        assert_eq!(
            mark_pieces(&stale, &times, 0.0, 5_000.0, 40.0),
            vec![98..=99]
        );
    }

    #[test]
    fn the_band_follows_the_line_in_columns_and_reaches_every_peak() {
        let color = Color32::RED;
        let column = |mesh: &egui::Mesh, c: usize| {
            let v = &mesh.vertices[c * 4..c * 4 + 4];
            let (xs, ys) = (v.iter().map(|v| v.pos.x), v.iter().map(|v| v.pos.y));
            (
                xs.clone().fold(f32::INFINITY, f32::min),
                xs.fold(f32::NEG_INFINITY, f32::max),
                ys.clone().fold(f32::INFINITY, f32::min),
                ys.fold(f32::NEG_INFINITY, f32::max),
            )
        };
        // A diagonal from (0, 0) to (30, 30): ten columns, each spanning the line's own
        // height in that column, plus the half width.
        let diagonal = [Pos2::new(0.0, 0.0), Pos2::new(30.0, 30.0)];
        let mesh = band_mesh(&diagonal, 3.0, 1.0, (-100.0, 100.0), color);
        assert_eq!(mesh.vertices.len(), 10 * 4);
        let (l, r, top, bottom) = column(&mesh, 4);
        assert!((l - 12.0).abs() < 1e-4 && (r - 15.0).abs() < 1e-4);
        assert!(
            (top - 11.0).abs() < 1e-4 && (bottom - 16.0).abs() < 1e-4,
            "{top} {bottom}"
        );
        // A spike inside one column is reached; the columns beside it stay flat.
        let spike = [
            Pos2::new(0.0, 0.0),
            Pos2::new(4.0, 0.0),
            Pos2::new(4.5, -50.0),
            Pos2::new(5.0, 0.0),
            Pos2::new(9.0, 0.0),
        ];
        let mesh = band_mesh(&spike, 3.0, 1.0, (-100.0, 100.0), color);
        assert_eq!(mesh.vertices.len(), 3 * 4);
        assert!((column(&mesh, 1).2 + 51.0).abs() < 1e-4);
        assert!((column(&mesh, 0).2 + 1.0).abs() < 1e-4);
        assert!((column(&mesh, 2).2 + 1.0).abs() < 1e-4);
        // Clipped to the view: a line two million points long makes a view's worth.
        let long = [Pos2::new(-1e6, 0.0), Pos2::new(1e6, 0.0)];
        let mesh = band_mesh(&long, 3.0, 1.0, (0.0, 300.0), color);
        assert_eq!(mesh.vertices.len(), 100 * 4);
        assert!(band_mesh(&long[..1], 3.0, 1.0, (0.0, 300.0), color).is_empty());
    }

    #[test]
    fn time_grid_steps_are_1_2_10_multiples_each_dividing_the_next() {
        let steps = |base: f64| {
            time_grid_steps(egui_plot::GridInput {
                bounds: (0.0, 1_000.0),
                base_step_size: base,
            })
        };
        assert_eq!(steps(27.0), [100.0, 200.0, 1_000.0]);
        assert_eq!(steps(150.0), [200.0, 1_000.0, 2_000.0]);
        assert_eq!(steps(10.0), [10.0, 20.0, 100.0]);
        assert_eq!(steps(3.0), [10.0, 20.0, 100.0]);
        assert_eq!(steps(0.0), [0.001, 0.002, 0.01]);
        for base in [0.3, 7.0, 16.0, 99.0, 4_321.0, 1e6] {
            let [a, b, c] = steps(base);
            assert!(a >= base * 0.999 && a < b && b < c, "{base}: {a} {b} {c}");
            for (small, large) in [(a, b), (b, c)] {
                let ratio = large / small;
                assert!(
                    (ratio - ratio.round()).abs() < 1e-9,
                    "{base}: {small} | {large}"
                );
            }
        }
    }

    #[test]
    fn visible_range_takes_one_keyframe_beyond_each_edge() {
        let times = [0, 100, 200, 300, 400];
        assert_eq!(visible_range(&times, 150.0, 250.0), 1..4);
        assert_eq!(visible_range(&times, -50.0, 1000.0), 0..5);
        assert_eq!(visible_range(&times, 500.0, 600.0), 4..5);
        assert_eq!(visible_range(&[], 0.0, 1.0), 0..0);
    }

    #[test]
    fn curves_are_reduced_without_losing_extremes() {
        let times: Vec<u64> = (0..10_000).collect();
        let values = |k: usize| {
            if k == 5_000 {
                1_570_796
            } else if k == 7_777 {
                -1_570_796
            } else {
                i32::try_from(k % 7).unwrap_or(0)
            }
        };
        let points = curve_points(&times, 0..times.len(), 400, values);
        assert!(points.len() <= 400, "{}", points.len());
        assert!(points.iter().any(|p| (p[1] - 90.0).abs() < 1e-3));
        assert!(points.iter().any(|p| (p[1] + 90.0).abs() < 1e-3));
        assert!(
            points.windows(2).all(|w| w[0][0] <= w[1][0]),
            "in time order"
        );
        assert_eq!(points.first().map(|p| p[0]), Some(0.0));
        assert_eq!(points.last().map(|p| p[0]), Some(9_999.0));
        let few = curve_points(&times, 10..20, 400, values);
        assert_eq!(few.len(), 10);
    }

    #[test]
    fn curves_made_together_equal_curves_made_one_by_one() {
        let times: Vec<u64> = (0..5_000).map(|k| k * 16).collect();
        let value = |k: usize, c: usize| {
            let x = (k * 7919 + c * 104_729) % 10_007;
            i32::try_from(x).unwrap_or(0) * if c % 2 == 0 { 1 } else { -150 }
        };
        for (range, budget) in [(0..5_000, 400), (100..900, 4000), (17..4_321, 37)] {
            let together = curves_points(&times, range.clone(), budget, 3, |k, out| {
                for (c, slot) in out.iter_mut().enumerate() {
                    *slot = value(k, c);
                }
            });
            assert_eq!(together.len(), 3);
            for (c, points) in together.iter().enumerate() {
                let alone = curve_points(&times, range.clone(), budget, |k| value(k, c));
                assert_eq!(points, &alone, "curve {c} over {range:?}");
            }
        }
    }

    #[test]
    fn the_nearest_point_within_the_radius_is_grabbed() {
        let a = (0, Channel::Joint(0));
        let b = (1, Channel::Joint(0));
        let candidates = [(Pos2::new(10.0, 10.0), a), (Pos2::new(20.0, 10.0), b)];
        assert_eq!(nearest(&candidates, Pos2::new(12.0, 11.0), 8.0), Some(a));
        assert_eq!(nearest(&candidates, Pos2::new(17.0, 10.0), 8.0), Some(b));
        assert_eq!(nearest(&candidates, Pos2::new(40.0, 40.0), 8.0), None);
    }

    #[test]
    fn times_snap_to_frames() {
        assert_eq!(snap_to_frame_ms(0.0), 0);
        assert_eq!(snap_to_frame_ms(7.9), 0);
        assert_eq!(snap_to_frame_ms(8.1), 16);
        assert_eq!(snap_to_frame_ms(-100.0), 0);
        assert_eq!(snap_to_frame_ms(1000.0), 1008);
    }
}
