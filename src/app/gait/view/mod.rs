//! The view of a gait file: its table of contents, the servo grid (types x legs, home
//! between the limits drawn as a bar), the sensor table, each controller's numbers by name
//! (G and G^-1 as 4x4 grids, with the inverse checked live), opaque sections in hex, and
//! its problems with Repair. Every change is pushed as an action, applied after the frame.

use crate::app::action::{Action, GaitAction};
use crate::app::state::TabId;
use crate::codec::gait::{self, Body, Fixed, Gait, SectionType};
use crate::edit::GaitDocument;

mod controllers;
mod tables;

/// Where the view pushes its changes, tagged with the tab.
struct Sink<'a> {
    tab: TabId,
    actions: &'a mut Vec<Action>,
}

impl Sink<'_> {
    fn push(&mut self, action: GaitAction) {
        self.actions.push(Action::Gait(self.tab, action));
    }
}

/// Draws a gait tab.
pub fn gait_ui(ui: &mut egui::Ui, id: TabId, tab: &GaitDocument, actions: &mut Vec<Action>) {
    let mut sink = Sink { tab: id, actions };
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
            _ => controllers::named_numbers_ui(ui, gait, index, sink),
        });
}

/// The model with one section's body changed by `change`.
fn changed(gait: &Gait, index: usize, change: impl FnOnce(&mut Body)) -> Gait {
    let mut gait = gait.clone();
    if let Some(section) = gait.sections.get_mut(index) {
        change(&mut section.body);
    }
    gait
}

/// A drag is one undo step; a typed value is one step.
fn events(
    response: &egui::Response,
    changed: bool,
    sink: &mut Sink<'_>,
    label: &str,
    gait: impl FnOnce() -> Gait,
) {
    if response.drag_started() {
        sink.push(GaitAction::BeginGesture(label.to_owned()));
    }
    if changed {
        sink.push(GaitAction::Set {
            label: label.to_owned(),
            gait: Box::new(gait()),
        });
    }
    if response.drag_stopped() {
        sink.push(GaitAction::EndGesture);
    }
}

/// Names a value for a screen reader (and the tests).
fn named(response: &egui::Response, name: &str, value: f64) {
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::drag_value(true, value);
        info.label = Some(name.to_owned());
        info
    });
}

/// A byte value (0 to 255).
fn byte_ui(
    ui: &mut egui::Ui,
    name: &str,
    value: u8,
    sink: &mut Sink<'_>,
    label: &str,
    apply: impl FnOnce(u8) -> Gait,
) {
    let mut edited = value;
    let (response, changed) = crate::app::field::number_ui(
        ui,
        egui::DragValue::new(&mut edited).range(0..=255).speed(0.25),
    );
    named(&response, name, f64::from(edited));
    events(&response, changed, sink, label, || apply(edited));
}

/// A number in real units, clamped to what 8.8 holds, on its 1/256 steps.
fn number_ui(
    ui: &mut egui::Ui,
    name: &str,
    value: Fixed,
    sink: &mut Sink<'_>,
    label: &str,
    apply: impl FnOnce(Fixed) -> Gait,
) {
    let mut real = value.value();
    let (response, changed) = crate::app::field::number_ui(
        ui,
        egui::DragValue::new(&mut real)
            .range(Fixed(i16::MIN).value()..=Fixed(i16::MAX).value())
            .speed(1.0 / 64.0)
            .max_decimals(8),
    );
    named(&response, name, real);
    events(&response, changed, sink, label, || {
        apply(Fixed::from_value(real))
    });
}
