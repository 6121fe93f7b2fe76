//! The keyframe table: keyframes as rows, joints as columns in degrees (µrad on hover),
//! with the segment's frames and ms. Every cell is a drag value that can also be typed
//! into; only the rows in view are built, so 65,535 keyframes scroll smoothly.

use super::action::{MotionAction, MotionSink};
use super::view::{Channel, View, channel_name, value};
use crate::edit::{Document, Edit};
use crate::robot::{deg_to_urad, timing, urad_to_deg};
use egui_extras::{Column, TableBuilder};

/// Draws the keyframe table.
pub fn table_ui(ui: &mut egui::Ui, document: &Document, view: &View, sink: &mut MotionSink<'_>) {
    let motion = &document.motion;
    let channels: Vec<Channel> = (0..motion.locators.len())
        .map(Channel::Joint)
        .chain((0..3).map(Channel::Body).filter(|&c| view.is_visible(c)))
        .collect();
    let names: Vec<String> = channels.iter().map(|&c| channel_name(motion, c)).collect();
    let times = document.times_ms();
    let row_count = motion.keyframes.len();
    let row_height = ui.spacing().interact_size.y;
    // Solid scroll bars take their own space, so they never cover the last row.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt("table scroll")
        .show(ui, |ui| {
            TableBuilder::new(ui)
                .id_salt("keyframes")
                .striped(true)
                .column(Column::exact(44.0))
                .column(Column::exact(64.0))
                .column(Column::exact(60.0))
                .columns(
                    Column::initial(86.0).at_least(60.0).resizable(true),
                    channels.len(),
                )
                .min_scrolled_height(60.0)
                .header(row_height, |mut header| {
                    header.col(|ui| {
                        ui.strong("#");
                    });
                    header.col(|ui| {
                        ui.strong("time ms");
                    });
                    header.col(|ui| {
                        ui.strong("frames")
                            .on_hover_text("Interpolation frames of the segment ending here");
                    });
                    for name in &names {
                        header.col(|ui| {
                            ui.strong(name.as_str());
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_height, row_count, |mut row| {
                        let k = row.index();
                        let selected = view.selected_keyframes.contains(&k);
                        row.set_selected(selected);
                        row.col(|ui| {
                            let response = ui.selectable_label(selected, k.to_string());
                            response.widget_info(|| {
                                egui::WidgetInfo::selected(
                                    egui::Role::Button,
                                    true,
                                    selected,
                                    format!("Keyframe {k}"),
                                )
                            });
                            if response.clicked() {
                                let add = ui.input(|i| i.modifiers.shift || i.modifiers.command);
                                sink.push(MotionAction::SelectKeyframe { keyframe: k, add });
                                if let Some(&t) = times.get(k) {
                                    sink.push(MotionAction::Seek(t));
                                }
                            }
                        });
                        row.col(|ui| {
                            ui.label(times.get(k).copied().unwrap_or(0).to_string());
                        });
                        row.col(|ui| {
                            let frames = motion.keyframes.frames().get(k).copied().unwrap_or(0);
                            if k == 0 {
                                ui.weak("—")
                                    .on_hover_text("The first keyframe starts the motion");
                            } else {
                                let mut value = frames;
                                let response = ui
                                    .add(egui::DragValue::new(&mut value).range(0..=u32::MAX))
                                    .on_hover_text(format!("{} ms", timing::segment_ms(frames)));
                                let response = labelled(
                                    &response,
                                    &format!("frames of keyframe {k}"),
                                    f64::from(value),
                                );
                                cell_events(&response, sink, "Change frames", || {
                                    Edit::SetFrames(vec![(k, value)])
                                });
                            }
                        });
                        for (&channel, name) in channels.iter().zip(&names) {
                            row.col(|ui| {
                                let urad = value(motion, k, channel).unwrap_or(0);
                                let mut degrees = urad_to_deg(urad);
                                let response = ui
                                    .add(
                                        egui::DragValue::new(&mut degrees)
                                            .speed(0.1)
                                            .fixed_decimals(2)
                                            .suffix("°"),
                                    )
                                    .on_hover_text(format!("{urad} µrad"));
                                let response =
                                    labelled(&response, &format!("{name} keyframe {k}"), degrees);
                                cell_events(&response, sink, "Edit value", || {
                                    let new = deg_to_urad(degrees);
                                    match channel {
                                        Channel::Joint(j) => Edit::SetAngles(vec![(k, j, new)]),
                                        Channel::Body(axis) => Edit::SetBody(vec![(k, axis, new)]),
                                    }
                                });
                            });
                        }
                    });
                });
        });
}

/// Gives a table cell an accessible name (what a screen reader and the tests find it by).
fn labelled(response: &egui::Response, name: &str, value: f64) -> egui::Response {
    let mut info = egui::WidgetInfo::drag_value(true, value);
    info.label = Some(name.to_owned());
    response.widget_info(|| info.clone());
    response.clone()
}

/// A drag on a cell is one undo step; a typed value is one step.
fn cell_events(
    response: &egui::Response,
    sink: &mut MotionSink<'_>,
    label: &str,
    edit: impl FnOnce() -> Edit,
) {
    if response.drag_started() {
        sink.push(MotionAction::BeginGesture(label.to_owned()));
    }
    if response.changed() {
        sink.edit(label, edit());
    }
    if response.drag_stopped() {
        sink.push(MotionAction::EndGesture);
    }
}
