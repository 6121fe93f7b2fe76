//! The LED track's lanes: one per light, each note shaded by its brightness, and their
//! editing. Drag a note to move it (its end to stretch it), double-click a lane to add a
//! note there, right-click a note for its brightness or to delete it; a click selects it
//! (Delete deletes it). A moved or added note lands on the robot's 8 ms tick. Each edit is
//! one undo step ([`TrackEdit::Led`]); dragging where there is no note moves the track.

use super::{TimeAxis, TrackEdit};
use crate::app::action::{MotionAction, MotionSink};
use crate::behaviour::led_edit::LedEdit;
use crate::behaviour::{LaneNote, LedLane};
use crate::codec::sound::led::{LedNote, LedPattern, light_name};
use egui::{Color32, Pos2, Rect, Stroke, vec2};

/// An LED lane's height.
pub const LED_LANE: f32 = 11.0;
/// How long a note added by a double-click is (ms).
pub const NEW_NOTE_MS: f64 = 256.0;
/// The robot's tick: LED notes start and end on it (ms).
const TICK_MS: f64 = 8.0;
/// How near a note's end (points) grabs the end rather than the note.
const END_GRAB: f32 = 4.0;

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

/// The colour a light shines (NOTES.md: A13-A14 red, B1-B5 green, B13-B14 blue, the mode
/// indicator its three; the rest white, the back's colour lights amber).
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
#[expect(
    clippy::too_many_arguments,
    reason = "the lanes' place, their notes, the selection"
)]
pub fn paint(
    ui: &egui::Ui,
    painter: &egui::Painter,
    rect: Rect,
    plot: Rect,
    axis: &TimeAxis,
    offset_ms: f64,
    lanes: &[LedLane],
    selected: Option<usize>,
) {
    let count = lanes.len().max(1);
    #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
    let row = plot.height() / count as f32;
    let font = egui::FontId::proportional((row - 1.0).clamp(6.0, 10.0));
    let text = ui.visuals().weak_text_color();
    let (from_ms, to_ms) = (axis.min_ms - offset_ms, axis.max_ms - offset_ms);
    let mut chosen = None;
    for (row_index, lane) in lanes.iter().enumerate() {
        let key = lane.key;
        #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
        let top = plot.top() + row_index as f32 * row;
        if row_index % 2 == 1 {
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
            .partition_point(|n| n.start < from_ms)
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
    if let Some(rect) = chosen {
        painter.rect_stroke(
            rect,
            1.0,
            Stroke::new(1.5, ui.visuals().selection.stroke.color),
            egui::StrokeKind::Outside,
        );
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

/// The lights a note can be added for, in the "+ Light" menu's three columns: the face's A
/// lights, its B lights, and the back's, the mode indicator's, the head's and the wireless.
const LIGHT_COLUMNS: [&[u8]; 3] = [
    &[48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61],
    &[24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37],
    &[84, 85, 86, 87, 88, 89, 72, 73, 74, 82, 75],
];

/// The LED header's "+ Light" menu: a note of a light the pattern does not use yet, at the
/// playhead (`at_ms` on the pattern's time), which gives the light its lane.
pub fn add_light_menu(
    ui: &mut egui::Ui,
    pattern: &LedPattern,
    at_ms: f64,
    sink: &mut MotionSink<'_>,
) {
    let used: Vec<u8> = pattern.notes.iter().map(|n| n.key).collect();
    let start = on_tick(at_ms.max(0.0));
    let response = ui.menu_button("+ Light", |ui| {
        ui.label(format!(
            "A note at {start:.0} ms of the pattern, for a light it does not light yet (the \
             names are inferred: NOTES.md)"
        ));
        ui.columns(3, |columns| {
            for (ui, keys) in columns.iter_mut().zip(LIGHT_COLUMNS) {
                for &key in keys.iter().filter(|k| !used.contains(k)) {
                    let name = light_name(key).unwrap_or_else(|| format!("note {key}"));
                    if ui.button(name).clicked() {
                        sink.push(MotionAction::Track(TrackEdit::Led(LedEdit::Add(LedNote {
                            channel: 0,
                            key,
                            velocity: 127,
                            start_tick: pattern.tick_at(start),
                            end_tick: pattern.tick_at(start + NEW_NOTE_MS),
                        }))));
                        ui.close();
                    }
                }
            }
        });
    });
    response
        .response
        .on_hover_text("Add a note for a light the pattern does not light yet, at the playhead");
}

/// A light's note under the pointer: its lane's light, and the note if one is there (with
/// whether the pointer is at its end).
struct Hit {
    key: u8,
    note: Option<(LaneNote, bool)>,
}

/// What is under `pos` on the lanes painted in `plot`.
fn hit(lanes: &[LedLane], plot: Rect, axis: &TimeAxis, offset_ms: f64, pos: Pos2) -> Option<Hit> {
    if lanes.is_empty() || !plot.contains(pos) {
        return None;
    }
    #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
    let row = plot.height() / lanes.len() as f32;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a lane's index on screen"
    )]
    let lane = &lanes[(((pos.y - plot.top()) / row) as usize).min(lanes.len() - 1)];
    let slack = axis.ms_per_point() * 2.0;
    let at = axis.ms_of(pos.x) - offset_ms;
    let first = lane.notes.partition_point(|n| n.end < at - slack);
    let note = lane.notes[first..]
        .iter()
        .take_while(|n| n.start <= at + slack)
        .last()
        .filter(|n| n.end >= at - slack)
        .map(|n| (*n, (axis.x_of(n.end + offset_ms) - pos.x).abs() <= END_GRAB));
    Some(Hit {
        key: lane.key,
        note,
    })
}

/// A note being dragged: which, moved or stretched, where the pointer took it, and as it
/// was.
#[derive(Clone, Copy, Debug)]
struct NoteDrag {
    index: usize,
    stretch: bool,
    grabbed_ms: f64,
    note: LedNote,
}

/// `ms` on the robot's tick.
fn on_tick(ms: f64) -> f64 {
    (ms / TICK_MS).round() * TICK_MS
}

/// The note dragged to where the pointer is now (`now_ms` on the pattern's time).
fn dragged(pattern: &LedPattern, drag: &NoteDrag, now_ms: f64) -> LedNote {
    let (start, end) = (
        pattern.ms_at(drag.note.start_tick),
        pattern.ms_at(drag.note.end_tick),
    );
    let delta = now_ms - drag.grabbed_ms;
    if drag.stretch {
        let end = on_tick(end + delta).max(start + TICK_MS);
        LedNote {
            end_tick: pattern.tick_at(end),
            ..drag.note
        }
    } else {
        let start_to = on_tick(start + delta).max(0.0);
        LedNote {
            start_tick: pattern.tick_at(start_to),
            end_tick: pattern.tick_at(start_to + (end - start)),
            ..drag.note
        }
    }
}

/// What the LED lanes do with the pointer. Returns whether it was the notes' (so the lane
/// does not also move the track or the playhead).
#[expect(
    clippy::too_many_arguments,
    reason = "the lanes' place, the pattern and the pointer"
)]
pub fn edit(
    ui: &egui::Ui,
    response: &egui::Response,
    plot: Rect,
    axis: &TimeAxis,
    offset_ms: f64,
    pattern: &LedPattern,
    lanes: &[LedLane],
    sink: &mut MotionSink<'_>,
) -> bool {
    let drag_id = response.id.with("note drag");
    let menu_id = response.id.with("note menu");
    let pattern_ms = |x: f32| axis.ms_of(x) - offset_ms;
    let held: Option<NoteDrag> = ui.data(|d| d.get_temp(drag_id));
    if response.drag_started()
        && let Some(origin) = ui.input(|i| i.pointer.press_origin())
        && let Some(Hit {
            note: Some((note, at_end)),
            ..
        }) = hit(lanes, plot, axis, offset_ms, origin)
        && let Some(&original) = pattern.notes.get(note.index)
    {
        let drag = NoteDrag {
            index: note.index,
            stretch: at_end,
            grabbed_ms: pattern_ms(origin.x),
            note: original,
        };
        ui.data_mut(|d| d.insert_temp(drag_id, drag));
        sink.push(MotionAction::Track(TrackEdit::SelectLed(Some(note.index))));
        return true;
    }
    if let Some(drag) = held {
        let now = response
            .interact_pointer_pos()
            .or_else(|| ui.input(|i| i.pointer.latest_pos()))
            .map_or(drag.grabbed_ms, |p| pattern_ms(p.x));
        let moved = dragged(pattern, &drag, now);
        if response.drag_stopped() || !response.dragged() {
            ui.data_mut(|d| d.remove::<NoteDrag>(drag_id));
            sink.push(MotionAction::Track(TrackEdit::Led(LedEdit::Set {
                index: drag.index,
                note: moved,
            })));
        } else {
            ghost(ui, plot, axis, offset_ms, pattern, lanes, &moved);
        }
        return true;
    }
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    let under = pointer.and_then(|p| hit(lanes, plot, axis, offset_ms, p));
    if response.double_clicked()
        && let Some(Hit { key, note: None }) = under
        && let Some(p) = pointer
    {
        let start = on_tick(pattern_ms(p.x)).max(0.0);
        let note = LedNote {
            channel: 0,
            key,
            velocity: 127,
            start_tick: pattern.tick_at(start),
            end_tick: pattern.tick_at(start + NEW_NOTE_MS),
        };
        sink.push(MotionAction::Track(TrackEdit::Led(LedEdit::Add(note))));
        return true;
    }
    if response.secondary_clicked() {
        let index = under.as_ref().and_then(|h| h.note).map(|(n, _)| n.index);
        ui.data_mut(|d| d.insert_temp(menu_id, index));
        sink.push(MotionAction::Track(TrackEdit::SelectLed(index)));
    }
    let menu_note: Option<usize> = ui.data(|d| d.get_temp(menu_id)).flatten();
    response.context_menu(|ui| note_menu(ui, pattern, menu_note, sink));
    if let Some(Hit {
        note: Some((note, at_end)),
        key,
    }) = under
    {
        if response.clicked() {
            sink.push(MotionAction::Track(TrackEdit::SelectLed(Some(note.index))));
            return true;
        }
        let icon = if at_end {
            egui::CursorIcon::ResizeHorizontal
        } else {
            egui::CursorIcon::Grab
        };
        ui.ctx().set_cursor_icon(icon);
        egui::Tooltip::always_open(
            ui.ctx().clone(),
            response.layer_id,
            response.id.with("note tip"),
            egui::PopupAnchor::Pointer,
        )
        .show(|ui| {
            ui.label(format!(
                "{} · {:.0}-{:.0} ms · brightness {}%\nDrag to move it, its end to stretch \
                 it; right-click for its brightness or to delete it",
                short_light(key),
                note.start + offset_ms,
                note.end + offset_ms,
                u16::from(note.velocity) * 100 / 127
            ));
        });
        return false;
    }
    if response.clicked() {
        sink.push(MotionAction::Track(TrackEdit::SelectLed(None)));
    }
    false
}

/// The right-click menu of a note: its brightness, and Delete.
fn note_menu(
    ui: &mut egui::Ui,
    pattern: &LedPattern,
    index: Option<usize>,
    sink: &mut MotionSink<'_>,
) {
    let Some((index, note)) = index.and_then(|i| pattern.notes.get(i).map(|n| (i, *n))) else {
        ui.label("Double-click a light's lane to add a note there");
        return;
    };
    ui.label(format!(
        "{} at {:.0} ms",
        light_name(note.key).unwrap_or_else(|| format!("note {}", note.key)),
        pattern.ms_at(note.start_tick)
    ));
    let set = |velocity: u8| {
        MotionAction::Track(TrackEdit::Led(LedEdit::Set {
            index,
            note: LedNote { velocity, ..note },
        }))
    };
    ui.horizontal(|ui| {
        ui.label("Brightness");
        for (percent, velocity) in [(25, 32), (50, 64), (75, 95), (100, 127)] {
            if ui
                .selectable_label(note.velocity == velocity, format!("{percent}%"))
                .clicked()
            {
                sink.push(set(velocity));
            }
        }
    });
    let mut velocity = note.velocity;
    let slider = ui.add(egui::Slider::new(&mut velocity, 1..=127).text("of 127"));
    if slider.changed() && !slider.dragged() || slider.drag_stopped() {
        sink.push(set(velocity));
    }
    if ui.button("Delete the note").clicked() {
        sink.push(MotionAction::Track(TrackEdit::Led(LedEdit::Delete(index))));
        ui.close();
    }
}

/// A dragged note where it would land, outlined over its lane.
fn ghost(
    ui: &egui::Ui,
    plot: Rect,
    axis: &TimeAxis,
    offset_ms: f64,
    pattern: &LedPattern,
    lanes: &[LedLane],
    note: &LedNote,
) {
    let Some(row_index) = lanes.iter().position(|l| l.key == note.key) else {
        return;
    };
    #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
    let row = plot.height() / lanes.len().max(1) as f32;
    #[expect(clippy::cast_precision_loss, reason = "a handful of lanes")]
    let top = plot.top() + row_index as f32 * row;
    let x0 = axis.x_of(pattern.ms_at(note.start_tick) + offset_ms);
    let x1 = axis.x_of(pattern.ms_at(note.end_tick) + offset_ms);
    let painter = ui.painter_at(plot);
    painter.rect_filled(
        Rect::from_x_y_ranges(x0..=x1.max(x0 + 2.0), top..=top + row),
        1.0,
        light_colour(note.key).gamma_multiply(0.55),
    );
    painter.text(
        Pos2::new(x0, top - 1.0),
        egui::Align2::LEFT_BOTTOM,
        format!("{:.0} ms", pattern.ms_at(note.start_tick) + offset_ms),
        egui::FontId::proportional(10.0),
        ui.visuals().strong_text_color(),
    );
}
