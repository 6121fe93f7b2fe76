//! The motion ("chunk") name grammar: `x_start#end_description`.
//!
//! `x` says which servos the motion drives (a all, h head, l legs, m mouth, e ears, t tail);
//! `start` and `end` are the postures the motion starts and ends in. Sony's player splits the
//! name with `strtok(name, "_#")`, so neither posture may contain `_` or `#`.

use serde::Serialize;

/// The servo-group prefixes and what they mean.
pub const PREFIXES: [(char, &str); 6] = [
    ('a', "all servos"),
    ('h', "head servos only"),
    ('l', "leg servos only"),
    ('m', "mouth servo only"),
    ('e', "ear servos only"),
    ('t', "tail servos only"),
];

/// The postures every model knows; others exist, so they are not enforced.
pub const COMMON_POSTURES: [&str; 4] = ["stand", "sit", "sleep", "walk"];

/// A motion name taken apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChunkName {
    /// The servo-group prefix, if the name has one.
    pub servos: Option<char>,
    /// The start posture.
    pub start: String,
    /// The end posture.
    pub end: String,
    /// The free description after the end posture (may be empty).
    pub description: String,
}

impl ChunkName {
    /// Puts the parts back together.
    #[must_use]
    pub fn compose(&self) -> String {
        let mut name = String::new();
        if let Some(servos) = self.servos {
            name.push(servos);
            name.push('_');
        }
        name.push_str(&self.start);
        name.push('#');
        name.push_str(&self.end);
        if !self.description.is_empty() {
            name.push('_');
            name.push_str(&self.description);
        }
        name
    }
}

/// Takes a name apart as far as it can; `None` when there is no `#` at all.
#[must_use]
pub fn parse(name: &str) -> Option<ChunkName> {
    let (head, tail) = name.split_once('#')?;
    let (servos, start) = match head.split_once('_') {
        Some((prefix, start)) => {
            let mut chars = prefix.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => (Some(c), start.to_owned()),
                _ => (None, head.to_owned()),
            }
        }
        None => (None, head.to_owned()),
    };
    let (end, description) = match tail.split_once('_') {
        Some((end, description)) => (end.to_owned(), description.to_owned()),
        None => (tail.to_owned(), String::new()),
    };
    Some(ChunkName {
        servos,
        start,
        end,
        description,
    })
}

/// Checks a name against the grammar. Returns sentences for an animator, empty when the
/// name is good. `prefix_required` is false for ERS-110 names, which Sony wrote without one;
/// `expected_prefix` is the prefix a partial-body label calls for.
#[must_use]
pub fn validate(name: &str, prefix_required: bool, expected_prefix: Option<char>) -> Vec<String> {
    let mut issues = Vec::new();
    if name.is_empty() {
        issues.push(
            "the motion name is empty; it should look like a_stand#sit_description".to_owned(),
        );
        return issues;
    }
    let Some(parts) = parse(name) else {
        issues.push(format!(
            "\"{name}\" has no '#' between a start and an end posture (like a_stand#sit_wave)"
        ));
        return issues;
    };
    match parts.servos {
        Some(c) if !PREFIXES.iter().any(|(p, _)| *p == c) => issues.push(format!(
            "the name starts with '{c}_'; the servo group must be a (all), h (head), l (legs), \
             m (mouth), e (ears) or t (tail)"
        )),
        None if prefix_required => issues.push(format!(
            "\"{name}\" does not start with a servo group such as a_ (all servos)"
        )),
        _ => {}
    }
    if let (Some(expected), Some(actual)) = (expected_prefix, parts.servos)
        && expected != actual
        && PREFIXES.iter().any(|(p, _)| *p == actual)
    {
        issues.push(format!(
            "the design label drives only part of the body, so the name should start with \
             '{expected}_', not '{actual}_'"
        ));
    }
    for (what, posture) in [("start", &parts.start), ("end", &parts.end)] {
        if posture.is_empty() {
            issues.push(format!("the {what} posture is empty"));
        } else if !posture.chars().all(|c| c.is_ascii_alphanumeric()) {
            issues.push(format!(
                "the {what} posture \"{posture}\" should be letters and digits only"
            ));
        }
    }
    issues
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sony_names_parse_into_their_parts() {
        let parts = parse("a_sit#sit_so0_byebye2");
        assert_eq!(
            parts,
            Some(ChunkName {
                servos: Some('a'),
                start: "sit".to_owned(),
                end: "sit".to_owned(),
                description: "so0_byebye2".to_owned()
            })
        );
        assert_eq!(
            parts.map(|p| p.compose()),
            Some("a_sit#sit_so0_byebye2".to_owned())
        );
        assert!(validate("a_sit#sit_so0_byebye2", true, None).is_empty());
        assert!(validate("sit#sit_kiss.kfm", false, None).is_empty());
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        assert_eq!(validate("Kick_B_LR_setp.kfm", true, None).len(), 1);
        assert!(validate("x_stand#sit", true, None)[0].contains("servo group"));
        assert!(validate("stand#sit", true, None)[0].contains("servo group"));
        assert!(validate("a_stand#sit", true, Some('h'))[0].contains("'h_'"));
        assert!(validate("a_#sit", true, None)[0].contains("start posture is empty"));
        assert!(!validate("", true, None).is_empty());
    }
}
