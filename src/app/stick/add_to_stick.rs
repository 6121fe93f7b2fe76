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
use crate::stick::Stick;
use crate::stick::add::{Content, NewBehaviour, StickEditError, parse_mwcid, plan_add};
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
        let added = if done { "Added to" } else { "Would add to" };
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
    /// Shows File > Add to Stick… for motion tab `tab`: the stick of a stick tab open, if
    /// any; the motion's name as a word R-CODE takes.
    pub(in crate::app) fn ask_add_to_stick(&mut self, tab: TabId) {
        let Some(motion) = self.tabs.get(tab).and_then(Tab::motion) else {
            return;
        };
        let folder = self
            .tabs
            .list
            .iter()
            .find_map(|t| match &t.kind {
                // An image's copy is not a stick to change.
                TabKind::Stick(stick) if stick.image.is_none() => {
                    Some(stick.root.display().to_string())
                }
                TabKind::Stick(_) => None,
                TabKind::Motion(..) | TabKind::Archive(_) | TabKind::Gait(_) => None,
            })
            .unwrap_or_default();
        self.modal = Some(Modal::AddToStick(StickPrompt {
            tab,
            folder,
            name: offered_name(&motion.document.motion.name),
            tracks: true,
            noauth: false,
            rcode: crate::stick::program::HeadSensor::Leave,
            convert_sound: false,
            mwcid: String::new(),
            replace: false,
            dry_run: None,
            error: None,
            note: problems_note(motion.document.problems()),
        }));
    }

    /// Puts the motion on the stick as `prompt` says; shows the stick, or the dialog again
    /// with why not.
    pub(in crate::app) fn add_to_stick(&mut self, prompt: StickPrompt, fx: &mut Effects) {
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
                    tab.query = crate::stick::rows::Query::default();
                    tab.selected = tab.rows.behaviours.iter().position(|b| b.mwcid == mwcid);
                }
                for line in said {
                    fx.say(line);
                }
            }
            Err(why) => {
                self.modal = Some(Modal::AddToStick(StickPrompt {
                    error: Some(why.to_string()),
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
        let (dry_run, error) = match self.plan_on_stick(&prompt) {
            Ok(planned) => (Some(planned.lines(false)), None),
            Err(why) => (None, Some(why.to_string())),
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
