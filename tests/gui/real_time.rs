//! Playback keeps the wall clock in the window: however long each frame takes (a large
//! window drawn by the software renderer takes hundreds of ms), after N seconds the
//! playhead is N seconds into the motion; slow frames skip ticks.

use crate::common::ui::{key_event, tab};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mtn_studio::app::StudioApp;
use mtn_studio::codec::mtn::Motion;
use mtn_studio::edit::Document;

/// A still ERS-7 motion of `seconds` (a keyframe every 2 s).
fn long_motion(seconds: u32) -> Motion {
    let locators = mtn_studio::robot::postures::posture_locators(mtn_studio::robot::Model::Ers7);
    let mut motion = Motion::new("a_stand#stand_long", "test", "DRX-1000", locators.clone());
    let zeros = vec![0; locators.len()];
    motion.keyframes.push(0, [0; 3], &zeros).unwrap();
    for _ in 0..seconds / 2 {
        motion.keyframes.push(124, [0; 3], &zeros).unwrap();
    }
    motion
}

#[test]
fn the_playhead_keeps_the_wall_clock_with_frames_of_16_100_and_400_ms() {
    for (frame_s, frames) in [(0.016, 100), (0.1, 30), (0.4, 10)] {
        let document = Document::unsaved(long_motion(20), "long.mtn");
        let app = crate::common::ui::for_tests(StudioApp::with_document(document));
        let mut harness = Harness::builder()
            .with_size([1400.0, 900.0])
            .with_step_dt(frame_s)
            .build_ui_state(|ui, app: &mut StudioApp| app.frame_ui(ui), app);
        harness.run();
        // Space pressed: Play from the time of the frame it arrives in.
        harness.event(key_event(Key::Space, true, Modifiers::NONE));
        harness.step();
        let pressed_s = harness.ctx.input(|i| i.time);
        assert!(tab(&harness).playback.playing);
        harness.event(key_event(Key::Space, false, Modifiers::NONE));
        for _ in 0..frames {
            harness.step();
        }
        let wall_ms = (harness.ctx.input(|i| i.time) - pressed_s) * 1000.0;
        assert!((wall_ms - f64::from(frame_s) * f64::from(frames) * 1000.0).abs() < 1.0);
        let shown_ms = tab(&harness).playback.position_ms();
        assert!(
            (shown_ms - wall_ms).abs() < 1.0,
            "frames of {frame_s} s: {shown_ms:.0} ms into the motion after {wall_ms:.0} ms"
        );
        // The status bar says the playhead the last frame drew, not the one before it (the
        // review: it trailed the transport's counter by a frame).
        let status = harness
            .query_all_by_label_contains("· playhead ")
            .filter_map(|n| {
                let node = n.accesskit_node();
                node.value().or(node.label()).map(|t| t.to_string())
            })
            .next()
            .expect("the status bar's facts");
        let said_ms: f64 = status
            .rsplit("playhead ")
            .next()
            .and_then(|t| t.trim_end_matches(" ms").parse().ok())
            .unwrap_or_else(|| panic!("{status}"));
        assert!(
            (said_ms - shown_ms).abs() < 16.0,
            "frames of {frame_s} s: the status bar says {said_ms} ms, the playhead is at \
             {shown_ms:.0} ms"
        );
    }
}
