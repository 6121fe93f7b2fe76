//! The Motion menu in the window, driven as a user would: each entry changes the motion as
//! the library's operation does, is one undo step (undone and redone exactly), marks the
//! motion unsaved so closing asks; a time range selected on the strip above the timeline is
//! cut with Ctrl+X and pasted into another open motion with Ctrl+V (sent as egui-winit
//! sends them), and both files are saved and read back.

use crate::common;
use common::ui::set_number;

use common::ui::{
    Desktop, ctrl, ctrl_shift, doc, menu, opened, press, select_range, shortcut, shows, tab,
};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::ops;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("motion_menu", name)
}

fn file(dir: &Path, name: &str, motion: &Motion) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, mtn::encode(motion).unwrap()).unwrap();
    path
}

fn example() -> Motion {
    mtn_studio::example::stand_to_sit()
}

/// Opens a drop-down by its label and picks an option.
fn choose(harness: &mut Harness<'_, StudioApp>, label: &str, option: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness
        .query_all_by_label(option)
        .last()
        .unwrap_or_else(|| panic!("no option {option} in {label}"))
        .click();
    harness.run();
}

/// The promise of every Motion menu entry: the motion is what the library makes of it,
/// it is unsaved, one Undo gives the original back exactly and Redo the result again, and
/// closing the tab asks.
fn assert_one_step(
    harness: &mut Harness<'_, StudioApp>,
    what: &str,
    before: &Motion,
    expected: &Motion,
) {
    assert_eq!(&doc(harness).motion, expected, "{what}: the result");
    assert!(doc(harness).is_dirty(), "{what}: no unsaved mark");
    ctrl(harness, Key::Z);
    assert_eq!(&doc(harness).motion, before, "{what}: one undo step");
    ctrl_shift(harness, Key::Z);
    assert_eq!(&doc(harness).motion, expected, "{what}: redo");
    ctrl(harness, Key::W);
    assert!(
        shows(harness, "Save your changes?"),
        "{what}: closing did not ask"
    );
    press(harness, "Cancel");
}

#[test]
fn every_motion_menu_entry_is_one_undo_step_and_marks_the_motion_unsaved() {
    let dir = scratch("entries");
    let before = example();
    let path = file(&dir, "m.mtn", &before);

    // Mirrored, a motion whose sides differ (the example's do not: see the next test).
    let uneven = uneven(&before);
    let uneven_path = file(&dir, "uneven.mtn", &uneven);
    let mut h = opened(&[&uneven_path]);
    menu(&mut h, "Motion", "Mirror Left/Right");
    assert_one_step(
        &mut h,
        "mirror",
        &uneven,
        &ops::mirror::mirror(&uneven).unwrap().motion,
    );

    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Reverse");
    assert_one_step(
        &mut h,
        "reverse",
        &before,
        &ops::reverse::reverse(&before).unwrap().motion,
    );
    assert_eq!(doc(&h).motion.name, "a_sit#stand_example");

    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Retime…");
    assert!(shows(
        &h,
        "Result: 1248 ms, 4 keyframes · 0 errors, 0 warnings"
    ));
    set_number(&mut h, "Length", "2000");
    assert!(shows(
        &h,
        "Result: 2000 ms, 4 keyframes · 0 errors, 0 warnings"
    ));
    press(&mut h, "Apply");
    let retimed = ops::retime::retime(&before, ops::retime::Target::DurationMs(2000)).unwrap();
    assert_one_step(&mut h, "retime", &before, &retimed.motion);

    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Start and End Postures…");
    choose(&mut h, "Start in", "sleep");
    assert!(
        h.query_by_label_contains("added a sleep keyframe at the start")
            .is_some()
    );
    press(&mut h, "Apply");
    let posed = ops::posture::pose(&before, Some("sleep"), Some("sit"), Some(480)).unwrap();
    assert_one_step(&mut h, "postures", &before, &posed.motion);
    assert_eq!(doc(&h).motion.name, "a_sleep#sit_example");

    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Convert to Another Model…");
    press(&mut h, "Apply");
    let converted = ops::retarget::retarget(&before, "DRX-900", true).unwrap();
    assert_one_step(&mut h, "convert", &before, &converted.motion);
    // The joint list follows the motion through undo and redo.
    assert_eq!(tab(&h).view.visible.len(), 20);
    assert!(
        h.query_all_by_label("HEAD_ROLL").next().is_some(),
        "the ERS-210's joints are listed"
    );

    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Insert Time at Playhead…");
    set_number(&mut h, "Insert", "320");
    press(&mut h, "Apply");
    let longer = ops::range::insert_time(&before, 0, 320).unwrap();
    assert_one_step(&mut h, "insert time", &before, &longer.motion);

    // A file whose frame-rate field says 32 ms: Retime to Robot Frames keeps its timing.
    let mut slow = before.clone();
    slow.frame_rate = 32;
    let slow_path = file(&dir, "slow.mtn", &slow);
    let mut h = opened(&[&slow_path]);
    menu(&mut h, "Motion", "Retime to Robot Frames (16 ms)");
    let fixed = ops::retime::to_robot_rate(&slow).unwrap();
    assert_one_step(&mut h, "robot rate", &slow, &fixed.motion);
    assert_eq!(doc(&h).motion.frame_rate, 16);

    // Append: another open motion, joined where it does not meet by the transition.
    let other = ops::reverse::reverse(&before).unwrap().motion;
    let other_path = file(&dir, "back.mtn", &other);
    let mut h = opened(&[&path, &other_path]);
    h.get_by_label("Tab m.mtn").click();
    h.run();
    menu(&mut h, "Motion", "Append Motion…");
    choose(&mut h, "Append", "back.mtn");
    press(&mut h, "Apply");
    let joined = ops::concat::concat(&[&before, &other], &["a", "b"], Some(480)).unwrap();
    assert_one_step(&mut h, "append", &before, &joined.motion);
}

/// The motion with its front left knee bent further at keyframe 1 than the right one.
fn uneven(motion: &Motion) -> Motion {
    let mut uneven = motion.clone();
    let knee = uneven
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&uneven.design, l) == "FL_LEG_KNEE")
        .unwrap();
    assert!(uneven.keyframes.set_angle(1, knee, 500_000));
    uneven
}

#[test]
fn an_operation_that_changes_nothing_leaves_no_step() {
    let dir = scratch("no-change");
    let before = example();
    assert_eq!(
        ops::mirror::mirror(&before).unwrap().motion,
        before,
        "symmetric"
    );
    let path = file(&dir, "m.mtn", &before);
    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Mirror Left/Right");
    assert_eq!(doc(&h).motion, before);
    assert!(!doc(&h).is_dirty(), "no unsaved mark");
    assert_eq!(doc(&h).history().undo_depth(), 0, "no undo step");
    assert!(
        common::ui::said(&h).contains("Nothing to mirror"),
        "{}",
        common::ui::said(&h)
    );
}

#[test]
fn a_refused_operation_says_why_and_changes_nothing() {
    let dir = scratch("refused");
    let mut broken = example();
    broken.locators[0] = "PRM:/r9/c9-Joint2:99".to_owned();
    let path = file(&dir, "odd.mtn", &broken);
    let mut h = opened(&[&path]);
    let before = doc(&h).motion.clone();
    menu(&mut h, "Motion", "Mirror Left/Right");
    assert!(shows(&h, "Cannot mirror"), "a dialog says why");
    assert!(
        h.query_all_by_label_contains("PRM:/r9/c9-Joint2:99")
            .next()
            .is_some()
    );
    press(&mut h, "OK");
    assert_eq!(doc(&h).motion, before);
    assert!(!doc(&h).is_dirty());
}

#[test]
fn a_range_is_cut_from_one_motion_and_pasted_into_another() {
    let dir = scratch("range");
    let a = example();
    let b = ops::mirror::mirror(&example()).unwrap().motion;
    let a_path = file(&dir, "a.mtn", &a);
    let b_path = file(&dir, "b.mtn", &b);
    let mut h = opened(&[&a_path, &b_path]);
    h.get_by_label("Tab a.mtn").click();
    h.run();
    // Keyframes 1 (256 ms) and 2 (752 ms).
    select_range(&mut h, 200.0, 800.0);
    assert_eq!(
        tab(&h).view.range_keyframes(doc(&h).times_ms()),
        Some((1, 2))
    );
    let mut desktop = Desktop::default();
    desktop.cut(&mut h);
    let clip = ops::range::copy(&a, 1, 2).unwrap();
    let cut = ops::range::delete(&a, 1, 2).unwrap().motion;
    assert_eq!(doc(&h).motion, cut, "the range is gone");
    assert_eq!(doc(&h).history().undo_label(), Some("range cut"));
    assert!(
        desktop
            .clipboard
            .as_deref()
            .is_some_and(|t| t.starts_with("mtn-studio keyframes"))
    );
    // Into the other motion, after its last keyframe (the playhead at the end).
    h.get_by_label_contains("Tab b.mtn").click();
    h.run();
    h.key_press(Key::End);
    h.run();
    desktop.paste(&mut h);
    let pasted = ops::range::paste(&b, &clip, 3).unwrap().motion;
    assert_eq!(doc(&h).motion, pasted);
    assert_eq!(doc(&h).motion.keyframes.len(), 6);
    // The pasted keyframes are the range now.
    assert_eq!(
        tab(&h).view.range_keyframes(doc(&h).times_ms()),
        Some((4, 5))
    );
    // One undo step each; then both saved and read back.
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, b);
    ctrl_shift(&mut h, Key::Z);
    // Pasted after the sit, the stand comes a little too fast for the servos, which lag
    // under 3° and catch up: notes, which saving does not ask about.
    let speed = |h: &Harness<'_, StudioApp>| -> Vec<mtn_studio::codec::Severity> {
        doc(h)
            .problems()
            .iter()
            .filter(|p| p.code == mtn_studio::robot::codes::JOINT_SPEED)
            .map(|p| p.severity)
            .collect()
    };
    assert!(
        !speed(&h).is_empty()
            && speed(&h)
                .iter()
                .all(|s| *s == mtn_studio::codec::Severity::Info)
    );
    ctrl(&mut h, Key::S);
    assert!(!doc(&h).is_dirty(), "{:?}", h.state().modal);
    h.get_by_label_contains("Tab a.mtn").click();
    h.run();
    // The cut one has no warning of the joints either: saved without a question.
    assert!(
        speed(&h)
            .iter()
            .all(|s| *s == mtn_studio::codec::Severity::Info)
    );
    ctrl(&mut h, Key::S);
    assert!(!doc(&h).is_dirty(), "{:?}", h.state().modal);
    let read = |p: &Path| mtn::decode(&std::fs::read(p).unwrap()).unwrap().motion;
    assert_eq!(read(&a_path), cut);
    assert_eq!(read(&b_path), pasted);
}

#[test]
fn range_operations_work_on_the_range_only() {
    let dir = scratch("range_ops");
    let a = example();
    let path = file(&dir, "a.mtn", &a);
    let mut h = opened(&[&path]);
    select_range(&mut h, 200.0, 1300.0);
    assert_eq!(
        tab(&h).view.range_keyframes(doc(&h).times_ms()),
        Some((1, 3))
    );
    menu(&mut h, "Motion", "Mirror Left/Right (Range)");
    let mirrored = ops::mirror::mirror_range(&a, 1, 3).unwrap().motion;
    assert_eq!(doc(&h).motion, mirrored);
    menu(&mut h, "Motion", "Reverse (Range)");
    let reversed = ops::reverse::reverse_range(&mirrored, 1, 3).unwrap().motion;
    assert_eq!(doc(&h).motion, reversed);
    assert_eq!(
        doc(&h).motion.name,
        a.name,
        "a range's reverse keeps the name"
    );
    menu(&mut h, "Motion", "Retime… (Range)");
    set_number(&mut h, "Length", "1600");
    press(&mut h, "Apply");
    let retimed = ops::retime::retime_range(&reversed, 1, 3, ops::retime::Target::DurationMs(1600))
        .unwrap()
        .motion;
    assert_eq!(doc(&h).motion, retimed);
    assert_eq!(doc(&h).times_ms()[3] - doc(&h).times_ms()[1], 1600);
    // Shift+Delete deletes the range's keyframes (the first stays: the range starts at 1).
    shortcut(&mut h, Modifiers::SHIFT, Key::Delete);
    assert_eq!(doc(&h).motion.keyframes.len(), 1);
    for _ in 0..4 {
        ctrl(&mut h, Key::Z);
    }
    assert_eq!(doc(&h).motion, a, "four operations, four undo steps");
}

#[test]
fn a_file_frame_rate_other_than_16_is_shown_and_played_as_the_field_says_when_asked() {
    let dir = scratch("rate");
    let mut slow = example();
    slow.frame_rate = 32;
    let path = file(&dir, "slow.mtn", &slow);
    let mut h = opened(&[&path]);
    // On by default for such a file, saying what the robot does.
    assert!(tab(&h).view.follow_file_rate);
    assert!(
        h.query_by_label_contains("/ 2496 ms").is_some(),
        "twice the robot's 1248 ms"
    );
    assert!(shows(
        &h,
        "timing as the file says; the robot plays 16 ms frames"
    ));
    // Playing: the playhead (robot time) moves at half the pace. (The harness's frames are
    // 250 ms apart, and playback keeps that clock: under a second of it, within the motion.)
    let played = |h: &mut Harness<'_, StudioApp>| {
        h.key_press(Key::Space);
        for _ in 0..2 {
            h.step();
        }
        let at = tab(h).playback.time_ms();
        // Home stops and goes back to the start.
        h.key_press(Key::Home);
        h.step();
        h.run();
        at
    };
    let following = played(&mut h);
    h.get_by_label("File's 32 ms frames").click();
    h.run();
    assert!(!tab(&h).view.follow_file_rate);
    assert!(h.query_by_label_contains("/ 1248 ms").is_some());
    let robot = played(&mut h);
    assert!(
        following > 0 && robot > 0 && robot < 1248,
        "{following} {robot}"
    );
    let ratio = following as f64 / robot as f64;
    assert!(
        (ratio - 0.5).abs() < 0.1,
        "{following} ms against {robot} ms"
    );
    // The View menu has the same toggle.
    menu(
        &mut h,
        "View",
        "Timing at the File's Frame Rate (32 ms; the robot plays 16)",
    );
    assert!(tab(&h).view.follow_file_rate);
    // A file at 16 ms has no such toggle.
    let plain = file(&dir, "plain.mtn", &example());
    let h = opened(&[&plain]);
    assert!(h.query_by_label_contains("ms frames").is_none());
}

#[test]
fn converting_a_long_motion_with_the_paws_kept_runs_in_the_background() {
    let dir = scratch("background");
    // 401 keyframes: the stand, each leg a little forward or back in turn (poses the
    // ERS-210's legs reach: the test is of the background, not of the solver's search).
    let example = example();
    let stand = example.keyframes.to_vec()[0].clone();
    let mut long = example.clone();
    for k in 0..400_i32 {
        let mut row = stand.angles_urad.clone();
        for j in [6, 9, 12, 15] {
            row[j] += (k % 7 - 3) * 20_000;
        }
        long.keyframes.push(10, stand.body_urad, &row).unwrap();
    }
    let path = file(&dir, "long.mtn", &long);
    let mut h = opened(&[&path]);
    let before = doc(&h).motion.clone();
    h.get_by_label("Motion").click();
    h.run();
    h.get_by_label("Convert to Another Model…").click();
    // The window keeps repainting while it works: step frame by frame.
    for _ in 0..3 {
        h.step();
    }
    // The preview is worked out in the background (the dialog says so until it comes); the
    // window keeps drawing meanwhile.
    assert!(
        h.query_by_label_contains("Working out the result")
            .is_some()
            || h.query_by_label_contains("Result:").is_some(),
        "{:?} / {}",
        h.state().modal,
        common::ui::said(&h)
    );
    let waited = std::time::Instant::now();
    while h.query_by_label_contains("Result:").is_none() {
        assert!(waited.elapsed().as_secs() < 120, "the preview never came");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    press(&mut h, "Apply");
    while doc(&h).motion.design != "DRX-900" {
        assert!(
            waited.elapsed().as_secs() < 40,
            "the conversion never came: {:?} / {}",
            h.state().modal,
            common::ui::said(&h)
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    let expected = ops::retarget::retarget(&before, "DRX-900", true).unwrap();
    assert_one_step(&mut h, "background convert", &before, &expected.motion);
}

#[test]
fn retime_from_the_keyboard_alone() {
    // Ctrl+T opens Retime with its length ready for typing; Enter applies it.
    let dir = scratch("keyboard");
    let before = example();
    let path = file(&dir, "m.mtn", &before);
    let mut h = opened(&[&path]);
    ctrl(&mut h, Key::T);
    shortcut(&mut h, Modifiers::COMMAND, Key::A);
    common::ui::type_keys(&mut h, "2000");
    h.key_press(Key::Enter);
    // The field commits the typed value a frame or two after Enter; the dialog waits for it.
    h.run_steps(8);
    assert!(
        h.state().modal.is_none(),
        "Enter applied and closed the dialog"
    );
    let retimed = ops::retime::retime(&before, ops::retime::Target::DurationMs(2000)).unwrap();
    assert_one_step(&mut h, "retime by keyboard", &before, &retimed.motion);
}
