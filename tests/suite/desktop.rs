//! The desktop install: `mtn-studio install-desktop --user` into a temporary
//! `XDG_DATA_HOME` writes a desktop entry that `desktop-file-validate` passes and MIME types
//! that `xdg-mime` answers for `.mtn`, `.oda` and `.gait` files (and an MTN file without
//! its extension, by its first bytes), with mtn-studio their default application, both as
//! xdg-mime answers under no desktop (File::MimeInfo) and under GNOME (GIO, as the GTK file
//! managers see them); and `--uninstall` takes it all away. The tools are Debian's
//! desktop-file-utils, xdg-utils, shared-mime-info, libfile-mimeinfo-perl and
//! libglib2.0-bin: without them the test is skipped with a loud note, except where
//! `MTN_STUDIO_REQUIRE_DESKTOP_TOOLS=1` (CI), where it fails.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output};

const TOOLS: [&str; 3] = ["desktop-file-validate", "xdg-mime", "update-mime-database"];

fn tools_present() -> bool {
    let missing: Vec<&str> = TOOLS
        .into_iter()
        .filter(|tool| {
            Command::new("sh")
                .args(["-c", &format!("command -v {tool}")])
                .output()
                .map_or(true, |o| !o.status.success())
        })
        .collect();
    if missing.is_empty() {
        return true;
    }
    let required = std::env::var("MTN_STUDIO_REQUIRE_DESKTOP_TOOLS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "the desktop tools are missing: {missing:?} (apt install desktop-file-utils xdg-utils \
         shared-mime-info libfile-mimeinfo-perl libglib2.0-bin)"
    );
    let _ = writeln!(
        std::io::stderr(),
        "\n*** SKIPPED the desktop install test: {missing:?} not installed ***\n\
         *** apt install desktop-file-utils xdg-utils shared-mime-info libfile-mimeinfo-perl libglib2.0-bin ***"
    );
    false
}

/// Runs `program` with the data folders pointed at `data` (and the system's after it, for
/// the base types), the home folder at `home`, as under the desktop `desktop`
/// (`XDG_CURRENT_DESKTOP`): under GNOME, `xdg-mime` asks GIO, which the GTK file managers
/// use; under none, File::MimeInfo.
fn run_on(
    desktop: Option<&str>,
    (data, home): (&Path, &Path),
    program: &str,
    args: &[&dyn AsRef<std::ffi::OsStr>],
) -> Output {
    let mut command = Command::new(program);
    for arg in args {
        command.arg(arg);
    }
    command
        .env("XDG_DATA_HOME", data)
        .env("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("HOME", home)
        .env_remove("DESKTOP_SESSION");
    match desktop {
        Some(desktop) => command.env("XDG_CURRENT_DESKTOP", desktop),
        None => command.env_remove("XDG_CURRENT_DESKTOP"),
    };
    command
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"))
}

/// What `xdg-mime query WHAT ARG` answers under `desktop`.
fn xdg_mime(
    desktop: Option<&str>,
    dirs: (&Path, &Path),
    what: &str,
    arg: &dyn AsRef<std::ffi::OsStr>,
) -> String {
    stdout(&run_on(desktop, dirs, "xdg-mime", &[&"query", &what, arg]))
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}{}",
        common::text(&output.stdout),
        common::text(&output.stderr)
    );
    common::text(&output.stdout).trim().to_owned()
}

#[test]
#[expect(clippy::too_many_lines, reason = "one scenario, its steps in order")]
fn the_desktop_entry_and_file_types_install_validate_and_uninstall() {
    if !tools_present() {
        return;
    }
    let dir = common::scratch_dir("desktop", "install");
    let (data, home) = (dir.join("data"), dir.join("home"));
    std::fs::create_dir_all(&home).unwrap();
    let binary = env!("CARGO_BIN_EXE_mtn-studio");
    let dirs = (data.as_path(), home.as_path());
    let installed = run_on(None, dirs, binary, &[&"install-desktop", &"--user"]);
    let said = stdout(&installed);
    assert!(said.contains(&data.display().to_string()), "{said}");
    assert!(said.contains("updated the file types"), "{said}");

    let entry_path = data.join("applications/mtn-studio.desktop");
    let validated = run_on(None, dirs, "desktop-file-validate", &[&entry_path]);
    assert!(
        validated.status.success() && validated.stdout.is_empty(),
        "{}{}",
        common::text(&validated.stdout),
        common::text(&validated.stderr)
    );
    // The entry runs this very binary, by its absolute path.
    let entry = std::fs::read_to_string(&entry_path).unwrap();
    let program = std::fs::canonicalize(binary).unwrap();
    assert!(
        entry.contains(&format!("\nExec={} %f\n", program.display())),
        "{entry}"
    );
    for size in [16, 32, 48, 64, 128, 256] {
        assert!(
            data.join(format!("icons/hicolor/{size}x{size}/apps/mtn-studio.png"))
                .is_file()
        );
    }
    assert!(
        data.join("icons/hicolor/scalable/apps/mtn-studio.svg")
            .is_file()
    );

    // Each kind by its extension; an MTN file and an ODA archive also by their first bytes.
    let files = dir.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let motion = std::fs::read(root.join("assets/ers7-stand-to-sit.mtn")).unwrap();
    let mut archive = b"ODAR".to_vec();
    archive.extend([0; 12]);
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("walk.mtn", motion.clone(), "application/x-aibo-motion"),
        ("WALK.MTN", motion.clone(), "application/x-aibo-motion"),
        (
            "motion-without-extension",
            motion,
            "application/x-aibo-motion",
        ),
        (
            "archive-without-extension",
            archive,
            "application/x-aibo-oda",
        ),
        (
            "robot.gait",
            std::fs::read(root.join("assets/stickybot-example.gait")).unwrap(),
            "application/x-stickybot-gait",
        ),
    ];
    for desktop in [None, Some("GNOME")] {
        for (name, bytes, mime) in &cases {
            let path = files.join(name);
            std::fs::write(&path, bytes).unwrap();
            assert_eq!(
                xdg_mime(desktop, dirs, "filetype", &path),
                *mime,
                "{name} under {desktop:?}"
            );
        }
        // A file manager opens them with mtn-studio.
        for mime in mtn_studio::desktop::MIME_TYPES {
            assert_eq!(
                xdg_mime(desktop, dirs, "default", &mime),
                "mtn-studio.desktop",
                "{mime} under {desktop:?}"
            );
        }
    }
    // A gzip-compressed archive has no magic of its own: its name says it, above the shared
    // database's application/oda (the Office Document Architecture) by the glob's weight,
    // which GIO (the GTK file managers) honours; File::MimeInfo, which xdg-mime asks under
    // no desktop, does not weigh globs and answers application/oda.
    let oda = files.join("MOTION7.oda");
    std::fs::write(&oda, [0x1f, 0x8b, 8, 0]).unwrap();
    assert_eq!(
        xdg_mime(Some("GNOME"), dirs, "filetype", &oda),
        "application/x-aibo-oda"
    );

    let removed = run_on(
        None,
        dirs,
        binary,
        &[&"install-desktop", &"--user", &"--uninstall"],
    );
    let said = stdout(&removed);
    let count = mtn_studio::desktop::files_for(Path::new("mtn-studio")).len();
    assert_eq!(
        count, 9,
        "the entry, the MIME types, the SVG and six PNG sizes"
    );
    assert!(said.contains(&format!("removed {count} files")), "{said}");
    assert!(!entry_path.exists());
    assert!(!data.join("mime/packages/mtn-studio.xml").exists());
    let gait = files.join("robot.gait");
    assert_ne!(
        xdg_mime(Some("GNOME"), dirs, "filetype", &gait),
        "application/x-stickybot-gait"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What `cargo install` builds stays lean: the release profile keeps debug info and the
/// symbol table out of the binary (about 28 MB instead of 170 with line tables). CI builds
/// no optimised program to weigh, so the profile that decides it is read here.
#[test]
fn the_release_profile_leaves_debug_info_and_symbols_out() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("read Cargo.toml");
    let release: Vec<&str> = manifest
        .lines()
        .skip_while(|line| line.trim() != "[profile.release]")
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .map(str::trim)
        .collect();
    for setting in ["debug = false", "strip = \"symbols\""] {
        assert!(
            release.contains(&setting),
            "Cargo.toml's [profile.release] should say `{setting}`: it has {release:?}"
        );
    }
}
