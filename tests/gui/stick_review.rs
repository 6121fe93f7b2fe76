//! What a review of the stick's workspace found, as the window does it now: a motion opened
//! from the stick let go of an entry taken off it (its Save had failed on the gone archive),
//! Add to Stick filled in as last time and with the stick of the motion's model, the
//! dialog's buttons staying put when a refusal appears, a search that finds nothing said, and
//! a replace said as one.

use super::stick_workspace::{stick_tab, stick_with_a_wave};
use crate::common::ui::{harness, said, type_into};
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::Action;
use mtn_studio::edit::Origin;

#[test]
fn a_motion_opened_from_the_stick_lets_go_of_an_entry_taken_off_it() {
    let root = stick_with_a_wave("review-stale");
    let mut harness = harness(StudioApp::empty());
    harness.state_mut().push(Action::Open(root.clone()));
    harness.run();
    harness.get_by_label("Search").click();
    harness.get_by_label("Search").type_text("MY_WAVE");
    harness.run();
    harness.get_by_label("Open Behaviour").click();
    harness.run();
    let motion = harness.state().tabs.active.expect("the motion's tab");
    assert!(matches!(
        &crate::common::ui::tab(&harness).document.origin,
        Origin::Entry { .. }
    ));
    // Back to the stick, and the behaviour taken off it.
    let stick = harness
        .state()
        .tabs
        .find_stick(&root)
        .expect("the stick's tab");
    harness.state_mut().tabs.activate(stick);
    harness.run();
    harness.get_by_label("Remove from Stick…").click();
    harness.run();
    harness.get_by_label("Remove").click();
    harness.run();
    assert!(!root.join("OPEN-R/MW/DATA/P/MOTION.ODA").exists());
    let tab = harness.state().tabs.get(motion).and_then(|t| t.motion());
    let origin = &tab.expect("the motion's tab stays").document.origin;
    assert!(
        matches!(origin, Origin::Unsaved { name } if name == "a_stand#sit_example"),
        "{origin:?}"
    );
    assert!(
        said(&harness).contains("is no longer in") && said(&harness).contains("Save asks where"),
        "{}",
        said(&harness)
    );
}

#[test]
fn add_to_stick_is_filled_in_as_last_time_and_its_buttons_stay_put() {
    let root = stick_with_a_wave("review-again");
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let motion = harness.state().tabs.active.expect("a tab");
    harness.state_mut().push(Action::Open(root.clone()));
    harness.run();
    harness.state_mut().tabs.activate(motion);
    harness.run();
    crate::common::ui::menu(&mut harness, "File", "Add to Stick…");
    // The open stick is offered (the motion is an ERS-7's, as the stick).
    let folder = |harness: &egui_kittest::Harness<'_, StudioApp>| match &harness.state().modal {
        Some(mtn_studio::app::dialogs::Modal::AddToStick(prompt)) => prompt.clone(),
        other => panic!("no Add to Stick: {other:?}"),
    };
    assert_eq!(folder(&harness).folder, root.display().to_string());
    // A refusal appears under the buttons: they do not move.
    let before = harness.get_by_label("Dry Run").rect();
    type_into(&mut harness, "Action name", "my wave");
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("not an action name")
            .is_some()
    );
    assert_eq!(
        harness.get_by_label("Dry Run").rect(),
        before,
        "the buttons stay put"
    );
    // Added under a name of its own, then asked again: as it was filled in.
    type_into(&mut harness, "Action name", "MY_BOW");
    harness
        .get_by_role_and_label(
            egui::accesskit::Role::CheckBox,
            "Convert a sound the robot cannot play (to 16 kHz 16-bit mono)",
        )
        .click();
    harness.run();
    harness.get_by_label("Add").click();
    harness.run();
    assert!(harness.state().modal.is_none(), "{}", said(&harness));
    harness.state_mut().tabs.activate(motion);
    harness.run();
    crate::common::ui::menu(&mut harness, "File", "Add to Stick…");
    let again = folder(&harness);
    assert_eq!(
        (again.name.as_str(), again.convert_sound, again.replace),
        ("MY_BOW", true, false),
        "the name and the box as last time; Replace never ticked by itself"
    );
    // Replaced: said as a replace.
    harness
        .get_by_role_and_label(
            egui::accesskit::Role::CheckBox,
            "Replace my behaviour of that name on the stick (under its MWCID)",
        )
        .click();
    harness.run();
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        said(&harness).contains("Replaced on the stick"),
        "{}",
        said(&harness)
    );
    // The search that finds nothing says so.
    type_into(&mut harness, "Search", "nothing-like-it");
    assert!(
        harness
            .query_by_label_contains("No behaviour holds \"nothing-like-it\"")
            .is_some()
    );
    assert!(stick_tab(&harness).is_some());
}

#[test]
fn a_stick_changed_outside_the_window_says_so_and_reads_again() {
    let root = stick_with_a_wave("review-outside");
    let mut harness = harness(StudioApp::empty());
    harness.state_mut().push(Action::Open(root.clone()));
    harness.run();
    assert!(
        !stick_tab(&harness)
            .expect("the stick's tab")
            .changed_outside
    );
    // Another program takes the user's behaviour off (as `mtn-studio stick remove` would).
    let stick = mtn_studio::stick::Stick::open(&root).expect("the stick");
    let plan = mtn_studio::stick::add::plan_remove(&stick, "MY_WAVE").expect("a plan");
    mtn_studio::stick::apply::apply(&plan, false).expect("taken off");
    // The tab looks again about every second of the window's time.
    for _ in 0..120 {
        harness.step();
    }
    assert!(stick_tab(&harness).expect("the tab").changed_outside);
    assert!(
        harness
            .query_by_label_contains("changed outside mtn-studio")
            .is_some()
    );
    assert_eq!(
        stick_tab(&harness).expect("the tab").rows.behaviours.len(),
        2
    );
    // The banner's own Read Again (the tab's is beside Check).
    harness
        .query_all_by_label("Read Again")
        .next()
        .expect("a Read Again")
        .click();
    harness.run();
    let tab = stick_tab(&harness).expect("the tab");
    assert!(!tab.changed_outside);
    assert_eq!(tab.rows.behaviours.len(), 1, "read as it is now");
}
