//! Painting a track's lanes: the waveform (min/max per point column, from the pyramid), a
//! MIDI sound's notes as a piano roll, an LED pattern's lights one lane each with the
//! brightness as shade; where the track ends, where the motion ends, and the playhead.

use super::axis::{TimeAxis, TracksInput, clamp_offset};
use super::{led, led_notes};
use crate::app::action::MotionAction;
use crate::app::motion::palette::PLAYHEAD_COLOUR;
use crate::app::motion::recorder::Recorder;
use crate::app::sink::MotionSink;
use crate::behaviour::{Data, Part};
use crate::edit::tracks::TrackEdit;
use egui::{Color32, Pos2, Rect, Stroke, vec2};

/// The sound lane's height.
pub const SOUND_LANE: f32 = 56.0;

/// The lights an LED part uses, one lane each, lowest note first.
#[must_use]
pub fn led_lanes(part: &Part) -> Vec<u8> {
    match &part.data {
        Data::Led { lanes, .. } => lanes.iter().map(|l| l.key).collect(),
        Data::Wave { .. } | Data::Midi(_) => Vec::new(),
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
    #[expect(clippy::cast_precision_loss, reason = "offsets in ms")]
    let offset = part.offset_ms as f64;
    // An LED pattern's lanes on screen: painted, then answering the pointer.
    let led_view = match &part.data {
        Data::Led { pattern, lanes } => Some((
            pattern,
            led::Lanes {
                rect,
                plot,
                axis,
                offset_ms: offset,
                lanes,
            },
        )),
        Data::Wave { .. } | Data::Midi(_) => None,
    };
    // What the lanes show is kept while the part, its place and the view stay (a drag
    // elsewhere, playback, a hover): made and tessellated once, painted every frame.
    let key = LaneKey {
        data: data_identity(part),
        offset_ms: part.offset_ms,
        axis: *axis,
        rect,
        selected: input.view.selected_led,
        naive: input.view.naive_waveform,
        dark: visuals.dark_mode,
    };
    let kept_id = id.with("kept picture");
    // (The frame bench's naive waveform is its baseline: made every frame.)
    let kept = ui
        .data(|d| d.get_temp::<std::sync::Arc<(LaneKey, Vec<egui::Shape>)>>(kept_id))
        .filter(|kept| kept.0 == key && !key.naive);
    let shapes = match kept {
        Some(kept) => kept.1.clone(),
        None => {
            let rec = Recorder::new(&painter);
            let view = led_view.as_ref().map(|(_, v)| v);
            lanes_picture(&rec, (plot, visuals), part, axis, input, view);
            let shapes = rec.finish();
            ui.data_mut(|d| {
                d.insert_temp(kept_id, std::sync::Arc::new((key, shapes.clone())));
            });
            shapes
        }
    };
    painter.extend(shapes);
    if let Some((_, view)) = &led_view {
        led::gutters_ui(ui, view);
    }
    paint_ends(&painter, (plot, visuals), part, axis, input);
    if let Some((pattern, view)) = &led_view
        && led_notes::edit(ui, &response, view, pattern, sink)
    {
        return;
    }
    move_or_seek(ui, response, (id, part), axis, input, sink);
}

/// Where the track ends, where the motion ends, and the playhead, on the lane's `plot`.
fn paint_ends(
    painter: &egui::Painter,
    (plot, visuals): (Rect, &egui::Visuals),
    part: &Part,
    axis: &TimeAxis,
    input: &TracksInput<'_>,
) {
    let end = axis.x_of(part.end_ms());
    if plot.x_range().contains(end) {
        painter.line_segment(
            [Pos2::new(end, plot.top()), Pos2::new(end, plot.bottom())],
            Stroke::new(1.5, visuals.warn_fg_color),
        );
    }
    let motion_end = axis.x_of(input.motion_ms);
    if plot.x_range().contains(motion_end) {
        dashed(painter, motion_end, plot, visuals.weak_text_color());
    }
    #[expect(clippy::cast_precision_loss, reason = "a playhead in ms")]
    let playhead = axis.x_of(input.playhead_ms as f64);
    if plot.x_range().contains(playhead) {
        painter.line_segment(
            [
                Pos2::new(playhead, plot.top()),
                Pos2::new(playhead, plot.bottom()),
            ],
            Stroke::new(1.5, PLAYHEAD_COLOUR),
        );
    }
}

/// The pointer on a lane (`id` its own): dragging moves the track in time (by the robot's
/// 8 ms ticks, one undo step a drag); a click moves the playhead there.
fn move_or_seek(
    ui: &egui::Ui,
    response: egui::Response,
    (id, part): (egui::Id, &Part),
    axis: &TimeAxis,
    input: &TracksInput<'_>,
    sink: &mut MotionSink<'_>,
) {
    let track = part.track();
    let start_id = id.with("offset at drag start");
    if response.drag_started() {
        ui.data_mut(|d| d.insert_temp(start_id, part.offset_ms));
        sink.push(MotionAction::BeginGesture("track move".to_owned()));
    }
    if response.dragged()
        && let (Some(from), Some(origin), Some(now)) = (
            ui.data(|d| d.get_temp::<i64>(start_id)),
            ui.input(|i| i.pointer.press_origin()),
            response.interact_pointer_pos(),
        )
    {
        #[expect(clippy::cast_possible_truncation, reason = "a drag in ms")]
        let moved = (f64::from(now.x - origin.x) * axis.ms_per_point() / 8.0).round() as i64 * 8;
        let to = clamp_offset(from + moved, part, input.motion_ms);
        if to != part.offset_ms {
            sink.push(MotionAction::Track(TrackEdit::SetOffset(track, to)));
        }
    } else if response.drag_stopped() {
        sink.push(MotionAction::EndGesture);
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

/// What a lane's kept picture shows, besides the part's own data.
#[derive(Clone, Debug, PartialEq)]
struct LaneKey {
    /// The part's data (its samples, its MIDI file or its lanes, by address: an edit makes
    /// new ones).
    data: usize,
    offset_ms: i64,
    axis: TimeAxis,
    rect: Rect,
    selected: Option<usize>,
    naive: bool,
    dark: bool,
}

/// The address of a part's data: new data (a new part, an edited LED pattern) has another.
fn data_identity(part: &Part) -> usize {
    match &part.data {
        Data::Wave { samples, .. } => std::sync::Arc::as_ptr(samples).addr(),
        Data::Midi(file) => std::sync::Arc::as_ptr(file).addr(),
        Data::Led { lanes, .. } => std::sync::Arc::as_ptr(lanes).addr(),
    }
}

/// A lane's picture: its ground, where the part plays, and what it holds.
fn lanes_picture(
    rec: &Recorder<'_>,
    (plot, visuals): (Rect, &egui::Visuals),
    part: &Part,
    axis: &TimeAxis,
    input: &TracksInput<'_>,
    led_view: Option<&led::Lanes<'_>>,
) {
    rec.rect_filled(plot, 2.0, visuals.extreme_bg_color);
    #[expect(clippy::cast_precision_loss, reason = "offsets in ms")]
    let offset = part.offset_ms as f64;
    let start_x = axis.x_of(offset).max(plot.left());
    let end_x = axis.x_of(part.end_ms()).min(plot.right());
    if end_x > start_x {
        rec.rect_filled(
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
            if input.view.naive_waveform {
                let exact = crate::behaviour::Peaks::exact(samples);
                wave(rec, plot, axis, offset, *rate, &exact);
            } else {
                wave(rec, plot, axis, offset, *rate, peaks.as_ref());
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
            piano_roll(rec, plot, axis, offset, &notes);
        }
        Data::Led { .. } => {
            if let Some(view) = led_view {
                let colours = (visuals.weak_text_color(), visuals.selection.stroke.color);
                led::paint(rec, view, input.view.selected_led, colours);
            }
        }
    }
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
    rec: &Recorder<'_>,
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
    for shape in shapes {
        rec.add(shape);
    }
}

/// A MIDI sound's notes: a thin bar each, higher notes higher.
fn piano_roll(
    rec: &Recorder<'_>,
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
        // Clipped to the plot: a note begun before the view stays out of the gutter.
        let (x0, x1) = (x0.max(plot.left()), x1.min(plot.right()));
        let y = plot.bottom() - f32::from(key.saturating_sub(low)) * row - row;
        let alpha = 90 + velocity;
        rec.rect_filled(
            Rect::from_min_size(Pos2::new(x0, y), vec2((x1 - x0).max(1.0), row.max(1.5))),
            0.0,
            Color32::from_rgba_unmultiplied(190, 120, 230, alpha),
        );
    }
}
