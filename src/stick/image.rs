//! A memory stick's raw image (`.img`: the whole medium with its partition table, or the one
//! partition, as people keep sticks with `dd`), read with the `fatfs` crate (FAT12 and FAT16,
//! as the media are formatted; FAT32 too). An image is never written: [`extract`] copies its
//! files into a new folder, which is then the stick to look at or change
//! (`docs/formats/behaviour-table.md#stick-images`).
//!
//! Bad input is answered, never a panic or a hang: the boot sector is checked here first
//! (naming the byte that is wrong), every directory and the whole walk are bounded (a FAT
//! whose chains loop cannot go round for ever), each file is read to its stated length and
//! no further, and a panic of the FAT reader on a damaged image is caught and said as such.

use crate::codec::fat;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The most files and folders an image's walk takes (Sony's R-CODE tree holds about 400).
pub const MAX_ENTRIES: usize = 100_000;
/// The deepest folder an image's walk goes into.
pub const MAX_DEPTH: usize = 32;

/// Why an image cannot be read, or its files not copied out.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ImageError {
    /// The image cannot be opened or read.
    #[error("{0}: {1}")]
    Read(PathBuf, io::Error),
    /// No FAT volume where one should start: the byte, and what is wrong there.
    #[error("{path}: not a FAT memory stick image: at byte {offset}, {why}")]
    NotFat {
        /// The image.
        path: PathBuf,
        /// Where.
        offset: u64,
        /// What is wrong.
        why: String,
    },
    /// The FAT volume is damaged: what was being read, and why it failed.
    #[error("{path}: the FAT volume is damaged: {what}: {why}")]
    Damaged {
        /// The image.
        path: PathBuf,
        /// The file or folder of the image being read.
        what: String,
        /// Why.
        why: String,
    },
    /// More files and folders, or deeper folders, than a stick holds.
    #[error(
        "{0}: more than {MAX_ENTRIES} files and folders, or folders deeper than {MAX_DEPTH}: not a memory stick's"
    )]
    TooMany(PathBuf),
    /// The folder to copy into is there already, and not empty.
    #[error("{0}: there already, and not an empty folder: the image is copied into a new one")]
    Taken(PathBuf),
    /// The folder cannot be written.
    #[error("{0}: {1}")]
    Write(PathBuf, io::Error),
    /// The image's files are no memory stick's.
    #[error("{0}: {1}")]
    NoStick(PathBuf, super::StickError),
}

/// What was copied out of an image.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extracted {
    /// Files, and folders.
    pub files: usize,
    /// Folders.
    pub folders: usize,
    /// The files' bytes.
    pub bytes: u64,
    /// Where the FAT volume starts in the image (0 for a partition's image).
    pub volume_at: u64,
    /// FAT12, FAT16 or FAT32.
    pub fat: &'static str,
}

/// Whether the file at `path` is a stick image by the file-kind registry: its first
/// sector ([`fat::looks_like_image`]), or its name where its bytes say nothing else (the image's
/// reader then says what is wrong at which byte).
#[must_use]
pub fn is_image(path: &Path) -> bool {
    path.is_file()
        && matches!(
            crate::codec::kind::FileKind::sniff(path),
            Ok(Some(crate::codec::kind::FileKind::StickImage))
        )
}

/// Whether the image (`len` bytes) holds the whole volume its boot sector at `volume_at`
/// states: a cut image is said as such, not read as a stick with files missing.
fn cut_short(file: &mut File, volume_at: u64, len: u64) -> Result<(), (u64, String)> {
    let mut boot = [0u8; 40];
    file.seek(SeekFrom::Start(volume_at))
        .and_then(|_| file.read_exact(&mut boot))
        .map_err(|e| (volume_at, format!("its boot sector cannot be read ({e})")))?;
    let bytes_per_sector = u64::from(u16::from_le_bytes([boot[11], boot[12]]));
    let small = u64::from(u16::from_le_bytes([boot[19], boot[20]]));
    let large = u64::from(u32::from_le_bytes([boot[32], boot[33], boot[34], boot[35]]));
    let sectors = if small == 0 { large } else { small };
    let stated = sectors * bytes_per_sector;
    let held = len.saturating_sub(volume_at);
    if stated > held {
        return Err((
            volume_at + 19,
            format!(
                "the volume states {stated} bytes, the image holds {held} of them: it is cut short"
            ),
        ));
    }
    Ok(())
}

/// The image from `start` on, read only: fatfs asks for a disk it may write, and every
/// write is refused.
struct Volume {
    file: File,
    start: u64,
    len: u64,
    at: u64,
}

impl Read for Volume {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.len.saturating_sub(self.at);
        let take = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let Some(buf) = buf.get_mut(..take) else {
            return Ok(0);
        };
        self.file.seek(SeekFrom::Start(self.start + self.at))?;
        let read = self.file.read(buf)?;
        self.at += read as u64;
        Ok(read)
    }
}

impl Seek for Volume {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let at = match to {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(d) => self.len.checked_add_signed(d),
            SeekFrom::Current(d) => self.at.checked_add_signed(d),
        };
        self.at =
            at.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "before the start"))?;
        Ok(self.at)
    }
}

impl Write for Volume {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "a stick image is never written",
        ))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Copies every file and folder of the stick image `image` into the new folder `to` (made
/// whole, or not at all: they are copied into a folder beside it, renamed `to` at the end).
///
/// # Errors
/// The image does not read or is not a FAT volume (the byte said), the volume is damaged,
/// `to` is there and not empty, or a file cannot be written (nothing is left behind).
pub fn extract(image: &Path, to: &Path) -> Result<Extracted, ImageError> {
    let read = |e| ImageError::Read(image.to_owned(), e);
    let mut file = File::open(image).map_err(read)?;
    let len = file.metadata().map_err(read)?.len();
    let mut head = vec![0; 512];
    let got = file.read(&mut head).map_err(read)?;
    head.truncate(got);
    let volume_at = fat::volume_start(&head).map_err(|(offset, why)| ImageError::NotFat {
        path: image.to_owned(),
        offset,
        why,
    })?;
    cut_short(&mut file, volume_at, len).map_err(|(offset, why)| ImageError::Damaged {
        path: image.to_owned(),
        what: format!("the volume from byte {volume_at}"),
        why: format!("at byte {offset}: {why}"),
    })?;
    if to.exists() && std::fs::read_dir(to).map_or(true, |mut d| d.next().is_some()) {
        return Err(ImageError::Taken(to.to_owned()));
    }
    let parent = to
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let staging = tempfile::Builder::new()
        .prefix(".mtn-studio-extracting-")
        .tempdir_in(parent)
        .map_err(|e| ImageError::Write(parent.to_owned(), e))?;
    let volume = Volume {
        file,
        start: volume_at,
        len: len.saturating_sub(volume_at),
        at: 0,
    };
    let mut out = Extracted {
        volume_at,
        ..Extracted::default()
    };
    let walked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        walk_volume(image, volume, staging.path(), &mut out)
    }))
    .unwrap_or_else(|_| {
        Err(ImageError::Damaged {
            path: image.to_owned(),
            what: "its FAT".to_owned(),
            why: "the FAT reader stopped on it".to_owned(),
        })
    });
    walked?;
    if to.exists() {
        std::fs::remove_dir(to).map_err(|e| ImageError::Write(to.to_owned(), e))?;
    }
    let staged = staging.keep();
    std::fs::rename(&staged, to).map_err(|e| {
        // What was copied goes: the rename's failure is what is said.
        let _removed = std::fs::remove_dir_all(&staged);
        ImageError::Write(to.to_owned(), e)
    })?;
    Ok(out)
}

/// The stick of the image `image`, its files copied into a temporary folder first (removed
/// when the returned guard is dropped): how an image is read, by the command line and the
/// window alike.
///
/// # Errors
/// The image does not read ([`extract`]), or its files are no stick's.
pub fn open_copy(image: &Path) -> Result<(super::Stick, tempfile::TempDir), ImageError> {
    let folder = tempfile::tempdir().map_err(|e| ImageError::Write(std::env::temp_dir(), e))?;
    let copy = folder.path().join("stick");
    extract(image, &copy)?;
    let stick = super::Stick::open(&copy).map_err(|e| ImageError::NoStick(image.to_owned(), e))?;
    Ok((stick, folder))
}

/// Mounts the volume and copies its root folder into `to`.
fn walk_volume(
    image: &Path,
    volume: Volume,
    to: &Path,
    out: &mut Extracted,
) -> Result<(), ImageError> {
    let room = volume.len;
    let fs = fatfs::FileSystem::new(volume, fatfs::FsOptions::new()).map_err(|e| {
        ImageError::NotFat {
            path: image.to_owned(),
            offset: out.volume_at,
            why: e.to_string(),
        }
    })?;
    out.fat = match fs.fat_type() {
        fatfs::FatType::Fat12 => "FAT12",
        fatfs::FatType::Fat16 => "FAT16",
        fatfs::FatType::Fat32 => "FAT32",
    };
    let mut walk = Walk {
        image,
        out,
        seen: 0,
        room,
    };
    walk.copy(&fs.root_dir(), to, "", 0)
}

/// A walk of an image's folders.
struct Walk<'a> {
    image: &'a Path,
    out: &'a mut Extracted,
    /// Entries seen, against [`MAX_ENTRIES`].
    seen: usize,
    /// The volume's bytes: its files together hold no more.
    room: u64,
}

impl Walk<'_> {
    fn damaged(&self, what: &str, why: &dyn std::fmt::Display) -> ImageError {
        ImageError::Damaged {
            path: self.image.to_owned(),
            what: if what.is_empty() {
                "its root folder".to_owned()
            } else {
                what.to_owned()
            },
            why: why.to_string(),
        }
    }

    /// Copies folder `dir` (`shown` its path in the image) into `to`.
    fn copy<T: fatfs::ReadWriteSeek>(
        &mut self,
        dir: &fatfs::Dir<'_, T>,
        to: &Path,
        shown: &str,
        depth: usize,
    ) -> Result<(), ImageError> {
        if depth > MAX_DEPTH {
            return Err(ImageError::TooMany(self.image.to_owned()));
        }
        // A name seen twice in one folder: its chain of clusters goes round.
        let mut names = std::collections::HashSet::new();
        for entry in dir.iter() {
            let entry = entry.map_err(|e| self.damaged(shown, &e))?;
            // Every entry counts, "." and ".." too: a folder of nothing else whose clusters
            // loop ends here.
            self.seen += 1;
            if self.seen > MAX_ENTRIES {
                return Err(ImageError::TooMany(self.image.to_owned()));
            }
            let name = entry.file_name();
            if name == "."
                || name == ".."
                || entry
                    .attributes()
                    .contains(fatfs::FileAttributes::VOLUME_ID)
            {
                continue;
            }
            let path = if shown.is_empty() {
                name.clone()
            } else {
                format!("{shown}/{name}")
            };
            if name.is_empty() || name.contains(['/', '\\', '\0']) {
                return Err(self.damaged(&path, &"a name no file can have"));
            }
            if !names.insert(name.to_ascii_uppercase()) {
                return Err(self.damaged(&path, &"named twice in its folder (its clusters loop)"));
            }
            let target = to.join(&name);
            if entry.is_dir() {
                std::fs::create_dir(&target).map_err(|e| ImageError::Write(target.clone(), e))?;
                self.out.folders += 1;
                self.copy(&entry.to_dir(), &target, &path, depth + 1)?;
            } else {
                let stated = entry.len();
                // More than the volume has left: its size or its chain is wrong (a chain
                // going round would give that many bytes, and a disk's worth of file).
                if stated > self.room {
                    return Err(self.damaged(
                        &path,
                        &format!("states {stated} bytes, more than the volume holds besides"),
                    ));
                }
                self.room -= stated;
                let mut from = entry.to_file();
                let mut file =
                    File::create(&target).map_err(|e| ImageError::Write(target.clone(), e))?;
                let copied = io::copy(&mut (&mut from).take(stated), &mut file)
                    .map_err(|e| self.damaged(&path, &e))?;
                if copied != stated {
                    return Err(
                        self.damaged(&path, &format!("{copied} of its {stated} bytes read"))
                    );
                }
                self.out.files += 1;
                self.out.bytes += copied;
            }
        }
        Ok(())
    }
}
