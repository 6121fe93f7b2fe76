//! The Import window's actions: loading or saving its grid as a map file, and bringing the
//! file in as a new motion (which the window puts in a tab of its own).

use super::{ImportError, ImportPrompt, refresh};
use crate::app::action::Action;
use crate::app::dialogs::Modal;
use crate::app::effects::Effects;
use crate::app::state::MapFileOp;
use crate::edit::Document;
use std::path::PathBuf;

impl ImportPrompt {
    /// The grid loaded from the map file, or saved there.
    #[must_use]
    pub fn map_file(self, op: MapFileOp) -> Self {
        match op {
            MapFileOp::Load => self.load_map(),
            MapFileOp::Save => self.save_map(),
        }
    }

    /// Imports what the window names as a new motion (unsaved work). A failure keeps the
    /// window open with the message.
    pub fn import(self, fx: &mut Effects) {
        // Made again only if the preview is out of date (it is not, after a frame).
        let prompt = refresh(self);
        let path = PathBuf::from(prompt.path.trim());
        let Some(made) = prompt.made() else {
            let message = match prompt.preview.0.as_ref().map(|p| (&p.source, &p.result)) {
                Some((Err(e), _) | (_, Err(e))) => e.to_string(),
                _ => ImportError::NoPath.to_string(),
            };
            fx.say(format!("Could not import: {message}"));
            fx.show(Modal::Import(ImportPrompt {
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
        for line in &made.lines {
            fx.say(line.clone());
        }
        fx.close_modal();
        fx.then(Action::AddMotion(Box::new(Document::created(
            motion,
            &format!("{stem}.{}", crate::codec::kind::FileKind::Mtn.extension()),
        ))));
    }
}
