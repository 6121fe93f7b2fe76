//! Counted nouns for every message the project writes: "1 keyframe", "3 keyframes"; and a
//! note made a sentence of its own.

/// A count with its noun, singular for one.
#[must_use]
pub fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// `text` with its first letter in capitals (a note said on its own, as a sentence).
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::{capitalised, plural};

    #[test]
    fn a_note_said_alone_starts_with_a_capital() {
        assert_eq!(
            capitalised("no segment is too fast"),
            "No segment is too fast"
        );
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "joint", "joints"), "1 joint");
        assert_eq!(plural(0, "joint", "joints"), "0 joints");
        assert_eq!(plural(20, "entry", "entries"), "20 entries");
    }
}
