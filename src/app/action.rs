//! Everything the user can ask of the window, as data. Panels, menus, dialogs and the
//! keyboard push actions onto one queue while the frame is drawn; the app applies them, in
//! order, after it (as egui_demo_app's `Command` and rerun's command queue do), so nothing
//! changes under a panel while it draws.

use super::command::{Command, TopMenu, UiCommand};
use super::dialogs::{ExportPrompt, ImportPrompt, Modal};
use super::motion::ops::form::{OpPrompt, OpRequest};
use super::motion::view::{Channel, PointId};
use super::state::{Answer, BrowseFor, JobDone, MapFileOp, PanelKind, TabId, Then};
use crate::edit::Edit;
use crate::edit::archive::Query;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// One thing to do, applied after the frame.
#[derive(Clone, Debug)]
pub enum Action {
    /// A menu or keyboard command: the window's, or a tab's for that tab.
    Command(Command),
    /// Say something in the status bar.
    Say(String),
    /// Keep, use, rename or delete a pose of the library, for a motion tab.
    Pose(TabId, crate::poses::PoseRequest),
    /// Keep, rename or forget a generator preset beside the pose library.
    Preset(crate::presets::PresetRequest),
    /// Keep this pose or these keyframes in the window's clipboard (what was copied last).
    Clip(super::state::Clipboard),
    /// A file was opened or saved: remember it among the recent files.
    Remember(PathBuf),
    /// An archive was written: its tab reads it afresh.
    ArchiveWritten(PathBuf),
    /// A motion made in the window (an import, a new motion): a tab of its own.
    AddMotion(Box<crate::edit::Document>),
    /// Go on after a tab was saved, or its edits let go.
    Then(Then),
    /// Ask where to save a motion tab (Save As).
    AskSavePath(TabId),
    /// Open a file in a tab (a motion, an archive), or bring in one to import.
    Open(PathBuf),
    /// Put a sound or LED file (or an archive's entries that go with the motion) on the
    /// tracks of the motion in front.
    AddTrack(PathBuf),
    /// Play MIDI sounds through this SoundFont (None: the system's, or the built-in voice).
    SetSoundFont(Option<PathBuf>),
    /// Open a behaviour a command table lists: its motion, with its sound and LED pattern
    /// on the motion's tracks.
    OpenBehaviour(Box<crate::behaviour::table::Listed>),
    /// A file dropped on a track of a motion tab: a sound or LED file goes on that track,
    /// an archive puts on it its entry that goes with the motion.
    DropOnTrack(TabId, PathBuf, crate::behaviour::Track),
    /// Put a part on a track of a motion tab.
    AttachPart(TabId, crate::behaviour::Source, crate::behaviour::Track),
    /// Ask which archive to put a motion tab's motion into (File > Save into Archive…).
    AskArchivePath(TabId),
    /// Ask where and as what to put a motion tab's motion on a stick (File > Add to Stick…).
    AskAddToStick(TabId),
    /// Ask the robot over the air (File > Robot…); its answer comes back as
    /// [`Action::RobotAnswered`].
    Robot(RobotAsk),
    /// What the robot answered.
    RobotAnswered(Box<RobotAnswer>),
    /// Read the robot's pose (at this address) into the motion tab in front.
    RobotPoseIntoFront(String),
    /// Show File > Robot… ready to play this action name or MWCID.
    RobotToPlay(String),
    /// Motion > Find a Walk…: start, stop, its result, or the walk found used.
    FindWalk(FindWalk),
    /// Put a motion tab's motion on a stick as the prompt says.
    AddToStick(Box<crate::app::dialogs::StickPrompt>),
    /// Say in the dialog what putting it on the stick would do, changing nothing.
    DryRunAddToStick(Box<crate::app::dialogs::StickPrompt>),
    /// Hear a sound (an archive's WAV entry, from the picker) through the sound card.
    PreviewSound(crate::behaviour::Source),
    /// Render the MIDI sound on a tab's sound track (through the SoundFont in use).
    RenderSound(TabId),
    /// A MIDI sound rendered in the background.
    SoundRendered(Box<crate::app::state::SoundRendered>),
    /// Open one motion of an archive in a tab.
    OpenEntry {
        /// The archive.
        archive: PathBuf,
        /// The entry's name.
        entry: String,
    },
    /// Bring a tab to the front.
    ActivateTab(TabId),
    /// Close a tab, asking first when it has unsaved edits.
    CloseTab(TabId),
    /// A dialog's answer (Save, Don't Save, Restore, ...).
    Answer(Answer),
    /// Import a file as a new motion tab, with the Import window's options.
    Import(ImportPrompt),
    /// Load the Import window's grid from its map file, or save it there.
    ImportMap(MapFileOp),
    /// Write a motion tab's motion in another format.
    Export(TabId, ExportPrompt),
    /// Show a dialog (or show it again, changed: a dialog's fields change through this).
    Show(Modal),
    /// The Import window's fields changed: show it again, the file mapped again.
    EditImport(ImportPrompt),
    /// An operation dialog's fields changed: show it again, its preview worked out again.
    EditOp(OpPrompt),
    /// Close the dialog.
    CloseModal,
    /// Fill a path field of the open dialog from the system's file dialog.
    Browse(BrowseFor),
    /// Paste text from the system clipboard (egui's `Event::Paste`).
    PasteText(String),
    /// A change to one motion tab.
    Motion(TabId, MotionAction),
    /// Copy one joint's curve of a motion tab (the selected range's keyframes, or all).
    CopyCurve(TabId, usize),
    /// Paste the copied curve onto a joint of a motion tab, from the selected range's first
    /// keyframe (or the first keyframe) on.
    PasteCurve(TabId, usize),
    /// A Motion menu operation on a motion tab, applied as one undo step.
    MotionOp(TabId, OpRequest),
    /// A background operation finished: its result, for the dialog's preview or to apply.
    JobDone(JobDone),
    /// A tab's floor solution is done.
    FloorSolved(Box<super::state::FloorSolved>),
    /// A tab's simulation is done (or was stopped).
    Simulated(Box<super::state::Simulated>),
    /// A sound or LED pattern was read for a tab's track (or could not be).
    PartLoaded(Box<super::state::PartLoaded>),
    /// A change to one archive tab.
    Archive(TabId, ArchiveAction),
    /// A change to one stick tab.
    Stick(TabId, StickAction),
    /// A stick image read in the background: the image, and its stick with the temporary
    /// folder its files are in, or why it does not read.
    StickImageRead(
        std::path::PathBuf,
        Result<super::state::ImageCopied, ImageFailed>,
    ),
    /// A stick image copied out into a folder in the background: the image, the folder, and
    /// what was copied or why not.
    StickImageSaved(
        std::path::PathBuf,
        std::path::PathBuf,
        Result<crate::stick::image::Extracted, ImageFailed>,
    ),
    /// A change to one gait-file tab.
    Gait(TabId, GaitAction),
    /// Show or hide a panel.
    SetPanel(PanelKind, bool),
    /// Several actions, one after another.
    Sequence(Vec<Action>),
    /// Open a menu of the menu bar (from the keyboard), or close it if it is open.
    OpenMenu(TopMenu),
    /// The window's close button (or the desktop) asked to close the window.
    CloseRequested,
    /// The wall-clock time of this frame (s): the playing motion in front moves on to where
    /// the clock says; the others keep the reading and hold their playheads.
    ReadClock(f64),
}

/// A change to a motion tab: its document, what it shows, its playback.
#[derive(Clone, Debug)]
pub enum MotionAction {
    /// Apply an edit as one undo step (or as part of the open gesture).
    Edit {
        /// The undo menu's label.
        label: String,
        /// The change.
        edit: Edit,
    },
    /// Open a gesture: edits until it ends are one undo step (a drag, typing in a field).
    BeginGesture(String),
    /// Close the gesture.
    EndGesture,
    /// Close the gesture under this undo label (a drag named for what it changed).
    EndGestureAs(String),
    /// Close the gesture and take back what it changed (Escape in a field being typed into).
    CancelGesture,
    /// Move the playhead (ms).
    Seek(u64),
    /// Move the playhead to a keyframe's time as it is once the actions before are applied
    /// (a keyframe just dragged along time).
    SeekKeyframe(usize),
    /// Select these points (and their keyframes' rows).
    SelectPoints(BTreeSet<PointId>),
    /// Select a keyframe row (`add`: to the selection, or out of it when already in).
    SelectKeyframe {
        /// The keyframe.
        keyframe: usize,
        /// With it alone, added or taken away (Ctrl), or a run to it (Shift).
        how: crate::app::motion::view::RowPick,
    },
    /// Show or hide a curve.
    SetVisible(Channel, bool),
    /// Show every joint's curve.
    ShowAll,
    /// Hide every curve.
    HideAll,
    /// Show only these joints (or all again, when they already are the only ones).
    Solo(Vec<usize>),
    /// The joint whose limits are drawn (and the pose view highlights).
    Focus(Option<Channel>),
    /// Select a time range (ms), or clear it.
    SetRange(Option<(u64, u64)>),
    /// Show and play the timing the file's frame-rate field implies, or the robot's.
    SetFollowFileRate(bool),
    /// Loop playback.
    SetLooping(bool),
    /// Playback speed.
    SetSpeed(f64),
    /// Change the tracks: move one, take one off, edit the LED pattern (undo steps).
    Track(crate::edit::tracks::TrackEdit),
    /// Select an LED note (None: none).
    SelectLed(Option<usize>),
    /// Change what the stage shows.
    Stage(super::motion::stage::model::StageAction),
    /// Bind two joints (an edit of one moves the other), or free one (None).
    Link(usize, Option<crate::edit::links::Link>),
}

/// A change to a gait-file tab.
#[derive(Clone, Debug)]
pub enum GaitAction {
    /// The model as changed: one undo step, or part of the open gesture.
    Set {
        /// The undo menu's label.
        label: String,
        /// The whole model (a few hundred bytes).
        gait: Box<crate::codec::gait::Gait>,
    },
    /// Open a gesture (a drag): changes until it ends are one undo step.
    BeginGesture(String),
    /// Close the gesture.
    EndGesture,
    /// Make the size header true and add the TOC's count byte.
    Repair,
}

/// What Motion > Find a Walk… asks, and what its search gives back.
#[derive(Clone, Debug)]
pub enum FindWalk {
    /// Start the search the window's settings describe.
    Start(Box<crate::app::dialogs::WalkSearchPrompt>),
    /// Stop it after the generation running.
    Stop,
    /// It ended: the motion tab, and the best walk (none if nothing was scored).
    Found(TabId, Option<Box<crate::ops::generate::search::Scored>>),
    /// Write this walk into the motion tab (as Generate… would, one undo step).
    Use(TabId, Box<crate::ops::generate::Walk>),
}

/// What to ask the robot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RobotAsk {
    /// Connect and show its banner.
    Connect(String),
    /// Play an action name or MWCID.
    Play(String, String),
    /// Read its pose into the motion tab at its playhead.
    Pose(String, TabId),
}

/// What came back from the robot.
#[derive(Clone, Debug)]
pub struct RobotAnswer {
    /// What to say, a line.
    pub said: String,
    /// The pose read, for this motion tab (whole degrees by joint name).
    pub pose: Option<(TabId, Vec<(&'static str, i32)>)>,
}

/// Why a stick image could not be read or copied out (shared: actions are cloned).
pub type ImageFailed = std::sync::Arc<crate::stick::image::ImageError>;

/// A change to a stick tab.
#[derive(Clone, Debug)]
pub enum StickAction {
    /// The behaviours' search and order.
    SetQuery(crate::stick::rows::Query),
    /// Select a behaviour (an index into the stick's behaviours).
    Select(Option<usize>),
    /// Read the stick again and check it, as `stick check` does.
    Check,
    /// Read the stick again.
    Reread,
    /// Copy the stick image the tab shows into this folder, and open the stick there.
    SaveAsFolder(std::path::PathBuf),
}

/// A change to an archive tab.
#[derive(Clone, Debug)]
pub enum ArchiveAction {
    /// The search, filters and order.
    SetQuery(Query),
    /// Select a row (an index into the index's rows), to preview it.
    Select(Option<usize>),
    /// Judge the next motions on the floor, in the background, as `check` does.
    JudgeFloor,
    /// What judging found, for the archive as read at `generation`.
    FloorJudged {
        /// The archive's reading it is for (a rewritten archive is read afresh).
        generation: u64,
        /// Each row's floor warnings and errors.
        judged: crate::edit::archive::FloorJudged,
    },
}

impl Action {
    /// `command` given with the tab `active` in front: the command for it, or, for a tab's
    /// command with no tab open, a word that there is nothing to do it to.
    #[must_use]
    pub fn command(command: UiCommand, active: Option<TabId>) -> Self {
        Command::given(command, active).map_or_else(
            || Self::Say(format!("{}: open a motion first", command.label())),
            Self::Command,
        )
    }
}
