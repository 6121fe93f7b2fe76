//! The menu bar. Every item pushes an action; what is greyed out is read from the state.

use crate::app::action::{Action, MotionAction};
use crate::app::command::{TopMenu, UiCommand};
use crate::app::motion::view::{BODY_NAMES, Channel};
use crate::app::tabs::{TabKind, Tabs};
use std::path::PathBuf;

/// What the menus read besides the tabs.
pub struct MenuContext<'a> {
    /// Recent files, newest first.
    pub recent: &'a [PathBuf],
    /// Whether a pose has been copied.
    pub has_pose: bool,
    /// Whether keyframes (a time range) have been copied, more recently than any pose.
    pub has_clip: bool,
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

fn item(ui: &mut egui::Ui, command: UiCommand, enabled: bool, actions: &mut Out<'_>) {
    item_labelled(ui, command, command.label(), enabled, actions);
}

fn item_labelled(
    ui: &mut egui::Ui,
    command: UiCommand,
    label: &str,
    enabled: bool,
    actions: &mut Out<'_>,
) {
    let mut button = egui::Button::new(label);
    if let Some(shortcut) = command.shortcut() {
        button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
    }
    let response = ui.add_enabled(enabled, button);
    focus_if_first(ui, &response);
    if response.clicked() {
        actions.command(command);
        // Picked with the keyboard (Enter) as with the mouse, the menu closes.
        egui::Popup::close_all(ui.ctx());
    }
}

/// Where the menus push their actions: each command for the tab in front.
struct Out<'a> {
    list: &'a mut Vec<Action>,
    active: Option<crate::app::state::TabId>,
}

impl Out<'_> {
    fn push(&mut self, action: Action) {
        self.list.push(action);
    }

    fn command(&mut self, command: UiCommand) {
        self.list.push(Action::command(command, self.active));
    }
}

/// Draws the menu bar.
pub fn menu_ui(ui: &mut egui::Ui, tabs: &Tabs, context: &MenuContext<'_>, queue: &mut Vec<Action>) {
    let actions = &mut Out {
        list: queue,
        active: tabs.active,
    };
    let open = context.open;
    egui::MenuBar::new().ui(ui, |ui| {
        top_menu(ui, TopMenu::File, open, |ui| {
            file_menu(ui, tabs, context, actions);
        });
        top_menu(ui, TopMenu::Edit, open, |ui| {
            edit_menu(ui, tabs, context, actions);
        });
        top_menu(ui, TopMenu::Motion, open, |ui| {
            motion_menu(ui, tabs, actions);
        });
        top_menu(ui, TopMenu::View, open, |ui| {
            view_menu(ui, tabs, context, actions);
        });
        top_menu(ui, TopMenu::Playback, open, |ui| {
            let motion = tabs.active().and_then(|t| t.motion());
            for command in [
                UiCommand::PlayPause,
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
                item(ui, command, motion.is_some(), actions);
            }
        });
    });
}

/// The File menu: opening, saving, importing and exporting, tracks, closing.
fn file_menu(ui: &mut egui::Ui, tabs: &Tabs, context: &MenuContext<'_>, actions: &mut Out<'_>) {
    let active = tabs.active();
    let motion = active.and_then(|t| t.motion());
    let is_archive = active.is_some_and(|t| matches!(t.kind, TabKind::Archive(_)));
    let gait = active.is_some_and(|t| matches!(t.kind, TabKind::Gait(_)));
    item(ui, UiCommand::New, true, actions);
    item(ui, UiCommand::Open, true, actions);
    item(ui, UiCommand::OpenPath, true, actions);
    let recent = ui.menu_button("Open Recent", |ui| {
        if context.recent.is_empty() {
            ui.weak("No recent files");
        }
        for path in context.recent {
            if ui.button(path.display().to_string()).clicked() {
                actions.push(Action::Open(path.clone()));
            }
        }
    });
    // Its arrows are the submenu's own (Right enters it, Left leaves it).
    if recent.response.has_focus() || recent.inner.is_some() {
        ui.data_mut(|data| data.insert_temp(egui::Id::unique(IN_SUBMENU_KEY), true));
    }
    item(ui, UiCommand::OpenExample, true, actions);
    ui.separator();
    item(
        ui,
        UiCommand::Save,
        motion.is_some() || is_archive || gait,
        actions,
    );
    item(ui, UiCommand::SaveAs, motion.is_some(), actions);
    item(ui, UiCommand::SaveIntoArchive, motion.is_some(), actions);
    ui.separator();
    item(ui, UiCommand::Import, true, actions);
    item(ui, UiCommand::Export, motion.is_some(), actions);
    item(ui, UiCommand::ExportWebots, motion.is_some(), actions);
    ui.separator();
    item(ui, UiCommand::AddTrack, motion.is_some(), actions);
    item(ui, UiCommand::Behaviours, active.is_some(), actions);
    item(ui, UiCommand::SaveSkit, motion.is_some(), actions);
    item(ui, UiCommand::ChooseSoundFont, true, actions);
    ui.separator();
    item(ui, UiCommand::CloseTab, active.is_some(), actions);
    item(ui, UiCommand::Quit, true, actions);
}

/// The Edit menu: undo, the clipboard, keyframes and values, repair.
fn edit_menu(ui: &mut egui::Ui, tabs: &Tabs, context: &MenuContext<'_>, actions: &mut Out<'_>) {
    let active = tabs.active();
    let motion = active.and_then(|t| t.motion());
    let gait = active.and_then(|t| match &t.kind {
        TabKind::Gait(gait) => Some(gait),
        TabKind::Motion(..) | TabKind::Archive(_) => None,
    });
    let (undo, redo) = match (motion, gait) {
        (Some(m), _) => labels(m.document.history()),
        (None, Some(gait)) => labels(gait.history()),
        (None, None) => (None, None),
    };
    item_labelled(
        ui,
        UiCommand::Undo,
        &undo.map_or_else(|| "Undo".to_owned(), |l| format!("Undo {l}")),
        undo.is_some(),
        actions,
    );
    item_labelled(
        ui,
        UiCommand::Redo,
        &redo.map_or_else(|| "Redo".to_owned(), |l| format!("Redo {l}")),
        redo.is_some(),
        actions,
    );
    ui.separator();
    let any = motion.is_some_and(|m| !m.view.selected_keyframes.is_empty());
    let range = motion.is_some_and(|m| m.view.range_keyframes(m.document.times_ms()).is_some());
    if range {
        item_labelled(ui, UiCommand::Copy, "Copy Range", true, actions);
        item_labelled(ui, UiCommand::Cut, "Cut Range", true, actions);
    } else {
        item(ui, UiCommand::Copy, any, actions);
        item(ui, UiCommand::Cut, any, actions);
    }
    if context.has_clip {
        item_labelled(
            ui,
            UiCommand::Paste,
            "Paste Keyframes at Playhead",
            motion.is_some(),
            actions,
        );
    } else {
        item(ui, UiCommand::Paste, any && context.has_pose, actions);
    }
    // The copied pose's legs, head or tail alone, or mirrored.
    ui.menu_button("Paste Special", |ui| {
        for command in [
            UiCommand::PasteLegs,
            UiCommand::PasteHead,
            UiCommand::PasteTail,
            UiCommand::PasteMirrored,
        ] {
            item(ui, command, any && context.has_pose, actions);
        }
    });
    ui.separator();
    item(ui, UiCommand::InsertKeyframe, motion.is_some(), actions);
    item(ui, UiCommand::DuplicateKeyframe, any, actions);
    item(ui, UiCommand::DeleteKeyframes, any, actions);
    ui.separator();
    let values = motion.is_some_and(|m| !m.view.selection.is_empty()) || any;
    for command in [
        UiCommand::NudgeUp,
        UiCommand::NudgeDown,
        UiCommand::NudgeUpFine,
        UiCommand::NudgeDownFine,
    ] {
        item(ui, command, values, actions);
    }
    ui.separator();
    item(ui, UiCommand::Repair, motion.is_some(), actions);
}

/// The View menu: panels, zoom, the file's frame rate, the body curves, tabs, messages.
fn view_menu(ui: &mut egui::Ui, tabs: &Tabs, context: &MenuContext<'_>, actions: &mut Out<'_>) {
    let motion = tabs.active().and_then(|t| t.motion());
    for kind in super::PanelKind::ALL {
        let mut shown = context.panels.shows(kind);
        let response = ui.checkbox(&mut shown, kind.label());
        focus_if_first(ui, &response);
        if response.changed() {
            actions.push(Action::SetPanel(kind, shown));
        }
    }
    ui.separator();
    item(ui, UiCommand::ZoomToFit, motion.is_some(), actions);
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
            actions.push(Action::Motion(id, MotionAction::SetFollowFileRate(follow)));
        }
        for (axis, name) in BODY_NAMES.iter().enumerate() {
            let mut shown = tab.view.body_visible[axis];
            if ui.checkbox(&mut shown, format!("Show {name}")).changed() {
                actions.push(Action::Motion(
                    id,
                    MotionAction::SetVisible(Channel::Body(axis), shown),
                ));
            }
        }
    }
    ui.separator();
    item(ui, UiCommand::NextTab, tabs.list.len() > 1, actions);
    item(ui, UiCommand::PreviousTab, tabs.list.len() > 1, actions);
    // Every open tab by name (the tab row scrolls: most may be out of sight).
    ui.add_enabled_ui(!tabs.list.is_empty(), |ui| {
        ui.menu_button("Open Tabs", |ui| {
            crate::app::tab_bar::open_tabs(ui, tabs, actions.list);
        })
    });
    item(ui, UiCommand::ShowMessages, true, actions);
}

/// The Motion menu: whole-motion operations, then the time range's.
fn motion_menu(ui: &mut egui::Ui, tabs: &Tabs, actions: &mut Out<'_>) {
    let motion = tabs.active().and_then(|t| t.motion());
    let open = motion.is_some();
    let range = motion.and_then(|m| m.view.range_keyframes(m.document.times_ms()));
    let scope = if range.is_some() { " (Range)" } else { "" };
    // An item that works on the selected range when there is one says so.
    let scoped = |ui: &mut egui::Ui, command: UiCommand, enabled: bool, actions: &mut Out<'_>| {
        item_labelled(
            ui,
            command,
            &format!("{}{scope}", command.label()),
            enabled,
            actions,
        );
    };
    for command in [UiCommand::Mirror, UiCommand::Reverse, UiCommand::Retime] {
        scoped(ui, command, open, actions);
    }
    let odd_rate = motion.is_some_and(|m| !matches!(m.document.motion.frame_rate, 0 | 16));
    item(ui, UiCommand::RobotRate, odd_rate, actions);
    ui.separator();
    for command in [UiCommand::Shape, UiCommand::Simplify, UiCommand::Smooth] {
        scoped(ui, command, open, actions);
    }
    let too_fast = motion.is_some_and(|m| {
        m.document
            .problems()
            .iter()
            .any(|p| p.code == crate::robot::codes::JOINT_SPEED)
    });
    scoped(ui, UiCommand::FixSpeed, too_fast, actions);
    item(ui, UiCommand::BodyAngles, open, actions);
    let sound = motion.is_some_and(|m| m.document.tracks().sound.is_some());
    item(ui, UiCommand::RetimeToSound, sound, actions);
    let marking = motion.is_some_and(|m| m.view.show_onsets);
    item_labelled(
        ui,
        UiCommand::MarkOnsets,
        if marking {
            "Mark Sound Onsets ✔"
        } else {
            "Mark Sound Onsets"
        },
        sound,
        actions,
    );
    ui.separator();
    item(ui, UiCommand::Postures, open, actions);
    item(
        ui,
        UiCommand::AppendMotion,
        open && tabs.motions().count() > 1,
        actions,
    );
    item(ui, UiCommand::ConvertModel, open, actions);
    ui.separator();
    match range {
        Some((first, last)) => {
            ui.weak(format!("Range: keyframes {first}–{last}"));
        }
        None => {
            ui.weak("Drag along the strip above the timeline to select a range");
        }
    }
    item(ui, UiCommand::DeleteRange, range.is_some(), actions);
    item(ui, UiCommand::InsertTime, open, actions);
    item(ui, UiCommand::ClearRange, range.is_some(), actions);
}

/// The labels of the steps Undo and Redo would take, of any document's history.
fn labels<C: crate::edit::Revert>(
    history: &crate::edit::History<C>,
) -> (Option<&str>, Option<&str>) {
    (history.undo_label(), history.redo_label())
}
