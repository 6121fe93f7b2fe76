//! The .seq conversion as a whole process, the way a user runs it: `mtn-studio convert
//! SR1WalkPattern1.seq walk.mtn --model DRX-1000` (read, map by order, reduce to keyframes,
//! write atomically), against PyYAML's C loader (libyaml) only reading the same file in its
//! own Python process, measured in the same run. The target (issue 14): at least 100x.
//!
//! Python is started directly (the interpreter `python3` names, not a version manager's
//! shim in front of it). Where there is no Python with PyYAML built on libyaml, the
//! baseline row is left out with a note saying so.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(clippy::panic, reason = "a bench fails by panicking")]

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const WALK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/seq/SR1WalkPattern1.seq"
);

/// Runs a command to its end with no output, and fails the bench if it fails.
fn run(command: &mut Command) {
    let status = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
    assert!(status.success(), "{command:?} failed: {status}");
}

/// The Python interpreter whose PyYAML has the C loader, resolved past any shim.
fn python_with_libyaml() -> Option<PathBuf> {
    let output = Command::new("python3")
        .args([
            "-c",
            "import sys, yaml; assert yaml.__with_libyaml__; print(sys.executable)",
        ])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
}

fn whole_process(c: &mut Criterion) {
    assert!(
        Path::new(WALK).is_file(),
        "\n*** THE REAL-FILE CORPUS IS MISSING ***\n{WALK}\n"
    );
    let out = std::env::temp_dir().join(format!("mtn-studio-bench-{}.mtn", std::process::id()));
    let mut group = c.benchmark_group("convert_SR1WalkPattern1_process");
    group.sample_size(10);
    group.bench_function("mtn_studio_convert", |b| {
        b.iter(|| {
            run(Command::new(env!("CARGO_BIN_EXE_mtn-studio"))
                .arg("convert")
                .arg(WALK)
                .arg(&out)
                .args(["--model", "DRX-1000"]));
        });
    });
    match python_with_libyaml() {
        Some(python) => {
            println!("baseline: {} with PyYAML's CLoader", python.display());
            group.bench_function("pyyaml_cloader_load_baseline", |b| {
                b.iter(|| {
                    run(Command::new(&python).args([
                        "-c",
                        "import sys, yaml\nwith open(sys.argv[1]) as f: yaml.load(f, Loader=yaml.CLoader)",
                        WALK,
                    ]));
                });
            });
        }
        None => println!(
            "\n*** NO BASELINE: no python3 with PyYAML built on libyaml (yaml.CLoader) ***\n"
        ),
    }
    group.finish();
    let _ = std::fs::remove_file(&out);
}

criterion_group!(benches, whole_process);
criterion_main!(benches);
