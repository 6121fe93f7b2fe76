//! Putting parts on a motion's tracks and taking them off, and the `.skit` file beside the
//! motion: read when the motion opens (its tracks come back), written by Save Skit and by
//! saving the motion while it has tracks. Reading a part is done on a thread of its own; its
//! result comes back as an action ([`Action::PartLoaded`]).

use crate::app::action::Action;
use crate::app::command::TabCommand;
use crate::app::dialogs::Modal;
use crate::app::dialogs::model::PartPicker;
use crate::app::effects::Effects;
use crate::app::motion::MotionTab;
use crate::app::motion::ops::form::{OpForm, OpPrompt};
use crate::app::state::{PartLoaded, Placed, SoundRendered, TabId};
use crate::behaviour::{Source, Track, skit};
use crate::edit::tracks::SkitRefs;
use crate::edit::{Origin, TracksOnDisk};
use std::path::{Path, PathBuf};

/// The motion's name the naming rule pairs by: the archive entry, else the file's stem.
#[must_use]
pub fn motion_name(origin: &Origin, chunk_name: &str) -> String {
    match origin {
        Origin::Entry { entry, .. } => entry.clone(),
        Origin::Unsaved { .. } | Origin::File(_) | Origin::Converted { .. } => {
            chunk_name.to_owned()
        }
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

impl MotionTab {
    /// Reads `source` in the background and puts it on its track (`track`, or the one its
    /// kind goes on) at `offset_ms` when it is read; this tab is tab `id`.
    pub fn attach_part(
        &mut self,
        id: TabId,
        source: Source,
        (track, offset_ms): (Option<Track>, i64),
        placed: Placed,
        fx: &mut Effects,
    ) {
        let name = motion_name(&self.document.origin, &self.document.motion.name);
        self.document
            .set_loading(track.unwrap_or(Track::Sound), true);
        fx.spawn(move || {
            let part = std::panic::catch_unwind(|| {
                crate::behaviour::part::load(&source, &name, track, offset_ms)
            })
            .unwrap_or_else(|_| {
                Err(crate::behaviour::BehaviourError::Unreadable {
                    label: source.label(),
                })
            })
            .map_err(std::sync::Arc::new);
            Action::PartLoaded(Box::new(PartLoaded {
                tab: id,
                track,
                part,
                placed,
            }))
        });
    }

    /// Takes a part read in the background onto its track.
    pub fn part_loaded(&mut self, loaded: PartLoaded, fx: &mut Effects) {
        let waited = loaded.track.unwrap_or(Track::Sound);
        self.document.set_loading(waited, false);
        match loaded.part {
            Ok(part) => {
                let track = part.track();
                self.document.set_loading(track, false);
                #[expect(clippy::cast_precision_loss, reason = "a length in ms")]
                let motion_ms =
                    crate::robot::timing::duration_ms(&self.document.motion.keyframes) as f64;
                let after = part.end_ms() - motion_ms;
                fx.say(format!(
                    "{} track: {}, {:.0} ms ({})",
                    track.name(),
                    part.source.short(),
                    part.duration_ms(),
                    crate::behaviour::part::ends_against_motion(after)
                ));
                let midi = matches!(part.data, crate::behaviour::Data::Midi(_));
                self.document
                    .put_part(part, loaded.placed == Placed::ByUser);
                if track == Track::Led {
                    self.track_view.selected_led = None;
                }
                if loaded.placed == Placed::ByTable {
                    self.document.tracks_on_disk(TracksOnDisk::Agreed(track));
                }
                if midi {
                    fx.then(Action::RenderSound(loaded.tab));
                }
            }
            Err(message) => {
                if loaded.placed == Placed::BySkit {
                    self.document.tracks_on_disk(TracksOnDisk::Unread(waited));
                }
                fx.fail("Could not add the track", message.to_string());
            }
        }
    }

    /// Takes a MIDI sound rendered in the background, if its track still holds it.
    pub fn sound_rendered(&mut self, done: SoundRendered, fx: &mut Effects) {
        if self
            .document
            .tracks()
            .sound
            .as_ref()
            .is_none_or(|p| p.source != done.source)
        {
            return;
        }
        let cut = if done.rendered.cut {
            format!(
                " (its first {:.0} minutes)",
                crate::behaviour::synth::MAX_MS / 60_000.0
            )
        } else {
            String::new()
        };
        fx.say(format!(
            "The MIDI sound {} plays through {}{cut}",
            done.source.short(),
            done.rendered.voice
        ));
        self.track_view.rendered = Some((done.source, done.rendered));
    }

    /// Puts a sound or LED file chosen by the user on this tab (`id`): a sound or LED file
    /// on its track; an archive's sound and LED entries that go with the motion on both.
    pub fn add_track_file(&mut self, id: TabId, path: &Path, fx: &mut Effects) {
        let bytes = std::fs::read(path).ok();
        let Some(archive) = bytes
            .as_deref()
            .filter(|b| crate::codec::oda::is_archive(b))
        else {
            let source = Source {
                path: path.to_owned(),
                entry: None,
            };
            self.attach_part(id, source, (None, 0), Placed::ByUser, fx);
            return;
        };
        // An archive: the picker of all its sounds and LED patterns, the naming rule's best
        // for this motion first (each decoded for its length, off the window's thread).
        let motion = motion_name(&self.document.origin, &self.document.motion.name);
        let bytes = archive.to_vec();
        let path = path.to_owned();
        fx.say(format!(
            "Reading the sounds and LED patterns in {}…",
            path.display()
        ));
        fx.spawn(move || {
            let archive = match crate::codec::oda::Archive::read(&bytes) {
                Ok(archive) => archive,
                Err(e) => {
                    return Action::Show(Modal::Error {
                        title: "Could not add the track".to_owned(),
                        message: format!("{}: {e}", path.display()),
                    });
                }
            };
            let offered = crate::behaviour::offer::offered(&archive, &motion);
            if offered.is_empty() {
                return Action::Show(Modal::Error {
                    title: "Could not add the track".to_owned(),
                    message: format!("{}: no sound or LED pattern in it", path.display()),
                });
            }
            Action::Show(Modal::PartPicker(Box::new(PartPicker {
                tab: id,
                motion,
                path,
                offered,
                filter: String::new(),
            })))
        });
    }

    /// Retime to Sound and Mark Sound Onsets, on this tab (`id`).
    pub fn sound_command(&mut self, id: TabId, command: TabCommand, fx: &mut Effects) {
        let Some(sound) = self.document.tracks().sound.as_ref() else {
            fx.say(format!(
                "{}: the motion has no sound track (File > Add Sound or LED Pattern…)",
                command.label()
            ));
            return;
        };
        if command == TabCommand::MarkOnsets {
            self.view.show_onsets = !self.view.show_onsets;
            let count = sound.onsets_ms.len();
            fx.say(if self.view.show_onsets {
                format!(
                    "{} marked on the time axis; Ctrl while dragging a keyframe in time snaps \
                     it to them",
                    crate::words::plural(count, "sound onset", "sound onsets")
                )
            } else {
                "Sound onsets no longer marked".to_owned()
            });
            return;
        }
        if self.view.range_ms.is_some() {
            fx.say("Retime to Sound retimes the whole motion: clear the range selection first");
            return;
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a length in ms"
        )]
        let target_ms = sound.end_ms().max(0.0).round() as u64;
        if target_ms == 0 {
            fx.say("Retime to Sound: the sound ends before the motion starts");
            return;
        }
        // The Retime window, its length the sound's: what it makes is previewed before
        // Apply.
        fx.then(Action::EditOp(OpPrompt {
            tab: id,
            form: OpForm::Retime {
                by_factor: false,
                duration_ms: target_ms,
                factor: 1.0,
                range: false,
            },
            preview: None,
            working: false,
            focus: true,
            apply_next: 0,
            basis: None,
        }));
        fx.say(format!(
            "Retime to Sound: {target_ms} ms, where the sound ends; Apply retimes the motion"
        ));
    }

    /// Puts back the tracks a recovery copy kept (they were not in a skit when the window
    /// went away): its parts read again from where they were, at their offsets, and its
    /// markers; what the skit on disk says stays what is saved, so they show unsaved.
    pub fn restore_kept_tracks(&mut self, id: TabId, kept: SkitRefs, fx: &mut Effects) {
        let on_disk = skit_path_of(&self.document.origin)
            .filter(|p| p.is_file())
            .and_then(|at| skit::read(&at).ok())
            .map(|skit| SkitRefs {
                sound: skit.sound,
                led: skit.led,
                markers: skit.markers,
            })
            .unwrap_or_default();
        self.document.tracks_on_disk(TracksOnDisk::Recovered {
            on_disk,
            markers: kept.markers,
        });
        for (track, part) in [(Track::Sound, kept.sound), (Track::Led, kept.led)] {
            if let Some(part) = part {
                let source = Source {
                    path: part.path,
                    entry: part.entry,
                };
                let at = (Some(track), part.offset_ms);
                self.attach_part(id, source, at, Placed::Recovered, fx);
            }
        }
    }

    /// Puts back the tracks of the skit beside the motion, if it has one (this is tab
    /// `id`).
    pub fn restore_skit(&mut self, id: TabId, fx: &mut Effects) {
        let Some(at) = skit_path_of(&self.document.origin).filter(|p| p.is_file()) else {
            return;
        };
        match skit::read(&at) {
            Ok(skit) => {
                self.document
                    .tracks_on_disk(TracksOnDisk::SkitRead(SkitRefs {
                        sound: skit.sound.clone(),
                        led: skit.led.clone(),
                        markers: skit.markers.clone(),
                    }));
                for (track, part) in [(Track::Sound, skit.sound), (Track::Led, skit.led)] {
                    if let Some(part) = part {
                        let source = Source {
                            path: part.path,
                            entry: part.entry,
                        };
                        let at = (Some(track), part.offset_ms);
                        self.attach_part(id, source, at, Placed::BySkit, fx);
                    }
                }
            }
            Err(message) => fx.say(format!("The skit beside it was not read: {message}")),
        }
    }
}
