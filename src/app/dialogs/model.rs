//! The dialogs as data: at most one is open at a time ([`Modal`]); a question's buttons hold
//! their answers ([`Answer`]), not actions.

pub use crate::app::import_dialog::ImportPrompt;
use crate::app::motion::ops::form::OpPrompt;
use crate::app::state::{Answer, TabId, Then};
use crate::behaviour::Source;
use crate::behaviour::table::Listed;
use crate::convert::ExportOptions;
use std::path::PathBuf;

/// A question with buttons, each giving an answer (or nothing but closing: Cancel).
#[derive(Clone, Debug)]
pub struct Confirm {
    /// The heading.
    pub title: String,
    /// What it is about, and what each answer does.
    pub message: String,
    /// The buttons, left to right: a label and what it answers.
    pub buttons: Vec<(String, Option<Answer>)>,
}

/// What a typed path is for.
#[derive(Clone, Debug)]
pub enum PathPurpose {
    /// Open it.
    Open,
    /// Put it on the tracks of the motion in front.
    AddTrack,
    /// Play MIDI sounds through it (a SoundFont).
    SoundFont,
    /// Put a motion tab's motion into the ODA archive there.
    SaveIntoArchive {
        /// The tab.
        tab: TabId,
    },
    /// Save a motion tab there, then do `then`.
    SaveAs {
        /// The tab.
        tab: TabId,
        /// What to do after.
        then: Option<Then>,
    },
}

/// A path typed by hand (File > Open Path…, or where the system has no file dialog).
#[derive(Clone, Debug)]
pub struct PathPrompt {
    /// What it is for.
    pub purpose: PathPurpose,
    /// The path so far.
    pub text: String,
    /// Why the window asks (no file dialog on this desktop, say).
    pub note: Option<String>,
    /// Give the path field the keyboard (once, as the prompt opens), so typing goes there.
    pub focus: bool,
}

/// The File > Export window: where, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportPrompt {
    /// The file to write; its extension picks the format.
    pub path: String,
    /// Frames per second, keyframes only, version 4 (for .seq/.yaml); a pose per tick (for
    /// a Webots .motion).
    pub options: ExportOptions,
    /// Export for Webots: the window stays a Webots export whatever is typed (a name
    /// without an extension gets `.motion`).
    pub webots: bool,
    /// A folder to write a Webots project in that plays the motion (for a .motion; empty
    /// for none; a relative one is beside the .motion).
    pub webots_project: String,
    /// The window has said which files exist: Export (now "Replace") writes over them.
    pub replace: bool,
    /// Why the last try failed.
    pub error: Option<String>,
}

/// File > New: the model (a full-body design label with standard postures) and the
/// posture the motion starts in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMotionPrompt {
    /// The design label.
    pub label: &'static str,
    /// The posture.
    pub posture: &'static str,
}

impl Default for NewMotionPrompt {
    fn default() -> Self {
        Self {
            label: crate::robot::Model::Ers7.label(),
            posture: "stand",
        }
    }
}

/// The one dialog that may be open.
#[derive(Clone, Debug)]
pub enum Modal {
    /// A question.
    Confirm(Confirm),
    /// Something failed: which file, and what was wrong.
    Error {
        /// The heading.
        title: String,
        /// The message (names the file and what was wrong).
        message: String,
    },
    /// A typed path.
    PathPrompt(PathPrompt),
    /// File > New.
    NewMotion(NewMotionPrompt),
    /// File > Import.
    Import(ImportPrompt),
    /// File > Export, of a motion tab.
    Export(TabId, ExportPrompt),
    /// A Motion menu operation's parameters and preview.
    MotionOp(OpPrompt),
    /// File > Behaviours…: the command tables' behaviours and the naming rule's candidates.
    Behaviours(Box<BehaviourList>),
    /// Add Sound or LED Pattern… given an archive: every sound and LED pattern in it.
    PartPicker(Box<PartPicker>),
    /// The command palette.
    Palette(Palette),
    /// File > Add to Stick…: where and as what.
    AddToStick(StickPrompt),
    /// File > Robot…: R-CODE's wireless console.
    Robot(RobotPrompt),
    /// Motion > Find a Walk…: the search, how it goes, what it found.
    FindWalk(Box<WalkSearchPrompt>),
}

/// How a walk search going on in the background shares its progress with the window, and
/// is told to stop.
#[derive(Clone, Debug, Default)]
pub struct SearchShared {
    /// The last generation's progress.
    pub progress: std::sync::Arc<std::sync::Mutex<Option<crate::ops::generate::search::Progress>>>,
    /// Set to stop it after the generation running.
    pub stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// Motion > Find a Walk…: the search's settings, and while it runs or once it is done,
/// its progress and the best walks found.
#[derive(Clone, Debug)]
pub struct WalkSearchPrompt {
    /// The motion tab it walks from and writes into.
    pub tab: TabId,
    /// Index into the gaits offered.
    pub gait: usize,
    /// The draws' seed.
    pub seed: u64,
    /// How long it may run, seconds.
    pub seconds: u64,
    /// Candidates a generation.
    pub candidates: usize,
    /// Generations at most (the window offers the time; tests ask for a few).
    pub generations: usize,
    /// The search under way or done: its progress, and its stop.
    pub shared: Option<SearchShared>,
    /// It runs.
    pub running: bool,
    /// When it was started (the window's clock, s), to say how long it has left.
    pub started_s: Option<f64>,
}

impl WalkSearchPrompt {
    /// The window as it opens for tab `tab`: a trot, seed 1, two minutes, 16 candidates a
    /// generation.
    #[must_use]
    pub fn new(tab: TabId) -> Self {
        Self {
            tab,
            gait: 0,
            seed: 1,
            seconds: 120,
            candidates: 16,
            generations: 10_000,
            shared: None,
            running: false,
            started_s: None,
        }
    }
}

/// File > Robot…: the robot's address, what to play, and what was said so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RobotPrompt {
    /// The robot's address or name (`:PORT` for another port than R-CODE's).
    pub host: String,
    /// An action name or an MWCID to play.
    pub what: String,
    /// What the robot and the window said, oldest first.
    pub said: Vec<String>,
    /// A request is out (its answer comes back through the action queue).
    pub busy: bool,
}

/// File > Add to Stick…: the stick, the action name, and what goes with the motion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StickPrompt {
    /// The motion tab.
    pub tab: TabId,
    /// The stick's folder (or any folder in it).
    pub folder: String,
    /// The action name R-CODE plays it by.
    pub name: String,
    /// Take the motion's sound and LED tracks along.
    pub tracks: bool,
    /// Set R-CODE up to take commands over the air without an ID and password.
    pub noauth: bool,
    /// Write R-CODE's program to play it when the head sensor is pressed.
    pub rcode: crate::stick::program::HeadSensor,
    /// Make a sound the robot does not play 16 kHz 16-bit mono first.
    pub convert_sound: bool,
    /// The MWCID asked for, as typed (empty: the first free one of the user's range).
    pub mwcid: String,
    /// Replace the user's behaviour of the same name (under its MWCID).
    pub replace: bool,
    /// What Dry Run found it would do, a line each (cleared by any change).
    pub dry_run: Option<Vec<String>>,
    /// Why the last try failed.
    pub error: Option<String>,
    /// What is worth knowing first: the motion's own problems.
    pub note: Option<String>,
}

/// What the command palette holds between frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// What has been typed.
    pub query: String,
    /// The chosen line of what it finds (0: the first).
    pub chosen: usize,
}

/// What the picker of an archive's sounds and LED patterns lists.
#[derive(Clone, Debug)]
pub struct PartPicker {
    /// The motion tab the chosen one goes on.
    pub tab: TabId,
    /// The motion's name (what the naming rule pairs by).
    pub motion: String,
    /// The archive.
    pub path: PathBuf,
    /// Its sounds and LED patterns, the naming rule's best first.
    pub offered: Vec<crate::behaviour::offer::Offered>,
    /// Only those whose names hold this text.
    pub filter: String,
}

/// What the dialog lists.
#[derive(Clone, Debug)]
pub struct BehaviourList {
    /// The folder looked in.
    pub folder: PathBuf,
    /// The behaviours its tables list.
    pub listed: Vec<Listed>,
    /// Tables that could not be read, with why.
    pub unread: Vec<String>,
    /// The motion in front (its tab and name), for the candidates.
    pub motion: Option<(TabId, String)>,
    /// The naming rule's sound candidates for it, best first, with their scores.
    pub sounds: Vec<(Source, u8)>,
    /// Its LED candidates.
    pub leds: Vec<(Source, u8)>,
    /// Only the behaviours that play this text in a part's name.
    pub filter: String,
}
