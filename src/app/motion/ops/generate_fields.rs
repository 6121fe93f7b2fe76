//! Motion > Generate…'s fields: which generator, and its parameters (the form is
//! `generate_form`'s); the result is previewed on the timeline as Shape's is.

use super::generate_form::{EARS, GenerateForm, LOOK, MOUTH, WALK, capitalised, kinds};
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::ops::generate::{EarPattern, Gait, Gesture, LookAround, PawPath};
use crate::presets::Preset;

fn number(ui: &mut egui::Ui, label: &str, value: &mut f64, range: std::ops::RangeInclusive<f64>) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range).speed(0.05))
            .labelled_by(label.id);
    });
}

fn whole<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    range: std::ops::RangeInclusive<T>,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range))
            .labelled_by(label.id);
    });
}

/// A preset chosen fills the form; the form kept as a preset under a typed name.
fn presets_ui(ui: &mut egui::Ui, form: &mut GenerateForm) {
    let names: Vec<String> = form.presets.iter().map(|p| p.name.clone()).collect();
    let mut chosen = form.preset;
    crate::app::field::combo(ui, "Preset", &mut chosen, &names);
    if chosen != form.preset
        && let Some(preset) = form.presets.get(chosen).cloned()
    {
        form.load(&preset.setting);
        form.keep_name = preset.name;
        form.preset = chosen;
    }
}

/// The form kept as a preset under a typed name (written after the frame).
fn keep_ui(ui: &mut egui::Ui, form: &mut GenerateForm, actions: &mut Sender<'_>) {
    ui.horizontal(|ui| {
        let label = ui.label("Keep as preset");
        ui.text_edit_singleline(&mut form.keep_name)
            .labelled_by(label.id);
        let ready = !form.keep_name.trim().is_empty();
        if ui.add_enabled(ready, egui::Button::new("Keep")).clicked()
            && let Some(setting) = form.setting()
        {
            actions.send(Action::KeepPreset(Preset {
                name: form.keep_name.trim().to_owned(),
                setting,
            }));
        }
    });
}

/// The generator's fields.
pub fn fields(ui: &mut egui::Ui, form: &mut GenerateForm, actions: &mut Sender<'_>) {
    presets_ui(ui, form);
    ui.label(if form.range {
        "Writes into the selected range; every other joint keeps its course."
    } else {
        "Writes into the whole motion (or, given a count, from its start); every other joint \
         keeps its course."
    });
    let was = form.kind;
    crate::app::field::combo(ui, "Generator", &mut form.kind, &kinds());
    if let Some(gesture) = Gesture::ALL.get(form.kind).filter(|_| form.kind != was) {
        (form.hz, form.amplitude_deg) = gesture.defaults();
    }
    match form.kind {
        EARS => {
            let patterns: Vec<String> = EarPattern::ALL
                .iter()
                .map(|p| capitalised(p.words()))
                .collect();
            crate::app::field::combo(ui, "Pattern", &mut form.pattern, &patterns);
            whole(ui, "Beat (ms)", &mut form.beat_ms, 192..=10_000);
            whole(ui, "Beats (0: fill the range)", &mut form.count, 0..=1000);
        }
        LOOK => {
            ui.horizontal(|ui| {
                let label = ui.label("Points (pan,tilt in degrees)");
                ui.text_edit_singleline(&mut form.points)
                    .labelled_by(label.id);
            });
            if LookAround::parse_points(&form.points).is_none_or(|p| p.is_empty()) {
                ui.label("Type PAN,TILT pairs separated by spaces, e.g. 40,10 -40,10");
            }
            whole(ui, "Move (ms)", &mut form.move_ms, 16..=10_000);
            whole(ui, "Hold (ms)", &mut form.hold_ms, 0..=10_000);
        }
        WALK => walk_fields(ui, form),
        MOUTH => {
            if form.sound.is_none() {
                ui.label(
                    "The mouth follows the sound track's WAV sound: add one first (File > Add \
                     Sound or LED Pattern…).",
                );
            }
            number(ui, "Opens (°)", &mut form.open_deg, 1.0..=90.0);
            whole(ui, "Smoothing (ms)", &mut form.smoothing_ms, 0..=1000);
        }
        _ => {
            number(ui, "Frequency (Hz)", &mut form.hz, 0.1..=10.0);
            number(ui, "Amplitude (°)", &mut form.amplitude_deg, 1.0..=180.0);
            whole(ui, "Swings (0: fill the range)", &mut form.count, 0..=1000);
            whole(ui, "Ease in and out (ms)", &mut form.ease_ms, 0..=5000);
        }
    }
    keep_ui(ui, form, actions);
}

/// The walk's fields.
fn walk_fields(ui: &mut egui::Ui, form: &mut GenerateForm) {
    let names = |words: &[&str]| words.iter().map(|w| capitalised(w)).collect::<Vec<_>>();
    let gaits = names(&Gait::ALL.map(Gait::words));
    crate::app::field::combo(ui, "Gait", &mut form.gait, &gaits);
    let paths = names(&PawPath::ALL.map(PawPath::words));
    crate::app::field::combo(ui, "Paw path", &mut form.path, &paths);
    let walk = &mut form.walk;
    number(
        ui,
        "Stride (mm a cycle)",
        &mut walk.stride_mm,
        -120.0..=120.0,
    );
    number(
        ui,
        "Sideways (mm a cycle, left)",
        &mut walk.sideways_mm,
        -60.0..=60.0,
    );
    number(
        ui,
        "Turn (° a cycle, left)",
        &mut walk.turn_deg,
        -45.0..=45.0,
    );
    number(ui, "Lift (mm)", &mut walk.lift_mm, 0.0..=60.0);
    whole(ui, "Cycle (ms)", &mut walk.period_ms, 160..=4000);
    number(ui, "Duty factor", &mut walk.duty, 0.25..=0.95);
    number(
        ui,
        "Shoulder height (mm, 0: under the stand's)",
        &mut form.height_mm,
        0.0..=200.0,
    );
    number(ui, "Pitch (°, nose up)", &mut walk.pitch_deg, -30.0..=30.0);
    whole(ui, "Cycles", &mut walk.cycles, 1..=100);
    ui.label("Once it is applied, Simulate on the stage shows where it walks.");
}
