//! The joint list: joints by friendly name, grouped by body part, each with its colour and a
//! checkbox to show or hide its curve; solo a joint or a group; body roll/pitch/yaw too.

use super::view::{BODY_NAMES, Channel, View, channel_color, channel_name, channel_part};
use crate::codec::mtn::Motion;
use crate::robot::BodyPart;

/// Draws the joint list.
pub fn joints_ui(ui: &mut egui::Ui, motion: &Motion, view: &mut View, playhead_values: &[i32]) {
    ui.heading("Joints");
    ui.horizontal(|ui| {
        if ui.button("Show all").clicked() {
            view.visible.iter_mut().for_each(|v| *v = true);
        }
        if ui.button("Hide all").clicked() {
            view.visible.iter_mut().for_each(|v| *v = false);
            view.body_visible = [false; 3];
        }
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("joints")
        .show(ui, |ui| {
            let mut groups: Vec<(Option<BodyPart>, Vec<usize>)> = Vec::new();
            for j in 0..motion.locators.len() {
                let part = channel_part(motion, Channel::Joint(j));
                match groups.iter_mut().find(|(p, _)| *p == part) {
                    Some((_, joints)) => joints.push(j),
                    None => groups.push((part, vec![j])),
                }
            }
            groups.sort_by_key(|(part, _)| {
                part.map_or(usize::MAX, |p| {
                    BodyPart::ALL.iter().position(|q| *q == p).unwrap_or(0)
                })
            });
            for (part, joints) in &groups {
                let title = part.map_or("other joints", BodyPart::label);
                ui.horizontal(|ui| {
                    ui.strong(title);
                    let solo = ui
                        .small_button("solo")
                        .on_hover_text(format!("Show only the {title} joints (again: show all)"));
                    if solo.clicked() {
                        view.solo(|j| joints.contains(&j));
                    }
                });
                for &j in joints {
                    joint_row_ui(
                        ui,
                        motion,
                        view,
                        Channel::Joint(j),
                        playhead_values.get(j).copied(),
                    );
                }
                ui.add_space(4.0);
            }
            ui.strong("body (not played by the robot)");
            for axis in 0..BODY_NAMES.len() {
                joint_row_ui(ui, motion, view, Channel::Body(axis), None);
            }
        });
}

fn joint_row_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    view: &mut View,
    channel: Channel,
    playhead_urad: Option<i32>,
) {
    let name = channel_name(motion, channel);
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, channel_color(channel));
        let mut shown = view.is_visible(channel);
        if ui.checkbox(&mut shown, &name).changed() {
            match channel {
                Channel::Joint(j) => {
                    if let Some(slot) = view.visible.get_mut(j) {
                        *slot = shown;
                    }
                }
                Channel::Body(axis) => {
                    if let Some(slot) = view.body_visible.get_mut(axis) {
                        *slot = shown;
                    }
                }
            }
        }
        if let Channel::Joint(j) = channel {
            let solo = ui
                .small_button("solo")
                .on_hover_text(format!("Show only {name} (again: show all)"));
            if solo.clicked() {
                view.solo(|other| other == j);
            }
        }
        let focused = view.focused == Some(channel);
        let focus = ui
            .selectable_label(focused, "limits")
            .on_hover_text(format!("Select {name} and show its limits as a band"));
        if focus.clicked() {
            view.focused = if focused { None } else { Some(channel) };
        }
        if let Some(urad) = playhead_urad {
            ui.monospace(format!("{:>7.2}°", crate::robot::urad_to_deg(urad)))
                .on_hover_text(format!("Commanded at the playhead: {urad} µrad"));
        }
    });
}
