//! The Import window's mapping grid, used as an animator would: Choreonoid's SR1 humanoid walk
//! onto an ERS-7, two joints mapped by hand through their drop-downs, one scaled; the values
//! previewed before anything is created; the grid saved as a map file; and the command line,
//! given that map, writing the very bytes the window saves.
//!
//! Run: `cargo test --test gui import_map`.

use crate::common;
use common::ui::set_number;

use common::ui::{harness, menu, press, type_into};
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use mtn_studio::app::action::Action;
use mtn_studio::app::dialogs::ImportPrompt;
use mtn_studio::app::state::{Answer, Confirmed};
use mtn_studio::app::{Modal, StudioApp};
use mtn_studio::codec::seq;

fn prompt(harness: &Harness<'_, StudioApp>) -> ImportPrompt {
    match &harness.state().modal {
        Some(Modal::Import(prompt)) => prompt.clone(),
        other => panic!("the Import window is not open: {other:?}"),
    }
}

/// The editor on the example with File > Import open on `path`, as a person opens it.
fn import_window_on(path: &std::path::Path) -> Harness<'static, StudioApp> {
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    menu(&mut harness, "File", "Import…");
    type_into(&mut harness, "Import from", &path.display().to_string());
    harness
}

/// Picks `part` in the drop-down of `joint`, as a person does: open it, click the entry.
fn choose_part(harness: &mut Harness<'_, StudioApp>, joint: &str, part: &str) {
    harness
        .get_by_role_and_label(Role::ComboBox, &format!("{joint} part"))
        .click();
    harness.run();
    harness.get_by_label(part).click();
    harness.run();
}

/// What a row shows in its "At … ms" column, in degrees.
fn shown_value(harness: &Harness<'_, StudioApp>, joint: &str) -> f64 {
    let at = prompt(harness).at_ms;
    let made = prompt(harness);
    let made = made.made().expect("a preview");
    let urad = made
        .value_at(joint, at)
        .expect("the joint is in the motion");
    let text = format!("{:+.1}°", mtn_studio::robot::urad_to_deg(urad));
    assert!(
        harness.query_all_by_label(&text).next().is_some(),
        "the grid shows {text} for {joint}"
    );
    mtn_studio::robot::urad_to_deg(urad)
}

#[test]
fn joints_mapped_by_hand_preview_import_and_convert_to_the_same_bytes() {
    if !common::corpus_present("joints_mapped_by_hand_preview_import_and_convert_to_the_same_bytes")
    {
        return;
    }
    let walk_path = common::corpus_dir("seq").join("SR1WalkPattern1.seq");
    let walk = seq::read(&std::fs::read_to_string(&walk_path).unwrap()).unwrap();
    let dir = common::scratch_dir("import-map", "sr1");
    let mut harness = import_window_on(&walk_path);
    let opened = prompt(&harness);
    assert_eq!(opened.model, "DRX-1000");
    assert_eq!(opened.rows.len(), 20);
    assert!(
        opened.rows.iter().all(|r| r.part.is_none()),
        "the file names no parts: nothing is mapped by order behind the user's back"
    );

    // The right rear leg from SR1's right hip pitch (part 1), reversed, and its knee from
    // SR1's right knee (part 3).
    choose_part(&mut harness, "BR_LEG_VERT", "part 1");
    choose_part(&mut harness, "BR_LEG_KNEE", "part 3");
    set_number(&mut harness, "BR_LEG_VERT scale", "-1");
    let mapped: Vec<_> = prompt(&harness)
        .rows
        .iter()
        .filter_map(|r| Some((r.joint, r.part?, r.scale)))
        .collect();
    assert_eq!(
        mapped,
        [("BR_LEG_VERT", 1, -1.0), ("BR_LEG_KNEE", 3, 1.0)],
        "the grid took the choices"
    );

    // The preview at 4 s: the mapped joints follow the source within the tolerance, the
    // others hold the ERS-7's stand posture.
    let mut at = prompt(&harness);
    at.at_ms = 4000;
    harness.state_mut().push(Action::Show(Modal::Import(at)));
    harness.run();
    let frame = walk.frame((4.0 * walk.frame_rate) as usize);
    let hip = shown_value(&harness, "BR_LEG_VERT");
    assert!(
        (hip - -frame[1].to_degrees()).abs() <= 0.55,
        "{hip} vs {}",
        -frame[1].to_degrees()
    );
    let knee = shown_value(&harness, "BR_LEG_KNEE");
    assert!(
        (knee - frame[3].to_degrees()).abs() <= 0.55,
        "{knee} vs {}",
        frame[3].to_degrees()
    );
    assert!((shown_value(&harness, "MOUTH") - -5.0).abs() < 0.05);
    assert!(
        harness
            .query_by_label_contains("18 joints the map leaves out")
            .is_some()
            || harness
                .query_all_by_label_contains("18 joints the map leaves out")
                .next()
                .is_some(),
        "the preview says which joints hold the stand posture"
    );

    // The grid saved as the map file the command line reads.
    let map = dir.join("sr1-rear-leg.map");
    type_into(&mut harness, "Map file", &map.display().to_string());
    press(&mut harness, "Save Map");
    let text = std::fs::read_to_string(&map).expect("the map was saved");
    assert!(text.contains("BR_LEG_VERT = 1 * -1"), "{text}");
    assert!(text.contains("BR_LEG_KNEE = 3"), "{text}");

    // Create, and save the new motion.
    press(&mut harness, "Import");
    assert!(harness.state().modal.is_none());
    let saved = dir.join("window.mtn");
    let tab = harness.state().tabs.active.unwrap();
    harness.state_mut().push(Action::Answer(Answer::Save {
        tab,
        to: Some(saved.clone()),
        confirmed: Confirmed {
            safety: true,
            overwrite: true,
        },
        then: None,
    }));
    harness.run();
    let window_bytes = std::fs::read(&saved).expect("the window saved the motion");

    // The command line with the saved map makes the same file, byte for byte.
    let cli = dir.join("cli.mtn");
    let output = common::run_cli(&[
        &"convert",
        &walk_path,
        &"--model",
        &"DRX-1000",
        &"--map",
        &map,
        &cli,
    ]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(std::fs::read(&cli).unwrap(), window_bytes);
    let warned = String::from_utf8_lossy(&output.stderr);
    assert!(warned.contains("hold the stand posture"), "{warned}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn mapping_by_order_is_said_in_the_window() {
    if !common::corpus_present("mapping_by_order_is_said_in_the_window") {
        return;
    }
    let walk_path = common::corpus_dir("seq").join("SR1WalkPattern1.seq");
    let mut harness = import_window_on(&walk_path);
    assert!(!prompt(&harness).by_order());
    press(&mut harness, "Map by Order");
    assert!(prompt(&harness).by_order());
    let said = harness
        .query_all_by_label_contains("Mapped by order")
        .filter_map(|n| n.accesskit_node().value())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("first 20 of 29 parts drive DRX-1000's 20 joints"),
        "{said}"
    );
    press(&mut harness, "Match Names");
    assert!(prompt(&harness).rows.iter().all(|r| r.part.is_none()));
}

#[test]
fn the_grid_keeps_its_last_column_in_view_with_long_part_names() {
    // A body motion whose parts are named (as an mtn-studio export names them), imported in
    // windows of the sizes people use: the "At … ms" column lies within the grid's half of
    // the window, left of the preview.
    let dir = common::scratch_dir("import-map", "long-names");
    let csv = dir.join("exported.seq");
    let example = dir.join("example.mtn");
    std::fs::write(&example, mtn_studio::example::EXAMPLE_MTN).unwrap();
    let output = common::run_cli(&[&"convert", &example, &csv]);
    assert!(output.status.success(), "{output:?}");
    for size in [[900.0, 600.0], [1000.0, 700.0], [1400.0, 900.0]] {
        let mut harness = common::ui::harness_sized(
            StudioApp::with_document(mtn_studio::app::example_document()),
            size,
        );
        harness.run();
        menu(&mut harness, "File", "Import…");
        type_into(&mut harness, "Import from", &csv.display().to_string());
        // Map every joint by hand, so every row shows a part's long name.
        harness.get_by_label("Map by Order").click();
        harness.run();
        let at = harness.get_by_label_contains("At 0 ms").rect();
        let preview = harness.get_by_label("Preview").rect();
        assert!(
            at.right() <= preview.left(),
            "{size:?}: the At column {at:?} runs under the preview {preview:?}"
        );
    }
}
