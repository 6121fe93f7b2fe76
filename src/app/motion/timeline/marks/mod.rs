//! Safety marks on the timeline: a translucent band beneath a curve wherever a keyframe is
//! beyond its joint's limits (red) or a segment is too fast for its servo (magenta), two
//! strips along the bottom for every joint (hidden ones too), a third (amber) above them
//! where the robot balances at the edge or the floor warns (it tips, leans, stands on a lifted
//! paw or slides too far), and a key.
//!
//! - [`pieces`]: which runs of marks a view draws; the bands are a
//!   [`Coverage`](super::columns::Coverage), each place tinted once however many curves
//!   are marked there.
//!
//! The bands go beneath the curves (the timeline reserves their place in the painter
//! before the plot draws), so a curve's colour always reads; the strips and the key go on
//! top.

pub mod pieces;

use super::columns::{Coverage, Grid, Occlusion};
use crate::app::motion::view::Channel;
use crate::edit::Document;
use egui::{Color32, Pos2, Shape, Stroke};
use egui_plot::PlotPoint;
pub use pieces::{GapIndex, MarkIndex, mark_pieces};
use std::sync::Arc;

/// Colour of keyframes beyond a joint's limits.
const OUT_OF_RANGE_COLOR: Color32 = Color32::from_rgb(255, 45, 45);
/// Colour of segments faster than a joint's servo.
const TOO_FAST_COLOR: Color32 = Color32::from_rgb(255, 40, 210);
/// Colour of the times the robot tips, balances at the edge or slips on the floor.
const FLOOR_COLOR: Color32 = Color32::from_rgb(245, 170, 40);
/// Colour of the times it falls over, drawn over the floor's strip and twice as tall.
const FALL_COLOR: Color32 = Color32::from_rgb(225, 60, 30);
/// How opaque a band is at most: each place is tinted once, so this is its cap.
const BAND_OPACITY: f32 = 0.35;
/// The band along a marked curve is built from columns this many points wide.
const BAND_STEP_PX: f32 = 3.0;
/// How far the band reaches above and below the curve, in points.
const BAND_HALF_PX: f32 = 4.5;
/// Marks closer than this many points are drawn as one: the band along a curve is 9 points
/// wide, so smaller gaps hardly show, and a noisy motion zoomed out draws a few long bands
/// rather than hundreds of short ones (zooming in shows every gap).
const JOIN_PX: f64 = 8.0;
/// Height of each overview strip of marks along the bottom of the plot, in points.
const STRIP_HEIGHT: f32 = 4.0;

/// The marked stretches of the shown curves, by kind (too fast first, out of range over
/// it), each with its band's colour, and the rings of lone marked keyframes. A stretch is
/// a run of one curve's points (as drawn): its place on screen is worked out for the
/// columns a band is made for, not for the whole curve.
pub struct MarkedLines {
    /// Each kind's stretches, and its band's colour.
    pub kinds: [(Vec<Stretch>, Color32); 2],
    /// A ring round each lone marked keyframe.
    pub rings: Vec<Shape>,
}

/// A marked run of one curve's points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stretch {
    /// The curve (its index among those shown).
    pub curve: usize,
    /// Its points.
    pub points: std::ops::Range<usize>,
}

/// The marked stretches of the shown curves (`curves` as drawn, reduced when dense).
#[must_use]
pub fn marked_lines(
    document: &Document,
    index: &mut MarkIndex,
    curves: &[(Channel, Arc<[[f64; 2]]>)],
    transform: &egui_plot::PlotTransform,
) -> MarkedLines {
    let mut lines = MarkedLines {
        kinds: [
            (Vec::new(), TOO_FAST_COLOR.gamma_multiply(BAND_OPACITY)),
            (Vec::new(), OUT_OF_RANGE_COLOR.gamma_multiply(BAND_OPACITY)),
        ],
        rings: Vec::new(),
    };
    let marks = document.safety_marks();
    if marks.is_empty() {
        return lines;
    }
    index.refresh(document);
    let times = document.times_ms();
    let frame = *transform.frame();
    let bounds = transform.bounds();
    let (x0, x1) = (bounds.min()[0], bounds.max()[0]);
    let ms_per_px = (x1 - x0) / f64::from(frame.width().max(1.0));
    let to_screen = |p: &[f64; 2]| transform.position_from_point(&PlotPoint::new(p[0], p[1]));
    let kinds = [
        (&marks.too_fast, &index.too_fast, TOO_FAST_COLOR),
        (&marks.out_of_range, &index.out_of_range, OUT_OF_RANGE_COLOR),
    ];
    for ((runs_by_joint, gaps_by_joint, color), (stretches, _)) in
        kinds.into_iter().zip(&mut lines.kinds)
    {
        for (curve, (channel, points)) in curves.iter().enumerate() {
            let Channel::Joint(j) = *channel else {
                continue;
            };
            let (Some(runs), Some(gaps)) = (runs_by_joint.get(j), gaps_by_joint.get(j)) else {
                continue;
            };
            for piece in mark_pieces(runs, gaps, times, (x0, x1), ms_per_px * JOIN_PX) {
                let (from_ms, to_ms) = (times[*piece.start()] as f64, times[*piece.end()] as f64);
                let start = points.partition_point(|p| p[0] < from_ms);
                let end = points.partition_point(|p| p[0] <= to_ms).max(start);
                if end - start == 1 {
                    lines.rings.push(Shape::circle_stroke(
                        to_screen(&points[start]),
                        7.0,
                        Stroke::new(2.0, color),
                    ));
                } else if end > start {
                    stretches.push(Stretch {
                        curve,
                        points: start..end,
                    });
                }
            }
        }
    }
    lines
}

impl MarkedLines {
    /// The band of kind `kind` (0 too fast, 1 out of range) over the columns `window` of
    /// `grid`, leaving out what the opaque curves drawn as columns hide (`above`). Only the
    /// points of `curves` near the window are put on screen.
    #[must_use]
    pub fn band(
        &self,
        kind: usize,
        (grid, window): (Grid, std::ops::Range<usize>),
        above: Option<&Occlusion>,
        curves: &[(Channel, Arc<[[f64; 2]]>)],
        transform: &egui_plot::PlotTransform,
    ) -> egui::Mesh {
        let Some((stretches, color)) = self.kinds.get(kind) else {
            return egui::Mesh::default();
        };
        let mut coverage = Coverage::window(grid, window.clone(), BAND_HALF_PX);
        if window.is_empty() {
            return coverage.mesh_beneath(*color, above);
        }
        // The times at the window's edges: a stretch's points from the one before the left
        // edge to the one after the right edge cover the window.
        let time_at = |x: f32| transform.value_from_position(Pos2::new(x, 0.0)).x;
        let (from_ms, to_ms) = (
            time_at(*grid.x(window.start).start()),
            time_at(*grid.x(window.end - 1).end()),
        );
        let mut on_screen = Vec::new();
        for stretch in stretches {
            let Some((_, points)) = curves.get(stretch.curve) else {
                continue;
            };
            let Some(points) = points.get(stretch.points.clone()) else {
                continue;
            };
            let first = points.partition_point(|p| p[0] < from_ms).saturating_sub(1);
            let last = (points.partition_point(|p| p[0] <= to_ms) + 1).min(points.len());
            if last <= first {
                continue;
            }
            on_screen.clear();
            on_screen.extend(
                points[first..last]
                    .iter()
                    .map(|p| transform.position_from_point(&PlotPoint::new(p[0], p[1]))),
            );
            coverage.add_line(&on_screen);
        }
        coverage.mesh_beneath(*color, above)
    }
}

/// The width of the columns a band is built from where the curves are not dense (where
/// they are, the curves' own columns, a point wide).
pub const BAND_STEP: f32 = BAND_STEP_PX;

/// Over the plot: every place any joint (shown or not) has a mark, in two strips along the
/// bottom, and the key naming the colours.
pub fn paint_overview(
    ui: &egui::Ui,
    document: &Document,
    index: &mut MarkIndex,
    transform: &egui_plot::PlotTransform,
) {
    let marks = document.safety_marks();
    let floor = document.floor_spans();
    if marks.is_empty() && floor.is_empty() {
        return;
    }
    index.refresh(document);
    let times = document.times_ms();
    let frame = *transform.frame();
    let painter = ui.painter_at(frame);
    let bounds = transform.bounds();
    let (x0, x1) = (bounds.min()[0], bounds.max()[0]);
    let ms_per_px = (x1 - x0) / f64::from(frame.width().max(1.0));
    let to_screen = |p: &[f64; 2]| transform.position_from_point(&PlotPoint::new(p[0], p[1]));
    // Too fast along the bottom, out of range just above it.
    let strips = [
        (
            &marks.any_too_fast,
            &index.any_too_fast,
            TOO_FAST_COLOR,
            frame.bottom(),
        ),
        (
            &marks.any_out_of_range,
            &index.any_out_of_range,
            OUT_OF_RANGE_COLOR,
            frame.bottom() - STRIP_HEIGHT,
        ),
    ];
    for (runs, gaps, color, bottom) in strips {
        for piece in mark_pieces(runs, gaps, times, (x0, x1), ms_per_px * JOIN_PX) {
            let left = to_screen(&[times[*piece.start()] as f64, 0.0]).x;
            let right = to_screen(&[times[*piece.end()] as f64, 0.0])
                .x
                .max(left + 2.0);
            painter.rect_filled(
                egui::Rect::from_x_y_ranges(left..=right, bottom - STRIP_HEIGHT..=bottom),
                0.0,
                color,
            );
        }
    }
    // The floor's stretches above them, joined where closer than the join distance.
    let join = ms_per_px * JOIN_PX;
    let floor_bottom = frame.bottom() - 2.0 * STRIP_HEIGHT;
    let mut open: Option<[f64; 2]> = None;
    let draw = |[from, to]: [f64; 2]| {
        let left = to_screen(&[from, 0.0]).x;
        let right = to_screen(&[to, 0.0]).x.max(left + 2.0);
        painter.rect_filled(
            egui::Rect::from_x_y_ranges(left..=right, floor_bottom - STRIP_HEIGHT..=floor_bottom),
            0.0,
            FLOOR_COLOR,
        );
    };
    #[expect(clippy::cast_precision_loss, reason = "ms on screen")]
    for &[from, to] in floor {
        let (from, to) = (from as f64, to as f64);
        if to < x0 || from > x1 {
            continue;
        }
        open = match open {
            Some([a, b]) if from <= b + join => Some([a, b.max(to)]),
            Some(done) => {
                draw(done);
                Some([from, to])
            }
            None => Some([from, to]),
        };
    }
    if let Some(done) = open {
        draw(done);
    }
    // Its falls over them, twice as tall: a fall is not a slip.
    #[expect(clippy::cast_precision_loss, reason = "ms on screen")]
    for [from, to] in document.floor_falls() {
        let (from, to) = (from as f64, to as f64);
        if to < x0 || from > x1 {
            continue;
        }
        let left = to_screen(&[from, 0.0]).x;
        let right = to_screen(&[to, 0.0]).x.max(left + 3.0);
        painter.rect_filled(
            egui::Rect::from_x_y_ranges(
                left..=right,
                floor_bottom - 2.0 * STRIP_HEIGHT..=floor_bottom,
            ),
            0.0,
            FALL_COLOR,
        );
    }
    paint_key(ui, &painter, document, frame);
}

/// The key, top right of the plot's `frame`: which colour is which.
fn paint_key(ui: &egui::Ui, painter: &egui::Painter, document: &Document, frame: egui::Rect) {
    let font = egui::TextStyle::Small.resolve(ui.style());
    let text_color = ui.visuals().strong_text_color();
    let mut y = frame.top() + KEY_TOP;
    for (swatch, label) in key(document) {
        let galley = painter.layout_no_wrap(label.to_owned(), font.clone(), text_color);
        let text_left = frame.right() - 8.0 - galley.size().x;
        let place = egui::Rect::from_min_size(
            egui::pos2(text_left - 22.0, y + galley.size().y / 2.0 - 4.0),
            egui::vec2(16.0, 8.0),
        );
        let back = egui::Rect::from_min_max(
            egui::pos2(place.left() - 4.0, y - 1.0),
            egui::pos2(frame.right() - 4.0, y + galley.size().y + 1.0),
        );
        painter.rect_filled(
            back,
            2.0,
            ui.visuals().extreme_bg_color.gamma_multiply(0.85),
        );
        match swatch {
            Swatch::Fill(color) => {
                painter.rect_filled(place, 2.0, color.gamma_multiply(0.8));
            }
            Swatch::Dashed => {
                // As the servo's path is drawn: dashes in a curve's colour.
                let stroke = egui::Stroke::new(1.5, text_color);
                for dash in 0..3u8 {
                    let left = place.left() + f32::from(dash) * 6.0;
                    let mid = place.center().y;
                    painter
                        .line_segment([egui::pos2(left, mid), egui::pos2(left + 3.5, mid)], stroke);
                }
            }
        }
        painter.galley(egui::pos2(text_left, y), galley, text_color);
        y += KEY_ROW;
    }
}

/// Where the key is drawn in the plot's `frame`, if the motion has one (the timeline's
/// readout keeps off it).
#[must_use]
pub fn key_rect(ui: &egui::Ui, document: &Document, frame: egui::Rect) -> Option<egui::Rect> {
    let font = egui::TextStyle::Small.resolve(ui.style());
    let widest = ui.fonts_mut(|fonts| {
        key(document)
            .map(|(_, label)| {
                fonts
                    .layout_no_wrap(label.to_owned(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    });
    let height = key_height(document);
    (height > 0.0).then(|| {
        egui::Rect::from_min_max(
            egui::pos2(frame.right() - 8.0 - widest - 26.0, frame.top()),
            egui::pos2(frame.right(), frame.top() + height),
        )
    })
}

/// Where the key's first row starts below the plot's top, and each row's height (points).
const KEY_TOP: f32 = 6.0;
const KEY_ROW: f32 = 18.0;

/// How a row of the key shows its mark.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Swatch {
    /// A strip of the mark's colour.
    Fill(Color32),
    /// A dashed line, as the servo's own path is drawn.
    Dashed,
}

/// The key's rows: the swatch and name of each kind of mark the motion has; the servo's
/// dashed path beside the segments too fast for it, where it is drawn.
fn key(document: &Document) -> impl Iterator<Item = (Swatch, &'static str)> {
    let marks = document.safety_marks();
    let falls = document.floor_falls().next().is_some();
    let too_fast = marks.too_fast.iter().any(|r| !r.is_empty());
    [
        (
            too_fast,
            Swatch::Fill(TOO_FAST_COLOR),
            "too fast for the servo",
        ),
        (too_fast, Swatch::Dashed, "where the servo really is"),
        (
            marks.out_of_range.iter().any(|r| !r.is_empty()),
            Swatch::Fill(OUT_OF_RANGE_COLOR),
            "beyond the joint's limits",
        ),
        (
            !document.floor_spans().is_empty(),
            Swatch::Fill(FLOOR_COLOR),
            "balances at the edge, or a warning of the floor",
        ),
        (falls, Swatch::Fill(FALL_COLOR), "falls over (the floor)"),
    ]
    .into_iter()
    .filter_map(|(shown, swatch, label)| shown.then_some((swatch, label)))
}

/// How much of the plot's bottom the marks' strips take, a point's radius over them
/// (points; 0 with none), which the fitted view leaves below the curves.
#[must_use]
pub fn strips_height(document: &Document) -> f32 {
    if document.safety_marks().is_empty() && document.floor_spans().is_empty() {
        0.0
    } else {
        // Too fast, out of range, and the floor's (a fall twice as tall).
        4.0 * STRIP_HEIGHT + 5.0
    }
}

/// How much of the plot's top the key takes (points; 0 with no key), which the fitted view
/// leaves above the curves so that the key covers none of them.
#[must_use]
pub fn key_height(document: &Document) -> f32 {
    match key(document).count() {
        0 => 0.0,
        #[expect(clippy::cast_precision_loss, reason = "at most five rows")]
        rows => KEY_TOP + rows as f32 * KEY_ROW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::{deg_to_urad, postures::new_motion};

    #[test]
    fn the_key_names_the_servos_dashed_path_beside_a_segment_too_fast() {
        let mut motion = new_motion("DRX-1000", "stand").expect("the stand");
        let still = Document::created(motion.clone(), "still.mtn");
        assert!(!key(&still).any(|(s, _)| s == Swatch::Dashed));
        // The head down and back up, a frame each: the servo cannot follow.
        let stand = motion.keyframes.get(0).expect("first").angles_urad.to_vec();
        let mut down = stand.clone();
        down[0] = deg_to_urad(-60.0);
        let body = motion.keyframes.body()[0];
        motion.keyframes.push(1, body, &down).expect("row");
        motion.keyframes.push(1, body, &stand).expect("row");
        let fast = Document::created(motion, "fast.mtn");
        let rows: Vec<_> = key(&fast).collect();
        assert!(
            rows.contains(&(Swatch::Dashed, "where the servo really is")),
            "{rows:?}"
        );
        assert_eq!(key_height(&fast), KEY_TOP + KEY_ROW * 2.0);
    }
}
