//! The servo grid (types x legs, home between the limits as a bar) and the sensor table.

use super::fields::{byte_ui, changed, number_ui};
use crate::app::sink::GaitSink as Sink;
use crate::codec::gait::{Body, Fixed, Gait};

type ServoTables<'a> = (&'a [u8], &'a [u8], &'a [u8]);

pub(in crate::app) fn servo_ui(
    ui: &mut egui::Ui,
    gait: &Gait,
    index: usize,
    tables: ServoTables<'_>,
    sink: &mut Sink<'_>,
) {
    let (home, upper, lower) = tables;
    let grid = home.len() % 4 == 0;
    egui::Grid::new(("servo grid", index))
        .striped(true)
        .show(ui, |ui| {
            for heading in ["Servo", "Type", "Leg", "Lower", "Home", "Upper", ""] {
                ui.strong(heading);
            }
            ui.end_row();
            for servo in 0..home.len() {
                ui.label(servo.to_string());
                if grid {
                    ui.label((servo / 4).to_string());
                    ui.label((servo % 4).to_string());
                } else {
                    ui.label("");
                    ui.label("");
                }
                let tables = [("lower", lower, 2), ("home", home, 0), ("upper", upper, 1)];
                for (word, table, which) in tables {
                    let value = table.get(servo).copied().unwrap_or(0);
                    byte_ui(
                        ui,
                        &format!("servo {servo} {word}"),
                        value,
                        sink,
                        &format!("servo {word}"),
                        |new| {
                            changed(gait, index, |body| {
                                if let Body::ServoConfig { home, upper, lower } = body {
                                    let table = [home, upper, lower].into_iter().nth(which);
                                    if let Some(slot) = table.and_then(|t| t.get_mut(servo)) {
                                        *slot = new;
                                    }
                                }
                            })
                        },
                    );
                }
                limits_bar(
                    ui,
                    lower.get(servo).copied().unwrap_or(0),
                    home.get(servo).copied().unwrap_or(0),
                    upper.get(servo).copied().unwrap_or(0),
                );
                ui.end_row();
            }
        });
}

/// The range 0 to 255, the limits as a bar, home as a mark (red when outside them).
fn limits_bar(ui: &mut egui::Ui, lower: u8, home: u8, upper: u8) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(160.0, 12.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let x = |v: u8| rect.left() + rect.width() * f32::from(v) / 255.0;
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    let band =
        egui::Rect::from_x_y_ranges(x(lower.min(upper))..=x(upper.max(lower)), rect.y_range());
    painter.rect_filled(band, 2.0, visuals.selection.bg_fill);
    let inside = lower <= home && home <= upper;
    let colour = if inside {
        visuals.strong_text_color()
    } else {
        visuals.error_fg_color
    };
    painter.line_segment(
        [
            egui::pos2(x(home), rect.top()),
            egui::pos2(x(home), rect.bottom()),
        ],
        egui::Stroke::new(2.0, colour),
    );
}

type SensorTables<'a> = (&'a [u8], &'a [Fixed]);

pub(in crate::app) fn sensor_ui(
    ui: &mut egui::Ui,
    gait: &Gait,
    index: usize,
    tables: SensorTables<'_>,
    sink: &mut Sink<'_>,
) {
    let (zero, slope) = tables;
    egui::Grid::new(("sensor table", index))
        .striped(true)
        .show(ui, |ui| {
            for heading in ["Sensor", "Zero", "Slope"] {
                ui.strong(heading);
            }
            ui.end_row();
            for sensor in 0..zero.len() {
                ui.label(sensor.to_string());
                byte_ui(
                    ui,
                    &format!("sensor {sensor} zero"),
                    zero[sensor],
                    sink,
                    "sensor zero",
                    |new| {
                        changed(gait, index, |body| {
                            if let Body::SensorConfig { zero, .. } = body
                                && let Some(slot) = zero.get_mut(sensor)
                            {
                                *slot = new;
                            }
                        })
                    },
                );
                let value = slope.get(sensor).copied().unwrap_or_default();
                number_ui(
                    ui,
                    &format!("sensor {sensor} slope"),
                    value,
                    sink,
                    "sensor slope",
                    |new| {
                        changed(gait, index, |body| {
                            if let Body::SensorConfig { slope, .. } = body
                                && let Some(slot) = slope.get_mut(sensor)
                            {
                                *slot = new;
                            }
                        })
                    },
                );
                ui.end_row();
            }
        });
}
