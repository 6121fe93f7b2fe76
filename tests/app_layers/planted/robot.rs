// `robot` (a file beside its folder) declares its modules as the compiler finds them: files
// of its folder, a `#[path]` file, a module for tests only (left out), and a file module
// declared in an inline module.
pub mod servo;
pub mod speed;

#[path = "robot/clock_table.rs"]
pub mod clock;

#[cfg(test)]
mod tests;

mod inline {
    pub mod deep;
}
