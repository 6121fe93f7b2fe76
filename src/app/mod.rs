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
pub mod archive;
mod archive_save;
pub mod audio;
pub mod available;
pub mod command;
pub mod dialogs;
mod draw;
pub mod effects;
mod field;
mod file_dialog;
mod files;
pub mod gait;
pub mod generator_presets;
pub mod gestures;
pub mod import_dialog;
mod input;
mod keys;
mod menu;
pub mod motion;
mod pairing;
mod panel_size;
pub(crate) mod pointer;
pub mod pose_library;
pub mod recovery;
mod robot_console;
pub mod route;
pub mod settings;
mod shortcuts;
pub mod sink;
mod sound;
pub mod state;
mod status;
pub mod stick;
mod tab_bar;
pub mod tabs;
pub mod walk_search;
mod window;

pub use action::Action;
pub use archive::ArchiveTab;
pub use dialogs::Modal;
pub use motion::MotionTab;
pub use state::{PanelKind, Panels, TabId};
pub use status::Status;
pub use tabs::{TabKind, Tabs};

use crate::edit::Document;
use crate::example::{EXAMPLE_MTN, EXAMPLE_NAME};
use crate::words::plural;
use egui::ViewportCommand;
use state::{Answer, Clipboards};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};

/// How many recent files the File menu keeps.
pub(in crate::app) const RECENT_MAX: usize = 10;

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
    /// What was copied in this window.
    pub clipboard: Clipboards,
    /// The Motion menu's operations: the one running in the background, what the shaping
    /// dialogs offer.
    pub operations: motion::ops::Operations,
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
    /// The SoundFont MIDI sounds play through (None: the system's, or the built-in voice;
    /// remembered).
    pub soundfont: Option<PathBuf>,
    /// File > Add to Stick… as last filled in (this session): offered again.
    pub last_add_to_stick: Option<dialogs::StickPrompt>,
    /// A menu to open (or close) at the next frame, asked for from the keyboard.
    menu_request: Option<command::TopMenu>,
    /// The recovery copies of unsaved work (none are kept unless set: tests set a folder).
    pub recovery: recovery::Recovery,
    /// The pose library (nothing is kept on disk unless a folder is set: tests set one).
    pub poses: crate::poses::Library,
    /// File > Robot…: the address, and what was said (kept while the dialog is closed).
    pub robot: dialogs::RobotPrompt,
    actions: Vec<Action>,
    /// A text field had the keyboard at the end of the last frame (egui takes it away at
    /// the start of the frame whose Escape leaves the field).
    typing: bool,
    /// The widget that had the keyboard at the end of the last frame.
    focused: Option<egui::Id>,
    /// Input held back to the frames to come, the next first (a Tab typed in the same frame
    /// as text, and a command after it: `field::hold_back_tab`).
    held_input: Vec<Vec<egui::Event>>,
    /// Run work meant for a thread of its own at once, in the frame that asks for it (tests
    /// set it, so that what they see does not hang on a thread's timing: the background
    /// simulation of each edit, say; the tests of work in the background leave it off).
    pub inline_jobs: bool,
    /// Work out the floor's verdict on every motion of an opened archive in the
    /// background, as `check` gives it (tests of other things leave it off: simulating
    /// every motion of the corpus's archives, unoptimised, takes a while).
    pub judge_archives: bool,
    /// How long the last frame took to draw and paint (s; 0 where unknown, as in tests):
    /// the frame being drawn is handed to the screen about as much later than its input's
    /// time, so playback shows the motion as it is then.
    pub frame_cost_s: f64,
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
            clipboard: Clipboards::default(),
            operations: motion::ops::Operations::default(),
            post,
            posted,
            audio: audio::Audio::new(),
            native_dialogs: false,
            messages_open: false,
            panels: Panels::default(),
            soundfont: None,
            last_add_to_stick: None,
            menu_request: None,
            recovery: recovery::Recovery::default(),
            poses: crate::poses::Library::default(),
            robot: dialogs::RobotPrompt::default(),
            actions: Vec::new(),
            typing: false,
            focused: None,
            held_input: Vec::new(),
            frame_cost_s: 0.0,
            inline_jobs: false,
            judge_archives: true,
            allow_close: false,
            close_sent: false,
            shown_title: String::new(),
        }
    }

    /// Readies a frame's input before egui reads it (eframe calls it before each frame; a
    /// test driving the window calls it as eframe would): a Tab typed in the same frame as
    /// text waits for the next frame, so the text reaches its field first; a command after
    /// Enter in a field waits until the field has committed.
    pub fn before_frame(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        field::hold_back_tab(&mut self.held_input, &mut raw_input.events);
        field::hold_back_after_enter(&mut self.held_input, &mut raw_input.events, self.typing);
        if !self.held_input.is_empty() {
            ctx.request_repaint();
        }
    }

    /// A window showing `document` in a tab (no system file dialogs: tests drive it).
    #[must_use]
    pub fn with_document(document: Document) -> Self {
        let mut app = Self::empty();
        app.tabs.add_motion(MotionTab::new(document));
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
        let remembered = settings::Settings::load(|key| cc.storage?.get_string(key));
        app.recent = remembered.recent;
        app.panels = remembered.panels;
        if let Some(tolerance) = remembered.shaping_tolerance_deg {
            app.operations.offers.tolerance_deg = tolerance;
        }
        app.soundfont = remembered.soundfont;
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
        app.poses = crate::poses::Library::in_dir(crate::poses::Library::default_dir());
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

    /// What the widgets of the motion tab in front keep (its timeline's transform, its
    /// stage's camera), if the tab in front is a motion.
    #[must_use]
    pub fn active_widgets(&self) -> Option<&motion::MotionWidgets> {
        self.tabs.active.and_then(|id| self.tabs.motion_widgets(id))
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

    /// One frame of the whole window, in three steps: read the input (and what background
    /// work posted) into actions, draw (panels read the state and push actions), then apply
    /// the actions: the one step that changes the state.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        // The playhead is where the clock is when the frame is on screen (`read_input`).
        let began = std::time::Instant::now();
        // The large meshes the window paints (the timeline's columns, the stage) lie inside
        // their clip rectangles by construction: measuring each one's bounds every frame, to
        // skip it when it lies outside, cost more than it ever saved.
        if ctx.tessellation_options(|o| o.coarse_tessellation_culling) {
            ctx.tessellation_options_mut(|o| o.coarse_tessellation_culling = false);
        }
        self.read_input(&ctx);
        self.draw(ui);
        self.handle_actions(&ctx);
        self.follow_with_sound(self.clock_lead_s() - began.elapsed().as_secs_f64());
        if let Some(failure) = self.recovery.keep(&self.tabs, ctx.input(|i| i.time)) {
            self.status.say(failure);
        }
        let revision = self.active_motion().map(|m| m.document.revision());
        self.status.file_under(self.tabs.active, revision);
        self.typing = ctx.text_edit_focused();
        self.focused = ctx.memory(egui::Memory::focused);
        let title = self.tabs.active().map_or_else(
            || "mtn-studio".to_owned(),
            |tab| format!("{} \u{2014} mtn-studio", tab.title()),
        );
        if title != self.shown_title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.frame_cost_s = frame.info().cpu_usage.map_or(0.0, f64::from);
        self.frame_ui(ui);
    }

    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        self.before_frame(ctx, raw_input);
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
        let remembered = settings::Settings {
            recent: self.recent.clone(),
            panels: self.panels,
            shaping_tolerance_deg: Some(self.operations.offers.tolerance_deg),
            soundfont: self.soundfont.clone(),
        };
        storage.set_string(settings::KEY, remembered.to_json());
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
