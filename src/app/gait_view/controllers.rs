//! The controllers: the stance controller's G and G^-1 as 4x4 grids with the inverse
//! checked live, every named number by the page's names, opaque sections in hex.

use super::{Sink, changed, number_ui};
use crate::codec::gait::{self, Body, Fixed, Gait};

pub(super) fn stance_ui(
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
                                        if let Body::Stance { g, g_inv, .. } = body {
                                            let target = if name == "G" { g } else { g_inv };
                                            target[at] = new;
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
pub(super) fn named_numbers_ui(ui: &mut egui::Ui, gait: &Gait, index: usize, sink: &mut Sink<'_>) {
    let Some(section) = gait.sections.get(index) else {
        return;
    };
    let rows = named_rows(&section.body);
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
                            if let Some(target) = named_slot(body, name, slot) {
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

/// The named numbers of a body, by the page's names, in order.
fn named_rows(body: &Body) -> Vec<(&'static str, Vec<Fixed>)> {
    match body {
        Body::Stance {
            kg, fd, vff, extra, ..
        } => {
            let mut rows = vec![
                ("KG", kg.to_vec()),
                ("fD", fd.to_vec()),
                ("vFF", vff.to_vec()),
            ];
            if let Some(extra) = extra {
                rows.push(("extra", extra.to_vec()));
            }
            rows
        }
        Body::Detachment {
            fdes,
            kstroke,
            fthresh,
            wup,
            vwing,
            fup,
            vfoot,
        } => vec![
            ("fdes", vec![*fdes]),
            ("Kstroke", vec![*kstroke]),
            ("fthresh", vec![*fthresh]),
            ("Wup", wup.to_vec()),
            ("vwing", vec![*vwing]),
            ("Fup", fup.to_vec()),
            ("vfoot", vec![*vfoot]),
        ],
        Body::Attachment {
            vstroke,
            wload,
            vwing,
        } => vec![
            ("vstroke", vec![*vstroke]),
            ("Wload", wload.to_vec()),
            ("vwing", vec![*vwing]),
        ],
        _ => Vec::new(),
    }
}

/// The slot of a named number in a body, for an edit.
fn named_slot<'a>(body: &'a mut Body, name: &str, slot: usize) -> Option<&'a mut Fixed> {
    match (body, name) {
        (Body::Stance { kg, .. }, "KG") => kg.get_mut(slot),
        (Body::Stance { fd, .. }, "fD") => fd.get_mut(slot),
        (Body::Stance { vff, .. }, "vFF") => vff.get_mut(slot),
        (
            Body::Stance {
                extra: Some(extra), ..
            },
            "extra",
        ) => extra.get_mut(slot),
        (Body::Detachment { fdes, .. }, "fdes") => Some(fdes),
        (Body::Detachment { kstroke, .. }, "Kstroke") => Some(kstroke),
        (Body::Detachment { fthresh, .. }, "fthresh") => Some(fthresh),
        (Body::Detachment { wup, .. }, "Wup") => wup.get_mut(slot),
        (Body::Detachment { vwing, .. } | Body::Attachment { vwing, .. }, "vwing") => Some(vwing),
        (Body::Detachment { fup, .. }, "Fup") => fup.get_mut(slot),
        (Body::Detachment { vfoot, .. }, "vfoot") => Some(vfoot),
        (Body::Attachment { vstroke, .. }, "vstroke") => Some(vstroke),
        (Body::Attachment { wload, .. }, "Wload") => wload.get_mut(slot),
        _ => None,
    }
}

/// Opaque bytes, 16 a row in hex.
pub(super) fn hex_ui(ui: &mut egui::Ui, bytes: &[u8]) {
    if bytes.is_empty() {
        ui.weak("(no bytes)");
    }
    for row in bytes.chunks(16) {
        let text: Vec<String> = row.iter().map(|b| format!("{b:02X}")).collect();
        ui.monospace(text.join(" "));
    }
}
