//! The floor on the command line: `stage` reports the rest at each keyframe or tick, as
//! text or JSON; `body-angles` writes the computed angles into the keyframes.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::{ok, run_cli as run, text};
use mtn_studio::robot::floor;
use mtn_studio::robot::timing::tick_count;
use mtn_studio::robot::urad_to_deg;

#[test]
fn stage_reports_each_keyframe_and_each_tick() {
    let (_, example) = common::with_example("cli_floor", "stage");
    let motion = common::read_mtn(&example);
    let said = ok(&run(&[&"stage", &example, &"--json"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    let rows = report["keyframes"].as_array().unwrap();
    assert_eq!(rows.len(), motion.keyframes.len());
    let rig = floor::rig(&motion).unwrap();
    let ticks = floor::rest_ticks(&rig, &motion);
    let rests = floor::rest_at_keyframes(&rig, &motion, &ticks);
    for ((row, rest), stored) in rows.iter().zip(&rests).zip(motion.keyframes.body()) {
        for key in ["time_ms", "height_mm", "margin_mm", "file_roll_deg"] {
            assert!(row[key].is_number(), "{key} in {row}");
        }
        assert_eq!(row["com_mm"].as_array().unwrap().len(), 3);
        let pitch = row["pitch_deg"].as_f64().unwrap();
        assert!((pitch - rest.pitch_deg()).abs() < 0.01, "{row}");
        let file_pitch = row["file_pitch_deg"].as_f64().unwrap();
        assert!((file_pitch - urad_to_deg(stored[1])).abs() < 0.01);
        let contacts = row["contacts"].as_array().unwrap();
        assert!(contacts.len() >= 3, "{row}");
        assert!(
            contacts
                .iter()
                .all(|c| c.as_str().is_some_and(|s| !s.is_empty()))
        );
    }
    assert!(report["problems"].is_array());

    let said = ok(&run(&[&"stage", &example, &"--json", &"--every-tick"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert!(report.get("keyframes").is_none());
    let rows = report["ticks"].as_array().unwrap();
    assert_eq!(rows.len() as u64, tick_count(&motion.keyframes));
    assert_eq!(rows[1]["time_ms"], 8);

    let said = ok(&run(&[&"stage", &example]));
    assert!(said.starts_with("      ms   mm up  pitch°"), "{said}");
    assert!(said.contains("FL paw"), "{said}");
    assert!(said.contains("problems"), "{said}");
}

#[test]
fn body_angles_writes_the_floors_pitch_and_roll() {
    let (dir, example) = common::with_example("cli_floor", "angles");
    let out = dir.join("angles.mtn");
    let said = ok(&run(&[&"body-angles", &example, &"-o", &out]));
    assert!(said.contains("to how it rests on the floor"), "{said}");
    let before = common::read_mtn(&example);
    let after = common::read_mtn(&out);
    assert_eq!(after.keyframes.angles(), before.keyframes.angles());
    let report: serde_json::Value =
        serde_json::from_str(&ok(&run(&[&"stage", &out, &"--json"]))).unwrap();
    for row in report["keyframes"].as_array().unwrap() {
        for (computed, file) in [
            ("pitch_deg", "file_pitch_deg"),
            ("roll_deg", "file_roll_deg"),
        ] {
            let (a, b) = (row[computed].as_f64().unwrap(), row[file].as_f64().unwrap());
            assert!((a - b).abs() < 0.01, "{row}");
        }
    }
}

#[test]
fn a_motion_of_no_known_model_has_no_body_to_stand() {
    let (dir, example) = common::with_example("cli_floor", "unknown");
    let mut motion = common::read_mtn(&example);
    motion.design = "DRX-9999".to_owned();
    let path = dir.join("unknown.mtn");
    std::fs::write(&path, mtn_studio::codec::mtn::encode(&motion).unwrap()).unwrap();
    let output = run(&[&"stage", &path]);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stderr);
    assert!(
        said.contains("names no AIBO model") && said.contains("unknown.mtn"),
        "{said}"
    );
}

#[test]
fn a_motion_too_long_for_every_tick_is_worked_out_by_keyframes() {
    // A thousand segments of 599 frames: over the ticks worked out one by one.
    let dir = common::scratch_dir("cli_floor", "long");
    let mut motion = common::read_mtn(&common::with_example("cli_floor", "long-source").1);
    let first = motion.keyframes.get(0).unwrap();
    let (body, angles) = (first.body_urad, first.angles_urad.to_vec());
    for _ in 0..1_000 {
        motion.keyframes.push(599, body, &angles).unwrap();
    }
    assert!(!floor::solvable(&motion));
    let path = dir.join("long.mtn");
    std::fs::write(&path, mtn_studio::codec::mtn::encode(&motion).unwrap()).unwrap();
    let output = run(&[&"stage", &path, &"--every-tick"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("--every-tick works out motions of up to"));
    let report: serde_json::Value =
        serde_json::from_str(&ok(&run(&[&"stage", &path, &"--json"]))).unwrap();
    assert_eq!(
        report["keyframes"].as_array().unwrap().len(),
        motion.keyframes.len()
    );
}

#[test]
fn stage_json_gives_each_paws_ball_in_the_floor_frame() {
    let (_, example) = common::with_example("cli_floor", "paws");
    let said = ok(&run(&[&"stage", &example, &"--json"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    // The stand (keyframe 0): all four paws on the floor, so each ball's centre sits its
    // radius (12.5 mm on the ERS-7) above it; the front paws ahead, the left ones left.
    let paws = &report["keyframes"][0]["paws_mm"];
    let at = |leg: &str| -> [f64; 3] {
        let p = paws[leg]
            .as_array()
            .unwrap_or_else(|| panic!("{leg} in {paws}"));
        [0, 1, 2].map(|i| p[i].as_f64().unwrap())
    };
    for leg in ["FL", "FR", "BL", "BR"] {
        assert!((at(leg)[2] - 12.5).abs() < 0.6, "{leg} at {:?}", at(leg));
    }
    assert!(at("FL")[0] > 0.0 && at("BL")[0] < 0.0, "{paws}");
    assert!(at("FL")[1] > 0.0 && at("FR")[1] < 0.0, "{paws}");
    // Per tick too.
    let said = ok(&run(&[&"stage", &example, &"--json", &"--every-tick"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert!(report["ticks"][3]["paws_mm"]["BR"].is_array());
}

/// Each paw's ball centre of keyframe `k` in `stage --json`.
fn paws_of(path: &std::path::Path, k: usize) -> std::collections::BTreeMap<String, [f64; 3]> {
    let said = ok(&run(&[&"stage", &path, &"--json"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    let paws = report["keyframes"][k]["paws_mm"].as_object().unwrap();
    paws.iter()
        .map(|(leg, p)| {
            let p = p.as_array().unwrap();
            (leg.clone(), [0, 1, 2].map(|i| p[i].as_f64().unwrap()))
        })
        .collect()
}

#[test]
fn place_lifts_a_paw_with_balance_and_the_stage_sees_it_up() {
    let dir = common::scratch_dir("cli_floor", "place");
    let stand = dir.join("stand.mtn");
    ok(&run(&[&"new", &"--model", &"DRX-1000", &"-o", &stand]));
    // The lift held through the motion: both keyframes posed, nothing added between.
    let once = dir.join("once.mtn");
    let said = ok(&run(&[
        &"place",
        &stand,
        &"--at",
        &"0",
        &"--lift",
        &"FL=60",
        &"--no-weight-shift",
        &"-o",
        &once,
    ]));
    assert!(
        said.contains("the body moved") && said.contains("mm back"),
        "{said}"
    );
    let held = dir.join("held.mtn");
    ok(&run(&[
        &"place",
        &once,
        &"--at",
        &"1008",
        &"--lift",
        &"fl=60",
        &"--no-weight-shift",
        &"-o",
        &held,
    ]));
    // Between keyframes the weight is shifted first (keyframes halfway in and out).
    let waved = dir.join("waved.mtn");
    let said = ok(&run(&[
        &"place", &stand, &"--at", &"500", &"--lift", &"FL=40", &"-o", &waved,
    ]));
    assert!(
        said.contains("shifted the weight first")
            && said.contains("at 240 ms, and kept there until the paw is down again at 752 ms"),
        "{said}"
    );
    let said = ok(&run(&[&"stage", &held, &"--json"]));
    let report: serde_json::Value = serde_json::from_str(&said).unwrap();
    for k in 0..2 {
        let paws = paws_of(&held, k);
        assert!((paws["FL"][2] - 72.5).abs() < 0.3, "{paws:?}");
        for leg in ["FR", "BL", "BR"] {
            assert!((paws[leg][2] - 12.5).abs() < 0.3, "{leg}: {paws:?}");
        }
        let row = &report["keyframes"][k];
        assert_eq!(
            row["contacts"],
            serde_json::json!(["BL paw", "FR paw", "BR paw"]),
            "{row}"
        );
        assert!(row["margin_mm"].as_f64().unwrap() >= 14.9, "{row}");
    }
    // Between keyframes, a keyframe is inserted on the 16 ms frame and the notes say so;
    // the body keys set only what they name.
    let raised = dir.join("raised.mtn");
    let said = ok(&run(&[
        &"place",
        &stand,
        &"--at",
        &"300",
        &"--body",
        &"height=130",
        &"-o",
        &raised,
    ]));
    assert!(said.contains("inserted keyframe 1 at 288 ms"), "{said}");
    assert!(said.contains("mm down"), "{said}");
    let report: serde_json::Value =
        serde_json::from_str(&ok(&run(&[&"stage", &raised, &"--json"]))).unwrap();
    let row = &report["keyframes"][1];
    assert!(
        (row["height_mm"].as_f64().unwrap() - 130.0).abs() < 0.5,
        "{row}"
    );
    let paws = paws_of(&raised, 1);
    let before = paws_of(&stand, 0);
    for leg in ["FL", "FR", "BL", "BR"] {
        for axis in 0..3 {
            assert!(
                (paws[leg][axis] - before[leg][axis]).abs() < 0.5,
                "{leg}: {paws:?}"
            );
        }
    }
}

#[test]
fn place_out_of_reach_exits_1_saying_by_how_much_and_writes_nothing() {
    let dir = common::scratch_dir("cli_floor", "place-far");
    let stand = dir.join("stand.mtn");
    ok(&run(&[&"new", &"--model", &"DRX-1000", &"-o", &stand]));
    let out = dir.join("far.mtn");
    let output = run(&[
        &"place",
        &stand,
        &"--at",
        &"0",
        &"--paw",
        &"FR=400,-60,20",
        &"-o",
        &out,
    ]);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stderr);
    assert!(
        said.contains("stand.mtn: cannot place at 0 ms, nothing written: the FR paw stops")
            && said.contains("mm short"),
        "{said}"
    );
    assert!(!out.exists());
    for (args, says) in [
        (vec!["--paw", "XX=1,2,3"], "\"XX\" is no leg"),
        (vec!["--lift", "FL=high"], "is not a number"),
        (vec!["--body", "tilt=3"], "\"tilt\" is not one of"),
        (vec!["--lift", "FL=10", "--lift", "FL=20"], "named twice"),
    ] {
        let mut all: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"place", &stand, &"--at", &"0"];
        for a in &args {
            all.push(a);
        }
        all.extend([&"-o" as &dyn AsRef<std::ffi::OsStr>, &out]);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(
            text(&output.stderr).contains(says),
            "{args:?}: {}",
            text(&output.stderr)
        );
        assert!(!out.exists());
    }
}
