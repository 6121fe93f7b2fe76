//! The command palette: F1 (or Ctrl+Shift+P, or Help > Command Palette…) opens it; typed
//! words find commands by name or by what they do; the arrows choose and Enter gives the
//! chosen one through the action queue, as its menu item would; one that cannot be given
//! now is greyed, with why; Escape closes. Keys are sent as egui-winit sends them.

use crate::common;
use common::ui::{ctrl, ctrl_shift, doc, menu, opened, tab, type_keys};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mtn_studio::app::StudioApp;
use mtn_studio::codec::mtn::{self, Motion};

/// A window on the example with its front left knee bent further at keyframe 1 than the
/// right one (so a mirror changes it).
fn uneven() -> (Harness<'static, StudioApp>, Motion) {
    let mut motion = mtn_studio::example::stand_to_sit();
    let knee = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "FL_LEG_KNEE")
        .unwrap();
    assert!(motion.keyframes.set_angle(1, knee, 500_000));
    let test = std::thread::current()
        .name()
        .unwrap_or("palette")
        .replace("::", "-");
    let path = common::scratch_dir("palette", &test).join("uneven.mtn");
    std::fs::write(&path, mtn::encode(&motion).unwrap()).unwrap();
    (opened(&[&path]), motion)
}

fn key(harness: &mut Harness<'_, StudioApp>, key: Key) {
    harness.key_press(key);
    harness.run();
}

/// The palette's line for `name` (its accessible name starts with the command's name).
fn line<'a>(harness: &'a Harness<'_, StudioApp>, name: &'a str) -> egui_kittest::Node<'a> {
    harness
        .query_all_by_label_contains(name)
        .find(|n| {
            n.accesskit_node().role() == egui::accesskit::Role::Button
                && n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with(&format!("{name}\n")))
        })
        .unwrap_or_else(|| panic!("no line for {name} in the palette"))
}

fn palette_open(harness: &Harness<'_, StudioApp>) -> bool {
    harness.query_by_label("Command").is_some()
}

#[test]
fn f1_then_mirror_and_enter_mirrors_the_motion_in_one_step() {
    let (mut harness, before) = uneven();
    key(&mut harness, Key::F1);
    assert!(palette_open(&harness), "F1 opened no palette");
    type_keys(&mut harness, "mirror");
    key(&mut harness, Key::Enter);
    assert!(!palette_open(&harness), "the palette stays open");
    let mirrored = mtn_studio::ops::mirror::mirror(&before).unwrap().motion;
    assert_eq!(doc(&harness).motion, mirrored);
    // One step, as the menu's Mirror.
    ctrl(&mut harness, Key::Z);
    assert_eq!(doc(&harness).motion, before);
}

#[test]
fn a_command_that_cannot_be_given_is_greyed_with_why_and_enter_leaves_it() {
    let (mut harness, before) = uneven();
    ctrl_shift(&mut harness, Key::P);
    type_keys(&mut harness, "fix speed");
    let fix = line(&harness, "Fix Speed");
    assert!(
        fix.accesskit_node().is_disabled(),
        "Fix Speed is not greyed"
    );
    let said = fix.accesskit_node().label().unwrap_or_default();
    assert!(
        said.contains("No joint moves faster than its servo follows"),
        "{said}"
    );
    key(&mut harness, Key::Enter);
    assert!(
        palette_open(&harness),
        "Enter on a greyed line closed the palette"
    );
    // It says why where the window says things.
    assert_eq!(
        harness.state().status.log().last().map(String::as_str),
        Some("Fix Speed: No joint moves faster than its servo follows")
    );
    assert_eq!(doc(&harness).motion, before);
    key(&mut harness, Key::Escape);
    assert!(!palette_open(&harness), "Escape left the palette open");
}

#[test]
fn the_arrows_choose_and_the_help_menu_opens_it_too() {
    let (mut harness, _) = uneven();
    menu(&mut harness, "Help", "Command Palette…");
    assert!(
        palette_open(&harness),
        "Help > Command Palette… opened nothing"
    );
    // "go to": Go to Start, then Go to End; Down chooses the second.
    type_keys(&mut harness, "go to");
    key(&mut harness, Key::ArrowDown);
    key(&mut harness, Key::Enter);
    assert_eq!(tab(&harness).playback.time_ms(), 1248);
    // What a command does is found too, and shown under its name: "servos" is in Fix
    // Speed's description only.
    key(&mut harness, Key::F1);
    type_keys(&mut harness, "servos");
    let found = line(&harness, "Fix Speed")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(found.contains("the servos cannot follow"), "{found}");
}

/// A letter key with `modifiers` as egui-winit sends it: the press with its text (none
/// with Ctrl), then the release.
fn letter(harness: &mut Harness<'_, StudioApp>, key: Key, modifiers: egui::Modifiers) {
    let text = key.name();
    let text = if modifiers.shift {
        text.to_owned()
    } else {
        text.to_lowercase()
    };
    let events = &mut harness.input_mut().events;
    events.push(common::ui::key_event(key, true, modifiers));
    events.push(egui::Event::Text(text));
    harness.step();
    harness
        .input_mut()
        .events
        .push(common::ui::key_event(key, false, modifiers));
    harness.run();
}

#[test]
fn the_stage_and_playback_switches_are_commands_with_keys_and_ticks_in_the_menus() {
    // The review's want: Simulate, the onion skin and Loop in the palette, not only as the
    // stage's and the transport's own controls.
    let (mut harness, _) = uneven();
    let stage = |h: &Harness<'_, StudioApp>| (tab(h).stage.onion, tab(h).stage.simulate);
    assert_eq!(stage(&harness), (0, false));
    key(&mut harness, Key::F1);
    type_keys(&mut harness, "onion");
    key(&mut harness, Key::Enter);
    assert_eq!(stage(&harness), (2, false), "the palette's Onion Skin");
    assert_eq!(
        harness.state().status.log().last().map(String::as_str),
        Some("2 ghosts before and after the playhead")
    );
    letter(&mut harness, Key::G, egui::Modifiers::NONE);
    assert_eq!(stage(&harness), (0, false), "G turns the ghosts off");

    let looping = tab(&harness).playback.looping;
    letter(&mut harness, Key::L, egui::Modifiers::NONE);
    assert_eq!(tab(&harness).playback.looping, !looping, "L");
    menu(
        &mut harness,
        "Playback",
        // Ticked while it loops.
        if looping {
            "Loop Playback"
        } else {
            "✔ Loop Playback"
        },
    );
    assert_eq!(
        tab(&harness).playback.looping,
        looping,
        "Playback > Loop Playback"
    );

    letter(&mut harness, Key::S, egui::Modifiers::SHIFT);
    assert_eq!(stage(&harness), (0, true), "Shift+S simulates");
    // Ghosts asked for while simulating: the simulated robot has none, and that is said.
    letter(&mut harness, Key::G, egui::Modifiers::NONE);
    assert!(
        harness
            .state()
            .status
            .log()
            .last()
            .is_some_and(|l| l.contains("shown with Simulate off")),
        "{:?}",
        harness.state().status.log().last()
    );
    letter(&mut harness, Key::G, egui::Modifiers::NONE);
    // Ticked in the View menu while on; picked there, it turns off.
    menu(&mut harness, "View", "✔ Simulate on the Floor");
    assert_eq!(stage(&harness), (0, false));
}

#[test]
fn the_simulate_switch_is_one_for_every_open_tab() {
    // The review: turned off in one tab, Simulate stayed on in another, though its tooltip
    // says "one switch for every tab".
    let dir = common::scratch_dir("palette", "simulate-every-tab");
    let paths: Vec<std::path::PathBuf> = ["one.mtn", "two.mtn"]
        .iter()
        .map(|name| {
            let path = dir.join(name);
            let motion = mtn_studio::example::stand_to_sit();
            std::fs::write(&path, mtn::encode(&motion).unwrap()).unwrap();
            path
        })
        .collect();
    let mut harness = opened(&[&paths[0], &paths[1]]);
    let switches = |h: &Harness<'_, StudioApp>| -> Vec<bool> {
        h.state()
            .tabs
            .motions()
            .map(|(_, m)| m.stage.simulate)
            .collect()
    };
    assert_eq!(switches(&harness), [false, false]);
    letter(&mut harness, Key::S, egui::Modifiers::SHIFT);
    assert_eq!(switches(&harness), [true, true], "on in both");
    menu(&mut harness, "View", "✔ Simulate on the Floor");
    assert_eq!(switches(&harness), [false, false], "off in both");
}

/// The review: "box select" in the palette found nothing, though Shift+drag does it. The
/// palette says what the pointer does where no command does it; Enter gives nothing then.
#[test]
fn the_palette_finds_a_gesture_no_command_does() {
    let (mut harness, before) = uneven();
    key(&mut harness, Key::F1);
    type_keys(&mut harness, "box select");
    assert!(
        harness
            .query_by_label_contains("No command does that; the pointer does:")
            .is_some()
    );
    // The gesture's line: what it does, then how.
    assert!(
        harness
            .query_by_label_contains(
                "Select points in a box\nShift+drag over the curves on the timeline"
            )
            .is_some()
    );
    key(&mut harness, Key::Enter);
    assert_eq!(doc(&harness).motion, before);
}
