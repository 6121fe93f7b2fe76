//! A memory stick as a place to work in: what it is, its archives (each opens in the archive
//! browser), its behaviours in a sortable table with a search (each record's action names and
//! parts, each part found in the archive that holds it, or not), and Check, which lists what
//! `stick check` finds.
//!
//! Its state is here; [`draw`] draws it, [`StickTab::handle`] applies its actions.

mod add_to_stick;
pub mod draw;
mod image;

use crate::app::action::StickAction;
use crate::app::effects::Effects;
use crate::stick::Stick;
use crate::stick::check::Finding;
use crate::stick::rows::{Query, StickRow, rows};
use std::path::PathBuf;

/// A stick's tab.
pub struct StickTab {
    /// The stick's root folder.
    pub root: PathBuf,
    /// The stick as rows.
    pub rows: StickRow,
    /// The search and order of its behaviours.
    pub query: Query,
    /// The selected behaviour (an index into `rows.behaviours`).
    pub selected: Option<usize>,
    /// What Check found, once asked.
    pub findings: Option<Vec<Finding>>,
    /// Where the stick is an image opened read only: the image, and the temporary folder
    /// its files were copied into (removed with the tab).
    pub image: Option<ImageCopy>,
    /// The fingerprint of the stick's files as this tab read them
    /// (`crate::stick::fingerprint`), and when (window time, s) it last looked again.
    pub on_disk: (u64, f64),
    /// The stick's files changed outside the window since the tab read them.
    pub changed_outside: bool,
}

/// How often (s) the stick in front is looked at again for changes made outside.
const WATCH_S: f64 = 1.0;

/// A stick image's files copied into a temporary folder, to be read there (never changed:
/// Save Stick As Folder copies them out to work on).
pub struct ImageCopy {
    /// The image.
    pub image: PathBuf,
    /// The folder its files are in (removed when dropped).
    pub folder: tempfile::TempDir,
}

impl StickTab {
    /// A tab for `stick`, its first behaviour selected.
    #[must_use]
    pub fn new(stick: &Stick) -> Self {
        let rows = rows(stick);
        Self {
            root: stick.root.clone(),
            selected: (!rows.behaviours.is_empty()).then_some(0),
            rows,
            query: Query::default(),
            findings: None,
            image: None,
            on_disk: (stick.fingerprint, f64::NEG_INFINITY),
            changed_outside: false,
        }
    }

    /// Looks at the stick's files again (at most every [`WATCH_S`], `now` the window's
    /// time): whether they changed since the tab read them. An image's copy never does.
    pub fn watch(&mut self, now: f64) {
        if self.image.is_some() || self.changed_outside || now - self.on_disk.1 < WATCH_S {
            return;
        }
        self.on_disk.1 = now;
        self.changed_outside = crate::stick::fingerprint(&self.root) != self.on_disk.0;
    }

    /// The tab's title: the stick's folder's name.
    #[must_use]
    pub fn title(&self) -> String {
        match &self.image {
            Some(copy) => format!("{} (stick image)", crate::edit::file_name(&copy.image)),
            None => format!("{} (stick)", crate::edit::file_name(&self.root)),
        }
    }

    /// The behaviour at `row` as File > Behaviours lists one: its first motion part, its
    /// first sound and its first LED pattern, each with the archive of the stick that holds
    /// it (none where it is on no readable archive).
    #[must_use]
    pub fn listed(&self, row: usize) -> Option<crate::behaviour::table::Listed> {
        use crate::behaviour::Source;
        use crate::stick::rows::Found;
        let behaviour = self.rows.behaviours.get(row)?;
        let part = |kind: &str| {
            behaviour.parts.iter().find(|p| p.kind == kind).map(|p| {
                let source = match &p.found {
                    Found::In(archive) => Some(Source {
                        path: self.root.join(archive),
                        entry: Some(p.name.clone()),
                    }),
                    Found::Unverified | Found::Missing => None,
                };
                (p.name.clone(), source)
            })
        };
        Some(crate::behaviour::table::Listed {
            table: self
                .rows
                .table
                .as_ref()
                .map_or_else(|| self.root.clone(), |t| self.root.join(&t.path)),
            id: behaviour.mwcid,
            motion: part("motion"),
            sound: part("sound"),
            led: part("led"),
        })
    }

    /// Handles an action of this tab.
    pub fn handle(&mut self, action: StickAction, fx: &mut Effects) {
        match action {
            StickAction::SetQuery(query) => {
                let shown = crate::stick::rows::select(&self.rows.behaviours, &query);
                self.query = query;
                if self.selected.is_some_and(|row| !shown.contains(&row)) {
                    self.selected = shown.first().copied();
                }
            }
            StickAction::Select(row) => self.selected = row,
            StickAction::Check | StickAction::Reread => match Stick::open(&self.root) {
                Ok(stick) => {
                    let checking = matches!(action, StickAction::Check);
                    let selected = self.selected;
                    *self = Self {
                        query: std::mem::take(&mut self.query),
                        // An image's copy stays (its folder goes with it).
                        image: self.image.take(),
                        ..Self::new(&stick)
                    };
                    self.selected = selected.filter(|&s| s < self.rows.behaviours.len());
                    if checking {
                        let findings = crate::stick::check::check(&stick);
                        let worrying = findings
                            .iter()
                            .filter(|f| f.severity >= crate::codec::Severity::Warning)
                            .count();
                        fx.say(format!(
                            "Checked {}: {} and {}",
                            self.root.display(),
                            crate::words::plural(
                                worrying,
                                "error or warning",
                                "errors or warnings"
                            ),
                            crate::words::plural(findings.len() - worrying, "note", "notes")
                        ));
                        self.findings = Some(findings);
                    } else {
                        fx.say(format!("Read {} again", self.root.display()));
                    }
                }
                Err(error) => fx.fail("Could not read the stick", error.to_string()),
            },
            StickAction::SaveAsFolder(folder) => self.save_as_folder(&folder, fx),
        }
    }
}
