//! The editor window.
//!
//! State lives in three places, and changes in one way:
//! - the app and its documents (tabs, each motion's document, view and playback, the open
//!   dialog, the clipboard, recent files) change only by [`Action`]s, which panels, menus,
//!   dialogs and the keyboard push while the frame is drawn, and which the app applies, in
//!   order, after it ([`StudioApp::frame_ui`]);
//! - what a widget keeps of its own while it is used (the timeline's hover and drag in
//!   progress, the posed robot's limbs on screen), as egui's own widgets keep theirs;
//! - nothing else.

pub mod action;
mod apply;
mod archive_tab;
mod clipboard;
pub mod command;
pub mod dialogs;
mod editing;
mod field;
mod file_dialog;
mod files;
mod gait_apply;
mod gait_view;
mod header_panel;
pub mod import_dialog;
mod joints_panel;
mod menu;
mod motion_ops;
mod motion_tab;
mod panel_size;
pub mod pose_view;
mod problems_panel;
pub mod recovery;
mod status;
mod table;
pub mod tabs;
pub mod timeline;
pub mod view;

pub use action::Action;
pub use archive_tab::ArchiveTab;
pub use dialogs::Modal;
pub use status::Status;
pub use tabs::{MotionTab, TabId, TabKind, Tabs};

use crate::edit::Document;
use crate::edit::timeline_ops::Pose;
use crate::example::{EXAMPLE_MTN, EXAMPLE_NAME};
use action::MotionSink;
use egui::ViewportCommand;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// How many recent files the File menu keeps.
const RECENT_MAX: usize = 10;
/// The storage key of the recent files.
const RECENT_KEY: &str = "recent_files";
/// The storage key of which panels are shown.
const PANELS_KEY: &str = "panels";
/// Narrower than this, the status bar gives the short facts.
const STATUS_FULL_WIDTH: f32 = 1000.0;
/// The most actions one frame applies (an action may queue others; a loop stops here).
const MAX_ACTIONS_PER_FRAME: usize = 10_000;

/// The editor application.
pub struct StudioApp {
    /// The open documents.
    pub tabs: Tabs,
    /// The open dialog, if any.
    pub modal: Option<Modal>,
    /// What the window says.
    pub status: Status,
    /// Recent files, newest first.
    pub recent: Vec<PathBuf>,
    /// The last pose copied in this window.
    pub clipboard: Option<Pose>,
    /// The last time range copied in this window (the pose or the range: whichever was
    /// copied last is kept).
    pub keyframes_clip: Option<crate::ops::range::Clip>,
    /// A Motion menu operation running in the background.
    op_job: Option<motion_ops::job::Job>,
    /// Whether to ask the system for file dialogs (off in tests, and where there are none:
    /// the window then asks for paths itself).
    pub native_dialogs: bool,
    /// Whether the message log is shown.
    pub messages_open: bool,
    /// Which panels are shown.
    pub panels: Panels,
    /// A menu to open (or close) at the next frame, asked for from the keyboard.
    menu_request: Option<command::TopMenu>,
    /// The recovery copies of unsaved work (none are kept unless set: tests set a folder).
    pub recovery: recovery::Recovery,
    actions: Vec<Action>,
    /// A text field had the keyboard at the end of the last frame (egui takes it away at
    /// the start of the frame whose Escape leaves the field).
    typing: bool,
    /// The widget that had the keyboard at the end of the last frame.
    focused: Option<egui::Id>,
    allow_close: bool,
    close_sent: bool,
    shown_title: String,
}

/// Which of a motion tab's panels are shown; the timeline always is. Remembered between
/// runs (their sizes are laid out afresh for each run's window: see
/// `persist_egui_memory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Panels {
    /// The joint list.
    pub joints: bool,
    /// The header and the problems.
    pub header: bool,
    /// The posed robot.
    pub pose: bool,
    /// The keyframe table.
    pub table: bool,
}

impl Default for Panels {
    fn default() -> Self {
        Self {
            joints: true,
            header: true,
            pose: true,
            table: true,
        }
    }
}

/// One of the panels that can be hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelKind {
    /// The joint list.
    Joints,
    /// The header and the problems.
    Header,
    /// The posed robot.
    Pose,
    /// The keyframe table.
    Table,
}

impl PanelKind {
    /// Every panel, in menu order.
    pub const ALL: [Self; 4] = [Self::Joints, Self::Header, Self::Pose, Self::Table];

    /// The View menu's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Joints => "Joint List",
            Self::Header => "Header and Problems",
            Self::Pose => "Posed Robot",
            Self::Table => "Keyframe Table",
        }
    }
}

impl Panels {
    /// Whether a panel is shown.
    #[must_use]
    pub fn shows(self, kind: PanelKind) -> bool {
        match kind {
            PanelKind::Joints => self.joints,
            PanelKind::Header => self.header,
            PanelKind::Pose => self.pose,
            PanelKind::Table => self.table,
        }
    }

    /// Shows or hides a panel.
    pub fn set(&mut self, kind: PanelKind, shown: bool) {
        let slot = match kind {
            PanelKind::Joints => &mut self.joints,
            PanelKind::Header => &mut self.header,
            PanelKind::Pose => &mut self.pose,
            PanelKind::Table => &mut self.table,
        };
        *slot = shown;
    }
}

pub use crate::words::plural;

/// The bundled example as a document.
#[must_use]
pub fn example_document() -> Document {
    match crate::codec::mtn::decode(EXAMPLE_MTN) {
        Ok(decoded) => Document::unsaved(decoded.motion, EXAMPLE_NAME),
        Err(_) => Document::unsaved(crate::example::stand_to_sit(), EXAMPLE_NAME),
    }
}

impl StudioApp {
    /// A window with no tab open and no system file dialogs (tests drive it).
    #[must_use]
    pub fn empty() -> Self {
        Self {
            tabs: Tabs::default(),
            modal: None,
            status: Status::default(),
            recent: Vec::new(),
            clipboard: None,
            keyframes_clip: None,
            op_job: None,
            native_dialogs: false,
            messages_open: false,
            panels: Panels::default(),
            menu_request: None,
            recovery: recovery::Recovery::default(),
            actions: Vec::new(),
            typing: false,
            focused: None,
            allow_close: false,
            close_sent: false,
            shown_title: String::new(),
        }
    }

    /// A window showing `document` in a tab (no system file dialogs: tests drive it).
    #[must_use]
    pub fn with_document(document: Document) -> Self {
        let mut app = Self::empty();
        app.tabs
            .add(TabKind::Motion(Box::new(MotionTab::new(document))));
        app
    }

    /// The editor as the binary starts it: recent files from storage, then `path` opened
    /// (or the bundled example).
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, path: Option<&Path>) -> Self {
        let mut app = match path {
            Some(_) => Self::empty(),
            None => Self::with_document(example_document()),
        };
        app.native_dialogs = true;
        if let Some(storage) = cc.storage
            && let Some(text) = storage.get_string(RECENT_KEY)
        {
            app.recent = serde_json::from_str(&text).unwrap_or_default();
        }
        if let Some(storage) = cc.storage
            && let Some(text) = storage.get_string(PANELS_KEY)
        {
            app.panels = serde_json::from_str(&text).unwrap_or_default();
        }
        match path {
            Some(path) => app.push(Action::Open(path.to_owned())),
            None => app.status.say(format!(
                "Showing the bundled example {EXAMPLE_NAME}; File > Open to edit your own motion"
            )),
        }
        match recovery::Recovery::default_dir().and_then(|dir| recovery::Recovery::in_dir(&dir)) {
            Some(kept) => app.recovery = kept,
            None => app
                .status
                .say("No folder for recovery copies: unsaved work would not survive a crash"),
        }
        app.offer_recovered();
        app
    }

    /// Asks whether to restore the unsaved work that a run which ended without cleaning up
    /// (a crash, a power cut) left behind, if there is any.
    pub fn offer_recovered(&mut self) {
        let left = self.recovery.left_behind();
        if left.is_empty() {
            return;
        }
        let titles: Vec<&str> = left.iter().map(|l| l.title.as_str()).collect();
        let paths: Vec<PathBuf> = left.iter().map(|l| l.path.clone()).collect();
        self.modal = Some(Modal::Confirm(dialogs::Confirm {
            title: "Restore unsaved work?".to_owned(),
            message: format!(
                "mtn-studio ended without saving {}: {}. Restore opens each as an unsaved \
                 tab (save it to keep it); Discard deletes the copies; Later asks again at the \
                 next start.",
                plural(left.len(), "motion", "motions"),
                titles.join(", ")
            ),
            buttons: vec![
                (
                    "Restore".to_owned(),
                    Some(Action::RestoreRecovered(paths.clone())),
                ),
                ("Discard".to_owned(), Some(Action::DiscardRecovered(paths))),
                ("Later".to_owned(), None),
            ],
        }));
    }

    /// Queues an action, applied after the next frame is drawn.
    pub fn push(&mut self, action: Action) {
        self.actions.push(action);
    }

    /// The motion tab in front, if the tab in front is a motion.
    #[must_use]
    pub fn active_motion(&self) -> Option<&MotionTab> {
        self.tabs.active().and_then(tabs::Tab::motion)
    }

    /// The document in front, if the tab in front is a motion.
    #[must_use]
    pub fn document(&self) -> Option<&Document> {
        self.active_motion().map(|tab| &tab.document)
    }

    /// Whether the window is closing (every unsaved motion was saved or let go).
    #[must_use]
    pub fn closing(&self) -> bool {
        self.allow_close
    }

    /// Whether any open tab (a motion, a gait file) has unsaved edits.
    #[must_use]
    pub fn any_dirty(&self) -> bool {
        self.tabs.list.iter().any(|tab| tab.unsaved().is_some())
    }

    fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    /// One frame of the whole window: read the input, draw, then apply what was asked.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.read_input(&ctx);
        self.poll_op_job(&ctx);
        self.advance_clock(&ctx);
        self.draw(ui);
        self.apply_actions(&ctx);
        if let Some(failure) = self.recovery.keep(&self.tabs, ctx.input(|i| i.time)) {
            self.status.say(failure);
        }
        self.status.file_under(self.tabs.active);
        self.typing = ctx.text_edit_focused();
        self.focused = ctx.memory(egui::Memory::focused);
        let title = self.tabs.active().map_or_else(
            || "mtn-studio".to_owned(),
            |tab| match &tab.kind {
                TabKind::Motion(motion) => motion.document.title(),
                TabKind::Archive(_) | TabKind::Gait(_) => {
                    format!("{} \u{2014} mtn-studio", tab.title())
                }
            },
        );
        if title != self.shown_title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
    }

    /// Dropped files, the window's close button, shortcuts and clipboard events.
    fn read_input(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_owned())
                .collect()
        });
        self.actions.extend(dropped.into_iter().map(Action::Open));
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            if self.any_dirty() {
                ctx.send_viewport_cmd(ViewportCommand::CancelClose);
                self.actions.push(Action::Command(command::UiCommand::Quit));
            } else {
                self.allow_close = true;
            }
        }
        if self.typing
            && let Some(field) = self.focused
            && ctx.input(|i| i.key_pressed(egui::Key::Escape))
        {
            field::cancel(ctx, field);
            // A header text field's typing is an open step: Escape takes it back here,
            // whichever frame egui's text field then reports losing the keyboard in.
            if let (Some(tab), Some(_)) = (self.tabs.active, self.active_motion()) {
                self.actions
                    .push(Action::Motion(tab, action::MotionAction::CancelGesture));
            }
        }
        let mut typing = ctx.text_edit_focused();
        if typing
            && self.modal.is_none()
            && self.edits_a_document()
            && command::history_pressed(ctx)
        {
            // Undo or Redo while typing into a field: leave the field as Escape does (what
            // was typed is dropped), then undo or redo the last committed edit.
            if let Some(field) = ctx.memory(egui::Memory::focused) {
                ctx.memory_mut(|memory| memory.surrender_focus(field));
                field::cancel(ctx, field);
            }
            // A text field of the header applies its typing as it goes, in a step left open
            // while it has the keyboard: take that back as Escape does, before the undo.
            if let (Some(tab), Some(_)) = (self.tabs.active, self.active_motion()) {
                self.actions
                    .push(Action::Motion(tab, action::MotionAction::CancelGesture));
            }
            typing = false;
        }
        if self.modal.is_none()
            && let Some(menu) = command::menu_shortcut(ctx)
        {
            self.actions.push(Action::OpenMenu(menu));
        }
        // While a menu (or a drop-down) is open, the keyboard is its own: arrows, Enter,
        // Space and Escape work in it, and no shortcut reaches the document behind it.
        if self.modal.is_none() && !egui::Popup::is_any_open(ctx) {
            self.actions.extend(
                command::shortcut_commands(ctx, typing)
                    .into_iter()
                    .map(Action::Command),
            );
            self.actions.extend(command::clipboard_actions(ctx, typing));
        }
    }

    /// Whether the tab in front is a document with an undo history (a motion, a gait file).
    fn edits_a_document(&self) -> bool {
        self.tabs
            .active()
            .is_some_and(|tab| matches!(tab.kind, TabKind::Motion(_) | TabKind::Gait(_)))
    }

    /// Moves the playhead of a playing motion by the time since the last frame.
    fn advance_clock(&mut self, ctx: &egui::Context) {
        let Some(id) = self.tabs.active else {
            return;
        };
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        if tab.playback.playing {
            let dt = ctx.input(|i| f64::from(i.stable_dt)).min(0.1);
            // At the file's frame rate, a 32 ms field plays each frame for 32 ms.
            let scale = tab.view.time_scale(&tab.document.motion);
            tab.playback
                .advance(dt / scale, &tab.document.motion.keyframes);
            ctx.request_repaint();
        }
    }

    fn draw(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let Self {
            tabs,
            modal,
            status,
            recent,
            clipboard,
            keyframes_clip,
            native_dialogs,
            messages_open,
            panels,
            actions,
            typing,
            menu_request,
            ..
        } = self;
        egui::Panel::top("menu").show(ui, |ui| {
            let context = menu::MenuContext {
                recent,
                has_pose: clipboard.is_some(),
                has_clip: keyframes_clip.is_some(),
                panels: *panels,
                open: menu_request.take(),
            };
            menu::menu_ui(ui, tabs, &context, actions);
        });
        egui::Panel::top("tabs").show(ui, |ui| tabs::tabs_ui(ui, tabs, actions));
        egui::Panel::bottom("status").show(ui, |ui| {
            // A narrow window keeps the message room: the short facts (the playhead is in
            // the transport anyway).
            let short = ui.available_width() < STATUS_FULL_WIDTH;
            status::status_ui(ui, &facts(tabs, short), status, tabs.active);
        });
        let edited = edited_entries(tabs);
        let active = tabs.active;
        match active.and_then(|id| tabs.get_mut(id)) {
            Some(tab) => {
                let id = tab.id;
                match &mut tab.kind {
                    TabKind::Motion(motion) => {
                        let mut sink = MotionSink { tab: id, actions };
                        motion_tab::motion_tab_ui(ui, motion, *panels, &mut sink);
                    }
                    TabKind::Archive(archive) => {
                        let edited: std::collections::BTreeSet<String> = edited
                            .iter()
                            .filter(|(path, _)| *path == archive.index.path)
                            .map(|(_, entry)| entry.clone())
                            .collect();
                        let context = archive_tab::BrowserContext { edited: &edited };
                        archive_tab::archive_ui(ui, id, archive, &context, actions);
                    }
                    TabKind::Gait(gait) => gait_view::gait_ui(ui, id, gait, actions),
                }
            }
            None => {
                egui::CentralPanel::default().show(ui, |ui| empty_ui(ui, actions));
            }
        }
        if let Some(modal) = modal {
            dialogs::modal_ui(&ctx, modal, *native_dialogs, *typing, tabs, actions);
        }
        if *messages_open {
            let mut open = true;
            egui::Window::new("Messages")
                .open(&mut open)
                .default_width(520.0)
                .show(&ctx, |ui| status::log_ui(ui, status));
            if !open {
                actions.push(Action::Command(command::UiCommand::ShowMessages));
            }
        }
    }

    /// Applies the queued actions in order (and those they queue in turn).
    fn apply_actions(&mut self, ctx: &egui::Context) {
        let mut queue: VecDeque<Action> = std::mem::take(&mut self.actions).into();
        let had_dialog = self.modal.is_some();
        let tabs_before = (self.tabs.list.len(), self.tabs.active);
        let mut applied = 0;
        while let Some(action) = queue.pop_front() {
            applied += 1;
            if applied > MAX_ACTIONS_PER_FRAME {
                self.status
                    .say("Stopped: the actions of this frame kept asking for more");
                break;
            }
            self.apply(action, ctx);
            self.status.file_under(self.tabs.active);
            // What an action queued comes next, before the rest of the frame's.
            for queued in std::mem::take(&mut self.actions).into_iter().rev() {
                queue.push_front(queued);
            }
            ctx.request_repaint();
        }
        for tab in self.tabs.list.iter_mut().filter_map(tabs::Tab::motion_mut) {
            tab.follow_length();
        }
        // A dialog that opens, or a file that loads, closes an open menu (it would stay
        // drawn over the dialog or the new tab).
        let opened_dialog = !had_dialog && self.modal.is_some();
        if opened_dialog || tabs_before != (self.tabs.list.len(), self.tabs.active) {
            egui::Popup::close_all(ctx);
        }
        if self.allow_close && !self.close_sent {
            ctx.send_viewport_cmd(ViewportCommand::Close);
            self.close_sent = true;
        }
    }
}

/// Archive entries open in tabs with unsaved edits: `(archive, entry)`.
fn edited_entries(tabs: &Tabs) -> Vec<(PathBuf, String)> {
    tabs.motions()
        .filter(|(_, tab)| tab.document.is_dirty())
        .filter_map(|(_, tab)| match &tab.document.origin {
            crate::edit::Origin::Entry { archive, entry } => Some((archive.clone(), entry.clone())),
            _ => None,
        })
        .collect()
}

/// The status bar's facts about the tab in front (`short`: the keyframes and the length
/// only).
fn facts(tabs: &Tabs, short: bool) -> String {
    let Some(tab) = tabs.active() else {
        return String::new();
    };
    match &tab.kind {
        TabKind::Motion(motion) if short => {
            let m = &motion.document.motion;
            format!(
                "{} · {} ms",
                plural(m.keyframes.len(), "keyframe", "keyframes"),
                crate::robot::timing::duration_ms(&m.keyframes),
            )
        }
        TabKind::Motion(motion) => {
            let m = &motion.document.motion;
            format!(
                "{} · {} · {} ms · playhead {} ms",
                plural(m.keyframes.len(), "keyframe", "keyframes"),
                plural(m.locators.len(), "joint", "joints"),
                crate::robot::timing::duration_ms(&m.keyframes),
                motion.playhead_ms()
            )
        }
        TabKind::Archive(archive) => plural(archive.index.rows.len(), "entry", "entries"),
        TabKind::Gait(gait) => format!(
            "StickyBot gait file · {}",
            plural(gait.gait().sections.len(), "section", "sections")
        ),
    }
}

/// The window with nothing open.
fn empty_ui(ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() / 3.0);
        ui.heading("No motion open");
        ui.label("Open an AIBO motion (.mtn) or archive (.oda), or drop one on the window.");
        ui.horizontal(|ui| {
            for command in [
                command::UiCommand::Open,
                command::UiCommand::OpenExample,
                command::UiCommand::Import,
            ] {
                if ui.button(command.label()).clicked() {
                    actions.push(Action::Command(command));
                }
            }
        });
    });
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    /// egui's memory is not carried into the next run: it holds the panels' sizes in points,
    /// and sizes that suited one window (squeezed into a small one, say) would cramp the
    /// next, larger one (a keyframe table three rows high at 1400x900). Each run lays the
    /// panels out for its window; the window's size, the panels shown and the recent files
    /// are remembered.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if let Ok(text) = serde_json::to_string(&self.recent) {
            storage.set_string(RECENT_KEY, text);
        }
        if let Ok(text) = serde_json::to_string(&self.panels) {
            storage.set_string(PANELS_KEY, text);
        }
    }
}

/// Starts the window.
///
/// # Errors
/// The window system could not start.
pub fn run(path: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([640.0, 420.0])
            .with_drag_and_drop(true)
            .with_title("mtn-studio"),
        ..Default::default()
    };
    eframe::run_native(
        "mtn-studio",
        options,
        Box::new(move |cc| Ok(Box::new(StudioApp::new(cc, path.as_deref())))),
    )
}
