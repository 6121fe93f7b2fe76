//! Motion > Generate…'s fields: which generator, and its parameters (the form is
//! `generate_form`'s); the result is previewed on the timeline as Shape's is.

use super::generate_form::{EARS, GenerateForm, LOOK, MOUTH, WALK, capitalised, kinds};
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::ops::generate::{EarPattern, Gait, Gesture, LookAround, PawPath};
use crate::presets::{Preset, PresetRequest};

/// A number field. Its value is not clamped: what the generator cannot take, it refuses in
/// the preview with its reason, as the command line does.
fn number(ui: &mut egui::Ui, label: &str, value: &mut f64) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value).speed(0.05))
            .labelled_by(label.id);
    });
}

/// A whole-number field, not clamped either (see [`number`]).
fn whole<T: egui::emath::Numeric>(ui: &mut egui::Ui, label: &str, value: &mut T) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value)).labelled_by(label.id);
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

/// The form kept as a preset under a typed name; the kept preset chosen renamed to it, or
/// forgotten (each written after the frame; a built-in preset stays as it is).
fn keep_ui(ui: &mut egui::Ui, form: &mut GenerateForm, actions: &mut Sender<'_>) {
    ui.horizontal(|ui| {
        let label = ui.label("Keep as preset");
        ui.text_edit_singleline(&mut form.keep_name)
            .labelled_by(label.id);
        let name = form.keep_name.trim().to_owned();
        if ui
            .add_enabled(!name.is_empty(), egui::Button::new("Keep"))
            .clicked()
            && let Some(setting) = form.setting()
        {
            actions.send(Action::Preset(PresetRequest::Keep(Preset {
                name: name.clone(),
                setting,
            })));
        }
        let built_in = crate::presets::built_in();
        let kept = form
            .presets
            .get(form.preset)
            .map(|p| p.name.clone())
            .filter(|chosen| !built_in.iter().any(|b| &b.name == chosen));
        if let Some(chosen) = kept {
            if ui
                .add_enabled(
                    !name.is_empty() && name != chosen,
                    egui::Button::new("Rename"),
                )
                .on_hover_text(format!("Rename the preset \"{chosen}\" to the name typed"))
                .clicked()
            {
                actions.send(Action::Preset(PresetRequest::Rename {
                    from: chosen.clone(),
                    to: name,
                }));
            }
            if ui
                .button("Forget")
                .on_hover_text(format!("Forget the kept preset \"{chosen}\""))
                .clicked()
            {
                actions.send(Action::Preset(PresetRequest::Forget(chosen)));
            }
        }
    });
}

/// The generator's fields.
/// `model`: the motion's, whose joints decide which swings it can make (the ERS-7's head
/// does not roll: its tilt is listed greyed, with why).
pub fn fields(
    ui: &mut egui::Ui,
    form: &mut GenerateForm,
    model: Option<crate::robot::Model>,
    actions: &mut Sender<'_>,
) {
    presets_ui(ui, form);
    ui.label(if form.range {
        "Writes into the selected range; every other joint keeps its course."
    } else {
        "Writes into the whole motion (or, given a count, from its start); every other joint \
         keeps its course."
    });
    let mut kind = form.kind;
    let why_not = |kind: usize| {
        let gesture = Gesture::ALL.get(kind)?;
        gesture.joint(model?).err().map(|why| why.to_string())
    };
    crate::app::field::combo_where(ui, "Generator", &mut kind, &kinds(), &why_not);
    form.choose(kind);
    match form.kind {
        EARS => {
            let patterns: Vec<String> = EarPattern::ALL
                .iter()
                .map(|p| capitalised(p.words()))
                .collect();
            crate::app::field::combo(ui, "Pattern", &mut form.pattern, &patterns);
            whole(ui, "Beat (ms)", &mut form.beat_ms);
            whole(ui, "Beats (0: fill the range)", &mut form.count);
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
            whole(ui, "Move (ms)", &mut form.move_ms);
            whole(ui, "Hold (ms)", &mut form.hold_ms);
        }
        WALK => walk_fields(ui, form),
        MOUTH => {
            if form.sound.is_none() {
                ui.label(
                    "The mouth follows the sound track's WAV sound: add one first (File > Add \
                     Sound or LED Pattern…).",
                );
            }
            number(ui, "Opens (°)", &mut form.open_deg);
            whole(ui, "Smoothing (ms)", &mut form.smoothing_ms);
        }
        _ => {
            number(ui, "Frequency (Hz)", &mut form.hz);
            number(ui, "Amplitude (°)", &mut form.amplitude_deg);
            whole(ui, "Swings (0: fill the range)", &mut form.count);
            whole(ui, "Ease in and out (ms)", &mut form.ease_ms);
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
    number(ui, "Stride (mm a cycle)", &mut walk.stride_mm);
    number(ui, "Sideways (mm a cycle, left)", &mut walk.sideways_mm);
    number(ui, "Turn (° a cycle, left)", &mut walk.turn_deg);
    number(ui, "Lift (mm)", &mut walk.lift_mm);
    whole(ui, "Cycle (ms)", &mut walk.period_ms);
    number(ui, "Duty factor", &mut walk.duty);
    number(
        ui,
        "Shoulder height (mm, 0: under the stand's)",
        &mut form.height_mm,
    );
    number(ui, "Pitch (°, nose up)", &mut walk.pitch_deg);
    number(
        ui,
        "Front paws forward of the stand (mm)",
        &mut walk.front_mm,
    );
    number(ui, "Hind paws forward of the stand (mm)", &mut walk.hind_mm);
    whole(ui, "Cycles", &mut walk.cycles);
    ui.label("Its preview is simulated on the stage's floor (below); Simulate on the stage shows it walk.");
}
