//! Track edits are edits: moving or removing a track and editing the LED pattern are undo
//! steps, mark the tab unsaved, are asked about on closing, and Save writes them (the skit
//! beside the motion, the LED pattern back into its archive entry) without touching the
//! motion's file.

use crate::common::scratch_dir;
use crate::common::sound::{pcm_wav, sony_led, yelps};
use crate::common::ui::{
    ctrl, ctrl_shift, double_click_at, drag, opened, right_click_at, said, tab, widgets,
};
use crate::tracks::wait_for_tracks;
use egui::{Key, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mtn_studio::app::StudioApp;
use mtn_studio::behaviour::{Data, skit};
use mtn_studio::codec::oda::{Archive, Entry, EntryKind};
use mtn_studio::codec::sound::led::{LedPattern, read};

const ENTRY: &str = "so12_x00wink_l1f";

/// A folder with the example motion, a sound, an archive holding the LED pattern, and a
/// skit pairing them.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir("led_edit", name);
    std::fs::write(dir.join("example.mtn"), mtn_studio::example::EXAMPLE_MTN).unwrap();
    std::fs::write(
        dir.join("voice.wav"),
        // Two yelps, at 415 and 900 ms: a keyframe snaps to them.
        pcm_wav(&yelps(&[0.415, 0.9], 1.0), 16_000, 16),
    )
    .unwrap();
    let mut archive = Archive::default();
    archive
        .add(Entry::new(EntryKind::Led, ENTRY, sony_led()).unwrap())
        .unwrap();
    std::fs::write(dir.join("LEDS.ODA"), archive.write().unwrap()).unwrap();
    std::fs::write(
        dir.join("example.skit"),
        format!(
            r#"{{"skit": 1, "motion": {{"path": "example.mtn"}},
                "sound": {{"path": "voice.wav", "offset_ms": 0}},
                "led": {{"path": "LEDS.ODA", "entry": "{ENTRY}"}}}}"#
        ),
    )
    .unwrap();
    dir
}

fn pattern(h: &Harness<'_, StudioApp>) -> LedPattern {
    let Data::Led { pattern, .. } = &tab(h).document.tracks().led.as_ref().unwrap().data else {
        panic!("the LED track holds no pattern");
    };
    pattern.clone()
}

/// Where a light's lane is at a time (ms on the motion's axis): the lanes are one row per
/// light, lowest note first.
fn on_lane(h: &Harness<'_, StudioApp>, row: usize, rows: usize, ms: f64) -> Pos2 {
    let lane = h.get_by_label("LED track").rect();
    let transform = widgets(h).timeline.transform.unwrap();
    let height = lane.height() / rows as f32;
    egui::pos2(
        transform.position_from_point_x(ms),
        lane.top() + height * (row as f32 + 0.5),
    )
}

fn dirty(h: &Harness<'_, StudioApp>) -> bool {
    tab(h).is_dirty()
}

#[test]
fn moving_or_removing_a_track_is_an_undo_step_and_unsaved_until_saved() {
    let dir = folder("tracks");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, true, true);
    assert!(!dirty(&h), "a skit restored is what is on disk");
    // No sound card here (the tests' null sink): the status bar says so while it matters.
    assert!(h.query_by_label("Sound off").is_some());
    let lane = h.get_by_label("Sound track").rect();
    drag(&mut h, lane.center(), lane.center() + egui::vec2(60.0, 0.0));
    let moved = tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms;
    assert!(moved > 0 && moved % 8 == 0, "on the robot's tick: {moved}");
    assert!(dirty(&h) && tab(&h).tab_title().ends_with('\u{2022}'));
    assert_eq!(tab(&h).document.history().undo_label(), Some("track move"));
    // The whole drag is one step.
    ctrl(&mut h, Key::Z);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        0
    );
    assert!(!dirty(&h), "back as on disk");
    ctrl_shift(&mut h, Key::Z);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        moved
    );
    // Removing a track, then closing: the window asks, and Cancel keeps it all.
    crate::common::ui::press(&mut h, "Remove the Sound track");
    assert!(tab(&h).document.tracks().sound.is_none());
    ctrl(&mut h, Key::W);
    assert!(crate::common::ui::shows(&h, "Don't Save"), "{}", said(&h));
    assert!(
        h.query_by_label_contains("example.mtn (its sound and LED tracks) has unsaved edits")
            .is_some()
    );
    crate::common::ui::press(&mut h, "Cancel");
    ctrl(&mut h, Key::Z);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        moved
    );
    // A motion edit after the track's: Undo takes it back first, then the track's move.
    let motion = std::fs::read(dir.join("example.mtn")).unwrap();
    let keyframes = tab(&h).document.motion.keyframes.len();
    let transform = widgets(&h).timeline.transform.unwrap();
    let lane = h.get_by_label("Sound track").rect();
    crate::common::ui::click_at(
        &mut h,
        egui::pos2(transform.position_from_point_x(100.0), lane.center().y),
    );
    crate::common::ui::shortcut(&mut h, egui::Modifiers::NONE, Key::Insert);
    assert_eq!(
        tab(&h).document.motion.keyframes.len(),
        keyframes + 1,
        "{}",
        said(&h)
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(tab(&h).document.motion.keyframes.len(), keyframes);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        moved
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        0
    );
    ctrl_shift(&mut h, Key::Z);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        moved
    );
    assert!(!tab(&h).document.is_dirty() && dirty(&h));
    // Save writes the skit, and leaves the motion's file as it was.
    ctrl(&mut h, Key::S);
    assert!(!dirty(&h), "{}", said(&h));
    assert_eq!(
        std::fs::read(dir.join("example.mtn")).unwrap(),
        motion,
        "only the tracks changed: the motion's file is as it was"
    );
    let saved = skit::read(&dir.join("example.skit")).unwrap();
    assert_eq!(saved.sound.unwrap().offset_ms, moved);
}

/// The issue's whole round: a motion opens with its sound and LED tracks, they draw, the
/// sound is dragged in time, a keyframe snaps to one of its onsets, the LED pattern's notes
/// are edited, and Save writes the skit and the LED entry, which read back as they were left.
#[test]
#[expect(clippy::too_many_lines, reason = "one scenario, its steps in order")]
fn an_led_note_is_moved_added_dimmed_and_deleted_and_saved_back_into_its_entry() {
    let dir = folder("notes");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, true, true);
    assert!(h.query_by_label("Sound track").is_some() && h.query_by_label("LED track").is_some());
    // The sound dragged 40 points later.
    let lane = h.get_by_label("Sound track").rect();
    drag(&mut h, lane.center(), lane.center() + egui::vec2(40.0, 0.0));
    let offset = tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms;
    assert!(offset > 0, "{}", said(&h));
    // A keyframe dragged near the first yelp with Ctrl lands on its frame.
    let onset = tab(&h).document.tracks().sound.as_ref().unwrap().onsets_ms[0] + offset as f64;
    crate::tracks::snap_keyframe_to(&mut h, onset);
    let before = pattern(&h);
    let ms = |p: &LedPattern, tick: u64| p.ms_at(tick);
    // Lanes: A1 (note 48) above, the back's front colour light (84) below, on 240-360 ms.
    let back = |p: &LedPattern| *p.notes.iter().find(|n| n.key == 84).unwrap();
    assert!((ms(&before, back(&before).start_tick) - 240.0).abs() < 0.01);
    // Dragged 80 ms later: it lands on the robot's 8 ms tick, its length kept.
    let (from, to) = (on_lane(&h, 1, 2, 300.0), on_lane(&h, 1, 2, 380.0));
    drag(&mut h, from, to);
    let moved = pattern(&h);
    let start = ms(&moved, back(&moved).start_tick);
    assert!((start - 320.0).abs() <= 8.01, "moved to {start} ms");
    assert!(
        ((start / 8.0).round() * 8.0 - start).abs() < 0.01,
        "{start} ms is on a tick"
    );
    let length = ms(&moved, back(&moved).end_tick) - start;
    assert!((length - 120.0).abs() < 0.6, "{length} ms long");
    assert_eq!(
        tab(&h).document.history().undo_label(),
        Some("LED note move")
    );
    assert!(dirty(&h));
    // A double-click on A1's lane where it is dark adds a note there.
    let at = on_lane(&h, 0, 2, 600.0);
    double_click_at(&mut h, at);
    let added = pattern(&h);
    let new = *added
        .notes
        .iter()
        .find(|n| n.key == 48 && ms(&added, n.start_tick) > 500.0)
        .unwrap_or_else(|| panic!("no note added: {}", said(&h)));
    assert!((ms(&added, new.start_tick) - 600.0).abs() <= 8.01);
    assert_eq!(new.velocity, 127);
    // Right-click it: half its brightness.
    let at = on_lane(&h, 0, 2, 700.0);
    right_click_at(&mut h, at);
    h.get_by_label("50%").click();
    h.run();
    let dimmed = pattern(&h);
    let note = dimmed
        .notes
        .iter()
        .find(|n| n.start_tick == new.start_tick && n.key == 48);
    assert_eq!(note.unwrap().velocity, 64, "{}", said(&h));
    assert_eq!(
        tab(&h).document.history().undo_label(),
        Some("LED brightness")
    );
    h.key_press(Key::Escape);
    h.run();
    // A click selects A1's first note; Delete deletes it (one step, undone and redone).
    let at = on_lane(&h, 0, 2, 100.0);
    crate::common::ui::click_at(&mut h, at);
    assert!(tab(&h).track_view.selected_led.is_some(), "{}", said(&h));
    h.key_press(Key::Delete);
    h.run();
    let first_a1 = |p: &LedPattern| p.notes.iter().any(|n| n.key == 48 && n.start_tick == 0);
    assert!(!first_a1(&pattern(&h)), "{}", said(&h));
    ctrl(&mut h, Key::Z);
    assert!(first_a1(&pattern(&h)));
    ctrl_shift(&mut h, Key::Z);
    assert!(!first_a1(&pattern(&h)));
    // A light the pattern does not use yet gets a note at the playhead, and a lane.
    h.get_by_label("+ Light").click();
    h.run();
    let b1 = h.get_by_label("face B1").rect().center();
    crate::common::ui::click_at(&mut h, b1);
    assert!(
        pattern(&h).notes.iter().any(|n| n.key == 24),
        "{}",
        said(&h)
    );
    assert_eq!(
        tab(&h).document.history().undo_label(),
        Some("LED note added")
    );
    let edited = pattern(&h);
    // Save writes the pattern back into its entry, as a MIDI file, and nothing else.
    ctrl(&mut h, Key::S);
    assert!(!dirty(&h), "{}", said(&h));
    let archive = Archive::read(&std::fs::read(dir.join("LEDS.ODA")).unwrap()).unwrap();
    let entry = &archive.entries[archive.find(ENTRY).unwrap()];
    assert_eq!(entry.kind(), EntryKind::Led);
    let back_in = read(&entry.contents().unwrap()).unwrap();
    assert_eq!(back_in.notes, edited.notes);
    assert_eq!(
        back_in.texts,
        vec!["MODEL=7".to_owned()],
        "the file's text kept"
    );
    let reopened = skit::read(&dir.join("example.skit")).unwrap();
    assert_eq!(reopened.led.unwrap().entry.as_deref(), Some(ENTRY));
    assert_eq!(
        reopened.sound.unwrap().offset_ms,
        offset,
        "the skit has the sound's move"
    );
    // Reopened, the motion shows the pattern as saved.
    let mut again = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut again, true, true);
    assert_eq!(pattern(&again).notes, edited.notes);
    assert_eq!(
        tab(&again)
            .document
            .tracks()
            .sound
            .as_ref()
            .unwrap()
            .offset_ms,
        offset
    );
}

#[test]
fn the_face_diagram_beside_the_tracks_shows_the_lights_at_the_playhead() {
    let dir = folder("face");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, true, true);
    let id = h.state().tabs.active.unwrap();
    let at = |h: &mut Harness<'_, StudioApp>, ms: u64| {
        h.state_mut().push(mtn_studio::app::action::Action::Motion(
            id,
            mtn_studio::app::action::MotionAction::Seek(ms),
        ));
        h.run();
        h.query_all_by_label_contains("Lights: ")
            .next()
            .and_then(|n| n.accesskit_node().label())
            .unwrap_or_else(|| panic!("no face diagram at {ms} ms"))
    };
    assert_eq!(at(&mut h, 100), "Lights: A1 100%");
    // The back's front colour light at velocity 100 while A1 fades out.
    assert_eq!(at(&mut h, 300), "Lights: back F 78%");
    assert_eq!(at(&mut h, 1000), "Lights: all off");
}

/// A file dropped on the window, as egui-winit hands it over.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_midi_file_dropped_on_the_led_track_goes_on_it_as_an_led_pattern() {
    let dir = folder("drop");
    // A MIDI file whose name does not say it is an LED pattern: by itself, a sound.
    std::fs::write(dir.join("blink.mid"), sony_led()).unwrap();
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, true, true);
    let led = h.get_by_label("LED track").rect().center();
    h.hover_at(led);
    h.run();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(dir.join("blink.mid"))));
    h.step();
    wait_for_tracks(&mut h, true, true);
    let tracks = tab(&h).document.tracks();
    assert_eq!(
        tracks.led.as_ref().unwrap().source.path,
        dir.join("blink.mid"),
        "{}",
        said(&h)
    );
    assert_eq!(
        tracks.sound.as_ref().unwrap().source.path,
        dir.join("voice.wav"),
        "the sound stays"
    );
    assert_eq!(tab(&h).document.history().undo_label(), Some("LED track"));
}
