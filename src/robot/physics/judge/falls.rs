//! Falls: the body turned over from where the rest model puts the pose, come to rest on a
//! part the rest model does not rest it on, or lying at the end where the last pose does
//! not; and the body leaning far from its pose's attitude while it stands on its paws.

use super::{Class, Judge, ON_SIDE_DEG, REST_ON_MS, TILT_DEG, TILT_MS, TURN_OVER_DEG};
use super::{class, ms, names, onto};
use crate::robot::floor::Part;
use crate::robot::physics::simulation::{Event, Tick};

/// What a part lying on the floor says of the body: "its rump", "its FL elbow".
fn lying_on(part: Part) -> Option<String> {
    Some(match part {
        Part::Paw(_) => return None,
        Part::Knee(_) => format!("its {}", part.name()),
        Part::Chin => "its head".to_owned(),
        Part::Chest(_) => "its chest".to_owned(),
        Part::Belly(_) => "its belly".to_owned(),
        Part::Rear(_) | Part::TailBase => "its rump".to_owned(),
    })
}

impl Judge {
    /// Turned over, or come to rest on a part the rest model does not rest the pose on;
    /// one fall until the body is up again.
    pub(super) fn falls(&mut self, tick: &Tick, now: u64) {
        let falls_before = self.summary.falls.len();
        self.turns_over(tick, now);
        self.rests_on(tick, now, falls_before);
        let fell = self.summary.falls.len() > falls_before;
        self.fallen(tick, now, fell);
        let up = !self.over && self.unexpected.iter().all(Option::is_none);
        self.down = match (fell, self.down, up) {
            (true, _, _) => Some(None),
            (false, Some(_), false) => Some(None),
            (false, Some(None), true) => Some(Some(now)),
            (false, Some(Some(since)), true) if ms(now - since) >= REST_ON_MS => None,
            (false, down, _) => down,
        };
    }

    /// Follows the fall the body is down from (`fell`: one was said this tick): it ends
    /// once the body has stood on its paws alone, upright, for [`REST_ON_MS`]; a new fall
    /// ends the one before it.
    fn fallen(&mut self, tick: &Tick, now: u64, fell: bool) {
        if fell {
            let newest = self.summary.falls.len() - 1;
            if let Some((open, _)) = self.fallen {
                let at = self.summary.falls[newest].time_ms;
                self.summary.falls[open].until_ms = Some(at);
            }
            self.fallen = Some((newest, None));
            return;
        }
        let Some((open, up_since)) = self.fallen else {
            return;
        };
        let standing = tick.touching != 0
            && tick.touching & !self.paw_bits == 0
            && tick.roll_deg.abs() <= ON_SIDE_DEG;
        self.fallen = match (standing, up_since) {
            (false, _) => Some((open, None)),
            (true, None) => Some((open, Some(now))),
            (true, Some(since)) if ms(now - since) >= REST_ON_MS => {
                self.summary.falls[open].until_ms = Some(ms(since));
                None
            }
            (true, Some(since)) => Some((open, Some(since))),
        };
    }

    /// At the end: a fall the body is still down from lasts through the last tick.
    pub(super) fn fallen_end(&mut self, last: &Tick) {
        if let Some((open, _)) = self.fallen.take() {
            self.summary.falls[open].until_ms = Some(last.time_ms + ms(1));
        }
    }

    fn turns_over(&mut self, tick: &Tick, now: u64) {
        let Some(rest) = self.rest(now).copied() else {
            return;
        };
        #[expect(clippy::cast_possible_truncation, reason = "degrees")]
        let (d_roll, d_pitch) = (
            tick.roll_deg - rest.roll_deg() as f32,
            tick.pitch_deg - rest.pitch_deg() as f32,
        );
        let over = d_roll.abs() > TURN_OVER_DEG || d_pitch.abs() > TURN_OVER_DEG;
        if over && !self.over && self.down.is_none() {
            // Through a topple of the body at rest's own, the body is measured from the
            // pose before it (`references`): said so, as the stage at rest shows the topple.
            let own = self
                .rest_index(now)
                .is_some_and(|i| self.reference.get(i).is_some_and(|&r| r != i));
            let whose = if own {
                "the pose at rest before its own topple"
            } else {
                "the rest model"
            };
            self.summary.falls.push(Event::new(
                ms(now),
                format!(
                    "turns over onto {} (roll {:.0}°, pitch {:.0}°; {whose} has {:.0}° and {:.0}°)",
                    onto(d_roll, d_pitch),
                    tick.roll_deg,
                    tick.pitch_deg,
                    rest.roll_deg(),
                    rest.pitch_deg()
                ),
            ));
        }
        self.over = if over {
            true
        } else {
            self.over && (d_roll.abs() > TURN_OVER_DEG * 0.6 || d_pitch.abs() > TURN_OVER_DEG * 0.6)
        };
    }

    /// Resting on a part the rest model does not.
    fn rests_on(&mut self, tick: &Tick, now: u64, falls_before: usize) {
        #[expect(clippy::cast_possible_truncation, reason = "degrees")]
        let (d_roll, d_pitch) = self.rest(now).map_or((0.0, 0.0), |r| {
            (
                tick.roll_deg - r.roll_deg() as f32,
                tick.pitch_deg - r.pitch_deg() as f32,
            )
        });
        let rolled = d_roll.abs() > ON_SIDE_DEG;
        // Turned away from the rest model's attitude: a body a little lower than the rest
        // model's (a sleep getting up, its elbows brushing the floor) has not fallen.
        let turned = rolled || d_pitch.abs() > ON_SIDE_DEG;
        for i in 0..self.parts.len().min(32) {
            let part = self.parts[i];
            let class = class(part);
            let touching = tick.touching & (1 << i) != 0;
            // Rolled onto its side and lying on more than its paws is a fall wherever the
            // rest model puts the pose (its own slow topple, `floor::problems`).
            let on_side = part.is_fallen_on() && tick.roll_deg.abs() > ON_SIDE_DEG;
            let expected = class == Class::Paw
                || (!on_side
                    && (!turned
                        || (class == Class::Torso && !rolled)
                        || self.rest_touches(now, class)));
            if !touching || expected {
                self.unexpected[i] = None;
                continue;
            }
            let (since, said) = self.unexpected[i].get_or_insert((now, false));
            if !*said
                && ms(now - *since) >= REST_ON_MS
                && !self.over
                && self.down.is_none()
                && self.summary.falls.len() == falls_before
            {
                *said = true;
                let since_ms = ms(*since);
                self.summary.falls.push(Event::new(since_ms, if on_side {
                        let side = if tick.roll_deg < 0.0 { "left" } else { "right" };
                        format!(
                            "rolls onto its {side} side and comes to rest on its {} ({:.0}° of roll)",
                            part.name(),
                            tick.roll_deg
                        )
                    } else {
                        format!(
                            "comes to rest on its {}, which the rest model does not rest on",
                            part.name()
                        )
                    }));
            }
        }
    }

    /// Leaning beyond [`TILT_DEG`] from how its pose stands on three paws in its own frame
    /// (`floor::stance`: the weight not shifted, a lifted paw's corner tipped), standing on
    /// its paws alone and not fallen, for [`TILT_MS`]: said once a lean. Where the pose does
    /// not stand on its paws (a sit on its haunches), nothing says how far it should lean.
    pub(super) fn leans(&mut self, tick: &Tick, now: u64) {
        let stance = self
            .rest_index(now)
            .and_then(|i| self.rests.get(i))
            .map(|r| r.stance_up)
            .filter(|up| *up != [0.0; 3]);
        let Some(up) = stance else {
            self.leaning = None;
            return;
        };
        let (roll, pitch) = (
            up[1].atan2(up[2]).to_degrees(),
            up[0].clamp(-1.0, 1.0).asin().to_degrees(),
        );
        let (d_roll, d_pitch) = (tick.roll_deg - roll, tick.pitch_deg - pitch);
        let on_paws = tick.touching != 0 && tick.touching & !self.paw_bits == 0;
        let leaning = on_paws
            && !self.over
            && self.down.is_none()
            && (d_roll.abs() > TILT_DEG || d_pitch.abs() > TILT_DEG);
        if !leaning {
            self.leaning = None;
            return;
        }
        let (since, said) = self.leaning.get_or_insert((now, false));
        if !*said && ms(now - *since) >= TILT_MS {
            *said = true;
            let lean = d_roll.abs().max(d_pitch.abs());
            let mut event = Event::new(
                ms(*since),
                format!(
                    "leans {lean:.0}° onto {} from how its pose stands, on {} (roll {:.0}°, pitch {:.0}°; the pose stands at {roll:.0}° and {pitch:.0}°)",
                    onto(d_roll, d_pitch),
                    names(&self.parts, tick.touching),
                    tick.roll_deg,
                    tick.pitch_deg,
                ),
            );
            event.amount = f64::from(lean);
            self.summary.tilts.push(event);
        }
    }

    /// At the end: lying on its rump, belly, chest, head, elbows or knees where its last pose
    /// does not rest on them (and not fallen already), said as a fall.
    pub(super) fn ends(&mut self, last: &Tick) {
        if self.over || self.down.is_some() {
            return;
        }
        // The last pose as the rest model rests it (before a topple of its own).
        let Some(rest) = self.rest(u64::MAX).copied() else {
            return;
        };
        // Turned away from it: a sit settling a little lower, onto its belly, has not.
        #[expect(clippy::cast_possible_truncation, reason = "degrees")]
        let turned = (last.roll_deg - rest.roll_deg() as f32).abs() > ON_SIDE_DEG
            || (last.pitch_deg - rest.pitch_deg() as f32).abs() > ON_SIDE_DEG;
        if !turned {
            return;
        }
        let rests_on: Vec<String> = (0..self.parts.len().min(32))
            .filter(|&i| rest.touches(i))
            .filter_map(|i| lying_on(self.parts[i]))
            .collect();
        let mut lying: Vec<String> = (0..self.parts.len().min(32))
            .filter(|&i| last.touching & (1 << i) != 0)
            .filter_map(|i| lying_on(self.parts[i]))
            .filter(|on| !rests_on.contains(on))
            .collect();
        lying.dedup();
        if lying.is_empty() {
            return;
        }
        let pose = names(&self.parts, rest.contacts);
        self.summary.falls.push(Event::new(
            last.time_ms,
            format!(
                "ends lying on {}, where its last pose rests on {pose}",
                crate::words::and_list(&lying)
            ),
        ));
    }
}
