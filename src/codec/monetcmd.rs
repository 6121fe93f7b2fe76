//! The OPEN-R SDK's MoNet command table (`MONETCMD.CFG`, beside the archives): each command
//! is a number with the parts played together, a motion and a sound
//! (`docs/formats/behaviour-table.md#monetcmdcfg`).
//!
//! ```text
//! # comment
//! 100 2 1
//! monetagentMTN a_sit#sit_so0_greet -1
//! monetagentSOUND so1_t00greetso0_x1x -1
//! ```
//!
//! A command line is its number, how many part lines follow, and a flag; each part line is
//! the agent (`monetagentMTN`, `monetagentMTNWALK`, `monetagentSOUND`, ...), the entry name
//! and a play count (-1: as long as it lasts).

use thiserror::Error;

/// The most commands a table is read to (the SDK's have a dozen).
pub const MAX_COMMANDS: usize = 65_536;

/// Why a command table could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CommandTableError {
    /// A line is not what the table's layout puts there.
    #[error("line {line}: {reason}")]
    Line {
        /// The line number, from 1.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The table is not text.
    #[error("not a command table: byte {offset} is not text")]
    NotText {
        /// The first byte that is not text.
        offset: usize,
    },
}

/// What a part plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    /// A motion (`monetagentMTN`, `monetagentMTNWALK`).
    Motion,
    /// A sound (`monetagentSOUND`).
    Sound,
    /// An LED pattern (`monetagentLED`).
    Led,
    /// Another agent.
    Other,
}

/// One part of a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The agent as written.
    pub agent: String,
    /// What it plays.
    pub kind: PartKind,
    /// The archive entry's name.
    pub name: String,
    /// How many times (-1: as long as it lasts).
    pub count: i64,
}

/// One command: its parts start together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The command's number.
    pub id: u32,
    /// Its parts, as listed.
    pub parts: Vec<Part>,
    /// The line it starts on.
    pub line: usize,
}

impl Command {
    /// The entry names of its parts of `kind`.
    pub fn names(&self, kind: PartKind) -> impl Iterator<Item = &str> {
        self.parts
            .iter()
            .filter(move |p| p.kind == kind)
            .map(|p| p.name.as_str())
    }
}

fn part_kind(agent: &str) -> PartKind {
    let upper = agent.to_ascii_uppercase();
    if upper.contains("MTN") {
        PartKind::Motion
    } else if upper.contains("SOUND") {
        PartKind::Sound
    } else if upper.contains("LED") {
        PartKind::Led
    } else {
        PartKind::Other
    }
}

/// Reads a command table.
///
/// # Errors
/// The bytes are not text, a command line is not three numbers, or a command has fewer part
/// lines than it says.
pub fn read(bytes: &[u8]) -> Result<Vec<Command>, CommandTableError> {
    let text = std::str::from_utf8(bytes).map_err(|e| CommandTableError::NotText {
        offset: e.valid_up_to(),
    })?;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let mut commands = Vec::new();
    while let Some((line, head)) = lines.next() {
        if commands.len() >= MAX_COMMANDS {
            return Err(CommandTableError::Line {
                line,
                reason: format!("more than {MAX_COMMANDS} commands"),
            });
        }
        let bad = |reason: &str| CommandTableError::Line {
            line,
            reason: reason.to_owned(),
        };
        let numbers: Vec<&str> = head.split_whitespace().collect();
        let [id, count, _flag] = numbers[..] else {
            return Err(bad("a command is its number, its part count and a flag"));
        };
        let id: u32 = id
            .parse()
            .map_err(|_| bad("the command number is not a number"))?;
        let count: usize = count
            .parse()
            .map_err(|_| bad("the part count is not a number"))?;
        let mut parts = Vec::new();
        for _ in 0..count {
            let Some((part_line, text)) = lines.next() else {
                return Err(bad("the table ends before the command's parts"));
            };
            let words: Vec<&str> = text.split_whitespace().collect();
            let [agent, name, times] = words[..] else {
                return Err(CommandTableError::Line {
                    line: part_line,
                    reason: "a part is its agent, its entry name and a play count".to_owned(),
                });
            };
            parts.push(Part {
                agent: agent.to_owned(),
                kind: part_kind(agent),
                name: name.to_owned(),
                count: times.parse().map_err(|_| CommandTableError::Line {
                    line: part_line,
                    reason: "the play count is not a number".to_owned(),
                })?,
            });
        }
        commands.push(Command { id, parts, line });
    }
    Ok(commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sdk_layout() {
        let table = b"# MTN & WAV\n100 2 1\nmonetagentMTN a_sit#sit_so0_greet -1\n\
                      monetagentSOUND so1_t00greetso0_x1x -1\n200 1 0\nmonetagentSOUND bark -1\n";
        let commands = read(table).unwrap();
        assert_eq!(commands.len(), 2);
        assert_eq!(commands[0].id, 100);
        assert_eq!(
            commands[0].names(PartKind::Motion).collect::<Vec<_>>(),
            ["a_sit#sit_so0_greet"]
        );
        assert_eq!(
            commands[0].names(PartKind::Sound).collect::<Vec<_>>(),
            ["so1_t00greetso0_x1x"]
        );
        assert_eq!(commands[1].parts[0].count, -1);
    }

    #[test]
    fn bad_tables_say_which_line() {
        assert_eq!(
            read(b"100 2 1\nmonetagentMTN a -1\n"),
            Err(CommandTableError::Line {
                line: 1,
                reason: "the table ends before the command's parts".to_owned()
            })
        );
        assert!(matches!(
            read(b"# x\n100 1\n"),
            Err(CommandTableError::Line { line: 2, .. })
        ));
        assert!(matches!(
            read(b"1 1 0\nmonetagentMTN a b\n"),
            Err(CommandTableError::Line { line: 2, .. })
        ));
        assert_eq!(read(b"\xff"), Err(CommandTableError::NotText { offset: 0 }));
    }
}
