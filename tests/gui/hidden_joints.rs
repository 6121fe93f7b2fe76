//! Edits touch only what the animator can see: hiding a joint takes its keyframes out of
//! the selection, so a drag of the points shown leaves a hidden joint's points where they
//! were (the steps of an animator's review, where a hidden knee was dragged to 236°).

use crate::common::ui::{doc, drag, drag_with, harness, point_on_screen, tab, widgets};
use egui::{Modifiers, Pos2, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use egui_plot::PlotPoint;
use mtn_studio::app::StudioApp;
use mtn_studio::app::motion::view::{Channel, channel_name};

/// The channel of the joint named `name` in the motion in front.
fn joint(harness: &Harness<'_, StudioApp>, name: &str) -> Channel {
    let motion = &doc(harness).motion;
    (0..motion.locators.len())
        .map(Channel::Joint)
        .find(|&c| channel_name(motion, c) == name)
        .unwrap()
}

/// Ticks or unticks the joint list's box of `name`.
fn toggle(harness: &mut Harness<'_, StudioApp>, name: &str) {
    harness
        .get_by_role_and_label(Role::CheckBox, name)
        .scroll_to_me();
    harness.run();
    harness.get_by_role_and_label(Role::CheckBox, name).click();
    harness.run();
}

/// Shift-drags a box around every keyframe of `channels` on the timeline.
fn box_select(harness: &mut Harness<'_, StudioApp>, channels: &[Channel]) {
    let keyframes = doc(harness).motion.keyframes.len();
    let points: Vec<Pos2> = channels
        .iter()
        .flat_map(|&c| (0..keyframes).map(move |k| (k, c)))
        .map(|(k, c)| point_on_screen(harness, k, c))
        .collect();
    let (mut low, mut high) = (points[0], points[0]);
    for p in &points {
        low = low.min(*p);
        high = high.max(*p);
    }
    drag_with(
        harness,
        low - egui::vec2(12.0, 12.0),
        high + egui::vec2(12.0, 12.0),
        Modifiers::SHIFT,
    );
}

#[test]
fn hiding_a_joint_drops_its_keyframes_from_the_selection_and_a_drag_leaves_it_alone() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let knee = joint(&harness, "BL_LEG_KNEE");
    let vert = [
        joint(&harness, "BL_LEG_VERT"),
        joint(&harness, "BR_LEG_VERT"),
    ];
    let before = doc(&harness).motion.clone();
    // Only BL_LEG_KNEE shown: its points box-selected.
    harness.get_by_label("Hide all").click();
    harness.run();
    toggle(&mut harness, "BL_LEG_KNEE");
    box_select(&mut harness, &[knee]);
    let keyframes = before.keyframes.len();
    assert_eq!(tab(&harness).view.selection.len(), keyframes);
    // Hidden, its points leave the selection, and the rows they selected with them: Delete
    // then deletes nothing (a review's Delete here took all 21 keyframes of a motion).
    toggle(&mut harness, "BL_LEG_KNEE");
    assert!(tab(&harness).view.selection.is_empty());
    assert!(tab(&harness).view.selected_keyframes.is_empty());
    harness.key_press(egui::Key::Delete);
    harness.run();
    assert_eq!(doc(&harness).motion.keyframes.len(), keyframes);
    // The legs' VERT joints shown and box-selected, one of their points dragged up 20°.
    toggle(&mut harness, "BL_LEG_VERT");
    toggle(&mut harness, "BR_LEG_VERT");
    box_select(&mut harness, &vert);
    let selection = &tab(&harness).view.selection;
    assert_eq!(selection.len(), 2 * keyframes);
    assert!(selection.iter().all(|(_, c)| vert.contains(c)));
    let transform = widgets(&harness).timeline.transform.unwrap();
    let from = point_on_screen(&harness, 1, vert[0]);
    let at = transform.value_from_position(from);
    let to = transform.position_from_point(&PlotPoint::new(at.x, at.y + 20.0));
    drag(&mut harness, from, to);
    let after = &doc(&harness).motion;
    let Channel::Joint(k) = knee else {
        unreachable!()
    };
    let Channel::Joint(v) = vert[0] else {
        unreachable!()
    };
    for i in 0..keyframes {
        assert_eq!(after.keyframes.angle(i, k), before.keyframes.angle(i, k));
    }
    assert_ne!(after.keyframes.angle(1, v), before.keyframes.angle(1, v));
}

/// The review: with only TAIL_VERT shown, Delete on one of its points deleted the whole
/// keyframe, the hidden legs' values with it. Points picked with joints hidden leave their
/// curves (straight between their neighbours there); the keyframes stay for the rest.
#[test]
fn delete_with_joints_hidden_takes_the_points_out_and_leaves_the_hidden_joints_alone() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let tail = joint(&harness, "TAIL_VERT");
    let before = doc(&harness).motion.clone();
    let times = doc(&harness).times_ms().to_vec();
    harness.get_by_label("Hide all").click();
    harness.run();
    toggle(&mut harness, "TAIL_VERT");
    // Keyframe 2's point alone, clicked.
    let at = point_on_screen(&harness, 2, tail);
    crate::common::ui::click_at(&mut harness, at);
    assert_eq!(
        tab(&harness)
            .view
            .selection
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [(2, tail)]
    );
    harness.key_press(egui::Key::Delete);
    harness.run();
    let after = doc(&harness).motion.clone();
    assert_eq!(
        after.keyframes.len(),
        before.keyframes.len(),
        "no keyframe deleted"
    );
    let Channel::Joint(t) = tail else {
        unreachable!()
    };
    // The tail's value at keyframe 2 is now on the straight line between 1 and 3.
    let (a, b) = (
        f64::from(before.keyframes.angle(1, t).unwrap()),
        f64::from(before.keyframes.angle(3, t).unwrap()),
    );
    let share = (times[2] - times[1]) as f64 / (times[3] - times[1]) as f64;
    let expected = (a + (b - a) * share).round() as i32;
    assert_eq!(after.keyframes.angle(2, t), Some(expected));
    // Every other joint, hidden, as it was.
    for j in (0..before.locators.len()).filter(|&j| j != t) {
        for k in 0..before.keyframes.len() {
            assert_eq!(after.keyframes.angle(k, j), before.keyframes.angle(k, j));
        }
    }
    assert!(
        crate::common::ui::said(&harness).contains("Took 1 point out of its curve"),
        "{}",
        crate::common::ui::said(&harness)
    );
}

#[test]
fn ctrl_a_selects_every_keyframe_and_the_points_of_the_curves_shown_only() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let knee = joint(&harness, "BL_LEG_KNEE");
    toggle(&mut harness, "BL_LEG_KNEE");
    crate::common::ui::shortcut(&mut harness, Modifiers::COMMAND, egui::Key::A);
    let keyframes = doc(&harness).motion.keyframes.len();
    let view = &tab(&harness).view;
    assert_eq!(view.selected_keyframes.len(), keyframes);
    let shown = view.visible_channels();
    assert_eq!(view.selection.len(), keyframes * shown.len());
    assert!(
        view.selection.iter().all(|(_, c)| *c != knee),
        "the hidden knee is left out"
    );
    let said = crate::common::ui::said(&harness);
    assert!(
        said.contains(&format!("Selected {keyframes} keyframes"))
            && said.contains("1 joint hidden: not selected"),
        "{said}"
    );
    // In a text field, Ctrl+A is the field's (it selects the field's text, which typing
    // into it does): with the selection cleared, it stays clear.
    let id = harness.state().tabs.active.unwrap();
    harness
        .state_mut()
        .push(mtn_studio::app::action::Action::Motion(
            id,
            mtn_studio::app::action::MotionAction::SelectPoints(Default::default()),
        ));
    harness.run();
    crate::common::ui::type_into(&mut harness, "Creator", "me");
    assert!(tab(&harness).view.selection.is_empty());
}

/// A review: with FR_LEG_KNEE hidden, a point of keyframe 2 dragged along time moved the
/// knee's peak too, and nothing said so. A keyframe holds every joint (MTN keyframes are
/// shared), so the drag moves it whole; the status bar now names the hidden joints whose
/// curves moved with it.
#[test]
fn a_drag_along_time_says_which_hidden_joints_moved_with_the_keyframe() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let knee = joint(&harness, "FR_LEG_KNEE");
    let Channel::Joint(knee_j) = knee else {
        unreachable!("a joint")
    };
    harness.get_by_label("Hide all").click();
    harness.run();
    let shown = joint(&harness, "FL_LEG_KNEE");
    toggle(&mut harness, "FL_LEG_KNEE");
    let at = point_on_screen(&harness, 2, shown);
    let before = doc(&harness).times_ms()[2];
    let knee_at_2 = doc(&harness).motion.keyframes.angle(2, knee_j);
    drag(&mut harness, at, at + egui::vec2(60.0, 0.0));
    let after = doc(&harness).times_ms()[2];
    assert!(after > before, "moved along time: {before} -> {after}");
    // The hidden knee's value stays with the keyframe, which moved: its curve moved too.
    assert_eq!(doc(&harness).motion.keyframes.angle(2, knee_j), knee_at_2);
    // The last message names a hidden joint whose curve bends at keyframe 2.
    let last = harness
        .state()
        .status
        .log()
        .last()
        .cloned()
        .unwrap_or_default();
    let named = last
        .strip_prefix("Keyframe 2 moved in time with every joint it holds: ")
        .and_then(|rest| rest.split([' ', ',']).next())
        .unwrap_or_else(|| panic!("{last}"));
    assert!(last.contains("moved with it"), "{last}");
    let named = joint(&harness, named);
    assert_ne!(named, shown, "{last}");
    let Channel::Joint(j) = named else {
        unreachable!("a joint")
    };
    let angle = |k| doc(&harness).motion.keyframes.angle(k, j);
    assert!(angle(1) != angle(2) || angle(3) != angle(2), "{last}");
    // With every joint shown, nothing hidden moved and nothing more is said.
    let saying =
        |h: &Harness<'_, StudioApp>| crate::common::ui::logged(h, "moved in time with every joint");
    assert_eq!(saying(&harness), 1);
    harness.get_by_label("Show all").click();
    harness.run();
    let at = point_on_screen(&harness, 2, shown);
    drag(&mut harness, at, at + egui::vec2(-30.0, 0.0));
    assert_ne!(doc(&harness).times_ms()[2], after, "moved again");
    assert_eq!(saying(&harness), 1);
}
