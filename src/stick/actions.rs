//! R-CODE's action names (`OPEN-R/APP/PC/AMS/ACTION.AMS`, `ACTION.CFG`, `ACTION.EXT`): text, a
//! line each, the name, the MWCID it plays, a special-action code and a comment, separated by
//! spaces or tabs (`docs/formats/behaviour-table.md#action-names`). `PLAY:ACTION:NAME` plays
//! the record the name points at.

/// MWCIDs from this up name the middleware's own commands (the ERS-7's `CLIFF_DETECT_ON` is
/// 0xFFF01200), not records of the behaviour table.
pub const SYSTEM_MWCID: u32 = 0xF000_0000;

/// One action name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// The name R-CODE takes.
    pub name: String,
    /// The behaviour it plays.
    pub mwcid: u32,
    /// Its special-action code: 0 a skit, 1 walking, 2 turning, 3 a head movement, 4 a ball
    /// search and tracking.
    pub code: u32,
    /// Its line in the file (from 1).
    pub line: usize,
}

/// A line of an action file that is not an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// Its line (from 1).
    pub line: usize,
    /// What is wrong, in words.
    pub why: String,
}

/// The actions of an action file (its comments, in Shift-JIS on a Japanese stick, are not
/// kept), and the lines that are not actions. Blank lines are skipped.
#[must_use]
pub fn read(bytes: &[u8]) -> (Vec<Action>, Vec<BadLine>) {
    let mut actions = Vec::new();
    let mut bad = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        let mut fields = raw.split(u8::is_ascii_whitespace).filter(|f| !f.is_empty());
        let Some(name) = fields.next() else {
            continue;
        };
        // Decimal, or hexadecimal with 0x (the ERS-7's system commands: 0xFFF01200).
        let number = |field: Option<&[u8]>, what: &str| {
            field
                .and_then(|f| std::str::from_utf8(f).ok())
                .and_then(
                    |f| match f.strip_prefix("0x").or_else(|| f.strip_prefix("0X")) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => f.parse::<u32>().ok(),
                    },
                )
                .ok_or_else(|| format!("no {what} after the name"))
        };
        match (
            number(fields.next(), "MWCID"),
            number(fields.next(), "code"),
        ) {
            (Ok(mwcid), Ok(code)) if name.is_ascii() => actions.push(Action {
                name: String::from_utf8_lossy(name).into_owned(),
                mwcid,
                code,
                line,
            }),
            (Err(why), _) | (Ok(_), Err(why)) => bad.push(BadLine { line, why }),
            (Ok(_), Ok(_)) => bad.push(BadLine {
                line,
                why: "the name is not plain ASCII".to_owned(),
            }),
        }
    }
    (actions, bad)
}

/// The action file written back with `actions` (a line each: name, MWCID and code, tab
/// separated, CRLF line ends as Sony's files have them).
#[must_use]
pub fn write(actions: &[Action]) -> Vec<u8> {
    let mut out = Vec::new();
    for action in actions {
        out.extend_from_slice(
            format!("{}\t{}\t{}\r\n", action.name, action.mwcid, action.code).as_bytes(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_numbers_and_codes_are_read_with_tabs_or_spaces_and_any_comment() {
        let text =
            b"SIT\t\t270     0       Sit\r\nWALK            622        1    \x95\x60\r\n\r\n\
                     BROKEN  x  0\r\nHALF 12\r\nCLIFF_DETECT_ON  0xFFF01200 0\r\n";
        let (actions, bad) = read(text);
        let got: Vec<(&str, u32, u32, usize)> = actions
            .iter()
            .map(|a| (a.name.as_str(), a.mwcid, a.code, a.line))
            .collect();
        assert_eq!(
            got,
            [
                ("SIT", 270, 0, 1),
                ("WALK", 622, 1, 2),
                ("CLIFF_DETECT_ON", 0xFFF0_1200, 0, 6)
            ]
        );
        assert_eq!(
            bad,
            [
                BadLine {
                    line: 4,
                    why: "no MWCID after the name".to_owned()
                },
                BadLine {
                    line: 5,
                    why: "no code after the name".to_owned()
                }
            ]
        );
        let (again, none) = read(&write(&actions));
        assert!(none.is_empty());
        assert_eq!(
            again.iter().map(|a| (&a.name, a.mwcid)).collect::<Vec<_>>(),
            actions
                .iter()
                .map(|a| (&a.name, a.mwcid))
                .collect::<Vec<_>>()
        );
    }
}
