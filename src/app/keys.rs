//! Reading the frame's keys as commands: the shortcuts pressed (each press of a step
//! counted), the menu bar's keys, Undo and Redo while typing, and the clipboard's events.

use super::command::{FromClipboard, MENU_BAR_SHORTCUT, TopMenu, UiCommand};
use egui::{Key, KeyboardShortcut, Modifiers};

/// The commands whose shortcuts were pressed this frame, taking the key presses out of the
/// input so no widget sees them too. `typing`: a text field has the keyboard; `motion`: a
/// motion's tab is in front (the keys only a motion answers are left to the others: an
/// archive's browser has its own Up and Down).
pub fn shortcut_commands(ctx: &egui::Context, typing: bool, motion: bool) -> Vec<UiCommand> {
    // Shortcuts with more modifiers first: egui matches Ctrl+Z inside Ctrl+Shift+Z.
    let mut ordered = UiCommand::ALL.to_vec();
    ordered.sort_by_key(|c| {
        std::cmp::Reverse(c.shortcut().map_or(0, |s| {
            u8::from(s.modifiers.shift) + u8::from(s.modifiers.alt)
        }))
    });
    let mut commands = Vec::new();
    ctx.input_mut(|input| {
        for command in ordered {
            if command.is_clipboard()
                || (typing && command.yields_to_text())
                || (!motion && command.only_on_a_motion())
            {
                continue;
            }
            if let Some(shortcut) = command.shortcut() {
                let presses = input.count_and_consume_key(shortcut.modifiers, shortcut.logical_key);
                let times = if command.steps() {
                    presses
                } else {
                    presses.min(1)
                };
                commands.extend(std::iter::repeat_n(command, times));
            }
        }
        // Ctrl+Tab and Ctrl+Shift+Tab change tabs too, as in browsers and other editors (the
        // menus show Ctrl+PageDown and Ctrl+PageUp). With Shift first: Ctrl+Tab matches it.
        let command_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        for (command, modifiers) in [
            (UiCommand::PreviousTab, command_shift),
            (UiCommand::NextTab, Modifiers::COMMAND),
        ] {
            if input.consume_shortcut(&KeyboardShortcut::new(modifiers, Key::Tab)) {
                commands.push(command);
            }
        }
    });
    commands
}

/// The menu asked for from the keyboard this frame (F10, or Alt and a menu's letter), with
/// the key press taken out of the input, and the letter's text too (egui-winit sends Alt+F
/// as the key and the text "f", which a text field would otherwise type).
pub fn menu_shortcut(ctx: &egui::Context) -> Option<TopMenu> {
    ctx.input_mut(|input| {
        if input.consume_shortcut(&MENU_BAR_SHORTCUT) {
            return Some(TopMenu::File);
        }
        let menu = TopMenu::ALL
            .into_iter()
            .find(|menu| input.consume_shortcut(&menu.shortcut()))?;
        input
            .events
            .retain(|event| !matches!(event, egui::Event::Text(_)));
        Some(menu)
    })
}

/// Whether an Undo or Redo shortcut is pressed this frame (without taking it out of the
/// input). The key press's own modifiers count, not the frame's: the real window may
/// deliver Ctrl's release in the same frame as the Z (xdotool's ctrl+z does), and the
/// frame's modifiers then say no Ctrl at all.
pub fn history_pressed(ctx: &egui::Context) -> bool {
    let shortcuts: Vec<KeyboardShortcut> = [UiCommand::Undo, UiCommand::Redo, UiCommand::RedoAlt]
        .iter()
        .filter_map(|c| c.shortcut())
        .collect();
    ctx.input(|input| {
        input.events.iter().any(|event| {
            let egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } = event
            else {
                return false;
            };
            shortcuts
                .iter()
                .any(|s| *key == s.logical_key && modifiers.matches_logically(s.modifiers))
        })
    })
}

/// The window's clipboard events, taken out of the input so no widget sees them; while a
/// text field has the keyboard they are left to it (the system clipboard works there as
/// everywhere).
#[expect(
    clippy::wildcard_enum_match_arm,
    reason = "egui's events: only the clipboard's are taken here"
)]
pub fn clipboard_events(ctx: &egui::Context, typing: bool) -> Vec<FromClipboard> {
    if typing {
        return Vec::new();
    }
    let mut actions = Vec::new();
    ctx.input_mut(|input| {
        input.events.retain(|event| {
            let action = match event {
                egui::Event::Copy => FromClipboard::Command(UiCommand::Copy),
                egui::Event::Cut => FromClipboard::Command(UiCommand::Cut),
                egui::Event::Paste(text) => FromClipboard::Paste(text.clone()),
                _ => return true,
            };
            actions.push(action);
            false
        });
    });
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipboard_events_are_taken_unless_typing() {
        let input = egui::RawInput {
            events: vec![
                egui::Event::Copy,
                egui::Event::Paste("pose".into()),
                egui::Event::Text("x".into()),
            ],
            ..Default::default()
        };
        let mut taken = Vec::new();
        let mut left = 0;
        // A frame's texture updates must be handled (here: dropped) before its output is.
        let mut output = egui::Context::default().run_ui(input.clone(), |ui| {
            taken = clipboard_events(ui.ctx(), false);
            left = ui.input(|i| i.events.len());
        });
        output.textures_delta.clear();
        assert!(matches!(
            taken.as_slice(),
            [FromClipboard::Command(UiCommand::Copy), FromClipboard::Paste(text)] if text == "pose"
        ));
        assert_eq!(left, 1, "other events stay");
        let mut output = egui::Context::default().run_ui(input, |ui| {
            taken = clipboard_events(ui.ctx(), true);
        });
        output.textures_delta.clear();
        assert!(taken.is_empty(), "a text field keeps its clipboard");
    }
}

/// A shortcut as the menus and the palette write it: egui's words, with the punctuation
/// keys egui names by their names ("OpenBracket") written as the keys show them ("[").
#[expect(
    clippy::wildcard_enum_match_arm,
    reason = "egui's keys: only the punctuation it writes as words is rewritten"
)]
pub fn shortcut_label(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    let named = ctx.format_shortcut(shortcut);
    let key = shortcut.logical_key;
    let shown = match key {
        Key::OpenBracket => "[",
        Key::CloseBracket => "]",
        Key::Backslash => "\\",
        Key::Slash => "/",
        Key::Semicolon => ";",
        Key::Quote => "'",
        Key::Backtick => "`",
        _ => return named,
    };
    named
        .strip_suffix(key.name())
        .map_or(named.clone(), |modifiers| format!("{modifiers}{shown}"))
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn punctuation_keys_are_written_as_the_keys_show_them() {
        let ctx = egui::Context::default();
        let bracket = |modifiers, key| shortcut_label(&ctx, &KeyboardShortcut::new(modifiers, key));
        assert_eq!(bracket(Modifiers::NONE, Key::OpenBracket), "[");
        assert_eq!(bracket(Modifiers::NONE, Key::CloseBracket), "]");
        assert!(bracket(Modifiers::SHIFT, Key::OpenBracket).ends_with('['));
        assert!(bracket(Modifiers::SHIFT, Key::OpenBracket).len() > 1);
        assert_eq!(
            bracket(Modifiers::COMMAND, Key::S),
            ctx.format_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::S))
        );
    }
}
