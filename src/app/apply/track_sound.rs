//! What the sound output plays: the motion in front's sound track, a WAV's samples or a
//! MIDI sound rendered in the background ([`crate::behaviour::synth`]) through the SoundFont
//! chosen (File > Choose SoundFont for MIDI…, remembered), the system's, or the built-in
//! voice.

use crate::app::StudioApp;
use crate::app::action::Action;
use crate::app::state::{SoundRendered, TabId};
use crate::behaviour::mix::Voice;
use crate::behaviour::{Data, synth};
use std::path::PathBuf;
use std::sync::Arc;

impl StudioApp {
    /// Renders the tab's MIDI sound in the background, through the SoundFont in use.
    pub(in crate::app) fn render_midi(&mut self, tab: TabId) {
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
        let post = self.post.clone();
        std::thread::spawn(move || {
            let rendered = synth::render(&file, font.as_deref());
            let _ = post.send(Action::SoundRendered(Box::new(SoundRendered {
                tab,
                source: part.source,
                rendered: Arc::new(rendered),
            })));
        });
    }

    /// Takes a MIDI sound rendered in the background, if its track still holds it.
    pub(in crate::app) fn sound_rendered(&mut self, done: SoundRendered) {
        let Some(motion) = self.tabs.motion_mut(done.tab) else {
            return;
        };
        if motion
            .document
            .tracks()
            .sound
            .as_ref()
            .is_none_or(|p| p.source != done.source)
        {
            return;
        }
        let cut = if done.rendered.cut {
            format!(" (its first {:.0} minutes)", synth::MAX_MS / 60_000.0)
        } else {
            String::new()
        };
        self.status.say(format!(
            "The MIDI sound {} plays through {}{cut}",
            done.source.short(),
            done.rendered.voice
        ));
        motion.track_view.rendered = Some((done.source, done.rendered));
    }

    /// Plays MIDI sounds through `path` (None: the system's SoundFont, else the built-in
    /// voice) from now on, remembered; the open tabs' MIDI sounds are rendered again.
    pub(in crate::app) fn set_soundfont(&mut self, path: Option<PathBuf>) {
        if let Some(path) = &path
            && let Err(why) = synth::check_font(path)
        {
            self.fail("Could not choose the SoundFont", why);
            return;
        }
        self.soundfont = path;
        self.status
            .say(match synth::find_font(self.soundfont.as_deref()) {
                Some(font) => format!("MIDI sounds play through {}", font.display()),
                None => {
                    "MIDI sounds play through the built-in voice: no SoundFont found".to_owned()
                }
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
            self.render_midi(tab);
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
    /// and its playback.
    pub(in crate::app) fn follow_with_sound(&mut self) {
        let voice = self.sound_voice();
        let (playing, speed, playhead_ms) = self.active_motion().map_or((false, 1.0, 0.0), |tab| {
            (
                tab.playback.playing,
                tab.playback.speed(),
                tab.playback.position_ms(),
            )
        });
        if let Some(message) = self.audio.update(voice, playing, speed, playhead_ms) {
            self.status.say(message);
        }
    }
}
