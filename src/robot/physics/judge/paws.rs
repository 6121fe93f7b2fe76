//! The paws: a paw carrying weight that slips along the floor, a paw the robot stands on
//! where its pose lifts it (the weight still over it as it was lifted, the body tipped onto
//! it), and a paw the pose keeps down that the robot holds off the floor (it rocks onto the
//! others).

use super::{Judge, LIFTED_MM, LIFTED_MS, LIFTED_SLACK_MS, OFF_FLOOR_MS, SLIP_MM, Stepped, ms};
use crate::robot::floor::Part;
use crate::robot::floor::body::leg_name;
use crate::robot::kinematics::Leg;
use crate::robot::physics::simulation::{Event, Tick};

/// The rest model's ticks either side that must hold a paw lifted too (its timing and the
/// physics' differ by a little: a paw landing a few ticks late is not "stood on").
const LIFTED_SLACK_TICKS: u64 = LIFTED_SLACK_MS / crate::robot::timing::TICK_MS;

impl Judge {
    /// Whether touch `i` touches the floor at `tick`.
    fn touching(tick: &Tick, i: Option<usize>) -> bool {
        i.is_some_and(|i| i < 32 && tick.touching & (1 << i) != 0)
    }

    /// The part index of a leg's paw.
    fn paw_part(&self, leg: Leg) -> Option<usize> {
        self.parts.iter().position(|&q| q == Part::Paw(leg))
    }

    /// Paws slipping under load: one slip a contact, said when it has carried the paw more
    /// than [`SLIP_MM`] along the floor, and how far it carries it in all by the time the
    /// paw leaves the floor.
    pub(super) fn slips(&mut self, tick: &Tick, slide_mm: &[[f32; 2]; 4], now: u64) {
        for (p, leg) in Leg::ALL.into_iter().enumerate() {
            let on_floor = Self::touching(tick, self.paw_part(leg));
            let (slid, said) = &mut self.slide[p];
            if !on_floor {
                // A slip said is measured over its whole contact: when that ends is said too
                // (a review read "at 1488 ms … 44 mm" as caused at 1488 ms, when an edit
                // seconds later had lengthened the contact).
                if let Some(event) = said.and_then(|i| self.summary.slips.get_mut(i))
                    && event.until_ms.is_none()
                {
                    event.until_ms = Some(ms(now));
                    event.what = format!(
                        "{}, in all by {} ms, when it leaves the floor",
                        event.what,
                        ms(now)
                    );
                }
                *slid = [0.0; 2];
                *said = None;
                continue;
            }
            slid[0] += slide_mm[p][0];
            slid[1] += slide_mm[p][1];
            let far = slid[0].hypot(slid[1]);
            let what = || {
                format!(
                    "the {} paw slips {far:.0} mm while carrying weight",
                    leg_name(leg)
                )
            };
            match *said {
                None if far > SLIP_MM => {
                    *said = Some(self.summary.slips.len());
                    let mut event = Event::new(ms(now), what());
                    event.amount = f64::from(far);
                    self.summary.slips.push(event);
                }
                Some(i) => {
                    if let Some(event) = self.summary.slips.get_mut(i)
                        && f64::from(far) > event.amount + 0.5
                    {
                        event.amount = f64::from(far);
                        event.what = what();
                    }
                }
                None => {}
            }
        }
    }

    /// How far the paws carrying weight slid in the tick, together: their mean slide, and
    /// the turn that carries their points best onto where they slid (two or more paws).
    pub(super) fn drifts(&mut self, stepped: &Stepped) {
        // Each paw's point on the floor and its slide (mm).
        type Held = ([f64; 2], [f64; 2]);
        let held: Vec<Held> = stepped
            .at_mm
            .iter()
            .zip(&stepped.slide_mm)
            .filter_map(|(at, slid)| {
                at.map(|a| (a.map(f64::from), [f64::from(slid[0]), f64::from(slid[1])]))
            })
            .collect();
        if held.is_empty() {
            return;
        }
        #[expect(clippy::cast_precision_loss, reason = "at most four paws")]
        let n = held.len() as f64;
        let mean = |f: &dyn Fn(&Held) -> [f64; 2]| {
            held.iter()
                .map(f)
                .fold([0.0; 2], |m, v| [m[0] + v[0] / n, m[1] + v[1] / n])
        };
        let slid = mean(&|(_, s)| *s);
        self.summary.drift_mm[0] += slid[0];
        self.summary.drift_mm[1] += slid[1];
        if held.len() < 2 {
            return;
        }
        let from = mean(&|(a, _)| *a);
        let to = mean(&|(a, s)| [a[0] + s[0], a[1] + s[1]]);
        let (mut cross, mut dot) = (0.0, 0.0);
        for (a, s) in &held {
            let r = [a[0] - from[0], a[1] - from[1]];
            let q = [a[0] + s[0] - to[0], a[1] + s[1] - to[1]];
            cross += r[0] * q[1] - r[1] * q[0];
            dot += r[0] * q[0] + r[1] * q[1];
        }
        self.summary.drift_deg += cross.atan2(dot).to_degrees();
    }

    /// How far the pose holds a paw up at the physics' tick `tick` (mm, `floor::stance`):
    /// the least over the ticks either side ([`LIFTED_SLACK_TICKS`]).
    fn held_up_mm(&self, p: usize, tick: u64) -> f32 {
        let from = tick.saturating_sub(LIFTED_SLACK_TICKS);
        (from..=tick + LIFTED_SLACK_TICKS)
            .filter_map(|t| self.rest_index(t).and_then(|i| self.rests.get(i)))
            .map(|r| r.lifted_mm[p])
            .fold(f32::INFINITY, f32::min)
    }

    /// A paw carrying weight (`stepped`) where the pose holds it more than [`LIFTED_MM`] up,
    /// for [`LIFTED_MS`]: said once a stretch, with when the stretch ends. (A paw brushing
    /// the floor as it swings, as a walk's may, carries none.)
    pub(super) fn lifted_paws(&mut self, stepped: &Stepped, now: u64) {
        for (p, leg) in Leg::ALL.into_iter().enumerate() {
            self.stood_on(p, leg, stepped.at_mm[p].is_some(), now);
            let up_mm = self.held_up_mm(p, now);
            let stood_on = up_mm.is_finite() && up_mm > LIFTED_MM && stepped.at_mm[p].is_some();
            if !stood_on {
                if let Some((_, Some(i))) = self.lifted[p]
                    && let Some(event) = self.summary.lifted.get_mut(i)
                {
                    event.until_ms = Some(ms(now));
                }
                self.lifted[p] = None;
                continue;
            }
            let (since, said) = self.lifted[p].get_or_insert((now, None));
            if said.is_none() && ms(now - *since) >= LIFTED_MS {
                *said = Some(self.summary.lifted.len());
                let since = *since;
                self.summary.lifted.push(Event::new(
                    ms(since),
                    format!(
                        "the {} paw was to be lifted ({up_mm:.0} mm up in the pose); the robot \
                         rests on it",
                        leg_name(leg)
                    ),
                ));
            }
        }
    }

    /// Follows the stretch of [`Summary::stood_on`](crate::robot::physics::Summary) the paw
    /// `p` is in: it carries weight (`carries`) where the pose as played now holds it more
    /// than [`LIFTED_MM`] up.
    fn stood_on(&mut self, p: usize, leg: Leg, carries: bool, now: u64) {
        let up_mm = self
            .rest_index(now)
            .and_then(|i| self.rests.get(i))
            .map_or(0.0, |r| r.lifted_mm[p]);
        let open = self.stood_on[p].and_then(|i| self.summary.stood_on.get_mut(i));
        match (carries && up_mm > LIFTED_MM, open) {
            (true, Some(event)) => {
                event.amount = event.amount.max(f64::from(up_mm));
                event.until_ms = Some(ms(now + 1));
            }
            (true, None) => {
                self.stood_on[p] = Some(self.summary.stood_on.len());
                let mut event =
                    Event::new(ms(now), format!("the {} paw carries weight", leg_name(leg)));
                event.amount = f64::from(up_mm);
                event.until_ms = Some(ms(now + 1));
                self.summary.stood_on.push(event);
            }
            (false, _) => self.stood_on[p] = None,
        }
    }

    /// A slip still carrying its paw at the last tick is measured to the end: said so.
    pub(super) fn slips_end(&mut self) {
        for (_, said) in &self.slide {
            if let Some(event) = said.and_then(|i| self.summary.slips.get_mut(i))
                && event.until_ms.is_none()
            {
                event.until_ms = Some(ms(self.tick));
                event.what = format!("{}, in all by the end", event.what);
            }
        }
    }

    /// The stretches still going at the last tick end there.
    pub(super) fn lifted_end(&mut self) {
        let end = ms(self.tick);
        for (_, said) in self.lifted.iter().flatten() {
            if let Some(event) = said.and_then(|i| self.summary.lifted.get_mut(i)) {
                event.until_ms = Some(end);
            }
        }
    }

    /// A paw the pose keeps down (the rest model stands the pose on its paws alone, this one
    /// among them, throughout the ticks either side, [`LIFTED_SLACK_TICKS`]) that does not
    /// touch the floor while the robot is up on its paws alone: said when the stretch ends,
    /// where it lasted [`OFF_FLOOR_MS`], with the paws that touched the floor throughout it.
    pub(super) fn off_floor(&mut self, tick: &Tick, now: u64) {
        let on_paws = !self.over && self.down.is_none() && tick.touching & !self.paw_bits == 0;
        let touching = Leg::ALL
            .into_iter()
            .enumerate()
            .filter(|&(_, leg)| Self::touching(tick, self.paw_part(leg)))
            .fold(0u8, |bits, (p, _)| bits | 1 << p);
        for (p, leg) in Leg::ALL.into_iter().enumerate() {
            let off = on_paws && touching & 1 << p == 0 && self.kept_down(leg, now);
            match (off, self.off[p]) {
                (true, Some((since, on))) => self.off[p] = Some((since, on & touching)),
                (true, None) => self.off[p] = Some((now, touching)),
                (false, Some(_)) => self.off_ends(p, now),
                (false, None) => {}
            }
        }
    }

    /// Whether the rest model stands the pose on its paws alone, `leg`'s among them, at every
    /// tick within [`LIFTED_SLACK_TICKS`] of `tick`.
    fn kept_down(&self, leg: Leg, tick: u64) -> bool {
        let Some(part) = self.paw_part(leg) else {
            return false;
        };
        let from = tick.saturating_sub(LIFTED_SLACK_TICKS);
        (from..=tick + LIFTED_SLACK_TICKS).all(|t| {
            self.rest_index(t)
                .and_then(|i| self.rests.get(i))
                .is_some_and(|r| r.touches(part) && r.contacts & !self.paw_bits == 0)
        })
    }

    /// Ends paw `p`'s stretch off the floor at tick `now`: an event where it lasted
    /// [`OFF_FLOOR_MS`].
    fn off_ends(&mut self, p: usize, now: u64) {
        let Some((since, on)) = self.off[p].take() else {
            return;
        };
        let lasted = ms(now - since);
        if lasted < OFF_FLOOR_MS {
            return;
        }
        let on: Vec<String> = Leg::ALL
            .into_iter()
            .enumerate()
            .filter(|&(q, _)| on & 1 << q != 0)
            .map(|(_, leg)| leg_name(leg).to_owned())
            .collect();
        let alone = match on.len() {
            0 => String::new(),
            _ => format!(
                "; the robot stands on {} alone",
                crate::words::and_list(&on)
            ),
        };
        let mut event = Event::new(
            ms(since),
            format!(
                "the {} paw, down in the pose, is off the floor for {lasted} ms{alone}",
                Leg::ALL.get(p).map_or("?", |&leg| leg_name(leg))
            ),
        );
        event.amount = lasted as f64;
        event.until_ms = Some(ms(now));
        self.summary.off_floor.push(event);
    }

    /// A paw still off the floor at the last tick: its stretch ends there.
    pub(super) fn off_floor_end(&mut self) {
        for p in 0..4 {
            self.off_ends(p, self.tick);
        }
    }
}
