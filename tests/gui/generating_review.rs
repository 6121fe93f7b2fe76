//! What a review of Motion > Generate… and Find a Walk… found, each fixed and held here: the
//! window stays on screen with Apply in sight, a plain Enter (meant for the timeline beside
//! it) does not apply but Ctrl+Enter does, a swing the model cannot make is listed greyed,
//! any walk of the search's table can be used, and a kept preset can be renamed or forgotten.

use crate::common;
use crate::generating::{choose, short_search};
use common::ui::{doc, menu, press, shows, type_into};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::Action;
use mtn_studio::codec::mtn;
use mtn_studio::presets::Presets;

/// A window of `size` on the ERS-7's stand, written to a file of its own.
fn window(name: &str, size: [f32; 2]) -> (mtn::Motion, Harness<'static, StudioApp>) {
    let motion = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").unwrap();
    let dir = common::scratch_dir("gui_generating_review", name);
    let path = dir.join(format!("{name}.mtn"));
    std::fs::write(&path, mtn::encode(&motion).unwrap()).unwrap();
    let mut app = StudioApp::empty();
    app.push(Action::Open(path));
    let mut h = common::ui::harness_sized(app, size);
    h.run();
    (motion, h)
}

#[test]
fn the_walks_many_fields_scroll_above_an_apply_that_stays_on_screen() {
    // The review: at 900x600 the walk's fields pushed Apply below the window.
    let (_, mut h) = window("small", [900.0, 600.0]);
    common::ui::ctrl_shift(&mut h, Key::G);
    choose(&mut h, "Generator", "Walk");
    let screen = h.ctx.content_rect();
    for button in ["Apply", "Cancel"] {
        let rect = h.get_by_label(button).rect();
        assert!(
            screen.contains_rect(rect),
            "{button} at {rect:?}, off {screen:?}"
        );
    }
}

#[test]
fn enter_with_nothing_focused_leaves_the_floating_window_and_ctrl_enter_applies() {
    let (before, mut h) = window("enter", [1400.0, 900.0]);
    menu(&mut h, "Motion", "Generate…");
    choose(&mut h, "Generator", "Nod");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(doc(&h).motion, before, "a plain Enter applied");
    assert!(shows(&h, "Generator"), "the window stays");
    // Ctrl+Enter as xdotool sends it within one frame: the key carries Ctrl, which is let
    // go by the time the frame reads the modifiers held (the real window missed it so).
    for pressed in [true, false] {
        h.input_mut().events.push(egui::Event::Key {
            key: Key::Enter,
            physical_key: Some(Key::Enter),
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::COMMAND,
        });
    }
    h.run();
    assert_ne!(doc(&h).motion, before, "Ctrl+Enter applies");
    assert!(!shows(&h, "Generator"), "and closes the window");
}

#[test]
fn a_head_tilt_is_listed_greyed_for_the_ers7_whose_head_does_not_roll() {
    let (_, mut h) = window("tilt", [1400.0, 900.0]);
    menu(&mut h, "Motion", "Generate…");
    use egui_kittest::kittest::NodeT as _;
    h.get_by_label("Generator").click();
    h.run();
    let tilt = h.get_by_label("Head tilt");
    assert!(tilt.accesskit_node().is_disabled(), "offered on the ERS-7");
    assert!(!h.get_by_label("Nod").accesskit_node().is_disabled());
}

#[test]
fn any_walk_of_the_searchs_table_can_be_used() {
    let (before, mut h) = window("find-walk-row", [1400.0, 900.0]);
    let second = short_search(&mut h).remove(1);
    // The cycle shown is the one the walk plays (the servos may need it longer).
    let cycle = format!("{} ms", second.played_period_ms);
    assert!(h.query_all_by_label(&cycle).next().is_some(), "{cycle}");
    let uses: Vec<_> = h.query_all_by_label("Use").collect();
    assert!(uses.len() >= 2, "a Use button a row: {}", uses.len());
    uses[1].click();
    h.run();
    let expected = mtn_studio::ops::generate::generate(
        &before,
        None,
        &mtn_studio::ops::generate::Generator::Walk(second.walk.clone()),
        0.5,
    )
    .unwrap()
    .motion;
    assert_eq!(doc(&h).motion, expected, "the second row's walk");
}

#[test]
fn a_kept_preset_is_renamed_and_forgotten_from_the_window() {
    let (_, mut h) = window("preset-rename", [1400.0, 900.0]);
    let dir = common::scratch_dir("gui_generating_review", "preset-library");
    h.state_mut().poses = mtn_studio::poses::Library::in_dir(Some(dir.clone()));
    menu(&mut h, "Motion", "Generate…");
    choose(&mut h, "Preset", "Happy wag");
    type_into(&mut h, "Keep as preset", "Mine");
    press(&mut h, "Keep");
    choose(&mut h, "Preset", "Mine");
    type_into(&mut h, "Keep as preset", "My wag");
    press(&mut h, "Rename");
    let names = || -> Vec<String> {
        Presets::in_dir(Some(dir.clone()))
            .kept()
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .collect()
    };
    assert_eq!(names(), ["My wag"]);
    press(&mut h, "Forget");
    assert!(names().is_empty());
    assert!(
        common::ui::said(&h).contains("Forgot the preset \"My wag\""),
        "{}",
        common::ui::said(&h)
    );
    // A built-in preset has neither button.
    choose(&mut h, "Preset", "Happy wag");
    assert!(h.query_by_label("Forget").is_none());
}

/// The review: the timeline was not framed to what a generator writes. Opening Generate…
/// brings the selected range into view where it is not; where it is, the view stays.
#[test]
fn generate_brings_the_range_it_writes_into_view() {
    use mtn_studio::app::action::MotionAction;
    let (_, mut h) = window("framed", [1400.0, 900.0]);
    let id = h.state().tabs.active.expect("a tab");
    let shown = |h: &Harness<'_, StudioApp>| {
        let bounds = *common::ui::widgets(h)
            .timeline
            .transform
            .expect("drawn")
            .bounds();
        (bounds.min()[0], bounds.max()[0])
    };
    let zoom = |h: &mut Harness<'_, StudioApp>, to_ms: u64| {
        let tab = h.state_mut().tabs.motion_mut(id).expect("the motion");
        tab.view.requests.frame(0, to_ms);
        h.run();
    };
    // Zoomed onto the first 200 ms, a range selected at the end, out of view.
    zoom(&mut h, 200);
    h.state_mut().push(Action::Motion(
        id,
        MotionAction::SetRange(Some((800, 1008))),
    ));
    h.run();
    assert!(shown(&h).1 < 400.0, "{:?}", shown(&h));
    menu(&mut h, "Motion", "Generate…");
    let (from, to) = shown(&h);
    assert!(from <= 800.0 && to >= 1008.0, "{from}..{to}");
    press(&mut h, "Cancel");
    // In view already: left as it is.
    zoom(&mut h, 1008);
    let before = shown(&h);
    menu(&mut h, "Motion", "Generate…");
    assert_eq!(shown(&h), before);
}

/// The review: a generator's preview showed on the timeline alone. While Generate… is open,
/// the stage shows what it makes at the playhead as a white ghost; Cancel takes it away.
#[test]
fn a_generators_preview_shows_on_the_stage_as_a_ghost() {
    use mtn_studio::app::action::MotionAction;
    let (before, mut h) = window("stage-ghost", [1400.0, 900.0]);
    let id = h.state().tabs.active.expect("a tab");
    h.state_mut()
        .push(Action::Motion(id, MotionAction::Seek(496)));
    h.run();
    let ghost = |h: &Harness<'_, StudioApp>| {
        common::ui::widgets(h)
            .stage
            .previewed()
            .map(<[i32]>::to_vec)
    };
    assert_eq!(ghost(&h), None);
    menu(&mut h, "Motion", "Generate…");
    choose(&mut h, "Generator", "Nod");
    h.run();
    let shown = ghost(&h).expect("the nod's pose on the stage");
    let motion = &doc(&h).motion;
    let now = mtn_studio::robot::timing::values_at_tick(&motion.keyframes, 496 / 8)
        .expect("the stand at 496 ms");
    let moved: Vec<String> = (0..now.len())
        .filter(|&j| shown[j] != now[j])
        .map(|j| mtn_studio::robot::joint_name(&motion.design, &motion.locators[j]).to_owned())
        .collect();
    assert_eq!(
        moved,
        ["HEAD_PITCH2"],
        "the head nods in the ghost, nothing else"
    );
    assert_eq!(doc(&h).motion, before, "nothing applied");
    press(&mut h, "Cancel");
    assert_eq!(ghost(&h), None);
}

/// The second review: a range starting between keyframes drew no dashed preview (the span
/// drawn was the keyframes inside the range, here only the last), and a generator that
/// makes the motion longer drew its preview cut at the range's end, the rest out of view.
/// Every keyframe the preview changes now lies in the span the timeline draws, and the
/// timeline brings the longer motion, and the angles the preview reaches, into view.
#[test]
fn the_preview_is_drawn_wherever_the_generator_writes_and_brought_into_view() {
    use mtn_studio::app::action::MotionAction;
    use mtn_studio::app::dialogs::Modal;
    use mtn_studio::app::motion::timeline::overlay::Shaping;
    let (before, mut h) = window("preview-span", [1400.0, 900.0]);
    let id = h.state().tabs.active.expect("a tab");
    h.state_mut()
        .push(Action::Motion(id, MotionAction::SetRange(Some((16, 704)))));
    h.run();
    menu(&mut h, "Motion", "Generate…");
    choose(&mut h, "Generator", "Look around");
    h.run();
    let app = h.state();
    let Some(Modal::MotionOp(prompt)) = &app.modal else {
        panic!("Generate… is open");
    };
    let Some(Ok(preview)) = &prompt.preview else {
        panic!("a preview: {:?}", prompt.preview);
    };
    let tab = app
        .tabs
        .get(id)
        .and_then(|t| t.motion())
        .expect("the motion");
    let shaping = Shaping::of(prompt, &tab.document, &tab.view).expect("drawn on the timeline");
    let (from, to) = shaping.span_ms;
    let result = &preview.result;
    let end = mtn_studio::robot::timing::duration_ms(&before.keyframes);
    assert!(
        preview.duration_ms > end,
        "the look makes the motion longer"
    );
    let mut changed = 0;
    for (k, &t) in preview.result_times.iter().enumerate() {
        // Past the motion's end it holds its last pose.
        let last = before
            .keyframes
            .get(before.keyframes.len() - 1)
            .expect("a keyframe");
        let was = mtn_studio::robot::timing::values_at_tick(&before.keyframes, t / 8)
            .unwrap_or_else(|| last.angles_urad.to_vec());
        if result.keyframes.get(k).expect("a keyframe").angles_urad != was.as_slice() {
            changed += 1;
            assert!((from..=to).contains(&t), "{t} ms outside {from}..{to}");
        }
    }
    assert!(changed > 3, "{changed} keyframes changed");
    let bounds = *common::ui::widgets(&h)
        .timeline
        .transform
        .expect("drawn")
        .bounds();
    #[expect(clippy::cast_precision_loss, reason = "ms")]
    let longest = preview.duration_ms as f64;
    assert!(bounds.max()[0] >= longest, "{bounds:?} against {longest}");
    // The head looks 40° to either side: the angles in view widened to take that in (the
    // review: a walk's dashed legs ran off the angle axis).
    assert!(
        bounds.min()[1] <= -40.0 && bounds.max()[1] >= 40.0,
        "{bounds:?}"
    );
}
