//! What an animator reaches for in the first hour: a selected range played over and over,
//! jumps to the previous and next keyframe and problem, markers.

use crate::common;

use common::ui::{select_range, tab};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;

/// The example at the real window's size, each frame 16 ms of the window's clock.
fn playing_window() -> Harness<'static, StudioApp> {
    let app = common::ui::for_tests(StudioApp::with_document(mtn_studio::app::example_document()));
    // At 16 ms a frame, a tooltip takes more frames to settle than egui's four.
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_step_dt(0.016)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut StudioApp| app.frame_ui(ui), app);
    harness.run();
    harness
}

#[test]
fn loop_with_a_range_selected_plays_the_range_over_and_over() {
    let mut harness = playing_window();
    assert!(harness.query_by_label("Loop").is_some());
    // Keyframes 1 to 2 (256 to 752 ms), dragged along the strip above the timeline.
    select_range(&mut harness, 256.0, 752.0);
    let (start, end) = tab(&harness).view.range_ms.expect("a range");
    assert!(start < end && end <= 1248, "{start}..{end}");
    // With a range, the box says it loops the range.
    harness.get_by_label("Loop range").click();
    harness.run();
    assert!(tab(&harness).playback.looping);
    harness.key_press(Key::Space);
    harness.step();
    assert!(tab(&harness).playback.playing);
    // Played from outside the range, it starts at the range's start; then, frame after
    // frame for three times the range's length, the playhead never leaves it.
    let mut seen = Vec::new();
    for _ in 0..(3 * (end - start) / 16) {
        harness.step();
        seen.push(tab(&harness).playback.time_ms());
    }
    assert!(
        seen.iter().all(|&t| (start..end).contains(&t)),
        "the playhead left {start}..{end}: {seen:?}"
    );
    let wraps = seen.windows(2).filter(|w| w[1] < w[0]).count();
    assert!(wraps >= 2, "it went round at least twice: {seen:?}");
    assert!(tab(&harness).playback.playing);
}

/// The marker named `name`, as the document holds it.
fn marker_times(harness: &Harness<'_, StudioApp>) -> Vec<(u64, String)> {
    common::ui::doc(harness)
        .tracks()
        .markers()
        .iter()
        .map(|m| (m.time_ms, m.name.clone()))
        .collect()
}

/// Sets joint values (keyframe, column, µrad) of the motion in front, as one edit.
fn edit_in_front(harness: &mut Harness<'_, StudioApp>, angles: Vec<(usize, usize, i32)>) {
    let id = harness.state().tabs.active.unwrap();
    harness
        .state_mut()
        .push(mtn_studio::app::action::Action::Motion(
            id,
            mtn_studio::app::action::MotionAction::Edit {
                label: "test edit".to_owned(),
                edit: mtn_studio::edit::Edit::SetAngles(angles),
            },
        ));
}

#[test]
fn up_and_down_go_to_the_keyframes_and_f8_to_the_problems() {
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let times = common::ui::doc(&harness).times_ms().to_vec();
    for &t in &times[1..] {
        harness.key_press(Key::ArrowDown);
        harness.run();
        assert_eq!(tab(&harness).playback.time_ms(), t);
    }
    harness.key_press(Key::ArrowDown);
    harness.run();
    assert_eq!(
        tab(&harness).playback.time_ms(),
        *times.last().unwrap(),
        "stays at the last"
    );
    harness.key_press(Key::ArrowUp);
    harness.run();
    assert_eq!(tab(&harness).playback.time_ms(), times[times.len() - 2]);
    // The example has no problem: F8 says so and leaves the playhead.
    harness.key_press(Key::F8);
    harness.run();
    assert!(common::ui::said(&harness).contains("No problem at a time"));
    // A knee bent past its limit at keyframe 2: F8 goes from problem to problem, and one
    // of them is the knee's, there (the simulation finds what the knee does to the robot
    // at times of its own).
    edit_in_front(&mut harness, vec![(2, 8, 2_800_000)]);
    harness.key_press(Key::Home);
    harness.run();
    let warned = common::ui::doc(&harness)
        .problems()
        .iter()
        .filter(|p| p.severity > mtn_studio::codec::Severity::Info && p.time_ms.is_some())
        .count();
    let mut visited = Vec::new();
    for _ in 0..warned {
        harness.key_press(Key::F8);
        harness.run();
        visited.push((tab(&harness).playback.time_ms(), common::ui::said(&harness)));
    }
    assert!(
        visited
            .iter()
            .any(|(t, said)| *t == times[2] && said.contains("FL_LEG_KNEE")),
        "{visited:?}"
    );
}

#[test]
fn markers_are_added_moved_named_deleted_jumped_to_and_saved_in_the_skit() {
    let (_, path) = common::with_example("ui-first-hour", "markers");
    let mut harness = common::ui::opened(&[&path]);
    // M at 256 ms and at the end, typed as egui-winit sends a letter.
    harness.key_press(Key::ArrowDown);
    harness.run();
    common::ui::type_keys(&mut harness, "m");
    harness.key_press(Key::End);
    harness.run();
    common::ui::type_keys(&mut harness, "m");
    assert_eq!(
        marker_times(&harness),
        [(256, "Marker 1".to_owned()), (1248, "Marker 2".to_owned())]
    );
    // [ and ] go between them.
    common::ui::type_keys(&mut harness, "[");
    assert_eq!(tab(&harness).playback.time_ms(), 256);
    common::ui::type_keys(&mut harness, "]");
    assert_eq!(tab(&harness).playback.time_ms(), 1248);
    // Its flag, dragged along the row: one undo step, on the ticks, not past the next one.
    let flag = harness.get_by_label("Marker Marker 1 at 256 ms").rect();
    let transform = common::ui::widgets(&harness).timeline.transform.unwrap();
    let to = egui::pos2(transform.position_from_point_x(600.0), flag.center().y);
    common::ui::drag(&mut harness, flag.left_center() + egui::vec2(4.0, 0.0), to);
    let moved = marker_times(&harness)[0].0;
    assert!(
        (580..=620).contains(&moved) && moved.is_multiple_of(8),
        "{moved}"
    );
    // Clicked, it takes the playhead there.
    harness
        .get_by_label(&format!("Marker Marker 1 at {moved} ms"))
        .click();
    harness.run();
    assert_eq!(tab(&harness).playback.time_ms(), moved);
    // Named from its menu.
    harness
        .get_by_label(&format!("Marker Marker 1 at {moved} ms"))
        .click_secondary();
    harness.run();
    // The name field has the keyboard as the menu opens.
    common::ui::ctrl(&mut harness, Key::A);
    common::ui::type_keys(&mut harness, "paw up");
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(marker_times(&harness)[0], (moved, "paw up".to_owned()));
    // Ctrl+Z takes the name back, then the move; Ctrl+Shift+Z does them again.
    common::ui::ctrl(&mut harness, Key::Z);
    assert_eq!(marker_times(&harness)[0], (moved, "Marker 1".to_owned()));
    common::ui::ctrl(&mut harness, Key::Z);
    assert_eq!(marker_times(&harness)[0].0, 256);
    common::ui::ctrl_shift(&mut harness, Key::Z);
    common::ui::ctrl_shift(&mut harness, Key::Z);
    assert_eq!(marker_times(&harness)[0], (moved, "paw up".to_owned()));
    // A double-click on a flag names it too.
    let flag = harness.get_by_label("Marker Marker 2 at 1248 ms").rect();
    common::ui::double_click_at(&mut harness, flag.left_center() + egui::vec2(4.0, 0.0));
    common::ui::ctrl(&mut harness, Key::A);
    common::ui::type_keys(&mut harness, "end");
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(marker_times(&harness)[1], (1248, "end".to_owned()));
    // Deleted from its menu.
    harness
        .get_by_label("Marker end at 1248 ms")
        .click_secondary();
    harness.run();
    common::ui::press(&mut harness, "Delete Marker");
    assert_eq!(marker_times(&harness), [(moved, "paw up".to_owned())]);
    // Saved in the skit beside the motion, and back when it opens again; the motion's own
    // file, which has no room for markers, is left as it was, and Ctrl+S says both.
    assert!(common::ui::doc(&harness).has_unsaved());
    let bytes = std::fs::read(&path).unwrap();
    common::ui::ctrl(&mut harness, Key::S);
    assert!(
        !common::ui::doc(&harness).has_unsaved(),
        "{}",
        common::ui::said(&harness)
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let said = common::ui::said(&harness);
    assert!(
        said.contains("which the motion's own file has no room for")
            && said.contains("itself had no changes to write"),
        "{said}"
    );
    let skit = mtn_studio::behaviour::skit::read(&path.with_extension("skit")).unwrap();
    assert_eq!(skit.markers.len(), 1);
    assert_eq!(
        (skit.markers[0].time_ms, skit.markers[0].name.as_str()),
        (moved, "paw up")
    );
    let again = common::ui::opened(&[&path]);
    assert_eq!(marker_times(&again), [(moved, "paw up".to_owned())]);
    assert!(!common::ui::doc(&again).has_unsaved());
    // `info --json` lists them.
    let said = common::ok(&common::run_cli(&[&"info", &path, &"--json"]));
    let info: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(info["markers"][0]["name"], "paw up");
    assert_eq!(info["markers"][0]["time_ms"], moved);
}

#[test]
fn notes_are_folded_away_under_the_problems_and_open_on_a_click() {
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    // TAIL_HORZ at 50°: past the published 45°, within Sony's own 55°: a note.
    edit_in_front(
        &mut harness,
        vec![(2, 19, mtn_studio::robot::deg_to_urad(50.0))],
    );
    harness.run();
    let note = common::ui::doc(&harness)
        .problems()
        .iter()
        .find(|p| p.code == mtn_studio::robot::codes::JOINT_LIMIT)
        .expect("the tail is past its limit")
        .clone();
    assert_eq!(note.severity, mtn_studio::codec::Severity::Info);
    assert!(
        harness.query_by_label("Problems (0)").is_some(),
        "{:?}",
        common::ui::doc(&harness).problems()
    );
    // The note, and the simulation's notes of the example's slips.
    let notes = common::ui::doc(&harness)
        .problems()
        .iter()
        .filter(|p| p.severity == mtn_studio::codec::Severity::Info)
        .count();
    let fold = format!(
        "Show {} (worth knowing, nothing wrong)",
        mtn_studio::words::plural(notes, "note", "notes")
    );
    let fold = fold.as_str();
    assert!(harness.query_by_label(fold).is_some(), "{fold}");
    let meaning = mtn_studio::robot::meaning::meaning(&note);
    assert!(
        harness
            .query_all_by_label_contains(meaning)
            .next()
            .is_none(),
        "folded"
    );
    // The posing bar and the header stand above the problems: on to them.
    harness.get_by_label(fold).scroll_to_me();
    harness.run();
    harness.get_by_label(fold).click();
    harness.run();
    let hide = fold.replacen("Show", "Hide", 1);
    let hide = hide.as_str();
    harness.get_by_label(hide).scroll_to_me();
    harness.run();
    // Shown, among the other notes: scrolled to.
    let at = harness.get_by_label(hide).rect().center();
    for _ in 0..10 {
        if harness
            .query_all_by_label_contains(meaning)
            .next()
            .is_some()
        {
            break;
        }
        common::ui::wheel(&mut harness, at, -120.0);
    }
    assert!(
        harness
            .query_all_by_label_contains(meaning)
            .next()
            .is_some(),
        "shown"
    );
    assert!(harness.query_by_label(hide).is_some());
}

#[test]
fn view_open_tabs_lists_every_tab_and_brings_one_to_the_front() {
    // Eleven tabs in a narrow window: most scroll out of sight on the tab row; View > Open
    // Tabs names every one, and a click on one brings it to the front.
    let mut harness = eleven_tabs();
    harness.run();
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("Open Tabs").click();
    harness.run();
    for n in 0..11 {
        assert!(
            harness.query_by_label(&format!("motion_{n}.mtn")).is_some(),
            "motion_{n} is listed"
        );
    }
    harness.get_by_label("motion_2.mtn").click();
    harness.run();
    assert_eq!(
        common::ui::doc(&harness).origin.display_name(),
        "motion_2.mtn"
    );
}

#[test]
fn the_list_at_the_tab_rows_end_names_every_tab_and_brings_one_to_the_front() {
    // The same eleven tabs; the list button at the tab row's end (outside what scrolls)
    // names them all, the last (in front) and the first (scrolled out of sight) alike.
    let mut harness = eleven_tabs();
    harness.run();
    let list = harness.get_by_label("Open tabs");
    assert!(
        list.rect().max.x > 850.0,
        "the list sits at the row's end: {:?}",
        list.rect()
    );
    list.click();
    harness.run();
    for n in 0..11 {
        assert!(
            harness.query_by_label(&format!("motion_{n}.mtn")).is_some(),
            "motion_{n} is listed"
        );
    }
    harness.get_by_label("motion_0.mtn").click();
    harness.run();
    assert_eq!(
        common::ui::doc(&harness).origin.display_name(),
        "motion_0.mtn"
    );
    // The tab brought to the front is scrolled into view on the row.
    harness.run();
    let tab = harness.get_by_label("Tab motion_0.mtn");
    assert!(
        tab.rect().min.x >= 0.0 && tab.rect().max.x < 880.0,
        "{:?}",
        tab.rect()
    );
}

#[test]
fn many_tabs_stay_on_one_line_that_scrolls_to_the_tab_in_front() {
    let mut app = StudioApp::empty();
    for n in 0..8 {
        let mut document = mtn_studio::app::example_document();
        document.origin = mtn_studio::edit::Origin::Unsaved {
            name: format!("a_long_motion_name_number_{n}.mtn"),
        };
        app.push(mtn_studio::app::action::Action::AddMotion(Box::new(
            document,
        )));
    }
    let mut harness = common::ui::harness_sized(app, [900.0, 600.0]);
    harness.run();
    let last = "a_long_motion_name_number_7.mtn";
    let tab = harness.get_by_label(&format!("Tab {last}")).rect();
    let close = harness.get_by_label(&format!("Close {last}")).rect();
    // The tab in front (the last opened) is in view, with its × beside it on its line.
    assert!(tab.max.x <= 900.0 && tab.min.x >= 0.0, "{tab:?}");
    assert!(
        (close.center().y - tab.center().y).abs() < 2.0,
        "{tab:?} {close:?}"
    );
    // One line: every tab that is built sits at the same height.
    let first = harness
        .get_by_label("Tab a_long_motion_name_number_0.mtn")
        .rect();
    assert!(
        (first.center().y - tab.center().y).abs() < 2.0,
        "{first:?} {tab:?}"
    );
    // Ctrl+PageUp seven times brings the first to the front, scrolled into view.
    for _ in 0..7 {
        common::ui::ctrl(&mut harness, Key::PageUp);
    }
    let first = harness
        .get_by_label("Tab a_long_motion_name_number_0.mtn")
        .rect();
    assert!(first.min.x >= 0.0 && first.max.x <= 900.0, "{first:?}");
    // The wheel over the tabs scrolls them sideways; a click low on a tab (where a scroll
    // bar would lie over it) brings it to the front.
    let second =
        |h: &Harness<'_, StudioApp>| h.get_by_label("Tab a_long_motion_name_number_1.mtn").rect();
    let before = second(&harness);
    common::ui::wheel(&mut harness, before.center(), -120.0);
    let after = second(&harness);
    // About a tab a click (an animator's review: some forty clicks to cross eleven tabs).
    assert!(
        after.min.x < before.min.x - 0.8 * before.width(),
        "{before:?} -> {after:?}"
    );
    let third = harness
        .get_by_label("Tab a_long_motion_name_number_2.mtn")
        .rect();
    let low = egui::pos2(third.center().x, third.bottom() - 2.0);
    common::ui::click_at(&mut harness, low);
    assert_eq!(
        common::ui::doc(&harness).origin.display_name(),
        "a_long_motion_name_number_2.mtn"
    );
}

#[test]
fn behaviours_offer_the_sits_own_led_pattern_first_with_its_archive_and_the_filter_narrows() {
    use mtn_studio::codec::oda::{Archive, Entry, EntryKind};
    let dir = common::scratch_dir("ui-first-hour", "behaviours");
    let motion = "a_sit#sit_game101";
    let write = |file: &str, entries: &[(EntryKind, &str, Vec<u8>)]| {
        let mut archive = Archive::default();
        for (kind, name, bytes) in entries {
            archive
                .add(Entry::new(*kind, name, bytes.clone()).unwrap())
                .unwrap();
        }
        std::fs::write(dir.join(file), archive.write().unwrap()).unwrap();
    };
    write(
        "MOTION.ODA",
        &[(
            EntryKind::Motion,
            motion,
            mtn_studio::example::EXAMPLE_MTN.to_vec(),
        )],
    );
    let led = common::sound::sony_led();
    write(
        "DYNLED.ODA",
        &[
            (
                EntryKind::Led,
                "d00_game101_l1f",
                common::sound::smf(480, 500_000, None, &[]),
            ),
            (EntryKind::Led, "x00_game101_l1b", led.clone()),
        ],
    );
    write("LD013001.ODA", &[(EntryKind::Led, "t00_game101_l1f", led)]);
    let mut app = StudioApp::empty();
    app.push(mtn_studio::app::action::Action::OpenEntry {
        archive: dir.join("MOTION.ODA"),
        entry: motion.to_owned(),
    });
    let mut harness = common::ui::harness(app);
    harness.run();
    common::ui::menu(&mut harness, "File", "Behaviours…");
    let first = "t00_game101_l1f in LD013001.ODA (3)";
    assert!(
        harness.query_by_label(first).is_some(),
        "the sit's own, with its archive"
    );
    let others = "x00_game101_l1b in DYNLED.ODA (1)";
    assert!(harness.query_by_label(others).is_some());
    // Typed into Show, "x00" leaves the candidates that match it.
    common::ui::type_into(&mut harness, "Show", "x00");
    assert!(harness.query_by_label(first).is_none(), "narrowed away");
    assert!(harness.query_by_label(others).is_some());
}

#[test]
fn a_view_preset_frames_the_whole_pose_a_raised_head_included() {
    use mtn_studio::app::motion::stage::{StageState, stage_ui};
    // The stand with the head raised as far as it goes (tilt 0°, the second tilt 45°).
    let mut motion = mtn_studio::example::stand_to_sit();
    let mut values = motion.keyframes.get(0).unwrap().angles_urad.to_vec();
    values[0] = 0;
    values[2] = mtn_studio::robot::deg_to_urad(45.0);
    let mut keyframes = mtn_studio::codec::mtn::Keyframes::new(values.len());
    keyframes.push(0, [0; 3], &values).unwrap();
    motion.keyframes = keyframes;
    let on_stage = crate::on_stage::OnStage::new(motion, 0);
    let input = on_stage.input(mtn_studio::app::motion::stage::model::StageModel::default());
    let mut harness = Harness::builder().with_size([320.0, 260.0]).build_ui_state(
        |ui, state: &mut StageState| {
            stage_ui(ui, &input, (false, false), state);
        },
        StageState::default(),
    );
    harness.run();
    // Zoomed in close (the wheel over the stage), the robot runs off the stage's edges.
    let rect = harness.state().rect.unwrap();
    harness.hover_at(rect.center());
    for _ in 0..6 {
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, 120.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        harness.step();
    }
    harness.run();
    let inside = |state: &StageState| {
        let rect = state.rect.unwrap().expand(1.0);
        state
            .hits
            .iter()
            .all(|(_, tri)| tri.iter().all(|p| rect.contains(*p)))
    };
    assert!(!inside(harness.state()), "zoomed in, the robot is cut off");
    // The Front preset (its key, 1) frames the whole pose.
    harness.key_press(Key::Num1);
    harness.run();
    assert!(inside(harness.state()), "framed whole after the preset");
}

#[test]
fn simplify_smooth_and_generate_have_shortcuts() {
    use mtn_studio::app::Modal;
    for (key, which) in [
        (Key::K, "Simplify"),
        (Key::M, "Smooth"),
        (Key::G, "Generate"),
    ] {
        let mut harness =
            common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
        harness.run();
        common::ui::ctrl_shift(&mut harness, key);
        let opened = match &harness.state().modal {
            Some(Modal::MotionOp(prompt)) => prompt.form.title(),
            _ => "none",
        };
        assert_eq!(opened, which, "Ctrl+Shift+{key:?}");
    }
}

#[test]
fn a_status_message_leaves_the_status_bar_once_the_motion_is_edited_again() {
    let (_, path) = common::with_example("ui-first-hour", "status");
    let mut harness = common::ui::opened(&[&path]);
    // Copying a pose says so in the status bar.
    harness.get_by_label("Keyframe 0").click();
    harness.run();
    common::ui::Desktop::default().copy(&mut harness);
    let copied = "Copied the pose of keyframe 0";
    let shown = |h: &Harness<'_, StudioApp>| h.query_all_by_label_contains(copied).next().is_some();
    assert!(shown(&harness), "{}", common::ui::said(&harness));
    // A later edit (a value typed into a cell): the message is old news and goes.
    common::ui::set_number(&mut harness, "HEAD_YAW keyframe 1", "7");
    assert!(common::ui::doc(&harness).is_dirty());
    assert!(
        !shown(&harness),
        "the copy message stood beside a later edit"
    );
    // It is still in the log (View > Messages…).
    assert!(common::ui::said(&harness).contains(copied));
}

#[test]
fn a_quick_shift_click_adds_to_the_selection_in_the_table_and_on_the_timeline() {
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    harness.get_by_label("Keyframe 1").click();
    harness.run();
    // Shift let go before the frame ends: the click's own event says it was held.
    let row = harness.get_by_label("Keyframe 3").rect().center();
    common::ui::quick_click_with(&mut harness, row, egui::Modifiers::SHIFT);
    assert_eq!(
        common::ui::selected_rows(&harness),
        [1, 2, 3],
        "Shift selects the rows from the one clicked before"
    );
    // Ctrl takes one away (and puts it back), as in a spreadsheet.
    let two = harness.get_by_label("Keyframe 2").rect().center();
    common::ui::click_with(&mut harness, two, egui::Modifiers::COMMAND);
    assert_eq!(common::ui::selected_rows(&harness), [1, 3]);
    // On the timeline: a point, then a quick Shift-click on another adds it.
    let knee = mtn_studio::app::motion::view::Channel::Joint(5);
    let point = |k: usize| common::ui::point_on_screen(&harness, k, knee);
    let (first, second) = (point(1), point(3));
    common::ui::click_at(&mut harness, first);
    common::ui::quick_click_with(&mut harness, second, egui::Modifiers::SHIFT);
    // (The point drawn on top there is whichever joint's; the keyframes are what count.)
    let chosen: Vec<usize> = common::ui::tab(&harness)
        .view
        .selection
        .iter()
        .map(|(k, _)| *k)
        .collect();
    assert_eq!(chosen, [1, 3]);
}

#[test]
fn the_range_strips_hint_stays_hidden_after_a_drag_on_it_until_the_pointer_leaves() {
    let mut harness =
        common::ui::harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    let hint = "Drag to select a time range";
    let shows = |h: &Harness<'_, StudioApp>| h.query_all_by_label_contains(hint).next().is_some();
    let strip = harness.get_by_label("Time range").rect();
    // Resting over the strip, its hint shows.
    harness.hover_at(strip.center());
    harness.run_steps(8);
    assert!(shows(&harness), "the hint shows at rest");
    // A range dragged (let go over the curves), then dragged again from inside it and let
    // go on the strip: the hint would cover the curves just selected.
    let from = strip.center() - egui::vec2(100.0, 0.0);
    common::ui::drag(&mut harness, from, strip.center() + egui::vec2(80.0, 150.0));
    harness.run_steps(8);
    common::ui::drag(&mut harness, from, strip.center() + egui::vec2(80.0, 0.0));
    harness.run_steps(8);
    assert!(
        common::ui::tab(&harness).view.range_ms.is_some(),
        "a range was selected"
    );
    assert!(!shows(&harness), "the hint lingers after the drag");
    // Away and back: it shows again.
    harness.hover_at(strip.center() + egui::vec2(0.0, 200.0));
    harness.run_steps(4);
    harness.hover_at(strip.center());
    harness.run_steps(8);
    assert!(shows(&harness), "the hint shows again");
}

/// Eleven unsaved tabs, `motion_0.mtn` to `motion_10.mtn`, in a 900x600 window: most of
/// the tab row scrolls out of sight.
fn eleven_tabs() -> Harness<'static, StudioApp> {
    let mut app = StudioApp::empty();
    for n in 0..11 {
        let mut document = mtn_studio::app::example_document();
        document.origin = mtn_studio::edit::Origin::Unsaved {
            name: format!("motion_{n}.mtn"),
        };
        app.push(mtn_studio::app::action::Action::AddMotion(Box::new(
            document,
        )));
    }
    common::ui::harness_sized(app, [900.0, 600.0])
}

/// A review opened Sony's ERS-7 and ERS-210 `a_walk#walk_sox_fwd.mtn`, each from its own
/// folder, and their tabs read alike. The list of open tabs names each one's folder where
/// titles are alike (and only there).
#[test]
fn tabs_of_one_title_are_told_apart_by_their_folders() {
    let dir = common::scratch_dir("first-hour", "same-title");
    let mut app = StudioApp::empty();
    for folder in ["ers7", "ers210", "other"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
        let name = if folder == "other" {
            "else.mtn"
        } else {
            "walk.mtn"
        };
        let path = dir.join(folder).join(name);
        std::fs::write(&path, mtn_studio::example::EXAMPLE_MTN).unwrap();
        app.push(mtn_studio::app::action::Action::Open(path));
    }
    let mut harness = common::ui::harness_sized(app, [1200.0, 700.0]);
    harness.run();
    harness.get_by_label("Open tabs").click();
    harness.run();
    for listed in [
        "walk.mtn \u{2014} ers7/",
        "walk.mtn \u{2014} ers210/",
        "else.mtn",
    ] {
        assert!(harness.query_by_label(listed).is_some(), "{listed} listed");
    }
}
