//! Posing on the stage: a handle on each paw and one on the body, dragged to place them
//! (`ops::place`: the legs solved within their limits, the planted paws kept where they are
//! on the floor, the balance kept), each drag one undo step written into the keyframe at the
//! playhead (inserted on its 16 ms frame where there is none). A click on a paw's handle
//! pins or frees it: a pinned paw stays where it is on the floor, a free one goes with the
//! body. Paws the floor has touching are pinned until the user says otherwise.
//!
//! - Paw: drag along the floor; Shift+drag straight up and down.
//! - Body: drag along the floor; Shift+drag up and down; Ctrl+drag turns it (across: yaw,
//!   up and down: pitch); Ctrl+Shift+drag rolls it.

mod bar;
mod gesture;
mod handles;
mod library;
mod spots;

pub use bar::{bar_ui, wanted as bar_wanted};
pub use gesture::{Axis, Grip, Mode, PoseEvent, Posing, partner, slider_value};
pub use handles::handles_ui;
pub use library::{LibraryView, PoseList, library_ui};
pub use spots::{HANDLE_RADIUS, Handle, Handles, narrow, on_screen};
