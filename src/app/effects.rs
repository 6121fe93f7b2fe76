//! What handling an action leaves for the window to do: lines for the status bar, a dialog
//! to open, actions to apply next and work to run off the window's thread. Each feature
//! handles its own actions against its own state and says what else should happen here,
//! rather than reaching into the window (rerun's views and their command handling; the
//! egui demo app's `run_cmd`). The window takes the effects after each action.

use super::action::Action;
use super::dialogs::Modal;

/// Work to run on a thread of its own; what it returns is applied as an action.
pub type Job = Box<dyn FnOnce() -> Action + Send>;

/// What handling an action leaves for the window.
#[derive(Default)]
pub struct Effects {
    /// Lines for the status bar (and the message log), in order.
    pub said: Vec<String>,
    /// What the floor says of the motion now (the simulation's verdict, or why it is the
    /// body at rest's), and whether the stage simulates: shown beside the latest message,
    /// not instead of it, while the motion stays as it was judged.
    pub verdict: Option<(bool, String)>,
    /// A dialog to open (the last asked for wins).
    pub modal: Option<Modal>,
    /// Close the open dialog.
    pub close_modal: bool,
    /// Actions to apply next, before the rest of the frame's.
    pub then: Vec<Action>,
    /// Work to run off the window's thread.
    pub jobs: Vec<Job>,
    /// Text to put on the system clipboard.
    pub copy_text: Option<String>,
    /// Background work begun (its key and what it is) or ended (its key alone).
    pub under_way: Vec<(String, Option<String>)>,
}

impl Effects {
    /// Says something in the status bar.
    pub fn say(&mut self, line: impl Into<String>) {
        self.said.push(line.into());
    }

    /// Adds `words` to the end of what was said last (or says them, where nothing was).
    pub fn say_more(&mut self, words: &str) {
        match self.said.last_mut() {
            Some(last) => last.push_str(words),
            None => self.say(words.trim_start_matches("; ")),
        }
    }

    /// Says the floor's verdict on the motion (`simulating`: the stage shows the simulation).
    pub fn verdict(&mut self, simulating: bool, line: impl Into<String>) {
        self.verdict = Some((simulating, line.into()));
    }

    /// Opens a dialog.
    pub fn show(&mut self, modal: Modal) {
        self.modal = Some(modal);
    }

    /// Says that something failed: a dialog naming what and why, and the message log.
    pub fn fail(&mut self, title: &str, message: String) {
        self.say(format!("{title}: {message}"));
        self.show(Modal::Error {
            title: title.to_owned(),
            message,
        });
    }

    /// Applies `action` next.
    pub fn then(&mut self, action: Action) {
        self.then.push(action);
    }

    /// Puts `text` on the system clipboard.
    pub fn copy_text(&mut self, text: String) {
        self.copy_text = Some(text);
    }

    /// Closes the open dialog.
    pub fn close_modal(&mut self) {
        self.close_modal = true;
    }

    /// Says work `key` is under way (`line`: what it is) until [`Self::ended`] says it ended.
    pub fn began(&mut self, key: impl Into<String>, line: impl Into<String>) {
        self.under_way.push((key.into(), Some(line.into())));
    }

    /// Work `key` ended.
    pub fn ended(&mut self, key: impl Into<String>) {
        self.under_way.push((key.into(), None));
    }

    /// Runs `job` off the window's thread; its result is applied when it is done.
    pub fn spawn(&mut self, job: impl FnOnce() -> Action + Send + 'static) {
        self.jobs.push(Box::new(job));
    }
}

impl std::fmt::Debug for Effects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Effects")
            .field("said", &self.said)
            .field("verdict", &self.verdict)
            .field("modal", &self.modal)
            .field("then", &self.then)
            .field("jobs", &self.jobs.len())
            .finish_non_exhaustive()
    }
}
