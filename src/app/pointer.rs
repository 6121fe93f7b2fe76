//! The modifiers a click was made with. The frame's `modifiers` are those held at its end: a
//! quick Shift-click whose Shift is let go within the same frame reads as a plain click
//! there. Each pointer event carries the modifiers held when it happened (egui-winit sends
//! them so), and the click is the primary button's release.

use egui::{Event, Modifiers, PointerButton};

/// The modifiers held when the primary button was let go this frame, else those held now.
#[must_use]
#[expect(
    clippy::wildcard_enum_match_arm,
    reason = "egui's events: only a primary button's release is looked for"
)]
pub fn click_modifiers(ui: &egui::Ui) -> Modifiers {
    ui.input(|i| {
        i.events
            .iter()
            .rev()
            .find_map(|event| match event {
                Event::PointerButton {
                    button: PointerButton::Primary,
                    pressed: false,
                    modifiers,
                    ..
                } => Some(*modifiers),
                _ => None,
            })
            .unwrap_or(i.modifiers)
    })
}
