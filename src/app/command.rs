//! Every user command, with its menu label and keyboard shortcut, in one place: menus,
//! shortcuts and tooltips all read from here (as rerun's `UICommand` does).

use egui::{Key, KeyboardShortcut, Modifiers};

/// A user command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiCommand {
    /// Open a motion or archive (file dialog).
    Open,
    /// Save to where the motion came from.
    Save,
    /// Save to a new MTN file.
    SaveAs,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Redo (the other common shortcut).
    RedoAlt,
    /// Delete the selected keyframes.
    DeleteKeyframes,
    /// Copy the selected keyframe's pose.
    CopyPose,
    /// Paste the copied pose onto the selected keyframes.
    PastePose,
    /// Insert a keyframe at the playhead.
    InsertKeyframe,
    /// Duplicate the selected keyframe.
    DuplicateKeyframe,
    /// Repair the motion.
    Repair,
    /// Zoom the timeline to the whole motion.
    ZoomToFit,
    /// Play or pause.
    PlayPause,
    /// Stop and go back to the start.
    GoToStart,
    /// Go to the end.
    GoToEnd,
    /// One 16 ms frame back.
    StepBack,
    /// One 16 ms frame forward.
    StepForward,
    /// Quit.
    Quit,
}

impl UiCommand {
    /// Every command.
    pub const ALL: [Self; 19] = [
        Self::Open,
        Self::Save,
        Self::SaveAs,
        Self::Undo,
        Self::Redo,
        Self::RedoAlt,
        Self::DeleteKeyframes,
        Self::CopyPose,
        Self::PastePose,
        Self::InsertKeyframe,
        Self::DuplicateKeyframe,
        Self::Repair,
        Self::ZoomToFit,
        Self::PlayPause,
        Self::GoToStart,
        Self::GoToEnd,
        Self::StepBack,
        Self::StepForward,
        Self::Quit,
    ];

    /// The menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Open => "Open…",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::Undo => "Undo",
            Self::Redo | Self::RedoAlt => "Redo",
            Self::DeleteKeyframes => "Delete Keyframes",
            Self::CopyPose => "Copy Pose",
            Self::PastePose => "Paste Pose",
            Self::InsertKeyframe => "Insert Keyframe at Playhead",
            Self::DuplicateKeyframe => "Duplicate Keyframe",
            Self::Repair => "Repair",
            Self::ZoomToFit => "Zoom to Fit",
            Self::PlayPause => "Play / Pause",
            Self::GoToStart => "Go to Start",
            Self::GoToEnd => "Go to End",
            Self::StepBack => "Back One Frame",
            Self::StepForward => "Forward One Frame",
            Self::Quit => "Quit",
        }
    }

    /// The keyboard shortcut.
    #[must_use]
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let command = Modifiers::COMMAND;
        let command_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let shortcut = match self {
            Self::Open => KeyboardShortcut::new(command, Key::O),
            Self::Save => KeyboardShortcut::new(command, Key::S),
            Self::SaveAs => KeyboardShortcut::new(command_shift, Key::S),
            Self::Undo => KeyboardShortcut::new(command, Key::Z),
            Self::Redo => KeyboardShortcut::new(command_shift, Key::Z),
            Self::RedoAlt => KeyboardShortcut::new(command, Key::Y),
            Self::DeleteKeyframes => KeyboardShortcut::new(Modifiers::NONE, Key::Delete),
            Self::CopyPose => KeyboardShortcut::new(command, Key::C),
            Self::PastePose => KeyboardShortcut::new(command, Key::V),
            Self::InsertKeyframe => KeyboardShortcut::new(Modifiers::NONE, Key::Insert),
            Self::DuplicateKeyframe => KeyboardShortcut::new(command, Key::D),
            Self::Repair => return None,
            Self::ZoomToFit => KeyboardShortcut::new(command, Key::Num0),
            Self::PlayPause => KeyboardShortcut::new(Modifiers::NONE, Key::Space),
            Self::GoToStart => KeyboardShortcut::new(Modifiers::NONE, Key::Home),
            Self::GoToEnd => KeyboardShortcut::new(Modifiers::NONE, Key::End),
            Self::StepBack => KeyboardShortcut::new(Modifiers::NONE, Key::ArrowLeft),
            Self::StepForward => KeyboardShortcut::new(Modifiers::NONE, Key::ArrowRight),
            Self::Quit => KeyboardShortcut::new(command, Key::Q),
        };
        Some(shortcut)
    }

    /// Whether the shortcut must not fire while a text field has the keyboard (so that
    /// Delete, Ctrl+C and friends keep working inside the text).
    #[must_use]
    pub fn yields_to_text(self) -> bool {
        matches!(
            self,
            Self::DeleteKeyframes
                | Self::CopyPose
                | Self::PastePose
                | Self::InsertKeyframe
                | Self::PlayPause
                | Self::GoToStart
                | Self::GoToEnd
                | Self::StepBack
                | Self::StepForward
                | Self::Undo
                | Self::Redo
                | Self::RedoAlt
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let shortcuts: Vec<_> = UiCommand::ALL.iter().filter_map(|c| c.shortcut()).collect();
        for (i, a) in shortcuts.iter().enumerate() {
            for b in &shortcuts[i + 1..] {
                assert!(a != b, "two commands use {a:?}");
            }
        }
    }
}
