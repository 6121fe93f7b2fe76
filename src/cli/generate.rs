//! `generate`: keyframes made from a few parameters, as the window's Motion > Generate…
//! makes them (the same request, the same code): a tail wag, a nod, a shake, a tilt, ears in
//! a rhythm, a head that looks around, a mouth that opens with a sound. Prints what it did
//! (or, with `--json`, the same as one JSON object) and writes an .mtn file or the entry back
//! into an .oda archive.

use super::failure::{EXIT_OK, Failure};
use super::ops::{InOut, finish, label_and_target};
use super::shaping::MaybeRange;
use crate::codec::mtn::Motion;
use crate::ops::generate::{
    EarPattern, Ears, Gait, Generator, Gesture, LookAround, Mouth, Oscillation, PawPath, Walk,
    mouth,
};
use crate::ops::{Context, OpRequest};
use clap::{Args, Subcommand, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The generators.
#[derive(Debug, Subcommand)]
pub enum GenerateKind {
    /// A tail wag (side to side, or --up-down), eased in and out.
    Wag {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// Up and down rather than side to side.
        #[arg(long)]
        up_down: bool,
        /// The swing.
        #[command(flatten)]
        swing: Swing,
    },
    /// The head nodding (the ERS-7's upper head joint, the older models' neck).
    Nod {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The swing.
        #[command(flatten)]
        swing: Swing,
    },
    /// The head shaking, left and right.
    Shake {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The swing.
        #[command(flatten)]
        swing: Swing,
    },
    /// The head tilting to either side (the ERS-210 and ERS-110; the ERS-7's head does not
    /// roll).
    Tilt {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The swing.
        #[command(flatten)]
        swing: Swing,
    },
    /// The ears up and down in a rhythm (the ERS-7's ears are up or down).
    Ears {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The pattern.
        #[arg(long, value_enum, default_value_t = PatternName::Flick)]
        pattern: PatternName,
        /// One beat, ms (192 to 10000).
        #[arg(long, default_value_t = 480)]
        beat: u64,
        /// This many beats from the range's start (the motion made longer if it ends first);
        /// else as many as fill the range.
        #[arg(long)]
        count: Option<u32>,
    },
    /// The head turned to each point in turn, held there, and back.
    Look {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The points, PAN,TILT in degrees each, separated by spaces or semicolons (e.g.
        /// "40,10 -40,10 0,-10"); the tilt is the nodding joint's.
        #[arg(long, required = true, num_args = 1.., value_delimiter = ';', allow_hyphen_values = true)]
        points: Vec<String>,
        /// How long a move takes, ms (made longer where the servos need it).
        #[arg(long = "move", default_value_t = 400)]
        move_ms: u64,
        /// How long the head stays at each point, ms.
        #[arg(long, default_value_t = 600)]
        hold: u64,
    },
    /// The legs walking: each paw on a path in the body's frame, the legs' phases set by the
    /// gait, solved by the legs' inverse kinematics on every tick; it grows out of the
    /// motion's pose over the first half cycle and back into it over the last.
    Walk {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The walk.
        #[command(flatten)]
        walk: WalkArgs,
    },
    /// The mouth opened with the loudness of a sound (a WAV file).
    Mouth {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The sound.
        #[arg(long)]
        sound: PathBuf,
        /// Where the sound starts in the motion, ms.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        sound_at: i64,
        /// How far the mouth opens at the sound's loud parts, degrees.
        #[arg(long, default_value_t = 30.0)]
        open: f64,
        /// The loudness averaged over this long, ms.
        #[arg(long, default_value_t = 48)]
        smoothing: u64,
        /// How much earlier than the sound the mouth moves, ms (default: the time its servo
        /// takes to open half-way).
        #[arg(long)]
        lead: Option<u64>,
    },
}

/// What every generator takes.
#[derive(Debug, Args)]
pub struct Common {
    /// Input and output.
    #[command(flatten)]
    io: InOut,
    /// Where to generate (else the whole motion; a generator given a count starts there).
    #[command(flatten)]
    range: MaybeRange,
    /// Print what was done as JSON.
    #[arg(long)]
    json: bool,
}

/// A swing's parameters.
#[derive(Debug, Args)]
pub struct Swing {
    /// Swings per second (lowered to what the servo follows, and said).
    #[arg(long)]
    hz: Option<f64>,
    /// Degrees to either side (held to the joint's range, and said).
    #[arg(long)]
    amplitude: Option<f64>,
    /// This many swings from the range's start (the motion made longer if it ends first);
    /// else as many as fill the range.
    #[arg(long)]
    count: Option<u32>,
    /// Growing in and fading out over this long, ms.
    #[arg(long, default_value_t = 160)]
    ease: u64,
}

impl Swing {
    /// The oscillation, with `hz` and `degrees` where none were given.
    fn oscillation(&self, gesture: Gesture) -> Generator {
        let (hz, degrees) = gesture.defaults();
        Generator::Oscillate(Oscillation {
            gesture,
            frequency_hz: self.hz.unwrap_or(hz),
            amplitude_deg: self.amplitude.unwrap_or(degrees),
            count: self.count,
            ease_ms: self.ease,
        })
    }
}

/// A walk's parameters (the defaults: a trot our simulation walks).
#[derive(Debug, Args)]
pub struct WalkArgs {
    /// Which legs step together.
    #[arg(long, value_enum, default_value_t = GaitName::Trot)]
    gait: GaitName,
    /// How a paw comes forward off the floor.
    #[arg(long, value_enum, default_value_t = PathName::Ellipse)]
    path: PathName,
    /// How far the body goes forward in a cycle, mm (negative: backward).
    #[arg(long, default_value_t = Walk::default().stride_mm, allow_negative_numbers = true)]
    stride: f64,
    /// How far it steps to the left in a cycle, mm (negative: right).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    sideways: f64,
    /// How far it turns left in a cycle, degrees (negative: right).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    turn: f64,
    /// How high a paw is lifted, mm.
    #[arg(long, default_value_t = Walk::default().lift_mm)]
    lift: f64,
    /// One cycle, ms.
    #[arg(long, default_value_t = Walk::default().period_ms)]
    period: u64,
    /// The share of the cycle each paw is on the floor.
    #[arg(long, default_value_t = Walk::default().duty)]
    duty: f64,
    /// The shoulders' height over the floor, mm (default: the model's stand).
    #[arg(long)]
    height: Option<f64>,
    /// The body's pitch, degrees, nose up positive.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pitch: f64,
    /// How many cycles.
    #[arg(long, default_value_t = Walk::default().cycles)]
    cycles: u32,
    /// Search for the fastest clean walk in the simulation instead (the stride, lift,
    /// cycle, duty factor, height and pitch searched; the gait as given) and write the best.
    #[arg(long)]
    search: bool,
    /// The search's seed: the same seed and generations find the same walk.
    #[arg(long, default_value_t = 1, requires = "search")]
    seed: u64,
    /// The search's generations, at most.
    #[arg(long, default_value_t = 20, requires = "search")]
    generations: usize,
    /// Candidates a generation (4 to 256).
    #[arg(long, default_value_t = 16, requires = "search")]
    candidates: usize,
    /// Stop the search after this many seconds (after the generation running then).
    #[arg(long, requires = "search")]
    seconds: Option<u64>,
}

impl WalkArgs {
    fn walk(&self) -> Walk {
        Walk {
            gait: match self.gait {
                GaitName::Trot => Gait::Trot,
                GaitName::Pace => Gait::Pace,
                GaitName::Crawl => Gait::Crawl,
            },
            path: match self.path {
                PathName::Ellipse => PawPath::HalfEllipse,
                PathName::Rectangle => PawPath::Rectangle,
            },
            stride_mm: self.stride,
            sideways_mm: self.sideways,
            turn_deg: self.turn,
            lift_mm: self.lift,
            period_ms: self.period,
            duty: self.duty,
            height_mm: self.height,
            pitch_deg: self.pitch,
            cycles: self.cycles,
        }
    }
}

/// The gaits by name.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GaitName {
    /// Diagonal pairs together.
    Trot,
    /// The legs of one side together.
    Pace,
    /// One leg at a time.
    Crawl,
}

/// The paws' paths by name.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PathName {
    /// Half an ellipse.
    Ellipse,
    /// A rectangle with rounded corners.
    Rectangle,
}

/// The ear patterns by name.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PatternName {
    /// Both up for a moment at each beat.
    Flick,
    /// One up, the other down, swapping each half beat.
    Alternate,
    /// Both up for half of each beat.
    Both,
}

/// `"40,10 -40,10"` as points.
fn points(given: &[String]) -> Result<Vec<[f64; 2]>, Failure> {
    let text = given.join(" ");
    LookAround::parse_points(&text).ok_or_else(|| {
        Failure::usage(format!(
            "--points: \"{text}\" is not PAN,TILT pairs in degrees (e.g. \"40,10 -40,10\")"
        ))
    })
}

/// The generator asked for, and the common arguments.
fn generator(kind: GenerateKind) -> Result<(Generator, Common), Failure> {
    Ok(match kind {
        GenerateKind::Wag {
            common,
            up_down,
            swing,
        } => {
            let gesture = if up_down {
                Gesture::WagUpDown
            } else {
                Gesture::WagSide
            };
            (swing.oscillation(gesture), common)
        }
        GenerateKind::Nod { common, swing } => (swing.oscillation(Gesture::Nod), common),
        GenerateKind::Shake { common, swing } => (swing.oscillation(Gesture::Shake), common),
        GenerateKind::Tilt { common, swing } => (swing.oscillation(Gesture::Tilt), common),
        GenerateKind::Ears {
            common,
            pattern,
            beat,
            count,
        } => {
            let pattern = match pattern {
                PatternName::Flick => EarPattern::Flick,
                PatternName::Alternate => EarPattern::Alternate,
                PatternName::Both => EarPattern::Both,
            };
            let ears = Ears {
                pattern,
                beat_ms: beat,
                count,
            };
            (Generator::Ears(ears), common)
        }
        GenerateKind::Look {
            common,
            points: given,
            move_ms,
            hold,
        } => {
            let look = LookAround {
                points: points(&given)?,
                move_ms,
                hold_ms: hold,
            };
            (Generator::Look(look), common)
        }
        GenerateKind::Walk { common, walk } => (Generator::Walk(walk.walk()), common),
        GenerateKind::Mouth {
            common,
            sound,
            sound_at,
            open,
            smoothing,
            lead,
        } => {
            let shown = sound.display();
            let bytes = std::fs::read(&sound)
                .map_err(|e| Failure::usage(format!("{shown}: cannot read: {e}")))?;
            let wave = crate::codec::sound::wave::decode(&bytes)
                .map_err(|e| Failure::usage(format!("{shown}: {e}")))?;
            let mouth = Mouth {
                loudness: mouth::loudness(&wave, sound_at),
                open_deg: open,
                smoothing_ms: smoothing,
                lead_ms: lead,
            };
            (Generator::Mouth(mouth), common)
        }
    })
}

/// What `--json` prints.
#[derive(serde::Serialize)]
struct Report<'a> {
    input: String,
    output: String,
    generator: &'static str,
    joints: Vec<&'static str>,
    duration_ms: u64,
    keyframes: usize,
    notes: &'a [String],
}

/// Runs `generate`.
///
/// # Errors
/// Unreadable input or sound, parameters the generator refuses (with the reason), or an
/// output that cannot be written.
pub fn run(kind: GenerateKind, out: &mut dyn Write) -> Result<u8, Failure> {
    if let GenerateKind::Walk { common, walk } = &kind
        && walk.search
    {
        return search(common, walk, out);
    }
    let (generator, common) = generator(kind)?;
    let io = &common.io;
    let (label, writes_archive) = label_and_target(io)?;
    let motion: Motion = super::transform::read_motion(&io.input, io.entry.as_deref())?;
    let request: OpRequest<PathBuf> = OpRequest::Generate {
        generator: generator.clone(),
        span_ms: common.range.span(),
    };
    let outcome = request
        .run(&motion, &Context::whole(&label), &[])
        .map_err(|e| Failure::usage(format!("{label}: {e}")))?;
    let archive =
        writes_archive.then_some((io.input.as_path(), io.entry.as_deref().unwrap_or_default()));
    if !common.json {
        return finish(&outcome, &label, &io.output, archive, out);
    }
    finish(&outcome, &label, &io.output, archive, &mut std::io::sink())?;
    let model = crate::ops::design_of(&motion)
        .map_err(|e| Failure::usage(format!("{label}: {e}")))?
        .model;
    let report = Report {
        input: label,
        output: io.output.display().to_string(),
        generator: generator.words(),
        joints: generator.joint_names(model).unwrap_or_default(),
        duration_ms: crate::robot::timing::duration_ms(&outcome.motion.keyframes),
        keyframes: outcome.motion.keyframes.len(),
        notes: &outcome.notes,
    };
    let text = serde_json::to_string_pretty(&report).map_err(|e| Failure::usage(e.to_string()))?;
    writeln!(out, "{text}").map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}

/// `generate walk --search`: the search's progress a line a generation (on standard error
/// with `--json`), then the best walk written as `generate walk` writes one.
fn search(common: &Common, args: &WalkArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    use crate::ops::generate::search::{Asked, Progress, find_walk};
    let io = &common.io;
    let (label, writes_archive) = label_and_target(io)?;
    let motion: Motion = super::transform::read_motion(&io.input, io.entry.as_deref())?;
    let asked = Asked {
        gait: args.walk().gait,
        per_generation: args.candidates,
        generations: args.generations,
        seed: args.seed,
        ..Asked::default()
    };
    let began = std::time::Instant::now();
    let mut lines: Vec<String> = Vec::new();
    let mut report = |progress: &Progress| {
        if let Some(best) = progress.best.first() {
            let line = format!(
                "generation {}: {} scored; best {:.0} mm/s, heading {:+.1}°, {} slips, {} \
                 warnings{} (stride {:.0} mm, lift {:.0} mm, cycle {} ms, duty {:.2}, \
                 height {:.0} mm, pitch {:+.1}°)",
                progress.generation,
                progress.scored,
                best.speed_mm_s,
                best.heading_deg,
                best.slips,
                best.warnings,
                if best.fell { ", falls" } else { "" },
                best.walk.stride_mm,
                best.walk.lift_mm,
                best.walk.period_ms,
                best.walk.duty,
                best.walk.height_mm.unwrap_or_default(),
                best.walk.pitch_deg
            );
            if common.json {
                eprintln!("{line}");
            } else {
                lines.push(line);
            }
        }
        args.seconds
            .is_none_or(|limit| began.elapsed().as_secs() < limit)
    };
    let found = find_walk(&motion, &asked, &mut report)
        .ok_or_else(|| Failure::usage(format!("{label}: the search scored no walk")))?;
    for line in &lines {
        writeln!(out, "{line}").map_err(|e| Failure::output(&e))?;
    }
    let request: OpRequest<PathBuf> = OpRequest::Generate {
        generator: Generator::Walk(found.walk.clone()),
        span_ms: common.range.span(),
    };
    let mut outcome = request
        .run(&motion, &Context::whole(&label), &[])
        .map_err(|e| Failure::usage(format!("{label}: {e}")))?;
    outcome.notes.insert(
        0,
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
        ),
    );
    let archive =
        writes_archive.then_some((io.input.as_path(), io.entry.as_deref().unwrap_or_default()));
    if common.json {
        finish(&outcome, &label, &io.output, archive, &mut std::io::sink())?;
        let text = serde_json::to_string_pretty(&serde_json::json!({
            "output": io.output.display().to_string(),
            "speed_mm_s": found.speed_mm_s,
            "heading_deg": found.heading_deg,
            "clean": found.is_clean(),
            "walk": {
                "stride_mm": found.walk.stride_mm,
                "lift_mm": found.walk.lift_mm,
                "period_ms": found.walk.period_ms,
                "duty": found.walk.duty,
                "height_mm": found.walk.height_mm,
                "pitch_deg": found.walk.pitch_deg,
            },
            "notes": outcome.notes,
        }))
        .map_err(|e| Failure::usage(e.to_string()))?;
        writeln!(out, "{text}").map_err(|e| Failure::output(&e))?;
        return Ok(EXIT_OK);
    }
    finish(&outcome, &label, &io.output, archive, out)
}
