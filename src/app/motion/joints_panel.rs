//! The joint list: joints by friendly name, grouped by body part, each with its colour and a
//! checkbox to show or hide its curve; solo a joint or a group; body roll/pitch/yaw too.

use super::palette::channel_color;
use super::view::{BODY_NAMES, Channel, View, channel_name, channel_part};
use crate::app::action::{Action, MotionAction};
use crate::app::sink::MotionSink;
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
    /// The name of the joint whose curve was copied, if one was.
    pub curve_clip: Option<&'a str>,
    /// The motion's problems (a joint's limit and speed problems say how much its marks
    /// matter: a joint with notes only is marked quietly).
    pub problems: &'a [crate::codec::Problem],
    /// The joints a pose drag under way on the stage changes (highlighted while it lasts).
    pub posed: &'a [usize],
}

/// The width kept for a joint's problem badge.
const BADGE_WIDTH: f32 = 24.0;
/// The widest value at the playhead a row shows (a joint's values are within ±180°)...
const WIDEST_VALUE: &str = "-180.00°";
/// ...and small, narrow.
const WIDEST_SMALL_VALUE: &str = "-180.0°";
/// The small value's size (points).
const SMALL_VALUE_SIZE: f32 = 10.5;

/// What the joint list's rows show at the width they have, worked out from the longest
/// name so that no name runs into its value: the same for every row, but where even the
/// small value leaves too little room, a row whose name is too long for it shows its value
/// on hover only.
#[derive(Clone, Copy, Debug)]
struct RowFit {
    /// The solo and limits buttons move to the row's context menu (right-click).
    compact: bool,
    /// The name carries the curve's colour (no swatch) and the value is small.
    narrow: bool,
    /// The longest name (its width, points) beside which the value still shows.
    name_room: f32,
}

/// The width of `text` in `font` as `ui` lays it out.
fn text_width(ui: &egui::Ui, text: String, font: egui::FontId) -> f32 {
    ui.painter()
        .layout_no_wrap(text, font, egui::Color32::WHITE)
        .size()
        .x
}

impl RowFit {
    /// The fit of rows named `names` in `ui`'s width.
    fn of(ui: &egui::Ui, names: impl Iterator<Item = String>) -> Self {
        let width = |text: &str, font: egui::FontId| text_width(ui, text.to_owned(), font);
        let body = egui::TextStyle::Body.resolve(ui.style());
        let spacing = ui.spacing();
        let gap = spacing.item_spacing.x;
        let name = names.map(|n| width(&n, body.clone())).fold(0.0, f32::max);
        let value = width(WIDEST_VALUE, egui::FontId::monospace(body.size));
        let small = width(
            WIDEST_SMALL_VALUE,
            egui::FontId::monospace(SMALL_VALUE_SIZE),
        );
        let small_button = egui::TextStyle::Button.resolve(ui.style());
        let buttons = width("solo", small_button.clone())
            + width("limits", small_button)
            + 4.0 * spacing.button_padding.x
            + 2.0 * gap;
        // The check box, the badge and the gaps between the name, the value and the badge;
        // then the name, the swatch and the value as each mode shows them.
        let around = spacing.icon_width + spacing.icon_spacing + BADGE_WIDTH + 2.0 * gap;
        let with_swatch = around + name + 12.0 + gap + value;
        let available = ui.available_width();
        let narrow = available < with_swatch;
        Self {
            compact: available < with_swatch + buttons,
            narrow,
            name_room: if narrow {
                available - around - small
            } else {
                f32::INFINITY
            },
        }
    }

    /// Whether the row named `name` shows its value on hover only.
    fn tiny(self, ui: &egui::Ui, name: &str) -> bool {
        self.name_room.is_finite()
            && text_width(
                ui,
                name.to_owned(),
                egui::TextStyle::Body.resolve(ui.style()),
            ) > self.name_room
    }
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
    ui.horizontal_wrapped(|ui| {
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
            // Worked out once for a width and a motion's joints, not every frame (it lays
            // out every name).
            let key = ui.scope_id().with((
                "joint row fit",
                ui.available_width().to_bits(),
                &motion.design,
                &motion.locators,
            ));
            let fit = ui.data(|d| d.get_temp::<RowFit>(key)).unwrap_or_else(|| {
                let fit = RowFit::of(
                    ui,
                    (0..motion.locators.len())
                        .map(Channel::Joint)
                        .chain((0..BODY_NAMES.len()).map(Channel::Body))
                        .map(|channel| channel_name(motion, channel)),
                );
                ui.data_mut(|d| d.insert_temp(key, fit));
                fit
            });
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
                    let row = (Channel::Joint(j), fit);
                    joint_row_ui(ui, motion, view, row, Some(context), sink);
                }
                ui.add_space(4.0);
            }
            ui.strong("body (not played by the robot)");
            for axis in 0..BODY_NAMES.len() {
                joint_row_ui(ui, motion, view, (Channel::Body(axis), fit), None, sink);
            }
        });
}

/// Shows only the joint of `channel` (a body axis has no solo).
fn solo(channel: Channel, sink: &mut MotionSink<'_>) {
    if let Channel::Joint(j) = channel {
        sink.push(MotionAction::Solo(vec![j]));
    }
}

/// Selects `channel` and shows its limits, or (`focused`) no longer.
fn focus(channel: Channel, focused: bool, sink: &mut MotionSink<'_>) {
    sink.push(MotionAction::Focus((!focused).then_some(channel)));
}

/// One row of the joint list: the channel's colour, name and shown box, its menu, its link,
/// solo and limits, its value at the playhead and its safety badge.
fn joint_row_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    view: &View,
    (channel, fit): (Channel, RowFit),
    context: Option<&JointsContext<'_>>,
    sink: &mut MotionSink<'_>,
) {
    let joint = match channel {
        Channel::Joint(j) => Some(j),
        Channel::Body(_) => None,
    };
    let playhead_urad = joint.and_then(|j| context?.playhead_values.get(j).copied());
    let name = channel_name(motion, channel);
    let (compact, narrow, tiny) = (fit.compact, fit.narrow, fit.tiny(ui, &name));
    let focused = view.focused == Some(channel);
    let posed = joint.is_some_and(|j| context.is_some_and(|c| c.posed.contains(&j)));
    if posed {
        // Behind the row: the drag on the stage is moving this joint.
        let row = egui::Rect::from_min_size(
            ui.cursor().min - egui::vec2(2.0, 1.0),
            egui::vec2(
                ui.available_width() + 4.0,
                ui.spacing().interact_size.y + 2.0,
            ),
        );
        ui.painter().rect_filled(
            row,
            3.0,
            egui::Color32::from_rgba_unmultiplied(90, 200, 230, 60),
        );
    }
    ui.horizontal(|ui| {
        // Narrow, the name itself carries the curve's colour instead of a swatch beside it.
        let label = if narrow {
            egui::RichText::new(&name).color(channel_color(channel))
        } else {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, channel_color(channel));
            egui::RichText::new(&name)
        };
        let mut shown = view.is_visible(channel);
        let mut check = ui.checkbox(&mut shown, label);
        if let (true, Some(urad)) = (tiny, playhead_urad) {
            check = check.on_hover_text(format!(
                "{:.2}° at the playhead ({urad} µrad)",
                crate::robot::urad_to_deg(urad)
            ));
        }
        if check.changed() {
            sink.push(MotionAction::SetVisible(channel, shown));
        }
        check.context_menu(|ui| {
            row_menu_ui(ui, motion, view, (channel, &name), context, sink);
        });
        if let Some((other, opposite)) = joint.and_then(|j| view.links.partner(j)) {
            let theirs = channel_name(motion, Channel::Joint(other));
            ui.label("🔗").on_hover_text(format!(
                "Linked with {theirs}: it moves {} (right-click to unlink)",
                if opposite {
                    "the opposite way"
                } else {
                    "the same way"
                }
            ));
        }
        if !compact {
            if joint.is_some() {
                let button = ui
                    .small_button("solo")
                    .on_hover_text(format!("Show only {name} (again: show all)"));
                if button.clicked() {
                    solo(channel, sink);
                }
            }
            let button = ui
                .selectable_label(focused, "limits")
                .on_hover_text(format!("Select {name} and show its limits as a band"));
            if button.clicked() {
                focus(channel, focused, sink);
            }
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            value_and_badge_ui(
                ui,
                (channel, &name),
                playhead_urad,
                (narrow, tiny),
                context,
                sink,
            );
        });
    });
}

/// A row's context menu: show only it, its limits, its curve copied or pasted, its link.
fn row_menu_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    view: &View,
    (channel, name): (Channel, &str),
    context: Option<&JointsContext<'_>>,
    sink: &mut MotionSink<'_>,
) {
    let focused = view.focused == Some(channel);
    let joint = match channel {
        Channel::Joint(j) => Some(j),
        Channel::Body(_) => None,
    };
    if joint.is_some() && ui.button(format!("Show only {name}")).clicked() {
        solo(channel, sink);
    }
    let limits = if focused {
        "Hide its limits"
    } else {
        "Show its limits"
    };
    if ui.button(limits).clicked() {
        focus(channel, focused, sink);
    }
    if let Some(j) = joint {
        ui.separator();
        if ui.button(format!("Copy {name}'s Curve")).clicked() {
            sink.send(Action::CopyCurve(sink.tab, j));
        }
        let clip = context.and_then(|c| c.curve_clip);
        let paste = clip.map_or_else(
            || "Paste a Curve Here".to_owned(),
            |from| format!("Paste {from}'s Curve Here"),
        );
        if ui
            .add_enabled(clip.is_some(), egui::Button::new(paste))
            .clicked()
        {
            sink.send(Action::PasteCurve(sink.tab, j));
        }
        ui.separator();
        link_menu_ui(ui, motion, view, j, sink);
    }
}

/// A row's right end (laid out right to left): the safety badge in a place kept for it, and
/// the value at the playhead (small when `narrow`, on hover only when `tiny`).
fn value_and_badge_ui(
    ui: &mut egui::Ui,
    (channel, name): (Channel, &str),
    playhead_urad: Option<i32>,
    (narrow, tiny): (bool, bool),
    context: Option<&JointsContext<'_>>,
    sink: &mut MotionSink<'_>,
) {
    // The badge's place is kept whether or not it shows, so that a joint gaining a problem
    // (mid-drag, say) moves nothing.
    let badge = ui.allocate_ui(egui::vec2(BADGE_WIDTH, ui.available_height()), |ui| {
        if let (Channel::Joint(j), Some(context)) = (channel, context) {
            safety_button_ui(ui, channel, name, j, context, sink);
        }
    });
    let spare = BADGE_WIDTH - badge.response.rect.width();
    if spare > 0.0 {
        ui.add_space(spare);
    }
    let degrees = playhead_urad.map(crate::robot::urad_to_deg);
    let value = match (narrow, tiny, degrees) {
        (_, true, _) | (_, _, None) => None,
        (false, _, Some(d)) => Some(egui::RichText::new(format!("{d:>8.2}°")).monospace()),
        (true, _, Some(d)) => Some(
            egui::RichText::new(format!("{d:.1}°")).font(egui::FontId::monospace(SMALL_VALUE_SIZE)),
        ),
    };
    if let (Some(value), Some(urad)) = (value, playhead_urad) {
        ui.label(value)
            .on_hover_text(format!("Commanded at the playhead: {urad} µrad"));
    }
}

/// How often a joint goes beyond its limits and its servo, in words (`noted`: where it does
/// only as far as a note says).
/// The binder's part of a joint's menu: link it with its mirror partner or any joint (the
/// same way or the opposite way), or unlink it.
fn link_menu_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    view: &View,
    j: usize,
    sink: &mut MotionSink<'_>,
) {
    use crate::edit::links::Link;
    let name = channel_name(motion, Channel::Joint(j));
    let link = |other: usize, opposite: bool| {
        MotionAction::Link(
            j,
            Some(Link {
                a: j,
                b: other,
                opposite,
            }),
        )
    };
    if let Some((other, _)) = view.links.partner(j) {
        let theirs = channel_name(motion, Channel::Joint(other));
        if ui.button(format!("Unlink from {theirs}")).clicked() {
            sink.push(MotionAction::Link(j, None));
            ui.close();
        }
        return;
    }
    let joint_names: Vec<String> = motion
        .locators
        .iter()
        .map(|l| crate::robot::joint_name(&motion.design, l).to_owned())
        .collect();
    let (mirror, flips) = crate::poses::mirror_of(&joint_names[j]);
    if let Some(partner) = joint_names
        .iter()
        .position(|n| *n == mirror && mirror != joint_names[j])
        && ui
            .button(format!("Link with {mirror} (mirrored)"))
            .on_hover_text(format!(
                "An edit of {name} moves {mirror} as its mirror image does"
            ))
            .clicked()
    {
        sink.push(link(partner, flips));
        ui.close();
    }
    ui.menu_button("Link with", |ui| {
        for (k, other) in joint_names.iter().enumerate() {
            if k == j {
                continue;
            }
            ui.horizontal(|ui| {
                ui.label(other);
                if ui.small_button("same").clicked() {
                    sink.push(link(k, false));
                    ui.close();
                }
                if ui.small_button("opposite").clicked() {
                    sink.push(link(k, true));
                    ui.close();
                }
            });
        }
    });
}

fn safety_summary(out: &[Run], fast: &[Run], noted: &[Run]) -> String {
    let mut said = Vec::new();
    if !out.is_empty() {
        let keyframes: usize = out.iter().map(|run| run.last - run.first + 1).sum();
        said.push(format!(
            "beyond its limits at {}",
            crate::words::plural(keyframes, "keyframe", "keyframes")
        ));
    }
    if !fast.is_empty() {
        // A run of n keyframes joined by too-fast segments has n - 1 segments.
        let segments: usize = fast.iter().map(|run| run.last - run.first).sum();
        said.push(format!(
            "too fast for its servo over {}",
            crate::words::plural(segments, "segment", "segments")
        ));
    }
    if !noted.is_empty() {
        let keyframes: usize = noted.iter().map(|run| run.last - run.first + 1).sum();
        said.push(format!(
            "past its published limit or speed at {}, no further than the robot does \
             (a note)",
            crate::words::plural(keyframes, "keyframe", "keyframes")
        ));
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
    let noted = context.marks.noted.get(j).unwrap_or(&empty);
    if out.is_empty() && fast.is_empty() && noted.is_empty() {
        return;
    }
    let first = out
        .first()
        .into_iter()
        .chain(fast.first())
        .chain(noted.first())
        .map(|run| run.first)
        .min()
        .unwrap_or(0);
    let first_ms = context.times_ms.get(first).copied().unwrap_or(0);
    // The worst of the joint's problems, in the Problems panel's colours: an error red, a
    // warning amber; notes only (past its limit no further than Sony's own motions, or a
    // servo that reaches every keyframe within 3°), a quiet blue "i".
    let worst = context
        .problems
        .iter()
        .filter(|p| p.joint == Some(j))
        .map(|p| p.severity)
        .max()
        .unwrap_or(crate::codec::Severity::Info);
    let (mark, fill, ink) = match worst {
        crate::codec::Severity::Error => (
            "!",
            egui::Color32::from_rgb(200, 40, 40),
            egui::Color32::WHITE,
        ),
        crate::codec::Severity::Warning => (
            "!",
            super::problems_panel::severity_style(worst).1,
            egui::Color32::BLACK,
        ),
        crate::codec::Severity::Info => (
            "i",
            egui::Color32::from_rgb(70, 95, 140),
            egui::Color32::WHITE,
        ),
    };
    let button = ui
        .add(
            egui::Button::new(egui::RichText::new(mark).strong().color(ink))
                .fill(fill)
                .small(),
        )
        // Counted only when asked: on a long motion a joint may have thousands of runs.
        .on_hover_ui(|ui| {
            ui.label(format!(
                "{name} is {}; click to show it from {first_ms} ms",
                safety_summary(out, fast, noted)
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
