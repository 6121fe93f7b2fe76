//! The view of a gait file: its table of contents, the servo grid (types x legs, home
//! between the limits drawn as a bar), the sensor table, each controller's numbers by name
//! (G and G^-1 as 4x4 grids, with the inverse checked live), opaque sections in hex, and
//! its problems with Repair. Every change is pushed as an action, applied after the frame.

use crate::app::action::GaitAction;
use crate::app::state::TabId;
use crate::codec::gait::{self, Body, Gait, SectionType};
use crate::edit::GaitDocument;

mod controllers;
mod fields;
mod tables;

use crate::app::sink::{GaitSink as Sink, Sender};

/// Draws a gait tab.
pub fn gait_ui(ui: &mut egui::Ui, id: TabId, tab: &GaitDocument, actions: &mut Sender<'_>) {
    let mut sink = actions.gait(id);
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                header_ui(ui, tab, &mut sink);
                for index in 0..tab.gait().sections.len() {
                    section_ui(ui, tab.gait(), index, &mut sink);
                }
            });
    });
}

fn header_ui(ui: &mut egui::Ui, tab: &GaitDocument, sink: &mut Sink<'_>) {
    let gait = tab.gait();
    ui.heading(format!("{} \u{2014} StickyBot gait file", tab.name()));
    ui.label(format!(
        "Size header {} bytes · table of contents {} count byte, {}",
        gait.declared_size,
        if gait.toc_count_byte {
            "with"
        } else {
            "without"
        },
        crate::words::plural(gait.sections.len(), "section", "sections")
    ));
    egui::Grid::new("gait toc").striped(true).show(ui, |ui| {
        for heading in ["Entry", "Type", "Location", "Byte", "Bytes"] {
            ui.strong(heading);
        }
        ui.end_row();
        for (index, section) in gait.sections.iter().enumerate() {
            ui.label(index.to_string());
            ui.label(format!(
                "0x{:02X} {}",
                section.code,
                type_name(section.code)
            ));
            ui.label(format!("0x{:04X}", section.location));
            ui.label(section.offset().to_string());
            ui.label(section.bytes().len().to_string());
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    if tab.problems().is_empty() {
        ui.label("No problems.");
    }
    for problem in tab.problems() {
        ui.label(format!(
            "{} at byte {}: {}",
            problem.severity, problem.offset, problem.message
        ));
    }
    let repairable = tab.problems().iter().any(|p| {
        matches!(
            p.code,
            gait::GaitCode::SizeHeader | gait::GaitCode::NoCountByte
        )
    });
    if ui
        .add_enabled(repairable, egui::Button::new("Repair"))
        .on_hover_text("Make the size header true and add the TOC's count byte")
        .clicked()
    {
        sink.push(GaitAction::Repair);
    }
    ui.separator();
}

fn type_name(code: u8) -> &'static str {
    SectionType::from_code(code).map_or("unknown type", SectionType::name)
}

fn section_ui(ui: &mut egui::Ui, gait: &Gait, index: usize, sink: &mut Sink<'_>) {
    let section = &gait.sections[index];
    let title = format!(
        "0x{:02X} {} at byte {}",
        section.code,
        type_name(section.code),
        section.offset()
    );
    egui::CollapsingHeader::new(title)
        .id_salt(("gait section", index))
        .default_open(true)
        .show(ui, |ui| match &section.body {
            Body::ServoConfig { home, upper, lower } => {
                tables::servo_ui(ui, gait, index, (home, upper, lower), sink);
            }
            Body::SensorConfig { zero, slope } => {
                tables::sensor_ui(ui, gait, index, (zero, slope), sink);
            }
            Body::Stance { g, g_inv, .. } => {
                controllers::stance_ui(ui, gait, index, (g, g_inv), sink);
            }
            Body::Bytes { bytes } => controllers::hex_ui(ui, bytes),
            Body::Detachment { .. } | Body::Attachment { .. } => {
                controllers::named_numbers_ui(ui, gait, index, sink);
            }
        });
}
