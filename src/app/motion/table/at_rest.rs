//! A number cell no one is touching, drawn as its drag value draws itself at rest.
//!
//! A large window's keyframe table builds well over a hundred drag values every frame, and
//! they were a third of the whole frame (by `perf`, on the largest motion). A cell at rest is
//! drawn here instead: the same frame, text and place as the field's, under the same id, so
//! that Tab reaches it and a screen reader finds it; at a fraction of the cost. The cell is
//! the real field whenever anything may happen to it: the pointer over it, the keyboard in
//! it or just leaving it (where typed text is committed), a drag on it, a screen reader's
//! request for it.

use egui::class::{Classes, HasClasses as _};
use egui::widget_style::ButtonStyle;
use egui::{DragValue, Sense};

/// Draws a drag value showing `value` then `suffix` at rest, and returns its response; or
/// `None`, drawing nothing, when the cell is not at rest and the real field must be drawn.
pub fn number(ui: &mut egui::Ui, value: &str, suffix: &str) -> Option<egui::Response> {
    // The id the field would take: the next in this cell's `Ui`.
    let id = ui.next_auto_id();
    if busy(ui, id) {
        return None;
    }
    let classes = Classes::default().with_class(DragValue::CLASS);
    let style: ButtonStyle = ui.widget_style(id, &classes);
    let atoms = style.atom_layout;
    let font = ui.style().drag_value_text_style.clone().resolve(ui.style());
    let color = atoms.text_style.color;
    let painter = ui.painter();
    let galleys = [
        painter.layout_no_wrap(value.to_owned(), font.clone(), color),
        painter.layout_no_wrap(suffix.to_owned(), atoms.text_style.font_id.clone(), color),
    ];
    let inner = egui::vec2(
        galleys.iter().map(|g| g.size().x).sum(),
        galleys.iter().map(|g| g.size().y).fold(0.0, f32::max),
    );
    let margin = atoms.frame.total_margin();
    let min_size = ui.spacing().interact_size.max(atoms.min_size);
    let size = (inner + margin.sum()).max(min_size);
    // Tab reaches it even scrolled just out of view (the table builds a column more on either
    // side for that), as the field registers itself.
    ui.memory_mut(|m| m.interested_in_focus(id, ui.layer_id()));
    let (_, rect) = ui.allocate_space(size);
    let response = ui.interact(rect, id, Sense::click_and_drag());
    if response.gained_focus() {
        select_all(ui, id, value);
    }
    if ui.is_rect_visible(rect) {
        let inner_rect = rect - margin;
        let painter = ui.painter();
        painter.add(atoms.frame.paint(inner_rect));
        let align = atoms.align2.unwrap_or_else(|| ui.layout().align2());
        let block = align.align_size_within_rect(inner, inner_rect);
        let mut x = block.min.x;
        for galley in galleys {
            let cell = egui::Rect::from_x_y_ranges(x..=x + galley.size().x, block.y_range());
            x += galley.size().x;
            let at = egui::Align2::CENTER_CENTER.align_size_within_rect(galley.size(), cell);
            painter.galley(at.min, galley, color);
        }
    }
    ui.ctx().accesskit_node_builder(id, |node| {
        use egui::accesskit::Action;
        node.add_action(Action::SetValue);
        node.add_action(Action::Increment);
        node.add_action(Action::Decrement);
    });
    Some(response)
}

/// Selects all of the text the field `id` will show when it is drawn next frame, as egui's
/// `DragValue` does in the frame it takes the keyboard (here that frame was the cell's at
/// rest, so the field would start with its cursor after the text, and what is typed would go
/// after the value instead of replacing it).
fn select_all(ui: &egui::Ui, id: egui::Id, text: &str) {
    let mut state = egui::TextEdit::load_state(ui.ctx(), id).unwrap_or_default();
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
    state.store(ui.ctx(), id);
}

/// Whether the cell took the keyboard as it was drawn at rest (Tab from the cell before it),
/// so that the table brings it into view; it is the field from the next frame.
pub fn took_focus(response: &egui::Response) -> bool {
    let focused = response.has_focus();
    if focused {
        response.ctx.request_repaint();
    }
    focused
}

/// Where the table keeps the cell that had the keyboard last frame: in the frame it loses
/// the keyboard, a field commits the text typed into it, so it is drawn as the field then.
const HAD_FOCUS: &str = "mtn-studio table cell had focus";

/// Whether anything may happen to the field `id` this frame.
fn busy(ui: &egui::Ui, id: egui::Id) -> bool {
    use egui::accesskit::Action;
    let focused = ui.memory(|m| m.has_focus(id));
    let key = egui::Id::unique(HAD_FOCUS);
    // Read for every cell of every frame; written only when the keyboard comes or goes.
    let had = ui.data(|data| data.get_temp::<egui::Id>(key)) == Some(id);
    if focused && !had {
        ui.data_mut(|data| data.insert_temp(key, id));
    } else if had && !focused {
        ui.data_mut(|data| data.remove::<egui::Id>(key));
    }
    focused
        || had
        || ui.rect_contains_pointer(ui.max_rect())
        || ui.ctx().is_being_dragged(id)
        || ui.input(|i| {
            [
                Action::Click,
                Action::Focus,
                Action::SetValue,
                Action::Increment,
                Action::Decrement,
            ]
            .into_iter()
            .any(|action| i.num_accesskit_action_requests(id, action) > 0)
        })
}

#[cfg(test)]
mod tests {
    use super::number;
    use egui_kittest::Harness;

    /// A cell as the table lays one out: left to right, centred across.
    fn cell(ui: &mut egui::Ui, draw: impl FnOnce(&mut egui::Ui) -> egui::Rect) -> egui::Rect {
        ui.allocate_ui_with_layout(
            egui::vec2(92.0, 18.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| ui.scope(draw).inner,
        )
        .inner
    }

    /// Where each cell of a row landed, and whether it was drawn at rest.
    type Landed = Vec<(egui::Rect, bool)>;

    /// Draws a row of cells, each `-20.00°` then `15`, at rest or as fields, and returns
    /// where each landed.
    fn row(quiet: bool) -> (Harness<'static, Landed>, Landed) {
        let mut harness = Harness::builder()
            .with_size([300.0, 40.0])
            .wgpu()
            .build_ui_state(
                move |ui, out: &mut Landed| {
                    out.clear();
                    ui.horizontal(|ui| {
                        for (text, suffix) in [("-20.00", "°"), ("15", "")] {
                            let mut drew_quiet = false;
                            let rect = cell(ui, |ui| {
                                let mut value: f64 = text.parse().unwrap_or(0.0);
                                let response = match quiet.then(|| number(ui, text, suffix)) {
                                    Some(Some(response)) => {
                                        drew_quiet = true;
                                        response
                                    }
                                    _ => {
                                        let decimals = usize::from(suffix == "°") * 2;
                                        ui.add(
                                            egui::DragValue::new(&mut value)
                                                .fixed_decimals(decimals)
                                                .suffix(suffix),
                                        )
                                    }
                                };
                                // Named, as the table names its cells.
                                response.widget_info(|| {
                                    let mut info = egui::WidgetInfo::drag_value(true, value);
                                    info.label = Some(format!("cell {text}"));
                                    info
                                });
                                response.rect
                            });
                            out.push((rect, drew_quiet));
                        }
                    });
                },
                Vec::new(),
            );
        harness.run();
        let out = harness.state().clone();
        (harness, out)
    }

    #[test]
    fn a_cell_at_rest_takes_the_fields_place() {
        let (_, fields) = row(false);
        let (_, quiet) = row(true);
        assert!(
            quiet.iter().all(|(_, q)| *q),
            "not drawn at rest: {quiet:?}"
        );
        for ((field, _), (rest, _)) in fields.iter().zip(&quiet) {
            assert_eq!(field, rest);
        }
    }

    #[test]
    fn a_cell_at_rest_looks_like_the_field() {
        let (mut fields, _) = row(false);
        let (mut quiet, _) = row(true);
        let (fields, quiet) = match (fields.render(), quiet.render()) {
            (Ok(fields), Ok(quiet)) => (fields, quiet),
            (Err(e), _) | (_, Err(e)) => {
                // No wgpu adapter here: the place is still checked above.
                let required = std::env::var("MTN_STUDIO_REQUIRE_RENDER").is_ok_and(|v| v == "1");
                assert!(!required, "rendering needs a wgpu adapter: {e}");
                return;
            }
        };
        let differing = fields
            .pixels()
            .zip(quiet.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 8))
            .count();
        assert!(differing <= 4, "{differing} pixels differ");
    }

    #[test]
    fn the_pointer_over_a_cell_makes_it_the_field() {
        let (mut harness, _) = row(true);
        harness.hover_at(egui::pos2(20.0, 20.0));
        harness.run();
        let out = harness.state();
        assert!(!out[0].1, "the cell under the pointer stayed at rest");
        assert!(out[1].1, "the other cell is at rest");
    }
}
