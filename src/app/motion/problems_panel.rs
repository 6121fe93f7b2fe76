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
/// a slip is, and costs a robot far more). A fall that is only a note (the rest model's
/// topple that the simulation contradicts) is marked as the note it is.
#[must_use]
pub fn marker_of(problem: &Problem) -> (&'static str, egui::Color32) {
    if problem.code == crate::robot::codes::FALLS && problem.severity >= Severity::Warning {
        ("fall", egui::Color32::from_rgb(235, 90, 80))
    } else {
        severity_style(problem.severity)
    }
}

/// What the pending verdict means.
const VERDICT_PENDING: &str = "The floor's verdict on the motion as it is now (the body at rest, \
     then the simulation) is being worked out in the background: until it lands, the falls the \
     body at rest finds are notes, and the problems and notes listed may change";

/// Draws the problems list (`pending`: the floor's verdict on them is still being worked
/// out, said beside the count, which may change when it lands).
/// `times`: the keyframes' times (ms), for the segment a problem is at.
pub fn problems_ui(
    ui: &mut egui::Ui,
    (problems, pending): (&[Problem], bool),
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
        // Words, not a spinner: a spinner draws again every frame, and the window already
        // draws again while the verdict is worked out.
        if pending {
            ui.weak("the floor's verdict is on its way")
                .on_hover_text(VERDICT_PENDING);
        }
        // Repair fixes the file's own faults; the motion's (speeds, limits, falls) are fixed
        // by editing it (the review: Repair beside a knee past its limit said "Nothing to
        // repair").
        let repairable = problems.iter().any(|p| {
            p.severity >= Severity::Warning && crate::codec::ProblemCode::FILE.contains(&p.code)
        });
        if ui
            .add_enabled(repairable, egui::Button::new("Repair"))
            .on_hover_text(
                "Fix what can be fixed without changing the motion: sizes, counts, locators, padding",
            )
            .on_disabled_hover_text(
                "Repair fixes the file's own faults (sizes, counts, locators, padding), and there \
                 are none; the problems listed are the motion's, fixed by editing it (Fix Speed \
                 for speeds, Fix This Segment beside one)",
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
    heights.resize(listed.len(), 0.0);
    let shown = ui.clip_rect();
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let width = ui.available_width();
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
        if *height <= 0.0 {
            *height = estimated_height(problem, line, width);
        }
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

/// The height a problem not yet shown is taken to have: its two texts wrapped at `width`
/// in lines of `line` points, a character taken as half a line wide, and the gap after it.
/// (Laying them out would cost what passing over them saves; a row's true height is kept
/// once it has been shown.)
fn estimated_height(problem: &Problem, line: f32, width: f32) -> f32 {
    let per_line = (width / (line * 0.5)).max(1.0);
    #[expect(clippy::cast_precision_loss, reason = "a few hundred characters")]
    let lines = |text: &str| (text.chars().count() as f32 / per_line).ceil().max(1.0);
    let meaning = crate::robot::meaning::meaning(problem);
    // The marker before the meaning, and the buttons after the detail.
    let meaning_lines = lines(&format!("warning {meaning}"));
    let detail_lines = lines(&format!("{} go to 10000 ms", detail_of(problem)));
    (meaning_lines + detail_lines) * line + 4.0
}

/// One problem: what it means for the animator, with its marker, then the detail (code, what
/// the file holds, and the byte for a problem of the file's layout) in a quieter colour; a
/// content problem gets a button
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
    let detail = detail_of(problem);
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(egui::RichText::new(&detail).weak()).wrap());
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

/// A problem's detail line: its code and what the file holds; the byte only where the problem
/// is in the file's layout (one at a time in the motion has its "go to" button instead, and
/// the byte of its keyframe means nothing to an animator).
#[must_use]
pub fn detail_of(problem: &Problem) -> String {
    if problem.time_ms.is_some() {
        format!("{} · {}", problem.code.as_str(), problem.message)
    } else {
        format!(
            "{} · {} · at byte {}",
            problem.code.as_str(),
            problem.message,
            problem.offset
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::ProblemCode;
    use crate::robot::codes::FALLS;

    #[test]
    fn a_problem_in_time_has_no_byte_and_one_in_the_layout_has_its_byte() {
        let layout = Problem::new(
            Severity::Error,
            ProblemCode::SECTION1_SIZE,
            40,
            "size 12".into(),
        );
        assert_eq!(detail_of(&layout), "section1-size · size 12 · at byte 40");
        let timed = Problem::new(Severity::Warning, FALLS, 300, "falls".into()).at_time(900);
        assert_eq!(detail_of(&timed), "falls · falls");
    }

    #[test]
    fn a_fall_is_red_only_where_it_is_a_warning() {
        let warning = Problem::new(Severity::Warning, FALLS, 0, String::new());
        let note = Problem::new(Severity::Info, FALLS, 0, String::new());
        assert_eq!(marker_of(&warning).0, "fall");
        assert_eq!(marker_of(&note), severity_style(Severity::Info));
    }
}
