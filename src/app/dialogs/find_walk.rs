//! Motion > Find a Walk…: the search's settings (gait, seed, time, candidates), Start and
//! Stop, its progress while it runs in the background, the best walks so far in a table,
//! and Use the Best, which writes the best into the motion as Generate… does.

use super::{Modal, WalkSearchPrompt};
use crate::app::action::{Action, FindWalk};
use crate::app::sink::Sender;
use crate::ops::generate::Gait;
use crate::ops::generate::search::{HEADING_DEG, Progress};

/// The progress the search shared last.
fn progress_of(prompt: &WalkSearchPrompt) -> Option<Progress> {
    let shared = prompt.shared.as_ref()?;
    shared.progress.lock().ok()?.clone()
}

/// Draws the dialog.
pub fn find_walk_ui(ui: &mut egui::Ui, prompt: &WalkSearchPrompt, actions: &mut Sender<'_>) {
    ui.heading("Find a Walk");
    ui.label(format!(
        "Searches the stride, lift, cycle, duty factor, height, pitch, the front and hind \
         paws' places and the paw path of a walk from this motion's pose, each candidate \
         played in the simulation on carpet: the fastest forward with no fall, no paw \
         sliding, a heading within {HEADING_DEG}° and no warning wins. It runs in the \
         background, this window showing how it goes; the rest of the editor waits until it \
         is stopped or this window is closed."
    ));
    let mut changed = prompt.clone();
    ui.add_enabled_ui(!prompt.running, |ui| {
        let gaits: Vec<String> = Gait::ALL.iter().map(|g| g.words().to_owned()).collect();
        crate::app::field::combo(ui, "Gait", &mut changed.gait, &gaits);
        egui::Grid::new("find-walk").num_columns(2).show(ui, |ui| {
            let label = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut changed.seed))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Seconds");
            ui.add(egui::DragValue::new(&mut changed.seconds).range(5..=3600))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Candidates a generation");
            ui.add(egui::DragValue::new(&mut changed.candidates).range(4..=256))
                .labelled_by(label.id);
            ui.end_row();
        });
    });
    let settings = (
        changed.gait,
        changed.seed,
        changed.seconds,
        changed.candidates,
    );
    if settings != (prompt.gait, prompt.seed, prompt.seconds, prompt.candidates) {
        actions.send(Action::Show(Modal::FindWalk(Box::new(changed))));
    }
    let progress = progress_of(prompt);
    ui.horizontal(|ui| {
        if prompt.running {
            if ui.button("Stop the Search").clicked() {
                actions.send(Action::FindWalk(FindWalk::Stop));
            }
            ui.spinner();
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        } else if ui.button("Start the Search").clicked() {
            let mut started = prompt.clone();
            started.started_s = Some(ui.input(|i| i.time));
            actions.send(Action::FindWalk(FindWalk::Start(Box::new(started))));
        }
        if let Some(p) = &progress {
            // While it runs, how long it has left of the seconds given it.
            let left = prompt
                .started_s
                .filter(|_| prompt.running)
                .map(|started| {
                    let now = ui.input(|i| i.time);
                    #[expect(clippy::cast_precision_loss, reason = "at most an hour")]
                    let left = (prompt.seconds as f64 - (now - started)).max(0.0);
                    format!(", about {left:.0} s left")
                })
                .unwrap_or_default();
            ui.label(format!(
                "generation {}, {} candidates scored{left}",
                p.generation, p.scored
            ));
        }
    });
    if let Some(p) = &progress {
        best_table(ui, p, (prompt.tab, !prompt.running), actions);
    }
    ui.horizontal(|ui| {
        let best = progress.as_ref().and_then(|p| p.best.first());
        if ui
            .add_enabled(
                best.is_some() && !prompt.running,
                egui::Button::new("Use the Best"),
            )
            .on_hover_text("Write the best walk into the motion, as Generate… would")
            .clicked()
            && let Some(best) = best
        {
            actions.send(Action::FindWalk(FindWalk::Use(
                prompt.tab,
                Box::new(best.walk.clone()),
            )));
        }
        if ui.button("Close").clicked() {
            actions.send(Action::FindWalk(FindWalk::Stop));
            actions.send(Action::CloseModal);
        }
    });
}

/// The best walks so far, best first, each with a button that writes it into the motion of
/// tab `tab` (`usable`: the search has stopped).
fn best_table(
    ui: &mut egui::Ui,
    progress: &Progress,
    (tab, usable): (crate::app::TabId, bool),
    actions: &mut Sender<'_>,
) {
    egui::Grid::new("find-walk-best")
        .num_columns(13)
        .striped(true)
        .show(ui, |ui| {
            for heading in [
                "mm/s",
                "heading",
                "slides",
                "warnings",
                "stride",
                "lift",
                "cycle",
                "duty",
                "shoulders",
                "pitch",
                "front / hind",
                "path",
                "",
            ] {
                ui.strong(heading);
            }
            ui.end_row();
            for (rank, scored) in progress.best.iter().enumerate() {
                let walk = &scored.walk;
                ui.label(format!(
                    "{:.0}{}",
                    scored.speed_mm_s,
                    if scored.fell { " (falls)" } else { "" }
                ));
                ui.label(crate::words::signed_deg(
                    scored.heading_deg,
                    "left",
                    "right",
                ));
                ui.label(scored.slips.to_string());
                ui.label(scored.warnings.to_string());
                ui.label(format!("{:.0} mm", walk.stride_mm));
                ui.label(format!("{:.0} mm", walk.lift_mm));
                // The cycle as the walk plays: the servos may need it longer than asked.
                let cycle = ui.label(format!("{} ms", scored.played_period_ms));
                if scored.played_period_ms != walk.period_ms {
                    cycle.on_hover_text(format!(
                        "{} ms asked, lengthened for the legs' servos",
                        walk.period_ms
                    ));
                }
                ui.label(format!("{:.2}", walk.duty));
                ui.label(
                    walk.height_mm
                        .map_or_else(String::new, |h| format!("{h:.0} mm")),
                );
                ui.label(format!("{:+.1}°", walk.pitch_deg));
                ui.label(format!("{:+.0} / {:+.0} mm", walk.front_mm, walk.hind_mm))
                    .on_hover_text(
                        "How far forward of where they stand the front and hind paws step",
                    );
                ui.label(walk.path.words());
                let use_it = ui
                    .add_enabled(usable, egui::Button::new("Use").small())
                    .on_hover_text(format!(
                        "Write walk {} of the table into the motion (one undo step)",
                        rank + 1
                    ))
                    .on_disabled_hover_text("Stop the search first");
                if use_it.clicked() {
                    actions.send(Action::FindWalk(FindWalk::Use(tab, Box::new(walk.clone()))));
                }
                ui.end_row();
            }
        });
}
