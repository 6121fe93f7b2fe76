//! The open documents, one tab each: motions (each with its one history, unsaved mark,
//! view and playback, and its widgets' own state), archives (a browser of their entries)
//! and gait files.

use super::archive::ArchiveTab;
use super::motion::draw::Shown;
use super::motion::{MotionTab, MotionWidgets};
use super::state::TabId;
use super::stick::StickTab;
use crate::edit::Origin;
use std::path::Path;

/// What a tab holds.
pub enum TabKind {
    /// A motion, and what its widgets keep.
    Motion(Box<MotionTab>, Box<MotionWidgets>),
    /// An archive's entries.
    Archive(Box<ArchiveTab>),
    /// A StickyBot gait file.
    Gait(Box<crate::edit::GaitDocument>),
    /// A memory stick.
    Stick(Box<StickTab>),
}

/// A tab as drawing sees it.
pub enum Drawn<'a> {
    /// A motion, and its widgets' state.
    Motion(Shown<'a>, &'a mut MotionWidgets),
    /// An archive's browser.
    Archive(&'a ArchiveTab),
    /// A gait file.
    Gait(&'a crate::edit::GaitDocument),
    /// A memory stick.
    Stick(&'a StickTab),
}

/// One tab.
pub struct Tab {
    /// Its id.
    pub id: TabId,
    /// What it holds.
    pub kind: TabKind,
}

impl Tab {
    /// The tab's title (a motion's with its unsaved mark).
    #[must_use]
    pub fn title(&self) -> String {
        match &self.kind {
            TabKind::Motion(tab, _) => tab.tab_title(),
            TabKind::Archive(tab) => crate::edit::file_name(&tab.index.path),
            TabKind::Gait(tab) => tab.title(),
            TabKind::Stick(tab) => tab.title(),
        }
    }

    /// The folder (or archive) its file is in, by name, for telling two tabs of one title
    /// apart; None for a tab in no file.
    #[must_use]
    pub fn place(&self) -> Option<String> {
        let path = match &self.kind {
            TabKind::Motion(tab, _) => match &tab.document.origin {
                Origin::Entry { archive, .. } => return Some(crate::edit::file_name(archive)),
                Origin::File(path) | Origin::Converted { from: path } => path.clone(),
                Origin::Unsaved { .. } => return None,
            },
            TabKind::Archive(tab) => tab.index.path.clone(),
            TabKind::Gait(_) | TabKind::Stick(_) => return None,
        };
        path.parent()
            .and_then(std::path::Path::file_name)
            .map(|name| format!("{}/", name.to_string_lossy()))
    }

    /// What to call it when asking about unsaved edits, if it has any.
    #[must_use]
    pub fn unsaved(&self) -> Option<String> {
        match &self.kind {
            TabKind::Motion(tab, _) => {
                let name = tab.document.origin.display_name();
                if tab.document.is_dirty() {
                    Some(name)
                } else {
                    // Only its tracks changed: say so (the motion's file is not written).
                    tab.document
                        .tracks()
                        .is_dirty()
                        .then(|| format!("{name} (its sound and LED tracks)"))
                }
            }
            TabKind::Archive(_) | TabKind::Stick(_) => None,
            TabKind::Gait(tab) => tab.is_dirty().then(|| tab.name()),
        }
    }

    /// The motion tab, if it is one.
    #[must_use]
    pub fn motion(&self) -> Option<&MotionTab> {
        match &self.kind {
            TabKind::Motion(tab, _) => Some(tab),
            TabKind::Archive(_) | TabKind::Gait(_) | TabKind::Stick(_) => None,
        }
    }

    /// The motion tab, if it is one.
    pub fn motion_mut(&mut self) -> Option<&mut MotionTab> {
        self.motion_parts_mut().map(|(tab, _)| tab)
    }

    /// The motion tab and its widgets' state, if it is one.
    pub fn motion_parts_mut(&mut self) -> Option<(&mut MotionTab, &mut MotionWidgets)> {
        match &mut self.kind {
            TabKind::Motion(tab, widgets) => Some((tab, widgets)),
            TabKind::Archive(_) | TabKind::Gait(_) | TabKind::Stick(_) => None,
        }
    }

    /// The archive tab, if it is one.
    pub fn archive_mut(&mut self) -> Option<&mut ArchiveTab> {
        match &mut self.kind {
            TabKind::Archive(tab) => Some(tab),
            TabKind::Motion(..) | TabKind::Gait(_) | TabKind::Stick(_) => None,
        }
    }

    /// The gait tab, if it is one.
    pub fn gait_mut(&mut self) -> Option<&mut crate::edit::GaitDocument> {
        match &mut self.kind {
            TabKind::Gait(tab) => Some(tab),
            TabKind::Motion(..) | TabKind::Archive(_) | TabKind::Stick(_) => None,
        }
    }
}

/// Every open tab, and which is in front.
#[derive(Default)]
pub struct Tabs {
    /// The tabs, in order.
    pub list: Vec<Tab>,
    /// The tab in front.
    pub active: Option<TabId>,
    next_id: TabId,
}

impl Tabs {
    /// `tab`'s title, and the folder (or archive) its file is in where another tab has the
    /// same title (the review opened two `a_walk#walk_sox_fwd.mtn`, an ERS-7's and an
    /// ERS-210's, and could not tell their tabs apart).
    #[must_use]
    pub fn distinct_title(&self, tab: &Tab) -> String {
        let title = tab.title();
        let bare = |t: &str| t.trim_end_matches(" \u{2022}").to_owned();
        let shared = self
            .list
            .iter()
            .any(|other| other.id != tab.id && bare(&other.title()) == bare(&title));
        match tab.place().filter(|_| shared) {
            Some(place) => format!("{title} \u{2014} {place}"),
            None => title,
        }
    }

    /// Adds a motion's tab and brings it to the front.
    pub fn add_motion(&mut self, mut tab: MotionTab) -> TabId {
        // Two unsaved motions of one name (File > New twice) are told apart: "name 2.mtn".
        if let Origin::Unsaved { name } = &tab.document.origin {
            let taken: Vec<String> = self
                .motions()
                .map(|(_, t)| t.document.origin.display_name())
                .collect();
            let (stem, ext) = name.rsplit_once('.').unwrap_or((name.as_str(), ""));
            let dot = if ext.is_empty() { "" } else { "." };
            let free = std::iter::once(name.clone())
                .chain((2..).map(|n| format!("{stem} {n}{dot}{ext}")))
                .find(|candidate| !taken.contains(candidate));
            if let Some(free) = free {
                tab.document.origin = Origin::Unsaved { name: free };
            }
        }
        self.add(TabKind::Motion(Box::new(tab), Box::default()))
    }

    /// Adds a tab and brings it to the front.
    pub fn add(&mut self, kind: TabKind) -> TabId {
        self.next_id += 1;
        let id = self.next_id;
        self.list.push(Tab { id, kind });
        self.active = Some(id);
        id
    }

    /// Closes a tab; the one beside it comes to the front.
    pub fn remove(&mut self, id: TabId) {
        let Some(index) = self.list.iter().position(|t| t.id == id) else {
            return;
        };
        self.list.remove(index);
        if self.active == Some(id) {
            self.active = self
                .list
                .get(index)
                .or_else(|| self.list.get(index.wrapping_sub(1)))
                .map(|t| t.id);
        }
    }

    /// A tab by id.
    #[must_use]
    pub fn get(&self, id: TabId) -> Option<&Tab> {
        self.list.iter().find(|t| t.id == id)
    }

    /// A tab by id.
    pub fn get_mut(&mut self, id: TabId) -> Option<&mut Tab> {
        self.list.iter_mut().find(|t| t.id == id)
    }

    /// The tab in front, for drawing: its document read-only, its widgets' state
    /// writable (only the step that handles actions changes a document).
    pub fn active_for_drawing(&mut self) -> Option<(TabId, Drawn<'_>)> {
        let id = self.active?;
        let tab = self.list.iter_mut().find(|t| t.id == id)?;
        Some((
            id,
            match &mut tab.kind {
                TabKind::Motion(motion, widgets) => Drawn::Motion(motion.shown(), widgets),
                TabKind::Archive(archive) => Drawn::Archive(archive),
                TabKind::Gait(gait) => Drawn::Gait(gait),
                TabKind::Stick(stick) => Drawn::Stick(stick),
            },
        ))
    }

    /// The tab in front.
    #[must_use]
    pub fn active(&self) -> Option<&Tab> {
        self.active.and_then(|id| self.get(id))
    }

    /// Whether this id is an open motion tab.
    #[must_use]
    pub fn is_motion(&self, id: TabId) -> bool {
        self.get(id).and_then(Tab::motion).is_some()
    }

    /// A motion tab by id.
    pub fn motion_mut(&mut self, id: TabId) -> Option<&mut MotionTab> {
        self.get_mut(id).and_then(Tab::motion_mut)
    }

    /// Brings tab `id` to the front, where it is still open.
    pub fn activate(&mut self, id: TabId) {
        if self.get(id).is_some() {
            self.active = Some(id);
        }
    }

    /// Does `work` to motion tab `id`, where it is still open (an action queued before a tab
    /// closed finds it gone, and does nothing).
    pub fn with_motion(&mut self, id: TabId, work: impl FnOnce(&mut MotionTab)) {
        if let Some(tab) = self.motion_mut(id) {
            work(tab);
        }
    }

    /// A motion tab's widgets' state by id.
    #[must_use]
    pub fn motion_widgets(&self, id: TabId) -> Option<&MotionWidgets> {
        match &self.get(id)?.kind {
            TabKind::Motion(_, widgets) => Some(widgets),
            TabKind::Archive(_) | TabKind::Gait(_) | TabKind::Stick(_) => None,
        }
    }

    /// A motion tab's widgets' state by id.
    pub fn motion_widgets_mut(&mut self, id: TabId) -> Option<&mut MotionWidgets> {
        self.get_mut(id)
            .and_then(Tab::motion_parts_mut)
            .map(|(_, widgets)| widgets)
    }

    /// The motion tabs.
    pub fn motions(&self) -> impl Iterator<Item = (TabId, &MotionTab)> {
        self.list
            .iter()
            .filter_map(|t| t.motion().map(|m| (t.id, m)))
    }

    /// The tab whose document lives at `origin`, if one is open.
    #[must_use]
    pub fn find_origin(&self, origin: &Origin) -> Option<TabId> {
        self.motions()
            .find(|(_, tab)| same_origin(&tab.document.origin, origin))
            .map(|(id, _)| id)
    }

    /// The archive tab of the archive at `path`, if one is open.
    #[must_use]
    pub fn find_archive(&self, path: &Path) -> Option<TabId> {
        self.list
            .iter()
            .find(|t| matches!(&t.kind, TabKind::Archive(a) if same_file(&a.index.path, path)))
            .map(|t| t.id)
    }

    /// The tab of the stick at `root`, if one is open.
    #[must_use]
    pub fn find_stick(&self, root: &Path) -> Option<TabId> {
        self.list
            .iter()
            .find(|t| matches!(&t.kind, TabKind::Stick(s) if same_file(&s.root, root)))
            .map(|t| t.id)
    }

    /// The stick tab, by id.
    pub fn stick_mut(&mut self, id: TabId) -> Option<&mut StickTab> {
        match &mut self.get_mut(id)?.kind {
            TabKind::Stick(tab) => Some(tab),
            TabKind::Motion(..) | TabKind::Archive(_) | TabKind::Gait(_) => None,
        }
    }

    /// The tab of the gait file at `path`, if one is open.
    #[must_use]
    pub fn find_gait(&self, path: &Path) -> Option<TabId> {
        self.list
            .iter()
            .find(|t| matches!(&t.kind, TabKind::Gait(g) if same_file(&g.path, path)))
            .map(|t| t.id)
    }

    /// The tab `step` places after the one in front (wrapping round).
    #[must_use]
    pub fn neighbour(&self, step: isize) -> Option<TabId> {
        let count = self.list.len();
        let here = self.list.iter().position(|t| Some(t.id) == self.active)?;
        let count_i = isize::try_from(count).ok()?;
        let index = (isize::try_from(here).ok()? + step).rem_euclid(count_i);
        self.list.get(usize::try_from(index).ok()?).map(|t| t.id)
    }
}

/// Whether two paths name the same file.
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (a.canonicalize(), b.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        )
}

fn same_origin(a: &Origin, b: &Origin) -> bool {
    match (a, b) {
        (Origin::File(a), Origin::File(b))
        | (Origin::Converted { from: a }, Origin::Converted { from: b }) => same_file(a, b),
        (
            Origin::Entry {
                archive: a,
                entry: x,
            },
            Origin::Entry {
                archive: b,
                entry: y,
            },
        ) => x == y && same_file(a, b),
        _ => false,
    }
}
