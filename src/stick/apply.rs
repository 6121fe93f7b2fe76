//! Writing a [`Plan`] to the stick: each file atomically (`fsutil::write_atomic`), each file
//! it changes kept first as `NAME.bak` beside it (unless asked not to, or a backup is there
//! already: the first one, of the file before mtn-studio changed it, is kept), and, if any write
//! fails, every file already written put back as it was and the backups taken away: a
//! failure part way leaves the stick as it was. Nothing is written where a file has changed
//! since the plan was made.

use super::add::{FileChange, Plan};
use crate::fsutil::{write_atomic, write_atomic_making_folders};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a plan was not written; the stick is as it was.
#[derive(Debug, Error)]
#[error("{}: {why}; nothing on the stick was changed", path.display())]
pub struct ApplyError {
    /// The file that failed.
    pub path: PathBuf,
    /// Why.
    pub why: String,
}

/// Where the backup of `path` goes: `NAME.bak` beside it.
#[must_use]
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `plan`; returns the backups it made.
///
/// # Errors
/// A file changed since the plan, or a write that failed (everything written is undone).
pub fn apply(plan: &Plan, backup: bool) -> Result<Vec<PathBuf>, ApplyError> {
    for change in &plan.changes {
        let now = std::fs::read(&change.path).ok();
        if now != change.before {
            return Err(ApplyError {
                path: change.path.clone(),
                why: "it changed since the stick was read (read it again)".to_owned(),
            });
        }
    }
    let mut backups = Vec::new();
    let mut written: Vec<&FileChange> = Vec::new();
    let result = (|| {
        if backup {
            for change in &plan.changes {
                // A backup there already is kept: it holds the file as it was before
                // mtn-studio first changed it (Sony's own, on a stick as shipped).
                let to = backup_path(&change.path);
                if let (Some(before), false) = (&change.before, to.exists()) {
                    write_atomic(&to, before).map_err(|e| (to.clone(), e))?;
                    backups.push(to);
                }
            }
        }
        for change in &plan.changes {
            match &change.after {
                Some(bytes) => write_atomic_making_folders(&change.path, bytes),
                None => std::fs::remove_file(&change.path),
            }
            .map_err(|e| (change.path.clone(), e))?;
            written.push(change);
        }
        Ok(())
    })();
    match result {
        Ok(()) => Ok(backups),
        Err((path, e)) => {
            undo(&written, &backups);
            Err(ApplyError {
                path,
                why: e.to_string(),
            })
        }
    }
}

/// Puts back every file of `written` as it was before, and takes `backups` away.
fn undo(written: &[&FileChange], backups: &[PathBuf]) {
    for change in written.iter().rev() {
        let _restored = match &change.before {
            Some(bytes) => write_atomic(&change.path, bytes),
            None => std::fs::remove_file(&change.path),
        };
    }
    for backup in backups {
        let _removed = std::fs::remove_file(backup);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_that_fails_part_way_puts_every_file_back() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let kept = dir.path().join("KEPT.CFG");
        let made = dir.path().join("NEW.ODA");
        let blocked = dir.path().join("BLOCKED");
        std::fs::write(&kept, b"before").unwrap_or_else(|e| panic!("{e}"));
        // A folder where a file is to be written: its write fails, after the first two.
        std::fs::create_dir(&blocked).unwrap_or_else(|e| panic!("{e}"));
        let plan = Plan {
            changes: vec![
                FileChange {
                    path: kept.clone(),
                    before: Some(b"before".to_vec()),
                    after: Some(b"after".to_vec()),
                },
                FileChange {
                    path: made.clone(),
                    before: None,
                    after: Some(b"new".to_vec()),
                },
                FileChange {
                    path: blocked.clone(),
                    before: None,
                    after: Some(b"x".to_vec()),
                },
            ],
            ..Plan::default()
        };
        // The folder reads as no file (None), as the plan says: the check passes.
        let failed = apply(&plan, true);
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&kept).ok().as_deref(), Some(&b"before"[..]));
        assert!(!made.exists(), "a file made is taken away");
        assert!(!backup_path(&kept).exists(), "its backup too");
        assert!(blocked.is_dir());
    }

    #[test]
    fn the_first_backup_is_kept_through_later_changes() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join("ERS-7.MWC");
        std::fs::write(&file, b"sony's").unwrap_or_else(|e| panic!("{e}"));
        for (before, after) in [(&b"sony's"[..], &b"first"[..]), (b"first", b"second")] {
            let plan = Plan {
                changes: vec![FileChange {
                    path: file.clone(),
                    before: Some(before.to_vec()),
                    after: Some(after.to_vec()),
                }],
                ..Plan::default()
            };
            assert!(apply(&plan, true).is_ok());
        }
        assert_eq!(std::fs::read(&file).ok().as_deref(), Some(&b"second"[..]));
        assert_eq!(
            std::fs::read(backup_path(&file)).ok().as_deref(),
            Some(&b"sony's"[..])
        );
    }

    #[test]
    fn a_file_changed_since_the_plan_is_not_written_over() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join("ERS-7.MWC");
        std::fs::write(&file, b"someone else's").unwrap_or_else(|e| panic!("{e}"));
        let plan = Plan {
            changes: vec![FileChange {
                path: file.clone(),
                before: Some(b"as read".to_vec()),
                after: Some(b"ours".to_vec()),
            }],
            ..Plan::default()
        };
        assert!(apply(&plan, false).is_err());
        assert_eq!(
            std::fs::read(&file).ok().as_deref(),
            Some(&b"someone else's"[..])
        );
    }
}
