//! Sounds and LED patterns from any archive, and motions into one, in the window (an
//! animator's review: Add Sound refused an AIBO MIND archive whose entries the naming rule
//! did not pair, with no list to pick from; a motion could not go into an archive):
//! - an archive given to Add Sound or LED Pattern lists every sound and LED pattern in it,
//!   the rule's best first, searchable, each with Play and Add;
//! - File > Save into Archive… puts the motion into a new archive or one that exists,
//!   asking before it replaces an entry of the same name.

use crate::common::sound::{pcm_wav, sine, sony_led};
use crate::common::ui::{doc, harness, said, type_keys};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::action::Action;
use mtn_studio::app::{Modal, StudioApp};
use mtn_studio::codec::oda::{Archive, Entry, EntryKind};
use mtn_studio::edit::Origin;
use std::path::Path;

/// The example, named as a Sony sit that greets (the rule pairs `so1_t00greetso0_x1x`).
fn greeting() -> StudioApp {
    let mut document = mtn_studio::app::example_document();
    document.motion.name = "a_sit#sit_so0_greet".to_owned();
    StudioApp::with_document(document)
}

fn write_archive(path: &Path, entries: &[(EntryKind, &str, Vec<u8>)]) {
    let mut archive = Archive::default();
    for (kind, name, data) in entries {
        archive
            .add(Entry::new(*kind, name, data.clone()).expect("an entry"))
            .expect("added");
    }
    std::fs::write(path, archive.write().expect("written")).expect("saved");
}

fn picker_open(harness: &Harness<'_, StudioApp>) -> bool {
    matches!(harness.state().modal, Some(Modal::PartPicker(_)))
}

#[test]
fn an_archive_given_to_add_sound_lists_every_sound_and_led_pattern_the_rules_best_first() {
    let dir = crate::common::scratch_dir("archive-parts", "picker");
    let path = dir.join("SOUNDS.ODA");
    write_archive(
        &path,
        &[
            (
                EntryKind::Wave,
                "bark",
                pcm_wav(&sine(440.0, 4_000), 16_000, 16),
            ),
            (
                EntryKind::Wave,
                "so1_t00greetso0_x1x",
                pcm_wav(&sine(220.0, 8_000), 16_000, 16),
            ),
            (EntryKind::Led, "so12_t00greetso0_l1f", sony_led()),
        ],
    );
    let mut harness = harness(greeting());
    harness.run();
    harness.state_mut().push(Action::AddTrack(path.clone()));
    harness.run();
    assert!(picker_open(&harness), "{}", said(&harness));
    // Every one listed, the rule's sound first, with its length.
    let Some(Modal::PartPicker(picker)) = &harness.state().modal else {
        unreachable!()
    };
    let names: Vec<&str> = picker.offered.iter().map(|o| o.entry.as_str()).collect();
    assert_eq!(
        names,
        ["so1_t00greetso0_x1x", "so12_t00greetso0_l1f", "bark"]
    );
    assert!(harness.query_by_label("0.50 s").is_some());
    // The search narrows the list.
    harness.get_by_label("Search").click();
    harness.run();
    type_keys(&mut harness, "bar");
    assert!(harness.query_by_label("Add bark").is_some());
    assert!(harness.query_by_label("Add so1_t00greetso0_x1x").is_none());
    // Play says what it can (the tests have no sound card).
    harness.get_by_label("Play bark").click();
    harness.run();
    assert!(
        said(&harness).contains("Sound is off"),
        "{}",
        said(&harness)
    );
    // Add: onto the sound track, whatever the rule says.
    harness.get_by_label("Add bark").click();
    harness.run();
    assert!(!picker_open(&harness));
    let sound = doc(&harness)
        .tracks()
        .sound
        .as_ref()
        .expect("a sound on its track");
    assert_eq!(sound.source.entry.as_deref(), Some("bark"));
}

/// File > Save into Archive…, the archive's path typed and Enter.
fn save_into(harness: &mut Harness<'_, StudioApp>, path: &Path) {
    crate::common::ui::menu(harness, "File", "Save into Archive…");
    harness
        .get_by_label("Path of the .oda archive to put the motion into (made if there is none)")
        .click();
    harness.run();
    crate::common::ui::ctrl(harness, Key::A);
    type_keys(harness, &path.display().to_string());
    harness.key_press(Key::Enter);
    harness.run();
}

#[test]
fn save_into_archive_makes_one_or_adds_to_one_asking_before_it_replaces() {
    let dir = crate::common::scratch_dir("archive-parts", "save-into");
    let path = dir.join("MINE.ODA");
    // An archive that exists, with a sound to keep.
    let kept = pcm_wav(&sine(440.0, 1_600), 16_000, 16);
    write_archive(&path, &[(EntryKind::Wave, "so1_x00bark_x1x", kept.clone())]);
    let mut document = mtn_studio::app::example_document();
    document.motion.name = "a_stand#stand_wave".to_owned();
    let mut harness = harness(StudioApp::with_document(document));
    harness.run();
    // The archive open in a browser tab too (the review: it went on listing one entry).
    let motion_tab = harness.state().tabs.active.expect("a tab");
    harness.state_mut().push(Action::Open(path.clone()));
    harness.run();
    let browser = harness.state().tabs.find_archive(&path).expect("a browser");
    harness.state_mut().tabs.activate(motion_tab);
    harness.run();
    save_into(&mut harness, &path);
    let listed = |harness: &Harness<'_, StudioApp>| {
        let tab = harness.state().tabs.get(browser)?;
        let mtn_studio::app::TabKind::Archive(archive) = &tab.kind else {
            return None;
        };
        Some(archive.index.rows.len())
    };
    assert_eq!(listed(&harness), Some(2), "the browser lists the new entry");
    // Its tab's status bar no longer says the count it opened with; the motion's tab still
    // says what was saved.
    let status = &harness.state().status;
    let about_browser = status.latest_for(Some(browser), None);
    assert!(
        about_browser.starts_with("Read ") && about_browser.ends_with("1 motion of 2 entries"),
        "{about_browser}"
    );
    let revision = Some(doc(&harness).revision());
    let about_motion = status.latest_for(Some(motion_tab), revision);
    assert!(
        about_motion.starts_with("Saved a_stand#stand_wave into"),
        "{about_motion}"
    );
    let read = || Archive::read(&std::fs::read(&path).expect("the archive")).expect("reads");
    let archive = read();
    let names: Vec<String> = archive.entries.iter().map(Entry::name).collect();
    assert_eq!(names, ["so1_x00bark_x1x", "a_stand#stand_wave"]);
    assert_eq!(archive.entries[0].contents().expect("kept"), kept);
    assert!(matches!(
        &doc(&harness).origin,
        Origin::Entry { archive, entry } if archive == &path && entry == "a_stand#stand_wave"
    ));
    assert!(!doc(&harness).is_dirty());
    // Again, after an edit: it asks before replacing; Replace writes the new motion.
    let id = harness.state().tabs.active.expect("a tab");
    harness.state_mut().push(Action::Motion(
        id,
        mtn_studio::app::action::MotionAction::Edit {
            label: "test edit".to_owned(),
            edit: mtn_studio::edit::Edit::SetAngles(vec![(1, 0, -100_000)]),
        },
    ));
    harness.run();
    save_into(&mut harness, &path);
    assert!(harness.query_by_label("Replace the entry?").is_some());
    harness.get_by_label("Replace").click();
    harness.run();
    let archive = read();
    assert_eq!(archive.entries.len(), 2);
    let index = archive.find("a_stand#stand_wave").expect("the motion");
    let written = mtn_studio::codec::mtn::decode(&archive.entries[index].contents().expect("it"))
        .expect("a motion")
        .motion;
    assert_eq!(written.keyframes.angle(1, 0), Some(-100_000));
}

/// The review: after Save into Archive the tab of a motion with a sound kept its unsaved
/// mark, and a later Ctrl+S said only "Saved the skit" though it wrote the entry. The skit
/// goes beside the motion's new home with it, and one line names all that was written.
#[test]
fn save_into_archive_takes_the_tracks_along_and_one_line_says_what_was_written() {
    let dir = crate::common::scratch_dir("archive-parts", "save-tracks");
    let sounds = dir.join("SOUNDS.ODA");
    let bark = pcm_wav(&sine(440.0, 4_000), 16_000, 16);
    write_archive(&sounds, &[(EntryKind::Wave, "bark", bark)]);
    let path = dir.join("MINE.ODA");
    let mut harness = harness(greeting());
    harness.run();
    harness.state_mut().push(Action::AddTrack(sounds));
    harness.run();
    harness.get_by_label("Add bark").click();
    harness.run();
    assert!(doc(&harness).has_unsaved());
    save_into(&mut harness, &path);
    let last = || {
        harness
            .state()
            .status
            .log()
            .last()
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(
        last(),
        format!(
            "Saved a_sit#sit_so0_greet into {} and the skit beside it (Save writes there from \
             now on)",
            path.display()
        )
    );
    assert!(!doc(&harness).has_unsaved(), "{}", said(&harness));
    let active = harness.state().tabs.active.expect("a tab");
    let tab = harness.state().tabs.get(active).expect("the tab");
    assert!(!tab.title().contains('•'), "{}", tab.title());
    // An edit, then Ctrl+S: the line names the entry written, not only the skit.
    harness.state_mut().push(Action::Motion(
        active,
        mtn_studio::app::action::MotionAction::Edit {
            label: "test edit".to_owned(),
            edit: mtn_studio::edit::Edit::SetAngles(vec![(1, 0, -100_000)]),
        },
    ));
    harness.run();
    crate::common::ui::ctrl(&mut harness, Key::S);
    let last = harness
        .state()
        .status
        .log()
        .last()
        .cloned()
        .unwrap_or_default();
    assert_eq!(last, "Saved MINE.ODA : a_sit#sit_so0_greet");
    assert!(!doc(&harness).has_unsaved());
}

/// The review: Save into Archive wrote a motion with a joint too fast for its servo without
/// the question Save asks.
#[test]
fn save_into_archive_asks_as_save_does_about_a_motion_the_robot_cannot_follow() {
    let dir = crate::common::scratch_dir("archive-parts", "save-into-safety");
    let path = dir.join("SAFE.ODA");
    let mut document = mtn_studio::app::example_document();
    document.motion.name = "a_stand#stand_fast".to_owned();
    let mut harness = harness(StudioApp::with_document(document));
    harness.run();
    // A knee far beyond its limit.
    let id = harness.state().tabs.active.expect("a tab");
    harness.state_mut().push(Action::Motion(
        id,
        mtn_studio::app::action::MotionAction::Edit {
            label: "test edit".to_owned(),
            edit: mtn_studio::edit::Edit::SetAngles(vec![(1, 2, 3_000_000)]),
        },
    ));
    harness.run();
    save_into(&mut harness, &path);
    assert!(
        harness
            .query_by_label("Save a motion the robot cannot follow?")
            .is_some()
    );
    assert!(!path.exists(), "nothing written before the answer");
    harness.get_by_label("Save Anyway").click();
    harness.run();
    let archive = Archive::read(&std::fs::read(&path).expect("written")).expect("reads");
    assert!(archive.find("a_stand#stand_fast").is_some());
}

#[test]
fn an_archive_of_sounds_alone_says_it_holds_no_led_pattern() {
    let dir = crate::common::scratch_dir("archive-parts", "sounds-alone");
    let path = dir.join("SOUND7.ODA");
    write_archive(
        &path,
        &[(
            EntryKind::Wave,
            "bark",
            pcm_wav(&sine(440.0, 4_000), 16_000, 16),
        )],
    );
    let mut harness = harness(greeting());
    harness.run();
    harness.state_mut().push(Action::AddTrack(path));
    harness.run();
    assert!(picker_open(&harness), "{}", said(&harness));
    assert!(
        harness
            .query_by_label("1 of 1 entry (no LED pattern in this archive)")
            .is_some()
    );
}
