//! Choreonoid body motions (.seq, .yaml): every corpus file reads, the format versions agree,
//! and the command line converts both ways as a user would run it.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::{run_cli as run, text};

use mtn_studio::codec::mtn;
use mtn_studio::codec::{csv, pseq, seq};
use mtn_studio::convert;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    common::scratch_dir("seq", name)
}

fn corpus(name: &str) -> PathBuf {
    common::corpus_dir("seq").join(name)
}

#[test]
fn every_corpus_body_motion_reads_with_its_frames_and_parts() {
    if !common::corpus_present("every_corpus_body_motion_reads_with_its_frames_and_parts") {
        return;
    }
    let mut seen = 0;
    for entry in std::fs::read_dir(common::corpus_dir("seq")).unwrap() {
        let path = entry.unwrap().path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "seq" | "yaml") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let motion = seq::read(&source).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // The frame lines are the lines of the form "- [ ... ]".
        let frame_lines = source
            .lines()
            .filter(|l| l.trim_start().starts_with("- ["))
            .count();
        assert_eq!(motion.frame_count(), frame_lines, "{}", path.display());
        assert_eq!(motion.parts, 29, "{}", path.display());
        assert!((motion.frame_rate - 500.0).abs() < 1e-9);
        assert!(
            motion
                .joints
                .iter()
                .all(|v| v.is_finite() && v.abs() < 10.0)
        );
        seen += 1;
    }
    assert_eq!(
        seen, 2,
        "the corpus holds one .seq and one .yaml body motion"
    );
    let walk = seq::read(&std::fs::read_to_string(corpus("SR1WalkPattern1.seq")).unwrap()).unwrap();
    assert_eq!(walk.frame_count(), 6701);
    // The first frame as printed in the file.
    assert_eq!(walk.frame(0)[..4], [0.0, -0.036, 0.0, 0.0785]);
    let old =
        seq::read(&std::fs::read_to_string(corpus("SR1WalkPattern3-v1.yaml")).unwrap()).unwrap();
    assert_eq!(old.frame_count(), 4451);
    assert!(
        (old.frame(0)[0] - -7.779e-5).abs() < 1e-12,
        "{}",
        old.frame(0)[0]
    );
}

/// The corpus's v1 and v2 files are different walks (Pattern3 and Pattern1), so agreement is
/// checked on one walk written in each version's layout: the v2 file, rewritten as v1 (type
/// BodyMotion, content JointPosition, no formatVersion, quoted strings, no spaces) and as v4
/// (snake_case keys), reads to the same frames.
#[test]
fn the_same_walk_in_versions_one_two_and_four_reads_the_same() {
    if !common::corpus_present("the_same_walk_in_versions_one_two_and_four_reads_the_same") {
        return;
    }
    let v2 = std::fs::read_to_string(corpus("SR1WalkPattern1.seq")).unwrap();
    let v1 = v2
        .replace(
            "type: CompositeSeq\ncontent: BodyMotion\nformatVersion: 2\n",
            "type: BodyMotion\n",
        )
        .replace("type: MultiValueSeq", "type: \"MultiValueSeq\"")
        .replace(
            "content: JointDisplacement",
            "content: \"JointPosition\"\n    frameRate: 500",
        )
        .replace(", ", ",");
    assert_ne!(v1, v2);
    let v4 = v2
        .replace("formatVersion: 2", "format_version: 4")
        .replace("frameRate", "frame_rate")
        .replace("numFrames", "num_frames")
        .replace("numParts", "num_parts");
    let read = |t: &str| seq::read(t).unwrap_or_else(|e| panic!("{e}"));
    let (a, b, c) = (read(&v1), read(&v2), read(&v4));
    assert_eq!(a.joints, b.joints);
    assert_eq!(c.joints, b.joints);
    assert_eq!((a.parts, a.frame_rate), (b.parts, b.frame_rate));
}

#[test]
fn a_corpus_walk_converts_to_mtn_within_the_tolerance_and_says_how() {
    if !common::corpus_present("a_corpus_walk_converts_to_mtn_within_the_tolerance_and_says_how") {
        return;
    }
    let dir = scratch("walk");
    let out = dir.join("walk.mtn");
    let output = run(&[
        &"convert",
        &corpus("SR1WalkPattern1.seq"),
        &out,
        &"--model",
        &"DRX-1000",
        &"--tolerance",
        &"0.5",
    ]);
    let said = text(&output.stdout);
    assert!(output.status.success(), "{said}{}", text(&output.stderr));
    assert!(said.contains("6701 frames at 500 fps"), "{said}");
    // Mapping by order across different robots is never silent: it is said on stderr.
    let warned = text(&output.stderr);
    assert!(warned.contains("mapped by order"), "{warned}");
    let motion = mtn::decode(&std::fs::read(&out).unwrap()).unwrap().motion;
    assert_eq!(motion.design, "DRX-1000");
    // The keyframe count printed is the file's, and the error is within the tolerance.
    assert!(
        said.contains(&format!("became {} keyframes", motion.keyframes.len())),
        "{said}"
    );
    let body = seq::read(&std::fs::read_to_string(corpus("SR1WalkPattern1.seq")).unwrap()).unwrap();
    let options = convert::ImportOptions {
        design: Some("DRX-1000".into()),
        map: None,
        tolerance_deg: 0.5,
        name: "a_stand#stand_walk".into(),
    };
    let (_, report) = convert::body_to_mtn(&body, &options).unwrap();
    assert!(report.max_error_deg <= 0.5, "{report:?}");
    assert!(report.keyframes < body.frame_count() / 10, "{report:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_mtn_exported_to_seq_reads_back_with_no_options() {
    let dir = scratch("export");
    let example = dir.join("example.mtn");
    std::fs::write(&example, mtn_studio::example::EXAMPLE_MTN).unwrap();
    for (name, extra) in [
        ("v2.seq", vec![]),
        ("v4.yaml", vec!["--seq-v4"]),
        ("keys.seq", vec!["--keyframes-only"]),
    ] {
        let path = dir.join(name);
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"convert", &example, &path];
        for arg in &extra {
            args.push(arg);
        }
        let output = run(&args);
        assert!(output.status.success(), "{name}: {}", text(&output.stderr));
        let back = dir.join(format!("{name}.mtn"));
        let output = run(&[&"convert", &path, &back]);
        assert!(output.status.success(), "{name}: {}", text(&output.stderr));
        let original = mtn_studio::example::stand_to_sit();
        let motion = mtn::decode(&std::fs::read(&back).unwrap()).unwrap().motion;
        assert_eq!(motion.locators, original.locators, "{name}");
        assert_eq!(motion.design, original.design, "{name}");
        // Every keyframe of the original is within 0.5 degrees of the replayed import.
        let times = mtn_studio::robot::timing::keyframe_times_ms(&original.keyframes);
        let back_times = mtn_studio::robot::timing::keyframe_times_ms(&motion.keyframes);
        assert_eq!(times.last(), back_times.last(), "{name}: duration");
        for (k, &t) in times.iter().enumerate() {
            let tick = t / 8;
            let values =
                mtn_studio::robot::timing::values_at_tick_in(&motion.keyframes, &back_times, tick)
                    .unwrap_or_else(|| {
                        motion
                            .keyframes
                            .get(motion.keyframes.len() - 1)
                            .unwrap()
                            .angles_urad
                            .to_vec()
                    });
            for (j, &v) in values.iter().enumerate() {
                let want = original.keyframes.angle(k, j).unwrap();
                let error_deg = f64::from((v - want).abs()).to_degrees() / 1e6;
                assert!(
                    error_deg <= 0.5,
                    "{name}: keyframe {k} joint {j}: {error_deg}"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_body_motions_are_refused_naming_the_file_and_line() {
    let dir = scratch("bad");
    let head = "type: CompositeSeq\nformatVersion: 2\nframeRate: 10\ncomponents:\n  - type: MultiValueSeq\n    content: JointDisplacement\n    numParts: 2\n    frames:\n";
    for (name, body, says) in [
        ("short.seq", format!("{head}      - [ 0, 1 ]\n      - [ 0 ]\n"), "line 10: a frame has 1 values where 2"),
        ("word.seq", format!("{head}      - [ 0, one ]\n"), "line 9: \"one\" is not a number"),
        (
            "backwards.seq",
            head.replace("    frames:\n", "    hasFrameTime: true\n    frames:\n")
                + "      - [ 0.5, 0, 1 ]\n      - [ 0.2, 0, 1 ]\n",
            "line 11: the frame time 0.2 is not after",
        ),
        (
            "nojoints.seq",
            "type: CompositeSeq\nframeRate: 10\ncomponents:\n  - type: Vector3Seq\n    content: ZMP\n    frames: []\n".into(),
            "no joint component",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let output = run(&[&"convert", &path, &dir.join("out.mtn"), &"--model", &"DRX-1000"]);
        let error = text(&output.stderr);
        assert!(!output.status.success(), "{name}");
        assert!(error.contains(name) && error.contains(says), "{name}: {error}");
        assert!(!dir.join("out.mtn").exists(), "{name}: nothing is written");
    }
    // A body motion with no AIBO named needs --model.
    let plain = dir.join("plain.seq");
    std::fs::write(&plain, format!("{head}      - [ 0, 1 ]\n")).unwrap();
    let output = run(&[&"convert", &plain, &dir.join("out.mtn")]);
    assert!(
        text(&output.stderr).contains("--model"),
        "{}",
        text(&output.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_corpus_key_pose_sequence_imports_with_its_keys_and_times() {
    if !common::corpus_present("the_corpus_key_pose_sequence_imports_with_its_keys_and_times") {
        return;
    }
    let poses = pseq::read(&std::fs::read_to_string(corpus("GR001_SampleMotion1.pseq")).unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(poses.poses.len(), 16);
    assert_eq!(poses.name, "SampleMotion1");
    assert_eq!(poses.target_body, "GR001");
    assert_eq!(poses.poses[0].joints.len(), 20);
    assert_eq!(
        poses.poses[1].joints.len(),
        8,
        "the second pose sets joints 12 to 19"
    );
    assert!((poses.poses[15].time - 9.651_024_65).abs() < 1e-9);
    let dir = scratch("pseq");
    let out = dir.join("gr001.mtn");
    let output = run(&[
        &"convert",
        &corpus("GR001_SampleMotion1.pseq"),
        &out,
        &"--model",
        &"DRX-1000",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let motion = mtn::decode(&std::fs::read(&out).unwrap()).unwrap().motion;
    assert_eq!(motion.keyframes.len(), 16);
    let times = mtn_studio::robot::timing::keyframe_times_ms(&motion.keyframes);
    for (pose, &t) in poses.poses.iter().zip(&times) {
        let want = pose.time * 1000.0;
        assert!(
            (t as f64 - want).abs() <= 8.0,
            "{t} ms for a pose at {want} ms"
        );
    }
    // Joint 14 of the second pose is set; joint 0 keeps the first pose's value.
    let urad = |rad: f64| (rad * 1e6).round() as i32;
    assert_eq!(motion.keyframes.angle(1, 14), Some(urad(-0.172_787_596)));
    assert_eq!(motion.keyframes.angle(1, 2), Some(urad(0.370_920_524)));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_corpus_motion_goes_to_csv_and_back_byte_for_byte() {
    if !common::corpus_present("every_corpus_motion_goes_to_csv_and_back_byte_for_byte") {
        return;
    }
    let mut checked = 0;
    for source in common::corpus_motions() {
        let Ok(decoded) = mtn::decode(&source.bytes) else {
            continue;
        };
        if !decoded.is_well_formed() {
            continue;
        }
        let text = mtn_studio::convert::write_csv(&decoded.motion);
        let back = csv::read(&text).unwrap_or_else(|e| panic!("{}: {e}", source.label));
        assert_eq!(back, decoded.motion, "{}", source.label);
        assert_eq!(
            mtn::encode(&back).unwrap(),
            source.bytes,
            "{}",
            source.label
        );
        checked += 1;
    }
    assert!(checked > 100, "only {checked} corpus motions checked");
}

#[test]
fn body_motions_and_pose_sequences_go_to_csv_and_json_without_a_model() {
    if !common::corpus_present("body_motions_and_pose_sequences_go_to_csv_and_json_without_a_model")
    {
        return;
    }
    let dir = scratch("nomodel");
    for (input, columns) in [
        ("SR1WalkPattern1.seq", 30),
        ("SR1WalkPattern3-v1.yaml", 30),
        ("GR001_SampleMotion1.pseq", 21),
    ] {
        for ext in ["csv", "json"] {
            let out = dir.join(format!("{input}.{ext}"));
            let output = run(&[&"convert", &corpus(input), &out]);
            assert!(
                output.status.success(),
                "{input} -> {ext}: {}",
                text(&output.stderr)
            );
            let written = std::fs::read_to_string(&out).unwrap();
            if ext == "csv" {
                let header = written.lines().find(|l| l.starts_with("time_ms")).unwrap();
                assert_eq!(header.split(',').count(), columns, "{input}");
            } else {
                let json: serde_json::Value = serde_json::from_str(&written).unwrap();
                if input.ends_with(".pseq") {
                    assert_eq!(json["poses"].as_array().map(Vec::len), Some(16), "{input}");
                    assert_eq!(json["name"], "SampleMotion1");
                } else {
                    let parts = json["parts"].as_u64().unwrap();
                    let values = json["joints"].as_array().map_or(0, Vec::len) as u64;
                    assert_eq!(parts, 29, "{input}");
                    assert!(
                        values > 0 && values.is_multiple_of(parts),
                        "{input}: {values} values"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Cut and mutated body motions and pose sequences are refused with a message or read;
/// none panics or hangs (the test's time bounds the hang).
#[test]
fn cut_and_mutated_files_never_panic() {
    if !common::corpus_present("cut_and_mutated_files_never_panic") {
        return;
    }
    let walk = std::fs::read_to_string(corpus("SR1WalkPattern3-v1.yaml")).unwrap();
    let poses = std::fs::read_to_string(corpus("GR001_SampleMotion1.pseq")).unwrap();
    let mut sources = vec![walk[..walk.len().min(6000)].to_owned(), poses];
    sources.push(seq::write(
        &convert::mtn_to_body(&mtn_studio::example::stand_to_sit(), 25.0).unwrap(),
        seq::Version::V4,
        None,
    ));
    let mut next = common::xorshift(0x9e37_79b9_u32);
    let mut read = 0;
    for source in &sources {
        let bytes = source.as_bytes();
        for cut in (0..bytes.len()).step_by(37) {
            let text = String::from_utf8_lossy(&bytes[..cut]);
            read += usize::from(seq::read(&text).is_ok()) + usize::from(pseq::read(&text).is_ok());
        }
        for _ in 0..1500 {
            let mut mutated = bytes.to_vec();
            for _ in 0..1 + next() % 4 {
                let at = next() % mutated.len();
                mutated[at] = b"[]{},:-#\"' \n0.e"[next() % 15];
            }
            let text = String::from_utf8_lossy(&mutated);
            read += usize::from(seq::read(&text).is_ok()) + usize::from(pseq::read(&text).is_ok());
        }
    }
    assert!(read > 0, "some mutations still read");
}
