//! The translucent band along a marked curve, built as a coverage of screen columns: every
//! marked stretch of every curve adds, in each column it crosses, the span from its lowest
//! to its highest point there (plus a margin); overlapping spans in a column are merged
//! before anything is drawn. However many curves share a place, it is tinted once, so the
//! marks never stack into a solid wash that hides the curves' colours.

use egui::{Color32, Pos2};

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

    /// The coverage as one mesh: a rectangle per column and merged span, so each place is
    /// tinted once however many lines cover it.
    #[must_use]
    pub fn mesh(mut self, color: Color32) -> egui::Mesh {
        let mut mesh = egui::Mesh::default();
        for (c, spans) in self.columns.iter_mut().enumerate() {
            if spans.is_empty() {
                continue;
            }
            spans.sort_by(|a, b| a.0.total_cmp(&b.0));
            let left = self.left + self.step * c as f32;
            let mut add = |(top, bottom): (f32, f32)| {
                mesh.add_colored_rect(
                    egui::Rect::from_x_y_ranges(left..=left + self.step, top..=bottom),
                    color,
                );
            };
            let mut current = spans[0];
            for &(top, bottom) in &spans[1..] {
                if top <= current.1 {
                    current.1 = current.1.max(bottom);
                } else {
                    add(current);
                    current = (top, bottom);
                }
            }
            add(current);
        }
        mesh
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
}
