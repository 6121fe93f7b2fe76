//! Import and Export: showing their windows, filling a path field from the system's file
//! dialog, bringing a file in as a new motion, and writing a motion out (with, for Webots,
//! a project that plays it).

use crate::app::StudioApp;
use crate::app::dialogs::{ExportPrompt, ImportPrompt, Modal};
use crate::app::file_dialog::{self, Picked};
use crate::app::import_dialog::ImportError;
use crate::app::motion::MotionTab;
use crate::app::state::{BrowseFor, TabId};
use crate::app::tabs::TabKind;
use crate::codec::kind::FileKind;
use crate::convert::webots::Project;
use crate::edit::Document;
use std::path::{Path, PathBuf};

impl StudioApp {
    /// Shows the Import window, with `path` filled in.
    pub(in crate::app) fn show_import(&mut self, path: String) {
        let model = crate::convert::named_design(Path::new(&path))
            .or_else(|| self.document().map(|d| d.motion.design.clone()))
            .unwrap_or_else(|| "DRX-1000".to_owned());
        self.modal = Some(Modal::Import(ImportPrompt::new(path, model)));
    }

    /// Shows the Export window for the motion in front; `webots`: for Webots, the path a
    /// `.motion` beside the motion's file.
    pub(in crate::app) fn show_export(&mut self, webots: bool) {
        let Some(id) = self.tabs.active else {
            return self.status.say("Open a motion to export it");
        };
        let Some(tab) = self.tabs.motion_mut(id) else {
            return self.status.say("Open a motion to export it");
        };
        let path = if webots {
            let origin = &tab.document.origin;
            let name = Path::new(&origin.suggested_file_name()).with_extension("motion");
            origin
                .read_from()
                .and_then(Path::parent)
                .map_or(name.clone(), |dir| dir.join(&name))
                .display()
                .to_string()
        } else {
            String::new()
        };
        self.modal = Some(Modal::Export(
            id,
            ExportPrompt {
                path,
                options: crate::convert::ExportOptions::default(),
                webots,
                webots_project: String::new(),
                replace: false,
                error: None,
            },
        ));
    }

    /// Imports what the Import window names as a new motion tab (unsaved work). A failure
    /// keeps the window open with the message.
    pub(in crate::app) fn import(&mut self, prompt: ImportPrompt) {
        // Made again only if the preview is out of date (it is not, after a frame).
        let prompt = crate::app::import_dialog::refresh(prompt);
        let path = PathBuf::from(prompt.path.trim());
        let Some(made) = prompt.made() else {
            let message = match prompt.preview.0.as_ref().map(|p| (&p.source, &p.result)) {
                Some((Err(e), _) | (_, Err(e))) => e.to_string(),
                _ => ImportError::NoPath.to_string(),
            };
            self.status.say(format!("Could not import: {message}"));
            self.modal = Some(Modal::Import(ImportPrompt {
                error: Some(message),
                ..prompt
            }));
            return;
        };
        let stem = path.file_stem().map_or_else(
            || "imported".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        );
        let motion = made.motion.clone();
        let lines = made.lines.clone();
        self.modal = None;
        self.tabs.add(TabKind::Motion(Box::new(MotionTab::new(
            Document::created(motion, &format!("{stem}.mtn")),
        ))));
        for line in lines {
            self.status.say(line);
        }
    }

    /// Writes a motion tab's motion in the format the Export window's path names (for
    /// Webots, a `.motion`, and the project when a folder is given). Files that exist are
    /// replaced only once the window has said so and Export is pressed again; a failure
    /// keeps the window open with the message.
    pub(in crate::app) fn export(&mut self, id: TabId, prompt: ExportPrompt) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let plan = match export_plan(&prompt) {
            Ok(plan) => plan,
            Err(message) => return self.export_failed(id, prompt, message),
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
            self.status.say(format!("Not exported yet: {message}"));
            self.modal = Some(Modal::Export(
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
        let result = crate::convert::export_bytes(&tab.document.motion, &plan.path, prompt.options)
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
                self.modal = None;
                self.status
                    .say(format!("Exported {} ({len} bytes)", plan.path.display()));
                if let Some(project) = &plan.project {
                    self.status.say(format!(
                        "Wrote a Webots project that plays its own copy of the motion \
                         ({}): open {} in Webots and press play (the robot loops the motion)",
                        project.motion.display(),
                        project.world.display()
                    ));
                }
            }
            Err(error) => self.export_failed(id, prompt, error.to_string()),
        }
    }

    /// Keeps the Export window open with why the export failed.
    fn export_failed(&mut self, id: TabId, prompt: ExportPrompt, message: String) {
        self.status.say(format!("Not exported: {message}"));
        self.modal = Some(Modal::Export(
            id,
            ExportPrompt {
                error: Some(message),
                replace: false,
                ..prompt
            },
        ));
    }

    /// Fills a path field of the open Import or Export window from the system's dialog.
    pub(in crate::app) fn browse(&mut self, target: BrowseFor) {
        let picked = match target {
            BrowseFor::ImportPath => file_dialog::pick_file("Import", &FileKind::IMPORTED),
            BrowseFor::ImportMap => file_dialog::pick_file("Joint map", &[]),
            BrowseFor::ExportPath => file_dialog::save_file("Export", &FileKind::EXPORTED, ""),
            BrowseFor::WebotsProject => file_dialog::pick_folder("Webots project folder"),
        };
        let (path, error) = match picked {
            Picked::Path(path) => (Some(path.display().to_string()), None),
            Picked::Cancelled => (None, None),
            Picked::Unavailable(reason) => (
                None,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type the path instead."
                )),
            ),
        };
        match (&mut self.modal, target) {
            (Some(Modal::Import(prompt)), BrowseFor::ImportPath | BrowseFor::ImportMap) => {
                if let Some(path) = path {
                    if target == BrowseFor::ImportPath {
                        prompt.path = path;
                    } else {
                        prompt.map_path = path;
                    }
                }
                prompt.error = error;
                let refreshed = super::import_dialog::refresh(prompt.clone());
                *prompt = refreshed;
            }
            (Some(Modal::Export(_, prompt)), BrowseFor::ExportPath | BrowseFor::WebotsProject) => {
                if let Some(path) = path {
                    if target == BrowseFor::ExportPath {
                        prompt.path = path;
                    } else {
                        prompt.webots_project = path;
                    }
                }
                prompt.error = error;
            }
            _ => {}
        }
    }
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

/// What the Export window's fields ask for, or why they cannot be exported as they are.
/// For Webots, a name without an extension gets `.motion`; a relative project folder is
/// beside the `.motion`.
fn export_plan(prompt: &ExportPrompt) -> Result<ExportPlan, String> {
    let typed = prompt.path.trim();
    if typed.is_empty() {
        return Err("type the file to export to (or choose it with Browse…)".to_owned());
    }
    let mut path = PathBuf::from(typed);
    if prompt.webots {
        if path.extension().is_none() {
            path.set_extension("motion");
        } else if FileKind::by_extension(&path) != Some(FileKind::WebotsMotion) {
            return Err(format!(
                "{}: Export for Webots writes a Webots motion: end the name with .motion",
                path.display()
            ));
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
