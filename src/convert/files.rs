//! Paths in, paths out: reading a file of any kind we import as an AIBO motion, writing a
//! motion as any kind we export, and converting a body motion or key-pose sequence to a
//! format of its own kind. The window's Import and Export and the command line's `convert`
//! all go through here; [`FileKind`] says what a path is.

use super::error::{ConvertError, MAX_TEXT_BYTES, Refusal};
use super::export::{ExportOptions, mtn_keyframes_to_body, mtn_to_body, mtn_to_pseq};
use super::import::{ImportOptions, body_to_mtn, pseq_to_mtn};
use crate::codec::kind::FileKind;
use crate::codec::mtn::Motion;
use crate::codec::{csv, pseq, seq, webots};
use crate::robot::timing;
use crate::words::plural;
use std::path::Path;

/// Reads a text file of at most [`MAX_TEXT_BYTES`].
///
/// # Errors
/// The file cannot be read, is too large, or is not UTF-8 (the error gives the byte).
pub fn read_text(path: &Path) -> Result<String, ConvertError> {
    let read = |source| ConvertError::Read {
        path: path.to_owned(),
        source,
    };
    let size = std::fs::metadata(path).map_err(read)?.len();
    if size > MAX_TEXT_BYTES {
        return Err(ConvertError::TooLarge {
            path: path.to_owned(),
            size,
        });
    }
    text_from(path, std::fs::read(path).map_err(read)?)
}

/// `bytes` as text, `name` naming them in the error (a path, or standard input).
///
/// # Errors
/// The bytes are not UTF-8 (the error gives the byte).
pub fn text_from(name: &Path, bytes: Vec<u8>) -> Result<String, ConvertError> {
    String::from_utf8(bytes).map_err(|e| ConvertError::NotText {
        path: name.to_owned(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// The design label a body motion or pose file names (an mtn-studio export's), if any.
#[must_use]
pub fn named_design(path: &Path) -> Option<String> {
    let file = std::fs::File::open(path).ok()?;
    let mut head = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(file, 4096), &mut head).ok()?;
    seq::mtn_studio_comments(&head).0
}

/// A file read for import, before it becomes an AIBO motion: a body motion or key-pose
/// sequence still to be mapped onto an AIBO's joints, or a motion (.csv, .json) as it is.
/// The Import window reads its file once and maps it again at every change of the grid.
#[derive(Clone, Debug)]
pub enum ImportSource {
    /// A Choreonoid body motion (.seq, .yaml).
    Body(seq::BodyMotion),
    /// A key-pose sequence (.pseq).
    Poses(pseq::PoseSeq),
    /// An AIBO motion written as CSV or JSON.
    Motion(Motion),
}

impl ImportSource {
    /// Reads a .csv, .json, .seq/.yaml or .pseq file.
    ///
    /// # Errors
    /// A kind import does not read, or an unreadable or malformed file (the error names the
    /// file and the line).
    pub fn read(path: &Path) -> Result<Self, ConvertError> {
        use crate::open::{OpenOptions, Opening};
        let opening =
            crate::open::sniff(path, OpenOptions::WINDOW).map_err(|source| ConvertError::Read {
                path: path.to_owned(),
                source,
            })?;
        let kind = match opening {
            Opening::Import(kind) => Some(kind),
            Opening::JsonMotion => Some(FileKind::Json),
            Opening::Motion => Some(FileKind::Mtn),
            Opening::Archive => Some(FileKind::Oda),
            Opening::Gait => Some(FileKind::Gait),
            // Which of the stick's files, for the message.
            Opening::Stick => FileKind::sniff(path).ok().flatten(),
            Opening::Sound | Opening::Led | Opening::Unknown => None,
        };
        Self::from_text(path, kind, || read_text(path))
    }

    /// Reads `text()`, a file of `kind` that `name` names in messages (a path, or standard
    /// input); `text` is called only for a kind import reads.
    ///
    /// # Errors
    /// As [`Self::read`].
    pub fn from_text(
        name: &Path,
        kind: Option<FileKind>,
        text: impl FnOnce() -> Result<String, ConvertError>,
    ) -> Result<Self, ConvertError> {
        let malformed = |e| ConvertError::malformed(name, e);
        Ok(match kind {
            Some(FileKind::Csv) => Self::Motion(csv::read(&text()?).map_err(malformed)?),
            Some(FileKind::Json) => Self::Motion(
                serde_json::from_str(&text()?).map_err(|e| ConvertError::malformed(name, e))?,
            ),
            Some(FileKind::BodyMotion) => {
                Self::Body(seq::read(&text()?).map_err(|e| ConvertError::malformed(name, e))?)
            }
            Some(FileKind::PoseSeq) => {
                Self::Poses(pseq::read(&text()?).map_err(|e| ConvertError::malformed(name, e))?)
            }
            Some(FileKind::WebotsMotion) => {
                let motion =
                    webots::read(&text()?).map_err(|e| ConvertError::malformed(name, e))?;
                Self::Body(
                    super::webots::webots_to_body(&motion)
                        .map_err(|refusal| ConvertError::refused(name, refusal))?,
                )
            }
            other @ (Some(
                FileKind::Mtn
                | FileKind::Oda
                | FileKind::Gait
                | FileKind::BehaviourTable
                | FileKind::StickImage,
            )
            | None) => {
                return Err(ConvertError::refused(
                    name,
                    Refusal::Kind(format!(
                        "{}: import reads {} (open {} with Open)",
                        other.map_or("a file of unknown kind", FileKind::description),
                        crate::codec::kind::listed_extensions(&FileKind::IMPORTED),
                        other.map_or("AIBO motions and archives", |k| k.description())
                    )),
                ));
            }
        })
    }

    /// Whether its parts are mapped onto an AIBO's joints (a body motion or pose sequence).
    #[must_use]
    pub fn is_mapped(&self) -> bool {
        !matches!(self, Self::Motion(_))
    }

    /// The design label the file names (an mtn-studio export's), if any.
    #[must_use]
    pub fn named_design(&self) -> Option<&str> {
        match self {
            Self::Body(body) => body.design.as_deref(),
            Self::Poses(poses) => poses.design.as_deref(),
            Self::Motion(motion) => Some(&motion.design),
        }
    }

    /// The names the file gives its parts (an mtn-studio export's locators), else none.
    #[must_use]
    pub fn part_names(&self) -> &[String] {
        match self {
            Self::Body(body) => &body.locators,
            Self::Poses(poses) => &poses.locators,
            Self::Motion(motion) => &motion.locators,
        }
    }

    /// How many parts each frame or pose has.
    #[must_use]
    pub fn parts(&self) -> usize {
        match self {
            Self::Body(body) => body.parts,
            Self::Poses(poses) => poses
                .poses
                .iter()
                .flat_map(|p| p.joints.iter().map(|(i, _)| i + 1))
                .max()
                .unwrap_or(0)
                .max(poses.locators.len()),
            Self::Motion(motion) => motion.locators.len(),
        }
    }

    /// The AIBO motion it becomes, with a line saying what was done and any notes (the first
    /// line is the summary). `path` is the file it was read from, for the messages.
    ///
    /// # Errors
    /// A refusal (no model, a bad map, no frames), naming the file.
    pub fn to_mtn(
        &self,
        path: &Path,
        options: &ImportOptions,
    ) -> Result<(Motion, Vec<String>), ConvertError> {
        let shown = path.display();
        let refused = |refusal| ConvertError::refused(path, refusal);
        match self {
            Self::Motion(motion) => Ok((motion.clone(), vec![format!("Imported {shown}")])),
            Self::Body(body) => {
                let (motion, report) = body_to_mtn(body, options).map_err(refused)?;
                let mut lines = vec![format!(
                    "Imported {shown}: {} at {} fps became {}, largest difference {:.3}° \
                     (tolerance {}°)",
                    plural(body.frame_count(), "frame", "frames"),
                    body.frame_rate,
                    plural(report.keyframes, "keyframe", "keyframes"),
                    report.max_error_deg,
                    options.tolerance_deg
                )];
                lines.extend(body.notes.iter().cloned());
                lines.extend(report.notes);
                Ok((motion, lines))
            }
            Self::Poses(poses) => {
                let (motion, report) = pseq_to_mtn(poses, options).map_err(refused)?;
                let mut lines = vec![format!(
                    "Imported {shown}: {} became {} ({} ms)",
                    plural(poses.poses.len(), "pose", "poses"),
                    plural(report.keyframes, "keyframe", "keyframes"),
                    timing::duration_ms(&motion.keyframes)
                )];
                lines.extend(poses.notes.iter().cloned());
                lines.extend(report.notes);
                Ok((motion, lines))
            }
        }
    }
}

/// Reads a motion from a .csv, .json, .seq/.yaml or .pseq file, with a line saying what was
/// done and any notes (the first line is the summary).
///
/// # Errors
/// A kind import does not read, an unreadable or malformed file (the error names the file
/// and line), or a conversion that is refused (no model, a bad map, no frames).
pub fn import_path(
    path: &Path,
    options: &ImportOptions,
) -> Result<(Motion, Vec<String>), ConvertError> {
    ImportSource::read(path)?.to_mtn(path, options)
}

/// A motion as CSV: its keyframes with their times, the joints under their friendly names.
#[must_use]
pub fn write_csv(motion: &Motion) -> String {
    let names: Vec<String> = motion
        .locators
        .iter()
        .map(|l| crate::robot::joint_name(&motion.design, l).to_owned())
        .collect();
    csv::write(
        motion,
        &names,
        &timing::keyframe_times_ms(&motion.keyframes),
    )
}

/// A motion in the format `path`'s extension names.
///
/// # Errors
/// An extension we do not write, or a motion the format cannot hold (too many frames at this
/// rate, a string MTN cannot hold).
pub fn export_bytes(
    motion: &Motion,
    path: &Path,
    options: ExportOptions,
) -> Result<Vec<u8>, ConvertError> {
    export_as(motion, FileKind::by_extension(path), path, options)
}

/// A motion in the format `kind`, `path` naming the output in messages (a path, or
/// standard output).
///
/// # Errors
/// As [`export_bytes`].
pub fn export_as(
    motion: &Motion,
    kind: Option<FileKind>,
    path: &Path,
    options: ExportOptions,
) -> Result<Vec<u8>, ConvertError> {
    let refused = |refusal| ConvertError::refused(path, refusal);
    let version = if options.seq_v4 {
        seq::Version::V4
    } else {
        seq::Version::V2
    };
    Ok(match kind {
        Some(FileKind::Mtn) => {
            crate::codec::mtn::encode(motion).map_err(|e| refused(Refusal::Encode(e)))?
        }
        Some(FileKind::Json) => {
            let mut text = serde_json::to_vec_pretty(motion).map_err(|e| ConvertError::Write {
                path: path.to_owned(),
                source: e.into(),
            })?;
            text.push(b'\n');
            text
        }
        Some(FileKind::Csv) => write_csv(motion).into_bytes(),
        Some(FileKind::PoseSeq) => pseq::write(&mtn_to_pseq(motion)).into_bytes(),
        Some(FileKind::BodyMotion) if options.keyframes_only => {
            let (body, times) = mtn_keyframes_to_body(motion);
            seq::write(&body, version, Some(&times)).into_bytes()
        }
        Some(FileKind::BodyMotion) => {
            let body = mtn_to_body(motion, options.fps).map_err(refused)?;
            seq::write(&body, version, None).into_bytes()
        }
        Some(FileKind::WebotsMotion) => {
            super::webots::mtn_to_webots_text(motion, options.every_tick)
                .map_err(refused)?
                .into_bytes()
        }
        Some(FileKind::Oda | FileKind::Gait | FileKind::BehaviourTable | FileKind::StickImage)
        | None => {
            return Err(refused(Refusal::Kind(format!(
                "export writes {}",
                crate::codec::kind::listed_extensions(&FileKind::EXPORTED)
            ))));
        }
    })
}

/// A body motion or key-pose sequence written in a format of its own kind, with what the
/// reader noted.
#[derive(Debug)]
pub struct OwnKind {
    /// The bytes to write.
    pub bytes: Vec<u8>,
    /// What was skipped or assumed while reading, one line each.
    pub notes: Vec<String>,
}

fn to_json(value: &impl serde::Serialize, output: &Path) -> Result<Vec<u8>, ConvertError> {
    let mut text = serde_json::to_vec_pretty(value).map_err(|e| ConvertError::Write {
        path: output.to_owned(),
        source: e.into(),
    })?;
    text.push(b'\n');
    Ok(text)
}

/// Converts a body motion or key-pose sequence to a format of its own kind (itself, CSV or
/// JSON: no AIBO model needed). `None` when the input is not one of those, or the output is
/// an AIBO motion, which goes through [`import_path`] instead.
///
/// # Errors
/// An unreadable or malformed input; an output of the other kind (a body motion cannot
/// become key poses, nor the other way, except through MTN).
pub fn convert_path(
    input: &Path,
    output: &Path,
    seq_v4: bool,
) -> Result<Option<OwnKind>, ConvertError> {
    let Some(output_kind) = FileKind::by_extension(output) else {
        return Ok(None);
    };
    convert_own(
        (input, FileKind::by_extension(input)),
        || read_text(input),
        (output, output_kind),
        seq_v4,
    )
}

/// [`convert_path`] with the kinds given: `input` and `output` name the two sides in
/// messages (paths, or the standard streams) with their kinds; `text` is called only when
/// the input is a body motion or key-pose sequence.
///
/// # Errors
/// As [`convert_path`].
pub fn convert_own(
    input: (&Path, Option<FileKind>),
    text: impl FnOnce() -> Result<String, ConvertError>,
    output: (&Path, FileKind),
    seq_v4: bool,
) -> Result<Option<OwnKind>, ConvertError> {
    let ((input, input_kind), (output, output_kind)) = (input, output);
    let across = |what| Err(ConvertError::refused(output, Refusal::Across { what }));
    match (input_kind, output_kind) {
        (_, FileKind::Mtn) => Ok(None),
        (Some(FileKind::BodyMotion), _) => {
            let body = seq::read(&text()?).map_err(|e| ConvertError::malformed(input, e))?;
            let bytes = match output_kind {
                FileKind::BodyMotion => {
                    let version = if seq_v4 {
                        seq::Version::V4
                    } else {
                        seq::Version::V2
                    };
                    seq::write(&body, version, None).into_bytes()
                }
                FileKind::Csv => csv::write_body(&body).into_bytes(),
                FileKind::Json => to_json(&body, output)?,
                FileKind::PoseSeq => return across("a body motion becomes a key-pose sequence"),
                // Through a motion: the caller converts these.
                FileKind::Mtn
                | FileKind::Oda
                | FileKind::Gait
                | FileKind::WebotsMotion
                | FileKind::BehaviourTable
                | FileKind::StickImage => {
                    return Ok(None);
                }
            };
            Ok(Some(OwnKind {
                bytes,
                notes: body.notes,
            }))
        }
        (Some(FileKind::PoseSeq), _) => {
            let poses = pseq::read(&text()?).map_err(|e| ConvertError::malformed(input, e))?;
            let bytes = match output_kind {
                FileKind::PoseSeq => pseq::write(&poses).into_bytes(),
                FileKind::Csv => csv::write_poses(&poses).into_bytes(),
                FileKind::Json => to_json(&poses, output)?,
                FileKind::BodyMotion => {
                    return across("a key-pose sequence becomes a body motion");
                }
                // Through a motion: the caller converts these.
                FileKind::Mtn
                | FileKind::Oda
                | FileKind::Gait
                | FileKind::WebotsMotion
                | FileKind::BehaviourTable
                | FileKind::StickImage => {
                    return Ok(None);
                }
            };
            Ok(Some(OwnKind {
                bytes,
                notes: poses.notes,
            }))
        }
        // Not a body motion or key-pose sequence: read as a motion by the caller.
        (
            None
            | Some(
                FileKind::Mtn
                | FileKind::Oda
                | FileKind::Gait
                | FileKind::Json
                | FileKind::Csv
                | FileKind::WebotsMotion
                | FileKind::BehaviourTable
                | FileKind::StickImage,
            ),
            _,
        ) => Ok(None),
    }
}
