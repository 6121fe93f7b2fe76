//! Saving a motion's tracks: its skit beside it (which parts, from where, at which offset)
//! and its LED pattern, edited, back into its file or archive entry. Save on the motion
//! saves both when they have changes; File > Save Skit writes the skit whenever asked.

use super::handle::skit_path_of;
use crate::app::action::Action;
use crate::app::effects::Effects;
use crate::app::motion::MotionTab;
use crate::behaviour::skit::{self, PartRef, Skit};
use crate::behaviour::{Data, led_edit};
use crate::edit::{Origin, TracksOnDisk};

impl MotionTab {
    /// Writes the skit beside the motion. Returns whether it was written.
    pub fn save_skit(&mut self, fx: &mut Effects) -> bool {
        let Some(at) = skit_path_of(&self.document.origin) else {
            fx.say("Save the motion first: its skit is kept beside it");
            return false;
        };
        let (path, entry) = match &self.document.origin {
            Origin::Entry { archive, entry } => (archive.clone(), Some(entry.clone())),
            Origin::File(path) => (path.clone(), None),
            Origin::Unsaved { .. } | Origin::Converted { .. } => return false,
        };
        let refs = self.document.tracks().references();
        let skit = Skit {
            skit: skit::VERSION,
            motion: PartRef { path, entry },
            sound: refs.sound.clone(),
            led: refs.led.clone(),
            markers: refs.markers.clone(),
        };
        match skit::write(&at, &skit) {
            Ok(()) => {
                self.document.tracks_on_disk(TracksOnDisk::Skit(refs));
                // What a skit is, said (the review: Ctrl+S after adding a marker wrote
                // "only the skit"; the motion's file has no room for a marker).
                fx.say(format!(
                    "Saved the skit {} (the markers and the tracks, which the motion's own \
                     file has no room for)",
                    at.display()
                ));
                true
            }
            Err(e) => {
                fx.fail("Could not save the skit", format!("{}: {e}", at.display()));
                false
            }
        }
    }

    /// Writes the LED pattern back into its file or archive entry, when it was edited.
    /// Returns whether nothing failed.
    pub fn save_led(&mut self, fx: &mut Effects) -> bool {
        let tracks = self.document.tracks();
        if !tracks.led_dirty() {
            return true;
        }
        let Some((source, Data::Led { pattern, .. })) =
            tracks.led.as_ref().map(|p| (&p.source, &p.data))
        else {
            return true;
        };
        let source = source.clone();
        match led_edit::save(&source, pattern) {
            Ok(()) => {
                self.document.tracks_on_disk(TracksOnDisk::LedWritten);
                fx.say(format!("Saved the LED pattern {}", source.label()));
                if source.entry.is_some() {
                    fx.then(Action::ArchiveWritten(source.path.clone()));
                }
                true
            }
            Err(message) => {
                fx.fail("Could not save the LED pattern", message.to_string());
                false
            }
        }
    }

    /// After the motion itself was written (Save, Save As, Save into Archive): its tracks
    /// too, those with changes, and the skit wherever the motion `moved` to a new home (the
    /// skit is kept beside it). Returns what of them was written, as words to end the
    /// caller's one line with (each part's own line would hide the motion's), or `None`
    /// when one failed (said).
    pub fn save_tracks_with_motion(
        &mut self,
        moved: bool,
        fx: &mut Effects,
    ) -> Option<&'static str> {
        let tracks = self.document.tracks();
        if tracks.is_empty() && !tracks.is_dirty() {
            return Some("");
        }
        let led = tracks.led_dirty();
        let skit = (moved && !tracks.is_empty()) || tracks.skit_dirty();
        let saved = self.save_led(fx) && (!skit || self.save_skit(fx));
        saved.then_some(match (led, skit) {
            (false, false) => "",
            (true, false) => " and its LED pattern",
            (false, true) => " and the skit beside it",
            (true, true) => ", its LED pattern and the skit beside it",
        })
    }

    /// Saves what of the tracks has changes: the LED pattern, then the skit. Returns
    /// whether nothing failed.
    pub fn save_tracks(&mut self, fx: &mut Effects) -> bool {
        let skit = self.document.tracks().skit_dirty();
        let led = self.document.tracks().led_dirty();
        let saved = self.save_led(fx) && (!skit || self.save_skit(fx));
        // Both written: say both (the second message would hide the first).
        if saved
            && skit
            && led
            && let Some(led) = &self.document.tracks().led
        {
            let label = led.source.label();
            fx.say(format!(
                "Saved the LED pattern {label} and the skit beside the motion"
            ));
        }
        saved
    }
}
