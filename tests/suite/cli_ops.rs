//! The whole-motion operations on the command line: each writes what it promises, says what
//! it noted, works inside an archive with --entry, and bad input writes nothing.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::{ok, run_cli as run, text};

use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::codec::oda::{Archive, Entry, EntryKind};
use mtn_studio::robot::timing::duration_ms;
use std::path::{Path, PathBuf};

fn read(path: &Path) -> Motion {
    common::read_mtn(path)
}

fn setup(name: &str) -> (PathBuf, PathBuf) {
    common::with_example("cli_ops", name)
}

#[test]
fn mirror_reverse_and_retime_write_what_they_promise() {
    let (dir, example) = setup("basic");
    let original = read(&example);
    let mirrored = dir.join("m.mtn");
    ok(&run(&[&"mirror", &example, &"-o", &mirrored]));
    let back = dir.join("mm.mtn");
    ok(&run(&[&"mirror", &mirrored, &"-o", &back]));
    assert_eq!(
        std::fs::read(&back).unwrap(),
        mtn_studio::example::EXAMPLE_MTN
    );

    let reversed = dir.join("r.mtn");
    ok(&run(&[&"reverse", &example, &"-o", &reversed]));
    assert_eq!(read(&reversed).name, "a_sit#stand_example");

    let retimed = dir.join("t.mtn");
    let said = ok(&run(&[
        &"retime",
        &example,
        &"--duration",
        &"2000",
        &"-o",
        &retimed,
    ]));
    assert_eq!(duration_ms(&read(&retimed).keyframes), 2000);
    assert!(said.contains("2000 ms"), "{said}");
    // 1000 ms is not on the 16 ms grid: 1008 (63 frames), and the output says so.
    let said = ok(&run(&[
        &"retime",
        &example,
        &"--duration",
        &"1000",
        &"-o",
        &retimed,
    ]));
    assert_eq!(duration_ms(&read(&retimed).keyframes), 1008);
    assert!(said.contains("made 1008 ms"), "{said}");
    ok(&run(&[
        &"retime",
        &example,
        &"--factor",
        &"0.5",
        &"-o",
        &retimed,
    ]));
    assert_eq!(
        duration_ms(&read(&retimed).keyframes),
        duration_ms(&original.keyframes) / 2
    );
    // A tenth of the example's 1,248 ms makes its segments too fast for the servos: said.
    let said = ok(&run(&[
        &"retime",
        &example,
        &"--factor",
        &"0.1",
        &"-o",
        &retimed,
    ]));
    assert_eq!(duration_ms(&read(&retimed).keyframes), 128);
    assert!(said.contains("too fast for the servos"), "{said}");
}

#[test]
fn bad_requests_write_nothing_and_say_why() {
    let (dir, example) = setup("bad");
    let out = dir.join("out.mtn");
    let json = dir.join("out.json");
    let cases: Vec<(Vec<&dyn AsRef<std::ffi::OsStr>>, &str)> = vec![
        (
            vec![&"retime", &example, &"--factor", &"0", &"-o", &out],
            "above 0",
        ),
        (
            vec![&"retime", &example, &"--duration", &"20", &"-o", &out],
            "too short",
        ),
        (
            vec![&"pose", &example, &"--start", &"dance", &"-o", &out],
            "unknown posture",
        ),
        (
            vec![&"pose", &example, &"--start", &"sleep", &"-o", &out],
            "--transition",
        ),
        (vec![&"pose", &example, &"-o", &out], "--start"),
        (
            vec![&"retarget", &example, &"--model", &"DRX-1000", &"-o", &out],
            "already",
        ),
        (
            vec![&"retarget", &example, &"--model", &"DRX-123", &"-o", &out],
            "DRX-123",
        ),
        // A model's name is taken; a name of none is the option's fault, not the file's.
        (
            vec![&"retarget", &example, &"--model", &"ers-7", &"-o", &out],
            "already",
        ),
        (
            vec![&"retarget", &example, &"--model", &"ers-999", &"-o", &out],
            "--model ers-999: neither a design label",
        ),
        (vec![&"mirror", &example, &"-o", &json], ".mtn"),
    ];
    for (args, says) in cases {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(1), "{says}");
        let message = text(&output.stderr);
        assert!(message.contains(says), "{says}: {message}");
        assert!(!out.exists(), "{says}: wrote a file");
    }
    // An entry that does not exist: the archive is unreadable for that purpose.
    let archive = dir.join("motions.oda");
    let mut oda = Archive::default();
    oda.add(
        Entry::new(
            EntryKind::Motion,
            "a_stand#sit_example",
            mtn_studio::example::EXAMPLE_MTN.to_vec(),
        )
        .unwrap(),
    )
    .unwrap();
    std::fs::write(&archive, oda.write().unwrap()).unwrap();
    let output = run(&[&"mirror", &archive, &"--entry", &"nope", &"-o", &out]);
    assert_ne!(output.status.code(), Some(0));
    assert!(
        text(&output.stderr).contains("nope"),
        "{}",
        text(&output.stderr)
    );
    assert!(!out.exists());
}

#[test]
fn with_an_entry_the_result_goes_back_into_the_archive() {
    let (dir, _) = setup("archive");
    let archive = dir.join("motions.oda");
    let mut oda = Archive::default();
    for name in ["a_stand#sit_example", "a_other#x_y"] {
        oda.add(
            Entry::new(
                EntryKind::Motion,
                name,
                mtn_studio::example::EXAMPLE_MTN.to_vec(),
            )
            .unwrap(),
        )
        .unwrap();
    }
    std::fs::write(&archive, oda.write().unwrap()).unwrap();
    let out = dir.join("out.oda");
    ok(&run(&[
        &"reverse",
        &archive,
        &"--entry",
        &"a_stand#sit_example",
        &"-o",
        &out,
    ]));
    let written = Archive::read(&std::fs::read(&out).unwrap()).unwrap();
    let changed = written.entries[0].contents().unwrap();
    assert_eq!(
        mtn::decode(&changed).unwrap().motion.name,
        "a_sit#stand_example"
    );
    assert_eq!(
        written.entries[1].contents().unwrap(),
        mtn_studio::example::EXAMPLE_MTN
    );
    // Without --entry, an .oda output is refused.
    let refused = run(&[&"reverse", &archive, &"-o", &dir.join("x.oda")]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stderr).contains("--entry"));
}

#[test]
fn concat_pose_and_retarget_on_the_example() {
    let (dir, example) = setup("join");
    let reversed = dir.join("r.mtn");
    ok(&run(&[&"reverse", &example, &"-o", &reversed]));
    let joined = dir.join("j.mtn");
    ok(&run(&[&"concat", &example, &reversed, &"-o", &joined]));
    let motion = read(&joined);
    assert_eq!(motion.keyframes.len(), 7);
    assert_eq!(motion.name, "a_stand#stand_example");
    // The example after itself does not meet: a transition is required, then used.
    let refused = run(&[&"concat", &example, &example, &"-o", &joined]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stderr).contains("--transition"));
    let said = ok(&run(&[
        &"concat",
        &example,
        &example,
        &"--transition",
        &"330",
        &"-o",
        &joined,
    ]));
    assert!(said.contains("made 336 ms"), "{said}");
    assert_eq!(
        duration_ms(&read(&joined).keyframes),
        2 * duration_ms(&read(&example).keyframes) + 336
    );

    let posed = dir.join("p.mtn");
    ok(&run(&[
        &"pose",
        &example,
        &"--start",
        &"sleep",
        &"--end",
        &"stand",
        &"--transition",
        &"480",
        &"-o",
        &posed,
    ]));
    let motion = read(&posed);
    assert_eq!(motion.name, "a_sleep#stand_example");
    assert_eq!(motion.keyframes.len(), 6);
    let check = run(&[&"check", &posed]);
    assert!(
        !text(&check.stdout).contains("posture-mismatch"),
        "{}",
        text(&check.stdout)
    );

    let converted = dir.join("k.mtn");
    let said = ok(&run(&[
        &"retarget",
        &example,
        &"--model",
        &"DRX-910",
        &"--keep-feet",
        &"-o",
        &converted,
    ]));
    assert!(said.contains("paws kept within"), "{said}");
    assert!(said.contains("HEAD_PITCH2"), "{said}");
    let check = run(&[&"check", &converted]);
    assert!(
        !text(&check.stdout).contains("joint-limit"),
        "{}",
        text(&check.stdout)
    );
    assert_eq!(read(&converted).design, "DRX-910");
}

#[test]
fn to_robot_rate_keeps_the_durations_the_field_implies() {
    let (dir, example) = setup("rate");
    let mut motion = read(&example);
    motion.frame_rate = 32;
    let slow = dir.join("slow.mtn");
    std::fs::write(&slow, mtn::encode(&motion).unwrap()).unwrap();
    let out = dir.join("robot.mtn");
    let said = ok(&run(&[&"retime", &slow, &"--to-robot-rate", &"-o", &out]));
    let result = read(&out);
    assert_eq!(result.frame_rate, 16);
    // Every segment lasts twice as long on the 16 ms grid: 32 ms frames.
    assert_eq!(
        duration_ms(&result.keyframes),
        2 * duration_ms(&motion.keyframes)
    );
    for (a, b) in motion.keyframes.frames()[1..]
        .iter()
        .zip(&result.keyframes.frames()[1..])
    {
        assert_eq!(u64::from(*b) + 1, 2 * (u64::from(*a) + 1));
    }
    assert!(said.contains("32 ms frames"), "{said}");
}

#[test]
fn new_writes_a_posture_held_that_check_passes_and_the_stage_stands_on_four_paws() {
    let dir = common::scratch_dir("cli_ops", "new");
    for (label, joints) in [("DRX-1000", 20), ("DRX-900", 15), ("DRX-910", 15)] {
        for posture in ["stand", "sit", "sleep"] {
            let path = dir.join(format!("{label}-{posture}.mtn"));
            let said = ok(&run(&[
                &"new",
                &"--model",
                &label,
                &"--posture",
                &posture,
                &"-o",
                &path,
            ]));
            assert!(
                said.contains(&format!("a_{posture}#{posture}_new")),
                "{said}"
            );
            let motion = read(&path);
            assert_eq!(
                (
                    motion.name.as_str(),
                    motion.design.as_str(),
                    motion.locators.len()
                ),
                (format!("a_{posture}#{posture}_new").as_str(), label, joints)
            );
            assert_eq!(duration_ms(&motion.keyframes), 1008);
            // No problem at all: the header, the joints' limits and speed, the floor.
            let checked = run(&[&"check", &path]);
            assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stdout));
        }
        // Standing, the floor holds it on its four paws at every keyframe.
        let stand = dir.join(format!("{label}-stand.mtn"));
        let said = ok(&run(&[&"stage", &stand, &"--json"]));
        let report: serde_json::Value = serde_json::from_str(&said).unwrap();
        for row in report["keyframes"].as_array().unwrap() {
            let contacts: Vec<&str> = row["contacts"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|c| c.as_str())
                .collect();
            assert_eq!(
                contacts,
                ["FL paw", "BL paw", "FR paw", "BR paw"],
                "{label}: {row}"
            );
        }
    }
    // The posture and the label are checked; an existing file is never written over.
    let exists = dir.join("DRX-1000-stand.mtn");
    let before = std::fs::read(&exists).unwrap();
    let again = run(&[&"new", &"--model", &"DRX-1000", &"-o", &exists]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stderr).contains("exists"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(std::fs::read(&exists).unwrap(), before);
    let no_posture = run(&[&"new", &"--model", &"DRX-700", &"-o", &dir.join("x.mtn")]);
    assert!(
        text(&no_posture.stderr).contains("no standard \"stand\" posture is known for the ERS-110"),
        "{}",
        text(&no_posture.stderr)
    );
    assert!(!dir.join("x.mtn").exists());
}
