//! Helpers shared by the integration tests: where the real-file corpus is, and its motions.

#![allow(
    dead_code,
    reason = "each test binary uses a different part of this module"
)]

#[cfg(feature = "gui")]
pub mod ui;

use mtn_studio::codec::oda::{Archive, Contents, EntryKind};
use std::path::PathBuf;

/// `../shared/corpus` beside the project. Tests over real files must not pass quietly when
/// it is missing, so this panics with a message saying where it looked.
pub fn corpus_dir(kind: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(kind);
    assert!(
        dir.is_dir(),
        "\n\n*** THE REAL-FILE CORPUS IS MISSING ***\nexpected it at {}\n\
         these tests check every real motion file and cannot run without it\n",
        dir.display()
    );
    dir
}

/// One motion from the corpus: where it came from and its bytes.
pub struct CorpusMotion {
    /// `file` or `file:entry`.
    pub label: String,
    /// The MTN bytes.
    pub bytes: Vec<u8>,
}

/// Every motion in the MTN corpus: loose files and every real motion entry of every archive.
pub fn corpus_motions() -> Vec<CorpusMotion> {
    let dir = corpus_dir("mtn");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read the corpus folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    paths.sort();
    let mut motions = Vec::new();
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let data = std::fs::read(&path).expect("read a corpus file");
        if name.to_ascii_lowercase().ends_with(".oda") {
            let archive = Archive::read(&data).unwrap_or_else(|e| panic!("{name}: {e}"));
            for entry in &archive.entries {
                if entry.kind() == EntryKind::Motion && entry.contents_state() == Contents::Data {
                    motions.push(CorpusMotion {
                        label: format!("{name}:{}", entry.name()),
                        bytes: entry.contents().expect("entry contents"),
                    });
                }
            }
        } else if name.to_ascii_lowercase().ends_with(".mtn") {
            motions.push(CorpusMotion {
                label: name,
                bytes: data,
            });
        }
    }
    motions
}

/// Reads one corpus file.
pub fn corpus_file(kind: &str, name: &str) -> Vec<u8> {
    let path = corpus_dir(kind).join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The motion entry `entry` of corpus archive `archive`.
pub fn corpus_entry(archive: &str, entry: &str) -> Vec<u8> {
    let archive_bytes = corpus_file("mtn", archive);
    let archive = Archive::read(&archive_bytes).expect("corpus archive reads");
    let index = archive
        .find(entry)
        .unwrap_or_else(|| panic!("no entry {entry} in the archive"));
    archive.entries[index].contents().expect("entry contents")
}

/// Runs the command-line binary with these arguments and waits for it.
pub fn run_cli(args: &[&dyn AsRef<std::ffi::OsStr>]) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"));
    for arg in args {
        command.arg(arg);
    }
    command.output().expect("the binary runs")
}

/// A fresh, empty scratch folder for one test (`prefix` names the test file).
pub fn scratch_dir(prefix: &str, name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mtn-studio-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}
