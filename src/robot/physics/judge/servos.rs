//! The servos: a joint commanded beyond how far its servo turns (the servo stops at its
//! end: said as that, once a stretch, not as a servo too weak), and a joint lagging further
//! behind its setpoint than its top speed explains (its torque is not enough).

use super::reach::AT_STOP_DEG;
use super::{Judge, LAG_DEG, ms};
use crate::robot::physics::simulation::Event;
use crate::robot::urad_to_deg;

/// What is said of a stretch of commands beyond a servo's stop (said at its start): the
/// furthest commanded, and when (`furthest_ms`).
fn beyond_said(
    name: &str,
    (furthest_deg, furthest_ms): (f64, u64),
    (stop, limit): (f64, f64),
) -> String {
    let stops = if (stop - limit).abs() < AT_STOP_DEG {
        "its servo stops there".to_owned()
    } else {
        format!("its servo stops at {stop:.0}°")
    };
    format!(
        "{name} is commanded beyond its {limit:.0}° limit, furthest {furthest_deg:.0}° at \
         {furthest_ms} ms: {stops}"
    )
}

impl Judge {
    /// Commands beyond a servo's stop (one event a stretch, saying the furthest), then
    /// servos too weak to follow.
    pub(super) fn servos(&mut self, row: &[i32], torque_lags: &[f32], now: u64) {
        for (column, (reach, beyond)) in self.reach.iter().zip(&mut self.beyond).enumerate() {
            let command_deg = row.get(column).map_or(0.0, |&v| urad_to_deg(v));
            let Some(past) = reach.and_then(|r| r.beyond(command_deg)) else {
                *beyond = None;
                continue;
            };
            let name = self.names.get(column).map_or("a joint", String::as_str);
            match beyond {
                Some((event, furthest)) => {
                    if (command_deg - past.0).abs() > (*furthest - past.0).abs() {
                        *furthest = command_deg;
                        if let Some(e) = self.summary.beyond.get_mut(*event) {
                            e.what = beyond_said(name, (command_deg, ms(now)), past);
                        }
                    }
                }
                None => {
                    *beyond = Some((self.summary.beyond.len(), command_deg));
                    self.summary.beyond.push(Event::new(
                        ms(now),
                        beyond_said(name, (command_deg, ms(now)), past),
                    ));
                }
            }
        }
        self.lagging.resize(torque_lags.len(), false);
        for (column, (&lag, lagging)) in torque_lags.iter().zip(&mut self.lagging).enumerate() {
            // A servo held at its stop is not weak: what it was told is said above.
            let now_lagging =
                lag.abs() > LAG_DEG && self.beyond.get(column).is_none_or(Option::is_none);
            if now_lagging && !*lagging {
                self.summary.lags.push(Event::new(ms(now), format!(
                        "{} is {:.0}° behind where its speed lets it be: its servo's torque is not enough",
                        self.names.get(column).map_or("a joint", String::as_str),
                        lag.abs()
                    )));
            }
            *lagging = now_lagging || (*lagging && lag.abs() > LAG_DEG / 2.0);
        }
    }
}
