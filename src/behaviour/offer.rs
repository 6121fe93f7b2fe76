//! What an archive offers a motion's tracks: every sound and LED pattern in it, each with
//! its length and how well the naming rule pairs it with the motion, the best first. The
//! window's picker lists them (Add Sound or LED Pattern… given an archive); decoding each
//! to know its length is work for a thread of its own.

use super::Track;
use crate::codec::oda::Archive;
use crate::codec::sound::{SoundKind, midi, wave};
use crate::robot::pairing::{Wanted, motion_name, score};

/// A sound or LED pattern an archive holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Offered {
    /// Its entry's name.
    pub entry: String,
    /// The track it goes on.
    pub track: Track,
    /// What it is (a WAV or MIDI sound, an LED pattern).
    pub kind: SoundKind,
    /// How long it plays (ms); None where it does not decode.
    pub length_ms: Option<f64>,
    /// How well the naming rule pairs it with the motion (0: not at all, 4: the rule's own
    /// name).
    pub score: u8,
}

/// Every sound and LED entry of `archive`, the naming rule's best for the motion named
/// `motion` first (then by track and name).
#[must_use]
pub fn offered(archive: &Archive, motion: &str) -> Vec<Offered> {
    let parsed = motion_name(motion);
    let mut out: Vec<Offered> = archive
        .entries
        .iter()
        .filter_map(|e| {
            let kind = SoundKind::of_entry(e.kind())?;
            let track = if kind == SoundKind::Led {
                Track::Led
            } else {
                Track::Sound
            };
            let wanted = match track {
                Track::Sound => Wanted::Sound,
                Track::Led => Wanted::Led,
            };
            let entry = e.name();
            let length_ms = e.contents().ok().and_then(|bytes| match kind {
                SoundKind::Wave => wave::decode(&bytes).ok().map(|w| w.info.duration_ms()),
                SoundKind::Midi | SoundKind::Led => {
                    midi::read(&bytes).ok().map(|m| m.duration_ms())
                }
            });
            Some(Offered {
                score: parsed.as_ref().map_or(0, |m| score(m, &entry, wanted)),
                entry,
                track,
                kind,
                length_ms,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then((a.track == Track::Led).cmp(&(b.track == Track::Led)))
            .then(a.entry.cmp(&b.entry))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::oda::{Entry, EntryKind};

    #[test]
    fn an_archive_offers_every_sound_and_led_pattern_the_rules_best_first() {
        let wav = |ms: u32| {
            let rate = 8_000u32;
            let samples = rate * ms / 1000;
            let mut bytes = b"RIFF".to_vec();
            bytes.extend((36 + samples).to_le_bytes());
            bytes.extend(b"WAVEfmt ");
            bytes.extend(16u32.to_le_bytes());
            bytes.extend(1u16.to_le_bytes());
            bytes.extend(1u16.to_le_bytes());
            bytes.extend(rate.to_le_bytes());
            bytes.extend(rate.to_le_bytes());
            bytes.extend(1u16.to_le_bytes());
            bytes.extend(8u16.to_le_bytes());
            bytes.extend(b"data");
            bytes.extend(samples.to_le_bytes());
            bytes.extend(std::iter::repeat_n(128u8, samples as usize));
            bytes
        };
        let mut archive = Archive::default();
        for (kind, name, data) in [
            (EntryKind::Wave, "bark", wav(250)),
            (EntryKind::Wave, "so1_t00greetso0_x1x", wav(500)),
            (EntryKind::Motion, "a_sit#sit_so0_greet", Vec::new()),
        ] {
            archive
                .add(Entry::new(kind, name, data).unwrap_or_else(|e| panic!("{e}")))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let offered = offered(&archive, "a_sit#sit_so0_greet");
        let names: Vec<&str> = offered.iter().map(|o| o.entry.as_str()).collect();
        assert_eq!(names, ["so1_t00greetso0_x1x", "bark"]);
        assert!(offered[0].score > 0 && offered[1].score == 0);
        assert!((offered[0].length_ms.unwrap_or(0.0) - 500.0).abs() < 1.0);
        assert_eq!(offered[1].track, Track::Sound);
    }
}
