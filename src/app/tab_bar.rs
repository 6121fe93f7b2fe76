//! The row of tabs: each brings its document to the front (middle-click or its × closes
//! it); a tab of an archive some of whose motions have unsaved edits is marked too.

use super::action::Action;
use super::tabs::{TabKind, Tabs, same_file};
use crate::app::sink::Sender;
use crate::edit::Origin;

/// The row of tabs: each brings its document to the front (middle-click or its × closes it).
/// One line that scrolls sideways (the wheel over it) when the tabs outgrow the window (a tab
/// and its × never part); no scroll bar over the tabs to take their clicks. The tab in front
/// is scrolled into view whenever it changes, until it is wholly in view.
pub fn tabs_ui(ui: &mut egui::Ui, tabs: &Tabs, actions: &mut Sender<'_>) {
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
pub fn open_tabs(ui: &mut egui::Ui, tabs: &Tabs, actions: &mut Sender<'_>) {
    for tab in &tabs.list {
        let front = tabs.active == Some(tab.id);
        if ui
            .selectable_label(front, tabs.distinct_title(tab))
            .clicked()
        {
            actions.send(Action::ActivateTab(tab.id));
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
    actions: &mut Sender<'_>,
) {
    // The wheel turned over the tabs scrolls them sideways, Shift or not.
    ui.style_mut().always_scroll_the_only_direction = true;
    egui::ScrollArea::horizontal()
        .id_salt("tab bar")
        // A click of the wheel goes about one tab along (egui's own step, a few tens of
        // points, took some forty clicks across eleven tabs).
        .wheel_scroll_multiplier(egui::vec2(4.0, 4.0))
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
    actions: &mut Sender<'_>,
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
        let shown = elided(&title);
        let mut response = ui.selectable_label(selected, &shown);
        // A motion no file holds yet (new, imported, the example) carries no unsaved mark
        // until it is edited, as a new document in most editors: closing it loses nothing
        // that New cannot make again. Its hover says where it stands.
        let in_no_file = tab
            .motion()
            .is_some_and(|m| m.document.origin.path().is_none());
        if in_no_file {
            response = response.on_hover_text(format!(
                "{title}: not saved to a file yet (Save asks where)"
            ));
        } else if response.hovered() {
            // Where its file is, where another tab has its title; the whole title where the
            // tab shows it cut (worked out for the tab under the pointer only).
            let distinct = tabs.distinct_title(tab);
            if shown != title || distinct != title {
                response = response.on_hover_text(distinct);
            }
        }
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Tab, true, selected, format!("Tab {title}"))
        });
        if response.clicked() {
            actions.send(Action::ActivateTab(tab.id));
        }
        if response.middle_clicked() {
            actions.send(Action::CloseTab(tab.id));
        }
        let close = ui
            .small_button("×")
            .on_hover_text(format!("Close {title} (Ctrl+W)"));
        close.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Close {title}"))
        });
        if close.clicked() {
            actions.send(Action::CloseTab(tab.id));
        }
        ui.separator();
    })
    .response
    .rect
}

/// A tab's title longer than this (characters) is shown with its middle left out, so that
/// one long name does not push the other tabs out of sight (the whole on hover).
const TAB_TITLE_CHARS: usize = 60;

/// `title` as its tab shows it: whole, or its start and end around an ellipsis (an
/// archive's name and the end of its entry's, where each motion's name differs).
fn elided(title: &str) -> String {
    let chars: Vec<char> = title.chars().collect();
    if chars.len() <= TAB_TITLE_CHARS {
        return title.to_owned();
    }
    let head = TAB_TITLE_CHARS / 2 - 1;
    let tail = TAB_TITLE_CHARS - head - 1;
    let mut shown: String = chars[..head].iter().collect();
    shown.push('…');
    shown.extend(&chars[chars.len() - tail..]);
    shown
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_title_keeps_its_start_and_end() {
        assert_eq!(super::elided("walk.mtn"), "walk.mtn");
        let fits = "monet-ERS-7-MOTION7.ODA : a_sit#stand_standard";
        assert_eq!(super::elided(fits), fits);
        let long = "AIBO-MIND-3-DYNMTN.ODA : a_stand#stand_so0_shake_hands_left_then_right_again";
        let shown = super::elided(long);
        assert_eq!(shown.chars().count(), super::TAB_TITLE_CHARS);
        assert_eq!(
            shown,
            "AIBO-MIND-3-DYNMTN.ODA : a_st…ke_hands_left_then_right_again"
        );
    }
}
