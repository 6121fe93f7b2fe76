//! Counted nouns for every message the project writes: "1 keyframe", "3 keyframes".

/// A count with its noun, singular for one.
#[must_use]
pub fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "joint", "joints"), "1 joint");
        assert_eq!(plural(0, "joint", "joints"), "0 joints");
        assert_eq!(plural(20, "entry", "entries"), "20 entries");
    }
}
