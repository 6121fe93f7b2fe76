//! A stick image in the window, read off the window's thread: its files are copied into a
//! temporary folder and read there while the window keeps drawing, and Save Stick As Folder
//! copies them out likewise; each result comes back as an action.

use super::{ImageCopy, StickTab};
use crate::app::StudioApp;
use crate::app::action::{Action, ImageFailed};
use crate::app::effects::Effects;
use crate::app::state::{Handover, ImageCopied};
use crate::app::tabs::TabKind;
use crate::stick::image::Extracted;
use crate::words::plural;
use std::path::Path;
use std::sync::Arc;

/// The key of reading `image` while it is under way.
fn reading(image: &Path) -> String {
    format!("reading the stick image {}", image.display())
}

/// The key of copying `image` into `folder` while it is under way.
fn copying(image: &Path, folder: &Path) -> String {
    format!("copying {} into {}", image.display(), folder.display())
}

impl StudioApp {
    /// The tab of stick image `image`, if one is open.
    fn image_tab(&self, image: &Path) -> Option<crate::app::state::TabId> {
        self.tabs
            .list
            .iter()
            .find(|t| {
                matches!(&t.kind, TabKind::Stick(s)
                    if s.image.as_ref().is_some_and(|c| crate::app::tabs::same_file(&c.image, image)))
            })
            .map(|t| t.id)
    }

    /// Opens a stick image read only: its files copied into a temporary folder in the
    /// background and shown from there (or its tab brought to the front).
    pub(in crate::app) fn open_stick_image(&mut self, image: &Path, fx: &mut Effects) {
        if let Some(id) = self.image_tab(image) {
            self.tabs.active = Some(id);
            return;
        }
        fx.began(
            reading(image),
            format!(
                "Reading the stick image {} (its files are copied into a temporary folder)…",
                image.display()
            ),
        );
        let image = image.to_owned();
        fx.spawn(move || {
            let read = crate::stick::image::open_copy(&image)
                .map(Handover::new)
                .map_err(Arc::new);
            Action::StickImageRead(image, read)
        });
    }

    /// A stick image read: its tab shown (unless one came first), or why it does not read.
    pub(in crate::app) fn stick_image_read(
        &mut self,
        image: &Path,
        read: Result<ImageCopied, ImageFailed>,
        fx: &mut Effects,
    ) {
        fx.ended(reading(image));
        let (stick, folder) = match read.map(|h| h.take()) {
            Ok(Some(read)) => read,
            // Handed over already: this action was applied once.
            Ok(None) => return,
            Err(error) => {
                fx.fail("Could not open", error.to_string());
                return;
            }
        };
        let tab = StickTab {
            image: Some(ImageCopy {
                image: image.to_owned(),
                folder,
            }),
            ..StickTab::new(&stick)
        };
        // Opened twice before the first was read: the first tab stays, this copy goes.
        if let Some(id) = self.image_tab(image) {
            self.tabs.active = Some(id);
            return;
        }
        self.remember(image);
        fx.say(format!(
            "Opened the stick image {} read only: {}, {}; Save Stick As Folder copies it out \
             to work on",
            image.display(),
            plural(tab.rows.behaviours.len(), "behaviour", "behaviours"),
            plural(tab.rows.archives.len(), "archive", "archives"),
        ));
        self.tabs.add(TabKind::Stick(Box::new(tab)));
    }

    /// A stick image copied out into `folder`: the stick there opened to work on, or why
    /// not.
    pub(in crate::app) fn stick_image_saved(
        image: &Path,
        folder: &Path,
        saved: Result<Extracted, ImageFailed>,
        fx: &mut Effects,
    ) {
        fx.ended(copying(image, folder));
        match saved {
            Ok(Extracted { files, folders, .. }) => {
                fx.then(Action::Open(folder.to_owned()));
                fx.then(Action::Say(format!(
                    "Saved the stick image {} as the folder {}: {} in {}, to work on there (the \
                     image stays as it was)",
                    image.display(),
                    folder.display(),
                    plural(files, "file", "files"),
                    plural(folders, "folder", "folders"),
                )));
            }
            Err(error) => fx.fail("Could not save the stick as a folder", error.to_string()),
        }
    }
}

impl StickTab {
    /// Copies the image this tab shows into `folder` (a new one, or empty) in the
    /// background, then opens the stick there, to work on.
    pub(super) fn save_as_folder(&self, folder: &Path, fx: &mut Effects) {
        let Some(copy) = &self.image else {
            return;
        };
        fx.began(
            copying(&copy.image, folder),
            format!(
                "Copying the stick image {} into {}…",
                copy.image.display(),
                folder.display()
            ),
        );
        let (image, folder) = (copy.image.clone(), folder.to_owned());
        fx.spawn(move || {
            let saved = crate::stick::image::extract(&image, &folder).map_err(Arc::new);
            Action::StickImageSaved(image, folder, saved)
        });
    }
}
