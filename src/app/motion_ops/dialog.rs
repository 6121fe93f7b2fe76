//! The Motion menu's small windows: the parameters an operation needs, and a preview of
//! the result (its length, keyframes, problems and what the operation noted) before anything
//! changes. A changed field shows the dialog again (an action), which refreshes the preview.

use super::super::TabId;
use super::super::action::Action;
use super::super::dialogs::Modal;
use super::super::tabs::Tabs;
use super::OpRequest;
use crate::codec::Severity;
use crate::ops::Outcome;
use crate::ops::RetimeBy;
use crate::words::plural;

/// The postures offered, "(keep)" first.
const POSTURES: [&str; 4] = ["(keep)", "stand", "sit", "sleep"];
/// The models a motion can be converted to: label and model.
pub const TARGETS: [(&str, &str); 3] = [
    ("DRX-1000", "ERS-7"),
    ("DRX-900", "ERS-210/220"),
    ("DRX-910", "ERS-210 (Skitter)"),
];

/// An operation's parameters, as its dialog edits them.
#[derive(Clone, Debug, PartialEq)]
pub enum OpForm {
    /// Retime: a new length in ms, or a factor.
    Retime {
        /// Use the factor (else the length).
        by_factor: bool,
        /// The new length.
        duration_ms: u64,
        /// The factor.
        factor: f64,
        /// Only the selected range (shown so the user knows).
        range: bool,
    },
    /// Start and end postures.
    Pose {
        /// Index into the postures offered for the start.
        start: usize,
        /// And for the end.
        end: usize,
        /// The transition to an added posture keyframe.
        transition_ms: u64,
    },
    /// Append another open motion.
    Append {
        /// Its tab.
        other: Option<TabId>,
        /// The joining segment.
        transition_ms: u64,
    },
    /// Convert to another model.
    Retarget {
        /// Index into [`TARGETS`].
        target: usize,
        /// Keep the paws in place.
        keep_feet: bool,
    },
    /// Insert time after the keyframe at the playhead.
    InsertTime {
        /// How much.
        ms: u64,
    },
}

impl OpForm {
    /// The request the form makes (`None` while it is incomplete).
    #[must_use]
    pub fn request(&self, tabs: &Tabs) -> Option<OpRequest> {
        let posture = |i: usize| (i > 0).then(|| POSTURES[i].to_owned());
        Some(match *self {
            Self::Retime {
                by_factor,
                duration_ms,
                factor,
                ..
            } => OpRequest::Retime(if by_factor {
                RetimeBy::Factor(factor)
            } else {
                RetimeBy::DurationMs(duration_ms)
            }),
            Self::Pose {
                start,
                end,
                transition_ms,
            } => {
                if start == 0 && end == 0 {
                    return None;
                }
                OpRequest::Pose {
                    start: posture(start),
                    end: posture(end),
                    transition_ms: Some(transition_ms),
                }
            }
            Self::Append {
                other,
                transition_ms,
            } => OpRequest::Append {
                others: vec![other.filter(|&id| tabs.get(id).and_then(|t| t.motion()).is_some())?],
                transition_ms: Some(transition_ms),
            },
            Self::Retarget { target, keep_feet } => OpRequest::Retarget {
                label: TARGETS.get(target)?.0.to_owned(),
                keep_feet,
            },
            Self::InsertTime { ms } => OpRequest::InsertTime(ms),
        })
    }

    fn title(&self) -> &'static str {
        match self {
            Self::Retime { .. } => "Retime",
            Self::Pose { .. } => "Start and End Postures",
            Self::Append { .. } => "Append Motion",
            Self::Retarget { .. } => "Convert to Another Model",
            Self::InsertTime { .. } => "Insert Time",
        }
    }
}

/// What the result would be.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// Its length in ms.
    pub duration_ms: u64,
    /// Its keyframes.
    pub keyframes: usize,
    /// Errors and warnings among its problems.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// The first few problems, in words.
    pub problems: Vec<String>,
    /// What the operation noted.
    pub notes: Vec<String>,
}

impl Preview {
    /// The preview of an outcome: its problems as the document would list them.
    #[must_use]
    pub fn of(outcome: &Outcome) -> Self {
        let motion = &outcome.motion;
        let offsets = crate::codec::mtn::offsets(motion).unwrap_or_default();
        let problems = crate::robot::check::problems(motion, &offsets, &[]);
        let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
        Self {
            duration_ms: crate::robot::timing::duration_ms(&motion.keyframes),
            keyframes: motion.keyframes.len(),
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            problems: problems
                .iter()
                .filter(|p| p.severity >= Severity::Warning)
                .take(4)
                .map(|p| format!("{}: {}", p.code, p.message))
                .collect(),
            notes: outcome.notes.clone(),
        }
    }
}

/// An open operation dialog: which tab, the form, and the preview of its result.
#[derive(Clone, Debug, PartialEq)]
pub struct OpPrompt {
    /// The motion's tab.
    pub tab: TabId,
    /// The parameters.
    pub form: OpForm,
    /// The result, or why there is none (`None` while the form is incomplete).
    pub preview: Option<Result<Preview, String>>,
    /// The preview is being worked out in the background.
    pub working: bool,
    /// Give the dialog's first number the keyboard (once, as it opens).
    pub focus: bool,
    /// Enter was pressed while a field was being typed in: apply once it has committed.
    pub apply_next: bool,
}

/// A length in ms; `focus`: give it the keyboard (as its dialog opens, so the length can be
/// typed at once).
fn ms_field(ui: &mut egui::Ui, label: &str, value: &mut u64, focus: bool) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let response = ui
            .add(
                egui::DragValue::new(value)
                    .range(0..=3_600_000)
                    .speed(16.0)
                    .suffix(" ms"),
            )
            .labelled_by(label.id);
        if focus {
            response.request_focus();
        }
    });
}

fn combo(ui: &mut egui::Ui, label: &str, selected: &mut usize, options: &[String]) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let shown = options.get(*selected).cloned().unwrap_or_default();
        egui::ComboBox::from_id_salt(label.id)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, option) in options.iter().enumerate() {
                    ui.selectable_value(selected, i, option);
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// Draws an operation dialog.
pub fn op_ui(ui: &mut egui::Ui, prompt: &OpPrompt, tabs: &Tabs, actions: &mut Vec<Action>) {
    ui.heading(prompt.form.title());
    let mut form = prompt.form.clone();
    // Enter applies the dialog (typing a length and pressing Enter is the quickest way).
    // Read before the fields, which take the key for themselves: where a field was being
    // typed in, it commits its text this frame, and the dialog applies on the next.
    let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
    let editing = ui.memory(|m| m.focused().is_some());
    match &mut form {
        OpForm::Retime {
            by_factor,
            duration_ms,
            factor,
            range,
        } => {
            ui.label(if *range {
                "The selected range gets the new length; the rest keeps its timing."
            } else {
                "The whole motion gets the new length; values stay. Segments stay whole \
                 16 ms frames."
            });
            ui.radio_value(by_factor, false, "New length");
            ui.add_enabled_ui(!*by_factor, |ui| {
                ms_field(ui, "Length", duration_ms, prompt.focus);
            });
            ui.radio_value(by_factor, true, "By a factor");
            ui.add_enabled_ui(*by_factor, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label("Factor");
                    ui.add(egui::DragValue::new(factor).range(0.01..=100.0).speed(0.01))
                        .labelled_by(label.id);
                });
            });
        }
        OpForm::Pose {
            start,
            end,
            transition_ms,
        } => {
            let options: Vec<String> = POSTURES.iter().map(|p| (*p).to_owned()).collect();
            combo(ui, "Start in", start, &options);
            combo(ui, "End in", end, &options);
            ms_field(ui, "Transition to an added keyframe", transition_ms, false);
        }
        OpForm::Append {
            other,
            transition_ms,
        } => {
            let choices: Vec<(super::super::TabId, String)> = tabs
                .motions()
                .filter(|(id, _)| *id != prompt.tab)
                .map(|(id, tab)| (id, tab.document.tab_title()))
                .collect();
            if choices.is_empty() {
                ui.label("Open another motion of the same model to append it.");
            }
            let names: Vec<String> = choices.iter().map(|(_, t)| t.clone()).collect();
            let mut index = choices
                .iter()
                .position(|(id, _)| Some(*id) == *other)
                .unwrap_or(usize::MAX);
            combo(ui, "Append", &mut index, &names);
            *other = choices.get(index).map(|(id, _)| *id);
            ms_field(
                ui,
                "Transition where they do not meet",
                transition_ms,
                false,
            );
        }
        OpForm::Retarget { target, keep_feet } => {
            let options: Vec<String> = TARGETS
                .iter()
                .map(|(label, model)| format!("{model} ({label})"))
                .collect();
            combo(ui, "Convert to", target, &options);
            ui.checkbox(
                keep_feet,
                "Keep the paws in place (solve the legs for the other leg lengths)",
            );
        }
        OpForm::InsertTime { ms } => {
            ui.label("Time is added after the keyframe at the playhead.");
            ms_field(ui, "Insert", ms, prompt.focus);
        }
    }
    let apply_next = enter && editing;
    if form != prompt.form || prompt.focus || apply_next {
        actions.push(Action::Show(Modal::MotionOp(OpPrompt {
            form: form.clone(),
            preview: None,
            working: false,
            tab: prompt.tab,
            focus: false,
            apply_next,
        })));
    }
    ui.separator();
    if prompt.working {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Working out the result (every leg of every keyframe)…");
        });
    } else {
        preview_ui(ui, prompt.preview.as_ref());
    }
    ui.horizontal(|ui| {
        let request = form.request(tabs);
        let ready = matches!(prompt.preview, Some(Ok(_))) && request.is_some();
        let by_key = (enter && !editing && ready) || prompt.apply_next;
        if (ui.add_enabled(ready, egui::Button::new("Apply")).clicked() || by_key)
            && let Some(request) = request
        {
            actions.push(Action::CloseModal);
            actions.push(Action::MotionOp(prompt.tab, request));
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseModal);
        }
    });
}

fn preview_ui(ui: &mut egui::Ui, preview: Option<&Result<Preview, String>>) {
    match preview {
        None => {
            ui.weak("Choose what to do.");
        }
        Some(Err(why)) => {
            super::super::dialogs::error_line(ui, Some(&format!("Cannot do this: {why}")));
        }
        Some(Ok(preview)) => {
            ui.label(format!(
                "Result: {} ms, {} · {}, {}",
                preview.duration_ms,
                plural(preview.keyframes, "keyframe", "keyframes"),
                plural(preview.errors, "error", "errors"),
                plural(preview.warnings, "warning", "warnings"),
            ));
            for note in &preview.notes {
                ui.add(egui::Label::new(note).wrap());
            }
            for problem in &preview.problems {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(problem).color(ui.visuals().warn_fg_color),
                    )
                    .wrap(),
                );
            }
        }
    }
}
