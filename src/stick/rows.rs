//! A stick as rows: what it is, its table, action files and archives, and each behaviour
//! with its action names and its parts, each found in the archive that holds it (or not).
//! What `stick list` prints (as JSON too) and the window's stick tab shows.

use super::{Software, Stick};
use crate::codec::mwc::{MwcKind, MwcPart, Stored};
use serde::Serialize;

/// Where a part's entry is.
#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Found {
    /// In this archive.
    In(String),
    /// In no readable archive, but some cannot be read: unverified.
    Unverified,
    /// In no archive of the stick.
    Missing,
}

/// One part of a behaviour, every field as stored, and where its entry is.
#[derive(Serialize)]
pub struct PartRow {
    #[serde(rename = "type")]
    /// Its type, in hex (`0x1010`).
    pub part_type: String,
    /// What it plays: motion, sound, led or other.
    pub kind: &'static str,
    /// How many times it plays (-1: it loops).
    pub repeat: i32,
    /// When it starts.
    pub start: i32,
    /// The word after the start (0 in Sony's tables).
    pub reserved: i32,
    /// The synchronise field.
    pub synchronize: i16,
    /// The special field.
    pub special: i16,
    /// Its name.
    pub name: String,
    /// Where its entry is.
    pub found: Found,
}

/// An action name that plays a behaviour, with its special-action code.
#[derive(Serialize)]
pub struct ActionRow {
    /// Its name.
    pub name: String,
    /// Its special-action code.
    pub code: u32,
}

/// One record of the behaviour table.
#[derive(Serialize)]
pub struct BehaviourRow {
    /// Its MWCID.
    pub mwcid: u32,
    /// The names R-CODE plays it by.
    pub actions: Vec<ActionRow>,
    /// Its parts.
    pub parts: Vec<PartRow>,
}

/// An archive of the stick: how many entries it has, or why it does not read.
#[derive(Serialize)]
pub struct ArchiveRow {
    /// Its path from the stick's root.
    pub path: String,
    /// Its entries, where it reads.
    pub entries: Option<usize>,
    /// Why it does not read.
    pub error: Option<String>,
}

/// The behaviour table: where, how stored, and what it holds.
#[derive(Serialize)]
pub struct TableRow {
    /// Its path from the stick's root.
    pub path: String,
    /// Whether it is gzip-compressed.
    pub gzip: bool,
    /// Its records.
    pub records: usize,
    /// Its parts.
    pub parts: usize,
}

/// The whole stick.
#[derive(Serialize)]
pub struct StickRow {
    /// Its root folder.
    pub root: String,
    /// The model its table is for.
    pub model: Option<&'static str>,
    /// What runs on it.
    pub software: &'static str,
    /// Whether a robot starts from it (`MEMSTICK.IND`).
    pub bootable: bool,
    /// The bytes its files take.
    pub bytes_used: u64,
    /// Its behaviour table.
    pub table: Option<TableRow>,
    /// Why its table does not read.
    pub table_error: Option<String>,
    /// Its action files and how many names each holds.
    pub action_files: Vec<(String, usize)>,
    /// Its archives.
    pub archives: Vec<ArchiveRow>,
    /// Its behaviours, in the table's order.
    pub behaviours: Vec<BehaviourRow>,
}

/// What a part kind is called.
#[must_use]
pub fn kind_word(kind: MwcKind) -> &'static str {
    match kind {
        MwcKind::Motion => "motion",
        MwcKind::Sound => "sound",
        MwcKind::Led => "led",
        MwcKind::Other => "other",
    }
}

/// What the software is called.
#[must_use]
pub fn software_word(software: Software) -> &'static str {
    match software {
        Software::RCode => "R-CODE",
        Software::SonyPersonality => {
            "Sony's own software (AIBO MIND, inferred: its system archives read)"
        }
        Software::Other => "other (not R-CODE)",
    }
}

/// The stick as rows.
#[must_use]
pub fn rows(stick: &Stick) -> StickRow {
    let holders = stick.holders();
    let unreadable = stick.has_unreadable_archives();
    // A user's behaviour's parts are in the readable content archives (`stick add` puts
    // them there): not found there, they are missing, encrypted archives or not.
    let part = |id: u32, p: &MwcPart| {
        let name = p.name();
        let found = match holders.get(&name) {
            Some(path) => Found::In((*path).to_owned()),
            None if unreadable && !super::add::USER_MWCIDS.contains(&id) => Found::Unverified,
            None => Found::Missing,
        };
        PartRow {
            part_type: format!("{:#06x}", p.part_type.0),
            kind: kind_word(p.kind()),
            repeat: p.repeat,
            start: p.start,
            reserved: p.reserved,
            synchronize: p.synchronize,
            special: p.special,
            name,
            found,
        }
    };
    let (table, table_error, behaviours) = match &stick.table {
        Some((path, Ok(table))) => (
            Some(TableRow {
                path: path.clone(),
                gzip: matches!(table.stored, Stored::Gzip { .. }),
                records: table.counts().0,
                parts: table.counts().1,
            }),
            None,
            table
                .behaviours
                .iter()
                .map(|b| BehaviourRow {
                    mwcid: b.id,
                    actions: stick
                        .action_names(b.id)
                        .map(|a| ActionRow {
                            name: a.name.clone(),
                            code: a.code,
                        })
                        .collect(),
                    parts: b.parts.iter().map(|p| part(b.id, p)).collect(),
                })
                .collect(),
        ),
        Some((path, Err(why))) => (None, Some(format!("{path}: {why}")), Vec::new()),
        None => (None, None, Vec::new()),
    };
    StickRow {
        root: stick.root.display().to_string(),
        model: stick.model.map(crate::robot::models::Model::name),
        software: software_word(stick.software),
        bootable: stick.bootable,
        bytes_used: stick.bytes_used,
        table,
        table_error,
        action_files: stick
            .actions
            .iter()
            .map(|(path, found, _)| (path.clone(), found.len()))
            .collect(),
        archives: stick
            .archives
            .iter()
            .map(|a| ArchiveRow {
                path: a.path.clone(),
                entries: a.archive.as_ref().ok().map(|x| x.entries.len()),
                error: a.archive.as_ref().err().map(ToString::to_string),
            })
            .collect(),
        behaviours,
    }
}

/// What the behaviours are ordered by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// The table's own order.
    #[default]
    Table,
    /// MWCID.
    Mwcid,
    /// The first action name (the unnamed last).
    Name,
    /// The number of parts.
    Parts,
}

/// A search of the behaviours and their order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// Words each of which a behaviour's MWCID, one of its names or one of its parts' names
    /// holds (any case).
    pub text: String,
    /// The order.
    pub order: Order,
    /// Reversed.
    pub descending: bool,
}

impl BehaviourRow {
    /// Whether the row holds `word` (lower case): in its MWCID (decimal or hex), a name or a
    /// part's name.
    fn holds(&self, word: &str) -> bool {
        self.mwcid.to_string().contains(word)
            || format!("{:#x}", self.mwcid).contains(word)
            || self
                .actions
                .iter()
                .any(|a| a.name.to_ascii_lowercase().contains(word))
            || self
                .parts
                .iter()
                .any(|p| p.name.to_ascii_lowercase().contains(word))
    }

    /// Whether a part's entry is in no archive of the stick.
    #[must_use]
    pub fn missing(&self) -> bool {
        self.parts.iter().any(|p| matches!(p.found, Found::Missing))
    }
}

/// The rows `query` shows, in its order (indices into `rows`).
#[must_use]
pub fn select(rows: &[BehaviourRow], query: &Query) -> Vec<usize> {
    let words: Vec<String> = query
        .text
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let mut shown: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, row)| words.iter().all(|w| row.holds(w)))
        .map(|(i, _)| i)
        .collect();
    let name = |i: usize| rows[i].actions.first().map(|a| a.name.as_str());
    match query.order {
        Order::Table => {}
        Order::Mwcid => shown.sort_by_key(|&i| rows[i].mwcid),
        Order::Name => shown.sort_by(|&a, &b| match (name(a), name(b)) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => rows[a].mwcid.cmp(&rows[b].mwcid),
        }),
        Order::Parts => shown.sort_by_key(|&i| (rows[i].parts.len(), rows[i].mwcid)),
    }
    if query.descending {
        shown.reverse();
    }
    // In the table's order, a behaviour named exactly what was searched for comes first.
    if query.order == Order::Table && !words.is_empty() {
        let exact = |i: &usize| {
            rows[*i]
                .actions
                .iter()
                .any(|a| a.name.eq_ignore_ascii_case(query.text.trim()))
        };
        shown.sort_by_key(|i| !exact(i));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(mwcid: u32, name: Option<&str>, parts: &[&str]) -> BehaviourRow {
        BehaviourRow {
            mwcid,
            actions: name
                .map(|n| ActionRow {
                    name: n.to_owned(),
                    code: 0,
                })
                .into_iter()
                .collect(),
            parts: parts
                .iter()
                .map(|p| PartRow {
                    part_type: "0x1010".to_owned(),
                    kind: "motion",
                    repeat: 1,
                    start: 0,
                    reserved: 0,
                    synchronize: 0,
                    special: 0,
                    name: (*p).to_owned(),
                    found: Found::Missing,
                })
                .collect(),
        }
    }

    #[test]
    fn a_search_finds_numbers_names_and_parts_and_the_order_sorts_them() {
        let rows = vec![
            row(2001, Some("SIT"), &["a_sit#sit_x"]),
            row(622, Some("WALK"), &["a_walk#walk_fwd", "h_walk"]),
            row(4096, None, &["std#bye"]),
        ];
        let q = |text: &str, order, descending| Query {
            text: text.to_owned(),
            order,
            descending,
        };
        assert_eq!(select(&rows, &q("sit", Order::Table, false)), [0]);
        assert_eq!(select(&rows, &q("0x1000", Order::Table, false)), [2]);
        assert_eq!(select(&rows, &q("walk fwd", Order::Table, false)), [1]);
        assert_eq!(select(&rows, &q("", Order::Mwcid, false)), [1, 0, 2]);
        assert_eq!(select(&rows, &q("", Order::Name, false)), [0, 1, 2]);
        assert_eq!(select(&rows, &q("", Order::Parts, true)), [1, 2, 0]);
        // An exact name first: "walk" finds WALK before WALKER, listed before it.
        let mut more = vec![row(5, Some("WALKER"), &["x"])];
        more.extend(rows);
        assert_eq!(select(&more, &q("walk", Order::Table, false)), [2, 0]);
    }
}
