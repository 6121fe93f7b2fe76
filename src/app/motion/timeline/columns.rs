//! Lines drawn as a coverage of screen columns: every line adds, in each column it crosses,
//! the span from its lowest to its highest point there (plus a margin); overlapping spans in
//! a column are merged before anything is drawn, and each is one axis-aligned rectangle.
//!
//! Two uses: the safety marks' bands (however many curves are marked at a place, it is
//! tinted once, so the marks never stack into a solid wash), and dense curves (more
//! keyframes in view than pixel columns), which as rectangles cost the rasteriser a small
//! fraction of what thousands of anti-aliased diagonal segments a pixel apart cost.

use crate::app::motion::view::{Channel, channel_color};
use egui::{Color32, Pos2};
use egui_plot::PlotPoint;
use std::sync::Arc;

/// One kind of mark's coverage of the plot, column by column.
#[derive(Clone, Debug)]
pub struct Coverage {
    /// The left edge of column 0, in points.
    left: f32,
    /// Each column's width, in points.
    step: f32,
    /// How far the band reaches above and below a curve, in points.
    half: f32,
    /// For each column, the vertical spans marked in it (top, bottom), unmerged.
    columns: Vec<Vec<(f32, f32)>>,
}

impl Coverage {
    /// An empty coverage of `left..right` in columns `step` points wide, whose bands reach
    /// `half` points beyond their curves.
    #[must_use]
    pub fn new((left, right): (f32, f32), step: f32, half: f32) -> Self {
        let step = step.max(1.0);
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a screen width in columns, clamped"
        )]
        let count = (((right - left) / step).ceil().clamp(0.0, 100_000.0)) as usize;
        Self {
            left,
            step,
            half,
            columns: vec![Vec::new(); count],
        }
    }

    /// Adds a polyline (`points` in x order): in each column it crosses, the line's lowest
    /// and highest point there (interpolated at the column's edges, so diagonals and
    /// peaks are followed). Costs a span per column however many points the line has.
    pub fn add_line(&mut self, points: &[Pos2]) {
        let (Some(first), Some(last)) = (points.first(), points.last()) else {
            return;
        };
        if points.len() < 2 || self.columns.is_empty() {
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
        let right_edge = self.left + self.step * self.columns.len() as f32;
        let end = last.x.min(right_edge);
        let mut x = first.x.max(self.left);
        let mut segment = 0;
        while x < end {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "x is within the columns"
            )]
            let column = ((x - self.left) / self.step) as usize;
            let column_right = self.left + self.step * (column + 1) as f32;
            let right = column_right.min(end);
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
            if let Some(spans) = self.columns.get_mut(column) {
                spans.push((low - self.half, high + self.half));
            }
            if right <= x {
                break;
            }
            x = right;
        }
    }

    /// Each column's spans sorted and merged: disjoint, top to bottom.
    fn merge(&mut self) {
        for spans in &mut self.columns {
            merge_spans(spans);
        }
    }

    /// Column `c`'s x range.
    fn column_x(&self, c: usize) -> std::ops::RangeInclusive<f32> {
        let left = self.left + self.step * c as f32;
        left..=left + self.step
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
    pub fn mesh_beneath(mut self, color: Color32, above: Option<&Occlusion>) -> egui::Mesh {
        self.merge();
        let above = above.filter(|o| o.left == self.left && o.step == self.step);
        let mut mesh = egui::Mesh::default();
        let mut pieces = Vec::new();
        for (c, spans) in self.columns.iter().enumerate() {
            pieces.clear();
            match above.and_then(|o| o.columns.get(c)) {
                Some(covered) => {
                    for &span in spans {
                        uncovered(span, covered, &mut pieces);
                    }
                }
                None => pieces.extend_from_slice(spans),
            }
            for &(top, bottom) in &pieces {
                mesh.add_colored_rect(
                    egui::Rect::from_x_y_ranges(self.column_x(c), top..=bottom),
                    color,
                );
            }
        }
        mesh
    }
}

/// What opaque lines cover, column by column: nothing beneath it there can be seen.
#[derive(Clone, Debug, Default)]
pub struct Occlusion {
    /// The left edge of column 0, in points.
    pub left: f32,
    /// Each column's width, in points.
    pub step: f32,
    /// Each column's covered spans, sorted and disjoint.
    columns: Vec<Vec<(f32, f32)>>,
}

/// Sorts vertical spans and merges those that overlap: disjoint, top to bottom.
fn merge_spans(spans: &mut Vec<(f32, f32)>) {
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut merged: Vec<(f32, f32)> = Vec::with_capacity(spans.len());
    for &(top, bottom) in spans.iter() {
        match merged.last_mut() {
            Some(last) if top <= last.1 => last.1 = last.1.max(bottom),
            _ => merged.push((top, bottom)),
        }
    }
    *spans = merged;
}

/// The parts of `span` that none of `covered` (sorted, disjoint) covers.
fn uncovered(span: (f32, f32), covered: &[(f32, f32)], out: &mut Vec<(f32, f32)>) {
    let (mut top, bottom) = span;
    let first = covered.partition_point(|c| c.1 <= top);
    for &(c_top, c_bottom) in &covered[first..] {
        if c_top >= bottom {
            break;
        }
        if c_top > top {
            out.push((top, c_top));
        }
        top = top.max(c_bottom);
        if top >= bottom {
            return;
        }
    }
    if top < bottom {
        out.push((top, bottom));
    }
}

/// Opaque lines, each a coverage with its colour, in drawing order (the last on top), as
/// meshes that paint only what shows: each place is painted once, by the topmost line
/// there, so twenty curves over one another cost the rasteriser one layer, not twenty.
#[must_use]
pub fn opaque_layers(layers: Vec<(Coverage, Color32)>) -> (Vec<egui::Mesh>, Occlusion) {
    let (left, step) = layers.first().map_or((0.0, 1.0), |(c, _)| (c.left, c.step));
    let mut covered: Vec<Vec<(f32, f32)>> = Vec::new();
    let mut meshes = Vec::with_capacity(layers.len());
    let mut pieces = Vec::new();
    for (mut coverage, color) in layers.into_iter().rev() {
        coverage.merge();
        covered.resize(covered.len().max(coverage.columns.len()), Vec::new());
        let mut mesh = egui::Mesh::default();
        for (c, spans) in coverage.columns.iter().enumerate() {
            pieces.clear();
            for &span in spans {
                uncovered(span, &covered[c], &mut pieces);
            }
            for &(top, bottom) in &pieces {
                mesh.add_colored_rect(
                    egui::Rect::from_x_y_ranges(coverage.column_x(c), top..=bottom),
                    color,
                );
            }
            // What this line covers hides it from every line beneath.
            covered[c].extend_from_slice(spans);
            merge_spans(&mut covered[c]);
        }
        meshes.push(mesh);
    }
    meshes.reverse();
    let occlusion = Occlusion {
        left,
        step,
        columns: covered,
    };
    (meshes, occlusion)
}

/// Dense curves (`curves` in plot coordinates, reduced) as columns a point wide, the
/// focused one thicker, each place painted once by the curve drawn on top there: the same
/// picture as a line through every point, at a fraction of the rasteriser's work. With
/// them, what they hide (so that the marks beneath are not painted there either).
#[must_use]
pub fn dense_curves(
    curves: &[(Channel, Arc<[[f64; 2]]>)],
    transform: &egui_plot::PlotTransform,
    focused: Option<Channel>,
) -> (Vec<egui::Shape>, Occlusion) {
    let frame = *transform.frame();
    let layers = curves
        .iter()
        .map(|(channel, points)| {
            let half = if focused == Some(*channel) { 1.5 } else { 0.75 };
            let mut coverage = Coverage::new((frame.left(), frame.right()), 1.0, half);
            let on_screen: Vec<Pos2> = points
                .iter()
                .map(|p| transform.position_from_point(&PlotPoint::new(p[0], p[1])))
                .collect();
            coverage.add_line(&on_screen);
            (coverage, channel_color(*channel))
        })
        .collect();
    let (meshes, occlusion) = opaque_layers(layers);
    (
        meshes.into_iter().map(egui::Shape::mesh).collect(),
        occlusion,
    )
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
        let layer = |y: f32, half: f32| {
            let mut coverage = Coverage::new((0.0, 3.0), 3.0, half);
            coverage.add_line(&[Pos2::new(0.0, y), Pos2::new(3.0, y)]);
            coverage
        };
        let (meshes, occlusion) = opaque_layers(vec![
            (layer(5.0, 5.0), Color32::RED),
            (layer(5.0, 1.0), Color32::BLUE),
        ]);
        let lower: Vec<(f32, f32)> = rects(&meshes[0]).iter().map(|r| (r.2, r.3)).collect();
        let upper: Vec<(f32, f32)> = rects(&meshes[1]).iter().map(|r| (r.2, r.3)).collect();
        assert_eq!(upper, vec![(4.0, 6.0)]);
        assert_eq!(lower, vec![(0.0, 4.0), (6.0, 10.0)]);
        // A band beneath both is painted only where neither covers it.
        let mut beneath = Coverage::new((0.0, 3.0), 3.0, 0.0);
        beneath.add_line(&[Pos2::new(0.0, 8.0), Pos2::new(3.0, 14.0)]);
        let band = rects(&beneath.mesh_beneath(Color32::GREEN, Some(&occlusion)));
        assert_eq!(band.len(), 1);
        assert!(close(band[0].2, 10.0) && close(band[0].3, 14.0), "{band:?}");
        // Twenty lines over one another cost one layer of pixels, not twenty.
        let layers = (0..20).map(|_| (layer(5.0, 5.0), Color32::RED)).collect();
        let area: f32 = opaque_layers(layers)
            .0
            .iter()
            .flat_map(rects)
            .map(|(l, r, t, b)| (r - l) * (b - t))
            .sum();
        assert!(close(area, 3.0 * 10.0), "{area}");
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
