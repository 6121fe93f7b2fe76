//! Pasting a pose as an animator's review asked: Ctrl+D on the keyframe under the playhead,
//! Edit > Paste Special (the legs, the head or the tail alone, or mirrored), and a pasted
//! pose that lifts a paw shifting the weight first, as a drag does.

use crate::common::ui::{Desktop, ctrl, doc, harness, said, tab};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::codec::mtn::Motion;
use mtn_studio::edit::{Document, Edit};
use mtn_studio::robot::{deg_to_urad, urad_to_deg};

fn example() -> StudioApp {
    StudioApp::with_document(mtn_studio::app::example_document())
}

/// A joint's column in `motion`.
fn column(motion: &Motion, name: &str) -> usize {
    motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == name)
        .expect("the joint")
}

/// Keyframe `k`'s value of the joint `name`, degrees.
fn deg(harness: &Harness<'_, StudioApp>, k: usize, name: &str) -> f64 {
    let motion = &doc(harness).motion;
    urad_to_deg(
        motion
            .keyframes
            .angle(k, column(motion, name))
            .expect("a value"),
    )
}

/// Takes the playhead of the tab in front to `time_ms`, as the transport does.
fn seek(harness: &mut Harness<'_, StudioApp>, time_ms: u64) {
    let id = harness.state().tabs.active.expect("a tab");
    harness
        .state_mut()
        .push(Action::Motion(id, MotionAction::Seek(time_ms)));
    harness.run();
}

/// Clicks keyframe `k`'s row in the table.
fn pick_row(harness: &mut Harness<'_, StudioApp>, k: usize) {
    let row = format!("Keyframe {k}");
    harness.get_by_label(&row).scroll_to_me();
    harness.run();
    harness.get_by_label(&row).click();
    harness.run();
}

/// Edit > Paste Special > `item`.
fn paste_special(harness: &mut Harness<'_, StudioApp>, item: &str) {
    harness.get_by_label("Edit").click();
    harness.run();
    harness.get_by_label("Paste Special").click();
    harness.run();
    harness.get_by_label(item).click();
    harness.run();
}

/// The example with keyframe 1's joints set to `angles` (degrees), its pose then copied
/// (Ctrl+C on its row, as egui-winit sends it).
fn pose_copied(angles: &[(&str, f64)]) -> Harness<'static, StudioApp> {
    let mut harness = harness(example());
    harness.run();
    let motion = doc(&harness).motion.clone();
    let id = harness.state().tabs.active.expect("a tab");
    let set = angles
        .iter()
        .map(|&(name, deg)| (1, column(&motion, name), deg_to_urad(deg)))
        .collect();
    harness.state_mut().push(Action::Motion(
        id,
        MotionAction::Edit {
            label: "test pose".to_owned(),
            edit: Edit::SetAngles(set),
        },
    ));
    harness.run();
    pick_row(&mut harness, 1);
    Desktop::default().copy(&mut harness);
    harness
}

#[test]
fn ctrl_d_with_the_playhead_on_a_keyframe_duplicates_it() {
    let mut harness = harness(example());
    harness.run();
    let times = doc(&harness).times_ms().to_vec();
    seek(&mut harness, times[2]);
    assert!(tab(&harness).view.selected_keyframes.is_empty());
    let before = doc(&harness).motion.keyframes.len();
    ctrl(&mut harness, Key::D);
    assert_eq!(doc(&harness).motion.keyframes.len(), before + 1);
    assert!(
        said(&harness).contains("Duplicated keyframe 2"),
        "{}",
        said(&harness)
    );
}

#[test]
fn paste_special_pastes_the_head_alone_or_the_pose_mirrored() {
    // Keyframe 1 given a turned head and a bent FL knee, then copied.
    let mut harness = pose_copied(&[("HEAD_YAW", 30.0), ("FL_LEG_KNEE", 70.0)]);
    // Its head alone onto keyframe 3: the head turns, the legs stay.
    pick_row(&mut harness, 3);
    let knee = deg(&harness, 3, "FL_LEG_KNEE");
    paste_special(&mut harness, "Paste Head Only");
    assert!((deg(&harness, 3, "HEAD_YAW") - 30.0).abs() < 1e-3);
    assert!((deg(&harness, 3, "FL_LEG_KNEE") - knee).abs() < 1e-3);
    assert!(
        said(&harness).contains("Pasted the pose's head onto keyframe 3 ("),
        "{}",
        said(&harness)
    );
    // Mirrored: the head turns the other way, the FR knee takes the FL knee's bend.
    ctrl(&mut harness, Key::Z);
    pick_row(&mut harness, 3);
    paste_special(&mut harness, "Paste Mirrored");
    let k = tab(&harness)
        .view
        .selected_keyframes
        .first()
        .copied()
        .unwrap_or(3);
    assert!((deg(&harness, k, "HEAD_YAW") + 30.0).abs() < 1e-3);
    assert!((deg(&harness, k, "FR_LEG_KNEE") - 70.0).abs() < 1e-3);
    // What mirroring did is said (the review: it was not).
    assert!(
        said(&harness).contains("each left joint's value went to its right twin and back"),
        "{}",
        said(&harness)
    );
}

#[test]
fn a_pasted_pose_that_lifts_a_paw_shifts_the_weight_first() {
    use mtn_studio::poses::{Library, Only, Use, posed_values};
    // A stand whose keyframe 1 is the library's "FR paw up (on three)" (the pose to copy),
    // and a stand held three times in another tab (to paste it into).
    let stands = |frames: u32| {
        let mut motion =
            mtn_studio::robot::postures::new_motion("DRX-1000", "stand").expect("a stand");
        let stand = motion
            .keyframes
            .get(0)
            .expect("a keyframe")
            .angles_urad
            .to_vec();
        let body = motion.keyframes.body()[0];
        motion
            .keyframes
            .push(frames, body, &stand)
            .expect("a keyframe");
        (motion, stand)
    };
    let (mut source, stand) = stands(62);
    let mut library = Library::in_dir(None);
    let pose = library
        .built_in(mtn_studio::robot::Model::Ers7)
        .iter()
        .find(|p| p.name == "FR paw up (on three)")
        .cloned()
        .expect("the pose");
    let how = Use {
        insert: false,
        mirrored: false,
        only: Only::All,
    };
    for (j, &v) in posed_values(&source, &stand, &pose, how).iter().enumerate() {
        source.keyframes.set_angle(1, j, v);
    }
    let mut harness = harness(StudioApp::with_document(Document::unsaved(
        source,
        "source.mtn",
    )));
    harness.run();
    let mut desktop = Desktop::default();
    pick_row(&mut harness, 1);
    desktop.copy(&mut harness);
    // Pasted onto keyframe 1 of the stands, between two stands, the last only 128 ms after
    // it: the weight shift takes time of its own, and the motion grows.
    let (target, _) = stands(8);
    harness
        .state_mut()
        .push(Action::AddMotion(Box::new(Document::unsaved(
            target,
            "stands.mtn",
        ))));
    harness.run();
    pick_row(&mut harness, 1);
    let before = doc(&harness).motion.keyframes.len();
    let was_ms = doc(&harness).duration_ms();
    desktop.paste(&mut harness);
    assert_eq!(doc(&harness).motion.keyframes.len(), before + 2);
    assert!(
        said(&harness).contains("shifted the weight first"),
        "{}",
        said(&harness)
    );
    // The shift's time lengthens the motion, and that is said too (the review: it was not).
    let now_ms = doc(&harness).duration_ms();
    assert!(now_ms > was_ms, "{was_ms} -> {now_ms} ms");
    assert!(
        said(&harness).contains(&format!(
            "the motion is now {now_ms} ms long (was {was_ms} ms)"
        )),
        "{}",
        said(&harness)
    );
    // The robot does not rest on the paw the pose lifts (simulated, nor at rest).
    let lifted: Vec<_> = doc(&harness)
        .problems()
        .iter()
        .filter(|p| p.code == mtn_studio::robot::codes::PAW_LIFTED)
        .filter(|p| p.severity > mtn_studio::codec::Severity::Info)
        .map(|p| p.message.clone())
        .collect();
    assert!(lifted.is_empty(), "{lifted:?}");
}

/// The review: Ctrl+D left the duplicate selected, the playhead was stepped to another
/// keyframe, and Paste Mirrored went to the selected keyframe out of view, not the one under
/// the playhead.
#[test]
fn a_pose_goes_onto_the_keyframe_under_the_playhead_not_a_selection_left_behind() {
    let mut harness = pose_copied(&[("HEAD_YAW", 30.0)]);
    // Keyframe 3 selected, then the playhead taken to keyframe 2 (as the arrow keys do).
    pick_row(&mut harness, 3);
    let times = doc(&harness).times_ms().to_vec();
    seek(&mut harness, times[2]);
    assert!(tab(&harness).view.selected_keyframes.contains(&3));
    let left_behind = deg(&harness, 3, "HEAD_YAW");
    paste_special(&mut harness, "Paste Head Only");
    assert!((deg(&harness, 2, "HEAD_YAW") - 30.0).abs() < 1e-3);
    assert!((deg(&harness, 3, "HEAD_YAW") - left_behind).abs() < 1e-3);
    assert!(
        said(&harness).contains("onto keyframe 2 ("),
        "{}",
        said(&harness)
    );
}

/// The review: with the playhead between keyframes and none selected, Ctrl+V said "Put the
/// playhead on a keyframe" where Apply pose would have made one there. The pose now goes into
/// a keyframe made at the playhead's 16 ms frame, one undo step.
#[test]
fn a_pose_pasted_between_keyframes_goes_into_a_keyframe_made_at_the_playhead() {
    let mut harness = harness(example());
    harness.run();
    let motion = doc(&harness).motion.clone();
    let id = harness.state().tabs.active.expect("a tab");
    let yaw = column(&motion, "HEAD_YAW");
    harness.state_mut().push(Action::Motion(
        id,
        MotionAction::Edit {
            label: "test pose".to_owned(),
            edit: Edit::SetAngles(vec![(1, yaw, deg_to_urad(30.0))]),
        },
    ));
    harness.run();
    pick_row(&mut harness, 1);
    let mut desktop = Desktop::default();
    desktop.copy(&mut harness);
    // Another tab, nothing selected in it, the playhead 10 frames after keyframe 1.
    harness.state_mut().push(Action::AddMotion(Box::new(
        mtn_studio::app::example_document(),
    )));
    harness.run();
    let other = harness.state().tabs.active.expect("a tab");
    assert_ne!(other, id);
    let times = doc(&harness).times_ms().to_vec();
    let at = times[1] + 160;
    assert!(at < times[2], "between keyframes 1 and 2: {times:?}");
    seek(&mut harness, at);
    assert!(tab(&harness).view.selected_keyframes.is_empty());
    let before = doc(&harness).motion.keyframes.len();
    desktop.paste(&mut harness);
    assert_eq!(
        doc(&harness).motion.keyframes.len(),
        before + 1,
        "{}",
        said(&harness)
    );
    assert_eq!(doc(&harness).times_ms()[2], at);
    assert!((deg(&harness, 2, "HEAD_YAW") - 30.0).abs() < 1e-3);
    assert!(
        said(&harness).contains("into keyframe 2 at"),
        "{}",
        said(&harness)
    );
    // One undo step takes it all back.
    ctrl(&mut harness, Key::Z);
    assert_eq!(doc(&harness).motion.keyframes.len(), before);
}

/// The review: Copy took the selected row's pose (keyframe 3) with the playhead on keyframe
/// 2, where Paste goes by the playhead; and with the playhead between keyframes the Edit
/// menu greyed Paste Pose and Paste Special though Ctrl+V pasted.
#[test]
fn copy_takes_the_playheads_keyframe_and_paste_is_offered_between_keyframes() {
    use egui_kittest::kittest::NodeT;
    let mut harness = harness(example());
    harness.run();
    pick_row(&mut harness, 3);
    let times = doc(&harness).times_ms().to_vec();
    seek(&mut harness, times[2]);
    Desktop::default().copy(&mut harness);
    assert!(
        said(&harness).contains("Copied the pose of keyframe 2"),
        "{}",
        said(&harness)
    );
    // Another tab, nothing selected, the playhead between keyframes: offered in the menu.
    harness.state_mut().push(Action::AddMotion(Box::new(
        mtn_studio::app::example_document(),
    )));
    harness.run();
    seek(&mut harness, times[1] + 160);
    harness.get_by_label("Edit").click();
    harness.run();
    let paste = harness
        .query_all_by_label_contains("Paste Pose")
        .next()
        .expect("Paste Pose in the Edit menu");
    assert!(!paste.accesskit_node().is_disabled());
}
