//! The keyframe table: keyframes as rows, joints as columns in degrees (µrad on hover),
//! with the segment's frames and ms. Every cell is a drag value that can also be typed
//! into. Only the rows in view are built, and only the columns in view: the columns
//! scrolled out of sight sideways are one empty stretch, so a wide motion in a narrow
//! window costs what is shown. A number cell no one is touching is drawn as its field looks
//! at rest, without the field's machinery ([`at_rest`]).

mod at_rest;

use super::view::{Channel, View, channel_name, value};
use crate::app::action::MotionAction;
use crate::app::field;
use crate::app::sink::MotionSink;
use crate::edit::{Document, Edit};
use crate::robot::{deg_to_urad, timing, urad_to_deg};
use egui_extras::{Column, TableBuilder, TableRow};
use std::ops::Range;

/// The widths of the leading columns (#, time, frames) and of each value column.
const LEAD_WIDTHS: [f32; 3] = [44.0, 64.0, 60.0];
const VALUE_WIDTH: f32 = 92.0;

/// The columns a table shows, as its builder needs them: each leading column and each
/// value column in view, with an empty stretch for those scrolled past on either side.
#[derive(Clone, Debug, PartialEq)]
struct Layout {
    /// The leading columns shown (0..=3).
    lead: Range<usize>,
    /// The value columns shown.
    values: Range<usize>,
    /// The widths of the empty stretches before and after, 0 when there is none.
    before: f32,
    after: f32,
}

impl Layout {
    /// The columns of `values` value columns that meet the horizontal span `[x0, x1]` of
    /// the content.
    fn in_view(values: usize, x0: f32, x1: f32) -> Self {
        let spacing = 8.0;
        let mut widths = LEAD_WIDTHS.to_vec();
        widths.extend(std::iter::repeat_n(VALUE_WIDTH, values));
        let mut starts = Vec::with_capacity(widths.len() + 1);
        let mut x = 0.0;
        for w in &widths {
            starts.push(x);
            x += w + spacing;
        }
        starts.push(x);
        let shown: Vec<usize> = (0..widths.len())
            .filter(|&i| starts[i + 1] > x0 && starts[i] < x1)
            .collect();
        let (first, last) = match (shown.first(), shown.last()) {
            (Some(&a), Some(&b)) => (a, b + 1),
            _ => (0, 0),
        };
        let lead_count = LEAD_WIDTHS.len();
        Self {
            lead: first.min(lead_count)..last.min(lead_count),
            values: first.saturating_sub(lead_count)..last.saturating_sub(lead_count),
            before: (starts[first] - spacing).max(0.0),
            after: (x - starts[last] - spacing).max(0.0),
        }
    }
}

/// Draws the keyframe table.
pub fn table_ui(ui: &mut egui::Ui, document: &Document, view: &View, sink: &mut MotionSink<'_>) {
    let motion = &document.motion;
    let channels: Vec<Channel> = (0..motion.locators.len())
        .map(Channel::Joint)
        .chain((0..3).map(Channel::Body).filter(|&c| view.is_visible(c)))
        .collect();
    let row_height = ui.spacing().interact_size.y;
    // Solid scroll bars take their own space, so they never cover the last row.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt("table scroll")
        .show_viewport(ui, |ui, viewport| {
            // One column more on either side than is in view, so that Tab from the last cell
            // in view reaches the next column's (which then scrolls into view).
            let margin = VALUE_WIDTH + 8.0;
            let layout = Layout::in_view(
                channels.len(),
                viewport.min.x - margin,
                viewport.max.x + margin,
            );
            let shown = &channels[layout.values.clone()];
            let names: Vec<String> = shown.iter().map(|&c| channel_name(motion, c)).collect();
            // A cell that took the keyboard this frame (Tab), to bring into view: the
            // sideways scroll is this area's, which the table's own (vertical) scroll area
            // would swallow if the cell asked for it itself.
            let mut reveal: Option<egui::Rect> = None;
            let mut table = TableBuilder::new(ui)
                .id_salt("keyframes")
                .striped(true)
                .min_scrolled_height(60.0)
                // The table fills its panel: a motion of few keyframes keeps the panel's
                // height (the splitter sets it), and the scroll bar below never covers a row.
                .auto_shrink([false, false]);
            if layout.before > 0.0 {
                table = table.column(Column::exact(layout.before));
            }
            for &width in &LEAD_WIDTHS[layout.lead.clone()] {
                table = table.column(Column::exact(width));
            }
            table = table.columns(Column::exact(VALUE_WIDTH), shown.len());
            if layout.after > 0.0 {
                table = table.column(Column::exact(layout.after));
            }
            let spacer = |row: &mut TableRow<'_, '_>, width: f32| {
                if width > 0.0 {
                    row.col(|_| {});
                }
            };
            table
                .header(row_height, |mut header| {
                    spacer(&mut header, layout.before);
                    let titles = [
                        ("#", ""),
                        ("time ms", ""),
                        ("frames", "Interpolation frames of the segment ending here"),
                    ];
                    for (title, hover) in &titles[layout.lead.clone()] {
                        header.col(|ui| {
                            let response = ui.strong(*title);
                            if !hover.is_empty() {
                                response.on_hover_text(*hover);
                            }
                        });
                    }
                    for name in &names {
                        header.col(|ui| {
                            ui.strong(name.as_str());
                        });
                    }
                    spacer(&mut header, layout.after);
                })
                .body(|body| {
                    body.rows(row_height, motion.keyframes.len(), |mut row| {
                        let k = row.index();
                        row.set_selected(view.selected_keyframes.contains(&k));
                        spacer(&mut row, layout.before);
                        for column in layout.lead.clone() {
                            row.col(|ui| {
                                let focused = in_cell(ui, sink.tab, k, Cell::Lead(column), |ui| {
                                    lead_cell(ui, document, view, k, column, sink)
                                });
                                reveal = reveal.or(focused);
                            });
                        }
                        for (&channel, name) in shown.iter().zip(&names) {
                            row.col(|ui| {
                                let focused =
                                    in_cell(ui, sink.tab, k, Cell::Value(channel), |ui| {
                                        value_cell(ui, document, view, k, channel, name, sink)
                                    });
                                reveal = reveal.or(focused);
                            });
                        }
                        spacer(&mut row, layout.after);
                    });
                });
            if let Some(rect) = reveal {
                ui.scroll_to_rect(rect, None);
            }
        });
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
fn in_cell<R>(
    ui: &mut egui::Ui,
    tab: crate::app::TabId,
    k: usize,
    cell: Cell,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let id = egui::Id::unique(("keyframe table cell", tab, k, cell));
    ui.scope_builder(egui::UiBuilder::new().scope_id(id), add_contents)
        .inner
}

/// One of a row's leading cells: its number (click to select), time, frames. Returns the
/// frames cell's place if it took the keyboard this frame.
fn lead_cell(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    k: usize,
    column: usize,
    sink: &mut MotionSink<'_>,
) -> Option<egui::Rect> {
    let motion = &document.motion;
    let times = document.times_ms();
    match column {
        0 => {
            let selected = view.selected_keyframes.contains(&k);
            let response = ui.selectable_label(selected, k.to_string());
            response.widget_info(|| {
                egui::WidgetInfo::selected(
                    egui::Role::Button,
                    true,
                    selected,
                    format!("Keyframe {k}"),
                )
            });
            if response.clicked() {
                let add = ui.input(|i| i.modifiers.shift || i.modifiers.command);
                sink.push(MotionAction::SelectKeyframe { keyframe: k, add });
                if let Some(&t) = times.get(k) {
                    sink.push(MotionAction::Seek(t));
                }
            }
            None
        }
        1 => {
            ui.label(times.get(k).copied().unwrap_or(0).to_string());
            None
        }
        _ => {
            let frames = motion.keyframes.frames().get(k).copied().unwrap_or(0);
            if k == 0 {
                ui.weak("—")
                    .on_hover_text("The first keyframe starts the motion");
                return None;
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
            .then_some(response.rect)
        }
    }
}

/// A joint's (or body angle's) value at a keyframe, in degrees. Returns the cell's place if
/// it took the keyboard this frame.
fn value_cell(
    ui: &mut egui::Ui,
    document: &Document,
    view: &View,
    k: usize,
    channel: Channel,
    name: &str,
    sink: &mut MotionSink<'_>,
) -> Option<egui::Rect> {
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
    .then_some(response.rect)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_columns_in_view_are_built() {
        // 20 value columns; a view 500 points wide at the left shows the leading three and
        // the first value columns, with the rest one stretch after them.
        let left = Layout::in_view(20, 0.0, 500.0);
        assert_eq!(left.lead, 0..3);
        assert_eq!(left.values, 0..4);
        assert!(left.before == 0.0 && left.after > 0.0);
        // Scrolled to the end: the leading columns are past, one stretch before.
        let total = 44.0 + 64.0 + 60.0 + 20.0 * VALUE_WIDTH + 23.0 * 8.0;
        let right = Layout::in_view(20, total - 300.0, total);
        assert_eq!(right.lead, 3..3);
        assert_eq!(right.values.end, 20);
        assert!(right.values.len() <= 4 && right.after == 0.0);
        // The stretches and the columns shown add up to the whole table, whatever the view.
        for x0 in [0.0, 100.0, 333.0, 900.0, total - 10.0] {
            let layout = Layout::in_view(20, x0, x0 + 400.0);
            let shown: f32 = LEAD_WIDTHS[layout.lead.clone()].iter().sum::<f32>()
                + layout.values.len() as f32 * VALUE_WIDTH;
            let columns = layout.lead.len() + layout.values.len();
            let spacers = usize::from(layout.before > 0.0) + usize::from(layout.after > 0.0);
            let width = layout.before + layout.after + shown + 8.0 * (columns + spacers - 1) as f32;
            assert!(
                (width - (total - 8.0)).abs() < 0.01,
                "{x0}: {layout:?} {width}"
            );
        }
    }
}
