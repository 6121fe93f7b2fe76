//! The posing handles on the stage: drawn, named, and what a pointer does with them.

use super::gesture::Posing;
use super::spots::{HANDLE_RADIUS, Handle, Handles, on_screen};
use crate::app::motion::stage::camera::Camera;
use crate::app::motion::stage::input::StageInput;
use crate::robot::floor::body::leg_name;
use crate::robot::kinematics::Leg;
use egui::{Color32, Pos2, Rect, Stroke};

/// Draws the handles: pinned paws filled with a pin's head, free ones as rings, the body's
/// as a diamond; the one held or under the pointer larger.
pub fn draw(
    painter: &egui::Painter,
    spots: &[(Handle, Pos2)],
    posing: &Posing,
    handles: &Handles,
    lit: Option<Handle>,
) {
    for &(handle, at) in spots {
        let big = lit == Some(handle) || posing.holds(handle);
        let r = if big { 7.5 } else { 6.0 };
        match handle {
            Handle::Paw(i) => {
                let color = crate::app::motion::stage::around::LEG_COLORS[i];
                if posing.pinned(handles, i) {
                    painter.circle(at, r, color, Stroke::new(1.5, Color32::BLACK));
                    painter.circle_filled(at, 2.0, Color32::BLACK);
                } else {
                    painter.circle_stroke(at, r, Stroke::new(2.5, Color32::BLACK));
                    painter.circle_stroke(at, r, Stroke::new(1.5, color));
                }
            }
            Handle::Body => {
                let s = r + 1.0;
                let points = vec![
                    at + egui::vec2(0.0, -s),
                    at + egui::vec2(s, 0.0),
                    at + egui::vec2(0.0, s),
                    at + egui::vec2(-s, 0.0),
                ];
                painter.add(egui::Shape::convex_polygon(
                    points,
                    Color32::from_rgb(90, 200, 230),
                    Stroke::new(1.5, Color32::BLACK),
                ));
            }
            Handle::Look => {
                // An eye: a ring with its pupil.
                painter.circle(
                    at,
                    r,
                    Color32::from_gray(235),
                    Stroke::new(1.5, Color32::BLACK),
                );
                painter.circle_filled(at, r * 0.45, Color32::from_rgb(40, 120, 200));
            }
            Handle::Tail => {
                let rect = Rect::from_center_size(at, egui::Vec2::splat(r * 1.6));
                painter.rect(
                    rect,
                    2.0,
                    Color32::from_rgb(230, 120, 200),
                    Stroke::new(1.5, Color32::BLACK),
                    egui::StrokeKind::Middle,
                );
            }
        }
        if big {
            painter.circle_stroke(at, r + 2.5, Stroke::new(1.0, Color32::WHITE));
        }
    }
}

/// The hover text of a handle.
#[must_use]
pub fn help(handle: Handle, pinned: bool) -> String {
    match handle {
        Handle::Paw(i) => format!(
            "{} paw ({}): drag to move it along the floor, Shift+drag to lift or lower it; \
             click to {}",
            leg_name(Leg::ALL[i]),
            if pinned { "pinned" } else { "free" },
            if pinned {
                "free it (it then goes with the body)"
            } else {
                "pin it where it is on the floor"
            }
        ),
        Handle::Body => "The body: drag to move it along the floor, Shift+drag up and down, \
                         Ctrl+drag to turn it (yaw and pitch), Ctrl+Shift+drag to roll it; \
                         the pinned paws stay where they are"
            .to_owned(),
        Handle::Look => "Where the head looks: drag it along the floor, Shift+drag up and \
                         down; the head's tilt, pan and nod follow within their limits"
            .to_owned(),
        Handle::Tail => "The tail's tip: drag it along the floor, Shift+drag up and down; \
                         its tilt and pan follow within their limits"
            .to_owned(),
    }
}

/// The posing handles: drawn over the picture, each a widget of its own (on top of the
/// stage: a drag that starts on one poses, not orbits), named for screen readers.
pub fn handles_ui(
    ui: &egui::Ui,
    input: &StageInput<'_>,
    posing: &mut Posing,
    camera: &Camera,
    (view, handles): (Rect, &Handles),
) {
    let spots = on_screen(handles, camera, view);
    let mut lit = None;
    for &(handle, at) in &spots {
        let id = ui.scope_id().with(("pose handle", handle_key(handle)));
        let area = Rect::from_center_size(at, egui::Vec2::splat(2.0 * HANDLE_RADIUS));
        let response = ui.interact(area, id, egui::Sense::click_and_drag());
        let name = match handle {
            Handle::Paw(i) => format!("{} paw handle", leg_name(Leg::ALL[i])),
            Handle::Body => "Body handle".to_owned(),
            Handle::Look => "Look-at handle".to_owned(),
            Handle::Tail => "Tail tip handle".to_owned(),
        };
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        if response.hovered() || response.dragged() {
            lit = Some(handle);
        }
        if response.drag_started()
            && let Some(from) = ui.input(|i| i.pointer.press_origin())
        {
            let modifiers = ui.input(|i| i.modifiers);
            posing.begin(input, handles, handle, modifiers, from, *camera, view);
        }
        if response.dragged()
            && posing.dragging()
            && let Some(to) = response.interact_pointer_pos()
            && response.drag_delta() != egui::Vec2::ZERO
        {
            posing.drag_to(to, &input.shows);
        }
        if response.drag_stopped() {
            posing.end(input.motion);
        }
        if response.clicked()
            && let Handle::Paw(i) = handle
        {
            posing.toggle_pin(handles, i);
        }
        let pinned = match handle {
            Handle::Paw(i) => posing.pinned(handles, i),
            Handle::Body | Handle::Look | Handle::Tail => false,
        };
        if !response.dragged() {
            response.on_hover_text(help(handle, pinned));
        }
    }
    let painter = ui.painter_at(view);
    draw(&painter, &spots, posing, handles, lit);
    if let Some(text) = &posing.readout {
        let galley = painter.layout(
            text.clone(),
            egui::FontId::proportional(12.0),
            egui::Color32::WHITE,
            view.width() - 16.0,
        );
        let at = egui::pos2(view.left() + 8.0, view.bottom() - 30.0 - galley.size().y);
        painter.rect_filled(
            Rect::from_min_size(
                at - egui::vec2(4.0, 2.0),
                galley.size() + egui::vec2(8.0, 4.0),
            ),
            3.0,
            egui::Color32::from_black_alpha(200),
        );
        painter.galley(at, galley, egui::Color32::WHITE);
    }
}

fn handle_key(handle: Handle) -> usize {
    match handle {
        Handle::Paw(i) => i,
        Handle::Body => 4,
        Handle::Look => 5,
        Handle::Tail => 6,
    }
}
