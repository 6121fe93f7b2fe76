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
pub mod archive;
pub mod audio;
pub mod command;
pub mod dialogs;
mod draw;
mod field;
mod file_dialog;
pub mod gait;
pub mod import_dialog;
mod menu;
pub mod motion;
mod panel_size;
pub mod recovery;
pub mod state;
mod status;
pub mod tabs;

pub use action::Action;
pub use archive::ArchiveTab;
pub use dialogs::Modal;
pub use motion::MotionTab;
pub use state::{PanelKind, Panels, TabId};
pub use status::Status;
pub use tabs::{TabKind, Tabs};

use crate::edit::Document;
use crate::edit::timeline_ops::Pose;
use crate::example::{EXAMPLE_MTN, EXAMPLE_NAME};
use crate::words::plural;
use command::FromClipboard;
use egui::ViewportCommand;
use state::Answer;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};

/// How many recent files the File menu keeps.
const RECENT_MAX: usize = 10;
/// The storage key of the recent files.
const RECENT_KEY: &str = "recent_files";
/// The storage key of which panels are shown.
const PANELS_KEY: &str = "panels";
/// The storage key of the shaping tolerance.
const TOLERANCE_KEY: &str = "shaping_tolerance_deg";
/// The storage key of the SoundFont chosen.
const SOUNDFONT_KEY: &str = "soundfont";

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
    /// A joint's curve copied to paste onto another: its name and its values.
    pub curve_clip: Option<(String, Vec<i32>)>,
    /// A Motion menu operation running in the background.
    op_job: Option<motion::ops::job::Job>,
    /// Where background work posts its results, as actions (a job holds a clone).
    post: Sender<Action>,
    /// The sound output (the sound track of the motion in front, locked to its playhead).
    pub audio: audio::Audio,
    /// What background work posted, taken into the queue at the start of each frame.
    posted: Receiver<Action>,
    /// Whether to ask the system for file dialogs (off in tests, and where there are none:
    /// the window then asks for paths itself).
    pub native_dialogs: bool,
    /// Whether the message log is shown.
    pub messages_open: bool,
    /// Which panels are shown.
    pub panels: Panels,
    /// The tolerance Shape, Simplify and Smooth offer (the last one applied; remembered).
    pub shaping_tolerance_deg: f64,
    /// The SoundFont MIDI sounds play through (None: the system's, or the built-in voice;
    /// remembered).
    pub soundfont: Option<PathBuf>,
    /// The curve Shape offers: the last one applied (its handles too).
    pub shape_curve: crate::ops::shape::Curve,
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
        let (post, posted) = std::sync::mpsc::channel();
        Self {
            tabs: Tabs::default(),
            modal: None,
            status: Status::default(),
            recent: Vec::new(),
            clipboard: None,
            keyframes_clip: None,
            curve_clip: None,
            op_job: None,
            post,
            posted,
            audio: audio::Audio::new(),
            native_dialogs: false,
            messages_open: false,
            panels: Panels::default(),
            shaping_tolerance_deg: crate::ops::shape::DEFAULT_TOLERANCE_DEG,
            soundfont: None,
            shape_curve: crate::ops::shape::Curve::EaseInOut,
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
        if let Some(storage) = cc.storage
            && let Some(text) = storage.get_string(TOLERANCE_KEY)
            && let Ok(tolerance) = serde_json::from_str::<f64>(&text)
            && crate::ops::shape::check_tolerance(tolerance).is_ok()
        {
            app.shaping_tolerance_deg = tolerance;
        }
        if let Some(storage) = cc.storage
            && let Some(text) = storage.get_string(SOUNDFONT_KEY)
        {
            app.soundfont = serde_json::from_str(&text).unwrap_or_default();
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
                ("Restore".to_owned(), Some(Answer::Restore(paths.clone()))),
                ("Discard".to_owned(), Some(Answer::DiscardRecovered(paths))),
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

    /// One frame of the whole window, in three steps: read the input (and what background
    /// work posted) into actions, draw (panels read the state and push actions), then apply
    /// the actions: the one step that changes the state.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        // The large meshes the window paints (the timeline's columns, the stage) lie inside
        // their clip rectangles by construction: measuring each one's bounds every frame, to
        // skip it when it lies outside, cost more than it ever saved.
        if ctx.tessellation_options(|o| o.coarse_tessellation_culling) {
            ctx.tessellation_options_mut(|o| o.coarse_tessellation_culling = false);
        }
        self.read_input(&ctx);
        self.draw(ui);
        self.apply_actions(&ctx);
        self.follow_with_sound();
        if let Some(failure) = self.recovery.keep(&self.tabs, ctx.input(|i| i.time)) {
            self.status.say(failure);
        }
        self.status.file_under(self.tabs.active);
        self.typing = ctx.text_edit_focused();
        self.focused = ctx.memory(egui::Memory::focused);
        let title = self.tabs.active().map_or_else(
            || "mtn-studio".to_owned(),
            |tab| match &tab.kind {
                TabKind::Motion(motion) => format!("{} \u{2014} mtn-studio", motion.tab_title()),
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

    /// Dropped files, the window's close button, the clock, shortcuts and clipboard events,
    /// and what background work posted, as actions.
    fn read_input(&mut self, ctx: &egui::Context) {
        self.actions.extend(self.posted.try_iter());
        if self.op_job.is_some() {
            // Look again soon for the job's result (it posts without waking the window).
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if self.active_motion().is_some_and(|tab| tab.playback.playing) {
            let dt = ctx.input(|i| f64::from(i.stable_dt)).min(0.1);
            self.actions.push(Action::AdvanceClock(dt));
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_owned())
                .collect()
        });
        // Dropped on a track of the motion in front: onto that track; elsewhere, opened.
        let over_track = ctx.input(|i| i.pointer.latest_pos()).and_then(|at| {
            let tab = self.active_motion()?;
            tab.timeline
                .track_areas
                .iter()
                .find(|(_, area)| area.contains(at))
                .map(|&(track, _)| track)
        });
        self.actions.extend(
            dropped
                .into_iter()
                .map(|path| match (over_track, self.tabs.active) {
                    (Some(track), Some(tab)) => Action::DropOnTrack(tab, path, track),
                    _ => Action::Open(path),
                }),
        );
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            self.actions.push(Action::CloseRequested);
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
            let clipboard = command::clipboard_events(ctx, typing);
            self.actions
                .extend(clipboard.into_iter().map(|event| match event {
                    FromClipboard::Command(command) => Action::Command(command),
                    FromClipboard::Paste(text) => Action::PasteText(text),
                }));
        }
    }

    /// Whether the tab in front is a document with an undo history (a motion, a gait file).
    fn edits_a_document(&self) -> bool {
        self.tabs
            .active()
            .is_some_and(|tab| matches!(tab.kind, TabKind::Motion(_) | TabKind::Gait(_)))
    }
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
        if let Ok(text) = serde_json::to_string(&self.shaping_tolerance_deg) {
            storage.set_string(TOLERANCE_KEY, text);
        }
        if let Ok(text) = serde_json::to_string(&self.soundfont) {
            storage.set_string(SOUNDFONT_KEY, text);
        }
    }
}

/// Starts the window.
///
/// # Errors
/// The window system could not start.
pub fn run(path: Option<PathBuf>) -> eframe::Result {
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1400.0, 900.0])
        .with_min_inner_size([640.0, 420.0])
        .with_drag_and_drop(true)
        .with_title("mtn-studio")
        // The desktop entry's name (its StartupWMClass), so the desktop pairs the window
        // with the installed application.
        .with_app_id(crate::desktop::APP_ID);
    match eframe::icon_data::from_png_bytes(crate::desktop::ICON_256_PNG) {
        Ok(icon) => viewport = viewport.with_icon(std::sync::Arc::new(icon)),
        Err(error) => log::warn!("the window's icon does not decode: {error}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        "mtn-studio",
        options,
        Box::new(move |cc| Ok(Box::new(StudioApp::new(cc, path.as_deref())))),
    )
}
