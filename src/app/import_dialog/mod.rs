//! File > Import: the file, the AIBO it goes onto, and which part of the file drives each of
//! the AIBO's joints (the mapping grid, a scale and an offset per joint), with a preview of
//! the result's curves and problems before anything is created. The grid saves and loads as
//! the map file the command line reads (`convert --map`), so both make the same motion.
//!
//! The dialog draws from the app's copy of [`ImportPrompt`] and shows it again, changed, when
//! a field changes; the app then [`refresh`]es it after the frame: the file is read once
//! (when its path changes) and mapped again whenever the model, the tolerance or the grid
//! changes.

mod handle;
pub mod ui;

use crate::codec::Problem;
use crate::codec::mtn::{self, Motion};
use crate::convert::{
    ConvertError, ImportOptions, ImportSource, MapEntry, MapError, Part, parse_map, write_map,
};
use crate::robot::models::parse_design;
use crate::robot::timing;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why the Import window cannot read its file, make its motion, or load or save its map;
/// each names the file (and the line, where the reader says).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// No file is given yet.
    #[error("give the file to import")]
    NoPath,
    /// The file, or the map file, cannot be read or made into a motion.
    #[error(transparent)]
    Convert(#[from] ConvertError),
    /// A line of the map file is not a map entry.
    #[error("{}: {source}", path.display())]
    Map {
        /// The map file.
        path: PathBuf,
        /// Which line, and why.
        #[source]
        source: MapError,
    },
    /// A map is loaded before an AIBO model is chosen.
    #[error("choose an AIBO model before loading {}", path.display())]
    NoModel {
        /// The map file.
        path: PathBuf,
    },
    /// The map names a joint the model does not have.
    #[error("{}: \"{joint}\" is not a joint of {model}", path.display())]
    NotAJoint {
        /// The map file.
        path: PathBuf,
        /// The joint named.
        joint: String,
        /// The model chosen.
        model: String,
    },
    /// The map gives a joint a part the file does not have.
    #[error("{}: {joint} takes a part the file does not have ({parts} parts)", path.display())]
    NoSuchPart {
        /// The map file.
        path: PathBuf,
        /// The joint.
        joint: String,
        /// How many parts the file has.
        parts: usize,
    },
    /// The map file cannot be written; what was there is as it was.
    #[error("{}: cannot write: {source}", path.display())]
    WriteMap {
        /// The map file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// The File > Import window's state.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportPrompt {
    /// The file to import (.seq, .yaml, .pseq, .motion, .csv, .json).
    pub path: String,
    /// The design label to map a body motion or key-pose sequence onto.
    pub model: String,
    /// Largest allowed difference from the source, degrees.
    pub tolerance: f64,
    /// One row per joint of the model: what drives it.
    pub rows: Vec<MapRow>,
    /// The map file to load the grid from or save it to.
    pub map_path: String,
    /// The time the grid's values are shown at, ms.
    pub at_ms: u64,
    /// Why the last try failed.
    pub error: Option<String>,
    /// What the last map load or save did.
    pub notice: Option<String>,
    /// The file as read and what it becomes (made by [`refresh`]).
    pub preview: Preview,
}

/// One AIBO joint in the mapping grid.
#[derive(Clone, Debug, PartialEq)]
pub struct MapRow {
    /// The joint's friendly name (`FL_LEG_KNEE`).
    pub joint: &'static str,
    /// The source part that drives it; `None` holds the model's stand posture.
    pub part: Option<usize>,
    /// The factor the source angle is multiplied by.
    pub scale: f64,
    /// Degrees added after scaling.
    pub offset_deg: f64,
}

/// The preview: shared, so the dialog's copy each frame is cheap; equal only to itself.
#[derive(Clone, Debug, Default)]
pub struct Preview(pub Option<Arc<Previewed>>);

impl PartialEq for Preview {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

/// A file read for import and the motion the dialog's settings make of it.
#[derive(Debug)]
pub struct Previewed {
    /// The path read.
    pub path: String,
    /// The model the grid's rows are for.
    pub model: String,
    /// The file, or why it could not be read.
    pub source: Result<Arc<ImportSource>, Arc<ImportError>>,
    /// The model, tolerance and rows the result was made from.
    made_from: (String, f64, Vec<MapRow>),
    /// The motion made, or why not.
    pub result: Result<Made, Arc<ImportError>>,
}

/// What the import makes.
#[derive(Debug)]
pub struct Made {
    /// The motion.
    pub motion: Motion,
    /// The summary, then the notes.
    pub lines: Vec<String>,
    /// Its problems (limits, speed, names), as the editor will list them.
    pub problems: Vec<Problem>,
    /// The keyframes' times, ms.
    pub times: Vec<u64>,
}

impl Made {
    /// The angle of the joint named `joint` at `ms`, microradians, if the motion has it.
    #[must_use]
    pub fn value_at(&self, joint: &str, ms: u64) -> Option<i32> {
        let design = &self.motion.design;
        let j = self
            .motion
            .locators
            .iter()
            .position(|l| crate::robot::joint_name(design, l) == joint)?;
        self.values_at(ms).get(j).copied()
    }

    /// Every joint's angle at `ms`, microradians.
    #[must_use]
    pub fn values_at(&self, ms: u64) -> Vec<i32> {
        let keyframes = &self.motion.keyframes;
        timing::values_at_tick_in(keyframes, &self.times, ms / timing::TICK_MS).unwrap_or_else(
            || {
                let joints = keyframes.joint_count();
                let last = keyframes.len().saturating_sub(1);
                keyframes
                    .angles()
                    .get(last * joints..(last + 1) * joints)
                    .map_or_else(Vec::new, <[i32]>::to_vec)
            },
        )
    }

    /// The motion's length, ms.
    #[must_use]
    pub fn duration_ms(&self) -> u64 {
        self.times.last().copied().unwrap_or(0)
    }
}

impl ImportPrompt {
    /// A new window for `path` onto `model`, read and previewed.
    #[must_use]
    pub fn new(path: String, model: String) -> Self {
        refresh(Self {
            path,
            model,
            tolerance: crate::convert::DEFAULT_TOLERANCE_DEG,
            rows: Vec::new(),
            map_path: String::new(),
            at_ms: 0,
            error: None,
            notice: None,
            preview: Preview::default(),
        })
    }

    /// The file as read, if it was.
    #[must_use]
    pub fn source(&self) -> Option<&ImportSource> {
        self.preview.0.as_ref()?.source.as_deref().ok()
    }

    /// The import made of it, if any.
    #[must_use]
    pub fn made(&self) -> Option<&Made> {
        self.preview.0.as_ref()?.result.as_ref().ok()
    }

    /// The grid as map entries: the joints it maps (the rest hold the stand posture).
    #[must_use]
    pub fn entries(&self) -> Vec<MapEntry> {
        self.rows
            .iter()
            .filter_map(|row| {
                Some(MapEntry {
                    joint: row.joint.to_owned(),
                    part: Part::Index(row.part?),
                    scale: row.scale,
                    offset_deg: row.offset_deg,
                })
            })
            .collect()
    }

    /// The options the import runs with, for `source`: the grid as the map (the command
    /// line given the saved map file runs with the same), except where the file names its
    /// own joints for this model and the grid is as those names make it: then the motion
    /// comes back with exactly its own joints, as the command line without a map does.
    #[must_use]
    pub fn options_for(&self, source: &ImportSource) -> ImportOptions {
        let own = source.named_design() == Some(self.model.as_str())
            && !source.part_names().is_empty()
            && self.rows == default_rows(&self.model, source.part_names());
        ImportOptions {
            design: Some(self.model.clone()).filter(|m| !m.is_empty()),
            map: (source.is_mapped() && !own).then(|| self.entries()),
            tolerance_deg: self.tolerance,
            name: crate::convert::imported_name(std::path::Path::new(self.path.trim())),
        }
    }

    /// Whether the file names its own joints and the import keeps them as they are.
    #[must_use]
    pub fn keeps_own_joints(&self) -> bool {
        self.source()
            .is_some_and(|s| s.is_mapped() && self.options_for(s).map.is_none())
    }

    /// Whether the grid maps by order (row N from part N) a file that names no parts: the
    /// window says so, as the command line does.
    #[must_use]
    pub fn by_order(&self) -> bool {
        let Some(source) = self.source().filter(|s| s.is_mapped()) else {
            return false;
        };
        let parts = source.parts();
        source.part_names().is_empty()
            && self.rows.iter().any(|r| r.part.is_some())
            && self
                .rows
                .iter()
                .enumerate()
                .all(|(j, r)| r.part == (j < parts).then_some(j))
    }

    /// Fills the grid: each joint from the part of the same name (an mtn-studio export names
    /// its parts), the others holding the stand posture.
    #[must_use]
    pub fn by_name(mut self) -> Self {
        let names = self
            .source()
            .map(|s| s.part_names().to_vec())
            .unwrap_or_default();
        self.rows = default_rows(&self.model, &names);
        self
    }

    /// Fills the grid by order: the first joint from part 0, and so on.
    #[must_use]
    pub fn by_order_rows(mut self) -> Self {
        let parts = self.source().map_or(0, ImportSource::parts);
        for (j, row) in self.rows.iter_mut().enumerate() {
            *row = MapRow {
                part: (j < parts).then_some(j),
                ..plain_row(row.joint)
            };
        }
        self
    }

    /// Loads the grid from the map file at `map_path`.
    #[must_use]
    pub fn load_map(mut self) -> Self {
        let path = Path::new(self.map_path.trim()).to_owned();
        let loaded = crate::convert::read_text(&path)
            .map_err(ImportError::from)
            .and_then(|text| {
                parse_map(&text).map_err(|source| ImportError::Map {
                    path: path.clone(),
                    source,
                })
            })
            .and_then(|entries| self.rows_from(&entries, &path));
        match loaded {
            Ok(rows) => {
                self.notice = Some(format!(
                    "Loaded {} (mapping {})",
                    path.display(),
                    crate::words::plural(
                        rows.iter().filter(|r| r.part.is_some()).count(),
                        "joint",
                        "joints"
                    )
                ));
                self.rows = rows;
                self.error = None;
            }
            Err(error) => {
                self.error = Some(error.to_string());
                self.notice = None;
            }
        }
        refresh(self)
    }

    fn rows_from(&self, entries: &[MapEntry], path: &Path) -> Result<Vec<MapRow>, ImportError> {
        let design = parse_design(&self.model).ok_or_else(|| ImportError::NoModel {
            path: path.to_owned(),
        })?;
        let names = self
            .source()
            .map(|s| s.part_names().to_vec())
            .unwrap_or_default();
        let parts = self.source().map_or(0, ImportSource::parts);
        let mut rows: Vec<MapRow> = self.rows.iter().map(|r| plain_row(r.joint)).collect();
        for entry in entries {
            let row = design
                .allowed_joints()
                .find(|(_, info)| info.name == entry.joint || info.locator == entry.joint)
                .and_then(|(_, info)| rows.iter_mut().find(|r| r.joint == info.name))
                .ok_or_else(|| ImportError::NotAJoint {
                    path: path.to_owned(),
                    joint: entry.joint.clone(),
                    model: self.model.clone(),
                })?;
            let part = match &entry.part {
                Part::Index(i) => Some(*i).filter(|&i| i < parts),
                Part::Name(name) => names.iter().position(|n| n == name),
            }
            .ok_or_else(|| ImportError::NoSuchPart {
                path: path.to_owned(),
                joint: entry.joint.clone(),
                parts,
            })?;
            *row = MapRow {
                joint: row.joint,
                part: Some(part),
                scale: entry.scale,
                offset_deg: entry.offset_deg,
            };
        }
        Ok(rows)
    }

    /// Saves the grid as a map file at `map_path`.
    #[must_use]
    pub fn save_map(mut self) -> Self {
        let path = Path::new(self.map_path.trim()).to_owned();
        let source = Path::new(self.path.trim()).file_name().map_or_else(
            || "the file".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        let held: Vec<&str> = self
            .rows
            .iter()
            .filter(|r| r.part.is_none())
            .map(|r| r.joint)
            .collect();
        let text = write_map(&self.entries(), &source, &self.model, &held);
        match crate::fsutil::write_atomic(&path, text.as_bytes()) {
            Ok(()) => {
                self.notice = Some(format!("Saved the map to {}", path.display()));
                self.error = None;
            }
            Err(source) => {
                let error = ImportError::WriteMap { path, source };
                self.error = Some(error.to_string());
                self.notice = None;
            }
        }
        self
    }
}

fn plain_row(joint: &'static str) -> MapRow {
    MapRow {
        joint,
        part: None,
        scale: 1.0,
        offset_deg: 0.0,
    }
}

/// The grid for `model`: each joint from the part that carries its locator or name.
fn default_rows(model: &str, names: &[String]) -> Vec<MapRow> {
    let Some(design) = parse_design(model) else {
        return Vec::new();
    };
    design
        .allowed_joints()
        .map(|(_, info)| MapRow {
            part: names
                .iter()
                .position(|n| n == info.locator || n == info.name),
            ..plain_row(info.name)
        })
        .collect()
}

/// Brings the preview up to date with the prompt: reads the file when its path changed
/// (and fills the grid by name), refills the grid when the model changed, and makes the
/// motion again when the model, tolerance or grid changed.
#[must_use]
pub fn refresh(mut prompt: ImportPrompt) -> ImportPrompt {
    let path = prompt.path.trim().to_owned();
    let old = prompt.preview.0.clone();
    let reread = old.as_ref().is_none_or(|o| o.path != path);
    let source = match &old {
        Some(o) if !reread => o.source.clone(),
        _ if path.is_empty() => Err(Arc::new(ImportError::NoPath)),
        _ => ImportSource::read(Path::new(&path))
            .map(Arc::new)
            .map_err(|e| Arc::new(e.into())),
    };
    if reread
        && let Some(label) = source
            .as_ref()
            .ok()
            .filter(|s| s.is_mapped())
            .and_then(|s| s.named_design())
            .filter(|l| parse_design(l).is_some())
    {
        prompt.model = label.to_owned();
    }
    let regrid = reread || old.as_ref().is_none_or(|o| o.model != prompt.model);
    if regrid {
        let names = source
            .as_ref()
            .map(|s| s.part_names().to_vec())
            .unwrap_or_default();
        prompt.rows = if source.as_ref().is_ok_and(|s| s.is_mapped()) {
            default_rows(&prompt.model, &names)
        } else {
            Vec::new()
        };
    }
    let made_from = (prompt.model.clone(), prompt.tolerance, prompt.rows.clone());
    let result = match &old {
        Some(o) if !reread && o.made_from == made_from => {
            prompt.preview = Preview(old.clone());
            return prompt;
        }
        _ => make(&source, &path, &prompt),
    };
    if let Ok(made) = &result {
        prompt.at_ms = prompt.at_ms.min(made.duration_ms());
    }
    prompt.preview = Preview(Some(Arc::new(Previewed {
        path,
        model: prompt.model.clone(),
        source,
        made_from,
        result,
    })));
    prompt
}

fn make(
    source: &Result<Arc<ImportSource>, Arc<ImportError>>,
    path: &str,
    prompt: &ImportPrompt,
) -> Result<Made, Arc<ImportError>> {
    let source = source.as_ref().map_err(Arc::clone)?;
    let (motion, lines) = source
        .to_mtn(Path::new(path), &prompt.options_for(source))
        .map_err(|e| Arc::new(e.into()))?;
    let offsets = mtn::offsets(&motion).unwrap_or_default();
    let problems = crate::robot::check::problems(&motion, &offsets, &[]);
    let times = timing::keyframe_times_ms(&motion.keyframes);
    Ok(Made {
        motion,
        lines,
        problems,
        times,
    })
}
