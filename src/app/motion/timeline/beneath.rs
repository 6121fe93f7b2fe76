//! What the timeline paints beneath the plot's own items: dense curves drawn as columns
//! ([`super::columns`]) and the safety marks' bands ([`super::marks`]). Both are worked out
//! from the reduced curves on screen, the costliest part of a frame on a long motion, so
//! they are kept as meshes of a few dozen columns each:
//! - while the view (the plot's place, the time and angles in view, the curves shown and
//!   focused, the marks) and the curves stay, the meshes are painted as they are (an idle
//!   window, playback, a hovered point);
//! - when only the curves change (a keyframe dragged), each curve's columns are worked out
//!   again where its points changed, and only the meshes of the columns that changed are
//!   made again;
//! - when the view changes (panning, zooming), everything is made again.

use super::columns::{Grid, Occlusion, line_spans, paint_column};
use super::marks::{self, MarkIndex};
use super::thin::Curve;
use crate::app::motion::palette::channel_color;
use crate::app::motion::view::Channel;
use crate::edit::Document;
use egui::{Color32, Mesh, Pos2, Shape};
use egui_plot::PlotPoint;
use std::sync::Arc;

/// The columns one mesh covers: a drag makes again one or two of these.
const CHUNK: usize = 48;

/// What the shapes show, besides the curves themselves.
#[derive(Clone, Debug, PartialEq)]
struct Scene {
    /// The plot's frame on screen.
    frame: egui::Rect,
    /// The plot's bounds: (time, angle) at its two corners.
    bounds: [f64; 4],
    /// The curves shown, in drawing order.
    channels: Vec<Channel>,
    /// The curve drawn thicker.
    focused: Option<Channel>,
    /// The safety marks ([`Document::marks_revision`]).
    marks: u64,
    /// Whether the curves are drawn as columns.
    dense: bool,
}

/// The shapes beneath the plot's items, kept by columns.
#[derive(Clone, Debug, Default)]
pub struct Beneath {
    view: Option<Scene>,
    /// The curves' making the meshes show.
    curves: u64,
    /// The curves the meshes show (dense curves only), in drawing order.
    points: Vec<Arc<[[f64; 2]]>>,
    /// Each of those curves' span in each column.
    lines: Vec<Vec<Option<(f32, f32)>>>,
    /// What the dense curves cover, by column.
    occlusion: Occlusion,
    /// The dense curves, a mesh each [`CHUNK`] of columns.
    dense: Vec<Arc<Mesh>>,
    /// The bands, too fast then out of range, a mesh each chunk of columns.
    bands: [Vec<Arc<Mesh>>; 2],
    /// Rings round lone marked keyframes.
    rings: Vec<Shape>,
}

/// What the shapes beneath the plot are made from this frame.
pub struct Inputs<'a> {
    /// The document.
    pub document: &'a Document,
    /// The curves as drawn (reduced when dense).
    pub curves: &'a [Curve],
    /// Their making ([`super::thin::CurveCache::generation`]).
    pub generation: u64,
    /// The plot's transform this frame.
    pub transform: &'a egui_plot::PlotTransform,
    /// The curve drawn thicker.
    pub focused: Option<Channel>,
    /// Whether the curves are drawn as columns.
    pub dense: bool,
    /// Make everything again (the frame bench's case of a view that moves every frame).
    pub afresh: bool,
}

impl Beneath {
    /// The dense curves (none unless dense) and the marks' bands, made again where their
    /// inputs changed.
    pub fn shapes(
        &mut self,
        inputs: &Inputs<'_>,
        index: &mut MarkIndex,
    ) -> (Vec<Shape>, Vec<Shape>) {
        let (curves, generation) = (inputs.curves, inputs.generation);
        let bounds = inputs.transform.bounds();
        let view = Scene {
            frame: *inputs.transform.frame(),
            bounds: [
                bounds.min()[0],
                bounds.min()[1],
                bounds.max()[0],
                bounds.max()[1],
            ],
            channels: curves.iter().map(|(c, _)| *c).collect(),
            focused: inputs.focused,
            marks: inputs.document.marks_revision(),
            dense: inputs.dense,
        };
        let same_view = !inputs.afresh && self.view.as_ref() == Some(&view);
        if !same_view || self.curves != generation {
            self.refresh(inputs, index, &view, same_view);
            self.view = Some(view);
            self.curves = generation;
        }
        let mesh = |m: &Arc<Mesh>| Shape::Mesh(m.clone());
        let dense = self.dense.iter().map(mesh).collect();
        let mut bands: Vec<Shape> = self.bands.iter().flatten().map(mesh).collect();
        bands.extend(self.rings.iter().cloned());
        (dense, bands)
    }

    /// Makes the meshes again: those of the columns whose curves changed when the view is
    /// the same, else all.
    fn refresh(&mut self, inputs: &Inputs<'_>, index: &mut MarkIndex, view: &Scene, same: bool) {
        let curves = inputs.curves;
        let transform = inputs.transform;
        let frame = view.frame;
        let step = if view.dense { 1.0 } else { marks::BAND_STEP };
        let grid = Grid::over((frame.left(), frame.right()), step);
        let chunks = grid.count.div_ceil(CHUNK);
        let mut changed = vec![!same; chunks];
        if !view.dense {
            // Few keyframes in view: no columns to keep, and little to make.
            changed.fill(true);
            self.points.clear();
            self.lines.clear();
        } else if same {
            // Each curve's columns worked out again where its points changed.
            for (i, (_, points)) in curves.iter().enumerate() {
                if let (Some(old), Some(spans)) = (self.points.get(i), self.lines.get_mut(i))
                    && let Some(window) = changed_columns(&grid, transform, old, points)
                {
                    let mut fresh = vec![None; window.len()];
                    let half = line_half(view, curves[i].0);
                    line_spans(
                        &grid,
                        &on_screen(transform, points),
                        window.clone(),
                        half,
                        |c, span| {
                            fresh[c - window.start] = Some(span);
                        },
                    );
                    for (c, span) in window.zip(fresh) {
                        if spans[c] != span {
                            spans[c] = span;
                            changed[c / CHUNK] = true;
                        }
                    }
                }
            }
            self.points = curves.iter().map(|(_, p)| p.clone()).collect();
        } else {
            self.points = curves.iter().map(|(_, p)| p.clone()).collect();
            self.lines = curves
                .iter()
                .map(|(channel, points)| {
                    let mut spans = vec![None; grid.count];
                    let half = line_half(view, *channel);
                    line_spans(
                        &grid,
                        &on_screen(transform, points),
                        grid.all(),
                        half,
                        |c, span| {
                            spans[c] = Some(span);
                        },
                    );
                    spans
                })
                .collect();
        }
        if !same {
            self.occlusion = if view.dense {
                Occlusion::new(grid)
            } else {
                Occlusion::default()
            };
            self.dense = vec![Arc::default(); if view.dense { chunks } else { 0 }];
            self.bands = [vec![Arc::default(); chunks], vec![Arc::default(); chunks]];
        }
        let colours: Vec<Color32> = view.channels.iter().map(|&c| channel_color(c)).collect();
        let marked = marks::marked_lines(inputs.document, index, curves, transform);
        let mut column: Vec<(Option<(f32, f32)>, Color32)> = Vec::with_capacity(colours.len());
        for chunk in (0..chunks).filter(|&k| changed[k]) {
            let window = chunk * CHUNK..((chunk + 1) * CHUNK).min(grid.count);
            if view.dense {
                let mut mesh = Mesh::default();
                for c in window.clone() {
                    column.clear();
                    column.extend(
                        self.lines
                            .iter()
                            .zip(&colours)
                            .map(|(spans, &colour)| (spans[c], colour)),
                    );
                    paint_column(c, &column, &mut self.occlusion, &mut mesh);
                }
                self.dense[chunk] = Arc::new(mesh);
            }
            let above = view.dense.then_some(&self.occlusion);
            for (kind, meshes) in self.bands.iter_mut().enumerate() {
                meshes[chunk] =
                    Arc::new(marked.band(kind, (grid, window.clone()), above, curves, transform));
            }
        }
        self.rings = marked.rings;
    }
}

/// How far a dense curve reaches above and below its line: the focused one is thicker.
fn line_half(view: &Scene, channel: Channel) -> f32 {
    if view.focused == Some(channel) {
        1.5
    } else {
        0.75
    }
}

/// Plot points on screen.
fn on_screen(transform: &egui_plot::PlotTransform, points: &[[f64; 2]]) -> Vec<Pos2> {
    points
        .iter()
        .map(|p| transform.position_from_point(&PlotPoint::new(p[0], p[1])))
        .collect()
}

/// The columns in which a curve's new points can differ from its old ones: from the point
/// before the first that changed to the point after the last (the segments that meet
/// them), or every column when the count changed. `None` when nothing changed.
fn changed_columns(
    grid: &Grid,
    transform: &egui_plot::PlotTransform,
    old: &Arc<[[f64; 2]]>,
    new: &Arc<[[f64; 2]]>,
) -> Option<std::ops::Range<usize>> {
    if Arc::ptr_eq(old, new) {
        return None;
    }
    if old.len() != new.len() {
        return Some(grid.all());
    }
    let first = old.iter().zip(new.iter()).position(|(a, b)| a != b)?;
    let last = old.len()
        - 1
        - old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .position(|(a, b)| a != b)?;
    let x = |i: usize| {
        let p = new[i.min(new.len() - 1)];
        transform.position_from_point(&PlotPoint::new(p[0], p[1])).x
    };
    let column = |x: f32| ((x - grid.left) / grid.step).floor();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped to the columns"
    )]
    let (from, to) = (
        column(x(first.saturating_sub(1))).clamp(0.0, grid.count as f32) as usize,
        (column(x(last + 1)) + 1.0).clamp(0.0, grid.count as f32) as usize,
    );
    Some(from..to.max(from))
}
