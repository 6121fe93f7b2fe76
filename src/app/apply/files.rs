//! Opening, saving, importing, exporting and closing: tabs come and go here, and nothing
//! unsaved goes without asking. Failures open a dialog that names the file and what was
//! wrong (and go into the message log).

use crate::app::archive::ArchiveTab;
use crate::app::dialogs::{Confirm, Modal, PathPurpose, cancel};
use crate::app::file_dialog::{self, Picked};
use crate::app::motion::MotionTab;
use crate::app::state::{Answer, Confirmed, TabId, Then};
use crate::app::tabs::TabKind;
use crate::app::{StudioApp, example_document};
use crate::codec::ProblemCode;
use crate::codec::kind::FileKind;
use crate::edit::archive::ArchiveIndex;
use crate::edit::{DiskState, Document, Origin, save_entries};
use crate::example::EXAMPLE_NAME;
use crate::open::{OpenOptions, Opening};
use crate::words::plural;
use std::path::Path;

/// The limit and speed problems that make saving ask once.
fn safety_problem_count(document: &Document) -> usize {
    document
        .problems()
        .iter()
        .filter(|p| matches!(p.code, ProblemCode::JointSpeed | ProblemCode::JointLimit))
        .count()
}

impl StudioApp {
    /// Asks before going on: `go` answers `answer`, Cancel does nothing.
    fn ask(&mut self, title: &str, message: String, go: &str, answer: Answer) {
        self.modal = Some(Modal::Confirm(Confirm {
            title: title.to_owned(),
            message,
            buttons: vec![(go.to_owned(), Some(answer)), cancel()],
        }));
    }

    /// Says that something failed: a dialog, and the message log.
    pub(in crate::app) fn fail(&mut self, title: &str, message: String) {
        self.status.say(format!("{title}: {message}"));
        self.modal = Some(Modal::Error {
            title: title.to_owned(),
            message,
        });
    }

    /// Adds a tab; an untouched bundled example in front gives way to it.
    fn add_tab(&mut self, kind: TabKind) -> TabId {
        let pristine_example = self.active_motion().is_some_and(|tab| {
            !tab.is_dirty()
                && tab.document.origin
                    == (Origin::Unsaved {
                        name: EXAMPLE_NAME.to_owned(),
                    })
        });
        let replaced = self.tabs.active.filter(|_| pristine_example);
        let id = self.tabs.add(kind);
        if let Some(old) = replaced {
            self.tabs.remove(old);
            self.tabs.active = Some(id);
        }
        id
    }

    fn opened(&mut self, document: &Document) {
        let problems = document
            .problems()
            .iter()
            .filter(|p| p.severity >= crate::codec::Severity::Warning)
            .count();
        let name = document.origin.display_name();
        self.status.say(if problems == 0 {
            format!("Opened {name}")
        } else {
            format!(
                "Opened {name}: {}, see the Problems panel",
                plural(problems, "problem", "problems")
            )
        });
    }

    /// Opens a file by what it is ([`crate::open::sniff`], as the command line tells it): a
    /// motion, an archive or a gait file in a tab (or brings its tab to the front), a motion
    /// in JSON as a new motion, a file to import in the Import window.
    pub(in crate::app) fn open(&mut self, path: &Path) {
        let opening = match crate::open::sniff(path, OpenOptions::WINDOW) {
            Ok(opening) => opening,
            Err(error) => {
                self.fail("Could not open", format!("{}: {error}", path.display()));
                return;
            }
        };
        match opening {
            Opening::Motion => self.open_motion(path),
            Opening::Archive => self.open_archive(path),
            Opening::Gait => self.open_gait(path),
            Opening::JsonMotion => self.open_json(path),
            Opening::Import(_) => self.show_import(path.display().to_string()),
            // A sound or LED pattern goes on the tracks of the motion in front.
            Opening::Sound | Opening::Led if self.active_motion().is_some() => {
                self.add_track_file(path);
            }
            Opening::Sound | Opening::Led | Opening::Unknown => {
                let reason = opening.refusal(path).unwrap_or_default();
                self.fail("Could not open", reason);
            }
        }
    }

    fn open_motion(&mut self, path: &Path) {
        if let Some(id) = self.tabs.find_origin(&Origin::File(path.to_owned())) {
            self.tabs.active = Some(id);
            return;
        }
        match Document::open(path) {
            Ok(document) => {
                self.remember(path);
                self.opened(&document);
                let id = self.add_tab(TabKind::Motion(Box::new(MotionTab::new(document))));
                self.restore_skit(id);
            }
            Err(error) => self.fail("Could not open", error.to_string()),
        }
    }

    fn open_archive(&mut self, path: &Path) {
        if let Some(id) = self.tabs.find_archive(path) {
            self.tabs.active = Some(id);
            return;
        }
        match ArchiveIndex::open(path) {
            Ok(index) => {
                self.remember(path);
                let motions = index.rows.iter().filter(|r| r.opens()).count();
                self.status.say(format!(
                    "Opened {}: {} of {}; select one to preview it, Enter opens it",
                    path.display(),
                    plural(motions, "motion", "motions"),
                    plural(index.rows.len(), "entry", "entries"),
                ));
                self.add_tab(TabKind::Archive(Box::new(ArchiveTab::new(index))));
            }
            Err(error) => self.fail("Could not open", error.to_string()),
        }
    }

    /// Opens a motion in mtn-studio's JSON form in a tab (or brings its tab to the front);
    /// saving asks where, as an .mtn file.
    fn open_json(&mut self, path: &Path) {
        let origin = Origin::Converted {
            from: path.to_owned(),
        };
        if let Some(id) = self.tabs.find_origin(&origin) {
            self.tabs.active = Some(id);
            return;
        }
        match Document::open_json(path) {
            Ok(document) => {
                self.remember(path);
                self.opened(&document);
                self.status.say(format!(
                    "{} is a motion in JSON: Save writes it as an AIBO motion ({})",
                    document.origin.display_name(),
                    document.origin.suggested_file_name()
                ));
                self.add_tab(TabKind::Motion(Box::new(MotionTab::new(document))));
            }
            Err(error) => self.fail("Could not open", error.to_string()),
        }
    }

    /// Opens one motion of an archive in a tab (or brings its tab to the front).
    pub(in crate::app) fn open_entry(&mut self, archive: &Path, entry: &str) {
        let origin = Origin::Entry {
            archive: archive.to_owned(),
            entry: entry.to_owned(),
        };
        if let Some(id) = self.tabs.find_origin(&origin) {
            self.tabs.active = Some(id);
            return;
        }
        match Document::open_entry(archive, entry) {
            Ok(document) => {
                self.opened(&document);
                let id = self.add_tab(TabKind::Motion(Box::new(MotionTab::new(document))));
                self.restore_skit(id);
            }
            Err(error) => self.fail("Could not open", error.to_string()),
        }
    }

    /// Opens the bundled example in a tab of its own.
    pub(in crate::app) fn open_example(&mut self) {
        self.tabs.add(TabKind::Motion(Box::new(
            MotionTab::new(example_document()),
        )));
        self.status
            .say(format!("Opened the bundled example {EXAMPLE_NAME}"));
    }

    /// The question before unsaved edits would be lost: Save, Don't Save, Cancel.
    fn ask_unsaved(&mut self, id: TabId, what: &str, save_then: Then, discard: Then) {
        let Some(name) = self.tabs.get(id).and_then(crate::app::tabs::Tab::unsaved) else {
            return;
        };
        self.tabs.active = Some(id);
        self.modal = Some(Modal::Confirm(Confirm {
            title: "Save your changes?".to_owned(),
            message: format!(
                "{name} has unsaved edits. They are lost if you {what} without saving."
            ),
            buttons: vec![
                (
                    "Save".to_owned(),
                    Some(Answer::Save {
                        tab: id,
                        to: None,
                        confirmed: Confirmed::default(),
                        then: Some(save_then),
                    }),
                ),
                ("Don't Save".to_owned(), Some(Answer::LetGo(discard))),
                cancel(),
            ],
        }));
    }

    /// Closes a tab, asking first when its motion has unsaved edits.
    pub(in crate::app) fn close_tab(&mut self, id: TabId) {
        let dirty = self.tabs.get(id).is_some_and(|tab| tab.unsaved().is_some());
        if dirty {
            self.ask_unsaved(id, "close it", Then::CloseTab(id), Then::CloseTab(id));
        } else {
            self.tabs.remove(id);
        }
    }

    /// Closes the window once every tab with unsaved edits has been saved or let go
    /// (`let_go`), asking about each in turn. The tabs let go are discarded only after the
    /// last answer: Cancel at any question leaves every tab as it was.
    pub(in crate::app) fn quit(&mut self, let_go: Vec<TabId>) {
        let dirty = self
            .tabs
            .list
            .iter()
            .find(|tab| tab.unsaved().is_some() && !let_go.contains(&tab.id))
            .map(|tab| tab.id);
        match dirty {
            Some(id) => {
                let mut and_this = let_go.clone();
                and_this.push(id);
                self.ask_unsaved(id, "quit", Then::Quit(let_go), Then::Quit(and_this));
            }
            None => {
                for id in let_go {
                    self.tabs.remove(id);
                }
                self.allow_close = true;
            }
        }
    }

    /// Asks where to save a motion tab: the system's dialog, or the window's own prompt.
    pub(in crate::app) fn ask_save_path(&mut self, id: TabId, then: Option<Then>) {
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let suggested = tab.document.origin.suggested_file_name();
        let folder = tab
            .document
            .origin
            .read_from()
            .and_then(Path::parent)
            .map(Path::to_owned)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let purpose = PathPurpose::SaveAs { tab: id, then };
        let text = folder.join(&suggested).display().to_string();
        if !self.native_dialogs {
            self.ask_path(purpose, None, text);
            return;
        }
        match file_dialog::save_file("Save As", &[FileKind::Mtn], &suggested) {
            Picked::Path(path) => {
                let PathPurpose::SaveAs { then, .. } = purpose else {
                    return;
                };
                // The system's dialog asked about replacing a file already.
                let confirmed = Confirmed {
                    safety: false,
                    overwrite: true,
                };
                self.save(id, Some(&path), confirmed, then);
            }
            Picked::Cancelled => self.status.say("Not saved: no file chosen"),
            Picked::Unavailable(reason) => self.ask_path(
                purpose,
                Some(format!(
                    "The system's file dialog did not open ({reason}); type where to save."
                )),
                text,
            ),
        }
    }

    /// Saves a motion tab: asks where (never saved), whether to save a motion the robot
    /// cannot follow, and whether to replace a file that changed on disk, then writes.
    pub(in crate::app) fn save(
        &mut self,
        id: TabId,
        to: Option<&Path>,
        confirmed: Confirmed,
        then: Option<Then>,
    ) {
        if self.save_gait(id, then.clone()) {
            return;
        }
        let Some(tab) = self.tabs.motion_mut(id) else {
            return;
        };
        let document = &tab.document;
        let name = document.origin.display_name();
        if to.is_none() && document.origin.path().is_none() {
            self.ask_save_path(id, then);
            return;
        }
        // Only the tracks changed: the motion's file stays as it is.
        if to.is_none() && !document.is_dirty() && document.tracks().is_dirty() {
            if self.save_tracks(id)
                && let Some(then) = then
            {
                self.then(then);
            }
            return;
        }
        let again = |confirmed| Answer::Save {
            tab: id,
            to: to.map(Path::to_owned),
            confirmed,
            then: then.clone(),
        };
        let safety = safety_problem_count(document);
        if !confirmed.safety && !tab.safety_confirmed && safety > 0 {
            self.ask(
                "Save a motion the robot cannot follow?",
                format!(
                    "{name}: {} beyond the joints' limits or faster than the servos can move \
                     (see the Problems panel). Sony's own tools refused to save such motions.",
                    plural(safety, "place goes", "places go")
                ),
                "Save Anyway",
                again(Confirmed {
                    safety: true,
                    ..confirmed
                }),
            );
            return;
        }
        let replace = match to {
            None => (document.disk_state() == DiskState::Changed).then(|| {
                format!(
                    "{name} changed on disk since it was opened here (another program wrote \
                     it). Saving replaces what is there now with your version."
                )
            }),
            Some(path) => (path.exists() && document.origin.path() != Some(path))
                .then(|| format!("{} already exists. Saving replaces it.", path.display())),
        };
        if let Some(message) = replace.filter(|_| !confirmed.overwrite) {
            self.ask(
                "Replace the file on disk?",
                message,
                "Replace",
                again(Confirmed {
                    overwrite: true,
                    ..confirmed
                }),
            );
            return;
        }
        let document = &mut tab.document;
        let result = match to {
            Some(path) => document.save_as(path),
            None => document.save(),
        };
        match result {
            Ok(()) => {
                tab.safety_confirmed |= confirmed.safety;
                let tracks = tab.document.tracks();
                let with_tracks = !tracks.is_empty() || tracks.is_dirty();
                // Saved somewhere else, the motion's skit goes beside it there too.
                let skit_moves = to.is_some() && !tracks.is_empty();
                let origin = tab.document.origin.clone();
                self.status.say(format!("Saved {}", origin.display_name()));
                match &origin {
                    Origin::File(path) => self.remember(path),
                    Origin::Entry { archive, .. } => self.refresh_archive(archive),
                    Origin::Unsaved { .. } | Origin::Converted { .. } => {}
                }
                // The motion's tracks are kept in its skit (and its LED pattern in its own
                // file), saved with it.
                let tracks_saved = if skit_moves {
                    self.save_led(id) && self.save_skit(id)
                } else {
                    !with_tracks || self.save_tracks(id)
                };
                if tracks_saved && let Some(then) = then {
                    self.then(then);
                }
            }
            Err(error) => self.fail("Could not save", error.to_string()),
        }
    }

    /// Saves every edited motion of an archive tab's archive back into it, in one write.
    pub(in crate::app) fn save_archive(&mut self, id: TabId, confirmed: Confirmed) {
        let Some(TabKind::Archive(archive)) = self.tabs.get(id).map(|t| &t.kind) else {
            return;
        };
        let path = archive.index.path.clone();
        let shown = crate::edit::file_name(&path);
        let of_archive = |document: &Document| {
            document.is_dirty()
                && matches!(&document.origin, Origin::Entry { archive, .. } if *archive == path)
        };
        let edited: Vec<&Document> = self
            .tabs
            .motions()
            .map(|(_, tab)| &tab.document)
            .filter(|d| of_archive(d))
            .collect();
        if edited.is_empty() {
            self.status.say(format!(
                "Nothing to save: no motion of {shown} has unsaved edits"
            ));
            return;
        }
        let unsafe_count: usize = edited.iter().map(|d| safety_problem_count(d)).sum();
        let changed: Vec<String> = edited
            .iter()
            .filter(|d| d.disk_state() == DiskState::Changed)
            .map(|d| d.origin.display_name())
            .collect();
        let again = |confirmed| Answer::SaveArchive { tab: id, confirmed };
        if !confirmed.safety && unsafe_count > 0 {
            self.ask(
                "Save motions the robot cannot follow?",
                format!(
                    "The edited motions of {shown} go beyond the joints' limits or faster than \
                     the servos can move in {} (see each motion's Problems panel). Sony's own \
                     tools refused to save such motions.",
                    plural(unsafe_count, "place", "places")
                ),
                "Save Anyway",
                again(Confirmed {
                    safety: true,
                    ..confirmed
                }),
            );
            return;
        }
        if !confirmed.overwrite && !changed.is_empty() {
            self.ask(
                "Replace motions changed on disk?",
                format!(
                    "Another program changed {} in {shown} since they were opened here. Saving \
                     replaces them with your versions.",
                    changed.join(", ")
                ),
                "Replace",
                again(Confirmed {
                    overwrite: true,
                    ..confirmed
                }),
            );
            return;
        }
        let count = edited.len();
        let mut documents: Vec<&mut Document> = self
            .tabs
            .list
            .iter_mut()
            .filter_map(|t| t.motion_mut().map(|m| &mut m.document))
            .filter(|d| of_archive(d))
            .collect();
        match save_entries(&path, &mut documents) {
            Ok(()) => {
                self.status.say(format!(
                    "Saved {} into {shown}",
                    plural(count, "motion", "motions")
                ));
                self.refresh_archive(&path);
            }
            Err(error) => self.fail("Could not save", error.to_string()),
        }
    }

    /// Reads an archive's tab afresh after its file was written (keeping the query and the
    /// selection).
    pub(in crate::app) fn refresh_archive(&mut self, path: &Path) {
        let Some(id) = self.tabs.find_archive(path) else {
            return;
        };
        let Some(TabKind::Archive(tab)) = self.tabs.get_mut(id).map(|t| &mut t.kind) else {
            return;
        };
        if let Ok(index) = ArchiveIndex::open(path) {
            tab.index = index;
            let selected = tab.selected;
            tab.select(selected);
        }
    }
}
