//! Moving about the timeline, as curve editors do it (Blender's graph editor, Choregraphe):
//! the wheel zooms time around the pointer, Shift+wheel (or a sideways scroll) pans time,
//! Ctrl+wheel (or a pinch) zooms angles around the pointer, Alt+wheel pans angles. Dragging
//! empty plot pans; double-click or Ctrl+0 fits the motion. And a keyframe the user has
//! just made is brought into view.

use egui::{Pos2, Rect, Vec2};
use egui_plot::PlotUi;

/// How much a point of wheel movement zooms (egui's own rate for Ctrl+wheel).
const ZOOM_PER_POINT: f32 = 1.0 / 200.0;
/// The narrowest view of time, in ms: two of the robot's frames.
const MIN_SPAN_MS: f64 = 32.0;
/// How far from the edge a revealed keyframe lands, as a share of the view.
const REVEAL_MARGIN: f64 = 0.08;
/// How fast the view follows a drag held past the plot's edge: points a second for each
/// point the pointer is beyond it, up to the most.
const EDGE_RATE: f32 = 10.0;
const EDGE_MAX: f32 = 1500.0;

/// How far (screen points) the view moves this frame of `dt` s while something is dragged
/// with the pointer at `pointer` beyond the plot's `frame`: towards the side it is past, the
/// faster the further (as spreadsheets and curve editors scroll under a drag); zero inside.
#[must_use]
pub fn edge_scroll(pointer: Pos2, frame: Rect, dt: f32) -> Vec2 {
    let beyond = |at: f32, low: f32, high: f32| {
        let over = if at < low {
            at - low
        } else if at > high {
            at - high
        } else {
            0.0
        };
        (over * EDGE_RATE).clamp(-EDGE_MAX, EDGE_MAX) * dt.clamp(0.0, 0.1)
    };
    Vec2::new(
        beyond(pointer.x, frame.left(), frame.right()),
        beyond(pointer.y, frame.top(), frame.bottom()),
    )
}

/// The angles a drag past the plot's edge scrolls the view through, degrees: every joint's
/// whole turn lies within them.
pub const EDGE_ANGLES: [f64; 2] = [-180.0, 180.0];

/// How far a view may be moved by `wanted` (plot units, one axis) from `low..high` without
/// going past `within`: up to the limit, and never back from a view already past it.
fn held_within(wanted: f64, (low, high): (f64, f64), [from, to]: [f64; 2]) -> f64 {
    wanted.clamp((from - low).min(0.0), (to - high).max(0.0))
}

/// Moves the view by `scroll` screen points (see [`edge_scroll`]), but not past `within`
/// (ms, from 0 to the motion's end; degrees, [`EDGE_ANGLES`]): a point held past the edge
/// carries neither the view nor itself into time or angles no motion has. It draws again
/// next frame while it moves.
pub fn follow_edge(plot_ui: &mut PlotUi, scroll: Vec2, within: [[f64; 2]; 2]) {
    if scroll == Vec2::ZERO {
        return;
    }
    let per_point = plot_ui.transform().dvalue_dpos();
    let bounds = plot_ui.plot_bounds();
    let (low, high) = (bounds.min(), bounds.max());
    let delta: [f64; 2] = std::array::from_fn(|axis| {
        let wanted = f64::from(if axis == 0 { scroll.x } else { scroll.y }) * per_point[axis];
        held_within(wanted, (low[axis], high[axis]), within[axis])
    });
    if delta == [0.0, 0.0] {
        return;
    }
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a frame's move of the view"
    )]
    plot_ui.translate_bounds(Vec2::new(delta[0] as f32, delta[1] as f32));
    plot_ui.ctx().request_repaint();
}

/// The wheel this frame, from the input egui made of the raw wheel events: its modifiers
/// decide what the wheel does.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wheel {
    /// Scrolled points (Shift turns a vertical wheel sideways; Ctrl turns it into zoom).
    pub scroll: Vec2,
    /// Zoom factor from Ctrl+wheel or a pinch (1 when none).
    pub zoom: f32,
    /// Alt held: the wheel pans angles.
    pub alt: bool,
}

impl Wheel {
    /// No wheel movement.
    #[must_use]
    pub fn none() -> Self {
        Self {
            zoom: 1.0,
            ..Self::default()
        }
    }

    /// Reads the wheel from egui's input.
    #[must_use]
    pub fn read(input: &egui::InputState) -> Self {
        Self {
            scroll: input.smooth_scroll_delta,
            zoom: input.zoom_delta(),
            alt: input.modifiers.alt,
        }
    }
}

/// Applies the wheel to the plot while the pointer is over it.
pub fn wheel(plot_ui: &mut PlotUi, wheel: Wheel) {
    if !plot_ui.response().contains_pointer() || wheel == Wheel::none() {
        return;
    }
    // The curves of this frame were reduced for the old view: draw the new one next frame.
    plot_ui.ctx().request_repaint();
    let Some(pointer) = plot_ui.pointer_coordinate() else {
        return;
    };
    let per_point = plot_ui.transform().dvalue_dpos();
    if wheel.alt {
        // Alt makes every wheel vertical: it pans the angles.
        let dy = -f64::from(wheel.scroll.y) * per_point[1];
        if dy != 0.0 {
            plot_ui.translate_bounds(Vec2::new(0.0, dy as f32));
        }
    } else {
        if wheel.scroll.y != 0.0 {
            let span = plot_ui.plot_bounds().width();
            let mut factor = (wheel.scroll.y * ZOOM_PER_POINT).exp();
            if span / f64::from(factor) < MIN_SPAN_MS {
                factor = (span / MIN_SPAN_MS).max(1.0) as f32;
            }
            if factor != 1.0 {
                plot_ui.zoom_bounds(Vec2::new(factor, 1.0), pointer);
            }
        }
        if wheel.scroll.x != 0.0 {
            let dx = -f64::from(wheel.scroll.x) * per_point[0];
            plot_ui.translate_bounds(Vec2::new(dx as f32, 0.0));
        }
    }
    if wheel.zoom != 1.0 {
        plot_ui.zoom_bounds(Vec2::new(1.0, wheel.zoom), pointer);
    }
}

/// How far to move the view `x0..x1` (in ms) so that `time_ms` sits inside it, a little
/// way from the edge; zero when it already does.
#[must_use]
pub fn reveal_shift((x0, x1): (f64, f64), time_ms: f64) -> f64 {
    let margin = (x1 - x0) * REVEAL_MARGIN;
    if time_ms < x0 + margin {
        time_ms - (x0 + margin)
    } else if time_ms > x1 - margin {
        time_ms - (x1 - margin)
    } else {
        0.0
    }
}

/// Brings the time `time_ms` into view.
pub fn reveal(plot_ui: &mut PlotUi, time_ms: f64) {
    let bounds = plot_ui.plot_bounds();
    let shift = reveal_shift((bounds.min()[0], bounds.max()[0]), time_ms);
    if shift != 0.0 {
        plot_ui.ctx().request_repaint();
        #[expect(
            clippy::cast_possible_truncation,
            reason = "egui_plot takes the shift as f32"
        )]
        plot_ui.translate_bounds(Vec2::new(shift as f32, 0.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revealed_time_lands_inside_the_view_by_the_least_move() {
        assert!(reveal_shift((0.0, 1_000.0), 500.0).abs() < 1e-9);
        // Beyond the right edge: moved so it sits 8% in from it.
        let shift = reveal_shift((0.0, 1_000.0), 1_500.0);
        assert!((shift - 580.0).abs() < 1e-9, "{shift}");
        // Before the left edge.
        let shift = reveal_shift((2_000.0, 3_000.0), 100.0);
        assert!((shift + 1_980.0).abs() < 1e-9, "{shift}");
    }

    #[test]
    fn a_drag_past_the_edge_moves_the_view_towards_it_the_faster_the_further() {
        let frame = Rect::from_min_max(Pos2::new(100.0, 50.0), Pos2::new(900.0, 450.0));
        let dt = 1.0 / 60.0;
        assert_eq!(edge_scroll(Pos2::new(500.0, 200.0), frame, dt), Vec2::ZERO);
        let near = edge_scroll(Pos2::new(910.0, 200.0), frame, dt);
        let far = edge_scroll(Pos2::new(960.0, 200.0), frame, dt);
        assert!(
            near.x > 0.0 && far.x > near.x && near.y == 0.0,
            "{near:?} {far:?}"
        );
        let up_left = edge_scroll(Pos2::new(80.0, 30.0), frame, dt);
        assert!(up_left.x < 0.0 && up_left.y < 0.0, "{up_left:?}");
        // A slow frame moves no further than a tenth of a second's worth.
        let slow = edge_scroll(Pos2::new(5000.0, 200.0), frame, 2.0);
        assert!((slow.x - EDGE_MAX * 0.1).abs() < 1e-3, "{slow:?}");
    }

    #[test]
    fn the_view_follows_a_drag_no_further_than_the_motion_and_the_joints_turn() {
        // 100 ms more asked of a view of 0..1000 in a 1200 ms motion: 100 given; at its end,
        // nothing; a view already past the end is not pulled back.
        assert!((held_within(100.0, (0.0, 1000.0), [0.0, 1200.0]) - 100.0).abs() < 1e-9);
        assert!((held_within(100.0, (200.0, 1200.0), [0.0, 1200.0])).abs() < 1e-9);
        assert!((held_within(100.0, (300.0, 1300.0), [0.0, 1200.0])).abs() < 1e-9);
        assert!((held_within(-50.0, (20.0, 1020.0), [0.0, 1200.0]) + 20.0).abs() < 1e-9);
        // Up past 180°: held there.
        assert!((held_within(30.0, (-10.0, 170.0), EDGE_ANGLES) - 10.0).abs() < 1e-9);
    }
}
