//! The command line, run as a user would: output, exit codes, files written.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::run_cli as run;

use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::Archive;
use std::path::{Path, PathBuf};
use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("cli", name)
}

fn corpus(name: &str) -> PathBuf {
    common::corpus_dir("mtn").join(name)
}

fn write_example(dir: &Path) -> PathBuf {
    let path = dir.join("example.mtn");
    std::fs::write(&path, mtn_studio::example::EXAMPLE_MTN).unwrap();
    path
}

#[test]
fn info_json_has_every_promised_field() {
    if !common::corpus_present("info_json_has_every_promised_field") {
        return;
    }
    let output = run(&[&"info", &corpus("spec-example-DRX-910.mtn"), &"--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["name"], "a_stand#sit_S");
    assert_eq!(json["creator"], "Sony Corporation");
    assert_eq!(json["design"], "DRX-910");
    assert_eq!(json["model"], "ERS-210/220");
    assert_eq!(json["version"], "1.2");
    assert_eq!(json["frame_rate"], 16);
    assert_eq!(json["keyframes"], 6);
    assert_eq!(json["duration_ms"], 4880);
    assert_eq!(json["well_formed"], true);
    assert_eq!(json["joints"].as_array().unwrap().len(), 20);
    assert_eq!(json["joints"][0]["locator"], "PRM:/r1/c1-Joint2:j1");
    assert_eq!(json["joints"][0]["name"], "HEAD_PITCH");
    // Well formed and within every limit: what the floor says of it is all there is (the
    // spec's stand-to-sit lifts a hind paw with its weight near the edge).
    for problem in json["problems"].as_array().unwrap() {
        assert!(
            ["falls", "unstable", "paw-slide"].contains(&problem["code"].as_str().unwrap()),
            "{problem}"
        );
        assert!(problem["time_ms"].is_u64(), "{problem}");
    }
    let output = run(&[&"info", &corpus("workbench-KnownGoodERS7.mtn"), &"--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["well_formed"], false);
    assert_eq!(json["name"], "a_sleep#sit_Sleep_To_Sit");
    let problem = &json["problems"][0];
    assert_eq!(problem["severity"], "error");
    for field in ["severity", "code", "offset", "message"] {
        assert!(
            !problem[field].is_null(),
            "problem has no {field}: {problem}"
        );
    }
}

#[test]
fn info_on_an_archive_covers_every_motion_or_the_chosen_entry() {
    if !common::corpus_present("info_on_an_archive_covers_every_motion_or_the_chosen_entry") {
        return;
    }
    let archive = corpus("monet-ERS-200-MOTION.ODA");
    let all = run(&[&"info", &archive, &"--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&all)).unwrap();
    assert_eq!(json["motions"].as_array().unwrap().len(), 25);
    let one = run(&[&"info", &archive, &"--entry", &"sit_lose01", &"--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&one)).unwrap();
    assert_eq!(json["entry"], "sit_lose01");
    assert_eq!(json["name"], "a_sit#sit_so4_lose2");
    assert_eq!(json["well_formed"], false);
    assert_eq!(json["problems"][0]["code"], "section3-size");
    let missing = run(&[&"info", &archive, &"--entry", &"no_such_motion"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("no entry \"no_such_motion\""),
        "{}",
        stderr(&missing)
    );
    let text = run(&[&"info", &archive, &"--entry", &"sit_lose01"]);
    assert!(
        stdout(&text).contains("well-formed no"),
        "{}",
        stdout(&text)
    );
    // Part of a name picks the one motion whose name holds it; a part several hold lists
    // them, and nothing is chosen.
    let part = run(&[&"info", &archive, &"--entry", &"LOSE0", &"--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&part)).unwrap();
    assert_eq!(json["entry"], "sit_lose01");
    let several = run(&[&"check", &archive, &"--entry", &"dance"]);
    assert_eq!(several.status.code(), Some(2), "as for an entry not there");
    assert!(
        stderr(&several).contains(
            "4 motions' names contain it: robodance1, robodance2, sit_dance01, twistdance1; \
             give the whole name"
        ),
        "{}",
        stderr(&several)
    );
    // check takes --entry again and again: those motions, in that order, each once.
    let entries = ["robodance2", "sit_lose01", "ROBODANCE2"].map(|e| format!("--entry={e}"));
    let two = run(&[
        &"check",
        &archive,
        &"--fast",
        &"--json",
        &entries[0],
        &entries[1],
        &entries[2],
    ]);
    let entries: Vec<serde_json::Value> = stdout(&two)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["entry"].clone())
        .collect();
    assert_eq!(entries, ["robodance2", "sit_lose01"], "{}", stderr(&two));
}

#[test]
fn check_exit_codes_say_clean_problems_or_unreadable() {
    if !common::corpus_present("check_exit_codes_say_clean_problems_or_unreadable") {
        return;
    }
    let dir = scratch("check");
    let clean = run(&[&"check", &write_example(&dir)]);
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    // Clean: "ok", with the simulation's slips as notes beside it.
    let last = stdout(&clean).lines().last().unwrap_or_default().to_owned();
    assert!(
        last.ends_with(": ok") || last.ends_with("nothing wrong)"),
        "{last}"
    );

    let malformed = run(&[&"check", &corpus("workbench-KnownGoodERS7.mtn")]);
    assert_eq!(malformed.status.code(), Some(1));
    assert!(stdout(&malformed).contains("name-length"));

    let garbage = dir.join("notes.mtn");
    std::fs::write(&garbage, "just some text, not a motion").unwrap();
    let unreadable = run(&[&"check", &garbage, &write_example(&dir)]);
    assert_eq!(unreadable.status.code(), Some(2));
    let message = stderr(&unreadable);
    assert!(
        message.contains("notes.mtn") && message.contains("not an MTN motion"),
        "{message}"
    );

    let missing = run(&[&"check", &dir.join("missing.mtn")]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("missing.mtn"));

    // Random bytes named like an archive: the message says encrypted.
    let mut state = 7u32;
    let noise: Vec<u8> = (0..8192)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) as u8
        })
        .collect();
    let encrypted = dir.join("MOTION.ODA");
    std::fs::write(&encrypted, noise).unwrap();
    let output = run(&[&"check", &encrypted]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("encrypted"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn repair_writes_a_well_formed_file_and_lists_each_fix() {
    if !common::corpus_present("repair_writes_a_well_formed_file_and_lists_each_fix") {
        return;
    }
    let dir = scratch("repair");
    let out = dir.join("fixed.mtn");
    let output = run(&[
        &"repair",
        &corpus("workbench-KnownGoodERS7.mtn"),
        &"-o",
        &out,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("fixed name-length at byte 36"), "{text}");
    assert!(text.contains("fixed section1-size at byte 32"), "{text}");
    let repaired = mtn::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert!(repaired.is_well_formed());
    assert_eq!(repaired.motion.name, "a_sleep#sit_Sleep_To_Sit");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn repair_inside_an_archive_touches_only_the_broken_entry() {
    if !common::corpus_present("repair_inside_an_archive_touches_only_the_broken_entry") {
        return;
    }
    let dir = scratch("repair-oda");
    let out = dir.join("fixed.ODA");
    let input = corpus("monet-ERS-200-MOTION.ODA");
    let output = run(&[&"repair", &input, &"-o", &out]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("sit_lose01: fixed section3-size"));
    let before = Archive::read(&std::fs::read(&input).unwrap()).unwrap();
    let after = Archive::read(&std::fs::read(&out).unwrap()).unwrap();
    for (a, b) in after.entries.iter().zip(&before.entries) {
        if a.name() == "sit_lose01" {
            assert!(
                mtn::decode(&a.contents().unwrap())
                    .unwrap()
                    .is_well_formed()
            );
            assert_ne!(a.data, b.data);
        } else {
            assert!(a.data == b.data, "{} changed", a.name());
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn convert_mtn_to_mtn_is_identical_and_json_round_trips() {
    if !common::corpus_present("convert_mtn_to_mtn_is_identical_and_json_round_trips") {
        return;
    }
    let dir = scratch("convert");
    for name in ["spec-example-DRX-910.mtn", "workbench-S2S.mtn"] {
        let input = corpus(name);
        let copy = dir.join("copy.mtn");
        let json = dir.join("motion.json");
        let back = dir.join("back.mtn");
        assert!(run(&[&"convert", &input, &copy]).status.success());
        assert!(
            std::fs::read(&copy).unwrap() == std::fs::read(&input).unwrap(),
            "{name}"
        );
        assert!(run(&[&"convert", &input, &json]).status.success());
        let text = std::fs::read_to_string(&json).unwrap();
        assert!(text.contains("\"keyframes\""), "{text}");
        assert!(run(&[&"convert", &json, &back]).status.success());
        assert!(
            std::fs::read(&back).unwrap() == std::fs::read(&input).unwrap(),
            "{name} via JSON"
        );
    }
    // From an archive entry.
    let entry = dir.join("walk.mtn");
    let output = run(&[
        &"convert",
        &corpus("rcode-ERS-111-Motion.ODA"),
        &"--entry",
        &"cd#1",
        &entry,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        std::fs::read(&entry).unwrap() == common::corpus_entry("rcode-ERS-111-Motion.ODA", "cd#1")
    );
    // An archive without --entry is refused with the way out named.
    let output = run(&[&"convert", &corpus("rcode-ERS-111-Motion.ODA"), &entry]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("--entry"));
    let output = run(&[&"convert", &corpus("workbench-S2S.mtn"), &dir.join("x.txt")]);
    assert_eq!(output.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn oda_list_extract_add_remove() {
    if !common::corpus_present("oda_list_extract_add_remove") {
        return;
    }
    let dir = scratch("oda");
    let archive = dir.join("MOTION7.ODA");
    // Its bytes, in a file of our own (the corpus's are read-only, and so would a copy be).
    std::fs::write(
        &archive,
        std::fs::read(corpus("monet-ERS-7-MOTION7.ODA")).unwrap(),
    )
    .unwrap();
    let original = std::fs::read(&archive).unwrap();

    let list = run(&[&"oda", &"list", &archive]);
    assert!(list.status.success());
    assert_eq!(stdout(&list).lines().count(), 13, "{}", stdout(&list));

    let out = dir.join("extracted");
    let extract = run(&[&"oda", &"extract", &archive, &"-o", &out]);
    assert!(extract.status.success(), "{}", stderr(&extract));
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 12);
    let again = run(&[&"oda", &"extract", &archive, &"-o", &out]);
    assert_eq!(
        again.status.code(),
        Some(1),
        "extract must not overwrite without --force"
    );
    assert!(
        run(&[&"oda", &"extract", &archive, &"-o", &out, &"--force"])
            .status
            .success()
    );

    let example = write_example(&dir);
    let add = run(&[
        &"oda",
        &"add",
        &archive,
        &example,
        &"--name",
        &"a_stand#sit_example",
    ]);
    assert!(add.status.success(), "{}", stderr(&add));
    let twice = run(&[
        &"oda",
        &"add",
        &archive,
        &example,
        &"--name",
        &"a_stand#sit_example",
    ]);
    assert_eq!(twice.status.code(), Some(1));
    assert!(stderr(&twice).contains("--replace"));
    let replace = run(&[
        &"oda",
        &"add",
        &archive,
        &example,
        &"--name",
        &"a_stand#sit_example",
        &"--replace",
    ]);
    assert!(replace.status.success());
    let listed = Archive::read(&std::fs::read(&archive).unwrap()).unwrap();
    assert_eq!(listed.entries.len(), 13);

    let remove = run(&[&"oda", &"remove", &archive, &"a_stand#sit_example"]);
    assert!(remove.status.success(), "{}", stderr(&remove));
    assert!(
        std::fs::read(&archive).unwrap() == original,
        "add then remove gives back the archive"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn help_lists_every_command() {
    let output = run(&[&"--help"]);
    assert!(output.status.success());
    let text = stdout(&output);
    for command in ["info", "check", "repair", "convert", "ticks", "oda"] {
        assert!(
            text.contains(command),
            "{command} missing from --help:\n{text}"
        );
    }
}

#[test]
fn check_goes_on_past_an_unreadable_entry() {
    if !common::corpus_present("check_goes_on_past_an_unreadable_entry") {
        return;
    }
    let dir = scratch("check-entry");
    let mut archive =
        Archive::read(&std::fs::read(corpus("monet-ERS-7-MOTION7.ODA")).unwrap()).unwrap();
    let index = archive.find("a_walk#walk_sox_fwd").unwrap();
    archive.entries[index].set_contents(b"OMTN cut");
    let path = dir.join("broken.ODA");
    std::fs::write(&path, archive.write().unwrap()).unwrap();
    let output = run(&[&"check", &path]);
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr(&output);
    assert!(
        errors.contains("broken.ODA:a_walk#walk_sox_fwd: cut off at byte"),
        "{errors}"
    );
    // The other eleven motions were still checked.
    let checked: std::collections::BTreeSet<String> = stdout(&output)
        .lines()
        .map(|l| l.split(": ").next().unwrap().to_owned())
        .collect();
    assert_eq!(checked.len(), 11, "{checked:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_reader_that_closes_the_pipe_early_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    let dir = scratch("pipe");
    let path = dir.join("largest.mtn");
    let bytes = mtn::encode(&mtn_studio::example::largest_motion()).unwrap();
    std::fs::write(&path, bytes).unwrap();
    // `mtn-studio ticks largest.mtn | head -1`: far more rows than a pipe holds.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
        .arg("ticks")
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("tick,ms,"), "{first}");
    // The reader is gone: the pipe is closed.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "", "nothing said about the closed pipe");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn check_json_over_a_folder_tree_lists_every_motion_in_a_stable_order() {
    let dir = scratch("tree");
    let nested = dir.join("a/b");
    std::fs::create_dir_all(&nested).unwrap();
    let example = write_example(&dir);
    std::fs::copy(&example, nested.join("copy.MTN")).unwrap();
    let mut broken = std::fs::read(&example).unwrap();
    // The section-1 size four bytes short, as relabelling scripts left it.
    let size = u32::from_le_bytes(broken[32..36].try_into().unwrap());
    broken[32..36].copy_from_slice(&(size - 4).to_le_bytes());
    std::fs::write(dir.join("a/broken.mtn"), broken).unwrap();
    std::fs::write(dir.join("a/notes.txt"), "not a motion").unwrap();
    let first = run(&[&"check", &"--json", &dir]);
    assert_eq!(first.status.code(), Some(1), "{}", stderr(&first));
    let lines: Vec<serde_json::Value> = stdout(&first)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<&str> = lines.iter().map(|l| l["file"].as_str().unwrap()).collect();
    assert_eq!(files.len(), 3, "{files:?}");
    assert!(files[0].ends_with("a/b/copy.MTN"), "{files:?}");
    assert!(files[1].ends_with("a/broken.mtn"), "{files:?}");
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(lines[1]["problems"][0]["code"], "section1-size");
    assert_eq!(lines[0]["ok"], true);
    assert!(lines.iter().all(|l| l["entry"].is_null()));
    // Checked on every core, printed in the same order every time.
    for _ in 0..3 {
        assert_eq!(stdout(&run(&[&"check", &"--json", &dir])), stdout(&first));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn standard_input_completions_and_the_manual_page() {
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/ers7-stand-to-sit.mtn");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
        .args(["info", "-", "--json"])
        .stdin(std::fs::File::open(&example).unwrap())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let info: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(info["keyframes"], 4, "{info}");
    let bash = run(&[&"completions", &"bash"]);
    assert!(bash.status.success() && stdout(&bash).contains("mtn-studio"));
    let man = run(&[&"man"]);
    assert!(
        stdout(&man).contains(".TH mtn-studio 1"),
        "{}",
        stdout(&man)
    );
    let usage = run(&[&"check", &"--no-such-option", &"x.mtn"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(stderr(&usage).contains("Usage:"), "{}", stderr(&usage));
}

/// Runs the binary with `input` on its standard input.
fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn convert_reads_standard_input_and_writes_standard_output() {
    let dir = scratch("convert-streams");
    let example = write_example(&dir);
    // A body motion of the project's own making (MTN -> .seq), then back through pipes.
    let seq = dir.join("example.seq");
    assert!(run(&[&"convert", &example, &seq]).status.success());
    let seq_text = std::fs::read(&seq).unwrap();
    let from_file = dir.join("from-file.mtn");
    let by_file = run(&[&"convert", &seq, &from_file]);
    assert!(by_file.status.success(), "{}", stderr(&by_file));

    // `-` both ways: the kind of the input from its `type:` line, of the output from --to.
    let piped = run_with_input(&["convert", "-", "-", "--to", "mtn"], &seq_text);
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert_eq!(piped.stdout, std::fs::read(&from_file).unwrap());
    assert!(
        stderr(&piped).contains("Imported standard input")
            && stderr(&piped).contains("bytes to standard output"),
        "messages go to standard error when the data has standard output: {}",
        stderr(&piped)
    );
    let decoded = mtn::decode(&piped.stdout).unwrap();
    assert!(decoded.is_well_formed(), "{:?}", decoded.problems);

    // An MTN on standard input is known by its magic; CSV out on standard output.
    let csv = run_with_input(
        &["convert", "-", "-", "--to", "csv"],
        mtn_studio::example::EXAMPLE_MTN,
    );
    assert!(csv.status.success(), "{}", stderr(&csv));
    assert!(stdout(&csv).starts_with("# name,"), "{}", stdout(&csv));
    // And back: CSV says nothing of itself, so it needs --from.
    let unnamed = run_with_input(&["convert", "-", "-", "--to", "mtn"], &csv.stdout);
    assert_eq!(unnamed.status.code(), Some(1), "{}", stderr(&unnamed));
    assert!(
        stderr(&unnamed).contains("give --from FORMAT"),
        "{}",
        stderr(&unnamed)
    );
    let back = run_with_input(
        &["convert", "-", "-", "--from", "csv", "--to", "mtn"],
        &csv.stdout,
    );
    assert!(back.status.success(), "{}", stderr(&back));
    assert_eq!(
        back.stdout,
        mtn_studio::example::EXAMPLE_MTN,
        "CSV keeps a motion exactly"
    );

    // Standard output without --to is refused, and nothing is written.
    let no_kind = run(&[&"convert", &example, &"-"]);
    assert_eq!(no_kind.status.code(), Some(1));
    assert!(no_kind.stdout.is_empty());
    assert!(
        stderr(&no_kind).contains("needs --to FORMAT"),
        "{}",
        stderr(&no_kind)
    );
}

#[test]
fn gait_files_through_info_check_repair_and_convert() {
    let dir = scratch("gait");
    // The robot's layout: no count byte, a servo table right after the 2-entry TOC (8 bytes:
    // header and two entries), then a stance controller of 52 numbers at location 40.
    let mut bytes = vec![0, 0, 0x30, 6, 0, 0x32, 40, 0];
    bytes.extend([4, 100, 101, 102, 103, 200, 200, 201, 201, 10, 11, 12, 13]);
    bytes.resize(42, 0);
    for matrix_diagonal in [512_i16, 128] {
        for i in 0..16 {
            let value: i16 = if i % 5 == 0 { matrix_diagonal } else { 0 };
            bytes.extend(value.to_le_bytes());
        }
    }
    for value in 1..=20_i16 {
        bytes.extend((value * 64).to_le_bytes());
    }
    bytes.extend(999_u16.to_le_bytes()); // one byte more than the stance section: a gap
    let len = u16::try_from(bytes.len()).unwrap();
    bytes[..2].copy_from_slice(&(len - 1).to_le_bytes()); // a size header one short
    let file = dir.join("robot.gait");
    std::fs::write(&file, &bytes).unwrap();

    let info = run(&[&"info", &file, &"--json"]);
    assert!(info.status.success(), "{}", stderr(&info));
    let info: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(info["kind"], "gait");
    assert_eq!(info["size"], bytes.len());
    assert_eq!(info["declared_size"], bytes.len() - 1);
    assert_eq!(info["toc_count_byte"], false);
    let sections = info["sections"].as_array().unwrap();
    assert_eq!(sections[0]["type"], "servo-config");
    assert_eq!(sections[0]["code"], 48);
    assert_eq!(sections[0]["offset"], 8);
    assert_eq!(sections[0]["home"][3], 103);
    assert_eq!(sections[1]["type"], "stance-controller");
    assert_eq!(sections[1]["G"][0], 2.0);
    assert_eq!(sections[1]["G_inv"][5], 0.5);
    assert_eq!(sections[1]["KG"][0], 0.25);
    assert_eq!(sections[1]["extra"][7], 5.0);
    let codes: Vec<&str> = info["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["size-header", "no-count-byte"]);

    let check = run(&[&"check", &file]);
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    assert!(
        stdout(&check).contains("warning size-header at byte 0"),
        "{}",
        stdout(&check)
    );

    let fixed = dir.join("fixed.gait");
    let repair = run(&[&"repair", &file, &"-o", &fixed]);
    assert!(repair.status.success(), "{}", stderr(&repair));
    assert!(
        stdout(&repair).contains("added the TOC's count byte"),
        "{}",
        stdout(&repair)
    );
    let check = run(&[&"check", &fixed, &"--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    let line: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(line["ok"], true);

    // To JSON and back, byte for byte (the malformed original included).
    let json = dir.join("robot.json");
    let again = dir.join("again.gait");
    assert!(run(&[&"convert", &file, &json]).status.success());
    let back = run(&[&"convert", &json, &again]);
    assert!(back.status.success(), "{}", stderr(&back));
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
    let to_csv = run(&[&"convert", &file, &dir.join("robot.csv")]);
    assert_eq!(to_csv.status.code(), Some(1));
    assert!(
        stderr(&to_csv).contains("converts to .json or .gait"),
        "{}",
        stderr(&to_csv)
    );
}

#[test]
fn an_archive_motion_keeps_one_name_through_the_webots_export_and_back() {
    let dir = common::scratch_dir("webots", "names");
    let mut motion = mtn_studio::example::stand_to_sit();
    motion.name = "a_stand#sit_example".to_owned();
    let input = dir.join("a_stand#sit_example.mtn");
    std::fs::write(&input, mtn::encode(&motion).unwrap()).unwrap();
    let beside = dir.join("a_stand#sit_example.motion");
    let project = dir.join("project");
    let run = common::run_cli(&[&"convert", &input, &beside, &"--webots-project", &project]);
    assert!(run.status.success(), "{}", common::text(&run.stderr));
    // One name: the copy the world plays is named as the file beside the motion; only the
    // world, which Webots names URLs by, is made safe.
    let copy = project.join("motions/a_stand#sit_example.motion");
    assert_eq!(
        std::fs::read_to_string(&copy).unwrap(),
        std::fs::read_to_string(&beside).unwrap()
    );
    let world = std::fs::read_to_string(project.join("worlds/a_stand_sit_example.wbt")).unwrap();
    assert!(
        world.contains("\"../../motions/a_stand#sit_example.motion\""),
        "{world}"
    );
    // Imported back, either file gives the motion its name, postures and all.
    for file in [&beside, &copy] {
        let back = dir.join("back.mtn");
        let _ = std::fs::remove_file(&back);
        let run = common::run_cli(&[&"convert", file, &back, &"--model", &"DRX-1000"]);
        assert!(run.status.success(), "{}", common::text(&run.stderr));
        assert_eq!(common::read_mtn(&back).name, "a_stand#sit_example");
    }
    // A file whose name is no motion name gets the default.
    let plain = dir.join("wave.motion");
    std::fs::copy(&beside, &plain).unwrap();
    let back = dir.join("plain.mtn");
    let run = common::run_cli(&[&"convert", &plain, &back, &"--model", &"DRX-1000"]);
    assert!(run.status.success(), "{}", common::text(&run.stderr));
    assert_eq!(
        common::read_mtn(&back).name,
        mtn_studio::convert::IMPORTED_NAME
    );
}
