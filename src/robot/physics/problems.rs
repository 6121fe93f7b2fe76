//! What the simulation says of a motion, as problems like the others (`robot::check`): its
//! falls and its slips, marked as simulated, each at its time and its keyframe's place in
//! the file.

use super::simulation::{Event, Simulation};
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};
use crate::robot::codes::{BODY_TILT, FALLS, PAW_LIFTED, PAW_OFF_FLOOR, PAW_SLIDE};
use crate::robot::timing::{TICK_MS, keyframe_times_ms};

/// Beyond this many problems of one kind, the rest are summed up in the last one.
const MAX_LISTED: usize = 16;

/// The simulation's falls and slips of `motion` as problems. A repeated motion's are at
/// their time within the play they happen in (and its keyframe), the play named: "simulated:
/// in play 3, at 744 ms …". One in the hold after the motion's end (the robot holds its last
/// command 512 ms) is at the end, and says how long after it: "simulated: 96 ms after the
/// motion's end …" (the timeline marks it there, and "go to" goes there). What happens alike
/// in several plays is one problem naming them ("in plays 2–10, at 200 ms …"): the count of
/// a motion's problems does not grow with the plays watched.
#[must_use]
pub fn simulated_problems(motion: &Motion, offsets: &Offsets, sim: &Simulation) -> Vec<Problem> {
    let times = keyframe_times_ms(&motion.keyframes);
    let end_ms = times.last().copied().unwrap_or(0);
    let cycle_ms = sim.cycle_ticks * crate::robot::timing::TICK_MS;
    let plays = u64::from(sim.settings.repeat.max(1));
    // The keyframe at a time within a play (the hold after the motion: its last).
    let keyframe = |within: u64| {
        times
            .partition_point(|&t| t <= within)
            .saturating_sub(1)
            .min(motion.keyframes.len().saturating_sub(1))
    };
    let mut out = Vec::new();
    let last_ms = sim.ticks.last().map_or(0, |t| t.time_ms);
    // A paw off the floor is a note: the robot rocks, and comes down again.
    for (code, severity, list, what, who) in [
        (
            FALLS,
            Severity::Warning,
            &sim.summary.falls,
            "falls",
            "the robot ",
        ),
        (
            PAW_SLIDE,
            Severity::Warning,
            &sim.summary.slips,
            "slips",
            "",
        ),
        (
            PAW_LIFTED,
            Severity::Warning,
            &sim.summary.lifted,
            "paws stood on",
            "",
        ),
        (
            PAW_OFF_FLOOR,
            Severity::Info,
            &sim.summary.off_floor,
            "paws off the floor",
            "",
        ),
        (
            BODY_TILT,
            Severity::Warning,
            &sim.summary.tilts,
            "leans",
            "the robot ",
        ),
    ] {
        let said = Said {
            plays,
            cycle_ms,
            end_ms,
            last_ms,
            falls: code == FALLS,
            who,
        };
        let mut listed: Vec<Problem> = alike_in_plays(list, &said)
            .into_iter()
            .map(|(event, in_plays)| {
                let (within, words) = said.words(event, &in_plays);
                let within = within.min(end_ms);
                Problem::new(severity, code, offsets.frames(keyframe(within)), words)
                    .at_time(within)
            })
            .collect();
        if listed.len() > MAX_LISTED {
            let more = listed.len() - MAX_LISTED;
            listed.truncate(MAX_LISTED);
            if let Some(last) = listed.last_mut() {
                last.message
                    .push_str(&format!("; and {more} more simulated {what}"));
            }
        }
        out.extend(listed);
    }
    out
}

/// How the events of one kind are said.
struct Said {
    /// The plays in a row simulated, and how long one is (ms).
    plays: u64,
    cycle_ms: u64,
    /// The motion's end (ms), and the simulation's last tick.
    end_ms: u64,
    last_ms: u64,
    /// Falls, which say when the robot is up again.
    falls: bool,
    /// The words before the event's own ("the robot ").
    who: &'static str,
}

/// Events within this of each other (ms into their plays) and alike but for their numbers
/// are one problem of a motion played several times.
const ALIKE_MS: u64 = 64;

impl Said {
    /// The play (from 0) an event at `time_ms` happens in.
    fn play_of(&self, time_ms: u64) -> u64 {
        time_ms
            .checked_div(self.cycle_ms)
            .unwrap_or(0)
            .min(self.plays - 1)
    }

    /// Where `event` is within its play (ms), and the problem's words, naming the plays it
    /// happens in (`in_plays`, from 0, the event's own first) where there are several.
    fn words(&self, event: &Event, in_plays: &[u64]) -> (u64, String) {
        let play = self.play_of(event.time_ms);
        let within = event.time_ms - play * self.cycle_ms;
        let when = if within > self.end_ms {
            format!("{} ms after the motion's end", within - self.end_ms)
        } else {
            format!("at {within} ms")
        };
        // A fall the robot gets up from says when (the stage stops saying "it has fallen"
        // there).
        let up = match event.until_ms {
            Some(until) if self.falls && until <= self.last_ms => {
                format!("; on its paws again by {} ms", until - play * self.cycle_ms)
            }
            Some(_) | None => String::new(),
        };
        let (who, what) = (self.who, &event.what);
        let words = match in_plays {
            [_, _, ..] => format!(
                "simulated: in plays {} (said of play {}, the others alike within {ALIKE_MS} \
                 ms), {when} {who}{what}{up}",
                plays_in_words(in_plays),
                play + 1
            ),
            [_] | [] if self.plays > 1 => {
                format!("simulated: in play {}, {when} {who}{what}{up}", play + 1)
            }
            [_] | [] => format!("simulated: {when} {who}{what}{up}"),
        };
        (within, words)
    }
}

/// The events of one kind, those alike in several plays as one: each with the plays it
/// happens in (from 0), in the order of their first. Alike: within [`ALIKE_MS`] of the
/// first's time into its play, in another play, and in the same words but for numbers
/// (a slip of 6 mm and one of 7 mm of the same paw).
fn alike_in_plays<'a>(list: &'a [Event], said: &Said) -> Vec<(&'a Event, Vec<u64>)> {
    let shape = |what: &str| -> String {
        what.chars()
            .filter(|c| !c.is_ascii_digit() && *c != '.' && *c != '-')
            .collect()
    };
    let mut groups: Vec<(&Event, Vec<u64>, String)> = Vec::new();
    for event in list {
        let play = said.play_of(event.time_ms);
        let within = event.time_ms - play * said.cycle_ms;
        let words = shape(&event.what);
        let alike = groups.iter_mut().find(|(first, in_plays, first_words)| {
            let first_within = first.time_ms - said.play_of(first.time_ms) * said.cycle_ms;
            !in_plays.contains(&play)
                && within.abs_diff(first_within) <= ALIKE_MS
                && *first_words == words
        });
        match alike {
            Some((_, in_plays, _)) => in_plays.push(play),
            None => groups.push((event, vec![play], words)),
        }
    }
    groups
        .into_iter()
        .map(|(event, in_plays, _)| (event, in_plays))
        .collect()
}

/// Plays (from 0) as a reader counts them: "2–4 and 7".
fn plays_in_words(plays: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &play in plays {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == play => *last = play,
            Some(_) | None => runs.push((play, play)),
        }
    }
    let said: Vec<String> = runs
        .iter()
        .map(|&(a, b)| match b - a {
            0 => format!("{}", a + 1),
            1 => format!("{}, {}", a + 1, b + 1),
            _ => format!("{}–{}", a + 1, b + 1),
        })
        .collect();
    match said.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Whether the simulated robot is down from a fall at `time_ms` (from the first tick): from
/// the fall until it stands on its paws again (or to the end). The stage says "it has
/// fallen" over the same stretch the timeline marks ([`fall_spans`]).
#[must_use]
pub fn down_at(summary: &super::Summary, time_ms: u64) -> bool {
    summary
        .falls
        .iter()
        .any(|f| f.time_ms <= time_ms && f.until_ms.is_none_or(|until| time_ms < until))
}

/// Where the timeline marks the simulation's falls: each from the fall to where the robot
/// stands on its paws again, within the play it happens in (the motion's time; a fall it
/// stays down from past its play's end is marked to the motion's end), at least a tick.
#[must_use]
pub fn fall_spans(motion: &Motion, sim: &Simulation) -> Vec<[u64; 2]> {
    let end_ms = keyframe_times_ms(&motion.keyframes)
        .last()
        .copied()
        .unwrap_or(0);
    let cycle_ms = sim.cycle_ticks * TICK_MS;
    let plays = u64::from(sim.settings.repeat.max(1));
    let play_of = |t: u64| t.checked_div(cycle_ms).unwrap_or(0).min(plays - 1);
    sim.summary
        .falls
        .iter()
        .map(|fall| {
            let play = play_of(fall.time_ms);
            let from = (fall.time_ms - play * cycle_ms).min(end_ms);
            let until = fall.until_ms.unwrap_or(fall.time_ms);
            let to = if play_of(until) > play {
                end_ms
            } else {
                (until - play * cycle_ms).min(end_ms)
            };
            [from, to.max(from + TICK_MS)]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::physics::{Settings, Summary};
    use crate::robot::postures::new_motion;

    #[test]
    fn what_recurs_in_several_plays_is_one_problem_naming_them() {
        // Ten plays of a 1,008 ms stand: the FL paw slips about 200 ms into plays 2, 3, 4
        // and 7 (its millimetres differ), the FR paw once at the same time, and the FL paw
        // again at 700 ms of play 2. Three problems, not six, however many plays are watched.
        let mut motion = new_motion("DRX-1000", "stand").expect("stand");
        let row = motion
            .keyframes
            .get(0)
            .expect("keyframe")
            .angles_urad
            .to_vec();
        let body = motion.keyframes.body()[0];
        motion.keyframes.push(62, body, &row).expect("keyframe");
        let cycle_ticks = crate::robot::timing::tick_count(&motion.keyframes);
        let cycle_ms = cycle_ticks * TICK_MS;
        let slip = |play: u64, at: u64, paw: &str, mm: u32| {
            Event::new(
                play * cycle_ms + at,
                format!("the {paw} paw slips {mm} mm while carrying weight"),
            )
        };
        let sim = Simulation {
            settings: Settings {
                repeat: 10,
                ..Settings::default()
            },
            ticks: Vec::new(),
            parts: Vec::new(),
            cycle_ticks,
            summary: Summary {
                slips: vec![
                    slip(1, 200, "FL", 6),
                    slip(1, 700, "FL", 6),
                    slip(2, 210, "FL", 7),
                    slip(2, 216, "FR", 5),
                    slip(3, 150, "FL", 6),
                    slip(6, 260, "FL", 12),
                ],
                ..Summary::default()
            },
        };
        let offsets = crate::codec::mtn::offsets(&motion).expect("offsets");
        let said: Vec<(String, Option<u64>)> = simulated_problems(&motion, &offsets, &sim)
            .into_iter()
            .map(|p| (p.message, p.time_ms))
            .collect();
        assert_eq!(
            said,
            [
                (
                    "simulated: in plays 2–4 and 7 (said of play 2, the others alike within \
                     64 ms), at 200 ms the FL paw slips 6 mm while carrying weight"
                        .to_owned(),
                    Some(200)
                ),
                (
                    "simulated: in play 2, at 700 ms the FL paw slips 6 mm while carrying \
                     weight"
                        .to_owned(),
                    Some(700)
                ),
                (
                    "simulated: in play 3, at 216 ms the FR paw slips 5 mm while carrying \
                     weight"
                        .to_owned(),
                    Some(216)
                ),
            ]
        );
        assert_eq!(plays_in_words(&[0, 1]), "1, 2");
        assert_eq!(plays_in_words(&[0, 2, 3, 4, 9]), "1, 3–5 and 10");
    }
}
