//! The pose library previews a pose on the stage: the review picked a pose and saw nothing
//! until it was applied. The pointer on a pose of the list, or on Apply, Insert or one of
//! More's items for the chosen pose, shows it as a white ghost; off them, the ghost goes.

use crate::common::ui::doc;
use egui_kittest::kittest::Queryable;

#[test]
fn the_pose_under_the_pointer_is_previewed_and_nothing_is_changed() {
    let dir = crate::common::scratch_dir("pose_preview", "library");
    let mut harness = crate::posing::stand_with_library(&dir);
    crate::posing::choose_pose(&mut harness, "sit");
    let before = doc(&harness).motion.clone();
    let previewing = |h: &egui_kittest::Harness<'_, mtn_studio::app::StudioApp>| {
        crate::common::ui::widgets(h)
            .stage
            .poses
            .previewing()
            .map(|(name, _)| name.to_owned())
    };
    assert_eq!(previewing(&harness), None);
    // The pointer on Apply pose: the chosen pose is previewed.
    harness.get_by_label("Apply pose").hover();
    harness.run();
    assert_eq!(previewing(&harness).as_deref(), Some("sit"));
    // In the open list, the pose under the pointer.
    let combo = harness.get_by_label("Poses").rect().center();
    crate::common::ui::click_at(&mut harness, combo);
    harness.get_by_label("sleep").hover();
    harness.run();
    assert_eq!(previewing(&harness).as_deref(), Some("sleep"));
    // Off them, no ghost; and looking changed nothing.
    harness.key_press(egui::Key::Escape);
    harness.hover_at(egui::pos2(2.0, 2.0));
    harness.run();
    assert_eq!(previewing(&harness), None);
    assert_eq!(doc(&harness).motion, before);
    assert!(!doc(&harness).has_unsaved());
}
