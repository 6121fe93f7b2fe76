//! File > Robot…: R-CODE's wireless console (port 21002): the robot's address, Connect to
//! see its banner, Play an action name or MWCID, Read Pose into the motion in front at the
//! playhead; what it answered below. Nothing is sent but what a button asks.

use super::{Modal, RobotPrompt};
use crate::app::action::{Action, RobotAsk};
use crate::app::sink::Sender;

/// Draws the dialog; `front` is the motion tab in front, if any (Read Pose goes there).
pub fn robot_ui(ui: &mut egui::Ui, prompt: &RobotPrompt, actions: &mut Sender<'_>) {
    ui.heading("Robot");
    ui.label(
        "R-CODE's wireless console: the robot runs R-CODE from its stick with its wireless LAN \
         on, and asks for no ID and password (Add to Stick… sets that up).",
    );
    let mut changed = prompt.clone();
    egui::Grid::new("robot").num_columns(2).show(ui, |ui| {
        let label = ui.label("Address");
        ui.add(
            egui::TextEdit::singleline(&mut changed.host)
                .hint_text("192.168.0.20 or aibo.local")
                .desired_width(240.0),
        )
        .labelled_by(label.id);
        ui.end_row();
        let label = ui.label("Behaviour");
        ui.add(
            egui::TextEdit::singleline(&mut changed.what)
                .hint_text("an action name or an MWCID")
                .desired_width(240.0),
        )
        .labelled_by(label.id);
        ui.end_row();
    });
    if changed != *prompt {
        actions.send(Action::Show(Modal::Robot(changed)));
    }
    let host = prompt.host.trim().to_owned();
    ui.horizontal(|ui| {
        let idle = !prompt.busy;
        if ui.add_enabled(idle, egui::Button::new("Connect")).clicked() {
            actions.send(Action::Robot(RobotAsk::Connect(host.clone())));
        }
        let play = egui::Button::new("Play on Robot");
        if ui
            .add_enabled(idle && !prompt.what.trim().is_empty(), play)
            .on_hover_text("PLAY:ACTION:NAME, or PLAY:MWCID:N for a number")
            .clicked()
        {
            actions.send(Action::Robot(RobotAsk::Play(
                host.clone(),
                prompt.what.trim().to_owned(),
            )));
        }
        if ui
            .add_enabled(idle, egui::Button::new("Read Pose"))
            .on_hover_text(
                "Read every joint (whole degrees) into the keyframe at the playhead of the \
                 motion in front",
            )
            .clicked()
        {
            actions.send(Action::RobotPoseIntoFront(host.clone()));
        }
        if prompt.busy {
            ui.spinner();
            ui.label("waiting for the robot…");
        }
    });
    for line in &prompt.said {
        ui.label(line);
    }
    if ui.button("Close").clicked() {
        actions.send(Action::CloseModal);
    }
}
