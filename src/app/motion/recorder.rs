//! Pictures kept between frames: a [`Recorder`] collects what a piece of the window paints
//! as shapes (laying text out with a real painter's fonts), and [`tessellated`] makes all but
//! the text one mesh, so that a picture that has not changed (the stage for a pose, a track's
//! lanes for a view) is painted again each frame without being made or tessellated again.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke};
use std::cell::RefCell;

/// Collects shapes instead of painting them.
pub struct Recorder<'a> {
    /// The painter text is laid out with (nothing is painted with it).
    pub painter: &'a Painter,
    shapes: RefCell<Vec<Shape>>,
}

impl<'a> Recorder<'a> {
    /// A recorder laying text out with `painter`'s fonts.
    #[must_use]
    pub fn new(painter: &'a Painter) -> Self {
        Self {
            painter,
            shapes: RefCell::new(Vec::new()),
        }
    }

    /// Adds a shape.
    pub fn add(&self, shape: impl Into<Shape>) {
        self.shapes.borrow_mut().push(shape.into());
    }

    /// A filled rectangle.
    pub fn rect_filled(&self, rect: Rect, corner: f32, color: Color32) {
        self.add(egui::epaint::RectShape::filled(rect, corner, color));
    }

    /// A rectangle's outline.
    pub fn rect_stroke(&self, rect: Rect, corner: f32, stroke: Stroke, kind: egui::StrokeKind) {
        self.add(egui::epaint::RectShape::stroke(rect, corner, stroke, kind));
    }

    /// A line.
    pub fn line_segment(&self, points: [Pos2; 2], stroke: Stroke) {
        self.add(Shape::line_segment(points, stroke));
    }

    /// A galley with its top left at `at`.
    pub fn galley(&self, at: Pos2, galley: std::sync::Arc<egui::Galley>, color: Color32) {
        self.add(Shape::galley(at, galley, color));
    }

    /// One line of text anchored at `pos`.
    pub fn text(&self, pos: Pos2, anchor: Align2, text: &str, font: FontId, color: Color32) {
        let galley = self.painter.layout_no_wrap(text.to_owned(), font, color);
        let rect = anchor.anchor_size(pos, galley.size());
        self.galley(rect.min, galley, color);
    }

    /// What was recorded, tessellated ([`tessellated`]).
    #[must_use]
    pub fn finish(self) -> Vec<Shape> {
        tessellated(self.painter.ctx(), self.shapes.into_inner())
    }
}

/// The shapes with everything but text made into one mesh, the texts after it (each text's
/// backdrop is in the mesh, beneath it). Text stays as it is, placed by the font atlas when
/// the frame is tessellated.
#[must_use]
pub fn tessellated(ctx: &egui::Context, shapes: Vec<Shape>) -> Vec<Shape> {
    let mut tessellator = egui::epaint::Tessellator::new(
        ctx.pixels_per_point(),
        ctx.tessellation_options(|options| *options),
        [1, 1],
        Vec::new(),
    );
    let mut mesh = egui::Mesh::default();
    let mut texts = Vec::new();
    for shape in shapes {
        if matches!(shape, Shape::Text(_)) {
            texts.push(shape);
        } else {
            tessellator.tessellate_shape(shape, &mut mesh);
        }
    }
    let mut out = vec![Shape::mesh(mesh)];
    out.extend(texts);
    out
}
