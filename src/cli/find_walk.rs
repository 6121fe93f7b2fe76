//! `generate walk --search`: the search for a walk in the simulation on the command line,
//! a line a generation, and the best walk written as `generate walk` writes one.

use super::failure::{EXIT_OK, Failure};
use super::generate::{Common, WalkArgs};
use super::ops::{finish, label_and_target};
use crate::codec::mtn::Motion;
use crate::ops::generate::Generator;
use crate::ops::generate::search::{Asked, Progress, Scored, find_walk};
use crate::ops::{Context, OpRequest};
use std::io::Write;
use std::path::PathBuf;

/// `generate walk --search`: the search's progress a line a generation (on standard error
/// with `--json`), then the best walk written as `generate walk` writes one.
pub(super) fn search(common: &Common, args: &WalkArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let io = &common.io;
    let (label, writes_archive) = label_and_target(io)?;
    let motion: Motion = super::transform::read_motion(&io.input, io.entry.as_deref())?;
    let asked = Asked {
        gait: args.walk().gait,
        per_generation: args.candidates,
        generations: args.generations.unwrap_or(if args.seconds.is_some() {
            1_000_000
        } else {
            20
        }),
        seed: args.seed,
        ..Asked::default()
    };
    let began = std::time::Instant::now();
    let mut unwritten = None;
    let mut done = (0, 0, false);
    let found = {
        let mut report = |progress: &Progress| {
            let time_up = args
                .seconds
                .is_some_and(|limit| began.elapsed().as_secs() >= limit);
            done = (progress.generation, progress.scored, time_up);
            if let Some(best) = progress.best.first() {
                let line = progress_line(progress.generation, progress.scored, best);
                if common.json {
                    eprintln!("{line}");
                } else if let Err(e) = writeln!(out, "{line}") {
                    unwritten = Some(e);
                    return false;
                }
            }
            !time_up
        };
        find_walk(&motion, &asked, &mut report)
    };
    let (generations, scored, time_up) = done;
    let ended = format!(
        "the search ran {generations} generations ({scored} candidates) in {:.0} s and \
         stopped {}",
        began.elapsed().as_secs_f64(),
        if time_up {
            "when its time was up"
        } else {
            "after the generations asked"
        }
    );
    if let Some(e) = unwritten {
        return Err(Failure::output(&e));
    }
    let found =
        found.ok_or_else(|| Failure::usage(format!("{label}: the search scored no walk")))?;
    let request: OpRequest<PathBuf> = OpRequest::Generate {
        generator: Generator::Walk(found.walk.clone()),
        span_ms: common.range.span(),
    };
    let mut outcome = request
        .run(&motion, &Context::whole(&label), &[])
        .map_err(|e| Failure::usage(format!("{label}: {e}")))?;
    outcome.notes.insert(0, ended);
    outcome.notes.insert(0, best_note(&found));
    let archive =
        writes_archive.then_some((io.input.as_path(), io.entry.as_deref().unwrap_or_default()));
    let found_walk = Generator::Walk(found.walk.clone());
    if common.json {
        if let Some(name) = &common.keep_as {
            super::generate::keep_as(name, &found_walk, &mut std::io::sink())?;
        }
        finish(&outcome, &label, &io.output, archive, &mut std::io::sink())?;
        let text = json(&found, &io.output, &outcome.notes)?;
        writeln!(out, "{text}").map_err(|e| Failure::output(&e))?;
        return Ok(EXIT_OK);
    }
    let code = finish(&outcome, &label, &io.output, archive, out)?;
    if let Some(name) = &common.keep_as {
        super::generate::keep_as(name, &found_walk, out)?;
    }
    Ok(code)
}

/// What the search's best did.
fn best_note(found: &Scored) -> String {
    format!(
        "the best of the search: {:.0} mm/s forward, heading {:+.1}°, {}",
        found.speed_mm_s,
        found.heading_deg,
        if found.is_clean() {
            "no fall, slide or warning".to_owned()
        } else {
            format!(
                "{} slides, {} warnings{}: no candidate met every condition",
                found.slips,
                found.warnings,
                if found.fell { ", it falls" } else { "" }
            )
        }
    )
}

/// What `--json` prints of the search's best.
fn json(found: &Scored, output: &std::path::Path, notes: &[String]) -> Result<String, Failure> {
    serde_json::to_string_pretty(&serde_json::json!({
        "output": output.display().to_string(),
        "speed_mm_s": found.speed_mm_s,
        "heading_deg": found.heading_deg,
        "clean": found.is_clean(),
        "walk": {
            "stride_mm": found.walk.stride_mm,
            "lift_mm": found.walk.lift_mm,
            "period_ms": found.walk.period_ms,
            "played_period_ms": found.played_period_ms,
            "duty": found.walk.duty,
            "height_mm": found.walk.height_mm,
            "pitch_deg": found.walk.pitch_deg,
            "front_mm": found.walk.front_mm,
            "hind_mm": found.walk.hind_mm,
            "path": found.walk.path,
        },
        "notes": notes,
    }))
    .map_err(|e| Failure::usage(e.to_string()))
}

/// A generation's line: how many were scored and the best so far.
fn progress_line(generation: usize, scored: usize, best: &Scored) -> String {
    format!(
        "generation {generation}: {scored} scored; best {:.0} mm/s, heading {:+.1}°, {} slips, \
         {} warnings{} (stride {:.0} mm, lift {:.0} mm, cycle {} ms{}, duty {:.2}, height \
         {:.0} mm, pitch {:+.1}°, front paws {:+.0} mm, hind {:+.0} mm, {})",
        best.speed_mm_s,
        best.heading_deg,
        best.slips,
        best.warnings,
        if best.fell { ", falls" } else { "" },
        best.walk.stride_mm,
        best.walk.lift_mm,
        best.walk.period_ms,
        if best.played_period_ms == best.walk.period_ms {
            String::new()
        } else {
            format!(", played as {} ms for the servos", best.played_period_ms)
        },
        best.walk.duty,
        best.walk.height_mm.unwrap_or_default(),
        best.walk.pitch_deg,
        best.walk.front_mm,
        best.walk.hind_mm,
        best.walk.path.words()
    )
}
