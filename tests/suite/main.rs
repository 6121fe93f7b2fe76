//! Every integration test but the window's (`tests/gui`), the layer rules (`tests/app_layers`)
//! and the mutation test (its own counting allocator): the library, the codec over real
//! files, the floor and the simulation, the command line as a process, the docs and the
//! dependencies. One test binary with a module per subject, so the library is linked once
//! rather than once per file.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

#[path = "../common/mod.rs"]
mod common;

mod audio_sync;
mod body_motion;
mod cli;
mod cli_floor;
mod cli_ops;
mod cli_shaping;
mod corpus_mtn;
mod dependencies;
mod desktop;
mod docs;
mod example_asset;
mod floor;
mod gait;
mod generate;
mod line_endings;
mod motion_ops;
mod oda;
mod playback;
mod problem_codes;
mod registry;
mod robot;
mod roundtrip_props;
mod safety;
mod shaping;
mod simulate;
mod skit;
mod sound;
mod stick_edit;
mod stick_image;
mod sticks;
mod ticks;
mod webots;
