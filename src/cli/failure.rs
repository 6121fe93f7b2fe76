//! How a command ends: its exit codes, and a failure's message and code.

/// Exit code: everything clean.
pub const EXIT_OK: u8 = 0;
/// Exit code: problems were found (check), or the command could not do what was asked.
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit code: an input could not be read at all (not MTN, encrypted, cut off, missing).
pub const EXIT_UNREADABLE: u8 = 2;

/// A command's failure: what to print on stderr and the exit code.
#[derive(Debug)]
pub struct Failure {
    /// The exit code.
    pub code: u8,
    /// The message, which names the file.
    pub message: String,
}

impl Failure {
    /// An input that cannot be read (exit 2).
    #[must_use]
    pub fn unreadable(message: String) -> Self {
        Self {
            code: EXIT_UNREADABLE,
            message,
        }
    }

    /// A request that cannot be carried out as given (exit 1).
    #[must_use]
    pub fn usage(message: String) -> Self {
        Self {
            code: EXIT_PROBLEMS,
            message,
        }
    }

    /// Standard output could not be written. A reader that closed the pipe early (`| head`)
    /// got what it wanted: that ends quietly with exit 0.
    #[must_use]
    pub fn output(error: &std::io::Error) -> Self {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            Self {
                code: EXIT_OK,
                message: String::new(),
            }
        } else {
            Self::usage(format!("cannot write output: {error}"))
        }
    }
}
