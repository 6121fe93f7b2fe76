//! `new --model LABEL [--posture stand|sit|sleep] -o OUT`: a new motion that holds a
//! model's standard posture, as the window's File > New makes it.

use super::failure::{EXIT_OK, Failure};
use crate::codec::kind::FileKind;
use crate::codec::mtn;
use crate::fsutil::write_atomic;
use crate::robot::postures::new_motion;
use std::io::Write;
use std::path::Path;

/// Writes the new motion to `output` (an .mtn file, never over one that exists).
pub fn run(label: &str, posture: &str, output: &Path, out: &mut dyn Write) -> Result<u8, Failure> {
    let shown = output.display();
    if FileKind::by_extension(output) != Some(FileKind::Mtn) {
        return Err(Failure::usage(format!(
            "{shown}: write the new motion to an .mtn file"
        )));
    }
    if output.exists() {
        return Err(Failure::usage(format!(
            "{shown} exists: a new motion is never written over a file (remove it first)"
        )));
    }
    let motion = new_motion(label, posture).map_err(|e| Failure::usage(e.to_string()))?;
    let bytes = mtn::encode(&motion)
        .map_err(|e| Failure::usage(format!("{shown}: the motion cannot be written: {e}")))?;
    write_atomic(output, &bytes)
        .map_err(|e| Failure::usage(format!("{shown}: cannot write: {e}")))?;
    writeln!(
        out,
        "wrote {shown}: {} ({label}, {} joints) in its {posture} posture, {} ms",
        motion.name,
        motion.locators.len(),
        crate::robot::timing::duration_ms(&motion.keyframes)
    )
    .map_err(|e| Failure::output(&e))?;
    Ok(EXIT_OK)
}
