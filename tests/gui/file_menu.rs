//! The File menu driven as a user would: Import of a Choreonoid walk (and the other
//! formats) into a new tab, Export to CSV and the other formats, each read back.

use crate::common;

use common::ui::{doc, harness, menu, press, said, type_into};
use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::{Modal, StudioApp};
use std::path::PathBuf;

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("ui-file", name)
}

fn example() -> StudioApp {
    StudioApp::with_document(mtn_studio::app::example_document())
}

/// Opens the File menu and picks `item`.
fn file_menu(harness: &mut Harness<'_, StudioApp>, item: &str) {
    menu(harness, "File", item);
}

fn import_prompt(
    harness: &Harness<'_, StudioApp>,
) -> Option<mtn_studio::app::dialogs::ImportPrompt> {
    match &harness.state().modal {
        Some(Modal::Import(prompt)) => Some(prompt.clone()),
        _ => None,
    }
}

/// The ERS-7 locators of these joint names.
fn motion_locators(names: &[&str]) -> Vec<String> {
    names
        .iter()
        .filter_map(|n| {
            mtn_studio::robot::joints::ERS7
                .iter()
                .find(|j| j.name == *n)
                .map(|j| j.locator.to_owned())
        })
        .collect()
}

#[test]
#[expect(clippy::too_many_lines, reason = "one scenario, its steps in order")]
fn file_import_brings_in_a_choreonoid_walk_and_export_writes_csv_that_reads_back() {
    if !common::corpus_present(
        "file_import_brings_in_a_choreonoid_walk_and_export_writes_csv_that_reads_back",
    ) {
        return;
    }
    let dir = scratch("import-export");
    let walk = common::corpus_dir("seq").join("SR1WalkPattern1.seq");
    let mut harness = harness(example());
    harness.run();
    file_menu(&mut harness, "Import…");
    type_into(&mut harness, "Import from", &walk.display().to_string());
    assert_eq!(
        import_prompt(&harness).map(|p| p.model),
        Some("DRX-1000".to_owned()),
        "the model defaults to the open motion's"
    );
    press(&mut harness, "Import");
    assert!(import_prompt(&harness).is_none(), "{}", said(&harness));
    assert!(
        said(&harness).contains("6701 frames at 500 fps"),
        "{}",
        said(&harness)
    );
    assert_eq!(doc(&harness).motion.design, "DRX-1000");
    // The file names no parts, so nothing is mapped by default: every joint holds the stand
    // posture for the walk's 13.4 s (a few keyframes, the longest segments a file may have).
    let keyframes = doc(&harness).motion.keyframes.len();
    assert!((2..=4).contains(&keyframes), "{keyframes}");
    assert_eq!(
        mtn_studio::robot::timing::duration_ms(&doc(&harness).motion.keyframes),
        13_408
    );
    assert!(doc(&harness).title().contains("SR1WalkPattern1.mtn"));
    assert!(
        doc(&harness).is_dirty(),
        "an imported motion is unsaved work"
    );

    let csv = dir.join("walk.csv");
    file_menu(&mut harness, "Export…");
    type_into(&mut harness, "Export to", &csv.display().to_string());
    press(&mut harness, "Export");
    assert!(
        harness.state().status.latest().starts_with("Exported"),
        "{}",
        said(&harness)
    );
    let back = mtn_studio::codec::csv::read(&std::fs::read_to_string(&csv).unwrap()).unwrap();
    assert_eq!(back, doc(&harness).motion);

    // A file that is not a motion: the window says why as soon as the path is given, and
    // Import waits for a file it can read.
    let bad = dir.join("bad.seq");
    std::fs::write(&bad, "type: CompositeSeq\nframeRate: 10\ncomponents: []\n").unwrap();
    file_menu(&mut harness, "Import…");
    type_into(&mut harness, "Import from", &bad.display().to_string());
    {
        use egui_kittest::kittest::NodeT as _;
        let said_why = harness
            .query_all_by_label_contains("no joint component")
            .any(|n| {
                n.accesskit_node()
                    .value()
                    .is_some_and(|l| l.contains("bad.seq"))
            });
        assert!(said_why, "the window says which file and why");
        let import = harness.get_by_role_and_label(Role::Button, "Import");
        assert!(
            import.accesskit_node().is_disabled(),
            "nothing to import yet"
        );
    }

    // A map file fills the grid: the joints it names from the parts it gives, the others
    // holding the stand posture.
    let map = dir.join("sr1-to-aibo.map");
    std::fs::write(
        &map,
        "# SR1 to ERS-7\nHEAD_PITCH = 0\nFL_LEG_KNEE = 3 * 2\n",
    )
    .unwrap();
    type_into(&mut harness, "Import from", &walk.display().to_string());
    type_into(&mut harness, "Map file", &map.display().to_string());
    press(&mut harness, "Load Map");
    let mapped: Vec<_> = import_prompt(&harness)
        .map(|p| p.rows)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|r| Some((r.joint, r.part?, r.scale)))
        .collect();
    assert_eq!(
        mapped,
        [("HEAD_PITCH", 0, 1.0), ("FL_LEG_KNEE", 3, 2.0)],
        "{}",
        said(&harness)
    );
    press(&mut harness, "Import");
    let motion = &doc(&harness).motion;
    assert_eq!(motion.locators.len(), 20, "{}", said(&harness));
    let at_start = |name: &str| {
        let j = motion_locators(&[name])
            .first()
            .and_then(|l| motion.locators.iter().position(|m| m == l))
            .unwrap_or_else(|| panic!("{name} is in the motion"));
        mtn_studio::robot::urad_to_deg(motion.keyframes.angle(0, j).unwrap_or(i32::MIN))
    };
    // SR1's part 3 starts at 0.0785 rad (4.5 degrees), doubled; the mouth holds the ERS-7's
    // stand posture, -5 degrees.
    assert!(
        (at_start("FL_LEG_KNEE") - 9.0).abs() < 0.05,
        "{}",
        at_start("FL_LEG_KNEE")
    );
    assert!(
        (at_start("MOUTH") + 5.0).abs() < 0.05,
        "{}",
        at_start("MOUTH")
    );

    // Our own .seq export of two joints comes back with its own two joints, not twenty by
    // order or by the stand posture.
    let two = mtn_studio::convert::mtn_to_body(
        &{
            let mut partial = mtn_studio::codec::mtn::Motion::new(
                "a_stand#stand_two",
                "test",
                "DRX-1000",
                motion_locators(&["HEAD_PITCH", "FL_LEG_KNEE"]),
            );
            partial
                .keyframes
                .push(0, [0; 3], &[100_000, 200_000])
                .unwrap();
            partial
                .keyframes
                .push(30, [0; 3], &[-100_000, 400_000])
                .unwrap();
            partial
        },
        mtn_studio::convert::DEFAULT_FPS,
    )
    .unwrap();
    let seq = dir.join("two.seq");
    std::fs::write(
        &seq,
        mtn_studio::codec::seq::write(&two, mtn_studio::codec::seq::Version::V2, None),
    )
    .unwrap();
    file_menu(&mut harness, "Import…");
    type_into(&mut harness, "Import from", &seq.display().to_string());
    press(&mut harness, "Import");
    let back = &doc(&harness).motion;
    assert_eq!(
        back.locators,
        motion_locators(&["HEAD_PITCH", "FL_LEG_KNEE"]),
        "{}",
        said(&harness)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// In the New Motion window: the ERS-210/220, its sit, Create.
fn create_ers210_sit(harness: &mut Harness<'_, StudioApp>) {
    harness.get_by_label("Model").click();
    harness.run();
    harness.get_by_label("DRX-900 (ERS-210/220)").click();
    harness.run();
    harness
        .get_by_role_and_label(Role::RadioButton, "sit")
        .click();
    harness.run();
    press(harness, "Create");
}

#[test]
fn file_new_makes_an_unsaved_motion_in_the_model_and_posture_chosen() {
    let mut harness = harness(StudioApp::empty());
    harness.run();
    // Ctrl+N, as the real window delivers it (a key press carrying Ctrl).
    common::ui::ctrl(&mut harness, egui::Key::N);
    assert!(matches!(harness.state().modal, Some(Modal::NewMotion(_))));
    create_ers210_sit(&mut harness);
    assert!(harness.state().modal.is_none());
    let document = doc(&harness);
    let sit = mtn_studio::robot::postures::posture(mtn_studio::robot::Model::Ers210, "sit")
        .unwrap()
        .angles_urad();
    assert_eq!(document.motion.name, "a_sit#sit_new");
    assert_eq!(document.motion.design, "DRX-900");
    for k in 0..document.motion.keyframes.len() {
        let row: Vec<i32> = (0..sit.len())
            .map(|j| document.motion.keyframes.angle(k, j).unwrap())
            .collect();
        assert_eq!(row, sit, "keyframe {k} holds the sit");
    }
    assert!(document.origin.path().is_none(), "saved nowhere yet");
    assert!(
        said(&harness).contains("New motion: "),
        "{}",
        said(&harness)
    );
    assert_eq!(document.origin.display_name(), "a_sit#sit_new.mtn");
    // The same again: a second tab of its own name, its message under it.
    common::ui::ctrl(&mut harness, egui::Key::N);
    create_ers210_sit(&mut harness);
    assert_eq!(doc(&harness).origin.display_name(), "a_sit#sit_new 2.mtn");
    assert!(
        said(&harness).contains("New motion: "),
        "{}",
        said(&harness)
    );
    // Save asks where it goes (no file dialog in the tests).
    common::ui::ctrl(&mut harness, egui::Key::S);
    assert!(
        matches!(&harness.state().modal, Some(Modal::PathPrompt(_))),
        "Save asks where a new motion goes"
    );
}
