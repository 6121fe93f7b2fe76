//! Pieces the dialogs share: a path field with Browse…, and a line saying what failed.

use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::app::state::BrowseFor;

/// A labelled path field with a Browse… button that asks the system's file dialog (after
/// the frame) to fill it; returns the new text when it was typed this frame.
pub fn path_row(
    ui: &mut egui::Ui,
    label: &str,
    path: &str,
    native_dialogs: bool,
    browse: BrowseFor,
    actions: &mut Sender<'_>,
) -> Option<String> {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let mut text = path.to_owned();
        ui.add(egui::TextEdit::singleline(&mut text).desired_width(320.0))
            .labelled_by(label.id);
        if native_dialogs && ui.button("Browse…").clicked() {
            actions.send(Action::Browse(browse));
        }
        (text != path).then_some(text)
    })
    .inner
}

/// A line in the error colour saying what failed, if anything did.
pub fn error_line(ui: &mut egui::Ui, error: Option<&String>) {
    if let Some(error) = error {
        ui.add(
            egui::Label::new(egui::RichText::new(error).color(ui.visuals().error_fg_color)).wrap(),
        );
    }
}
