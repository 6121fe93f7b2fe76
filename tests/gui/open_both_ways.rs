//! One way to open a file: the same files of every kind, opened by the command line
//! (`mtn-studio info`) and by the window (File > Open), are told the same kind by
//! `mtn_studio::open` and come to the same result: the same motion, archive or gait file, the
//! same refusal, or (a file to import) the Import window where the command line points to
//! `convert`. Bytes of no known kind are one explicit difference; sounds and LED patterns
//! another: `info` describes them, and the window, with no motion open to put them on,
//! says where they go; a stick's behaviour table and image the last: the window opens the
//! stick, and `info` points to `mtn-studio stick`.

use crate::common::ui::opened;
use crate::common::{run_cli, scratch_dir, text};
use mtn_studio::app::dialogs::Modal;
use mtn_studio::app::{StudioApp, TabKind};
use mtn_studio::codec::kind::FileKind;
use mtn_studio::open::{OpenOptions, Opening, sniff};
use std::path::{Path, PathBuf};

/// What a file came to.
#[derive(Debug, PartialEq)]
enum Result {
    /// A motion of this many keyframes.
    Motion(u64),
    /// An archive of this many entries.
    Archive(u64),
    /// A gait file of this many sections.
    Gait(u64),
    /// A file to import.
    Import,
    /// Refused, with this message.
    Refused(String),
    /// A sound or LED pattern the command line describes (its `kind`).
    Described(String),
    /// A stick of this many behaviours.
    Stick(usize),
}

/// What the command line made of a file.
fn by_command_line(path: &Path) -> Result {
    let output = run_cli(&[&"info", &"--json", &path]);
    if !output.status.success() {
        let message = text(&output.stderr);
        let message = message.trim().trim_start_matches("mtn-studio: ").to_owned();
        return if message.contains("mtn-studio convert") {
            Result::Import
        } else {
            Result::Refused(message)
        };
    }
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let count = |key: &str| json[key].as_array().map(|a| a.len() as u64);
    if let Some(kind) = json["kind"]
        .as_str()
        .filter(|k| matches!(*k, "wave" | "midi" | "led"))
    {
        Result::Described(kind.to_owned())
    } else if let Some(sections) = count("sections") {
        Result::Gait(sections)
    } else if let Some(motions) = count("motions") {
        Result::Archive(motions)
    } else {
        Result::Motion(json["keyframes"].as_u64().unwrap())
    }
}

/// What the window made of a file.
fn by_window(path: &Path) -> Result {
    let harness = opened(&[path]);
    let app: &StudioApp = harness.state();
    match (&app.modal, app.tabs.active().map(|t| &t.kind)) {
        (Some(Modal::Import(prompt)), _) => {
            assert_eq!(Path::new(&prompt.path), path);
            Result::Import
        }
        (Some(Modal::Error { message, .. }), _) => Result::Refused(message.clone()),
        (None, Some(TabKind::Motion(tab, _))) => {
            Result::Motion(tab.document.motion.keyframes.len() as u64)
        }
        (None, Some(TabKind::Archive(tab))) => Result::Archive(tab.index.rows.len() as u64),
        (None, Some(TabKind::Gait(gait))) => Result::Gait(gait.gait().sections.len() as u64),
        (None, Some(TabKind::Stick(stick))) => Result::Stick(stick.rows.behaviours.len()),
        (modal, _) => panic!("{}: nothing opened ({modal:?})", path.display()),
    }
}

/// The twelve files, one of every kind (and bytes of none), written by the library (a
/// stick's by the tests' own stick).
fn files(dir: &Path) -> Vec<(PathBuf, Opening)> {
    let motion = mtn_studio::example::stand_to_sit();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let export = |name: &str| {
        let path = dir.join(name);
        let options = mtn_studio::convert::ExportOptions::default();
        write(
            name,
            &mtn_studio::convert::export_bytes(&motion, &path, options).unwrap(),
        )
    };
    let stick = dir.join("stick");
    crate::common::stick::small_stick(&stick);
    let mtn = mtn_studio::codec::mtn::encode(&motion).unwrap();
    let mut archive = mtn_studio::codec::oda::Archive::default();
    for name in ["first", "second", "third"] {
        let kind = mtn_studio::codec::oda::EntryKind::Motion;
        let entry = mtn_studio::codec::oda::Entry::new(kind, name, mtn.clone()).unwrap();
        archive.add(entry).unwrap();
    }
    let gait = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/stickybot-example.gait"
    ))
    .unwrap();
    vec![
        (write("stand.MTN", &mtn), Opening::Motion),
        (
            write("MOTION.ODA", &archive.write().unwrap()),
            Opening::Archive,
        ),
        (write("walk.gait", &gait), Opening::Gait),
        (export("stand.json"), Opening::JsonMotion),
        (export("stand.csv"), Opening::Import(FileKind::Csv)),
        (export("stand.seq"), Opening::Import(FileKind::BodyMotion)),
        (export("stand.pseq"), Opening::Import(FileKind::PoseSeq)),
        (
            write(
                "bark.wav",
                &crate::common::sound::pcm_wav(&crate::common::sound::sine(400.0, 800), 8000, 8),
            ),
            Opening::Sound,
        ),
        (
            write("eyes.led", &crate::common::sound::sony_led()),
            Opening::Led,
        ),
        (write("notes.txt", b"hello, robot"), Opening::Unknown),
        (stick.join("OPEN-R/MW/CONF/ERS-7.MWC"), Opening::Stick),
        (
            write("STICK.IMG", &crate::common::stick::fat16_image(&stick)),
            Opening::Stick,
        ),
    ]
}

#[test]
fn the_same_files_open_the_same_way_from_the_command_line_and_the_window() {
    let dir = scratch_dir("open-both-ways", "files");
    let files = files(&dir);
    assert_eq!(files.len(), 12);
    for (path, kind) in &files {
        let shown = path.display();
        let window_kind = sniff(path, OpenOptions::WINDOW).unwrap();
        let command_line_kind = sniff(path, OpenOptions::COMMAND_LINE).unwrap();
        assert_eq!(window_kind, *kind, "{shown}: the window's kind");
        let command_line = by_command_line(path);
        let window = by_window(path);
        if *kind == Opening::Unknown {
            // The one difference, explicit in the options: the command line lets the MTN
            // reader say what the bytes are not; the window lists what it opens.
            assert_eq!(command_line_kind, Opening::Motion, "{shown}");
            let Result::Refused(said) = command_line else {
                panic!("{shown}: the command line read it: {command_line:?}");
            };
            assert!(said.contains("byte 0"), "{shown}: {said}");
            assert_eq!(window, Result::Refused(kind.refusal(path).unwrap()));
            continue;
        }
        assert_eq!(command_line_kind, *kind, "{shown}: the command line's kind");
        if matches!(kind, Opening::Sound | Opening::Led) {
            // `info` describes a sound or LED pattern; the window, with no motion open to
            // put it on, says where it goes.
            let described = if *kind == Opening::Sound {
                "wave"
            } else {
                "led"
            };
            assert_eq!(
                command_line,
                Result::Described(described.to_owned()),
                "{shown}"
            );
            assert_eq!(
                window,
                Result::Refused(kind.refusal(path).unwrap()),
                "{shown}"
            );
            continue;
        }
        if *kind == Opening::Stick {
            // The window opens the stick; `info` says where its commands are.
            assert_eq!(window, Result::Stick(1), "{shown}");
            let Result::Refused(said) = command_line else {
                panic!("{shown}: the command line read it: {command_line:?}");
            };
            assert_eq!(said, kind.refusal(path).unwrap(), "{shown}");
            assert!(said.contains("mtn-studio stick list"), "{said}");
            continue;
        }
        assert_eq!(command_line, window, "{shown}: the same result both ways");
        let expected = match kind {
            Opening::Motion | Opening::JsonMotion => Result::Motion(4),
            Opening::Archive => Result::Archive(3),
            Opening::Gait => Result::Gait(7),
            Opening::Import(_) => Result::Import,
            Opening::Sound | Opening::Led | Opening::Stick | Opening::Unknown => {
                Result::Refused(kind.refusal(path).unwrap())
            }
        };
        assert_eq!(window, expected, "{shown}");
    }
}

#[test]
fn a_json_motion_opens_once_saves_as_mtn_and_closes_unedited_without_asking() {
    let dir = scratch_dir("open-both-ways", "json");
    let motion = mtn_studio::example::stand_to_sit();
    let path = dir.join("walk.json");
    std::fs::write(&path, serde_json::to_vec(&motion).unwrap()).unwrap();
    let mut harness = opened(&[&path, &path]);
    assert_eq!(
        harness.state().tabs.list.len(),
        1,
        "opened again: the same tab"
    );
    let tab = harness.state().active_motion().unwrap();
    assert_eq!(tab.document.motion, motion);
    assert_eq!(tab.document.origin.display_name(), "walk.json");
    assert_eq!(tab.document.origin.suggested_file_name(), "walk.mtn");
    assert!(!tab.document.is_dirty(), "the JSON file holds it");
    crate::common::ui::ctrl(&mut harness, egui::Key::W);
    assert!(
        harness.state().modal.is_none(),
        "closing unedited asks nothing"
    );
    assert!(harness.state().tabs.list.is_empty());
}

#[test]
fn enter_closes_a_message() {
    let dir = scratch_dir("open-both-ways", "enter");
    let path = dir.join("notes.txt");
    std::fs::write(&path, b"hello, robot").unwrap();
    let mut harness = opened(&[&path]);
    assert!(matches!(harness.state().modal, Some(Modal::Error { .. })));
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(harness.state().modal.is_none(), "Enter answered OK");
}
