//! The keyframe table: keyframes as rows, joints as columns in degrees (µrad on hover),
//! with the segment's frames and ms. Every cell is a drag value that can also be typed
//! into. The leading columns (#, time, frames) stay put while the joint columns scroll
//! sideways by whole columns ([`columns`]). Only the rows in view are built, and only the
//! columns in view, so a wide motion in a narrow window costs what is shown. A number cell
//! no one is touching is drawn as its field looks at rest, without the field's machinery
//! ([`at_rest`]).

mod at_rest;
mod columns;

use super::view::{Channel, View, channel_name, value};
use crate::app::action::MotionAction;
use crate::app::field;
use crate::app::motion::view::RowPick;
use crate::app::sink::MotionSink;
use crate::edit::{Document, Edit};
use crate::robot::{deg_to_urad, timing, urad_to_deg};
use columns::{LEAD_WIDTHS, Layout, VALUE_WIDTH};
use egui_extras::{Column, TableBuilder};

/// Draws the keyframe table, with the bar that scrolls its joint columns under it.
pub fn table_ui(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    (playhead_ms, playing): (u64, bool),
    sink: &mut MotionSink<'_>,
) {
    let motion = &document.motion;
    let (current, follow) = followed(ui, document, (playhead_ms, playing), sink.tab);
    let channels: Vec<Channel> = (0..motion.locators.len())
        .map(Channel::Joint)
        .chain((0..3).map(Channel::Body).filter(|&c| view.is_visible(c)))
        .collect();
    let row_height = ui.spacing().interact_size.y;
    // Solid scroll bars take their own space, so they never cover the last row.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    // The row under it: which joints are in view, and the bar with a button each way.
    let bar_height = row_height + ui.spacing().item_spacing.y;
    let full = ui.available_rect_before_wrap();
    let table_rect = egui::Rect::from_min_max(
        full.min,
        egui::pos2(full.max.x, (full.max.y - bar_height).max(full.min.y)),
    );
    let first = columns::first_column(ui, sink.tab, channels.len(), table_rect);
    let layout = Layout::new(channels.len(), first, table_rect.width());
    let built: Vec<Channel> = layout
        .hidden_before
        .into_iter()
        .chain(layout.values.clone())
        .map(|c| channels[c])
        .collect();
    let names: Vec<String> = built.iter().map(|&c| channel_name(motion, c)).collect();
    let columns: Vec<usize> = layout
        .hidden_before
        .into_iter()
        .chain(layout.values.clone())
        .collect();
    // A value column whose cell took the keyboard this frame (Tab) or that a screen reader
    // asked to see, to bring into view.
    let mut reveal: Option<usize> = None;
    ui.scope_builder(egui::UiBuilder::new().max_rect(table_rect), |ui| {
        ui.set_clip_rect(table_rect.intersect(ui.clip_rect()));
        let mut table = TableBuilder::new(ui)
            .id_salt("keyframes")
            .striped(true)
            .min_scrolled_height(60.0)
            // The table fills its panel: a motion of few keyframes keeps the panel's height
            // (the splitter sets it), and the scroll bar below never covers a row.
            .auto_shrink([false, false]);
        if let Some(k) = follow {
            table = table.scroll_to_row(k, None);
        }
        for width in LEAD_WIDTHS {
            table = table.column(Column::exact(width));
        }
        if layout.hidden_before.is_some() {
            table = table.column(Column::exact(0.0).clip(true));
        }
        table = table.columns(Column::exact(VALUE_WIDTH).clip(true), layout.values.len());
        table
            .header(row_height, |header| header_ui(header, &names))
            .body(|body| {
                body.rows(row_height, motion.keyframes.len(), |mut row| {
                    let k = row.index();
                    row.set_selected(view.selected_keyframes.contains(&k));
                    for column in 0..LEAD_WIDTHS.len() {
                        row.col(|ui| {
                            in_cell(ui, sink.tab, k, Cell::Lead(column), |ui| {
                                lead_cell(ui, document, view, (k, current == Some(k)), column, sink)
                            });
                        });
                    }
                    for ((&channel, name), &column) in built.iter().zip(&names).zip(&columns) {
                        row.col(|ui| {
                            let wants_view = in_cell(ui, sink.tab, k, Cell::Value(channel), |ui| {
                                value_cell(ui, document, view, k, channel, name, sink)
                            });
                            if wants_view {
                                reveal = reveal.or(Some(column));
                            }
                        });
                    }
                });
            });
    });
    if layout.first() > 0 {
        columns::frozen_edge(ui, table_rect);
    }
    let bar = egui::Rect::from_min_max(egui::pos2(full.min.x, table_rect.max.y), full.max);
    ui.scope_builder(egui::UiBuilder::new().max_rect(bar), |ui| {
        columns::scroll_bar(ui, sink.tab, &layout, channels.len());
    });
    if let Some(column) = reveal {
        let first = layout.first_showing(column);
        if first != layout.first() {
            columns::scroll_to(ui.ctx(), sink.tab, first);
        }
    }
}

/// The keyframe at or before the playhead (its number is marked), and the one to scroll
/// to this frame: the table follows it whenever it changes (a jump, a step, a click), not
/// while it stays. Not while playing (a walk's keyframes come every frame: rows would be
/// laid out anew every frame); where playback stopped, once it does.
fn followed(
    ui: &egui::Ui,
    document: &Document,
    (playhead_ms, playing): (u64, bool),
    tab: crate::app::TabId,
) -> (Option<usize>, Option<usize>) {
    let current = document
        .times_ms()
        .partition_point(|&t| t <= playhead_ms)
        .checked_sub(1);
    let followed_id = egui::Id::unique("keyframe followed").with(tab);
    let followed = ui
        .data(|d| d.get_temp::<Option<usize>>(followed_id))
        .flatten();
    let follow = (!playing && current != followed)
        .then_some(current)
        .flatten();
    if !playing {
        ui.data_mut(|d| d.insert_temp(followed_id, current));
    }
    (current, follow)
}

/// The table's header: the leading columns' titles, then the shown channels' `names`.
fn header_ui(mut header: egui_extras::TableRow<'_, '_>, names: &[String]) {
    let titles = [
        ("#", ""),
        ("time ms", ""),
        ("frames", "Interpolation frames of the segment ending here"),
    ];
    for (title, hover) in titles {
        header.col(|ui| {
            let response = ui.strong(title);
            if !hover.is_empty() {
                response.on_hover_text(hover);
            }
        });
    }
    for name in names {
        header.col(|ui| {
            ui.strong(name.as_str());
        });
    }
}

/// Which cell of a row.
#[derive(Hash, Debug)]
enum Cell {
    /// A leading cell (#, time, frames).
    Lead(usize),
    /// A joint's or body angle's value.
    Value(Channel),
}

/// Draws a cell's contents in a `Ui` whose id is the cell's own (tab, keyframe, column),
/// not its place among the columns built this frame: those change as the table scrolls
/// sideways, and a field being typed into must keep its keyboard and its text.
/// Returns whether the cell wants to be in view: it took the keyboard this frame, or a
/// screen reader asked to see it.
fn in_cell(
    ui: &mut egui::Ui,
    tab: crate::app::TabId,
    k: usize,
    cell: Cell,
    add_contents: impl FnOnce(&mut egui::Ui) -> bool,
) -> bool {
    let id = egui::Id::unique(("keyframe table cell", tab, k, cell));
    ui.scope_builder(egui::UiBuilder::new().scope_id(id), |ui| {
        // The field's id, asked before egui answers the request by scrolling (which only a
        // scroll area could do: the joint columns are not one).
        let field = ui.next_auto_id();
        let asked = ui.input(|i| {
            i.num_accesskit_action_requests(field, egui::accesskit::Action::ScrollIntoView) > 0
        });
        add_contents(ui) || asked
    })
    .inner
}

/// One of a row's leading cells: its number (click to select), time, frames. Returns the
/// whether the frames cell took the keyboard this frame.
fn lead_cell(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    (k, at_playhead): (usize, bool),
    column: usize,
    sink: &mut MotionSink<'_>,
) -> bool {
    let motion = &document.motion;
    let times = document.times_ms();
    match column {
        0 => {
            let selected = view.selected_keyframes.contains(&k);
            // The keyframe the playhead is on (or after): its number in the playhead's colour.
            let number = if at_playhead {
                egui::RichText::new(format!("{k}⏴"))
                    .strong()
                    .color(crate::app::motion::palette::PLAYHEAD_COLOUR)
            } else {
                egui::RichText::new(k.to_string())
            };
            let response = ui.selectable_label(selected, number);
            response.widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::Button,
                    true,
                    selected,
                    format!("Keyframe {k}"),
                )
            });
            if response.clicked() {
                let held = crate::app::pointer::click_modifiers(ui);
                let how = if held.shift {
                    RowPick::Extend
                } else if held.command {
                    RowPick::Toggle
                } else {
                    RowPick::Only
                };
                sink.push(MotionAction::SelectKeyframe { keyframe: k, how });
                if let Some(&t) = times.get(k) {
                    sink.push(MotionAction::Seek(t));
                }
            }
            false
        }
        1 => {
            ui.label(times.get(k).copied().unwrap_or(0).to_string());
            false
        }
        _ => {
            let frames = motion.keyframes.frames().get(k).copied().unwrap_or(0);
            if k == 0 {
                ui.weak("—")
                    .on_hover_text("The first keyframe starts the motion");
                return false;
            }
            let mut value = frames;
            let text = ui.style().number_formatter.format(f64::from(frames), 0..=0);
            if let Some(response) = at_rest::number(ui, &text, "") {
                labelled(
                    &response,
                    || format!("frames of keyframe {k}"),
                    f64::from(frames),
                );
                return at_rest::took_focus(&response);
            }
            let (response, changed) =
                field::number_ui(ui, egui::DragValue::new(&mut value).range(0..=u32::MAX));
            let response = response.on_hover_ui(|ui| {
                ui.label(format!("{} ms", timing::segment_ms(frames)));
            });
            labelled(
                &response,
                || format!("frames of keyframe {k}"),
                f64::from(value),
            );
            cell_events(&response, changed, sink, "segment length change", || {
                Edit::SetFrames(vec![(k, value)])
            })
        }
    }
}

/// A joint's (or body angle's) value at a keyframe, in degrees. Returns whether it took the
/// keyboard this frame.
fn value_cell(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    k: usize,
    channel: Channel,
    name: &str,
    sink: &mut MotionSink<'_>,
) -> bool {
    let urad = value(&document.motion, k, channel).unwrap_or(0);
    let mut degrees = urad_to_deg(urad);
    let text = ui.style().number_formatter.format(degrees, 2..=2);
    if let Some(response) = at_rest::number(ui, &text, "°") {
        labelled(&response, || format!("{name} keyframe {k}"), degrees);
        return at_rest::took_focus(&response);
    }
    let (response, changed) = field::number_ui(
        ui,
        egui::DragValue::new(&mut degrees)
            .speed(0.1)
            .fixed_decimals(2)
            .suffix("°"),
    );
    let response = response.on_hover_ui(|ui| {
        ui.label(format!("{urad} µrad"));
    });
    labelled(&response, || format!("{name} keyframe {k}"), degrees);
    cell_events(&response, changed, sink, "angle change", || {
        let new = deg_to_urad(degrees);
        let (mut angles, mut body) = (Vec::new(), Vec::new());
        for (k, channel) in cells_set_together(view, k, channel) {
            match channel {
                Channel::Joint(j) => angles.push((k, j, new)),
                Channel::Body(axis) => body.push((k, axis, new)),
            }
        }
        Edit::Group(vec![Edit::SetAngles(angles), Edit::SetBody(body)])
    })
}

/// The cells a value typed into cell `(k, channel)` sets: every selected point, where the
/// cell is one of them; this column of every selected row, where its row is one of several
/// selected; else the cell alone.
fn cells_set_together(view: &View, k: usize, channel: Channel) -> Vec<(usize, Channel)> {
    if view.selection.len() > 1 && view.selection.contains(&(k, channel)) {
        view.selection.iter().copied().collect()
    } else if view.selected_keyframes.len() > 1 && view.selected_keyframes.contains(&k) {
        view.selected_keyframes
            .iter()
            .map(|&row| (row, channel))
            .collect()
    } else {
        vec![(k, channel)]
    }
}

/// Gives a table cell an accessible name (what a screen reader and the tests find it by);
/// the name is only made when the accessibility tree is.
fn labelled(response: &egui::Response, name: impl Fn() -> String, value: f64) {
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::drag_value(true, value);
        info.label = Some(name());
        info
    });
}

/// A drag on a cell is one undo step; a typed value is one step (`changed`: the field's
/// value changed, see [`field::number_ui`]). Returns whether the cell took the keyboard this
/// frame (Tab into it), so that the table brings it into view.
fn cell_events(
    response: &egui::Response,
    changed: bool,
    sink: &mut MotionSink<'_>,
    label: &str,
    edit: impl FnOnce() -> Edit,
) -> bool {
    if response.drag_started() {
        sink.push(MotionAction::BeginGesture(label.to_owned()));
    }
    if changed {
        sink.edit(label, edit());
    }
    if response.drag_stopped() {
        sink.push(MotionAction::EndGesture);
    }
    response.gained_focus()
}
