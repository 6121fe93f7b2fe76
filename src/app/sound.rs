//! What the sound output plays: the motion in front's sound track, a WAV's samples or a
//! MIDI sound rendered in the background ([`crate::behaviour::synth`]) through the SoundFont
//! chosen (File > Choose SoundFont for MIDI…, remembered), the system's, or the built-in
//! voice. Putting a file on the tracks of the motion in front.

use super::StudioApp;
use super::action::Action;
use super::effects::Effects;
use super::state::{SoundRendered, TabId};
use crate::behaviour::mix::Voice;
use crate::behaviour::{Data, synth};
use std::path::{Path, PathBuf};
use std::sync::Arc;

impl StudioApp {
    /// Renders tab `tab`'s MIDI sound in the background, through the SoundFont in use.
    pub(in crate::app) fn render_sound(&mut self, tab: TabId, fx: &mut Effects) {
        let Some(part) = self
            .tabs
            .motion_mut(tab)
            .and_then(|m| m.document.tracks().sound.clone())
        else {
            return;
        };
        let Data::Midi(file) = part.data else {
            return;
        };
        let font = synth::find_font(self.soundfont.as_deref());
        fx.spawn(move || {
            let rendered = synth::render(&file, font.as_deref());
            Action::SoundRendered(Box::new(SoundRendered {
                tab,
                source: part.source,
                rendered: Arc::new(rendered),
            }))
        });
    }

    /// Plays MIDI sounds through `path` (None: the system's SoundFont, else the built-in
    /// voice) from now on, remembered; the open tabs' MIDI sounds are rendered again.
    pub(in crate::app) fn set_soundfont(&mut self, path: Option<PathBuf>, fx: &mut Effects) {
        if let Some(path) = &path
            && let Err(why) = synth::check_font(path)
        {
            fx.fail("Could not choose the SoundFont", why.to_string());
            return;
        }
        self.soundfont = path;
        fx.say(match synth::find_font(self.soundfont.as_deref()) {
            Some(font) => format!("MIDI sounds play through {}", font.display()),
            None => "MIDI sounds play through the built-in voice: no SoundFont found".to_owned(),
        });
        let midi_tabs: Vec<TabId> = self
            .tabs
            .motions()
            .filter(|(_, m)| {
                m.document
                    .tracks()
                    .sound
                    .as_ref()
                    .is_some_and(|p| matches!(p.data, Data::Midi(_)))
            })
            .map(|(id, _)| id)
            .collect();
        for tab in midi_tabs {
            self.render_sound(tab, fx);
        }
    }

    /// Puts a file chosen by the user on the tracks of the motion in front.
    pub(in crate::app) fn add_track_file(&mut self, path: &Path, fx: &mut Effects) {
        let Some(id) = self.tabs.active.filter(|&id| self.tabs.is_motion(id)) else {
            fx.say("Open a motion first: a sound or LED pattern goes on a motion's tracks");
            return;
        };
        if let Some(tab) = self.tabs.motion_mut(id) {
            tab.add_track_file(id, path, fx);
        }
    }

    /// Plays a sound once through the sound card (the picker's Play), or says why not.
    pub(in crate::app) fn preview_sound(
        &mut self,
        source: &crate::behaviour::Source,
        fx: &mut Effects,
    ) {
        let heard = match crate::behaviour::part::load(source, "", None, 0) {
            Ok(crate::behaviour::Part {
                data: Data::Wave { rate, samples, .. },
                ..
            }) => Ok(Voice {
                samples,
                rate,
                offset_ms: 0.0,
            }),
            Ok(_) => Err("a MIDI sound or an LED pattern plays once it is on its track".to_owned()),
            Err(e) => Err(e.to_string()),
        };
        match heard {
            Ok(voice) => match self.audio.preview(voice) {
                Some(off) => fx.say(format!("{}: {off}", source.label())),
                None => fx.say(format!("Playing {}", source.label())),
            },
            Err(why) => fx.say(format!("{} cannot be played: {why}", source.label())),
        }
    }

    /// What the sound output plays for the motion in front: its sound track's samples (a
    /// WAV's, or its MIDI sound's once rendered) where they start.
    #[must_use]
    pub fn sound_voice(&self) -> Option<Voice> {
        let tab = self.active_motion()?;
        let part = tab.document.tracks().sound.as_ref()?;
        #[expect(clippy::cast_precision_loss, reason = "an offset in ms")]
        let offset_ms = part.offset_ms as f64;
        let (samples, rate) = match &part.data {
            Data::Wave { rate, samples, .. } => (Arc::clone(samples), *rate),
            Data::Midi(_) => match &tab.track_view.rendered {
                Some((source, done)) if *source == part.source => {
                    (Arc::clone(&done.samples), synth::RATE)
                }
                _ => return None,
            },
            Data::Led { .. } => return None,
        };
        Some(Voice {
            samples,
            rate,
            offset_ms,
        })
    }

    /// Gives the sound output the motion in front: its sound track ([`Self::sound_voice`])
    /// and its playback. The playhead is where the clock is when the frame is on screen,
    /// `ahead_s` from now: playing, the sound is told where it is now.
    pub(in crate::app) fn follow_with_sound(&mut self, ahead_s: f64) {
        let voice = self.sound_voice();
        let (playing, speed, playhead_ms) = self.active_motion().map_or((false, 1.0, 0.0), |tab| {
            let ahead_ms = if tab.playback.playing {
                ahead_s * 1000.0 * tab.playback.speed()
            } else {
                0.0
            };
            (
                tab.playback.playing,
                tab.playback.speed(),
                (tab.playback.position_ms() - ahead_ms).max(0.0),
            )
        });
        if let Some(message) = self.audio.update(voice, playing, speed, playhead_ms) {
            self.status.say(message);
        }
    }
}
