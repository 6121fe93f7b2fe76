//! What an animator's first hour with the release binary found: a joint that is only a
//! note is not offered a fix and is not asked about on saving, and its badge is quiet.

use crate::common;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::codec::Severity;
use mtn_studio::edit::Document;

/// The example's stand with FL_LEG_KNEE turned 6° within one 16 ms frame and then held: a
/// little faster than the ERS-7's knee servo moves (2.42° a tick), which lags about a
/// degree and then catches up.
fn lagging_a_little() -> (mtn_studio::codec::mtn::Motion, usize) {
    let mut motion = mtn_studio::example::stand_to_sit();
    let knee = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "FL_LEG_KNEE")
        .unwrap();
    let first = motion.keyframes.get(0).unwrap().angles_urad.to_vec();
    let mut turned = first.clone();
    turned[knee] += mtn_studio::robot::deg_to_urad(6.0);
    let mut keyframes = mtn_studio::codec::mtn::Keyframes::new(first.len());
    keyframes.push(0, [0; 3], &first).unwrap();
    keyframes.push(0, [0; 3], &turned).unwrap();
    keyframes.push(30, [0; 3], &turned).unwrap();
    motion.keyframes = keyframes;
    (motion, knee)
}

#[test]
fn a_servo_that_lags_a_little_is_a_note_with_nothing_to_fix_and_nothing_to_confirm() {
    let (motion, knee) = lagging_a_little();
    let document = Document::unsaved(motion, "lagging.mtn");
    let speed: Vec<_> = document
        .problems()
        .iter()
        .filter(|p| p.code == mtn_studio::robot::codes::JOINT_SPEED)
        .collect();
    assert_eq!(speed.len(), 1, "{speed:?}");
    assert_eq!(speed[0].severity, Severity::Info, "{}", speed[0].message);
    assert_eq!(speed[0].joint, Some(knee));
    assert!(mtn_studio::robot::meaning::meaning(speed[0]).contains("Nothing to fix"));
    // Saving asks nothing about it.
    assert_eq!(
        mtn_studio::app::motion::save::safety_joint_count(&document),
        0
    );
    let mut harness = common::ui::harness(StudioApp::with_document(document));
    harness.run();
    // Its joint's badge is the quiet "i"; the note, unfolded, offers no fix.
    common::ui::scroll_to_problems(&mut harness);
    let show = |h: &Harness<'_, StudioApp>| {
        h.query_all_by_label_contains("Show 1 note")
            .next()
            .map(|n| n.rect())
    };
    let at = show(&harness).expect("the note folded away");
    common::ui::click_at(&mut harness, at.center());
    common::ui::scroll_to_problems(&mut harness);
    assert!(
        harness
            .query_all_by_label_contains("Nothing to fix")
            .next()
            .is_some(),
        "the note is shown"
    );
    assert!(
        harness
            .query_all_by_label("Fix This Segment")
            .next()
            .is_none(),
        "a note has nothing to fix"
    );
}

#[test]
fn the_playhead_is_dragged_by_its_line_and_a_point_taken_brings_it_there() {
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let transform = |h: &Harness<'_, StudioApp>| common::ui::widgets(h).timeline.transform.unwrap();
    let playhead = |h: &Harness<'_, StudioApp>| common::ui::tab(h).playback.time_ms();
    let t = transform(&harness);
    let y = t.frame().center().y;
    // A click between keyframes puts the playhead there.
    common::ui::click_at(&mut harness, egui::pos2(t.position_from_point_x(400.0), y));
    assert_eq!(playhead(&harness), 400);
    // Pressed on its line and dragged, it follows on 16 ms frames; the view stays.
    let shown = *transform(&harness).bounds();
    let from = egui::pos2(t.position_from_point_x(400.0) + 2.0, y);
    let to = egui::pos2(t.position_from_point_x(900.0), y);
    common::ui::drag(&mut harness, from, to);
    let now = playhead(&harness);
    assert!(
        (i64::try_from(now).unwrap() - 900).abs() <= 16,
        "at {now} ms"
    );
    assert_eq!(now % 16, 0, "on a frame");
    assert_eq!(*transform(&harness).bounds(), shown, "the view did not pan");
    // A keyframe's point clicked: the playhead goes to it, and the stage shows its pose.
    let knee = mtn_studio::app::motion::view::Channel::Joint(8);
    let point = common::ui::point_on_screen(&harness, 2, knee);
    common::ui::click_at(&mut harness, point);
    assert_eq!(playhead(&harness), 752);
}

#[test]
fn presses_that_reach_one_frame_each_step() {
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let playhead = |h: &Harness<'_, StudioApp>| common::ui::tab(h).playback.time_ms();
    // Two Down presses in one frame (as egui-winit hands over a quick typist's keys): two
    // keyframes on, 0 -> 256 -> 752 ms.
    for key in [egui::Key::ArrowDown, egui::Key::ArrowDown] {
        harness.event(egui::Event::Key {
            key,
            physical_key: Some(key),
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
    assert_eq!(playhead(&harness), 752);
    // Three Right presses: three 16 ms frames.
    for _ in 0..3 {
        harness.event(egui::Event::Key {
            key: egui::Key::ArrowRight,
            physical_key: Some(egui::Key::ArrowRight),
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
    assert_eq!(playhead(&harness), 752 + 3 * 16);
}

#[test]
fn the_table_follows_the_playhead_to_its_keyframe() {
    // Forty keyframes a frame apart after the example's stand.
    let mut motion = mtn_studio::example::stand_to_sit();
    let row = motion.keyframes.get(0).unwrap().angles_urad.to_vec();
    let mut keyframes = mtn_studio::codec::mtn::Keyframes::new(row.len());
    for _ in 0..40 {
        keyframes.push(0, [0; 3], &row).unwrap();
    }
    motion.keyframes = keyframes;
    let mut harness = common::ui::harness(StudioApp::with_document(Document::unsaved(
        motion, "long.mtn",
    )));
    harness.run();
    assert!(
        harness.query_by_label("Keyframe 39").is_none(),
        "out of view at first"
    );
    // End: the playhead on the last keyframe, and the table scrolled to its row (rows are
    // built only in view).
    harness.key_press(egui::Key::End);
    harness.run();
    assert!(
        harness.query_by_label("Keyframe 39").is_some(),
        "scrolled to the last row"
    );
    assert!(harness.query_by_label("Keyframe 0").is_none());
    // Home again: back to the top, keyframe 0 marked.
    harness.key_press(egui::Key::Home);
    harness.run();
    assert!(harness.query_by_label("Keyframe 0").is_some());
    assert!(harness.query_by_label("Keyframe 39").is_none());
}

#[test]
fn a_new_tab_shows_the_ghosts_last_chosen() {
    use mtn_studio::app::action::{Action, MotionAction};
    use mtn_studio::app::motion::stage::model::StageAction;
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let id = harness.state().tabs.active.unwrap();
    harness.state_mut().push(Action::Motion(
        id,
        MotionAction::Stage(StageAction::Ghosts(3)),
    ));
    harness.run();
    harness.state_mut().push(Action::AddMotion(Box::new(
        mtn_studio::app::example_document(),
    )));
    harness.run();
    assert_ne!(
        harness.state().tabs.active,
        Some(id),
        "the new tab in front"
    );
    assert_eq!(common::ui::tab(&harness).stage.onion, 3);
    // Kept from run to run with the panels.
    assert_eq!(harness.state().panels.stage.onion, 3);
}

/// The review: Repair beside a knee past its limit (a warning of the motion's, not of the
/// file's) said "Nothing to repair". It is offered only where the file has faults of its own.
#[test]
fn repair_is_offered_only_for_the_files_own_faults() {
    use egui_kittest::kittest::NodeT;
    let mut motion = mtn_studio::example::stand_to_sit();
    let knee = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "FL_LEG_KNEE")
        .expect("a knee");
    motion
        .keyframes
        .set_angle(1, knee, mtn_studio::robot::deg_to_urad(199.0));
    let mut harness = common::ui::harness(StudioApp::with_document(Document::unsaved(
        motion, "knee.mtn",
    )));
    harness.run();
    let warned = common::ui::doc(&harness)
        .problems()
        .iter()
        .any(|p| p.severity >= Severity::Warning);
    assert!(warned, "a warning of the motion's");
    let repair = harness.get_by_label("Repair");
    assert!(repair.accesskit_node().is_disabled());
}
