//! Opening, saving and closing: tabs come and go here, and nothing unsaved goes without
//! asking. What a save does to a motion is the motion tab's (`motion::save`); here is
//! where to save, the questions before closing or quitting, an archive's save of its
//! motions' tabs, the recent files and the recovery copies. Failures open a dialog that
//! names the file and what was wrong (and go into the message log).

use super::action::{Action, ArchiveAction};
use super::archive::ArchiveTab;
use super::dialogs::{Confirm, Modal, PathPurpose, cancel};
use super::effects::Effects;
use super::file_dialog::{self, Picked};
use super::motion::MotionTab;
use super::motion::save::{Saving, safety_joint_count};
use super::state::{Answer, Confirmed, TabId, Then};
use super::tabs::{Tab, TabKind};
use super::{RECENT_MAX, StudioApp, example_document};
use crate::codec::kind::FileKind;
use crate::edit::archive::ArchiveIndex;
use crate::edit::{DiskState, Document, GaitDocument, Origin, save_entries};
use crate::example::EXAMPLE_NAME;
use crate::open::{OpenOptions, Opening};
use crate::words::plural;
use std::path::Path;

impl StudioApp {
    /// A tab for `document`, its stage showing what was last chosen on any.
    pub(super) fn motion_tab(&self, document: Document) -> MotionTab {
        let mut tab = MotionTab::new(document);
        tab.stage = self.panels.stage.for_new_tab();
        tab
    }

    /// Asks before going on: `go` answers `answer`, Cancel does nothing.
    fn ask(&mut self, title: &str, message: String, go: &str, answer: Answer) {
        self.modal = Some(Modal::Confirm(Confirm {
            title: title.to_owned(),
            message,
            buttons: vec![(go.to_owned(), Some(answer)), cancel()],
        }));
    }

    /// Keeps `path` first among the recent files.
    pub(in crate::app) fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_MAX);
    }

    /// Adds a motion's tab; an untouched bundled example in front gives way to it.
    fn add_motion_tab(&mut self, document: Document) -> TabId {
        let pristine_example = self.active_motion().is_some_and(|tab| {
            !tab.is_dirty()
                && tab.document.origin
                    == (Origin::Unsaved {
                        name: EXAMPLE_NAME.to_owned(),
                    })
        });
        let replaced = self.tabs.active.filter(|_| pristine_example);
        let id = self.tabs.add_motion(self.motion_tab(document));
        if let Some(old) = replaced {
            self.tabs.remove(old);
            self.tabs.active = Some(id);
        }
        id
    }

    /// Opens a file by what it is ([`crate::open::sniff`], as the command line tells it): a
    /// motion, an archive or a gait file in a tab (or brings its tab to the front), a motion
    /// in JSON as a new motion, a file to import in the Import window.
    pub(in crate::app) fn open(&mut self, path: &Path, fx: &mut Effects) {
        if path.is_dir() {
            self.open_stick(path, fx);
            return;
        }
        let opening = match crate::open::sniff(path, OpenOptions::WINDOW) {
            Ok(opening) => opening,
            Err(error) => {
                fx.fail("Could not open", format!("{}: {error}", path.display()));
                return;
            }
        };
        match opening {
            Opening::Motion => self.open_motion(path, fx),
            Opening::Archive => self.open_archive(path, fx),
            Opening::Gait => self.open_gait(path, fx),
            Opening::JsonMotion => self.open_json(path, fx),
            Opening::Import(_) => self.show_import(path.display().to_string()),
            Opening::Stick => self.open_stick(path, fx),
            // A sound or LED pattern goes on the tracks of the motion in front.
            Opening::Sound | Opening::Led if self.active_motion().is_some() => {
                self.add_track_file(path, fx);
            }
            Opening::Sound | Opening::Led | Opening::Unknown => {
                let reason = opening.refusal(path).unwrap_or_default();
                fx.fail("Could not open", reason);
            }
        }
    }

    fn open_motion(&mut self, path: &Path, fx: &mut Effects) {
        if let Some(id) = self.tabs.find_origin(&Origin::File(path.to_owned())) {
            self.tabs.active = Some(id);
            return;
        }
        match Document::open(path) {
            Ok(document) => {
                self.remember(path);
                opened(&document, fx);
                let id = self.add_motion_tab(document);
                if let Some(tab) = self.tabs.motion_mut(id) {
                    tab.restore_skit(id, fx);
                }
            }
            Err(error) => fx.fail("Could not open", error.to_string()),
        }
    }

    fn open_archive(&mut self, path: &Path, fx: &mut Effects) {
        if let Some(id) = self.tabs.find_archive(path) {
            self.tabs.active = Some(id);
            return;
        }
        match ArchiveIndex::open(path) {
            Ok(index) => {
                self.remember(path);
                let motions = index.rows.iter().filter(|r| r.opens()).count();
                fx.say(format!(
                    "Opened {}: {} of {}; select one to preview it, Enter opens it",
                    path.display(),
                    plural(motions, "motion", "motions"),
                    plural(index.rows.len(), "entry", "entries"),
                ));
                let id = self
                    .tabs
                    .add(TabKind::Archive(Box::new(ArchiveTab::new(index))));
                if self.judge_archives {
                    fx.then(Action::Archive(id, ArchiveAction::JudgeFloor));
                }
            }
            Err(error) => fx.fail("Could not open", error.to_string()),
        }
    }

    /// Opens the memory stick `path` is in (its folder, a folder in it or its behaviour
    /// table) in a tab, or brings its tab to the front.
    pub(in crate::app) fn open_stick(&mut self, path: &Path, fx: &mut Effects) {
        if crate::stick::image::is_image(path) {
            self.open_stick_image(path, fx);
            return;
        }
        let stick = match crate::stick::Stick::open(path) {
            Ok(stick) => stick,
            Err(error) => {
                fx.fail("Could not open", error.to_string());
                return;
            }
        };
        if let Some(id) = self.tabs.find_stick(&stick.root) {
            self.tabs.active = Some(id);
            fx.say(format!(
                "The stick {} is open already (Read Again reads its files afresh)",
                stick.root.display()
            ));
            return;
        }
        self.remember(&stick.root);
        let tab = super::stick::StickTab::new(&stick);
        fx.say(format!(
            "Opened the stick {}: {}, {}; Check checks it",
            stick.root.display(),
            plural(tab.rows.behaviours.len(), "behaviour", "behaviours"),
            plural(tab.rows.archives.len(), "archive", "archives"),
        ));
        self.tabs.add(TabKind::Stick(Box::new(tab)));
    }

    /// Opens a gait file in a tab (or brings its tab to the front).
    fn open_gait(&mut self, path: &Path, fx: &mut Effects) {
        if let Some(id) = self.tabs.find_gait(path) {
            self.tabs.active = Some(id);
            return;
        }
        match GaitDocument::open(path) {
            Ok(tab) => {
                self.remember(path);
                fx.say(format!(
                    "Opened {}: a StickyBot gait file, {}",
                    path.display(),
                    plural(tab.gait().sections.len(), "section", "sections")
                ));
                self.tabs.add(TabKind::Gait(Box::new(tab)));
            }
            Err(error) => fx.fail("Could not open", error.to_string()),
        }
    }

    /// Opens a motion in mtn-studio's JSON form in a tab (or brings its tab to the front);
    /// saving asks where, as an .mtn file.
    fn open_json(&mut self, path: &Path, fx: &mut Effects) {
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
                opened(&document, fx);
                fx.say(format!(
                    "{} is a motion in JSON: Save writes it as an AIBO motion ({})",
                    document.origin.display_name(),
                    document.origin.suggested_file_name()
                ));
                self.add_motion_tab(document);
            }
            Err(error) => fx.fail("Could not open", error.to_string()),
        }
    }

    /// Opens one motion of an archive in a tab (or brings its tab to the front).
    pub(in crate::app) fn open_entry(&mut self, archive: &Path, entry: &str, fx: &mut Effects) {
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
                opened(&document, fx);
                let id = self.add_motion_tab(document);
                if let Some(tab) = self.tabs.motion_mut(id) {
                    tab.restore_skit(id, fx);
                }
            }
            Err(error) => fx.fail("Could not open", error.to_string()),
        }
    }

    /// Opens the bundled example in a tab of its own.
    pub(in crate::app) fn open_example(&mut self, fx: &mut Effects) {
        self.tabs.add_motion(self.motion_tab(example_document()));
        fx.say(format!("Opened the bundled example {EXAMPLE_NAME}"));
    }

    /// The question before unsaved edits would be lost: Save, Don't Save, Cancel.
    fn ask_unsaved(&mut self, id: TabId, what: &str, save_then: Then, discard: Then) {
        let Some(name) = self.tabs.get(id).and_then(Tab::unsaved) else {
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

    /// Carries out what a dialog's button answered.
    pub(in crate::app) fn answer(&mut self, answer: Answer, fx: &mut Effects) {
        match answer {
            Answer::Save {
                tab,
                to,
                confirmed,
                then,
            } => self.save(tab, to.as_deref(), confirmed, then, fx),
            Answer::SaveArchive { tab, confirmed } => self.save_archive(tab, confirmed, fx),
            Answer::SaveIntoArchive {
                tab,
                path,
                confirmed,
            } => {
                self.save_into_archive((tab, path), confirmed, fx);
            }
            Answer::LetGo(then) => self.then(then, fx),
            Answer::RemoveFromStick { tab, name } => self.remove_from_stick(tab, &name, fx),
            Answer::Restore(copies) => {
                for copy in copies {
                    match super::recovery::restore(&copy) {
                        Ok(restored) => {
                            let document = restored.document;
                            fx.say(format!("Restored {} (unsaved)", document.tab_title()));
                            let id = self.tabs.add_motion(self.motion_tab(document));
                            // Its sound, LED pattern and markers: as they were where the copy
                            // kept them (never saved in a skit), else from the skit beside the
                            // motion, as opening it does (the review: a restored tab lost its
                            // sound track).
                            if let Some(tab) = self.tabs.motion_mut(id) {
                                match restored.tracks {
                                    Some(kept) => tab.restore_kept_tracks(id, kept, fx),
                                    None => tab.restore_skit(id, fx),
                                }
                            }
                            if let Err(e) = super::recovery::remove(&copy) {
                                fx.say(recovery_left(&copy, &e));
                            }
                        }
                        Err(e) => fx.say(format!("Could not restore: {e}")),
                    }
                }
            }
            Answer::DiscardRecovered(copies) => {
                for copy in &copies {
                    if let Err(e) = super::recovery::remove(copy) {
                        fx.say(recovery_left(copy, &e));
                    }
                }
                fx.say(format!(
                    "Discarded {}",
                    plural(copies.len(), "recovery copy", "recovery copies")
                ));
            }
        }
    }

    /// Goes on after a tab was saved, or its edits let go.
    pub(in crate::app) fn then(&mut self, then: Then, _fx: &mut Effects) {
        match then {
            Then::CloseTab(id) => self.tabs.remove(id),
            Then::Quit(let_go) => self.quit(let_go),
        }
    }

    /// Saves a tab: a motion (asking where when it was never saved), a gait file, or an
    /// archive's edited motions.
    pub(in crate::app) fn save(
        &mut self,
        id: TabId,
        to: Option<&Path>,
        confirmed: Confirmed,
        then: Option<Then>,
        fx: &mut Effects,
    ) {
        let archive = match self.tabs.get_mut(id).map(|tab| &mut tab.kind) {
            Some(TabKind::Motion(tab, _)) => {
                if tab.save(id, to, confirmed, then.clone(), fx) == Saving::AskWhere {
                    self.ask_save_path(id, then);
                }
                false
            }
            Some(TabKind::Gait(tab)) => {
                super::gait::save(tab, then, fx);
                false
            }
            Some(TabKind::Archive(_)) => true,
            Some(TabKind::Stick(_)) | None => false,
        };
        if archive {
            self.save_archive(id, confirmed, fx);
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
        let text = folder.join(&suggested).display().to_string();
        if !self.native_dialogs {
            self.ask_path(PathPurpose::SaveAs { tab: id, then }, None, text);
            return;
        }
        match file_dialog::save_file("Save As", &[FileKind::Mtn], &suggested) {
            Picked::Path(path) => {
                // The system's dialog asked about replacing a file already.
                let confirmed = Confirmed {
                    safety: false,
                    overwrite: true,
                };
                self.actions
                    .push(super::action::Action::Answer(Answer::Save {
                        tab: id,
                        to: Some(path),
                        confirmed,
                        then,
                    }));
            }
            Picked::Cancelled => self.status.say("Not saved: no file chosen"),
            Picked::Unavailable(reason) => self.ask_path(
                PathPurpose::SaveAs { tab: id, then },
                Some(format!(
                    "The system's file dialog did not open ({reason}); type where to save."
                )),
                text,
            ),
        }
    }

    /// Saves every edited motion of an archive tab's archive back into it, in one write.
    fn save_archive(&mut self, id: TabId, confirmed: Confirmed, fx: &mut Effects) {
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
            fx.say(format!(
                "Nothing to save: no motion of {shown} has unsaved edits"
            ));
            return;
        }
        let unsafe_count: usize = edited.iter().map(|d| safety_joint_count(d)).sum();
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
                    "In the edited motions of {shown}, {} beyond {} limit or faster than {} \
                     servo follows, so the robot will not do what the timeline shows (see the \
                     warnings in each motion's Problems panel).",
                    plural(unsafe_count, "joint goes", "joints go"),
                    if unsafe_count == 1 { "its" } else { "their" },
                    if unsafe_count == 1 { "its" } else { "each" },
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
                fx.say(format!(
                    "Saved {} into {shown}",
                    plural(count, "motion", "motions")
                ));
                self.refresh_archive(&path, fx);
            }
            Err(error) => fx.fail("Could not save", error.to_string()),
        }
    }

    /// Reads an archive's tab afresh after its file was written (keeping the query and the
    /// selection).
    pub(in crate::app) fn refresh_archive(&mut self, path: &Path, fx: &mut Effects) {
        let Some(id) = self.tabs.find_archive(path) else {
            return;
        };
        let Some(tab) = self.tabs.get_mut(id).and_then(Tab::archive_mut) else {
            return;
        };
        if let Ok(index) = ArchiveIndex::open(path) {
            // Its tab's own word on it, so the opening count it said is not left standing.
            let motions = index.rows.iter().filter(|r| r.opens()).count();
            let line = format!(
                "Read {} again: {} of {}",
                path.display(),
                plural(motions, "motion", "motions"),
                plural(index.rows.len(), "entry", "entries"),
            );
            tab.reread(index);
            self.say_about(id, vec![line]);
            if self.judge_archives {
                fx.then(Action::Archive(id, ArchiveAction::JudgeFloor));
            }
        }
    }
}

/// Says a motion was opened, and how many problems it has.
fn opened(document: &Document, fx: &mut Effects) {
    let problems = document
        .problems()
        .iter()
        .filter(|p| p.severity >= crate::codec::Severity::Warning)
        .count();
    let name = document.origin.display_name();
    fx.say(if problems == 0 {
        format!("Opened {name}")
    } else {
        format!(
            "Opened {name}: {}, see the Problems panel",
            plural(problems, "problem", "problems")
        )
    });
}

/// What is said when a recovery copy stays on disk.
fn recovery_left(copy: &std::path::Path, e: &std::io::Error) -> String {
    format!(
        "Could not remove the recovery copy {}: {e}. It will be offered again at the next start.",
        copy.display()
    )
}
