//! Putting parts on a motion's tracks and taking them off, and the `.skit` file beside the
//! motion: read when the motion opens (its tracks come back), written by Save Skit and by
//! saving the motion while it has tracks. Reading a part is done on a thread of its own; its
//! result comes back as an action ([`Action::PartLoaded`]).

use crate::app::StudioApp;
use crate::app::action::Action;
use crate::app::state::{PartLoaded, Placed, TabId};
use crate::behaviour::skit;
use crate::behaviour::{Source, Track};
use crate::edit::{Origin, TracksOnDisk};
use std::path::{Path, PathBuf};

/// The motion's name the naming rule pairs by: the archive entry, else the file's stem.
pub(super) fn motion_name(origin: &Origin, chunk_name: &str) -> String {
    match origin {
        Origin::Entry { entry, .. } => entry.clone(),
        _ => chunk_name.to_owned(),
    }
}

/// Where a motion's skit is kept, for a motion that lives in a file.
#[must_use]
pub fn skit_path_of(origin: &Origin) -> Option<PathBuf> {
    match origin {
        Origin::File(path) => Some(skit::skit_path(path, None)),
        Origin::Entry { archive, entry } => Some(skit::skit_path(archive, Some(entry))),
        Origin::Unsaved { .. } | Origin::Converted { .. } => None,
    }
}

impl StudioApp {
    /// Reads `source` for tab `tab` in the background and puts it on its track (`track`, or
    /// the one its kind goes on) when it is read.
    pub(in crate::app) fn attach_part(
        &mut self,
        tab: TabId,
        source: Source,
        track: Option<Track>,
        offset_ms: i64,
        placed: Placed,
    ) {
        let Some(motion) = self.tabs.motion_mut(tab) else {
            return;
        };
        let name = motion_name(&motion.document.origin, &motion.document.motion.name);
        motion
            .document
            .set_loading(track.unwrap_or(Track::Sound), true);
        let post = self.post.clone();
        std::thread::spawn(move || {
            let part = std::panic::catch_unwind(|| {
                crate::behaviour::part::load(&source, &name, track, offset_ms)
            })
            .unwrap_or_else(|_| Err(format!("{}: could not be read", source.label())));
            let _ = post.send(Action::PartLoaded(Box::new(PartLoaded {
                tab,
                track,
                part,
                placed,
            })));
        });
    }

    /// Takes a part read in the background onto its tab's track.
    pub(in crate::app) fn part_loaded(&mut self, loaded: PartLoaded) {
        let Some(motion) = self.tabs.motion_mut(loaded.tab) else {
            return;
        };
        let waited = loaded.track.unwrap_or(Track::Sound);
        motion.document.set_loading(waited, false);
        match loaded.part {
            Ok(part) => {
                let track = part.track();
                motion.document.set_loading(track, false);
                #[expect(clippy::cast_precision_loss, reason = "a length in ms")]
                let motion_ms =
                    crate::robot::timing::duration_ms(&motion.document.motion.keyframes) as f64;
                let after = part.end_ms() - motion_ms;
                self.status.say(format!(
                    "{} track: {}, {:.0} ms ({})",
                    track.name(),
                    part.source.short(),
                    part.duration_ms(),
                    crate::behaviour::part::ends_against_motion(after)
                ));
                let midi = matches!(part.data, crate::behaviour::Data::Midi(_));
                motion
                    .document
                    .put_part(part, loaded.placed == Placed::ByUser);
                if track == Track::Led {
                    motion.track_view.selected_led = None;
                }
                if loaded.placed == Placed::ByTable {
                    motion.document.tracks_on_disk(TracksOnDisk::Agreed(track));
                }
                if midi {
                    self.render_midi(loaded.tab);
                }
            }
            Err(message) => {
                if loaded.placed == Placed::BySkit {
                    motion.document.tracks_on_disk(TracksOnDisk::Unread(waited));
                }
                self.fail("Could not add the track", message);
            }
        }
    }

    /// Puts a file chosen by the user on the tab in front: a sound or LED file on its
    /// track; an archive's sound and LED entries that go with the motion on both.
    pub(in crate::app) fn add_track_file(&mut self, path: &Path) {
        let Some(tab) = self.tabs.active.filter(|&id| self.tabs.is_motion(id)) else {
            self.status
                .say("Open a motion first: a sound or LED pattern goes on a motion's tracks");
            return;
        };
        let source = Source {
            path: path.to_owned(),
            entry: None,
        };
        let is_archive = std::fs::read(path)
            .ok()
            .is_some_and(|b| crate::codec::oda::is_archive(&b));
        if is_archive {
            self.attach_archive_parts(tab, path);
        } else {
            self.attach_part(tab, source, None, 0, Placed::ByUser);
        }
    }

    /// The archive's sound and LED entries that go with the tab's motion, on its tracks.
    fn attach_archive_parts(&mut self, tab: TabId, path: &Path) {
        let Some(motion) = self.tabs.motion_mut(tab) else {
            return;
        };
        let name = motion_name(&motion.document.origin, &motion.document.motion.name);
        let archive = std::fs::read(path)
            .ok()
            .and_then(|b| crate::codec::oda::Archive::read(&b).ok());
        let Some(archive) = archive else {
            self.fail(
                "Could not add the track",
                format!("{}: not readable", path.display()),
            );
            return;
        };
        let mut found = false;
        for track in [Track::Sound, Track::Led] {
            if let Some(entry) = crate::behaviour::part::best_entry(&archive, &name, track) {
                found = true;
                let source = Source {
                    path: path.to_owned(),
                    entry: Some(entry),
                };
                self.attach_part(tab, source, Some(track), 0, Placed::ByUser);
            }
        }
        if !found {
            self.fail(
                "Could not add the track",
                format!(
                    "{}: no sound or LED entry goes with {name} by Sony's naming rule; \
                     take one out with `mtn-studio convert --entry` and add it as a file",
                    path.display()
                ),
            );
        }
    }

    /// Retime to Sound and Mark Sound Onsets, on the motion in front; always `true` (the
    /// command was handled).
    pub(in crate::app) fn sound_command(
        &mut self,
        command: crate::app::command::UiCommand,
    ) -> bool {
        use crate::app::command::UiCommand as C;
        let Some(id) = self.tabs.active.filter(|&id| self.tabs.is_motion(id)) else {
            self.status
                .say(format!("{}: open a motion first", command.label()));
            return true;
        };
        let Some(tab) = self.tabs.motion_mut(id) else {
            return true;
        };
        let Some(sound) = tab.document.tracks().sound.as_ref() else {
            self.status.say(format!(
                "{}: the motion has no sound track (File > Add Sound or LED Pattern…)",
                command.label()
            ));
            return true;
        };
        if command == C::MarkOnsets {
            tab.view.show_onsets = !tab.view.show_onsets;
            let count = sound.onsets_ms.len();
            self.status.say(if tab.view.show_onsets {
                format!(
                    "{} marked on the time axis; Ctrl while dragging a keyframe in time snaps \
                     it to them",
                    crate::words::plural(count, "sound onset", "sound onsets")
                )
            } else {
                "Sound onsets no longer marked".to_owned()
            });
            return true;
        }
        if tab.view.range_ms.is_some() {
            self.status
                .say("Retime to Sound retimes the whole motion: clear the range selection first");
            return true;
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a length in ms"
        )]
        let target_ms = sound.end_ms().max(0.0).round() as u64;
        if target_ms == 0 {
            self.status
                .say("Retime to Sound: the sound ends before the motion starts");
            return true;
        }
        let request = crate::ops::request::OpRequest::Retime(
            crate::ops::request::RetimeBy::DurationMs(target_ms),
        );
        self.motion_op(id, &request);
        true
    }

    /// Puts back the tracks of the tab's skit, if its motion has one beside it.
    pub(in crate::app) fn restore_skit(&mut self, tab: TabId) {
        let Some(at) = self
            .tabs
            .motion_mut(tab)
            .and_then(|m| skit_path_of(&m.document.origin))
            .filter(|p| p.is_file())
        else {
            return;
        };
        match skit::read(&at) {
            Ok(skit) => {
                if let Some(motion) = self.tabs.motion_mut(tab) {
                    motion
                        .document
                        .tracks_on_disk(TracksOnDisk::Skit((skit.sound.clone(), skit.led.clone())));
                }
                for (track, part) in [(Track::Sound, skit.sound), (Track::Led, skit.led)] {
                    if let Some(part) = part {
                        let source = Source {
                            path: part.path,
                            entry: part.entry,
                        };
                        self.attach_part(tab, source, Some(track), part.offset_ms, Placed::BySkit);
                    }
                }
            }
            Err(message) => self
                .status
                .say(format!("The skit beside it was not read: {message}")),
        }
    }
}
