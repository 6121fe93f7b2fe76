//! Editing values as an animator does: a joint's curve copied onto another joint from the
//! joints list's context menu; a value typed into one of several selected cells sets them
//! all; a keyframe dragged with Ctrl held snaps to its neighbour's value.

use crate::common;
use common::ui::{ctrl, doc, opened, point_on_screen, set_number, show_only_knee};
use egui::accesskit::Role;
use egui::{Event, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::motion::view::Channel;
use mtn_studio::codec::mtn::{self, Motion};
use std::path::PathBuf;

fn file(name: &str, motion: &Motion) -> PathBuf {
    let dir = common::scratch_dir("gui_values", name);
    let path = dir.join(format!("{name}.mtn"));
    std::fs::write(&path, mtn::encode(motion).unwrap()).unwrap();
    path
}

fn column(motion: &Motion, name: &str) -> usize {
    motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == name)
        .unwrap()
}

/// Right-clicks a joint in the joints list and picks an entry of its menu.
fn joint_menu(h: &mut Harness<'_, StudioApp>, joint: &str, entry: &str) {
    h.get_by_role_and_label(Role::CheckBox, joint)
        .scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, joint)
        .click_secondary();
    h.run();
    h.get_by_label(entry).click();
    h.run();
}

#[test]
fn a_knee_curve_is_copied_onto_the_other_knee() {
    // The example's front knees differ: the right one is mirrored to something else.
    let mut before = mtn_studio::example::stand_to_sit();
    let (fl, fr) = (
        column(&before, "FL_LEG_KNEE"),
        column(&before, "FR_LEG_KNEE"),
    );
    for k in 0..before.keyframes.len() {
        before.keyframes.set_angle(k, fr, 100_000 * k as i32);
    }
    let path = file("curve", &before);
    let mut h = opened(&[&path]);
    joint_menu(&mut h, "FL_LEG_KNEE", "Copy FL_LEG_KNEE's Curve");
    joint_menu(&mut h, "FR_LEG_KNEE", "Paste FL_LEG_KNEE's Curve Here");
    let keyframes = &doc(&h).motion.keyframes;
    for k in 0..keyframes.len() {
        assert_eq!(
            keyframes.angle(k, fr),
            before.keyframes.angle(k, fl),
            "keyframe {k}"
        );
    }
    // Nothing else changed; one undo step.
    let mut expected = before.clone();
    for k in 0..keyframes.len() {
        expected
            .keyframes
            .set_angle(k, fr, before.keyframes.angle(k, fl).unwrap());
    }
    assert_eq!(doc(&h).motion, expected);
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(doc(&h).motion, before);
}

#[test]
fn a_curve_pasted_onto_a_joint_of_smaller_range_is_held_within_it() {
    // HEAD_PITCH (-75° to 0°) pasted with the FL knee's curve (30° to 110°): every value
    // past 0° is held at 0°, and the status line says how many.
    let before = mtn_studio::example::stand_to_sit();
    let (knee, tilt) = (
        column(&before, "FL_LEG_KNEE"),
        column(&before, "HEAD_PITCH"),
    );
    let path = file("curve-held", &before);
    let mut h = opened(&[&path]);
    joint_menu(&mut h, "FL_LEG_KNEE", "Copy FL_LEG_KNEE's Curve");
    joint_menu(&mut h, "HEAD_PITCH", "Paste FL_LEG_KNEE's Curve Here");
    let keyframes = &doc(&h).motion.keyframes;
    for k in 0..keyframes.len() {
        let wanted = before.keyframes.angle(k, knee).unwrap().clamp(
            mtn_studio::robot::deg_to_urad(-75.0),
            mtn_studio::robot::deg_to_urad(0.0),
        );
        assert_eq!(keyframes.angle(k, tilt), Some(wanted), "keyframe {k}");
    }
    let said = common::ui::said(&h);
    assert!(
        said.contains("held within HEAD_PITCH's range (-75° to 0°)"),
        "{said}"
    );
    assert!(
        !doc(&h)
            .problems()
            .iter()
            .any(|p| p.code == mtn_studio::robot::codes::JOINT_LIMIT),
        "nothing past a limit"
    );
}

#[test]
fn a_value_typed_into_one_of_several_selected_rows_sets_them_all() {
    let before = mtn_studio::example::stand_to_sit();
    let path = file("rows", &before);
    let mut h = opened(&[&path]);
    h.get_by_label("Keyframe 1").click();
    h.run();
    // Shift-click the next row, as a person does.
    let at = h.get_by_label("Keyframe 2").rect().center();
    common::ui::click_with(&mut h, at, Modifiers::SHIFT);
    h.run();
    assert_eq!(
        common::ui::tab(&h)
            .view
            .selected_keyframes
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        vec![1, 2]
    );
    set_number(&mut h, "HEAD_PITCH keyframe 1", "-35");
    let head = column(&before, "HEAD_PITCH");
    let minus_35 = mtn_studio::robot::joints::deg_to_urad(-35.0);
    let keyframes = &doc(&h).motion.keyframes;
    assert_eq!(keyframes.angle(1, head), Some(minus_35));
    assert_eq!(
        keyframes.angle(2, head),
        Some(minus_35),
        "the other selected row too"
    );
    assert_eq!(keyframes.angle(3, head), before.keyframes.angle(3, head));
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(doc(&h).motion, before, "one undo step");
}

#[test]
fn a_keyframe_dragged_with_ctrl_snaps_to_its_neighbours_value() {
    let before = mtn_studio::example::stand_to_sit();
    let path = file("snap", &before);
    let mut h = opened(&[&path]);
    show_only_knee(&mut h);
    let knee = Channel::Joint(column(&before, "FL_LEG_KNEE"));
    let from = point_on_screen(&h, 2, knee);
    let neighbour = point_on_screen(&h, 1, knee);
    // Up to 4 points short of the neighbour's value, Ctrl held.
    let to = egui::pos2(from.x, neighbour.y + 4.0);
    h.input_mut()
        .events
        .push(Event::ModifiersChanged(Modifiers::COMMAND));
    h.run();
    common::ui::drag(&mut h, from, to);
    h.input_mut()
        .events
        .push(Event::ModifiersChanged(Modifiers::NONE));
    h.run();
    let Channel::Joint(j) = knee else {
        unreachable!()
    };
    assert_eq!(
        doc(&h).motion.keyframes.angle(2, j),
        before.keyframes.angle(1, j),
        "snapped to keyframe 1's value exactly"
    );
    // Without Ctrl the same drag does not land exactly on it.
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(doc(&h).motion, before);
    common::ui::drag(&mut h, from, to);
    assert_ne!(
        doc(&h).motion.keyframes.angle(2, j),
        before.keyframes.angle(1, j)
    );
}

/// An animator's review: 12 typed into a cell, Tab, then 30 typed made the next cell 25.003
/// (the 30 went after the 25.00 it held). A cell the keyboard reaches by Tab has its text
/// selected, as a spreadsheet's does: what is typed replaces it.
#[test]
fn tab_to_the_next_cell_and_what_is_typed_replaces_its_value() {
    let before = mtn_studio::example::stand_to_sit();
    let path = file("tab-replaces", &before);
    let mut h = opened(&[&path]);
    common::ui::start_typing(&mut h, "HEAD_YAW keyframe 1", "12");
    h.key_press(egui::Key::Tab);
    h.run();
    common::ui::type_keys(&mut h, "30");
    h.key_press(egui::Key::Tab);
    h.run();
    let keyframes = &doc(&h).motion.keyframes;
    let deg = |v: f64| Some(mtn_studio::robot::joints::deg_to_urad(v));
    assert_eq!(keyframes.angle(1, column(&before, "HEAD_YAW")), deg(12.0));
    assert_eq!(
        keyframes.angle(1, column(&before, "HEAD_PITCH2")),
        deg(30.0),
        "the next cell holds what was typed into it"
    );
}
