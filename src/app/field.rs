//! Number fields that change a document. A typed value is one edit, committed when Enter is
//! pressed or the field is left (egui's `DragValue` then reports one change); a drag is one
//! gesture. Escape, and Undo or Redo pressed while typing, leave the field without committing
//! what was typed: the window marks the field it took the keyboard from as cancelled, and the
//! change its `DragValue` reports as it loses the keyboard is then not an edit.

use egui::{Context, Id};

/// Where the field last cancelled is kept in egui's memory.
const CANCELLED_KEY: &str = "mtn-studio cancelled field";
/// How many passes after a cancel a change from that field is still the discarded text:
/// egui's `DragValue` commits its text in the pass after it loses the keyboard, or in the
/// one after that (its "lost focus" spans two passes).
const CANCEL_PASSES: u64 = 2;

/// A number field whose typed text is committed once. Returns the response and whether the
/// value changed (a committed typed value, a step of a drag, the arrow keys).
pub fn number_ui(ui: &mut egui::Ui, field: egui::DragValue<'_>) -> (egui::Response, bool) {
    let response = ui.add(field.update_while_editing(false));
    let changed = response.changed() && !cancelled(ui.ctx(), response.id);
    (response, changed)
}

/// Marks the field `id` as left without committing what was typed into it.
pub fn cancel(ctx: &Context, id: Id) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| data.insert_temp(Id::unique(CANCELLED_KEY), (id, pass)));
}

/// Whether the field `id` was cancelled in this pass or the last [`CANCEL_PASSES`].
fn cancelled(ctx: &Context, id: Id) -> bool {
    let now = ctx.cumulative_pass_nr();
    ctx.data(|data| data.get_temp::<(Id, u64)>(Id::unique(CANCELLED_KEY)))
        .is_some_and(|(field, pass)| field == id && now <= pass + CANCEL_PASSES)
}
