//! Motion tabs: a motion's state ([`tab`], [`view`]), its drawing ([`draw`] and the panels it
//! lays out), and its handling of actions and commands (`apply`, `editing`, [`ops`]: the
//! Motion menu).

mod clip;
mod clipboard;
pub mod draw;
mod editing;
mod export;
pub mod floor;
pub mod floor_job;
mod handle;
mod header_panel;
mod joints_panel;
mod jumps;
pub mod ops;
pub mod palette;
mod problems_panel;
pub mod recorder;
pub mod save;
pub mod simulation;
pub mod simulation_job;
pub mod stage;
pub mod tab;
mod table;
pub mod timeline;
pub mod tracks;
mod transport;
pub mod view;
pub mod widgets;

pub(crate) use header_panel::name_widget;
pub use tab::MotionTab;
pub use widgets::MotionWidgets;
