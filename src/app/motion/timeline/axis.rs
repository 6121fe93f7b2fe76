//! The timeline's axes: the time grid, the bounds that fit the whole motion, and the
//! focused joint's limits as a band.

use crate::app::motion::palette::channel_color;
use crate::app::motion::view::{Channel, View, value};
use crate::codec::mtn::Motion;
use crate::edit::summary::Summary;
use crate::robot::{self, urad_to_deg};
use egui::Color32;

/// The time steps the grid uses, in ms, each dividing the next: 1-2-10 steps below a
/// second, then 1 s, 2 s, 10 s, 20 s, a minute, 2, 10 and 20 minutes, an hour, and
/// 1-2-10 steps of hours beyond.
fn time_step_ladder() -> impl Iterator<Item = f64> {
    let small = (-3..=2).flat_map(|e| [1.0, 2.0].map(|m| m * 10f64.powi(e)));
    let clock = [
        1_000.0,
        2_000.0,
        10_000.0,
        20_000.0,
        60_000.0,
        120_000.0,
        600_000.0,
        1_200_000.0,
    ];
    let hours = (0..=6).flat_map(|e| [1.0, 2.0].map(|m| m * 3_600_000.0 * 10f64.powi(e)));
    small.chain(clock).chain(hours)
}

/// The timeline's three grid steps in ms for a smallest step of `base_ms`: the three
/// smallest steps of the ladder not below it (each divides the next, so labels of one
/// step never crowd those of another).
#[must_use]
#[expect(
    clippy::needless_pass_by_value,
    reason = "the signature egui_plot's spacers take"
)]
pub fn time_grid_steps(input: egui_plot::GridInput) -> [f64; 3] {
    let base = input.base_step_size.abs();
    let mut steps = time_step_ladder().filter(|&step| step >= base * (1.0 - 1e-9));
    let first = steps.next().unwrap_or(7.2e12);
    let second = steps.next().unwrap_or(first * 10.0);
    let third = steps.next().unwrap_or(second * 10.0);
    [first, second, third]
}

/// The angle grid's three steps in degrees for a smallest step of `base_deg`: from the
/// ladder 1, 5, 10, 50, 100, 500 (each divides the next), so a short timeline still labels
/// every 50° rather than only 0 and 100.
#[must_use]
#[expect(
    clippy::needless_pass_by_value,
    reason = "the signature egui_plot's spacers take"
)]
pub fn angle_grid_steps(input: egui_plot::GridInput) -> [f64; 3] {
    let base = input.base_step_size.abs();
    let ladder = (-2..=4).flat_map(|e| [1.0, 5.0].map(|m| m * 10f64.powi(e)));
    let mut steps = ladder.filter(|&step| step >= base * (1.0 - 1e-9));
    let first = steps.next().unwrap_or(1e5);
    let second = steps.next().unwrap_or(first * 10.0);
    let third = steps.next().unwrap_or(second * 10.0);
    [first, second, third]
}

/// How the time axis counts: in ms for short spans, seconds for some tens of seconds,
/// minutes and seconds beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    /// Milliseconds, as the file counts.
    Millis,
    /// Seconds.
    Seconds,
    /// Minutes and seconds (m:ss).
    Minutes,
}

impl TimeUnit {
    /// The unit for a view `span_ms` wide.
    #[must_use]
    pub fn for_span(span_ms: f64) -> Self {
        if span_ms < 10_000.0 {
            Self::Millis
        } else if span_ms < 180_000.0 {
            Self::Seconds
        } else {
            Self::Minutes
        }
    }

    /// The axis's title.
    #[must_use]
    pub fn axis_label(self) -> &'static str {
        match self {
            Self::Millis => "time (ms)",
            Self::Seconds => "time (s)",
            Self::Minutes => "time (m:ss)",
        }
    }

    /// A grid label: `ms` in this unit, with as many decimals as a step of `step_ms` needs.
    #[must_use]
    pub fn label(self, ms: f64, step_ms: f64) -> String {
        let decimals = if step_ms >= 1_000.0 {
            0
        } else if step_ms >= 100.0 {
            1
        } else if step_ms >= 10.0 {
            2
        } else {
            3
        };
        match self {
            Self::Millis => format!("{ms:.0}"),
            Self::Seconds => format!("{:.decimals$}", ms / 1_000.0),
            Self::Minutes => {
                let sign = if ms < -0.5 { "-" } else { "" };
                let total = ms.abs() / 1_000.0;
                let minutes = (total / 60.0).floor();
                let seconds = total - minutes * 60.0;
                let width = if decimals == 0 { 2 } else { 3 + decimals };
                format!("{sign}{minutes:.0}:{seconds:0width$.decimals$}")
            }
        }
    }
}

/// A time for the pointer's label: ms, and minutes and seconds once it is a minute or more.
#[must_use]
pub fn clock(ms: f64) -> String {
    if ms.abs() < 60_000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{} ({ms:.0} ms)", TimeUnit::Minutes.label(ms, 1.0))
    }
}

/// The bounds that show the whole motion: all keyframes, and every shown curve with a
/// margin (and the focused joint's limits), with the shares `room` of the height (top,
/// bottom) left free beyond them all (for the key of the marks above and their strips
/// below). Each curve's extremes come from the pyramid.
#[must_use]
pub fn fit_bounds(
    motion: &Motion,
    summary: &Summary,
    times: &[u64],
    view: &View,
    room: (f64, f64),
) -> ((f64, f64), (f64, f64)) {
    let end = times.last().copied().unwrap_or(0).max(16) as f64;
    let (low, high) = value_extent(motion, summary, times, view).unwrap_or((-90.0, 90.0));
    let margin = ((high - low) * 0.05).max(5.0);
    let (top, bottom) = around(high - low, margin, room);
    ((-end * 0.04, end * 1.04), (low - bottom, high + top))
}

/// How far beyond a span of `span` the view reaches above and below: each at least
/// `margin`, and at least its share of `room` (top, bottom) of the whole view.
fn around(span: f64, margin: f64, (top, bottom): (f64, f64)) -> (f64, f64) {
    // Shares of more than half the view together would leave the curves too little.
    let scale = (0.5 / (top + bottom)).min(1.0);
    let (top, bottom) = (top.max(0.0) * scale, bottom.max(0.0) * scale);
    // The view's height depends on what is added: worked out until it settles (each round
    // closes most of what is left, as the shares are under a half).
    let (mut above, mut below) = (margin, margin);
    for _ in 0..32 {
        let whole = span + above + below;
        (above, below) = (margin.max(top * whole), margin.max(bottom * whole));
    }
    (above, below)
}

/// The lowest and highest value (degrees) of the shown channels, the focused joint's limit
/// band included; None when nothing is shown.
#[must_use]
pub fn value_extent(
    motion: &Motion,
    summary: &Summary,
    times: &[u64],
    view: &View,
) -> Option<(f64, f64)> {
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    let joints = motion.keyframes.joint_count();
    for channel in view.visible_channels() {
        let c = super::thin::summary_channel(channel, joints);
        if let Some(e) = summary.extremes(&motion.keyframes, c, 0..times.len()) {
            low = low.min(urad_to_deg(e.low));
            high = high.max(urad_to_deg(e.high));
        }
    }
    if let Some((a, b, _)) = view.focused.and_then(|c| limit_band(motion, c)) {
        low = low.min(a);
        high = high.max(b);
    }
    (low.is_finite() && high.is_finite()).then_some((low, high))
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
    fn the_room_asked_above_and_below_is_that_share_of_the_view() {
        let (above, below) = around(100.0, 5.0, (0.1, 0.05));
        let whole = 100.0 + above + below;
        assert!((above / whole - 0.1).abs() < 1e-6, "{above} of {whole}");
        assert!((below / whole - 0.05).abs() < 1e-6, "{below} of {whole}");
        // No room asked: the margin alone.
        assert_eq!(around(100.0, 5.0, (0.0, 0.0)), (5.0, 5.0));
        // More than half asked: held to half, shared as asked.
        let (above, below) = around(100.0, 5.0, (0.6, 0.4));
        let whole = 100.0 + above + below;
        assert!(((above + below) / whole - 0.5).abs() < 1e-6);
    }

    #[test]
    fn angle_grid_steps_are_1_5_10_multiples() {
        let steps = |base: f64| {
            angle_grid_steps(egui_plot::GridInput {
                bounds: (-60.0, 110.0),
                base_step_size: base,
            })
        };
        assert_eq!(steps(8.0), [10.0, 50.0, 100.0]);
        assert_eq!(steps(0.7), [1.0, 5.0, 10.0]);
        assert_eq!(steps(12.0), [50.0, 100.0, 500.0]);
        assert_eq!(steps(0.0), [0.01, 0.05, 0.1]);
    }

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
        // Long spans count in seconds, minutes, hours.
        assert_eq!(steps(3_000.0), [10_000.0, 20_000.0, 60_000.0]);
        assert_eq!(steps(25_000.0), [60_000.0, 120_000.0, 600_000.0]);
        assert_eq!(steps(700_000.0), [1_200_000.0, 3_600_000.0, 7_200_000.0]);
        for base in [0.3, 7.0, 16.0, 99.0, 4_321.0, 15_000.0, 1e5, 1e6, 1e8] {
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

    #[test]
    fn long_spans_are_labelled_in_seconds_or_minutes() {
        assert_eq!(TimeUnit::for_span(2_000.0), TimeUnit::Millis);
        assert_eq!(TimeUnit::for_span(30_000.0), TimeUnit::Seconds);
        assert_eq!(TimeUnit::for_span(1_048_544.0), TimeUnit::Minutes);
        assert_eq!(TimeUnit::Millis.label(1_200.0, 200.0), "1200");
        assert_eq!(TimeUnit::Seconds.label(12_000.0, 2_000.0), "12");
        assert_eq!(TimeUnit::Seconds.label(12_200.0, 200.0), "12.2");
        assert_eq!(TimeUnit::Minutes.label(1_020_000.0, 60_000.0), "17:00");
        assert_eq!(TimeUnit::Minutes.label(65_000.0, 1_000.0), "1:05");
        assert_eq!(TimeUnit::Minutes.label(-20_000.0, 20_000.0), "-0:20");
        assert_eq!(TimeUnit::Minutes.label(61_500.0, 100.0), "1:01.5");
        assert_eq!(clock(1_048_544.0), "17:28.544 (1048544 ms)");
        assert_eq!(clock(480.0), "480 ms");
    }
}
