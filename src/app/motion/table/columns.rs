//! Which joint columns the keyframe table shows, and its sideways scroll bar.
//!
//! The leading columns (#, time, frames) stay put; the joint columns scroll sideways by
//! whole columns, as a spreadsheet's frozen panes do, so a row's number and time are always
//! beside the value being edited. Shift+wheel, a touchpad's sideways swipe, the bar under
//! the table, Tab into a column out of view and a screen reader's "scroll into view" move
//! them.

use std::ops::Range;

/// The widths of the leading columns (#, time, frames) and of each value column.
pub const LEAD_WIDTHS: [f32; 3] = [52.0, 64.0, 60.0];
pub const VALUE_WIDTH: f32 = 92.0;
/// The gap egui_extras leaves between columns (the item spacing).
const SPACING: f32 = 8.0;
/// One column's step sideways.
const STEP: f32 = VALUE_WIDTH + SPACING;

/// The value columns a table of `count` of them builds, scrolled to `first`, in `width`
/// points.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The column just before the first shown, built 0 points wide (drawn nowhere) so that
    /// Shift+Tab reaches it and scrolls it into view.
    pub hidden_before: Option<usize>,
    /// The columns built after the leading ones: those that fit whole, then one cut by the
    /// table's right edge (which Tab reaches, and which then scrolls into view).
    pub values: Range<usize>,
    /// How many value columns fit whole.
    pub fit: usize,
    /// How many of the columns built are in sight: those whole, and the one cut by the
    /// right edge where at least half of it shows (what the row under the table counts).
    pub in_sight: usize,
}

impl Layout {
    pub fn new(count: usize, first: usize, width: f32) -> Self {
        let fit = fit(width);
        let first = first.min(last_first(count, fit));
        let values = first..(first + fit + 1).min(count);
        #[allow(clippy::cast_precision_loss)]
        let cut_shows = width - lead_width() - fit as f32 * STEP;
        let whole = fit.min(values.len());
        let in_sight = whole + usize::from(values.len() > whole && cut_shows >= VALUE_WIDTH / 2.0);
        Self {
            hidden_before: first.checked_sub(1),
            values,
            fit,
            in_sight,
        }
    }

    /// The first value column shown.
    pub fn first(&self) -> usize {
        self.values.start
    }

    /// The first column to show so that `column` is in view whole: the view moves as little
    /// as it can.
    pub fn first_showing(&self, column: usize) -> usize {
        let first = self.first();
        if column < first {
            column
        } else if column >= first + self.fit.max(1) {
            column + 1 - self.fit.max(1)
        } else {
            first
        }
    }
}

/// How many value columns fit whole beside the leading ones in `width` points.
fn fit(width: f32) -> usize {
    // Truncation is the point: whole columns; a negative room is none.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = ((width - lead_width() + SPACING) / STEP).floor().max(0.0) as usize;
    whole
}

/// The leading columns' width with the gaps after them.
fn lead_width() -> f32 {
    LEAD_WIDTHS.iter().map(|w| w + SPACING).sum()
}

/// The largest first column: the last column shown whole at the right edge.
fn last_first(count: usize, fit: usize) -> usize {
    count.saturating_sub(fit.max(1))
}

/// Draws the line between the leading columns and the joint columns of a table in `rect`
/// scrolled sideways: the edge of what stays put, as a spreadsheet marks frozen panes.
pub fn frozen_edge(ui: &egui::Ui, rect: egui::Rect) {
    let x = rect.min.x + lead_width() - SPACING / 2.0;
    let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
    ui.painter().vline(
        x,
        rect.y_range(),
        egui::Stroke::new(stroke.width.max(1.0) * 2.0, stroke.color),
    );
}

/// The table's sideways scroll, kept by egui between frames as a scroll area keeps its
/// offset: in points, so that a swipe of less than a column is not lost.
#[derive(Clone, Copy, Debug, Default)]
struct Scroll {
    points: f32,
}

fn scroll_id(tab: crate::app::TabId) -> egui::Id {
    egui::Id::unique(("keyframe table columns", tab))
}

/// The first value column the table of `tab` shows, after this frame's sideways wheel over
/// `over` (the table's place).
pub fn first_column(
    ui: &egui::Ui,
    tab: crate::app::TabId,
    count: usize,
    over: egui::Rect,
) -> usize {
    let id = scroll_id(tab);
    let mut scroll: Scroll = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let delta = if ui.rect_contains_pointer(over) {
        ui.input(|i| i.smooth_scroll_delta.x)
    } else {
        0.0
    };
    let max = last_first(count, fit(over.width())) as f32 * STEP;
    let points = (scroll.points - delta).clamp(0.0, max);
    if points != scroll.points {
        scroll.points = points;
        ui.data_mut(|d| d.insert_temp(id, scroll));
    }
    // Truncation is the point: whole columns.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let first = (points / STEP).round() as usize;
    first
}

/// Scrolls the table of `tab` to show `first` as its first value column.
pub fn scroll_to(ctx: &egui::Context, tab: crate::app::TabId, first: usize) {
    #[allow(clippy::cast_precision_loss)]
    let points = first as f32 * STEP;
    ctx.data_mut(|d| d.insert_temp(scroll_id(tab), Scroll { points }));
    ctx.request_repaint();
}

/// The row under the table: which joint columns are in view, a button a page each way, and
/// the bar, whose thumb shows them; dragging it or clicking beside it scrolls them.
pub fn scroll_bar(ui: &mut egui::Ui, tab: crate::app::TabId, layout: &Layout, count: usize) {
    let shown = layout.fit.clamp(1, count.max(1));
    let start = layout.first();
    if count <= shown {
        return;
    }
    let steps = count - shown;
    ui.horizontal_centered(|ui| {
        let hint = "Shift+wheel over the table, or drag the bar, scrolls the joint columns";
        // The words take the width of the widest they can be, so the bar stays put under a
        // pointer dragging it as they change.
        let words = |first: usize, last: usize| format!("joints {first}–{last} of {count}");
        let widest = ui
            .painter()
            .layout_no_wrap(
                words(count, count),
                egui::TextStyle::Body.resolve(ui.style()),
                egui::Color32::WHITE,
            )
            .size()
            .x;
        // The columns in sight: the one cut by the edge counts where half of it shows (the
        // review: "joints 1–2" with three columns to read).
        let last = (start + layout.in_sight.max(shown)).min(count);
        let text = egui::RichText::new(words(start + 1, last)).weak();
        ui.add_sized(
            egui::vec2(widest, ui.spacing().interact_size.y),
            egui::Label::new(text),
        )
        .on_hover_text(hint);
        // A page of the columns in sight a click (the review: one column a click was slow
        // through 20 joints); Shift+click, one column.
        let step = if ui.input(|i| i.modifiers.shift) {
            1
        } else {
            shown
        };
        if ui
            .add_enabled(start > 0, egui::Button::new("◀").small())
            .on_hover_text("The joint columns to the left of these (Shift+click: one column)")
            .clicked()
        {
            scroll_to(ui.ctx(), tab, start.saturating_sub(step));
        }
        let button = ui.spacing().interact_size.y + ui.spacing().item_spacing.x;
        let width = (ui.available_width() - button).max(40.0);
        bar(ui, tab, (start, shown, count), width);
        if ui
            .add_enabled(start < steps, egui::Button::new("▶").small())
            .on_hover_text("The joint columns to the right of these (Shift+click: one column)")
            .clicked()
        {
            scroll_to(ui.ctx(), tab, (start + step).min(steps));
        }
    });
}

/// The bar itself, `width` wide: columns `start` on, `shown` of `count`.
fn bar(
    ui: &mut egui::Ui,
    tab: crate::app::TabId,
    (start, shown, count): (usize, usize, usize),
    width: f32,
) -> egui::Response {
    let height = ui.spacing().scroll.bar_width.max(8.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click_and_drag());
    response.widget_info(|| {
        #[allow(clippy::cast_precision_loss)]
        let mut info = egui::WidgetInfo::slider(true, start as f64, "Joint columns");
        info.label = Some("Joint columns".to_owned());
        info
    });
    #[allow(clippy::cast_precision_loss)]
    let (count_f, shown_f, start_f) = (count as f32, shown as f32, start as f32);
    let thumb_width = (rect.width() * shown_f / count_f).max(height * 2.0);
    let travel = (rect.width() - thumb_width).max(1.0);
    #[allow(clippy::cast_precision_loss)]
    let steps = (count - shown) as f32;
    let thumb = egui::Rect::from_min_size(
        egui::pos2(rect.min.x + travel * start_f / steps, rect.min.y),
        egui::vec2(thumb_width, height),
    );
    if let Some(pointer) = response.interact_pointer_pos() {
        let wanted = if response.dragged() || thumb.contains(pointer) {
            ((pointer.x - rect.min.x - thumb_width / 2.0) / travel * steps).round()
        } else if pointer.x < thumb.min.x {
            start_f - shown_f
        } else {
            start_f + shown_f
        };
        if response.dragged() || response.clicked() {
            // Truncation is the point: a whole column, none before the first.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let first = wanted.clamp(0.0, steps) as usize;
            if first != start {
                scroll_to(ui.ctx(), tab, first);
            }
        }
    }
    // The thumb in the text's colour, so it shows against the panel (the widgets' fill
    // was nearly the panel's own grey).
    let thumb_color = if response.hovered() || response.dragged() {
        ui.visuals().strong_text_color()
    } else {
        ui.visuals().weak_text_color()
    };
    let painter = ui.painter();
    painter.rect_filled(rect, height / 2.0, ui.visuals().extreme_bg_color);
    painter.rect_filled(thumb.shrink(1.0), height / 2.0, thumb_color);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_joint_columns_that_fit_are_built_with_one_cut_and_one_hidden_before() {
        // 20 value columns in 600 points: the leading three take 192, four joints fit whole.
        let left = Layout::new(20, 0, 600.0);
        assert_eq!(
            (left.hidden_before, left.values.clone(), left.fit),
            (None, 0..5, 4)
        );
        let scrolled = Layout::new(20, 7, 600.0);
        assert_eq!(
            (scrolled.hidden_before, scrolled.values.clone()),
            (Some(6), 7..12)
        );
        // Never scrolled past the last column shown whole at the right edge.
        let end = Layout::new(20, 99, 600.0);
        assert_eq!((end.first(), end.values.clone()), (16, 16..20));
        // A window too narrow for one whole column still shows one.
        let narrow = Layout::new(20, 3, 100.0);
        assert_eq!((narrow.fit, narrow.values.clone()), (0, 3..4));
        // The column cut by the edge is in sight where half of it shows: in 600 points none
        // of it shows (four in sight), in 660 60 of its 92 points do (five).
        assert_eq!(left.in_sight, 4);
        assert_eq!(Layout::new(20, 0, 660.0).in_sight, 5);
        assert_eq!(Layout::new(20, 16, 660.0).in_sight, 4);
        // A column out of view is brought in with the least move.
        assert_eq!(scrolled.first_showing(13), 10);
        assert_eq!(scrolled.first_showing(6), 6);
        assert_eq!(scrolled.first_showing(9), 7);
    }
}
