//! Shaping on the command line: `shape`, `simplify`, `smooth` and `fix-speed` say what they
//! did and write it; bad requests write nothing and say why.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::{ok, run_cli as run, text};

use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::robot::timing::{duration_ms, keyframe_times_ms};
use std::path::{Path, PathBuf};

fn read(path: &Path) -> Motion {
    common::read_mtn(path)
}

fn setup(name: &str) -> (PathBuf, PathBuf) {
    common::with_example("cli_shaping", name)
}

#[test]
#[expect(clippy::too_many_lines, reason = "one scenario, its steps in order")]
fn each_command_says_what_it_did_and_writes_it() {
    let (dir, example) = setup("each");
    let original = read(&example);
    let times = keyframe_times_ms(&original.keyframes);
    let end = duration_ms(&original.keyframes);

    let shaped = dir.join("shaped.mtn");
    let said = ok(&run(&[
        &"shape",
        &example,
        &"--from",
        &"0",
        &"--to",
        &times[2].to_string(),
        &"--curve",
        &"in-out",
        &"--joints",
        &"HEAD_PITCH,fl_leg_knee",
        &"-o",
        &shaped,
    ]));
    assert!(said.contains("ease in-out 0.."), "{said}");
    assert!(said.contains("inside replaced by"), "{said}");
    assert!(said.contains("within "), "{said}");
    let out = read(&shaped);
    assert_eq!(duration_ms(&out.keyframes), end);
    assert!(out.keyframes.len() > original.keyframes.len(), "{said}");

    // The window's custom curve, from the command line: the same bytes as the library makes.
    let custom = dir.join("custom.mtn");
    let said = ok(&run(&[
        &"shape",
        &example,
        &"--from",
        &"256",
        &"--to",
        &"1248",
        &"--curve",
        &"custom",
        &"--handles",
        &"0.15,-0.2,0.55,1.1",
        &"-o",
        &custom,
    ]));
    assert!(said.contains("custom curve 256..1248 ms"), "{said}");
    let handles = mtn_studio::ops::shape::Handles {
        start: [0.15, -0.2],
        end: [0.55, 1.1],
    };
    let spec = mtn_studio::ops::shape::ShapeSpec {
        curve: mtn_studio::ops::shape::Curve::Custom(handles),
        joints: None,
        tolerance_deg: 0.5,
        each_segment: false,
    };
    let expected = mtn_studio::ops::shape::shape(&original, 1, 3, &spec)
        .unwrap()
        .motion;
    assert_eq!(read(&custom), expected);

    let simplified = dir.join("simplified.mtn");
    let said = ok(&run(&[
        &"simplify",
        &shaped,
        &"--tolerance",
        &"5",
        &"-o",
        &simplified,
    ]));
    assert!(
        said.contains("removed") || said.contains("no keyframe could go"),
        "{said}"
    );
    assert!(read(&simplified).keyframes.len() <= out.keyframes.len());

    let smoothed = dir.join("smoothed.mtn");
    let said = ok(&run(&[
        &"smooth",
        &example,
        &"--from",
        &"0",
        &"--to",
        &end.to_string(),
        &"--strength",
        &"2",
        &"-o",
        &smoothed,
    ]));
    assert!(said.contains("smoothed 0.."), "{said}");
    let smooth = read(&smoothed);
    assert_eq!(smooth.keyframes.get(0), original.keyframes.get(0));

    // The example squeezed: each segment one frame, too fast for the servos.
    let mut fast = original.clone();
    for k in 1..fast.keyframes.len() {
        fast.keyframes.set_frames(k, 0);
    }
    let fast_path = dir.join("fast.mtn");
    std::fs::write(&fast_path, mtn::encode(&fast).unwrap()).unwrap();
    let fixed = dir.join("fixed.mtn");
    let said = ok(&run(&[&"fix-speed", &fast_path, &"-o", &fixed]));
    assert!(
        said.contains("segments lengthened") && said.contains("ms in all"),
        "{said}"
    );
    let out = read(&fixed);
    assert_eq!(out.keyframes.angles(), fast.keyframes.angles());
    assert!(duration_ms(&out.keyframes) > duration_ms(&fast.keyframes));
    let again = dir.join("again.mtn");
    let said = ok(&run(&[&"fix-speed", &fixed, &"-o", &again]));
    assert!(said.contains("nothing changed"), "{said}");
}

#[test]
#[expect(clippy::too_many_lines, reason = "one scenario, its steps in order")]
fn bad_requests_write_nothing_and_say_why() {
    let (dir, example) = setup("bad");
    let output = dir.join("out.mtn");
    let cases: [(&[&dyn AsRef<std::ffi::OsStr>], &str); 9] = [
        (
            &[
                &"shape", &example, &"--from", &"1248", &"--to", &"256", &"--curve", &"in", &"-o",
                &output,
            ],
            "its start must come before its end",
        ),
        (
            &[
                &"shape", &example, &"--from", &"0", &"--to", &"320", &"--curve", &"custom", &"-o",
                &output,
            ],
            "--curve custom needs --handles",
        ),
        (
            &[
                &"shape",
                &example,
                &"--from",
                &"0",
                &"--to",
                &"320",
                &"--curve",
                &"in",
                &"--handles",
                &"0.2,0,0.8,1",
                &"-o",
                &output,
            ],
            "--handles goes with --curve custom only",
        ),
        (
            &[
                &"shape", &example, &"--from", &"0", &"--to", &"99999", &"--curve", &"in", &"-o",
                &output,
            ],
            "is not a stretch of this motion",
        ),
        (
            &[
                &"shape",
                &example,
                &"--from",
                &"0",
                &"--to",
                &"320",
                &"--curve",
                &"in",
                &"--joints",
                &"NOSE",
                &"-o",
                &output,
            ],
            "no joint named NOSE",
        ),
        (
            &[
                &"shape", &example, &"--from", &"0", &"--to", &"320", &"--curve", &"wobbly", &"-o",
                &output,
            ],
            "wobbly",
        ),
        (
            &[&"simplify", &example, &"--tolerance", &"0", &"-o", &output],
            "the tolerance must be above 0°",
        ),
        (
            &[
                &"smooth",
                &example,
                &"--from",
                &"0",
                &"--to",
                &"320",
                &"--strength",
                &"90",
                &"-o",
                &output,
            ],
            "the strength must be above 0",
        ),
        (
            &[
                &"fix-speed",
                &example,
                &"--from",
                &"5000",
                &"--to",
                &"6000",
                &"-o",
                &output,
            ],
            "is not a stretch of this motion",
        ),
    ];
    for (args, says) in cases {
        let result = run(args);
        assert!(!result.status.success(), "{says}");
        let error = text(&result.stderr);
        assert!(error.contains(says), "{error}");
        assert!(!output.exists(), "{says}: something was written");
    }
}

#[test]
fn ease_each_segment_keeps_every_keyframe_and_its_spike() {
    let (dir, example) = common::with_example("cli_shaping", "each-segment");
    let original = read(&example);
    let times = mtn_studio::robot::timing::keyframe_times_ms(&original.keyframes);
    let end = *times.last().unwrap();
    // One curve over the whole motion replaces the inner keyframes; each segment keeps them.
    let each = dir.join("each.mtn");
    let said = ok(&run(&[
        &"shape",
        &example,
        &"--from",
        &"0",
        &"--to",
        &end.to_string(),
        &"--curve",
        &"in-out",
        &"--each-segment",
        &"-o",
        &each,
    ]));
    assert!(said.contains("every keyframe kept"), "{said}");
    let shaped = read(&each);
    let shaped_times = mtn_studio::robot::timing::keyframe_times_ms(&shaped.keyframes);
    for (k, &t) in times.iter().enumerate() {
        let at = shaped_times
            .iter()
            .position(|&s| s == t)
            .unwrap_or_else(|| panic!("keyframe {k} at {t} ms is kept"));
        assert_eq!(
            shaped.keyframes.get(at).map(|f| f.angles_urad.to_vec()),
            original.keyframes.get(k).map(|f| f.angles_urad.to_vec()),
            "keyframe {k} keeps its values"
        );
    }
    // What the library makes of the same request, segment by segment.
    let spec = mtn_studio::ops::shape::ShapeSpec {
        curve: mtn_studio::ops::shape::Curve::EaseInOut,
        joints: None,
        tolerance_deg: 0.5,
        each_segment: true,
    };
    let expected = mtn_studio::ops::shape::shape(&original, 0, times.len() - 1, &spec)
        .unwrap()
        .motion;
    assert_eq!(shaped, expected);
    let one = dir.join("one.mtn");
    ok(&run(&[
        &"shape",
        &example,
        &"--from",
        &"0",
        &"--to",
        &end.to_string(),
        &"--curve",
        &"in-out",
        &"-o",
        &one,
    ]));
    // One curve over the range: keyframe 2 (the crouch half-way) is not kept as it was.
    let one = read(&one);
    let one_times = mtn_studio::robot::timing::keyframe_times_ms(&one.keyframes);
    let kept = one_times
        .iter()
        .position(|&t| t == times[2])
        .and_then(|at| {
            (one.keyframes.get(at).map(|f| f.angles_urad.to_vec())
                == original.keyframes.get(2).map(|f| f.angles_urad.to_vec()))
            .then_some(at)
        });
    assert_eq!(kept, None, "one curve replaces the inner keyframes");
}

#[test]
fn a_negative_tolerance_is_answered_by_what_a_tolerance_may_be_not_by_clap() {
    let (dir, example) = setup("negative");
    let out = dir.join("out.mtn");
    let smooth: [&dyn AsRef<std::ffi::OsStr>; 9] = [
        &"smooth",
        &example,
        &"--from",
        &"0",
        &"--to",
        &"1248",
        &"--strength",
        &"2",
        &"--tolerance",
    ];
    let simplify: [&dyn AsRef<std::ffi::OsStr>; 3] = [&"simplify", &example, &"--tolerance"];
    for (command, args) in [("simplify", &simplify[..]), ("smooth", &smooth[..])] {
        let mut args = args.to_vec();
        args.extend([&"-1" as &dyn AsRef<std::ffi::OsStr>, &"-o", &out]);
        let said = run(&args);
        assert_eq!(said.status.code(), Some(1), "{command}");
        let err = text(&said.stderr);
        assert!(
            err.contains("the tolerance must be above 0°"),
            "{command}: {err}"
        );
        assert!(!err.contains("unexpected argument"), "{err}");
        assert!(!out.exists());
    }
    // An import too.
    let csv = dir.join("motion.csv");
    ok(&run(&[&"convert", &example, &csv]));
    let said = run(&[&"convert", &csv, &out, &"--tolerance", &"-1"]);
    assert_eq!(said.status.code(), Some(1));
    assert!(
        text(&said.stderr).contains("the tolerance must be above 0°"),
        "{}",
        text(&said.stderr)
    );
    assert!(!out.exists());
}
