//! The editor driven as a user would, through egui_kittest (no window, no GPU): clicks on
//! named controls, drags on the timeline, keys sent as the real window sends them (see
//! `common::ui`); then the saved file is read back through the codec.

use crate::common;

use common::ui::{
    Desktop, ctrl, ctrl_shift, doc, drag, harness, point_on_screen, said, show_only_knee, shows,
    tab, type_into, widgets,
};
use egui::{Key, Modifiers, Pos2, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use egui_plot::PlotPoint;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::app::motion::view::Channel;
use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::Archive;
use mtn_studio::edit::Document;
use mtn_studio::robot::{deg_to_urad, timing};
use std::path::PathBuf;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("ui", name)
}

fn example() -> StudioApp {
    StudioApp::with_document(mtn_studio::app::example_document())
}

#[test]
fn drag_a_keyframe_edit_the_creator_undo_redo_save_and_read_back() {
    let dir = scratch("drag");
    let path = dir.join("stand-to-sit.mtn");
    std::fs::write(&path, mtn_studio::example::EXAMPLE_MTN).unwrap();
    let original = mtn::decode(mtn_studio::example::EXAMPLE_MTN)
        .unwrap()
        .motion;
    let mut harness = harness(StudioApp::with_document(Document::open(&path).unwrap()));
    harness.run();

    show_only_knee(&mut harness);
    let knee = Channel::Joint(8);
    assert!(tab(&harness).view.is_visible(knee));
    assert!(!tab(&harness).view.is_visible(Channel::Joint(0)));

    // Drag keyframe 2 up by 10 degrees.
    let transform = widgets(&harness).timeline.transform.unwrap();
    let start = point_on_screen(&harness, 2, knee);
    let before_deg = transform.value_from_position(start);
    let target = transform.position_from_point(&PlotPoint::new(before_deg.x, before_deg.y + 10.0));
    drag(&mut harness, start, target);
    let dragged = doc(&harness).motion.keyframes.angle(2, 8).unwrap();
    let moved_deg =
        transform.value_from_position(target).y - transform.value_from_position(start).y;
    let expected = original.keyframes.angle(2, 8).unwrap() + deg_to_urad(moved_deg);
    assert_eq!(dragged, expected);
    assert!((moved_deg - 10.0).abs() < 0.1, "{moved_deg}");
    // Only that point moved.
    assert_eq!(
        doc(&harness).motion.keyframes.angle(1, 8),
        original.keyframes.angle(1, 8)
    );
    assert_eq!(
        doc(&harness).motion.keyframes.angle(2, 7),
        original.keyframes.angle(2, 7)
    );

    // Drag it right by 160 ms: 10 frames later; the neighbours keep their times.
    let start = point_on_screen(&harness, 2, knee);
    let at = transform.value_from_position(start);
    let target = transform.position_from_point(&PlotPoint::new(at.x + 160.0, at.y));
    drag(&mut harness, start, target);
    let frames = doc(&harness).motion.keyframes.frames().to_vec();
    assert_eq!(frames, vec![0, 15, 40, 20]);
    assert_eq!(doc(&harness).motion.keyframes.angle(2, 8), Some(expected));

    // Edit the creator.
    type_into(&mut harness, "Creator", "Jane Animator");
    assert_eq!(doc(&harness).motion.creator, "Jane Animator");
    assert!(doc(&harness).title().contains('\u{2022}'), "unsaved mark");

    // Undo once (the creator), redo.
    ctrl(&mut harness, Key::Z);
    assert_eq!(doc(&harness).motion.creator, "mtn-studio");
    assert_said_last(&harness, "Undid creator edit");
    assert_eq!(doc(&harness).motion.keyframes.frames(), &[0, 15, 40, 20]);
    ctrl_shift(&mut harness, Key::Z);
    assert_eq!(doc(&harness).motion.creator, "Jane Animator");
    assert_said_last(&harness, "Redid creator edit");
    ctrl(&mut harness, Key::Z);
    ctrl(&mut harness, Key::Z);
    assert_said_last(&harness, "Undid keyframe drag");
    ctrl_shift(&mut harness, Key::Z);
    ctrl_shift(&mut harness, Key::Z);
    assert_eq!(doc(&harness).motion.creator, "Jane Animator");

    // Save, and read the file back through the codec.
    ctrl(&mut harness, Key::S);
    assert!(!doc(&harness).is_dirty(), "{}", said(&harness));
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
    let mut harness = harness(example());
    harness.run();
    show_only_knee(&mut harness);
    let before = widgets(&harness).timeline.transform.unwrap();
    let start = point_on_screen(&harness, 1, Channel::Joint(8));
    drag(&mut harness, start, start + egui::vec2(0.0, -40.0));
    let after = widgets(&harness).timeline.transform.unwrap();
    assert_eq!(
        before.bounds(),
        after.bounds(),
        "a point drag must not pan the plot"
    );
    // Empty space, far from any point: pans.
    let frame = *after.frame();
    let empty = Pos2::new(frame.center().x, frame.top() + 20.0);
    drag(&mut harness, empty, empty + egui::vec2(60.0, 0.0));
    let panned = widgets(&harness).timeline.transform.unwrap();
    assert_ne!(
        after.bounds().min()[0],
        panned.bounds().min()[0],
        "the empty plot pans"
    );
}

#[test]
fn a_malformed_file_shows_its_problems_and_repair_makes_it_well_formed() {
    if !common::corpus_present(
        "a_malformed_file_shows_its_problems_and_repair_makes_it_well_formed",
    ) {
        return;
    }
    let dir = scratch("repair");
    let path = dir.join("KnownGoodERS7.mtn");
    std::fs::write(
        &path,
        common::corpus_file("mtn", "workbench-KnownGoodERS7.mtn"),
    )
    .unwrap();
    let mut harness = harness(StudioApp::with_document(Document::open(&path).unwrap()));
    harness.run();
    common::ui::scroll_to_problems(&mut harness);
    assert!(
        harness
            .query_all_by_label_contains("Sony's player would not load this file")
            .next()
            .is_some(),
        "the problems panel leads with what the problem means"
    );
    assert!(
        harness
            .query_all_by_label_contains("section1-size · ")
            .next()
            .is_some(),
        "the problems panel lists the code with the detail"
    );
    assert!(
        harness
            .query_all_by_label_contains("name-length · ")
            .next()
            .is_some()
    );
    common::ui::press(&mut harness, "Repair");
    assert!(said(&harness).contains("Repaired"), "{}", said(&harness));
    assert!(doc(&harness).is_dirty(), "a repair is unsaved work");
    ctrl(&mut harness, Key::S);
    assert!(!doc(&harness).is_dirty(), "{}", said(&harness));
    let saved = mtn::decode(&std::fs::read(&path).unwrap()).unwrap();
    assert!(saved.is_well_formed(), "{:?}", saved.problems);
    assert_eq!(saved.motion.name, "a_sleep#sit_Sleep_To_Sit");
    assert!(
        harness
            .query_all_by_label_contains("section1-size · ")
            .next()
            .is_none(),
        "fixed problems leave the list"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn editing_a_motion_inside_an_archive_leaves_the_other_entries_untouched() {
    if !common::corpus_present(
        "editing_a_motion_inside_an_archive_leaves_the_other_entries_untouched",
    ) {
        return;
    }
    let dir = scratch("oda");
    let path = dir.join("MOTION7.ODA");
    let original = common::corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    std::fs::write(&path, &original).unwrap();
    let mut app = example();
    app.push(Action::Open(path.clone()));
    let mut harness = harness(app);
    harness.run();
    assert!(
        shows(&harness, "Tab MOTION7.ODA"),
        "an archive opens in a tab of its own"
    );
    // Select the entry, then Enter opens it in a tab.
    harness.get_by_label("a_sit#sit_so0_greet").click();
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(doc(&harness).motion.name, "a_sit#sit_so0_greet");
    type_into(&mut harness, "Creator", "edited in mtn-studio");
    ctrl(&mut harness, Key::S);
    assert!(!doc(&harness).is_dirty(), "{}", said(&harness));

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
    if !common::corpus_present("unsaved_edits_are_never_discarded_silently") {
        return;
    }
    let dir = scratch("unsaved");
    let other = dir.join("other.mtn");
    std::fs::write(&other, common::corpus_file("mtn", "workbench-S2S.mtn")).unwrap();
    let mut harness = harness(example());
    harness.run();
    type_into(&mut harness, "Creator", "not yet saved");
    // Opening another file opens it beside the edited one: nothing is replaced.
    harness.state_mut().push(Action::Open(other.clone()));
    harness.run();
    assert_eq!(doc(&harness).motion.creator, "Skitter");
    assert_eq!(harness.state().tabs.list.len(), 2);
    // Closing the edited one asks; Cancel keeps it.
    harness
        .get_by_label(&format!("Close {}", harness.state().tabs.list[0].title()))
        .click();
    harness.run();
    assert!(shows(&harness, "Save your changes?"));
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(harness.state().tabs.list.len(), 2);
    assert_eq!(doc(&harness).motion.creator, "not yet saved");
    // Don't Save closes it.
    ctrl(&mut harness, Key::W);
    assert!(shows(&harness, "Save your changes?"));
    harness.get_by_label("Don't Save").click();
    harness.run();
    assert_eq!(harness.state().tabs.list.len(), 1);
    assert_eq!(doc(&harness).motion.creator, "Skitter");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn keyboard_insert_duplicate_delete_copy_paste() {
    let mut harness = harness(example());
    harness.run();
    let original = doc(&harness).motion.clone();
    // Insert at the playhead (960 ms, inside the last segment).
    let id = harness.state().tabs.active.unwrap();
    harness
        .state_mut()
        .push(Action::Motion(id, MotionAction::Seek(960)));
    harness.run();
    harness.key_press(Key::Insert);
    harness.run();
    assert_eq!(doc(&harness).motion.keyframes.len(), 5);
    assert_eq!(
        timing::keyframe_times_ms(&doc(&harness).motion.keyframes),
        vec![0, 256, 752, 960, 1248]
    );
    // The new keyframe is selected: duplicate it, then delete the duplicate.
    ctrl(&mut harness, Key::D);
    assert_eq!(doc(&harness).motion.keyframes.len(), 6);
    harness.key_press(Key::Delete);
    harness.run();
    assert_eq!(doc(&harness).motion.keyframes.len(), 5);
    // Copy the pose of keyframe 0 onto keyframe 4 (click its row number, Ctrl+C, click,
    // Ctrl+V), the clipboard keys arriving as the real window sends them.
    let mut desktop = Desktop::default();
    harness.get_by_label("Keyframe 0").click();
    harness.run();
    desktop.copy(&mut harness);
    assert!(
        said(&harness).contains("Copied the pose of keyframe 0"),
        "{}",
        said(&harness)
    );
    assert!(
        desktop
            .clipboard
            .as_deref()
            .is_some_and(|t| t.starts_with("mtn-studio pose")),
        "the pose is on the system clipboard: {:?}",
        desktop.clipboard
    );
    harness.get_by_label("Keyframe 4").scroll_to_me();
    harness.run();
    harness.get_by_label("Keyframe 4").click();
    harness.run();
    desktop.paste(&mut harness);
    assert!(said(&harness).contains("Pasted"), "{}", said(&harness));
    let motion = &doc(&harness).motion;
    assert_eq!(
        motion.keyframes.get(4).map(|k| k.angles_urad),
        original.keyframes.get(0).map(|k| k.angles_urad)
    );
    // Undo everything back to the original.
    for _ in 0..4 {
        ctrl(&mut harness, Key::Z);
    }
    assert_eq!(doc(&harness).motion, original);
    assert!(!doc(&harness).is_dirty());
}

#[test]
fn header_fields_and_joints_are_reachable_by_name() {
    let mut harness = harness(example());
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
        harness.query_by_label("HEAD_PITCH keyframe 2").is_some(),
        "table cells are named"
    );
    // Columns scrolled out of sight sideways are not built; scrolling brings them in.
    assert!(harness.query_by_label("TAIL_HORZ keyframe 2").is_none());
    let table = harness
        .get_by_label("HEAD_PITCH keyframe 2")
        .rect()
        .center();
    harness.hover_at(table);
    harness.run();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(-5_000.0, 0.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    // The scroll is animated over a few frames.
    harness.run_steps(10);
    assert!(
        harness.query_by_label("TAIL_HORZ keyframe 2").is_some(),
        "scrolled to the last column"
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
        doc(&harness)
            .problems()
            .iter()
            .any(|p| p.code == mtn_studio::codec::ProblemCode::CHUNK_NAME),
        "checked while typing"
    );
    harness.key_press(Key::Tab);
    harness.run();
    assert!(
        doc(&harness)
            .problems()
            .iter()
            .any(|p| p.code == mtn_studio::codec::ProblemCode::CHUNK_NAME)
    );
    // Next to the field, and in the problems panel (the column scrolled to it).
    common::ui::scroll_to_problems(&mut harness);
    assert_eq!(
        harness
            .query_all_by_label_contains("start posture is empty")
            .count(),
        2
    );
}

#[test]
fn shift_click_selects_several_points_and_they_move_together() {
    let mut harness = harness(example());
    harness.run();
    let original = doc(&harness).motion.clone();
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
    let second = point_on_screen(&harness, 3, knee);
    common::ui::click_with(&mut harness, second, Modifiers::SHIFT);
    assert_eq!(
        tab(&harness)
            .view
            .selection
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        vec![(2, knee), (3, knee)]
    );
    // Drag one of them up: both move by the same amount, nothing else moves.
    let transform = widgets(&harness).timeline.transform.unwrap();
    let start = point_on_screen(&harness, 3, knee);
    let at = transform.value_from_position(start);
    let target = transform.position_from_point(&PlotPoint::new(at.x, at.y + 5.0));
    drag(&mut harness, start, target);
    let motion = &doc(&harness).motion;
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
    ctrl(&mut harness, Key::Z);
    assert_eq!(doc(&harness).motion, original);
}

#[test]
fn space_plays_in_real_time_and_edits_show_at_once() {
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_step_dt(0.016)
        .build_ui_state(
            |ui, app: &mut StudioApp| app.frame_ui(ui),
            common::ui::for_tests(StudioApp::with_document(mtn_studio::app::example_document())),
        );
    harness.run();
    harness.key_press(Key::Space);
    harness.step();
    assert!(tab(&harness).playback.playing);
    for _ in 0..10 {
        harness.step();
    }
    // 16 ms of robot time per 16 ms step at 1x.
    let time = tab(&harness).playback.time_ms();
    assert!((144..=176).contains(&time), "{time}");
    // What is shown is what the robot commands at that tick.
    let keyframes = doc(&harness).motion.keyframes.clone();
    let tick = tab(&harness).playback.tick();
    assert_eq!(
        tab(&harness).playback.values(&keyframes),
        timing::values_at_tick(&keyframes, tick).unwrap()
    );
    // An edit during playback is in the very next frame's values.
    harness.key_press(Key::Space);
    harness.step();
    let tick = tab(&harness).playback.tick();
    let before = tab(&harness)
        .playback
        .values(&doc(&harness).motion.keyframes);
    let id = harness.state().tabs.active.unwrap();
    harness.state_mut().push(Action::Motion(
        id,
        MotionAction::Edit {
            label: "test edit".to_owned(),
            edit: mtn_studio::edit::Edit::SetAngles(vec![(1, 0, -500_000)]),
        },
    ));
    harness.step();
    let after = tab(&harness)
        .playback
        .values(&doc(&harness).motion.keyframes);
    assert_ne!(before[0], after[0], "the edit shows at once (tick {tick})");
    // Home goes back to the start; arrows step one 16 ms frame.
    harness.key_press(Key::Home);
    harness.step();
    assert_eq!(tab(&harness).playback.time_ms(), 0);
    harness.key_press(Key::ArrowRight);
    harness.step();
    assert_eq!(tab(&harness).playback.time_ms(), 16);
    harness.key_press(Key::End);
    harness.step();
    assert_eq!(tab(&harness).playback.time_ms(), 1248);
}

#[test]
fn saving_a_motion_beyond_the_servos_asks_once() {
    if !common::corpus_present("saving_a_motion_beyond_the_servos_asks_once") {
        return;
    }
    let dir = scratch("safety");
    let path = dir.join("MOTION.ODA");
    std::fs::write(&path, common::archive_with_a_walk_too_fast()).unwrap();
    let document = Document::open_entry(&path, common::TOO_FAST).unwrap();
    let mut harness = harness(StudioApp::with_document(document));
    harness.run();
    common::ui::scroll_to_problems(&mut harness);
    assert!(
        harness
            .query_all_by_label_contains("joint-speed · ")
            .next()
            .is_some(),
        "listed in the problems panel"
    );
    type_into(&mut harness, "Creator", "fast walker");
    ctrl(&mut harness, Key::S);
    assert!(
        harness
            .query_by_label("Save a motion the robot cannot follow?")
            .is_some()
    );
    assert!(doc(&harness).is_dirty(), "not saved before the answer");
    harness.get_by_label("Save Anyway").click();
    harness.run();
    assert!(!doc(&harness).is_dirty(), "{}", said(&harness));
    // Asked once: the next save goes straight through.
    type_into(&mut harness, "Creator", "faster walker");
    ctrl(&mut harness, Key::S);
    assert!(
        harness
            .query_by_label("Save a motion the robot cannot follow?")
            .is_none()
    );
    assert!(!doc(&harness).is_dirty());
    let archive = Archive::read(&std::fs::read(&path).unwrap()).unwrap();
    let index = archive.find("a_walk#stand_sox_sdk").unwrap();
    let saved = mtn::decode(&archive.entries[index].contents().unwrap()).unwrap();
    assert_eq!(saved.motion.creator, "faster walker");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn shift_drag_on_empty_plot_box_selects() {
    let mut harness = harness(example());
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
    let before = widgets(&harness).timeline.transform.unwrap();
    drag(&mut harness, from, to);
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
    let selected: Vec<_> = tab(&harness).view.selection.iter().copied().collect();
    assert_eq!(selected, vec![(2, knee), (3, knee)]);
    let after = widgets(&harness).timeline.transform.unwrap();
    assert_eq!(
        before.bounds(),
        after.bounds(),
        "a box selection does not pan"
    );
}

#[test]
fn a_quick_box_begun_beside_a_point_selects_it_and_moves_nothing() {
    // An animator's review: a quick Shift+drag begun in empty space moved a keyframe in time
    // (4176 to 4816 ms) in 3 of 5 tries: by the frame the drag was recognised, the pointer
    // had reached a point, and the point under the pointer then was grabbed, not the empty
    // place the button went down on.
    let mut harness = harness(example());
    harness.run();
    show_only_knee(&mut harness);
    let knee = Channel::Joint(8);
    let before = doc(&harness).motion.clone();
    let a = point_on_screen(&harness, 2, knee);
    let b = point_on_screen(&harness, 3, knee);
    let from = Pos2::new(a.x.min(b.x) - 20.0, a.y.min(b.y) - 20.0);
    let to = Pos2::new(a.x.max(b.x) + 20.0, a.y.max(b.y) + 20.0);
    harness.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    harness.hover_at(from);
    harness.run();
    harness.event(egui::Event::PointerButton {
        pos: from,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::SHIFT,
    });
    harness.run();
    // One frame later the pointer is on keyframe 2's point, then at the box's far corner.
    for at in [a, to] {
        harness.hover_at(at);
        harness.run();
    }
    harness.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::SHIFT,
    });
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
    assert_eq!(doc(&harness).motion, before, "a box moved a keyframe");
    let selected: Vec<_> = tab(&harness).view.selection.iter().copied().collect();
    assert_eq!(selected, vec![(2, knee), (3, knee)]);
}

/// That `message` is the status bar's latest edit message: the latest, or the one before a
/// simulation's verdict that came back from the background meanwhile (the drag above makes
/// a paw slide, which the simulation of each revision says).
fn assert_said_last(harness: &Harness<'_, StudioApp>, message: &str) {
    let log = harness.state().status.log();
    let edits: Vec<&String> = log
        .iter()
        .rev()
        .filter(|said| !said.contains("Simulated on"))
        .take(1)
        .collect();
    assert_eq!(
        edits,
        [message],
        "the status log ends {:?}",
        &log[log.len().saturating_sub(3)..]
    );
}
