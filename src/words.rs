//! Counted nouns for every message the project writes: "1 keyframe", "3 keyframes"; and a
//! note made a sentence of its own.

/// A size in megabytes (10^6 bytes, as the media are sold), one decimal: `3.9 MB`. The
/// window and the command line say a stick's size in these words alike.
#[must_use]
#[expect(clippy::cast_precision_loss, reason = "a size shown to one decimal")]
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

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

/// A distance said by its direction: "58 mm right" for -58 with ("left", "right"), "0 mm"
/// for nothing (never "-0").
#[must_use]
pub fn signed_mm(mm: f64, positive: &str, negative: &str) -> String {
    let rounded = mm.round();
    if rounded == 0.0 {
        "0 mm".to_owned()
    } else if rounded > 0.0 {
        format!("{rounded:.0} mm {positive}")
    } else {
        format!("{:.0} mm {negative}", -rounded)
    }
}

/// Items joined as a sentence lists them: "a", "a and b", "a, b and c".
#[must_use]
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A turn said by its direction: "3° right" for -3 with ("left", "right"), "0°" for none.
#[must_use]
pub fn signed_deg(deg: f64, positive: &str, negative: &str) -> String {
    let rounded = deg.round();
    if rounded == 0.0 {
        "0°".to_owned()
    } else if rounded > 0.0 {
        format!("{rounded:.0}° {positive}")
    } else {
        format!("{:.0}° {negative}", -rounded)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn directions_are_said_without_signs() {
        assert_eq!(super::signed_mm(-58.4, "left", "right"), "58 mm right");
        assert_eq!(super::signed_mm(-0.3, "left", "right"), "0 mm");
        assert_eq!(super::signed_mm(94.1, "forward", "back"), "94 mm forward");
        assert_eq!(super::signed_deg(-1.6, "left", "right"), "2° right");
    }

    #[test]
    fn a_list_is_said_as_a_sentence_says_it() {
        let said = |items: &[&str]| {
            super::and_list(&items.iter().map(|&s| s.to_owned()).collect::<Vec<_>>())
        };
        assert_eq!(said(&[]), "");
        assert_eq!(said(&["its rump"]), "its rump");
        assert_eq!(said(&["a", "b", "c"]), "a, b and c");
    }

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
