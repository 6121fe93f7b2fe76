//! The archive browser: the entries' table with its search and filters, and the preview
//! of the selected motion.

use super::ArchiveTab;
use crate::app::action::{Action, ArchiveAction};
use crate::app::motion::palette::channel_color;
use crate::app::motion::view::{Channel, channel_name};
use crate::app::sink::Sender;
use crate::app::state::TabId;
use crate::codec::mtn::Motion;
use crate::codec::{Problem, Severity};
use crate::edit::archive::{Column, EntryRow, Query};
use egui_extras::{Column as TableColumn, TableBuilder, TableRow};
use std::collections::BTreeSet;

/// What the browser reads besides its tab.
pub struct BrowserContext<'a> {
    /// The entries of this archive open in tabs with unsaved edits.
    pub edited: &'a BTreeSet<String>,
}

const COLUMNS: [(&str, Column); 9] = [
    ("Name", Column::Name),
    ("Kind", Column::Kind),
    ("Servos", Column::Group),
    ("Start", Column::Start),
    ("End", Column::End),
    ("Model", Column::Model),
    ("Keyframes", Column::Keyframes),
    ("Duration", Column::Duration),
    ("Problems", Column::Problems),
];

/// What the problems column counts.
const PROBLEMS_COUNTED: &str = "Sort by problems: each motion's warnings and errors as `check` \
     gives them, the floor's simulated on carpet and played once (a motion's tab judges it on \
     the floor and plays its stage is set to, which may count otherwise)";

/// What a motion waiting for the floor's verdict says.
const FLOOR_PENDING: &str = "The floor's verdict is being worked out, as `check` gives it (simulated where the model \
     has a simulation)";

/// Draws an archive tab.
pub fn archive_ui(
    ui: &mut egui::Ui,
    id: TabId,
    tab: &ArchiveTab,
    context: &BrowserContext<'_>,
    actions: &mut Sender<'_>,
) {
    let push = |actions: &mut Sender<'_>, action| actions.send(Action::Archive(id, action));
    let visible = tab.index.select(&tab.query);
    egui::Panel::top("archive filters").show(ui, |ui| {
        let query = filters_ui(ui, tab, visible.len());
        if query != tab.query {
            push(actions, ArchiveAction::SetQuery(query));
        }
    });
    egui::Panel::right("archive preview")
        .resizable(true)
        .default_size(ui.available_width() * 0.4)
        .show(ui, |ui| preview_ui(ui, tab, actions));
    egui::CentralPanel::default().show(ui, |ui| {
        keyboard(ui, id, tab, &visible, actions);
        table_ui(ui, id, tab, &visible, context, actions);
    });
}

/// Up and Down move the selection, Enter opens it (unless a text field has the keyboard).
fn keyboard(
    ui: &egui::Ui,
    id: TabId,
    tab: &ArchiveTab,
    visible: &[usize],
    actions: &mut Sender<'_>,
) {
    if ui.ctx().text_edit_focused() {
        return;
    }
    let here = tab
        .selected
        .and_then(|row| visible.iter().position(|&r| r == row));
    let (down, up, enter) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowDown),
            i.key_pressed(egui::Key::ArrowUp),
            i.key_pressed(egui::Key::Enter),
        )
    });
    let step = match (down, up) {
        (true, false) => Some(here.map_or(0, |h| (h + 1).min(visible.len().saturating_sub(1)))),
        (false, true) => Some(here.map_or(0, |h| h.saturating_sub(1))),
        _ => None,
    };
    if let Some(position) = step
        && let Some(&row) = visible.get(position)
    {
        actions.send(Action::Archive(id, ArchiveAction::Select(Some(row))));
    }
    if enter && let Some(row) = tab.selected {
        open_row(tab, row, actions);
    }
}

fn open_row(tab: &ArchiveTab, row: usize, actions: &mut Sender<'_>) {
    if let Some(entry) = tab.index.rows.get(row).filter(|r| r.opens()) {
        actions.send(Action::OpenEntry {
            archive: tab.index.path.clone(),
            entry: entry.name.clone(),
        });
    }
}

fn combo(
    ui: &mut egui::Ui,
    label: &str,
    current: Option<&str>,
    choices: &[String],
) -> Option<Option<String>> {
    let mut chosen = None;
    ui.label(label);
    let response = egui::ComboBox::from_id_salt(label)
        .selected_text(current.unwrap_or("any"))
        .show_ui(ui, |ui| {
            if ui.selectable_label(current.is_none(), "any").clicked() {
                chosen = Some(None);
            }
            for choice in choices {
                let on = current == Some(choice.as_str());
                if ui.selectable_label(on, choice).clicked() {
                    chosen = Some(Some(choice.clone()));
                }
            }
        });
    crate::app::motion::name_widget(&response.response, label);
    chosen
}

/// The search box and filters; returns the query as the user left it this frame.
fn filters_ui(ui: &mut egui::Ui, tab: &ArchiveTab, shown: usize) -> Query {
    let mut query = tab.query.clone();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut query.search)
                .hint_text("part of a name")
                .desired_width(180.0),
        )
        .labelled_by(label.id);
        if let Some(model) = combo(
            ui,
            "Model",
            query.model.as_deref(),
            &tab.index.choices(Column::Model),
        ) {
            query.model = model;
        }
        let groups = tab.index.choices(Column::Group);
        if let Some(group) = combo(
            ui,
            "Servo group",
            query.group.map(String::from).as_deref(),
            &groups,
        ) {
            query.group = group.and_then(|g| g.chars().next());
        }
        let postures = tab.index.choices(Column::Start);
        if let Some(posture) = combo(ui, "Posture", query.posture.as_deref(), &postures) {
            query.posture = posture;
        }
        ui.checkbox(&mut query.problems_only, "Only with problems");
        ui.checkbox(&mut query.motions_only, "Only motions");
        ui.separator();
        ui.label(format!(
            "{shown} of {}",
            crate::words::plural(tab.index.rows.len(), "entry", "entries")
        ));
        let (judged, motions) = tab.index.floor_progress();
        if tab.floor.asked && judged < motions {
            ui.separator();
            ui.spinner();
            ui.label(format!("floor: {judged} of {motions} motions judged"))
                .on_hover_text(FLOOR_PENDING);
        }
    });
    query
}

/// Draws the table of the `visible` entries (rows of the index), the selected one in view.
fn table_ui(
    ui: &mut egui::Ui,
    id: TabId,
    tab: &ArchiveTab,
    visible: &[usize],
    context: &BrowserContext<'_>,
    actions: &mut Sender<'_>,
) {
    let row_height = ui.spacing().interact_size.y;
    let mut table = TableBuilder::new(ui)
        .id_salt("archive entries")
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        // A click anywhere on a row selects it, not only on its name.
        .sense(egui::Sense::click())
        .column(TableColumn::exact(16.0))
        .column(TableColumn::initial(240.0).at_least(120.0).resizable(true))
        .columns(
            TableColumn::auto().at_least(60.0).resizable(true),
            COLUMNS.len() - 1,
        )
        .min_scrolled_height(80.0);
    if let Some(position) = tab
        .selected
        .and_then(|row| visible.iter().position(|&r| r == row))
    {
        table = table.scroll_to_row(position, None);
    }
    table
        .header(row_height, |mut header| {
            header_ui(&mut header, id, tab, actions);
        })
        .body(|body| {
            body.rows(row_height, visible.len(), |mut table_row| {
                let row = visible[table_row.index()];
                entry_row_ui(&mut table_row, id, tab, row, context, actions);
            });
        });
}

/// Draws the table's titles, each a button that sorts the entries by its column (again:
/// the other way).
fn header_ui(header: &mut TableRow<'_, '_>, id: TabId, tab: &ArchiveTab, actions: &mut Sender<'_>) {
    header.col(|_| {});
    for (title, column) in COLUMNS {
        header.col(|ui| {
            let sorted = tab.query.sort == column;
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
                .on_hover_text(match column {
                    // The review: a tab's count differed from the browser's. The tab judges
                    // on the floor and plays its stage is set to.
                    Column::Problems => PROBLEMS_COUNTED.to_owned(),
                    Column::Order
                    | Column::Name
                    | Column::Kind
                    | Column::Group
                    | Column::Start
                    | Column::End
                    | Column::Model
                    | Column::Keyframes
                    | Column::Duration => format!("Sort by {}", title.to_lowercase()),
                });
            if button.clicked() {
                let mut query = tab.query.clone();
                query.descending = sorted && !query.descending;
                query.sort = column;
                actions.send(Action::Archive(id, ArchiveAction::SetQuery(query)));
            }
        });
    }
}

/// Draws the row of the entry at `row`: a click selects it, a double-click opens it.
fn entry_row_ui(
    table_row: &mut TableRow<'_, '_>,
    id: TabId,
    tab: &ArchiveTab,
    row: usize,
    context: &BrowserContext<'_>,
    actions: &mut Sender<'_>,
) {
    let Some(entry) = tab.index.rows.get(row) else {
        return;
    };
    let selected = tab.selected == Some(row);
    table_row.set_selected(selected);
    table_row.col(|ui| {
        if context.edited.contains(&entry.name) {
            ui.label("•")
                .on_hover_text("Edited in a tab, not saved yet");
        }
    });
    table_row.col(|ui| {
        let response = ui.selectable_label(selected, &entry.name);
        if response.clicked() {
            actions.send(Action::Archive(id, ArchiveAction::Select(Some(row))));
        }
        if response.double_clicked() {
            open_row(tab, row, actions);
        }
    });
    for cell in entry_cells(entry) {
        table_row.col(|ui| {
            // Not selectable text: a click is the row's.
            ui.add(egui::Label::new(cell).selectable(false));
        });
    }
    table_row.col(|ui| problems_cell_ui(ui, tab, entry));
    // The whole row, every cell added (the row's response covers those added
    // before it is asked for).
    let row_response = table_row.response();
    if row_response.clicked() && !selected {
        actions.send(Action::Archive(id, ArchiveAction::Select(Some(row))));
    }
    if row_response.double_clicked() {
        open_row(tab, row, actions);
    }
}

/// The text of an entry's cells from its kind to its duration (empty where it is not a
/// motion).
fn entry_cells(entry: &EntryRow) -> [String; 7] {
    let facts = entry.motion.as_ref();
    [
        entry.kind_label().to_owned(),
        facts
            .and_then(|f| f.group)
            .map(String::from)
            .unwrap_or_default(),
        facts.map(|f| f.start.clone()).unwrap_or_default(),
        facts.map(|f| f.end.clone()).unwrap_or_default(),
        facts.and_then(|f| f.model).unwrap_or_default().to_owned(),
        facts.map(|f| f.keyframes.to_string()).unwrap_or_default(),
        facts
            .map(|f| format!("{} ms", f.duration_ms))
            .unwrap_or_default(),
    ]
}

/// Draws an entry's problems cell: "unreadable" with why, or how many problems it has
/// (with "…" while the floor's verdict is pending).
fn problems_cell_ui(ui: &mut egui::Ui, tab: &ArchiveTab, entry: &EntryRow) {
    match (entry.motion.as_ref(), &entry.error) {
        (_, Some(error)) => {
            let color = ui.visuals().error_fg_color;
            ui.add(
                egui::Label::new(egui::RichText::new("unreadable").color(color)).selectable(false),
            )
            .on_hover_text(error);
        }
        (Some(f), None) => {
            let pending = tab.floor_pending(entry);
            let count = f.counted();
            let color = match f.worst() {
                Some(Severity::Error) => ui.visuals().error_fg_color,
                Some(Severity::Warning | Severity::Info) | None => ui.visuals().warn_fg_color,
            };
            let text = match (count, pending) {
                (0, false) => egui::RichText::new(""),
                (0, true) => egui::RichText::new("…").weak(),
                (n, false) => egui::RichText::new(n.to_string()).color(color),
                (n, true) => egui::RichText::new(format!("{n}…")).color(color),
            };
            let cell = ui.add(egui::Label::new(text).selectable(false));
            if pending {
                cell.on_hover_text(FLOOR_PENDING);
            }
        }
        _ => {}
    }
}

fn preview_ui(ui: &mut egui::Ui, tab: &ArchiveTab, actions: &mut Sender<'_>) {
    let Some(row) = tab.selected.and_then(|row| tab.index.rows.get(row)) else {
        ui.weak("Select a motion to preview it; Enter or a double-click opens it in a tab.");
        return;
    };
    let Some(preview) = tab.preview.as_ref().filter(|p| p.row == row.index) else {
        ui.label(format!("{}: {}", row.name, row.kind_label()));
        if let Some(error) = &row.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        return;
    };
    let motion = &preview.motion;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Preview: {}", row.name));
        if ui.button("Open in a Tab").clicked() {
            open_row(tab, row.index, actions);
        }
    });
    if motion.name != row.name {
        ui.weak(format!("named {} inside", motion.name));
    }
    let floor = row.motion.as_ref().and_then(|f| f.floor.as_ref());
    let mut counted: Vec<&Problem> = preview
        .problems
        .iter()
        .filter(|p| p.severity >= Severity::Warning)
        .chain(floor.into_iter().flatten())
        .collect();
    // The worst first (a fall before a speed warning), in file order otherwise.
    counted.sort_by_key(|p| std::cmp::Reverse(p.severity));
    ui.label(format!(
        "{} · {} · {} ms · {}",
        motion.design,
        crate::words::plural(motion.keyframes.len(), "keyframe", "keyframes"),
        crate::robot::timing::duration_ms(&motion.keyframes),
        match counted.len() {
            0 => "no problems".to_owned(),
            1 => "1 problem".to_owned(),
            n => format!("{n} problems"),
        }
    ));
    for problem in counted.iter().take(3) {
        let text = format!("{}: {}", problem.code, problem.message);
        ui.add(egui::Label::new(&text).truncate())
            .on_hover_text(text);
    }
    if tab.floor_pending(row) {
        ui.weak("The floor's verdict is still being worked out…")
            .on_hover_text(FLOOR_PENDING);
    }
    preview_plot(ui, motion);
}

/// The motion's curves, small and still.
fn preview_plot(ui: &mut egui::Ui, motion: &Motion) {
    let times = crate::robot::timing::keyframe_times_ms(&motion.keyframes);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a width in points"
    )]
    let budget = (ui.available_width().max(1.0) as usize) * 2;
    let joints = motion.keyframes.joint_count();
    let curves = crate::app::motion::timeline::thin::curves_points(
        &times,
        0..times.len(),
        budget,
        joints,
        |k, out| {
            let row = motion
                .keyframes
                .angles()
                .get(k * joints..(k + 1) * joints)
                .unwrap_or_default();
            for (slot, &value) in out.iter_mut().zip(row) {
                *slot = value;
            }
        },
    );
    egui_plot::Plot::new("archive preview plot")
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .show_x(false)
        .show_y(false)
        .x_axis_label("time (ms)")
        .y_axis_label("angle (°)")
        .show(ui, |plot_ui| {
            for (j, points) in curves.into_iter().enumerate() {
                let channel = Channel::Joint(j);
                plot_ui.line(
                    egui_plot::Line::new(channel_name(motion, channel), points)
                        .color(channel_color(channel))
                        .width(1.2),
                );
            }
        });
}
