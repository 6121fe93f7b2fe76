//! The window, driven through egui_kittest as a person would, keys sent the way the real
//! window (egui-winit) sends them: one test binary with a module per part of the window, so
//! the window stack is linked once rather than once per file.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

#[path = "../common/mod.rs"]
mod common;

mod archive_parts;
mod editor_ui;
mod file_menu;
mod first_hour;
mod first_review;
mod gait_window;
mod generating;
mod generating_review;
mod hidden_joints;
mod import_map;
mod layout;
mod led_edit;
mod led_lanes;
mod motion_menu;
mod navigation;
mod on_stage;
mod open_both_ways;
mod paint_cost;
mod palette;
mod panels;
mod paste_special;
mod pose_preview;
mod posing;
mod posing_drags;
mod reaching;
mod real_time;
mod recovery;
mod screenshots;
mod shaping;
mod simulating;
mod snapshots;
mod stick_review;
mod stick_workspace;
mod table_columns;
mod tracks;
mod trusted_edits;
mod values;
mod view_follows;
mod webots;
mod window;
