//! `robot play` and `robot pose` against a stand-in for R-CODE's wireless console (no robot
//! here): what is sent, what is printed, and a refusing, silent or password-asking robot
//! answered with a message in bounded time.

use crate::common;
use crate::common::rcode::{Manner, StandIn};
use std::time::{Duration, Instant};

use crate::common::rcode::POSE;

fn host(standin: &StandIn) -> String {
    standin.addr.to_string()
}

#[test]
fn play_sends_one_play_line_by_name_or_number() {
    let robot = StandIn::start(Manner::Ready, &POSE);
    let said = common::ok(&common::run_cli(&[
        &"robot",
        &"play",
        &host(&robot),
        &"MY_WAVE",
    ]));
    assert!(said.contains("sent PLAY:ACTION:MY_WAVE"), "{said}");
    assert!(
        said.contains("R-CODE stand-in"),
        "the banner is shown: {said}"
    );
    common::ok(&common::run_cli(&[
        &"robot",
        &"play",
        &host(&robot),
        &"0x1F40",
    ]));
    assert_eq!(
        robot.received(),
        ["PLAY:ACTION:MY_WAVE", "PLAY:MWCID:8000"],
        "one line a command, nothing else sent"
    );
}

#[test]
fn a_name_r_code_would_not_read_is_refused_before_anything_is_sent() {
    let robot = StandIn::start(Manner::Ready, &POSE);
    let output = common::run_cli(&[&"robot", &"play", &host(&robot), &"my wave"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(common::text(&output.stderr).contains("action name"));
    std::thread::sleep(Duration::from_millis(100));
    assert!(robot.received().is_empty());
}

#[test]
fn pose_reads_every_joint_as_text_json_and_a_motion() {
    let robot = StandIn::start(Manner::Ready, &POSE);
    let text = common::ok(&common::run_cli(&[&"robot", &"pose", &host(&robot)]));
    assert!(text.contains("HEAD_YAW"), "{text}");
    for (var, degrees) in POSE {
        let joint = mtn_studio::rcode::vars::ERS7
            .iter()
            .find(|v| v.var == var)
            .map(|v| v.joint)
            .unwrap();
        let line = text.lines().find(|l| l.starts_with(&format!("{joint} ")));
        let value = line.and_then(|l| l.split_whitespace().nth(1));
        assert_eq!(value, Some(degrees.to_string().as_str()), "{joint}: {text}");
    }
    // Five variables a PRINT, each line tagged so its answer is told apart.
    let printed = robot.received();
    assert_eq!(printed.len(), 4, "{printed:?}");
    assert!(
        printed.iter().all(|l| l.starts_with("PRINT:\"")),
        "{printed:?}"
    );

    let json = common::ok(&common::run_cli(&[
        &"robot",
        &"pose",
        &host(&robot),
        &"--json",
    ]));
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let joints = doc["joints"].as_array().unwrap();
    assert_eq!(joints.len(), 18);
    assert_eq!(joints[1]["joint"], "HEAD_YAW");
    assert_eq!(joints[1]["degrees"], 25);

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pose.mtn");
    common::ok(&common::run_cli(&[
        &"robot",
        &"pose",
        &host(&robot),
        &"-o",
        &out,
    ]));
    let motion = common::read_mtn(&out);
    for (column, locator) in motion.locators.iter().enumerate() {
        let name = mtn_studio::robot::joint_name(&motion.design, locator);
        let Some(var) = mtn_studio::rcode::vars::ERS7
            .iter()
            .find(|v| v.joint == name)
        else {
            continue;
        };
        let degrees = POSE.iter().find(|(v, _)| *v == var.var).unwrap().1;
        for k in 0..motion.keyframes.len() {
            let urad = motion.keyframes.get(k).unwrap().angles_urad[column];
            assert_eq!(
                (f64::from(urad) / 1e6).to_degrees().round(),
                f64::from(degrees),
                "{name}"
            );
        }
    }
    let again = common::run_cli(&[&"robot", &"pose", &host(&robot), &"-o", &out]);
    assert_eq!(again.status.code(), Some(1), "never over a file");
}

#[test]
fn a_refused_silent_or_password_asking_robot_is_a_message_in_bounded_time() {
    // Refused: a port that was free a moment ago.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed = free.local_addr().unwrap().to_string();
    drop(free);
    let output = common::run_cli(&[&"robot", &"play", &closed, &"SIT"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(common::text(&output.stderr).contains("refused"));

    // Silent: connects, says nothing: not R-CODE (it greets), and nothing is sent.
    let silent = StandIn::start(Manner::Silent, &POSE);
    let started = Instant::now();
    let address = host(&silent);
    for args in [
        vec!["robot", "play", &address, "SIT", "--timeout", "1"],
        vec!["robot", "pose", &address, "--timeout", "1"],
    ] {
        let args: Vec<&dyn AsRef<std::ffi::OsStr>> = args
            .iter()
            .map(|a| a as &dyn AsRef<std::ffi::OsStr>)
            .collect();
        let output = common::run_cli(&args);
        assert_eq!(output.status.code(), Some(1));
        let err = common::text(&output.stderr);
        assert!(
            err.contains("no banner") && err.contains("nothing was sent"),
            "{err}"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    std::thread::sleep(Duration::from_millis(100));
    assert!(
        silent.received().is_empty(),
        "nothing sent to what is not R-CODE"
    );
    // A web server: not R-CODE either.
    let web = StandIn::start(Manner::Web, &POSE);
    let output = common::run_cli(&[&"robot", &"play", &host(&web), &"SIT"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(common::text(&output.stderr).contains("not R-CODE"));

    // Asks for an ID: says how to set the robot up without one, and sends nothing.
    let login = StandIn::start(Manner::AsksLogin, &POSE);
    let output = common::run_cli(&[&"robot", &"play", &host(&login), &"SIT"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(common::text(&output.stderr).contains("NOAUTH.CFG"));
    std::thread::sleep(Duration::from_millis(100));
    assert!(login.received().is_empty());
}
