//! File > Robot… handled: each request to the robot runs off the window's thread (a
//! connection waits up to its time limit) and its answer comes back through the action
//! queue; a pose read goes into the motion tab at its playhead, as a pose from the library
//! does (the weight shifted where a paw it lifts was down).

use super::StudioApp;
use super::action::{Action, RobotAnswer, RobotAsk};
use super::dialogs::Modal;
use super::effects::Effects;
use crate::poses::{Only, Pose, PoseRequest, Use};
use crate::rcode::console::{self, Console, Play, Timeouts};

/// Runs `ask` against the robot (blocking: off the window's thread).
fn run(ask: &RobotAsk) -> RobotAnswer {
    let said = |said: String| RobotAnswer { said, pose: None };
    let timeouts = Timeouts::default();
    match ask {
        RobotAsk::Connect(host) => match Console::connect(host, timeouts) {
            Ok(robot) => said(format!(
                "{}: connected; it said {:?}",
                robot.addr(),
                robot.banner
            )),
            Err(e) => said(e.to_string()),
        },
        RobotAsk::Play(host, what) => {
            let played = Play::parse(what).and_then(|play| {
                let mut robot = Console::connect(host, timeouts)?;
                let answer = robot.send(&play.command())?;
                Ok((robot.addr(), play.command(), answer))
            });
            match played {
                Ok((addr, command, answer)) if answer.is_empty() => {
                    said(format!("{addr}: sent {command}; it answered nothing"))
                }
                Ok((addr, command, answer)) => {
                    said(format!("{addr}: sent {command}; it answered {answer:?}"))
                }
                Err(e) => said(e.to_string()),
            }
        }
        RobotAsk::Pose(host, tab) => {
            let read = Console::connect(host, timeouts)
                .and_then(|mut robot| console::read_pose(&mut robot).map(|p| (robot.addr(), p)));
            match read {
                Ok((addr, joints)) => RobotAnswer {
                    said: format!(
                        "{addr}: read {} joints in whole degrees (R-CODE reads no finer; the \
                         ears it does not read are left as they are)",
                        joints.len()
                    ),
                    pose: Some((*tab, joints)),
                },
                Err(e) => said(e.to_string()),
            }
        }
    }
}

impl StudioApp {
    /// Sends `ask` to the robot in the background.
    pub(in crate::app) fn ask_robot(&mut self, ask: RobotAsk, fx: &mut Effects) {
        let host = match &ask {
            RobotAsk::Connect(host) | RobotAsk::Play(host, _) | RobotAsk::Pose(host, _) => host,
        };
        if host.trim().is_empty() {
            self.robot_said("Type the robot's address first");
            return;
        }
        self.robot.host = host.trim().to_owned();
        self.robot.busy = true;
        if let Some(Modal::Robot(prompt)) = &mut self.modal {
            prompt.busy = true;
        }
        fx.spawn(move || Action::RobotAnswered(Box::new(run(&ask))));
    }

    /// Reads the robot's pose into the motion tab in front, if one is.
    pub(in crate::app) fn robot_pose_into_front(&mut self, host: String, fx: &mut Effects) {
        match self.tabs.active.filter(|&id| self.tabs.is_motion(id)) {
            Some(id) => self.ask_robot(RobotAsk::Pose(host, id), fx),
            None => {
                self.robot_said(
                    "Open a motion first: the pose goes into its keyframe at the playhead",
                );
            }
        }
    }

    /// Shows what the robot answered; a pose read goes into its motion tab.
    pub(in crate::app) fn robot_answered(&mut self, answer: RobotAnswer, fx: &mut Effects) {
        self.robot.busy = false;
        if let Some(Modal::Robot(prompt)) = &mut self.modal {
            prompt.busy = false;
        }
        self.robot_said(&answer.said);
        fx.say(answer.said);
        if let Some((tab, joints)) = answer.pose {
            let pose = Pose {
                name: "the robot's pose".to_owned(),
                joints: joints
                    .into_iter()
                    .map(|(joint, degrees)| (joint.to_owned(), f64::from(degrees)))
                    .collect(),
            };
            let how = Use {
                insert: false,
                mirrored: false,
                only: Only::All,
            };
            fx.then(Action::Pose(tab, PoseRequest::Given { pose, how }));
        }
    }

    /// Adds a line to what the Robot dialog shows (the last few kept).
    fn robot_said(&mut self, line: &str) {
        let open = if let Some(Modal::Robot(prompt)) = self.modal.as_mut() {
            Some(prompt)
        } else {
            None
        };
        for prompt in [Some(&mut self.robot), open].into_iter().flatten() {
            prompt.said.push(line.to_owned());
            let extra = prompt.said.len().saturating_sub(8);
            prompt.said.drain(..extra);
        }
    }
}
