//! Dragging the playhead: pressed within a few points of its line (and off any point), it
//! follows the pointer, on the robot's 16 ms frames, as a sequencer's playhead does; the
//! pointer shows it can be dragged there.

use super::TimelineState;
use super::drag::snap_to_frame_ms;
use crate::app::action::MotionAction;
use crate::app::sink::MotionSink;

/// How near the playhead's line (points) a press grabs it.
pub const GRAB_PX: f32 = 6.0;

/// Grabs, drags and lets go of the playhead on the plot (`response`); `end_ms`: the motion's
/// end, which it stops at.
pub(super) fn scrub(
    ui: &egui::Ui,
    state: &mut TimelineState,
    response: &egui::Response,
    playhead_ms: u64,
    end_ms: u64,
    sink: &mut MotionSink<'_>,
) {
    let Some(transform) = state.transform else {
        return;
    };
    #[expect(clippy::cast_precision_loss, reason = "a playhead in ms")]
    let line = transform.position_from_point_x(playhead_ms as f64);
    let near = |x: f32| (x - line).abs() <= GRAB_PX;
    if response.drag_started_by(egui::PointerButton::Primary)
        && state.drag.is_none()
        && state.box_start.is_none()
        && ui
            .input(|i| i.pointer.press_origin())
            .is_some_and(|p| near(p.x))
    {
        state.scrubbing = true;
    }
    if state.scrubbing {
        if let Some(p) = response.interact_pointer_pos() {
            #[expect(clippy::cast_precision_loss, reason = "a motion's end in ms")]
            let ms = transform.value_from_position(p).x.clamp(0.0, end_ms as f64);
            let to = snap_to_frame_ms(ms);
            if to != playhead_ms {
                sink.push(MotionAction::Seek(to));
            }
        }
        if !response.dragged() {
            state.scrubbing = false;
        }
    }
    // Next frame's plot does not pan where a press would grab the playhead.
    state.on_playhead = state.drag.is_none()
        && state.hovered.is_none()
        && response
            .hover_pos()
            .is_some_and(|p| near(p.x) && response.rect.contains(p));
    if state.on_playhead || state.scrubbing {
        ui.ctx().set_cursor_icon(egui::CursorIcon::ResizeHorizontal);
    }
}
