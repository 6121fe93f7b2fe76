//! The editor driven as a user would, through egui_kittest (no window, no GPU): clicks on
//! named controls, drags on the timeline, key presses; then the saved file is read back
//! through the codec.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

mod common;

use egui::{Key, Modifiers, Pos2, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use egui_plot::PlotPoint;
use mtn_studio::app::StudioApp;
use mtn_studio::app::view::Channel;
use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::Archive;
use mtn_studio::edit::{Document, Opened};
use mtn_studio::robot::{deg_to_urad, timing};
use std::path::{Path, PathBuf};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mtn-studio-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn open(path: &Path) -> Document {
    match Document::open(path).unwrap() {
        Opened::Document(document) => *document,
        Opened::Archive { .. } => panic!("{} is an archive", path.display()),
    }
}

fn harness(app: StudioApp) -> Harness<'static, StudioApp> {
    Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut StudioApp| app.frame_ui(ui), app)
}

/// Shows only FL_LEG_KNEE, as an animator would before grabbing its points: Hide all, then
/// tick the joint.
fn show_only_knee(harness: &mut Harness<'_, StudioApp>) {
    harness.get_by_label("Hide all").click();
    harness.run();
    harness
        .get_by_role_and_label(Role::CheckBox, "FL_LEG_KNEE")
        .click();
    harness.run();
}

/// Where a keyframe of a channel is on screen now.
fn point_on_screen(harness: &Harness<'_, StudioApp>, k: usize, channel: Channel) -> Pos2 {
    let app = harness.state();
    let transform = app.view.transform.expect("the plot has been drawn");
    let time = timing::keyframe_times_ms(&app.document.motion.keyframes)[k] as f64;
    let value = mtn_studio::app::view::value(&app.document.motion, k, channel).unwrap();
    transform.position_from_point(&PlotPoint::new(time, mtn_studio::robot::urad_to_deg(value)))
}

/// Presses on `from`, moves in steps to `to`, releases.
fn drag(harness: &mut Harness<'_, StudioApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for step in 1..=5 {
        let t = step as f32 / 5.0;
        harness.hover_at(from + (to - from) * t);
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
}

fn command(harness: &mut Harness<'_, StudioApp>, key: Key, shift: bool) {
    let modifiers = if shift {
        Modifiers::COMMAND | Modifiers::SHIFT
    } else {
        Modifiers::COMMAND
    };
    harness.key_press_modifiers(modifiers, key);
    harness.run();
}

/// Replaces the text of a labelled field, as a user would: click, select all, type, leave.
fn type_into(harness: &mut Harness<'_, StudioApp>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness.key_press(Key::Backspace);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(Key::Escape);
    harness.run();
}

#[test]
fn drag_a_keyframe_edit_the_creator_undo_redo_save_and_read_back() {
    let dir = scratch("drag");
    let path = dir.join("stand-to-sit.mtn");
    std::fs::write(&path, mtn_studio::example::EXAMPLE_MTN).unwrap();
    let original = mtn::decode(mtn_studio::example::EXAMPLE_MTN)
        .unwrap()
        .motion;
    let mut harness = harness(StudioApp::with_document(open(&path)));
    harness.run();

    show_only_knee(&mut harness);
    let knee = Channel::Joint(8);
    assert!(harness.state().view.is_visible(knee));
    assert!(!harness.state().view.is_visible(Channel::Joint(0)));

    // Drag keyframe 2 up by 10 degrees.
    let transform = harness.state().view.transform.unwrap();
    let start = point_on_screen(&harness, 2, knee);
    let before_deg = transform.value_from_position(start);
    let target = transform.position_from_point(&PlotPoint::new(before_deg.x, before_deg.y + 10.0));
    drag(&mut harness, start, target);
    let dragged = harness
        .state()
        .document
        .motion
        .keyframes
        .angle(2, 8)
        .unwrap();
    let moved_deg =
        transform.value_from_position(target).y - transform.value_from_position(start).y;
    let expected = original.keyframes.angle(2, 8).unwrap() + deg_to_urad(moved_deg);
    assert_eq!(dragged, expected);
    assert!((moved_deg - 10.0).abs() < 0.1, "{moved_deg}");
    // Only that point moved.
    assert_eq!(
        harness.state().document.motion.keyframes.angle(1, 8),
        original.keyframes.angle(1, 8)
    );
    assert_eq!(
        harness.state().document.motion.keyframes.angle(2, 7),
        original.keyframes.angle(2, 7)
    );

    // Drag it right by 160 ms: 10 frames later; the neighbours keep their times.
    let start = point_on_screen(&harness, 2, knee);
    let at = transform.value_from_position(start);
    let target = transform.position_from_point(&PlotPoint::new(at.x + 160.0, at.y));
    drag(&mut harness, start, target);
    let frames = harness.state().document.motion.keyframes.frames().to_vec();
    assert_eq!(frames, vec![0, 15, 40, 20]);
    assert_eq!(
        harness.state().document.motion.keyframes.angle(2, 8),
        Some(expected)
    );

    // Edit the creator.
    type_into(&mut harness, "Creator", "Jane Animator");
    assert_eq!(harness.state().document.motion.creator, "Jane Animator");
    assert!(
        harness.state().document.title().contains('\u{25cf}'),
        "unsaved mark"
    );

    // Undo once (the creator), redo.
    command(&mut harness, Key::Z, false);
    assert_eq!(harness.state().document.motion.creator, "mtn-studio");
    assert_eq!(
        harness.state().document.motion.keyframes.frames(),
        &[0, 15, 40, 20]
    );
    command(&mut harness, Key::Z, true);
    assert_eq!(harness.state().document.motion.creator, "Jane Animator");

    // Save, and read the file back through the codec.
    command(&mut harness, Key::S, false);
    assert!(
        !harness.state().document.is_dirty(),
        "{}",
        harness.state().status
    );
    let saved = mtn::decode(&std::fs::read(&path).unwrap()).unwrap();
    assert!(saved.is_well_formed());
    assert_eq!(saved.motion.creator, "Jane Animator");
    assert_eq!(saved.motion.keyframes.len(), 4);
    assert_eq!(saved.motion.keyframes.frames(), &[0, 15, 40, 20]);
    assert_eq!(saved.motion.keyframes.angle(2, 8), Some(expected));
    for k in 0..4 {
        for j in (0..20).filter(|&j| (k, j) != (2, 8)) {
            assert_eq!(
                saved.motion.keyframes.angle(k, j),
                original.keyframes.angle(k, j),
                "{k} {j}"
            );
        }
    }
    assert_eq!(saved.motion.name, original.name);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn dragging_a_point_does_not_pan_and_dragging_empty_plot_does() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    show_only_knee(&mut harness);
    let before = harness.state().view.transform.unwrap();
    let start = point_on_screen(&harness, 1, Channel::Joint(8));
    drag(&mut harness, start, start + egui::vec2(0.0, -40.0));
    let after = harness.state().view.transform.unwrap();
    assert_eq!(
        before.bounds(),
        after.bounds(),
        "a point drag must not pan the plot"
    );
    // Empty space, far from any point: pans.
    let frame = *after.frame();
    let empty = Pos2::new(frame.center().x, frame.top() + 20.0);
    drag(&mut harness, empty, empty + egui::vec2(60.0, 0.0));
    let panned = harness.state().view.transform.unwrap();
    assert_ne!(
        after.bounds().min()[0],
        panned.bounds().min()[0],
        "the empty plot pans"
    );
}

#[test]
fn a_malformed_file_shows_its_problems_and_repair_makes_it_well_formed() {
    let dir = scratch("repair");
    let path = dir.join("KnownGoodERS7.mtn");
    std::fs::write(
        &path,
        common::corpus_file("mtn", "workbench-KnownGoodERS7.mtn"),
    )
    .unwrap();
    let mut harness = harness(StudioApp::with_document(open(&path)));
    harness.run();
    assert!(
        harness.query_by_label("section1-size").is_some(),
        "the problems panel lists the code"
    );
    assert!(harness.query_by_label("name-length").is_some());
    harness.get_by_label("Repair").click();
    harness.run();
    assert!(
        harness.state().status.contains("Repaired"),
        "{}",
        harness.state().status
    );
    command(&mut harness, Key::S, false);
    let saved = mtn::decode(&std::fs::read(&path).unwrap()).unwrap();
    assert!(saved.is_well_formed(), "{:?}", saved.problems);
    assert_eq!(saved.motion.name, "a_sleep#sit_Sleep_To_Sit");
    assert!(
        harness.query_by_label("section1-size").is_none(),
        "fixed problems leave the list"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn editing_a_motion_inside_an_archive_leaves_the_other_entries_untouched() {
    let dir = scratch("oda");
    let path = dir.join("MOTION7.ODA");
    let original = common::corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    std::fs::write(&path, &original).unwrap();
    let mut app = StudioApp::with_document(mtn_studio::app::example_document());
    app.open_path(&path);
    let mut harness = harness(app);
    harness.run();
    assert!(
        harness.state().archive_choice.is_some(),
        "an archive opens as a list of its motions"
    );
    harness.get_by_label("a_sit#sit_so0_greet").click();
    harness.run();
    assert_eq!(harness.state().document.motion.name, "a_sit#sit_so0_greet");
    type_into(&mut harness, "Creator", "edited in mtn-studio");
    command(&mut harness, Key::S, false);
    assert!(
        !harness.state().document.is_dirty(),
        "{}",
        harness.state().status
    );

    let before = Archive::read(&original).unwrap();
    let after = Archive::read(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(after.entries.len(), before.entries.len());
    for (a, b) in after.entries.iter().zip(&before.entries) {
        if a.name() == "a_sit#sit_so0_greet" {
            let motion = mtn::decode(&a.contents().unwrap()).unwrap().motion;
            assert_eq!(motion.creator, "edited in mtn-studio");
        } else {
            assert!(a.data == b.data, "{} changed", a.name());
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unsaved_edits_are_never_discarded_silently() {
    let dir = scratch("unsaved");
    let other = dir.join("other.mtn");
    std::fs::write(&other, common::corpus_file("mtn", "workbench-S2S.mtn")).unwrap();
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    type_into(&mut harness, "Creator", "not yet saved");
    harness
        .state_mut()
        .request(mtn_studio::app::Pending::OpenPath(other.clone()));
    harness.run();
    assert!(harness.query_by_label("Save your changes?").is_some());
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(harness.state().document.motion.creator, "not yet saved");
    harness
        .state_mut()
        .request(mtn_studio::app::Pending::OpenPath(other));
    harness.run();
    harness.get_by_label("Don't Save").click();
    harness.run();
    assert_eq!(harness.state().document.motion.creator, "Skitter");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn keyboard_insert_duplicate_delete_copy_paste() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let original = harness.state().document.motion.clone();
    // Insert at the playhead (960 ms, inside the last segment).
    harness.state_mut().view.playhead_ms = 960;
    harness.key_press(Key::Insert);
    harness.run();
    assert_eq!(harness.state().document.motion.keyframes.len(), 5);
    assert_eq!(
        timing::keyframe_times_ms(&harness.state().document.motion.keyframes),
        vec![0, 256, 752, 960, 1248]
    );
    // The new keyframe is selected: duplicate it, then delete the duplicate.
    command(&mut harness, Key::D, false);
    assert_eq!(harness.state().document.motion.keyframes.len(), 6);
    harness.key_press(Key::Delete);
    harness.run();
    assert_eq!(harness.state().document.motion.keyframes.len(), 5);
    // Copy the pose of keyframe 0 onto keyframe 4 (click its row number, copy, click, paste).
    harness.get_by_label("Keyframe 0").click();
    harness.run();
    command(&mut harness, Key::C, false);
    assert!(
        harness
            .state()
            .status
            .contains("Copied the pose of keyframe 0"),
        "{}",
        harness.state().status
    );
    harness.get_by_label("Keyframe 4").scroll_to_me();
    harness.run();
    harness.get_by_label("Keyframe 4").click();
    harness.run();
    command(&mut harness, Key::V, false);
    assert!(
        harness.state().status.contains("Pasted"),
        "{}",
        harness.state().status
    );
    let motion = &harness.state().document.motion;
    assert_eq!(
        motion.keyframes.get(4).map(|k| k.angles_urad),
        original.keyframes.get(0).map(|k| k.angles_urad)
    );
    // Undo everything back to the original.
    for _ in 0..4 {
        command(&mut harness, Key::Z, false);
    }
    assert_eq!(harness.state().document.motion, original);
    assert!(!harness.state().document.is_dirty());
}

#[test]
fn header_fields_and_joints_are_reachable_by_name() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    for label in [
        "Motion name",
        "Start posture",
        "End posture",
        "Description",
        "Creator",
        "Version",
        "Frame rate field",
        "Custom label",
    ] {
        assert!(
            harness.query_all_by_label(label).next().is_some(),
            "no control named {label}"
        );
    }
    for joint in ["HEAD_PITCH", "FL_LEG_KNEE", "TAIL_HORZ", "BODY_PITCH"] {
        assert!(
            harness
                .query_by_role_and_label(Role::CheckBox, joint)
                .is_some(),
            "no joint row named {joint}"
        );
    }
    assert!(
        harness.query_by_label("FL_LEG_KNEE keyframe 2").is_some(),
        "table cells are named"
    );
    // The grammar is checked live: break the name, and while the field still has the
    // keyboard the problem shows next to it.
    harness.get_by_label("Start posture").click();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness.key_press(Key::Backspace);
    harness.run();
    assert!(harness.get_by_label("Start posture").is_focused());
    assert!(
        harness
            .state()
            .document
            .problems()
            .iter()
            .any(|p| p.code == mtn_studio::codec::ProblemCode::ChunkName),
        "checked while typing"
    );
    harness.key_press(Key::Escape);
    harness.run();
    assert!(
        harness
            .state()
            .document
            .problems()
            .iter()
            .any(|p| p.code == mtn_studio::codec::ProblemCode::ChunkName)
    );
    // Next to the field, and in the problems panel.
    assert_eq!(
        harness
            .query_all_by_label_contains("start posture is empty")
            .count(),
        2
    );
}

#[test]
fn shift_click_selects_several_points_and_they_move_together() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let original = harness.state().document.motion.clone();
    show_only_knee(&mut harness);
    let knee = Channel::Joint(8);
    let click = |harness: &mut Harness<'_, StudioApp>, pos: Pos2| {
        harness.hover_at(pos);
        harness.run();
        harness.drag_at(pos);
        harness.drop_at(pos);
        harness.run();
    };
    let first = point_on_screen(&harness, 2, knee);
    click(&mut harness, first);
    harness.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    harness.run();
    let second = point_on_screen(&harness, 3, knee);
    click(&mut harness, second);
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
    assert_eq!(
        harness
            .state()
            .view
            .selection
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        vec![(2, knee), (3, knee)]
    );
    // Drag one of them up: both move by the same amount, nothing else moves.
    let transform = harness.state().view.transform.unwrap();
    let start = point_on_screen(&harness, 3, knee);
    let at = transform.value_from_position(start);
    let target = transform.position_from_point(&PlotPoint::new(at.x, at.y + 5.0));
    drag(&mut harness, start, target);
    let motion = &harness.state().document.motion;
    let delta = motion.keyframes.angle(3, 8).unwrap() - original.keyframes.angle(3, 8).unwrap();
    assert!(
        (delta - deg_to_urad(5.0)).abs() < deg_to_urad(0.1),
        "{delta}"
    );
    assert_eq!(
        motion.keyframes.angle(2, 8).unwrap() - original.keyframes.angle(2, 8).unwrap(),
        delta
    );
    assert_eq!(motion.keyframes.angle(1, 8), original.keyframes.angle(1, 8));
    // One drag, one undo step.
    command(&mut harness, Key::Z, false);
    assert_eq!(harness.state().document.motion, original);
}

#[test]
fn space_plays_in_real_time_and_edits_show_at_once() {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_step_dt(0.016)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.frame_ui(ui),
            StudioApp::with_document(mtn_studio::app::example_document()),
        );
    harness.run();
    harness.key_press(Key::Space);
    harness.step();
    assert!(harness.state().playback.playing);
    for _ in 0..10 {
        harness.step();
    }
    // 16 ms of robot time per 16 ms step at 1x.
    let time = harness.state().playback.time_ms();
    assert!((144..=176).contains(&time), "{time}");
    // What is shown is what the robot commands at that tick.
    let keyframes = harness.state().document.motion.keyframes.clone();
    let tick = harness.state().playback.tick();
    assert_eq!(
        harness.state().playback.values(&keyframes),
        timing::values_at_tick(&keyframes, tick).unwrap()
    );
    // An edit during playback is in the very next frame's values.
    harness.key_press(Key::Space);
    harness.step();
    let tick = harness.state().playback.tick();
    let before = harness
        .state()
        .playback
        .values(&harness.state().document.motion.keyframes);
    harness.state_mut().document.apply(
        "test edit",
        mtn_studio::edit::Edit::SetAngles(vec![(1, 0, -500_000)]),
    );
    harness.step();
    let after = harness
        .state()
        .playback
        .values(&harness.state().document.motion.keyframes);
    assert_ne!(before[0], after[0], "the edit shows at once (tick {tick})");
    // Home goes back to the start; arrows step one 16 ms frame.
    harness.key_press(Key::Home);
    harness.step();
    assert_eq!(harness.state().playback.time_ms(), 0);
    harness.key_press(Key::ArrowRight);
    harness.step();
    assert_eq!(harness.state().playback.time_ms(), 16);
    harness.key_press(Key::End);
    harness.step();
    assert_eq!(harness.state().playback.time_ms(), 1248);
}

#[test]
fn saving_a_motion_beyond_the_servos_asks_once() {
    let dir = scratch("safety");
    let path = dir.join("MOTION.ODA");
    std::fs::write(
        &path,
        common::corpus_file("mtn", "monet-ERS-200-MOTION.ODA"),
    )
    .unwrap();
    let document = Document::open_entry(&path, "a_walk#stand_sox_sdk").unwrap();
    let mut harness = harness(StudioApp::with_document(document));
    harness.run();
    assert!(
        harness.query_all_by_label("joint-speed").next().is_some(),
        "listed in the problems panel"
    );
    type_into(&mut harness, "Creator", "fast walker");
    command(&mut harness, Key::S, false);
    assert!(
        harness
            .query_by_label("Save a motion the robot cannot follow?")
            .is_some()
    );
    assert!(
        harness.state().document.is_dirty(),
        "not saved before the answer"
    );
    harness.get_by_label("Save Anyway").click();
    harness.run();
    assert!(
        !harness.state().document.is_dirty(),
        "{}",
        harness.state().status
    );
    // Asked once: the next save goes straight through.
    type_into(&mut harness, "Creator", "faster walker");
    command(&mut harness, Key::S, false);
    assert!(
        harness
            .query_by_label("Save a motion the robot cannot follow?")
            .is_none()
    );
    assert!(!harness.state().document.is_dirty());
    let archive = Archive::read(&std::fs::read(&path).unwrap()).unwrap();
    let index = archive.find("a_walk#stand_sox_sdk").unwrap();
    let saved = mtn::decode(&archive.entries[index].contents().unwrap()).unwrap();
    assert_eq!(saved.motion.creator, "faster walker");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn shift_drag_on_empty_plot_box_selects() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    show_only_knee(&mut harness);
    let knee = Channel::Joint(8);
    let a = point_on_screen(&harness, 2, knee);
    let b = point_on_screen(&harness, 3, knee);
    // A box from above-left of keyframe 2 to below-right of keyframe 3.
    let from = Pos2::new(a.x.min(b.x) - 20.0, a.y.min(b.y) - 20.0);
    let to = Pos2::new(a.x.max(b.x) + 20.0, a.y.max(b.y) + 20.0);
    harness.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    harness.run();
    let before = harness.state().view.transform.unwrap();
    drag(&mut harness, from, to);
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
    let selected: Vec<_> = harness.state().view.selection.iter().copied().collect();
    assert_eq!(selected, vec![(2, knee), (3, knee)]);
    let after = harness.state().view.transform.unwrap();
    assert_eq!(
        before.bounds(),
        after.bounds(),
        "a box selection does not pan"
    );
}

/// A plain click at a point: the pointer moves there, presses and releases.
fn click_at(harness: &mut Harness<'_, StudioApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    harness.drag_at(at);
    harness.run();
    harness.drop_at(at);
    harness.run();
}

/// A point on one of `joint`'s limbs in the pose view that no other joint's limb is near,
/// so a click there can only mean that joint.
fn limb_point(harness: &Harness<'_, StudioApp>, joint: usize) -> Pos2 {
    use mtn_studio::app::pose_view::{LIMB_GRAB_RADIUS, distance_to_segment};
    let limbs = &harness.state().view.pose_limbs;
    limbs
        .iter()
        .filter(|(j, _)| *j == joint)
        .flat_map(|(_, [a, b])| (1..10).map(move |i| *a + (*b - *a) * (i as f32 / 10.0)))
        .find(|p| {
            limbs
                .iter()
                .filter(|(j, _)| *j != joint)
                .all(|(_, [a, b])| distance_to_segment(*p, *a, *b) > LIMB_GRAB_RADIUS + 1.0)
        })
        .unwrap_or_else(|| panic!("joint {joint} has no limb clear of the others"))
}

#[test]
fn clicking_a_limb_of_the_posed_robot_selects_its_joint() {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    harness.get_by_label("Hide all").click();
    harness.run();
    let motion = &harness.state().document.motion;
    let index = |name: &str| {
        motion
            .locators
            .iter()
            .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == name)
            .unwrap()
    };
    let (knee, head) = (index("BR_LEG_KNEE"), index("HEAD_PITCH"));
    for joint in [knee, head] {
        let at = limb_point(&harness, joint);
        click_at(&mut harness, at);
        harness.run();
        let view = &harness.state().view;
        assert_eq!(view.focused, Some(Channel::Joint(joint)), "clicked {at:?}");
        assert!(view.visible[joint], "the selected joint's curve is shown");
        assert_eq!(
            view.visible.iter().filter(|v| **v).count(),
            if joint == knee { 1 } else { 2 },
            "only the clicked joints were shown"
        );
    }
    // A click on the empty background selects nothing new.
    let limbs = harness.state().view.pose_limbs.clone();
    let left = limbs
        .iter()
        .flat_map(|(_, [a, b])| [a.x, b.x])
        .fold(f32::INFINITY, f32::min);
    let top = limbs
        .iter()
        .flat_map(|(_, [a, b])| [a.y, b.y])
        .fold(f32::INFINITY, f32::min);
    click_at(&mut harness, Pos2::new(left - 30.0, top - 5.0));
    harness.run();
    assert_eq!(harness.state().view.focused, Some(Channel::Joint(head)));
}

#[test]
fn a_joint_beyond_its_servo_is_flagged_in_the_joint_list_and_a_click_goes_there() {
    let archive = common::corpus_dir("mtn").join("monet-ERS-200-MOTION.ODA");
    let document = Document::open_entry(&archive, "a_walk#stand_sox_sdk").unwrap();
    let mut harness = harness(StudioApp::with_document(document));
    harness.run();
    harness.get_by_label("Hide all").click();
    harness.run();
    let motion = &harness.state().document.motion;
    let vert = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "FL_LEG_VERT")
        .unwrap();
    let first = harness.state().document.safety_marks().too_fast[vert][0].first;
    let first_ms = harness.state().document.times_ms()[first];
    assert!(
        harness.query_by_label("HEAD_PITCH problems").is_none(),
        "the head is within its limits"
    );
    harness.get_by_label("FL_LEG_VERT problems").click();
    harness.run();
    let app = harness.state();
    assert_eq!(app.view.focused, Some(Channel::Joint(vert)));
    assert!(app.view.visible[vert]);
    assert_eq!(app.view.playhead_ms, first_ms);
    assert_eq!(app.playback.time_ms(), first_ms, "the playhead moved there");
}

/// Opens the File menu and picks `item`.
fn file_menu(harness: &mut Harness<'_, StudioApp>, item: &str) {
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label(item).click();
    harness.run();
}

/// Presses the button named `name` (a window's title may share the name).
fn press(harness: &mut Harness<'_, StudioApp>, name: &str) {
    harness.get_by_role_and_label(Role::Button, name).click();
    harness.run();
}

/// The ERS-7 locators of these joint names.
fn motion_locators(names: &[&str]) -> Vec<String> {
    names
        .iter()
        .filter_map(|n| {
            mtn_studio::robot::joints::ERS7
                .iter()
                .find(|j| j.name == *n)
                .map(|j| j.locator.to_owned())
        })
        .collect()
}

#[test]
fn file_import_brings_in_a_choreonoid_walk_and_export_writes_csv_that_reads_back() {
    let dir = scratch("import-export");
    let walk = common::corpus_dir("seq").join("SR1WalkPattern1.seq");
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    file_menu(&mut harness, "Import…");
    type_into(&mut harness, "Import from", &walk.display().to_string());
    assert_eq!(
        harness
            .state()
            .import_prompt
            .as_ref()
            .map(|p| p.model.as_str()),
        Some("DRX-1000"),
        "the model defaults to the open motion's"
    );
    press(&mut harness, "Import");
    let state = harness.state();
    assert!(state.import_prompt.is_none(), "{}", state.status);
    assert!(
        state.status.contains("6701 frames at 500 fps"),
        "{}",
        state.status
    );
    assert_eq!(state.document.motion.design, "DRX-1000");
    let keyframes = state.document.motion.keyframes.len();
    assert!(keyframes > 10 && keyframes < 200, "{keyframes}");
    assert!(state.document.title().contains("SR1WalkPattern1.mtn"));

    let csv = dir.join("walk.csv");
    file_menu(&mut harness, "Export…");
    type_into(&mut harness, "Export to", &csv.display().to_string());
    press(&mut harness, "Export");
    assert!(
        harness.state().status.starts_with("Exported"),
        "{}",
        harness.state().status
    );
    let back = mtn_studio::codec::csv::read(&std::fs::read_to_string(&csv).unwrap()).unwrap();
    assert_eq!(back, harness.state().document.motion);

    // A file that is not a motion keeps the window open and says why.
    let bad = dir.join("bad.seq");
    std::fs::write(&bad, "type: CompositeSeq\nframeRate: 10\ncomponents: []\n").unwrap();
    file_menu(&mut harness, "Import…");
    type_into(&mut harness, "Import from", &bad.display().to_string());
    // The imported walk is new but unedited, so importing again asks nothing.
    press(&mut harness, "Import");
    let state = harness.state();
    assert!(state.import_prompt.is_some());
    assert!(
        state.status.contains("bad.seq") && state.status.contains("no joint component"),
        "{}",
        state.status
    );

    // With a joint map, only the mapped joints are filled, from the parts it names.
    let map = dir.join("sr1-to-aibo.map");
    std::fs::write(&map, "# SR1 to ERS-7\nHEAD_PITCH = 0\nFL_LEG_KNEE = 3\n").unwrap();
    type_into(&mut harness, "Import from", &walk.display().to_string());
    type_into(
        &mut harness,
        "Joint map (optional)",
        &map.display().to_string(),
    );
    press(&mut harness, "Import");
    let motion = &harness.state().document.motion;
    assert_eq!(motion.locators.len(), 2, "{}", harness.state().status);
    let names: Vec<String> = motion
        .locators
        .iter()
        .map(|l| mtn_studio::robot::joint_name(&motion.design, l).to_owned())
        .collect();
    assert_eq!(names, ["HEAD_PITCH", "FL_LEG_KNEE"]);
    let mapped = motion.locators.clone();

    // Our own .seq export comes back with its own two joints, not twenty by order.
    let seq = dir.join("two.seq");
    file_menu(&mut harness, "Export…");
    type_into(&mut harness, "Export to", &seq.display().to_string());
    press(&mut harness, "Export");
    file_menu(&mut harness, "Import…");
    type_into(&mut harness, "Import from", &seq.display().to_string());
    press(&mut harness, "Import");
    let back = &harness.state().document.motion;
    assert_eq!(back.locators, mapped, "{}", harness.state().status);
    assert_eq!(mapped, motion_locators(&["HEAD_PITCH", "FL_LEG_KNEE"]));
    let _ = std::fs::remove_dir_all(dir);
}
