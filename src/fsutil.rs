//! Saving without ever leaving a half-written file: write beside the target, flush to disk,
//! then rename over it.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// [`write_atomic`], making the folders on the way to `path` first (a project or install
/// laid out in folders of its own).
///
/// # Errors
/// A folder that cannot be made, or as [`write_atomic`].
pub fn write_atomic_making_folders(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    write_atomic(path, bytes)
}

/// Writes `bytes` to `path` atomically: readers see the old file or the new one, never a mix.
/// The temporary file beside the target has an unpredictable name and is created new (never
/// through a link planted at its name); an existing file's permissions are kept; the data and
/// then the rename are flushed to disk.
///
/// A file marked read-only is not replaced (a rename over it would succeed wherever its
/// folder is writable, and as root always): the error says so.
///
/// # Errors
/// Any I/O error; the target read-only; the temporary file is removed and the target left
/// as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().readonly()) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "the file is marked read-only: save it under another name, or make it writable \
             first",
        ));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "untitled".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets what any program's new file gets (read-write for all, less the
    // umask), not the temporary file's owner-only mode.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    if let Ok(metadata) = fs::metadata(path) {
        temporary
            .as_file()
            .set_permissions(metadata.permissions())?;
    }
    // On failure the temporary file is dropped, which removes it.
    temporary.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable where the platform allows it.
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    Ok(())
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
    fn a_read_only_file_is_not_replaced() -> io::Result<()> {
        let dir = std::env::temp_dir().join(format!("mtn-studio-fsutil-ro-{}", std::process::id()));
        fs::create_dir_all(&dir)?;
        let target = dir.join("MOTION.ODA");
        fs::write(&target, b"Sony's")?;
        let mut permissions = fs::metadata(&target)?.permissions();
        permissions.set_readonly(true);
        fs::set_permissions(&target, permissions)?;
        let error = write_atomic(&target, b"edited").expect_err("read-only");
        assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
        assert!(error.to_string().contains("read-only"), "{error}");
        assert_eq!(fs::read(&target)?, b"Sony's");
        assert_eq!(fs::read_dir(&dir)?.count(), 1, "nothing left beside it");
        let mut permissions = fs::metadata(&target)?.permissions();
        #[expect(clippy::permissions_set_readonly_false, reason = "to remove it again")]
        permissions.set_readonly(false);
        fs::set_permissions(&target, permissions)?;
        fs::remove_dir_all(&dir)
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_in_the_folder_is_never_followed_and_permissions_stay() -> io::Result<()> {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir =
            std::env::temp_dir().join(format!("mtn-studio-fsutil-link-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)?;
        let target = dir.join("motion.mtn");
        fs::write(&target, b"old")?;
        fs::set_permissions(&target, fs::Permissions::from_mode(0o640))?;
        // Links at every name an attacker could guess (the old scheme's, and a few more)
        // pointing at a file that must not change.
        let victim = dir.join("victim");
        fs::write(&victim, b"precious")?;
        for guess in [
            format!(".motion.mtn.mtn-studio-{}.tmp", std::process::id()),
            ".motion.mtn.tmp".to_owned(),
            ".motion.mtn..tmp".to_owned(),
        ] {
            symlink(&victim, dir.join(guess))?;
        }
        write_atomic(&target, b"new")?;
        assert_eq!(fs::read(&victim)?, b"precious");
        assert_eq!(fs::read(&target)?, b"new");
        assert!(!fs::symlink_metadata(&target)?.file_type().is_symlink());
        assert_eq!(fs::metadata(&target)?.permissions().mode() & 0o777, 0o640);
        fs::remove_dir_all(&dir)
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_as_readable_as_any_new_file() -> io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let dir =
            std::env::temp_dir().join(format!("mtn-studio-fsutil-new-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)?;
        let plain = dir.join("plain");
        fs::write(&plain, b"x")?;
        let target = dir.join("motion.mtn");
        write_atomic(&target, b"new")?;
        assert_eq!(
            fs::metadata(&target)?.permissions().mode() & 0o777,
            fs::metadata(&plain)?.permissions().mode() & 0o777,
            "the same mode as a file made by fs::write"
        );
        fs::remove_dir_all(&dir)
    }

    #[test]
    fn a_failed_write_leaves_the_target_alone() {
        let missing = std::env::temp_dir().join("mtn-studio-no-such-dir/x/motion.mtn");
        assert!(write_atomic(&missing, b"data").is_err());
        assert!(!missing.exists());
    }
}
