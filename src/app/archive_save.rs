//! File > Save into Archive…: the motion in front put into an ODA archive (a new one, or one
//! that exists: every other entry kept byte for byte), written atomically, under its name;
//! an entry of that name is replaced only after asking. The entry becomes the motion's home:
//! Save writes there from then on.

use super::StudioApp;
use super::dialogs::{PathPurpose, cancel};
use super::effects::Effects;
use super::state::{Answer, Confirmed, TabId};
use crate::edit::DocumentError;
use std::path::{Path, PathBuf};

/// The archive name offered when the motion comes from none.
const SUGGESTED_ARCHIVE: &str = "MOTION.ODA";

impl StudioApp {
    /// Asks which archive to put tab `id`'s motion into (the window's own prompt: an
    /// archive may be new or one to add to, which a system's save dialog would call
    /// replacing it).
    pub(in crate::app) fn ask_archive_path(&mut self, id: TabId) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let origin = &tab.document.origin;
        let text = match origin {
            crate::edit::Origin::Entry { archive, .. } => archive.clone(),
            crate::edit::Origin::Unsaved { .. }
            | crate::edit::Origin::File(_)
            | crate::edit::Origin::Converted { .. } => origin
                .read_from()
                .and_then(Path::parent)
                .map(Path::to_owned)
                .or_else(|| std::env::current_dir().ok())
                .unwrap_or_default()
                .join(SUGGESTED_ARCHIVE),
        };
        self.ask_path(
            PathPurpose::SaveIntoArchive { tab: id },
            Some(
                "An ODA archive to put the motion into, under its name: a new one is made, \
                 one that exists keeps its other entries."
                    .to_owned(),
            ),
            text.display().to_string(),
        );
    }

    /// Puts tab `id`'s motion into the archive at `path` under its name: asks first, as
    /// Save does, whether to save a motion the robot cannot follow, and whether to replace
    /// an entry of that name (unless `confirmed`).
    pub(in crate::app) fn save_into_archive(
        &mut self,
        (id, path): (TabId, PathBuf),
        confirmed: Confirmed,
        fx: &mut Effects,
    ) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let safety = super::motion::save::safety_joint_count(&tab.document);
        if !confirmed.safety && !tab.safety_confirmed && safety > 0 {
            let message = super::motion::save::cannot_follow(&tab.document, safety);
            self.modal = Some(super::dialogs::Modal::Confirm(super::dialogs::Confirm {
                title: "Save a motion the robot cannot follow?".to_owned(),
                message,
                buttons: vec![
                    (
                        "Save Anyway".to_owned(),
                        Some(Answer::SaveIntoArchive {
                            tab: id,
                            path,
                            confirmed: Confirmed {
                                safety: true,
                                ..confirmed
                            },
                        }),
                    ),
                    cancel(),
                ],
            }));
            return;
        }
        tab.safety_confirmed |= confirmed.safety;
        let document = &mut tab.document;
        let entry = match document.motion.name.trim() {
            "" => {
                let shown = document.origin.display_name();
                let extension = format!(".{}", crate::codec::kind::FileKind::Mtn.extension());
                shown.trim_end_matches(extension.as_str()).to_owned()
            }
            name => name.to_owned(),
        };
        match document.save_into_archive(&path, &entry, confirmed.overwrite) {
            Ok(()) => {
                // Its skit (sound, LED pattern, markers) goes beside its new home.
                if let Some(with) = tab.save_tracks_with_motion(true, fx) {
                    fx.say(format!(
                        "Saved {entry} into {}{with} (Save writes there from now on)",
                        path.display()
                    ));
                }
                self.remember(&path);
                // A browser of that archive lists the new entry.
                self.refresh_archive(&path, fx);
            }
            Err(DocumentError::EntryExists { .. }) => {
                self.modal = Some(super::dialogs::Modal::Confirm(super::dialogs::Confirm {
                    title: "Replace the entry?".to_owned(),
                    message: format!(
                        "{} already holds an entry named {entry}. Replace it with this motion? \
                         The archive's other entries stay as they are.",
                        path.display()
                    ),
                    buttons: vec![
                        (
                            "Replace".to_owned(),
                            Some(Answer::SaveIntoArchive {
                                tab: id,
                                path,
                                confirmed: Confirmed {
                                    overwrite: true,
                                    ..confirmed
                                },
                            }),
                        ),
                        cancel(),
                    ],
                }));
            }
            Err(e) => fx.fail("Could not save into the archive", e.to_string()),
        }
    }
}
