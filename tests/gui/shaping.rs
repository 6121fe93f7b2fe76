//! Shaping in the window, driven as a user would: a range shaped with each curve from the
//! Shape dialog (Ctrl+K), undone and shaped again (its keyframes replaced, not added to); a
//! custom shape's handles dragged on the timeline; a dense motion simplified; Fix Speed from
//! the Problems panel; values nudged with Alt+Up and Alt+Shift+Down as egui-winit sends them.
//! Each result is the library's own for the same request, and one undo step.

use crate::common;
use common::ui::{ctrl, doc, drag, menu, opened, press, select_range, shows, tab};
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::dialogs::Modal;
use mtn_studio::app::motion::ops::form::OpForm;
use mtn_studio::codec::mtn::{self, Keyframes, Motion};
use mtn_studio::ops::shape::{self, Curve, Handles, ShapeSpec};
use std::path::{Path, PathBuf};

fn file(name: &str, motion: &Motion) -> PathBuf {
    let dir = common::scratch_dir("gui_shaping", name);
    let path = dir.join(format!("{name}.mtn"));
    std::fs::write(&path, mtn::encode(motion).unwrap()).unwrap();
    path
}

fn example() -> Motion {
    mtn_studio::example::stand_to_sit()
}

/// Picks an option of the Shape dialog's drop-down.
fn choose_curve(h: &mut Harness<'_, StudioApp>, option: &str) {
    h.get_by_label("Curve").click();
    h.run();
    h.query_all_by_label(option)
        .last()
        .unwrap_or_else(|| panic!("no curve {option}"))
        .click();
    h.run();
}

/// Picks "One curve over the range" (the dialog offers "Ease each segment" first).
fn one_curve(h: &mut Harness<'_, StudioApp>) {
    h.get_by_role_and_label(
        egui::accesskit::Role::RadioButton,
        "One curve over the range",
    )
    .click();
    h.run();
}

fn spec(curve: Curve) -> ShapeSpec {
    ShapeSpec {
        curve,
        joints: None,
        tolerance_deg: shape::DEFAULT_TOLERANCE_DEG,
        each_segment: false,
    }
}

#[test]
fn a_range_shaped_with_each_curve_is_one_step_and_shaped_again_replaces_its_keyframes() {
    let before = example();
    let path = file("curves", &before);
    let mut h = opened(&[&path]);
    // Keyframes 1 (256 ms) to 3 (1,248 ms).
    select_range(&mut h, 200.0, 1300.0);
    assert_eq!(
        tab(&h).view.range_keyframes(doc(&h).times_ms()),
        Some((1, 3))
    );
    let curves = [
        ("Ease in (slow start)", Curve::EaseIn),
        ("Ease out (slow end)", Curve::EaseOut),
        ("Ease in-out (slow at both ends)", Curve::EaseInOut),
        ("Spline through the keyframes", Curve::Spline),
    ];
    for (option, curve) in curves {
        ctrl(&mut h, Key::K);
        assert!(shows(&h, "Curve"), "Ctrl+K opens the Shape dialog");
        choose_curve(&mut h, option);
        one_curve(&mut h);
        press(&mut h, "Apply");
        let expected = shape::shape(&before, 1, 3, &spec(curve)).unwrap().motion;
        assert_eq!(doc(&h).motion, expected, "{option}");
        assert!(doc(&h).is_dirty());
        // The range stays selected over the same times: shaping it again works on it.
        assert_eq!(
            tab(&h).view.range_ms,
            Some((256, 1248)),
            "{option}: the range after shaping"
        );
        ctrl(&mut h, Key::Z);
        assert_eq!(doc(&h).motion, before, "{option}: one undo step");
    }
    // Shaped, then shaped again without undoing: the second shape's keyframes replace the
    // first's (none is added to them).
    ctrl(&mut h, Key::K);
    choose_curve(&mut h, "Ease in (slow start)");
    one_curve(&mut h);
    press(&mut h, "Apply");
    ctrl(&mut h, Key::K);
    choose_curve(&mut h, "Ease out (slow end)");
    one_curve(&mut h);
    press(&mut h, "Apply");
    let again = shape::shape(&before, 1, 3, &spec(Curve::EaseOut))
        .unwrap()
        .motion;
    assert_eq!(
        doc(&h).motion,
        again,
        "reshaped: the same as shaping the original"
    );
    ctrl(&mut h, Key::Z);
    let first = shape::shape(&before, 1, 3, &spec(Curve::EaseIn))
        .unwrap()
        .motion;
    assert_eq!(doc(&h).motion, first);
}

#[test]
fn a_custom_shape_follows_its_handles_dragged_on_the_timeline() {
    let before = example();
    let path = file("handles", &before);
    let mut h = opened(&[&path]);
    select_range(&mut h, 200.0, 800.0);
    ctrl(&mut h, Key::K);
    choose_curve(&mut h, "Custom: drag the two handles on the timeline");
    let handle = h.get_by_label("Handle 1").rect().center();
    drag(&mut h, handle, handle + egui::vec2(0.0, -60.0));
    let Some(Modal::MotionOp(prompt)) = &h.state().modal else {
        panic!("the Shape dialog closed");
    };
    let OpForm::Shape { handles, .. } = prompt.form else {
        panic!("{:?}", prompt.form);
    };
    assert_ne!(handles, Handles::default(), "the drag moved the handle");
    assert!(
        handles.start[1].abs() > 0.05,
        "the first handle went up: {handles:?}"
    );
    assert_eq!(handles.end, Handles::default().end, "the other stayed");
    assert!(
        matches!(prompt.preview, Some(Ok(_))),
        "{:?}",
        prompt.preview
    );
    press(&mut h, "Apply");
    let expected = shape::shape(&before, 1, 2, &spec(Curve::Custom(handles)))
        .unwrap()
        .motion;
    assert_eq!(doc(&h).motion, expected);
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, before);
}

/// A motion recorded a frame apart: 250 keyframes of a slow wave.
fn dense() -> Motion {
    let mut motion = example();
    let joints = motion.keyframes.joint_count();
    let mut keyframes = Keyframes::new(joints);
    for k in 0..250 {
        let t = f64::from(k) * 0.016;
        let row: Vec<i32> = (0..joints)
            .map(|j| ((t * (1.0 + j as f64 * 0.1)).sin() * 300_000.0) as i32)
            .collect();
        keyframes.push(0, [0; 3], &row).unwrap();
    }
    motion.keyframes = keyframes;
    motion
}

#[test]
fn a_dense_motion_is_simplified_from_the_motion_menu() {
    let before = dense();
    let path = file("dense", &before);
    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Simplify…");
    assert!(shows(&h, "Tolerance"));
    press(&mut h, "Apply");
    let expected = shape::simplify(&before, None, shape::DEFAULT_TOLERANCE_DEG)
        .unwrap()
        .motion;
    assert_eq!(doc(&h).motion, expected);
    assert!(
        doc(&h).motion.keyframes.len() < 100,
        "{}",
        doc(&h).motion.keyframes.len()
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, before);
}

#[test]
fn ease_each_segment_from_the_shape_dialog_keeps_every_keyframe() {
    let before = example();
    let path = file("each-segment", &before);
    let mut h = opened(&[&path]);
    // Keyframes 1 (256 ms) to 3 (1,248 ms), keyframe 2 inside.
    select_range(&mut h, 200.0, 1300.0);
    ctrl(&mut h, Key::K);
    choose_curve(&mut h, "Ease in-out (slow at both ends)");
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "Ease each segment")
        .click();
    h.run();
    press(&mut h, "Apply");
    let each = ShapeSpec {
        each_segment: true,
        ..spec(Curve::EaseInOut)
    };
    let expected = shape::shape(&before, 1, 3, &each).unwrap().motion;
    assert_eq!(doc(&h).motion, expected);
    // Keyframe 2's values are kept at its time.
    let times = doc(&h).times_ms().to_vec();
    let at = times
        .iter()
        .position(|&t| t == 752)
        .expect("keyframe 2's time is kept");
    assert_eq!(
        doc(&h)
            .motion
            .keyframes
            .get(at)
            .map(|k| k.angles_urad.to_vec()),
        before.keyframes.get(2).map(|k| k.angles_urad.to_vec())
    );
}

#[test]
fn a_click_on_the_tolerance_label_puts_typing_into_its_field() {
    let before = dense();
    let path = file("dense-label", &before);
    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Simplify…");
    // The label, clicked as a hand does, then 2 and Enter typed as egui-winit sends them.
    let label = h
        .get_by_role_and_label(egui::accesskit::Role::Label, "Tolerance")
        .rect();
    common::ui::click_at(&mut h, label.center());
    ctrl(&mut h, Key::A);
    common::ui::type_keys(&mut h, "2");
    h.key_press(Key::Enter);
    h.run();
    press(&mut h, "Apply");
    let expected = shape::simplify(&before, None, 2.0).unwrap().motion;
    assert_eq!(
        doc(&h).motion,
        expected,
        "simplified within 2°, not the 0.5° it had"
    );
}

#[test]
fn fix_this_segment_beside_a_speed_problem_fixes_that_segment_and_no_other() {
    let mut fast = example();
    for k in 1..fast.keyframes.len() {
        fast.keyframes.set_frames(k, 0);
    }
    let path = file("fast", &fast);
    let mut h = opened(&[&path]);
    // The floor's verdict comes from a simulation in the background: once it is in, the
    // Problems panel stays as it is.
    crate::simulating::wait_simulated(&mut h, mtn_studio::robot::physics::Floor::Carpet);
    let model = mtn_studio::robot::parse_design(&fast.design).unwrap().model;
    assert!(
        !mtn_studio::robot::servo::servo_paths(&fast, model).is_empty(),
        "servo paths to draw"
    );
    // The first speed problem names the segment it is at; its button fixes that one.
    let times = doc(&h).times_ms().to_vec();
    let at = doc(&h)
        .problems()
        .iter()
        .find(|p| p.code == mtn_studio::robot::codes::JOINT_SPEED)
        .and_then(|p| p.time_ms)
        .expect("a speed problem with a time");
    let k = times.iter().position(|&t| t == at).unwrap();
    // The first one, brought into view (the panel scrolls), then clicked.
    common::ui::scroll_to_problems(&mut h);
    let button = |h: &Harness<'_, StudioApp>| {
        h.query_all_by_role_and_label(egui::accesskit::Role::Button, "Fix This Segment")
            .next()
            .expect("a Fix This Segment button beside a speed problem")
            .rect()
    };
    h.query_all_by_role_and_label(egui::accesskit::Role::Button, "Fix This Segment")
        .next()
        .unwrap()
        .scroll_to_me();
    h.run();
    let shown = button(&h);
    let window = h.ctx.content_rect();
    assert!(window.contains_rect(shown), "{shown:?} in {window:?}");
    common::ui::click_at(&mut h, shown.center());
    h.run();
    let expected = shape::fix_speed(&fast, Some((k, k + 1))).unwrap().motion;
    assert_eq!(doc(&h).motion, expected);
    let frames = |m: &mtn_studio::codec::mtn::Motion| m.keyframes.frames().to_vec();
    let (before, after) = (frames(&fast), frames(&doc(&h).motion));
    for (j, (b, a)) in before.iter().zip(&after).enumerate() {
        if j == k + 1 {
            assert!(a > b, "segment {k}-{} lengthened: {b} -> {a}", k + 1);
        } else {
            assert_eq!(a, b, "segment into keyframe {j} left as it was");
        }
    }
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, fast);
    // Fix Speed on the Motion menu (Ctrl+Shift+F) still fixes every segment.
    common::ui::ctrl_shift(&mut h, Key::F);
    h.run();
    assert_eq!(
        doc(&h).motion,
        shape::fix_speed(&fast, None).unwrap().motion
    );
    assert!(
        !doc(&h)
            .problems()
            .iter()
            .any(|p| p.code == mtn_studio::robot::codes::JOINT_SPEED),
        "still too fast"
    );
}

/// Alt (and Shift) held and an arrow pressed, as egui-winit sends it: no text.
fn alt_arrow(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    let key_event = |pressed| Event::Key {
        key,
        physical_key: Some(key),
        pressed,
        repeat: false,
        modifiers,
    };
    h.input_mut()
        .events
        .push(Event::ModifiersChanged(modifiers));
    h.input_mut().events.push(key_event(true));
    h.step();
    h.input_mut().events.push(key_event(false));
    h.input_mut()
        .events
        .push(Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

#[test]
fn alt_arrows_nudge_the_selected_keyframes_values() {
    let before = example();
    let path: &Path = &file("nudge", &before);
    let mut h = opened(&[path]);
    h.get_by_label("Keyframe 1").click();
    h.run();
    alt_arrow(&mut h, Modifiers::ALT, Key::ArrowUp);
    let one = mtn_studio::robot::joints::deg_to_urad(1.0);
    let tenth = mtn_studio::robot::joints::deg_to_urad(0.1);
    for j in 0..before.keyframes.joint_count() {
        assert_eq!(
            doc(&h).motion.keyframes.angle(1, j),
            before.keyframes.angle(1, j).map(|v| v + one),
            "joint {j} up 1°"
        );
    }
    alt_arrow(&mut h, Modifiers::ALT | Modifiers::SHIFT, Key::ArrowDown);
    assert_eq!(
        doc(&h).motion.keyframes.angle(1, 0),
        before.keyframes.angle(1, 0).map(|v| v + one - tenth)
    );
    // Other keyframes untouched; each press one undo step.
    assert_eq!(doc(&h).motion.keyframes.get(0), before.keyframes.get(0));
    ctrl(&mut h, Key::Z);
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, before);
}

#[test]
fn points_selected_on_one_joint_shape_that_joint_between_them() {
    let before = example();
    let path = file("points", &before);
    let mut h = opened(&[&path]);
    common::ui::show_only_knee(&mut h);
    let knee = before
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&before.design, l) == "FL_LEG_KNEE")
        .unwrap();
    let channel = mtn_studio::app::motion::view::Channel::Joint(knee);
    // Click keyframe 1's point, Shift-click keyframe 3's.
    let first = common::ui::point_on_screen(&h, 1, channel);
    common::ui::click_at(&mut h, first);
    let last = common::ui::point_on_screen(&h, 3, channel);
    common::ui::click_with(&mut h, last, Modifiers::SHIFT);
    h.run();
    assert_eq!(tab(&h).view.selection.len(), 2, "two points selected");
    ctrl(&mut h, Key::K);
    assert_eq!(
        tab(&h).view.range_ms,
        Some((256, 1248)),
        "the range spans the points"
    );
    one_curve(&mut h);
    press(&mut h, "Apply");
    let spec = ShapeSpec {
        curve: Curve::EaseInOut,
        joints: Some(vec![knee]),
        tolerance_deg: shape::DEFAULT_TOLERANCE_DEG,
        each_segment: false,
    };
    let expected = shape::shape(&before, 1, 3, &spec).unwrap().motion;
    assert_eq!(
        doc(&h).motion,
        expected,
        "only the knee shaped, keyframes 1-3"
    );
}

#[test]
fn a_dense_imported_walk_is_simplified_from_the_motion_menu() {
    if !common::corpus_present("a_dense_imported_walk_is_simplified_from_the_motion_menu") {
        return;
    }
    // Choreonoid's walk imported at 0.05° (dense: a keyframe on most frames), its first
    // parts driving the ERS-7's joints by order.
    let walk = common::corpus_dir("seq").join("SR1WalkPattern1.seq");
    let mut h = common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    h.run();
    menu(&mut h, "File", "Import…");
    common::ui::type_into(&mut h, "Import from", &walk.display().to_string());
    press(&mut h, "Map by Order");
    common::ui::set_number(&mut h, "Tolerance (°)", "0.05");
    press(&mut h, "Import");
    let imported = doc(&h).motion.clone();
    assert!(
        imported.keyframes.len() > 200,
        "{}",
        imported.keyframes.len()
    );
    menu(&mut h, "Motion", "Simplify…");
    press(&mut h, "Apply");
    let expected = shape::simplify(&imported, None, shape::DEFAULT_TOLERANCE_DEG)
        .unwrap()
        .motion;
    assert_eq!(doc(&h).motion, expected);
    assert!(
        expected.keyframes.len() * 2 < imported.keyframes.len(),
        "{} of {} keyframes kept",
        expected.keyframes.len(),
        imported.keyframes.len()
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, imported);
}

#[test]
fn a_shape_that_overshoots_the_angles_in_view_widens_them_and_keeps_the_time() {
    let before = example();
    let path = file("overshoot", &before);
    let mut h = opened(&[&path]);
    select_range(&mut h, 200.0, 800.0);
    ctrl(&mut h, Key::K);
    choose_curve(&mut h, "Custom: drag the two handles on the timeline");
    // Both handles far up: the curve rises well past every value the motion had.
    for name in ["Handle 1", "Handle 2"] {
        let handle = h.get_by_label(name).rect().center();
        drag(&mut h, handle, egui::pos2(handle.x, 70.0));
    }
    let shown =
        |h: &Harness<'_, StudioApp>| *common::ui::widgets(h).timeline.transform.unwrap().bounds();
    let was = shown(&h);
    press(&mut h, "Apply");
    let highest = |m: &Motion| {
        m.keyframes
            .angles()
            .iter()
            .map(|&v| mtn_studio::robot::urad_to_deg(v))
            .fold(f64::NEG_INFINITY, f64::max)
    };
    let top = highest(&doc(&h).motion);
    assert!(
        top > highest(&before) + 5.0,
        "the shape rises past every value the motion had: {top}"
    );
    assert!(
        top > was.max()[1],
        "the shape overshoots the view: {top} over {was:?}"
    );
    let now = shown(&h);
    assert!(now.max()[1] >= top, "widened to {top}: {now:?}");
    assert!(
        (now.min()[0] - was.min()[0]).abs() < 1e-6 && (now.max()[0] - was.max()[0]).abs() < 1e-6,
        "the time kept: {was:?} -> {now:?}"
    );
}

#[test]
fn keyframes_selected_before_a_shape_that_adds_keyframes_stay_selected_by_time() {
    let before = example();
    let path = file("selection-follows", &before);
    let mut h = opened(&[&path]);
    // Rows 1, 2 and 3 (256, 752 and 1,248 ms) selected, as a person does in the table.
    h.get_by_label("Keyframe 1").click();
    h.run();
    for row in ["Keyframe 2", "Keyframe 3"] {
        let at = h.get_by_label(row).rect().center();
        common::ui::click_with(&mut h, at, Modifiers::SHIFT);
    }
    let chosen = |h: &Harness<'_, StudioApp>| -> Vec<u64> {
        let times = doc(h).times_ms().to_vec();
        tab(h)
            .view
            .selected_keyframes
            .iter()
            .map(|&k| times[k])
            .collect()
    };
    assert_eq!(chosen(&h), [256, 752, 1248]);
    // Ease each segment adds keyframes between them: the same three stay selected.
    ctrl(&mut h, Key::K);
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "Ease each segment")
        .click();
    h.run();
    press(&mut h, "Apply");
    assert!(doc(&h).motion.keyframes.len() > 4, "keyframes added");
    assert_eq!(chosen(&h), [256, 752, 1248]);
    // Undone, and the selection still names them.
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, before);
    assert_eq!(chosen(&h), [256, 752, 1248]);
}
