//! Saving a motion's tracks: its skit beside it (which parts, from where, at which offset)
//! and its LED pattern, edited, back into its file or archive entry. Save on the motion
//! saves both when they have changes; File > Save Skit writes the skit whenever asked.

use crate::app::StudioApp;
use crate::app::motion::tracks::apply::skit_path_of;
use crate::app::state::TabId;
use crate::behaviour::skit::{self, PartRef, Skit};
use crate::behaviour::{Data, led_edit};
use crate::edit::{Origin, TracksOnDisk};

impl StudioApp {
    /// Writes the tab's skit beside its motion. Returns whether it was written.
    pub(in crate::app) fn save_skit(&mut self, tab: TabId) -> bool {
        let Some(motion) = self.tabs.motion_mut(tab) else {
            return false;
        };
        let Some(at) = skit_path_of(&motion.document.origin) else {
            self.status
                .say("Save the motion first: its skit is kept beside it");
            return false;
        };
        let (path, entry) = match &motion.document.origin {
            Origin::Entry { archive, entry } => (archive.clone(), Some(entry.clone())),
            Origin::File(path) => (path.clone(), None),
            _ => return false,
        };
        let (sound, led) = motion.document.tracks().references();
        let skit = Skit {
            skit: skit::VERSION,
            motion: PartRef { path, entry },
            sound,
            led,
        };
        match skit::write(&at, &skit) {
            Ok(()) => {
                motion
                    .document
                    .tracks_on_disk(TracksOnDisk::Skit((skit.sound, skit.led)));
                self.status.say(format!("Saved the skit {}", at.display()));
                true
            }
            Err(e) => {
                self.fail("Could not save the skit", format!("{}: {e}", at.display()));
                false
            }
        }
    }

    /// Writes the tab's LED pattern back into its file or archive entry, when it was
    /// edited. Returns whether nothing failed.
    pub(in crate::app) fn save_led(&mut self, tab: TabId) -> bool {
        let Some(motion) = self.tabs.motion_mut(tab) else {
            return false;
        };
        if !motion.document.tracks().led_dirty() {
            return true;
        }
        let Some((source, Data::Led { pattern, .. })) = motion
            .document
            .tracks()
            .led
            .as_ref()
            .map(|p| (&p.source, &p.data))
        else {
            return true;
        };
        let source = source.clone();
        match led_edit::save(&source, pattern) {
            Ok(()) => {
                motion.document.tracks_on_disk(TracksOnDisk::LedWritten);
                self.status
                    .say(format!("Saved the LED pattern {}", source.label()));
                if source.entry.is_some() {
                    self.refresh_archive(&source.path);
                }
                true
            }
            Err(message) => {
                self.fail("Could not save the LED pattern", message);
                false
            }
        }
    }

    /// Saves what of the tab's tracks has changes: the LED pattern, then the skit. Returns
    /// whether nothing failed.
    pub(in crate::app) fn save_tracks(&mut self, tab: TabId) -> bool {
        let Some(motion) = self.tabs.motion_mut(tab) else {
            return true;
        };
        let skit = motion.document.tracks().skit_dirty();
        let led = motion.document.tracks().led_dirty();
        let led_saved = self.save_led(tab);
        let saved = led_saved && (!skit || self.save_skit(tab));
        // Both written: say both (the second message would hide the first).
        if saved
            && skit
            && led
            && let Some(motion) = self.tabs.motion_mut(tab)
            && let Some(led) = &motion.document.tracks().led
        {
            let label = led.source.label();
            self.status.say(format!(
                "Saved the LED pattern {label} and the skit beside the motion"
            ));
        }
        saved
    }
}
