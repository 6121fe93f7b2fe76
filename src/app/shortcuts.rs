//! The commands' keys: each command's shortcut, the second shortcuts (aliases), and which
//! keys a text field keeps, which a held key repeats, and which only a motion's tab answers.

use super::command::UiCommand;
use egui::{Key, KeyboardShortcut, Modifiers};

/// The commands that are a second shortcut of another: the alias, and the command.
const ALIASES: [(UiCommand, UiCommand); 2] = [
    (UiCommand::RedoAlt, UiCommand::Redo),
    (UiCommand::CommandPaletteAlt, UiCommand::CommandPalette),
];

impl UiCommand {
    /// The keyboard shortcut.
    #[must_use]
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let command = Modifiers::COMMAND;
        let command_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let none = Modifiers::NONE;
        let shortcut = match self {
            Self::New => KeyboardShortcut::new(command, Key::N),
            Self::Open => KeyboardShortcut::new(command, Key::O),
            Self::OpenPath => KeyboardShortcut::new(command_shift, Key::O),
            Self::Import => KeyboardShortcut::new(command, Key::I),
            Self::Export => KeyboardShortcut::new(command, Key::E),
            Self::ExportWebots => KeyboardShortcut::new(command_shift, Key::E),
            Self::AddTrack => KeyboardShortcut::new(command_shift, Key::A),
            Self::Save => KeyboardShortcut::new(command, Key::S),
            Self::SaveAs => KeyboardShortcut::new(command_shift, Key::S),
            Self::CloseTab => KeyboardShortcut::new(command, Key::W),
            Self::NextTab => KeyboardShortcut::new(command, Key::PageDown),
            Self::PreviousTab => KeyboardShortcut::new(command, Key::PageUp),
            Self::Undo => KeyboardShortcut::new(command, Key::Z),
            Self::Redo => KeyboardShortcut::new(command_shift, Key::Z),
            Self::RedoAlt => KeyboardShortcut::new(command, Key::Y),
            Self::Copy => KeyboardShortcut::new(command, Key::C),
            Self::Cut => KeyboardShortcut::new(command, Key::X),
            Self::Paste => KeyboardShortcut::new(command, Key::V),
            Self::DeleteKeyframes => KeyboardShortcut::new(none, Key::Delete),
            Self::InsertKeyframe => KeyboardShortcut::new(none, Key::Insert),
            Self::DuplicateKeyframe => KeyboardShortcut::new(command, Key::D),
            Self::SelectAll => KeyboardShortcut::new(command, Key::A),
            Self::ZoomToFit => KeyboardShortcut::new(command, Key::Num0),
            Self::PlayPause => KeyboardShortcut::new(none, Key::Space),
            Self::GoToStart => KeyboardShortcut::new(none, Key::Home),
            Self::GoToEnd => KeyboardShortcut::new(none, Key::End),
            Self::StepBack => KeyboardShortcut::new(none, Key::ArrowLeft),
            Self::StepForward => KeyboardShortcut::new(none, Key::ArrowRight),
            Self::PreviousKeyframe => KeyboardShortcut::new(none, Key::ArrowUp),
            Self::NextKeyframe => KeyboardShortcut::new(none, Key::ArrowDown),
            Self::NextProblem => KeyboardShortcut::new(none, Key::F8),
            Self::PreviousProblem => KeyboardShortcut::new(Modifiers::SHIFT, Key::F8),
            Self::AddMarker => KeyboardShortcut::new(none, Key::M),
            Self::ToggleLoop => KeyboardShortcut::new(none, Key::L),
            Self::ToggleGhosts => KeyboardShortcut::new(none, Key::G),
            Self::ToggleSimulate => KeyboardShortcut::new(Modifiers::SHIFT, Key::S),
            Self::PreviousMarker => KeyboardShortcut::new(none, Key::OpenBracket),
            Self::NextMarker => KeyboardShortcut::new(none, Key::CloseBracket),
            Self::Quit => KeyboardShortcut::new(command, Key::Q),
            Self::Mirror => KeyboardShortcut::new(command, Key::M),
            Self::Reverse => KeyboardShortcut::new(command, Key::R),
            Self::Retime => KeyboardShortcut::new(command, Key::T),
            Self::DeleteRange => KeyboardShortcut::new(Modifiers::SHIFT, Key::Delete),
            Self::InsertTime => KeyboardShortcut::new(command_shift, Key::T),
            Self::Shape => KeyboardShortcut::new(command, Key::K),
            Self::Simplify => KeyboardShortcut::new(command_shift, Key::K),
            Self::Smooth => KeyboardShortcut::new(command_shift, Key::M),
            Self::Generate => KeyboardShortcut::new(command_shift, Key::G),
            Self::FixSpeed => KeyboardShortcut::new(command_shift, Key::F),
            Self::LargeStage => KeyboardShortcut::new(none, Key::F11),
            Self::CommandPalette => KeyboardShortcut::new(none, Key::F1),
            Self::CommandPaletteAlt => KeyboardShortcut::new(command_shift, Key::P),
            Self::NudgeUp => KeyboardShortcut::new(Modifiers::ALT, Key::ArrowUp),
            Self::NudgeDown => KeyboardShortcut::new(Modifiers::ALT, Key::ArrowDown),
            Self::NudgeUpFine => {
                KeyboardShortcut::new(Modifiers::ALT | Modifiers::SHIFT, Key::ArrowUp)
            }
            Self::NudgeDownFine => {
                KeyboardShortcut::new(Modifiers::ALT | Modifiers::SHIFT, Key::ArrowDown)
            }
            Self::OpenExample
            | Self::Repair
            | Self::OpenFolder
            | Self::Robot
            | Self::ShowMessages
            | Self::RobotRate
            | Self::Postures
            | Self::AppendMotion
            | Self::ConvertModel
            | Self::BodyAngles
            | Self::FindWalk
            | Self::RetimeToSound
            | Self::MarkOnsets
            | Self::SaveSkit
            | Self::ChooseSoundFont
            | Self::Behaviours
            | Self::PasteLegs
            | Self::PasteHead
            | Self::PasteTail
            | Self::PasteMirrored
            | Self::SaveIntoArchive
            | Self::AddToStick
            | Self::ClearRange => return None,
        };
        Some(shortcut)
    }

    /// The command this one is a second shortcut of (Redo's Ctrl+Y), if it is one.
    #[must_use]
    pub fn alias_of(self) -> Option<Self> {
        ALIASES
            .iter()
            .find(|(alias, _)| *alias == self)
            .map(|&(_, of)| of)
    }

    /// Whether the command answers the window's clipboard events rather than a key press
    /// (see the module's note).
    #[must_use]
    pub fn is_clipboard(self) -> bool {
        matches!(self, Self::Copy | Self::Cut | Self::Paste)
    }

    /// Whether the command is a step that each press takes again: two presses that reach
    /// one frame (a quick typist, a window slow to draw) step twice.
    #[must_use]
    pub fn steps(self) -> bool {
        matches!(
            self,
            Self::StepBack
                | Self::StepForward
                | Self::PreviousKeyframe
                | Self::NextKeyframe
                | Self::NextProblem
                | Self::PreviousProblem
                | Self::PreviousMarker
                | Self::NextMarker
                | Self::NudgeUp
                | Self::NudgeDown
                | Self::NudgeUpFine
                | Self::NudgeDownFine
        )
    }

    /// Whether only a motion's tab answers the command, whose plain key another tab may use.
    #[must_use]
    pub fn only_on_a_motion(self) -> bool {
        matches!(
            self,
            Self::PreviousKeyframe
                | Self::NextKeyframe
                | Self::NextProblem
                | Self::PreviousProblem
                | Self::AddMarker
                | Self::PreviousMarker
                | Self::NextMarker
        )
    }

    /// Whether the shortcut must not fire while a text field has the keyboard (so that
    /// Delete, the arrows, Undo and friends keep working inside the text).
    #[must_use]
    pub fn yields_to_text(self) -> bool {
        // A key a text field types (a letter, Shift and a letter, Space, a digit) is the
        // field's: typing "SIT" into a search must not toggle Simulate (Shift+S).
        // (Function keys and Escape type nothing: F1's palette and F11's stage still open.)
        let types = self.shortcut().is_some_and(|s| {
            let function = matches!(
                s.logical_key,
                Key::F1
                    | Key::F2
                    | Key::F3
                    | Key::F4
                    | Key::F5
                    | Key::F6
                    | Key::F7
                    | Key::F8
                    | Key::F9
                    | Key::F10
                    | Key::F11
                    | Key::F12
                    | Key::Escape
            );
            !function
                && !s.modifiers.command
                && !s.modifiers.ctrl
                && !s.modifiers.alt
                && !s.modifiers.mac_cmd
        });
        types
            || matches!(
                self,
                Self::DeleteKeyframes
                    | Self::DeleteRange
                    | Self::InsertKeyframe
                    | Self::PlayPause
                    | Self::GoToStart
                    | Self::GoToEnd
                    | Self::StepBack
                    | Self::StepForward
                    | Self::PreviousKeyframe
                    | Self::NextKeyframe
                    | Self::AddMarker
                    | Self::PreviousMarker
                    | Self::NextMarker
                    | Self::Undo
                    | Self::Redo
                    | Self::RedoAlt
                    | Self::NudgeUp
                    | Self::NudgeDown
                    | Self::NudgeUpFine
                    | Self::NudgeDownFine
                    // Ctrl+A in a field selects its text.
                    | Self::SelectAll
            )
    }
}
