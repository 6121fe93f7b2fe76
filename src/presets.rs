//! Generator presets: a generator's parameters kept under a name, in one small JSON file
//! beside the pose library's (`generators.json` in its folder, see [`crate::poses`]), that
//! can be shared; and the built-in ones (a slow and a fast trot, a crawl, a happy wag, a nod,
//! a look around). A mouth's preset keeps its opening and smoothing, not the sound it
//! followed.

use crate::fsutil::write_atomic;
use crate::ops::generate::{
    EarPattern, Ears, Gait, Generator, Gesture, LookAround, Loudness, Mouth, Oscillation, PawPath,
    Walk,
};
use std::path::{Path, PathBuf};

/// A generator's parameters, as a preset keeps them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "generator", rename_all = "kebab-case")]
pub enum Setting {
    /// A swing: a wag, a nod, a shake, a tilt.
    Swing(Oscillation),
    /// The ears in a rhythm.
    Ears(Ears),
    /// A look around.
    Look(LookAround),
    /// A mouth from a sound (the sound is the motion's own).
    Mouth {
        /// How far it opens, degrees.
        open_deg: f64,
        /// The loudness averaged over, ms.
        smoothing_ms: u64,
    },
    /// A walk.
    Walk(Walk),
}

impl Setting {
    /// The setting of `generator`.
    #[must_use]
    pub fn of(generator: &Generator) -> Self {
        match generator {
            Generator::Oscillate(o) => Self::Swing(o.clone()),
            Generator::Ears(e) => Self::Ears(e.clone()),
            Generator::Look(l) => Self::Look(l.clone()),
            Generator::Mouth(m) => Self::Mouth {
                open_deg: m.open_deg,
                smoothing_ms: m.smoothing_ms,
            },
            Generator::Walk(w) => Self::Walk(w.clone()),
        }
    }

    /// The generator it sets, in words.
    #[must_use]
    pub fn words(&self) -> &'static str {
        match self {
            Self::Swing(o) => o.gesture.words(),
            Self::Ears(_) => "ear rhythm",
            Self::Look(_) => "look around",
            Self::Mouth { .. } => "mouth from sound",
            Self::Walk(_) => "walk",
        }
    }

    /// The generator it sets (`sound`: what a mouth follows; `None` for a mouth without
    /// one).
    #[must_use]
    pub fn generator(&self, sound: Option<Loudness>) -> Option<Generator> {
        Some(match self {
            Self::Swing(o) => Generator::Oscillate(o.clone()),
            Self::Ears(e) => Generator::Ears(e.clone()),
            Self::Look(l) => Generator::Look(l.clone()),
            Self::Mouth {
                open_deg,
                smoothing_ms,
            } => Generator::Mouth(Mouth {
                loudness: sound?,
                open_deg: *open_deg,
                smoothing_ms: *smoothing_ms,
                lead_ms: None,
            }),
            Self::Walk(w) => Generator::Walk(w.clone()),
        })
    }
}

/// A preset: a name and a setting.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Preset {
    /// Its name.
    pub name: String,
    /// What it sets.
    #[serde(flatten)]
    pub setting: Setting,
}

/// What the window asks of the kept presets.
#[derive(Clone, Debug, PartialEq)]
pub enum PresetRequest {
    /// Keep the form as a preset (replacing a kept one of its name).
    Keep(Preset),
    /// Rename a kept preset.
    Rename {
        /// Its name now.
        from: String,
        /// Its new name.
        to: String,
    },
    /// Forget a kept preset.
    Forget(String),
}

/// The built-in presets.
#[must_use]
pub fn built_in() -> Vec<Preset> {
    let preset = |name: &str, setting| Preset {
        name: name.to_owned(),
        setting,
    };
    let swing = |gesture, frequency_hz, amplitude_deg, count| {
        Setting::Swing(Oscillation {
            gesture,
            frequency_hz,
            amplitude_deg,
            count: Some(count),
            ease_ms: 160,
        })
    };
    vec![
        preset(
            "Slow trot",
            Setting::Walk(Walk {
                stride_mm: 30.0,
                period_ms: 768,
                ..Walk::default()
            }),
        ),
        preset("Fast trot", Setting::Walk(fast_trot())),
        // What `generate walk --gait crawl --search --seconds 150 --candidates 32 --seed 1`
        // found: slow (about 10 mm/s), since a crawl without the body swaying over the
        // three paws down stands badly, but on its line and without a fall.
        preset(
            "Crawl",
            Setting::Walk(Walk {
                gait: Gait::Crawl,
                stride_mm: 29.0,
                lift_mm: 11.0,
                period_ms: 1680,
                duty: 0.75,
                height_mm: Some(135.0),
                pitch_deg: 4.4,
                ..Walk::default()
            }),
        ),
        preset("Happy wag", swing(Gesture::WagSide, 3.0, 30.0, 6)),
        preset("Nod", swing(Gesture::Nod, 1.5, 10.0, 2)),
        preset(
            "Look around",
            Setting::Look(LookAround {
                points: vec![[45.0, 10.0], [-45.0, 10.0], [0.0, 30.0]],
                move_ms: 400,
                hold_ms: 500,
            }),
        ),
        preset(
            "Ears flick",
            Setting::Ears(Ears {
                pattern: EarPattern::Flick,
                beat_ms: 480,
                count: Some(4),
            }),
        ),
    ]
}

/// The fast trot: the best walk `generate walk --search --seconds 600 --candidates 32
/// --seed 1` found on the ERS-7's stand (2026-12-01; `benches/README.md`: 195 mm/s, heading
/// +9.2°), its parameters rounded to the figures the search prints: on carpet 189 mm/s, 2°
/// off its line; on wood 5°, on tile 9°, without a fall.
fn fast_trot() -> Walk {
    Walk {
        path: PawPath::Rectangle,
        stride_mm: 47.0,
        lift_mm: 21.0,
        period_ms: 496,
        duty: 0.54,
        height_mm: Some(133.0),
        pitch_deg: 2.6,
        front_mm: 1.0,
        hind_mm: -10.0,
        ..Walk::default()
    }
}

/// Why a preset could not be read, kept or removed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PresetError {
    /// No folder to keep presets in.
    #[error("there is no data folder to keep presets in (set MTN_STUDIO_POSES_DIR)")]
    NoFolder,
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a preset file.
    #[error("{path}: not a preset file: {message}")]
    Bad {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        message: String,
    },
    /// A name that cannot be used, or is no preset's.
    #[error("{0}")]
    Name(String),
}

/// The presets file's contents.
#[derive(serde::Serialize, serde::Deserialize)]
struct PresetFile {
    presets: Vec<Preset>,
}

/// The presets kept in a folder (the pose library's).
#[derive(Clone, Debug)]
pub struct Presets {
    dir: Option<PathBuf>,
}

/// The presets file's name in its folder.
pub const FILE_NAME: &str = "generators.json";

impl Presets {
    /// The presets kept in `dir` (`None`: none can be kept).
    #[must_use]
    pub fn in_dir(dir: Option<PathBuf>) -> Self {
        Self { dir }
    }

    /// The presets kept beside the pose library (`MTN_STUDIO_POSES_DIR`, else the data
    /// folder's `poses`).
    #[must_use]
    pub fn beside_poses() -> Self {
        Self::in_dir(crate::poses::Library::default_dir())
    }

    fn path(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(FILE_NAME))
    }

    /// The kept presets (none where there is no file).
    ///
    /// # Errors
    /// A file that cannot be read or is not a preset file.
    pub fn kept(&self) -> Result<Vec<Preset>, PresetError> {
        let Some(path) = self.path() else {
            return Ok(Vec::new());
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(PresetError::Io { path, source }),
        };
        serde_json::from_str::<PresetFile>(&text)
            .map(|f| f.presets)
            .map_err(|e| PresetError::Bad {
                path,
                message: e.to_string(),
            })
    }

    /// Every preset: the built-in ones, then the kept ones.
    ///
    /// # Errors
    /// See [`Presets::kept`].
    pub fn all(&self) -> Result<Vec<Preset>, PresetError> {
        Ok(built_in().into_iter().chain(self.kept()?).collect())
    }

    /// The preset named `name` (any case), built in or kept.
    ///
    /// # Errors
    /// No preset of that name, or the file cannot be read.
    pub fn find(&self, name: &str) -> Result<Preset, PresetError> {
        let all = self.all()?;
        all.iter()
            .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
            .cloned()
            .ok_or_else(|| {
                let names: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
                PresetError::Name(format!(
                    "no preset named \"{}\" (the presets: {})",
                    name.trim(),
                    names.join(", ")
                ))
            })
    }

    /// Keeps `preset` (replacing a kept one of its name); whether one was replaced.
    ///
    /// # Errors
    /// An empty name or a built-in one's, or the file cannot be read or written.
    pub fn keep(&self, preset: Preset) -> Result<bool, PresetError> {
        let name = preset.name.trim().to_owned();
        if name.is_empty() {
            return Err(PresetError::Name("a preset needs a name".to_owned()));
        }
        if built_in()
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(&name))
        {
            return Err(PresetError::Name(format!(
                "\"{name}\" is a built-in preset's name: choose another"
            )));
        }
        let path = self.path().ok_or(PresetError::NoFolder)?;
        let mut presets = self.kept()?;
        let replaced = presets.iter().position(|p| p.name == name);
        let preset = Preset { name, ..preset };
        match replaced {
            Some(i) => presets[i] = preset,
            None => presets.push(preset),
        }
        write(&path, presets)?;
        Ok(replaced.is_some())
    }

    /// Forgets the kept preset named `name`, and gives it back.
    ///
    /// # Errors
    /// No kept preset of that name (a built-in one cannot be forgotten), or the file cannot
    /// be read or written.
    pub fn forget(&self, name: &str) -> Result<Preset, PresetError> {
        let path = self.path().ok_or(PresetError::NoFolder)?;
        let mut presets = self.kept()?;
        let Some(i) = presets.iter().position(|p| p.name == name) else {
            return Err(PresetError::Name(format!(
                "no kept preset named \"{name}\" (a built-in preset stays)"
            )));
        };
        let forgotten = presets.remove(i);
        write(&path, presets)?;
        Ok(forgotten)
    }

    /// Renames the kept preset `from` to `to`, in its place among the kept ones.
    ///
    /// # Errors
    /// No kept preset `from`; `to` empty, a built-in one's or another kept one's; or the
    /// file cannot be read or written.
    pub fn rename(&self, from: &str, to: &str) -> Result<(), PresetError> {
        let to = to.trim();
        let path = self.path().ok_or(PresetError::NoFolder)?;
        let mut presets = self.kept()?;
        if to.is_empty() {
            return Err(PresetError::Name("a preset needs a name".to_owned()));
        }
        let taken = built_in()
            .iter()
            .chain(&presets)
            .any(|p| p.name != from && p.name.eq_ignore_ascii_case(to));
        if taken {
            return Err(PresetError::Name(format!(
                "\"{to}\" is another preset's name: choose another"
            )));
        }
        let Some(preset) = presets.iter_mut().find(|p| p.name == from) else {
            return Err(PresetError::Name(format!(
                "no kept preset named \"{from}\""
            )));
        };
        to.clone_into(&mut preset.name);
        write(&path, presets)
    }
}

fn write(path: &Path, presets: Vec<Preset>) -> Result<(), PresetError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| PresetError::Io {
            path: dir.to_owned(),
            source,
        })?;
    }
    let text =
        serde_json::to_string_pretty(&PresetFile { presets }).map_err(|e| PresetError::Bad {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
    write_atomic(path, text.as_bytes()).map_err(|source| PresetError::Io {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_preset_reads_back_and_a_built_in_name_is_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let presets = Presets::in_dir(Some(dir.path().join("poses")));
        assert_eq!(presets.kept().expect("no file yet"), Vec::new());
        let wag = Preset {
            name: " My wag ".to_owned(),
            setting: Setting::Swing(Oscillation {
                gesture: Gesture::WagUpDown,
                frequency_hz: 2.5,
                amplitude_deg: 12.0,
                count: None,
                ease_ms: 96,
            }),
        };
        assert!(!presets.keep(wag.clone()).expect("kept"));
        assert!(presets.keep(wag.clone()).expect("kept again"), "replaced");
        let found = presets.find("my WAG").expect("found by name");
        assert_eq!(found.setting, wag.setting);
        assert_eq!(found.name, "My wag");
        let refused = presets.keep(Preset {
            name: "happy wag".to_owned(),
            ..wag
        });
        assert!(matches!(refused, Err(PresetError::Name(_))), "{refused:?}");
        let missing = presets.find("no such");
        assert!(
            matches!(&missing, Err(PresetError::Name(m)) if m.contains("Slow trot")),
            "{missing:?}"
        );
    }

    #[test]
    fn a_kept_preset_is_renamed_and_forgotten_and_a_built_in_one_stays() {
        let dir =
            std::env::temp_dir().join(format!("mtn-studio-presets-rename-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let presets = Presets::in_dir(Some(dir.clone()));
        let wag = built_in()
            .into_iter()
            .find(|p| p.name == "Happy wag")
            .expect("built in");
        for name in ["mine", "other"] {
            presets
                .keep(Preset {
                    name: name.to_owned(),
                    ..wag.clone()
                })
                .expect("kept");
        }
        assert!(
            presets.rename("mine", "Happy wag").is_err(),
            "a built-in name"
        );
        assert!(
            presets.rename("mine", "OTHER").is_err(),
            "another kept one's"
        );
        presets.rename("mine", "my wag").expect("renamed");
        let names = |p: &Presets| -> Vec<String> {
            p.kept()
                .expect("read")
                .into_iter()
                .map(|p| p.name)
                .collect()
        };
        assert_eq!(names(&presets), ["my wag", "other"]);
        assert_eq!(
            presets.forget("my wag").expect("forgotten").setting,
            wag.setting
        );
        assert_eq!(names(&presets), ["other"]);
        assert!(
            presets.forget("Happy wag").is_err(),
            "a built-in preset stays"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_is_not_a_preset_file_is_said_and_left_alone() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, "{ not json").expect("written");
        let presets = Presets::in_dir(Some(dir.path().to_owned()));
        assert!(matches!(presets.kept(), Err(PresetError::Bad { .. })));
        assert!(presets.keep(built_in()[0].clone()).is_err());
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), "{ not json");
    }

    #[test]
    fn every_setting_reads_back_from_json_and_makes_its_generator() {
        for preset in built_in() {
            let text = serde_json::to_string(&preset).expect("JSON");
            let back: Preset = serde_json::from_str(&text).expect("read back");
            assert_eq!(back, preset, "{text}");
            let generator = preset.setting.generator(None).expect("a generator");
            assert_eq!(Setting::of(&generator), preset.setting);
            assert_eq!(preset.setting.words(), generator.words());
        }
        let mouth = Setting::Mouth {
            open_deg: 20.0,
            smoothing_ms: 32,
        };
        assert_eq!(mouth.generator(None), None, "a mouth needs its sound");
    }
}
