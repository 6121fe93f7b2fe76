//! Editing the LED track's notes with the pointer. Drag a note to move it (its end to
//! stretch it), double-click a lane to add a note there, right-click a note for its
//! brightness or to delete it; a click selects it (Delete deletes it); "+ Light" adds a note
//! for a light not used yet. A moved or added note lands on the robot's 8 ms tick. Each edit
//! is one undo step ([`TrackEdit::Led`]); dragging where there is no note moves the track.

use super::led::{Lanes, light_colour, short_light};
use crate::app::action::MotionAction;
use crate::app::sink::MotionSink;
use crate::behaviour::LaneNote;
use crate::behaviour::led_edit::LedEdit;
use crate::codec::sound::led::{LedNote, LedPattern, light_name};
use crate::edit::tracks::TrackEdit;
use egui::{Pos2, Rect};

/// How long a note added by a double-click is (ms).
pub const NEW_NOTE_MS: f64 = 256.0;
/// The robot's tick: LED notes start and end on it (ms).
const TICK_MS: f64 = 8.0;
/// How near a note's end (points) grabs the end rather than the note.
const END_GRAB: f32 = 4.0;

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
             names are inferred from Sony's own files)"
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

/// What is under `pos` on the lanes.
fn hit(view: &Lanes<'_>, pos: Pos2) -> Option<Hit> {
    let Lanes {
        plot,
        axis,
        offset_ms,
        lanes,
        ..
    } = *view;
    if lanes.is_empty() || !plot.contains(pos) {
        return None;
    }
    let row = view.row();
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
pub fn edit(
    ui: &egui::Ui,
    response: &egui::Response,
    view: &Lanes<'_>,
    pattern: &LedPattern,
    sink: &mut MotionSink<'_>,
) -> bool {
    let Lanes {
        axis, offset_ms, ..
    } = *view;
    let drag_id = response.id.with("note drag");
    let menu_id = response.id.with("note menu");
    let pattern_ms = |x: f32| axis.ms_of(x) - offset_ms;
    let held: Option<NoteDrag> = ui.data(|d| d.get_temp(drag_id));
    if response.drag_started()
        && let Some(origin) = ui.input(|i| i.pointer.press_origin())
        && let Some(Hit {
            note: Some((note, at_end)),
            ..
        }) = hit(view, origin)
        && let Some(&original) = pattern.notes.get(note.index)
    {
        let drag = NoteDrag {
            index: note.index,
            stretch: at_end,
            grabbed_ms: pattern_ms(origin.x),
            note: original,
        };
        ui.data_mut(|d| d.insert_temp(drag_id, drag));
        sink.push(MotionAction::SelectLed(Some(note.index)));
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
            ghost(ui, view, pattern, &moved, drag.stretch);
        }
        return true;
    }
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    let under = pointer.and_then(|p| hit(view, p));
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
        sink.push(MotionAction::SelectLed(index));
    }
    let menu_note: Option<usize> = ui.data(|d| d.get_temp(menu_id)).flatten();
    response.context_menu(|ui| note_menu(ui, pattern, menu_note, sink));
    if let Some(Hit {
        note: Some((note, at_end)),
        key,
    }) = under
    {
        return on_note(ui, response, (&note, at_end, key), offset_ms, sink);
    }
    if response.clicked() {
        sink.push(MotionAction::SelectLed(None));
    }
    false
}

/// The pointer over a note of light `key` (`at_end`: its end): a click selects it (and is
/// the notes'); else the cursor says what a drag does and a tooltip what the note is.
fn on_note(
    ui: &egui::Ui,
    response: &egui::Response,
    (note, at_end, key): (&LaneNote, bool, u8),
    offset_ms: f64,
    sink: &mut MotionSink<'_>,
) -> bool {
    if response.clicked() {
        sink.push(MotionAction::SelectLed(Some(note.index)));
        return true;
    }
    let icon = if at_end {
        egui::CursorIcon::ResizeHorizontal
    } else {
        egui::CursorIcon::Grab
    };
    ui.ctx().set_cursor_icon(icon);
    // The note's menu, once open, is not covered by its tooltip.
    if response.context_menu_opened() {
        return false;
    }
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
fn ghost(ui: &egui::Ui, view: &Lanes<'_>, pattern: &LedPattern, note: &LedNote, stretch: bool) {
    let Lanes {
        plot,
        axis,
        offset_ms,
        lanes,
        ..
    } = *view;
    let Some(row_index) = lanes.iter().position(|l| l.key == note.key) else {
        return;
    };
    let row = view.row();
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
    // Where it will start, or (its end dragged) end and how long it will be.
    let (at, align, text) = if stretch {
        let (start, end) = (pattern.ms_at(note.start_tick), pattern.ms_at(note.end_tick));
        (
            x1,
            egui::Align2::RIGHT_BOTTOM,
            format!(
                "ends {:.0} ms ({:.0} ms long)",
                end + offset_ms,
                end - start
            ),
        )
    } else {
        (
            x0,
            egui::Align2::LEFT_BOTTOM,
            format!("{:.0} ms", pattern.ms_at(note.start_tick) + offset_ms),
        )
    };
    painter.text(
        Pos2::new(at, top - 1.0),
        align,
        text,
        egui::FontId::proportional(10.0),
        ui.visuals().strong_text_color(),
    );
}
