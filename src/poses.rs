//! The pose library: poses kept under a name, a small JSON file per model in the user's data
//! folder (`~/.local/share/mtn-studio/poses/ERS-7.json` on Linux, or `MTN_STUDIO_POSES_DIR`)
//! that can be shared; the built-in poses (the stand, sit and sleep of
//! `docs/formats/robots.md#standard-postures`, and the stand on three paws, each paw lifted 60
//! mm with the balance kept by `ops::place`); and a pose made into an edit of a motion: applied
//! to the keyframe at a time or inserted as a new one, mirrored, or only for the legs, the head
//! or the tail.
//!
//! A pose holds each joint's value in degrees under the model's joint names, so it applies to
//! any motion of the model whatever its joint order, and to partial-body motions for the
//! joints they have.

use crate::codec::mtn::{Keyframe, Motion};
use crate::edit::Edit;
use crate::fsutil::write_atomic;
use crate::ops::place::weight::WeightFirst;
use crate::ops::place::{Goals, PawGoal, Site};
use crate::robot::floor::{self, Rest, settle, up_from_body};
use crate::robot::kinematics::Leg;
use crate::robot::{BodyPart, Model, deg_to_urad, joint_name, parse_design, urad_to_deg};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A pose under a name: each joint's value in degrees, by the model's joint names.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pose {
    /// Its name.
    pub name: String,
    /// Joint name to degrees.
    pub joints: BTreeMap<String, f64>,
}

/// A model's file of poses, as written.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct PoseFile {
    /// The model's name (ERS-7, ERS-210/220, ...).
    model: String,
    /// The poses, in the order they were kept.
    poses: Vec<Pose>,
}

/// Why the library could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum PoseError {
    /// No folder to keep poses in.
    #[error("there is no data folder to keep poses in (set MTN_STUDIO_POSES_DIR)")]
    NoFolder,
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a pose file.
    #[error("{path}: not a pose file: {message}")]
    Bad {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        message: String,
    },
    /// A name that cannot be used.
    #[error("{0}")]
    Name(String),
    /// The motion is of no model the library knows.
    #[error("the design label \"{0}\" names no model with poses")]
    Model(String),
}

/// Which joints of a pose to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// Every joint the pose has.
    All,
    /// A part's joints.
    Part(BodyPart),
}

/// How a pose goes into a motion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    /// Into the keyframe at the time (inserted on its 16 ms frame where there is none), or as
    /// a new keyframe after the one at or before it.
    pub insert: bool,
    /// Left and right swapped.
    pub mirrored: bool,
    /// Which joints.
    pub only: Only,
}

/// What the window's Pose section asks of the library for a motion.
#[derive(Clone, Debug, PartialEq)]
pub enum PoseRequest {
    /// Keep the pose at the playhead under this name.
    Keep(String),
    /// Put the pose of this name into the motion at the playhead.
    Use {
        /// The pose.
        name: String,
        /// How.
        how: Use,
    },
    /// Put this pose (from elsewhere than the library: the robot's, read over the air) into
    /// the motion at the playhead.
    Given {
        /// The pose.
        pose: Pose,
        /// How.
        how: Use,
    },
    /// Rename a kept pose.
    Rename {
        /// Its name.
        from: String,
        /// Its new name.
        to: String,
    },
    /// Delete a kept pose.
    Delete(String),
}

/// The file name of a model's poses.
fn file_name(model: Model) -> String {
    format!(
        "{}.{}",
        model.name().replace('/', "-"),
        crate::codec::kind::FileKind::Json.extension()
    )
}

/// The poses kept on disk and the built-in ones.
#[derive(Debug, Default)]
pub struct Library {
    /// The folder (None: nothing is kept).
    dir: Option<PathBuf>,
    /// Each model's kept poses, read when first asked for.
    kept: BTreeMap<&'static str, Vec<Pose>>,
    /// Each model's built-in poses, made when first asked for.
    built: BTreeMap<&'static str, Vec<Pose>>,
    /// Why a model's file could not be read, not yet said.
    unread: BTreeMap<&'static str, String>,
    /// The models whose file could not be read: it is never written over (the poses in it
    /// would be lost).
    broken: BTreeMap<&'static str, PathBuf>,
}

impl Library {
    /// The library kept in `dir`.
    #[must_use]
    pub fn in_dir(dir: Option<PathBuf>) -> Self {
        Self {
            dir,
            ..Self::default()
        }
    }

    /// The platform's place: `MTN_STUDIO_POSES_DIR`, else the data folder's `poses`.
    #[must_use]
    pub fn default_dir() -> Option<PathBuf> {
        std::env::var_os("MTN_STUDIO_POSES_DIR")
            .map(PathBuf::from)
            .or_else(|| {
                directories::ProjectDirs::from("", "", "mtn-studio")
                    .map(|dirs| dirs.data_dir().join("poses"))
            })
    }

    /// The folder poses are kept in.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// A model's built-in poses.
    pub fn built_in(&mut self, model: Model) -> &[Pose] {
        self.built
            .entry(model.name())
            .or_insert_with(|| built_in(model))
    }

    /// A model's kept poses (read from its file the first time; a file that cannot be read
    /// gives none and says why).
    ///
    /// # Errors
    /// The file exists but cannot be read or is not a pose file.
    pub fn kept(&mut self, model: Model) -> Result<&[Pose], PoseError> {
        if !self.kept.contains_key(model.name()) {
            let poses = self.read(model)?;
            self.kept.insert(model.name(), poses);
        }
        Ok(self.kept.get(model.name()).map_or(&[], Vec::as_slice))
    }

    /// A model's built-in and kept poses, reading its file the first time (a file that
    /// cannot be read leaves none kept, and [`Library::unread`] says why, once).
    pub fn load(&mut self, model: Model) {
        self.built_in(model);
        if let Err(e) = self.kept(model) {
            self.unread.insert(model.name(), e.to_string());
            if let Ok(path) = self.path(model) {
                self.broken.insert(model.name(), path);
            }
            self.kept.insert(model.name(), Vec::new());
        }
    }

    /// Why a model's file could not be read, taken (said once).
    pub fn unread(&mut self, model: Model) -> Option<String> {
        self.unread.remove(model.name())
    }

    /// A model's built-in poses as made (none before [`Library::load`]).
    #[must_use]
    pub fn built_now(&self, model: Model) -> &[Pose] {
        self.built.get(model.name()).map_or(&[], Vec::as_slice)
    }

    /// A pose of the model by name: kept or built in.
    #[must_use]
    pub fn find(&self, model: Model, name: &str) -> Option<&Pose> {
        self.kept_now(model)
            .iter()
            .chain(self.built_now(model))
            .find(|p| p.name == name)
    }

    /// The kept poses as last read (none before [`Library::kept`]).
    #[must_use]
    pub fn kept_now(&self, model: Model) -> &[Pose] {
        self.kept.get(model.name()).map_or(&[], Vec::as_slice)
    }

    fn path(&self, model: Model) -> Result<PathBuf, PoseError> {
        Ok(self
            .dir
            .as_ref()
            .ok_or(PoseError::NoFolder)?
            .join(file_name(model)))
    }

    fn read(&self, model: Model) -> Result<Vec<Pose>, PoseError> {
        let Ok(path) = self.path(model) else {
            return Ok(Vec::new());
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(PoseError::Io { path, source }),
        };
        let file: PoseFile = serde_json::from_str(&text).map_err(|e| PoseError::Bad {
            path: path.clone(),
            message: e.to_string(),
        })?;
        Ok(file.poses)
    }

    fn write(&mut self, model: Model, poses: Vec<Pose>) -> Result<(), PoseError> {
        let path = self.path(model)?;
        if self.broken.contains_key(model.name()) {
            return Err(PoseError::Bad {
                path,
                message: "it could not be read, so it is left as it is: mend it or move it \
                          away, then open the motion again"
                    .to_owned(),
            });
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|source| PoseError::Io {
                path: dir.to_owned(),
                source,
            })?;
        }
        let file = PoseFile {
            model: model.name().to_owned(),
            poses,
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| PoseError::Bad {
            path: path.clone(),
            message: e.to_string(),
        })?;
        write_atomic(&path, text.as_bytes()).map_err(|source| PoseError::Io {
            path: path.clone(),
            source,
        })?;
        self.kept.insert(model.name(), file.poses);
        Ok(())
    }

    /// Keeps `pose` (replacing a kept pose of its name); whether one was replaced.
    ///
    /// # Errors
    /// An empty name or a built-in's, or the file cannot be read or written.
    pub fn keep(&mut self, model: Model, pose: Pose) -> Result<bool, PoseError> {
        let name = pose.name.trim().to_owned();
        self.check_name(model, &name)?;
        let mut poses = self.kept(model)?.to_vec();
        let replaced = poses.iter().position(|p| p.name == name);
        let pose = Pose { name, ..pose };
        match replaced {
            Some(i) => poses[i] = pose,
            None => poses.push(pose),
        }
        self.write(model, poses)?;
        Ok(replaced.is_some())
    }

    fn check_name(&mut self, model: Model, name: &str) -> Result<(), PoseError> {
        if name.is_empty() {
            return Err(PoseError::Name("give the pose a name".to_owned()));
        }
        if self.built_in(model).iter().any(|p| p.name == name) {
            return Err(PoseError::Name(format!(
                "\"{name}\" is a built-in pose's name: choose another"
            )));
        }
        Ok(())
    }

    /// Renames a kept pose.
    ///
    /// # Errors
    /// No such pose, a name taken or empty, or the file cannot be written.
    pub fn rename(&mut self, model: Model, from: &str, to: &str) -> Result<(), PoseError> {
        let to = to.trim().to_owned();
        self.check_name(model, &to)?;
        let mut poses = self.kept(model)?.to_vec();
        if from != to && poses.iter().any(|p| p.name == to) {
            return Err(PoseError::Name(format!("a pose is named \"{to}\" already")));
        }
        let pose = poses
            .iter_mut()
            .find(|p| p.name == from)
            .ok_or_else(|| PoseError::Name(format!("no kept pose is named \"{from}\"")))?;
        pose.name = to;
        self.write(model, poses)
    }

    /// Deletes a kept pose.
    ///
    /// # Errors
    /// No such pose, or the file cannot be written.
    pub fn delete(&mut self, model: Model, name: &str) -> Result<(), PoseError> {
        let mut poses = self.kept(model)?.to_vec();
        let before = poses.len();
        poses.retain(|p| p.name != name);
        if poses.len() == before {
            return Err(PoseError::Name(format!("no kept pose is named \"{name}\"")));
        }
        self.write(model, poses)
    }
}

/// The model of a motion's design label.
///
/// # Errors
/// A label that names no model.
pub fn model_of(motion: &Motion) -> Result<Model, PoseError> {
    parse_design(&motion.design)
        .map(|d| d.model)
        .ok_or_else(|| PoseError::Model(motion.design.clone()))
}

/// The pose of a row of values of `motion`, named `name`.
#[must_use]
pub fn pose_of(motion: &Motion, values: &[i32], name: &str) -> Pose {
    let joints = motion
        .locators
        .iter()
        .zip(values)
        .map(|(l, &v)| {
            // To 0.0001° (under 2 µrad): a file a person can read and share.
            let deg = (urad_to_deg(v) * 1e4).round() / 1e4;
            (joint_name(&motion.design, l).to_owned(), deg)
        })
        .collect();
    Pose {
        name: name.to_owned(),
        joints,
    }
}

/// The joint a joint's mirror image takes its value from, and whether its sign flips.
#[must_use]
pub fn mirror_of(name: &str) -> (String, bool) {
    let flips = ["HEAD_YAW", "HEAD_ROLL", "TAIL_HORZ"].contains(&name);
    for (left, right) in [("FL_", "FR_"), ("BL_", "BR_"), ("LEFT_", "RIGHT_")] {
        if let Some(rest) = name.strip_prefix(left) {
            return (format!("{right}{rest}"), flips);
        }
        if let Some(rest) = name.strip_prefix(right) {
            return (format!("{left}{rest}"), flips);
        }
    }
    (name.to_owned(), flips)
}

/// `values` (a row of `motion`) with `pose` put on the joints `how` names.
#[must_use]
pub fn posed_values(motion: &Motion, values: &[i32], pose: &Pose, how: Use) -> Vec<i32> {
    let model = parse_design(&motion.design).map(|d| d.model);
    motion
        .locators
        .iter()
        .zip(values)
        .map(|(locator, &now)| {
            let name = joint_name(&motion.design, locator);
            let part = model
                .and_then(|m| m.joint_by_locator(locator))
                .map(|(_, info)| info.part);
            if let Only::Part(wanted) = how.only
                && part != Some(wanted)
            {
                return now;
            }
            let (source, flips) = if how.mirrored {
                mirror_of(name)
            } else {
                (name.to_owned(), false)
            };
            pose.joints.get(&source).map_or(now, |&deg| {
                let v = deg_to_urad(deg);
                if flips { v.wrapping_neg() } else { v }
            })
        })
        .collect()
}

/// A pose put into a motion: the edit, the keyframe it lands in, and what the weight shift
/// that came with it did (where the pose lifts a paw that was down, as a drag's does).
#[derive(Clone, Debug, PartialEq)]
pub struct Put {
    /// The one edit (the pose, then the weight shift's keyframes).
    pub edit: Edit,
    /// The keyframe holding the pose once the edit is applied.
    pub keyframe: usize,
    /// What the weight shift did, in words, where there was one.
    pub shifted: Option<String>,
}

/// The edit that puts `pose` into `motion` at `time_ms` as `how` says, and the keyframe it
/// lands in; where the pose lifts a paw that was down there, the weight is shifted first
/// as a drag shifts it (`ops::place::weight`). `ticks`: the floor's rests of the motion
/// (see [`Site::at`]).
///
/// # Errors
/// A motion of no known model or without keyframes.
pub fn pose_edit(
    motion: &Motion,
    time_ms: u64,
    ticks: &[Rest],
    pose: &Pose,
    how: Use,
) -> Result<Put, PoseError> {
    let site =
        Site::at(motion, time_ms, ticks).map_err(|_| PoseError::Model(motion.design.clone()))?;
    let values = posed_values(motion, &site.values, pose, how);
    if !how.insert {
        let shift = site.weight_first_for(&values);
        return Ok(with_shift(site.edit(&values), site.keyframe, shift));
    }
    // A new keyframe after the one at or before the time, reached in half a second; the
    // later keyframes move later by as much.
    let times = crate::robot::timing::keyframe_times_ms(&motion.keyframes);
    let at = times.partition_point(|&t| t <= time_ms).max(1) - 1;
    let body = site.rig.pose(&values);
    let up = up_from_body(motion.keyframes.body().get(at).copied().unwrap_or_default());
    let rest = Rest::of(&settle(&body, up, None), &body);
    let yaw = motion.keyframes.body().get(at).map_or(0, |b| b[2]);
    let keyframe = Keyframe {
        frames: INSERTED_FRAMES,
        body_urad: [
            deg_to_urad(rest.roll_deg()),
            deg_to_urad(rest.pitch_deg()),
            yaw,
        ],
        angles_urad: values.clone(),
    };
    // The weight shift as from the keyframe before held into the new one's place.
    let shift = motion.keyframes.get(at).and_then(|before| {
        let mut held = motion.clone();
        Edit::InsertKeyframe {
            index: at + 1,
            keyframe: Keyframe {
                frames: INSERTED_FRAMES,
                body_urad: before.body_urad,
                angles_urad: before.angles_urad.to_vec(),
            },
        }
        .apply(&mut held);
        let time = crate::robot::timing::keyframe_times_ms(&held.keyframes)
            .get(at + 1)
            .copied()?;
        Site::at(&held, time, &[]).ok()?.weight_first_for(&values)
    });
    Ok(with_shift(
        Edit::InsertKeyframe {
            index: at + 1,
            keyframe,
        },
        at + 1,
        shift,
    ))
}

/// The edit that puts `pose` onto `motion`'s keyframes `targets` (each as it is, as `how`
/// says: only some joints, mirrored; `how.insert` is not asked), the body angles `body`
/// where given, each with the weight shifted first where the pose lifts a paw that was
/// down there (as a drag shifts it); and what the shifts did, in words. `ticks`: the floor's
/// rests of the motion (see [`Site::at`]).
#[must_use]
pub fn pose_onto(
    motion: &Motion,
    ticks: &[Rest],
    pose: &Pose,
    how: Use,
    targets: &[usize],
    body: Option<crate::codec::mtn::BodyUrad>,
) -> (Edit, Vec<String>) {
    let times = crate::robot::timing::keyframe_times_ms(&motion.keyframes);
    let mut cells = Vec::new();
    let mut bodies = Vec::new();
    let mut shifts = Vec::new();
    let mut targets = targets.to_vec();
    targets.sort_unstable();
    targets.dedup();
    // The last first: a shift's keyframes move the later ones on, not the earlier.
    for &k in targets.iter().rev() {
        let Some(keyframe) = motion.keyframes.get(k) else {
            continue;
        };
        let values = posed_values(motion, keyframe.angles_urad, pose, how);
        cells.extend(values.iter().enumerate().map(|(j, &v)| (k, j, v)));
        if let Some(body) = body {
            bodies.extend((0..3).map(|axis| (k, axis, body[axis])));
        }
        let site = times.get(k).and_then(|&t| Site::at(motion, t, ticks).ok());
        if let Some(shift) = site.and_then(|s| s.weight_first_for(&values)) {
            shifts.push((shift.said(), shift.edit));
        }
    }
    let mut edits = vec![Edit::SetAngles(cells), Edit::SetBody(bodies)];
    let mut said = Vec::new();
    for (words, edit) in shifts {
        said.push(words);
        edits.push(edit);
    }
    (Edit::Group(edits), said)
}

/// The pose's edit with the weight shift after it (its keyframe moves one on where one is
/// added before it).
fn with_shift(edit: Edit, keyframe: usize, shift: Option<WeightFirst>) -> Put {
    match shift {
        Some(shift) => {
            let shifted = Some(shift.said());
            Put {
                edit: Edit::Group(vec![edit, shift.edit]),
                keyframe: keyframe + usize::from(shift.added_before),
                shifted,
            }
        }
        None => Put {
            edit,
            keyframe,
            shifted: None,
        },
    }
}

/// The frames of the segment into an inserted pose (31 frames of 16 ms: 496 ms).
pub const INSERTED_FRAMES: u32 = 30;

/// The built-in poses of a model: its standard postures, then the stand on three paws.
fn built_in(model: Model) -> Vec<Pose> {
    let mut out = Vec::new();
    for name in ["stand", "sit", "sleep"] {
        let Ok(motion) = crate::robot::postures::new_motion(model.label(), name) else {
            continue;
        };
        if let Some(first) = motion.keyframes.get(0) {
            out.push(pose_of(&motion, first.angles_urad, name));
        }
    }
    let Ok(stand) = crate::robot::postures::new_motion(model.label(), "stand") else {
        return out;
    };
    let Some(rig) = floor::rig(&stand) else {
        return out;
    };
    let Ok(site) = Site::at(&stand, 0, &floor::rest_ticks(&rig, &stand)) else {
        return out;
    };
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        let mut goals = Goals {
            balance_mm: Some(15.0),
            ..Goals::default()
        };
        goals.paws[i] = Some(PawGoal::Lift(60.0));
        let solved = site.solve(&goals);
        if site.misses(&goals, &solved).is_empty() {
            let name = format!(
                "{} paw up (on three)",
                crate::robot::floor::body::leg_name(leg)
            );
            out.push(pose_of(&stand, &solved.placed.values, &name));
        }
    }
    out
}

#[cfg(test)]
mod tests;
