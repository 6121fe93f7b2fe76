//! The joint list: joints by friendly name, grouped by body part, each with its colour and a
//! checkbox to show or hide its curve; solo a joint or a group; body roll/pitch/yaw too.

use super::action::{MotionAction, MotionSink};
use super::view::{BODY_NAMES, Channel, View, channel_color, channel_name, channel_part};
use crate::codec::mtn::Motion;
use crate::robot::BodyPart;
use crate::robot::marks::{Run, SafetyMarks};

/// What the joint list reads besides the motion: the values at the playhead, and where
/// each joint breaks its limits.
pub struct JointsContext<'a> {
    /// The commanded values at the playhead, per joint.
    pub playhead_values: &'a [i32],
    /// Every out-of-range keyframe and too-fast segment.
    pub marks: &'a SafetyMarks,
    /// Each keyframe's time in ms.
    pub times_ms: &'a [u64],
}

/// Draws the joint list.
pub fn joints_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    view: &View,
    context: &JointsContext<'_>,
    sink: &mut MotionSink<'_>,
) {
    ui.heading("Joints");
    ui.horizontal(|ui| {
        if ui.button("Show all").clicked() {
            sink.push(MotionAction::ShowAll);
        }
        if ui.button("Hide all").clicked() {
            sink.push(MotionAction::HideAll);
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
                        sink.push(MotionAction::Solo(joints.clone()));
                    }
                });
                for &j in joints {
                    joint_row_ui(ui, motion, view, Channel::Joint(j), Some(context), sink);
                }
                ui.add_space(4.0);
            }
            ui.strong("body (not played by the robot)");
            for axis in 0..BODY_NAMES.len() {
                joint_row_ui(ui, motion, view, Channel::Body(axis), None, sink);
            }
        });
}

fn joint_row_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    view: &View,
    channel: Channel,
    context: Option<&JointsContext<'_>>,
    sink: &mut MotionSink<'_>,
) {
    let joint = match channel {
        Channel::Joint(j) => Some(j),
        Channel::Body(_) => None,
    };
    let playhead_urad = joint.and_then(|j| context?.playhead_values.get(j).copied());
    let name = channel_name(motion, channel);
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, channel_color(channel));
        let mut shown = view.is_visible(channel);
        if ui.checkbox(&mut shown, &name).changed() {
            sink.push(MotionAction::SetVisible(channel, shown));
        }
        if let Channel::Joint(j) = channel {
            let solo = ui
                .small_button("solo")
                .on_hover_text(format!("Show only {name} (again: show all)"));
            if solo.clicked() {
                sink.push(MotionAction::Solo(vec![j]));
            }
        }
        let focused = view.focused == Some(channel);
        let focus = ui
            .selectable_label(focused, "limits")
            .on_hover_text(format!("Select {name} and show its limits as a band"));
        if focus.clicked() {
            sink.push(MotionAction::Focus((!focused).then_some(channel)));
        }
        if let Some(urad) = playhead_urad {
            ui.monospace(format!("{:>7.2}°", crate::robot::urad_to_deg(urad)))
                .on_hover_text(format!("Commanded at the playhead: {urad} µrad"));
        }
        if let (Some(j), Some(context)) = (joint, context) {
            safety_button_ui(ui, channel, &name, j, context, sink);
        }
    });
}

/// How often a joint goes beyond its limits and its servo, in words.
fn safety_summary(out: &[Run], fast: &[Run]) -> String {
    let mut said = Vec::new();
    if !out.is_empty() {
        let keyframes: usize = out.iter().map(|run| run.last - run.first + 1).sum();
        said.push(format!("beyond its limits at {keyframes} keyframes"));
    }
    if !fast.is_empty() {
        // A run of n keyframes joined by too-fast segments has n - 1 segments.
        let segments: usize = fast.iter().map(|run| run.last - run.first).sum();
        said.push(format!("too fast for its servo over {segments} segments"));
    }
    said.join(" and ")
}

/// A red "!" after a joint that goes beyond its limits or its servo's speed: says how
/// often, and a click shows the joint and jumps to the first place.
fn safety_button_ui(
    ui: &mut egui::Ui,
    channel: Channel,
    name: &str,
    j: usize,
    context: &JointsContext<'_>,
    sink: &mut MotionSink<'_>,
) {
    let empty = Vec::new();
    let out = context.marks.out_of_range.get(j).unwrap_or(&empty);
    let fast = context.marks.too_fast.get(j).unwrap_or(&empty);
    if out.is_empty() && fast.is_empty() {
        return;
    }
    let first = out
        .first()
        .into_iter()
        .chain(fast.first())
        .map(|run| run.first)
        .min()
        .unwrap_or(0);
    let first_ms = context.times_ms.get(first).copied().unwrap_or(0);
    let button = ui
        .add(
            egui::Button::new(
                egui::RichText::new("!")
                    .strong()
                    .color(egui::Color32::WHITE),
            )
            .fill(egui::Color32::from_rgb(200, 40, 40))
            .small(),
        )
        // Counted only when asked: on a long motion a joint may have thousands of runs.
        .on_hover_ui(|ui| {
            ui.label(format!(
                "{name} is {}; click to show it from {first_ms} ms",
                safety_summary(out, fast)
            ));
        });
    button.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("{name} problems"))
    });
    if button.clicked() {
        sink.push(MotionAction::SetVisible(channel, true));
        sink.push(MotionAction::Focus(Some(channel)));
        sink.push(MotionAction::Seek(first_ms));
    }
}
