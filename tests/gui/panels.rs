//! The side panels driven as a user would: the stage's limbs select their joints,
//! and the joint list flags a joint beyond its servo and takes the timeline there.

use crate::common;

use common::ui::{click_at, doc, harness, tab, widgets};
use egui::Pos2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::motion::view::Channel;
use mtn_studio::edit::Document;

fn example() -> StudioApp {
    StudioApp::with_document(mtn_studio::app::example_document())
}

/// A point on one of `joint`'s limbs on the stage where that limb is in front, so a click
/// there can only mean that joint.
fn limb_point(harness: &Harness<'_, StudioApp>, joint: usize) -> Pos2 {
    use mtn_studio::app::motion::stage::pick;
    let hits = &widgets(harness).stage.hits;
    hits.iter()
        .filter(|(j, _)| *j == Some(joint))
        .map(|(_, [a, b, c])| Pos2::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0))
        .find(|p| pick(hits, *p) == Some(Some(joint)))
        .unwrap_or_else(|| panic!("joint {joint} has no limb in front on the stage"))
}

#[test]
fn clicking_a_limb_on_the_stage_selects_its_joint() {
    let mut harness = harness(example());
    harness.run();
    harness.get_by_label("Hide all").click();
    harness.run();
    let motion = &doc(&harness).motion;
    let index = |name: &str| {
        motion
            .locators
            .iter()
            .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == name)
            .unwrap()
    };
    // The near front knee and the head, both in sight from the stage's first view.
    let (knee, head) = (index("FL_LEG_KNEE"), index("HEAD_PITCH"));
    for joint in [knee, head] {
        let at = limb_point(&harness, joint);
        click_at(&mut harness, at);
        harness.run();
        let view = &tab(&harness).view;
        assert_eq!(view.focused, Some(Channel::Joint(joint)), "clicked {at:?}");
        assert!(view.visible[joint], "the selected joint's curve is shown");
        assert_eq!(
            view.visible.iter().filter(|v| **v).count(),
            if joint == knee { 1 } else { 2 },
            "only the clicked joints were shown"
        );
    }
    // A click on the empty floor selects nothing new.
    let rect = widgets(&harness).stage.rect.unwrap();
    let floor = rect.left_bottom() + egui::vec2(12.0, -40.0);
    assert_eq!(
        mtn_studio::app::motion::stage::pick(&widgets(&harness).stage.hits, floor),
        None
    );
    click_at(&mut harness, floor);
    harness.run();
    assert_eq!(tab(&harness).view.focused, Some(Channel::Joint(head)));
}

#[test]
fn a_joint_beyond_its_servo_is_flagged_in_the_joint_list_and_a_click_goes_there() {
    if !common::corpus_present(
        "a_joint_beyond_its_servo_is_flagged_in_the_joint_list_and_a_click_goes_there",
    ) {
        return;
    }
    let archive = common::scratch_dir("panels", "too-fast").join("MOTION.ODA");
    std::fs::write(&archive, common::archive_with_a_walk_too_fast()).unwrap();
    let document = Document::open_entry(&archive, common::TOO_FAST).unwrap();
    let mut harness = harness(StudioApp::with_document(document));
    harness.run();
    harness.get_by_label("Hide all").click();
    harness.run();
    let motion = &doc(&harness).motion;
    let vert = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "FL_LEG_VERT")
        .unwrap();
    let first = doc(&harness).safety_marks().too_fast[vert][0].first;
    let first_ms = doc(&harness).times_ms()[first];
    assert!(
        harness.query_by_label("HEAD_PITCH problems").is_none(),
        "the head is within its limits"
    );
    harness.get_by_label("FL_LEG_VERT problems").click();
    harness.run();
    let tab = tab(&harness);
    assert_eq!(tab.view.focused, Some(Channel::Joint(vert)));
    assert!(tab.view.visible[vert]);
    assert_eq!(tab.playback.time_ms(), first_ms, "the playhead moved there");
}
