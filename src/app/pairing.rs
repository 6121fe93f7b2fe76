//! Pairing from the window: File > Behaviours… lists what the command tables beside the
//! motion (or archive) in front pair, and the naming rule's candidates for the motion; a
//! behaviour opens with its parts on the motion's tracks.

use super::StudioApp;
use super::dialogs::Modal;
use super::dialogs::model::BehaviourList;
use super::effects::Effects;
use super::motion::tracks::handle::motion_name;
use super::state::Placed;
use super::tabs::TabKind;
use crate::behaviour::table::{Listed, Shelf, behaviours_in, folder_of};
use crate::behaviour::{Source, Track};
use crate::edit::Origin;

impl StudioApp {
    /// Shows the behaviours beside the motion or archive in front.
    pub(in crate::app) fn show_behaviours(&mut self, fx: &mut Effects) {
        let (file, motion) = match self.tabs.active().map(|t| (t.id, &t.kind)) {
            Some((id, TabKind::Motion(tab, _))) => {
                let name = motion_name(&tab.document.origin, &tab.document.motion.name);
                let file = match &tab.document.origin {
                    Origin::File(path) => Some(path.clone()),
                    Origin::Entry { archive, .. } => Some(archive.clone()),
                    Origin::Unsaved { .. } | Origin::Converted { .. } => None,
                };
                (file, Some((id, name)))
            }
            Some((_, TabKind::Archive(tab))) => (Some(tab.index.path.clone()), None),
            Some((_, TabKind::Gait(_) | TabKind::Stick(_))) | None => (None, None),
        };
        let Some(file) = file else {
            fx.say(
                "Behaviours: open a motion or an archive from a folder first (the command \
                 tables and archives beside it are listed)",
            );
            return;
        };
        let folder = folder_of(&file);
        let shelf = Shelf::of(std::slice::from_ref(&folder));
        let (listed, unread) = behaviours_in(&folder, &shelf);
        let (sounds, leds) = motion.as_ref().map_or_else(Default::default, |(_, name)| {
            (
                shelf.candidates(name, Track::Sound),
                shelf.candidates(name, Track::Led),
            )
        });
        self.modal = Some(Modal::Behaviours(Box::new(BehaviourList {
            folder,
            listed,
            unread,
            motion,
            sounds,
            leds,
            filter: String::new(),
        })));
    }

    /// Opens a behaviour: its motion in a tab, its sound and LED pattern on the tracks.
    pub(in crate::app) fn open_behaviour(&mut self, listed: &Listed, fx: &mut Effects) {
        let Some(motion) = listed.motion.as_ref().and_then(|m| m.1.clone()) else {
            return;
        };
        match &motion.entry {
            Some(entry) => self.open_entry(&motion.path, entry, fx),
            None => self.open(&motion.path, fx),
        }
        let origin = match motion.entry {
            Some(entry) => Origin::Entry {
                archive: motion.path,
                entry,
            },
            None => Origin::File(motion.path),
        };
        let Some(id) = self.tabs.find_origin(&origin) else {
            return;
        };
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        for (track, part) in [(Track::Sound, &listed.sound), (Track::Led, &listed.led)] {
            if let Some((_, Some(source))) = part {
                let source: Source = source.clone();
                tab.attach_part(id, source, (Some(track), 0), Placed::ByTable, fx);
            }
        }
        fx.say(format!(
            "Opened behaviour {} of {}: {}",
            listed.id,
            listed
                .table
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            listed.motion.as_ref().map_or("", |m| m.0.as_str())
        ));
    }
}
