//! `stick add` and `stick remove`: a behaviour put on a stick where R-CODE finds it, Sony's
//! records, entries and names unchanged, what the robot would refuse refused, and the stick
//! as it was after a remove (the corpus's two R-CODE trees, copied; and a small stick made
//! here).

use crate::common;
use mtn_studio::codec::mwc;
use mtn_studio::codec::sound::led::LedPattern;
use mtn_studio::codec::sound::wave_write::pcm16_mono;
use std::path::{Path, PathBuf};

const EXAMPLE: &str = "assets/ers7-stand-to-sit.mtn";

/// A copy of `from` that can be written (the corpus is read-only).
fn writable_copy(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            writable_copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
            let mut perms = std::fs::metadata(&target).unwrap().permissions();
            #[expect(clippy::permissions_set_readonly_false, reason = "a test's own copy")]
            perms.set_readonly(false);
            std::fs::set_permissions(&target, perms).unwrap();
        }
    }
}

/// Every file under `root` with its length and a hash of its bytes (behaviour tables
/// decompressed), `.bak` left out.
fn tree(root: &Path) -> Vec<(PathBuf, usize, u64)> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|e| e != "bak") {
                let bytes = std::fs::read(&path).unwrap();
                let bytes = if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("mwc"))
                {
                    mwc::encode(&mwc::read(&bytes).unwrap())
                } else {
                    bytes
                };
                let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
                out.push((
                    path.strip_prefix(root).unwrap().to_path_buf(),
                    bytes.len(),
                    hash,
                ));
            }
        }
    }
    out.sort();
    out
}

/// One record as read by [`independent_read`]: MWCID, and each part's type, repeat count,
/// start, reserved word, synchronise, special and name.
type Record = (u32, Vec<(i32, i32, i32, i32, i16, i16, String)>);

/// A behaviour table read by a reader of the tests' own, written from the layout
/// docs/formats/behaviour-table.md gives (not from the codec): gzip or plain; `MWCM`, version, record and part counts; each
/// record `MCID`, MWCID, part count; each part `CMAC`, type, repeat, start, a reserved word,
/// i16 synchronise, i16 special, a length byte and the name.
fn independent_read(file: &[u8]) -> Vec<Record> {
    let mut data = Vec::new();
    if file.starts_with(&[0x1f, 0x8b]) {
        use std::io::Read;
        flate2::read::GzDecoder::new(file)
            .read_to_end(&mut data)
            .unwrap();
    } else {
        data = file.to_vec();
    }
    let i32_at = |at: usize| i32::from_le_bytes(data[at..at + 4].try_into().unwrap());
    let i16_at = |at: usize| i16::from_le_bytes(data[at..at + 2].try_into().unwrap());
    assert_eq!(&data[..4], b"MWCM");
    let records = usize::try_from(i32_at(8)).unwrap();
    let mut at = 16;
    let mut out = Vec::new();
    for _ in 0..records {
        assert_eq!(&data[at..at + 4], b"MCID", "a record at byte {at}");
        let id = u32::from_le_bytes(data[at + 4..at + 8].try_into().unwrap());
        let parts = usize::try_from(i32_at(at + 8)).unwrap();
        at += 12;
        let mut read = Vec::new();
        for _ in 0..parts {
            assert_eq!(&data[at..at + 4], b"CMAC", "a part at byte {at}");
            let len = usize::from(data[at + 24]);
            let name = String::from_utf8_lossy(&data[at + 25..at + 25 + len]).into_owned();
            read.push((
                i32_at(at + 4),
                i32_at(at + 8),
                i32_at(at + 12),
                i32_at(at + 16),
                i16_at(at + 20),
                i16_at(at + 22),
                name,
            ));
            at += 25 + len;
        }
        out.push((id, read));
    }
    assert!(
        data[at..].iter().all(|&b| b == 0),
        "only padding after the last part"
    );
    out
}

fn files(dir: &Path) -> (PathBuf, PathBuf) {
    let wav = dir.join("wave_hello.wav");
    let tone: Vec<f32> = (0..8_000).map(|i| ((i % 40) as f32 / 40.0) - 0.5).collect();
    std::fs::write(&wav, pcm16_mono(&tone, 16_000)).unwrap();
    let led = dir.join("wave_lights.led");
    let pattern = LedPattern {
        end_tick: 960,
        ..LedPattern::default()
    };
    std::fs::write(&led, pattern.write().unwrap()).unwrap();
    (wav, led)
}

fn add(stick: &Path, extra: &[&dyn AsRef<std::ffi::OsStr>]) -> std::process::Output {
    let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> =
        vec![&"stick", &"add", &stick, &"--motion", &EXAMPLE];
    args.extend_from_slice(extra);
    common::run_cli(&args)
}

#[test]
fn a_behaviour_goes_on_a_small_stick_where_r_code_plays_it_and_comes_off_again() {
    let dir = tempfile::tempdir().unwrap();
    let stick = dir.path().join("stick");
    common::stick::small_stick(&stick);
    let (wav, led) = files(dir.path());
    let before = tree(&stick);
    let said = common::ok(&add(
        &stick,
        &[&"--sound", &wav, &"--led", &led, &"--name", &"MY_WAVE"],
    ));
    assert!(said.contains("PLAY:ACTION:MY_WAVE"), "{said}");
    assert!(
        said.contains("PLAY:MWCID:30000"),
        "the first free user MWCID: {said}"
    );
    assert!(
        stick.join("OPEN-R/MW/CONF/ERS-7.MWC.bak").exists(),
        "{said}"
    );

    // The record, shaped as Sony's ERS-7 skits, and each part found on the stick.
    let listed = common::ok(&common::run_cli(&[&"stick", &"list", &stick, &"--json"]));
    let doc: serde_json::Value = serde_json::from_str(&listed).unwrap();
    let ours = doc["behaviours"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["mwcid"] == 30000)
        .unwrap();
    assert_eq!(ours["actions"][0]["name"], "MY_WAVE");
    let parts: Vec<(&str, &str)> = ours["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["type"].as_str().unwrap(),
                p["found"]["in"].as_str().unwrap_or("?"),
            )
        })
        .collect();
    assert_eq!(
        parts,
        [
            ("0x1010", "OPEN-R/MW/DATA/P/MOTION.ODA"),
            ("0x2010", "OPEN-R/MW/DATA/P/AUDIO.ODA"),
            ("0x3030", "OPEN-R/MW/DATA/P/LED.ODA"),
        ]
    );
    // A reader of the tests' own reads the same record, shaped as Sony's ERS-7 skits.
    let table = independent_read(&std::fs::read(stick.join("OPEN-R/MW/CONF/ERS-7.MWC")).unwrap());
    assert_eq!(table.len(), 2);
    assert_eq!(table[0].0, 2000, "Sony's record first, as it was");
    let (id, parts) = &table[1];
    assert_eq!(*id, 30000);
    let shapes: Vec<(i32, i32, i32, i16)> = parts.iter().map(|p| (p.0, p.1, p.2, p.4)).collect();
    assert_eq!(
        shapes,
        [(0x1010, 1, 1, 1), (0x2010, 1, 0, 1), (0x3030, 1, 0, 1)]
    );
    assert_eq!(parts[1].6, "wave_hello");
    // Sony's line first, unchanged; ours after it.
    let ams = std::fs::read(stick.join("OPEN-R/APP/PC/AMS/ACTION.AMS")).unwrap();
    assert!(ams.starts_with(b"STAND                           2000       0\r\n"));
    assert!(common::text(&ams).contains("MY_WAVE"));
    // Checked clean (a note for the backups).
    let check = common::run_cli(&[&"stick", &"check", &stick]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        common::text(&check.stdout)
    );

    // Taken again: refused; replaced: under the same number.
    let again = add(&stick, &[&"--name", &"MY_WAVE"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(common::text(&again.stderr).contains("--replace"));
    let replaced = common::ok(&add(
        &stick,
        &[&"--name", &"MY_WAVE", &"--replace", &"--no-backup"],
    ));
    assert!(replaced.contains("PLAY:MWCID:30000"), "{replaced}");

    // Set up for the air: NOAUTH.CFG made, OWNER.TXT gone (kept as its .bak).
    let owner = stick.join("OPEN-R/APP/DATA/P/OWNER.TXT");
    std::fs::create_dir_all(owner.parent().unwrap()).unwrap();
    std::fs::write(&owner, b"owner").unwrap();
    let with_owner = tree(&stick);
    let said = common::ok(&add(&stick, &[&"--name", &"MY_NOD", &"--noauth"]));
    assert!(said.contains("NOAUTH.CFG made"), "{said}");
    assert!(stick.join("OPEN-R/APP/PC/AMS/NOAUTH.CFG").exists());
    assert!(!owner.exists());
    assert_eq!(
        std::fs::read(stick.join("OPEN-R/APP/DATA/P/OWNER.TXT.bak")).unwrap(),
        b"owner"
    );
    common::ok(&common::run_cli(&[&"stick", &"remove", &stick, &"MY_NOD"]));
    std::fs::remove_file(stick.join("OPEN-R/APP/PC/AMS/NOAUTH.CFG")).unwrap();
    std::fs::rename(stick.join("OPEN-R/APP/DATA/P/OWNER.TXT.bak"), &owner).unwrap();
    assert_eq!(tree(&stick), with_owner);
    std::fs::remove_file(&owner).unwrap();

    // Removed: the stick is as it was (the archives made for it gone with it).
    common::ok(&common::run_cli(&[&"stick", &"remove", &stick, &"MY_WAVE"]));
    assert_eq!(tree(&stick), before);
}

#[test]
fn what_the_robot_would_refuse_is_refused_and_the_stick_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let stick = dir.path().join("stick");
    common::stick::small_stick(&stick);
    let before = tree(&stick);
    let refused = |extra: &[&dyn AsRef<std::ffi::OsStr>], says: &str| {
        let output = add(&stick, extra);
        assert_eq!(output.status.code(), Some(1), "{says}");
        let err = common::text(&output.stderr);
        assert!(err.contains(says), "{err}");
        assert_eq!(tree(&stick), before, "{says}");
    };
    refused(&[&"--name", &"my wave"], "not an action name");
    refused(&[&"--name", &"STAND"], "Sony's action");
    refused(&[&"--name", &"MINE", &"--mwcid", &"2000"], "taken");
    // A sound at CD rate: refused, with the way out.
    let cd = dir.path().join("cd.wav");
    std::fs::write(&cd, pcm16_mono(&vec![0.1; 4410], 44_100)).unwrap();
    refused(&[&"--name", &"MINE", &"--sound", &cd], "--convert-sound");
    // An ERS-210 motion on an ERS-7 stick.
    let ers210 = dir.path().join("ers210.mtn");
    common::ok(&common::run_cli(&[
        &"new", &"--model", &"ERS-210", &"-o", &ers210,
    ]));
    let output = common::run_cli(&[
        &"stick",
        &"add",
        &stick,
        &"--motion",
        &ers210,
        &"--name",
        &"MINE",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(common::text(&output.stderr).contains("ERS-7"));
    // Converted, it goes on.
    let said = common::ok(&add(
        &stick,
        &[
            &"--name",
            &"MINE",
            &"--sound",
            &cd,
            &"--convert-sound",
            &"--dry-run",
        ],
    ));
    assert!(said.contains("converted cd to 16 kHz"), "{said}");
    assert_eq!(tree(&stick), before, "a dry run changes nothing");
    // Sony's behaviours are not removed.
    let output = common::run_cli(&[&"stick", &"remove", &stick, &"STAND"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(tree(&stick), before);
}

#[test]
fn on_sonys_two_trees_every_record_and_line_of_theirs_stays_as_it_was() {
    if !common::corpus_present("on_sonys_two_trees_every_record") {
        return;
    }
    for (tree_name, file) in [
        ("rcode-ers7-jpn", "OPEN-R/APP/PC/AMS/ACTION.AMS"),
        ("rcode-ers210-pms101e", "OPEN-R/APP/PC/AMS/ACTION.CFG"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let stick = dir.path().join(tree_name);
        std::fs::create_dir_all(&stick).unwrap();
        writable_copy(&common::corpus_dir("sticks").join(tree_name), &stick);
        let before = tree(&stick);
        let motion = if tree_name.contains("210") {
            let m = dir.path().join("mine.mtn");
            common::ok(&common::run_cli(&[
                &"new", &"--model", &"ERS-210", &"-o", &m,
            ]));
            m
        } else {
            PathBuf::from(EXAMPLE)
        };
        let (wav, _) = files(dir.path());
        let said = common::ok(&common::run_cli(&[
            &"stick",
            &"add",
            &stick,
            &"--motion",
            &motion,
            &"--sound",
            &wav,
            &"--name",
            &"MY_WAVE",
        ]));
        assert!(
            said.contains(&format!("MY_WAVE into {file}")),
            "{tree_name}: {said}"
        );
        let table_path = std::fs::read_dir(stick.join("OPEN-R/MW/CONF"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "MWC"))
            .unwrap();
        let original = common::corpus_dir("sticks")
            .join(tree_name)
            .join(table_path.strip_prefix(&stick).unwrap());
        let old = mwc::read(&std::fs::read(original).unwrap()).unwrap();
        let written = std::fs::read(&table_path).unwrap();
        let new = mwc::read(&written).unwrap();
        // The reader of the tests' own agrees, record for record.
        let independent = independent_read(&written);
        assert_eq!(independent.len(), new.behaviours.len(), "{tree_name}");
        for (record, behaviour) in independent.iter().zip(&new.behaviours) {
            assert_eq!(record.0, behaviour.id);
            let names: Vec<String> = behaviour.parts.iter().map(mwc::MwcPart::name).collect();
            let theirs: Vec<String> = record.1.iter().map(|p| p.6.clone()).collect();
            assert_eq!(theirs, names, "{tree_name}: MWCID {}", record.0);
        }
        assert_eq!(
            new.stored, old.stored,
            "{tree_name}: gzip where it was gzip"
        );
        assert_eq!(
            new.behaviours[..old.behaviours.len()],
            old.behaviours[..],
            "{tree_name}"
        );
        assert_eq!(new.behaviours.len(), old.behaviours.len() + 1);
        let check = common::run_cli(&[&"stick", &"check", &stick]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{tree_name}: {}",
            common::text(&check.stdout)
        );
        common::ok(&common::run_cli(&[&"stick", &"remove", &stick, &"MY_WAVE"]));
        assert_eq!(tree(&stick), before, "{tree_name}");
    }
}

#[test]
fn a_relative_stick_path_puts_everything_in_the_stick_and_check_trusts_only_what_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let stick = dir.path().join("stick");
    common::stick::small_stick(&stick);
    // An ACTION.CFG beside Sony's ACTION.AMS: names go there, and Sony's names stay theirs.
    std::fs::write(stick.join("OPEN-R/APP/PC/AMS/ACTION.CFG"), b"").unwrap();
    let example = std::fs::canonicalize(EXAMPLE).unwrap();
    let add_relative = |name: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
            .current_dir(dir.path())
            .args(["stick", "add", "stick", "--motion"])
            .arg(&example)
            .args(["--name", name])
            .output()
            .unwrap()
    };
    // Twice: the second time the content folder exists (a review saw it written twice as deep).
    common::ok(&add_relative("ONE"));
    let second = add_relative("TWO");
    common::ok(&second);
    assert!(stick.join("OPEN-R/MW/DATA/P/MOTION.ODA").is_file());
    assert!(!stick.join("stick").exists(), "nothing nested in the stick");
    let refused = add_relative("STAND");
    assert_eq!(refused.status.code(), Some(1));
    assert!(common::text(&refused.stderr).contains("Sony's action"));

    // The user's parts are checked even beside encrypted archives: gone, they are an error.
    std::fs::remove_file(stick.join("OPEN-R/MW/DATA/P/MOTION.ODA")).unwrap();
    let check = common::run_cli(&[&"stick", &"check", &stick]);
    assert_eq!(check.status.code(), Some(1));
    let said = common::text(&check.stdout);
    assert!(said.contains("error part-missing"), "{said}");
    // One name for two behaviours: a warning.
    std::fs::write(
        stick.join("OPEN-R/APP/PC/AMS/ACTION.CFG"),
        b"STAND 30005 0\r\n",
    )
    .unwrap();
    let said = common::text(&common::run_cli(&[&"stick", &"check", &stick]).stdout);
    assert!(said.contains("warning action-name-twice"), "{said}");
}

#[test]
fn rcode_writes_the_head_sensors_program_and_never_replaces_anothers_unasked() {
    let dir = tempfile::tempdir().unwrap();
    let stick = dir.path().join("stick");
    common::stick::small_stick(&stick);
    let program = stick.join("OPEN-R/APP/PC/AMS/R-CODE.R");
    let read = || String::from_utf8(std::fs::read(&program).unwrap()).unwrap();
    // Made where there is none: the head sensor plays the behaviour.
    let said = common::ok(&add(&stick, &[&"--name", &"MY_WAVE", &"--rcode"]));
    assert!(
        said.contains("R-CODE.R made: the head sensor plays MY_WAVE"),
        "{said}"
    );
    assert!(read().starts_with("// written by mtn-studio:"));
    assert!(read().contains("IF:Head_ON:=:1:THEN\r\n  PLAY:ACTION:MY_WAVE\r\n"));
    // A second behaviour with --rcode: the program, being mtn-studio's, plays it instead.
    let said = common::ok(&add(&stick, &[&"--name", &"MY_BOW", &"--rcode"]));
    assert!(
        said.contains("the head sensor plays MY_BOW (was MY_WAVE)"),
        "{said}"
    );
    assert!(read().contains("PLAY:ACTION:MY_BOW") && !read().contains("MY_WAVE"));
    // Taken off with the behaviour it plays; kept with another.
    common::ok(&common::run_cli(&[&"stick", &"remove", &stick, &"MY_WAVE"]));
    assert!(program.exists());
    let said = common::ok(&common::run_cli(&[&"stick", &"remove", &stick, &"MY_BOW"]));
    assert!(said.contains("R-CODE.R removed"), "{said}");
    assert!(!program.exists());
    // Someone else's program: refused, the stick as it was; replaced when asked, kept as
    // R-CODE.OLD (the .bak there is the first backup, of mtn-studio's own program).
    let theirs = ":START\r\nPLAY:ACTION:SIT\r\nWAIT\r\nGO:START\r\n";
    std::fs::write(&program, theirs).unwrap();
    let before = tree(&stick);
    let refused = add(&stick, &[&"--name", &"MY_WAVE", &"--rcode"]);
    assert_eq!(refused.status.code(), Some(1));
    let words = common::text(&refused.stderr);
    assert!(words.contains("holds a program of its own") && words.contains("--rcode-replace"));
    assert_eq!(tree(&stick), before);
    let said = common::ok(&add(&stick, &[&"--name", &"MY_WAVE", &"--rcode-replace"]));
    assert!(said.contains("R-CODE.R replaced"), "{said}");
    assert!(read().contains("PLAY:ACTION:MY_WAVE"));
    assert_eq!(
        std::fs::read_to_string(stick.join("OPEN-R/APP/PC/AMS/R-CODE.OLD")).unwrap(),
        theirs
    );
}
