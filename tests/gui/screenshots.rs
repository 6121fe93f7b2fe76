//! Renders the editor (egui_kittest with wgpu; on a machine without a GPU, Mesa's software
//! Vulkan driver) and writes the images the README shows. Set `MTN_STUDIO_WRITE_SCREENSHOTS=1`
//! to refresh `screenshots/`; otherwise they go to `target/screenshots/` so a normal test run
//! leaves the tree clean.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::app::motion::view::Channel;
use mtn_studio::edit::Document;
use std::path::{Path, PathBuf};

fn out_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = if std::env::var_os("MTN_STUDIO_WRITE_SCREENSHOTS").is_some() {
        root.join("screenshots")
    } else {
        root.join("target/screenshots")
    };
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn render(app: StudioApp, name: &str, prepare: impl FnOnce(&mut Harness<'_, StudioApp>)) {
    render_sized(app, name, [1400.0, 900.0], prepare);
}

fn render_sized(
    app: StudioApp,
    name: &str,
    size: [f32; 2],
    prepare: impl FnOnce(&mut Harness<'_, StudioApp>),
) {
    let app = crate::common::ui::for_tests(app);
    // As `common::ui::harness_sized`: a background result may lay the panels out again in
    // the middle of a run (here the simulation of a paw lifted mid-drag, whose problems the
    // right column shows above the header).
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(8)
        .wgpu()
        .build_ui_state(|ui, app: &mut StudioApp| app.frame_ui(ui), app);
    harness.run();
    prepare(&mut harness);
    harness.run();
    let Some(image) = crate::snapshots::rendered(&mut harness, name) else {
        return;
    };
    assert!(image.width() as f32 >= size[0] && image.height() as f32 >= size[1]);
    // A real picture, not an empty frame: many distinct colours.
    let mut colours: Vec<[u8; 4]> = image.pixels().step_by(97).map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 20, "{name}: the image looks empty");
    let path = out_dir().join(format!("{name}.png"));
    image.save(&path).unwrap();
    crate::snapshots::assert_matches(&image, name);
}

/// A corpus file named relative to the package (the tests' working folder) where it lies
/// under it: paths are shown in the window, and the pictures must not depend on where the
/// checkout is.
fn corpus_file(kind: &str, name: &str) -> PathBuf {
    let path = common::corpus_dir(kind).join(name);
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .map_or_else(|_| path.clone(), Path::to_path_buf)
}

#[test]
fn screenshots_of_the_editor() {
    if !common::corpus_present("screenshots_of_the_editor") {
        return;
    }
    // The timeline, table and header of a real Sony motion, opened from its archive, whose
    // browser stays in a tab of its own.
    let archive = corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    let mut app = StudioApp::empty();
    app.push(Action::Open(archive.clone()));
    app.push(Action::OpenEntry {
        archive: archive.clone(),
        entry: "a_sit#stand_standard".to_owned(),
    });
    render(app, "editor-timeline", |harness| {
        let app = harness.state_mut();
        let id = app.tabs.active.unwrap();
        app.push(Action::Motion(
            id,
            MotionAction::Focus(Some(Channel::Joint(11))),
        ));
        app.push(Action::Motion(
            id,
            MotionAction::SelectPoints([(7, Channel::Joint(11))].into()),
        ));
    });

    // The archive as a place to work in: its entries, a search, the selected one previewed,
    // every motion judged on the floor as `check` judges it.
    render(StudioApp::empty(), "editor-archive", |harness| {
        harness.state_mut().judge_archives = true;
        harness.state_mut().push(Action::Open(archive.clone()));
        harness.run();
        harness.get_by_label("a_stand#walk_sox_standard").click();
    });

    // A small window: every panel still there, the timeline half the width.
    for (size, name) in [
        ([900.0, 600.0], "editor-900x600"),
        ([640.0, 420.0], "editor-640x420"),
    ] {
        let document = Document::open_entry(&archive, "a_sit#stand_standard").unwrap();
        render_sized(StudioApp::with_document(document), name, size, |_| {});
    }

    // A malformed file: its problems next to the fields and in the problems panel.
    let path = corpus_file("mtn", "workbench-KnownGoodERS7.mtn");
    render(
        StudioApp::with_document(Document::open(&path).unwrap()),
        "editor-problems",
        |_| {},
    );

    // A motion too fast for the servos: every too-fast segment marked on its curve, and the
    // strip along the bottom of the timeline. (Sony's walk-to-stand, its legs' moves made
    // twice as large: Sony's own has notes only.)
    let archive = common::scratch_dir("screenshots", "too-fast").join("MOTION.ODA");
    std::fs::write(&archive, common::archive_with_a_walk_too_fast()).unwrap();
    let document = Document::open_entry(&archive, common::TOO_FAST).unwrap();
    assert!(!document.safety_marks().is_empty(), "the walk is too fast");
    render(StudioApp::with_document(document), "editor-safety", |_| {});
}

#[test]
fn screenshot_of_the_large_stage() {
    // The bundled stand-to-sit at its end, the stage made large (View > Large Stage).
    let mut app = StudioApp::with_document(mtn_studio::app::example_document());
    app.panels.large_stage = true;
    render(app, "stage-large", |harness| {
        harness.key_press(egui::Key::End);
    });
}

/// The stage alone, `model` in its standard posture `name`, seen from `view`.
fn stage_picture(
    model: mtn_studio::robot::Model,
    name: &str,
    view: mtn_studio::app::motion::stage::camera::Viewpoint,
    file: &str,
) {
    use mtn_studio::app::motion::stage::{StageState, stage_ui};
    use mtn_studio::codec::mtn::Motion;
    use mtn_studio::robot::postures::{posture, posture_locators};
    let pose = posture(model, name).unwrap();
    let mut motion = Motion::new(
        &format!("a_{name}#{name}_pose"),
        "",
        model.label(),
        posture_locators(model),
    );
    motion
        .keyframes
        .push(0, pose.body_urad(), &pose.angles_urad())
        .unwrap();
    let mut state = StageState::default();
    state.camera.set_view(view);
    let on_stage = crate::on_stage::OnStage::new(motion, 0);
    let input = on_stage.input(mtn_studio::app::motion::stage::model::StageModel::default());
    let mut harness = Harness::builder()
        .with_size([640.0, 420.0])
        .wgpu()
        .build_ui(|ui| {
            stage_ui(ui, &input, (false, false), &mut state);
        });
    harness.run();
    let Some(image) = crate::snapshots::rendered(&mut harness, file) else {
        return;
    };
    // The robot is drawn filled: its shell (light, nearly grey) and its limbs' colours
    // cover a real part of the picture, not only the dark floor and the grid.
    let (mut shell, mut coloured) = (0usize, 0usize);
    for p in image.pixels() {
        let [r, g, b, _] = p.0;
        let (high, low) = (r.max(g).max(b), r.min(g).min(b));
        if high > 150 && high - low < 30 {
            shell += 1;
        } else if high - low > 60 {
            coloured += 1;
        }
    }
    image.save(out_dir().join(file)).unwrap();
    let area = f64::from(image.width() * image.height());
    assert!(shell as f64 / area > 0.02, "{file}: shell {shell}");
    assert!(coloured as f64 / area > 0.005, "{file}: limbs {coloured}");
    crate::snapshots::assert_matches(&image, file.trim_end_matches(".png"));
}

#[test]
fn screenshots_of_the_stage() {
    use mtn_studio::app::motion::stage::camera::Viewpoint;
    use mtn_studio::robot::Model;
    // The sit from three views.
    for (view, name) in [
        (Viewpoint::Front, "front"),
        (Viewpoint::Side, "side"),
        (Viewpoint::ThreeQuarter, "three-quarter"),
    ] {
        stage_picture(Model::Ers7, "sit", view, &format!("stage-sit-{name}.png"));
    }
    // Each standard posture of both models.
    for model in [Model::Ers7, Model::Ers210] {
        for name in ["stand", "sit", "sleep"] {
            let file = format!(
                "pose-{}-{name}.png",
                model.name().to_lowercase().replace(['/', ' '], "-")
            );
            stage_picture(model, name, Viewpoint::ThreeQuarter, &file);
        }
    }
}

#[test]
fn screenshot_of_the_import_window() {
    if !common::corpus_present("screenshot_of_the_import_window") {
        return;
    }
    use mtn_studio::app::dialogs::{ImportPrompt, Modal};
    // Choreonoid's SR1 humanoid walk onto an ERS-7, mapped by hand: the front legs from the
    // arms' shoulder pitch, the back legs from the hips and knees; the rest hold the stand.
    let walk = corpus_file("seq", "SR1WalkPattern1.seq");
    let mut prompt = ImportPrompt::new(walk.display().to_string(), "DRX-1000".to_owned());
    for (joint, part, scale) in [
        ("FR_LEG_VERT", 6, 1.0),
        ("FL_LEG_VERT", 19, 1.0),
        ("BR_LEG_VERT", 1, -1.0),
        ("BR_LEG_KNEE", 3, 1.0),
        ("BL_LEG_VERT", 14, -1.0),
        ("BL_LEG_KNEE", 16, 1.0),
    ] {
        let row = prompt.rows.iter_mut().find(|r| r.joint == joint).unwrap();
        row.part = Some(part);
        row.scale = scale;
    }
    prompt.at_ms = 4000;
    let mut app = StudioApp::with_document(mtn_studio::app::example_document());
    // Through the action the grid's own edits push, so that the preview is mapped again
    // (showing the window as it is would keep the preview of the grid before the edits).
    app.push(Action::EditImport(prompt.clone()));
    render(app, "import-grid", |harness| {
        let Some(Modal::Import(shown)) = &harness.state().modal else {
            panic!("no Import window");
        };
        let lines = &shown.made().expect("a preview").lines;
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("14 joints the map leaves out")),
            "the preview maps the six parts chosen: {lines:?}"
        );
    });

    // The same walk mapped by order, as the old default did: most joints far beyond their
    // limits, marked beneath curves that keep their colours.
    let by_order = mtn_studio::app::import_dialog::refresh(prompt.by_order_rows());
    let mut app = StudioApp::empty();
    app.push(Action::Import(by_order));
    render(app, "imported-walk-marks", |harness| {
        let document = &harness.state().active_motion().unwrap().document;
        assert!(
            !document.safety_marks().is_empty(),
            "mapped by order, the walk goes beyond the ERS-7's limits"
        );
    });
}

#[test]
fn screenshot_of_a_gait_file() {
    // The bundled StickyBot example, its stance controller scrolled into view.
    let mut app = StudioApp::empty();
    app.push(Action::Open(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/stickybot-example.gait"),
    ));
    render(app, "gait-file", |harness| {
        harness.run();
        harness.get_by_label("G 3,3").scroll_to_me();
    });
}

#[test]
fn screenshots_of_the_motion_menu() {
    // A time range selected on the strip above the timeline, and the Motion menu open on it.
    let app = StudioApp::with_document(mtn_studio::app::example_document());
    render(app, "motion-menu", |harness| {
        let app = harness.state_mut();
        let id = app.tabs.active.unwrap();
        app.push(Action::Motion(
            id,
            MotionAction::SetRange(Some((256, 1248))),
        ));
        harness.run();
        harness.get_by_label("Motion").click();
    });
    // The Start and End Postures window: a sleep keyframe to add, previewed before anything
    // changes.
    let app = StudioApp::with_document(mtn_studio::app::example_document());
    render(app, "motion-postures", |harness| {
        harness.get_by_label("Motion").click();
        harness.run();
        harness.get_by_label("Start and End Postures…").click();
        harness.run();
        harness.get_by_label("Start in").click();
        harness.run();
        harness.query_all_by_label("sleep").last().unwrap().click();
    });
}

#[test]
fn screenshot_of_export_for_webots() {
    use mtn_studio::app::command::UiCommand;
    use mtn_studio::app::dialogs::Modal;
    // File > Export for Webots… on the bundled example: one pose per tick, and a project.
    let mut app = StudioApp::with_document(mtn_studio::app::example_document());
    let active = app.tabs.active;
    app.push(Action::command(UiCommand::ExportWebots, active));
    render(app, "export-webots", |harness| {
        harness.run();
        let app = harness.state_mut();
        let Some(Modal::Export(id, mut prompt)) = app.modal.clone() else {
            panic!("no Export window");
        };
        assert!(
            prompt.webots && prompt.path.ends_with(".motion"),
            "{prompt:?}"
        );
        prompt.options.every_tick = true;
        prompt.webots_project = "webots".to_owned();
        app.push(Action::Show(Modal::Export(id, prompt)));
    });
}

/// Shows only these joints (by name) of the motion in front.
fn show_only(harness: &mut Harness<'_, StudioApp>, names: &[&str]) {
    let app = harness.state_mut();
    let id = app.tabs.active.unwrap();
    let locators = app
        .tabs
        .motion_mut(id)
        .unwrap()
        .document
        .motion
        .locators
        .clone();
    for (j, locator) in locators.iter().enumerate() {
        let name = mtn_studio::robot::joint_name("DRX-1000", locator);
        let shown = names.contains(&name);
        app.push(Action::Motion(
            id,
            MotionAction::SetVisible(Channel::Joint(j), shown),
        ));
    }
    harness.run();
}

#[test]
fn screenshot_of_a_shaped_range_with_its_handles() {
    use mtn_studio::app::command::UiCommand;
    use mtn_studio::app::dialogs::Modal;
    use mtn_studio::app::motion::ops::form::{CUSTOM, OpForm};
    // The example's sit, keyframes 1-3, given a hand-drawn shape: quick away from the
    // stand, gently into the sit. The result shows dashed over the range, with the handles
    // to drag.
    let app = StudioApp::with_document(mtn_studio::app::example_document());
    render(app, "shape-handles", |harness| {
        show_only(
            harness,
            &["HEAD_PITCH", "FL_LEG_KNEE", "BL_LEG_KNEE", "FL_LEG_VERT"],
        );
        let app = harness.state_mut();
        let id = app.tabs.active.unwrap();
        app.push(Action::Motion(
            id,
            MotionAction::SetRange(Some((256, 1248))),
        ));
        app.push(Action::Motion(
            id,
            MotionAction::Focus(Some(Channel::Joint(11))),
        ));
        let active = app.tabs.active;
        app.push(Action::command(UiCommand::Shape, active));
        harness.run();
        let app = harness.state_mut();
        let Some(Modal::MotionOp(mut prompt)) = app.modal.clone() else {
            panic!("no Shape window");
        };
        if let OpForm::Shape { curve, handles, .. } = &mut prompt.form {
            *curve = CUSTOM;
            handles.start = [0.15, 0.85];
            handles.end = [0.55, 1.0];
        }
        app.push(Action::EditOp(prompt));
    });
}

#[test]
fn screenshot_of_the_servo_path() {
    // The example squeezed to one frame a segment: the legs outrun their servos, and the
    // dashed magenta lines are where each really goes until it catches up.
    let mut motion = mtn_studio::example::stand_to_sit();
    for k in 1..motion.keyframes.len() {
        motion.keyframes.set_frames(k, 2);
    }
    let app = StudioApp::with_document(Document::unsaved(motion, "too-fast.mtn"));
    render(app, "servo-path", |harness| {
        show_only(harness, &["FL_LEG_KNEE", "BL_LEG_KNEE", "HEAD_PITCH"]);
    });
}

#[test]
fn screenshot_of_the_sound_and_led_tracks() {
    // The bundled stand-to-sit with a bark of three yelps 100 ms in and an LED pattern: the
    // face lights chasing, the back lights pulsing, paired by a skit beside it.
    use common::sound::{pcm_wav, smf};
    let dir = common::scratch_dir("screenshots", "tracks");
    std::fs::write(dir.join("sit.mtn"), mtn_studio::example::EXAMPLE_MTN).unwrap();
    let rate = 16_000.0f32;
    let bark: Vec<f32> = (0..(rate * 1.5) as usize)
        .map(|i| {
            let t = i as f32 / rate;
            [0.05f32, 0.45, 0.95]
                .iter()
                .map(|&at| {
                    let dt = t - at;
                    if dt < 0.0 {
                        return 0.0;
                    }
                    let envelope = (dt * 60.0).min(1.0) * (-dt * 9.0).exp();
                    let pitch = 520.0 - dt * 300.0;
                    envelope
                        * (0.6 * (std::f32::consts::TAU * pitch * dt).sin()
                            + 0.3 * (std::f32::consts::TAU * 2.0 * pitch * dt).sin())
                })
                .sum::<f32>()
                * 0.8
        })
        .collect();
    std::fs::write(dir.join("bark.wav"), pcm_wav(&bark, 16_000, 16)).unwrap();
    let on = |key: u8, vel: u8| vec![0x90, key, vel];
    let mut events: Vec<(u32, Vec<u8>)> = Vec::new();
    for step in 0..12u8 {
        let face = 48 + step % 6;
        events.push((0, on(face, 127)));
        if step % 3 == 0 {
            events.push((0, on(84 + (step / 3 % 3) * 2, 40 + step * 7)));
        }
        events.push((8 * 15, on(face, 0)));
        if step % 3 == 2 {
            events.push((0, on(84 + (step / 3 % 3) * 2, 0)));
        }
    }
    std::fs::write(
        dir.join("so12_x00chase_l1f.mid"),
        smf(480, 256_005, Some("MODEL=7"), &events),
    )
    .unwrap();
    std::fs::write(
        dir.join("sit.skit"),
        r#"{"skit": 1, "motion": {"path": "sit.mtn"},
            "sound": {"path": "bark.wav", "offset_ms": 100},
            "led": {"path": "so12_x00chase_l1f.mid"}}"#,
    )
    .unwrap();
    let mut app = StudioApp::empty();
    app.push(Action::Open(dir.join("sit.mtn")));
    render(app, "tracks", |harness| {
        let started = std::time::Instant::now();
        while harness.state().active_motion().is_none_or(|t| {
            t.document.tracks().sound.is_none() || t.document.tracks().led.is_none()
        }) {
            assert!(
                started.elapsed().as_secs() < 30,
                "the tracks were never read"
            );
            harness.step();
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        harness.run();
        let tab = harness.state().tabs.active.unwrap();
        harness
            .state_mut()
            .push(Action::Motion(tab, MotionAction::Seek(600)));
    });
}

/// The stage alone with the bundled stand-to-sit at 600 ms from the side, `shows` as given.
fn stage_at_600(
    shows: mtn_studio::app::motion::stage::model::StageModel,
    file: &str,
) -> Option<image::RgbaImage> {
    use mtn_studio::app::motion::stage::{StageState, stage_ui};
    let on_stage = crate::on_stage::OnStage::new(mtn_studio::example::stand_to_sit(), 600);
    let input = on_stage.input(shows);
    let mut state = StageState::default();
    state
        .camera
        .set_view(mtn_studio::app::motion::stage::camera::Viewpoint::Side);
    let mut harness = Harness::builder()
        .with_size([640.0, 420.0])
        .wgpu()
        .build_ui(|ui| {
            stage_ui(ui, &input, (false, false), &mut state);
        });
    harness.run();
    crate::snapshots::rendered(&mut harness, file)
}

#[test]
fn screenshot_of_onion_skin_ghosts_on_the_stage() {
    use mtn_studio::app::motion::stage::model::{Spacing, StageModel};
    // Two ghosts every 200 ms, before cyan and after amber, against the same stage without.
    let shows = |onion| StageModel {
        onion,
        spacing: Spacing::Time(200),
        show_paths: false,
        ..StageModel::default()
    };
    let file = "stage-ghosts.png";
    let (Some(image), Some(bare)) = (stage_at_600(shows(2), file), stage_at_600(shows(0), file))
    else {
        return;
    };
    // Where the ghosts changed the picture, they can be seen in their own colours.
    let (mut cyan, mut amber) = (0usize, 0usize);
    for (p, q) in image.pixels().zip(bare.pixels()) {
        let ([r, g, b, _], [r0, g0, b0, _]) = (p.0, q.0);
        let moved = r.abs_diff(r0).max(g.abs_diff(g0)).max(b.abs_diff(b0));
        if moved < 40 {
            continue;
        }
        if b > r.saturating_add(40) && g > r {
            cyan += 1;
        } else if r > b.saturating_add(60) && g > b {
            amber += 1;
        }
    }
    image.save(out_dir().join(file)).unwrap();
    let area = f64::from(image.width() * image.height());
    assert!(cyan as f64 / area > 0.003, "cyan ghosts: {cyan} pixels");
    assert!(amber as f64 / area > 0.003, "amber ghosts: {amber} pixels");
    crate::snapshots::assert_matches(&image, "stage-ghosts");
}

#[test]
fn screenshot_of_a_paw_lifted_on_the_stage() {
    // A new ERS-7 stand on the large stage, its FL paw's handle held up with Shift: the body
    // shifted for the balance, the readout with the margin.
    let motion = mtn_studio::robot::postures::new_motion("DRX-1000", "stand").unwrap();
    let mut app = StudioApp::with_document(Document::unsaved(motion, "stand.mtn"));
    app.panels.large_stage = true;
    render(app, "posing-lift", |harness| {
        let at = harness.get_by_label("FL paw handle").rect().center();
        common::ui::hold_and_move(
            harness,
            at,
            at - egui::vec2(0.0, 80.0),
            egui::Modifiers::SHIFT,
        );
        assert!(
            harness
                .query_all_by_label_contains("Lift FL paw")
                .next()
                .is_none(),
            "the drag is still under way (nothing in the status bar yet)"
        );
    });
}

#[test]
fn screenshot_of_a_walk_simulated() {
    // Sony's forward walk on the large stage with Simulate on: the robot at the walk's end
    // where physics put it, its body's path drawn on the floor behind it.
    if !common::corpus_present("screenshot_of_a_walk_simulated") {
        return;
    }
    let walk = mtn_studio::codec::mtn::decode(&common::corpus_entry(
        "monet-ERS-7-MOTION7.ODA",
        "a_walk#walk_sox_fwd",
    ))
    .unwrap()
    .motion;
    let mut app = StudioApp::with_document(Document::unsaved(walk, "walk_sox_fwd.mtn"));
    app.panels.large_stage = true;
    render(app, "simulate-walk", |harness| {
        harness.get_by_label("Simulate").click();
        harness.run();
        crate::simulating::wait_simulated(harness, mtn_studio::robot::physics::Floor::Carpet);
        harness.key_press(egui::Key::End);
        harness.run();
    });
}

/// Copies the folder `from` into `to`, whole, every file writable.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
            // The corpus is read only; its copy is to be changed.
            let mut permissions = std::fs::metadata(&target).unwrap().permissions();
            #[expect(
                clippy::permissions_set_readonly_false,
                reason = "a scratch copy, the tests' own"
            )]
            permissions.set_readonly(false);
            std::fs::set_permissions(&target, permissions).unwrap();
        }
    }
}

#[test]
fn screenshot_of_a_stick_workspace() {
    use mtn_studio::stick::add::{Content, NewBehaviour, plan_add};
    if !common::corpus_present("screenshot_of_a_stick_workspace") {
        return;
    }
    // A copy of Sony's ERS-7 R-CODE tree at a fixed place (the window shows the stick's
    // path, and the picture must not depend on the checkout's), with a behaviour of the
    // user's added: the bundled example with a sound.
    let root = std::env::temp_dir().join("mtn-studio-screenshot-stick/ERS7-RCODE");
    let _gone = std::fs::remove_dir_all(&root);
    copy_tree(&common::corpus_dir("sticks").join("rcode-ers7-jpn"), &root);
    let stick = mtn_studio::stick::Stick::open(&root).unwrap();
    let new = NewBehaviour {
        name: "MY_WAVE".to_owned(),
        motion: Content {
            entry: String::new(),
            data: mtn_studio::example::EXAMPLE_MTN.to_vec(),
        },
        sound: Some(Content {
            entry: "wave_hello".to_owned(),
            data: common::sound::pcm_wav(&common::sound::sine(440.0, 8_000), 16_000, 16),
        }),
        led: None,
        mwcid: None,
        code: 0,
        replace: false,
        noauth: false,
        rcode: mtn_studio::stick::program::HeadSensor::Leave,
    };
    mtn_studio::stick::apply::apply(&plan_add(&stick, &new).unwrap(), false).unwrap();
    let mut app = StudioApp::empty();
    app.push(Action::Open(root.clone()));
    render(app, "stick-workspace", |harness| {
        harness.run();
        crate::common::ui::type_into(harness, "Search", "wave");
        harness.get_by_label("Check").click();
    });
}
