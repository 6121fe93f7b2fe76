//! The window's vocabulary: what actions, dialogs and tabs talk about (tab ids, the panels,
//! what a dialog's buttons answer, what to do after a save, browse targets, map-file
//! operations). Plain data: it imports nothing else of the window, so every other module
//! can use it without an import loop.

use crate::ops::{OpError, Outcome};
use std::path::PathBuf;

/// A tab's id: unique for the life of the window (an index would shift as tabs close).
pub type TabId = u64;

/// Which of a motion tab's panels are shown; the timeline always is. Remembered between
/// runs (their sizes are laid out afresh for each run's window: see
/// `persist_egui_memory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Panels {
    /// The joint list.
    pub joints: bool,
    /// The header and the problems.
    pub header: bool,
    /// The stage (the posed robot on its floor).
    pub pose: bool,
    /// The keyframe table.
    pub table: bool,
    /// The stage made large (most of the window's width and its column's height).
    pub large_stage: bool,
    /// What a motion's stage shows as its tab opens: what was last chosen on any (ghosts,
    /// their spacing, the paws' paths), kept from run to run.
    pub stage: crate::app::motion::stage::model::StageModel,
}

impl Default for Panels {
    fn default() -> Self {
        Self {
            joints: true,
            header: true,
            pose: true,
            table: true,
            large_stage: false,
            stage: crate::app::motion::stage::model::StageModel::default(),
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
    /// The stage.
    Pose,
    /// The keyframe table.
    Table,
    /// The stage made large.
    LargeStage,
}

impl PanelKind {
    /// Every panel, in menu order.
    pub const ALL: [Self; 5] = [
        Self::Joints,
        Self::Header,
        Self::Pose,
        Self::Table,
        Self::LargeStage,
    ];

    /// The View menu's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Joints => "Joint List",
            Self::Header => "Header and Problems",
            Self::Pose => "Stage",
            Self::Table => "Keyframe Table",
            Self::LargeStage => "Large Stage (F11)",
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
            PanelKind::LargeStage => self.large_stage,
        }
    }

    /// Shows or hides a panel.
    pub fn set(&mut self, kind: PanelKind, shown: bool) {
        let slot = match kind {
            PanelKind::Joints => &mut self.joints,
            PanelKind::Header => &mut self.header,
            PanelKind::Pose => &mut self.pose,
            PanelKind::Table => &mut self.table,
            PanelKind::LargeStage => &mut self.large_stage,
        };
        *slot = shown;
        // A large stage is a shown one.
        if kind == PanelKind::LargeStage && shown {
            self.pose = true;
        }
    }
}

/// What a save has already been told by the user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Confirmed {
    /// Save even though joints go beyond their limits or servos.
    pub safety: bool,
    /// Write over a file that changed on disk (or another file at a Save As path).
    pub overwrite: bool,
}

/// What to do once a tab is saved, or its edits let go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    /// Close the tab.
    CloseTab(TabId),
    /// Go on closing the window, these tabs' edits let go ("Don't Save"): they are
    /// discarded only once every other unsaved tab has been answered too, so that Cancel
    /// at a later question loses nothing.
    Quit(Vec<TabId>),
}

/// What a dialog's button answers (Cancel answers nothing). The dialog holds these, not
/// actions; the step that handles actions carries them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save a tab (to its file, or to `to`) with what the user agreed to, then go on.
    Save {
        /// The tab.
        tab: TabId,
        /// A new file to save to (Save As), or `None` for where it came from.
        to: Option<PathBuf>,
        /// What the user agreed to.
        confirmed: Confirmed,
        /// What to do once it is saved.
        then: Option<Then>,
    },
    /// Save an archive tab's edited motions into it, with what the user agreed to.
    SaveArchive {
        /// The archive tab.
        tab: TabId,
        /// What the user agreed to.
        confirmed: Confirmed,
    },
    /// Let the tab's unsaved edits go ("Don't Save"), then go on.
    LetGo(Then),
    /// Open the recovery copies a crashed run left (their description files) as unsaved
    /// tabs.
    Restore(Vec<PathBuf>),
    /// Delete the recovery copies a crashed run left.
    DiscardRecovered(Vec<PathBuf>),
    /// Take a user's behaviour (by its action name) off the stick of stick tab `tab`.
    RemoveFromStick {
        /// The stick's tab.
        tab: TabId,
        /// The behaviour's action name.
        name: String,
    },
    /// Put a tab's motion into an ODA archive under its name (File > Save into Archive…).
    SaveIntoArchive {
        /// The motion tab.
        tab: TabId,
        /// The archive.
        path: PathBuf,
        /// What was asked already: to save a motion the robot cannot follow (`safety`), to
        /// replace an entry of that name (`overwrite`).
        confirmed: Confirmed,
    },
}

/// A path field that Browse… fills from the system's file dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseFor {
    /// The file to import.
    ImportPath,
    /// The import's map file (the grid loads from it).
    ImportMap,
    /// The file to export to.
    ExportPath,
    /// The folder of the Webots project an export writes.
    WebotsProject,
    /// The stick File > Add to Stick… puts the motion on.
    StickFolder,
}

/// What the Import window's map-file buttons do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapFileOp {
    /// Read the grid from the map file.
    Load,
    /// Write the grid to the map file.
    Save,
}

/// A tab's floor solution, done (`motion::floor_job`).
#[derive(Clone, Debug, PartialEq)]
pub struct FloorSolved {
    /// The tab.
    pub tab: TabId,
    /// The document revision it was made from.
    pub revision: u64,
    /// Every tick's rest.
    pub ticks: std::sync::Arc<Vec<crate::robot::floor::Rest>>,
    /// The floor's problems.
    pub problems: Vec<crate::codec::Problem>,
    /// Where they happen (ms, from and to), all of them.
    pub spans: Vec<[u64; 2]>,
}

/// A tab's simulation, done or stopped (`motion::simulation`).
#[derive(Clone, Debug)]
pub struct Simulated {
    /// The tab.
    pub tab: TabId,
    /// The revision it simulated, and how (the floor, the plays).
    pub wants: (u64, crate::robot::physics::Settings),
    /// What it gave (cancelled when a newer edit stopped it).
    pub result: crate::app::motion::simulation::SimResult,
    /// It simulated a generator's preview (its revision is the preview's key), not the
    /// motion.
    pub preview: bool,
}

impl PartialEq for Simulated {
    /// The same run (a simulation is compared by what it simulated).
    fn eq(&self, other: &Self) -> bool {
        self.tab == other.tab && self.wants == other.wants && self.preview == other.preview
    }
}

/// A background job's result, posted as an action when it is done.
#[derive(Clone, Debug, PartialEq)]
pub struct JobDone {
    /// The job's id.
    pub job: u64,
    /// What it made (a thread that died says so as an error).
    pub result: Result<Outcome, OpError>,
}

/// A sound or LED pattern read in the background for a tab's track.
#[derive(Clone, Debug)]
pub struct PartLoaded {
    /// The tab.
    pub tab: TabId,
    /// The track it was asked for (None: by what the file is).
    pub track: Option<crate::behaviour::Track>,
    /// The part, or why it could not be read.
    pub part: Result<crate::behaviour::Part, std::sync::Arc<crate::behaviour::BehaviourError>>,
    /// Who asked for it.
    pub placed: Placed,
}

/// Who put a part on a track: what decides whether it is an undo step and an unsaved
/// change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    /// The user: an undo step, and unsaved until the skit is saved.
    ByUser,
    /// The skit beside the motion: what is on disk already.
    BySkit,
    /// A behaviour of a command table opened: the table says it, nothing to save.
    ByTable,
    /// A recovery copy kept it (the tracks as they were before a crash): no undo step, and
    /// unsaved where the skit on disk says otherwise.
    Recovered,
}

/// A tab's MIDI sound, rendered in the background.
#[derive(Clone, Debug)]
pub struct SoundRendered {
    /// The tab.
    pub tab: TabId,
    /// The sound's part's source (the track may hold another by now).
    pub source: crate::behaviour::Source,
    /// The samples.
    pub rendered: std::sync::Arc<crate::behaviour::synth::Rendered>,
}

/// What the window's clipboard holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Clipboard {
    /// A keyframe's pose (Paste puts it onto the selected keyframes).
    Pose(crate::edit::timeline_ops::Pose),
    /// A time range's keyframes (Paste puts them after the keyframe at the playhead).
    Keyframes(crate::ops::range::Clip),
    /// A joint's curve: its name and values (pasted onto another joint from its menu).
    Curve(String, Vec<i32>),
}

/// What was copied in this window: the pose or the keyframes copied last, and a joint's
/// curve beside them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clipboards {
    /// The pose or the keyframes: whichever was copied last.
    pub copied: Option<Clipboard>,
    /// A joint's curve copied to paste onto another.
    pub curve: Option<(String, Vec<i32>)>,
}

impl Clipboards {
    /// Keeps what was copied.
    pub fn keep(&mut self, clip: Clipboard) {
        match clip {
            Clipboard::Curve(name, values) => self.curve = Some((name, values)),
            copied @ (Clipboard::Pose(_) | Clipboard::Keyframes(_)) => self.copied = Some(copied),
        }
    }
}

/// A stick image's stick, read from the temporary folder its files were copied into.
pub type ImageCopied = Handover<(crate::stick::Stick, tempfile::TempDir)>;

/// A value made off the window's thread, handed over once to whoever applies the action
/// that carries it (actions are cloned; the value, a tab holding a temporary folder, is
/// not). Taken twice, the second take finds nothing.
pub struct Handover<T>(std::sync::Arc<std::sync::Mutex<Option<T>>>);

impl<T> Handover<T> {
    /// Wraps `value`.
    pub fn new(value: T) -> Self {
        Self(std::sync::Arc::new(std::sync::Mutex::new(Some(value))))
    }

    /// The value, the first time.
    #[must_use]
    pub fn take(&self) -> Option<T> {
        self.0.lock().ok()?.take()
    }
}

impl<T> Clone for Handover<T> {
    fn clone(&self) -> Self {
        Self(std::sync::Arc::clone(&self.0))
    }
}

impl<T> std::fmt::Debug for Handover<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Handover")
    }
}
