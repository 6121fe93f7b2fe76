//! The controllers: the stance controller's G and G^-1 as 4x4 grids with the inverse
//! checked live, every named number by the page's names, opaque sections in hex.

use super::fields::{changed, number_ui};
use crate::app::sink::GaitSink as Sink;
use crate::codec::gait::{self, Fixed, Gait};

pub(in crate::app) fn stance_ui(
    ui: &mut egui::Ui,
    gait: &Gait,
    index: usize,
    matrices: (&[Fixed; 16], &[Fixed; 16]),
    sink: &mut Sink<'_>,
) {
    let (g, g_inv) = matrices;
    ui.horizontal_top(|ui| {
        for (name, matrix) in [("G", g), ("G_inv", g_inv)] {
            ui.vertical(|ui| {
                ui.strong(if name == "G" { "G" } else { "G^-1" });
                egui::Grid::new(("stance", name, index)).show(ui, |ui| {
                    for row in 0..4 {
                        for column in 0..4 {
                            let at = 4 * row + column;
                            number_ui(
                                ui,
                                &format!("{name} {row},{column}"),
                                matrix[at],
                                sink,
                                name,
                                |new| {
                                    changed(gait, index, |body| {
                                        if let Some(target) = body.number_mut(name, at) {
                                            *target = new;
                                        }
                                    })
                                },
                            );
                        }
                        ui.end_row();
                    }
                });
            });
            ui.add_space(12.0);
        }
    });
    let error = gait::inverse_error(g, g_inv);
    if error <= 0.0 {
        ui.label("G \u{00D7} G^-1 is the identity within the 8.8 rounding.");
    } else {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("G^-1 is not the inverse of G: off the identity by {error:.4} more than the 8.8 rounding explains."),
        );
    }
    named_numbers_ui(ui, gait, index, sink);
}

/// The named numbers of a controller (the stance controller's vectors, the detachment and
/// attachment controllers), a row each.
pub(in crate::app) fn named_numbers_ui(
    ui: &mut egui::Ui,
    gait: &Gait,
    index: usize,
    sink: &mut Sink<'_>,
) {
    let Some(section) = gait.sections.get(index) else {
        return;
    };
    let rows: Vec<_> = section
        .body
        .numbers()
        .into_iter()
        .filter(|(name, _)| !matches!(*name, "G" | "G_inv"))
        .collect();
    egui::Grid::new(("numbers", index)).show(ui, |ui| {
        for (name, values) in rows {
            ui.strong(name);
            ui.horizontal(|ui| {
                for (slot, value) in values.iter().enumerate() {
                    let shown = if values.len() > 1 {
                        format!("{name} {slot}")
                    } else {
                        name.to_owned()
                    };
                    number_ui(ui, &shown, *value, sink, name, |new| {
                        changed(gait, index, |body| {
                            if let Some(target) = body.number_mut(name, slot) {
                                *target = new;
                            }
                        })
                    });
                }
            });
            ui.end_row();
        }
    });
}

/// Opaque bytes, 16 a row in hex.
pub(in crate::app) fn hex_ui(ui: &mut egui::Ui, bytes: &[u8]) {
    if bytes.is_empty() {
        ui.weak("(no bytes)");
    }
    for row in bytes.chunks(16) {
        let text: Vec<String> = row.iter().map(|b| format!("{b:02X}")).collect();
        ui.monospace(text.join(" "));
    }
}
