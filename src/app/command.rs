//! Every user command, with its menu label and keyboard shortcut, in one place: menus,
//! shortcuts and tooltips all read from here (as rerun's `UICommand` does), and a test
//! checks that no two commands share a shortcut.
//!
//! Copy, Cut and Paste are special: the real window (egui-winit) turns Ctrl+C, Ctrl+X and
//! Ctrl+V into `Event::Copy`, `Event::Cut` and `Event::Paste` and drops the key press, so
//! those three answer the events (`keys::clipboard_events`), never a key press.

use egui::{Key, KeyboardShortcut, Modifiers};

/// Declares the commands, each in its scope: the window's own (a dialog, the tabs, quitting)
/// and those of the tab in front (a motion tab's, a gait file's or an archive's handler
/// answers each of them). From one list it makes [`UiCommand`] (every command, for menus,
/// shortcuts and labels) with [`UiCommand::ALL`], [`WindowCommand`] and [`TabCommand`], and
/// the way from the first to the other two: a command added to the list is under the
/// shortcut-clash test, and must be handled in its scope's matches to compile.
macro_rules! commands {
    (
        window { $($(#[doc = $wdoc:literal])+ $window:ident,)* }
        tab { $($(#[doc = $tdoc:literal])+ $tab:ident,)* }
        $(takes $kind:ident $for_kind:ident $place:literal { $($taken:ident,)* })*
    ) => {
        /// A user command.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum UiCommand {
            $($(#[doc = $wdoc])+ $window,)*
            $($(#[doc = $tdoc])+ $tab,)*
        }

        /// A command of the window itself.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum WindowCommand {
            $($(#[doc = $wdoc])+ $window,)*
        }

        /// A command for the tab in front, which its kind handles.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum TabCommand {
            $($(#[doc = $tdoc])+ $tab,)*
        }

        impl UiCommand {
            /// Every command, in the order declared.
            pub const ALL: &'static [Self] = &[$(Self::$window,)* $(Self::$tab,)*];

            /// What the command does, in a line: its declaration's doc comment (its menu
            /// item's tooltip, and what the command palette searches and shows).
            #[must_use]
            pub fn description(self) -> &'static str {
                match self {
                    $(Self::$window => concat!($($wdoc),+).trim_ascii_start(),)*
                    $(Self::$tab => concat!($($tdoc),+).trim_ascii_start(),)*
                }
            }

            /// The command in its scope.
            #[must_use]
            pub fn scope(self) -> Scope {
                match self {
                    $(Self::$window => Scope::Window(WindowCommand::$window),)*
                    $(Self::$tab => Scope::Tab(TabCommand::$tab),)*
                }
            }
        }

        impl From<WindowCommand> for UiCommand {
            fn from(command: WindowCommand) -> Self {
                match command {
                    $(WindowCommand::$window => Self::$window,)*
                }
            }
        }

        impl From<TabCommand> for UiCommand {
            fn from(command: TabCommand) -> Self {
                match command {
                    $(TabCommand::$tab => Self::$tab,)*
                }
            }
        }

        $(
            #[doc = concat!("The commands ", $place, " takes, of the [`TabCommand`]s (a motion's \
                tab takes them all): its handler answers these and no other.")]
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum $kind {
                $(#[doc = concat!("[`TabCommand::", stringify!($taken), "`].")] $taken,)*
            }

            impl $kind {
                /// Every one, in the order declared.
                pub const ALL: &'static [Self] = &[$(Self::$taken,)*];
            }

            impl From<$kind> for TabCommand {
                fn from(command: $kind) -> Self {
                    match command {
                        $($kind::$taken => Self::$taken,)*
                    }
                }
            }

            impl TabCommand {
                #[doc = concat!("The command as ", $place, " takes it; `None` for one it does \
                    not take.")]
                #[must_use]
                pub fn $for_kind(self) -> Option<$kind> {
                    $kind::ALL.iter().copied().find(|taken| Self::from(*taken) == self)
                }
            }
        )*
    };
}

/// A command in its scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The window's own.
    Window(WindowCommand),
    /// The tab in front's.
    Tab(TabCommand),
}

/// A command as the queue carries it: a tab's command names the tab it was given for, so
/// that one queued before a tab switch still reaches its own tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// The window's own.
    Window(WindowCommand),
    /// For this tab.
    Tab(super::state::TabId, TabCommand),
}

impl Command {
    /// `command` given with `tab` in front: `None` for a tab's command with no tab open.
    #[must_use]
    pub fn given(command: UiCommand, tab: Option<super::state::TabId>) -> Option<Self> {
        match command.scope() {
            Scope::Window(window) => Some(Self::Window(window)),
            Scope::Tab(for_tab) => tab.map(|tab| Self::Tab(tab, for_tab)),
        }
    }

    /// The command, whatever its scope.
    #[must_use]
    pub fn command(self) -> UiCommand {
        match self {
            Self::Window(window) => window.into(),
            Self::Tab(_, tab) => tab.into(),
        }
    }
}

commands! {
    window {
        /// A new motion: a model and the posture it starts in.
        New,
        /// Open a motion or archive (file dialog).
        Open,
        /// Open by typing a path.
        OpenPath,
        /// Open a memory stick's folder as a workspace (folder dialog).
        OpenFolder,
        /// The robot over the air: R-CODE's console (play a behaviour, read the pose).
        Robot,
        /// Open the bundled example.
        OpenExample,
        /// Import a Choreonoid or Webots motion, CSV or JSON as a new motion.
        Import,
        /// Put a sound or LED pattern (a file, or an archive's entries that go with the
        /// motion) on the tracks of the motion in front.
        AddTrack,
        /// Choose the SoundFont MIDI sounds play through.
        ChooseSoundFont,
        /// List the behaviours the command tables beside the motion pair, and the naming
        /// rule's candidates for it.
        Behaviours,
        /// Close the tab in front.
        CloseTab,
        /// The next tab.
        NextTab,
        /// The previous tab.
        PreviousTab,
        /// Show the log of messages.
        ShowMessages,
        /// Find any command by name or description and give it (F1).
        CommandPalette,
        /// The command palette (the other common shortcut).
        CommandPaletteAlt,
        /// The stage large, or back in its corner.
        LargeStage,
        /// Quit.
        Quit,
    }
    tab {
        /// Export the motion in another format.
        Export,
        /// Export the motion as a Webots motion (and a Webots project that plays it).
        ExportWebots,
        /// Write the motion's pairing with its tracks (`.skit`) beside it.
        SaveSkit,
        /// Save to where the motion came from (an archive tab: every edited motion of it).
        Save,
        /// Save to a new MTN file.
        SaveAs,
        /// Put the motion into an ODA archive (new or existing) under its name.
        SaveIntoArchive,
        /// Put the motion, with its sound and LED tracks, on a memory stick as a behaviour
        /// R-CODE plays by name.
        AddToStick,
        /// Undo the last edit.
        Undo,
        /// Redo the last undone edit.
        Redo,
        /// Redo (the other common shortcut).
        RedoAlt,
        /// Copy the pose of the keyframe at the playhead (or the selected one), or the
        /// selected time range's keyframes.
        Copy,
        /// Copy the selected keyframe's pose and delete the selected keyframes.
        Cut,
        /// Paste the copied pose onto the keyframe at the playhead (and the selected ones
        /// with it), or into a keyframe made there between keyframes.
        Paste,
        /// Paste the copied pose's legs alone onto the keyframe at the playhead (and the selected ones
        /// with it), or into a keyframe made there between keyframes.
        PasteLegs,
        /// Paste the copied pose's head alone onto the keyframe at the playhead (and the selected ones
        /// with it), or into a keyframe made there between keyframes.
        PasteHead,
        /// Paste the copied pose's tail alone onto the keyframe at the playhead (and the selected ones
        /// with it), or into a keyframe made there between keyframes.
        PasteTail,
        /// Paste the copied pose mirrored left for right onto the keyframe at the playhead (and the selected ones
        /// with it), or into a keyframe made there between keyframes.
        PasteMirrored,
        /// Delete the selected keyframes.
        DeleteKeyframes,
        /// Insert a keyframe at the playhead.
        InsertKeyframe,
        /// Duplicate the selected keyframe.
        DuplicateKeyframe,
        /// Select every keyframe, and every point of the curves shown (the points of hidden
        /// joints are left out).
        SelectAll,
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
        /// The playhead to the keyframe before it.
        PreviousKeyframe,
        /// The playhead to the keyframe after it.
        NextKeyframe,
        /// The playhead to the next problem with a time.
        NextProblem,
        /// The playhead to the problem before it.
        PreviousProblem,
        /// A marker at the playhead.
        AddMarker,
        /// The playhead to the marker before it.
        PreviousMarker,
        /// The playhead to the marker after it.
        NextMarker,
        /// Mirror left and right (the selected range, or the whole motion).
        Mirror,
        /// Reverse (the selected range, or the whole motion).
        Reverse,
        /// Retime (the selected range, or the whole motion).
        Retime,
        /// Put the motion on the robot's 16 ms frames, keeping the frame-rate field's timing.
        RobotRate,
        /// Give the selected range (or the whole motion) a shape, baked into keyframes:
        /// ease in and out, a spline's interpolation or a curve of your own.
        Shape,
        /// The fewest keyframes that keep the motion (the selected range, or all of it).
        Simplify,
        /// A low-pass over the selected range (or the whole motion).
        Smooth,
        /// Lengthen the segments the servos cannot follow (in the selected range, or all).
        FixSpeed,
        /// Make keyframes from a few parameters: a tail wag, a nod, ears, a look around, a
        /// mouth that follows the sound (into the selected range, or the whole motion).
        Generate,
        /// Search for the fastest walk from this motion's pose in the simulation, in the
        /// background, and write the best into the motion.
        FindWalk,
        /// Each keyframe's body pitch and roll as the body rests on the floor.
        BodyAngles,
        /// Retime the motion to end where its sound track ends.
        RetimeToSound,
        /// Mark (or stop marking) where the sound track's sounds begin on the time axis.
        MarkOnsets,
        /// The selected values up 1°.
        NudgeUp,
        /// The selected values down 1°.
        NudgeDown,
        /// The selected values up 0.1°.
        NudgeUpFine,
        /// The selected values down 0.1°.
        NudgeDownFine,
        /// Start and end in standard postures.
        Postures,
        /// Append another open motion.
        AppendMotion,
        /// Convert to another model.
        ConvertModel,
        /// Delete the selected time range's keyframes and their time.
        DeleteRange,
        /// Insert time after the keyframe at the playhead.
        InsertTime,
        /// Clear the time-range selection.
        ClearRange,
        /// Play the motion over and over (or once).
        ToggleLoop,
        /// The robot on the stage where physics puts it on the floor (or where its pose
        /// rests): one switch for every tab.
        ToggleSimulate,
        /// Ghosts of the poses before and after the playhead on the stage (or none).
        ToggleGhosts,
    }
    takes GaitCommand for_gait "a gait file's tab" { Save, Undo, Redo, RedoAlt, Repair, }
    takes ArchiveCommand for_archive "an archive's browser" { Save, }
}

impl TabCommand {
    /// What is said when the tab in front (`here`) takes no such command: which tabs do.
    #[must_use]
    pub fn not_taken(self, here: &str) -> String {
        let takers = if self.for_gait().is_some() {
            "a motion's or a gait file's tab"
        } else {
            "a motion's tab"
        };
        format!("{}: a command of {takers}, not of {here}", self.label())
    }
}

impl WindowCommand {
    /// The menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        UiCommand::from(self).label()
    }
}

impl TabCommand {
    /// The menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        UiCommand::from(self).label()
    }
}

impl UiCommand {
    /// The menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::New => "New Motion…",
            Self::Open => "Open…",
            Self::OpenPath => "Open Path…",
            Self::OpenFolder => "Open Folder…",
            Self::Robot => "Robot…",
            Self::OpenExample => "Open Example",
            Self::Import => "Import…",
            Self::Export => "Export…",
            Self::ExportWebots => "Export for Webots…",
            Self::AddTrack => "Add Sound or LED Pattern…",
            Self::SaveSkit => "Save Skit (Motion, Sound and LED)",
            Self::ChooseSoundFont => "Choose SoundFont for MIDI…",
            Self::Behaviours => "Behaviours…",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::SaveIntoArchive => "Save into Archive…",
            Self::AddToStick => "Add to Stick…",
            Self::CloseTab => "Close Tab",
            Self::NextTab => "Next Tab",
            Self::PreviousTab => "Previous Tab",
            Self::Undo => "Undo",
            Self::Redo | Self::RedoAlt => "Redo",
            Self::Copy => "Copy Pose",
            Self::Cut => "Cut Keyframes",
            Self::Paste => "Paste Pose",
            Self::PasteLegs => "Paste Legs Only",
            Self::PasteHead => "Paste Head Only",
            Self::PasteTail => "Paste Tail Only",
            Self::PasteMirrored => "Paste Mirrored",
            Self::DeleteKeyframes => "Delete Keyframes",
            Self::InsertKeyframe => "Insert Keyframe at Playhead",
            Self::DuplicateKeyframe => "Duplicate Keyframe",
            Self::SelectAll => "Select All",
            Self::Repair => "Repair",
            Self::ZoomToFit => "Zoom to Fit",
            Self::PlayPause => "Play / Pause",
            Self::GoToStart => "Go to Start",
            Self::GoToEnd => "Go to End",
            Self::StepBack => "Back One Frame",
            Self::StepForward => "Forward One Frame",
            Self::PreviousKeyframe => "Previous Keyframe",
            Self::NextKeyframe => "Next Keyframe",
            Self::NextProblem => "Next Problem",
            Self::PreviousProblem => "Previous Problem",
            Self::AddMarker => "Add Marker",
            Self::PreviousMarker => "Previous Marker",
            Self::NextMarker => "Next Marker",
            Self::ShowMessages => "Messages…",
            Self::CommandPalette | Self::CommandPaletteAlt => "Command Palette…",
            Self::Mirror => "Mirror Left/Right",
            Self::Reverse => "Reverse",
            Self::Retime => "Retime…",
            Self::RobotRate => "Retime to Robot Frames (16 ms)",
            Self::Shape => "Shape…",
            Self::Simplify => "Simplify…",
            Self::Smooth => "Smooth…",
            Self::FixSpeed => "Fix Speed",
            Self::Generate => "Generate…",
            Self::FindWalk => "Find a Walk…",
            Self::BodyAngles => "Set Body Angles from the Floor",
            Self::RetimeToSound => "Retime to Sound",
            Self::MarkOnsets => "Mark Sound Onsets",
            Self::LargeStage => "Large Stage",
            Self::NudgeUp => "Nudge Up 1°",
            Self::NudgeDown => "Nudge Down 1°",
            Self::NudgeUpFine => "Nudge Up 0.1°",
            Self::NudgeDownFine => "Nudge Down 0.1°",
            Self::Postures => "Start and End Postures…",
            Self::AppendMotion => "Append Motion…",
            Self::ConvertModel => "Convert to Another Model…",
            Self::DeleteRange => "Delete Range",
            Self::InsertTime => "Insert Time at Playhead…",
            Self::ClearRange => "Clear Range Selection",
            Self::ToggleLoop => "Loop Playback",
            Self::ToggleSimulate => "Simulate on the Floor",
            Self::ToggleGhosts => "Onion Skin (Ghosts)",
            Self::Quit => "Quit",
        }
    }
}

/// The menus of the menu bar, in order. Each opens from the keyboard with Alt and its
/// underlined letter, as on other desktop applications; F10 opens the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TopMenu {
    /// Files and tabs.
    File,
    /// Undo, the clipboard, keyframes.
    Edit,
    /// Whole-motion and range operations.
    Motion,
    /// Panels, zoom, tabs.
    View,
    /// The transport.
    Playback,
    /// The command palette.
    Help,
}

impl TopMenu {
    /// Every menu, in the bar's order.
    pub const ALL: [Self; 6] = [
        Self::File,
        Self::Edit,
        Self::Motion,
        Self::View,
        Self::Playback,
        Self::Help,
    ];

    /// The menu's title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Self::File => "File",
            Self::Edit => "Edit",
            Self::Motion => "Motion",
            Self::View => "View",
            Self::Playback => "Playback",
            Self::Help => "Help",
        }
    }

    /// Alt and the title's first letter, which the bar underlines.
    #[must_use]
    pub fn shortcut(self) -> KeyboardShortcut {
        let key = match self {
            Self::File => Key::F,
            Self::Edit => Key::E,
            Self::Motion => Key::M,
            Self::View => Key::V,
            Self::Playback => Key::P,
            Self::Help => Key::H,
        };
        KeyboardShortcut::new(Modifiers::ALT, key)
    }
}

/// F10: the menu bar's first menu, as on other desktop applications.
pub const MENU_BAR_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F10);

/// What a clipboard event of the window asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromClipboard {
    /// Copy or Cut.
    Command(UiCommand),
    /// Paste this text (the system clipboard's).
    Paste(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let mut shortcuts: Vec<_> = UiCommand::ALL.iter().filter_map(|c| c.shortcut()).collect();
        shortcuts.extend(TopMenu::ALL.iter().map(|m| m.shortcut()));
        shortcuts.push(MENU_BAR_SHORTCUT);
        for (i, a) in shortcuts.iter().enumerate() {
            for b in &shortcuts[i + 1..] {
                assert!(a != b, "two commands use {a:?}");
            }
        }
    }
}
