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
    let mut app = StudioApp::with_document(mtn_studio::app::example_document());
    app.audio = mtn_studio::app::audio::Audio::off("tests play no sound");
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
