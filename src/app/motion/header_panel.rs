//! The header: the motion name as its parts (servo group, start and end posture,
//! description) with the grammar checked live, creator, design label (with model names),
//! version and frame rate. Each problem is shown next to its field.

use crate::app::action::MotionAction;
use crate::app::sink::MotionSink;
use crate::codec::mtn::Version;
use crate::codec::{Problem, ProblemCode};
use crate::edit::{Document, Edit, HeaderField};
use crate::robot::chunk_name::{self, ChunkName, PREFIXES};
use crate::robot::{self, LABELS};

/// Narrower than this, the servo group's box shows its letter alone.
const SERVOS_WIDE: f32 = 140.0;

/// Problems shown next to each field.
const NAME_CODES: [ProblemCode; 3] = [
    ProblemCode::CHUNK_NAME,
    ProblemCode::NAME_LENGTH,
    ProblemCode::STRING_ENCODING,
];
const DESIGN_CODES: [ProblemCode; 4] = [
    ProblemCode::UNKNOWN_DESIGN,
    ProblemCode::LOCATOR_MISMATCH,
    ProblemCode::JOINT_ORDER,
    ProblemCode::SECTION3_WIDTH,
];

/// Gives a combo box its accessible name (the name a screen reader reads and tests find).
pub(crate) fn name_widget(response: &egui::Response, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
}

fn field_problems_ui(ui: &mut egui::Ui, problems: &[Problem], codes: &[ProblemCode]) {
    for problem in problems.iter().filter(|p| codes.contains(&p.code)) {
        super::problems_panel::problem_ui(ui, problem, &[], None);
    }
}

/// A labelled single-line text field whose typing is one undo step per focus: the step
/// opens with the first change (and the field's focus) and closes when the field is left;
/// Escape takes back what was typed. Returns the new text when it changed.
fn text_field(
    ui: &mut egui::Ui,
    sink: &mut MotionSink<'_>,
    label: &str,
    value: &str,
    hint: &str,
    width: f32,
) -> Option<String> {
    let mut text = value.to_owned();
    let label_response = ui.label(label);
    let response = ui.add(
        egui::TextEdit::singleline(&mut text)
            .hint_text(hint)
            .desired_width(width),
    );
    let response = response.labelled_by(label_response.id);
    let step = || MotionAction::BeginGesture(format!("{} edit", label.to_lowercase()));
    if response.gained_focus() || response.changed() {
        // Every change opens the step if it is not open (it is only once), so no keystroke
        // lands outside it, whatever happened to the focus meanwhile.
        sink.push(step());
    }
    // The step closes when the field is left, but not in a frame whose last keystroke
    // changed the text too (a key and Enter together): the caller's edit comes after this,
    // and would fall outside the step. egui reports the loss again the next frame.
    if response.lost_focus() && !response.changed() {
        let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
        sink.push(if escaped {
            MotionAction::CancelGesture
        } else {
            MotionAction::EndGesture
        });
    }
    response.changed().then_some(text)
}

/// Draws the header panel.
pub fn header_ui(ui: &mut egui::Ui, document: &Document, sink: &mut MotionSink<'_>) {
    ui.heading("Header");
    let problems = document.problems();
    name_ui(ui, document, problems, sink);
    ui.separator();
    if let Some(text) = text_field(
        ui,
        sink,
        "Creator",
        &document.motion.creator,
        "who made it",
        f32::INFINITY,
    ) {
        sink.edit("creator edit", Edit::SetHeader(HeaderField::Creator, text));
    }
    ui.separator();
    design_ui(ui, document, problems, sink);
    ui.separator();
    numbers_ui(ui, document, problems, sink);
}

fn name_ui(
    ui: &mut egui::Ui,
    document: &Document,
    problems: &[Problem],
    sink: &mut MotionSink<'_>,
) {
    let name = document.motion.name.clone();
    if let Some(text) = text_field(
        ui,
        sink,
        "Motion name",
        &name,
        "a_stand#sit_description",
        f32::INFINITY,
    ) {
        sink.edit("motion name edit", Edit::SetHeader(HeaderField::Name, text));
    }
    let parts = chunk_name::parse(&document.motion.name).unwrap_or(ChunkName {
        servos: Some('a'),
        start: String::new(),
        end: String::new(),
        description: document.motion.name.clone(),
    });
    let mut changed = None;
    // The fields take what the panel leaves beside the labels, so a narrow panel cuts off
    // nothing.
    let field = (ui.available_width() - 110.0).clamp(60.0, 200.0);
    egui::Grid::new("name parts").num_columns(2).show(ui, |ui| {
        let servos_label = ui.label("Servos");
        let meaning = parts.servos.map_or_else(
            || "(none)".to_owned(),
            |c| {
                PREFIXES
                    .iter()
                    .find(|(p, _)| *p == c)
                    .map_or_else(|| format!("{c} (unknown)"), |(p, m)| format!("{p} — {m}"))
            },
        );
        // A narrow panel shows the group's letter alone (its meaning on hover and in the
        // list) rather than a meaning cut to "a …".
        let current = match parts.servos {
            Some(c) if field < SERVOS_WIDE => c.to_string(),
            _ => meaning.clone(),
        };
        let combo = egui::ComboBox::from_id_salt("servos")
            .width(field)
            .truncate()
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (prefix, meaning) in PREFIXES {
                    if ui
                        .selectable_label(
                            parts.servos == Some(prefix),
                            format!("{prefix} — {meaning}"),
                        )
                        .clicked()
                    {
                        changed = Some(ChunkName {
                            servos: Some(prefix),
                            ..parts.clone()
                        });
                    }
                }
            });
        let combo_response = combo.response.labelled_by(servos_label.id);
        name_widget(&combo_response.on_hover_text(meaning), "Servos");
        ui.end_row();
        for (index, label) in ["Start posture", "End posture", "Description"]
            .into_iter()
            .enumerate()
        {
            let value = [&parts.start, &parts.end, &parts.description][index].clone();
            if let Some(text) = text_field(ui, sink, label, &value, "", field) {
                let mut new = parts.clone();
                *[&mut new.start, &mut new.end, &mut new.description][index] = text;
                changed = Some(new);
            }
            ui.end_row();
        }
    });
    if let Some(new) = changed {
        sink.edit(
            "motion name edit",
            Edit::SetHeader(HeaderField::Name, new.compose()),
        );
    }
    field_problems_ui(ui, problems, &NAME_CODES);
}

fn design_ui(
    ui: &mut egui::Ui,
    document: &Document,
    problems: &[Problem],
    sink: &mut MotionSink<'_>,
) {
    let design = document.motion.design.clone();
    let model = robot::parse_design(&design).map_or("unknown model", |d| d.model.name());
    let label_response = ui.label("Design label");
    let combo = egui::ComboBox::from_id_salt("design label")
        .selected_text(format!("{design} — {model}"))
        .show_ui(ui, |ui| {
            for info in LABELS {
                if ui
                    .selectable_label(
                        design == info.label,
                        format!("{} — {}", info.label, info.note),
                    )
                    .clicked()
                    && design != info.label
                {
                    sink.edit(
                        "design label change",
                        Edit::SetHeader(HeaderField::Design, info.label.to_owned()),
                    );
                }
            }
        });
    name_widget(
        &combo.response.labelled_by(label_response.id),
        "Design label",
    );
    if let Some(text) = text_field(
        ui,
        sink,
        "Custom label",
        &design,
        "DRX-1000_Head",
        f32::INFINITY,
    ) {
        sink.edit(
            "design label edit",
            Edit::SetHeader(HeaderField::Design, text),
        );
    }
    field_problems_ui(ui, problems, &DESIGN_CODES);
}

fn numbers_ui(
    ui: &mut egui::Ui,
    document: &Document,
    problems: &[Problem],
    sink: &mut MotionSink<'_>,
) {
    let Version {
        mut major,
        mut minor,
    } = document.motion.version;
    let mut frame_rate = document.motion.frame_rate;
    // Wrapped rows rather than a grid: in a narrow panel a number moves under its label.
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Version");
        let (a, major_changed) =
            crate::app::field::number_ui(ui, egui::DragValue::new(&mut major).range(0..=9));
        a.labelled_by(label.id);
        ui.label(".");
        let (b, minor_changed) =
            crate::app::field::number_ui(ui, egui::DragValue::new(&mut minor).range(0..=9));
        b.labelled_by(label.id);
        if major_changed || minor_changed {
            sink.edit("version change", Edit::SetVersion(Version { major, minor }));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Frame rate field");
        let (response, changed) =
            crate::app::field::number_ui(ui, egui::DragValue::new(&mut frame_rate).range(0..=1000));
        response
            .labelled_by(label.id)
            .on_hover_text("The robot always plays 16 ms frames; files say 16 (0 on the ERS-110)");
        if changed {
            sink.edit("frame rate field change", Edit::SetFrameRate(frame_rate));
        }
    });
    field_problems_ui(
        ui,
        problems,
        &[
            ProblemCode::VERSION,
            ProblemCode::FRAME_RATE,
            ProblemCode::RESERVED,
        ],
    );
}
