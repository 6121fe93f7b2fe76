//! Drawing one frame of the window: the menu bar, the tabs, the status bar, the tab in
//! front (each kind draws itself), the open dialog and the message log. Drawing reads the
//! state and pushes actions; it changes nothing.

use super::action::Action;
use super::available::Situation;
use super::sink::Sender;
use super::tabs::{Drawn, TabKind, Tabs};
use super::{
    StudioApp, archive, command, dialogs, gait, menu, motion, state, status, tab_bar, tabs,
};
use crate::words::plural;
use std::path::PathBuf;

/// Narrower than this, the status bar gives the short facts.
const STATUS_FULL_WIDTH: f32 = 1000.0;

impl StudioApp {
    /// Draws the frame; what is asked goes onto the action queue.
    pub(in crate::app) fn draw(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let clock_s = self.frame_clock_s(&ctx);
        let Self {
            tabs,
            modal,
            status,
            recent,
            clipboard,
            native_dialogs,
            messages_open,
            panels,
            actions,
            typing,
            menu_request,
            audio,
            poses,
            ..
        } = self;
        // Which commands can be given: read by the menus and the command palette.
        let actions = &mut Sender::new(actions, tabs.active);
        let has_pose = matches!(clipboard.copied, Some(state::Clipboard::Pose(_)));
        let has_clip = matches!(clipboard.copied, Some(state::Clipboard::Keyframes(_)));
        egui::Panel::top("menu").show(ui, |ui| {
            let context = menu::MenuContext {
                recent,
                situation: Situation {
                    tabs,
                    has_pose,
                    has_clip,
                },
                panels: *panels,
                open: menu_request.take(),
            };
            menu::menu_ui(ui, tabs, &context, actions);
        });
        egui::Panel::top("tabs").show(ui, |ui| tab_bar::tabs_ui(ui, tabs, actions));
        egui::Panel::bottom("status")
            .show(ui, |ui| status_bar_ui(ui, (tabs, clock_s), status, audio));
        let edited = edited_entries(tabs);
        match tabs.active_for_drawing() {
            Some((id, Drawn::Motion(mut shown, widgets))) => {
                // The playhead where this frame's clock puts it (the frame's actions move it
                // there: `ReadClock`), not where the last frame's did.
                let played = shown.playback_at(clock_s);
                shown.playback = &played;
                // An open shaping dialog of this tab shows its result on the timeline.
                let shaping = match modal {
                    Some(dialogs::Modal::MotionOp(prompt)) if prompt.tab == id => {
                        motion::timeline::overlay::Shaping::of(prompt, shown.document, shown.view)
                    }
                    _ => None,
                };
                shown.shaping = shaping.as_ref();
                shown.curve_clip = clipboard.curve.as_ref().map(|(name, _)| name.as_str());
                // The library of the motion's model (its file read the first time).
                if let Some(design) = crate::robot::parse_design(&shown.document.motion.design) {
                    poses.load(design.model);
                    if let Some(why) = poses.unread(design.model) {
                        status.say(format!("The kept poses could not be read: {why}"));
                    }
                    shown.poses = Some(motion::stage::posing::PoseList {
                        built: poses.built_now(design.model),
                        kept: poses.kept_now(design.model),
                        dir: poses.dir(),
                    });
                }
                let mut sink = actions.motion(id);
                motion::draw::motion_tab_ui(ui, shown, widgets, *panels, &mut sink);
            }
            Some((id, Drawn::Archive(archive))) => {
                let edited: std::collections::BTreeSet<String> = edited
                    .iter()
                    .filter(|(path, _)| *path == archive.index.path)
                    .map(|(_, entry)| entry.clone())
                    .collect();
                let context = archive::draw::BrowserContext { edited: &edited };
                archive::draw::archive_ui(ui, id, archive, &context, actions);
            }
            Some((id, Drawn::Gait(gait))) => gait::view::gait_ui(ui, id, gait, actions),
            Some((id, Drawn::Stick(stick))) => super::stick::draw::stick_ui(ui, id, stick, actions),
            None => {
                egui::CentralPanel::default().show(ui, |ui| empty_ui(ui, actions));
            }
        }
        if let Some(modal) = modal {
            let situation = Situation {
                tabs,
                has_pose,
                has_clip,
            };
            dialogs::draw::modal_ui(&ctx, modal, *native_dialogs, *typing, &situation, actions);
        }
        if *messages_open {
            messages_ui(&ctx, status, modal.is_some() || *typing, actions);
        }
    }
}

/// The status bar: the facts of the tab in front, the messages, and a sound that is off.
fn status_bar_ui(
    ui: &mut egui::Ui,
    (tabs, clock_s): (&Tabs, f64),
    status: &status::Status,
    audio: &super::audio::Audio,
) {
    // A narrow window keeps the message room: the short facts (the playhead is in the
    // transport anyway).
    let short = ui.available_width() < STATUS_FULL_WIDTH;
    let motion = tabs
        .active
        .and_then(|id| tabs.get(id))
        .and_then(tabs::Tab::motion);
    // A motion with a sound track, and no sound: said for as long as it is so.
    let with_sound = motion.is_some_and(|m| m.document.tracks().sound.is_some());
    let sound_off = audio.off_reason().filter(|_| with_sound);
    let revision = motion.map(|m| m.document.revision());
    let simulating = motion.is_some_and(|m| m.stage.simulate);
    status::status_ui(
        ui,
        &facts(tabs, short, clock_s),
        status,
        (tabs.active, revision, simulating),
        sound_off,
    );
}

/// The window of messages; closed by its button or by Escape where nothing else takes the
/// key (`busy`: a dialog is open or a field is being typed into).
fn messages_ui(ctx: &egui::Context, status: &status::Status, busy: bool, actions: &mut Sender<'_>) {
    let mut open = true;
    egui::Window::new("Messages")
        .open(&mut open)
        .default_width(520.0)
        .show(ctx, |ui| status::log_ui(ui, status));
    let escape = !busy
        && !ctx.any_popup_open()
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if !open || escape {
        actions.send(Action::Command(command::Command::Window(
            command::WindowCommand::ShowMessages,
        )));
    }
}

/// Archive entries open in tabs with unsaved edits: `(archive, entry)`.
fn edited_entries(tabs: &Tabs) -> Vec<(PathBuf, String)> {
    tabs.motions()
        .filter(|(_, tab)| tab.document.is_dirty())
        .filter_map(|(_, tab)| match &tab.document.origin {
            crate::edit::Origin::Entry { archive, entry } => Some((archive.clone(), entry.clone())),
            crate::edit::Origin::Unsaved { .. }
            | crate::edit::Origin::File(_)
            | crate::edit::Origin::Converted { .. } => None,
        })
        .collect()
}

/// The status bar's facts about the tab in front (`short`: the keyframes and the length
/// only); the playhead where this frame's clock (`clock_s`) puts it, as the transport's
/// counter has it (not where the last frame left it).
fn facts(tabs: &Tabs, short: bool, clock_s: f64) -> String {
    let Some(tab) = tabs.active() else {
        return String::new();
    };
    match &tab.kind {
        TabKind::Motion(motion, _) if short => {
            let m = &motion.document.motion;
            format!(
                "{} · {} ms",
                plural(m.keyframes.len(), "keyframe", "keyframes"),
                motion.document.duration_ms(),
            )
        }
        TabKind::Motion(motion, _) => {
            let m = &motion.document.motion;
            format!(
                "{} · {} · {} ms · playhead {} ms",
                plural(m.keyframes.len(), "keyframe", "keyframes"),
                plural(m.locators.len(), "joint", "joints"),
                motion.document.duration_ms(),
                motion.shown().playback_at(clock_s).time_ms()
            )
        }
        TabKind::Archive(archive) => plural(archive.index.rows.len(), "entry", "entries"),
        TabKind::Gait(gait) => format!(
            "StickyBot gait file · {}",
            plural(gait.gait().sections.len(), "section", "sections")
        ),
        TabKind::Stick(stick) => format!(
            "{} memory stick · {}",
            stick.rows.model.unwrap_or("unknown model"),
            plural(stick.rows.behaviours.len(), "behaviour", "behaviours")
        ),
    }
}

/// The window with nothing open.
fn empty_ui(ui: &mut egui::Ui, actions: &mut Sender<'_>) {
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() / 3.0);
        ui.heading("No motion open");
        ui.label("Open an AIBO motion (.mtn) or archive (.oda), or drop one on the window.");
        ui.horizontal(|ui| {
            for command in [
                command::WindowCommand::Open,
                command::WindowCommand::OpenExample,
                command::WindowCommand::Import,
            ] {
                if ui.button(command.label()).clicked() {
                    actions.send(Action::Command(command::Command::Window(command)));
                }
            }
        });
    });
}
