//! mtn-studio: read, check, repair, edit and write AIBO motions (MTN files and ODA archives).
//!
//! The library holds everything; the binary only parses its command line.

#[cfg(feature = "gui")]
pub mod app;
pub mod behaviour;
pub mod cli;
pub mod codec;
pub mod convert;
pub mod desktop;
pub mod edit;
pub mod example;
pub mod fsutil;
pub mod logging;
pub mod open;
pub mod ops;
pub mod poses;
pub mod presets;
pub mod rcode;
pub mod robot;
pub mod stick;
pub mod words;
