//! Motion > Generate… in the window, driven as a user would: a generator chosen, its
//! parameters typed, the preview read, Apply, and undo and redo as one step each.

use crate::common;
use common::ui::{ctrl, doc, menu, opened, press, shows, type_into};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mtn_studio::app::StudioApp;
use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::ops::generate::{self, Generator, Gesture, Oscillation};
use std::path::PathBuf;

fn stand_file(name: &str) -> (Motion, PathBuf) {
    let motion = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").unwrap();
    let dir = common::scratch_dir("gui_generating", name);
    let path = dir.join(format!("{name}.mtn"));
    std::fs::write(&path, mtn::encode(&motion).unwrap()).unwrap();
    (motion, path)
}

/// What the library makes of `before` with `generator` in `span_ms`, at the window's 0.5°.
fn made(before: &Motion, span_ms: Option<(u64, u64)>, generator: &Generator) -> Motion {
    generate::generate(before, span_ms, generator, 0.5)
        .unwrap()
        .motion
}

/// The window's nod with its defaults (1.5 Hz, 10°), `count` nods.
fn nod(count: Option<u32>) -> Generator {
    Generator::Oscillate(Oscillation {
        gesture: Gesture::Nod,
        frequency_hz: 1.5,
        amplitude_deg: 10.0,
        count,
        ease_ms: 160,
    })
}

/// Picks `option` of the drop-down labelled `label`.
pub fn choose(h: &mut Harness<'_, StudioApp>, label: &str, option: &str) {
    h.get_by_label(label).click();
    h.run();
    h.query_all_by_label(option)
        .last()
        .unwrap_or_else(|| panic!("no {option} in {label}"))
        .click();
    h.run();
}

#[test]
fn a_nod_generated_from_the_motion_menu_is_one_undo_step() {
    let (before, path) = stand_file("nod");
    let mut h = opened(&[&path]);
    menu(&mut h, "Motion", "Generate…");
    choose(&mut h, "Generator", "Nod");
    // The nod's own defaults (1.5 Hz, 10°) came with it; three nods asked for.
    type_into(&mut h, "Swings (0: fill the range)", "3");
    assert!(
        h.query_by_label_contains("nod on HEAD_PITCH2 over 0..2000 ms")
            .is_some(),
        "the preview says what it makes"
    );
    press(&mut h, "Apply");
    let expected = made(&before, None, &nod(Some(3)));
    let made = doc(&h).motion.clone();
    assert_eq!(made, expected);
    assert_ne!(made, before);
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, before, "one undo takes it all back");
    ctrl(&mut h, Key::Y);
    assert_eq!(doc(&h).motion, made, "and redo puts it back");
}

#[test]
fn the_mouth_asks_for_a_sound_where_the_motion_has_none() {
    let (_, path) = stand_file("mouth");
    let mut h = opened(&[&path]);
    ctrl_shift_g(&mut h);
    choose(&mut h, "Generator", "Mouth from the sound");
    assert!(shows(
        &h,
        "The mouth follows the sound track's WAV sound: add one first (File > Add Sound or \
         LED Pattern…)."
    ));
}

fn ctrl_shift_g(h: &mut Harness<'_, StudioApp>) {
    common::ui::ctrl_shift(h, Key::G);
    assert!(shows(h, "Generator"), "Ctrl+Shift+G opens Generate…");
}

#[test]
fn a_walk_is_generated_from_the_same_window() {
    let (before, path) = stand_file("walk");
    let mut h = opened(&[&path]);
    ctrl_shift_g(&mut h);
    choose(&mut h, "Generator", "Walk");
    assert!(shows(
        &h,
        "Its preview is simulated on the stage's floor (below); Simulate on the stage shows it walk."
    ));
    assert!(
        h.query_by_label_contains("a trot of 5 cycles of 512 ms")
            .is_some(),
        "the preview says what it makes"
    );
    press(&mut h, "Apply");
    let expected = made(&before, None, &Generator::Walk(generate::Walk::default()));
    assert_eq!(doc(&h).motion, expected);
}

#[test]
fn a_walks_preview_is_simulated_before_it_is_applied_and_agrees_with_it_applied() {
    use mtn_studio::robot::physics::{Floor, Settings, simulate};
    let (before, path) = stand_file("walk-simulated");
    let mut h = opened(&[&path]);
    ctrl_shift_g(&mut h);
    choose(&mut h, "Generator", "Walk");
    // The line under the preview says how far the walk goes, once the simulation (on a
    // thread of its own) is done.
    let started = std::time::Instant::now();
    let line = loop {
        h.step();
        if let Some(node) = h.query_by_label_contains("Simulated on carpet:") {
            let access = node.accesskit_node();
            break format!(
                "{}{}",
                access.label().unwrap_or_default(),
                access.value().unwrap_or_default()
            );
        }
        assert!(
            started.elapsed().as_secs() < 60,
            "the preview was never simulated"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // What the library's simulation of the same walk finds.
    let walk = made(&before, None, &Generator::Walk(generate::Walk::default()));
    let settings = Settings {
        floor: Floor::Carpet,
        repeat: 1,
    };
    let sim = simulate(&walk, settings, &mut |_| true).unwrap();
    let forward = mtn_studio::words::signed_mm(sim.summary.travel_mm[0], "forward", "back");
    let turned = mtn_studio::words::signed_deg(sim.summary.heading_deg, "left", "right");
    assert!(
        line.contains(&forward) && line.contains(&format!("turned {turned}")),
        "{line} against {forward}, turned {turned}"
    );
    // Applied, the stage's simulation of the motion says the same.
    press(&mut h, "Apply");
    assert_eq!(doc(&h).motion, walk);
    h.get_by_label("Simulate").click();
    h.run();
    crate::simulating::wait_simulated(&mut h, Floor::Carpet);
    let tab = crate::common::ui::tab(&h);
    let applied = tab
        .sim
        .current(tab.document.revision(), settings)
        .expect("simulated");
    assert_eq!(applied.summary.travel_mm, sim.summary.travel_mm);
}

#[test]
fn a_preset_fills_the_window_and_the_window_keeps_one() {
    use mtn_studio::app::dialogs::Modal;
    use mtn_studio::app::motion::ops::form::OpForm;
    use mtn_studio::presets::{Presets, Setting};
    let (_, path) = stand_file("presets");
    let mut h = opened(&[&path]);
    let dir = common::scratch_dir("gui_generating", "preset-library");
    h.state_mut().poses = mtn_studio::poses::Library::in_dir(Some(dir.clone()));
    ctrl_shift_g(&mut h);
    choose(&mut h, "Preset", "Happy wag");
    let form = |h: &Harness<'_, StudioApp>| {
        let Some(Modal::MotionOp(prompt)) = &h.state().modal else {
            panic!("no Generate window");
        };
        let OpForm::Generate(form) = &prompt.form else {
            panic!("{:?}", prompt.form);
        };
        (**form).clone()
    };
    let filled = form(&h);
    assert_eq!((filled.kind, filled.hz, filled.count), (0, 3.0, 6));
    type_into(&mut h, "Keep as preset", "My wag");
    press(&mut h, "Keep");
    let kept = Presets::in_dir(Some(dir)).kept().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].name, "My wag");
    assert!(matches!(&kept[0].setting, Setting::Swing(o) if o.frequency_hz == 3.0));
    assert!(
        form(&h).presets.iter().any(|p| p.name == "My wag"),
        "the window offers it from then on"
    );
    assert!(shows(&h, "Generator"), "the window stays open");
}

/// Motion > Find a Walk…, a short search run in it (the window offers its time, a test asks
/// for one generation of four), and the best walks it found, best first; the window stays
/// open with the search stopped.
pub fn short_search(
    h: &mut Harness<'_, StudioApp>,
) -> Vec<mtn_studio::ops::generate::search::Scored> {
    use mtn_studio::app::dialogs::Modal;
    menu(h, "Motion", "Find a Walk…");
    let Some(Modal::FindWalk(prompt)) = &mut h.state_mut().modal else {
        panic!("Find a Walk… opens its window");
    };
    (prompt.generations, prompt.candidates) = (1, 4);
    h.run();
    press(h, "Start the Search");
    h.run();
    let Some(Modal::FindWalk(prompt)) = &h.state().modal else {
        panic!("the window stays open");
    };
    assert!(!prompt.running);
    let progress = prompt.shared.as_ref().unwrap().progress.lock().unwrap();
    progress.as_ref().unwrap().best.clone()
}

#[test]
fn find_a_walk_searches_shows_the_best_and_writes_it_as_one_undo_step() {
    let (before, path) = stand_file("find-walk");
    let mut h = opened(&[&path]);
    let best = short_search(&mut h).remove(0).walk;
    assert!(shows(&h, "generation 1, 4 candidates scored"));
    assert!(shows(&h, "mm/s"), "the table of the best");
    press(&mut h, "Use the Best");
    let expected = made(&before, None, &Generator::Walk(best));
    assert_eq!(doc(&h).motion, expected);
    ctrl(&mut h, Key::Z);
    assert_eq!(doc(&h).motion, before);
}

#[test]
fn a_range_between_two_keyframes_is_where_the_generator_writes() {
    let (before, path) = stand_file("range");
    let mut h = opened(&[&path]);
    // The new stand has keyframes at 0 and 1008 ms only: none inside the range.
    common::ui::select_range(&mut h, 200.0, 700.0);
    let range = common::ui::tab(&h).view.range_ms.expect("a range");
    ctrl_shift_g(&mut h);
    choose(&mut h, "Generator", "Nod");
    press(&mut h, "Apply");
    let expected = made(&before, Some(range), &nod(None));
    assert_eq!(doc(&h).motion, expected);
    // The range stays selected, so a wag goes into it next without a drag again.
    assert_eq!(common::ui::tab(&h).view.range_ms, Some(range));
    ctrl_shift_g(&mut h);
    press(&mut h, "Apply");
    let wag = Generator::Oscillate(Oscillation {
        gesture: Gesture::WagSide,
        frequency_hz: Gesture::WagSide.defaults().0,
        amplitude_deg: Gesture::WagSide.defaults().1,
        count: None,
        ease_ms: 160,
    });
    assert_eq!(doc(&h).motion, made(&expected, Some(range), &wag));
}

#[test]
fn a_value_the_generator_cannot_take_is_refused_with_its_reason_not_clamped() {
    let (before, path) = stand_file("refused");
    let mut h = opened(&[&path]);
    ctrl_shift_g(&mut h);
    type_into(&mut h, "Frequency (Hz)", "12");
    assert!(
        h.query_by_label_contains("must be above 0 and at most 10, not 12")
            .is_some(),
        "the preview says why"
    );
    press(&mut h, "Apply");
    assert_eq!(doc(&h).motion, before, "nothing is applied");
}
