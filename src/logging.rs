//! Log output (of mtn-studio and of the crates under it: eframe, wgpu, winit, rfd) on
//! stderr, filtered by `RUST_LOG` (errors only by default), so a window that fails to start
//! says why. Errors of the file-dialog crate are also kept, so that the window can tell a
//! dialog the user cancelled from one that never appeared ([`take_dialog_errors`]).

use std::sync::Mutex;

/// The crate whose errors say that a file dialog could not be shown.
const DIALOG_TARGET: &str = "rfd";

static DIALOG_ERRORS: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Logger {
    inner: env_logger::Logger,
}

impl log::Log for Logger {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        self.inner.enabled(metadata) || is_dialog_error(metadata)
    }

    fn log(&self, record: &log::Record<'_>) {
        if is_dialog_error(record.metadata())
            && let Ok(mut errors) = DIALOG_ERRORS.lock()
        {
            errors.push(record.args().to_string());
        }
        if self.inner.matches(record) {
            self.inner.log(record);
        }
    }

    fn flush(&self) {
        self.inner.flush();
    }
}

fn is_dialog_error(metadata: &log::Metadata<'_>) -> bool {
    metadata.level() <= log::Level::Error && metadata.target().starts_with(DIALOG_TARGET)
}

/// Installs the logger (once; later calls do nothing).
pub fn init() {
    let inner = env_logger::Builder::new()
        .filter_level(log::LevelFilter::Error)
        .parse_default_env()
        .build();
    let level = inner.filter().max(log::LevelFilter::Error);
    if log::set_boxed_logger(Box::new(Logger { inner })).is_ok() {
        log::set_max_level(level);
    }
}

/// The errors the file-dialog crate logged since the last call (empty when the logger is
/// not installed).
#[must_use]
pub fn take_dialog_errors() -> Vec<String> {
    DIALOG_ERRORS
        .lock()
        .map(|mut errors| std::mem::take(&mut *errors))
        .unwrap_or_default()
}
