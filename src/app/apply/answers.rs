//! Carrying out a dialog's answer, and what comes after a save or a "Don't Save".

use crate::app::StudioApp;
use crate::app::state::{Answer, Then};
use crate::app::tabs::TabKind;
use crate::words::plural;

impl StudioApp {
    /// Carries out what a dialog's button answered.
    pub(in crate::app) fn answer(&mut self, answer: Answer) {
        match answer {
            Answer::Save {
                tab,
                to,
                confirmed,
                then,
            } => self.save(tab, to.as_deref(), confirmed, then),
            Answer::SaveArchive { tab, confirmed } => self.save_archive(tab, confirmed),
            Answer::LetGo(then) => self.then(then),
            Answer::Restore(copies) => {
                for copy in copies {
                    match crate::app::recovery::restore(&copy) {
                        Ok(document) => {
                            self.status
                                .say(format!("Restored {} (unsaved)", document.tab_title()));
                            self.tabs
                                .add(TabKind::Motion(Box::new(crate::app::MotionTab::new(
                                    document,
                                ))));
                            crate::app::recovery::remove(&copy);
                        }
                        Err(e) => self.status.say(format!("Could not restore: {e}")),
                    }
                }
            }
            Answer::DiscardRecovered(copies) => {
                for copy in &copies {
                    crate::app::recovery::remove(copy);
                }
                self.status.say(format!(
                    "Discarded {}",
                    plural(copies.len(), "recovery copy", "recovery copies")
                ));
            }
        }
    }

    /// Goes on after a tab was saved, or its edits let go.
    pub(in crate::app) fn then(&mut self, then: Then) {
        match then {
            Then::CloseTab(id) => self.tabs.remove(id),
            Then::Quit(let_go) => self.quit(let_go),
        }
    }
}
