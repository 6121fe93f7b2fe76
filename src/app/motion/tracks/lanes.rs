//! Painting a track's lanes: the waveform (min/max per point column, from the pyramid), a
//! MIDI sound's notes as a piano roll, an LED pattern's lights one lane each with the
//! brightness as shade; where the track ends, where the motion ends, and the playhead.

use super::{TimeAxis, TracksInput};
use crate::app::action::{MotionAction, MotionSink};
use crate::behaviour::{Data, Part};
use crate::codec::sound::led::light_name;
use egui::{Color32, Pos2, Rect, Stroke, vec2};

/// The sound lane's height.
pub const SOUND_LANE: f32 = 56.0;
/// An LED lane's height.
pub const LED_LANE: f32 = 11.0;

/// The lights an LED part uses, one lane each, lowest note first.
#[must_use]
pub fn led_lanes(part: &Part) -> Vec<u8> {
    match &part.data {
        Data::Led { lanes, .. } => lanes.iter().map(|l| l.key).collect(),
        _ => Vec::new(),
    }
}

/// A light's short name for its lane (the full name is in the tooltip).
fn short_light(key: u8) -> String {
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

/// The colour a light shines (NOTES.md: A13-A14 red, B1-B5 green, B13-B14 blue, the mode
/// indicator its three; the rest white, the back's colour lights amber).
fn light_colour(key: u8) -> Color32 {
    match key {
        60 | 61 | 72 => Color32::from_rgb(235, 70, 60),
        24..=28 | 73 => Color32::from_rgb(80, 210, 100),
        36 | 37 | 74 => Color32::from_rgb(80, 140, 250),
        84 | 86 | 88 => Color32::from_rgb(245, 170, 50),
        _ => Color32::from_rgb(235, 235, 225),
    }
}

/// Paints one track's lanes in `rect` and answers the pointer on them.
pub fn lane_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    part: &Part,
    axis: &TimeAxis,
    input: &TracksInput<'_>,
    sink: &mut MotionSink<'_>,
) {
    let track = part.track();
    let plot = Rect::from_x_y_ranges(axis.left..=axis.right, rect.y_range());
    let id = ui.scope_id().with("lane");
    let response = ui.interact(plot, id, egui::Sense::click_and_drag());
    let name = format!("{} track", track.name());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Slider, true, &name));
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(plot, 2.0, visuals.extreme_bg_color);
    #[expect(clippy::cast_precision_loss, reason = "offsets in ms")]
    let offset = part.offset_ms as f64;
    let start_x = axis.x_of(offset).max(plot.left());
    let end_x = axis.x_of(part.end_ms()).min(plot.right());
    if end_x > start_x {
        painter.rect_filled(
            Rect::from_x_y_ranges(start_x..=end_x, plot.y_range()),
            0.0,
            visuals.faint_bg_color,
        );
    }
    match &part.data {
        Data::Wave {
            rate,
            peaks,
            samples,
        } => {
            if input.tracks.naive_waveform {
                let exact = crate::behaviour::Peaks::exact(samples);
                wave(&painter, plot, axis, offset, *rate, &exact);
            } else {
                wave(&painter, plot, axis, offset, *rate, peaks.as_ref());
            }
        }
        Data::Midi(file) => {
            let notes: Vec<(f64, f64, u8, u8)> = file
                .notes
                .iter()
                .map(|n| {
                    (
                        file.ms_at(n.start_tick),
                        file.ms_at(n.end_tick),
                        n.key,
                        n.velocity,
                    )
                })
                .collect();
            piano_roll(&painter, plot, axis, offset, &notes);
        }
        Data::Led { lanes, .. } => led(ui, &painter, plot, rect, axis, offset, lanes),
    }
    // Where the track ends, and where the motion ends.
    let end = axis.x_of(part.end_ms());
    if plot.x_range().contains(end) {
        painter.line_segment(
            [Pos2::new(end, plot.top()), Pos2::new(end, plot.bottom())],
            Stroke::new(1.5, visuals.warn_fg_color),
        );
    }
    let motion_end = axis.x_of(input.motion_ms);
    if plot.x_range().contains(motion_end) {
        dashed(&painter, motion_end, plot, visuals.weak_text_color());
    }
    #[expect(clippy::cast_precision_loss, reason = "a playhead in ms")]
    let playhead = axis.x_of(input.playhead_ms as f64);
    if plot.x_range().contains(playhead) {
        painter.line_segment(
            [
                Pos2::new(playhead, plot.top()),
                Pos2::new(playhead, plot.bottom()),
            ],
            Stroke::new(1.5, visuals.selection.stroke.color),
        );
    }
    // Dragging moves the track in time; a click moves the playhead there.
    if response.dragged() {
        let dx = response.drag_delta().x;
        #[expect(clippy::cast_possible_truncation, reason = "a drag in ms")]
        let moved = (f64::from(dx) * axis.ms_per_point()).round() as i64;
        if moved != 0 {
            sink.push(MotionAction::SetTrackOffset(track, part.offset_ms + moved));
        }
    } else if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "ms"
        )]
        let at = axis.ms_of(pos.x).max(0.0).min(input.motion_ms).round() as u64;
        sink.push(MotionAction::Seek(at));
    }
    response
        .on_hover_text(format!(
            "{}: drag sideways to move it in time (now {} ms), click to move the playhead",
            part.source.label(),
            part.offset_ms
        ))
        .on_hover_cursor(egui::CursorIcon::ResizeHorizontal);
}

fn dashed(painter: &egui::Painter, x: f32, plot: Rect, colour: Color32) {
    let mut y = plot.top();
    while y < plot.bottom() {
        let to = (y + 4.0).min(plot.bottom());
        painter.line_segment(
            [Pos2::new(x, y), Pos2::new(x, to)],
            Stroke::new(1.0, colour),
        );
        y += 8.0;
    }
}

/// The waveform: one vertical stroke per point column, its min and max from the pyramid.
fn wave(
    painter: &egui::Painter,
    plot: Rect,
    axis: &TimeAxis,
    offset_ms: f64,
    rate: u32,
    peaks: &impl crate::behaviour::peaks::Extremes,
) {
    let colour = Color32::from_rgb(70, 170, 190);
    let mid = plot.center().y;
    let half = plot.height() * 0.45;
    let per_ms = f64::from(rate) / 1000.0;
    let mut x = plot.left().floor();
    let mut shapes = Vec::new();
    while x < plot.right() {
        let (from_ms, to_ms) = (axis.ms_of(x) - offset_ms, axis.ms_of(x + 1.0) - offset_ms);
        x += 1.0;
        if to_ms <= 0.0 {
            continue;
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a sample index within the sound"
        )]
        let (from, to) = (
            (from_ms.max(0.0) * per_ms) as usize,
            ((to_ms * per_ms).ceil() as usize).max((from_ms.max(0.0) * per_ms) as usize + 1),
        );
        let Some((lo, hi)) = peaks.extremes(from, to) else {
            if from >= peaks.count() {
                break;
            }
            continue;
        };
        shapes.push(egui::Shape::line_segment(
            [
                Pos2::new(x - 0.5, mid - hi.clamp(-1.0, 1.0) * half),
                Pos2::new(x - 0.5, mid - lo.clamp(-1.0, 1.0) * half + 0.5),
            ],
            Stroke::new(1.0, colour),
        ));
    }
    painter.extend(shapes);
}

/// A MIDI sound's notes: a thin bar each, higher notes higher.
fn piano_roll(
    painter: &egui::Painter,
    plot: Rect,
    axis: &TimeAxis,
    offset_ms: f64,
    notes: &[(f64, f64, u8, u8)],
) {
    let (low, high) = notes
        .iter()
        .fold((u8::MAX, 0u8), |(lo, hi), n| (lo.min(n.2), hi.max(n.2)));
    let keys = f32::from(high.saturating_sub(low).max(11) + 1);
    let row = plot.height() / keys;
    for &(start, end, key, velocity) in notes {
        let (x0, x1) = (axis.x_of(start + offset_ms), axis.x_of(end + offset_ms));
        if x1 < plot.left() || x0 > plot.right() {
            continue;
        }
        let y = plot.bottom() - f32::from(key.saturating_sub(low)) * row - row;
        let alpha = 90 + velocity;
        painter.rect_filled(
            Rect::from_min_size(Pos2::new(x0, y), vec2((x1 - x0).max(1.0), row.max(1.5))),
            0.0,
            Color32::from_rgba_unmultiplied(190, 120, 230, alpha),
        );
    }
}

/// An LED pattern's lanes, one per light, each note shaded by its brightness; the lights'
/// short names in the gutter left of the plot (their full names, marked inferred, on hover).
/// Only the notes in view are looked at (found by a binary search), and notes that fall in
/// one point column are painted as one, at the brightest: a lane costs at most a rectangle a
/// column however many notes it holds.
fn led(
    ui: &egui::Ui,
    painter: &egui::Painter,
    plot: Rect,
    rect: Rect,
    axis: &TimeAxis,
    offset_ms: f64,
    lanes: &[crate::behaviour::LedLane],
) {
    let count = lanes.len().max(1);
    #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
    let row = plot.height() / count as f32;
    let font = egui::FontId::proportional((row - 1.0).clamp(6.0, 10.0));
    let text = ui.visuals().weak_text_color();
    let (from_ms, to_ms) = (axis.min_ms - offset_ms, axis.max_ms - offset_ms);
    for (index, lane) in lanes.iter().enumerate() {
        let key = lane.key;
        #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
        let top = plot.top() + index as f32 * row;
        if index % 2 == 1 {
            painter.rect_filled(
                Rect::from_x_y_ranges(plot.x_range(), top..=top + row),
                0.0,
                Color32::from_white_alpha(6),
            );
        }
        if row >= 6.0 {
            painter.text(
                Pos2::new(plot.left() - 4.0, top + row / 2.0),
                egui::Align2::RIGHT_CENTER,
                short_light(key),
                font.clone(),
                text,
            );
        }
        let gutter = Rect::from_x_y_ranges(rect.left()..=plot.left(), top..=top + row);
        let name = light_name(key).map_or_else(
            || format!("note {key}: a note NOTES.md does not name"),
            |n| format!("{n} (note {key}; inferred from Sony's files, NOTES.md)"),
        );
        ui.interact(
            gutter,
            ui.scope_id().with(("light", key)),
            egui::Sense::hover(),
        )
        .on_hover_text(name);
        let colour = light_colour(key);
        // Notes start in order; one that starts before the view may still be on in it.
        let first = lane
            .notes
            .partition_point(|n| n.0 < from_ms)
            .saturating_sub(1);
        let mut pending: Option<(f32, f32, u8)> = None;
        let paint = |(x0, x1, velocity): (f32, f32, u8)| {
            let shade = 40 + u16::from(velocity) * 215 / 127;
            painter.rect_filled(
                Rect::from_x_y_ranges(x0..=x1.max(x0 + 1.0), top + 1.0..=top + row - 1.0),
                1.0,
                colour.gamma_multiply(f32::from(shade) / 255.0),
            );
        };
        for &(start, end, velocity) in &lane.notes[first..] {
            if start > to_ms {
                break;
            }
            if end < from_ms {
                continue;
            }
            // Clipped to the plot: a note begun before the view stays out of the gutter.
            let x0 = axis.x_of(start + offset_ms).max(plot.left());
            let x1 = axis.x_of(end + offset_ms).min(plot.right());
            pending = match pending {
                // Within the point column the last one reached: one rectangle.
                Some((p0, p1, v)) if x0 <= p1 + 1.0 => Some((p0, p1.max(x1), v.max(velocity))),
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
    }
    if lanes.is_empty() {
        painter.text(
            plot.left_center() + vec2(6.0, 0.0),
            egui::Align2::LEFT_CENTER,
            "this LED pattern lights nothing",
            egui::FontId::proportional(11.0),
            text,
        );
    }
}
