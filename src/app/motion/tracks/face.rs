//! The face diagram beside the tracks: the ERS-7's lights as the LED track has them at the
//! playhead. The face's two surfaces of 14 lights each (A above, B below: a pattern lights one
//! or the other), the back's three lights (colour and white each), the mode indicator, the head
//! and the wireless light. Where each face light sits on the robot's face is not known
//! (`docs/formats/sound-and-led.md#which-note-lights-which-light` infers which note is which
//! light, not where): the diagram lays each surface out as two eyes of six and two lights under
//! them, in note order, and says so.

use super::led::light_colour;
use crate::behaviour::lights::Lights;
use egui::{Color32, Pos2, Rect, Stroke, vec2};

/// The diagram's width.
pub const WIDTH: f32 = 150.0;

/// Where face light `k` (0-13) of a surface sits in a unit box: lights 1-6 the left eye's
/// arc, 7-12 the right eye's, 13-14 under them.
fn face_spot(k: usize) -> (f32, f32) {
    #[expect(clippy::cast_precision_loss, reason = "14 lights")]
    let angle = |i: usize| std::f32::consts::PI * (0.15 + 0.7 * i as f32 / 5.0);
    match k {
        0..=5 => (0.27 - 0.2 * angle(k).cos(), 0.45 - 0.3 * angle(k).sin()),
        6..=11 => (
            0.73 - 0.2 * angle(k - 6).cos(),
            0.45 - 0.3 * angle(k - 6).sin(),
        ),
        12 => (0.42, 0.85),
        _ => (0.58, 0.85),
    }
}

/// A light's dot: its colour at its brightness, a dim ring when off.
fn dot(painter: &egui::Painter, at: Pos2, radius: f32, key: u8, lights: &Lights) {
    let level = lights.level(key);
    let ring = Color32::from_gray(70);
    if level > 0.0 {
        let glow = light_colour(key).gamma_multiply(0.25 + 0.75 * level);
        painter.circle_filled(at, radius + 2.0 * level, glow.gamma_multiply(0.35));
        painter.circle_filled(at, radius, glow);
    } else {
        painter.circle_stroke(at, radius, Stroke::new(1.0, ring));
    }
}

/// The face's two surfaces, A above B, each in a row `face_h` high with its 14 lights.
fn faces(
    painter: &egui::Painter,
    inner: Rect,
    face_h: f32,
    (small, text): (&egui::FontId, Color32),
    lights: &Lights,
) {
    for (row, (first_key, name)) in [(48u8, "A"), (24u8, "B")].into_iter().enumerate() {
        #[expect(clippy::cast_precision_loss, reason = "two rows")]
        let top = inner.top() + row as f32 * (face_h + 4.0);
        let face = Rect::from_min_size(
            Pos2::new(inner.left() + 12.0, top),
            vec2(inner.width() - 12.0, face_h),
        );
        painter.text(
            Pos2::new(inner.left(), face.center().y),
            egui::Align2::LEFT_CENTER,
            name,
            small.clone(),
            text,
        );
        painter.rect_stroke(
            face,
            8.0,
            Stroke::new(1.0, Color32::from_gray(55)),
            egui::StrokeKind::Inside,
        );
        let radius = (face_h / 12.0).clamp(2.0, 5.0);
        for k in 0..14u8 {
            let (x, y) = face_spot(usize::from(k));
            let at = Pos2::new(
                face.left() + x * face.width(),
                face.top() + y * face.height(),
            );
            dot(painter, at, radius, first_key + k, lights);
        }
    }
}

/// Draws the diagram in `rect`; its accessible name says which lights are on.
pub fn face_ui(ui: &mut egui::Ui, rect: Rect, lights: &Lights, playhead_ms: u64) {
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let text = visuals.weak_text_color();
    let small = egui::FontId::proportional(10.0);
    painter.text(
        rect.left_top() + vec2(6.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!("Lights at {playhead_ms} ms"),
        small.clone(),
        visuals.text_color(),
    );
    let inner = rect.shrink2(vec2(8.0, 18.0)).translate(vec2(0.0, 8.0));
    // The face: surface A, then B.
    let face_h = (inner.height() * 0.3).min(inner.width() * 0.55);
    faces(&painter, inner, face_h, (&small, text), lights);
    // The back: front, middle, rear; each its colour light and its white light.
    let back_top = inner.top() + 2.0 * (face_h + 4.0) + 4.0;
    let seg_w = (inner.width() - 12.0) / 3.0;
    painter.text(
        Pos2::new(inner.left(), back_top + 7.0),
        egui::Align2::LEFT_CENTER,
        "back",
        small.clone(),
        text,
    );
    let back_row = back_top + 18.0;
    for (i, colour_key) in [84u8, 86, 88].into_iter().enumerate() {
        #[expect(clippy::cast_precision_loss, reason = "three lights")]
        let x = inner.left() + 12.0 + seg_w * (i as f32 + 0.5);
        dot(
            &painter,
            Pos2::new(x - 6.0, back_row),
            4.5,
            colour_key,
            lights,
        );
        dot(
            &painter,
            Pos2::new(x + 6.0, back_row),
            4.5,
            colour_key + 1,
            lights,
        );
    }
    // The mode indicator (red, green, blue), the head, the wireless light.
    let row = back_row + 20.0;
    let left = inner.left() + 16.0;
    for (key, dx) in [(72u8, 0.0), (73, 10.0), (74, 20.0), (82, 55.0), (75, 95.0)] {
        dot(&painter, Pos2::new(left + dx, row), 4.0, key, lights);
    }
    for (label, dx) in [("mode", 10.0), ("head", 55.0), ("wireless", 95.0)] {
        painter.text(
            Pos2::new(left + dx, row + 7.0),
            egui::Align2::CENTER_TOP,
            label,
            small.clone(),
            text,
        );
    }
    said_ui(ui, rect, lights);
}

/// The diagram's accessible name and hover: which lights are on, at what brightness.
fn said_ui(ui: &egui::Ui, rect: Rect, lights: &Lights) {
    let on: Vec<String> = lights
        .0
        .iter()
        .enumerate()
        .filter(|(_, v)| **v > 0)
        .map(|(key, v)| {
            let key = u8::try_from(key).unwrap_or(0);
            format!(
                "{} {}%",
                super::led::short_light(key),
                u16::from(*v) * 100 / 127
            )
        })
        .collect();
    let said = if on.is_empty() {
        "Lights: all off".to_owned()
    } else {
        format!("Lights: {}", on.join(", "))
    };
    let response = ui.interact(
        rect,
        ui.scope_id().with("face diagram"),
        egui::Sense::hover(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &said));
    response.on_hover_text(format!(
        "{said}\nThe ERS-7's lights at the playhead, from the LED track. Which note is which \
         light is inferred from Sony's own files; where each face light sits is drawn \
         schematically (two eyes of six and two below, in note order)."
    ));
}
