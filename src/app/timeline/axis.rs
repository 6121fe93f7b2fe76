//! The timeline's axes: the time grid, the bounds that fit the whole motion, and the
//! focused joint's limits as a band.

use crate::app::view::{Channel, View, channel_color, value};
use crate::codec::mtn::Motion;
use crate::edit::summary::Summary;
use crate::robot::{self, urad_to_deg};
use egui::Color32;

/// The timeline's three grid steps in ms for a smallest step of `base_ms`: from 1, 2, 10,
/// 20, 100, 200, ... (each divides the next, so labels of one step never crowd those of
/// another), the three smallest not below `base_ms`.
#[must_use]
#[expect(
    clippy::needless_pass_by_value,
    reason = "the signature egui_plot's spacers take"
)]
pub fn time_grid_steps(input: egui_plot::GridInput) -> [f64; 3] {
    let base = input.base_step_size.abs().max(1e-3);
    let power = 10f64.powf(base.log10().floor());
    let mut steps = [1.0, 2.0, 10.0, 20.0, 100.0, 200.0]
        .map(|m| m * power)
        .into_iter()
        .filter(|&step| step >= base * (1.0 - 1e-9));
    let first = steps.next().unwrap_or(power * 10.0);
    let second = steps.next().unwrap_or(first * 10.0);
    let third = steps.next().unwrap_or(second * 10.0);
    [first, second, third]
}

/// The bounds that show the whole motion: all keyframes, and every shown curve with a
/// margin (and the focused joint's limits). Each curve's extremes come from the pyramid.
#[must_use]
pub fn fit_bounds(
    motion: &Motion,
    summary: &Summary,
    times: &[u64],
    view: &View,
) -> ((f64, f64), (f64, f64)) {
    let end = times.last().copied().unwrap_or(0).max(16) as f64;
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    let joints = motion.keyframes.joint_count();
    for channel in view.visible_channels() {
        let c = super::reduce::summary_channel(channel, joints);
        if let Some(e) = summary.extremes(&motion.keyframes, c, 0..times.len()) {
            low = low.min(urad_to_deg(e.low));
            high = high.max(urad_to_deg(e.high));
        }
    }
    if let Some((a, b, _)) = view.focused.and_then(|c| limit_band(motion, c)) {
        low = low.min(a);
        high = high.max(b);
    }
    if !low.is_finite() || !high.is_finite() {
        (low, high) = (-90.0, 90.0);
    }
    let margin = ((high - low) * 0.05).max(5.0);
    ((-end * 0.04, end * 1.04), (low - margin, high + margin))
}

/// The limit band of a channel's joint, in degrees, with the channel's colour.
#[must_use]
pub fn limit_band(motion: &Motion, channel: Channel) -> Option<(f64, f64, Color32)> {
    let Channel::Joint(j) = channel else {
        return None;
    };
    let design = robot::parse_design(&motion.design)?;
    let (_, info) = design.model.joint_by_locator(motion.locators.get(j)?)?;
    let limit = info.limit?;
    Some((limit.min_deg, limit.max_deg, channel_color(channel)))
}

/// A channel's value at keyframe `k` in degrees (0 where it has none).
#[must_use]
pub fn value_deg(motion: &Motion, k: usize, channel: Channel) -> f64 {
    value(motion, k, channel).map_or(0.0, urad_to_deg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_grid_steps_are_1_2_10_multiples_each_dividing_the_next() {
        let steps = |base: f64| {
            time_grid_steps(egui_plot::GridInput {
                bounds: (0.0, 1_000.0),
                base_step_size: base,
            })
        };
        assert_eq!(steps(27.0), [100.0, 200.0, 1_000.0]);
        assert_eq!(steps(150.0), [200.0, 1_000.0, 2_000.0]);
        assert_eq!(steps(10.0), [10.0, 20.0, 100.0]);
        assert_eq!(steps(3.0), [10.0, 20.0, 100.0]);
        assert_eq!(steps(0.0), [0.001, 0.002, 0.01]);
        for base in [0.3, 7.0, 16.0, 99.0, 4_321.0, 1e6] {
            let [a, b, c] = steps(base);
            assert!(a >= base * 0.999 && a < b && b < c, "{base}: {a} {b} {c}");
            for (small, large) in [(a, b), (b, c)] {
                let ratio = large / small;
                assert!(
                    (ratio - ratio.round()).abs() < 1e-9,
                    "{base}: {small} | {large}"
                );
            }
        }
    }
}
