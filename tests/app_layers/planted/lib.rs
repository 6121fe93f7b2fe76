// A fixture crate for the layer test (not compiled): the `app` tree with its planted loop,
// and a `robot` folder with a loop planted between two of its modules, among text that a
// reader of text alone would take for imports.
#[cfg(feature = "gui")]
pub mod app;
pub mod robot;
