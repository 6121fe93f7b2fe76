//! The posing bar under the stage's toolbar: the body's sliders (height, forward and
//! sideways shift, pitch, roll, yaw; a number can be typed, Enter sets it), the balance and
//! its margin, and the mirror switch. Each slider's drag or typed number is one undo step.

use super::gesture::{Axis, Posing, slider_value};
use super::spots::Handles;
use crate::app::field;
use crate::app::motion::stage::input::StageInput;
use crate::app::motion::stage::model::{MAX_MARGIN_MM, StageAction, StageModel};

/// A slider's range, how fast a drag moves it, and its unit.
fn scale(axis: Axis) -> (std::ops::RangeInclusive<f64>, f64, &'static str) {
    match axis {
        Axis::Height => (20.0..=220.0, 0.5, " mm"),
        Axis::Forward => (-80.0..=80.0, 0.5, " mm"),
        Axis::Sideways => (-60.0..=60.0, 0.5, " mm"),
        Axis::Pitch | Axis::Roll | Axis::Yaw => (-45.0..=45.0, 0.2, "°"),
    }
}

fn help(axis: Axis) -> &'static str {
    match axis {
        Axis::Height => {
            "The body's height above the floor (mm); the pinned paws stay where they are"
        }
        Axis::Forward => "Move the body forward (or back, below 0) over the pinned paws (mm)",
        Axis::Sideways => "Move the body to the left (or right, below 0) over the pinned paws (mm)",
        Axis::Pitch => "The body's pitch on the floor, nose up (degrees)",
        Axis::Roll => "The body's roll on the floor, left side up (degrees)",
        Axis::Yaw => "Turn the body to the left (or right, below 0) over the pinned paws (degrees)",
    }
}

/// Draws the bar; returns a change to the posing settings.
pub fn bar_ui(
    ui: &mut egui::Ui,
    input: &StageInput<'_>,
    posing: &mut Posing,
    handles: Option<&Handles>,
) -> Option<StageAction> {
    let settings = input.shows;
    // The body's six in a grid, a name beside each value: three to a row, or two, or one
    // where the column is narrow.
    let width = ui.available_width();
    let per_row = if width >= 390.0 {
        3
    } else if width >= 260.0 {
        2
    } else {
        1
    };
    egui::Grid::new("body sliders")
        .num_columns(2 * per_row)
        .spacing([6.0, 4.0])
        .show(ui, |ui| {
            for (i, axis) in Axis::ALL.into_iter().enumerate() {
                slider(ui, input, posing, handles, axis);
                if (i + 1) % per_row == 0 {
                    ui.end_row();
                }
            }
        });
    // A slider that stopped short says why beside the value it reached, as a paw's handle
    // names the joint at its limit (the status bar only said it once).
    if let (Some(stopped), Some(handles)) = (&posing.stopped, handles) {
        let (_, _, unit) = scale(stopped.axis);
        let reached = slider_value(handles, stopped.axis);
        if (reached - stopped.asked).abs() >= 0.05 {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!(
                        "{} stopped at {reached:.1}{unit} of the {:.1}{unit} asked: {}",
                        stopped.axis.word(),
                        stopped.asked,
                        stopped.why
                    ))
                    .color(ui.visuals().warn_fg_color),
                )
                .wrap(),
            );
        }
    }
    // What the last gesture's weight shift did to the timing, while the playhead stays on
    // the keyframe it posed (until the next gesture).
    if let Some((shifted, _)) = posing
        .shifted
        .as_ref()
        .filter(|(_, posed_ms)| *posed_ms == input.playhead_ms)
    {
        ui.add(
            egui::Label::new(egui::RichText::new(shifted).color(ui.visuals().warn_fg_color)).wrap(),
        );
    }
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        let mut balance = settings.balance;
        if ui
            .checkbox(&mut balance, "Balance")
            .on_hover_text(
                "While posing, the body shifts (and lowers if it must) to keep the centre of \
                 mass this far inside the pinned paws",
            )
            .changed()
        {
            action = Some(StageAction::Balance(balance));
        }
        let mut margin = settings.margin_mm;
        let response = field::labelled(ui, "margin", |ui| {
            ui.add_enabled(
                settings.balance,
                egui::DragValue::new(&mut margin)
                    .range(0..=MAX_MARGIN_MM)
                    .speed(0.2)
                    .suffix(" mm")
                    .update_while_editing(false),
            )
        });
        if response.changed() {
            action = Some(StageAction::Margin(margin));
        }
        let mut mirror = settings.mirror;
        if ui
            .checkbox(&mut mirror, "Mirror")
            .on_hover_text("A paw's drag moves its partner on the other side, mirrored")
            .changed()
        {
            action = Some(StageAction::Mirror(mirror));
        }
    });
    action
}

/// One body slider.
fn slider(
    ui: &mut egui::Ui,
    input: &StageInput<'_>,
    posing: &mut Posing,
    handles: Option<&Handles>,
    axis: Axis,
) {
    let (range, speed, unit) = scale(axis);
    let shown = posing
        .sliding(axis)
        .or_else(|| handles.map(|h| slider_value(h, axis)))
        .unwrap_or_default();
    let mut value = (shown * 10.0).round() / 10.0;
    let response = field::labelled(ui, axis.word(), |ui| {
        ui.add_enabled(
            handles.is_some(),
            egui::DragValue::new(&mut value)
                .range(range)
                // A pose beyond the range (a body on its back) is shown as it is, not
                // clamped: a clamp would be an edit nobody asked for.
                .clamp_existing_to_range(false)
                .speed(speed)
                .max_decimals(1)
                .suffix(unit)
                .update_while_editing(false),
        )
    })
    .on_hover_text(help(axis));
    let Some(handles) = handles else { return };
    let settings = input.shows;
    if response.drag_started() {
        posing.begin_slider(input, handles, axis);
    }
    if response.changed() {
        if posing.sliding(axis).is_some() {
            posing.slide_to(value, &settings);
        } else if !posing.dragging() {
            // A number typed: one step of its own.
            posing.begin_slider(input, handles, axis);
            posing.slide_to(value, &settings);
            posing.end(input.motion);
        }
    }
    if response.drag_stopped() && posing.sliding(axis).is_some() {
        posing.end(input.motion);
    }
}

/// Whether the bar is worth its room: the stage shows a model whose legs can be posed.
#[must_use]
pub fn wanted(settings: &StageModel, handles: Option<&Handles>) -> bool {
    settings.pose_bar && handles.is_none_or(|h| h.legs.iter().any(|&l| l))
}
