//! Posing on the stage: a paw's handle dragged (Shift: straight up), the legs solved, the
//! balance kept, one undo step named for what moved; a keyframe inserted between keyframes;
//! a paw freed by a click goes with the body.

use crate::common::ui::{ctrl, doc, drag_with, said, tab};
use egui::{Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::ops::place::Site;
use mtn_studio::robot::floor;
use mtn_studio::robot::postures::new_motion;

/// A window on a new ERS-7 stand (two keyframes, 1008 ms), the stage large enough.
pub(crate) fn stand() -> Harness<'static, StudioApp> {
    posture("stand")
}

/// A window on a new ERS-7 motion holding `name`.
pub(crate) fn posture(name: &str) -> Harness<'static, StudioApp> {
    // A folder for each test (they run at once).
    let test = std::thread::current()
        .name()
        .unwrap_or("posture")
        .replace("::", "-");
    let dir = crate::common::scratch_dir("posing", &test);
    let path = dir.join(format!("{name}.mtn"));
    let motion = new_motion("DRX-1000", name).expect("a posture");
    std::fs::write(&path, mtn::encode(&motion).expect("encoded")).expect("written");
    let mut app = StudioApp::empty();
    app.push(Action::Open(path));
    let mut harness = crate::common::ui::harness_sized(app, [1400.0, 900.0]);
    harness.run();
    harness
}

/// Each paw's ball centre at `time_ms` in the floor frame (what `stage --json` says).
pub(crate) fn paws_at(motion: &Motion, time_ms: u64) -> [[f64; 3]; 4] {
    let rig = floor::rig(motion).expect("a rig");
    Site::at(motion, time_ms, &floor::rest_ticks(&rig, motion))
        .expect("a site")
        .paws()
}

/// The undo menu's label of the last step ("" when there is none).
pub(crate) fn undo_label(harness: &Harness<'_, StudioApp>) -> String {
    tab(harness)
        .document
        .history()
        .undo_label()
        .unwrap_or_default()
        .to_owned()
}

/// A joint's column in `motion`.
pub(crate) fn column(motion: &Motion, name: &str) -> usize {
    motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == name)
        .expect("the joint")
}

pub(crate) fn handle(harness: &Harness<'_, StudioApp>, name: &str) -> Pos2 {
    harness.get_by_label(name).rect().center()
}

#[test]
fn the_fl_paw_lifted_by_its_handle_stands_on_three_and_undoes_in_one_step() {
    let mut harness = stand();
    let before = doc(&harness).motion.clone();
    let at = handle(&harness, "FL paw handle");
    drag_with(
        &mut harness,
        at,
        at - egui::vec2(0.0, 60.0),
        Modifiers::SHIFT,
    );
    let after = doc(&harness).motion.clone();
    // The playhead was on keyframe 0: the pose is written there, and the weight comes back
    // over all four paws in a keyframe on the way to the next (after the paw is down), where
    // the servos follow both halves (the paw's way down needs 512 ms of the 1008).
    assert_eq!(
        mtn_studio::robot::timing::keyframe_times_ms(&after.keyframes),
        vec![0, 512, 1008]
    );
    let label = undo_label(&harness);
    assert!(label.starts_with("Lift FL paw (FL_LEG_VERT"), "{label}");
    let paws = paws_at(&after, 0);
    assert!(paws[0][2] > 12.5 + 25.0, "FL at {:?}", paws[0]);
    for (i, paw) in paws.iter().enumerate().skip(1) {
        assert!((paw[2] - 12.5).abs() < 0.6, "paw {i} at {paw:?}");
    }
    // The balance kept the weight over the other three: the floor rests the pose on them.
    let rig = floor::rig(&after).expect("a rig");
    let rest = floor::rest_at_keyframes(&rig, &after, &floor::rest_ticks(&rig, &after));
    assert!(rest[0].margin_mm >= 14.0, "{:.1} mm", rest[0].margin_mm);
    assert_eq!(rest[0].contacts.len(), 3, "{:?}", rest[0].contacts);
    // The body angles are the floor's.
    assert_ne!(after.keyframes.body()[0], before.keyframes.body()[0]);
    // One step back.
    ctrl(&mut harness, egui::Key::Z);
    assert_eq!(doc(&harness).motion, before);
}

#[test]
fn a_paw_posed_between_keyframes_gets_a_keyframe_on_the_16_ms_frame() {
    let mut harness = stand();
    let id = harness.state().tabs.active.expect("a tab");
    harness
        .state_mut()
        .push(Action::Motion(id, MotionAction::Seek(500)));
    harness.run();
    let at = handle(&harness, "FR paw handle");
    drag_with(
        &mut harness,
        at,
        at - egui::vec2(0.0, 40.0),
        Modifiers::SHIFT,
    );
    let motion = &doc(&harness).motion;
    // The FR paw's keyframe at the playhead's frame, and the weight shifted first: a
    // keyframe into its segment and one out, the body over the other paws, each where the
    // servos follow both halves (the paw's way up needs 320 ms of the 496, its way down as
    // much of the 512).
    assert_eq!(
        mtn_studio::robot::timing::keyframe_times_ms(&motion.keyframes),
        vec![0, 176, 496, 816, 1008]
    );
    let messages = harness.state().status.log().to_vec();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Inserted keyframe 1 at 496 ms")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("Shifted the weight first: the body over the other paws, each paw still where it stood, at 176 ms, and kept there until the paw is down again at 816 ms")),
        "{messages:?}"
    );
    // The status bar keeps saying what the drag did once its simulation is back (the weight
    // shift it added, after its readout): the verdict is as it was before it (nothing falls, no
    // warning), and the poses on the way are not said.
    let revision = Some(doc(&harness).revision());
    let line = harness.state().status.latest_for(Some(id), revision);
    assert!(
        line.starts_with("Lift FR paw") && line.contains(" · Shifted the weight first"),
        "{line} ({messages:?})"
    );
    assert_eq!(
        messages.iter().filter(|m| m.contains("Simulated")).count(),
        0,
        "{messages:?}"
    );
    // One undo step for all of it.
    assert!(
        undo_label(&harness).starts_with("Lift FR paw"),
        "{}",
        undo_label(&harness)
    );
    // As the floor plays it from the stand, tick after tick, the robot stands on the other
    // three paws at the pose, the FR paw up, and the floor finds nothing wrong.
    let rig = floor::rig(motion).expect("a rig");
    let rests = floor::rest_ticks(&rig, motion);
    let parts = rig.parts();
    let on: Vec<_> = (0..parts.len())
        .filter(|&i| rests[62].touches(i))
        .map(|i| parts[i].name())
        .collect();
    assert_eq!(on, ["FL paw", "BL paw", "BR paw"], "at 496 ms");
    assert!(
        paws_at(motion, 496)[2][2] > 30.0,
        "FR at {:?}",
        paws_at(motion, 496)[2]
    );
    let problems = mtn_studio::robot::floor::floor_problems(
        &rig,
        motion,
        &rests,
        &mtn_studio::codec::mtn::Offsets::default(),
    );
    assert!(problems.is_empty(), "{problems:?}");
    ctrl(&mut harness, egui::Key::Z);
    assert_eq!(doc(&harness).motion.keyframes.len(), 2);
}

#[test]
fn a_freed_paw_goes_with_the_body_and_the_pinned_ones_stay() {
    let mut harness = stand();
    let before = doc(&harness).motion.clone();
    let bl = handle(&harness, "BL paw handle");
    crate::common::ui::click_at(&mut harness, bl);
    assert!(said(&harness).contains("BL paw free"), "{}", said(&harness));
    let body = handle(&harness, "Body handle");
    // Along the floor, toward the camera's right (the three-quarter view looks from ahead
    // and to the left: the body goes back and to the left).
    drag_with(
        &mut harness,
        body,
        body + egui::vec2(40.0, 0.0),
        Modifiers::NONE,
    );
    let after = &doc(&harness).motion;
    let label = undo_label(&harness);
    assert!(label.starts_with("Move body"), "{label}");
    let columns = |name: &str| column(after, name);
    let (k0, k1) = (
        before.keyframes.get(0).expect("k0"),
        after.keyframes.get(0).expect("k0"),
    );
    let bl = columns("BL_LEG_VERT");
    assert_eq!(
        k0.angles_urad[bl..bl + 3],
        k1.angles_urad[bl..bl + 3],
        "the freed leg moved"
    );
    let fl = columns("FL_LEG_VERT");
    assert_ne!(
        k0.angles_urad[fl..fl + 3],
        k1.angles_urad[fl..fl + 3],
        "a pinned leg kept still"
    );
    // The pinned paws stayed where they were on the floor: among themselves, as the floor
    // frame follows the body; the freed one went with the body.
    let (was, now) = (paws_at(&before, 0), paws_at(after, 0));
    let apart = |p: &[[f64; 3]; 4], a: usize, b: usize| {
        ((p[a][0] - p[b][0]).powi(2) + (p[a][1] - p[b][1]).powi(2) + (p[a][2] - p[b][2]).powi(2))
            .sqrt()
    };
    for (a, b) in [(0, 2), (0, 3), (2, 3)] {
        assert!(
            (apart(&was, a, b) - apart(&now, a, b)).abs() < 0.6,
            "{was:?} -> {now:?}"
        );
    }
    // From the stand the pinned legs are nearly straight: the body goes a few mm before they
    // reach no further, and the freed paw as far.
    assert!(
        (apart(&was, 0, 1) - apart(&now, 0, 1)).abs() > 2.0,
        "{was:?} -> {now:?}"
    );
}

#[test]
fn the_height_slider_lowers_the_body_over_the_planted_paws_in_one_step() {
    let mut harness = stand();
    let before = doc(&harness).motion.clone();
    let was = paws_at(&before, 0);
    let slider = harness.get_by_label("height").rect().center();
    // Dragged to the left: lower. While it goes on, the joints it moves are highlighted.
    harness.hover_at(slider);
    harness.run();
    harness.drag_at(slider);
    harness.run();
    for step in 1..=4 {
        harness.hover_at(slider - egui::vec2(8.0 * step as f32, 0.0));
        harness.run();
    }
    let touched = crate::common::ui::widgets(&harness)
        .stage
        .posing
        .touched
        .clone();
    assert_eq!(touched.len(), 12, "the legs' joints: {touched:?}");
    harness.drop_at(slider - egui::vec2(32.0, 0.0));
    harness.run();
    assert!(
        crate::common::ui::widgets(&harness)
            .stage
            .posing
            .touched
            .is_empty()
    );
    let after = doc(&harness).motion.clone();
    let label = undo_label(&harness);
    assert!(label.starts_with("Body height (FL_LEG_VERT"), "{label}");
    let rig = floor::rig(&after).expect("a rig");
    let rests = floor::rest_at_keyframes(&rig, &after, &floor::rest_ticks(&rig, &after));
    let height = rests[0].height_mm;
    let first =
        floor::rest_at_keyframes(&rig, &before, &floor::rest_ticks(&rig, &before))[0].height_mm;
    assert!(height < first - 10.0, "{first:.1} -> {height:.1} mm");
    // The paws stayed where they were (the floor frame's origin is under the body, which
    // went straight down).
    let now = paws_at(&after, 0);
    for i in 0..4 {
        for axis in 0..3 {
            assert!(
                (was[i][axis] - now[i][axis]).abs() < 0.6,
                "{was:?} -> {now:?}"
            );
        }
    }
    ctrl(&mut harness, egui::Key::Z);
    assert_eq!(doc(&harness).motion, before);
}

#[test]
fn a_typed_height_is_one_step_and_the_mirror_moves_the_partner_paw() {
    let mut harness = stand();
    crate::common::ui::set_number(&mut harness, "height", "120");
    let motion = doc(&harness).motion.clone();
    let rig = floor::rig(&motion).expect("a rig");
    let rests = floor::rest_at_keyframes(&rig, &motion, &floor::rest_ticks(&rig, &motion));
    assert!(
        (rests[0].height_mm - 120.0).abs() < 0.5,
        "{:.1}",
        rests[0].height_mm
    );
    let label = undo_label(&harness);
    assert!(label.starts_with("Body height"), "{label}");
    // Mirror on: the FL paw moved along the floor moves the FR paw mirrored.
    harness.get_by_label("Mirror").click();
    harness.run();
    assert!(tab(&harness).stage.mirror);
    let before = doc(&harness).motion.clone();
    let at = handle(&harness, "FL paw handle");
    drag_with(
        &mut harness,
        at,
        at + egui::vec2(-12.0, 6.0),
        Modifiers::NONE,
    );
    let (was, now) = (paws_at(&before, 0), paws_at(&doc(&harness).motion, 0));
    let moved = |i: usize| [0, 1, 2].map(|a| now[i][a] - was[i][a]);
    let (fl, fr) = (moved(0), moved(2));
    assert!(fl[0].abs() + fl[1].abs() > 3.0, "FL moved {fl:?}");
    assert!(
        (fl[0] - fr[0]).abs() < 0.6 && (fl[1] + fr[1]).abs() < 0.6,
        "{fl:?} {fr:?}"
    );
}

#[test]
fn with_balance_on_a_lift_that_would_fall_keeps_the_last_pose_that_stands() {
    let mut harness = stand();
    harness.get_by_label("Mirror").click();
    harness.run();
    let before = doc(&harness).motion.clone();
    // Both front paws up: no shift of the body stands on the hind paws alone.
    let at = handle(&harness, "FL paw handle");
    drag_with(
        &mut harness,
        at,
        at - egui::vec2(0.0, 40.0),
        Modifiers::SHIFT,
    );
    assert_eq!(doc(&harness).motion, before);
    assert!(
        said(&harness).contains("it would fall"),
        "{}",
        said(&harness)
    );
}

/// A window on the stand whose pose library keeps its poses in `dir`.
pub(crate) fn stand_with_library(dir: &std::path::Path) -> Harness<'static, StudioApp> {
    let mut harness = stand();
    harness.state_mut().poses = mtn_studio::poses::Library::in_dir(Some(dir.to_owned()));
    harness.run();
    harness
}

pub(crate) fn choose_pose(harness: &mut Harness<'_, StudioApp>, name: &str) {
    harness.get_by_label("Poses").scroll_to_me();
    harness.run();
    let combo = harness.get_by_label("Poses").rect().center();
    crate::common::ui::click_at(harness, combo);
    harness.get_by_label(name).click();
    harness.run();
}

#[test]
fn a_built_in_three_paw_pose_applied_and_the_pose_kept_under_a_name() {
    let dir = crate::common::scratch_dir("posing", "library");
    let mut harness = stand_with_library(&dir);
    choose_pose(&mut harness, "FR paw up (on three)");
    harness.get_by_label("Apply pose").click();
    harness.run();
    let motion = doc(&harness).motion.clone();
    let label = undo_label(&harness);
    assert_eq!(label, "Apply pose \"FR paw up (on three)\"");
    let rig = floor::rig(&motion).expect("a rig");
    let rest = floor::rest_at_keyframes(&rig, &motion, &floor::rest_ticks(&rig, &motion));
    assert_eq!(rest[0].contacts.len(), 3, "{:?}", rest[0].contacts);
    // Kept under a name: the model's file in the folder has it.
    crate::common::ui::type_into(&mut harness, "Keep as", "wave");
    harness.get_by_label("Save Pose").click();
    harness.run();
    let text = std::fs::read_to_string(dir.join("ERS-7.json")).expect("the ERS-7 file");
    assert!(text.contains("\"name\": \"wave\""), "{text}");
    assert!(
        said(&harness).contains("Kept the pose \"wave\""),
        "{}",
        said(&harness)
    );
    // The list's box shows it chosen, marked as the user's as the list marks it.
    let chosen = harness.get_by_label("Poses").value().unwrap_or_default();
    assert_eq!(
        chosen, "wave (yours)",
        "the box names the kept pose as the list does"
    );
    // Mirrored, from the menu, into a new keyframe after the one at the playhead, with the
    // weight shifted onto the other paws on the way and back after it, as a drag does.
    ctrl(&mut harness, egui::Key::Z);
    choose_pose(&mut harness, "wave (yours)");
    harness.get_by_label("More").click();
    harness.run();
    harness.get_by_label("Insert mirrored").click();
    harness.run();
    let motion = doc(&harness).motion.clone();
    assert_eq!(
        mtn_studio::robot::timing::keyframe_times_ms(&motion.keyframes),
        vec![0, 176, 496, 1008, 1504]
    );
    assert!(
        said(&harness).contains("shifted the weight first"),
        "{}",
        said(&harness)
    );
    let label = undo_label(&harness);
    assert_eq!(label, "Insert pose \"wave\" mirrored");
    // The FR paw was up in "wave": mirrored, the FL paw is.
    let rig = floor::rig(&motion).expect("a rig");
    let values = motion
        .keyframes
        .get(2)
        .expect("keyframe 2, the pose")
        .angles_urad
        .to_vec();
    let frame = mtn_studio::robot::place::rest_frame(&rig, &values, [0.0, 0.0, 1.0]);
    let paws = mtn_studio::robot::place::paws(&rig, &values, &frame);
    assert!(paws[0][2] > 50.0 && paws[2][2] < 13.5, "{paws:?}");
}

#[test]
fn the_look_at_handle_turns_the_head_and_the_tail_tip_the_tail() {
    let mut harness = stand();
    let before = doc(&harness).motion.clone();
    let look = handle(&harness, "Look-at handle");
    drag_with(
        &mut harness,
        look,
        look + egui::vec2(30.0, -20.0),
        Modifiers::NONE,
    );
    let after = doc(&harness).motion.clone();
    let label = undo_label(&harness);
    assert!(label.starts_with("Head look-at (HEAD_"), "{label}");
    let column = |name: &str| column(&after, name);
    let (k0, k1) = (
        before.keyframes.get(0).expect("k0"),
        after.keyframes.get(0).expect("k0"),
    );
    assert_ne!(
        k0.angles_urad[column("HEAD_YAW")],
        k1.angles_urad[column("HEAD_YAW")]
    );
    // Only the head: the legs and the tail stay.
    for name in ["FL_LEG_KNEE", "BR_LEG_VERT", "TAIL_VERT"] {
        assert_eq!(
            k0.angles_urad[column(name)],
            k1.angles_urad[column(name)],
            "{name}"
        );
    }
    let tail = handle(&harness, "Tail tip handle");
    drag_with(
        &mut harness,
        tail,
        tail + egui::vec2(20.0, 25.0),
        Modifiers::NONE,
    );
    let label = undo_label(&harness);
    assert!(label.starts_with("Tail (TAIL_VERT"), "{label}");
}

#[test]
fn joints_linked_in_the_joint_list_move_together() {
    let mut harness = stand();
    let check = harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "FL_LEG_VERT")
        .rect()
        .center();
    crate::common::ui::right_click_at(&mut harness, check);
    harness
        .get_by_label("Link with FR_LEG_VERT (mirrored)")
        .click();
    harness.run();
    let before = doc(&harness).motion.clone();
    crate::common::ui::set_number(&mut harness, "FL_LEG_VERT keyframe 1", "12");
    let after = doc(&harness).motion.clone();
    let column = |name: &str| column(&after, name);
    let (fl, fr) = (column("FL_LEG_VERT"), column("FR_LEG_VERT"));
    let change = |j: usize| {
        after.keyframes.angle(1, j).unwrap_or_default()
            - before.keyframes.angle(1, j).unwrap_or_default()
    };
    assert_ne!(change(fl), 0);
    assert_eq!(change(fr), change(fl), "the mirrored leg moved as much");
    // One undo step takes back both.
    ctrl(&mut harness, egui::Key::Z);
    assert_eq!(doc(&harness).motion, before);
}

#[test]
fn from_a_sit_both_front_paws_lift_with_the_balance_off_for_the_haunches() {
    // The sit rests on its haunches too: the balance keeps a pose over its paws alone, so it
    // stands aside and says why, and the begging paws go up.
    let mut harness = posture("sit");
    harness.get_by_label("Mirror").click();
    harness.run();
    let before = doc(&harness).motion.clone();
    let at = handle(&harness, "FL paw handle");
    drag_with(
        &mut harness,
        at,
        at - egui::vec2(0.0, 40.0),
        Modifiers::SHIFT,
    );
    assert_ne!(doc(&harness).motion, before, "the lift was refused");
    let line = said(&harness);
    assert!(
        line.contains("the balance is off here: the pose rests on its rear"),
        "{line}"
    );
    let paws = paws_at(&doc(&harness).motion, 0);
    assert!(paws[0][2] > 25.0 && paws[2][2] > 25.0, "{paws:?}");
}

#[test]
fn a_body_slider_that_stops_names_the_paw_and_the_joint_that_stop_it() {
    // An animator's review: a stand at its end, pitch -20 typed: the body went to -2.2
    // degrees and the stage said only that the pinned legs reach no further.
    let mut harness = stand();
    harness.key_press(egui::Key::End);
    harness.run();
    crate::common::ui::set_number(&mut harness, "pitch", "-20");
    let status = said(&harness);
    assert!(
        status.contains("the body stops here: the ")
            && status.contains(" paw would leave its place: ")
            && (status.contains("is at its limit") || status.contains("reach")),
        "{status}"
    );
    // The bar says it too, beside the slider, after the status bar has moved on: the value
    // reached, the one asked, and why.
    let line = harness
        .get_by_label_contains("pitch stopped at ")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(
        line.contains("° of the -20.0° asked: the ") && line.contains(" paw would leave its place"),
        "{line}"
    );
    // A gesture that goes where it is asked leaves no such line.
    crate::common::ui::set_number(&mut harness, "height", "120");
    assert!(
        harness.query_by_label_contains("stopped at ").is_none(),
        "{}",
        said(&harness)
    );
}
