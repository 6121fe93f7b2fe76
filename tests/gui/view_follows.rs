//! The angles in view follow what an edit does to the curves shown, and the key of the
//! marks is kept off them (an animator's review: the timeline did not widen after a body
//! change typed in the Pose fields; at 900x600 the key covered the points near 120°).

use crate::common::ui::{ctrl, doc, harness_sized, set_number, show_only_knee, widgets};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::Action;
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::robot::{joint_name, urad_to_deg};

/// A window of `size` on `motion`, written to a file of its own.
fn window(motion: &Motion, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let test = std::thread::current()
        .name()
        .unwrap_or("view")
        .replace("::", "-");
    let path = crate::common::scratch_dir("view-follows", &test).join("motion.mtn");
    std::fs::write(&path, mtn::encode(motion).expect("encoded")).expect("written");
    let mut app = StudioApp::empty();
    app.push(Action::Open(path));
    let mut harness = harness_sized(app, size);
    harness.run();
    harness
}

fn joint(motion: &Motion, name: &str) -> usize {
    motion
        .locators
        .iter()
        .position(|l| joint_name(&motion.design, l) == name)
        .expect("the joint")
}

/// The lowest and highest value of a joint over the motion (degrees).
fn extent(motion: &Motion, j: usize) -> (f64, f64) {
    (0..motion.keyframes.len())
        .filter_map(|k| motion.keyframes.angle(k, j))
        .map(urad_to_deg)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        })
}

fn shown(harness: &Harness<'_, StudioApp>) -> egui_plot::PlotBounds {
    *widgets(harness)
        .timeline
        .transform
        .expect("the plot is drawn")
        .bounds()
}

/// The time in view is what it was.
fn assert_time_kept(was: &egui_plot::PlotBounds, now: &egui_plot::PlotBounds) {
    assert!(
        (now.min()[0] - was.min()[0]).abs() < 1e-6 && (now.max()[0] - was.max()[0]).abs() < 1e-6,
        "the time kept: {was:?} -> {now:?}"
    );
}

#[test]
fn a_body_change_typed_in_the_pose_fields_widens_the_angles_in_view() {
    let stand = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").expect("a stand");
    let mut harness = window(&stand, [1400.0, 900.0]);
    // The knee alone, fitted: a stand holds it still, so a few degrees are in view.
    show_only_knee(&mut harness);
    ctrl(&mut harness, Key::Num0);
    let was = shown(&harness);
    harness.key_press(Key::End);
    harness.run();
    set_number(&mut harness, "height", "100");
    let motion = &doc(&harness).motion;
    let (low, high) = extent(motion, joint(motion, "FL_LEG_KNEE"));
    assert!(
        low < was.min()[1] || high > was.max()[1],
        "the body lowered moves the knee beyond the view: {low}..{high} in {was:?}"
    );
    let now = shown(&harness);
    assert!(
        now.min()[1] <= low && now.max()[1] >= high,
        "widened to take in {low}..{high}: {now:?}"
    );
    assert_time_kept(&was, &now);
}

#[test]
fn at_900_by_600_the_fitted_curves_stay_clear_of_the_key_and_the_strips_of_the_marks() {
    // The example with its head pitched up to 120° at keyframe 2, faster than the servo
    // follows: the key names the mark in the plot's top right.
    let mut motion = mtn_studio::example::stand_to_sit();
    let head = joint(&motion, "HEAD_PITCH2");
    assert!(motion.keyframes.set_angle(2, head, 2_094_395));
    let mut harness = window(&motion, [900.0, 600.0]);
    let key = mtn_studio::app::motion::timeline::marks::key_height(doc(&harness));
    assert!(key > 0.0, "no key: nothing is marked");
    let transform = widgets(&harness).timeline.transform.expect("drawn");
    let top_value = (0..motion.keyframes.len())
        .flat_map(|k| motion.keyframes.get(k).map(|f| f.angles_urad.to_vec()))
        .flatten()
        .map(urad_to_deg)
        .fold(f64::NEG_INFINITY, f64::max);
    let highest = transform
        .position_from_point(&egui_plot::PlotPoint::new(0.0, top_value))
        .y;
    assert!(
        highest >= transform.frame().top() + key,
        "the highest point ({top_value}°) is drawn at y {highest}, under the key that ends at \
         {} ({:?} in {:?})",
        transform.frame().top() + key,
        transform.bounds(),
        transform.frame()
    );
    // The lowest point clear of the strips along the bottom (the review: a knee dragged
    // to -113 degrees was half under them).
    let strips = mtn_studio::app::motion::timeline::marks::strips_height(doc(&harness));
    assert!(strips > 0.0);
    let low_value = (0..motion.keyframes.len())
        .flat_map(|k| motion.keyframes.get(k).map(|f| f.angles_urad.to_vec()))
        .flatten()
        .map(urad_to_deg)
        .fold(f64::INFINITY, f64::min);
    let clear = |transform: &egui_plot::PlotTransform| {
        let y = |v| {
            transform
                .position_from_point(&egui_plot::PlotPoint::new(0.0, v))
                .y
        };
        let frame = transform.frame();
        y(top_value) >= frame.top() + key && y(low_value) <= frame.bottom() - strips
    };
    assert!(
        clear(&transform),
        "{:?} in {:?}",
        transform.bounds(),
        transform.frame()
    );
    // Zoom to Fit keeps it so.
    ctrl(&mut harness, Key::Num0);
    let transform = widgets(&harness).timeline.transform.expect("drawn");
    assert!(clear(&transform), "{:?}", transform.bounds());
}

/// An animator's review: a press on a point and a drag straight after (the pointer reaching
/// the point, the button going down and the move all before the window drew again) panned
/// the view instead of moving the point. Sent as egui-winit sends them, in one frame.
#[test]
fn a_quick_press_on_a_point_and_drag_moves_the_point_and_never_pans() {
    use egui::{Event, PointerButton};
    let motion = mtn_studio::example::stand_to_sit();
    let mut harness = window(&motion, [1400.0, 900.0]);
    crate::common::ui::show_only_knee(&mut harness);
    let knee = joint(&motion, "FL_LEG_KNEE");
    let channel = mtn_studio::app::motion::view::Channel::Joint(knee);
    let before = widgets(&harness).timeline.transform.expect("drawn");
    let at = crate::common::ui::point_on_screen(&harness, 1, channel);
    let press = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    // Onto the point, down and away, in one frame: nothing hovered it before.
    harness.input_mut().events.push(Event::PointerMoved(at));
    harness.input_mut().events.push(press(at, true));
    for step in 1..=2 {
        let to = at - egui::vec2(0.0, 10.0 * step as f32);
        harness.input_mut().events.push(Event::PointerMoved(to));
    }
    harness.step();
    for step in 3..=4 {
        let to = at - egui::vec2(0.0, 10.0 * step as f32);
        harness.input_mut().events.push(Event::PointerMoved(to));
        harness.step();
    }
    harness
        .input_mut()
        .events
        .push(press(at - egui::vec2(0.0, 40.0), false));
    harness.run();
    let after = widgets(&harness).timeline.transform.expect("drawn");
    assert_eq!(before.bounds(), after.bounds(), "the view panned");
    let moved = doc(&harness).motion.keyframes.angle(1, knee);
    assert!(
        moved > motion.keyframes.angle(1, knee),
        "the point did not move up: {moved:?}"
    );
}

/// An animator's review: a quick Shift+drag box selected nothing, where a slow one worked.
/// The press, the moves and the release all reached the window between two frames (xdotool
/// without delays does the same in the real window), and egui reports no drag for them.
#[test]
fn a_shift_box_made_whole_between_two_frames_selects_what_it_covers() {
    use egui::{Event, Modifiers, PointerButton};
    let motion = mtn_studio::example::stand_to_sit();
    let mut harness = window(&motion, [1400.0, 900.0]);
    crate::common::ui::show_only_knee(&mut harness);
    let knee = joint(&motion, "FL_LEG_KNEE");
    let channel = mtn_studio::app::motion::view::Channel::Joint(knee);
    let point = |h: &Harness<'_, StudioApp>, k| crate::common::ui::point_on_screen(h, k, channel);
    let (p2, p3) = (point(&harness, 2), point(&harness, 3));
    let from = egui::pos2(p2.x - 7.0, p2.y.min(p3.y) - 30.0);
    let to = egui::pos2(p3.x + 10.0, p2.y.max(p3.y) + 30.0);
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::SHIFT,
    };
    let events = &mut harness.input_mut().events;
    events.push(Event::ModifiersChanged(Modifiers::SHIFT));
    events.push(Event::PointerMoved(from));
    events.push(button(from, true));
    events.push(Event::PointerMoved(from + (to - from) * 0.5));
    events.push(Event::PointerMoved(to));
    events.push(button(to, false));
    events.push(Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
    assert_eq!(doc(&harness).motion, motion, "nothing moved");
    let selected = &crate::common::ui::tab(&harness).view.selection;
    assert!(
        selected.contains(&(2, channel)) && selected.contains(&(3, channel)),
        "the box selected {selected:?}"
    );
}

/// A motion made longer by a gesture's edits (as a paw lift's weight shift does) is shown
/// whole once the gesture ends. (A review saw a paw lift on the stage of a 320 ms motion
/// leave the timeline on 0-330 ms; through the actions, as here, the view follows.)
#[test]
fn a_motion_made_longer_inside_a_gesture_is_shown_whole_once_it_ends() {
    use mtn_studio::app::action::MotionAction;
    let mut motion = mtn_studio::app::example_document().motion;
    // A short motion: two keyframes 320 ms apart.
    while motion.keyframes.len() > 2 {
        let last = motion.keyframes.len() - 1;
        motion.keyframes.remove(last).expect("removed");
    }
    let mut harness = window(&motion, [1400.0, 900.0]);
    let frames = doc(&harness).motion.keyframes.frames().to_vec();
    let id = harness.state().tabs.active.expect("a tab");
    let shown = |harness: &Harness<'_, StudioApp>| widgets(harness).shown_ms().expect("drawn");
    let before = shown(&harness);
    for action in [
        MotionAction::BeginGesture("paw lift".to_owned()),
        MotionAction::Edit {
            label: "paw lift".to_owned(),
            edit: mtn_studio::edit::Edit::SetFrames(vec![(1, frames[1] + 38)]),
        },
        MotionAction::EndGesture,
    ] {
        harness.state_mut().push(Action::Motion(id, action));
        harness.run();
    }
    let length = *doc(&harness).times_ms().last().expect("keyframes") as f64;
    let after = shown(&harness);
    assert!(
        after.1 >= length,
        "the view shows the new length {length} ms: {after:?} (before {before:?})"
    );
}

/// The review: BL_LEG_KNEE (122°) shown again beside curves fitted to -35..0° stayed out of
/// view. A curve shown again widens the angles in view to take it in, the time kept.
#[test]
fn a_curve_shown_again_is_brought_into_view() {
    let stand = mtn_studio::robot::postures::new_motion("DRX-1000", "sit").expect("a sit");
    let mut harness = window(&stand, [1400.0, 900.0]);
    show_only_knee(&mut harness);
    ctrl(&mut harness, Key::Num0);
    let was = shown(&harness);
    let motion = doc(&harness).motion.clone();
    // The joint whose values lie furthest outside the knee's view.
    let outside = |j: usize| {
        let (low, high) = extent(&motion, j);
        (was.min()[1] - low).max(high - was.max()[1])
    };
    let far = (0..motion.locators.len())
        .max_by(|&a, &b| outside(a).total_cmp(&outside(b)))
        .expect("joints");
    assert!(outside(far) > 1.0, "a joint beyond the view: {was:?}");
    let id = harness.state().tabs.active.expect("a tab");
    harness.state_mut().push(Action::Motion(
        id,
        mtn_studio::app::action::MotionAction::SetVisible(
            mtn_studio::app::motion::view::Channel::Joint(far),
            true,
        ),
    ));
    harness.run();
    let (low, high) = extent(&motion, far);
    let now = shown(&harness);
    assert!(
        now.min()[1] <= low && now.max()[1] >= high,
        "{low}..{high} in view: {now:?}"
    );
    assert_time_kept(&was, &now);
}

#[test]
fn an_inserted_pose_that_lengthens_the_motion_is_shown_whole() {
    // The review: a new stand, the playhead stepped to 496 ms with the arrow keys, "FR paw
    // up (on three)" inserted: the motion grew from 1008 to 1504 ms and the timeline still
    // ended near 1080 ms.
    let dir = crate::common::scratch_dir("posing", "insert-length");
    let mut harness = crate::posing::stand_with_library(&dir);
    for _ in 0..31 {
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
    }
    assert_eq!(crate::common::ui::tab(&harness).playback.time_ms(), 496);
    let before = doc(&harness).duration_ms();
    crate::posing::choose_pose(&mut harness, "FR paw up (on three)");
    harness.get_by_label("Insert pose").click();
    harness.run();
    let length = doc(&harness).duration_ms();
    assert!(length > before, "{before} -> {length} ms");
    let (start, end) = widgets(&harness).shown_ms().expect("drawn");
    assert!(
        start <= 0.0 && end >= length as f64,
        "the view {start}..{end} ms shows the motion of {length} ms"
    );
    assert!(
        crate::common::ui::said(&harness).contains(&format!("now {length} ms long")),
        "{}",
        crate::common::ui::said(&harness)
    );
}

#[test]
fn a_point_held_past_the_plots_top_scrolls_the_angles_and_the_point_follows() {
    // The third review: a point dragged past the plot's edge stopped there.
    use egui::{Event, PointerButton};
    let motion = mtn_studio::example::stand_to_sit();
    let mut harness = window(&motion, [1400.0, 900.0]);
    crate::common::ui::show_only_knee(&mut harness);
    let knee = joint(&motion, "FL_LEG_KNEE");
    let channel = mtn_studio::app::motion::view::Channel::Joint(knee);
    let before = shown(&harness);
    let frame = *widgets(&harness).timeline.transform.expect("drawn").frame();
    let at = crate::common::ui::point_on_screen(&harness, 1, channel);
    let press = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    harness.input_mut().events.push(Event::PointerMoved(at));
    harness.step();
    harness.input_mut().events.push(press(at, true));
    harness.step();
    // Up in steps, to 20 points above the plot, then held there for half a second.
    let above = egui::pos2(at.x, frame.top() - 20.0);
    for step in 1..=4 {
        let to = at + (above - at) * (step as f32 / 4.0);
        harness.input_mut().events.push(Event::PointerMoved(to));
        harness.step();
    }
    let reached = doc(&harness).motion.keyframes.angle(1, knee);
    for _ in 0..30 {
        harness.step();
    }
    let scrolled = shown(&harness);
    // Held on (the review held it seconds: the knee went to 732°, the view with it), the view
    // stops at 180°, the end of every joint's turn.
    for _ in 0..600 {
        harness.step();
    }
    assert!(
        shown(&harness).max()[1] <= 180.5,
        "the view stopped at 180°: {:?}",
        shown(&harness)
    );
    harness.input_mut().events.push(press(above, false));
    harness.run();
    assert!(
        scrolled.max()[1] > before.max()[1] + 1.0,
        "the angles in view went up: {before:?} -> {scrolled:?}"
    );
    assert!(
        (scrolled.min()[0] - before.min()[0]).abs() < 1e-6,
        "the time stays: {before:?} -> {scrolled:?}"
    );
    let released = doc(&harness).motion.keyframes.angle(1, knee);
    assert!(
        released > reached,
        "the point kept rising with the view: {reached:?} -> {released:?}"
    );
}
