//! The problems panel: every problem of the motion with its code, and Repair.

use crate::app::action::MotionAction;
use crate::app::command::TabCommand;
use crate::app::sink::MotionSink;
use crate::codec::{Problem, Severity};

/// A marker and colour for a severity.
#[must_use]
pub fn severity_style(severity: Severity) -> (&'static str, egui::Color32) {
    match severity {
        Severity::Error => ("error", egui::Color32::from_rgb(235, 90, 80)),
        Severity::Warning => ("warning", egui::Color32::from_rgb(240, 190, 60)),
        Severity::Info => ("note", egui::Color32::from_rgb(140, 170, 220)),
    }
}

/// A problem's marker and colour: its severity's, but a fall's own (a fall is a warning as
/// a slip is, and costs a robot far more).
#[must_use]
pub fn marker_of(problem: &Problem) -> (&'static str, egui::Color32) {
    if problem.code == crate::robot::codes::FALLS {
        ("fall", egui::Color32::from_rgb(235, 90, 80))
    } else {
        severity_style(problem.severity)
    }
}

/// Draws the problems list.
/// `times`: the keyframes' times (ms), for the segment a problem is at.
pub fn problems_ui(
    ui: &mut egui::Ui,
    problems: &[Problem],
    times: &[u64],
    sink: &mut MotionSink<'_>,
) {
    // Notes (worth knowing, nothing wrong) are folded away under the problems.
    let notes = problems
        .iter()
        .filter(|p| p.severity == Severity::Info)
        .count();
    let open_id = ui.scope_id().with("notes open");
    let notes_open = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
    let listed: Vec<&Problem> = problems
        .iter()
        .filter(|p| p.severity > Severity::Info)
        .chain(
            problems
                .iter()
                .filter(|p| notes_open && p.severity == Severity::Info),
        )
        .collect();
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("Problems ({})", problems.len() - notes));
        let repairable = problems.iter().any(|p| p.severity >= Severity::Warning);
        if ui
            .add_enabled(repairable, egui::Button::new("Repair"))
            .on_hover_text(
                "Fix what can be fixed without changing the motion: sizes, counts, locators, padding",
            )
            .clicked()
        {
            sink.command(TabCommand::Repair);
        }
    });
    if notes > 0 {
        let word = crate::words::plural(notes, "note", "notes");
        let text = if notes_open {
            format!("Hide {word} (worth knowing, nothing wrong)")
        } else {
            format!("Show {word} (worth knowing, nothing wrong)")
        };
        if ui
            .add(egui::Button::new(text).frame(false))
            .on_hover_text(
                "Notes: past a published limit but no further than Sony's own motions go, a \
                 joint the servo follows within 3°, and the like",
            )
            .clicked()
        {
            ui.data_mut(|d| d.insert_temp(open_id, !notes_open));
        }
    }
    if listed.is_empty() {
        if notes == 0 {
            ui.label("No problems: Sony's player would load this motion as it is.");
        }
        return;
    }
    // The list flows in the column around it (no scroll area of its own, which would hide
    // its rows between two scroll bars, and under the status bar where the column's fold
    // cut it). Only the problems in view are built: a long motion can have hundreds. Each
    // one's height is remembered from when it was last shown (an estimate until then), so
    // the column's scroll bar stays true to the list.
    let heights_id = ui.scope_id().with("problem heights");
    let mut heights: Vec<f32> = ui
        .data_mut(|d| d.remove_temp::<Vec<f32>>(heights_id))
        .unwrap_or_default();
    heights.resize(listed.len(), ESTIMATED_HEIGHT);
    let shown = ui.clip_rect();
    let spacing = ui.spacing().item_spacing.y;
    // The rows off screen are passed over as one space a run (a widget each would cost a
    // frame of a motion that lists thousands): their heights, each with its spacing.
    let mut passed = 0.0;
    let pass_over = |ui: &mut egui::Ui, passed: &mut f32| {
        if *passed > 0.0 {
            ui.allocate_space(egui::vec2(ui.available_width(), *passed - spacing));
            *passed = 0.0;
        }
    };
    for (problem, height) in listed.iter().zip(&mut heights) {
        let start = ui.cursor().top() + passed;
        if start + *height < shown.top() || start > shown.bottom() {
            passed += *height + spacing;
        } else {
            pass_over(ui, &mut passed);
            let start = ui.cursor().top();
            problem_ui(ui, problem, times, Some(&mut *sink));
            ui.add_space(4.0);
            *height = (ui.cursor().top() - start - spacing).max(1.0);
        }
    }
    pass_over(ui, &mut passed);
    ui.data_mut(|d| d.insert_temp(heights_id, heights));
}

/// The height a problem not yet shown is taken to have (two lines and a gap).
const ESTIMATED_HEIGHT: f32 = 44.0;

/// One problem: what it means for the animator, with its marker, then the detail (code, what
/// the file holds, the byte) in smaller type, whole on hover; a content problem gets a button
/// to its time, and a joint too fast a button that fixes its segment (`times`: the keyframes'
/// times in ms).
pub fn problem_ui(
    ui: &mut egui::Ui,
    problem: &Problem,
    times: &[u64],
    sink: Option<&mut MotionSink<'_>>,
) {
    let (marker, color) = marker_of(problem);
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(color, egui::RichText::new(marker).strong());
        ui.label(crate::robot::meaning::meaning(problem));
    });
    let detail = format!(
        "{} · {} · byte {}",
        problem.code.as_str(),
        problem.message,
        problem.offset
    );
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(egui::RichText::new(&detail).small().weak()).wrap())
            .on_hover_text(&detail);
        if let (Some(time_ms), Some(sink)) = (problem.time_ms, sink) {
            if ui
                .small_button(format!("go to {time_ms} ms"))
                .on_hover_text("Move the playhead there")
                .clicked()
            {
                sink.push(MotionAction::Seek(time_ms));
            }
            // The segment the problem names: from its time to the next keyframe's.
            let end = times.iter().copied().find(|&t| t > time_ms);
            // A note (the servo reaches every keyframe within 3°) has nothing to fix.
            if problem.code == crate::robot::codes::JOINT_SPEED
                && problem.severity >= crate::codec::Severity::Warning
                && let Some(end) = end
                && ui
                    .small_button("Fix This Segment")
                    .on_hover_text(format!(
                        "Lengthen the segment {time_ms}-{end} ms to the shortest the servos \
                         follow; the values stay. Motion > {} fixes every segment (or the \
                         selected range's).",
                        TabCommand::FixSpeed.label()
                    ))
                    .clicked()
            {
                sink.op(crate::ops::OpRequest::FixSpeed {
                    span_ms: Some((time_ms, end)),
                });
            }
        }
    });
}
