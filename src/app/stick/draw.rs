//! The stick's tab: what the stick is with Check and Read Again, what Check found, its
//! archives (each with Open), the behaviours' table with its search and sorting titles, and
//! the selected behaviour's parts.

use super::StickTab;
use crate::app::action::{Action, StickAction};
use crate::app::sink::Sender;
use crate::app::state::TabId;
use crate::codec::Severity;
use crate::stick::rows::{BehaviourRow, Found, Order, Query, select};
use egui_extras::{Column, TableBuilder, TableRow};

/// The behaviours' columns: title and the order its button sorts by.
const COLUMNS: [(&str, Order); 5] = [
    ("MWCID", Order::Mwcid),
    ("Action names", Order::Name),
    ("Parts", Order::Parts),
    ("Plays", Order::Table),
    ("On the stick", Order::Table),
];

/// Draws a stick's tab.
pub fn stick_ui(ui: &mut egui::Ui, id: TabId, tab: &StickTab, actions: &mut Sender<'_>) {
    let push = |actions: &mut Sender<'_>, action| actions.send(Action::Stick(id, action));
    egui::Panel::top("stick summary").show(ui, |ui| {
        summary_ui(ui, tab, &mut |a| push(actions, a));
    });
    egui::Panel::left("stick archives")
        .resizable(true)
        .default_size(280.0)
        .show(ui, |ui| archives_ui(ui, tab, actions));
    egui::Panel::bottom("stick parts")
        .resizable(true)
        .default_size(200.0)
        .min_size(150.0)
        .show(ui, |ui| parts_ui(ui, id, tab, actions));
    egui::CentralPanel::default().show(ui, |ui| {
        let visible = select(&tab.rows.behaviours, &tab.query);
        ui.horizontal(|ui| {
            let label = ui.label("Search");
            let mut text = tab.query.text.clone();
            ui.add(
                egui::TextEdit::singleline(&mut text)
                    .hint_text("MWCID, action name or part name")
                    .desired_width(260.0),
            )
            .labelled_by(label.id);
            if text != tab.query.text {
                let query = Query {
                    text,
                    ..tab.query.clone()
                };
                push(actions, StickAction::SetQuery(query));
            }
            ui.label(format!(
                "{} of {}",
                visible.len(),
                crate::words::plural(tab.rows.behaviours.len(), "behaviour", "behaviours")
            ));
        });
        // A search that finds nothing says so, rather than leaving a blank table.
        if visible.is_empty() && !tab.query.text.trim().is_empty() {
            ui.weak(format!(
                "No behaviour holds \"{}\" in its MWCID, an action name or a part's name",
                tab.query.text.trim()
            ));
        }
        keyboard(ui, id, tab, &visible, actions);
        table_ui(ui, id, tab, &visible, actions);
    });
}

/// What the stick is, and its buttons; what Check found.
fn summary_ui(ui: &mut egui::Ui, tab: &StickTab, push: &mut dyn FnMut(StickAction)) {
    let rows = &tab.rows;
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!(
            "{} memory stick",
            rows.model.unwrap_or("An unknown model's")
        ));
        ui.label(format!(
            "· {} · {} · {} used",
            rows.software,
            if rows.bootable {
                "bootable (MEMSTICK.IND)"
            } else {
                "a tree to copy onto a stick that has MEMSTICK.IND"
            },
            crate::words::megabytes(rows.bytes_used)
        ));
    });
    if tab.changed_outside {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "The stick's files changed outside mtn-studio since this tab read them:",
            );
            if ui.button("Read Again").clicked() {
                push(StickAction::Reread);
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        // An image's files are read from a temporary copy: the image is what is shown.
        match &tab.image {
            Some(copy) => ui
                .label(egui::RichText::new(copy.image.display().to_string()).weak())
                .on_hover_text(format!(
                    "Read only: its files are read from a copy in {}",
                    rows.root
                )),
            None => ui.label(egui::RichText::new(&rows.root).weak()),
        };
        match (&rows.table, &rows.table_error) {
            (Some(table), _) => ui.label(format!(
                "· {}: {} records, {} parts{}",
                table.path,
                table.records,
                table.parts,
                if table.gzip { ", gzip" } else { "" }
            )),
            (None, Some(error)) => ui.colored_label(ui.visuals().error_fg_color, error),
            (None, None) => ui.label("· no behaviour table"),
        };
    });
    ui.horizontal(|ui| {
        if ui
            .button("Check")
            .on_hover_text("Check the stick as `mtn-studio stick check` does")
            .clicked()
        {
            push(StickAction::Check);
        }
        if ui
            .button("Read Again")
            .on_hover_text("Read the stick's files again (after changing them elsewhere)")
            .clicked()
        {
            push(StickAction::Reread);
        }
    });
    if let Some(copy) = &tab.image {
        image_ui(ui, copy, push);
    }
    if let Some(findings) = &tab.findings {
        findings_ui(ui, findings);
    }
}

/// A stick image's line: read only, and Save Stick As Folder with the folder to copy into
/// (offered beside the image, named as it without its extension).
fn image_ui(ui: &mut egui::Ui, copy: &super::ImageCopy, push: &mut dyn FnMut(StickAction)) {
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!(
            "Read only: the image {} is never changed; its files are shown from a temporary \
             copy. Save Stick As Folder copies them into a folder to work on.",
            copy.image.display()
        ),
    );
    let id = ui.scope_id().with("save stick as folder");
    let mut folder: String = ui
        .data(|d| d.get_temp(id))
        .unwrap_or_else(|| copy.image.with_extension("").display().to_string());
    ui.horizontal(|ui| {
        let label = ui.label("Folder");
        ui.add(egui::TextEdit::singleline(&mut folder).desired_width(320.0))
            .labelled_by(label.id);
        let ready = !folder.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new("Save Stick As Folder"))
            .on_hover_text(
                "Copy the image's files into this folder (a new one, or empty) and open it",
            )
            .clicked()
        {
            push(StickAction::SaveAsFolder(std::path::PathBuf::from(
                folder.trim(),
            )));
        }
    });
    ui.data_mut(|d| d.insert_temp(id, folder));
}

fn findings_ui(ui: &mut egui::Ui, findings: &[crate::stick::check::Finding]) {
    let worrying = findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .count();
    let title = if worrying == 0 {
        format!(
            "Check: nothing stops the robot ({})",
            crate::words::plural(findings.len(), "note", "notes")
        )
    } else {
        format!(
            "Check: {}, {}",
            crate::words::plural(worrying, "error or warning", "errors or warnings"),
            crate::words::plural(findings.len() - worrying, "note", "notes")
        )
    };
    egui::CollapsingHeader::new(title)
        .default_open(true)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .show(ui, |ui| {
                    for f in findings {
                        let (word, color) = match f.severity {
                            Severity::Error => ("error", ui.visuals().error_fg_color),
                            Severity::Warning => ("warning", ui.visuals().warn_fg_color),
                            Severity::Info => ("note", ui.visuals().weak_text_color()),
                        };
                        let at = if f.path.is_empty() {
                            String::new()
                        } else {
                            format!("{}: ", f.path)
                        };
                        ui.horizontal_wrapped(|ui| {
                            ui.colored_label(color, word);
                            ui.label(format!("{at}{}", f.message));
                        });
                    }
                });
        });
}

/// The archives, each with Open where it reads.
fn archives_ui(ui: &mut egui::Ui, tab: &StickTab, actions: &mut Sender<'_>) {
    ui.heading("Archives");
    if tab.rows.archives.is_empty() {
        ui.label("None under OPEN-R/MW/DATA/.");
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        for archive in &tab.rows.archives {
            ui.horizontal_wrapped(|ui| match archive.entries {
                Some(entries) => {
                    let file = archive.path.rsplit('/').next().unwrap_or(&archive.path);
                    if ui
                        .button(format!("Open {file}"))
                        .on_hover_text(format!("Open {} in the archive browser", archive.path))
                        .clicked()
                    {
                        actions.send(Action::Open(tab.root.join(&archive.path)));
                    }
                    ui.label(format!(
                        "{} · {}",
                        archive.path,
                        crate::words::plural(entries, "entry", "entries")
                    ));
                }
                None => {
                    ui.label(&archive.path)
                        .on_hover_text(archive.error.as_deref().unwrap_or("it does not read"));
                    ui.label(egui::RichText::new("does not read (encrypted?)").weak());
                }
            });
        }
    });
}

/// Up and Down move the selection (unless a text field has the keyboard).
fn keyboard(ui: &egui::Ui, id: TabId, tab: &StickTab, visible: &[usize], actions: &mut Sender<'_>) {
    if ui.ctx().text_edit_focused() {
        return;
    }
    let here = tab
        .selected
        .and_then(|row| visible.iter().position(|&r| r == row));
    let (down, up) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowDown),
            i.key_pressed(egui::Key::ArrowUp),
        )
    });
    let step = match (down, up) {
        (true, false) => Some(here.map_or(0, |h| (h + 1).min(visible.len().saturating_sub(1)))),
        (false, true) => Some(here.map_or(0, |h| h.saturating_sub(1))),
        _ => None,
    };
    if let Some(&row) = step.and_then(|p| visible.get(p)) {
        actions.send(Action::Stick(id, StickAction::Select(Some(row))));
    }
}

fn table_ui(
    ui: &mut egui::Ui,
    id: TabId,
    tab: &StickTab,
    visible: &[usize],
    actions: &mut Sender<'_>,
) {
    // Scrolled to the selected row when the selection or the rows shown change (not every
    // frame: that would keep the table repainting).
    let position = tab
        .selected
        .and_then(|row| visible.iter().position(|&r| r == row));
    let key = ui.scope_id().with(("stick scrolled", id));
    let wanted = (position, visible.len());
    let before = ui.ctx().data(|d| d.get_temp::<(Option<usize>, usize)>(key));
    let scroll_to = (before != Some(wanted)).then_some(position).flatten();
    if before != Some(wanted) {
        ui.ctx().data_mut(|d| d.insert_temp(key, wanted));
    }
    let row_height = ui.spacing().interact_size.y;
    let mut table = TableBuilder::new(ui)
        .id_salt("stick behaviours")
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .sense(egui::Sense::click())
        .column(Column::initial(80.0).at_least(60.0).resizable(true))
        .column(
            Column::initial(200.0)
                .at_least(100.0)
                .resizable(true)
                .clip(true),
        )
        .column(Column::initial(50.0).at_least(40.0).resizable(true))
        .column(Column::remainder().at_least(120.0).clip(true))
        .column(Column::initial(230.0).at_least(100.0).clip(true))
        .min_scrolled_height(80.0);
    if let Some(position) = scroll_to {
        table = table.scroll_to_row(position, None);
    }
    table
        .header(row_height, |mut header| {
            header_ui(&mut header, id, tab, actions);
        })
        .body(|body| {
            body.rows(row_height, visible.len(), |mut table_row| {
                let row = visible[table_row.index()];
                if let Some(behaviour) = tab.rows.behaviours.get(row) {
                    behaviour_row_ui(
                        &mut table_row,
                        id,
                        tab.selected == Some(row),
                        row,
                        behaviour,
                        actions,
                    );
                }
            });
        });
}

/// The titles; those that sort, buttons (again: the other way).
fn header_ui(header: &mut TableRow<'_, '_>, id: TabId, tab: &StickTab, actions: &mut Sender<'_>) {
    for (title, order) in COLUMNS {
        header.col(|ui| {
            let text = egui::RichText::new(title).strong();
            if order == Order::Table {
                ui.label(text);
                return;
            }
            let sorted = tab.query.order == order;
            let arrow = match (sorted, tab.query.descending) {
                (true, false) => " ⏶",
                (true, true) => " ⏷",
                (false, _) => "",
            };
            let button = ui
                .add(
                    egui::Button::new(egui::RichText::new(format!("{title}{arrow}")).strong())
                        .frame(false),
                )
                .on_hover_text(format!("Sort by {}", title.to_lowercase()));
            if button.clicked() {
                let query = Query {
                    descending: sorted && !tab.query.descending,
                    order,
                    ..tab.query.clone()
                };
                actions.send(Action::Stick(id, StickAction::SetQuery(query)));
            }
        });
    }
}

fn behaviour_row_ui(
    table_row: &mut TableRow<'_, '_>,
    id: TabId,
    selected: bool,
    row: usize,
    behaviour: &BehaviourRow,
    actions: &mut Sender<'_>,
) {
    table_row.set_selected(selected);
    table_row.col(|ui| {
        if ui
            .selectable_label(selected, behaviour.mwcid.to_string())
            .clicked()
        {
            actions.send(Action::Stick(id, StickAction::Select(Some(row))));
        }
    });
    table_row.col(|ui| {
        let names: Vec<&str> = behaviour.actions.iter().map(|a| a.name.as_str()).collect();
        ui.label(names.join(", "));
    });
    table_row.col(|ui| {
        ui.label(behaviour.parts.len().to_string());
    });
    table_row.col(|ui| {
        let plays: Vec<&str> = behaviour.parts.iter().map(|p| p.name.as_str()).collect();
        ui.label(plays.join(" + "));
    });
    table_row.col(|ui| {
        let missing = behaviour
            .parts
            .iter()
            .filter(|p| matches!(p.found, Found::Missing))
            .count();
        let unverified = behaviour
            .parts
            .iter()
            .filter(|p| matches!(p.found, Found::Unverified))
            .count();
        if missing > 0 {
            ui.colored_label(ui.visuals().error_fg_color, format!("{missing} missing"));
        } else if unverified > 0 {
            ui.label(egui::RichText::new("unverified (encrypted archives)").weak());
        } else {
            ui.label("all found");
        }
    });
    if table_row.response().clicked() {
        actions.send(Action::Stick(id, StickAction::Select(Some(row))));
    }
}

/// The selected behaviour's parts, every field.
fn parts_ui(ui: &mut egui::Ui, id: TabId, tab: &StickTab, actions: &mut Sender<'_>) {
    let Some((row, behaviour)) = tab
        .selected
        .and_then(|s| Some((s, tab.rows.behaviours.get(s)?)))
    else {
        ui.label("Select a behaviour to see its parts.");
        return;
    };
    let names: Vec<&str> = behaviour.actions.iter().map(|a| a.name.as_str()).collect();
    ui.horizontal(|ui| {
        ui.strong(if names.is_empty() {
            format!("MWCID {}: no action name", behaviour.mwcid)
        } else {
            format!("MWCID {}: {}", behaviour.mwcid, names.join(", "))
        });
        behaviour_buttons(ui, id, tab, row, actions);
    });
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("stick parts grid")
            .striped(true)
            .show(ui, |ui| {
                for title in [
                    "Type",
                    "Plays",
                    "Name",
                    "Repeat",
                    "Start",
                    "Sync",
                    "Special",
                    "On the stick",
                ] {
                    ui.strong(title);
                }
                ui.end_row();
                for part in &behaviour.parts {
                    ui.label(&part.part_type);
                    ui.label(part.kind);
                    ui.label(&part.name);
                    ui.label(if part.repeat < 0 {
                        "loops".to_owned()
                    } else {
                        part.repeat.to_string()
                    });
                    ui.label(part.start.to_string());
                    ui.label(part.synchronize.to_string());
                    ui.label(part.special.to_string());
                    match &part.found {
                        Found::In(archive) => ui.label(format!("in {archive}")),
                        Found::Unverified => ui.label(egui::RichText::new("unverified").weak()),
                        Found::Missing => {
                            ui.colored_label(ui.visuals().error_fg_color, "in no archive")
                        }
                    };
                    ui.end_row();
                }
            });
    });
}

/// The selected behaviour's buttons: Open Behaviour, Play on Robot…, and for one a user put
/// on the stick, Remove from Stick….
fn behaviour_buttons(
    ui: &mut egui::Ui,
    id: TabId,
    tab: &StickTab,
    row: usize,
    actions: &mut Sender<'_>,
) {
    let Some(behaviour) = tab.rows.behaviours.get(row) else {
        return;
    };
    let listed = tab.listed(row);
    let opens = listed
        .as_ref()
        .and_then(|l| l.motion.as_ref())
        .is_some_and(|m| m.1.is_some());
    let button = ui
        .add_enabled(opens, egui::Button::new("Open Behaviour"))
        .on_hover_text("Open its motion in a tab, with its sound and LED pattern on their tracks")
        .on_disabled_hover_text(
            "Its motion is in no readable archive of the stick (Sony's system archives \
             are encrypted), or it has none",
        );
    if button.clicked()
        && let Some(listed) = listed
    {
        actions.send(Action::OpenBehaviour(Box::new(listed)));
    }
    let what = behaviour
        .actions
        .first()
        .map_or_else(|| behaviour.mwcid.to_string(), |a| a.name.clone());
    if ui
        .button("Play on Robot…")
        .on_hover_text(format!(
            "File > Robot…, ready to play {what} on a robot whose stick holds it"
        ))
        .clicked()
    {
        actions.send(Action::RobotToPlay(what));
    }
    // A user's behaviour comes off again (Sony's stay).
    let user = crate::stick::add::USER_MWCIDS.contains(&behaviour.mwcid);
    if let (true, Some(name)) = (user, behaviour.actions.first().map(|a| a.name.clone()))
        && ui
            .add_enabled(tab.image.is_none(), egui::Button::new("Remove from Stick…"))
            .on_hover_text("Take this behaviour you put on the stick off it again")
            .on_disabled_hover_text("A stick image is read only: Save Stick As Folder first")
            .clicked()
    {
        actions.send(Action::Show(crate::app::dialogs::Modal::Confirm(
            crate::app::dialogs::Confirm {
                title: "Remove from Stick".to_owned(),
                message: format!(
                    "Take {name} (MWCID {}) off the stick: its action name, its record, and \
                     its entries no other behaviour plays. Each file changed is kept as \
                     NAME.bak beside it.",
                    behaviour.mwcid
                ),
                buttons: vec![
                    (
                        "Remove".to_owned(),
                        Some(crate::app::state::Answer::RemoveFromStick { tab: id, name }),
                    ),
                    crate::app::dialogs::cancel(),
                ],
            },
        )));
    }
}
