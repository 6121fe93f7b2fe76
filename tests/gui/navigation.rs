//! Moving about the timeline with the wheel, as the README's table says and as egui-winit
//! delivers it (the modifiers first, then a wheel event carrying them): the wheel zooms time
//! around the pointer, Shift+wheel pans time, Ctrl+wheel zooms angles, Alt+wheel pans
//! angles. A keyframe just inserted or duplicated is brought into view.

use crate::common;

use common::ui::{ctrl, harness, tab, widgets};
use egui::{Event, Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use egui_plot::PlotBounds;
use mtn_studio::app::StudioApp;

fn window() -> Harness<'static, StudioApp> {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    harness
}

fn bounds(harness: &Harness<'_, StudioApp>) -> PlotBounds {
    *widgets(harness).timeline.transform.expect("drawn").bounds()
}

/// A point a third of the way across the plot, halfway down.
fn over_plot(harness: &Harness<'_, StudioApp>) -> Pos2 {
    let frame = *widgets(harness).timeline.transform.expect("drawn").frame();
    frame.lerp_inside(egui::vec2(0.33, 0.5))
}

/// Turns the wheel `notches` (positive: away from the user) with `modifiers` held, the
/// pointer at `at`.
fn wheel(harness: &mut Harness<'_, StudioApp>, at: Pos2, modifiers: Modifiers, notches: f32) {
    harness.event(Event::PointerMoved(at));
    harness.event(Event::ModifiersChanged(modifiers));
    harness.step();
    harness.event(Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, notches),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers,
    });
    // egui smooths a wheel's movement over a few frames.
    harness.run_steps(30);
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn the_wheel_zooms_time_around_the_pointer_and_leaves_the_angles() {
    let mut harness = window();
    let at = over_plot(&harness);
    let before = bounds(&harness);
    let time_under = widgets(&harness)
        .timeline
        .transform
        .unwrap()
        .value_from_position(at)
        .x;
    wheel(&mut harness, at, Modifiers::NONE, 3.0);
    let zoomed = bounds(&harness);
    assert!(
        zoomed.width() < before.width() * 0.8,
        "zoomed in: {} -> {}",
        before.width(),
        zoomed.width()
    );
    assert!(
        close(zoomed.height(), before.height(), 1e-6),
        "angles untouched"
    );
    let still_under = widgets(&harness)
        .timeline
        .transform
        .unwrap()
        .value_from_position(at)
        .x;
    assert!(
        close(still_under, time_under, before.width() * 0.01),
        "the time under the pointer stays put: {time_under} -> {still_under}"
    );
    // Towards the user zooms back out.
    wheel(&mut harness, at, Modifiers::NONE, -3.0);
    assert!(bounds(&harness).width() > zoomed.width() * 1.2);
}

#[test]
fn shift_wheel_pans_time_ctrl_wheel_zooms_angles_alt_wheel_pans_angles() {
    let mut harness = window();
    let at = over_plot(&harness);
    let before = bounds(&harness);
    wheel(&mut harness, at, Modifiers::SHIFT, -2.0);
    let panned = bounds(&harness);
    assert!(close(panned.width(), before.width(), 1e-3), "same span");
    assert!(
        panned.min()[0] > before.min()[0] + 1.0,
        "panned later in time: {} -> {}",
        before.min()[0],
        panned.min()[0]
    );
    assert!(
        close(panned.min()[1], before.min()[1], 1e-6),
        "angles untouched"
    );

    wheel(&mut harness, at, Modifiers::COMMAND, 3.0);
    let zoomed = bounds(&harness);
    assert!(
        zoomed.height() < panned.height() * 0.8,
        "angles zoomed in: {} -> {}",
        panned.height(),
        zoomed.height()
    );
    assert!(
        close(zoomed.width(), panned.width(), 1e-3),
        "time untouched"
    );

    wheel(&mut harness, at, Modifiers::ALT, 2.0);
    let lifted = bounds(&harness);
    assert!(
        close(lifted.height(), zoomed.height(), 1e-6),
        "same angle span"
    );
    assert!(
        !close(lifted.min()[1], zoomed.min()[1], 0.5),
        "angles panned: {} -> {}",
        zoomed.min()[1],
        lifted.min()[1]
    );
    assert!(
        close(lifted.min()[0], zoomed.min()[0], 1e-3),
        "time untouched"
    );

    // Ctrl+0 fits the whole motion again.
    ctrl(&mut harness, Key::Num0);
    harness.run();
    let fitted = bounds(&harness);
    assert!(close(fitted.width(), before.width(), 1e-3));
    assert!(close(fitted.min()[1], before.min()[1], 1e-3));
}

/// Zooms in around the plot's right end until only the last stretch of the motion is in
/// view.
fn zoom_into_the_end(harness: &mut Harness<'_, StudioApp>) {
    let frame = *widgets(harness).timeline.transform.expect("drawn").frame();
    let at = frame.lerp_inside(egui::vec2(0.9, 0.5));
    wheel(harness, at, Modifiers::NONE, 8.0);
}

fn in_view(harness: &Harness<'_, StudioApp>, k: usize) -> bool {
    let time = tab(harness).document.times_ms()[k] as f64;
    let b = bounds(harness);
    (b.min()[0]..=b.max()[0]).contains(&time)
}

#[test]
fn a_keyframe_just_inserted_or_duplicated_is_brought_into_view() {
    let mut harness = window();
    // Insert: the playhead one frame in, the view at the motion's end.
    harness.key_press(Key::Home);
    harness.key_press(Key::ArrowRight);
    harness.run();
    zoom_into_the_end(&mut harness);
    assert!(!in_view(&harness, 0), "zoomed in on the end");
    harness.key_press(Key::Insert);
    harness.run();
    let inserted = *tab(&harness)
        .view
        .selected_keyframes
        .first()
        .expect("the new keyframe is selected");
    assert_eq!(inserted, 1, "{}", common::ui::said(&harness));
    assert!(
        in_view(&harness, inserted),
        "the inserted keyframe is in view"
    );

    // Duplicate the first keyframe, with the view at the motion's end again.
    ctrl(&mut harness, Key::Num0);
    zoom_into_the_end(&mut harness);
    harness.get_by_label("Keyframe 0").click();
    harness.run();
    assert!(!in_view(&harness, 1));
    ctrl(&mut harness, Key::D);
    harness.run();
    assert_eq!(
        tab(&harness).view.selected_keyframes.first(),
        Some(&1),
        "{}",
        common::ui::said(&harness)
    );
    assert!(in_view(&harness, 1), "the duplicate is in view");
}

/// An animator's review: a keyframe dragged along time left the playhead where the
/// keyframe was (the guide says a point taken brings the playhead to it). It follows the
/// keyframe to its new time.
#[test]
fn a_keyframe_dragged_along_time_takes_the_playhead_with_it() {
    let mut harness = window();
    common::ui::show_only_knee(&mut harness);
    let channel = mtn_studio::app::motion::view::Channel::Joint(8);
    let at = common::ui::point_on_screen(&harness, 2, channel);
    let before = tab(&harness).document.times_ms()[2];
    common::ui::drag(&mut harness, at, at + egui::vec2(60.0, 0.0));
    let after = tab(&harness).document.times_ms()[2];
    assert!(
        after > before,
        "keyframe 2 moved along time: {before} -> {after}"
    );
    assert_eq!(tab(&harness).playback.time_ms(), after);
}
