//! Motion > Generate…'s parameters as plain data: one window for every generator, its
//! parameters under a choice of which (drawn by `generate_fields`), and the generator they
//! ask for.

use crate::ops::generate::{
    EarPattern, Ears, Gait, Generator, Gesture, LookAround, Loudness, Mouth, Oscillation, PawPath,
    Walk,
};
use crate::presets::{Preset, Setting};

/// The generators offered, in order: the swings of [`Gesture::ALL`], then these.
/// Ears in a rhythm.
pub const EARS: usize = Gesture::ALL.len();
/// Look around.
pub const LOOK: usize = EARS + 1;
/// Mouth from the sound.
pub const MOUTH: usize = LOOK + 1;
/// Walk.
pub const WALK: usize = MOUTH + 1;

/// The names the window offers, in order.
#[must_use]
pub fn kinds() -> Vec<String> {
    let mut names: Vec<String> = Gesture::ALL
        .iter()
        .map(|g| capitalised(g.words()))
        .collect();
    names.extend(
        [
            "Ears in a rhythm",
            "Look around",
            "Mouth from the sound",
            "Walk",
        ]
        .map(str::to_owned),
    );
    names
}

/// `words` with a capital first letter.
#[must_use]
pub fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The window's parameters, every generator's kept while another is chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateForm {
    /// Index into [`kinds`].
    pub kind: usize,
    /// A swing's frequency, Hz.
    pub hz: f64,
    /// A swing's amplitude, degrees.
    pub amplitude_deg: f64,
    /// Each swing's frequency and amplitude as last shown, in the order of [`Gesture::ALL`]:
    /// what was typed for one is there again when it is chosen again.
    pub swings: [(f64, f64); Gesture::ALL.len()],
    /// How many swings or beats (0: as many as fill the range).
    pub count: u32,
    /// A swing's easing, ms.
    pub ease_ms: u64,
    /// Index into [`EarPattern::ALL`].
    pub pattern: usize,
    /// The ears' beat, ms.
    pub beat_ms: u64,
    /// The points to look at, as typed.
    pub points: String,
    /// A look's move, ms.
    pub move_ms: u64,
    /// A look's hold, ms.
    pub hold_ms: u64,
    /// How far the mouth opens, degrees.
    pub open_deg: f64,
    /// The loudness averaged over, ms.
    pub smoothing_ms: u64,
    /// The sound track's loudness, where it holds a WAV sound.
    pub sound: Option<Loudness>,
    /// The walk's parameters (its gait and path chosen by index below).
    pub walk: Walk,
    /// Index into [`Gait::ALL`].
    pub gait: usize,
    /// Index into [`PawPath::ALL`].
    pub path: usize,
    /// The walk's shoulder height, mm (0: a little under the stand's).
    pub height_mm: f64,
    /// The presets offered: the built-in ones, then (once the window has read them) those
    /// kept beside the pose library.
    pub presets: Vec<Preset>,
    /// The preset chosen last (an index into `presets`; none: `usize::MAX`).
    pub preset: usize,
    /// Whether the kept presets have been read into `presets`.
    pub kept_read: bool,
    /// The name to keep the parameters under, as typed.
    pub keep_name: String,
    /// Only the selected range (shown so the user knows).
    pub range: bool,
}

impl GenerateForm {
    /// The window as it opens: a side-to-side wag, `sound` the sound track's loudness.
    #[must_use]
    pub fn new(sound: Option<Loudness>, range: bool) -> Self {
        let (hz, amplitude_deg) = Gesture::WagSide.defaults();
        Self {
            kind: 0,
            hz,
            amplitude_deg,
            swings: Gesture::ALL.map(Gesture::defaults),
            count: 0,
            ease_ms: 160,
            pattern: 0,
            beat_ms: 480,
            points: "40,10 -40,10 0,-10".to_owned(),
            move_ms: 400,
            hold_ms: 600,
            open_deg: 30.0,
            smoothing_ms: 48,
            sound,
            walk: Walk::default(),
            gait: 0,
            path: 0,
            height_mm: 0.0,
            presets: crate::presets::built_in(),
            preset: usize::MAX,
            kept_read: false,
            keep_name: String::new(),
            range,
        }
    }

    /// Generator `kind` chosen: the swing shown kept as it is, the one chosen shown as it
    /// was last (its defaults at first).
    pub fn choose(&mut self, kind: usize) {
        if kind == self.kind {
            return;
        }
        if let Some(kept) = self.swings.get_mut(self.kind) {
            *kept = (self.hz, self.amplitude_deg);
        }
        if let Some(&shown) = self.swings.get(kind) {
            (self.hz, self.amplitude_deg) = shown;
        }
        self.kind = kind;
    }

    /// The form set to `setting`: its generator chosen and its parameters filled in (the
    /// others kept).
    pub fn load(&mut self, setting: &Setting) {
        match setting {
            Setting::Swing(o) => {
                self.kind = Gesture::ALL
                    .iter()
                    .position(|&g| g == o.gesture)
                    .unwrap_or(0);
                (self.hz, self.amplitude_deg) = (o.frequency_hz, o.amplitude_deg);
                (self.count, self.ease_ms) = (o.count.unwrap_or(0), o.ease_ms);
            }
            Setting::Ears(e) => {
                self.kind = EARS;
                self.pattern = EarPattern::ALL
                    .iter()
                    .position(|&p| p == e.pattern)
                    .unwrap_or(0);
                (self.beat_ms, self.count) = (e.beat_ms, e.count.unwrap_or(0));
            }
            Setting::Look(l) => {
                self.kind = LOOK;
                let points: Vec<String> =
                    l.points.iter().map(|[p, t]| format!("{p},{t}")).collect();
                self.points = points.join(" ");
                (self.move_ms, self.hold_ms) = (l.move_ms, l.hold_ms);
            }
            Setting::Mouth {
                open_deg,
                smoothing_ms,
            } => {
                self.kind = MOUTH;
                (self.open_deg, self.smoothing_ms) = (*open_deg, *smoothing_ms);
            }
            Setting::Walk(w) => {
                self.kind = WALK;
                self.walk = w.clone();
                self.gait = Gait::ALL.iter().position(|&g| g == w.gait).unwrap_or(0);
                self.path = PawPath::ALL.iter().position(|&p| p == w.path).unwrap_or(0);
                self.height_mm = w.height_mm.unwrap_or(0.0);
            }
        }
    }

    /// The parameters as a preset keeps them (a mouth's without its sound); `None` while the
    /// form is incomplete.
    #[must_use]
    pub fn setting(&self) -> Option<Setting> {
        if self.kind == MOUTH {
            return Some(Setting::Mouth {
                open_deg: self.open_deg,
                smoothing_ms: self.smoothing_ms,
            });
        }
        self.generator().map(|g| Setting::of(&g))
    }

    /// The generator the form asks for (`None` while it is incomplete: points that do not
    /// read, a mouth without a sound).
    #[must_use]
    pub fn generator(&self) -> Option<Generator> {
        let count = (self.count > 0).then_some(self.count);
        Some(match self.kind {
            EARS => Generator::Ears(Ears {
                pattern: *EarPattern::ALL.get(self.pattern)?,
                beat_ms: self.beat_ms,
                count,
            }),
            LOOK => Generator::Look(LookAround {
                points: LookAround::parse_points(&self.points).filter(|p| !p.is_empty())?,
                move_ms: self.move_ms,
                hold_ms: self.hold_ms,
            }),
            WALK => Generator::Walk(Walk {
                gait: *Gait::ALL.get(self.gait)?,
                path: *PawPath::ALL.get(self.path)?,
                height_mm: (self.height_mm > 0.0).then_some(self.height_mm),
                ..self.walk.clone()
            }),
            MOUTH => Generator::Mouth(Mouth {
                loudness: self.sound.clone()?,
                open_deg: self.open_deg,
                smoothing_ms: self.smoothing_ms,
                lead_ms: None,
            }),
            swing => Generator::Oscillate(Oscillation {
                gesture: *Gesture::ALL.get(swing)?,
                frequency_hz: self.hz,
                amplitude_deg: self.amplitude_deg,
                count,
                ease_ms: self.ease_ms,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_the_window_offers_makes_its_generator() {
        let sound = crate::ops::generate::mouth::loudness_of(&[0.5; 1600], 16_000, 0);
        let mut form = GenerateForm::new(Some(sound), false);
        let made: Vec<&'static str> = (0..kinds().len())
            .map(|kind| {
                form.kind = kind;
                form.generator().expect("a generator").words()
            })
            .collect();
        assert_eq!(
            made,
            [
                "tail wag (side to side)",
                "tail wag (up and down)",
                "nod",
                "head shake",
                "head tilt",
                "ear rhythm",
                "look around",
                "mouth from sound",
                "walk"
            ]
        );
        form.sound = None;
        form.kind = MOUTH;
        assert_eq!(form.generator(), None, "a mouth needs a sound");
        form.kind = LOOK;
        form.points = "40,x".to_owned();
        assert_eq!(form.generator(), None, "points that do not read");
    }

    #[test]
    fn a_swing_typed_is_there_again_when_its_generator_is_chosen_again() {
        let mut form = GenerateForm::new(None, false);
        form.amplitude_deg = 12.0;
        form.hz = 2.5;
        let nod = Gesture::ALL
            .iter()
            .position(|&g| g == Gesture::Nod)
            .expect("a nod");
        form.choose(nod);
        assert_eq!((form.hz, form.amplitude_deg), Gesture::Nod.defaults());
        form.amplitude_deg = 7.0;
        form.choose(WALK);
        form.choose(0);
        assert_eq!((form.hz, form.amplitude_deg), (2.5, 12.0));
        form.choose(nod);
        assert_eq!(form.amplitude_deg, 7.0);
    }

    #[test]
    fn each_built_in_preset_loads_into_the_form_and_reads_back() {
        let sound = crate::ops::generate::mouth::loudness_of(&[0.5; 1600], 16_000, 0);
        for preset in crate::presets::built_in() {
            let mut form = GenerateForm::new(Some(sound.clone()), false);
            form.load(&preset.setting);
            assert_eq!(
                form.setting(),
                Some(preset.setting.clone()),
                "{}",
                preset.name
            );
        }
    }
}
