//! What the window says: the latest message about the tab in front in the status bar (whole
//! on hover), and every message of the session in a log (View > Messages…).

use super::TabId;

/// How many messages the log keeps.
const LOG_MAX: usize = 500;

/// The window's messages.
#[derive(Clone, Debug, Default)]
pub struct Status {
    log: Vec<String>,
    /// For each message of the log up to `filed`, the tab that was in front once it was
    /// said (`None`: no tab was open), so that the status bar follows the tab in front.
    tabs: Vec<Option<TabId>>,
    /// For each filed message, the revision of the motion in front then: a later edit
    /// makes it old news, and the status bar stops showing it.
    revisions: Vec<Option<u64>>,
    /// For each message of the log, whether it is a floor's verdict (those are shown beside
    /// the latest message, from `verdicts`, not as it).
    is_verdict: Vec<bool>,
    /// Each motion tab's latest floor verdict: the revision it judged, whether the stage
    /// simulated, and what it said.
    verdicts: Vec<(TabId, u64, bool, String)>,
    /// Work under way in the background, by a key of its own, and what it is: shown in the
    /// status bar whatever tab is in front until it ends (a line in the log said it went
    /// on after it had ended, filed under the tab in front when it began).
    under_way: Vec<(String, String)>,
}

impl Status {
    /// Says something: it shows in the status bar and goes into the log.
    pub fn say(&mut self, message: impl Into<String>) {
        let message = message.into();
        if message.is_empty() {
            return;
        }
        self.push(message, false);
    }

    /// Forgets the verdicts of tabs no longer open (`open`: whether a tab is).
    pub fn forget_closed(&mut self, open: impl Fn(TabId) -> bool) {
        self.verdicts.retain(|(tab, ..)| open(*tab));
    }

    /// Work `key` began in the background: `line` says what it is until [`Self::ended`].
    pub fn began(&mut self, key: String, line: String) {
        self.under_way.retain(|(k, _)| *k != key);
        self.under_way.push((key, line));
    }

    /// Work `key` ended (its result says the rest).
    pub fn ended(&mut self, key: &str) {
        self.under_way.retain(|(k, _)| k != key);
    }

    /// What is under way in the background, oldest first.
    pub fn under_way(&self) -> impl Iterator<Item = &str> {
        self.under_way.iter().map(|(_, line)| line.as_str())
    }

    /// Says the floor's verdict on tab `tab`'s motion at `revision` (`simulating`: the stage
    /// simulates): the status bar shows it beside the latest message while the motion and
    /// the switch stay so; the log has it too.
    pub fn say_verdict(&mut self, tab: TabId, revision: u64, simulating: bool, line: String) {
        self.verdicts.retain(|(t, ..)| *t != tab);
        self.verdicts
            .push((tab, revision, simulating, line.clone()));
        self.push(line, true);
    }

    fn push(&mut self, message: String, verdict: bool) {
        if self.log.len() == LOG_MAX {
            self.log.remove(0);
            self.is_verdict.remove(0);
            if !self.tabs.is_empty() {
                self.tabs.remove(0);
                self.revisions.remove(0);
            }
        }
        self.log.push(message);
        self.is_verdict.push(verdict);
    }

    /// The floor's verdict on `tab`'s motion as it is (`revision`, `simulating`), if said.
    #[must_use]
    pub fn verdict_for(&self, tab: TabId, revision: u64, simulating: bool) -> Option<&str> {
        self.verdicts
            .iter()
            .find(|(t, r, s, _)| (*t, *r, *s) == (tab, revision, simulating))
            .map(|(.., line)| line.as_str())
    }

    /// Files the messages said since the last call under `tab`, the tab in front now that
    /// they have been said, whose motion is at `revision` (the window calls it after each
    /// action and each frame).
    pub fn file_under(&mut self, tab: Option<TabId>, revision: Option<u64>) {
        self.tabs.resize(self.log.len(), tab);
        self.revisions.resize(self.log.len(), revision);
    }

    /// The latest message.
    #[must_use]
    pub fn latest(&self) -> &str {
        self.log.last().map_or("", String::as_str)
    }

    /// The latest message about `tab`: said with it in front, or not filed yet; empty if
    /// there is none, or if the motion has been edited since it was said (its `revision`
    /// now is another), so that an old message does not stand beside a newer edit.
    #[must_use]
    pub fn latest_for(&self, tab: Option<TabId>, revision: Option<u64>) -> &str {
        let filed = self.tabs.len();
        let said = |i: usize| !self.is_verdict.get(i).copied().unwrap_or(false);
        if let Some(unfiled) = (filed..self.log.len()).rev().find(|&i| said(i)) {
            return &self.log[unfiled];
        }
        self.log
            .iter()
            .zip(self.tabs.iter().zip(&self.revisions))
            .enumerate()
            .rev()
            .filter(|&(i, _)| said(i))
            .map(|(_, entry)| entry)
            .find(|(_, (t, _))| **t == tab)
            .filter(|(_, (_, said_at))| said_at.is_none() || **said_at == revision)
            .map_or("", |(message, _)| message.as_str())
    }

    /// Every message, oldest first.
    #[must_use]
    pub fn log(&self) -> &[String] {
        &self.log
    }
}

/// The status bar: what is open and where the playhead is, then the latest message (cut to
/// the bar's width; hover for the whole of it, the log for every one).
/// `active`: the tab in front, its motion's revision, and whether its stage simulates (the
/// floor's verdict on the motion as it is follows the latest message).
pub fn status_ui(
    ui: &mut egui::Ui,
    facts: &str,
    status: &Status,
    active: (Option<TabId>, Option<u64>, bool),
    sound_off: Option<&str>,
) {
    ui.horizontal(|ui| {
        if let Some(reason) = sound_off {
            ui.label(egui::RichText::new("Sound off").color(ui.visuals().warn_fg_color))
                .on_hover_text(format!(
                    "The sound track is not heard: {reason}. Playback, scrubbing and the \
                     tracks work as ever."
                ));
            ui.separator();
        }
        if !facts.is_empty() {
            ui.label(facts);
            ui.separator();
        }
        for line in status.under_way() {
            ui.spinner();
            ui.label(egui::RichText::new(line).weak());
            ui.separator();
        }
        let latest = status.latest_for(active.0, active.1);
        let verdict = active
            .0
            .zip(active.1)
            .and_then(|(tab, revision)| status.verdict_for(tab, revision, active.2));
        let line = match verdict {
            Some(verdict) if !latest.is_empty() => format!("{latest}  ·  {verdict}"),
            Some(verdict) => verdict.to_owned(),
            None => latest.to_owned(),
        };
        ui.add(egui::Label::new(&line).truncate())
            .on_hover_text(&line);
    });
}

/// The log window's contents.
pub fn log_ui(ui: &mut egui::Ui, status: &Status) {
    egui::ScrollArea::vertical()
        .max_height(400.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in status.log() {
                ui.add(egui::Label::new(line).wrap());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::Status;

    #[test]
    fn a_closed_tabs_verdict_is_forgotten_and_work_under_way_ends() {
        let mut status = Status::default();
        status.say_verdict(1, 7, false, "stands".to_owned());
        status.say_verdict(2, 9, true, "falls".to_owned());
        status.forget_closed(|tab| tab == 1);
        assert_eq!(status.verdict_for(1, 7, false), Some("stands"));
        assert_eq!(status.verdict_for(2, 9, true), None);
        status.began("a".to_owned(), "Reading a…".to_owned());
        status.began("b".to_owned(), "Reading b…".to_owned());
        status.ended("a");
        assert_eq!(status.under_way().collect::<Vec<_>>(), ["Reading b…"]);
    }
}
