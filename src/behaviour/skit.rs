//! The `.skit` file: a motion paired with a sound and an LED pattern, each by path and
//! archive entry, with its offset, in a few lines of JSON beside the motion. Reopening the
//! motion restores its tracks; the MTN file itself is never changed.
//!
//! ```json
//! { "skit": 1,
//!   "motion": { "path": "MOTION7.ODA", "entry": "a_sit#sit_so0_greet" },
//!   "sound": { "path": "SOUND7.ODA", "entry": "so1_t00greetso0_x1x", "offset_ms": 0 },
//!   "led": null,
//!   "markers": [ { "time_ms": 256, "name": "paw up" } ] }
//! ```
//!
//! `markers` (named times on the motion's axis) is left out where there are none, so a
//! skit without markers reads the same in versions before them.
//!
//! Paths are kept relative to the skit's folder where the file shares a folder with it
//! below the root (`../sounds/bark.wav` beside `motions/`), so a folder moved as a whole
//! keeps its skits; a file elsewhere (another drive, only the root in common) stays whole.

use crate::codec::kind::SKIT_EXTENSION;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The version this writes.
pub const VERSION: u32 = 1;

/// A file and maybe its archive entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartRef {
    /// The file.
    pub path: PathBuf,
    /// The archive entry.
    #[serde(default)]
    pub entry: Option<String>,
}

/// A track's part and where it starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackRef {
    /// The file.
    pub path: PathBuf,
    /// The archive entry.
    #[serde(default)]
    pub entry: Option<String>,
    /// Where it starts on the motion's time axis (ms).
    #[serde(default)]
    pub offset_ms: i64,
}

/// A named time on the motion's axis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// Where (ms, keyframe time).
    pub time_ms: u64,
    /// Its name.
    pub name: String,
}

/// A skit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skit {
    /// The file's version.
    pub skit: u32,
    /// The motion.
    pub motion: PartRef,
    /// The sound track's part.
    #[serde(default)]
    pub sound: Option<TrackRef>,
    /// The LED track's part.
    #[serde(default)]
    pub led: Option<TrackRef>,
    /// The markers, in time order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
}

/// Where the skit of the motion at `path` (`entry` of an archive) is kept: beside it,
/// `walk.skit` for `walk.mtn`, `MOTION7.a_sit#sit_so0_greet.skit` for an archive's entry.
#[must_use]
pub fn skit_path(path: &Path, entry: Option<&str>) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match entry {
        Some(entry) => {
            let safe: String = entry
                .chars()
                .map(|c| {
                    if matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                        '_'
                    } else {
                        c
                    }
                })
                .collect();
            format!("{stem}.{safe}.{SKIT_EXTENSION}")
        }
        None => format!("{stem}.{SKIT_EXTENSION}"),
    };
    path.with_file_name(name)
}

/// `path` from `folder` (both whole): under it, or up through the folder they share, where
/// they share one below the root.
fn relative(folder: &Path, path: &Path) -> PathBuf {
    use std::path::Component;
    if let Ok(inside) = path.strip_prefix(folder) {
        return inside.to_owned();
    }
    let from: Vec<Component<'_>> = folder.components().collect();
    let to: Vec<Component<'_>> = path.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let shared_folder = from[..common]
        .iter()
        .any(|c| matches!(c, Component::Normal(_)));
    let plain = |c: &Component<'_>| matches!(c, Component::Normal(_));
    if !shared_folder || !from[common..].iter().all(plain) || !to[common..].iter().all(plain) {
        return path.to_owned();
    }
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for c in &to[common..] {
        out.push(c);
    }
    out
}

/// `path` read from a skit in `folder`, whole (its `..` taken back up the folder).
fn absolute(folder: &Path, path: &Path) -> PathBuf {
    use std::path::Component;
    if path.is_absolute() {
        return path.to_owned();
    }
    let mut out = folder.to_owned();
    for c in path.components() {
        match c {
            Component::ParentDir if out.parent().is_some() => {
                out.pop();
            }
            Component::CurDir => {}
            other @ (Component::Prefix(_)
            | Component::RootDir
            | Component::ParentDir
            | Component::Normal(_)) => out.push(other),
        }
    }
    out
}

fn folder_of(path: &Path) -> PathBuf {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::path::absolute(folder).unwrap_or_else(|_| folder.to_owned())
}

impl Skit {
    /// The skit with `change` made to each of its paths.
    fn with_paths(&self, change: impl Fn(&Path) -> PathBuf) -> Self {
        let track = |t: &TrackRef| TrackRef {
            path: change(&t.path),
            ..t.clone()
        };
        Self {
            skit: self.skit,
            motion: PartRef {
                path: change(&self.motion.path),
                entry: self.motion.entry.clone(),
            },
            sound: self.sound.as_ref().map(track),
            led: self.led.as_ref().map(track),
            markers: self.markers.clone(),
        }
    }

    /// The skit as written at `at`: paths under its folder made relative.
    #[must_use]
    pub fn relative_to(&self, at: &Path) -> Self {
        let folder = folder_of(at);
        self.with_paths(|p| {
            relative(
                &folder,
                &std::path::absolute(p).unwrap_or_else(|_| p.to_owned()),
            )
        })
    }

    /// The skit read from `at`, its paths made whole again.
    #[must_use]
    pub fn resolved_from(&self, at: &Path) -> Self {
        let folder = folder_of(at);
        self.with_paths(|p| absolute(&folder, p))
    }
}

/// Reads the skit at `path`, its paths resolved against its folder.
///
/// # Errors
/// The file cannot be read or is not a skit (the message names the file, and the line and
/// column JSON gives).
pub fn read(path: &Path) -> Result<Skit, super::BehaviourError> {
    use super::BehaviourError;
    let text = std::fs::read_to_string(path).map_err(|source| BehaviourError::Io {
        path: path.to_owned(),
        source,
    })?;
    let skit: Skit = serde_json::from_str(&text).map_err(|source| BehaviourError::Skit {
        path: path.to_owned(),
        source,
    })?;
    if skit.skit > VERSION {
        return Err(BehaviourError::SkitVersion {
            path: path.to_owned(),
            version: skit.skit,
            newest: VERSION,
        });
    }
    Ok(skit.resolved_from(path))
}

/// Writes `skit` at `path` (atomically), its paths relative to its folder where they can be.
///
/// # Errors
/// The file cannot be written.
pub fn write(path: &Path, skit: &Skit) -> std::io::Result<()> {
    let text =
        serde_json::to_string_pretty(&skit.relative_to(path)).map_err(std::io::Error::other)?;
    crate::fsutil::write_atomic(path, format!("{text}\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skit_keeps_its_paths_relative_and_reads_back_whole() {
        let dir = std::env::temp_dir().join(format!("mtn-studio-skit-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sound")).unwrap();
        let dir = std::path::absolute(&dir).unwrap();
        let skit = Skit {
            skit: VERSION,
            motion: PartRef {
                path: dir.join("MOTION7.ODA"),
                entry: Some("a_sit#sit_so0_greet".to_owned()),
            },
            sound: Some(TrackRef {
                path: dir.join("sound/SOUND7.ODA"),
                entry: Some("so1_t00greetso0_x1x".to_owned()),
                offset_ms: -120,
            }),
            led: None,
            markers: vec![Marker {
                time_ms: 256,
                name: "paw up".to_owned(),
            }],
        };
        let at = skit_path(&skit.motion.path, skit.motion.entry.as_deref());
        assert_eq!(at, dir.join("MOTION7.a_sit#sit_so0_greet.skit"));
        write(&at, &skit).unwrap();
        let text = std::fs::read_to_string(&at).unwrap();
        assert!(text.contains("\"sound/SOUND7.ODA\""), "{text}");
        assert!(text.contains("\"paw up\""), "{text}");
        assert_eq!(read(&at).unwrap(), skit);
        // A sound in a folder beside the skit's is kept as the way there.
        let beside = Skit {
            sound: Some(TrackRef {
                path: dir.with_extension("sounds").join("bark.wav"),
                entry: None,
                offset_ms: 0,
            }),
            ..skit.clone()
        };
        write(&at, &beside).unwrap();
        let text = std::fs::read_to_string(&at).unwrap();
        let name = dir.file_name().unwrap().to_string_lossy();
        assert!(
            text.contains(&format!("\"../{name}.sounds/bark.wav\"")),
            "{text}"
        );
        assert_eq!(read(&at).unwrap(), beside);
        std::fs::write(&at, "{\"skit\": 9, \"motion\": {\"path\": \"x\"}}").unwrap();
        assert!(read(&at).unwrap_err().to_string().contains("version 9"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
