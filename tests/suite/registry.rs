//! The file-kind registry (`src/codec/kind.rs`) is the only list of file extensions in the
//! source: a file kind added there reaches every dialog, opener, importer, exporter and the
//! command line, and no other list can fall behind it. This reads `src/` for the ways an
//! extension gets written down elsewhere.

use std::path::Path;

/// The extensions the program reads or writes (as the registry spells them).
const EXTENSIONS: &str =
    "mtn|oda|gait|json|csv|seq|yaml|yml|pseq|motion|wav|mid|midi|led|syn|stt|bin|skit|sf2";

fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Where `line` writes an extension down: a dotted literal (`".mtn"`), a path given one
/// (`with_extension("mtn")`), an extension compared with one, or a dialog filter's list.
fn writes_an_extension(line: &str) -> bool {
    let names: Vec<&str> = EXTENSIONS.split('|').collect();
    let quoted = |prefix: &str| {
        names.iter().any(|name| {
            line.contains(&format!("{prefix}\"{name}\""))
                || line.contains(&format!("{prefix}\"{}\"", name.to_ascii_uppercase()))
        })
    };
    let dotted = names
        .iter()
        .any(|name| line.contains(&format!("\".{name}\"")));
    dotted
        || quoted("with_extension(")
        || quoted("set_extension(")
        || (line.contains("extension()") && quoted("== "))
        || quoted("&[")
        || (line.trim_start().starts_with('"') && quoted("") && line.contains("\", \""))
}

#[test]
fn the_file_kind_registry_is_the_only_list_of_extensions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 100, "read {} files", files.len());
    let mut elsewhere = Vec::new();
    for file in files {
        if file.ends_with("codec/kind.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        // A module's tests name files as a user would; the program's own code is read.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or_default();
            if writes_an_extension(line) {
                elsewhere.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        elsewhere.is_empty(),
        "extensions written down outside codec/kind.rs:\n{}",
        elsewhere.join("\n")
    );
}

#[test]
fn the_check_sees_each_way_an_extension_is_written_down() {
    for line in [
        r#"pub const PART_FILES: [&str; 3] = [".wav", ".mid", ".led"];"#,
        r#"let name = path.with_extension("motion");"#,
        r#"path.set_extension("mtn");"#,
        r#".filter(|p| p.extension().is_some_and(|x| x == "json"))"#,
        r#".add_filter("SoundFonts", &["sf2", "SF2"])"#,
        r#"    "wav", "WAV", "mid", "MID", "midi", "led", "LED", "oda", "ODA","#,
    ] {
        assert!(writes_an_extension(line), "{line}");
    }
    for line in [
        r#"plural(count, "motion", "motions")"#,
        r#"Self::Led => "led","#,
        r#""kind": "gait","#,
    ] {
        assert!(!writes_an_extension(line), "{line}");
    }
}

#[test]
fn convert_names_its_formats_from_the_registry() {
    use crate::common;
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/ers7-stand-to-sit.mtn");
    // Every kind with a command-line name is taken by --to; CSV to standard output.
    let csv = common::ok(&common::run_cli(&[
        &"convert", &example, &"-", &"--to", &"csv",
    ]));
    assert!(csv.lines().count() > 3, "{csv}");
    // A kind without one (the gait file) is refused as clap refuses a value, not a panic.
    let gait = common::run_cli(&[&"convert", &example, &"-", &"--to", &"gait"]);
    assert_eq!(
        gait.status.code(),
        Some(2),
        "{}",
        common::text(&gait.stderr)
    );
    assert!(
        common::text(&gait.stderr).contains("invalid value 'gait'"),
        "{}",
        common::text(&gait.stderr)
    );
    // The messages list the registry's names and extensions.
    let unnamed = common::run_cli(&[&"convert", &example, &"-"]);
    assert!(
        common::text(&unnamed.stderr).contains("--to FORMAT (mtn, json, csv, seq, pseq or webots)"),
        "{}",
        common::text(&unnamed.stderr)
    );
    let unknown = common::run_cli(&[&"convert", &example, &"x.foo"]);
    assert!(
        common::text(&unknown.stderr)
            .contains("use .mtn, .json, .csv, .seq, .yaml, .yml, .pseq or .motion (or --to)"),
        "{}",
        common::text(&unknown.stderr)
    );
    // Its help lists every format from the registry, and no longer by hand in its summary.
    let help = common::ok(&common::run_cli(&[&"convert", &"--help"]));
    for line in [
        "mtn     .mtn             AIBO motion, read and written",
        "oda     .oda             ODA archive, read (one of its motions, with --entry)",
        "seq     .seq .yaml .yml  Choreonoid body motion, read and written",
        "webots  .motion          Webots motion, read and written",
    ] {
        assert!(help.contains(line), "{line:?} in {help}");
    }
    assert!(!help.contains("gait"), "{help}");
}
