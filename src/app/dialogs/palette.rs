//! The command palette (F1, Ctrl+Shift+P, Help > Command Palette…): every command of the
//! window and of the tab in front, found by the words of its name or of what it does, with
//! its shortcut; one that cannot be given now is greyed, with why. Enter (or a click) gives
//! the chosen one through the action queue, as its menu item would; the arrows choose;
//! Escape closes. What the pointer does that no command does (a box selection's Shift+drag)
//! is found too, from the table of gestures, said below the commands.

use super::model::{Modal, Palette};
use crate::app::action::Action;
use crate::app::available::Situation;
use crate::app::command::UiCommand;
use crate::app::sink::Sender;

/// The commands `query` finds, best first: each whose name or description holds every
/// word of it (any case). Those whose name starts with the query come first, then those
/// whose name holds every word, then the rest; within each, those that can be given now
/// (`allowed`) before those that cannot, then in the order declared. A second shortcut of
/// a command (Redo's Ctrl+Y) is not listed apart, nor the palette itself.
#[must_use]
pub fn found(query: &str, allowed: impl Fn(UiCommand) -> bool) -> Vec<UiCommand> {
    let query = query.trim().to_lowercase();
    let words: Vec<&str> = query.split_whitespace().collect();
    let mut ranked: Vec<(u8, bool, usize, UiCommand)> = UiCommand::ALL
        .iter()
        .enumerate()
        .filter(|(_, c)| c.alias_of().is_none() && **c != UiCommand::CommandPalette)
        .filter_map(|(i, &command)| {
            let name = command.label().to_lowercase();
            let both = format!("{name} {}", command.description().to_lowercase());
            let rank = if name.starts_with(&query) {
                0
            } else if words.iter().all(|w| name.contains(w)) {
                1
            } else if words.iter().all(|w| both.contains(w)) {
                2
            } else {
                return None;
            };
            Some((rank, !allowed(command), i, command))
        })
        .collect();
    ranked.sort_unstable_by_key(|&(rank, refused, i, _)| (rank, refused, i));
    ranked.into_iter().map(|(.., command)| command).collect()
}

/// The shortcuts of `command` and of its aliases, as the window writes them.
fn shortcuts(ctx: &egui::Context, command: UiCommand) -> String {
    UiCommand::ALL
        .iter()
        .filter(|c| **c == command || c.alias_of() == Some(command))
        .filter_map(|c| c.shortcut())
        .map(|s| crate::app::keys::shortcut_label(ctx, &s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The most lines the list shows before it scrolls.
const LIST_HEIGHT: f32 = 380.0;

/// Draws the palette; `can` says which commands can be given now.
pub fn palette_ui(
    ui: &mut egui::Ui,
    palette: &Palette,
    can: &Situation<'_>,
    actions: &mut Sender<'_>,
) {
    ui.set_min_width(560.0);
    let keys = list_keys(ui);
    let query = query_field(ui, palette);
    let list = found(&query, |c| can.allows(c));
    let last = list.len().saturating_sub(1);
    let mut chosen = if query == palette.query {
        palette.chosen.min(last)
    } else {
        0
    };
    if keys.down {
        chosen = (chosen + 1).min(last);
    }
    if keys.up {
        chosen = chosen.saturating_sub(1);
    }
    let gestures = crate::app::gestures::found(&query);
    if list.is_empty() && gestures.is_empty() {
        ui.weak("No command's name or description holds those words.");
    }
    let (given, refused) = list_ui(ui, &list, chosen, keys, can);
    gestures_ui(ui, &gestures, list.is_empty());
    if let Some(command) = given {
        actions.send(Action::CloseModal);
        actions.send(Action::command(command, can.tabs.active));
    } else if let Some(why) = refused {
        actions.send(Action::Say(why));
    } else if keys.escape {
        actions.send(Action::CloseModal);
    } else if query != palette.query || chosen != palette.chosen {
        actions.send(Action::Show(Modal::Palette(Palette { query, chosen })));
    }
}

/// The keys the palette answers this frame.
#[derive(Clone, Copy)]
struct ListKeys {
    /// The arrow down: the next command.
    down: bool,
    /// The arrow up: the command before.
    up: bool,
    /// Enter: give the chosen command.
    enter: bool,
    /// Escape: close.
    escape: bool,
}

/// The keys pressed this frame; the arrows and Enter are the list's, not the field's.
fn list_keys(ui: &mut egui::Ui) -> ListKeys {
    ui.input_mut(|i| {
        use egui::{Key, Modifiers};
        ListKeys {
            down: i.consume_key(Modifiers::NONE, Key::ArrowDown),
            up: i.consume_key(Modifiers::NONE, Key::ArrowUp),
            enter: i.consume_key(Modifiers::NONE, Key::Enter),
            escape: i.key_pressed(Key::Escape),
        }
    })
}

/// The field the query is typed in, which keeps the keyboard while the palette is open;
/// the query as it is now.
fn query_field(ui: &mut egui::Ui, palette: &Palette) -> String {
    let mut query = palette.query.clone();
    let label = ui.label("Command");
    let field = ui
        .add(
            egui::TextEdit::singleline(&mut query)
                .hint_text("a command's name, or what it does")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    // The field keeps the keyboard while the palette is open: typing goes there.
    field.request_focus();
    query
}

/// Draws the commands found, the `chosen` one marked; the command given (clicked, or
/// chosen with Enter), or why the chosen one cannot be given where Enter asked for it.
fn list_ui(
    ui: &mut egui::Ui,
    list: &[UiCommand],
    chosen: usize,
    keys: ListKeys,
    can: &Situation<'_>,
) -> (Option<UiCommand>, Option<String>) {
    let mut given = None;
    let mut refused = None;
    egui::ScrollArea::vertical()
        .max_height(LIST_HEIGHT)
        // As tall as that whenever the list is longer: left to itself, the scroll area in a
        // window sized by its last frame showed two lines of a longer list.
        .min_scrolled_height(LIST_HEIGHT)
        .show(ui, |ui| {
            for (i, &command) in list.iter().enumerate() {
                let why_not = can.why_not(command);
                let row = line_ui(ui, command, why_not, i == chosen);
                if i == chosen && (keys.down || keys.up) {
                    row.scroll_to_me(None);
                }
                if row.clicked() || (keys.enter && i == chosen && why_not.is_none()) {
                    given = Some(command);
                }
                if let Some(why) = why_not.filter(|_| keys.enter && i == chosen) {
                    refused = Some(format!("{}: {why}", command.label()));
                }
            }
        });
    (given, refused)
}

/// Draws one command's line with its shortcuts: greyed where it cannot be given now
/// (`why_not`), filled where it is `chosen` and can be given, outlined where it is chosen
/// and cannot.
fn line_ui(
    ui: &mut egui::Ui,
    command: UiCommand,
    why_not: Option<&str>,
    chosen: bool,
) -> egui::Response {
    let shortcut = shortcuts(ui.ctx(), command);
    let row = ui
        .scope(|ui| {
            // Greyed, yet what it does and why not stay readable.
            ui.visuals_mut().disabled_alpha = GREYED_ALPHA;
            ui.add_enabled(
                why_not.is_none(),
                // The chosen line is filled only where Enter would give it.
                egui::Button::selectable(
                    chosen && why_not.is_none(),
                    line_text(ui, command, why_not),
                )
                .right_text(shortcut)
                .min_size(egui::vec2(ui.available_width(), 0.0)),
            )
        })
        .inner;
    if chosen && why_not.is_some() {
        // Where the arrows stand, outlined: Enter says why instead.
        ui.painter().rect_stroke(
            row.rect,
            ui.visuals().widgets.hovered.corner_radius,
            ui.visuals().selection.stroke,
            egui::StrokeKind::Inside,
        );
    }
    row
}

/// The gestures found beside the commands: what the pointer does that no command does,
/// said, not given (`alone`: no command was found).
fn gestures_ui(ui: &mut egui::Ui, gestures: &[crate::app::gestures::Gesture], alone: bool) {
    if gestures.is_empty() {
        return;
    }
    if !alone {
        ui.separator();
    }
    ui.weak(if alone {
        "No command does that; the pointer does:"
    } else {
        "The pointer also does:"
    });
    for gesture in gestures {
        let text = lines(ui, gesture.does, gesture.how, None);
        ui.add(egui::Label::new(text).wrap());
    }
}

/// How far a greyed line fades (egui's own half left its reason hard to read).
const GREYED_ALPHA: f32 = 0.7;

/// A line of the list: the command's name, what it does and, where it cannot be given now,
/// why (in the warning colour, as the rest of the window says what stops).
fn line_text(ui: &egui::Ui, command: UiCommand, why_not: Option<&str>) -> egui::text::LayoutJob {
    lines(ui, command.label(), command.description(), why_not)
}

/// A name in strong text, what it does below it, and where given, why not, in the warning
/// colour: a command's line and a gesture's.
fn lines(ui: &egui::Ui, name: &str, does: &str, why_not: Option<&str>) -> egui::text::LayoutJob {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let format = |color| egui::TextFormat::simple(body.clone(), color);
    let visuals = ui.visuals();
    let mut text = egui::text::LayoutJob::default();
    text.append(name, 0.0, format(visuals.strong_text_color()));
    text.append(&format!("\n{does}"), 0.0, format(visuals.text_color()));
    if let Some(why) = why_not {
        text.append(&format!("\n{why}"), 0.0, format(visuals.warn_fg_color));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::found;
    use crate::app::command::UiCommand;

    #[test]
    fn the_palette_finds_by_name_first_then_by_what_a_command_does() {
        let all = |q: &str| found(q, |_| true);
        assert_eq!(all("mirror").first(), Some(&UiCommand::Mirror));
        // Words in any order and case, in the name.
        assert_eq!(
            all("KEYFRAME dup").first(),
            Some(&UiCommand::DuplicateKeyframe)
        );
        // Only in the description: "Lengthen the segments the servos cannot follow".
        assert_eq!(all("servos").first(), Some(&UiCommand::FixSpeed));
        // Nothing holds it.
        assert!(all("zebra").is_empty());
        // Everything but the aliases and the palette itself, for nothing typed.
        let every = all("");
        assert!(!every.contains(&UiCommand::RedoAlt) && every.contains(&UiCommand::Redo));
        assert!(!every.contains(&UiCommand::CommandPalette));
        assert_eq!(every.len(), UiCommand::ALL.len() - 3);
    }

    #[test]
    fn what_can_be_given_comes_before_what_cannot() {
        // "paste" names five commands; with only Paste Mirrored allowed, it comes first of
        // those whose names start with the word's rank.
        let list = found("paste", |c| c == UiCommand::PasteMirrored);
        assert_eq!(list.first(), Some(&UiCommand::PasteMirrored), "{list:?}");
    }
}
