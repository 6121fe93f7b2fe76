//! A memory stick as a workspace in the window: a folder (or its behaviour table) opens in a
//! stick's tab that says what the stick is, lists its archives (each opening in the archive
//! browser) and its behaviours, searchable and sortable, with the selected one's parts and
//! where each is; Check lists what `stick check` finds.

use crate::common;
use crate::common::ui::{harness, said, type_into};
use egui_kittest::kittest::{NodeT, Queryable};
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::Action;
use mtn_studio::app::tabs::TabKind;
use mtn_studio::stick::Stick;
use mtn_studio::stick::add::{Content, NewBehaviour, plan_add};

/// A small stick with a behaviour of the user's on it (MY_WAVE, its motion in P/).
pub(crate) fn stick_with_a_wave(name: &str) -> std::path::PathBuf {
    let dir = common::scratch_dir("stick-workspace", name);
    let root = dir.join("STICK");
    common::stick::small_stick(&root);
    let stick = Stick::open(&root).expect("a stick");
    let new = NewBehaviour {
        name: "MY_WAVE".to_owned(),
        motion: Content {
            entry: String::new(),
            data: std::fs::read("assets/ers7-stand-to-sit.mtn").expect("the example"),
        },
        sound: Some(Content {
            entry: "wave_hello".to_owned(),
            data: common::sound::pcm_wav(&common::sound::sine(440.0, 8_000), 16_000, 16),
        }),
        led: Some(Content {
            entry: "wave_lights".to_owned(),
            data: common::sound::sony_led(),
        }),
        mwcid: None,
        code: 0,
        replace: false,
        noauth: false,
        rcode: mtn_studio::stick::program::HeadSensor::Leave,
    };
    let plan = plan_add(&stick, &new).expect("a plan");
    mtn_studio::stick::apply::apply(&plan, false).expect("written");
    root
}

pub(crate) fn stick_tab<'a>(
    harness: &'a egui_kittest::Harness<'_, StudioApp>,
) -> Option<&'a mtn_studio::app::stick::StickTab> {
    let app = harness.state();
    let id = app.tabs.active?;
    match &app.tabs.get(id)?.kind {
        TabKind::Stick(tab) => Some(tab),
        TabKind::Motion(..) | TabKind::Archive(_) | TabKind::Gait(_) => None,
    }
}

#[test]
fn a_stick_folder_opens_as_a_workspace_searchable_checked_and_its_archives_open() {
    let root = stick_with_a_wave("open");
    let mut harness = harness(StudioApp::empty());
    harness.run();
    harness
        .state_mut()
        .push(Action::Open(root.join("OPEN-R/APP")));
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("no stick tab: {}", said(&harness)));
    assert_eq!(tab.root, root, "a folder inside the stick opens the stick");
    assert_eq!(tab.rows.behaviours.len(), 2);
    assert!(harness.query_by_label("ERS-7 memory stick").is_some());
    assert!(harness.query_by_label("2 of 2 behaviours").is_some());

    // Capitals typed into the search are the search's: Shift+S does not toggle Simulate (a
    // review typed "SIT" and the window answered the shortcut).
    harness.get_by_label("Search").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::S);
    harness.run();
    assert!(!said(&harness).contains("Simulate"), "{}", said(&harness));

    // The search narrows the table to the user's behaviour; its parts show where they are.
    type_into(&mut harness, "Search", "wave");
    harness.run();
    assert!(
        harness.query_by_label("1 of 2 behaviours").is_some(),
        "{}",
        said(&harness)
    );
    harness.get_by_label("30000").click();
    harness.run();
    assert!(harness.query_by_label("MWCID 30000: MY_WAVE").is_some());
    assert!(
        harness
            .query_by_label("in OPEN-R/MW/DATA/P/MOTION.ODA")
            .is_some()
    );

    // Check: Sony's STAND plays a motion of the encrypted system archive: a note.
    harness.get_by_label("Check").click();
    harness.run();
    let findings = stick_tab(&harness)
        .and_then(|t| t.findings.clone())
        .unwrap_or_default();
    assert!(!findings.is_empty());
    assert!(
        harness
            .query_by_label_contains("Check: nothing stops the robot")
            .is_some(),
        "{}",
        said(&harness)
    );

    // Play on Robot… opens File > Robot… ready to play it.
    harness.get_by_label("Play on Robot…").click();
    harness.run();
    assert!(
        matches!(&harness.state().modal, Some(mtn_studio::app::Modal::Robot(p)) if p.what == "MY_WAVE"),
        "{:?}",
        harness.state().modal.is_some()
    );
    harness.state_mut().push(Action::CloseModal);
    harness.run();

    // Open Behaviour: its motion in a tab, its sound and LED pattern on their tracks.
    harness.get_by_label("Open Behaviour").click();
    harness.run();
    let document = &crate::common::ui::tab(&harness).document;
    assert!(
        matches!(&document.origin, mtn_studio::edit::Origin::Entry { entry, .. } if entry == &document.motion.name),
        "{:?}",
        document.origin
    );
    assert!(document.tracks().sound.is_some(), "{}", said(&harness));
    assert!(document.tracks().led.is_some(), "{}", said(&harness));
    // Back to the stick.
    let stick_id = harness
        .state()
        .tabs
        .list
        .iter()
        .find(|t| matches!(t.kind, TabKind::Stick(_)))
        .map(|t| t.id);
    harness.state_mut().tabs.active = stick_id;
    harness.run();

    // An archive's Open opens it in the archive browser.
    harness.get_by_label("Open MOTION.ODA").click();
    harness.run();
    let app = harness.state();
    let front = app.tabs.active.and_then(|id| app.tabs.get(id));
    assert!(
        matches!(front.map(|t| &t.kind), Some(TabKind::Archive(_))),
        "{}",
        said(&harness)
    );
}

#[test]
fn sonys_ers7_tree_opens_by_its_behaviour_table_and_sorts_by_number_and_name() {
    if !common::corpus_present("sonys_ers7_tree_opens_by_its_behaviour_table") {
        return;
    }
    let table = common::corpus_dir("sticks").join("rcode-ers7-jpn/OPEN-R/MW/CONF/ERS-7.MWC");
    let mut harness = harness(StudioApp::empty());
    harness.run();
    harness.state_mut().push(Action::Open(table));
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("no stick tab: {}", said(&harness)));
    assert_eq!(tab.rows.behaviours.len(), 1_262);
    assert!(harness.query_by_label("1262 of 1262 behaviours").is_some());
    harness.get_by_label("MWCID").click();
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("{}", said(&harness)));
    let order = mtn_studio::stick::rows::select(&tab.rows.behaviours, &tab.query);
    let ids: Vec<u32> = order
        .iter()
        .map(|&i| tab.rows.behaviours[i].mwcid)
        .collect();
    assert!(ids.windows(2).all(|w| w[0] <= w[1]), "sorted by MWCID");
    harness.get_by_label("MWCID ⏶").click();
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("{}", said(&harness)));
    assert!(tab.query.descending, "a second click sorts the other way");
    type_into(&mut harness, "Search", "SIT");
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("{}", said(&harness)));
    let shown = mtn_studio::stick::rows::select(&tab.rows.behaviours, &tab.query);
    assert!(shown.iter().any(|&i| {
        tab.rows.behaviours[i]
            .actions
            .iter()
            .any(|a| a.name == "SIT")
    }));
}

#[test]
fn add_to_stick_puts_the_motion_in_front_with_its_sound_on_the_stick_and_shows_it() {
    let dir = common::scratch_dir("stick-workspace", "add");
    let root = dir.join("STICK");
    common::stick::small_stick(&root);
    let wav = dir.join("hello.wav");
    std::fs::write(
        &wav,
        common::sound::pcm_wav(&common::sound::sine(440.0, 8_000), 16_000, 16),
    )
    .expect("a sound");
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    harness.state_mut().push(Action::AddTrack(wav));
    harness.run();
    assert!(
        crate::common::ui::doc(&harness).tracks().sound.is_some(),
        "{}",
        said(&harness)
    );
    crate::common::ui::menu(&mut harness, "File", "Add to Stick…");
    // A name R-CODE does not take: refused in the dialog, nothing written.
    type_into(&mut harness, "Stick folder", &root.display().to_string());
    type_into(&mut harness, "Action name", "my wave");
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("not an action name")
            .is_some(),
        "{}",
        said(&harness)
    );
    assert!(!root.join("OPEN-R/MW/DATA/P").exists());
    // A good one, the head sensor to play it: on the stick, and the stick shown with it.
    type_into(&mut harness, "Action name", "MY_WAVE");
    harness
        .get_by_label_contains("Play it when the head sensor is pressed")
        .click();
    harness.run();
    harness.get_by_label("Add").click();
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("no stick tab: {}", said(&harness)));
    assert_eq!(tab.rows.behaviours.len(), 2);
    let ours = &tab.rows.behaviours[1];
    assert_eq!(
        ours.actions.first().map(|a| a.name.as_str()),
        Some("MY_WAVE")
    );
    let kinds: Vec<&str> = ours.parts.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, ["motion", "sound"]);
    let program = root.join("OPEN-R/APP/PC/AMS/R-CODE.R");
    assert_eq!(
        mtn_studio::stick::program::played_by(&std::fs::read(&program).expect("R-CODE.R"))
            .as_deref(),
        Some("MY_WAVE")
    );
    assert!(
        said(&harness).contains("PLAY:ACTION:MY_WAVE"),
        "{}",
        said(&harness)
    );
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("{}", said(&harness)));
    assert_eq!(tab.selected, Some(1), "the new behaviour is selected");
    let last = said(&harness).lines().last().unwrap_or_default().to_owned();
    assert!(last.contains("PLAY:ACTION:MY_WAVE"), "said last: {last}");
    // And off again from the stick's tab, after a question; Sony's STAND stays.
    harness.get_by_label("Remove from Stick…").click();
    harness.run();
    harness.get_by_label("Remove").click();
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("{}", said(&harness)));
    let ids: Vec<u32> = tab.rows.behaviours.iter().map(|b| b.mwcid).collect();
    assert_eq!(ids, [2000], "{}", said(&harness));
    assert!(
        !root.join("OPEN-R/MW/DATA/P/MOTION.ODA").exists(),
        "its archive emptied and gone"
    );
    assert!(!program.exists(), "the program that played it goes with it");
}

#[test]
fn file_robot_reads_the_robots_pose_into_the_keyframe_at_the_playhead_and_plays() {
    use crate::common::rcode::{Manner, StandIn};
    let robot = StandIn::start(Manner::Ready, &crate::common::rcode::POSE);

    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    crate::common::ui::menu(&mut harness, "File", "Robot…");
    type_into(&mut harness, "Address", &robot.addr.to_string());
    type_into(&mut harness, "Behaviour", "MY_WAVE");
    harness.get_by_label("Play on Robot").click();
    harness.run();
    harness.run();
    assert!(
        robot.received().iter().any(|l| l == "PLAY:ACTION:MY_WAVE"),
        "{:?}",
        robot.received()
    );
    harness.get_by_label("Read Pose").click();
    harness.run();
    harness.run();
    let document = crate::common::ui::doc(&harness);
    let motion = &document.motion;
    let column = motion
        .locators
        .iter()
        .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == "HEAD_YAW")
        .expect("a head yaw");
    let at = crate::common::ui::tab(&harness).playhead_ms();
    let times = mtn_studio::robot::timing::keyframe_times_ms(&motion.keyframes);
    let k = times
        .iter()
        .position(|&t| t == at)
        .expect("a keyframe at the playhead");
    let yaw = motion.keyframes.get(k).expect("it").angles_urad[column];
    assert_eq!(
        (f64::from(yaw) / 1e6).to_degrees().round(),
        25.0,
        "{}",
        said(&harness)
    );
    assert!(
        said(&harness).contains("whole degrees"),
        "{}",
        said(&harness)
    );
}

#[test]
fn a_stick_image_opens_read_only_and_saves_as_a_folder_to_work_on() {
    let root = stick_with_a_wave("image");
    let dir = root.parent().expect("its folder").to_owned();
    let image = dir.join("memstick.img");
    let bytes = common::stick::fat16_image(&root);
    std::fs::write(&image, &bytes).expect("the image");
    let mut harness = harness(StudioApp::empty());
    // Read off the window's thread, as the window does: the frames go on until it lands.
    harness.state_mut().inline_jobs = false;
    harness.state_mut().push(Action::Open(image.clone()));
    // One frame: the read is under way (its result is read at a later frame's start), and
    // the status bar says so whatever tab is in front.
    harness.step();
    let under_way = |harness: &egui_kittest::Harness<'_, StudioApp>| {
        harness
            .state()
            .status
            .under_way()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert!(
        under_way(&harness)
            .iter()
            .any(|l| l.starts_with("Reading the stick image")),
        "{:?}",
        under_way(&harness)
    );
    let waited = std::time::Instant::now();
    while stick_tab(&harness).is_none() && waited.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        harness.run();
    }
    harness.state_mut().inline_jobs = true;
    assert!(
        under_way(&harness).is_empty(),
        "it ended: {:?}",
        under_way(&harness)
    );
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("no stick tab: {}", said(&harness)));
    assert!(tab.image.is_some());
    // The image is what the tab names, not the temporary copy its files are read from.
    assert!(
        harness
            .query_by_label(&image.display().to_string())
            .is_some()
    );
    assert!(tab.title().starts_with("memstick.img (stick image)"));
    assert!(
        tab.rows
            .behaviours
            .iter()
            .any(|b| b.actions.iter().any(|a| a.name == "MY_WAVE"))
    );
    // Nothing of it can be changed: the user's behaviour cannot be removed from the image.
    let row = tab
        .rows
        .behaviours
        .iter()
        .position(|b| b.actions.iter().any(|a| a.name == "MY_WAVE"))
        .expect("MY_WAVE");
    let id = harness.state().tabs.active.expect("a tab");
    harness.state_mut().push(Action::Stick(
        id,
        mtn_studio::app::action::StickAction::Select(Some(row)),
    ));
    harness.run();
    assert!(
        harness
            .get_by_label("Remove from Stick…")
            .accesskit_node()
            .is_disabled()
    );
    // Saved as a folder: the folder opens as a stick to work on; the image is as it was.
    let folder = dir.join("memstick");
    type_into(&mut harness, "Folder", &folder.display().to_string());
    harness.get_by_label("Save Stick As Folder").click();
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("{}", said(&harness)));
    assert!(tab.image.is_none(), "{}", said(&harness));
    assert!(folder.join("OPEN-R/MW/CONF/ERS-7.MWC").exists());
    assert_eq!(std::fs::read(&image).expect("the image"), bytes);
    assert!(
        said(&harness).contains("Saved the stick image"),
        "{}",
        said(&harness)
    );
}

/// Add to Stick with a sound the robot does not play (44.1 kHz): refused, as `stick add`
/// refuses it; with the box ticked, made 16 kHz 16-bit mono and put on, said so.
#[test]
fn add_to_stick_converts_a_sound_the_robot_does_not_play_when_asked() {
    let dir = common::scratch_dir("stick-workspace", "convert");
    let root = dir.join("STICK");
    common::stick::small_stick(&root);
    let wav = dir.join("cd.wav");
    std::fs::write(
        &wav,
        common::sound::pcm_wav(&common::sound::sine(440.0, 22_050), 44_100, 16),
    )
    .expect("a sound");
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    harness.state_mut().push(Action::AddTrack(wav));
    harness.run();
    crate::common::ui::menu(&mut harness, "File", "Add to Stick…");
    type_into(&mut harness, "Stick folder", &root.display().to_string());
    type_into(&mut harness, "Action name", "MY_CD");
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("the robot plays 8 kHz 8-bit or 16 kHz 16-bit mono")
            .is_some(),
        "{}",
        said(&harness)
    );
    assert!(!root.join("OPEN-R/MW/DATA/P").exists());
    harness
        .get_by_role_and_label(
            egui::accesskit::Role::CheckBox,
            "Convert a sound the robot cannot play (to 16 kHz 16-bit mono)",
        )
        .click();
    harness.run();
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        said(&harness).contains("Converted cd to 16 kHz 16-bit mono"),
        "{}",
        said(&harness)
    );
    let audio = mtn_studio::codec::oda::Archive::read(
        &std::fs::read(root.join("OPEN-R/MW/DATA/P/AUDIO.ODA")).expect("the audio archive"),
    )
    .expect("reads");
    let entry = audio.entries.iter().find(|e| e.name() == "cd").expect("cd");
    let data = entry.contents().expect("its bytes");
    assert!(mtn_studio::stick::add::playable_sound(&data).is_ok());
}

#[test]
fn add_to_stick_dry_runs_takes_the_mwcid_asked_and_replaces_only_when_ticked() {
    let root = stick_with_a_wave("dry-run");
    let table = root.join("OPEN-R/MW/CONF/ERS-7.MWC");
    let before = std::fs::read(&table).expect("the table");
    let mut harness = harness(StudioApp::with_document(mtn_studio::app::example_document()));
    harness.run();
    crate::common::ui::menu(&mut harness, "File", "Add to Stick…");
    type_into(&mut harness, "Stick folder", &root.display().to_string());
    // The user's own name: refused until Replace is ticked, said by the dry run too.
    type_into(&mut harness, "Action name", "MY_WAVE");
    harness.get_by_label("Dry Run").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("tick \"Replace my behaviour of that name\" to replace it")
            .is_some(),
        "{}",
        said(&harness)
    );
    harness
        .get_by_role_and_label(
            egui::accesskit::Role::CheckBox,
            "Replace my behaviour of that name on the stick (under its MWCID)",
        )
        .click();
    harness.run();
    harness.get_by_label("Dry Run").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("nothing is written yet")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("replaced record MWCID 30000")
            .is_some(),
        "{}",
        said(&harness)
    );
    assert!(
        harness
            .query_by_label_contains("R-CODE would play it as PLAY:ACTION:MY_WAVE")
            .is_some()
    );
    assert_eq!(
        std::fs::read(&table).expect("the table"),
        before,
        "a dry run writes nothing"
    );
    // Any change takes the dry run's lines away: they would no longer be true.
    type_into(&mut harness, "MWCID", "31000");
    assert!(
        harness
            .query_by_label_contains("nothing is written yet")
            .is_none()
    );
    // A replaced behaviour keeps its number.
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("it is replaced under it, not under 31000")
            .is_some(),
        "{}",
        said(&harness)
    );
    // A new name, and a number typed (in hexadecimal): the behaviour goes under it.
    harness
        .get_by_role_and_label(
            egui::accesskit::Role::CheckBox,
            "Replace my behaviour of that name on the stick (under its MWCID)",
        )
        .click();
    type_into(&mut harness, "Action name", "MY_NOD");
    type_into(&mut harness, "MWCID", "seven");
    harness.get_by_label("Add").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("\"seven\" is not a number")
            .is_some(),
        "{}",
        said(&harness)
    );
    type_into(&mut harness, "MWCID", "0x7918");
    harness.get_by_label("Add").click();
    harness.run();
    let tab = stick_tab(&harness).unwrap_or_else(|| panic!("no stick tab: {}", said(&harness)));
    let ids: Vec<u32> = tab.rows.behaviours.iter().map(|b| b.mwcid).collect();
    assert_eq!(ids, [2000, 30000, 31000], "{}", said(&harness));
}
