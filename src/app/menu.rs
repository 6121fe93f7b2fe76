//! The menu bar. Every item pushes an action; what is greyed out is read from the state.

use crate::app::action::{Action, MotionAction};
use crate::app::available::Situation;
use crate::app::command::{TopMenu, UiCommand};
use crate::app::motion::view::{BODY_NAMES, Channel};
use crate::app::sink::Sender;
use crate::app::tabs::Tabs;
use std::path::PathBuf;

/// What the menus read besides the tabs.
pub struct MenuContext<'a> {
    /// Recent files, newest first.
    pub recent: &'a [PathBuf],
    /// Which commands can be given now (the tabs and the clipboard).
    pub situation: Situation<'a>,
    /// Which panels are shown.
    pub panels: super::Panels,
    /// The menu to open (or close, if it is open) from the keyboard.
    pub open: Option<TopMenu>,
}

/// Where a menu notes that a submenu of it has the keyboard or is open this frame.
const IN_SUBMENU_KEY: &str = "mtn-studio menu in submenu";
/// Where the bar keeps the menu that Left or Right in an open menu goes to.
const NEXT_MENU_KEY: &str = "mtn-studio menu next";
/// Where the bar keeps "give the keyboard to the first item of the menu that opens".
const FOCUS_FIRST_KEY: &str = "mtn-studio menu focus first";

/// A menu of the bar, its title's first letter underlined (Alt and that letter opens it).
/// `open`: the menu asked for from the keyboard, which this one opens (or closes) if it is
/// this one, giving the keyboard to its first item so the arrows and Enter work in it.
fn top_menu(
    ui: &mut egui::Ui,
    menu: TopMenu,
    open: Option<TopMenu>,
    add_contents: impl FnOnce(&mut egui::Ui),
) {
    let title = menu.title();
    let split = title.chars().next().map_or(0, char::len_utf8);
    let font = egui::TextStyle::Button.resolve(ui.style());
    let color = ui.visuals().text_color();
    let mut job = egui::text::LayoutJob::default();
    job.append(
        &title[..split],
        0.0,
        egui::TextFormat {
            font_id: font.clone(),
            color,
            underline: egui::Stroke::new(1.0, color),
            ..Default::default()
        },
    );
    job.append(&title[split..], 0.0, egui::TextFormat::simple(font, color));
    let (response, _) = egui::containers::menu::MenuButton::new(job).ui(ui, add_contents);
    let response = response.on_hover_text(format!(
        "Alt+{} (F10: the File menu)",
        title.chars().next().unwrap_or(' ')
    ));
    // Left and Right in an open menu go to the menu beside it, as in other menu bars, except
    // on or in a submenu, whose arrows they are.
    let popup = egui::Popup::default_response_id(&response);
    let in_submenu = ui.data_mut(|data| {
        let key = egui::Id::unique(IN_SUBMENU_KEY);
        let was = data.get_temp::<bool>(key).unwrap_or(false);
        data.remove::<bool>(key);
        was
    });
    if egui::Popup::is_id_open(ui.ctx(), popup) && !in_submenu {
        let step = ui.input_mut(|i| {
            if i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowRight) {
                1
            } else if i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowLeft) {
                -1
            } else {
                0
            }
        });
        if step != 0 {
            let here = TopMenu::ALL.iter().position(|m| *m == menu).unwrap_or(0);
            let count = TopMenu::ALL.len();
            let next = (here + count).wrapping_add_signed(step) % count;
            if let Some(&next) = TopMenu::ALL.get(next) {
                ui.data_mut(|data| data.insert_temp(egui::Id::unique(NEXT_MENU_KEY), next));
                egui::Popup::close_id(ui.ctx(), popup);
                ui.ctx().request_repaint();
            }
        }
    }
    let next_key = egui::Id::unique(NEXT_MENU_KEY);
    let open = open.or_else(|| {
        let next = ui.data(|data| data.get_temp::<TopMenu>(next_key))?;
        (next == menu).then(|| {
            ui.data_mut(|data| data.remove::<TopMenu>(next_key));
            next
        })
    });
    if open == Some(menu) {
        let popup = egui::Popup::default_response_id(&response);
        if egui::Popup::is_id_open(ui.ctx(), popup) {
            egui::Popup::close_id(ui.ctx(), popup);
        } else {
            egui::Popup::open_id(ui.ctx(), popup);
            ui.data_mut(|data| data.insert_temp(egui::Id::unique(FOCUS_FIRST_KEY), true));
        }
        ui.ctx().request_repaint();
    }
}

/// Gives the keyboard to this item if it is the first enabled one of a menu just opened
/// from the keyboard.
fn focus_if_first(ui: &egui::Ui, response: &egui::Response) {
    let key = egui::Id::unique(FOCUS_FIRST_KEY);
    if response.enabled() && ui.data(|data| data.get_temp::<bool>(key)).unwrap_or(false) {
        response.request_focus();
        ui.data_mut(|data| data.remove::<bool>(key));
    }
}

/// A command's item: greyed where it cannot be given now, its description (or why not) on
/// hover.
fn item(ui: &mut egui::Ui, command: UiCommand, can: &Situation<'_>, actions: &mut Sender<'_>) {
    item_labelled(ui, command, command.label(), can, actions);
}

/// A command that turns something on or off: its item shown selected while it is on.
fn item_toggle(
    ui: &mut egui::Ui,
    command: UiCommand,
    on: bool,
    can: &Situation<'_>,
    actions: &mut Sender<'_>,
) {
    let label = if on {
        format!("✔ {}", command.label())
    } else {
        command.label().to_owned()
    };
    item_labelled(ui, command, &label, can, actions);
}

fn item_labelled(
    ui: &mut egui::Ui,
    command: UiCommand,
    label: &str,
    can: &Situation<'_>,
    actions: &mut Sender<'_>,
) {
    let mut button = egui::Button::new(label);
    if let Some(shortcut) = command.shortcut() {
        button = button.shortcut_text(super::keys::shortcut_label(ui.ctx(), &shortcut));
    }
    let why_not = can.why_not(command);
    let enabled = why_not.is_none();
    let response = ui
        .add_enabled(enabled, button)
        .on_hover_text(command.description())
        .on_disabled_hover_text(format!(
            "{}\n{}",
            command.description(),
            why_not.unwrap_or_default()
        ));
    focus_if_first(ui, &response);
    if response.clicked() {
        actions.command(command);
        // Picked with the keyboard (Enter) as with the mouse, the menu closes.
        egui::Popup::close_all(ui.ctx());
    }
}

/// Draws the menu bar.
pub fn menu_ui(
    ui: &mut egui::Ui,
    tabs: &Tabs,
    context: &MenuContext<'_>,
    actions: &mut Sender<'_>,
) {
    let open = context.open;
    let can = &context.situation;
    egui::MenuBar::new().ui(ui, |ui| {
        top_menu(ui, TopMenu::File, open, |ui| {
            file_menu(ui, context, actions);
        });
        top_menu(ui, TopMenu::Edit, open, |ui| {
            edit_menu(ui, can, actions);
        });
        top_menu(ui, TopMenu::Motion, open, |ui| {
            motion_menu(ui, tabs, can, actions);
        });
        top_menu(ui, TopMenu::View, open, |ui| {
            view_menu(ui, tabs, context, actions);
        });
        top_menu(ui, TopMenu::Playback, open, |ui| {
            let looping = tabs
                .active()
                .and_then(|t| t.motion())
                .is_some_and(|m| m.playback.looping);
            item(ui, UiCommand::PlayPause, can, actions);
            item_toggle(ui, UiCommand::ToggleLoop, looping, can, actions);
            for command in [
                UiCommand::GoToStart,
                UiCommand::GoToEnd,
                UiCommand::StepBack,
                UiCommand::StepForward,
                UiCommand::PreviousKeyframe,
                UiCommand::NextKeyframe,
                UiCommand::PreviousProblem,
                UiCommand::NextProblem,
                UiCommand::AddMarker,
                UiCommand::PreviousMarker,
                UiCommand::NextMarker,
            ] {
                item(ui, command, can, actions);
            }
        });
        top_menu(ui, TopMenu::Help, open, |ui| {
            item(ui, UiCommand::CommandPalette, can, actions);
        });
    });
}

/// The File menu: opening, saving, importing and exporting, tracks, closing.
fn file_menu(ui: &mut egui::Ui, context: &MenuContext<'_>, actions: &mut Sender<'_>) {
    let can = &context.situation;
    item(ui, UiCommand::New, can, actions);
    item(ui, UiCommand::Open, can, actions);
    item(ui, UiCommand::OpenFolder, can, actions);
    item(ui, UiCommand::OpenPath, can, actions);
    let recent = ui.menu_button("Open Recent", |ui| {
        if context.recent.is_empty() {
            ui.weak("No recent files");
        }
        for path in context.recent {
            if ui.button(path.display().to_string()).clicked() {
                actions.send(Action::Open(path.clone()));
            }
        }
    });
    // Its arrows are the submenu's own (Right enters it, Left leaves it).
    if recent.response.has_focus() || recent.inner.is_some() {
        ui.data_mut(|data| data.insert_temp(egui::Id::unique(IN_SUBMENU_KEY), true));
    }
    let groups: [&[UiCommand]; 4] = [
        &[UiCommand::OpenExample],
        &[
            UiCommand::Save,
            UiCommand::SaveAs,
            UiCommand::SaveIntoArchive,
            UiCommand::AddToStick,
            UiCommand::Robot,
        ],
        &[
            UiCommand::Import,
            UiCommand::Export,
            UiCommand::ExportWebots,
        ],
        &[
            UiCommand::AddTrack,
            UiCommand::Behaviours,
            UiCommand::SaveSkit,
            UiCommand::ChooseSoundFont,
        ],
    ];
    for group in groups {
        for &command in group {
            item(ui, command, can, actions);
        }
        ui.separator();
    }
    item(ui, UiCommand::CloseTab, can, actions);
    item(ui, UiCommand::Quit, can, actions);
}

/// The Edit menu: undo, the clipboard, keyframes and values, repair.
fn edit_menu(ui: &mut egui::Ui, can: &Situation<'_>, actions: &mut Sender<'_>) {
    let (undo, redo) = can.undo_labels();
    let undo = undo.map_or_else(|| "Undo".to_owned(), |l| format!("Undo {l}"));
    let redo = redo.map_or_else(|| "Redo".to_owned(), |l| format!("Redo {l}"));
    item_labelled(ui, UiCommand::Undo, &undo, can, actions);
    item_labelled(ui, UiCommand::Redo, &redo, can, actions);
    ui.separator();
    let motion = can.tabs.active().and_then(|t| t.motion());
    let range = motion.is_some_and(|m| m.view.range_keyframes(m.document.times_ms()).is_some());
    if range {
        item_labelled(ui, UiCommand::Copy, "Copy Range", can, actions);
        item_labelled(ui, UiCommand::Cut, "Cut Range", can, actions);
    } else {
        item(ui, UiCommand::Copy, can, actions);
        item(ui, UiCommand::Cut, can, actions);
    }
    if can.has_clip {
        item_labelled(
            ui,
            UiCommand::Paste,
            "Paste Keyframes at Playhead",
            can,
            actions,
        );
    } else {
        item(ui, UiCommand::Paste, can, actions);
    }
    // The copied pose's legs, head or tail alone, or mirrored.
    ui.menu_button("Paste Special", |ui| {
        for command in [
            UiCommand::PasteLegs,
            UiCommand::PasteHead,
            UiCommand::PasteTail,
            UiCommand::PasteMirrored,
        ] {
            item(ui, command, can, actions);
        }
    });
    ui.separator();
    for command in [
        UiCommand::SelectAll,
        UiCommand::InsertKeyframe,
        UiCommand::DuplicateKeyframe,
        UiCommand::DeleteKeyframes,
    ] {
        item(ui, command, can, actions);
    }
    ui.separator();
    for command in [
        UiCommand::NudgeUp,
        UiCommand::NudgeDown,
        UiCommand::NudgeUpFine,
        UiCommand::NudgeDownFine,
    ] {
        item(ui, command, can, actions);
    }
    ui.separator();
    item(ui, UiCommand::Repair, can, actions);
}

/// The View menu: panels, zoom, the file's frame rate, the body curves, tabs, messages.
fn view_menu(ui: &mut egui::Ui, tabs: &Tabs, context: &MenuContext<'_>, actions: &mut Sender<'_>) {
    let can = &context.situation;
    let motion = tabs.active().and_then(|t| t.motion());
    for kind in super::PanelKind::ALL {
        let mut shown = context.panels.shows(kind);
        let response = ui.checkbox(&mut shown, kind.label());
        focus_if_first(ui, &response);
        if response.changed() {
            actions.send(Action::SetPanel(kind, shown));
        }
    }
    ui.separator();
    item(ui, UiCommand::ZoomToFit, can, actions);
    let stage = motion.map(|tab| tab.stage);
    let simulate = stage.is_some_and(|s| s.simulate);
    item_toggle(ui, UiCommand::ToggleSimulate, simulate, can, actions);
    let ghosts = stage.is_some_and(|s| s.onion > 0);
    item_toggle(ui, UiCommand::ToggleGhosts, ghosts, can, actions);
    if let (Some(tab), Some(id)) = (motion, tabs.active) {
        let field = crate::app::motion::view::odd_frame_rate(&tab.document.motion);
        let mut follow = tab.view.follow_file_rate;
        let label = field.map_or_else(
            || "Timing at the File's Frame Rate (the file says 16 ms)".to_owned(),
            |ms| format!("Timing at the File's Frame Rate ({ms} ms; the robot plays 16)"),
        );
        if ui
            .add_enabled(field.is_some(), egui::Checkbox::new(&mut follow, label))
            .changed()
        {
            actions.send(Action::Motion(id, MotionAction::SetFollowFileRate(follow)));
        }
        for (axis, name) in BODY_NAMES.iter().enumerate() {
            let mut shown = tab.view.body_visible[axis];
            if ui.checkbox(&mut shown, format!("Show {name}")).changed() {
                actions.send(Action::Motion(
                    id,
                    MotionAction::SetVisible(Channel::Body(axis), shown),
                ));
            }
        }
    }
    ui.separator();
    item(ui, UiCommand::NextTab, can, actions);
    item(ui, UiCommand::PreviousTab, can, actions);
    // Every open tab by name (the tab row scrolls: most may be out of sight).
    ui.add_enabled_ui(!tabs.list.is_empty(), |ui| {
        ui.menu_button("Open Tabs", |ui| {
            crate::app::tab_bar::open_tabs(ui, tabs, actions);
        })
    });
    item(ui, UiCommand::ShowMessages, can, actions);
}

/// The Motion menu: whole-motion operations, then the time range's.
fn motion_menu(ui: &mut egui::Ui, tabs: &Tabs, can: &Situation<'_>, actions: &mut Sender<'_>) {
    let motion = tabs.active().and_then(|t| t.motion());
    let range = motion.and_then(|m| m.view.range_keyframes(m.document.times_ms()));
    let scope = if range.is_some() { " (Range)" } else { "" };
    // An item that works on the selected range when there is one says so.
    let scoped = |ui: &mut egui::Ui, command: UiCommand, actions: &mut Sender<'_>| {
        item_labelled(
            ui,
            command,
            &format!("{}{scope}", command.label()),
            can,
            actions,
        );
    };
    for command in [UiCommand::Mirror, UiCommand::Reverse, UiCommand::Retime] {
        scoped(ui, command, actions);
    }
    item(ui, UiCommand::RobotRate, can, actions);
    ui.separator();
    for command in [
        UiCommand::Shape,
        UiCommand::Simplify,
        UiCommand::Smooth,
        UiCommand::FixSpeed,
        UiCommand::Generate,
    ] {
        scoped(ui, command, actions);
    }
    item(ui, UiCommand::FindWalk, can, actions);
    item(ui, UiCommand::BodyAngles, can, actions);
    item(ui, UiCommand::RetimeToSound, can, actions);
    let marking = motion.is_some_and(|m| m.view.show_onsets);
    item_labelled(
        ui,
        UiCommand::MarkOnsets,
        if marking {
            "Mark Sound Onsets ✔"
        } else {
            "Mark Sound Onsets"
        },
        can,
        actions,
    );
    ui.separator();
    for command in [
        UiCommand::Postures,
        UiCommand::AppendMotion,
        UiCommand::ConvertModel,
    ] {
        item(ui, command, can, actions);
    }
    ui.separator();
    match range {
        Some((first, last)) => {
            ui.weak(format!("Range: keyframes {first}–{last}"));
        }
        None => {
            ui.weak("Drag along the strip above the timeline to select a range");
        }
    }
    for command in [
        UiCommand::DeleteRange,
        UiCommand::InsertTime,
        UiCommand::ClearRange,
    ] {
        item(ui, command, can, actions);
    }
}
