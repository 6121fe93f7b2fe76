//! Whether each command can be given now, and why not: the one table the menus grey their
//! items from and the command palette reads its reasons in.

use super::command::{Scope, TabCommand, UiCommand, WindowCommand};
use super::motion::MotionTab;
use super::tabs::{TabKind, Tabs};

/// What decides which commands can be given: the tabs and the clipboard.
#[derive(Clone, Copy)]
pub struct Situation<'a> {
    /// The open tabs.
    pub tabs: &'a Tabs,
    /// Whether a pose has been copied.
    pub has_pose: bool,
    /// Whether keyframes (a time range) have been copied, more recently than any pose.
    pub has_clip: bool,
}

/// Why a command of a motion cannot be given with no motion in front.
const NO_MOTION: &str = "Open a motion first";
/// Why a command of the selected keyframes cannot be given.
const NO_KEYFRAMES: &str = "Select keyframes first (click a point or a row of the table)";
/// Why a command of the time range cannot be given.
const NO_RANGE: &str = "Select a time range first (drag along the strip above the timeline)";

/// Why Retime to Robot Frames cannot be given.
const ON_ROBOT_FRAMES: &str = "The motion is on the robot's 16 ms frames already";
/// Why Fix Speed cannot be given.
const NONE_TOO_FAST: &str = "No joint moves faster than its servo follows";
/// Why the commands of the sound track cannot be given.
const NO_SOUND: &str = "The motion has no sound track (File > Add Sound or LED Pattern)";
/// Why Append Motion cannot be given.
const NO_OTHER_MOTION: &str = "Open another motion to append";

/// Whether a motion has a sound track.
fn has_sound(motion: &MotionTab) -> bool {
    motion.document.tracks().sound.is_some()
}

/// None where `ok`; else `why`.
fn need(ok: bool, why: &'static str) -> Option<&'static str> {
    (!ok).then_some(why)
}

/// Whether keyframes are selected in a motion's tab, and whether a time range is.
fn selected(motion: &MotionTab) -> (bool, bool) {
    let keyframes = !motion.view.selected_keyframes.is_empty();
    let range = motion
        .view
        .range_keyframes(motion.document.times_ms())
        .is_some();
    (keyframes, range)
}

/// Whether a motion's frame-rate field asks for frames other than the robot's 16 ms.
fn off_robot_frames(motion: &MotionTab) -> bool {
    !matches!(motion.document.motion.frame_rate, 0 | 16)
}

/// Whether a joint of the motion moves faster than its servo follows.
fn too_fast(motion: &MotionTab) -> bool {
    motion
        .document
        .problems()
        .iter()
        .any(|p| p.code == crate::robot::codes::JOINT_SPEED)
}

impl Situation<'_> {
    /// None where `command` can be given now; else why not, in a line.
    #[must_use]
    pub fn why_not(&self, command: UiCommand) -> Option<&'static str> {
        match command.scope() {
            Scope::Window(command) => self.why_not_window(command),
            Scope::Tab(command) => self.why_not_tab(command),
        }
    }

    /// [`Self::why_not`] for a command of the window.
    fn why_not_window(&self, command: WindowCommand) -> Option<&'static str> {
        let active = self.tabs.active();
        match command {
            WindowCommand::New
            | WindowCommand::Open
            | WindowCommand::OpenPath
            | WindowCommand::OpenFolder
            | WindowCommand::Robot
            | WindowCommand::OpenExample
            | WindowCommand::Import
            | WindowCommand::ChooseSoundFont
            | WindowCommand::ShowMessages
            | WindowCommand::LargeStage
            | WindowCommand::CommandPalette
            | WindowCommand::CommandPaletteAlt
            | WindowCommand::Quit => None,
            WindowCommand::Behaviours | WindowCommand::CloseTab => {
                need(active.is_some(), "No tab is open")
            }
            WindowCommand::NextTab | WindowCommand::PreviousTab => {
                need(self.tabs.list.len() > 1, "Only one tab is open")
            }
            WindowCommand::AddTrack => need(active.and_then(|t| t.motion()).is_some(), NO_MOTION),
        }
    }

    /// [`Self::why_not`] for a command of the tab in front.
    fn why_not_tab(&self, command: TabCommand) -> Option<&'static str> {
        let active = self.tabs.active();
        let motion = active.and_then(|t| t.motion());
        let (keyframes, range) = motion.map_or((false, false), selected);
        let on_motion = need(motion.is_some(), NO_MOTION);
        // A pose pastes anywhere: between keyframes it goes into one made at the playhead.
        let pose = || on_motion.or_else(|| need(self.has_pose, "Copy a pose first (Copy Pose)"));
        match command {
            TabCommand::Save => need(active.is_some(), "Nothing is open to save"),
            TabCommand::Undo => need(self.history().0, "Nothing to undo"),
            TabCommand::Redo | TabCommand::RedoAlt => need(self.history().1, "Nothing to redo"),
            TabCommand::Copy | TabCommand::Cut => {
                on_motion.or_else(|| need(keyframes || range, NO_KEYFRAMES))
            }
            TabCommand::Paste if self.has_clip => on_motion,
            TabCommand::Paste
            | TabCommand::PasteLegs
            | TabCommand::PasteHead
            | TabCommand::PasteTail
            | TabCommand::PasteMirrored => pose(),
            TabCommand::SelectAll => on_motion.or_else(|| {
                let any = motion.is_some_and(|m| !m.document.motion.keyframes.is_empty());
                need(any, "The motion has no keyframes")
            }),
            TabCommand::DuplicateKeyframe | TabCommand::DeleteKeyframes => {
                on_motion.or_else(|| need(keyframes, NO_KEYFRAMES))
            }
            TabCommand::NudgeUp
            | TabCommand::NudgeDown
            | TabCommand::NudgeUpFine
            | TabCommand::NudgeDownFine => on_motion.or_else(|| {
                let values = motion.is_some_and(|m| !m.view.selection.is_empty());
                need(values || keyframes, "Select points or keyframes first")
            }),
            TabCommand::RobotRate => {
                on_motion.or_else(|| need(motion.is_some_and(off_robot_frames), ON_ROBOT_FRAMES))
            }
            TabCommand::FixSpeed => {
                on_motion.or_else(|| need(motion.is_some_and(too_fast), NONE_TOO_FAST))
            }
            TabCommand::RetimeToSound | TabCommand::MarkOnsets => {
                on_motion.or_else(|| need(motion.is_some_and(has_sound), NO_SOUND))
            }
            TabCommand::AppendMotion => {
                on_motion.or_else(|| need(self.tabs.motions().count() > 1, NO_OTHER_MOTION))
            }
            TabCommand::DeleteRange | TabCommand::ClearRange => {
                on_motion.or_else(|| need(range, NO_RANGE))
            }
            TabCommand::Export
            | TabCommand::ExportWebots
            | TabCommand::SaveSkit
            | TabCommand::SaveAs
            | TabCommand::SaveIntoArchive
            | TabCommand::AddToStick
            | TabCommand::InsertKeyframe
            | TabCommand::Repair
            | TabCommand::ZoomToFit
            | TabCommand::PlayPause
            | TabCommand::GoToStart
            | TabCommand::GoToEnd
            | TabCommand::StepBack
            | TabCommand::StepForward
            | TabCommand::PreviousKeyframe
            | TabCommand::NextKeyframe
            | TabCommand::NextProblem
            | TabCommand::PreviousProblem
            | TabCommand::AddMarker
            | TabCommand::PreviousMarker
            | TabCommand::NextMarker
            | TabCommand::Mirror
            | TabCommand::Reverse
            | TabCommand::Retime
            | TabCommand::Shape
            | TabCommand::Simplify
            | TabCommand::Smooth
            | TabCommand::Generate
            | TabCommand::FindWalk
            | TabCommand::BodyAngles
            | TabCommand::Postures
            | TabCommand::ConvertModel
            | TabCommand::InsertTime
            | TabCommand::ToggleLoop
            | TabCommand::ToggleSimulate
            | TabCommand::ToggleGhosts => on_motion,
        }
    }

    /// Whether `command` can be given now.
    #[must_use]
    pub fn allows(&self, command: UiCommand) -> bool {
        self.why_not(command).is_none()
    }

    /// The labels of the steps Undo and Redo would take in the document in front (a motion,
    /// a gait file).
    #[must_use]
    pub fn undo_labels(&self) -> (Option<&str>, Option<&str>) {
        let Some(tab) = self.tabs.active() else {
            return (None, None);
        };
        match &tab.kind {
            TabKind::Motion(..) => tab.motion().map_or((None, None), |m| {
                let history = m.document.history();
                (history.undo_label(), history.redo_label())
            }),
            TabKind::Gait(gait) => (gait.history().undo_label(), gait.history().redo_label()),
            TabKind::Archive(_) | TabKind::Stick(_) => (None, None),
        }
    }

    /// Whether there is a step to undo, and one to redo.
    fn history(&self) -> (bool, bool) {
        let (undo, redo) = self.undo_labels();
        (undo.is_some(), redo.is_some())
    }
}
