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
use crate::presets::{Preset, Presets, Setting};
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
    /// A preset's parameters (built in, or kept with --keep-as beside the pose library).
    Preset {
        /// The common arguments.
        #[command(flatten)]
        common: Common,
        /// The preset's name (`generate presets` lists them).
        #[arg(long)]
        name: String,
        /// For a mouth's preset: the sound it follows (a WAV file).
        #[arg(long)]
        sound: Option<PathBuf>,
        /// Where the sound starts in the motion, ms.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        sound_at: i64,
    },
    /// List the presets: the built-in ones, then those kept beside the pose library.
    Presets {
        /// Each preset's settings as JSON.
        #[arg(long)]
        json: bool,
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
    pub(super) io: InOut,
    /// Where to generate (else the whole motion; a generator given a count starts there).
    #[command(flatten)]
    pub(super) range: MaybeRange,
    /// Print what was done as JSON.
    #[arg(long)]
    pub(super) json: bool,
    /// Keep these parameters as a preset of this name too (beside the pose library).
    #[arg(long)]
    pub(super) keep_as: Option<String>,
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
    /// How far forward of where they stand the front paws step, mm (negative: back).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    front: f64,
    /// How far forward of where they stand the hind paws step, mm (negative: back).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    hind: f64,
    /// How many cycles.
    #[arg(long, default_value_t = Walk::default().cycles)]
    cycles: u32,
    /// Search for the fastest clean walk in the simulation instead (the stride, lift,
    /// cycle, duty factor, height, pitch and the paws' shifts searched; the gait as given)
    /// and write the best.
    #[arg(long)]
    pub(super) search: bool,
    /// The search's seed: the same seed and generations find the same walk.
    #[arg(long, default_value_t = 1, requires = "search")]
    pub(super) seed: u64,
    /// The search's generations, at most (default: 20, or as many as --seconds allows).
    #[arg(long, requires = "search")]
    pub(super) generations: Option<usize>,
    /// Candidates a generation (4 to 256).
    #[arg(long, default_value_t = 16, requires = "search")]
    pub(super) candidates: usize,
    /// Stop the search after this many seconds (after the generation running then).
    #[arg(long, requires = "search")]
    pub(super) seconds: Option<u64>,
}

impl WalkArgs {
    pub(super) fn walk(&self) -> Walk {
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
            front_mm: self.front,
            hind_mm: self.hind,
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
        GenerateKind::Preset {
            common,
            name,
            sound,
            sound_at,
        } => {
            let preset = Presets::beside_poses()
                .find(&name)
                .map_err(|e| Failure::usage(format!("--name: {e}")))?;
            let loudness = match &sound {
                Some(path) => Some(mouth::loudness(&read_wave(path)?, sound_at)),
                None => None,
            };
            let generator = preset.setting.generator(loudness).ok_or_else(|| {
                Failure::usage(format!(
                    "the preset \"{}\" is a mouth's: give the sound it follows with --sound",
                    preset.name
                ))
            })?;
            (generator, common)
        }
        GenerateKind::Presets { .. } => {
            return Err(Failure::usage(
                "generate presets lists; it writes nothing".to_owned(),
            ));
        }
        GenerateKind::Mouth {
            common,
            sound,
            sound_at,
            open,
            smoothing,
            lead,
        } => {
            let wave = read_wave(&sound)?;
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

/// The sound at `path`, decoded.
fn read_wave(path: &std::path::Path) -> Result<crate::codec::sound::wave::Wave, Failure> {
    let shown = path.display();
    let bytes =
        std::fs::read(path).map_err(|e| Failure::usage(format!("{shown}: cannot read: {e}")))?;
    crate::codec::sound::wave::decode(&bytes).map_err(|e| Failure::usage(format!("{shown}: {e}")))
}

/// `generate presets`: each preset's name and generator (and with `--json` its settings).
fn list_presets(json: bool, out: &mut dyn Write) -> Result<u8, Failure> {
    let presets = Presets::beside_poses()
        .all()
        .map_err(|e| Failure::usage(e.to_string()))?;
    let built = crate::presets::built_in().len();
    if json {
        let text =
            serde_json::to_string_pretty(&presets).map_err(|e| Failure::usage(e.to_string()))?;
        writeln!(out, "{text}").map_err(|e| Failure::output(&e))?;
        return Ok(EXIT_OK);
    }
    for (i, preset) in presets.iter().enumerate() {
        let what = preset.setting.words();
        let whose = if i < built { "built in" } else { "kept" };
        writeln!(out, "{:<20} {what} ({whose})", preset.name).map_err(|e| Failure::output(&e))?;
    }
    Ok(EXIT_OK)
}

/// Keeps `generator`'s parameters as the preset `name`, and says so.
pub(super) fn keep_as(
    name: &str,
    generator: &Generator,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let presets = Presets::beside_poses();
    let replaced = presets
        .keep(Preset {
            name: name.to_owned(),
            setting: Setting::of(generator),
        })
        .map_err(|e| Failure::usage(format!("--keep-as: {e}")))?;
    writeln!(
        out,
        "{} the preset \"{}\"",
        if replaced { "replaced" } else { "kept" },
        name.trim()
    )
    .map_err(|e| Failure::output(&e))
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
    if let GenerateKind::Presets { json } = kind {
        return list_presets(json, out);
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
        let code = finish(&outcome, &label, &io.output, archive, out)?;
        if let Some(name) = &common.keep_as {
            keep_as(name, &generator, out)?;
        }
        return Ok(code);
    }
    finish(&outcome, &label, &io.output, archive, &mut std::io::sink())?;
    if let Some(name) = &common.keep_as {
        keep_as(name, &generator, &mut std::io::sink())?;
    }
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
