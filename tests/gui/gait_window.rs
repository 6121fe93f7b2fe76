//! A StickyBot gait file in the window, driven as a user would: open it, type a servo limit
//! and a stance number, undo, redo, save, and read the file back.

use crate::common;
use common::ui::set_number;

use common::ui::{ctrl, ctrl_shift, harness, said};
use egui::Key;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::{Action, StudioApp};
use mtn_studio::codec::gait::{self, Body};

fn read_back(path: &std::path::Path) -> gait::Gait {
    gait::decode(&std::fs::read(path).unwrap()).unwrap().gait
}

fn servo_upper_0(gait: &gait::Gait) -> u8 {
    let Body::ServoConfig { upper, .. } = &gait.sections[0].body else {
        panic!("a servo table: {:?}", gait.sections[0].body);
    };
    upper[0]
}

fn kg_0(gait: &gait::Gait) -> f64 {
    let Body::Stance { kg, .. } = &gait.sections[2].body else {
        panic!("a stance controller: {:?}", gait.sections[2].body);
    };
    kg[0].value()
}

fn title(harness: &egui_kittest::Harness<'_, StudioApp>) -> String {
    harness
        .state()
        .tabs
        .active()
        .map(mtn_studio::app::tabs::Tab::title)
        .unwrap_or_default()
}

#[test]
fn a_servo_limit_and_a_stance_number_edited_undone_redone_and_saved() {
    let dir = common::scratch_dir("gait-window", "edit");
    let path = dir.join("robot.gait");
    std::fs::write(&path, mtn_studio::example::EXAMPLE_GAIT).unwrap();
    let mut app = StudioApp::empty();
    app.push(Action::Open(path.clone()));
    let mut harness = harness(app);
    harness.run();
    assert_eq!(title(&harness), "robot.gait");
    assert!(
        harness
            .query_by_label_contains("is the identity within the 8.8 rounding")
            .is_some(),
        "the inverse check is shown"
    );

    set_number(&mut harness, "servo 0 upper", "210");
    set_number(&mut harness, "KG 0", "0.75");
    assert_eq!(title(&harness), "robot.gait \u{2022}", "{}", said(&harness));
    let edited = harness.state().tabs.active().unwrap().title();
    assert!(edited.ends_with('\u{2022}'));

    ctrl(&mut harness, Key::Z);
    assert!(said(&harness).contains("Undid KG"), "{}", said(&harness));
    ctrl_shift(&mut harness, Key::Z);
    assert!(said(&harness).contains("Redid KG"), "{}", said(&harness));
    ctrl(&mut harness, Key::S);
    assert!(said(&harness).contains("Saved"), "{}", said(&harness));
    assert_eq!(title(&harness), "robot.gait");

    let saved = read_back(&path);
    assert_eq!(servo_upper_0(&saved), 210);
    assert_eq!(kg_0(&saved), 0.75);
    // Nothing else moved: the file differs from the example in those two values' bytes.
    let before = mtn_studio::example::EXAMPLE_GAIT;
    let after = std::fs::read(&path).unwrap();
    assert_eq!(after.len(), before.len());
    let differing = before.iter().zip(&after).filter(|(a, b)| a != b).count();
    assert_eq!(
        differing, 2,
        "one byte of the limit, one of the number's low byte"
    );
}

#[test]
fn repair_adds_the_count_byte_and_the_save_keeps_it() {
    let dir = common::scratch_dir("gait-window", "repair");
    let path = dir.join("robot.gait");
    // The robot's layout: no count byte, a servo table right after the one-entry TOC.
    let mut bytes = vec![
        0, 0, 0x30, 3, 0, 4, 100, 101, 102, 103, 200, 200, 200, 200, 10, 10, 10, 10,
    ];
    let len = u16::try_from(bytes.len()).unwrap();
    bytes[..2].copy_from_slice(&len.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let mut app = StudioApp::empty();
    app.push(Action::Open(path.clone()));
    let mut harness = harness(app);
    harness.run();
    assert!(
        harness
            .query_by_label_contains("has no count byte")
            .is_some(),
        "the note is shown with its byte"
    );
    harness.get_by_label("Repair").click();
    harness.run();
    assert!(
        said(&harness).contains("added the TOC's count byte"),
        "{}",
        said(&harness)
    );
    assert_eq!(title(&harness), "robot.gait \u{2022}");
    ctrl(&mut harness, Key::S);
    let saved = gait::decode(&std::fs::read(&path).unwrap()).unwrap();
    assert!(saved.gait.toc_count_byte);
    assert!(saved.problems.is_empty(), "{:?}", saved.problems);
    assert_eq!(std::fs::read(&path).unwrap().len(), bytes.len() + 1);
}

#[test]
fn a_motion_command_in_a_gait_or_archive_tab_says_which_tabs_take_it() {
    let dir = common::scratch_dir("gait-window", "not-taken");
    let gait_path = dir.join("robot.gait");
    std::fs::write(&gait_path, mtn_studio::example::EXAMPLE_GAIT).unwrap();
    let mut archive = mtn_studio::codec::oda::Archive::default();
    archive
        .add(
            mtn_studio::codec::oda::Entry::new(
                mtn_studio::codec::oda::EntryKind::Motion,
                "a_stand#stand_so0",
                mtn_studio::example::EXAMPLE_MTN.to_vec(),
            )
            .unwrap(),
        )
        .unwrap();
    let archive_path = dir.join("MOTION.ODA");
    std::fs::write(&archive_path, archive.write().unwrap()).unwrap();
    let mut app = StudioApp::empty();
    app.push(Action::Open(gait_path.clone()));
    let mut harness = harness(app);
    harness.run();

    // Mirror (Ctrl+M) is a motion's: the gait file's tab says so and nothing changes.
    ctrl(&mut harness, Key::M);
    assert!(
        said(&harness)
            .contains("Mirror Left/Right: a command of a motion's tab, not of a gait file's tab"),
        "{}",
        said(&harness)
    );
    assert_eq!(title(&harness), "robot.gait");
    assert_eq!(
        std::fs::read(&gait_path).unwrap(),
        mtn_studio::example::EXAMPLE_GAIT
    );

    // Undo is a motion's and a gait file's, not an archive browser's.
    harness.state_mut().push(Action::Open(archive_path.clone()));
    harness.run();
    assert_eq!(title(&harness), "MOTION.ODA");
    ctrl(&mut harness, Key::Z);
    assert!(
        said(&harness).contains(
            "Undo: a command of a motion's or a gait file's tab, not of an archive's browser"
        ),
        "{}",
        said(&harness)
    );
    let _ = std::fs::remove_dir_all(dir);
}
