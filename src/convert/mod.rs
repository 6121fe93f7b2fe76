//! Between an AIBO motion and the formats around it: Choreonoid body motions (.seq/.yaml)
//! and key-pose sequences (.pseq), Webots motions (.motion), CSV and JSON. Export samples
//! the robot's exact command stream; import maps a file's joints onto an AIBO's and reduces
//! its dense frames to the fewest keyframes that replay, with the robot's interpolation, within a tolerance of
//! every source frame. The window and the command line both go through here.
//!
//! - [`files`]: reading a path of any kind as a motion, writing a motion as any kind;
//! - [`import`]: body motions and key poses onto an AIBO;
//! - [`export`]: an AIBO motion as a body motion or key poses;
//! - [`map`]: which source part drives which AIBO joint;
//! - [`reduce`]: dense frames to keyframes;
//! - [`webots`]: an AIBO motion as a Webots `.motion` file and back, and a Webots project
//!   that plays it.

mod error;
pub mod export;
pub mod files;
pub mod import;
pub mod map;
pub mod reduce;
pub mod webots;

pub use error::{ConvertError, MAX_TEXT_BYTES, Refusal};
pub use export::{DEFAULT_FPS, ExportOptions, mtn_keyframes_to_body, mtn_to_body, mtn_to_pseq};
pub use files::{
    ImportSource, convert_own, convert_path, export_as, export_bytes, import_path, named_design,
    read_text, text_from, write_csv,
};
pub use import::{ImportOptions, ImportReport, body_to_mtn, pseq_to_mtn};
pub use map::{Drive, MapEntry, MapError, Part, parse_map, stand_rad, write_map};
pub use reduce::{MAX_SEGMENT_FRAMES, Method, Reduction, reduce_body};

/// The default import tolerance in degrees.
pub const DEFAULT_TOLERANCE_DEG: f64 = 0.5;
/// The name an imported motion gets when neither its file's contents nor its file name give
/// one that fits the grammar.
pub const IMPORTED_NAME: &str = "a_stand#stand_imported";

/// The name a motion imported from `path` gets when the file's contents give none: the file
/// name's stem where it fits the motion-name grammar (`a_walk#walk_sox_fwd.motion`, as the
/// Webots export names it, comes back as `a_walk#walk_sox_fwd`, postures and all), else
/// [`IMPORTED_NAME`].
#[must_use]
pub fn imported_name(path: &std::path::Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|stem| {
            crate::robot::chunk_name::parse(stem).is_some()
                && crate::robot::chunk_name::validate(stem, true, None).is_empty()
        })
        .unwrap_or_else(|| IMPORTED_NAME.to_owned())
}
