//! The sound and LED tracks under the curves: a motion opens with the tracks its skit names,
//! they draw (found by their accessible names), a track dragged sideways moves in time, the
//! skit saves and reopens with the move; a sound or LED file opened goes on the motion in
//! front, and alone is refused with where it goes.

use crate::common::scratch_dir;
use crate::common::sound::{IMA_BLOCK_SAMPLES, ima_wav, pcm_wav, sine, sony_led};
use crate::common::ui::{drag, menu, opened, said, tab, widgets};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::Action;
use mtn_studio::behaviour::skit;

/// Steps the window until its tracks are read (they are read on threads of their own).
pub fn wait_for_tracks(h: &mut Harness<'_, StudioApp>, sound: bool, led: bool) {
    let started = std::time::Instant::now();
    loop {
        h.step();
        let tracks = tab(h).document.tracks();
        if tracks.sound.is_some() == sound
            && tracks.led.is_some() == led
            && tracks.loading.is_empty()
        {
            break;
        }
        assert!(
            started.elapsed().as_secs() < 30,
            "the tracks were never read: {}",
            said(h)
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
}

/// A folder with the example motion, a sound and an LED pattern, and a skit pairing them
/// (the sound 250 ms in).
fn behaviour_folder(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir("tracks", name);
    std::fs::write(dir.join("example.mtn"), mtn_studio::example::EXAMPLE_MTN).unwrap();
    std::fs::write(
        dir.join("voice.wav"),
        pcm_wav(&sine(220.0, 16_000), 16_000, 16),
    )
    .unwrap();
    std::fs::write(dir.join("so12_x00wink_l1f.mid"), sony_led()).unwrap();
    std::fs::write(
        dir.join("example.skit"),
        r#"{"skit": 1, "motion": {"path": "example.mtn"},
            "sound": {"path": "voice.wav", "offset_ms": 250},
            "led": {"path": "so12_x00wink_l1f.mid"}}"#,
    )
    .unwrap();
    dir
}

#[test]
fn a_motion_opens_with_its_skits_tracks_and_a_dragged_track_saves_back() {
    let dir = behaviour_folder("skit");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, true, true);
    assert_eq!(
        tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms,
        250
    );
    let lane = h.get_by_label("Sound track").rect();
    assert!(h.query_by_label("LED track").is_some());
    // Dragged 60 points right: later by 60 points' worth of the timeline's time.
    let transform = widgets(&h).timeline.transform.unwrap();
    let ms_per_point = (transform.bounds().max()[0] - transform.bounds().min()[0])
        / f64::from(transform.frame().width());
    drag(&mut h, lane.center(), lane.center() + egui::vec2(60.0, 0.0));
    let moved = tab(&h).document.tracks().sound.as_ref().unwrap().offset_ms - 250;
    let expected = 60.0 * ms_per_point;
    assert!(
        (moved as f64 - expected).abs() <= expected * 0.2 + 2.0,
        "moved {moved} ms, expected about {expected:.0}"
    );
    menu(&mut h, "File", "Save Skit (Motion, Sound and LED)");
    let saved = skit::read(&dir.join("example.skit")).unwrap();
    assert_eq!(saved.sound.as_ref().unwrap().offset_ms, 250 + moved);
    let text = std::fs::read_to_string(dir.join("example.skit")).unwrap();
    assert!(
        text.contains("\"voice.wav\""),
        "paths stay relative: {text}"
    );
    // Reopened, the motion comes back with the track where it was left.
    let mut again = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut again, true, true);
    assert_eq!(
        tab(&again)
            .document
            .tracks()
            .sound
            .as_ref()
            .unwrap()
            .offset_ms,
        250 + moved
    );
}

#[test]
fn a_sound_or_led_file_opened_goes_on_the_motion_in_front() {
    let dir = behaviour_folder("open");
    std::fs::remove_file(dir.join("example.skit")).unwrap();
    let voice = dir.join("so1_x00wink_x1x.wav");
    std::fs::write(&voice, ima_wav(&sine(300.0, 4 * IMA_BLOCK_SAMPLES), 4)).unwrap();
    // Alone, a sound is refused with where it goes.
    let mut alone = opened(&[&voice]);
    alone.run();
    assert!(
        said(&alone).contains("goes on a motion's sound track"),
        "{}",
        said(&alone)
    );
    let mut h = opened(&[&dir.join("example.mtn")]);
    assert!(tab(&h).document.tracks().is_empty());
    h.state_mut().push(Action::Open(voice.clone()));
    h.state_mut()
        .push(Action::Open(dir.join("so12_x00wink_l1f.mid")));
    wait_for_tracks(&mut h, true, true);
    let tracks = tab(&h).document.tracks();
    assert_eq!(tracks.sound.as_ref().unwrap().source.path, voice);
    let led_ms = tracks.led.as_ref().unwrap().duration_ms();
    assert!((led_ms - 675.0 * 256_005.0 / 480.0 / 1000.0).abs() < 1e-6);
    assert!(
        said(&h).contains("LED track: so12_x00wink_l1f.mid"),
        "{}",
        said(&h)
    );
    // Its button takes a track off.
    crate::common::ui::press(&mut h, "Remove the Sound track");
    assert!(tab(&h).document.tracks().sound.is_none());
    assert!(tab(&h).document.tracks().led.is_some());
}

/// Drags keyframe 1 of the example's FL_LEG_KNEE in time to 9 ms short of `onset_ms` with
/// Ctrl held, as egui-winit sends Ctrl; checks it lands on the 16 ms frame nearest the onset
/// (not the one nearest the pointer). Returns where the drag went from and to.
pub fn snap_keyframe_to(h: &mut Harness<'_, StudioApp>, onset_ms: f64) -> (egui::Pos2, egui::Pos2) {
    use mtn_studio::app::motion::timeline::drag::snap_to_frame_ms;
    use mtn_studio::app::motion::view::Channel;
    crate::common::ui::show_only_knee(h);
    let knee = Channel::Joint(
        tab(h)
            .document
            .motion
            .locators
            .iter()
            .position(|l| mtn_studio::robot::joint_name("DRX-1000", l) == "FL_LEG_KNEE")
            .unwrap(),
    );
    let transform = widgets(h).timeline.transform.unwrap();
    let from = crate::common::ui::point_on_screen(h, 1, knee);
    let aim = onset_ms - 9.0;
    let to = egui::pos2(transform.position_from_point_x(aim), from.y);
    let snapped = snap_to_frame_ms(onset_ms);
    assert_ne!(
        snapped,
        snap_to_frame_ms(aim),
        "the test needs the two to differ"
    );
    h.input_mut()
        .events
        .push(egui::Event::ModifiersChanged(egui::Modifiers::COMMAND));
    h.run();
    drag(h, from, to);
    h.input_mut()
        .events
        .push(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run();
    assert_eq!(
        tab(h).document.times_ms()[1],
        snapped,
        "on the onset's frame"
    );
    (from, to)
}

#[test]
fn onsets_are_marked_a_ctrl_drag_snaps_a_keyframe_to_one_and_retime_to_sound_fits_it() {
    use crate::common::sound::yelps;
    use mtn_studio::app::motion::timeline::drag::snap_to_frame_ms;
    let dir = scratch_dir("tracks", "onsets");
    std::fs::write(dir.join("example.mtn"), mtn_studio::example::EXAMPLE_MTN).unwrap();
    std::fs::write(
        dir.join("bark.wav"),
        pcm_wav(&yelps(&[0.415, 0.9], 1.6), 16_000, 16),
    )
    .unwrap();
    let mut h = opened(&[&dir.join("example.mtn")]);
    h.state_mut().push(Action::Open(dir.join("bark.wav")));
    wait_for_tracks(&mut h, true, false);
    let onsets = tab(&h)
        .document
        .tracks()
        .sound
        .as_ref()
        .unwrap()
        .onsets_ms
        .clone();
    assert_eq!(onsets.len(), 2, "{onsets:?}");
    assert!(
        (onsets[0] - 415.0).abs() <= 16.0 && (onsets[1] - 900.0).abs() <= 16.0,
        "{onsets:?}"
    );
    menu(&mut h, "Motion", "Mark Sound Onsets");
    assert!(tab(&h).view.show_onsets);
    assert!(said(&h).contains("2 sound onsets marked"), "{}", said(&h));
    // Keyframe 1 (256 ms) dragged to 9 ms short of the first onset with Ctrl held: it lands
    // on the frame nearest the onset; without Ctrl, on the frame nearest the pointer.
    let (from, to) = snap_keyframe_to(&mut h, onsets[0]);
    let free = snap_to_frame_ms(onsets[0] - 9.0);
    crate::common::ui::ctrl(&mut h, egui::Key::Z);
    drag(&mut h, from, to);
    assert_eq!(tab(&h).document.times_ms()[1], free, "where the pointer is");
    // Retime to Sound: the Retime window opens with the sound's length and its preview;
    // nothing changes until Apply. Then the motion ends where the sound does (its 1,600 ms,
    // on 16 ms frames).
    let before = tab(&h).document.motion.clone();
    menu(&mut h, "Motion", "Retime to Sound");
    let Some(mtn_studio::app::Modal::MotionOp(prompt)) = &h.state().modal else {
        panic!("no Retime window: {}", said(&h));
    };
    assert!(
        matches!(
            prompt.form,
            mtn_studio::app::motion::ops::form::OpForm::Retime {
                duration_ms: 1600,
                ..
            }
        ),
        "{:?}",
        prompt.form
    );
    assert!(
        matches!(prompt.preview, Some(Ok(_))),
        "previewed: {:?}",
        prompt.preview
    );
    assert_eq!(tab(&h).document.motion, before, "nothing applied yet");
    crate::common::ui::press(&mut h, "Apply");
    let end = *tab(&h).document.times_ms().last().unwrap();
    assert!(
        (i64::try_from(end).unwrap() - 1600).abs() <= 16,
        "ends at {end} ms"
    );
}

#[test]
fn a_midi_sound_on_the_track_is_rendered_and_given_to_the_sound_output() {
    let dir = scratch_dir("tracks", "midi");
    std::fs::write(dir.join("example.mtn"), mtn_studio::example::EXAMPLE_MTN).unwrap();
    // A4 for half a second at 120 beats a minute.
    let tune = crate::common::sound::smf(
        480,
        500_000,
        None,
        &[(0, vec![0x90, 69, 100]), (480, vec![0x80, 69, 0])],
    );
    std::fs::write(dir.join("so1_x00tune_x1x.mid"), tune).unwrap();
    let mut h = opened(&[&dir.join("example.mtn")]);
    assert!(h.state().sound_voice().is_none());
    h.state_mut()
        .push(Action::Open(dir.join("so1_x00tune_x1x.mid")));
    wait_for_tracks(&mut h, true, false);
    let started = std::time::Instant::now();
    while tab(&h).track_view.rendered.is_none() {
        assert!(
            started.elapsed().as_secs() < 30,
            "never rendered: {}",
            said(&h)
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    assert!(
        said(&h).contains("The MIDI sound so1_x00tune_x1x.mid plays through"),
        "{}",
        said(&h)
    );
    let voice = h.state().sound_voice().expect("the MIDI sound is played");
    assert_eq!(voice.rate, mtn_studio::behaviour::synth::RATE);
    // Sounding at 250 ms of the motion, quiet once the note and its release are over.
    let loud = (200..300)
        .map(|ms| voice.at(f64::from(ms)).abs())
        .fold(0.0, f32::max);
    let after = (800..880)
        .map(|ms| voice.at(f64::from(ms)).abs())
        .fold(0.0, f32::max);
    assert!(loud > 0.01 && after < loud / 20.0, "{loud} {after}");
}

#[test]
fn the_sdks_command_table_lists_behaviours_and_one_opens_with_its_sound() {
    use mtn_studio::app::dialogs::Modal;
    if !crate::common::corpus_present("the_sdks_command_table_lists_behaviours") {
        return;
    }
    // The SDK's folder as it ships: motions, sounds and the command table side by side.
    let dir = scratch_dir("tracks", "behaviours");
    for (kind, name) in [
        ("mtn", "monet-ERS-7-MOTION7.ODA"),
        ("sound", "monet-ERS-7-SOUND7.ODA"),
        ("sound", "monet-ERS-7-MONETCMD.CFG"),
    ] {
        std::fs::copy(crate::common::corpus_dir(kind).join(name), dir.join(name)).unwrap();
    }
    let mut h = opened(&[&dir.join("monet-ERS-7-MOTION7.ODA")]);
    menu(&mut h, "File", "Behaviours…");
    let Some(Modal::Behaviours(list)) = h.state().modal.clone() else {
        panic!("no Behaviours dialog: {}", said(&h));
    };
    assert!(list.unread.is_empty(), "{:?}", list.unread);
    let paired: Vec<_> = list
        .listed
        .iter()
        .filter(|b| {
            b.motion.as_ref().is_some_and(|m| m.1.is_some())
                && b.sound.as_ref().is_some_and(|s| s.1.is_some())
        })
        .collect();
    assert_eq!(
        paired.len(),
        2,
        "the table pairs two of the SDK's motions with sounds"
    );
    // Commands of a sound alone are listed too (offered for the motion in front).
    let alone = list.listed.iter().filter(|b| b.motion.is_none()).count();
    assert!(alone >= 2, "the sound-only commands are listed: {alone}");
    // The filter finds a table's commands by the table's name, and one by its number.
    let total = list.listed.len();
    crate::common::ui::type_into(&mut h, "Show", "ERS-7");
    let counted = |h: &egui_kittest::Harness<'_, StudioApp>, n: usize| {
        h.query_all_by_label_contains(&format!("{n} of {total} commands"))
            .next()
            .is_some()
    };
    assert!(counted(&h, total), "every command of the ERS-7 table");
    let chosen = paired[0].clone();
    crate::common::ui::type_into(&mut h, "Show", &format!("#{}", chosen.id));
    assert!(counted(&h, 1), "command #{} alone", chosen.id);
    crate::common::ui::press(&mut h, &format!("Open behaviour {}", chosen.id));
    wait_for_tracks(&mut h, true, false);
    let tab = tab(&h);
    assert_eq!(
        tab.document.origin,
        mtn_studio::edit::Origin::Entry {
            archive: dir.join("monet-ERS-7-MOTION7.ODA"),
            entry: chosen.motion.clone().unwrap().0,
        }
    );
    let sound = tab.document.tracks().sound.clone().unwrap();
    assert!(
        !tab.is_dirty(),
        "a behaviour opened as its table says has nothing to save"
    );
    assert_eq!(
        sound.source.entry.as_deref(),
        Some(chosen.sound.unwrap().0.as_str())
    );
    // With the motion in front, the naming rule's best sound is the table's.
    menu(&mut h, "File", "Behaviours…");
    let Some(Modal::Behaviours(list)) = h.state().modal.clone() else {
        panic!("no Behaviours dialog");
    };
    assert_eq!(list.sounds[0].0, sound.source);
}
