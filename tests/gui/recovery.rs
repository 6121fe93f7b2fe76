//! Nothing lost on a crash: a recovery copy is kept while a motion has unsaved edits, offered
//! at the next start, restored as unsaved work, and gone once that is saved. Drives the app's
//! state through the window as a person would (kittest), with the copies in a scratch folder.
//!
//! Run: `cargo test --test gui recovery`.

use crate::common;

use common::ui::{ctrl, harness, press, type_into};
use egui::Key;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::recovery::Recovery;
use mtn_studio::edit::Document;
use std::path::Path;

fn copies(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    names.sort();
    names
}

#[test]
fn unsaved_work_survives_a_crash_and_is_offered_at_the_next_start() {
    let dir = common::scratch_dir("recovery", "crash");
    let kept = dir.join("recovery");
    let file = dir.join("motion.mtn");
    std::fs::write(&file, mtn_studio::example::EXAMPLE_MTN).unwrap();
    // Its sound track, in the skit beside it.
    let wav = dir.join("hello.wav");
    std::fs::write(
        &wav,
        common::sound::pcm_wav(&common::sound::sine(440.0, 8_000), 16_000, 16),
    )
    .unwrap();
    let skit = mtn_studio::behaviour::skit::Skit {
        skit: mtn_studio::behaviour::skit::VERSION,
        motion: mtn_studio::behaviour::skit::PartRef {
            path: file.clone(),
            entry: None,
        },
        sound: Some(mtn_studio::behaviour::skit::TrackRef {
            path: wav.clone(),
            entry: None,
            offset_ms: 0,
        }),
        led: None,
        markers: Vec::new(),
    };
    mtn_studio::behaviour::skit::write(&file.with_extension("skit"), &skit).unwrap();

    // A run edits the motion and never saves.
    let mut first = StudioApp::with_document(Document::open(&file).unwrap());
    first.recovery = Recovery::in_dir(&kept).unwrap();
    let mut run = harness(first);
    run.run();
    assert!(copies(&kept).is_empty(), "nothing to keep before an edit");
    type_into(&mut run, "Creator", "Crash Test");
    let names = copies(&kept);
    assert_eq!(names.len(), 2, "a description and the motion: {names:?}");
    let mtn = names.iter().find(|n| n.ends_with(".mtn")).unwrap();
    let copy = mtn_studio::codec::mtn::decode(&std::fs::read(kept.join(mtn)).unwrap()).unwrap();
    assert_eq!(copy.motion.creator, "Crash Test", "the copy holds the edit");

    // A second window running at the same time does not offer the first one's copies.
    let beside = Recovery::in_dir(&kept).unwrap();
    assert!(beside.left_behind().is_empty());
    drop(beside);

    // The run ends without saving (as a crash would: nothing asked, nothing cleaned).
    drop(run);
    assert_eq!(copies(&kept).len(), 2);

    // The next start offers the copy; Restore opens it as unsaved work.
    let mut next = StudioApp::empty();
    next.recovery = Recovery::in_dir(&kept).unwrap();
    next.offer_recovered();
    let mut run = harness(next);
    run.run();
    let asked = run
        .query_all_by_label_contains("ended without saving 1 motion: motion.mtn")
        .next()
        .is_some();
    assert!(asked, "the question says what was left");
    press(&mut run, "Restore");
    run.run();
    let document = common::ui::doc(&run);
    assert_eq!(document.motion.creator, "Crash Test");
    assert!(
        document.tracks().sound.is_some(),
        "its sound track back from the skit: {}",
        common::ui::said(&run)
    );
    assert!(document.is_dirty(), "restored work is unsaved work");
    assert_eq!(
        document.origin.path(),
        Some(file.as_path()),
        "it saves where it came from"
    );
    // Saved, it is on disk and the copy is gone.
    ctrl(&mut run, Key::S);
    assert!(
        !common::ui::doc(&run).is_dirty(),
        "{}",
        common::ui::said(&run)
    );
    let saved = mtn_studio::codec::mtn::decode(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(saved.motion.creator, "Crash Test");
    assert!(copies(&kept).is_empty(), "{:?}", copies(&kept));
    drop(run);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn tracks_never_saved_in_a_skit_survive_a_crash_and_come_back_unsaved() {
    let dir = common::scratch_dir("recovery", "tracks");
    let kept = dir.join("recovery");
    let file = dir.join("motion.mtn");
    std::fs::write(&file, mtn_studio::example::EXAMPLE_MTN).unwrap();
    let wav = dir.join("hello.wav");
    std::fs::write(
        &wav,
        common::sound::pcm_wav(&common::sound::sine(440.0, 8_000), 16_000, 16),
    )
    .unwrap();

    // A run puts a sound on the motion's track, and nothing else: no skit is written.
    let mut first = StudioApp::with_document(Document::open(&file).unwrap());
    first.recovery = Recovery::in_dir(&kept).unwrap();
    let mut run = harness(first);
    run.run();
    run.state_mut()
        .push(mtn_studio::app::action::Action::AddTrack(wav.clone()));
    run.run();
    assert!(common::ui::doc(&run).tracks().sound.is_some());
    assert!(
        !common::ui::doc(&run).is_dirty(),
        "the motion itself is as saved"
    );
    let names = copies(&kept);
    assert_eq!(names.len(), 2, "a copy for the unsaved track: {names:?}");
    assert!(!file.with_extension("skit").exists());
    drop(run);

    // The next start: Restore brings the sound back on its track, unsaved.
    let mut next = StudioApp::empty();
    next.recovery = Recovery::in_dir(&kept).unwrap();
    next.offer_recovered();
    let mut run = harness(next);
    run.run();
    press(&mut run, "Restore");
    run.run();
    let document = common::ui::doc(&run);
    let sound = document
        .tracks()
        .sound
        .as_ref()
        .unwrap_or_else(|| panic!("no sound track: {}", common::ui::said(&run)));
    assert_eq!(sound.source.path, wav);
    assert!(document.tracks().is_dirty(), "the track is unsaved work");
    // Saved, the skit holds it.
    ctrl(&mut run, Key::S);
    let skit = mtn_studio::behaviour::skit::read(&file.with_extension("skit")).unwrap();
    assert_eq!(skit.sound.map(|s| s.path), Some(wav));
    assert!(copies(&kept).is_empty(), "{:?}", copies(&kept));
    drop(run);
    let _ = std::fs::remove_dir_all(dir);
}
