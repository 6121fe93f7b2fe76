//! Reverse: the keyframes (and their body angles) in the opposite order, each segment's
//! interpolation count moved with it, and the name's start and end postures swapped.

use super::common::{OpError, Outcome, check_range, with_keyframes};
use crate::codec::mtn::Motion;
use crate::robot::chunk_name;

/// The name with its start and end postures swapped, when it follows `x_start#end_rest`
/// exactly (a name the grammar would not give back unchanged is left alone).
#[must_use]
pub fn swap_postures(name: &str) -> Option<String> {
    let mut parsed = chunk_name::parse(name)?;
    if parsed.compose() != name {
        return None;
    }
    std::mem::swap(&mut parsed.start, &mut parsed.end);
    Some(parsed.compose())
}

/// The whole motion reversed, the name's postures swapped.
///
/// # Errors
/// A motion without keyframes.
pub fn reverse(motion: &Motion) -> Result<Outcome, OpError> {
    let last = motion
        .keyframes
        .len()
        .checked_sub(1)
        .ok_or(OpError::Empty)?;
    let mut outcome = reverse_range(motion, 0, last)?;
    match swap_postures(&motion.name) {
        Some(name) => outcome.motion.name = name,
        None => outcome.notes.push(format!(
            "the name \"{}\" does not read as start#end postures, so it was kept",
            motion.name
        )),
    }
    Ok(outcome)
}

/// Keyframes `first..=last` in reverse order; the segment into `first` and the one after
/// `last` keep their lengths, the segments between them are reversed too. The name stays.
///
/// # Errors
/// A range outside the motion.
pub fn reverse_range(motion: &Motion, first: usize, last: usize) -> Result<Outcome, OpError> {
    check_range(motion, first, last)?;
    let mut keyframes = motion.keyframes.to_vec();
    let incoming = keyframes[first].frames;
    // Segment i (into keyframe i) joins i-1 and i; reversed, it joins the mirror positions.
    let inner: Vec<u32> = keyframes[first + 1..=last]
        .iter()
        .map(|k| k.frames)
        .collect();
    keyframes[first..=last].reverse();
    keyframes[first].frames = incoming;
    for (keyframe, frames) in keyframes[first + 1..=last]
        .iter_mut()
        .zip(inner.iter().rev())
    {
        keyframe.frames = *frames;
    }
    Ok(Outcome::plain(with_keyframes(motion, &keyframes)))
}

#[cfg(test)]
mod tests {
    use super::swap_postures;

    #[test]
    fn postures_swap() {
        assert_eq!(
            swap_postures("a_stand#sit_x").as_deref(),
            Some("a_sit#stand_x")
        );
        assert_eq!(swap_postures("h_sit#sleep").as_deref(), Some("h_sleep#sit"));
        assert_eq!(swap_postures("noname"), None);
    }
}
