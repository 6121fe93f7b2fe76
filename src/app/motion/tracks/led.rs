//! The LED track's lanes: one per light, each note shaded by its brightness, the lights
//! named in the gutter. Editing them is [`super::led_notes`]'s.

use super::axis::TimeAxis;
use crate::app::motion::recorder::Recorder;
use crate::behaviour::{LaneNote, LedLane};
use crate::codec::sound::led::light_name;
use egui::{Color32, Pos2, Rect, Stroke, vec2};

/// An LED lane's height: a light's name reads whole and a note can be hit (lanes too many
/// for the room scroll).
pub const LED_LANE: f32 = 14.0;

/// Where the LED lanes are on screen and what they show.
#[derive(Clone, Copy)]
pub struct Lanes<'a> {
    /// The track's area, the lights' names' gutter included.
    pub rect: Rect,
    /// The lanes themselves, on the timeline's plot's x range.
    pub plot: Rect,
    /// The timeline's time axis.
    pub axis: &'a TimeAxis,
    /// Where the pattern starts on the motion's axis (ms).
    pub offset_ms: f64,
    /// Its lanes, one a light.
    pub lanes: &'a [LedLane],
}

impl Lanes<'_> {
    /// A lane's height on screen.
    #[must_use]
    pub fn row(&self) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
        let count = self.lanes.len().max(1) as f32;
        self.plot.height() / count
    }
}

/// A light's short name for its lane (the full name is in the tooltip).
pub fn short_light(key: u8) -> String {
    match key {
        48..=61 => format!("A{}", key - 47),
        24..=37 => format!("B{}", key - 23),
        84 => "back F".to_owned(),
        85 => "back F w".to_owned(),
        86 => "back M".to_owned(),
        87 => "back M w".to_owned(),
        88 => "back R".to_owned(),
        89 => "back R w".to_owned(),
        72 => "mode R".to_owned(),
        73 => "mode G".to_owned(),
        74 => "mode B".to_owned(),
        75 => "wireless".to_owned(),
        82 => "head".to_owned(),
        _ => format!("note {key}"),
    }
}

/// The colour a light shines (`docs/formats/sound-and-led.md#which-note-lights-which-light`:
/// A13-A14 red, B1-B5 green, B13-B14 blue, the mode indicator its three; the rest white, the
/// back's colour lights amber).
pub fn light_colour(key: u8) -> Color32 {
    match key {
        60 | 61 | 72 => Color32::from_rgb(235, 70, 60),
        24..=28 | 73 => Color32::from_rgb(80, 210, 100),
        36 | 37 | 74 => Color32::from_rgb(80, 140, 250),
        84 | 86 | 88 => Color32::from_rgb(245, 170, 50),
        _ => Color32::from_rgb(235, 235, 225),
    }
}

/// An LED pattern's lanes, one per light, each note shaded by its brightness; the lights'
/// short names in the gutter left of the plot (their full names, marked inferred, on hover).
/// Only the notes in view are looked at (found by a binary search), and notes that fall in
/// one point column are painted as one, at the brightest: a lane costs at most a rectangle a
/// column however many notes it holds.
/// `colours`: the names' (weak text) and the selected note's outline.
pub fn paint(
    rec: &Recorder<'_>,
    view: &Lanes<'_>,
    selected: Option<usize>,
    (text, selection): (Color32, Color32),
) {
    let Lanes { plot, lanes, .. } = *view;
    let row = view.row();
    let font = egui::FontId::proportional((row - 1.0).clamp(6.0, 10.0));
    let mut chosen = None;
    for (row_index, lane) in lanes.iter().enumerate() {
        let key = lane.key;
        #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
        let top = plot.top() + row_index as f32 * row;
        if row_index % 2 == 1 {
            rec.rect_filled(
                Rect::from_x_y_ranges(plot.x_range(), top..=top + row),
                0.0,
                Color32::from_white_alpha(6),
            );
        }
        if row >= 6.0 {
            rec.text(
                Pos2::new(plot.left() - 4.0, top + row / 2.0),
                egui::Align2::RIGHT_CENTER,
                &short_light(key),
                font.clone(),
                text,
            );
        }
        if let Some(rect) = lane_notes(rec, view, lane, (top, row), selected) {
            chosen = Some(rect);
        }
    }
    if let Some(rect) = chosen {
        rec.rect_stroke(
            rect,
            1.0,
            Stroke::new(1.5, selection),
            egui::StrokeKind::Outside,
        );
    }
    if lanes.is_empty() {
        rec.text(
            plot.left_center() + vec2(6.0, 0.0),
            egui::Align2::LEFT_CENTER,
            "this LED pattern lights nothing",
            egui::FontId::proportional(11.0),
            text,
        );
    }
}

/// One lane's notes in view, its row `row` high from `top`, each shaded by its brightness
/// (notes in one point column painted as one, at the brightest); the `selected` note's
/// rectangle, if it is in this lane.
fn lane_notes(
    rec: &Recorder<'_>,
    view: &Lanes<'_>,
    lane: &LedLane,
    (top, row): (f32, f32),
    selected: Option<usize>,
) -> Option<Rect> {
    let Lanes {
        plot,
        axis,
        offset_ms,
        ..
    } = *view;
    let (from_ms, to_ms) = (axis.min_ms - offset_ms, axis.max_ms - offset_ms);
    let key = lane.key;
    let mut chosen = None;
    let colour = light_colour(key);
    // Notes start in order; one that starts before the view may still be on in it.
    let first = lane
        .notes
        .partition_point(|n| n.start < from_ms)
        .saturating_sub(1);
    let mut pending: Option<(f32, f32, u8)> = None;
    let paint = |(x0, x1, velocity): (f32, f32, u8)| {
        let shade = 40 + u16::from(velocity) * 215 / 127;
        // A note wide enough keeps a hair of dark at its end, so touching notes show.
        let x1 = if x1 - x0 > 4.0 { x1 - 1.0 } else { x1 };
        rec.rect_filled(
            Rect::from_x_y_ranges(x0..=x1.max(x0 + 1.0), top + 1.0..=top + row - 1.0),
            1.0,
            colour.gamma_multiply(f32::from(shade) / 255.0),
        );
    };
    for note in &lane.notes[first..] {
        let LaneNote {
            start,
            end,
            velocity,
            index,
        } = *note;
        if start > to_ms {
            break;
        }
        if end < from_ms {
            continue;
        }
        if selected == Some(index) {
            let x0 = axis.x_of(start + offset_ms).max(plot.left());
            let x1 = axis.x_of(end + offset_ms).min(plot.right()).max(x0 + 2.0);
            chosen = Some(Rect::from_x_y_ranges(x0..=x1, top..=top + row));
        }
        // Clipped to the plot: a note begun before the view stays out of the gutter.
        let x0 = axis.x_of(start + offset_ms).max(plot.left());
        let x1 = axis.x_of(end + offset_ms).min(plot.right());
        pending = match pending {
            // Too narrow to tell apart from the run before it (within the point
            // column it reached): one rectangle, at the brightest. Notes wide enough to
            // see keep their own shade, however close.
            Some((p0, p1, v)) if x0 <= p1 + 1.0 && (x1 - x0 < 2.0 || p1 - p0 < 2.0) => {
                Some((p0, p1.max(x1), v.max(velocity)))
            }
            Some(done) => {
                paint(done);
                Some((x0, x1, velocity))
            }
            None => Some((x0, x1, velocity)),
        };
    }
    if let Some(done) = pending {
        paint(done);
    }
    chosen
}

/// Each light's name on hover over its lane's short name in the gutter (marked inferred).
pub fn gutters_ui(ui: &egui::Ui, view: &Lanes<'_>) {
    let row = view.row();
    for (row_index, lane) in view.lanes.iter().enumerate() {
        let key = lane.key;
        #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
        let top = view.plot.top() + row_index as f32 * row;
        let gutter = Rect::from_x_y_ranges(view.rect.left()..=view.plot.left(), top..=top + row);
        let name = light_name(key).map_or_else(
            || format!("note {key}: a note no known light answers to"),
            |n| {
                format!(
                    "{n} (note {key}; which light a note is was inferred from Sony's own files)"
                )
            },
        );
        ui.interact(
            gutter,
            ui.scope_id().with(("light", key)),
            egui::Sense::hover(),
        )
        .on_hover_text(name);
    }
}
