//! The range strip above the plot: drag along it to select a time range (snapped to 16 ms
//! frames), click it to clear the range. It follows the plot's time axis (last frame's
//! transform), marks the keyframes in view as ticks, and shades the range, which the plot
//! shades too. The Motion menu's range operations and Copy, Cut and Paste work on it.

use super::drag::snap_to_frame_ms;
use super::state::TimelineState;
use crate::app::action::MotionAction;
use crate::app::motion::view::View;
use crate::app::sink::MotionSink;
use crate::edit::Document;
use egui::{Color32, Rect, Sense, Stroke, pos2, vec2};

/// The strip's height in points: a band for the hint above one for the keyframe ticks.
pub const HEIGHT: f32 = 22.0;
/// The height of the keyframe ticks along the strip's bottom.
const TICK_HEIGHT: f32 = 5.0;
/// Keyframe ticks are drawn only below this many in view.
const MAX_TICKS: usize = 2_000;
/// The range's colour.
pub const RANGE_COLOR: Color32 = Color32::from_rgb(120, 170, 255);

/// Draws the strip and turns drags and clicks on it into range actions.
pub fn range_strip(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    state: &mut TimelineState,
    sink: &mut MotionSink<'_>,
) {
    let (rect, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), HEIGHT), Sense::click_and_drag());
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::Slider, true, "Time range");
        info.value = view.range_ms.map(|(a, b)| (b - a) as f64);
        info
    });
    let Some(transform) = state.transform else {
        return;
    };
    let frame = transform.frame();
    let strip = Rect::from_x_y_ranges(frame.x_range(), rect.y_range());
    let painter = ui.painter().with_clip_rect(strip.intersect(ui.clip_rect()));
    painter.rect_filled(strip, 2.0, ui.visuals().faint_bg_color);
    let x_of = |ms: u64| transform.position_from_point_x(ms as f64);
    let time_at = |x: f32| {
        let value = transform.value_from_position(pos2(x, frame.center().y)).x;
        snap_to_frame_ms(value.max(0.0))
    };
    let times = document.times_ms();
    let (low, high) = (time_at(strip.left()), time_at(strip.right()));
    let first = times.partition_point(|&t| t < low);
    let last = times.partition_point(|&t| t <= high);
    if last.saturating_sub(first) <= MAX_TICKS {
        let stroke = Stroke::new(1.0, ui.visuals().weak_text_color());
        for &t in &times[first..last] {
            let x = x_of(t);
            painter.line_segment(
                [
                    pos2(x, strip.bottom() - TICK_HEIGHT),
                    pos2(x, strip.bottom()),
                ],
                stroke,
            );
        }
    }
    match view.range_ms {
        Some((a, b)) => {
            let shaded =
                Rect::from_x_y_ranges(x_of(a)..=x_of(b).max(x_of(a) + 2.0), strip.y_range());
            painter.rect_filled(shaded, 2.0, RANGE_COLOR.gamma_multiply(0.45));
        }
        None => {
            // Above the ticks, never over them; with the box selection's hint where the strip
            // is wide enough (the third review: Shift+drag was hard to discover).
            let font = egui::FontId::proportional(11.0);
            let color = ui.visuals().weak_text_color();
            let long = "drag here to select a time range · Shift+drag over the curves to \
                        select points in a box";
            let galley = painter.layout_no_wrap(long.to_owned(), font.clone(), color);
            let text = if galley.size().x + 16.0 < strip.width() {
                long
            } else {
                "drag here to select a time range"
            };
            painter.text(
                pos2(strip.center().x, strip.top() + 2.0),
                egui::Align2::CENTER_TOP,
                text,
                font,
                color,
            );
        }
    }
    let pointer = response.interact_pointer_pos();
    // A drag is recognised once the pointer has moved a little: it starts where it was
    // pressed.
    if response.drag_started()
        && let Some(pos) = ui.input(|i| i.pointer.press_origin()).or(pointer)
    {
        state.range_drag = Some(time_at(pos.x));
    }
    if response.dragged()
        && let (Some(start), Some(pos)) = (state.range_drag, pointer)
    {
        let now = time_at(pos.x).min(times.last().copied().unwrap_or(0));
        let range = (start.min(now), start.max(now));
        if view.range_ms != Some(range) {
            sink.push(MotionAction::SetRange(Some(range)));
        }
    }
    if response.drag_stopped() {
        state.range_drag = None;
    }
    if response.clicked() && view.range_ms.is_some() {
        sink.push(MotionAction::SetRange(None));
    }
    if response.drag_started() || response.clicked() {
        state.range_used = true;
    } else if !response.contains_pointer() && !response.dragged() {
        state.range_used = false;
    }
    if !state.range_used {
        response.on_hover_text(
            "Drag to select a time range (Motion menu, Ctrl+C / Ctrl+X / Ctrl+V); click to \
             clear it",
        );
    }
}
