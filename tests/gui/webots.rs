//! Webots from the window: File > Export for Webots… (and its shortcut) suggests a `.motion`
//! beside the motion's file, writes the robot's tick stream and a Webots project, and writes
//! over existing files only after saying so; a
//! `.motion` opened goes to the Import window and comes in as an ERS-7 motion.

use crate::common;

use common::ui::{ctrl_shift, doc, opened, press, said, type_into};
use egui::Key;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::Modal;
use mtn_studio::codec::mtn;
use mtn_studio::robot::timing;

#[test]
fn export_for_webots_writes_the_tick_stream_and_a_project_beside_the_motion() {
    let dir = common::scratch_dir("ui-webots", "export");
    let path = dir.join("stand to sit.mtn");
    let motion = mtn_studio::example::stand_to_sit();
    std::fs::write(&path, mtn::encode(&motion).unwrap()).unwrap();
    let mut harness = opened(&[&path]);
    ctrl_shift(&mut harness, Key::E);
    let suggested = match &harness.state().modal {
        Some(Modal::Export(_, prompt)) => prompt.path.clone(),
        other => panic!("no Export window: {other:?}"),
    };
    assert_eq!(
        suggested,
        dir.join("stand to sit.motion").display().to_string()
    );
    assert!(harness.query_by_label("Export for Webots").is_some());
    harness
        .get_by_label_contains("One pose per 8 ms tick")
        .click();
    harness.run();
    let project = dir.join("webots");
    type_into(
        &mut harness,
        "Webots project folder (optional)",
        &project.display().to_string(),
    );
    press(&mut harness, "Export");
    assert!(harness.state().modal.is_none(), "{}", said(&harness));
    let log = said(&harness);
    assert!(
        log.contains("Exported") && log.contains("in Webots and press play"),
        "{log}"
    );

    let text = std::fs::read_to_string(dir.join("stand to sit.motion")).unwrap();
    let read = mtn_studio::codec::webots::read(&text).unwrap();
    assert_eq!(read.joints, motion.locators);
    assert_eq!(
        read.poses.len() as u64,
        timing::tick_count(&motion.keyframes) + 1,
        "one pose per tick, then the last keyframe"
    );
    // Again: nothing is written over without the window saying so first.
    std::fs::write(dir.join("stand to sit.motion"), "mine").unwrap();
    ctrl_shift(&mut harness, Key::E);
    type_into(
        &mut harness,
        "Webots project folder (optional)",
        &project.display().to_string(),
    );
    press(&mut harness, "Export");
    assert!(
        said(&harness).contains("already exist"),
        "{}",
        said(&harness)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("stand to sit.motion")).unwrap(),
        "mine"
    );
    press(&mut harness, "Replace");
    assert!(harness.state().modal.is_none(), "{}", said(&harness));
    // One pose per keyframe this time (the window opened with its defaults).
    let text = std::fs::read_to_string(dir.join("stand to sit.motion")).unwrap();
    assert!(text.starts_with("#WEBOTS_MOTION,V1.0,"));
    assert_eq!(text.lines().count(), 1 + motion.keyframes.len(), "{text}");
    let world = project.join("worlds/stand_to_sit.wbt");
    assert!(world.is_file(), "{}", world.display());
    assert_eq!(
        std::fs::read_to_string(project.join("motions/stand to sit.motion")).unwrap(),
        text
    );
    assert!(
        project
            .join("controllers/mtn_studio_player/mtn_studio_player.py")
            .is_file()
    );

    // The .motion opened: the Import window, and an ERS-7 motion of the same length.
    let mut harness = opened(&[&dir.join("stand to sit.motion")]);
    assert!(
        matches!(harness.state().modal, Some(Modal::Import(_))),
        "{}",
        said(&harness)
    );
    press(&mut harness, "Import");
    assert!(harness.state().modal.is_none(), "{}", said(&harness));
    let imported = &doc(&harness).motion;
    assert_eq!(imported.locators, motion.locators);
    let (a, b) = (
        timing::duration_ms(&motion.keyframes),
        timing::duration_ms(&imported.keyframes),
    );
    assert_eq!(a, b, "as long as the motion exported");
    let _ = std::fs::remove_dir_all(&dir);
}
