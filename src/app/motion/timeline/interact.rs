//! Clicks, drags and box selections on the timeline's plot.

use super::drag::{self, GRAB_RADIUS, nearest, snap_to_frame_ms};
use super::readout;
use super::{TimelineState, plot::Drawn};
use crate::app::action::MotionAction;
use crate::app::motion::view::{PointId, View};
use crate::app::sink::MotionSink;
use crate::edit::Document;
use egui::Pos2;

/// The selection with the points inside the box from `start` to `end` (plot coordinates)
/// added.
fn boxed(
    view: &View,
    markers: &[([f64; 2], PointId)],
    start: [f64; 2],
    end: [f64; 2],
) -> std::collections::BTreeSet<PointId> {
    let (x0, x1) = (start[0].min(end[0]), start[0].max(end[0]));
    let (y0, y1) = (start[1].min(end[1]), start[1].max(end[1]));
    let mut selection = view.selection.clone();
    selection.extend(
        markers
            .iter()
            .filter(|(p, _)| (x0..=x1).contains(&p[0]) && (y0..=y1).contains(&p[1]))
            .map(|(_, id)| *id),
    );
    selection
}

/// A Shift+drag made whole between two frames (a quick hand, a slow frame): the button
/// pressed with Shift in `frame` and let go further away than a click moves, all in this
/// frame's events. egui reports no drag for it (nothing was down at a frame's end), so the
/// box is taken from the events themselves.
fn box_in_one_frame(ui: &egui::Ui, frame: egui::Rect) -> Option<(Pos2, Pos2)> {
    ui.input(|i| {
        let mut from = None;
        for event in &i.events {
            if let egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers,
            } = event
            {
                if *pressed {
                    from = (modifiers.shift && frame.contains(*pos)).then_some(*pos);
                } else if let Some(start) = from.take()
                    && start.distance(*pos) > drag::AXIS_LOCK_DISTANCE
                {
                    return Some((start, *pos));
                }
            }
        }
        None
    })
}

/// Clicks, drags and box selections on the plot.
pub(super) fn interact(
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
        let press = ui.input(|i| i.pointer.press_origin());
        let origin = press
            .map(|p| transform.value_from_position(p))
            .or(pointer_value)
            .map(|v| [v.x, v.y]);
        // The point taken is the one where the button went down: by the frame a quick drag
        // is recognised, the pointer may have reached another point (a box begun beside a
        // point would move it).
        let grabbed = press.map_or(state.hovered.or(hovered_now), |p| {
            nearest(screen_markers, p, GRAB_RADIUS)
        });
        start(document, view, state, (grabbed, origin, shift), sink);
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
        if let Some(drag) = state.drag.take() {
            sink.push(MotionAction::EndGesture);
            // A keyframe taken along time takes the playhead with it: the stage keeps
            // showing the pose being edited.
            if drag.horizontal == Some(true) {
                sink.push(MotionAction::SeekKeyframe(drag.keyframe));
                if drag.last.is_some()
                    && let Some(said) = drag::hidden_moved_along(document, view, &drag)
                {
                    sink.say(said);
                }
            }
        }
        if let (Some(start), Some(end)) = (state.box_start.take(), pointer_value) {
            sink.push(MotionAction::SelectPoints(boxed(
                view,
                &response.inner.markers,
                start,
                [end.x, end.y],
            )));
        }
    } else if state.drag.is_none()
        && state.box_start.is_none()
        && let Some((a, b)) = box_in_one_frame(ui, *transform.frame())
    {
        let (a, b) = (
            transform.value_from_position(a),
            transform.value_from_position(b),
        );
        sink.push(MotionAction::SelectPoints(boxed(
            view,
            &response.inner.markers,
            [a.x, a.y],
            [b.x, b.y],
        )));
    }
    if plot_response.clicked() {
        click(ui, document, view, (hovered_now, pointer_value), sink);
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
    // The readout beside the pointer: the point dragged, else the one under the pointer,
    // else the time and angle there (not while a box is drawn).
    if let (Some(pos), Some(value)) = (pointer, pointer_value)
        && (state.drag.is_some() || (state.box_start.is_none() && plot_response.hovered()))
    {
        let point = state
            .drag
            .as_ref()
            .and_then(|d| d.original_values.first().map(|(id, _)| *id))
            .or(hovered_now);
        let scale = view.time_scale(&document.motion);
        let text = readout::text(document, point, [value.x, value.y], scale);
        let frame = *transform.frame();
        let key = super::marks::key_rect(ui, document, frame);
        readout::draw(ui, text, pos, frame, key);
    }
}

/// A drag begun: on the point `grabbed`, a point drag (the playhead to its keyframe, so
/// the stage shows the pose being edited); beside every point with Shift, a box from
/// `origin`.
fn start(
    document: &Document,
    view: &View,
    state: &mut TimelineState,
    (grabbed, origin, shift): (Option<PointId>, Option<[f64; 2]>, bool),
    sink: &mut MotionSink<'_>,
) {
    if let Some(point) = grabbed {
        if let Some(&t) = document.times_ms().get(point.0) {
            sink.push(MotionAction::Seek(t));
        }
        let mut started = drag::start(document, &view.selection, point, shift, origin, sink);
        started.times.1.clone_from(&state.time_snaps);
        state.drag = Some(started);
    } else if shift {
        state.box_start = origin;
    }
}

/// A click on the plot: on a point, selects it (Shift: adds or removes it), focuses its
/// joint and takes the playhead to its keyframe; beside every point, clears the selection
/// (not with Shift) and takes the playhead there.
fn click(
    ui: &egui::Ui,
    document: &Document,
    view: &View,
    (hovered, pointer_value): (Option<PointId>, Option<egui_plot::PlotPoint>),
    sink: &mut MotionSink<'_>,
) {
    let shift = crate::app::pointer::click_modifiers(ui).shift;
    match hovered {
        Some(point) => {
            sink.push(MotionAction::SelectPoints(drag::clicked(
                &view.selection,
                point,
                shift,
            )));
            sink.push(MotionAction::Focus(Some(point.1)));
            if let Some(&t) = document.times_ms().get(point.0) {
                sink.push(MotionAction::Seek(t));
            }
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
