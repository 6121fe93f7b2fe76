//! A behaviour of the user's put on a stick, replaced or removed, as a [`Plan`]: every file
//! it changes, with its bytes before and after, worked out whole before anything is written
//! (`apply` writes it, each file atomically, and puts every file back if one fails).
//!
//! What goes where (`docs/formats/behaviour-table.md#putting-a-behaviour-on-a-stick`): the
//! motion, sound and LED pattern into the content archives `OPEN-R/MW/DATA/P/MOTION.ODA`,
//! `AUDIO.ODA` and `LED.ODA` (Sony's R-CODE tool chain's names; made when absent); a record
//! in the behaviour table shaped as Sony's own skits on that model, under a free MWCID of
//! [`USER_MWCIDS`]; the name in the action file R-CODE reads (`ACTION.CFG` where the stick
//! has one, else `ACTION.AMS`), so `PLAY:ACTION:NAME` plays it. Sony's records, entries and
//! action lines are never changed: a name or number of theirs is refused, not replaced.

use super::{Stick, actions, below, child};
use crate::codec::mtn;
use crate::codec::mwc::{self, Behaviour, MwcPart, PartType};
use crate::codec::oda::{Archive, Entry, EntryKind};
use crate::rcode::console::is_action_name;
use crate::robot::models::Model;
use std::ops::RangeInclusive;
use std::path::PathBuf;

pub use super::refusal::{MAX_NAME, Remedy, StickEditError, Unplayable, playable_sound};

/// The MWCIDs given to a user's behaviours: above every number Sony's two tables use (up to
/// 20,311) and within what R-CODE reads as a number on every model (16 bits signed).
pub const USER_MWCIDS: RangeInclusive<u32> = 30_000..=32_767;
/// Where the content archives are, below the stick's root.
pub const CONTENT: [&str; 4] = ["OPEN-R", "MW", "DATA", "P"];

/// One file of the user's to go into a content archive: its entry name and bytes.
#[derive(Clone, Debug)]
pub struct Content {
    /// The entry's name in the archive (the part's name in the record).
    pub entry: String,
    /// Its bytes.
    pub data: Vec<u8>,
}

impl Content {
    /// Makes a WAVE sound the robot does not play 16 kHz 16-bit mono; whether it did (a
    /// sound it plays, and MIDI, are left as they are).
    ///
    /// # Errors
    /// The sound does not read.
    pub fn for_the_robot(&mut self) -> Result<bool, StickEditError> {
        if playable_sound(&self.data).is_ok() || crate::codec::sound::is_midi(&self.data) {
            return Ok(false);
        }
        self.data = crate::codec::sound::wave_write::for_robot(&self.data)
            .map_err(|e| StickEditError::Sound(format!("{}: {e}", self.entry)))?;
        Ok(true)
    }
}

/// A behaviour to put on the stick.
#[derive(Clone, Debug)]
pub struct NewBehaviour {
    /// The action name R-CODE plays it by.
    pub name: String,
    /// The motion (its entry named by the motion's own name when `entry` is empty).
    pub motion: Content,
    /// A sound (WAV or MIDI).
    pub sound: Option<Content>,
    /// An LED pattern.
    pub led: Option<Content>,
    /// The MWCID asked for.
    pub mwcid: Option<u32>,
    /// The special-action code (0: a skit).
    pub code: u32,
    /// Replace the user's behaviour of this name where there is one.
    pub replace: bool,
    /// Set R-CODE up to take commands over the air without an ID and password
    /// ([`Plan::no_auth`]).
    pub noauth: bool,
    /// Write R-CODE's program to play it when the head sensor is pressed
    /// ([`Plan::head_sensor`]).
    pub rcode: HeadSensor,
}

/// Whether `stick add` writes R-CODE's program that plays the behaviour when the head sensor
/// is pressed (`super::program`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HeadSensor {
    /// No program is written.
    #[default]
    Leave,
    /// The head sensor plays the behaviour: a program of mtn-studio's is written or
    /// changed; a program of someone else's is refused.
    Play,
    /// The same, a program of someone else's replaced (kept as its `.bak`).
    PlayReplacing,
}

/// One file's change: its bytes before (none: a new file) and after (none: removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileChange {
    /// The file.
    pub path: PathBuf,
    /// Its bytes now.
    pub before: Option<Vec<u8>>,
    /// Its bytes to be.
    pub after: Option<Vec<u8>>,
}

/// What a change to the stick does, worked out whole.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The files it changes.
    pub changes: Vec<FileChange>,
    /// The behaviour's MWCID.
    pub mwcid: u32,
    /// What it does, a line each.
    pub said: Vec<String>,
    /// Whether it replaces a behaviour of the user's (under its MWCID).
    pub replaced: bool,
}

/// The stick's table, readable, with its path; the action file R-CODE reads names from
/// (`ACTION.CFG` where there is one, else `ACTION.AMS`), if any.
fn table_of(stick: &Stick) -> Result<(PathBuf, &mwc::BehaviourTable), StickEditError> {
    match &stick.table {
        Some((path, Ok(table))) => Ok((stick.root.join(path), table)),
        Some((path, Err(why))) => Err(StickEditError::NoTable(format!(
            "{path}: the behaviour table does not read ({why}): nothing was changed"
        ))),
        None => Err(StickEditError::NoTable(format!(
            "{}: no behaviour table (OPEN-R/MW/CONF/ERS-7.MWC or ERS-210.MWC): a behaviour \
             goes on a stick that has one",
            stick.root.display()
        ))),
    }
}

/// The action file names are written to: its path and the actions in it.
fn names_file(stick: &Stick) -> Option<(PathBuf, &[actions::Action])> {
    ["ACTION.CFG", "ACTION.AMS"].into_iter().find_map(|name| {
        stick
            .actions
            .iter()
            .find(|(path, _, _)| path.to_ascii_uppercase().ends_with(name))
            .map(|(path, found, _)| (stick.root.join(path), found.as_slice()))
    })
}

/// Reads a file the plan changes.
pub(super) fn read(path: &std::path::Path) -> Result<Vec<u8>, StickEditError> {
    std::fs::read(path).map_err(|e| StickEditError::File(format!("{}: {e}", path.display())))
}

/// Checks what the robot would refuse of `new` on a stick of `model`: the name, the
/// motion's model, the sound's format, the LED pattern; returns the motion's name.
fn refused(model: Model, new: &NewBehaviour) -> Result<String, StickEditError> {
    if new.name.len() > MAX_NAME || !is_action_name(&new.name) {
        return Err(StickEditError::BadName(new.name.clone()));
    }
    let motion = mtn::decode(&new.motion.data)
        .map_err(|e| StickEditError::Motion(format!("the motion does not read: {e}")))?
        .motion;
    let motion_model = crate::robot::parse_design(&motion.design).map(|d| d.model);
    if motion_model != Some(model) {
        return Err(StickEditError::Refused {
            why: format!(
                "the motion is for {} ({}); this stick's table is the {}'s",
                motion_model.map_or("no known model", Model::name),
                motion.design,
                model.name()
            ),
            remedy: Remedy::ConvertModel,
        });
    }
    if let Some(sound) = &new.sound {
        playable_sound(&sound.data).map_err(|why| StickEditError::Refused {
            why: format!("the sound {:?} is {why}", sound.entry),
            remedy: Remedy::ConvertSound,
        })?;
    }
    if let Some(led) = &new.led {
        crate::codec::sound::led::read(&led.data)
            .map_err(|e| StickEditError::Led(format!("the LED pattern does not read: {e}")))?;
    }
    Ok(motion.name)
}

/// An MWCID as typed: decimal, or hexadecimal after `0x`; none where it is not a number.
#[must_use]
pub fn parse_mwcid(text: &str) -> Option<u32> {
    let text = text.trim();
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// The MWCID of the user's behaviour `new` replaces, where it names one; Sony's names and
/// a name taken without `--replace` refused.
fn replacing(stick: &Stick, new: &NewBehaviour) -> Result<Option<u32>, StickEditError> {
    // Every action file: a name in two of them plays one R-CODE cannot be told apart.
    let mut named = stick
        .actions
        .iter()
        .flat_map(|(_, found, _)| found)
        .filter(|a| a.name == new.name);
    let existing = named
        .clone()
        .find(|a| !USER_MWCIDS.contains(&a.mwcid))
        .or_else(|| named.next());
    match existing {
        Some(a) if !USER_MWCIDS.contains(&a.mwcid) => Err(StickEditError::Taken(format!(
            "{} is Sony's action (MWCID {}): choose another name",
            new.name, a.mwcid
        ))),
        Some(a) if !new.replace => Err(StickEditError::Refused {
            why: format!(
                "{} is on the stick already (MWCID {}), and replacing it was not asked for",
                new.name, a.mwcid
            ),
            remedy: Remedy::Replace,
        }),
        Some(a) => Ok(Some(a.mwcid)),
        None => Ok(None),
    }
}

/// The MWCID the behaviour goes under: the one it replaces, the one asked for (refused if a
/// record has it), or the first free one of [`USER_MWCIDS`].
fn choose_mwcid(
    table: &mwc::BehaviourTable,
    new: &NewBehaviour,
    replacing: Option<u32>,
) -> Result<u32, StickEditError> {
    match (new.mwcid, replacing) {
        (Some(asked), Some(had)) if asked != had => Err(StickEditError::Taken(format!(
            "{} has MWCID {had}: it is replaced under it, not under {asked}",
            new.name
        ))),
        (_, Some(had)) => Ok(had),
        (Some(asked), None) if table.behaviours.iter().any(|b| b.id == asked) => {
            Err(StickEditError::Refused {
                why: format!("MWCID {asked} is taken by a record of the table"),
                remedy: Remedy::OtherMwcid,
            })
        }
        (Some(asked), None) => Ok(asked),
        (None, None) => USER_MWCIDS
            .clone()
            .find(|id| table.behaviours.iter().all(|b| b.id != *id))
            .ok_or_else(|| {
                StickEditError::Taken("every MWCID for a user's behaviour is taken".to_owned())
            }),
    }
}

/// Works out putting `new` on `stick`.
///
/// # Errors
/// What the robot would refuse (another model, a name R-CODE does not take, a sound it does
/// not play), a name or number taken, or a file of the stick that cannot be read.
pub fn plan_add(stick: &Stick, new: &NewBehaviour) -> Result<Plan, StickEditError> {
    let (table_path, table) = table_of(stick)?;
    let model = stick.model.unwrap_or(Model::Ers7);
    let motion_name = refused(model, new)?;
    let names = names_file(stick);
    let replacing = replacing(stick, new)?;
    let mwcid = choose_mwcid(table, new, replacing)?;
    let motion_entry = if new.motion.entry.is_empty() {
        motion_name
    } else {
        new.motion.entry.clone()
    };
    let mut plan = Plan {
        mwcid,
        replaced: replacing.is_some(),
        ..Plan::default()
    };
    let old_names: Vec<String> = replacing
        .and_then(|id| table.behaviours.iter().find(|b| b.id == id))
        .map(|b| b.parts.iter().map(MwcPart::name).collect())
        .unwrap_or_default();
    let sound_kind = match &new.sound {
        Some(s) if crate::codec::sound::is_midi(&s.data) => EntryKind::Midi,
        _ => EntryKind::Wave,
    };
    let contents = [
        (
            Some((motion_entry, &new.motion.data)),
            EntryKind::Motion,
            "MOTION.ODA",
        ),
        (
            new.sound.as_ref().map(|s| (s.entry.clone(), &s.data)),
            sound_kind,
            "AUDIO.ODA",
        ),
        (
            new.led.as_ref().map(|l| (l.entry.clone(), &l.data)),
            EntryKind::Led,
            "LED.ODA",
        ),
    ];
    let holders = stick.holders();
    let mut parts = Vec::new();
    for (content, kind, archive_name) in contents {
        let Some((entry, data)) = content else {
            continue;
        };
        if let Some(holder) = holders.get(&entry)
            && !holder
                .to_ascii_uppercase()
                .ends_with(&format!("P/{archive_name}"))
        {
            return Err(StickEditError::Taken(format!(
                "{entry:?} is an entry of {holder} already: the robot could play that one; \
                 rename the file"
            )));
        }
        plan.put_entry(stick, archive_name, kind, &entry, data, &old_names)?;
        parts.extend(record_parts(model, kind, &entry));
    }
    let mut table = table.clone();
    let record = Behaviour {
        id: mwcid,
        stated_parts: u32::try_from(parts.len()).unwrap_or(u32::MAX),
        parts,
    };
    match table.behaviours.iter_mut().find(|b| b.id == mwcid) {
        Some(b) => *b = record,
        None => table.behaviours.push(record),
    }
    // What the replaced behaviour played that nothing plays now.
    plan.drop_unplayed(stick, &old_names, &table)?;
    plan.changes.push(FileChange {
        before: Some(read(&table_path)?),
        after: Some(mwc::write(&table)),
        path: table_path,
    });
    plan.said.push(format!(
        "{} record MWCID {mwcid} in the behaviour table",
        if replacing.is_some() {
            "replaced"
        } else {
            "added"
        }
    ));
    if replacing.is_none() {
        plan.add_name(stick, names.map(|(p, _)| p), &new.name, mwcid, new.code)?;
    }
    if new.noauth {
        plan.no_auth(stick)?;
    }
    plan.head_sensor(stick, &new.name, new.rcode)?;
    Ok(plan)
}

/// The record's parts for an entry of `kind`, as Sony's own skits on `model` have them (the
/// commonest record of a motion, a sound and lights in each of the corpus's tables).
fn record_parts(model: Model, kind: EntryKind, entry: &str) -> Vec<MwcPart> {
    let part = |part_type, start| MwcPart {
        start,
        synchronize: 1,
        ..MwcPart::new(part_type, entry)
    };
    match (kind, model) {
        (EntryKind::Motion, Model::Ers7) => vec![part(PartType::WHOLE_BODY, 1)],
        (EntryKind::Motion, _) => vec![part(PartType::WHOLE_BODY, 0)],
        (EntryKind::Led, Model::Ers7) => vec![part(PartType::FACE_LED, 0)],
        (EntryKind::Led, _) => vec![part(PartType::FACE_LED, 0), part(PartType::BODY_LED, 0)],
        _ => vec![part(PartType::SOUND, 0)],
    }
}

impl Plan {
    /// Puts `data` as entry `entry` of kind `kind` into the content archive `archive_name`
    /// (made when absent; changed already by this plan, that change is built on), replacing
    /// an entry of that name only where the behaviour replaced named it (`old_names`).
    fn put_entry(
        &mut self,
        stick: &Stick,
        archive_name: &str,
        kind: EntryKind,
        entry: &str,
        data: &[u8],
        old_names: &[String],
    ) -> Result<(), StickEditError> {
        let folder = below(&stick.root, &CONTENT)
            .unwrap_or_else(|| stick.root.join(CONTENT.iter().collect::<PathBuf>()));
        let path = child(&folder, archive_name).unwrap_or_else(|| folder.join(archive_name));
        let (before, mut archive) = self.archive_at(&path)?;
        if let Some(i) = archive.find(entry) {
            // The same bytes under the same name: played by this behaviour too, unchanged.
            let same = archive.entries[i].kind() == kind
                && archive.entries[i].contents().is_ok_and(|c| c == data);
            if same {
                self.said.push(format!(
                    "{entry} already in {}, the same",
                    shown(stick, &path)
                ));
                return Ok(());
            }
            if !old_names.iter().any(|n| n == entry) {
                return Err(StickEditError::Taken(format!(
                    "{}: it holds another entry named {entry:?}, of another behaviour: rename \
                     the file",
                    path.display()
                )));
            }
            archive.remove(entry);
        }
        let new = Entry::new(kind, entry, data.to_vec())
            .map_err(|e| StickEditError::Taken(format!("{entry:?}: {e}")))?;
        archive
            .add(new)
            .map_err(|e| StickEditError::Taken(format!("{}: {e}", path.display())))?;
        let after = archive
            .write()
            .map_err(|e| StickEditError::File(format!("{}: {e}", path.display())))?;
        self.said
            .push(format!("{entry} into {}", shown(stick, &path)));
        self.set(path, before, Some(after));
        Ok(())
    }

    /// The archive at `path` as this plan leaves it so far (its bytes as on the stick, and
    /// the archive), an empty one where there is none.
    fn archive_at(
        &self,
        path: &std::path::Path,
    ) -> Result<(Option<Vec<u8>>, Archive), StickEditError> {
        let planned = self.changes.iter().find(|c| c.path == path);
        let before = match planned {
            Some(change) => change.before.clone(),
            None if path.exists() => Some(read(path)?),
            None => None,
        };
        let now = planned.map_or(before.clone(), |c| c.after.clone());
        let archive = match now {
            Some(bytes) => Archive::read(&bytes).map_err(|e| {
                StickEditError::File(format!(
                    "{}: the archive does not read: {e}",
                    path.display()
                ))
            })?,
            None => Archive::default(),
        };
        Ok((before, archive))
    }

    /// Records that `path` goes from `before` to `after` (one change a file).
    pub(super) fn set(&mut self, path: PathBuf, before: Option<Vec<u8>>, after: Option<Vec<u8>>) {
        match self.changes.iter_mut().find(|c| c.path == path) {
            Some(change) => change.after = after,
            None => self.changes.push(FileChange {
                path,
                before,
                after,
            }),
        }
    }

    /// Appends `name` for `mwcid` to the action file (in its own line ends; `ACTION.CFG` in
    /// R-CODE's folder where the stick has no action file).
    fn add_name(
        &mut self,
        stick: &Stick,
        file: Option<PathBuf>,
        name: &str,
        mwcid: u32,
        code: u32,
    ) -> Result<(), StickEditError> {
        let path = match file {
            Some(path) => path,
            None => {
                let ams = below(&stick.root, &["OPEN-R", "APP", "PC", "AMS"]).ok_or_else(|| {
                    StickEditError::File(
                        "no OPEN-R/APP/PC/AMS folder: the stick has no R-CODE to name the \
                         behaviour for (play it by its MWCID)"
                            .to_owned(),
                    )
                })?;
                ams.join("ACTION.CFG")
            }
        };
        let before = if path.exists() {
            Some(read(&path)?)
        } else {
            None
        };
        let mut after = before.clone().unwrap_or_default();
        let crlf = after.is_empty() || after.windows(2).any(|w| w == b"\r\n");
        let end: &[u8] = if crlf { b"\r\n" } else { b"\n" };
        if !after.is_empty() && !after.ends_with(b"\n") {
            after.extend_from_slice(end);
        }
        after.extend_from_slice(format!("{name:<32}{mwcid:<11}{code}").as_bytes());
        after.extend_from_slice(end);
        self.said
            .push(format!("{name} into {}", shown(stick, &path)));
        self.set(path, before, Some(after));
        Ok(())
    }
}

impl Plan {
    /// Takes out of the content archives each entry of `names` that no record of `table`
    /// plays; an archive left empty is removed.
    fn drop_unplayed(
        &mut self,
        stick: &Stick,
        names: &[String],
        table: &mwc::BehaviourTable,
    ) -> Result<(), StickEditError> {
        let still: std::collections::HashSet<String> = table
            .behaviours
            .iter()
            .flat_map(|b| b.parts.iter().map(MwcPart::name))
            .collect();
        for archive_name in ["MOTION.ODA", "AUDIO.ODA", "LED.ODA"] {
            let Some(path) = below(&stick.root, &CONTENT).and_then(|f| child(&f, archive_name))
            else {
                continue;
            };
            let (before, mut archive) = self.archive_at(&path)?;
            let mut changed = false;
            for entry in names.iter().filter(|n| !still.contains(*n)) {
                if archive.remove(entry).is_some() {
                    self.said
                        .push(format!("{entry} out of {}", shown(stick, &path)));
                    changed = true;
                }
            }
            if changed {
                let after =
                    if archive.entries.is_empty() {
                        None
                    } else {
                        Some(archive.write().map_err(|e| {
                            StickEditError::File(format!("{}: {e}", path.display()))
                        })?)
                    };
                self.set(path, before, after);
            }
        }
        Ok(())
    }
}

/// `path` from the stick's root, as on the stick.
pub(super) fn shown(stick: &Stick, path: &std::path::Path) -> String {
    super::shown(&stick.root, path)
}

/// Works out taking the user's behaviour `name` off `stick`: its action line, its record,
/// and each entry of the content archives that no record left names (an archive left
/// empty is removed).
///
/// # Errors
/// No behaviour of that name, or Sony's, or a file that cannot be read.
pub fn plan_remove(stick: &Stick, name: &str) -> Result<Plan, StickEditError> {
    let (table_path, table) = table_of(stick)?;
    let Some((names_path, found)) = names_file(stick) else {
        return Err(StickEditError::NotFound(format!(
            "{name}: the stick has no action names"
        )));
    };
    let Some(action) = found.iter().find(|a| a.name == name) else {
        return Err(StickEditError::NotFound(format!(
            "{name}: no action of that name in {}",
            shown(stick, &names_path)
        )));
    };
    let mwcid = action.mwcid;
    if !USER_MWCIDS.contains(&mwcid) {
        return Err(StickEditError::Taken(format!(
            "{name} is Sony's (MWCID {mwcid}): only behaviours put on the stick by a user \
             (MWCID {} to {}) are removed",
            USER_MWCIDS.start(),
            USER_MWCIDS.end()
        )));
    }
    let mut plan = Plan {
        mwcid,
        ..Plan::default()
    };
    // The action's line, and any other naming it.
    let before = read(&names_path)?;
    let lines: Vec<usize> = found
        .iter()
        .filter(|a| a.mwcid == mwcid)
        .map(|a| a.line)
        .collect();
    let after: Vec<u8> = before
        .split_inclusive(|&b| b == b'\n')
        .enumerate()
        .filter(|(i, _)| !lines.contains(&(i + 1)))
        .flat_map(|(_, line)| line.iter().copied())
        .collect();
    plan.said
        .push(format!("{name} out of {}", shown(stick, &names_path)));
    plan.set(names_path, Some(before), Some(after));
    let mut table = table.clone();
    let gone: Vec<String> = table
        .behaviours
        .iter()
        .filter(|b| b.id == mwcid)
        .flat_map(|b| b.parts.iter().map(MwcPart::name))
        .collect();
    table.behaviours.retain(|b| b.id != mwcid);
    plan.drop_unplayed(stick, &gone, &table)?;
    plan.changes.push(FileChange {
        before: Some(read(&table_path)?),
        after: Some(mwc::write(&table)),
        path: table_path,
    });
    plan.said.push(format!(
        "removed record MWCID {mwcid} from the behaviour table"
    ));
    plan.drop_program_of(stick, name)?;
    Ok(plan)
}
