//! The markers' row above the range strip, and their lines across the plot. A marker is a
//! named time: click its flag to move the playhead there, drag it along the row to move it
//! (one undo step, on the 8 ms ticks, never past its neighbours), right-click it to name or
//! delete it. M adds one at the playhead; [ and ] jump between them.

use super::state::TimelineState;
use crate::app::action::MotionAction;
use crate::app::sink::MotionSink;
use crate::behaviour::skit::Marker;
use crate::edit::Document;
use crate::edit::tracks::TrackEdit;
use crate::robot::timing::TICK_MS;
use egui::{Color32, Rect, Sense, Stroke, pos2, vec2};

/// The row's height in points.
pub const HEIGHT: f32 = 16.0;
/// The markers' colour.
pub const COLOUR: Color32 = Color32::from_rgb(255, 196, 64);

/// A time on the 8 ms ticks.
fn on_tick(ms: f64) -> u64 {
    // A time on screen is far below u64's range; a negative one is the start.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let ticks = (ms / TICK_MS as f64).round().max(0.0) as u64;
    ticks * TICK_MS
}

/// What a screen reader calls the flag of `marker`.
pub fn flag_name(marker: &Marker) -> String {
    format!("Marker {} at {} ms", marker.name, marker.time_ms)
}

/// Draws the row and its flags, and turns clicks, drags and the flags' menus into actions.
pub fn marker_row(
    ui: &mut egui::Ui,
    document: &Document,
    state: &TimelineState,
    sink: &mut MotionSink<'_>,
) {
    let (row, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), HEIGHT), Sense::hover());
    let markers = document.tracks().markers();
    response.on_hover_text(if markers.is_empty() {
        "Markers: M adds one at the playhead"
    } else {
        "Markers: click one to go there, drag it to move it, right-click to name or delete \
         it; M adds one at the playhead, [ and ] go to the one before or after"
    });
    let Some(transform) = state.transform else {
        return;
    };
    let frame = transform.frame();
    let strip = Rect::from_x_y_ranges(frame.x_range(), row.y_range());
    let painter = ui.painter().with_clip_rect(strip.intersect(ui.clip_rect()));
    let font = egui::FontId::proportional(11.0);
    let end = document.times_ms().last().copied().unwrap_or(0);
    for (index, marker) in markers.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let x = transform.position_from_point_x(marker.time_ms as f64);
        let galley = painter.layout_no_wrap(marker.name.clone(), font.clone(), COLOUR);
        let flag = Rect::from_min_size(
            pos2(x - 4.0, strip.top()),
            vec2(galley.size().x + 12.0, HEIGHT),
        );
        if !flag.intersects(strip) {
            continue;
        }
        let id = egui::Id::unique(("marker flag", sink.tab, index));
        let response = ui.interact(flag.intersect(strip), id, Sense::click_and_drag());
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, flag_name(marker)));
        let strong = response.hovered() || response.dragged();
        paint_flag(&painter, strip, x, galley, strong);
        if response.clicked() {
            sink.push(MotionAction::Seek(marker.time_ms));
        }
        if response.drag_started() {
            sink.push(MotionAction::BeginGesture("marker move".to_owned()));
        }
        if response.dragged()
            && let Some(pointer) = response.interact_pointer_pos()
        {
            // Between its neighbours: markers keep their order (and their names, their place).
            let low = index
                .checked_sub(1)
                .and_then(|i| markers.get(i))
                .map_or(0, |m| m.time_ms);
            let high = markers.get(index + 1).map_or(end, |m| m.time_ms);
            let wanted =
                on_tick(transform.value_from_position(pointer).x).clamp(low, high.max(low));
            if wanted != marker.time_ms {
                sink.push(MotionAction::Track(TrackEdit::MoveMarker(index, wanted)));
            }
        }
        if response.drag_stopped() {
            sink.push(MotionAction::EndGesture);
        }
        // Its menu (name and Delete) opens on a right-click, as a context menu does, or on
        // a double-click, as a name is edited elsewhere; a plain click closes it.
        let open = if response.secondary_clicked() || response.double_clicked() {
            Some(egui::SetOpenCommand::Bool(true))
        } else if response.clicked() {
            Some(egui::SetOpenCommand::Bool(false))
        } else {
            None
        };
        if egui::Popup::menu(&response)
            .open_memory(open)
            .at_pointer_fixed()
            .show(|ui| flag_menu(ui, index, marker, sink))
            .is_none()
        {
            ui.data_mut(|d| d.remove::<bool>(menu_open_key(index)));
        }
    }
}

/// A marker's flag at `x` in the `strip`: its pennant, its line and its name (`strong`:
/// under the pointer or dragged).
fn paint_flag(
    painter: &egui::Painter,
    strip: Rect,
    x: f32,
    galley: std::sync::Arc<egui::Galley>,
    strong: bool,
) {
    let colour = if strong {
        COLOUR
    } else {
        COLOUR.gamma_multiply(0.8)
    };
    painter.add(egui::Shape::convex_polygon(
        vec![
            pos2(x, strip.top() + 1.0),
            pos2(x + 6.0, strip.top() + 1.0),
            pos2(x, strip.top() + 9.0),
        ],
        colour,
        Stroke::NONE,
    ));
    painter.line_segment(
        [pos2(x, strip.top()), pos2(x, strip.bottom())],
        Stroke::new(1.5, colour),
    );
    painter.galley(
        pos2(x + 7.0, strip.center().y - galley.size().y / 2.0),
        galley,
        colour,
    );
}

/// Where a flag's menu keeps that it is open (its name field takes the keyboard as it
/// opens, once).
fn menu_open_key(index: usize) -> egui::Id {
    egui::Id::unique(("marker menu open", index))
}

/// A flag's menu: its name (Enter or leaving the field names it) and Delete.
fn flag_menu(ui: &mut egui::Ui, index: usize, marker: &Marker, sink: &mut MotionSink<'_>) {
    let key = egui::Id::unique(("marker name being typed", index));
    let mut name: String = ui
        .data(|d| d.get_temp(key))
        .unwrap_or_else(|| marker.name.clone());
    let label = ui.label("Name");
    let field = ui
        .add(egui::TextEdit::singleline(&mut name).desired_width(160.0))
        .labelled_by(label.id);
    if ui
        .data(|d| d.get_temp::<bool>(menu_open_key(index)))
        .is_none()
    {
        ui.data_mut(|d| d.insert_temp(menu_open_key(index), true));
        field.request_focus();
    }
    if field.changed() {
        ui.data_mut(|d| d.insert_temp(key, name.clone()));
    }
    if field.lost_focus() {
        ui.data_mut(|d| d.remove::<String>(key));
        if name.trim() != marker.name && !name.trim().is_empty() {
            sink.push(MotionAction::Track(TrackEdit::RenameMarker(
                index,
                name.trim().to_owned(),
            )));
        }
        if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            ui.close();
        }
    }
    if ui.button("Delete Marker").clicked() {
        ui.data_mut(|d| d.remove::<String>(key));
        sink.push(MotionAction::Track(TrackEdit::DeleteMarker(index)));
        ui.close();
    }
}

/// The markers' lines down the plot, beneath its curves' points but over its background.
pub fn paint_lines(ui: &egui::Ui, document: &Document, transform: &egui_plot::PlotTransform) {
    let frame = *transform.frame();
    let painter = ui.painter().with_clip_rect(frame.intersect(ui.clip_rect()));
    let stroke = Stroke::new(1.0, COLOUR.gamma_multiply(0.45));
    for marker in document.tracks().markers() {
        #[allow(clippy::cast_precision_loss)]
        let x = transform.position_from_point_x(marker.time_ms as f64);
        if frame.x_range().contains(x) {
            painter.add(egui::Shape::dashed_line(
                &[pos2(x, frame.top()), pos2(x, frame.bottom())],
                stroke,
                4.0,
                3.0,
            ));
        }
    }
}
