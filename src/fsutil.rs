//! Saving without ever leaving a half-written file: write beside the target, flush to disk,
//! then rename over it.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary path written before the rename: hidden, beside the target, unique per process.
fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "untitled".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.mtn-studio-{}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` atomically: readers see the old file or the new one, never a mix.
/// An existing file's permissions are kept.
///
/// # Errors
/// Any I/O error; the temporary file is removed and the target left as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temporary = temporary_path(path);
    let result = (|| {
        let mut file = File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(metadata) = fs::metadata(path) {
            fs::set_permissions(&temporary, metadata.permissions())?;
        }
        fs::rename(&temporary, path)?;
        // Make the rename itself durable where the platform allows it.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(dir) = File::open(dir)
        {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_nothing_beside_it() -> io::Result<()> {
        let dir = std::env::temp_dir().join(format!("mtn-studio-fsutil-{}", std::process::id()));
        fs::create_dir_all(&dir)?;
        let target = dir.join("motion.mtn");
        fs::write(&target, b"old")?;
        write_atomic(&target, b"new contents")?;
        assert_eq!(fs::read(&target)?, b"new contents");
        let leftovers = fs::read_dir(&dir)?.count();
        assert_eq!(leftovers, 1);
        fs::remove_dir_all(&dir)
    }

    #[test]
    fn a_failed_write_leaves_the_target_alone() {
        let missing = std::env::temp_dir().join("mtn-studio-no-such-dir/x/motion.mtn");
        assert!(write_atomic(&missing, b"data").is_err());
        assert!(!missing.exists());
    }
}
