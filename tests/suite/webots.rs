//! Webots motions: every corpus motion written as a `.motion` file passes a checker that
//! follows Webots' own loader (written here from `motion.c`'s rules, apart from the
//! library's reader); Webots replaying it commands what the robot commands; `--every-tick`
//! writes the `ticks` stream itself; a `.motion` imported back gives the same tick stream
//! within the tolerance; and the Webots project is what a Webots user opens.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::convert::webots::{mtn_to_webots_text, webots_to_body};
use mtn_studio::convert::{ImportOptions, body_to_mtn};
use mtn_studio::robot::{Limit, parse_design, timing};

/// What Webots' `wbu_motion_new` reads: `(motor names, [(time ms, values)])`, or why it
/// refuses. Its rules: lines read with `fgets` into 4,096 bytes (so at most 4,095 with the
/// newline); fields split by `strtok(",\n\r")`; the header `#WEBOTS_MOTION`, `V1.0`, then
/// the names; per line a time of digits and at most two colons, strictly increasing, a
/// pose name, one number or `*` per motor and nothing more; a blank line ends the file.
type Webots = (Vec<String>, Vec<(i64, Vec<Option<f64>>)>);

fn webots_reads(text: &str) -> Result<Webots, String> {
    let mut lines = Vec::new();
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        if raw.len() > 4095 {
            return Err(format!(
                "line {}: {} bytes, fgets splits it",
                i + 1,
                raw.len()
            ));
        }
        lines.push(raw);
    }
    let tokens = |line: &str| -> Vec<String> {
        line.split([',', '\n', '\r'])
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let header = tokens(lines.first().ok_or("empty file")?);
    if header.first().map(String::as_str) != Some("#WEBOTS_MOTION") {
        return Err("invalid motion file header".into());
    }
    if header.get(1).map(String::as_str) != Some("V1.0") {
        return Err("unsupported version".into());
    }
    let names = header[2..].to_vec();
    let mut poses: Vec<(i64, Vec<Option<f64>>)> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(1) {
        let fields = tokens(line);
        let Some(time) = fields.first() else { break };
        let colons = time.matches(':').count();
        if !time.chars().all(|c| c.is_ascii_digit() || c == ':') || colons > 2 {
            return Err(format!("line {}: bad time {time}", i + 1));
        }
        let parts: Vec<i64> = time
            .split(':')
            .map(|p| p.parse::<i64>().map_err(|e| format!("line {}: {e}", i + 1)))
            .collect::<Result<_, _>>()?;
        let ms = match parts.as_slice() {
            [ms] => *ms,
            [s, ms] => s * 1000 + ms,
            [m, s, ms] => m * 60_000 + s * 1000 + ms,
            _ => unreachable!("at most two colons"),
        };
        if poses.last().is_some_and(|(t, _)| *t >= ms) {
            return Err(format!("line {}: non-increasing time", i + 1));
        }
        if fields.len() < 2 {
            return Err(format!("line {}: pose name expected", i + 1));
        }
        if fields.len() < 2 + names.len() {
            return Err(format!("line {}: missing data", i + 1));
        }
        if fields.len() > 2 + names.len() {
            return Err(format!("line {}: unexpected extra data", i + 1));
        }
        let values = fields[2..]
            .iter()
            .map(|f| match f.as_str() {
                "*" => Ok(None),
                number => number
                    .parse::<f64>()
                    .map(Some)
                    .map_err(|_| format!("line {}: expected a double, found {number}", i + 1)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        poses.push((ms, values));
    }
    if names.is_empty() || poses.is_empty() {
        return Err("at least one joint and one pose".into());
    }
    Ok((names, poses))
}

/// Webots' `motion_compute_joint_pos` at `elapsed` ms for column `joint`.
fn webots_position(poses: &[(i64, Vec<Option<f64>>)], joint: usize, elapsed: i64) -> Option<f64> {
    let last = poses.len() - 1;
    if elapsed <= poses[0].0 {
        return poses[0].1[joint];
    }
    if elapsed >= poses[last].0 {
        return poses[last].1[joint];
    }
    let b = poses.iter().position(|(t, _)| *t >= elapsed).unwrap();
    let (ta, va) = (poses[b - 1].0, poses[b - 1].1[joint]?);
    let (tb, vb) = (poses[b].0, poses[b].1[joint]?);
    Some(va + (elapsed - ta) as f64 * (vb - va) / (tb - ta) as f64)
}

fn binary_limits(motion: &Motion) -> Vec<Option<Limit>> {
    let design = parse_design(&motion.design);
    motion
        .locators
        .iter()
        .map(|l| {
            design
                .and_then(|d| d.model.joint_by_locator(l))
                .and_then(|(_, info)| info.limit)
                .filter(|limit| limit.binary)
        })
        .collect()
}

/// The robot's stream with binary joints at the end they move to.
fn robot_stream(motion: &Motion) -> Vec<Vec<i32>> {
    let binary = binary_limits(motion);
    let mut rows = Vec::new();
    timing::for_each_tick(&motion.keyframes, |_, values| {
        rows.push(
            values
                .iter()
                .zip(&binary)
                .map(|(&v, b)| b.map_or(v, |l| l.nearer_end_urad(v)))
                .collect(),
        );
    });
    rows
}

fn urad(rad: f64) -> i32 {
    (rad * 1e6).round() as i32
}

#[test]
fn every_corpus_motion_becomes_a_webots_motion_that_webots_plays_as_the_robot_does() {
    if !common::corpus_present("webots: every corpus motion") {
        return;
    }
    let (motions, converted) = corpus_for_webots();
    assert!(
        motions.len() > 100 && converted > 20,
        "{} ({converted} converted)",
        motions.len()
    );
    let mut ticks_checked = 0usize;
    for (label, motion) in motions {
        let corpus = Corpus { label: &label };
        let stream = robot_stream(&motion);
        let binary = binary_limits(&motion);
        // One pose per keyframe: Webots' linear replay commands the robot's stream.
        let text =
            mtn_to_webots_text(&motion, false).unwrap_or_else(|e| panic!("{}: {e}", corpus.label));
        let (names, poses) =
            webots_reads(&text).unwrap_or_else(|e| panic!("{}: {e}", corpus.label));
        assert_eq!(names, motion.locators, "{}", corpus.label);
        let key_times = timing::keyframe_times_ms(&motion.keyframes);
        for t in &key_times {
            assert!(
                poses.iter().any(|(pt, _)| *pt as u64 == *t),
                "{}: keyframe at {t} ms",
                corpus.label
            );
        }
        for (tick, row) in stream.iter().enumerate() {
            for (joint, &want) in row.iter().enumerate() {
                let got = urad(webots_position(&poses, joint, tick as i64 * 8).unwrap());
                // The player's truncating step leaves at most one segment's ticks of µrad.
                let slack = if binary[joint].is_some() { 0 } else { 1300 };
                assert!(
                    (got - want).abs() <= slack,
                    "{} tick {tick} joint {joint}: Webots {got} µrad, robot {want}",
                    corpus.label
                );
            }
        }
        // One pose per tick: the `ticks` stream itself.
        let text = mtn_to_webots_text(&motion, true).unwrap();
        let (_, poses) = webots_reads(&text).unwrap_or_else(|e| panic!("{}: {e}", corpus.label));
        if stream.is_empty() {
            assert_eq!(poses.len(), 1, "{}", corpus.label);
            continue;
        }
        assert_eq!(poses.len(), stream.len() + 1, "{}", corpus.label);
        for (tick, ((time, values), row)) in poses.iter().zip(&stream).enumerate() {
            assert_eq!(*time, tick as i64 * 8);
            let got: Vec<i32> = values.iter().map(|v| urad(v.unwrap())).collect();
            assert_eq!(&got, row, "{} tick {tick}", corpus.label);
        }
        // Then the last keyframe, at the motion's end.
        let (end, last) = poses.last().unwrap();
        assert_eq!(*end as u64, timing::duration_ms(&motion.keyframes));
        let keyframe = motion.keyframes.len() - 1;
        for (joint, value) in last.iter().enumerate() {
            let want = motion.keyframes.angle(keyframe, joint).unwrap();
            let want = binary[joint].map_or(want, |l| l.nearer_end_urad(want));
            assert_eq!(urad(value.unwrap()), want, "{}", corpus.label);
        }
        ticks_checked += stream.len();
    }
    assert!(ticks_checked > 50_000, "{ticks_checked}");
}

/// Every corpus motion as Webots gets it: an ERS-7's as it is; another model's is refused
/// (Webots has the ERS-7 only) and converted to the ERS-7 as the refusal advises, where the
/// conversion is supported (not the ERS-310's). Returns `(label, motion)` and how many
/// motions were converted.
fn corpus_for_webots() -> (Vec<(String, Motion)>, usize) {
    let mut motions = Vec::new();
    let mut converted = 0;
    for corpus in common::corpus_motions() {
        let motion = mtn::decode(&corpus.bytes).unwrap().motion;
        let model = parse_design(&motion.design)
            .map(|d| d.model)
            .or_else(|| mtn_studio::robot::models::model_for_locators(&motion.locators));
        if model == Some(mtn_studio::robot::Model::Ers7) {
            motions.push((corpus.label, motion));
            continue;
        }
        let refused = mtn_to_webots_text(&motion, false).unwrap_err().to_string();
        assert!(
            refused.contains("ERS-7 only"),
            "{}: {refused}",
            corpus.label
        );
        if let Ok(outcome) = mtn_studio::ops::retarget::retarget(&motion, "DRX-1000", false) {
            motions.push((format!("{} (as an ERS-7)", corpus.label), outcome.motion));
            converted += 1;
        }
    }
    (motions, converted)
}

/// A corpus motion's name in messages.
struct Corpus<'a> {
    label: &'a str,
}

/// Importing onto `label` at the default tolerance, mapped by the file's own names.
fn import_options(label: &str) -> ImportOptions {
    ImportOptions {
        design: Some(label.to_owned()),
        map: None,
        tolerance_deg: 0.5,
        name: "a_stand#stand_imported".into(),
    }
}

/// The bundled example written as `name` in `dir`; its path.
fn example_file(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(
        &path,
        mtn::encode(&mtn_studio::example::stand_to_sit()).unwrap(),
    )
    .unwrap();
    path
}

/// Imports a Webots motion's text as an AIBO motion of `label`.
fn import(text: &str, label: &str) -> (Motion, Vec<String>) {
    let read = mtn_studio::codec::webots::read(text).unwrap();
    let body = webots_to_body(&read).unwrap();
    let (motion, report) = body_to_mtn(&body, &import_options(label)).unwrap();
    let mut notes = body.notes;
    notes.extend(report.notes);
    (motion, notes)
}

/// Whether two streams agree within `tolerance_deg` on every joint but binary ones, and on
/// those (at their ends) except within a tick of a flip, over the ticks both have.
fn assert_close(label: &str, original: &Motion, back: &Motion, tolerance_deg: f64) {
    assert_eq!(back.locators, original.locators, "{label}");
    let (a, b) = (robot_stream(original), robot_stream(back));
    assert!(
        b.len() + 1 >= a.len(),
        "{label}: {} ticks back of {}",
        b.len(),
        a.len()
    );
    let binary = binary_limits(original);
    let near_flip = |joint: usize, tick: usize| {
        (tick.saturating_sub(1)..(tick + 2).min(a.len()))
            .any(|t| t > 0 && a[t][joint] != a[t - 1][joint])
    };
    for (tick, (ra, rb)) in a.iter().zip(&b).enumerate() {
        for (joint, (&va, &vb)) in ra.iter().zip(rb).enumerate() {
            let error_deg = f64::from((va - vb).abs()).to_degrees() / 1e6;
            if binary[joint].is_some() {
                assert!(
                    va == vb || near_flip(joint, tick),
                    "{label} tick {tick} ear {joint}: {va} vs {vb}"
                );
            } else {
                assert!(
                    error_deg <= tolerance_deg + 1e-3,
                    "{label} tick {tick} joint {joint}: {error_deg}°"
                );
            }
        }
    }
}

#[test]
fn a_webots_motion_imported_back_plays_the_same_tick_stream_within_the_tolerance() {
    if !common::corpus_present("webots: imported back") {
        return;
    }
    let (motions, _) = corpus_for_webots();
    let mut checked = 0;
    for (label, motion) in motions {
        let corpus = Corpus { label: &label };
        // Motions of models whose locators the importer maps (not ones with wrong locators).
        let Some(design) = parse_design(&motion.design) else {
            continue;
        };
        if motion.keyframes.len() < 2
            || !motion
                .locators
                .iter()
                .all(|l| design.model.joint_by_locator(l).is_some())
            || motion.locators.len() != design.allowed_joints().count()
        {
            continue;
        }
        for every_tick in [false, true] {
            let text = mtn_to_webots_text(&motion, every_tick).unwrap();
            let (back, _) = import(&text, &motion.design);
            assert_close(
                &format!("{} every_tick={every_tick}", corpus.label),
                &motion,
                &back,
                0.5,
            );
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn an_ear_flips_on_the_tick_the_robot_flips_it_and_not_slowly_across_the_segment() {
    let example = mtn_studio::example::stand_to_sit();
    let ear = example
        .locators
        .iter()
        .position(|l| l.contains("e5-Joint4"))
        .expect("the ERS-7's left ear");
    let mut motion = example.clone();
    // The ear from 0 to 20 degrees across the first segment, and there after.
    for k in 0..motion.keyframes.len() {
        assert!(
            motion
                .keyframes
                .set_angle(k, ear, if k == 0 { 0 } else { 349_066 })
        );
    }
    let text = mtn_to_webots_text(&motion, false).unwrap();
    let (_, poses) = webots_reads(&text).unwrap();
    let stream = robot_stream(&motion);
    let flip = (1..stream.len())
        .find(|&t| stream[t][ear] != stream[t - 1][ear])
        .unwrap();
    // Two poses around the flip, beside the keyframes', and the ear only at its two ends.
    assert_eq!(poses.len(), motion.keyframes.len() + 2, "{text}");
    for (tick, row) in stream.iter().enumerate() {
        let got = urad(webots_position(&poses, ear, tick as i64 * 8).unwrap());
        assert_eq!(got, row[ear], "tick {tick} (flip at {flip})");
        assert!(got == 0 || got == 349_066, "tick {tick}: {got}");
    }
}

#[test]
fn convert_every_tick_writes_what_ticks_prints_and_a_project_webots_opens() {
    let dir = common::scratch_dir("webots", "cli");
    let input = example_file(&dir, "stand to sit.mtn");
    let output = dir.join("out.motion");
    let project = dir.join("project");
    let run = common::run_cli(&[
        &"convert",
        &input,
        &output,
        &"--every-tick",
        &"--webots-project",
        &project,
    ]);
    assert!(run.status.success(), "{}", common::text(&run.stderr));
    let said = common::text(&run.stdout);
    assert!(said.contains("open") && said.contains("out.wbt"), "{said}");
    let ticks = common::run_cli(&[&"ticks", &input]);
    assert!(ticks.status.success());
    let text = std::fs::read_to_string(&output).unwrap();
    let (names, poses) = webots_reads(&text).unwrap();
    let motion = mtn::decode(&std::fs::read(&input).unwrap()).unwrap().motion;
    assert_eq!(names, motion.locators);
    let binary = binary_limits(&motion);
    let rows: Vec<String> = common::text(&ticks.stdout)
        .lines()
        .skip(1)
        .map(str::to_owned)
        .collect();
    assert_eq!(
        rows.len() + 1,
        poses.len(),
        "every tick, then the last keyframe"
    );
    for (row, (time, values)) in rows.iter().zip(&poses) {
        let fields: Vec<i64> = row.split(',').map(|f| f.parse().unwrap()).collect();
        assert_eq!(fields[1], *time, "the tick's ms");
        for (joint, (value, &ticked)) in values.iter().zip(&fields[2..]).enumerate() {
            let ticked = i32::try_from(ticked).unwrap();
            let want = binary[joint].map_or(ticked, |l| l.nearer_end_urad(ticked));
            assert_eq!(urad(value.unwrap()), want, "{row}");
        }
    }
    // The project: a world naming the AiboErs7 by URL, stepping at 8 ms, its controller
    // given the motion by a path that leads from the controller's folder to the copy.
    let world = std::fs::read_to_string(project.join("worlds/out.wbt")).unwrap();
    assert!(world.starts_with("#VRML_SIM R"), "{world}");
    assert!(
        world.contains("EXTERNPROTO \"https://raw.githubusercontent.com/cyberbotics/webots/"),
        "{world}"
    );
    assert!(
        world.contains("/projects/robots/sony/aibo/protos/AiboErs7.proto\""),
        "{world}"
    );
    assert!(
        world.contains("basicTimeStep 8") && world.contains("Floor {"),
        "{world}"
    );
    assert!(
        world.contains("controller \"mtn_studio_player\""),
        "{world}"
    );
    let argument = world
        .split("controllerArgs [")
        .nth(1)
        .and_then(|rest| rest.split('"').nth(1))
        .unwrap();
    let controller_dir = project.join("controllers/mtn_studio_player");
    let copy = std::fs::read_to_string(controller_dir.join(argument)).unwrap();
    assert_eq!(copy, text);
    let controller = controller_dir.join("mtn_studio_player.py");
    let source = std::fs::read_to_string(&controller).unwrap();
    assert!(
        source.contains("setLoop(True)") && source.contains("Motion(path)"),
        "{source}"
    );
    // Python reads it (Debian's python3 is on every machine that runs the window tests).
    match std::process::Command::new("python3")
        .args(["-m", "py_compile"])
        .arg(&controller)
        .output()
    {
        Ok(out) => assert!(out.status.success(), "{}", common::text(&out.stderr)),
        Err(e) => {
            eprintln!("*** python3 is missing ({e}): the controller's syntax is not checked ***");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn importing_a_webots_motion_maps_its_columns_by_locator_and_says_what_it_could_not() {
    let dir = common::scratch_dir("webots", "import");
    let input = dir.join("wave.motion");
    // Two ERS-7 joints by locator, one motor of another robot, one column never set.
    std::fs::write(
        &input,
        "#WEBOTS_MOTION,V1.0,PRM:/r1/c1-Joint2:11,PRM:/r2/c1-Joint2:21,LHipYawPitch,Unset\n\
         00:00:000,Pose1,-0.3,0.1,0,*\n00:00:480,Pose2,-0.6,0.5,0.2,*\n00:01:000,Pose3,-0.3,0.1,0,*\n",
    )
    .unwrap();
    let refused = common::run_cli(&[&"convert", &input, &dir.join("x.mtn")]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        common::text(&refused.stderr).contains("--model"),
        "{}",
        common::text(&refused.stderr)
    );
    let output = dir.join("wave.mtn");
    let run = common::run_cli(&[&"convert", &input, &output, &"--model", &"DRX-1000"]);
    assert!(run.status.success(), "{}", common::text(&run.stderr));
    let notes = common::text(&run.stderr);
    assert!(
        notes.contains("not mapped") && notes.contains("LHipYawPitch"),
        "{notes}"
    );
    assert!(notes.contains("Unset"), "{notes}");
    assert!(
        notes.contains("18 joints") && notes.contains("stand posture"),
        "{notes}"
    );
    let motion = mtn::decode(&std::fs::read(&output).unwrap())
        .unwrap()
        .motion;
    assert_eq!(motion.locators.len(), 20);
    assert_eq!(
        timing::duration_ms(&motion.keyframes),
        1008,
        "the last pose at 1,000 ms on the 16 ms grid"
    );
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let at = |t: u64| timing::values_at_tick_in(&motion.keyframes, &times, t / 8).unwrap();
    assert!(
        (f64::from(at(480)[0]) / 1e6 + 0.6).abs() < 0.01,
        "{:?}",
        at(480)
    );
    assert!(
        (f64::from(at(480)[6]) / 1e6 - 0.5).abs() < 0.01,
        "{:?}",
        at(480)
    );
    // Columns named by the joints' names map as the Import window's grid maps them.
    let names = dir.join("names.motion");
    std::fs::write(
        &names,
        "#WEBOTS_MOTION,V1.0,HEAD_PITCH,FL_LEG_VERT\n0,A,-0.3,0.2\n496,B,-0.6,0.4\n",
    )
    .unwrap();
    let output = dir.join("names.mtn");
    let run = common::run_cli(&[&"convert", &names, &output, &"--model", &"DRX-1000"]);
    assert!(run.status.success(), "{}", common::text(&run.stderr));
    assert!(
        !common::text(&run.stderr).contains("by order"),
        "{}",
        common::text(&run.stderr)
    );
    let motion = mtn::decode(&std::fs::read(&output).unwrap())
        .unwrap()
        .motion;
    assert_eq!(motion.keyframes.angle(1, 0), Some(-600_000));
    assert_eq!(motion.keyframes.angle(1, 6), Some(400_000), "FL_LEG_VERT");
    // A file Webots would refuse is refused, naming the file and the line.
    let bad = dir.join("bad.motion");
    std::fs::write(
        &bad,
        "#WEBOTS_MOTION,V1.0,A\n00:00:100,P,1\n00:00:050,Q,2\n",
    )
    .unwrap();
    let run = common::run_cli(&[
        &"convert",
        &bad,
        &dir.join("bad.mtn"),
        &"--model",
        &"DRX-1000",
    ]);
    assert_eq!(run.status.code(), Some(2));
    let said = common::text(&run.stderr);
    assert!(
        said.contains("bad.motion") && said.contains("line 3"),
        "{said}"
    );
    assert!(!dir.join("bad.mtn").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn thousands_of_mutated_webots_motions_never_panic() {
    let motion = mtn_studio::example::stand_to_sit();
    let seeds = [
        mtn_to_webots_text(&motion, false).unwrap(),
        mtn_to_webots_text(&motion, true).unwrap(),
    ];
    let mut next = common::xorshift(0x5eed_0b07);
    let (mut read, mut imported) = (0, 0);
    for round in 0..4000 {
        let mut bytes = seeds[round % 2].clone().into_bytes();
        for _ in 0..1 + next() % 4 {
            let at = next() % bytes.len();
            match next() % 4 {
                0 => bytes[at] = b",:*\n01-9.e"[next() % 10],
                1 => {
                    bytes.remove(at);
                }
                2 => bytes.insert(at, b",:\n*"[next() % 4]),
                _ => bytes.truncate(at),
            }
            if bytes.is_empty() {
                bytes.push(b'#');
            }
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let Ok(webots) = mtn_studio::codec::webots::read(&text) else {
            continue;
        };
        read += 1;
        if let Ok(written) = mtn_studio::codec::webots::write(&webots) {
            let again = mtn_studio::codec::webots::read(&written)
                .unwrap_or_else(|e| panic!("{e}: {written}"));
            assert_eq!(again.poses.len(), webots.poses.len());
        }
        let Ok(body) = webots_to_body(&webots) else {
            continue;
        };
        if body_to_mtn(&body, &import_options("DRX-1000")).is_ok() {
            imported += 1;
        }
    }
    // Enough of them still read and import that the conversion is exercised too.
    assert!(
        read > 500 && imported > 500,
        "{read} read, {imported} imported"
    );
}

#[test]
fn a_motion_of_another_model_is_refused_for_webots_and_a_failed_project_leaves_nothing() {
    let dir = common::scratch_dir("webots", "refusals");
    // An ERS-210 motion: Webots has the ERS-7 only.
    let ers210 =
        mtn_studio::ops::retarget::retarget(&mtn_studio::example::stand_to_sit(), "DRX-900", false)
            .unwrap()
            .motion;
    let input = dir.join("ers210.mtn");
    std::fs::write(&input, mtn::encode(&ers210).unwrap()).unwrap();
    let run = common::run_cli(&[&"convert", &input, &dir.join("x.motion")]);
    assert_eq!(run.status.code(), Some(1));
    let said = common::text(&run.stderr);
    assert!(
        said.contains("ERS-7 only") && said.contains("retarget"),
        "{said}"
    );
    assert!(!dir.join("x.motion").exists());
    // A project folder that cannot be made (under a file): nothing written.
    let input = example_file(&dir, "ers7.mtn");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "").unwrap();
    let output = dir.join("y.motion");
    let run = common::run_cli(&[
        &"convert",
        &input,
        &output,
        &"--webots-project",
        &blocker.join("p"),
    ]);
    assert_eq!(run.status.code(), Some(1), "{}", common::text(&run.stdout));
    assert!(
        common::text(&run.stderr).contains("cannot write"),
        "{}",
        common::text(&run.stderr)
    );
    assert!(
        !output.exists(),
        "the motion is not written when the project cannot be"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
