//! The fields of the shaping dialogs (Shape, Simplify, Smooth): which shape, its handles,
//! which joints, the strength and the tolerance.

use super::form::{CURVES, CUSTOM, OpForm};
use crate::ops::shape::Handles;

/// A tolerance in degrees.
fn tolerance_field(ui: &mut egui::Ui, value: &mut f64) {
    ui.horizontal(|ui| {
        crate::app::field::labelled(ui, "Tolerance", |ui| {
            ui.add(
                egui::DragValue::new(value)
                    .range(0.01..=10.0)
                    .speed(0.01)
                    .max_decimals(2)
                    .suffix("°"),
            )
        })
        .on_hover_text("How far the robot's replay may stray from the curve, at any 8 ms tick");
    });
}

/// A number within 0..=1 (a handle's time) or free (its value), labelled.
fn handle_field(ui: &mut egui::Ui, label: &str, value: &mut f64, time: bool) {
    let field = egui::DragValue::new(value).speed(0.01).max_decimals(2);
    let field = if time {
        field.range(0.0..=1.0)
    } else {
        field.range(-2.0..=3.0)
    };
    crate::app::field::labelled(ui, label, |ui| ui.add(field));
}

/// Draws the fields of a shaping form (`handles_on`: the joint a custom shape's handles
/// sit on); nothing for any other form.
pub fn fields(ui: &mut egui::Ui, form: &mut OpForm, handles_on: Option<&str>) {
    match form {
        OpForm::Shape {
            curve,
            handles,
            tolerance_deg,
            shown_only,
            shown,
            from_points,
            range,
            each_segment,
        } => {
            shape_kind_fields(ui, each_segment, *range);
            curve_field(ui, curve);
            if *curve == CUSTOM {
                handles_fields(ui, handles, handles_on);
            }
            let which = if *from_points {
                "the selected points' joints"
            } else {
                "the joints shown on the timeline"
            };
            ui.checkbox(
                shown_only,
                format!(
                    "Only {which} ({}); the others keep their course",
                    shown.len()
                ),
            );
            tolerance_field(ui, tolerance_deg);
        }
        OpForm::Simplify {
            tolerance_deg,
            range,
        } => {
            ui.label(if *range {
                "Keyframes of the selected range are removed where the robot's replay stays \
                 within the tolerance of the motion as it is. None is added or moved."
            } else {
                "Keyframes are removed where the robot's replay stays within the tolerance of \
                 the motion as it is. None is added or moved."
            });
            tolerance_field(ui, tolerance_deg);
        }
        OpForm::Smooth {
            strength,
            tolerance_deg,
            range,
        } => smooth_fields(ui, strength, tolerance_deg, *range),
        // The other forms have their fields in the dialog itself.
        OpForm::Retime { .. }
        | OpForm::Pose { .. }
        | OpForm::Append { .. }
        | OpForm::Retarget { .. }
        | OpForm::InsertTime { .. }
        | OpForm::Generate(_) => {}
    }
}

/// The choice between easing each segment and one curve over the range (`range`: only
/// the selected range), with what the choice does.
fn shape_kind_fields(ui: &mut egui::Ui, each_segment: &mut bool, range: bool) {
    ui.horizontal(|ui| {
        ui.radio_value(each_segment, true, "Ease each segment")
            .on_hover_text("Every keyframe keeps its value; each segment between two is shaped");
        ui.radio_value(each_segment, false, "One curve over the range")
            .on_hover_text(
                "From the first keyframe's values to the last's in this shape: the \
                 keyframes inside are replaced",
            );
    });
    let what = if range {
        "The selected range"
    } else {
        "The whole motion"
    };
    ui.label(if *each_segment {
        format!(
            "{what}: every keyframe keeps its value and its time; each segment \
             between two takes this shape."
        )
    } else {
        format!(
            "{what} runs from its first keyframe's values to its last's in this \
             shape; the keyframes inside are replaced by the fewest that follow it."
        )
    });
}

/// The shape's curve, an index into [`CURVES`].
fn curve_field(ui: &mut egui::Ui, curve: &mut usize) {
    ui.horizontal(|ui| {
        let label = ui.label("Curve");
        egui::ComboBox::from_id_salt("shape curve")
            .selected_text(CURVES.get(*curve).copied().unwrap_or_default())
            .width(300.0)
            .show_ui(ui, |ui| {
                for (i, name) in CURVES.iter().enumerate() {
                    ui.selectable_value(curve, i, *name);
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// A custom curve's two handles, with how to set them (`handles_on`: the joint whose curve
/// they sit on).
fn handles_fields(ui: &mut egui::Ui, handles: &mut Handles, handles_on: Option<&str>) {
    let on = handles_on.map_or_else(String::new, |name| {
        format!(
            " They sit on {name}'s curve (to put them on another joint, show its \
             limits: its \"limits\" button in the joints list)."
        )
    });
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!(
                "Drag the handles on the timeline, or type them (time 0–1, value \
                 0–1 from the start's value to the end's); every joint shaped \
                 takes the same curve.{on}"
            ))
            .weak(),
        )
        .wrap(),
    );
    ui.horizontal(|ui| {
        handle_field(ui, "Handle 1 time", &mut handles.start[0], true);
        handle_field(ui, "Handle 1 value", &mut handles.start[1], false);
    });
    ui.horizontal(|ui| {
        handle_field(ui, "Handle 2 time", &mut handles.end[0], true);
        handle_field(ui, "Handle 2 value", &mut handles.end[1], false);
    });
}

/// The smoothing's strength and tolerance, with what smoothing does (`range`: only the
/// selected range).
fn smooth_fields(ui: &mut egui::Ui, strength: &mut f64, tolerance_deg: &mut f64, range: bool) {
    ui.label(if range {
        "The selected range is low-passed (for recorded or imported motions that \
         jitter); its end values stay."
    } else {
        "The whole motion is low-passed (for recorded or imported motions that \
         jitter); its first and last values stay."
    });
    ui.horizontal(|ui| {
        let label = ui.label("Strength");
        ui.add(
            egui::DragValue::new(strength)
                .range(0.25..=crate::ops::shape::smooth::MAX_STRENGTH)
                .speed(0.05)
                .max_decimals(2)
                .suffix(" frames"),
        )
        .labelled_by(label.id)
        .on_hover_text("How far the filter spreads, in 16 ms frames: 1 is light, 4 strong");
    });
    tolerance_field(ui, tolerance_deg);
}
