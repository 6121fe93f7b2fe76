//! `generate` on the command line, and the mouth generator on the real sounds of the corpus.

use crate::common;
use mtn_studio::codec::oda::Archive;
use mtn_studio::codec::sound::wave;
use mtn_studio::ops::generate::{self, Generator, Mouth, mouth};
use mtn_studio::ops::{Context, OpRequest, RetimeBy};
use mtn_studio::robot::postures::new_motion;
use mtn_studio::robot::timing::for_each_tick;

#[test]
fn generate_writes_a_wag_and_says_what_it_did_in_json() {
    let (dir, example) = common::with_example("generate", "wag");
    let out = dir.join("wag.mtn");
    let printed = common::ok(&common::run_cli(&[
        &"generate",
        &"wag",
        &example,
        &"-o",
        &out,
        &"--hz",
        &"9",
        &"--amplitude",
        &"40",
        &"--from",
        &"0",
        &"--to",
        &"1008",
        &"--json",
    ]));
    let json: serde_json::Value = serde_json::from_str(&printed).expect("JSON");
    assert_eq!(json["generator"], "tail wag (side to side)");
    assert_eq!(json["joints"], serde_json::json!(["TAIL_HORZ"]));
    let notes: Vec<&str> = json["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes.iter().any(|n| n.contains("lowered to")),
        "9 Hz at ±40° is too fast for the tail: {notes:?}"
    );
    let written = common::read_mtn(&out);
    assert_eq!(json["keyframes"], written.keyframes.len());
    let check = common::run_cli(&[&"check", &out]);
    assert!(check.status.success(), "{}", common::text(&check.stdout));
}

#[test]
fn generate_refuses_what_the_model_cannot_do_and_writes_nothing() {
    let (dir, example) = common::with_example("generate", "tilt");
    let out = dir.join("tilt.mtn");
    let refused = common::run_cli(&[&"generate", &"tilt", &example, &"-o", &out]);
    assert!(!refused.status.success());
    assert!(
        common::text(&refused.stderr).contains("does not roll"),
        "{}",
        common::text(&refused.stderr)
    );
    assert!(!out.exists());
    let bad = common::run_cli(&[
        &"generate",
        &"look",
        &example,
        &"-o",
        &out,
        &"--points",
        &"40;x",
    ]);
    assert!(common::text(&bad.stderr).contains("PAN,TILT"));
    assert!(!out.exists());
}

/// Pearson's correlation of two equally long series.
fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len()) as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        ab += (x - ma) * (y - mb);
        aa += (x - ma) * (x - ma);
        bb += (y - mb) * (y - mb);
    }
    ab / (aa * bb).sqrt()
}

#[test]
fn the_mouth_follows_the_loudness_of_every_sdk_sound() {
    if !common::corpus_present("the_mouth_follows_the_loudness_of_every_sdk_sound") {
        return;
    }
    let mut seen = 0;
    for name in ["monet-ERS-7-SOUND7.ODA", "monet-ERS-200-SOUND.ODA"] {
        let archive = Archive::read(&common::corpus_file("sound", name)).unwrap();
        for entry in &archive.entries {
            let sound = wave::decode(&entry.contents().unwrap()).unwrap();
            let loudness = mouth::loudness(&sound, 0);
            let length = (sound.info.duration_ms() as u64).div_ceil(16) * 16;
            // An ERS-7 standing as long as the sound lasts.
            let stand = new_motion("DRX-1000", "stand").unwrap();
            let stand = OpRequest::<()>::Retime(RetimeBy::DurationMs(length))
                .run(&stand, &Context::whole("stand"), &[])
                .unwrap()
                .motion;
            let asked = Mouth {
                loudness,
                open_deg: 30.0,
                smoothing_ms: 48,
                lead_ms: None,
            };
            let out =
                generate::generate(&stand, None, &Generator::Mouth(asked.clone()), 0.5).unwrap();
            let lead_ticks = out
                .notes
                .iter()
                .find_map(|n| {
                    n.strip_prefix("the mouth moves ")?
                        .split(' ')
                        .next()?
                        .parse::<usize>()
                        .ok()
                })
                .expect("the lead")
                / 8;
            let mut angles = Vec::new();
            for_each_tick(&out.motion.keyframes, |_, values| {
                angles.push(f64::from(values[3]));
            });
            // The mouth opens downward: its opening is how far it is below its course.
            let opening: Vec<f64> = angles.iter().map(|a| angles[0] - a).collect();
            let levels = asked.levels();
            let heard: Vec<f64> = (0..opening.len())
                .map(|t| levels.get(t + lead_ticks).copied().unwrap_or(0.0))
                .collect();
            let r = correlation(&opening, &heard);
            eprintln!(
                "{name} {}: the mouth and the loudness correlate at {r:.3}",
                entry.name()
            );
            assert!(r >= 0.8, "{name} {}: r = {r:.3}", entry.name());
            let check = mtn_studio::robot::check::check_motion(
                &out.motion,
                &mtn_studio::codec::mtn::offsets(&out.motion).unwrap(),
            );
            assert!(
                check
                    .iter()
                    .all(|p| p.severity < mtn_studio::codec::Severity::Warning),
                "{check:?}"
            );
            seen += 1;
        }
    }
    assert_eq!(seen, 9, "the SDK's archives hold nine sounds");
}

/// Forward speed (mm/s) and heading (degrees) of `motion` played `repeat` times on carpet,
/// and whether it fell.
fn walked(motion: &mtn_studio::codec::mtn::Motion, repeat: u32) -> (f64, f64, bool) {
    use mtn_studio::robot::physics::{Floor, Settings, simulate};
    let settings = Settings {
        floor: Floor::Carpet,
        repeat,
    };
    let sim = simulate(motion, settings, &mut |_| true).expect("it simulates");
    let ms = mtn_studio::robot::timing::duration_ms(&motion.keyframes) * u64::from(repeat);
    let summary = &sim.summary;
    (
        summary.travel_mm[0] * 1000.0 / ms as f64,
        summary.heading_deg,
        !summary.falls.is_empty(),
    )
}

#[test]
fn the_default_trot_walks_straight_at_least_as_fast_as_sonys_walk() {
    if !common::corpus_present("the_default_trot_walks_straight_at_least_as_fast_as_sonys_walk") {
        return;
    }
    let sony = common::corpus_entry("monet-ERS-7-MOTION7.ODA", "a_walk#walk_sox_fwd");
    let sony = mtn_studio::codec::mtn::decode(&sony).unwrap().motion;
    let (sony_speed, _, sony_fell) = walked(&sony, 5);
    assert!(!sony_fell);
    let stand = new_motion("DRX-1000", "stand").unwrap();
    let trot = generate::generate(
        &stand,
        None,
        &Generator::Walk(generate::Walk::default()),
        0.5,
    )
    .unwrap()
    .motion;
    let (speed, heading, fell) = walked(&trot, 1);
    eprintln!(
        "the default trot: {speed:.0} mm/s, heading {heading:.1}°; Sony's walk_sox_fwd played \
         five times: {sony_speed:.0} mm/s"
    );
    assert!(!fell, "the trot falls");
    assert!(heading.abs() <= 10.0, "it turns {heading:.1}°");
    assert!(
        speed >= sony_speed,
        "{speed:.0} mm/s against Sony's {sony_speed:.0}"
    );
}

#[test]
fn a_walk_search_repeats_from_its_seed_and_keeps_its_best() {
    use mtn_studio::ops::generate::search::{Asked, find_walk, score};
    let stand = new_motion("DRX-1000", "stand").unwrap();
    let asked = Asked {
        per_generation: 8,
        generations: 2,
        seed: 7,
        ..Asked::default()
    };
    let mut seen = Vec::new();
    let first = find_walk(&stand, &asked, &mut |p| {
        seen.push((p.generation, p.scored, p.best[0].score));
        true
    })
    .expect("a walk");
    assert_eq!(seen.len(), 2);
    assert_eq!((seen[1].0, seen[1].1), (2, 16));
    assert!(
        seen[1].2 >= seen[0].2,
        "the best never gets worse: {seen:?}"
    );
    let again = find_walk(&stand, &asked, &mut |_| true).expect("a walk");
    assert_eq!(first, again, "the same seed finds the same walk");
    // Its score is what the walk scores played again, and it is at least the default's (the
    // search starts from it).
    assert_eq!(score(&stand, &first.walk, asked.floor), first);
    let start = generate::Walk {
        height_mm: Some(125.0),
        ..generate::Walk::default()
    };
    assert!(first.score >= score(&stand, &start, asked.floor).score);
    // Asked to stop, it stops after the generation running.
    let mut calls = 0;
    find_walk(
        &stand,
        &Asked {
            generations: 5,
            ..asked
        },
        &mut |_| {
            calls += 1;
            false
        },
    );
    assert_eq!(calls, 1);
}

#[test]
fn the_built_in_walks_stay_up_on_their_line_and_the_fast_trot_outruns_sonys_walk() {
    if !common::corpus_present("the_built_in_walks_stay_up_on_their_line") {
        return;
    }
    let sony = common::corpus_entry("monet-ERS-7-MOTION7.ODA", "a_walk#walk_sox_fwd");
    let (sony_speed, _, _) = walked(&mtn_studio::codec::mtn::decode(&sony).unwrap().motion, 5);
    let stand = new_motion("DRX-1000", "stand").unwrap();
    for preset in mtn_studio::presets::built_in() {
        let generator = preset.setting.generator(None).unwrap();
        let out = generate::generate(&stand, None, &generator, 0.5)
            .unwrap()
            .motion;
        let problems = mtn_studio::robot::check::check_motion(
            &out,
            &mtn_studio::codec::mtn::offsets(&out).unwrap(),
        );
        assert!(
            problems
                .iter()
                .all(|p| p.severity < mtn_studio::codec::Severity::Warning),
            "{}: {problems:?}",
            preset.name
        );
        if !matches!(generator, Generator::Walk(_)) {
            continue;
        }
        let (speed, heading, fell) = walked(&out, 1);
        eprintln!("{}: {speed:.0} mm/s, heading {heading:+.1}°", preset.name);
        assert!(
            !fell && heading.abs() <= 10.0 && speed > 0.0,
            "{}",
            preset.name
        );
        if preset.name == "Fast trot" {
            assert!(
                speed >= 2.8 * sony_speed,
                "{speed:.0} against {sony_speed:.0} mm/s"
            );
        }
    }
}

#[test]
fn a_timed_search_runs_until_its_time_is_up_and_says_so() {
    let (dir, _) = common::with_example("generate", "timed-search");
    let stand = dir.join("stand.mtn");
    common::ok(&common::run_cli(&[
        &"new", &"--model", &"ERS-7", &"-o", &stand,
    ]));
    let out = dir.join("found.mtn");
    let printed = common::ok(&common::run_cli(&[
        &"generate",
        &"walk",
        &stand,
        &"-o",
        &out,
        &"--search",
        &"--seconds",
        &"1",
        &"--candidates",
        &"4",
    ]));
    assert!(printed.contains("generation 1: 4 scored"), "{printed}");
    assert!(
        printed.contains("stopped when its time was up"),
        "{printed}"
    );
    assert!(out.exists());
}
