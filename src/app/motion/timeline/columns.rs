//! Lines drawn as a coverage of screen columns: every line adds, in each column it crosses,
//! the span from its lowest to its highest point there (plus a margin); overlapping spans in
//! a column are merged before anything is drawn, and each is one axis-aligned rectangle.
//!
//! Two uses: the safety marks' bands (however many curves are marked at a place, it is
//! tinted once, so the marks never stack into a solid wash), and dense curves (more
//! keyframes in view than pixel columns), which as rectangles cost the rasteriser a small
//! fraction of what thousands of anti-aliased diagonal segments a pixel apart cost.
//!
//! Everything works on a window of the columns, so that a change to a few of them (a
//! keyframe dragged) is drawn again there only ([`super::beneath`]).

use egui::{Color32, Pos2};
use std::ops::Range;

/// The plot's columns: where the first starts, how wide each is, how many there are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// The left edge of column 0, in points.
    pub left: f32,
    /// Each column's width, in points.
    pub step: f32,
    /// How many columns there are.
    pub count: usize,
}

impl Grid {
    /// The columns `step` points wide that cover `left..right`.
    #[must_use]
    pub fn over((left, right): (f32, f32), step: f32) -> Self {
        let step = step.max(1.0);
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a screen width in columns, clamped"
        )]
        let count = (((right - left) / step).ceil().clamp(0.0, 100_000.0)) as usize;
        Self { left, step, count }
    }

    /// Column `c`'s x range.
    #[must_use]
    pub fn x(&self, c: usize) -> std::ops::RangeInclusive<f32> {
        let left = self.left + self.step * c as f32;
        left..=left + self.step
    }

    /// Every column.
    #[must_use]
    pub fn all(&self) -> Range<usize> {
        0..self.count
    }
}

/// Calls `out` with the span of the polyline `points` (in x order) in each column of
/// `window` it crosses: its lowest and highest point there, interpolated at the column's
/// edges (so diagonals and peaks are followed), widened by `half` each way. Costs a span a
/// column, and a binary search to find where the window starts, however many points the
/// line has.
pub fn line_spans(
    grid: &Grid,
    points: &[Pos2],
    window: Range<usize>,
    half: f32,
    mut out: impl FnMut(usize, (f32, f32)),
) {
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return;
    };
    let window = window.start..window.end.min(grid.count);
    if points.len() < 2 || window.is_empty() {
        return;
    }
    let y_at = |i: usize, x: f32| {
        let (a, b) = (points[i], points[i + 1]);
        if b.x - a.x <= f32::EPSILON {
            a.y
        } else {
            a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x)).clamp(0.0, 1.0)
        }
    };
    let end = last.x.min(*grid.x(window.end - 1).end());
    let mut x = first.x.max(*grid.x(window.start).start());
    // The segment the window starts in.
    let mut segment = points
        .partition_point(|p| p.x <= x)
        .saturating_sub(1)
        .min(points.len() - 2);
    while x < end {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "x is within the columns"
        )]
        let column = ((x - grid.left) / grid.step) as usize;
        let right = grid.x(column).end().min(end);
        while segment + 2 < points.len() && points[segment + 1].x <= x {
            segment += 1;
        }
        let start_y = y_at(segment, x);
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
        if window.contains(&column) {
            out(column, (low - half, high + half));
        }
        if right <= x {
            break;
        }
        x = right;
    }
}

/// One kind of mark's coverage of a window of the plot's columns.
#[derive(Clone, Debug)]
pub struct Coverage {
    grid: Grid,
    window: Range<usize>,
    /// How far the band reaches above and below a curve, in points.
    half: f32,
    /// The vertical spans marked, as added: (column, top, bottom). One flat list rather than
    /// a list per column: a frame adds tens of thousands, and a list each would be as many
    /// allocations.
    added: Vec<(usize, f32, f32)>,
}

impl Coverage {
    /// An empty coverage of `left..right` in columns `step` points wide, whose bands reach
    /// `half` points beyond their curves.
    #[must_use]
    pub fn new(range: (f32, f32), step: f32, half: f32) -> Self {
        let grid = Grid::over(range, step);
        Self::window(grid, grid.all(), half)
    }

    /// An empty coverage of the columns `window` of `grid`.
    #[must_use]
    pub fn window(grid: Grid, window: Range<usize>, half: f32) -> Self {
        Self {
            grid,
            window,
            half,
            added: Vec::new(),
        }
    }

    /// Adds a polyline (`points` in x order): its span in each column of the window it
    /// crosses ([`line_spans`]).
    pub fn add_line(&mut self, points: &[Pos2]) {
        let added = &mut self.added;
        line_spans(
            &self.grid,
            points,
            self.window.clone(),
            self.half,
            |c, (top, bottom)| added.push((c, top, bottom)),
        );
    }

    /// The spans by column of the window, each column's sorted and merged: disjoint, top to
    /// bottom. Column `window.start + i`'s are `spans[offsets[i]..offsets[i + 1]]`.
    fn merged(&self) -> (Vec<usize>, Vec<(f32, f32)>) {
        // A counting sort by column, then each column's few spans sorted and merged.
        let count = self.window.len();
        let mut offsets = vec![0_usize; count + 1];
        for &(c, _, _) in &self.added {
            offsets[c - self.window.start + 1] += 1;
        }
        for i in 0..count {
            offsets[i + 1] += offsets[i];
        }
        let mut next = offsets.clone();
        let mut spans = vec![(0.0, 0.0); self.added.len()];
        for &(c, top, bottom) in &self.added {
            let at = &mut next[c - self.window.start];
            spans[*at] = (top, bottom);
            *at += 1;
        }
        // Merge each column in place, packing the merged spans to the front.
        let (mut write, mut start) = (0, 0);
        for i in 0..count {
            let end = offsets[i + 1];
            spans[start..end].sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
            let first = write;
            for read in start..end {
                let (top, bottom) = spans[read];
                if write > first && top <= spans[write - 1].1 {
                    spans[write - 1].1 = spans[write - 1].1.max(bottom);
                } else {
                    spans[write] = (top, bottom);
                    write += 1;
                }
            }
            start = end;
            offsets[i + 1] = write;
        }
        spans.truncate(write);
        (offsets, spans)
    }

    /// The coverage as one mesh: a rectangle per column and merged span, so each place is
    /// tinted once however many lines cover it.
    #[must_use]
    pub fn mesh(self, color: Color32) -> egui::Mesh {
        self.mesh_beneath(color, None)
    }

    /// As [`Self::mesh`], leaving out what `above` hides (opaque lines drawn over this, on
    /// the same columns): nothing is painted that cannot be seen.
    #[must_use]
    pub fn mesh_beneath(self, color: Color32, above: Option<&Occlusion>) -> egui::Mesh {
        let (offsets, spans) = self.merged();
        let above = above.filter(|o| o.grid == Some(self.grid));
        let mut mesh = egui::Mesh::default();
        let mut pieces = Vec::new();
        for (i, c) in self.window.clone().enumerate() {
            let column = &spans[offsets[i]..offsets[i + 1]];
            pieces.clear();
            match above.and_then(|o| o.columns.get(c)) {
                Some(covered) => {
                    for &span in column {
                        uncovered(span, covered, &mut pieces);
                    }
                }
                None => pieces.extend_from_slice(column),
            }
            for &(top, bottom) in &pieces {
                mesh.add_colored_rect(
                    egui::Rect::from_x_y_ranges(self.grid.x(c), top..=bottom),
                    color,
                );
            }
        }
        mesh
    }
}

/// What opaque lines cover, column by column: nothing beneath it there can be seen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Occlusion {
    /// The columns.
    pub grid: Option<Grid>,
    /// Each column's covered spans, sorted and disjoint.
    columns: Vec<Vec<(f32, f32)>>,
}

impl Occlusion {
    /// Nothing covered yet, on `grid`'s columns.
    #[must_use]
    pub fn new(grid: Grid) -> Self {
        Self {
            grid: Some(grid),
            columns: vec![Vec::new(); grid.count],
        }
    }
}

/// Merges `span` into `covered` (sorted and disjoint), keeping it so.
fn cover(covered: &mut Vec<(f32, f32)>, (top, bottom): (f32, f32)) {
    let first = covered.partition_point(|c| c.1 < top);
    let last = covered.partition_point(|c| c.0 <= bottom);
    if first >= last {
        covered.insert(first, (top, bottom));
    } else {
        let merged = (top.min(covered[first].0), bottom.max(covered[last - 1].1));
        covered.splice(first..last, std::iter::once(merged));
    }
}

/// The parts of `span` that none of `covered` (sorted, disjoint) covers.
fn uncovered(span: (f32, f32), covered: &[(f32, f32)], out: &mut Vec<(f32, f32)>) {
    each_uncovered(span, covered, |piece| out.push(piece));
}

/// Calls `out` with each part of `span` that none of `covered` (sorted, disjoint) covers.
fn each_uncovered(span: (f32, f32), covered: &[(f32, f32)], mut out: impl FnMut((f32, f32))) {
    let (mut top, bottom) = span;
    let first = covered.partition_point(|c| c.1 <= top);
    for &(c_top, c_bottom) in &covered[first..] {
        if c_top >= bottom {
            break;
        }
        if c_top > top {
            out((top, c_top));
        }
        top = top.max(c_bottom);
        if top >= bottom {
            return;
        }
    }
    if top < bottom {
        out((top, bottom));
    }
}

/// Opaque lines over column `c`, each at most one span there, bottom first (drawn in this
/// order, the last on top): each place is painted once, by the topmost line there, so
/// twenty curves over one another cost the rasteriser one layer, not twenty. Adds what
/// shows of each line to `mesh` in its colour, and sets what they cover in `occlusion`.
pub fn paint_column(
    c: usize,
    lines: &[(Option<(f32, f32)>, Color32)],
    occlusion: &mut Occlusion,
    mesh: &mut egui::Mesh,
) {
    let (Some(grid), Some(covered)) = (occlusion.grid, occlusion.columns.get_mut(c)) else {
        return;
    };
    covered.clear();
    for &(span, color) in lines.iter().rev() {
        let Some(span) = span else { continue };
        each_uncovered(span, covered, |(top, bottom)| {
            mesh.add_colored_rect(egui::Rect::from_x_y_ranges(grid.x(c), top..=bottom), color);
        });
        // What this line covers hides it from every line beneath.
        cover(covered, span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each rectangle of a mesh as (left, right, top, bottom).
    fn rects(mesh: &egui::Mesh) -> Vec<(f32, f32, f32, f32)> {
        mesh.vertices
            .chunks(4)
            .map(|v| {
                let xs = v.iter().map(|v| v.pos.x);
                let ys = v.iter().map(|v| v.pos.y);
                (
                    xs.clone().fold(f32::INFINITY, f32::min),
                    xs.fold(f32::NEG_INFINITY, f32::max),
                    ys.clone().fold(f32::INFINITY, f32::min),
                    ys.fold(f32::NEG_INFINITY, f32::max),
                )
            })
            .collect()
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn the_band_follows_the_line_in_columns_and_reaches_every_peak() {
        // A diagonal from (0, 0) to (30, 30): ten columns, each spanning the line's own
        // height in that column, plus the half width.
        let mut coverage = Coverage::new((-99.0, 102.0), 3.0, 1.0);
        coverage.add_line(&[Pos2::new(0.0, 0.0), Pos2::new(30.0, 30.0)]);
        let band = rects(&coverage.mesh(Color32::RED));
        assert_eq!(band.len(), 10);
        let (l, r, top, bottom) = band[4];
        assert!(close(l, 12.0) && close(r, 15.0), "{l} {r}");
        assert!(close(top, 11.0) && close(bottom, 16.0), "{top} {bottom}");
        // A spike inside one column is reached; the columns beside it stay flat.
        let mut coverage = Coverage::new((0.0, 9.0), 3.0, 1.0);
        coverage.add_line(&[
            Pos2::new(0.0, 0.0),
            Pos2::new(4.0, 0.0),
            Pos2::new(4.5, -50.0),
            Pos2::new(5.0, 0.0),
            Pos2::new(9.0, 0.0),
        ]);
        let band = rects(&coverage.mesh(Color32::RED));
        assert_eq!(band.len(), 3);
        assert!(close(band[1].2, -51.0));
        assert!(close(band[0].2, -1.0) && close(band[2].2, -1.0));
        // Clipped to the view: a line two million points long makes a view's worth.
        let mut coverage = Coverage::new((0.0, 300.0), 3.0, 1.0);
        coverage.add_line(&[Pos2::new(-1e6, 0.0), Pos2::new(1e6, 0.0)]);
        coverage.add_line(&[Pos2::new(5.0, 0.0)]);
        assert_eq!(rects(&coverage.mesh(Color32::RED)).len(), 100);
    }

    #[test]
    fn lines_over_one_another_tint_a_place_once() {
        // Twenty marked curves on top of one another, and one well apart: each column has
        // one span where the twenty overlap and one for the lone curve, never twenty.
        let mut coverage = Coverage::new((0.0, 30.0), 3.0, 4.5);
        for j in 0..20u8 {
            let y = f32::from(j);
            coverage.add_line(&[Pos2::new(0.0, y), Pos2::new(30.0, y)]);
        }
        coverage.add_line(&[Pos2::new(0.0, 100.0), Pos2::new(30.0, 100.0)]);
        let band = rects(&coverage.mesh(Color32::RED));
        assert_eq!(band.len(), 20, "two spans in each of ten columns");
        for column in band.chunks(2) {
            assert!(
                close(column[0].2, -4.5) && close(column[0].3, 23.5),
                "{column:?}"
            );
            assert!(
                close(column[1].2, 95.5) && close(column[1].3, 104.5),
                "{column:?}"
            );
        }
    }

    #[test]
    fn opaque_lines_paint_each_place_once_by_the_topmost() {
        // Two lines over one column: the lower layer (drawn first) spans 0..10, the upper
        // 4..6. The upper is painted whole, the lower only where it shows: 0..4 and 6..10.
        let grid = Grid::over((0.0, 3.0), 3.0);
        let mut occlusion = Occlusion::new(grid);
        let mut mesh = egui::Mesh::default();
        paint_column(
            0,
            &[
                (Some((0.0, 10.0)), Color32::RED),
                (Some((4.0, 6.0)), Color32::BLUE),
            ],
            &mut occlusion,
            &mut mesh,
        );
        let by_colour = |colour: Color32| -> Vec<(f32, f32)> {
            mesh.vertices
                .chunks(4)
                .zip(rects(&mesh))
                .filter(|(v, _)| v[0].color == colour)
                .map(|(_, r)| (r.2, r.3))
                .collect()
        };
        assert_eq!(by_colour(Color32::BLUE), vec![(4.0, 6.0)]);
        assert_eq!(by_colour(Color32::RED), vec![(0.0, 4.0), (6.0, 10.0)]);
        // A band beneath both is painted only where neither covers it.
        let mut beneath = Coverage::window(grid, grid.all(), 0.0);
        beneath.add_line(&[Pos2::new(0.0, 8.0), Pos2::new(3.0, 14.0)]);
        let band = rects(&beneath.mesh_beneath(Color32::GREEN, Some(&occlusion)));
        assert_eq!(band.len(), 1);
        assert!(close(band[0].2, 10.0) && close(band[0].3, 14.0), "{band:?}");
        // Twenty lines over one another cost one layer of pixels, not twenty.
        let mut mesh = egui::Mesh::default();
        let lines = vec![(Some((0.0, 10.0)), Color32::RED); 20];
        paint_column(0, &lines, &mut occlusion, &mut mesh);
        let area: f32 = rects(&mesh)
            .iter()
            .map(|(l, r, t, b)| (r - l) * (b - t))
            .sum();
        assert!(close(area, 3.0 * 10.0), "{area}");
    }

    #[test]
    fn a_window_of_columns_is_what_the_whole_gives_there() {
        // A zigzag over 100 columns: the spans of columns 40..60 alone are the whole's.
        let grid = Grid::over((0.0, 100.0), 1.0);
        let points: Vec<Pos2> = (0..=50)
            .map(|i| Pos2::new(i as f32 * 2.0, if i % 2 == 0 { 0.0 } else { 7.0 }))
            .collect();
        let mut whole = Vec::new();
        line_spans(&grid, &points, grid.all(), 0.5, |c, s| whole.push((c, s)));
        let mut part = Vec::new();
        line_spans(&grid, &points, 40..60, 0.5, |c, s| part.push((c, s)));
        assert_eq!(whole.len(), 100);
        assert_eq!(part, whole[40..60].to_vec());
    }

    #[test]
    fn uncovered_parts_of_a_span() {
        let mut out = Vec::new();
        uncovered(
            (0.0, 10.0),
            &[(-5.0, 1.0), (3.0, 4.0), (8.0, 20.0)],
            &mut out,
        );
        assert_eq!(out, vec![(1.0, 3.0), (4.0, 8.0)]);
        out.clear();
        uncovered((2.0, 3.0), &[(0.0, 10.0)], &mut out);
        assert!(out.is_empty());
        uncovered((2.0, 3.0), &[], &mut out);
        assert_eq!(out, vec![(2.0, 3.0)]);
    }
}
