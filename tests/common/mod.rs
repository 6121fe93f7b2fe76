//! Helpers shared by the integration tests: where the real-file corpus is, and its motions.

#![allow(
    dead_code,
    reason = "each test binary uses a different part of this module"
)]

pub mod rcode;
pub mod sound;
pub mod stick;
#[cfg(feature = "gui")]
pub mod ui;

use mtn_studio::codec::oda::{Archive, Contents, EntryKind};
use std::io::Write as _;
use std::path::PathBuf;

/// The real-file corpus: `MTN_STUDIO_CORPUS`, else `../shared/corpus` beside the project.
pub fn corpus_root() -> PathBuf {
    std::env::var_os("MTN_STUDIO_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        PathBuf::from,
    )
}

/// Whether the corpus is there for `test`. Where it is not, the test is skipped with a loud
/// note on stderr naming the folder, unless `MTN_STUDIO_REQUIRE_CORPUS=1` (CI), where a
/// missing corpus fails the test.
pub fn corpus_present(test: &str) -> bool {
    let root = corpus_root();
    if root.join("mtn").is_dir() {
        return true;
    }
    let required = std::env::var("MTN_STUDIO_REQUIRE_CORPUS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "\n\n*** THE REAL-FILE CORPUS IS MISSING ***\nexpected it at {} (set MTN_STUDIO_CORPUS)\n\
         MTN_STUDIO_REQUIRE_CORPUS=1 says these tests must run\n",
        root.display()
    );
    // Written to stderr directly, not through eprintln!, so the test harness does not hold
    // it back: a skip is seen even when the test passes.
    let _ = writeln!(
        std::io::stderr(),
        "\n*** SKIPPED {test}: the real-file corpus is not at {} ***\n\
         *** point MTN_STUDIO_CORPUS at it to run the tests over real files ***",
        root.display()
    );
    false
}

/// A folder of the corpus (`mtn`, `seq`, ...). Tests ask [`corpus_present`] first.
pub fn corpus_dir(kind: &str) -> PathBuf {
    let dir = corpus_root().join(kind);
    assert!(
        dir.is_dir(),
        "\n\n*** THE REAL-FILE CORPUS IS MISSING ***\nexpected it at {}\n",
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

/// The ERS-200 corpus archive with Sony's ERS-210 walk-to-stand (`a_walk#stand_sox_sdk`)
/// made faster than the robot follows: every leg joint's moves twice as large, past what
/// Sony's own motions command the legs (Sony's own walk, as fast as Sony's motions go by
/// definition, has speed notes, not warnings). The archive's bytes.
pub fn archive_with_a_walk_too_fast() -> Vec<u8> {
    use mtn_studio::codec::mtn;
    let mut archive =
        Archive::read(&corpus_file("mtn", "monet-ERS-200-MOTION.ODA")).expect("reads");
    let index = archive.find(TOO_FAST).expect("the walk-to-stand");
    let mut motion = mtn::decode(&archive.entries[index].contents().expect("contents"))
        .expect("decodes")
        .motion;
    let legs: Vec<usize> = (0..motion.locators.len())
        .filter(|&j| {
            mtn_studio::robot::joint_name(&motion.design, &motion.locators[j]).contains("_LEG_")
        })
        .collect();
    for k in 1..motion.keyframes.len() {
        for &j in &legs {
            let (first, now) = (
                motion.keyframes.angle(0, j).expect("angle"),
                motion.keyframes.angle(k, j).expect("angle"),
            );
            assert!(motion.keyframes.set_angle(k, j, now + (now - first)));
        }
    }
    archive.entries[index].set_contents(&mtn::encode(&motion).expect("encodes"));
    archive.write().expect("writes")
}

/// The entry [`archive_with_a_walk_too_fast`] makes too fast.
pub const TOO_FAST: &str = "a_walk#stand_sox_sdk";

/// Runs the command-line binary with these arguments and waits for it.
pub fn run_cli(args: &[&dyn AsRef<std::ffi::OsStr>]) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_mtn-studio"));
    for arg in args {
        command.arg(arg);
    }
    command.output().expect("the binary runs")
}

/// What a command printed, as text (invalid UTF-8 shown as replacement characters).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What a command that must succeed printed on stdout (its stderr in the failure).
pub fn ok(output: &std::process::Output) -> String {
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

/// The motion an MTN file holds.
pub fn read_mtn(path: &std::path::Path) -> mtn_studio::codec::mtn::Motion {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    mtn_studio::codec::mtn::decode(&bytes)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .motion
}

/// A scratch folder for one test (`prefix` names the test file) with the bundled example
/// in it as `example.mtn`: the folder and the example's path.
pub fn with_example(prefix: &str, name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch_dir(prefix, name);
    let example = dir.join("example.mtn");
    std::fs::write(&example, mtn_studio::example::EXAMPLE_MTN).expect("the example is written");
    (dir, example)
}

/// A fresh, empty scratch folder for one test (`prefix` names the test file).
pub fn scratch_dir(prefix: &str, name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mtn-studio-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A small reproducible source of numbers for mutation tests (xorshift32 from `seed`).
pub fn xorshift(seed: u32) -> impl FnMut() -> usize {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as usize
    }
}
