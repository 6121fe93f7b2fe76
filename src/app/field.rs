//! Number fields that change a document. A typed value is one edit, committed when Enter is
//! pressed or the field is left (egui's `DragValue` then reports one change); a drag is one
//! gesture. Escape, and Undo or Redo pressed while typing, leave the field without committing
//! what was typed: the window marks the field it took the keyboard from as cancelled, and the
//! change its `DragValue` reports as it loses the keyboard is then not an edit. Also the
//! dialogs' labelled drop-down.

use egui::{Context, Id};

/// Where the field last cancelled is kept in egui's memory.
const CANCELLED_KEY: &str = "mtn-studio cancelled field";
/// How many passes after a cancel a change from that field is still the discarded text:
/// egui's `DragValue` commits its text in the pass after it loses the keyboard, or in the
/// one after that (its "lost focus" spans two passes).
const CANCEL_PASSES: u64 = 2;

/// A number field whose typed text is committed once. Returns the response and whether the
/// value changed (a committed typed value, a step of a drag, the arrow keys).
pub fn number_ui(ui: &mut egui::Ui, field: egui::DragValue<'_>) -> (egui::Response, bool) {
    let response = ui.add(field.update_while_editing(false));
    let changed = response.changed() && !cancelled(ui.ctx(), response.id);
    (response, changed)
}

/// Marks the field `id` as left without committing what was typed into it.
pub fn cancel(ctx: &Context, id: Id) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| data.insert_temp(Id::unique(CANCELLED_KEY), (id, pass)));
}

/// Whether the field `id` was cancelled in this pass or the last [`CANCEL_PASSES`].
fn cancelled(ctx: &Context, id: Id) -> bool {
    let now = ctx.cumulative_pass_nr();
    ctx.data(|data| data.get_temp::<(Id, u64)>(Id::unique(CANCELLED_KEY)))
        .is_some_and(|(field, pass)| field == id && now <= pass + CANCEL_PASSES)
}

/// Frames after the Tab's before a command that followed it goes: egui's `DragValue` commits
/// its text in the pass after it loses the keyboard or in the one after that.
const COMMAND_WAIT_FRAMES: usize = 3;

/// Holds back a Tab typed in the same frame as text, to the next frame, and a command that
/// follows it (Ctrl+S) until the field has committed what was typed.
///
/// egui moves the keyboard on Tab at the start of a frame, before any field reads that
/// frame's typing, so a value typed then Tab pressed within one frame (a quick typist, a
/// window slow to draw) would lose its last keys: the field is left with the text it had.
/// The events from such a Tab on wait in `held` (one list a frame to come, the next first)
/// and go first in the next frame's `events`; from the first key pressed with Ctrl (or Cmd)
/// after it, they wait [`COMMAND_WAIT_FRAMES`] frames more, so that Save saves the value.
#[expect(
    clippy::wildcard_enum_match_arm,
    reason = "egui's events: only a typed Tab matters here"
)]
pub fn hold_back_tab(held: &mut Vec<Vec<egui::Event>>, events: &mut Vec<egui::Event>) {
    if !held.is_empty() {
        let waiting = held.remove(0);
        let later = std::mem::replace(events, waiting);
        events.extend(later);
    }
    let mut typed = false;
    let mut tab = None;
    for (i, event) in events.iter().enumerate() {
        match event {
            egui::Event::Text(_) | egui::Event::Paste(_) | egui::Event::Ime(_) => typed = true,
            egui::Event::Key {
                key: egui::Key::Tab,
                pressed: true,
                ..
            } if typed => {
                tab = Some(i);
                break;
            }
            _ => {}
        }
    }
    let Some(i) = tab else {
        return;
    };
    let mut next = events.split_off(i);
    let command = next.iter().position(
        |e| matches!(e, egui::Event::Key { pressed: true, modifiers, .. } if modifiers.command),
    );
    let after = command.map(|c| next.split_off(c)).unwrap_or_default();
    if held.len() < COMMAND_WAIT_FRAMES + 1 {
        held.resize_with(COMMAND_WAIT_FRAMES + 1, Vec::new);
    }
    next.append(&mut held[0]);
    held[0] = next;
    held[COMMAND_WAIT_FRAMES].splice(0..0, after);
    while held.last().is_some_and(Vec::is_empty) {
        held.pop();
    }
}

/// A command pressed after Enter within one frame while a field has the keyboard (`typing`:
/// it had it at the end of the last frame) waits [`COMMAND_WAIT_FRAMES`] frames, as one
/// after a Tab does: the field commits what was typed on Enter, in this frame or the next,
/// and only then does Ctrl+Z undo it (or Ctrl+S save it). In one slow frame the two used to
/// reach the window together, and Undo while typing dropped the typed value.
#[expect(
    clippy::wildcard_enum_match_arm,
    reason = "egui's events: only Enter and a key with Ctrl matter here"
)]
pub fn hold_back_after_enter(
    held: &mut Vec<Vec<egui::Event>>,
    events: &mut Vec<egui::Event>,
    typing: bool,
) {
    if !typing {
        return;
    }
    let enter = events.iter().position(|e| {
        matches!(
            e,
            egui::Event::Key {
                key: egui::Key::Enter,
                pressed: true,
                ..
            }
        )
    });
    let Some(enter) = enter else {
        return;
    };
    let command = events[enter..].iter().position(|e| match e {
        egui::Event::Key {
            pressed: true,
            modifiers,
            ..
        } => modifiers.command,
        _ => false,
    });
    if let Some(command) = command {
        let after = events.split_off(enter + command);
        if held.len() < COMMAND_WAIT_FRAMES + 1 {
            held.resize_with(COMMAND_WAIT_FRAMES + 1, Vec::new);
        }
        held[COMMAND_WAIT_FRAMES].splice(0..0, after);
    }
}

/// A label for the field drawn after it (`add_field`): named by it for a screen reader, and
/// a click on it gives the field the keyboard, as a desktop form's label does (typing then
/// goes into the field, not to the value it had before).
pub fn labelled(
    ui: &mut egui::Ui,
    text: &str,
    add_field: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> egui::Response {
    let label = ui.add(egui::Label::new(text).sense(egui::Sense::click()));
    let field = add_field(ui).labelled_by(label.id);
    if label.clicked() {
        field.request_focus();
    }
    field
}

/// A labelled drop-down of `options`, `selected` the index of the one chosen.
pub fn combo(ui: &mut egui::Ui, label: &str, selected: &mut usize, options: &[String]) {
    combo_where(ui, label, selected, options, &|_| None);
}

/// A labelled drop-down of `options` some of which cannot be chosen: `why_not` says why for
/// those (they are listed greyed, the reason on hover, rather than hidden).
pub fn combo_where(
    ui: &mut egui::Ui,
    label: &str,
    selected: &mut usize,
    options: &[String],
    why_not: &dyn Fn(usize) -> Option<String>,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let shown = options.get(*selected).cloned().unwrap_or_default();
        egui::ComboBox::from_id_salt(label.id)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, option) in options.iter().enumerate() {
                    match why_not(i) {
                        None => {
                            ui.selectable_value(selected, i, option);
                        }
                        Some(why) => {
                            ui.add_enabled(false, egui::Button::selectable(*selected == i, option))
                                .on_disabled_hover_text(why);
                        }
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}

#[cfg(test)]
mod tests {
    use super::{hold_back_after_enter, hold_back_tab};
    use egui::{Event, Key, Modifiers};

    fn key(key: Key, pressed: bool) -> Event {
        Event::Key {
            key,
            physical_key: Some(key),
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        }
    }

    #[test]
    fn a_command_after_a_held_tab_waits_for_the_field_to_commit() {
        let mut held = Vec::new();
        let save = Event::Key {
            key: Key::S,
            physical_key: Some(Key::S),
            pressed: true,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        };
        let mut events = vec![
            Event::Text("7".into()),
            key(Key::Tab, true),
            key(Key::Tab, false),
            save.clone(),
        ];
        hold_back_tab(&mut held, &mut events);
        assert_eq!(events, vec![Event::Text("7".into())]);
        let mut frames = Vec::new();
        for _ in 0..5 {
            let mut frame = Vec::new();
            hold_back_tab(&mut held, &mut frame);
            frames.push(frame);
        }
        assert_eq!(
            frames,
            vec![
                vec![key(Key::Tab, true), key(Key::Tab, false)],
                vec![],
                vec![],
                vec![save],
                vec![]
            ]
        );
        assert!(held.is_empty());
    }

    #[test]
    fn a_tab_after_text_in_one_frame_waits_for_the_next() {
        let mut held = Vec::new();
        let mut events = vec![
            key(Key::Num7, true),
            Event::Text("7".into()),
            key(Key::Num7, false),
            key(Key::Tab, true),
            key(Key::Tab, false),
            Event::Text("8".into()),
        ];
        hold_back_tab(&mut held, &mut events);
        assert_eq!(events.len(), 3);
        assert_eq!(held.concat().len(), 3);
        // The next frame: what waited comes first, then the frame's own events; the "8"
        // typed after the Tab is text before a later Tab of its own.
        let mut next = vec![key(Key::Tab, true)];
        hold_back_tab(&mut held, &mut next);
        assert_eq!(
            next,
            vec![
                key(Key::Tab, true),
                key(Key::Tab, false),
                Event::Text("8".into())
            ]
        );
        assert_eq!(held, vec![vec![key(Key::Tab, true)]]);
        let mut last = Vec::new();
        hold_back_tab(&mut held, &mut last);
        assert_eq!(last, vec![key(Key::Tab, true)]);
        assert!(held.is_empty());
    }

    #[test]
    fn a_tab_without_text_before_it_goes_at_once() {
        let mut held = Vec::new();
        let mut events = vec![
            key(Key::Tab, true),
            Event::Text("7".into()),
            key(Key::Tab, false),
        ];
        hold_back_tab(&mut held, &mut events);
        assert_eq!(events.len(), 3);
        assert!(held.is_empty());
    }

    #[test]
    fn a_command_after_enter_in_one_frame_waits_while_a_field_has_the_keyboard() {
        let ctrl_z = egui::Event::Key {
            key: Key::Z,
            physical_key: Some(Key::Z),
            pressed: true,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        };
        let frame = vec![
            key(Key::Enter, true),
            key(Key::Enter, false),
            ctrl_z.clone(),
        ];
        let mut held = Vec::new();
        let mut events = frame.clone();
        hold_back_after_enter(&mut held, &mut events, true);
        assert_eq!(events, frame[..2], "Enter goes now");
        assert_eq!(held.last(), Some(&vec![ctrl_z]), "Ctrl+Z waits");
        assert!(held[..held.len() - 1].iter().all(Vec::is_empty));
        // No field with the keyboard: nothing waits.
        let (mut held, mut events) = (Vec::new(), frame.clone());
        hold_back_after_enter(&mut held, &mut events, false);
        assert_eq!((events, held.len()), (frame, 0));
    }
}
