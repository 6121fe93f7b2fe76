//! The timeline: one plot, a curve per shown joint (degrees against the robot's time in ms),
//! keyframes as points that can be dragged up and down (value) or left and right (time).
//!
//! - [`plot`]: the plot's axes and labels, and what goes in it each frame;
//! - [`interact`]: clicks, drags and box selections on it;
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
mod interact;
pub mod markers;
pub mod marks;
pub mod navigate;
pub mod overlay;
mod plot;
pub mod range;
pub mod readout;
mod scrub;
mod state;
pub mod thin;

pub use state::TimelineState;

use super::view::{PointId, View, channel_name};
use crate::app::sink::MotionSink;
use crate::edit::Document;
use axis::value_deg;
use drag::GRAB_RADIUS;
use egui::{Pos2, Shape};
use egui_plot::PlotPoint;

/// Up to this many points in view in all, each is a node of the accessibility tree (with
/// its place on screen), so a screen reader, or a test driving the real window, finds it.
const MAX_ACCESSIBLE_POINTS: usize = 400;

/// How far the view follows a point or a box dragged past the plot's edge this frame.
fn edge_scroll(ui: &egui::Ui, state: &TimelineState) -> egui::Vec2 {
    let dragging = state.drag.is_some() || state.box_start.is_some();
    match (dragging, state.transform) {
        (true, Some(transform)) => ui.input(|i| {
            i.pointer.latest_pos().map_or(egui::Vec2::ZERO, |pointer| {
                navigate::edge_scroll(pointer, *transform.frame(), i.stable_dt)
            })
        }),
        _ => egui::Vec2::ZERO,
    }
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
    markers::marker_row(ui, document, state, sink);
    range::range_strip(ui, document, view, state, sink);
    let (shift, pressed_at) = ui.input(|i| {
        let down = i.pointer.primary_down();
        (i.modifiers.shift, i.pointer.press_origin().filter(|_| down))
    });
    let plot = plot::plot(view, document, state, (shift, pressed_at));
    let (plot, reveal_ms) = plot::requested(plot, document, view, state);
    let contents = plot::Contents {
        document,
        view,
        playhead_ms,
        shaping,
        naive: state.naive_plot,
        box_start: state.box_start,
        wheel: ui.input(navigate::Wheel::read),
        edge: edge_scroll(ui, state),
        reveal_ms,
    };
    // Places in the painter beneath the plot's grid and curves, filled once the plot has
    // drawn (its frame and transform known): the background, then the safety marks.
    let slots = Beneath {
        background: ui.painter().add(Shape::Noop),
        marks: ui.painter().add(Shape::Noop),
        dense: ui.painter().add(Shape::Noop),
    };
    let (cache, servo) = (&mut state.cache, &mut state.servo);
    let response = plot.show(ui, |plot_ui| {
        plot::contents(plot_ui, &contents, cache, servo)
    });
    let transform = response.transform;
    state.transform = Some(transform);
    if std::mem::take(&mut state.fitting) {
        state.fitted = Some((transform.frame().height(), *transform.bounds()));
    }
    paint_beneath(ui, document, view, state, &response, &slots);
    markers::paint_lines(ui, document, &transform);
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
        interact::interact(ui, document, view, state, sink, &response, &screen_markers);
        let end_ms = document.times_ms().last().copied().unwrap_or(0);
        scrub::scrub(ui, state, &response.response, playhead_ms, end_ms, sink);
    }
    state.points_on_screen = screen_markers;
}

/// The painter's places beneath the plot.
struct Beneath {
    background: egui::layers::ShapeIdx,
    marks: egui::layers::ShapeIdx,
    dense: egui::layers::ShapeIdx,
}

/// Fills the places beneath the plot, now that its frame is known: the background, the
/// safety marks' bands and the dense curves; then the marks' overview.
fn paint_beneath(
    ui: &egui::Ui,
    document: &Document,
    view: &View,
    state: &mut TimelineState,
    response: &egui_plot::PlotResponse<plot::Drawn>,
    slots: &Beneath,
) {
    let transform = response.transform;
    let frame = *transform.frame();
    ui.painter().set(
        slots.background,
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
            focused: view.focused,
            dense: response.inner.dense,
            afresh: state.cache.disabled,
        },
        &mut state.marks,
    );
    painter.set(slots.dense, Shape::Vec(dense));
    painter.set(slots.marks, Shape::Vec(bands));
    marks::paint_overview(ui, document, &mut state.marks, &transform);
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
