//! Which sound and LED pattern go with a motion, by name
//! (`docs/formats/sound-and-led.md#pairing`): motion `a_sit#sit_so0_greet` goes with sound
//! `so1_t00greetso0_x1x`, and motion `h_any#any_so0_circle21` with LED `so12_x00circle21_l1f`:
//! a prefix (`so1_`/`soc_` for a sound, `so12_`/`soc_` for an LED pattern), the start posture's
//! code, the body, the class, and a suffix. The rule finds most of Sony's pairs but not all, so
//! it ranks candidates rather than deciding.

/// What a motion's name says of it: `a_sit#sit_so0_greet` starts in `sit`, is of class
/// `so0`, and its body is `greet`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MotionName {
    /// The start posture (`stand`, `sit`, `sleep`, `station`, `any`).
    pub start: String,
    /// The class (`so0`), where the name has one.
    pub class: String,
    /// The body of the name (`greet`).
    pub body: String,
}

/// Reads a motion's name as `X_START#END_CLASS_BODY` (or `X_START#END_BODY`).
#[must_use]
pub fn motion_name(name: &str) -> Option<MotionName> {
    let (head, tail) = name.split_once('#')?;
    let start = head.split_once('_').map_or(head, |(_, s)| s);
    let mut words = tail.splitn(3, '_');
    let _end = words.next()?;
    let second = words.next()?;
    let (class, body) = match words.next() {
        Some(body) => (second, body),
        None => ("", second),
    };
    (!body.is_empty()).then(|| MotionName {
        start: start.to_ascii_lowercase(),
        class: class.to_ascii_lowercase(),
        body: body.to_ascii_lowercase(),
    })
}

/// The code a sound or LED name gives a start posture.
#[must_use]
pub fn posture_code(start: &str) -> Option<&'static str> {
    Some(match start {
        "stand" => "d00",
        "sit" => "t00",
        "sleep" => "p00",
        "station" => "n00",
        "any" => "x00",
        _ => return None,
    })
}

/// Which part a name is looked for as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A sound (`so1_`/`soc_` ... `_x1x`).
    Sound,
    /// An LED pattern (`so12_`/`soc_` ... `_l1f` and the like).
    Led,
}

/// How well `candidate` fits the naming rule for `motion` (0: not at all). 4: the rule's
/// exact name; 3: prefix, posture code and body (the class left out, as many of Sony's LED
/// names do); 2: the posture code and body; 1: the body alone.
#[must_use]
pub fn score(motion: &MotionName, candidate: &str, wanted: Wanted) -> u8 {
    let name = candidate.to_ascii_lowercase();
    let prefixes: &[&str] = match wanted {
        Wanted::Sound => &["so1_", "soc_"],
        Wanted::Led => &["so12_", "soc_"],
    };
    let code = posture_code(&motion.start).unwrap_or("");
    let Some(rest) = prefixes.iter().find_map(|p| name.strip_prefix(p)) else {
        // AIBO MIND names a part by the start posture's code alone (`t00_game101_l1f` for
        // `a_sit#sit_game101`, its sound `t00_...` too): the prefix the motion's posture
        // gives, then the body, is as good as the rule's own prefix.
        let coded = !code.is_empty()
            && name
                .strip_prefix(code)
                .and_then(|r| r.strip_prefix('_'))
                .is_some_and(|r| r.starts_with(&motion.body));
        return if coded {
            3
        } else {
            u8::from(name.contains(&motion.body))
        };
    };
    let exact_sound = format!("{code}{}{}_x1x", motion.body, motion.class);
    let exact_led = format!("{code}{}{}_l", motion.body, motion.class);
    let exact = match wanted {
        Wanted::Sound => rest == exact_sound,
        Wanted::Led => rest.starts_with(&exact_led),
    };
    if exact {
        4
    } else if !code.is_empty() && rest.starts_with(&format!("{code}{}", motion.body)) {
        3
    } else if rest.contains(&motion.body) && rest.contains(code) {
        2
    } else {
        u8::from(rest.contains(&motion.body))
    }
}

/// The names among `names` that fit the rule for the motion named `motion`, best first
/// (ties in name order), with their scores.
#[must_use]
pub fn candidates<'a>(motion: &str, names: &[&'a str], wanted: Wanted) -> Vec<(&'a str, u8)> {
    let Some(parsed) = motion_name(motion) else {
        return Vec::new();
    };
    let mut found: Vec<(&str, u8)> = names
        .iter()
        .map(|&n| (n, score(&parsed, n, wanted)))
        .filter(|&(_, s)| s > 0)
        .collect();
    found.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sonys_motion_names() {
        assert_eq!(
            motion_name("a_sit#sit_so0_greet"),
            Some(MotionName {
                start: "sit".to_owned(),
                class: "so0".to_owned(),
                body: "greet".to_owned()
            })
        );
        assert_eq!(
            motion_name("a_stand#walk_sox_standard").unwrap().body,
            "standard"
        );
        assert_eq!(motion_name("walk_ba"), None);
    }

    #[test]
    fn notes_examples_score_best() {
        let greet = motion_name("a_sit#sit_so0_greet").unwrap();
        assert_eq!(score(&greet, "so1_t00greetso0_x1x", Wanted::Sound), 4);
        assert_eq!(score(&greet, "so1_d00greetso0_x1x", Wanted::Sound), 1);
        assert_eq!(score(&greet, "so1_sad01_x1x", Wanted::Sound), 0);
        let circle = motion_name("h_any#any_so0_circle21").unwrap();
        assert_eq!(score(&circle, "so12_x00circle21_l1f", Wanted::Led), 3);
        assert_eq!(score(&circle, "so12_x00circle21so0_l1f", Wanted::Led), 4);
        // AIBO MIND's: the posture's code as the prefix. The sit's own ranks above the
        // stand's, which shares only the body.
        let game = motion_name("a_sit#sit_game101").unwrap();
        assert_eq!(score(&game, "t00_game101_l1f", Wanted::Led), 3);
        assert_eq!(score(&game, "d00_game101_l1f", Wanted::Led), 1);
        assert_eq!(score(&game, "t00_game101_x1x", Wanted::Sound), 3);
        let ranked = candidates(
            "a_stand#stand_so0_makebow",
            &[
                "so1_sad01_x1x",
                "so1_x00makebow_x1x",
                "so1_d00makebowso0_x1x",
            ],
            Wanted::Sound,
        );
        assert_eq!(
            ranked,
            [("so1_d00makebowso0_x1x", 4), ("so1_x00makebow_x1x", 1)]
        );
    }
}
