//! `convert`: any format we read to any we write, a path or `-` (a standard stream) on
//! either side.

use super::failure::{EXIT_OK, Failure};
use super::input::{load_data, motions_of, read_stdin};
use super::transform::{first_motion, read_motion};
use crate::codec::kind::{FileKind, SNIFF_LEN, listed_cli_names, listed_extensions};
use crate::codec::mtn::Motion;
use crate::convert::{self, ConvertError, ImportSource, Refusal};
use crate::fsutil::write_atomic;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `convert` beyond its files.
#[derive(Clone, Debug, clap::Args)]
pub struct ConvertOptions {
    /// The AIBO design label for a body motion that does not name one (e.g. DRX-1000).
    #[arg(long, value_name = "LABEL")]
    pub model: Option<String>,
    /// A mapping file: one `JOINT = PART` per line (AIBO joint name or locator = the
    /// 0-based index of the source part).
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// Frames per second for .seq export.
    #[arg(long, default_value_t = crate::convert::DEFAULT_FPS)]
    pub fps: f64,
    /// Largest allowed difference from the source when reducing to keyframes, degrees.
    #[arg(
        long,
        value_name = "DEG",
        default_value_t = crate::convert::DEFAULT_TOLERANCE_DEG,
        allow_negative_numbers = true
    )]
    pub tolerance: f64,
    /// Export the keyframes only, each with its time (hasFrameTime).
    #[arg(long)]
    pub keyframes_only: bool,
    /// Write formatVersion 4 (snake_case keys) instead of 2.
    #[arg(long)]
    pub seq_v4: bool,
    /// A Webots motion with one pose per 8 ms tick (the robot's exact command stream)
    /// instead of one per keyframe.
    #[arg(long)]
    pub every_tick: bool,
    /// Also write a Webots project in DIR that plays the motion (a world with the AiboErs7
    /// on a floor, and a Python controller that loops it); with a .motion output.
    #[arg(long, value_name = "DIR")]
    pub webots_project: Option<PathBuf>,
    /// The input's format, where its extension does not say (needed for `-`, standard
    /// input, unless its first bytes say: MTN, ODA).
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<FileKind>,
    /// The output's format, where its extension does not say (needed for `-`, standard
    /// output).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<FileKind>,
}

/// The formats `--from` and `--to` name: the file-kind registry's command-line names.
impl clap::ValueEnum for FileKind {
    fn value_variants<'a>() -> &'a [Self] {
        /// The kinds with a command-line name (clap wants no others here).
        static NAMED: std::sync::LazyLock<Vec<FileKind>> = std::sync::LazyLock::new(|| {
            FileKind::ALL
                .into_iter()
                .filter(|kind| kind.cli_name().is_some())
                .collect()
        });
        &NAMED
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        self.cli_name()
            .map(|name| clap::builder::PossibleValue::new(name).help(self.description()))
    }
}

fn export_options(options: &ConvertOptions) -> convert::ExportOptions {
    convert::ExportOptions {
        fps: options.fps,
        keyframes_only: options.keyframes_only,
        seq_v4: options.seq_v4,
        every_tick: options.every_tick,
    }
}

fn import_options(
    options: &ConvertOptions,
    input: &std::path::Path,
) -> Result<convert::ImportOptions, Failure> {
    if !(options.tolerance > 0.0 && options.tolerance <= 45.0) {
        return Err(Failure::usage(format!(
            "{}: the tolerance must be above 0° and at most 45°, not {}°",
            input.display(),
            options.tolerance
        )));
    }
    let map = match &options.map {
        Some(path) => {
            let text = convert::read_text(path).map_err(|e| Failure::usage(e.to_string()))?;
            let map = convert::parse_map(&text)
                .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
            Some(map)
        }
        None => None,
    };
    Ok(convert::ImportOptions {
        design: options.model.clone(),
        map,
        tolerance_deg: options.tolerance,
        name: convert::imported_name(input),
    })
}

/// The command line's words for a conversion error: exit 2 for a file that cannot be read
/// as what it claims to be, 1 for a refused conversion, with the option to give.
fn failure(error: &ConvertError) -> Failure {
    let hint = match error.refusal() {
        Some(Refusal::NoModel) => " (give --model LABEL)",
        Some(Refusal::FrameRate(_) | Refusal::TooManyFrames { .. }) => {
            " (--fps, or --keyframes-only)"
        }
        _ => "",
    };
    let message = format!("{error}{hint}");
    if error.is_unreadable() {
        Failure::unreadable(message)
    } else {
        Failure::usage(message)
    }
}

/// Where `convert` reads: a file, or standard input already read.
enum Input<'a> {
    File(&'a Path),
    Stdin(Vec<u8>),
}

impl Input<'_> {
    /// What messages call it.
    fn name(&self) -> &Path {
        match self {
            Self::File(path) => path,
            Self::Stdin(_) => Path::new("standard input"),
        }
    }

    /// Its kind: `--from`, else its extension (a file), else its first bytes.
    fn kind(&self, from: Option<FileKind>) -> Option<FileKind> {
        from.or_else(|| match self {
            Self::File(path) => FileKind::by_extension(path),
            Self::Stdin(data) => FileKind::detect(
                Path::new("-"),
                &data[..data.len().min(SNIFF_LEN)],
                data.len() as u64,
            )
            .or_else(|| text_kind(data)),
        })
    }

    fn text(&self) -> Result<String, ConvertError> {
        match self {
            Self::File(path) => convert::read_text(path),
            Self::Stdin(data) => convert::text_from(self.name(), data.clone()),
        }
    }
}

/// The kind of a text that names itself: a Choreonoid file's top-level `type:` among its
/// first lines, or JSON's opening brace. CSV says nothing of itself (`--from csv`).
fn text_kind(data: &[u8]) -> Option<FileKind> {
    let text = String::from_utf8_lossy(&data[..data.len().min(4096)]);
    if text.trim_start().starts_with('{') {
        return Some(FileKind::Json);
    }
    text.lines()
        .take(32)
        .find_map(|line| match line.strip_prefix("type:")?.trim() {
            "CompositeSeq" | "BodyMotion" => Some(FileKind::BodyMotion),
            "PoseSeq" => Some(FileKind::PoseSeq),
            _ => None,
        })
}

/// Converts between formats, each side's kind by `--from`/`--to`, else its extension (or
/// standard input's first bytes). A body motion or key-pose sequence becomes an AIBO motion
/// through [`ImportSource`], and every AIBO motion is written through
/// [`convert::export_as`], as the window does. Writing to `-` (standard output) puts the
/// bytes there and every message on standard error.
///
/// # Errors
/// Unreadable input, an unknown format, or a conversion that needs an option it lacks.
pub fn convert(
    input: &Path,
    entry: Option<&str>,
    output: &Path,
    options: &ConvertOptions,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    if let Some(source) = super::sound::chosen_entry(input, entry)? {
        return super::sound::extract(&source, output, out);
    }
    let to_stdout = output.as_os_str() == "-";
    let output_kind = output_kind_of(output, options, to_stdout)?;
    let output_name = if to_stdout {
        Path::new("standard output")
    } else {
        output
    };
    let input = if input.as_os_str() == "-" {
        Input::Stdin(read_stdin()?)
    } else {
        Input::File(input)
    };
    let input_kind = input.kind(options.from);
    let bytes = {
        // With the data on standard output, what is said goes to standard error.
        let mut stderr = std::io::stderr();
        let say: &mut dyn Write = if to_stdout { &mut stderr } else { &mut *out };
        converted(
            &input,
            input_kind,
            entry,
            (output_name, output_kind),
            options,
            say,
        )?
    };
    // The project first: a folder that cannot be written leaves no motion behind.
    if let Some(dir) = &options.webots_project {
        let motion_file = if to_stdout { input.name() } else { output };
        write_webots_project(dir, motion_file, &bytes, to_stdout, out)?;
    }
    write_output(output, &bytes, to_stdout, out)?;
    Ok(EXIT_OK)
}

/// The format to write (`--to`, else the output's extension), where it is one a motion is
/// exported as.
///
/// # Errors
/// No such format (standard output needs `--to`), or a Webots option for another format.
fn output_kind_of(
    output: &Path,
    options: &ConvertOptions,
    to_stdout: bool,
) -> Result<FileKind, Failure> {
    let output_kind = options.to.or_else(|| {
        (!to_stdout)
            .then(|| FileKind::by_extension(output))
            .flatten()
    });
    let Some(output_kind) = output_kind.filter(|k| FileKind::EXPORTED.contains(k)) else {
        return Err(Failure::usage(if to_stdout {
            format!(
                "-: writing to standard output needs --to FORMAT ({})",
                listed_cli_names(&FileKind::EXPORTED)
            )
        } else {
            format!(
                "{}: unknown output format; use {} (or --to)",
                output.display(),
                listed_extensions(&FileKind::EXPORTED)
            )
        }));
    };
    if output_kind != FileKind::WebotsMotion
        && (options.every_tick || options.webots_project.is_some())
    {
        return Err(Failure::usage(format!(
            "{}: --every-tick and --webots-project write a Webots motion: give an output \
             ending .motion (or --to webots)",
            output.display()
        )));
    }
    Ok(output_kind)
}

/// The bytes of `input` converted to `output` (its name and kind): by the format's own
/// conversion where it has one (its notes on standard error), else through the AIBO motion
/// it holds or becomes (what is said goes to `say`).
///
/// # Errors
/// The input cannot be read or converted.
fn converted(
    input: &Input<'_>,
    input_kind: Option<FileKind>,
    entry: Option<&str>,
    (output_name, output_kind): (&Path, FileKind),
    options: &ConvertOptions,
    say: &mut dyn Write,
) -> Result<Vec<u8>, Failure> {
    let own = convert::convert_own(
        (input.name(), input_kind),
        || input.text(),
        (output_name, output_kind),
        options.seq_v4,
    )
    .map_err(|e| failure(&e))?;
    match own {
        Some(own) => {
            for note in &own.notes {
                eprintln!("mtn-studio: {}: {note}", input.name().display());
            }
            Ok(own.bytes)
        }
        None => {
            let motion = motion_of(input, input_kind, entry, options, say)?;
            convert::export_as(
                &motion,
                Some(output_kind),
                output_name,
                export_options(options),
            )
            .map_err(|e| failure(&e))
        }
    }
}

/// Writes a Webots project in `dir` that plays the motion `bytes` (named after
/// `motion_file`), and says so (on standard error when the data goes to standard output).
///
/// # Errors
/// The project cannot be written, or `out` cannot.
fn write_webots_project(
    dir: &Path,
    motion_file: &Path,
    bytes: &[u8],
    to_stdout: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let project = convert::webots::Project::for_motion(dir, motion_file);
    project
        .write(&String::from_utf8_lossy(bytes))
        .map_err(|e| failure(&e))?;
    // With the data on standard output, what is said goes to standard error.
    let said = format!(
        "wrote a Webots project in {} that plays its own copy of the motion ({}): open {} \
         in Webots and press play (the robot loops the motion)",
        dir.display(),
        project.motion.display(),
        project.world.display()
    );
    if to_stdout {
        eprintln!("{said}");
    } else {
        writeln!(out, "{said}").map_err(|e| Failure::output(&e))?;
    }
    Ok(())
}

/// Writes the converted `bytes` to `output` (or to standard output), and says how many.
///
/// # Errors
/// The output cannot be written.
fn write_output(
    output: &Path,
    bytes: &[u8],
    to_stdout: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if to_stdout {
        out.write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| Failure::output(&e))?;
        writeln!(
            std::io::stderr(),
            "wrote {} bytes to standard output",
            bytes.len()
        )
        .map_err(|e| Failure::output(&e))?;
    } else {
        write_atomic(output, bytes)
            .map_err(|e| Failure::usage(format!("{}: cannot write: {e}", output.display())))?;
        writeln!(out, "wrote {} ({} bytes)", output.display(), bytes.len())
            .map_err(|e| Failure::output(&e))?;
    }
    Ok(())
}

/// The AIBO motion `input` holds or becomes: imported (a body motion, key poses, a Webots
/// motion, CSV) with the summary said on `say` and notes on standard error, or read (MTN,
/// ODA, JSON).
fn motion_of(
    input: &Input<'_>,
    kind: Option<FileKind>,
    entry: Option<&str>,
    options: &ConvertOptions,
    say: &mut dyn Write,
) -> Result<Motion, Failure> {
    let name = input.name();
    if matches!(
        kind,
        Some(FileKind::BodyMotion | FileKind::PoseSeq | FileKind::WebotsMotion | FileKind::Csv)
    ) {
        let import = import_options(options, name)?;
        let (motion, lines) = ImportSource::from_text(name, kind, || input.text())
            .and_then(|source| source.to_mtn(name, &import))
            .map_err(|e| failure(&e))?;
        if let Some((summary, notes)) = lines.split_first() {
            writeln!(say, "{summary}").map_err(|e| Failure::output(&e))?;
            for note in notes {
                eprintln!("mtn-studio: {}: {note}", name.display());
            }
        }
        return Ok(motion);
    }
    match input {
        Input::File(path) => read_motion(path, entry),
        Input::Stdin(_) if kind.is_none() => Err(Failure::usage(
            "standard input: its first bytes do not say its format; give --from FORMAT \
             (mtn, oda, json, csv, seq, pseq or webots)"
                .to_owned(),
        )),
        Input::Stdin(data) => {
            let loaded = load_data(Path::new("-"), data.clone())?;
            let sources = motions_of("standard input", loaded, entry, false)?
                .into_iter()
                .collect::<Result<Vec<_>, _>>()?;
            first_motion(sources, "standard input")
        }
    }
}

/// The formats `convert` takes, as the file-kind registry has them: its help's last part.
#[must_use]
pub fn formats_help() -> String {
    let mut help = String::from(
        "Formats (the extension picks one; --from and --to name it for standard input and \
         output):",
    );
    for kind in FileKind::ALL {
        let Some(name) = kind.cli_name() else {
            continue;
        };
        let dotted: Vec<String> = kind.extensions().iter().map(|e| format!(".{e}")).collect();
        let how = if FileKind::EXPORTED.contains(&kind) {
            "read and written"
        } else {
            "read (one of its motions, with --entry)"
        };
        help.push_str(&format!(
            "\n  {name:<7} {:<16} {}, {how}",
            dotted.join(" "),
            kind.description()
        ));
    }
    help
}
