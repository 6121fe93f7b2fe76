//! Writing a motion out: the Export window's fields (File > Export, and Export for
//! Webots with a project that plays it) and the export itself.

use super::MotionTab;
use crate::app::dialogs::{ExportPrompt, Modal};
use crate::app::effects::Effects;
use crate::app::state::TabId;
use crate::codec::kind::FileKind;
use crate::convert::webots::Project;
use std::path::{Path, PathBuf};

impl MotionTab {
    /// The Export window for this tab (`id`); `webots`: for Webots, the path a `.motion`
    /// beside the motion's file.
    #[must_use]
    pub fn export_window(&self, id: TabId, webots: bool) -> Modal {
        let path = if webots {
            let origin = &self.document.origin;
            let name = Path::new(&origin.suggested_file_name())
                .with_extension(FileKind::WebotsMotion.extension());
            origin
                .read_from()
                .and_then(Path::parent)
                .map_or(name.clone(), |dir| dir.join(&name))
                .display()
                .to_string()
        } else {
            String::new()
        };
        Modal::Export(
            id,
            ExportPrompt {
                path,
                options: crate::convert::ExportOptions::default(),
                webots,
                webots_project: String::new(),
                replace: false,
                error: None,
            },
        )
    }

    /// Writes the motion in the format the Export window's path names (for Webots, a
    /// `.motion`, and the project when a folder is given). Files that exist are replaced
    /// only once the window has said so and Export is pressed again; a failure keeps the
    /// window open with the message.
    pub fn export(&self, id: TabId, prompt: ExportPrompt, fx: &mut Effects) {
        let plan = match export_plan(&prompt) {
            Ok(plan) => plan,
            Err(why) => return export_failed(id, prompt, why.to_string(), fx),
        };
        let existing: Vec<&Path> = plan.files().filter(|f| f.exists()).collect();
        if !existing.is_empty() && !prompt.replace {
            let message = format!(
                "{} already {}: Replace writes over {}",
                existing
                    .iter()
                    .map(|f| f.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                if existing.len() == 1 {
                    "exists"
                } else {
                    "exist"
                },
                if existing.len() == 1 { "it" } else { "them" },
            );
            fx.say(format!("Not exported yet: {message}"));
            fx.show(Modal::Export(
                id,
                ExportPrompt {
                    replace: true,
                    error: Some(message),
                    ..prompt
                },
            ));
            return;
        }
        // The project first: a folder that cannot be written leaves no motion behind.
        let result =
            crate::convert::export_bytes(&self.document.motion, &plan.path, prompt.options)
                .and_then(|bytes| {
                    if let Some(project) = &plan.project {
                        project.write(&String::from_utf8_lossy(&bytes))?;
                    }
                    crate::fsutil::write_atomic(&plan.path, &bytes).map_err(|source| {
                        crate::convert::ConvertError::Write {
                            path: plan.path.clone(),
                            source,
                        }
                    })?;
                    Ok(bytes.len())
                });
        match result {
            Ok(len) => {
                fx.close_modal();
                fx.say(format!("Exported {} ({len} bytes)", plan.path.display()));
                if let Some(project) = &plan.project {
                    fx.say(format!(
                        "Wrote a Webots project that plays its own copy of the motion \
                         ({}): open {} in Webots and press play (the robot loops the motion)",
                        project.motion.display(),
                        project.world.display()
                    ));
                }
            }
            Err(error) => export_failed(id, prompt, error.to_string(), fx),
        }
    }
}

/// Keeps the Export window open with why the export failed.
fn export_failed(id: TabId, prompt: ExportPrompt, message: String, fx: &mut Effects) {
    fx.say(format!("Not exported: {message}"));
    fx.show(Modal::Export(
        id,
        ExportPrompt {
            error: Some(message),
            replace: false,
            ..prompt
        },
    ));
}

/// What an export writes: the file, and for Webots the project.
struct ExportPlan {
    path: PathBuf,
    project: Option<Project>,
}

impl ExportPlan {
    /// Every file it writes.
    fn files(&self) -> impl Iterator<Item = &Path> {
        std::iter::once(self.path.as_path()).chain(self.project.iter().flat_map(Project::files))
    }
}

/// Why the Export window's fields cannot be exported as they are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum PlanError {
    /// No file is given.
    #[error("type the file to export to (or choose it with Browse…)")]
    NoPath,
    /// Export for Webots to a file that is not a Webots motion.
    #[error("{}: Export for Webots writes a Webots motion: end the name with .motion", .0.display())]
    NotWebots(PathBuf),
}

/// What the Export window's fields ask for, or why they cannot be exported as they are.
/// For Webots, a name without an extension gets `.motion`; a relative project folder is
/// beside the `.motion`.
fn export_plan(prompt: &ExportPrompt) -> Result<ExportPlan, PlanError> {
    let typed = prompt.path.trim();
    if typed.is_empty() {
        return Err(PlanError::NoPath);
    }
    let mut path = PathBuf::from(typed);
    if prompt.webots {
        if path.extension().is_none() {
            path.set_extension(FileKind::WebotsMotion.extension());
        } else if FileKind::by_extension(&path) != Some(FileKind::WebotsMotion) {
            return Err(PlanError::NotWebots(path));
        }
    }
    let folder = prompt.webots_project.trim();
    let project = (FileKind::by_extension(&path) == Some(FileKind::WebotsMotion)
        && !folder.is_empty())
    .then(|| {
        let dir = PathBuf::from(folder);
        let dir = match path
            .parent()
            .filter(|p| dir.is_relative() && !p.as_os_str().is_empty())
        {
            Some(beside) => beside.join(dir),
            None => dir,
        };
        Project::for_motion(&dir, &path)
    });
    Ok(ExportPlan { path, project })
}
