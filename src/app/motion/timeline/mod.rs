//! The timeline: one plot, a curve per shown joint (degrees against the robot's time in ms),
//! keyframes as points that can be dragged up and down (value) or left and right (time).
//!
//! - [`thin`]: which points each curve is drawn with (large motions stay fast);
//! - [`columns`]: dense curves and the marks' bands, drawn as columns of rectangles;
//! - [`drag`]: grabbing and dragging keyframes;
//! - [`marks`]: the safety marks;
//! - [`axis`]: the time grid, fitting the motion, the limit band;
//! - [`navigate`]: the wheel, and bringing a new keyframe into view.
//!
//! The plot reads the document and the view and pushes actions; what it keeps of its own
//! (the point under the pointer, a drag in progress, its transform) is in [`TimelineState`].

pub mod axis;
mod beneath;
pub mod columns;
pub mod drag;
pub mod marks;
pub mod navigate;
pub mod overlay;
pub mod range;
mod state;
pub mod thin;

pub use state::TimelineState;

use super::palette::{PLAYHEAD_COLOUR, channel_color};
use super::view::{Channel, PointId, View, channel_name};
use crate::app::action::MotionAction;
use crate::app::sink::MotionSink;
use crate::edit::Document;
use axis::{TimeUnit, clock, fit_bounds, limit_band, time_grid_steps, value_deg};
use drag::{GRAB_RADIUS, PointDrag, nearest, snap_to_frame_ms};
use egui::{Color32, Pos2, Shape, Stroke};
use egui_plot::{Line, MarkerShape, Plot, PlotPoint, PlotPoints, Points, Polygon, Span, VLine};

use std::sync::Arc;
use thin::{curves_from_summary, curves_points, summary_channel, visible_range};

/// Keyframe points are drawn (and can be grabbed) only below this many in view per curve.
const MAX_MARKERS: usize = 600;
/// Up to this many points in view in all, each is a node of the accessibility tree (with
/// its place on screen), so a screen reader, or a test driving the real window, finds it.
const MAX_ACCESSIBLE_POINTS: usize = 400;

/// What the plot drew this frame.
struct Drawn {
    /// The grabbable points, in plot coordinates.
    markers: Vec<([f64; 2], PointId)>,
    /// Each shown curve's points as drawn (reduced when dense), in time order.
    curves: Vec<(Channel, Arc<[[f64; 2]]>)>,
    /// More keyframes are in view than the plot has pixel columns: the curves are drawn
    /// as columns (see [`columns`]) rather than as plot lines.
    dense: bool,
    /// A custom shape's handles: where they are drawn.
    handles: Option<(overlay::HandleFrame, [[f64; 2]; 2])>,
}

/// Draws the timeline and turns clicks and drags on it into actions; `shaping`: the open
/// shaping dialog of this tab, whose result and handles it shows.
pub fn timeline_ui(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    playhead_ms: u64,
    shaping: Option<&overlay::Shaping<'_>>,
    state: &mut TimelineState,
    sink: &mut MotionSink<'_>,
) {
    state.area = Some(ui.available_rect_before_wrap());
    range::range_strip(ui, document, view, state, sink);
    let times = document.times_ms();
    let motion = &document.motion;
    let shift = ui.input(|i| i.modifiers.shift);
    let over_point = state.hovered.is_some() || state.drag.is_some() || state.on_handle;
    let dragging = state.drag.is_some();
    // The unit the time axis counts in, for the span in view last frame.
    let span = state
        .transform
        .map_or(0.0, |t| t.bounds().max()[0] - t.bounds().min()[0]);
    // Times on the axis and beside the pointer follow the file's frame-rate field when the
    // view says so; the plot itself counts the robot's ms.
    let scale = view.time_scale(motion);
    let mut plot = Plot::new("timeline")
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
        .y_axis_label("angle (°)")
        .label_formatter(move |hover| match hover {
            // While a point is dragged, its own label says where it is.
            _ if dragging => None,
            egui_plot::HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\n{}\n{:.2}°",
                clock(position.x * scale),
                position.y
            )),
            egui_plot::HoverPosition::Elsewhere { position } => {
                Some(format!("{}\n{:.2}°", clock(position.x * scale), position.y))
            }
        })
        // The view stays where the user put it (no auto-fitting while points are dragged);
        // Zoom to Fit (and opening a motion) frames the whole motion.
        .auto_bounds(false);
    // The view's requests not done yet, each once.
    let requests = &view.requests;
    if requests.fit > state.done {
        let (x_range, y_range) = fit_bounds(motion, document.summary(), times, view);
        plot = plot
            .reset()
            .default_x_bounds(x_range.0, x_range.1)
            .default_y_bounds(y_range.0, y_range.1);
    }
    if let Some((n, (from, to))) = requests.frame
        && n > state.done
    {
        let (_, y_range) = fit_bounds(motion, document.summary(), times, view);
        plot = plot
            .reset()
            .default_x_bounds(from as f64, to as f64)
            .default_y_bounds(y_range.0, y_range.1);
    }
    let channels = view.visible_channels();
    let focused = view.focused;
    let range_ms = view.range_ms;
    let focus_band = focused.and_then(|channel| limit_band(motion, channel));
    let revision = document.revision();
    let naive = state.naive_plot;
    let cache = &mut state.cache;
    let box_start = state.box_start;
    let servo = &mut state.servo;
    let wheel = ui.input(navigate::Wheel::read);
    let reveal_ms = requests
        .reveal
        .filter(|&(n, _)| n > state.done)
        .and_then(|(_, k)| times.get(k))
        .map(|&t| t as f64);
    state.done = [
        requests.fit,
        requests.frame.map_or(0, |(n, _)| n),
        requests.reveal.map_or(0, |(n, _)| n),
    ]
    .into_iter()
    .fold(state.done, u64::max);
    // Places in the painter beneath the plot's grid and curves, filled once the plot has
    // drawn (its frame and transform known): the background, then the safety marks.
    let background_slot = ui.painter().add(Shape::Noop);
    let marks_slot = ui.painter().add(Shape::Noop);
    let dense_slot = ui.painter().add(Shape::Noop);
    let response = plot.show(ui, |plot_ui| {
        navigate::wheel(plot_ui, wheel);
        if let Some(time) = reveal_ms {
            navigate::reveal(plot_ui, time);
        }
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
            // About one point per pixel column: a dense curve is drawn in buckets of about
            // four columns, each its first, lowest, highest and last value.
            let max_points = width_px as usize;
            (
                visible_range(times, bounds.min()[0], bounds.max()[0]),
                max_points,
            )
        };
        if let Some((a, b)) = range_ms {
            plot_ui.add(
                Span::new("time range", a as f64..=b as f64)
                    .axis(egui_plot::Axis::X)
                    .fill(range::RANGE_COLOR.gamma_multiply(0.10))
                    .border(Stroke::new(1.0, range::RANGE_COLOR.gamma_multiply(0.6))),
            );
        }
        if let Some((low, high, color)) = focus_band {
            plot_ui.add(
                Span::new("limits", low..=high)
                    .axis(egui_plot::Axis::Y)
                    .fill(color.gamma_multiply(0.12))
                    .border(Stroke::new(1.0, color.gamma_multiply(0.5))),
            );
        }
        let joints = motion.keyframes.joint_count();
        cache.refresh(
            (revision, range.clone(), max_points, channels.clone()),
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
                                *slot =
                                    crate::edit::summary::channel_value(&motion.keyframes, k, c);
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
        let mut markers = Vec::new();
        let mut curves = Vec::with_capacity(channels.len());
        let show_markers = naive || range.len() <= MAX_MARKERS;
        let dense = !naive && range.len() > max_points.max(4);
        for &channel in &channels {
            let color = channel_color(channel);
            let name = channel_name(motion, channel);
            let width = if focused == Some(channel) { 3.0 } else { 1.5 };
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
            if show_markers {
                let mut normal = Vec::new();
                let mut selected = Vec::new();
                for k in range.clone() {
                    let point = [times[k] as f64, value_deg(motion, k, channel)];
                    markers.push((point, (k, channel)));
                    if view.selection.contains(&(k, channel)) {
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
        // The paths of the segments in view (and the one running in from the left).
        let servo_paths = servo.paths(document, range.start..range.end.saturating_add(1));
        let handles = overlay::draw(plot_ui, motion, times, view, shaping, &servo_paths);
        plot_ui.vline(
            VLine::new("playhead", playhead_ms as f64)
                .color(PLAYHEAD_COLOUR)
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
        Drawn {
            markers,
            curves,
            dense,
            handles,
        }
    });

    let transform = response.transform;
    state.transform = Some(transform);
    let frame = *transform.frame();
    ui.painter().set(
        background_slot,
        egui::epaint::RectShape::new(
            frame,
            2,
            ui.visuals().extreme_bg_color,
            ui.visuals().widgets.noninteractive.bg_stroke,
            egui::StrokeKind::Inside,
        ),
    );
    let painter = ui.painter().with_clip_rect(frame.intersect(ui.clip_rect()));
    let (dense, bands) = state.beneath.shapes(
        &beneath::Inputs {
            document,
            curves: &response.inner.curves,
            generation: state.cache.generation(),
            transform: &transform,
            focused,
            dense: response.inner.dense,
            afresh: state.cache.disabled,
        },
        &mut state.marks,
    );
    painter.set(dense_slot, Shape::Vec(dense));
    painter.set(marks_slot, Shape::Vec(bands));
    marks::paint_overview(ui, document, &mut state.marks, &transform);
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
    accessible_points(ui, document, &screen_markers, response.response.id);
    overlay::accessible_handles(
        ui,
        &transform,
        response.inner.handles.as_ref(),
        response.response.id,
    );
    state.on_handle = overlay::drag_handles(
        &response.response,
        &transform,
        &mut state.handle_drag,
        response.inner.handles,
        shaping,
        sink,
    );
    if state.on_handle {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
    } else {
        interact(ui, document, view, state, sink, &response, &screen_markers);
    }
}

/// Clicks, drags and box selections on the plot.
fn interact(
    ui: &egui::Ui,
    document: &Document,
    view: &View,
    state: &mut TimelineState,
    sink: &mut MotionSink<'_>,
    response: &egui_plot::PlotResponse<Drawn>,
    screen_markers: &[(Pos2, PointId)],
) {
    let transform = response.transform;
    let plot_response = &response.response;
    let shift = ui.input(|i| i.modifiers.shift);
    let pointer = plot_response
        .hover_pos()
        .or_else(|| plot_response.interact_pointer_pos());
    let pointer_value = pointer.map(|p| transform.value_from_position(p));
    let hovered_now = pointer.and_then(|p| nearest(screen_markers, p, GRAB_RADIUS));

    if plot_response.drag_started_by(egui::PointerButton::Primary) {
        // A drag is recognised only after the pointer has moved a little: measure it from
        // where the button went down, so the point does not lag behind the pointer.
        let origin = ui
            .input(|i| i.pointer.press_origin())
            .map(|p| transform.value_from_position(p))
            .or(pointer_value)
            .map(|v| [v.x, v.y]);
        if let Some(point) = state.hovered.or(hovered_now) {
            let mut started = drag::start(document, &view.selection, point, shift, origin, sink);
            started.times.1.clone_from(&state.time_snaps);
            state.drag = Some(started);
        } else if shift {
            state.box_start = origin;
        }
    }
    if let (Some(drag), Some(now)) = (state.drag.as_mut(), pointer_value)
        && let Some(edit) = drag::next_edit(
            drag,
            [now.x, now.y],
            transform.dpos_dvalue(),
            ui.input(|i| i.modifiers.command),
        )
    {
        sink.edit(drag::DRAG_LABEL, edit);
    }
    if plot_response.drag_stopped() {
        if state.drag.take().is_some() {
            sink.push(MotionAction::EndGesture);
        }
        if let (Some(start), Some(end)) = (state.box_start.take(), pointer_value) {
            let (x0, x1) = (start[0].min(end.x), start[0].max(end.x));
            let (y0, y1) = (start[1].min(end.y), start[1].max(end.y));
            let mut selection = view.selection.clone();
            selection.extend(
                response
                    .inner
                    .markers
                    .iter()
                    .filter(|(p, _)| (x0..=x1).contains(&p[0]) && (y0..=y1).contains(&p[1]))
                    .map(|(_, id)| *id),
            );
            sink.push(MotionAction::SelectPoints(selection));
        }
    }
    if plot_response.clicked() {
        match hovered_now {
            Some(point) => {
                sink.push(MotionAction::SelectPoints(drag::clicked(
                    &view.selection,
                    point,
                    shift,
                )));
                sink.push(MotionAction::Focus(Some(point.1)));
            }
            None => {
                if !shift {
                    sink.push(MotionAction::SelectPoints(Default::default()));
                }
                if let Some(v) = pointer_value {
                    sink.push(MotionAction::Seek(snap_to_frame_ms(v.x)));
                }
            }
        }
    }
    if state.drag.is_none() {
        state.hovered = hovered_now;
    }
    if state.hovered.is_some() || state.drag.is_some() {
        ui.ctx().set_cursor_icon(if state.drag.is_some() {
            egui::CursorIcon::Grabbing
        } else {
            egui::CursorIcon::Grab
        });
    }
    if let (Some(drag), Some(pos)) = (&state.drag, pointer) {
        drag_label(ui, document, drag, pos);
    }
}

/// Gives each keyframe point on screen a node in the accessibility tree: its name, value
/// and place, so that it can be found and grabbed without knowing the plot's scale.
fn accessible_points(
    ui: &egui::Ui,
    document: &Document,
    markers: &[(Pos2, PointId)],
    plot_id: egui::Id,
) {
    if markers.len() > MAX_ACCESSIBLE_POINTS {
        return;
    }
    let motion = &document.motion;
    let frame = ui.clip_rect();
    for &(pos, (k, channel)) in markers {
        if !frame.contains(pos) {
            continue;
        }
        let name = format!("Point {} keyframe {k}", channel_name(motion, channel));
        let time = document.times_ms().get(k).copied().unwrap_or(0);
        let value = format!("{:.2}° at {time} ms", value_deg(motion, k, channel));
        let rect = egui::Rect::from_center_size(pos, egui::Vec2::splat(2.0 * GRAB_RADIUS));
        ui.ctx()
            .accesskit_node_builder(plot_id.with(("point", k, channel)), |node| {
                node.set_role(egui::accesskit::Role::Image);
                node.set_label(name);
                node.set_description(value);
                node.set_bounds(egui::accesskit::Rect {
                    x0: rect.min.x.into(),
                    y0: rect.min.y.into(),
                    x1: rect.max.x.into(),
                    y1: rect.max.y.into(),
                });
            });
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
