//! Drawing the Import window: the file and model, the mapping grid, the preview.

use super::{ImportError, ImportPrompt, Made, MapRow};
use crate::app::action::Action;
use crate::app::dialogs::parts::{error_line, path_row};
use crate::app::motion::name_widget;
use crate::app::motion::palette::channel_color;
use crate::app::motion::view::Channel;
use crate::app::sink::Sender;
use crate::app::state::{BrowseFor, MapFileOp};
use crate::convert::ImportSource;
use crate::robot::urad_to_deg;
use egui::RichText;

/// The width of a row's part drop-down.
const PART_WIDTH: f32 = 130.0;

/// Draws the Import window.
pub fn import_ui(
    ui: &mut egui::Ui,
    prompt: &ImportPrompt,
    native_dialogs: bool,
    actions: &mut Sender<'_>,
) {
    let screen = ui.ctx().content_rect();
    ui.set_max_width((screen.width() - 48.0).clamp(300.0, 1000.0));
    ui.heading("Import");
    let mut next = prompt.clone();
    file_rows(ui, prompt, &mut next, native_dialogs, actions);
    match prompt.source() {
        Some(source) if source.is_mapped() => {
            // The grid scrolls in a fixed height, so the window keeps its size and place.
            let wide = ui.available_width() >= 820.0;
            let rows_height = if wide {
                (screen.height() - 300.0).clamp(120.0, 440.0)
            } else {
                (screen.height() - 560.0).clamp(90.0, 300.0)
            };
            if wide {
                ui.columns(2, |columns| {
                    grid_ui(
                        &mut columns[0],
                        prompt,
                        source,
                        &mut next,
                        rows_height,
                        actions,
                    );
                    preview_ui(&mut columns[1], prompt, &mut next);
                });
            } else {
                grid_ui(ui, prompt, source, &mut next, rows_height, actions);
                preview_ui(ui, prompt, &mut next);
            }
            map_file_ui(ui, prompt, &mut next, native_dialogs, actions);
        }
        Some(_) => {
            ui.label("This file is an AIBO motion already: it opens as it is.");
        }
        None => {
            if let Some(Err(error)) = prompt.preview.0.as_ref().map(|p| &p.source)
                && !matches!(**error, ImportError::NoPath)
            {
                error_line(ui, Some(&error.to_string()));
            }
        }
    }
    error_line(ui, prompt.error.as_ref());
    if next != *prompt {
        actions.send(Action::EditImport(next.clone()));
    }
    ui.horizontal(|ui| {
        let ready = prompt.made().is_some();
        if ui.add_enabled(ready, egui::Button::new("Import")).clicked() {
            actions.send(Action::Import(next));
        }
        if ui.button("Cancel").clicked() {
            actions.send(Action::CloseModal);
        }
    });
}

fn file_rows(
    ui: &mut egui::Ui,
    prompt: &ImportPrompt,
    next: &mut ImportPrompt,
    native_dialogs: bool,
    actions: &mut Sender<'_>,
) {
    ui.add(
        egui::Label::new(
            "A Choreonoid body motion (.seq, .yaml) or key-pose sequence (.pseq), a Webots \
             motion (.motion), or a motion as .csv or .json. It opens as a new, unsaved \
             motion.",
        )
        .wrap(),
    );
    if let Some(path) = path_row(
        ui,
        "Import from",
        &prompt.path,
        native_dialogs,
        BrowseFor::ImportPath,
        actions,
    ) {
        next.path = path;
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("AIBO model");
        let combo = egui::ComboBox::from_id_salt("import model")
            .selected_text(next.model.clone())
            .show_ui(ui, |ui| {
                for info in crate::robot::models::LABELS {
                    ui.selectable_value(
                        &mut next.model,
                        info.label.to_owned(),
                        format!("{} \u{2014} {}", info.label, info.note),
                    );
                }
            });
        name_widget(&combo.response.labelled_by(label.id), "AIBO model");
        crate::app::field::labelled(ui, "Tolerance (°)", |ui| {
            ui.add(
                egui::DragValue::new(&mut next.tolerance)
                    .range(0.01..=10.0)
                    .speed(0.01),
            )
        });
    });
}

/// The name a part goes by in the grid: the file's name for it, else its index.
fn part_label(source: &ImportSource, part: usize) -> String {
    match source.part_names().get(part) {
        Some(name) => format!("{part}: {name}"),
        None => format!("part {part}"),
    }
}

fn grid_ui(
    ui: &mut egui::Ui,
    prompt: &ImportPrompt,
    source: &ImportSource,
    next: &mut ImportPrompt,
    rows_height: f32,
    actions: &mut Sender<'_>,
) {
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.strong("Which part drives each joint");
        if ui.button("Match Names").clicked() {
            actions.send(Action::EditImport(prompt.clone().by_name()));
        }
        if ui.button("Map by Order").clicked() {
            actions.send(Action::EditImport(prompt.clone().by_order_rows()));
        }
    });
    let parts = source.parts();
    let held = prompt.rows.iter().filter(|r| r.part.is_none()).count();
    ui.add(
        egui::Label::new(
            RichText::new(format!(
                "The file has {}{}. A joint without a part holds the stand posture \
                 ({} now). Angle = part × scale + offset.",
                crate::app::plural(parts, "part", "parts"),
                if source.part_names().is_empty() {
                    ", without names"
                } else {
                    ""
                },
                held
            ))
            .weak(),
        )
        .wrap(),
    );
    if prompt.by_order() {
        ui.add(
            egui::Label::new(
                RichText::new(format!(
                    "Mapped by order: the file's first {} of {} parts drive {}'s {} joints, \
                     though the file does not say they are the same joints. Check each row.",
                    parts.min(prompt.rows.len()),
                    parts,
                    prompt.model,
                    prompt.rows.len()
                ))
                .color(ui.visuals().warn_fg_color),
            )
            .wrap(),
        );
    }
    if prompt.keeps_own_joints() {
        ui.add(
            egui::Label::new(
                RichText::new(
                    "The file names its joints (an mtn-studio export): they come back as they \
                     were. Change a row to map it yourself.",
                )
                .weak(),
            )
            .wrap(),
        );
    }
    // Both ways: a grid wider than its column (long part names, a narrow window) scrolls
    // rather than losing its last column.
    egui::ScrollArea::both()
        .id_salt("import grid rows")
        .min_scrolled_height(rows_height)
        .max_height(rows_height)
        .show(ui, |ui| {
            grid_rows_ui(ui, prompt, source, next);
        });
}

fn grid_rows_ui(
    ui: &mut egui::Ui,
    prompt: &ImportPrompt,
    source: &ImportSource,
    next: &mut ImportPrompt,
) {
    let made = prompt.made();
    egui::Grid::new("import grid")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            ui.strong("Joint");
            ui.strong("Part");
            ui.strong("Scale");
            ui.strong("Offset °");
            ui.strong(format!("At {} ms", prompt.at_ms));
            ui.end_row();
            for (j, row) in prompt.rows.iter().enumerate() {
                let mut edited = row.clone();
                row_ui(ui, j, source, &mut edited);
                let value = made.and_then(|m| m.value_at(row.joint, prompt.at_ms));
                ui.label(value.map_or_else(
                    || "\u{2014}".to_owned(),
                    |v| format!("{:+.1}°", urad_to_deg(v)),
                ));
                ui.end_row();
                if edited != *row {
                    next.rows[j] = edited;
                }
            }
        });
}

fn row_ui(ui: &mut egui::Ui, j: usize, source: &ImportSource, row: &mut MapRow) {
    let label = ui.colored_label(channel_color(Channel::Joint(j)), row.joint);
    let selected = row
        .part
        .map_or_else(|| "stand posture".to_owned(), |p| part_label(source, p));
    // A fixed width (long names cut, whole on hover and in the list), so every row's
    // columns line up and the grid keeps its width.
    let combo = egui::ComboBox::from_id_salt(("import part", j))
        .width(PART_WIDTH)
        .truncate()
        .selected_text(selected.clone())
        .height(320.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut row.part, None, "stand posture");
            for part in 0..source.parts() {
                ui.selectable_value(&mut row.part, Some(part), part_label(source, part));
            }
        });
    name_widget(
        &combo.response.labelled_by(label.id).on_hover_text(selected),
        &format!("{} part", row.joint),
    );
    let mapped = row.part.is_some();
    ui.add_enabled(
        mapped,
        egui::DragValue::new(&mut row.scale)
            .speed(0.01)
            .range(-10.0..=10.0),
    )
    .on_hover_text("The factor the part's angle is multiplied by")
    .widget_info(|| egui::WidgetInfo {
        label: Some(format!("{} scale", row.joint)),
        ..egui::WidgetInfo::drag_value(mapped, row.scale)
    });
    ui.add_enabled(
        mapped,
        egui::DragValue::new(&mut row.offset_deg)
            .speed(0.5)
            .range(-360.0..=360.0)
            .suffix("°"),
    )
    .on_hover_text("Degrees added after scaling")
    .widget_info(|| egui::WidgetInfo {
        label: Some(format!("{} offset", row.joint)),
        ..egui::WidgetInfo::drag_value(mapped, row.offset_deg)
    });
}

fn preview_ui(ui: &mut egui::Ui, prompt: &ImportPrompt, next: &mut ImportPrompt) {
    ui.separator();
    ui.strong("Preview");
    let made = match prompt.preview.0.as_ref().map(|p| &p.result) {
        Some(Ok(made)) => made,
        Some(Err(error)) => {
            if !matches!(**error, ImportError::NoPath) {
                error_line(ui, Some(&error.to_string()));
            }
            return;
        }
        None => return,
    };
    ui.add(egui::Label::new(made.lines.first().map_or("", String::as_str)).wrap());
    curves_ui(ui, prompt, made);
    ui.horizontal(|ui| {
        let label = ui.label("Show values at");
        ui.add(
            egui::Slider::new(&mut next.at_ms, 0..=made.duration_ms())
                .suffix(" ms")
                .step_by(16.0),
        )
        .labelled_by(label.id);
    });
    let problems = &made.problems;
    if problems.is_empty() {
        ui.label("No problems: every joint stays within its limits and speeds.");
    } else {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "{} in the result:",
                crate::app::plural(problems.len(), "problem", "problems")
            ),
        );
        for problem in problems.iter().take(4) {
            ui.add(egui::Label::new(format!("• {}", problem.message)).wrap());
        }
        if problems.len() > 4 {
            ui.label(format!("… and {} more", problems.len() - 4));
        }
    }
    for line in made.lines.iter().skip(1) {
        ui.add(egui::Label::new(RichText::new(line).weak()).wrap());
    }
}

/// The result's curves, in degrees over ms, with the time the grid shows marked.
fn curves_ui(ui: &mut egui::Ui, prompt: &ImportPrompt, made: &Made) {
    let keyframes = &made.motion.keyframes;
    let joints = keyframes.joint_count();
    egui_plot::Plot::new("import preview")
        .height(170.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show_x(false)
        .show_y(false)
        .x_axis_label("ms")
        .y_axis_label("angle (°)")
        .show(ui, |plot| {
            for j in 0..joints {
                let points: Vec<[f64; 2]> = made
                    .times
                    .iter()
                    .enumerate()
                    .filter_map(|(k, &t)| Some([t as f64, urad_to_deg(keyframes.angle(k, j)?)]))
                    .collect();
                let name = crate::robot::joint_name(
                    &made.motion.design,
                    made.motion.locators.get(j).map_or("", String::as_str),
                );
                plot.line(
                    egui_plot::Line::new(name, points)
                        .color(channel_color(Channel::Joint(j)))
                        .width(1.5),
                );
            }
            plot.vline(egui_plot::VLine::new("at", prompt.at_ms as f64).color(egui::Color32::GRAY));
        });
}

fn map_file_ui(
    ui: &mut egui::Ui,
    prompt: &ImportPrompt,
    next: &mut ImportPrompt,
    native_dialogs: bool,
    actions: &mut Sender<'_>,
) {
    ui.separator();
    if let Some(path) = path_row(
        ui,
        "Map file",
        &prompt.map_path,
        native_dialogs,
        BrowseFor::ImportMap,
        actions,
    ) {
        next.map_path = path;
    }
    ui.horizontal_wrapped(|ui| {
        let has_path = !prompt.map_path.trim().is_empty();
        if ui
            .add_enabled(has_path, egui::Button::new("Load Map"))
            .on_hover_text("Fill the grid from the map file")
            .clicked()
        {
            actions.send(Action::ImportMap(MapFileOp::Load));
        }
        if ui
            .add_enabled(has_path, egui::Button::new("Save Map"))
            .on_hover_text("Write the grid as a map file, for mtn-studio convert --map")
            .clicked()
        {
            actions.send(Action::ImportMap(MapFileOp::Save));
        }
        if let Some(notice) = &prompt.notice {
            ui.label(RichText::new(notice).weak());
        }
    });
}
