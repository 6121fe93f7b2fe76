//! Checking a stick: what stops the robot or a behaviour (errors), what may (warnings), and
//! what cannot be verified or is worth knowing (notes), as `check` does for motions. On
//! Sony's own trees it does not cry wolf: their encrypted system archives, the names in them
//! and a redistribution tree's missing `MEMSTICK.IND` are notes that say what they are.

use super::{FileError, Stick};
use crate::codec::Severity;
use std::collections::HashMap;

/// The most names a finding lists before "and N more".
const LISTED: usize = 5;

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// How much it matters.
    pub severity: Severity,
    /// What kind of finding (kebab-case).
    pub code: &'static str,
    /// The file it is about, from the stick's root (empty for the stick itself).
    pub path: String,
    /// What, in words.
    pub message: String,
}

fn finding(severity: Severity, code: &'static str, path: &str, message: String) -> Finding {
    Finding {
        severity,
        code,
        path: path.to_owned(),
        message,
    }
}

/// `names` listed, the first [`LISTED`] and how many more.
fn listed(names: &[String]) -> String {
    let shown = names
        .iter()
        .take(LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    match names.len().saturating_sub(LISTED) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}

/// Whether a file name is 8.3 upper case, as the robot's FAT reader takes it.
#[must_use]
pub fn is_8_3_upper(name: &str) -> bool {
    let ok = |part: &str, most: usize| {
        !part.is_empty()
            && part.len() <= most
            && part
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || "_-~$!#%&@^()".contains(c))
    };
    match name.split_once('.') {
        Some((stem, ext)) => ok(stem, 8) && ok(ext, 3),
        None => ok(name, 8),
    }
}

/// Every finding of `stick`, errors first.
#[must_use]
pub fn check(stick: &Stick) -> Vec<Finding> {
    let mut out = Vec::new();
    boot(stick, &mut out);
    names(stick, &mut out);
    archives(stick, &mut out);
    table(stick, &mut out);
    out.sort_by_key(|f| std::cmp::Reverse(f.severity));
    out
}

fn boot(stick: &Stick, out: &mut Vec<Finding>) {
    if super::child(&stick.root, "OPEN-R").is_none() {
        out.push(finding(
            Severity::Error,
            "no-open-r",
            "",
            "no OPEN-R folder: a robot starts from this stick and powers off".to_owned(),
        ));
    }
    if !stick.bootable {
        out.push(finding(
            Severity::Info,
            "redistribution-tree",
            "",
            "no MEMSTICK.IND: a tree to copy onto a programming stick that has one (a robot \
             powers off from a stick without it)"
                .to_owned(),
        ));
    }
}

fn names(stick: &Stick, out: &mut Vec<Finding>) {
    // The copies `stick add` and `stick remove` keep of the files they change: a note.
    let (backups, files): (Vec<&String>, Vec<&String>) =
        stick.files.iter().partition(|path| path.ends_with(".bak"));
    if !backups.is_empty() {
        let backups: Vec<String> = backups.into_iter().cloned().collect();
        out.push(finding(
            Severity::Info,
            "backup",
            "",
            format!(
                "{} of files mtn-studio changed, each as it was before mtn-studio first changed \
                 it (the robot does not read them; remove them once the stick works): {}",
                crate::words::plural(backups.len(), "backup", "backups"),
                listed(&backups)
            ),
        ));
    }
    let bad: Vec<String> = files
        .into_iter()
        .filter(|path| {
            path.rsplit('/')
                .next()
                .is_some_and(|name| !is_8_3_upper(name))
        })
        .cloned()
        .collect();
    if !bad.is_empty() {
        out.push(finding(
            Severity::Error,
            "not-8-3",
            "",
            format!(
                "{} not 8.3 upper case, as the robot reads names: {}",
                crate::words::plural(bad.len(), "file name is", "file names are"),
                listed(&bad)
            ),
        ));
    }
}

fn archives(stick: &Stick, out: &mut Vec<Finding>) {
    for a in &stick.archives {
        let Err(why) = &a.archive else {
            continue;
        };
        let encrypted = matches!(
            why,
            FileError::Archive(crate::codec::DecodeError::Encrypted)
        );
        out.push(if encrypted {
            finding(
                Severity::Info,
                "encrypted-archive",
                &a.path,
                "encrypted by Sony, as the system archives of an R-CODE stick are: its entries \
                 cannot be read, so names in it cannot be checked"
                    .to_owned(),
            )
        } else {
            finding(
                Severity::Error,
                "archive-unreadable",
                &a.path,
                why.to_string(),
            )
        });
    }
    let Some(model) = stick.model else {
        return;
    };
    for a in &stick.archives {
        let Ok(archive) = &a.archive else {
            continue;
        };
        let other: Vec<String> = archive
            .motions()
            .filter_map(|(_, entry)| {
                let bytes = entry.contents().ok()?;
                let decoded = crate::codec::mtn::decode(&bytes).ok()?;
                let design = crate::robot::parse_design(&decoded.motion.design)?;
                (design.model != model)
                    .then(|| format!("{} ({})", entry.name(), design.model.name()))
            })
            .collect();
        if !other.is_empty() {
            out.push(finding(
                Severity::Error,
                "other-model",
                &a.path,
                format!(
                    "{} for another model than the stick's {}: {}",
                    crate::words::plural(other.len(), "motion is", "motions are"),
                    model.name(),
                    listed(&other)
                ),
            ));
        }
    }
}

fn table(stick: &Stick, out: &mut Vec<Finding>) {
    let Some((path, read)) = &stick.table else {
        out.push(finding(
            Severity::Warning,
            "no-behaviour-table",
            "",
            "no behaviour table (OPEN-R/MW/CONF/ERS-7.MWC or ERS-210.MWC): the robot has no \
             behaviours to play by number"
                .to_owned(),
        ));
        return;
    };
    let table = match read {
        Ok(table) => table,
        Err(why) => {
            out.push(finding(
                Severity::Error,
                "table-unreadable",
                path,
                why.to_string(),
            ));
            return;
        }
    };
    let (records, parts) = table.counts();
    let stated = (
        usize::try_from(table.stated.0).ok(),
        usize::try_from(table.stated.1).ok(),
    );
    if stated != (Some(records), Some(parts)) {
        out.push(finding(
            Severity::Warning,
            "table-counts",
            path,
            format!(
                "the header states {} records and {} parts; the table holds {records} and {parts}",
                table.stated.0, table.stated.1
            ),
        ));
    }
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for b in &table.behaviours {
        *seen.entry(b.id).or_default() += 1;
    }
    let mut twice: Vec<u32> = seen
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(id, _)| id)
        .collect();
    twice.sort_unstable();
    if !twice.is_empty() {
        let ids: Vec<String> = twice.iter().map(ToString::to_string).collect();
        out.push(finding(
            Severity::Error,
            "mwcid-twice",
            path,
            format!(
                "MWCIDs held by two records or more (the robot plays one): {}",
                listed(&ids)
            ),
        ));
    }
    parts_found(stick, path, table, out);
    actions(stick, table, out);
}

fn parts_found(
    stick: &Stick,
    path: &str,
    table: &crate::codec::mwc::BehaviourTable,
    out: &mut Vec<Finding>,
) {
    let holders = stick.holders();
    let mut missing: Vec<String> = Vec::new();
    // A user's behaviour's parts are in the readable content archives: missing there is an
    // error, however many of Sony's archives are encrypted.
    let mut ours: Vec<String> = Vec::new();
    for b in &table.behaviours {
        let user = super::add::USER_MWCIDS.contains(&b.id);
        for p in &b.parts {
            let name = p.name();
            if holders.contains_key(&name) {
                continue;
            }
            let list = if user { &mut ours } else { &mut missing };
            if !list.contains(&name) {
                list.push(name);
            }
        }
    }
    if !ours.is_empty() {
        out.push(finding(
            Severity::Error,
            "part-missing",
            path,
            format!(
                "{} of behaviours put on the stick by a user (MWCID {} to {}) in no archive of \
                 the stick (their place is OPEN-R/MW/DATA/P/): the robot cannot play them: {}",
                crate::words::plural(ours.len(), "part name", "part names"),
                super::add::USER_MWCIDS.start(),
                super::add::USER_MWCIDS.end(),
                listed(&ours)
            ),
        ));
    }
    if missing.is_empty() {
        return;
    }
    out.push(if stick.has_unreadable_archives() {
        finding(
            Severity::Info,
            "part-unverified",
            path,
            format!(
                "{} in no readable archive: unverified, as the stick's encrypted archives (and \
                 the middleware, which makes some itself) may hold them: {}",
                crate::words::plural(missing.len(), "part name is", "part names are"),
                listed(&missing)
            ),
        )
    } else {
        finding(
            Severity::Error,
            "part-missing",
            path,
            format!(
                "{} in no archive of the stick: the behaviour cannot play them: {}",
                crate::words::plural(missing.len(), "part name is", "part names are"),
                listed(&missing)
            ),
        )
    });
}

fn actions(stick: &Stick, table: &crate::codec::mwc::BehaviourTable, out: &mut Vec<Finding>) {
    // One name for two behaviours (in one file or two): which R-CODE plays is not known.
    let mut seen: std::collections::BTreeMap<&str, Vec<u32>> = std::collections::BTreeMap::new();
    for (_, found, _) in &stick.actions {
        for a in found {
            seen.entry(a.name.as_str()).or_default().push(a.mwcid);
        }
    }
    let twice: Vec<String> = seen
        .iter()
        .filter(|(_, ids)| ids.iter().any(|id| *id != ids[0]))
        .map(|(name, ids)| {
            let ids: Vec<String> = ids.iter().map(u32::to_string).collect();
            format!("{name} ({})", ids.join(", "))
        })
        .collect();
    if !twice.is_empty() {
        out.push(finding(
            Severity::Warning,
            "action-name-twice",
            "",
            format!(
                "{} for two behaviours or more (R-CODE plays one of them): {}",
                crate::words::plural(twice.len(), "action name stands", "action names stand"),
                listed(&twice)
            ),
        ));
    }
    for (path, found, bad) in &stick.actions {
        let nowhere: Vec<String> = found
            .iter()
            .filter(|a| a.mwcid < super::actions::SYSTEM_MWCID)
            .filter(|a| !table.behaviours.iter().any(|b| b.id == a.mwcid))
            .map(|a| format!("{} ({})", a.name, a.mwcid))
            .collect();
        if !nowhere.is_empty() {
            out.push(finding(
                Severity::Error,
                "action-nowhere",
                path,
                format!(
                    "{} to no record of the behaviour table: {}",
                    crate::words::plural(nowhere.len(), "action name points", "action names point"),
                    listed(&nowhere)
                ),
            ));
        }
        for line in bad {
            out.push(finding(
                Severity::Warning,
                "action-line",
                path,
                format!("line {}: {}", line.line, line.why),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_8_3_upper_case_or_not() {
        for ok in [
            "MEMSTICK.IND",
            "OPEN-R",
            "ERS-7.MWC",
            "SYSMTN.ODA",
            "R-CODE.R",
            "A",
        ] {
            assert!(super::is_8_3_upper(ok), "{ok}");
        }
        for bad in [
            "open-r",
            "MOTIONS1.ODAX",
            "LONGERNAME.ODA",
            "a.ODA",
            ".ODA",
            "X.",
            "SP ACE",
        ] {
            assert!(!super::is_8_3_upper(bad), "{bad}");
        }
    }
}
