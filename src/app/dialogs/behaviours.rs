//! File > Behaviours…: what the command tables in the folder of the motion (or archive) in
//! front list, each command a motion with its sound and LED pattern, opened together with
//! one click; and the naming rule's candidates for the motion in front, best first, each
//! put on its track with one.

use super::model::BehaviourList;
use crate::app::action::Action;
use crate::app::sink::Sender;
use crate::app::state::TabId;
use crate::behaviour::table::Listed;
use crate::behaviour::{Source, Track};

fn part_text(part: Option<&(String, Option<Source>)>) -> String {
    match part {
        None => "—".to_owned(),
        Some((name, Some(_))) => name.clone(),
        Some((name, None)) => format!("{name} (not beside)"),
    }
}

/// A behaviour's button: Open (its motion, with its parts on the tracks); for a command
/// without a motion, Add (its sound and LED pattern, on the motion in front).
fn behaviour_button(
    ui: &mut egui::Ui,
    b: &Listed,
    front: Option<&(TabId, String)>,
    actions: &mut Sender<'_>,
) {
    let found = |part: Option<&(String, Option<Source>)>| part.and_then(|p| p.1.clone());
    if let Some((_, motion)) = &b.motion {
        let open = format!("Open behaviour {}", b.id);
        let button = ui
            .add_enabled(motion.is_some(), egui::Button::new("Open"))
            .on_hover_text("Open the motion with its sound and LED pattern on its tracks")
            .on_disabled_hover_text("Its motion is in no archive beside the table");
        button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &open));
        if button.clicked() {
            actions.send(Action::CloseModal);
            actions.send(Action::OpenBehaviour(Box::new(b.clone())));
        }
        return;
    }
    let parts: Vec<(Track, Source)> = [
        (Track::Sound, found(b.sound.as_ref())),
        (Track::Led, found(b.led.as_ref())),
    ]
    .into_iter()
    .filter_map(|(track, source)| Some((track, source?)))
    .collect();
    let add = format!("Add behaviour {}", b.id);
    let button = ui
        .add_enabled(
            front.is_some() && !parts.is_empty(),
            egui::Button::new("Add"),
        )
        .on_hover_text("A command without a motion: put its parts on the motion in front")
        .on_disabled_hover_text(if front.is_none() {
            "A command without a motion: open a motion to put its parts on"
        } else {
            "Its parts are in no archive beside the table"
        });
    button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &add));
    if button.clicked()
        && let Some((tab, _)) = front
    {
        actions.send(Action::CloseModal);
        for (track, source) in parts {
            actions.send(Action::AttachPart(*tab, source, track));
        }
    }
}

/// The dialog.
pub fn behaviours_ui(ui: &mut egui::Ui, list: &BehaviourList, actions: &mut Sender<'_>) {
    ui.set_min_width(640.0);
    ui.heading("Behaviours");
    ui.weak(format!("In {}", list.folder.display()));
    for why in &list.unread {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    filter_ui(ui, list, actions);
    let wanted = list.filter.to_lowercase();
    let shown: Vec<&Listed> = list
        .listed
        .iter()
        .filter(|b| matches_filter(b, &wanted))
        .collect();
    if list.listed.is_empty() {
        ui.label("No command table (MONETCMD.CFG, .MWC) here lists behaviours.");
    } else {
        ui.label(format!(
            "{} of {} commands: the motion, its sound and its LED pattern start together",
            shown.len(),
            list.listed.len()
        ));
    }
    behaviour_rows_ui(ui, &shown, list.motion.as_ref(), actions);
    if let Some((tab, name)) = &list.motion {
        ui.separator();
        ui.strong(format!("By the naming rule, for {name}"));
        ui.weak("Sony's naming rule finds most pairs, not all: candidates, best first (score 1-4)");
        for (track, found) in [(Track::Sound, &list.sounds), (Track::Led, &list.leds)] {
            candidates_ui(ui, *tab, track, found, &wanted, actions);
        }
    }
    ui.separator();
    if ui.button("Close").clicked() {
        actions.send(Action::CloseModal);
    }
}

/// The field that narrows the list: a change shows the dialog again with the new filter.
fn filter_ui(ui: &mut egui::Ui, list: &BehaviourList, actions: &mut Sender<'_>) {
    ui.horizontal(|ui| {
        let label = ui.label("Show");
        let mut filter = list.filter.clone();
        ui.add(
            egui::TextEdit::singleline(&mut filter)
                .hint_text("part of a name, a table, #number")
                .desired_width(240.0),
        )
        .labelled_by(label.id);
        if filter != list.filter {
            actions.send(Action::Show(crate::app::dialogs::Modal::Behaviours(
                Box::new(BehaviourList {
                    filter,
                    ..list.clone()
                }),
            )));
        }
    });
}

/// Whether a behaviour matches the filter (`wanted`, lower case; empty: every one): a
/// part's name, or the row's table ("ERS-7" finds the ERS-7 table's commands) and number
/// ("#100").
fn matches_filter(b: &Listed, wanted: &str) -> bool {
    let table = b
        .table
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().to_lowercase());
    wanted.is_empty()
        || table.contains(wanted)
        || format!("#{}", b.id) == wanted
        || [b.motion.as_ref(), b.sound.as_ref(), b.led.as_ref()]
            .into_iter()
            .flatten()
            .any(|(n, _)| n.to_lowercase().contains(wanted))
}

/// The rows of the behaviours shown (the first 500): the table and number, the motion, the
/// sound, the LED pattern and the button (`front`: the motion in front).
fn behaviour_rows_ui(
    ui: &mut egui::Ui,
    shown: &[&Listed],
    front: Option<&(TabId, String)>,
    actions: &mut Sender<'_>,
) {
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .id_salt("behaviours")
        .show(ui, |ui| {
            egui::Grid::new("behaviour rows")
                .striped(true)
                .show(ui, |ui| {
                    for b in shown.iter().take(500) {
                        let table = b
                            .table
                            .file_name()
                            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                        ui.weak(format!("{table} #{}", b.id));
                        ui.label(part_text(b.motion.as_ref()));
                        ui.label(part_text(b.sound.as_ref()));
                        ui.label(part_text(b.led.as_ref()));
                        behaviour_button(ui, b, front, actions);
                        ui.end_row();
                    }
                });
        });
}

/// The naming rule's candidates for one track of the motion in `tab` (those that match the
/// filter `wanted`, the best six), each a button that puts it on the track.
fn candidates_ui(
    ui: &mut egui::Ui,
    tab: TabId,
    track: Track,
    found: &[(Source, u8)],
    wanted: &str,
    actions: &mut Sender<'_>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{}:", track.name()));
        if found.is_empty() {
            ui.weak("none beside it");
        }
        // The filter narrows the candidates too; each says which archive it is in.
        let matching: Vec<&(crate::behaviour::Source, u8)> = found
            .iter()
            .filter(|(source, _)| {
                wanted.is_empty() || source.label().to_lowercase().contains(wanted)
            })
            .collect();
        if matching.is_empty() && !found.is_empty() {
            ui.weak("none matches the filter");
        }
        for (source, score) in matching.into_iter().take(6) {
            let text = match &source.entry {
                Some(entry) => format!(
                    "{entry} in {} ({score})",
                    source
                        .path
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                ),
                None => format!("{} ({score})", source.short()),
            };
            if ui
                .button(text)
                .on_hover_text(format!(
                    "Put {} on the {} track",
                    source.label(),
                    track.name()
                ))
                .clicked()
            {
                actions.send(Action::CloseModal);
                actions.send(Action::AttachPart(tab, source.clone(), track));
            }
        }
    });
}
