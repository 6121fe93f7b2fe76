//! The readout beside the pointer on the timeline: the keyframe under it (joint, keyframe,
//! time, angle) or, elsewhere, the time and angle there; while a point is dragged, where it
//! is now. It stays inside the plot's frame, above or left of the pointer where below or
//! right would leave it, so it never covers the axes' numbers and labels or the table below.

use super::axis::{clock, value_deg};
use crate::app::motion::view::{PointId, channel_name};
use crate::edit::Document;
use egui::{Color32, Pos2, Rect, Vec2};

/// How far from the pointer the readout's corner is.
const GAP: f32 = 14.0;
/// The padding inside its box.
const PAD: f32 = 4.0;

/// The readout's words: keyframe `point` (dragged or under the pointer) with its joint, or
/// the time and angle at `value` (ms, °); times at the view's `scale`.
#[must_use]
pub fn text(document: &Document, point: Option<PointId>, value: [f64; 2], scale: f64) -> String {
    match point {
        Some((k, channel)) => {
            let motion = &document.motion;
            #[expect(clippy::cast_precision_loss, reason = "times in ms")]
            let time = document.times_ms().get(k).copied().unwrap_or(0) as f64;
            format!(
                "{} · keyframe {k}\n{} · {:.2}°",
                channel_name(motion, channel),
                clock(time * scale),
                value_deg(motion, k, channel)
            )
        }
        None => {
            // Outside the motion there is no time of it to read (the view may show more).
            #[expect(clippy::cast_precision_loss, reason = "times in ms")]
            let end = document.duration_ms() as f64;
            let time = value[0];
            let when = if time < 0.0 {
                "before the motion's start".to_owned()
            } else if time > end {
                format!("past the motion's end at {}", clock(end * scale))
            } else {
                clock(time * scale)
            };
            format!("{when}\n{:.2}°", value[1])
        }
    }
}

/// Where a box of `size` goes beside `pointer`: below and right of it, flipped left or up
/// where that would leave `frame` or cover `avoid` (the key of the marks), and held inside
/// the frame.
#[must_use]
pub fn placed(pointer: Pos2, size: Vec2, frame: Rect, avoid: Option<Rect>) -> Rect {
    let max = (frame.max - size).max(frame.min);
    let at = |right: bool, below: bool| {
        let min = Pos2::new(
            if right {
                pointer.x + GAP
            } else {
                pointer.x - GAP - size.x
            },
            if below {
                pointer.y + GAP
            } else {
                pointer.y - GAP - size.y
            },
        );
        Rect::from_min_size(min, size)
    };
    let fits =
        |rect: &Rect| frame.contains_rect(*rect) && avoid.is_none_or(|key| !key.intersects(*rect));
    [(true, true), (false, true), (true, false), (false, false)]
        .into_iter()
        .map(|(right, below)| at(right, below))
        .find(fits)
        .unwrap_or_else(|| {
            // Nowhere beside the pointer is clear: as near as the frame allows.
            let mut min = pointer + Vec2::splat(GAP);
            if min.x + size.x > frame.right() {
                min.x = pointer.x - GAP - size.x;
            }
            if min.y + size.y > frame.bottom() {
                min.y = pointer.y - GAP - size.y;
            }
            Rect::from_min_size(min.clamp(frame.min, max), size)
        })
}

/// Draws `text` beside `pointer`, inside the plot's `frame`, off `avoid`, over everything.
pub fn draw(ui: &egui::Ui, text: String, pointer: Pos2, frame: Rect, avoid: Option<Rect>) {
    let painter = ui.ctx().layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        ui.scope_id().with("timeline readout"),
    ));
    let galley = painter.layout_no_wrap(text, egui::FontId::proportional(13.0), Color32::WHITE);
    let rect = placed(
        pointer,
        galley.size() + Vec2::splat(2.0 * PAD),
        frame,
        avoid,
    );
    painter.rect_filled(rect, 4.0, Color32::from_black_alpha(200));
    painter.galley(rect.min + Vec2::splat(PAD), galley, Color32::WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: Rect = Rect::from_min_max(Pos2::new(100.0, 50.0), Pos2::new(900.0, 550.0));
    const SIZE: Vec2 = Vec2::new(90.0, 40.0);

    #[test]
    fn outside_the_motion_it_says_so_rather_than_a_time_of_it() {
        // The review: the readout gave times before 0 and past the end as if they were the
        // motion's.
        let document = crate::app::example_document();
        let end = document.duration_ms() as f64;
        let within = text(&document, None, [end / 2.0, 10.0], 1.0);
        assert_eq!(within, format!("{}\n10.00°", clock(end / 2.0)));
        let before = text(&document, None, [-40.0, 10.0], 1.0);
        assert_eq!(before, "before the motion's start\n10.00°");
        let after = text(&document, None, [end + 300.0, -5.0], 1.0);
        assert_eq!(
            after,
            format!("past the motion's end at {}\n-5.00°", clock(end))
        );
    }

    #[test]
    fn the_readout_goes_below_right_of_the_pointer_where_there_is_room() {
        let rect = placed(Pos2::new(300.0, 200.0), SIZE, FRAME, None);
        assert_eq!(rect.min, Pos2::new(314.0, 214.0));
    }

    #[test]
    fn near_the_bottom_it_goes_above_and_near_the_right_edge_to_the_left() {
        // The review: at the plot's foot the readout covered the time axis and its label.
        let rect = placed(Pos2::new(880.0, 540.0), SIZE, FRAME, None);
        assert!(FRAME.contains_rect(rect), "{rect:?}");
        assert!(rect.max.y < 540.0 && rect.max.x < 880.0, "{rect:?}");
    }

    #[test]
    fn it_stays_inside_the_frame_wherever_the_pointer_is() {
        for pointer in [
            Pos2::new(100.0, 50.0),
            Pos2::new(95.0, 560.0),
            Pos2::new(905.0, 45.0),
            Pos2::new(500.0, 300.0),
        ] {
            let rect = placed(pointer, SIZE, FRAME, None);
            assert!(FRAME.contains_rect(rect), "{pointer:?}: {rect:?}");
        }
    }

    #[test]
    fn it_keeps_off_the_key_of_the_marks() {
        // The fresh review: near the top right the readout covered the key.
        let key = Rect::from_min_max(Pos2::new(650.0, 50.0), Pos2::new(900.0, 110.0));
        let rect = placed(Pos2::new(600.0, 60.0), SIZE, FRAME, Some(key));
        assert!(
            FRAME.contains_rect(rect) && !rect.intersects(key),
            "{rect:?}"
        );
    }
}
