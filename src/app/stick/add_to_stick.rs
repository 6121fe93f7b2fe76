//! File > Add to Stick… handled: the motion in a tab (as edited, not as last saved) with its
//! sound and LED tracks put on a stick (`crate::stick::add`), then the stick shown in its tab;
//! and a user's behaviour taken off again from the stick's tab.

use crate::app::StudioApp;
use crate::app::dialogs::add_to_stick::offered_name;
use crate::app::dialogs::{Modal, StickPrompt};
use crate::app::effects::Effects;
use crate::app::state::TabId;
use crate::app::tabs::{Tab, TabKind};
use crate::behaviour::{Data, Part, Source};
use crate::codec::oda::Archive;
use crate::edit::Origin;
use crate::stick::Stick;
use crate::stick::add::{Content, NewBehaviour, Remedy, StickEditError, parse_mwcid, plan_add};
use std::path::{Path, PathBuf};

/// The bytes of a track's source: its file, or its archive entry.
fn source_bytes(source: &Source) -> Result<Vec<u8>, StickEditError> {
    let shown = source.label();
    let bytes =
        std::fs::read(&source.path).map_err(|e| StickEditError::File(format!("{shown}: {e}")))?;
    let Some(entry) = &source.entry else {
        return Ok(bytes);
    };
    let archive =
        Archive::read(&bytes).map_err(|e| StickEditError::File(format!("{shown}: {e}")))?;
    let index = archive
        .find(entry)
        .ok_or_else(|| StickEditError::File(format!("{shown}: no such entry")))?;
    archive.entries[index]
        .contents()
        .map_err(|e| StickEditError::File(format!("{shown}: {e}")))
}

/// A track as content for the stick: its entry's name (or its file's), and its bytes: its
/// source's, or for an LED pattern edited on its track, the pattern as it is now.
fn content(part: &Part) -> Result<Content, StickEditError> {
    let entry = part.source.entry.clone().unwrap_or_else(|| {
        part.source
            .path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    let original = source_bytes(&part.source)?;
    let data = match &part.data {
        // Unedited, the pattern keeps its bytes (the same entry is then shared, not refused).
        Data::Led { pattern, .. }
            if crate::codec::sound::led::read(&original).is_ok_and(|p| p == *pattern) =>
        {
            original
        }
        Data::Led { pattern, .. } => pattern
            .write()
            .map_err(|e| StickEditError::Led(format!("{entry}: {e}")))?,
        Data::Wave { .. } | Data::Midi(_) => original,
    };
    Ok(Content { entry, data })
}

/// Putting a motion on a stick, worked out.
struct Planned {
    /// The stick's root.
    root: PathBuf,
    /// The action name.
    name: String,
    /// What changes.
    plan: crate::stick::add::Plan,
    /// The sound's entry where it is converted for the robot.
    converted: Option<String>,
    /// Whether a track was moved on the timeline (the robot starts them with the motion).
    moved: bool,
}

impl Planned {
    /// What it does (`done`) or would do, a line each (the plan's own lines say what is
    /// changed in the past tense either way: the dry run's heading says nothing is yet).
    fn lines(&self, done: bool) -> Vec<String> {
        let mut said = self.plan.said.clone();
        if let Some(entry) = &self.converted {
            let converted = if done { "Converted" } else { "Would convert" };
            said.insert(
                0,
                format!("{converted} {entry} to 16 kHz 16-bit mono for the robot"),
            );
        }
        let added = match (done, self.plan.replaced) {
            (true, false) => "Added to",
            (true, true) => "Replaced on",
            (false, false) => "Would add to",
            (false, true) => "Would replace on",
        };
        let plays = if done { "plays" } else { "would play" };
        said.push(format!(
            "{added} the stick {}: R-CODE {plays} it as PLAY:ACTION:{} (or PLAY:MWCID:{})",
            self.root.display(),
            self.name,
            self.plan.mwcid
        ));
        if self.moved {
            said.push(
                "The robot starts the sound and lights with the motion: where a track was moved \
                 on the timeline, that offset is not on the stick"
                    .to_owned(),
            );
        }
        said
    }
}

/// A refusal in the dialog's words: what would do, by its box or menu.
fn in_words(error: &StickEditError) -> String {
    let remedy = match error.remedy() {
        Some(Remedy::Replace) => {
            ": tick \"Replace my behaviour of that name\" to replace it".to_owned()
        }
        Some(Remedy::OtherMwcid) => format!(
            ": type another MWCID, or leave it empty for the first free one ({} to {})",
            crate::stick::add::USER_MWCIDS.start(),
            crate::stick::add::USER_MWCIDS.end()
        ),
        Some(Remedy::ConvertSound) => {
            ": tick \"Convert a sound the robot cannot play\" to have it made 16 kHz 16-bit mono"
                .to_owned()
        }
        Some(Remedy::ConvertModel) => {
            ": Motion > Convert to Another Model… makes it the stick's model's first".to_owned()
        }
        None => String::new(),
    };
    format!("{error}{remedy}")
}

/// What the dialog says of the motion's own problems (warnings and errors), if it has any:
/// it goes on the stick as it is.
fn problems_note(problems: &[crate::codec::Problem]) -> Option<String> {
    let worrying = problems
        .iter()
        .filter(|p| p.severity >= crate::codec::Severity::Warning)
        .count();
    (worrying > 0).then(|| {
        format!(
            "The motion has {} (the Problems panel lists them): it goes on the stick as it is, \
             and the robot plays it so.",
            crate::words::plural(worrying, "warning or error", "warnings or errors")
        )
    })
}

impl StudioApp {
    /// Shows File > Add to Stick… for motion tab `tab`, as it was last filled in this
    /// session where it was (the review: it forgot everything each time): the stick of the
    /// motion's model ([`Self::offered_stick`]); the name last given this motion, else its
    /// name as a word R-CODE takes; the boxes as last ticked (Replace always unticked).
    pub(in crate::app) fn ask_add_to_stick(&mut self, tab: TabId) {
        let Some(motion) = self.tabs.get(tab).and_then(Tab::motion) else {
            return;
        };
        let model = crate::robot::parse_design(&motion.document.motion.design).map(|d| d.model);
        let last = self.last_add_to_stick.as_ref();
        let name = last.filter(|l| l.tab == tab).map_or_else(
            || offered_name(&motion.document.motion.name),
            |l| l.name.clone(),
        );
        let note = problems_note(motion.document.problems());
        let prompt = StickPrompt {
            tab,
            folder: self.offered_stick(model),
            name,
            tracks: last.is_none_or(|l| l.tracks),
            noauth: last.is_some_and(|l| l.noauth),
            rcode: last.map_or(crate::stick::program::HeadSensor::Leave, |l| l.rcode),
            convert_sound: last.is_some_and(|l| l.convert_sound),
            mwcid: String::new(),
            replace: false,
            dry_run: None,
            error: None,
            note,
        };
        self.modal = Some(Modal::AddToStick(prompt));
    }

    /// The stick offered for a motion of `model`: the one last used, where it is of that
    /// model; else an open stick's tab of that model (not an image's: its copy is not a
    /// stick to change); else the one last used, or any open stick.
    fn offered_stick(&self, model: Option<crate::robot::models::Model>) -> String {
        let open: Vec<(&Path, Option<&str>)> = self
            .tabs
            .list
            .iter()
            .filter_map(|t| match &t.kind {
                TabKind::Stick(stick) if stick.image.is_none() => {
                    Some((stick.root.as_path(), stick.rows.model))
                }
                TabKind::Stick(_)
                | TabKind::Motion(..)
                | TabKind::Archive(_)
                | TabKind::Gait(_) => None,
            })
            .collect();
        let same_model = |stick: Option<&str>| {
            stick.is_some() && stick == model.map(crate::robot::models::Model::name)
        };
        let last = self
            .last_add_to_stick
            .as_ref()
            .map(|l| l.folder.trim().to_owned())
            .filter(|f| !f.is_empty());
        let last_model = last.as_deref().and_then(|f| {
            Stick::open(Path::new(f))
                .ok()
                .and_then(|s| s.model.map(crate::robot::models::Model::name))
        });
        if let Some(folder) = last.as_ref().filter(|_| same_model(last_model)) {
            return folder.clone();
        }
        if let Some((root, _)) = open.iter().find(|(_, m)| same_model(*m)) {
            return root.display().to_string();
        }
        last.or_else(|| open.first().map(|(root, _)| root.display().to_string()))
            .unwrap_or_default()
    }

    /// Puts the motion on the stick as `prompt` says; shows the stick, or the dialog again
    /// with why not.
    pub(in crate::app) fn add_to_stick(&mut self, prompt: StickPrompt, fx: &mut Effects) {
        self.last_add_to_stick = Some(prompt.clone());
        match self.put_on_stick(&prompt) {
            Ok((root, mwcid, said)) => {
                self.modal = None;
                // The stick shown as it is now, the new behaviour selected; what was done
                // said last, so the status bar ends on it.
                match self.tabs.find_stick(&root) {
                    Some(id) => {
                        self.tabs.activate(id);
                        if let (Some(tab), Ok(stick)) =
                            (self.tabs.stick_mut(id), Stick::open(&root))
                        {
                            let query = std::mem::take(&mut tab.query);
                            *tab = super::StickTab {
                                query,
                                ..super::StickTab::new(&stick)
                            };
                        }
                    }
                    None => self.open_stick(&root, fx),
                }
                if let Some(tab) = self
                    .tabs
                    .find_stick(&root)
                    .and_then(|id| self.tabs.stick_mut(id))
                {
                    // The search cleared so the new behaviour shows; the order kept.
                    tab.query.text.clear();
                    tab.selected = tab.rows.behaviours.iter().position(|b| b.mwcid == mwcid);
                }
                for line in said {
                    fx.say(line);
                }
                self.after_stick_changed(&root, fx);
            }
            Err(why) => {
                self.modal = Some(Modal::AddToStick(StickPrompt {
                    error: Some(in_words(&why)),
                    ..prompt
                }));
            }
        }
    }

    /// Works out putting the motion of `prompt.tab` (and its tracks) on the stick, changing
    /// nothing.
    fn plan_on_stick(&self, prompt: &StickPrompt) -> Result<Planned, StickEditError> {
        let tab = self
            .tabs
            .get(prompt.tab)
            .and_then(Tab::motion)
            .ok_or_else(|| StickEditError::Motion("the motion's tab is closed".to_owned()))?;
        let document = &tab.document;
        let motion = crate::codec::mtn::encode(&document.motion)
            .map_err(|e| StickEditError::Motion(format!("the motion cannot be written: {e}")))?;
        let mwcid = match prompt.mwcid.trim() {
            "" => None,
            typed => Some(parse_mwcid(typed).ok_or_else(|| {
                StickEditError::Taken(format!(
                    "MWCID {typed:?} is not a number (leave it empty for a free one)"
                ))
            })?),
        };
        let stick = Stick::open(Path::new(prompt.folder.trim()))
            .map_err(|e| StickEditError::File(e.to_string()))?;
        let tracks = document.tracks();
        let take = |part: Option<&Part>| match part {
            Some(part) if prompt.tracks => content(part).map(Some),
            _ => Ok(None),
        };
        let mut sound = take(tracks.sound.as_ref())?;
        let converted = match sound.as_mut() {
            Some(s) if prompt.convert_sound => s.for_the_robot()?.then(|| s.entry.clone()),
            Some(_) | None => None,
        };
        let new = NewBehaviour {
            name: prompt.name.trim().to_owned(),
            motion: Content {
                entry: String::new(),
                data: motion,
            },
            sound,
            led: take(tracks.led.as_ref())?,
            mwcid,
            code: 0,
            replace: prompt.replace,
            noauth: prompt.noauth,
            rcode: prompt.rcode,
        };
        let plan = plan_add(&stick, &new)?;
        let moved = prompt.tracks
            && [tracks.sound.as_ref(), tracks.led.as_ref()]
                .into_iter()
                .flatten()
                .any(|p| p.offset_ms != 0);
        Ok(Planned {
            root: stick.root,
            name: new.name,
            plan,
            converted,
            moved,
        })
    }

    /// Shows in the dialog what Add would do, changing nothing.
    pub(in crate::app) fn dry_run_add_to_stick(&mut self, prompt: StickPrompt) {
        self.last_add_to_stick = Some(prompt.clone());
        let (dry_run, error) = match self.plan_on_stick(&prompt) {
            Ok(planned) => (Some(planned.lines(false)), None),
            Err(why) => (None, Some(in_words(&why))),
        };
        self.modal = Some(Modal::AddToStick(StickPrompt {
            dry_run,
            error,
            ..prompt
        }));
    }

    /// Writes the motion of `prompt.tab` (and its tracks) onto the stick; the stick's root,
    /// the behaviour's MWCID and what was done, a line each.
    fn put_on_stick(
        &self,
        prompt: &StickPrompt,
    ) -> Result<(PathBuf, u32, Vec<String>), StickEditError> {
        let planned = self.plan_on_stick(prompt)?;
        crate::stick::apply::apply(&planned.plan, true)
            .map_err(|e| StickEditError::File(e.to_string()))?;
        let said = planned.lines(true);
        Ok((planned.root, planned.plan.mwcid, said))
    }

    /// The open tabs of a stick's files after the stick at `root` changed: an archive's
    /// browser is read again (or said to be gone), and a motion opened from an entry that
    /// is no longer there is let go of it (Save then asks where) and said so (the review:
    /// its Save failed on an archive taken off the stick).
    fn after_stick_changed(&mut self, root: &Path, fx: &mut Effects) {
        let on_stick = |path: &Path| {
            std::path::absolute(path)
                .unwrap_or_else(|_| path.to_owned())
                .starts_with(root)
        };
        let browsed: Vec<PathBuf> = self
            .tabs
            .list
            .iter()
            .filter_map(|t| match &t.kind {
                TabKind::Archive(archive) => Some(archive.index.path.clone()),
                TabKind::Motion(..) | TabKind::Gait(_) | TabKind::Stick(_) => None,
            })
            .filter(|path| on_stick(path))
            .collect();
        for path in browsed {
            if path.is_file() {
                self.refresh_archive(&path, fx);
            } else {
                fx.say(format!(
                    "{} is no longer on the stick (its last entry was taken off): its tab \
                     shows it as it was",
                    path.display()
                ));
            }
        }
        for tab in &mut self.tabs.list {
            let TabKind::Motion(motion, _) = &mut tab.kind else {
                continue;
            };
            let Origin::Entry { archive, entry } = &motion.document.origin else {
                continue;
            };
            let there = std::fs::read(archive)
                .ok()
                .and_then(|bytes| Archive::read(&bytes).ok())
                .is_some_and(|read| read.find(entry).is_some());
            if there || !on_stick(archive) {
                continue;
            }
            fx.say(format!(
                "{entry} is no longer in {}: its tab keeps the motion, and Save asks where to \
                 put it",
                archive.display()
            ));
            motion.document.origin = Origin::Unsaved {
                name: entry.clone(),
            };
        }
    }

    /// Takes the user's behaviour `name` off the stick of stick tab `tab`, then shows the
    /// stick as it is.
    pub(in crate::app) fn remove_from_stick(&mut self, tab: TabId, name: &str, fx: &mut Effects) {
        let Some(root) = self.tabs.stick_mut(tab).map(|t| t.root.clone()) else {
            return;
        };
        let removed = Stick::open(&root)
            .map_err(|e| StickEditError::File(e.to_string()))
            .and_then(|stick| crate::stick::add::plan_remove(&stick, name))
            .and_then(|plan| {
                crate::stick::apply::apply(&plan, true)
                    .map(|_| plan.said)
                    .map_err(|e| StickEditError::File(e.to_string()))
            });
        match removed {
            Ok(said) => {
                if let (Some(stick_tab), Ok(stick)) = (self.tabs.stick_mut(tab), Stick::open(&root))
                {
                    let query = std::mem::take(&mut stick_tab.query);
                    *stick_tab = super::StickTab {
                        query,
                        ..super::StickTab::new(&stick)
                    };
                }
                for line in said {
                    fx.say(line);
                }
                fx.say(format!("Took {name} off the stick {}", root.display()));
                self.after_stick_changed(&root, fx);
            }
            Err(e) => fx.fail("Could not remove it from the stick", e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::codec::{Problem, Severity};

    #[test]
    fn the_dialog_says_the_motions_warnings_and_not_its_notes() {
        let problem = |severity| {
            Problem::new(
                severity,
                crate::robot::codes::JOINT_SPEED,
                0,
                "too fast".to_owned(),
            )
        };
        assert_eq!(super::problems_note(&[problem(Severity::Info)]), None);
        let said = super::problems_note(&[problem(Severity::Warning), problem(Severity::Info)]);
        assert!(said.is_some_and(|s| s.starts_with("The motion has 1 warning or error")));
    }
}
