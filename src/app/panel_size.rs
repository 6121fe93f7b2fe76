//! The motion tab's resizable panels follow the window. egui remembers a panel's size in
//! points, so a panel squeezed by a small window (or laid out for one) stays small when the
//! window grows again: a keyframe table of three rows and a joint list without its values at
//! 1400x900. Here each panel keeps the size the animator gave it by dragging its splitter as
//! a share of the window, and until they do, its default for the window; either way within
//! its limits. The share is what a widget keeps of its own (egui's memory), not the
//! window's state.

use egui::{Id, IdSalt, Ui};

/// A resizable panel of the tab: its id (as given to `egui::Panel`) and its sizes.
#[derive(Clone, Copy, Debug)]
pub struct PanelSize {
    /// The panel's id salt.
    pub salt: &'static str,
    /// The window's (or the column's) extent along the panel's axis.
    pub extent: f32,
    /// The size for this extent until the splitter is dragged.
    pub default: f32,
    /// The largest size for this extent.
    pub max: f32,
}

impl PanelSize {
    /// The panel's id, as `egui::Panel` makes it in `ui`.
    fn id(self, ui: &Ui) -> Id {
        ui.scope_id().with_salt(IdSalt::new(self.salt))
    }

    /// The id of the panel's splitter (its resize handle), as egui makes it.
    fn splitter(self, ui: &Ui) -> Id {
        self.id(ui).with("__resize")
    }

    fn share_id(self, ui: &Ui) -> Id {
        self.id(ui).with("mtn-studio share of the window")
    }

    /// The size this panel is to have now: the chosen share of the extent, or the default;
    /// within the largest size.
    #[must_use]
    pub fn wanted(self, share: Option<f32>) -> f32 {
        share
            .map_or(self.default, |share| share * self.extent)
            .min(self.max)
            .max(0.0)
    }

    /// Before the panel is shown in `ui`: sets the size egui remembers for it to
    /// [`PanelSize::wanted`], unless its splitter is being dragged.
    pub fn fit(self, ui: &Ui) {
        if dragged(ui, self.splitter(ui)) {
            return;
        }
        let share = ui.data(|data| data.get_temp::<f32>(self.share_id(ui)));
        let size = self.wanted(share);
        let id = self.id(ui);
        let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size, size));
        ui.data_mut(|data| {
            data.insert_persisted(id, egui::containers::panel::PanelState { outer_rect: rect });
        });
    }

    /// After the panel is shown (its outer size `size` along its axis): remembers the size
    /// as a share of the extent if the splitter was dragged this frame.
    pub fn remember(self, ui: &Ui, size: f32) {
        if dragged(ui, self.splitter(ui)) && self.extent > 0.0 {
            let share = size / self.extent;
            ui.data_mut(|data| data.insert_temp(self.share_id(ui), share));
        }
    }
}

/// Whether the widget `id` is being dragged, or was let go this frame.
fn dragged(ui: &Ui, id: Id) -> bool {
    ui.ctx()
        .read_response(id)
        .is_some_and(|r| r.dragged() || r.drag_stopped())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_follows_the_chosen_share_within_the_largest() {
        let table = PanelSize {
            salt: "table",
            extent: 800.0,
            default: 234.0,
            max: 360.0,
        };
        assert_eq!(table.wanted(None), 234.0, "the default until dragged");
        assert_eq!(table.wanted(Some(0.25)), 200.0);
        assert_eq!(table.wanted(Some(0.9)), 360.0, "never past the largest");
        let small = PanelSize {
            extent: 400.0,
            default: 104.0,
            max: 180.0,
            ..table
        };
        assert_eq!(small.wanted(Some(0.25)), 100.0, "the share, not the points");
    }
}
