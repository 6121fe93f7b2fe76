//! The window as a place to work in, driven through egui_kittest with keys sent as the real
//! window sends them: several motions in tabs, an archive as a browser, and nothing lost
//! (every change marks its motion unsaved, closing asks, a file changed on disk is not
//! silently overwritten, failures say which file and why).

use crate::common;

use common::ui::{
    Desktop, ctrl, ctrl_shift, doc, drag, harness, menu, opened, point_on_screen, press, said,
    shows, tab, type_into, widgets,
};
use egui::{Key, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_plot::PlotPoint;
use mtn_studio::app::action::Action;
use mtn_studio::app::motion::view::Channel;
use mtn_studio::app::{Modal, StudioApp, TabKind};
use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::Archive;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("window", name)
}

/// An ERS-7 motion from the corpus, written as a file of its own.
fn ers7_motion(dir: &Path, entry: &str) -> PathBuf {
    let path = dir.join(format!("{}.mtn", entry.replace('#', "-")));
    std::fs::write(
        &path,
        common::corpus_entry("monet-ERS-7-MOTION7.ODA", entry),
    )
    .unwrap();
    path
}

fn example_file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, mtn_studio::example::EXAMPLE_MTN).unwrap();
    path
}

fn activate(harness: &mut Harness<'_, StudioApp>, title: &str) {
    harness.get_by_label(&format!("Tab {title}")).click();
    harness.run();
}

fn select_row(harness: &mut Harness<'_, StudioApp>, k: usize) {
    let row = format!("Keyframe {k}");
    harness.get_by_label(&row).scroll_to_me();
    harness.run();
    harness.get_by_label(&row).click();
    harness.run();
}

fn read(path: &Path) -> mtn::Motion {
    mtn::decode(&std::fs::read(path).unwrap()).unwrap().motion
}

#[test]
fn a_pose_copied_in_one_tab_pastes_into_another_and_both_save() {
    if !common::corpus_present("a_pose_copied_in_one_tab_pastes_into_another_and_both_save") {
        return;
    }
    let dir = scratch("tabs");
    let a = example_file(&dir, "a.mtn");
    let b = ers7_motion(&dir, "a_sit#stand_standard");
    let mut harness = opened(&[&a, &b]);
    assert_eq!(harness.state().tabs.list.len(), 2);
    assert!(shows(&harness, "Tab a.mtn") && shows(&harness, "Close a.mtn"));
    assert_eq!(
        doc(&harness).origin.display_name(),
        "a_sit-stand_standard.mtn"
    );

    // In a.mtn: copy keyframe 1's pose (Ctrl+C as the real window sends it), and edit.
    let mut desktop = Desktop::default();
    activate(&mut harness, "a.mtn");
    let pose = doc(&harness)
        .motion
        .keyframes
        .get(1)
        .unwrap()
        .angles_urad
        .to_vec();
    select_row(&mut harness, 1);
    desktop.copy(&mut harness);
    type_into(&mut harness, "Creator", "tab a");

    // In the other tab: paste it onto keyframe 2 (Ctrl+V brings the clipboard's text).
    activate(&mut harness, "a_sit-stand_standard.mtn");
    select_row(&mut harness, 2);
    desktop.paste(&mut harness);
    assert!(
        said(&harness).contains("20 joints matched"),
        "{}",
        said(&harness)
    );
    assert_eq!(
        doc(&harness).motion.keyframes.get(2).unwrap().angles_urad,
        &pose[..]
    );
    assert!(
        harness
            .state()
            .tabs
            .list
            .iter()
            .all(|t| t.title().contains('\u{2022}'))
    );

    // Each has its own history: undo here leaves a.mtn's edit alone.
    ctrl(&mut harness, Key::Z);
    assert_ne!(
        doc(&harness).motion.keyframes.get(2).unwrap().angles_urad,
        &pose[..]
    );
    ctrl(&mut harness, Key::Y);
    // Sony's own motion goes past the ERS-7's published limits only as far as Sony's
    // motions go (a note): saving asks nothing.
    ctrl(&mut harness, Key::S);
    assert!(
        harness.state().modal.is_none(),
        "{:?}",
        harness.state().modal
    );
    activate(&mut harness, "a.mtn \u{2022}");
    assert_eq!(doc(&harness).motion.creator, "tab a");
    ctrl(&mut harness, Key::S);
    assert!(!harness.state().any_dirty(), "{}", said(&harness));

    assert_eq!(read(&a).creator, "tab a");
    assert_eq!(read(&b).keyframes.get(2).unwrap().angles_urad, &pose[..]);
    let _ = std::fs::remove_dir_all(dir);
}

fn archive_tab<'a>(harness: &'a Harness<'_, StudioApp>) -> &'a mtn_studio::app::ArchiveTab {
    match &harness.state().tabs.active().unwrap().kind {
        TabKind::Archive(tab) => tab,
        TabKind::Motion(..) | TabKind::Gait(_) | TabKind::Stick(_) => {
            panic!("an archive tab is not in front")
        }
    }
}

fn shown_rows(harness: &Harness<'_, StudioApp>) -> Vec<String> {
    let tab = archive_tab(harness);
    tab.index
        .select(&tab.query)
        .into_iter()
        .map(|row| tab.index.rows[row].name.clone())
        .collect()
}

fn open_entry(harness: &mut Harness<'_, StudioApp>, name: &str) {
    harness.get_by_label(name).click();
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    assert!(
        doc(harness)
            .origin
            .display_name()
            .ends_with(&format!(": {name}")),
        "{}",
        said(harness)
    );
}

#[test]
fn an_archive_is_searched_filtered_and_its_edited_motions_saved_back_together() {
    if !common::corpus_present(
        "an_archive_is_searched_filtered_and_its_edited_motions_saved_back_together",
    ) {
        return;
    }
    let dir = scratch("browser");
    let path = dir.join("MOTION.ODA");
    // Sony's ERS-210 archive, one walk made faster than the robot follows.
    let original = common::archive_with_a_walk_too_fast();
    std::fs::write(&path, &original).unwrap();
    let mut harness = opened(&[&path]);
    assert_eq!(shown_rows(&harness).len(), 25);

    // Search.
    type_into(&mut harness, "Search", "walk");
    assert_eq!(
        shown_rows(&harness),
        [
            "a_stand#walk_sox_sdk",
            "a_walk#stand_sox_sdk",
            "a_walk#walk_sox_bwd",
            "a_walk#walk_sox_fwd"
        ]
    );
    // Only those with problems, sorted by their count, most first.
    type_into(&mut harness, "Search", "");
    harness.get_by_label("Only with problems").click();
    harness.run();
    // Three: the walk made too fast; twistdance1, whose name says it starts and ends
    // standing, and it does not (posture-mismatch); sit_lose01's header. Sony's own walks,
    // no faster than Sony's motions go, have speed notes, not problems.
    assert_eq!(shown_rows(&harness).len(), 3, "{:?}", shown_rows(&harness));
    harness.get_by_label("Problems").click();
    harness.run();
    harness.get_by_label("Problems ⏶").click();
    harness.run();
    let rows = shown_rows(&harness);
    assert_eq!(rows[0], common::TOO_FAST, "{rows:?}");
    assert_eq!(rows.last().map(String::as_str), Some("sit_lose01"));
    harness.get_by_label("Only with problems").click();
    harness.run();
    // By posture: a filter's choices come from the motions' names.
    harness
        .get_by_role_and_label(Role::ComboBox, "Posture")
        .click();
    harness.run();
    harness.get_by_role_and_label(Role::Button, "sleep").click();
    harness.run();
    let tab = archive_tab(&harness);
    let sleeping = tab.index.select(&tab.query);
    assert_eq!(sleeping.len(), 7, "{:?}", shown_rows(&harness));
    for row in sleeping {
        let facts = tab.index.rows[row].motion.as_ref().unwrap();
        assert!(facts.start == "sleep" || facts.end == "sleep", "{facts:?}");
    }
    harness
        .get_by_role_and_label(Role::ComboBox, "Posture")
        .click();
    harness.run();
    harness.get_by_label("any").click();
    harness.run();

    // Open two entries in tabs and edit both; the archive's tab is marked unsaved once the
    // first is edited.
    for (entry, creator, tab) in [
        ("a_sit#stand_standard", "one", "MOTION.ODA"),
        ("robodance1", "two", "MOTION.ODA \u{2022}"),
    ] {
        activate(&mut harness, tab);
        open_entry(&mut harness, entry);
        type_into(&mut harness, "Creator", creator);
    }
    assert_eq!(harness.state().tabs.list.len(), 3);
    // The browser marks the edited entries; its Save writes both back in one go.
    activate(&mut harness, "MOTION.ODA \u{2022}");
    assert_eq!(harness.query_all_by_label("•").count(), 2);
    ctrl(&mut harness, Key::S);
    assert!(
        said(&harness).contains("Saved 2 motions into MOTION.ODA"),
        "{}",
        said(&harness)
    );
    assert!(!harness.state().any_dirty());
    assert_eq!(harness.query_all_by_label("•").count(), 0);

    let before = Archive::read(&original).unwrap();
    let after = Archive::read(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(after.entries.len(), before.entries.len());
    for (a, b) in after.entries.iter().zip(&before.entries) {
        let creator = match a.name().as_str() {
            "a_sit#stand_standard" => "one",
            "robodance1" => "two",
            _ => {
                assert!(a.data == b.data, "{} changed", a.name());
                continue;
            }
        };
        let motion = mtn::decode(&a.contents().unwrap()).unwrap().motion;
        assert_eq!(motion.creator, creator);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A change made through the window, from a clean motion.
type Change = fn(&mut Harness<'static, StudioApp>);

fn knee_drag(harness: &mut Harness<'static, StudioApp>) {
    common::ui::show_only_knee(harness);
    let transform = widgets(harness).timeline.transform.unwrap();
    let start = point_on_screen(harness, 2, Channel::Joint(8));
    let at = transform.value_from_position(start);
    drag(
        harness,
        start,
        transform.position_from_point(&PlotPoint::new(at.x, at.y + 5.0)),
    );
}

#[test]
fn every_change_marks_its_motion_unsaved_and_closing_asks() {
    if !common::corpus_present("every_change_marks_its_motion_unsaved_and_closing_asks") {
        return;
    }
    let dir = scratch("marks");
    let changes: [(&str, Change); 10] = [
        ("drag a keyframe", knee_drag),
        ("insert", |h| {
            h.key_press(Key::ArrowRight);
            h.run();
            h.key_press(Key::Insert);
            h.run();
        }),
        ("duplicate", |h| {
            select_row(h, 1);
            ctrl(h, Key::D);
        }),
        ("delete", |h| {
            select_row(h, 1);
            h.key_press(Key::Delete);
            h.run();
        }),
        ("cut", |h| {
            select_row(h, 2);
            Desktop::default().cut(h);
        }),
        ("paste", |h| {
            let mut desktop = Desktop::default();
            select_row(h, 0);
            desktop.copy(h);
            select_row(h, 3);
            desktop.paste(h);
        }),
        ("edit the creator", |h| type_into(h, "Creator", "someone")),
        ("drag a table cell", |h| {
            let cell = h.get_by_label("HEAD_PITCH keyframe 2").rect().center();
            drag(h, cell, cell + egui::vec2(30.0, 0.0));
        }),
        ("pick a design label", |h| {
            h.get_by_label("Design label").scroll_to_me();
            h.run();
            h.get_by_label("Design label").click();
            h.run();
            h.get_by_label_contains("DRX-900").click();
            h.run();
        }),
        ("undo after saving", |h| {
            type_into(h, "Creator", "saved");
            ctrl(h, Key::S);
            assert!(!doc(h).is_dirty());
            ctrl(h, Key::Z);
        }),
    ];
    for (name, change) in changes {
        let path = example_file(&dir, "m.mtn");
        let mut harness = opened(&[&path]);
        assert!(!doc(&harness).is_dirty(), "{name}: clean at first");
        change(&mut harness);
        assert!(doc(&harness).is_dirty(), "{name}: no unsaved mark");
        assert!(
            tab(&harness).document.title().contains('\u{2022}'),
            "{name}"
        );
        ctrl(&mut harness, Key::W);
        assert!(
            shows(&harness, "Save your changes?"),
            "{name}: closing did not ask"
        );
        press(&mut harness, "Cancel");
        assert_eq!(
            harness.state().tabs.list.len(),
            1,
            "{name}: Cancel keeps it"
        );
    }
    // Repair of a malformed file, and an import, are unsaved work too.
    let malformed = dir.join("malformed.mtn");
    std::fs::write(
        &malformed,
        common::corpus_file("mtn", "workbench-KnownGoodERS7.mtn"),
    )
    .unwrap();
    let mut harness = opened(&[&malformed]);
    press(&mut harness, "Repair");
    assert!(doc(&harness).is_dirty(), "Repair: no unsaved mark");
    ctrl(&mut harness, Key::Q);
    assert!(
        shows(&harness, "Save your changes?"),
        "Repair: quitting did not ask"
    );
    press(&mut harness, "Cancel");
    let walk = common::corpus_dir("seq").join("SR1WalkPattern1.seq");
    let mut harness = opened(&[&walk]);
    assert!(
        matches!(harness.state().modal, Some(Modal::Import(_))),
        "a file to import opens the Import window"
    );
    press(&mut harness, "Import");
    assert!(doc(&harness).is_dirty(), "Import: no unsaved mark");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn quitting_asks_about_every_unsaved_motion() {
    let dir = scratch("quit");
    let a = example_file(&dir, "a.mtn");
    let b = example_file(&dir, "b.mtn");
    let mut harness = opened(&[&a, &b]);
    for title in ["a.mtn", "b.mtn"] {
        activate(&mut harness, title);
        type_into(&mut harness, "Creator", "edited");
    }
    ctrl(&mut harness, Key::Q);
    assert!(shows(&harness, "Save your changes?"));
    assert!(
        harness
            .query_by_label_contains("a.mtn has unsaved edits")
            .is_some()
    );
    press(&mut harness, "Don't Save");
    // Then the other one.
    assert!(
        harness
            .query_by_label_contains("b.mtn has unsaved edits")
            .is_some()
    );
    press(&mut harness, "Cancel");
    assert!(!harness.state().closing());
    // Cancel means nothing happened: the motion let go at the first question stays too.
    assert_eq!(harness.state().tabs.list.len(), 2, "both motions stay");
    // Save saves it and goes on closing.
    ctrl(&mut harness, Key::Q);
    press(&mut harness, "Don't Save");
    press(&mut harness, "Save");
    assert_eq!(read(&b).creator, "edited");
    assert_eq!(read(&a).creator, "mtn-studio", "a.mtn was not saved");
    assert!(harness.state().closing(), "{}", said(&harness));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saving_over_a_file_changed_on_disk_asks_first() {
    let dir = scratch("disk");
    let path = example_file(&dir, "m.mtn");
    let mut harness = opened(&[&path]);
    type_into(&mut harness, "Creator", "mine");
    let mut theirs = mtn_studio::example::stand_to_sit();
    theirs.creator = "theirs".to_owned();
    std::fs::write(&path, mtn::encode(&theirs).unwrap()).unwrap();
    ctrl(&mut harness, Key::S);
    assert!(shows(&harness, "Replace the file on disk?"));
    press(&mut harness, "Cancel");
    assert_eq!(read(&path).creator, "theirs", "nothing written");
    assert!(doc(&harness).is_dirty());
    ctrl(&mut harness, Key::S);
    press(&mut harness, "Replace");
    assert_eq!(read(&path).creator, "mine");
    assert!(!doc(&harness).is_dirty());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_motion_never_saved_asks_where_and_failures_say_which_file() {
    let dir = scratch("save-as");
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    type_into(&mut harness, "Creator", "new");
    // The example was never saved; with no system dialog the window asks for the path.
    ctrl(&mut harness, Key::S);
    let target = dir.join("new.mtn");
    type_into(
        &mut harness,
        "Path of the .mtn file to write",
        &target.display().to_string(),
    );
    press(&mut harness, "Save");
    assert!(!doc(&harness).is_dirty(), "{}", said(&harness));
    assert_eq!(doc(&harness).origin.display_name(), "new.mtn");
    assert_eq!(read(&target).creator, "new");

    // A file that cannot be opened: a dialog names it and says why.
    let missing = dir.join("missing.mtn");
    harness.state_mut().push(Action::Open(missing.clone()));
    harness.run();
    assert!(shows(&harness, "Could not open"));
    assert!(
        harness
            .query_all_by_label_contains(&missing.display().to_string())
            .next()
            .is_some()
    );
    press(&mut harness, "OK");
    assert!(harness.state().modal.is_none());

    // Open Example beside edited work: it opens in a tab of its own, nothing is lost.
    type_into(&mut harness, "Creator", "newer");
    menu(&mut harness, "File", "Open Example");
    assert_eq!(harness.state().tabs.list.len(), 2);
    activate(&mut harness, "new.mtn \u{2022}");
    assert_eq!(doc(&harness).motion.creator, "newer");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn tabs_switch_by_keyboard_and_the_window_says_what_is_open() {
    let dir = scratch("keys");
    let a = example_file(&dir, "a.mtn");
    let b = example_file(&dir, "b.mtn");
    let mut harness = opened(&[&a, &b]);
    assert_eq!(doc(&harness).origin.display_name(), "b.mtn");
    ctrl(&mut harness, Key::PageDown);
    assert_eq!(doc(&harness).origin.display_name(), "a.mtn");
    ctrl(&mut harness, Key::PageUp);
    assert_eq!(doc(&harness).origin.display_name(), "b.mtn");
    // Ctrl+Tab and Ctrl+Shift+Tab too, as in browsers.
    ctrl(&mut harness, Key::Tab);
    assert_eq!(doc(&harness).origin.display_name(), "a.mtn");
    ctrl_shift(&mut harness, Key::Tab);
    assert_eq!(doc(&harness).origin.display_name(), "b.mtn");
    ctrl(&mut harness, Key::W);
    assert_eq!(doc(&harness).origin.display_name(), "a.mtn");
    ctrl(&mut harness, Key::W);
    assert!(shows(&harness, "No motion open"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn escape_closes_the_messages_window() {
    // An animator's review: View > Messages… opened, Escape left it open.
    let dir = scratch("messages");
    let mut harness = opened(&[&example_file(&dir, "m.mtn")]);
    menu(&mut harness, "View", "Messages…");
    let open = |h: &Harness<'_, StudioApp>| {
        h.query_all_by_label("Messages")
            .any(|n| n.accesskit_node().role() == Role::Window)
    };
    assert!(open(&harness), "View > Messages… opened no window");
    harness.key_press(Key::Escape);
    harness.run();
    assert!(!open(&harness), "Escape left the messages open");
}
