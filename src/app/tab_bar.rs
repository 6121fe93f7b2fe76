//! The row of tabs: each brings its document to the front (middle-click or its × closes
//! it); a tab of an archive some of whose motions have unsaved edits is marked too.

use super::action::Action;
use super::tabs::{TabKind, Tabs, same_file};
use crate::edit::Origin;

/// The row of tabs: each brings its document to the front (middle-click or its × closes it).
/// One line that scrolls sideways (the wheel over it) when the tabs outgrow the window (a tab
/// and its × never part); no scroll bar over the tabs to take their clicks. The tab in front
/// is scrolled into view whenever it changes, until it is wholly in view.
pub fn tabs_ui(ui: &mut egui::Ui, tabs: &Tabs, actions: &mut Vec<Action>) {
    let shown_id = egui::Id::unique("tab bar: the tab scrolled into view");
    let shown = ui
        .data(|d| d.get_temp::<Option<super::state::TabId>>(shown_id))
        .flatten();
    // At the row's end, outside what scrolls: a list of every open tab, for those out of
    // sight.
    ui.horizontal(|ui| {
        let list_width = if tabs.list.is_empty() {
            0.0
        } else {
            ui.spacing().interact_size.y + ui.spacing().item_spacing.x * 2.0
        };
        let row_width = (ui.available_width() - list_width).max(0.0);
        scrolling_row(ui, tabs, row_width, shown_id, shown, actions);
        if !tabs.list.is_empty() {
            let list = ui.menu_button("\u{23f7}", |ui| open_tabs(ui, tabs, actions));
            list.response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Open tabs"));
            list.response
                .on_hover_text("Every open tab (also View > Open Tabs)");
        }
    });
}

/// Every open tab by name, the one in front marked; the one chosen comes to the front. The
/// tab row's list and View > Open Tabs both show it.
pub fn open_tabs(ui: &mut egui::Ui, tabs: &Tabs, actions: &mut Vec<Action>) {
    for tab in &tabs.list {
        let front = tabs.active == Some(tab.id);
        if ui.selectable_label(front, tab.title()).clicked() {
            actions.push(Action::ActivateTab(tab.id));
            egui::Popup::close_all(ui.ctx());
        }
    }
}

/// The tabs themselves, in one line that scrolls sideways.
fn scrolling_row(
    ui: &mut egui::Ui,
    tabs: &Tabs,
    width: f32,
    shown_id: egui::Id,
    shown: Option<super::state::TabId>,
    actions: &mut Vec<Action>,
) {
    // The wheel turned over the tabs scrolls them sideways, Shift or not.
    ui.style_mut().always_scroll_the_only_direction = true;
    egui::ScrollArea::horizontal()
        .id_salt("tab bar")
        .max_width(width)
        .auto_shrink([false, true])
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysHidden)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for tab in &tabs.list {
                    let selected = tabs.active == Some(tab.id);
                    let rect = tab_ui(ui, tabs, tab, selected, actions);
                    if selected && shown != Some(tab.id) {
                        if ui.clip_rect().contains_rect(rect) {
                            ui.data_mut(|d| d.insert_temp(shown_id, Some(tab.id)));
                        } else {
                            ui.scroll_to_rect(rect, None);
                            ui.ctx().request_repaint();
                        }
                    }
                }
            });
        });
}

/// One tab, its × and the separator after them; returns where they are.
fn tab_ui(
    ui: &mut egui::Ui,
    tabs: &Tabs,
    tab: &super::tabs::Tab,
    selected: bool,
    actions: &mut Vec<Action>,
) -> egui::Rect {
    ui.horizontal(|ui| {
        let mut title = tab.title();
        // An archive whose motions have unsaved edits in their tabs is marked too: its
        // Save writes them.
        if let TabKind::Archive(archive) = &tab.kind
            && tabs.motions().any(|(_, m)| {
                m.document.is_dirty()
                    && matches!(&m.document.origin,
                        Origin::Entry { archive: path, .. } if same_file(path, &archive.index.path))
            })
        {
            title.push_str(" \u{2022}");
        }
        let response = ui.selectable_label(selected, &title);
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Tab, true, selected, format!("Tab {title}"))
        });
        if response.clicked() {
            actions.push(Action::ActivateTab(tab.id));
        }
        if response.middle_clicked() {
            actions.push(Action::CloseTab(tab.id));
        }
        let close = ui
            .small_button("×")
            .on_hover_text(format!("Close {title} (Ctrl+W)"));
        close.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Close {title}"))
        });
        if close.clicked() {
            actions.push(Action::CloseTab(tab.id));
        }
        ui.separator();
    })
    .response
    .rect
}
