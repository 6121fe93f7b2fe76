//! A Webots project that plays a motion: `worlds/NAME.wbt` (the AiboErs7 by its EXTERNPROTO
//! URL on a floor, Webots stepping at the robot's 8 ms tick), a Python controller in
//! `controllers/mtn_studio_player/` that loads the motion it is given and loops it, and the
//! motion itself in `motions/NAME.motion`.

use crate::convert::error::ConvertError;
use std::path::{Path, PathBuf};

/// The Webots release whose EXTERNPROTO URLs the world names.
pub const WEBOTS_RELEASE: &str = "R2025a";

/// The controller's folder and file name in a project.
const CONTROLLER: &str = "mtn_studio_player";

/// A name for the project's files: the motion's file stem, with anything but ASCII letters,
/// digits, `-` and `_` made `_` (Webots names worlds and URLs by it).
#[must_use]
pub fn project_name(stem: &str) -> String {
    let name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() {
        "motion".to_owned()
    } else {
        name
    }
}

/// The world: the AiboErs7 (by its EXTERNPROTO URL) on a floor, its controller playing
/// `motions/{motion}` (the file name, kept as the motion's: `#` and all), with Webots
/// stepping at the robot's 8 ms tick.
fn world(name: &str, motion: &str) -> String {
    let proto = |path: &str| {
        format!(
            "EXTERNPROTO \"https://raw.githubusercontent.com/cyberbotics/webots/{WEBOTS_RELEASE}/projects/{path}\"\n"
        )
    };
    let mut text = format!("#VRML_SIM {WEBOTS_RELEASE} utf8\n\n");
    for path in [
        "objects/backgrounds/protos/TexturedBackground.proto",
        "objects/backgrounds/protos/TexturedBackgroundLight.proto",
        "objects/floors/protos/Floor.proto",
        "robots/sony/aibo/protos/AiboErs7.proto",
    ] {
        text.push_str(&proto(path));
    }
    text.push('\n');
    for line in world_nodes(name, motion) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The world's nodes, one line each: its title and tick, the viewpoint, the background and
/// its light, the floor, and the robot with its controller playing `motions/{motion}`.
fn world_nodes(name: &str, motion: &str) -> [String; 24] {
    [
        "WorldInfo {".to_owned(),
        "  info [".to_owned(),
        format!("    \"{name}, exported by mtn-studio\""),
        "  ]".to_owned(),
        format!("  title \"{name}\""),
        "  basicTimeStep 8".to_owned(),
        "}".to_owned(),
        // The viewpoint stands 0.7 m ahead-left and 0.35 m up, looking at the robot's middle.
        "Viewpoint {".to_owned(),
        "  orientation 0.1232 0.0510 -0.9911 2.3626".to_owned(),
        "  position 0.7 0.7 0.35".to_owned(),
        "}".to_owned(),
        "TexturedBackground {".to_owned(),
        "}".to_owned(),
        "TexturedBackgroundLight {".to_owned(),
        "}".to_owned(),
        "Floor {".to_owned(),
        "  size 4 4".to_owned(),
        "}".to_owned(),
        "AiboErs7 {".to_owned(),
        format!("  controller \"{CONTROLLER}\""),
        "  controllerArgs [".to_owned(),
        format!("    \"../../motions/{motion}\""),
        "  ]".to_owned(),
        "}".to_owned(),
    ]
}

/// The controller: loads the motion its argument names and plays it, looping.
fn controller() -> String {
    format!(
        r#""""Plays a motion exported by mtn-studio on the AIBO ERS-7, looping.

The motion file is the controller's argument (the world gives it in controllerArgs),
relative to this folder.
"""
import os
import sys

from controller import Motion, Robot

robot = Robot()
time_step = int(robot.getBasicTimeStep())
if len(sys.argv) < 2:
    sys.exit("{CONTROLLER}: give the .motion file in the robot's controllerArgs")
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), sys.argv[1])
motion = Motion(path)
if not motion.isValid():
    sys.exit("{CONTROLLER}: Webots cannot read " + path)
motion.setLoop(True)
motion.play()
while robot.step(time_step) != -1:
    pass
"#
    )
}

/// A Webots project that plays a motion: where its files go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    /// The world, the file a Webots user opens.
    pub world: PathBuf,
    /// The Python controller.
    pub controller: PathBuf,
    /// The copy of the motion the world plays.
    pub motion: PathBuf,
    /// The name the world and the copy go by ([`project_name`]).
    name: String,
}

impl Project {
    /// The project in `dir` for the motion written to `motion_file`, named after its stem.
    #[must_use]
    pub fn for_motion(dir: &Path, motion_file: &Path) -> Self {
        let stem = motion_file
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let name = project_name(&stem);
        // The copy keeps the motion's own file name (`a_walk#walk_sox_fwd.motion`, as beside
        // the archive), so that importing either gives the motion its name back; the world,
        // which Webots names URLs by, takes the name made safe.
        let copy = if stem.is_empty() { name.clone() } else { stem };
        Self {
            world: dir.join(format!("worlds/{name}.wbt")),
            controller: dir.join(format!("controllers/{CONTROLLER}/{CONTROLLER}.py")),
            motion: dir.join(format!("motions/{copy}.motion")),
            name,
        }
    }

    /// Its files, the world first.
    #[must_use]
    pub fn files(&self) -> [&Path; 3] {
        [&self.world, &self.controller, &self.motion]
    }

    /// Writes it (its folders made where missing): the world, the controller, and
    /// `motion_text` (the `.motion` file's text) as the copy.
    ///
    /// # Errors
    /// A folder or file that cannot be written (the error names it).
    pub fn write(&self, motion_text: &str) -> Result<(), ConvertError> {
        for (path, text) in [
            (
                &self.world,
                world(
                    &self.name,
                    &self
                        .motion
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                ),
            ),
            (&self.controller, controller()),
            (&self.motion, motion_text.to_owned()),
        ] {
            crate::fsutil::write_atomic_making_folders(path, text.as_bytes()).map_err(
                |source| ConvertError::Write {
                    path: path.clone(),
                    source,
                },
            )?;
        }
        Ok(())
    }
}
