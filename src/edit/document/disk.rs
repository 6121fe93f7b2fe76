//! A document and the disk: opening a motion (a file, or an entry of an archive), telling
//! whether someone else wrote it since, and saving it back (atomically; an entry into its
//! archive with every other entry untouched).

use super::{Document, Origin};
use crate::codec::mtn;
use crate::codec::oda::Archive;
use crate::edit::error::DocumentError;
use crate::fsutil::write_atomic;
use std::path::Path;

/// How the file a document came from stands on disk now, against what was read or last
/// written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskState {
    /// As it was read or last written.
    Unchanged,
    /// Something else wrote it since.
    Changed,
    /// It is gone (the file, or the entry from its archive).
    Missing,
    /// The document has no file.
    NoFile,
}

/// A fingerprint of file contents (in memory only, so the hasher need not be stable across
/// runs).
fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

fn read(path: &Path) -> Result<Vec<u8>, DocumentError> {
    std::fs::read(path).map_err(|source| DocumentError::Read {
        path: path.to_owned(),
        source,
    })
}

fn read_archive(path: &Path) -> Result<Archive, DocumentError> {
    Archive::read(&read(path)?).map_err(|source| DocumentError::Decode {
        path: path.to_owned(),
        source,
    })
}

impl Document {
    /// Opens an MTN file.
    ///
    /// # Errors
    /// The file cannot be read, or holds no motion that can be recovered (the error names
    /// the file, the byte offset and what is wrong).
    pub fn open(path: &Path) -> Result<Self, DocumentError> {
        let data = read(path)?;
        let decoded = mtn::decode(&data).map_err(|source| DocumentError::Decode {
            path: path.to_owned(),
            source,
        })?;
        Ok(Self::new(
            decoded.motion,
            decoded.problems,
            Origin::File(path.to_owned()),
            Some(fingerprint(&data)),
        ))
    }

    /// Opens a motion in mtn-studio's JSON form. It is not saved as MTN anywhere yet (Save
    /// asks where, suggesting the file's name as .mtn), but closing it unedited loses
    /// nothing: the JSON file holds it.
    ///
    /// # Errors
    /// The file cannot be read, or is not a motion in that form (the error names the line
    /// and column).
    pub fn open_json(path: &Path) -> Result<Self, DocumentError> {
        let data = read(path)?;
        let motion = serde_json::from_slice(&data).map_err(|source| DocumentError::Json {
            path: path.to_owned(),
            source,
        })?;
        let origin = Origin::Converted {
            from: path.to_owned(),
        };
        let mut document = Self::new(motion, Vec::new(), origin, None);
        document.saved_state = Some(document.motion_state());
        Ok(document)
    }

    /// Opens one motion of an archive on disk.
    ///
    /// # Errors
    /// The archive cannot be read, has no such entry, or the entry holds no motion.
    pub fn open_entry(archive_path: &Path, entry: &str) -> Result<Self, DocumentError> {
        let archive = read_archive(archive_path)?;
        let index = archive.find(entry).ok_or_else(|| DocumentError::NoEntry {
            path: archive_path.to_owned(),
            entry: entry.to_owned(),
        })?;
        Self::from_entry(archive_path, &archive, index)
    }

    /// Opens entry `index` of an archive already read from `archive_path`.
    ///
    /// # Errors
    /// There is no such entry, or it holds no motion.
    pub fn from_entry(
        archive_path: &Path,
        archive: &Archive,
        index: usize,
    ) -> Result<Self, DocumentError> {
        let Some(entry) = archive.entries.get(index) else {
            return Err(DocumentError::NoEntry {
                path: archive_path.to_owned(),
                entry: format!("#{index}"),
            });
        };
        let name = entry.name();
        let decode_error = |source| DocumentError::EntryDecode {
            path: archive_path.to_owned(),
            entry: name.clone(),
            source,
        };
        let contents = entry.contents().map_err(decode_error)?;
        let decoded = mtn::decode(&contents).map_err(decode_error)?;
        Ok(Self::new(
            decoded.motion,
            decoded.problems,
            Origin::Entry {
                archive: archive_path.to_owned(),
                entry: name.clone(),
            },
            Some(fingerprint(&entry.data)),
        ))
    }

    /// How the file this document came from stands on disk now.
    #[must_use]
    pub fn disk_state(&self) -> DiskState {
        let current = match &self.origin {
            Origin::Unsaved { .. } | Origin::Converted { .. } => return DiskState::NoFile,
            Origin::File(path) => std::fs::read(path).ok().map(|data| fingerprint(&data)),
            Origin::Entry { archive, entry } => read_archive(archive).ok().and_then(|a| {
                let index = a.find(entry)?;
                Some(fingerprint(&a.entries[index].data))
            }),
        };
        match current {
            None => DiskState::Missing,
            Some(now) if Some(now) == self.on_disk => DiskState::Unchanged,
            Some(_) => DiskState::Changed,
        }
    }

    /// Saves where the document came from. An archive entry is written back into the
    /// archive as it is on disk now, every other entry untouched. (Whether the file changed
    /// on disk since is for the caller to ask first: [`Document::disk_state`].)
    ///
    /// # Errors
    /// Nowhere to save (a document never saved), or the write failed (the file on disk is
    /// then as it was).
    pub fn save(&mut self) -> Result<(), DocumentError> {
        match self.origin.clone() {
            Origin::Unsaved { .. } | Origin::Converted { .. } => Err(DocumentError::NoPath {
                name: self.origin.display_name(),
            }),
            Origin::File(path) => self.save_as(&path),
            Origin::Entry { archive, .. } => save_entries(&archive, &mut [self]),
        }
    }

    /// Saves to an MTN file, which becomes the document's home.
    ///
    /// # Errors
    /// The motion cannot be encoded, or the write failed.
    pub fn save_as(&mut self, path: &Path) -> Result<(), DocumentError> {
        let bytes = self.encoded()?;
        write_atomic(path, &bytes).map_err(|source| DocumentError::Write {
            path: path.to_owned(),
            source,
        })?;
        self.origin = Origin::File(path.to_owned());
        self.mark_saved(&bytes, fingerprint(&bytes));
        Ok(())
    }

    /// Saves the motion into the ODA archive at `archive_path` as the entry `entry` (the
    /// archive made where there is none; every other entry kept byte for byte), written
    /// atomically; the entry becomes the document's home. An entry of that name is replaced
    /// only where `replace` says.
    ///
    /// # Errors
    /// The archive cannot be read or written, the entry's name does not fit, the motion
    /// cannot be encoded, or an entry of that name is there and `replace` is not asked
    /// ([`DocumentError::EntryExists`]); then nothing is written.
    pub fn save_into_archive(
        &mut self,
        archive_path: &Path,
        entry: &str,
        replace: bool,
    ) -> Result<(), DocumentError> {
        let mut archive = if archive_path.exists() {
            read_archive(archive_path)?
        } else {
            Archive::default()
        };
        let bytes = self.encoded()?;
        let failed = |source| DocumentError::Archive {
            path: archive_path.to_owned(),
            source,
        };
        match archive.find(entry) {
            Some(_) if !replace => {
                return Err(DocumentError::EntryExists {
                    path: archive_path.to_owned(),
                    entry: entry.to_owned(),
                });
            }
            Some(index) => archive.entries[index].set_contents(&bytes),
            None => archive
                .add(
                    crate::codec::oda::Entry::new(
                        crate::codec::oda::EntryKind::Motion,
                        entry,
                        bytes.clone(),
                    )
                    .map_err(failed)?,
                )
                .map_err(failed)?,
        }
        let data = archive.write().map_err(failed)?;
        write_atomic(archive_path, &data).map_err(|source| DocumentError::Write {
            path: archive_path.to_owned(),
            source,
        })?;
        self.origin = Origin::Entry {
            archive: archive_path.to_owned(),
            entry: entry.to_owned(),
        };
        self.mark_saved(&bytes, fingerprint(&bytes));
        Ok(())
    }

    /// Records that `written` is now on disk (its fingerprint there `on_disk`): the document
    /// is clean, and its file problems are those of what was written.
    fn mark_saved(&mut self, written: &[u8], on_disk: u64) {
        self.saved_state = Some(self.motion_state());
        self.file_problems = mtn::decode(written).map(|d| d.problems).unwrap_or_default();
        for step in self.history.changes_mut() {
            step.set_file_problems(&self.file_problems);
        }
        self.on_disk = Some(on_disk);
        self.recheck();
    }
}

/// Saves motions of one archive back into it in one write: the archive is read as it is on
/// disk now, each document's entry replaced, every other entry left byte for byte.
/// Documents that are not entries of `archive_path` are left alone.
///
/// # Errors
/// The archive cannot be read or written, an entry is gone from it, or a motion cannot be
/// encoded; then nothing is written.
pub fn save_entries(
    archive_path: &Path,
    documents: &mut [&mut Document],
) -> Result<(), DocumentError> {
    let mut archive = read_archive(archive_path)?;
    let mut written = Vec::new();
    for (slot, document) in documents.iter().enumerate() {
        let Origin::Entry {
            archive: path,
            entry,
        } = &document.origin
        else {
            continue;
        };
        if path != archive_path {
            continue;
        }
        let index = archive.find(entry).ok_or_else(|| DocumentError::NoEntry {
            path: archive_path.to_owned(),
            entry: entry.clone(),
        })?;
        let bytes = document.encoded()?;
        archive.entries[index].set_contents(&bytes);
        written.push((slot, index, bytes));
    }
    let data = archive.write().map_err(|source| DocumentError::Archive {
        path: archive_path.to_owned(),
        source,
    })?;
    write_atomic(archive_path, &data).map_err(|source| DocumentError::Write {
        path: archive_path.to_owned(),
        source,
    })?;
    for (slot, index, bytes) in written {
        let on_disk = fingerprint(&archive.entries[index].data);
        documents[slot].mark_saved(&bytes, on_disk);
    }
    Ok(())
}
