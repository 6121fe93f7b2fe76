//! Whether each command can be given now, and why not: the one table the menus grey their
//! items from and the command palette reads its reasons in.

use super::command::UiCommand;
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

impl Situation<'_> {
    /// None where `command` can be given now; else why not, in a line.
    #[must_use]
    pub fn why_not(&self, command: UiCommand) -> Option<&'static str> {
        let active = self.tabs.active();
        let motion = active.and_then(|t| t.motion());
        let open = motion.is_some();
        let keyframes = motion.is_some_and(|m| !m.view.selected_keyframes.is_empty());
        let range = motion.is_some_and(|m| m.view.range_keyframes(m.document.times_ms()).is_some());
        let need = |ok: bool, why: &'static str| (!ok).then_some(why);
        let on_motion = need(open, NO_MOTION);
        let pose = || {
            on_motion
                .or_else(|| need(keyframes, NO_KEYFRAMES))
                .or_else(|| need(self.has_pose, "Copy a pose first (Copy Pose)"))
        };
        match command {
            UiCommand::New
            | UiCommand::Open
            | UiCommand::OpenPath
            | UiCommand::OpenExample
            | UiCommand::Import
            | UiCommand::ChooseSoundFont
            | UiCommand::ShowMessages
            | UiCommand::LargeStage
            | UiCommand::CommandPalette
            | UiCommand::CommandPaletteAlt
            | UiCommand::Quit => None,
            UiCommand::Behaviours | UiCommand::CloseTab => need(active.is_some(), "No tab is open"),
            UiCommand::NextTab | UiCommand::PreviousTab => {
                need(self.tabs.list.len() > 1, "Only one tab is open")
            }
            UiCommand::Save => need(active.is_some(), "Nothing is open to save"),
            UiCommand::Undo => need(self.history().0, "Nothing to undo"),
            UiCommand::Redo | UiCommand::RedoAlt => need(self.history().1, "Nothing to redo"),
            UiCommand::Copy | UiCommand::Cut => {
                on_motion.or_else(|| need(keyframes || range, NO_KEYFRAMES))
            }
            UiCommand::Paste if self.has_clip => on_motion,
            UiCommand::Paste
            | UiCommand::PasteLegs
            | UiCommand::PasteHead
            | UiCommand::PasteTail
            | UiCommand::PasteMirrored => pose(),
            UiCommand::DuplicateKeyframe | UiCommand::DeleteKeyframes => {
                on_motion.or_else(|| need(keyframes, NO_KEYFRAMES))
            }
            UiCommand::NudgeUp
            | UiCommand::NudgeDown
            | UiCommand::NudgeUpFine
            | UiCommand::NudgeDownFine => on_motion.or_else(|| {
                let values = motion.is_some_and(|m| !m.view.selection.is_empty());
                need(values || keyframes, "Select points or keyframes first")
            }),
            UiCommand::RobotRate => on_motion.or_else(|| {
                let odd = motion.is_some_and(|m| !matches!(m.document.motion.frame_rate, 0 | 16));
                need(odd, "The motion is on the robot's 16 ms frames already")
            }),
            UiCommand::FixSpeed => on_motion.or_else(|| {
                let too_fast = motion.is_some_and(|m| {
                    m.document
                        .problems()
                        .iter()
                        .any(|p| p.code == crate::robot::codes::JOINT_SPEED)
                });
                need(too_fast, "No joint moves faster than its servo follows")
            }),
            UiCommand::RetimeToSound | UiCommand::MarkOnsets => on_motion.or_else(|| {
                let sound = motion.is_some_and(|m| m.document.tracks().sound.is_some());
                need(
                    sound,
                    "The motion has no sound track (File > Add Sound or LED Pattern)",
                )
            }),
            UiCommand::AppendMotion => on_motion.or_else(|| {
                need(
                    self.tabs.motions().count() > 1,
                    "Open another motion to append",
                )
            }),
            UiCommand::DeleteRange | UiCommand::ClearRange => {
                on_motion.or_else(|| need(range, NO_RANGE))
            }
            UiCommand::Export
            | UiCommand::ExportWebots
            | UiCommand::SaveSkit
            | UiCommand::SaveAs
            | UiCommand::SaveIntoArchive
            | UiCommand::AddTrack
            | UiCommand::InsertKeyframe
            | UiCommand::Repair
            | UiCommand::ZoomToFit
            | UiCommand::PlayPause
            | UiCommand::GoToStart
            | UiCommand::GoToEnd
            | UiCommand::StepBack
            | UiCommand::StepForward
            | UiCommand::PreviousKeyframe
            | UiCommand::NextKeyframe
            | UiCommand::NextProblem
            | UiCommand::PreviousProblem
            | UiCommand::AddMarker
            | UiCommand::PreviousMarker
            | UiCommand::NextMarker
            | UiCommand::Mirror
            | UiCommand::Reverse
            | UiCommand::Retime
            | UiCommand::Shape
            | UiCommand::Simplify
            | UiCommand::Smooth
            | UiCommand::BodyAngles
            | UiCommand::Postures
            | UiCommand::ConvertModel
            | UiCommand::InsertTime => on_motion,
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
            TabKind::Archive(_) => (None, None),
        }
    }

    /// Whether there is a step to undo, and one to redo.
    fn history(&self) -> (bool, bool) {
        let (undo, redo) = self.undo_labels();
        (undo.is_some(), redo.is_some())
    }
}
