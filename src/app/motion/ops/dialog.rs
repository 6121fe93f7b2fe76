//! The Motion menu's small windows: the parameters an operation needs, and a preview of
//! the result (its length, keyframes, problems and what the operation noted) before anything
//! changes. A changed field shows the dialog again (an action), which refreshes the preview.

use super::form::{OpForm, OpPrompt, POSTURES, Preview, PreviewError, TARGETS};
use crate::app::action::Action;
use crate::app::field::combo;
use crate::app::sink::Sender;
use crate::app::state::TabId;
use crate::app::tabs::Tabs;
use crate::words::plural;

/// How many frames Enter in a number being typed waits for the typed value (see `op_ui`).
const APPLY_WAIT: u8 = 4;
/// A floating dialog's fields and preview scroll within the window's height less this
/// (its title bar, its buttons and a margin), and never below the least.
const FLOATING_MARGIN: f32 = 180.0;
const FLOATING_LEAST: f32 = 160.0;

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

/// Draws an operation dialog.
pub fn op_ui(ui: &mut egui::Ui, prompt: &OpPrompt, tabs: &Tabs, actions: &mut Sender<'_>) {
    // A dialog that floats beside the timeline has its title in its title bar.
    if !prompt.is_modeless() {
        ui.heading(prompt.form.title());
    }
    let mut form = prompt.form.clone();
    // Enter applies the dialog (typing a length and pressing Enter is the quickest way).
    // Read before the fields, which take the key for themselves: where a field was being
    // typed in, it commits its text this frame, and the dialog applies on the next.
    let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
    let editing = ui.memory(|m| m.focused().is_some());
    // A dialog floating beside the timeline never grows past the window: its fields and
    // preview scroll above the row of buttons, which stays in sight.
    let room = (ui.ctx().content_rect().height() - FLOATING_MARGIN).max(FLOATING_LEAST);
    let mut body = |ui: &mut egui::Ui| {
        fields_ui(ui, prompt, &mut form, tabs, actions);
        ui.separator();
        if prompt.working {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Working out the result (every leg of every keyframe)…");
            });
        } else {
            let simulated = prompt.walk_previewed().is_some();
            preview_ui(ui, prompt.preview.as_ref(), simulated);
            super::walk_preview::walk_ui(ui, prompt, tabs);
        }
    };
    // The scroll area only once the body has outgrown the room (a frame late, then kept
    // while it does): a dialog that fits is laid out as it always was.
    let overflows_id = ui.scope_id().with("operation dialog overflows");
    let overflowed = ui
        .data(|d| d.get_temp::<bool>(overflows_id))
        .unwrap_or(false);
    let height = if prompt.is_modeless() && overflowed {
        egui::ScrollArea::vertical()
            .id_salt("operation dialog")
            .max_height(room)
            .auto_shrink([false, true])
            .show(ui, body)
            .content_size
            .y
    } else {
        let top = ui.cursor().top();
        body(ui);
        ui.cursor().top() - top
    };
    let overflows = prompt.is_modeless() && height > room;
    if overflows != overflowed {
        ui.data_mut(|d| d.insert_temp(overflows_id, overflows));
        ui.ctx().request_repaint();
    }
    // In a dialog that floats beside the timeline (Shape, Simplify, Smooth) Enter in a
    // field only commits it, so the preview of the typed value is seen before applying.
    let typed_enter = enter && editing && !prompt.is_modeless();
    let (apply_now, apply_next) = typed_apply(typed_enter, form != prompt.form, prompt.apply_next);
    if apply_next > 0 {
        ui.ctx().request_repaint();
    }
    if form != prompt.form || prompt.focus || apply_next > 0 {
        actions.send(Action::EditOp(OpPrompt {
            form: form.clone(),
            preview: None,
            working: false,
            tab: prompt.tab,
            focus: false,
            apply_next,
            basis: prompt.basis,
        }));
    }
    // The buttons under an id of their own: the scrolled fields before them take a number
    // of ids that may change from frame to frame, and a button's id must hold for a click a
    // screen reader (or a test) asks for by it.
    ui.push_id("operation buttons", |ui| {
        ui.horizontal(|ui| {
            let request = form.request(|id| tabs.is_motion(id));
            let ready = matches!(prompt.preview, Some(Ok(_))) && request.is_some();
            // A floating dialog leaves the window usable, so a plain Enter may be meant for it:
            // Ctrl+Enter applies (a typed Enter commits the field, to see its preview first).
            let by_key = if prompt.is_modeless() {
                // The key event's own modifiers: xdotool (and a quick hand) can let Ctrl go
                // within the frame, before the window reads the modifiers held.
                ready
                    && ui.input_mut(|i| {
                        i.consume_shortcut(&egui::KeyboardShortcut::new(
                            egui::Modifiers::COMMAND,
                            egui::Key::Enter,
                        ))
                    })
            } else {
                (enter && !editing && ready) || apply_now
            };
            let apply = ui.add_enabled(ready, egui::Button::new("Apply"));
            let apply = if prompt.is_modeless() {
                apply.on_hover_text("Apply (Ctrl+Enter); one undo step")
            } else {
                apply
            };
            if (apply.clicked() || by_key)
                && let Some(request) = request
            {
                actions.send(Action::CloseModal);
                actions.send(Action::MotionOp(prompt.tab, request));
            }
            if ui.button("Cancel").clicked() {
                actions.send(Action::CloseModal);
            }
        })
    });
}

/// Enter in a number being typed: whether to apply now, and how many frames more to wait.
///
/// The dialog applies once the field has committed the typed value, which egui's DragValue
/// does in the same frame or a frame or two after it lets the keyboard go. It waits up to
/// [`APPLY_WAIT`] frames for the value to arrive (`arrived`: the form changed this frame),
/// then applies anyway (a value typed equal to the one there changes nothing). `waiting`:
/// the frames the prompt still had to wait.
fn typed_apply(typed_enter: bool, arrived: bool, waiting: u8) -> (bool, u8) {
    let apply_now = (typed_enter && arrived) || (waiting > 0 && (arrived || waiting == 1));
    let apply_next = if typed_enter && !arrived {
        APPLY_WAIT
    } else if waiting > 0 && !apply_now {
        waiting - 1
    } else {
        0
    };
    (apply_now, apply_next)
}

/// The operation's own fields, edited in `form`.
fn fields_ui(
    ui: &mut egui::Ui,
    prompt: &OpPrompt,
    form: &mut OpForm,
    tabs: &Tabs,
    actions: &mut Sender<'_>,
) {
    match form {
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
            let choices: Vec<(TabId, String)> = tabs
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
        OpForm::Generate(form) => {
            let model = tabs
                .get(prompt.tab)
                .and_then(crate::app::tabs::Tab::motion)
                .and_then(|tab| crate::robot::models::parse_design(&tab.document.motion.design))
                .map(|design| design.model);
            super::generate_fields::fields(ui, form, model, actions);
        }
        shaping @ (OpForm::Shape { .. } | OpForm::Simplify { .. } | OpForm::Smooth { .. }) => {
            let handles_on = handles_on(tabs, prompt.tab);
            super::shape_form::fields(ui, shaping, handles_on.as_deref());
        }
    }
}

/// The joint whose curve a shape's handles are drawn on in tab `tab`, if any.
fn handles_on(tabs: &Tabs, tab: TabId) -> Option<String> {
    let tab = tabs.get(tab)?.motion()?;
    let times = tab.document.times_ms();
    let (first, last) = tab
        .view
        .range_keyframes(times)
        .unwrap_or((0, times.len().saturating_sub(1)));
    let motion = &tab.document.motion;
    let channel =
        crate::app::motion::timeline::overlay::handle_channel(motion, &tab.view, first, last)?;
    Some(crate::app::motion::view::channel_name(motion, channel))
}

/// The preview's result and notes; `simulated`: the preview's floor is simulated here (a
/// walk's), so it is not said to be judged only once applied.
fn preview_ui(ui: &mut egui::Ui, preview: Option<&Result<Preview, PreviewError>>, simulated: bool) {
    match preview {
        None => {
            ui.weak("Choose what to do.");
        }
        Some(Err(why)) => {
            crate::app::dialogs::parts::error_line(ui, Some(&format!("Cannot do this: {why}")));
        }
        Some(Ok(preview)) => {
            // Beside the result's problems, the motion's own where they differ: whether
            // the operation makes it better or worse.
            let was = match preview.was {
                Some(now) if now.checked != (preview.errors, preview.warnings) => {
                    format!(
                        " (the motion now: {}, {})",
                        plural(now.checked.0, "error", "errors"),
                        plural(now.checked.1, "warning", "warnings")
                    )
                }
                _ => String::new(),
            };
            ui.label(format!(
                "Result: {} ms, {} · {}, {}{was}",
                preview.duration_ms,
                plural(preview.keyframes, "keyframe", "keyframes"),
                plural(preview.errors, "error", "errors"),
                plural(preview.warnings, "warning", "warnings"),
            ));
            // The floor stands the result once it is applied: not counted here.
            let floor = match preview.was {
                Some(now) if now.floor > 0 => Some(format!(
                    "Not counted here: the floor's {} on the motion now. The floor is judged \
                     again once applied.",
                    plural(now.floor, "problem", "problems")
                )),
                Some(now) if now.on_floor && !simulated => Some(
                    "Not counted here: the floor (falls, slips, lifted paws), judged once \
                     applied."
                        .to_owned(),
                ),
                _ => None,
            };
            if let Some(floor) = floor {
                ui.add(egui::Label::new(floor).wrap());
            }
            for note in unrepeated(&preview.notes, &preview.problems) {
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

/// The operation's notes but those that repeat a problem listed with them ("too fast for the
/// servos now: …" beside the joint-speed warning it names): each said once.
fn unrepeated<'a>(notes: &'a [String], problems: &[String]) -> Vec<&'a String> {
    notes
        .iter()
        .filter(|note| {
            !problems.iter().any(|problem| {
                let message = problem
                    .split_once(": ")
                    .map_or(problem.as_str(), |(_, m)| m);
                note.ends_with(message)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{APPLY_WAIT, typed_apply, unrepeated};

    #[test]
    fn a_note_that_repeats_a_listed_problem_is_said_once() {
        let problems = ["joint-speed: BL_LEG_KNEE moves 2.57° per 8 ms".to_owned()];
        let notes = [
            "5000 ms is not a whole number of 16 ms frames: made 5008 ms".to_owned(),
            "too fast for the servos now: BL_LEG_KNEE moves 2.57° per 8 ms".to_owned(),
        ];
        assert_eq!(unrepeated(&notes, &problems), [&notes[0]]);
        assert_eq!(unrepeated(&notes, &[]).len(), 2);
    }

    #[test]
    fn enter_with_the_value_already_arrived_applies_at_once() {
        assert_eq!(typed_apply(true, true, 0), (true, 0));
    }

    #[test]
    fn enter_before_the_value_arrives_waits_then_applies_when_it_does() {
        let (now, waiting) = typed_apply(true, false, 0);
        assert_eq!((now, waiting), (false, APPLY_WAIT));
        assert_eq!(typed_apply(false, false, waiting), (false, APPLY_WAIT - 1));
        assert_eq!(typed_apply(false, true, APPLY_WAIT - 1), (true, 0));
    }

    #[test]
    fn a_value_that_never_arrives_applies_when_the_wait_runs_out() {
        let mut waiting = typed_apply(true, false, 0).1;
        let mut frames = 0;
        loop {
            let (now, next) = typed_apply(false, false, waiting);
            frames += 1;
            if now {
                break;
            }
            assert!(frames <= APPLY_WAIT, "still waiting after {frames} frames");
            waiting = next;
        }
        assert_eq!(frames, APPLY_WAIT);
    }

    #[test]
    fn nothing_happens_without_enter_or_a_wait() {
        assert_eq!(typed_apply(false, true, 0), (false, 0));
        assert_eq!(typed_apply(false, false, 0), (false, 0));
    }
}
