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
        mtn_studio::app::motion::save::safety_problem_count(&document),
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
