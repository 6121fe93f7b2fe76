//! An LED pattern of many lights: each lane keeps a height a name reads whole in and a note
//! can be hit at, and the lanes scroll where the room is short.

use crate::common::scratch_dir;
use crate::common::sound::smf;
use crate::common::ui::opened;
use crate::tracks::wait_for_tracks;
use egui_kittest::kittest::Queryable;
use mtn_studio::codec::oda::{Archive, Entry, EntryKind};

/// The example motion with an LED pattern lighting twenty lights one after another.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir("led_lanes", name);
    std::fs::write(dir.join("example.mtn"), mtn_studio::example::EXAMPLE_MTN).unwrap();
    let keys: Vec<u8> = (48..=61).chain(24..=29).collect();
    let mut events = Vec::new();
    for key in &keys {
        events.push((0, vec![0x90, *key, 100]));
        // 120 ticks: 64 ms each.
        events.push((120, vec![0x90, *key, 0]));
    }
    let mut archive = Archive::default();
    archive
        .add(
            Entry::new(
                EntryKind::Led,
                "so12_x00many_l1f",
                smf(480, 256_005, Some("MODEL=7"), &events),
            )
            .unwrap(),
        )
        .unwrap();
    std::fs::write(dir.join("LEDS.ODA"), archive.write().unwrap()).unwrap();
    std::fs::write(
        dir.join("example.skit"),
        r#"{"skit": 1, "motion": {"path": "example.mtn"},
            "led": {"path": "LEDS.ODA", "entry": "so12_x00many_l1f"}}"#,
    )
    .unwrap();
    dir
}

/// The LED track's pattern and its lane count.
fn led(
    h: &egui_kittest::Harness<'_, mtn_studio::app::StudioApp>,
) -> (mtn_studio::codec::sound::led::LedPattern, usize) {
    let data = &crate::common::ui::tab(h)
        .document
        .tracks()
        .led
        .as_ref()
        .expect("an LED track")
        .data;
    let mtn_studio::behaviour::Data::Led { pattern, lanes } = data else {
        panic!("the LED track holds no pattern");
    };
    (pattern.clone(), lanes.len())
}

#[test]
fn twenty_lights_keep_lanes_14_points_tall_and_scroll() {
    let dir = folder("scroll");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, false, true);
    let lanes = h.get_by_label("LED track").rect();
    assert!(lanes.height() / 20.0 >= 14.0, "twenty lanes in {lanes:?}");
    // Not all of them fit under the timeline: the wheel over them scrolls them up.
    let area = crate::common::ui::widgets(&h).timeline.track_areas.clone();
    let (_, led) = area
        .iter()
        .find(|(t, _)| *t == mtn_studio::behaviour::Track::Led)
        .expect("the LED track's area");
    assert!(
        lanes.bottom() > led.bottom() + 1.0,
        "{lanes:?} runs past {led:?}"
    );
    crate::common::ui::wheel(&mut h, led.center(), -100.0);
    let scrolled = h.get_by_label("LED track").rect();
    assert!(
        scrolled.top() < lanes.top() - 20.0,
        "{lanes:?} -> {scrolled:?}"
    );
}

#[test]
fn a_lanes_last_note_deleted_leaves_its_lane_and_the_others_where_they_were() {
    let dir = folder("delete");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, false, true);
    let lanes = h.get_by_label("LED track").rect();
    let lane_count = |h: &egui_kittest::Harness<'_, mtn_studio::app::StudioApp>| led(h).1;
    assert_eq!(lane_count(&h), 20);
    // B1's only note (the top lane, lowest note first; lit 15th: 896-960 ms): a click
    // selects it, Delete deletes it.
    let transform = crate::common::ui::widgets(&h).timeline.transform.unwrap();
    let at = egui::pos2(transform.position_from_point_x(926.0), lanes.top() + 7.0);
    crate::common::ui::click_at(&mut h, at);
    assert!(crate::common::ui::tab(&h).track_view.selected_led.is_some());
    h.key_press(egui::Key::Delete);
    h.run();
    let (pattern, _) = led(&h);
    assert!(
        pattern.notes.iter().all(|n| n.key != 24),
        "B1's note deleted"
    );
    assert_eq!(lane_count(&h), 20, "its lane stays");
    assert_eq!(h.get_by_label("LED track").rect(), lanes, "nothing moved");
}

#[test]
fn with_the_stage_large_the_lights_are_shown_on_it() {
    let dir = folder("large");
    let mut h = opened(&[&dir.join("example.mtn")]);
    wait_for_tracks(&mut h, false, true);
    let lights = |h: &egui_kittest::Harness<'_, mtn_studio::app::StudioApp>| {
        h.query_all_by_label_contains("Lights: ")
            .next()
            .map(|n| n.rect())
    };
    assert!(lights(&h).is_some(), "beside the tracks");
    crate::common::ui::menu(&mut h, "View", "Large Stage");
    let stage = crate::common::ui::widgets(&h)
        .stage
        .rect
        .expect("the stage");
    let shown = lights(&h).expect("the lights, with the stage large");
    assert!(
        stage.contains_rect(shown),
        "{shown:?} on the stage {stage:?}"
    );
}
