//! What the window remembers between runs, as one serde state saved under one storage key:
//! the recent files, the panels shown, the shaping tolerance and the SoundFont. Versions
//! before it kept the four under keys of their own; where the one key is not there yet,
//! those are read (once: the next save writes the one key, which wins from then on).

use super::state::Panels;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The storage key of the settings.
pub const KEY: &str = "settings";

/// The keys earlier versions kept each setting under.
mod earlier {
    /// The recent files.
    pub const RECENT: &str = "recent_files";
    /// Which panels are shown.
    pub const PANELS: &str = "panels";
    /// The shaping tolerance.
    pub const TOLERANCE: &str = "shaping_tolerance_deg";
    /// The SoundFont chosen.
    pub const SOUNDFONT: &str = "soundfont";
}

/// What the window remembers between runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The files opened lately, the latest first.
    pub recent: Vec<PathBuf>,
    /// Which panels are shown.
    pub panels: Panels,
    /// The tolerance the shaping operations offer, in degrees (none: their default).
    pub shaping_tolerance_deg: Option<f64>,
    /// The SoundFont MIDI sounds play through (none: the system's, where there is one).
    pub soundfont: Option<PathBuf>,
}

impl Settings {
    /// The settings `get` (a storage's strings by key) holds: under [`KEY`], else under
    /// the earlier keys. What does not read is left at its default; a tolerance the
    /// shaping operations would refuse is dropped.
    pub fn load(get: impl Fn(&str) -> Option<String>) -> Self {
        let mut settings = match get(KEY) {
            Some(text) => serde_json::from_str(&text).unwrap_or_default(),
            None => Self::from_earlier_keys(&get),
        };
        settings.shaping_tolerance_deg = settings
            .shaping_tolerance_deg
            .filter(|&t| crate::ops::shape::check_tolerance(t).is_ok());
        settings
    }

    /// The settings as earlier versions kept them, a key each.
    fn from_earlier_keys(get: &impl Fn(&str) -> Option<String>) -> Self {
        fn read<T: for<'de> Deserialize<'de>>(text: Option<String>) -> Option<T> {
            serde_json::from_str(&text?).ok()
        }
        Self {
            recent: read(get(earlier::RECENT)).unwrap_or_default(),
            panels: read(get(earlier::PANELS)).unwrap_or_default(),
            shaping_tolerance_deg: read(get(earlier::TOLERANCE)),
            soundfont: read::<Option<PathBuf>>(get(earlier::SOUNDFONT)).flatten(),
        }
    }

    /// The settings as saved under [`KEY`].
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn store(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn load(store: &HashMap<String, String>) -> Settings {
        Settings::load(|key| store.get(key).cloned())
    }

    #[test]
    fn the_four_earlier_keys_are_read_where_the_one_key_is_not_there() {
        let panels = Panels {
            joints: false,
            ..Panels::default()
        };
        let old = store(&[
            ("recent_files", r#"["/m/a.mtn","/m/b.oda"]"#),
            ("panels", &serde_json::to_string(&panels).unwrap()),
            ("shaping_tolerance_deg", "0.25"),
            ("soundfont", r#""/sf/gm.sf2""#),
        ]);
        let settings = load(&old);
        assert_eq!(
            settings,
            Settings {
                recent: vec!["/m/a.mtn".into(), "/m/b.oda".into()],
                panels,
                shaping_tolerance_deg: Some(0.25),
                soundfont: Some("/sf/gm.sf2".into()),
            }
        );
        // Saved under the one key, read back the same; the earlier keys no longer count.
        let mut new = old.clone();
        new.insert(KEY.to_owned(), settings.to_json());
        new.insert("shaping_tolerance_deg".to_owned(), "0.75".to_owned());
        assert_eq!(load(&new), settings);
    }

    #[test]
    fn what_does_not_read_is_left_at_its_default() {
        assert_eq!(load(&store(&[])), Settings::default());
        assert_eq!(load(&store(&[(KEY, "{not json")])), Settings::default());
        let partial = load(&store(&[(KEY, r#"{"soundfont":"/sf/a.sf2"}"#)]));
        assert_eq!(partial.soundfont, Some("/sf/a.sf2".into()));
        assert_eq!(partial.recent, Vec::<PathBuf>::new());
        // A tolerance the shaping operations refuse is dropped, from either place.
        let refused = load(&store(&[(KEY, r#"{"shaping_tolerance_deg":-1.0}"#)]));
        assert_eq!(refused.shaping_tolerance_deg, None);
        let refused = load(&store(&[("shaping_tolerance_deg", "-1")]));
        assert_eq!(refused.shaping_tolerance_deg, None);
    }
}
