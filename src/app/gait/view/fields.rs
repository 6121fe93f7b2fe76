//! The gait view's fields: where they push their changes, and a byte's and a number's field
//! (a drag one undo step, a typed value one step).

use crate::app::action::GaitAction;
use crate::app::sink::GaitSink as Sink;
use crate::codec::gait::{Body, Fixed, Gait};

/// The model with one section's body changed by `change`.
pub fn changed(gait: &Gait, index: usize, change: impl FnOnce(&mut Body)) -> Gait {
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
pub fn byte_ui(
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
pub fn number_ui(
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
