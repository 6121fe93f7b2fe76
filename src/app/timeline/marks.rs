//! Safety marks on the timeline: a translucent band along a curve wherever a keyframe is
//! beyond its joint's limits (red) or a segment is too fast for its servo (magenta), two
//! strips along the bottom for every joint (hidden ones too), and a key.

use super::reduce::visible_range;
use crate::app::view::Channel;
use crate::edit::Document;
use crate::robot::marks::{Run, runs_within};
use egui::{Color32, Pos2, Stroke};
use egui_plot::PlotPoint;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// Colour of keyframes beyond a joint's limits.
const OUT_OF_RANGE_COLOR: Color32 = Color32::from_rgb(255, 45, 45);
/// Colour of segments faster than a joint's servo.
const TOO_FAST_COLOR: Color32 = Color32::from_rgb(255, 40, 210);
/// The band along a marked curve is built from columns this many points wide.
const BAND_STEP_PX: f32 = 3.0;
/// How far the band reaches above and below the curve, in points.
const BAND_HALF_PX: f32 = 4.5;

/// A translucent band `half` points above and below a polyline (`points` in x order), as
/// one mesh of a quad per `step`-point column between `clip_left` and `clip_right`. Each
/// quad spans the line's lowest and highest point within its column (the line interpolated
/// at the column's edges), so the band follows diagonals and reaches every peak, and costs
/// four vertices per column however many points the line has.
#[must_use]
pub fn band_mesh(
    points: &[Pos2],
    step: f32,
    half: f32,
    (clip_left, clip_right): (f32, f32),
    color: Color32,
) -> egui::Mesh {
    let mut mesh = egui::Mesh::default();
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return mesh;
    };
    if points.len() < 2 || step <= 0.0 {
        return mesh;
    }
    let y_at = |i: usize, x: f32| {
        let (a, b) = (points[i], points[i + 1]);
        if b.x - a.x <= f32::EPSILON {
            a.y
        } else {
            a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x)).clamp(0.0, 1.0)
        }
    };
    let end = last.x.min(clip_right);
    let mut left = first.x.max(clip_left);
    let mut segment = 0;
    while left < end {
        let right = (left + step).min(end);
        while segment + 2 < points.len() && points[segment + 1].x <= left {
            segment += 1;
        }
        let start_y = y_at(segment, left);
        let (mut low, mut high) = (start_y, start_y);
        let mut k = segment + 1;
        while k < points.len() && points[k].x <= right {
            low = low.min(points[k].y);
            high = high.max(points[k].y);
            k += 1;
        }
        if k < points.len() {
            let end_y = y_at(k - 1, right);
            low = low.min(end_y);
            high = high.max(end_y);
        }
        mesh.add_colored_rect(
            egui::Rect::from_x_y_ranges(left..=right, low - half..=high + half),
            color,
        );
        left = right;
    }
    mesh
}

/// Marks closer than this many points are drawn as one: the band along a curve is 9 points
/// wide, so smaller gaps hardly show, and a noisy motion zoomed out draws a few long bands
/// rather than hundreds of short ones (zooming in shows every gap).
const JOIN_PX: f64 = 8.0;
/// Height of each overview strip of marks along the bottom of the plot, in points.
const STRIP_HEIGHT: f32 = 4.0;

/// For one list of runs, the gap from each run to the next in ms, as a max tree: the pieces
/// a view draws (runs closer than a few pixels drawn as one) are then found a piece at a
/// time, however many runs each holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GapIndex {
    /// Leaves at `size..size + runs - 1`; each inner node is the larger of its two.
    tree: Vec<f64>,
    size: usize,
    gaps: usize,
}

impl GapIndex {
    /// The gaps of `runs` (sorted, disjoint) at these keyframe times; a run naming a
    /// keyframe that is gone (marks from before an edit) ends a piece.
    #[must_use]
    pub fn new(runs: &[Run], times_ms: &[u64]) -> Self {
        let gaps = runs.len().saturating_sub(1);
        let size = gaps.next_power_of_two().max(1);
        let mut tree = vec![f64::NEG_INFINITY; 2 * size];
        for (i, pair) in runs.windows(2).enumerate() {
            tree[size + i] = match (times_ms.get(pair[0].last), times_ms.get(pair[1].first)) {
                (Some(&end), Some(&start)) => start.saturating_sub(end) as f64,
                _ => f64::INFINITY,
            };
        }
        for node in (1..size).rev() {
            tree[node] = tree[2 * node].max(tree[2 * node + 1]);
        }
        Self { tree, size, gaps }
    }

    /// The first run at or after `i` whose gap to the next run is more than `join_ms`.
    #[must_use]
    pub fn next_break(&self, i: usize, join_ms: f64) -> Option<usize> {
        if i >= self.gaps {
            return None;
        }
        let mut node = self.size + i;
        if self.tree[node] > join_ms {
            return Some(i);
        }
        loop {
            if node == 1 {
                return None;
            }
            if node % 2 == 0 && self.tree[node + 1] > join_ms {
                node += 1;
                break;
            }
            node /= 2;
        }
        while node < self.size {
            node = if self.tree[2 * node] > join_ms {
                2 * node
            } else {
                2 * node + 1
            };
        }
        Some(node - self.size)
    }
}

/// The keyframe ranges to draw for `runs` (with their [`GapIndex`]) in the view `[x0, x1]`:
/// runs clipped to the keyframes in view, and runs less than `join_ms` apart drawn as one
/// (they would touch on screen anyway), so a view never draws more pieces than it has
/// pixels, and finding them costs a tree descent a piece.
#[must_use]
pub fn mark_pieces(
    runs: &[Run],
    gaps: &GapIndex,
    times_ms: &[u64],
    (x0, x1): (f64, f64),
    join_ms: f64,
) -> Vec<RangeInclusive<usize>> {
    let visible = visible_range(times_ms, x0, x1);
    let mut pieces = Vec::new();
    if visible.is_empty() {
        return pieces;
    }
    let last_visible = visible.end - 1;
    let within = runs_within(runs, visible.start, last_visible);
    let mut i = within.start;
    while i < within.end {
        let first = runs[i].first.max(visible.start);
        let end = gaps
            .next_break(i, join_ms)
            .map_or(within.end - 1, |k| k.min(within.end - 1));
        let last = runs[end].last.min(last_visible);
        if first <= last {
            pieces.push(first..=last);
        }
        i = end + 1;
    }
    pieces
}

/// The gap indexes of a motion's marks, kept while its marks stay the same.
#[derive(Clone, Debug, Default)]
pub struct MarkIndex {
    key: Option<u64>,
    out_of_range: Vec<GapIndex>,
    too_fast: Vec<GapIndex>,
    any_out_of_range: GapIndex,
    any_too_fast: GapIndex,
}

impl MarkIndex {
    /// Makes the indexes again when the document's marks changed.
    pub fn refresh(&mut self, document: &Document) {
        let key = document.marks_revision();
        if self.key == Some(key) {
            return;
        }
        let (marks, times) = (document.safety_marks(), document.times_ms());
        let index = |runs: &Vec<Run>| GapIndex::new(runs, times);
        self.out_of_range = marks.out_of_range.iter().map(index).collect();
        self.too_fast = marks.too_fast.iter().map(index).collect();
        self.any_out_of_range = index(&marks.any_out_of_range);
        self.any_too_fast = index(&marks.any_too_fast);
        self.key = Some(key);
    }
}

/// Marks every out-of-range keyframe (red) and too-fast segment (orange) over the shown
/// curves, and every place any joint (shown or not) has either, in a strip along the bottom.
pub fn paint_safety_marks(
    ui: &egui::Ui,
    document: &Document,
    index: &mut MarkIndex,
    curves: &[(Channel, Arc<[[f64; 2]]>)],
    transform: &egui_plot::PlotTransform,
) {
    let marks = document.safety_marks();
    if marks.is_empty() {
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
    for (channel, points) in curves {
        let Channel::Joint(j) = *channel else {
            continue;
        };
        let kinds = [
            (marks.too_fast.get(j), index.too_fast.get(j), TOO_FAST_COLOR),
            (
                marks.out_of_range.get(j),
                index.out_of_range.get(j),
                OUT_OF_RANGE_COLOR,
            ),
        ];
        for (runs, gaps, color) in kinds {
            let (Some(runs), Some(gaps)) = (runs, gaps) else {
                continue;
            };
            // A translucent band along the curve as drawn (its points, reduced when dense),
            // the curve itself still readable through it.
            let band_color = color.gamma_multiply(0.45);
            for piece in mark_pieces(runs, gaps, times, (x0, x1), ms_per_px * JOIN_PX) {
                let (from_ms, to_ms) = (times[*piece.start()] as f64, times[*piece.end()] as f64);
                let start = points.partition_point(|p| p[0] < from_ms);
                let end = points.partition_point(|p| p[0] <= to_ms);
                let on_screen: Vec<Pos2> = points[start..end.max(start)]
                    .iter()
                    .map(to_screen)
                    .collect();
                if let [single] = on_screen.as_slice() {
                    painter.circle_stroke(*single, 7.0, Stroke::new(2.0, color));
                } else {
                    painter.add(band_mesh(
                        &on_screen,
                        BAND_STEP_PX,
                        BAND_HALF_PX,
                        (frame.left(), frame.right()),
                        band_color,
                    ));
                }
            }
        }
    }
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
    // The key, top right: which colour is which.
    let kinds = [
        (
            marks.too_fast.iter().any(|r| !r.is_empty()),
            TOO_FAST_COLOR,
            "too fast for the servo",
        ),
        (
            marks.out_of_range.iter().any(|r| !r.is_empty()),
            OUT_OF_RANGE_COLOR,
            "beyond the joint's limits",
        ),
    ];
    let font = egui::TextStyle::Small.resolve(ui.style());
    let text_color = ui.visuals().strong_text_color();
    let mut y = frame.top() + 6.0;
    for (_, color, label) in kinds.iter().filter(|kind| kind.0) {
        let galley = painter.layout_no_wrap((*label).to_owned(), font.clone(), text_color);
        let text_left = frame.right() - 8.0 - galley.size().x;
        let swatch = egui::Rect::from_min_size(
            egui::pos2(text_left - 22.0, y + galley.size().y / 2.0 - 4.0),
            egui::vec2(16.0, 8.0),
        );
        let back = egui::Rect::from_min_max(
            egui::pos2(swatch.left() - 4.0, y - 1.0),
            egui::pos2(frame.right() - 4.0, y + galley.size().y + 1.0),
        );
        painter.rect_filled(
            back,
            2.0,
            ui.visuals().extreme_bg_color.gamma_multiply(0.85),
        );
        painter.rect_filled(swatch, 2.0, color.gamma_multiply(0.8));
        painter.galley(egui::pos2(text_left, y), galley, text_color);
        y += 18.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(
        runs: &[Run],
        times: &[u64],
        x0: f64,
        x1: f64,
        join: f64,
    ) -> Vec<RangeInclusive<usize>> {
        mark_pieces(runs, &GapIndex::new(runs, times), times, (x0, x1), join)
    }

    /// The pieces as a scan run by run finds them, what the index must agree with.
    fn scanned(
        runs: &[Run],
        times: &[u64],
        x0: f64,
        x1: f64,
        join: f64,
    ) -> Vec<RangeInclusive<usize>> {
        let visible = visible_range(times, x0, x1);
        let mut out: Vec<RangeInclusive<usize>> = Vec::new();
        if visible.is_empty() {
            return out;
        }
        let within = runs_within(runs, visible.start, visible.end - 1);
        let mut current: Option<(usize, usize)> = None;
        for run in &runs[within] {
            let joins =
                current.is_some_and(|(_, last)| match (times.get(last), times.get(run.first)) {
                    (Some(&end), Some(&start)) => start.saturating_sub(end) as f64 <= join,
                    _ => false,
                });
            current = match current {
                Some((first, _)) if joins => Some((first, run.last)),
                Some((first, last)) => {
                    out.push(first.max(visible.start)..=last.min(visible.end - 1));
                    Some((run.first, run.last))
                }
                None => Some((run.first, run.last)),
            };
        }
        if let Some((first, last)) = current {
            out.push(first.max(visible.start)..=last.min(visible.end - 1));
        }
        out.retain(|r| r.start() <= r.end());
        out
    }

    #[test]
    fn the_index_finds_the_pieces_a_run_by_run_scan_finds() {
        let times: Vec<u64> = (0..5_000).map(|k| k * 16 + (k % 7) * 3).collect();
        let mut state = 11_u64;
        let mut runs = Vec::new();
        let mut k = 0;
        while k < 5_100 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let gap = usize::try_from(state >> 60).unwrap_or(0) + 1;
            let len = usize::try_from((state >> 40) % 5).unwrap_or(0);
            runs.push(Run {
                first: k + gap,
                last: k + gap + len,
            });
            k += gap + len + 1;
        }
        let gaps = GapIndex::new(&runs, &times);
        for (x0, x1) in [(0.0, 90_000.0), (1_000.0, 2_000.0), (40_000.0, 81_000.0)] {
            for join in [0.0, 16.0, 40.0, 100.0, 1_000.0, 1e9] {
                assert_eq!(
                    mark_pieces(&runs, &gaps, &times, (x0, x1), join),
                    scanned(&runs, &times, x0, x1, join),
                    "{x0}..{x1} join {join}"
                );
            }
        }
    }

    #[test]
    fn mark_pieces_clip_to_the_view_and_join_what_would_touch_on_screen() {
        let times: Vec<u64> = (0..100).map(|k| k * 16).collect();
        let runs = [
            Run { first: 2, last: 3 },
            Run { first: 5, last: 5 },
            Run {
                first: 40,
                last: 60,
            },
            Run {
                first: 90,
                last: 99,
            },
        ];
        // Zoomed in (a pixel is well under a frame): every run is its own piece, the long
        // one clipped to the keyframes in view (one beyond each edge).
        assert_eq!(
            pieces(&runs, &times, 0.0, 800.0, 1.0),
            vec![2..=3, 5..=5, 40..=51]
        );
        // Zoomed out (two pixels are 40 ms): runs 2..=3 and 5 are 32 ms apart and join.
        assert_eq!(
            pieces(&runs, &times, 0.0, 1_600.0, 40.0),
            vec![2..=5, 40..=60, 90..=99]
        );
        // Nothing in view, no view, no runs.
        assert!(pieces(&runs, &times, 1_000.0, 1_300.0, 1.0).is_empty());
        assert!(pieces(&runs, &[], 0.0, 100.0, 1.0).is_empty());
        assert!(pieces(&[], &times, 0.0, 100.0, 1.0).is_empty());
        // Marks naming keyframes an edit has removed are ignored, not indexed.
        let stale = [
            Run {
                first: 98,
                last: 140,
            },
            Run {
                first: 150,
                last: 160,
            },
        ];
        assert_eq!(pieces(&stale, &times, 0.0, 5_000.0, 40.0), vec![98..=99]);
    }

    #[test]
    fn the_band_follows_the_line_in_columns_and_reaches_every_peak() {
        let color = Color32::RED;
        let column = |mesh: &egui::Mesh, c: usize| {
            let v = &mesh.vertices[c * 4..c * 4 + 4];
            let (xs, ys) = (v.iter().map(|v| v.pos.x), v.iter().map(|v| v.pos.y));
            (
                xs.clone().fold(f32::INFINITY, f32::min),
                xs.fold(f32::NEG_INFINITY, f32::max),
                ys.clone().fold(f32::INFINITY, f32::min),
                ys.fold(f32::NEG_INFINITY, f32::max),
            )
        };
        // A diagonal from (0, 0) to (30, 30): ten columns, each spanning the line's own
        // height in that column, plus the half width.
        let diagonal = [Pos2::new(0.0, 0.0), Pos2::new(30.0, 30.0)];
        let mesh = band_mesh(&diagonal, 3.0, 1.0, (-100.0, 100.0), color);
        assert_eq!(mesh.vertices.len(), 10 * 4);
        let (l, r, top, bottom) = column(&mesh, 4);
        assert!((l - 12.0).abs() < 1e-4 && (r - 15.0).abs() < 1e-4);
        assert!(
            (top - 11.0).abs() < 1e-4 && (bottom - 16.0).abs() < 1e-4,
            "{top} {bottom}"
        );
        // A spike inside one column is reached; the columns beside it stay flat.
        let spike = [
            Pos2::new(0.0, 0.0),
            Pos2::new(4.0, 0.0),
            Pos2::new(4.5, -50.0),
            Pos2::new(5.0, 0.0),
            Pos2::new(9.0, 0.0),
        ];
        let mesh = band_mesh(&spike, 3.0, 1.0, (-100.0, 100.0), color);
        assert_eq!(mesh.vertices.len(), 3 * 4);
        assert!((column(&mesh, 1).2 + 51.0).abs() < 1e-4);
        assert!((column(&mesh, 0).2 + 1.0).abs() < 1e-4);
        assert!((column(&mesh, 2).2 + 1.0).abs() < 1e-4);
        // Clipped to the view: a line two million points long makes a view's worth.
        let long = [Pos2::new(-1e6, 0.0), Pos2::new(1e6, 0.0)];
        let mesh = band_mesh(&long, 3.0, 1.0, (0.0, 300.0), color);
        assert_eq!(mesh.vertices.len(), 100 * 4);
        assert!(band_mesh(&long[..1], 3.0, 1.0, (0.0, 300.0), color).is_empty());
    }
}
