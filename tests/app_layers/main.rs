//! The crate's shape, kept by reading its source ([`reader`]):
//! - no import loop among the modules of `src` (each file a module, found by following the
//!   `mod` declarations from `src/lib.rs`; paths written out, bare ones from a child module or
//!   a module a `use` named included; a name re-exported by `pub use` counts as the module
//!   that defines it, and the re-export as an import of it);
//! - in the window layer (`src/app`), the same, and: each feature's model (its state, edits
//!   and prompts) knows nothing of egui, of the actions or of the drawing; the vocabulary
//!   (actions, commands, effects, dialogs' data) names models only;
//! - the documents change only in the step that handles actions: no drawing module reaches
//!   a document, a tab or the tab list mutably.
//!
//! Fixture trees show the reader sees a loop: one planted in `app` through a bare path and a
//! re-export, and one between two modules of a `robot` folder, among text that only a reader
//! of text would take for imports.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

mod reader;

use reader::{Graph, Module, find_loop};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each feature's model: its state, edits and prompts, as plain data (no egui, no actions,
/// no drawing). Models may name other models, and the window's plain ids (`app::state`).
const MODELS: [&str; 13] = [
    "app::motion::tab",
    "app::motion::view",
    "app::motion::floor",
    "app::motion::simulation",
    "app::motion::stage::model",
    "app::motion::tracks::model",
    "app::motion::ops::form",
    "app::motion::ops::generate_form",
    "app::archive",
    "app::import_dialog",
    "app::dialogs::model",
    "app::audio",
    "app::state",
];

/// The vocabulary the window talks in: what can be asked (actions, commands) and what
/// handling it leaves (effects). It names models only, so that every other module can use
/// it without a loop.
const VOCABULARY: [&str; 3] = ["app::action", "app::command", "app::effects"];

/// The step that handles actions (and the containers it works through): only these may
/// reach a document, a tab or the tab list mutably.
const HANDLING: [&str; 24] = [
    "app",
    "app::route",
    "app::files",
    "app::archive_save",
    "app::window",
    "app::sound",
    "app::pairing",
    "app::input",
    "app::tabs",
    "app::motion::tab",
    "app::motion::handle",
    "app::motion::editing",
    "app::motion::clip",
    "app::motion::save",
    "app::motion::export",
    "app::motion::ops",
    "app::motion::ops::menu",
    "app::motion::ops::job",
    "app::motion::floor_job",
    "app::motion::tracks::handle",
    "app::motion::tracks::save",
    "app::archive::handle",
    "app::gait::handle",
    "app::import_dialog::handle",
];

/// What reaches a document, a tab or the tab list mutably.
const MUTABLE_REACH: [&str; 10] = [
    "&mut Document",
    "&mut MotionTab",
    "&mut GaitDocument",
    "&mut ArchiveTab",
    "&mut Tabs",
    "&mut Tab",
    "motion_mut(",
    "gait_mut(",
    "archive_mut(",
    "tabs.get_mut(",
];

fn name(module: &Module) -> String {
    module.join("::")
}

fn window_layer() -> Graph {
    Graph::read(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        "app",
    )
}

#[test]
fn the_window_layer_has_no_import_loop() {
    let graph = window_layer();
    assert!(graph.modules.len() > 60, "the app's modules were found");
    let edges: usize = graph.edges.values().map(BTreeSet::len).sum();
    assert!(edges > 200, "the imports were read ({edges})");
    if let Some(cycle) = graph.find_loop() {
        let shown: Vec<String> = cycle.iter().map(name).collect();
        panic!("an import loop: {}", shown.join(" -> "));
    }
}

#[test]
fn the_crate_has_no_import_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = Graph::read(&src, "crate");
    assert!(
        graph.missing.is_empty(),
        "unread modules: {:?}",
        graph.missing
    );
    // Every file of every folder is a module, but the binary's root and the tests' files.
    let mut files = BTreeMap::new();
    reader::modules(&src, &Vec::new(), &mut files);
    let unread: Vec<String> = files
        .keys()
        .filter(|file| !graph.modules.contains_key(*file))
        .map(name)
        .filter(|file| file != "lib" && file != "main" && !file.ends_with("tests"))
        .collect();
    assert!(
        unread.is_empty(),
        "files the reader did not read: {unread:?}"
    );
    assert!(graph.modules.len() > 250, "the modules were found");
    for folder in [
        "app",
        "cli",
        "codec::mtn",
        "convert::webots",
        "ops::shape",
        "robot",
    ] {
        let module: Module = folder.split("::").map(str::to_owned).collect();
        assert!(graph.modules.contains_key(&module), "{folder} was read");
    }
    let edges: usize = graph.edges.values().map(BTreeSet::len).sum();
    assert!(edges > 1_000, "the imports were read ({edges})");
    let loops: Vec<String> = graph.loops().iter().map(|l| graph.show(l)).collect();
    assert!(
        loops.is_empty(),
        "import loops in src:\n{}",
        loops.join("\n")
    );
}

#[test]
fn a_loop_planted_in_the_robot_folder_is_found() {
    // The fixture crate: `robot::servo` names `robot::speed` through a nested use group with
    // `self` and an alias, and `speed` names `servo` back by a written path, after strings, a
    // char and comments that name `app`. Its modules come from a file beside its folder, a
    // `#[path]`, and an inline module; its tests' file is left out.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/app_layers/planted");
    let graph = Graph::read(&dir, "crate");
    let module = |path: &str| path.split("::").map(str::to_owned).collect::<Module>();
    assert!(graph.missing.is_empty(), "{:?}", graph.missing);
    for found in [
        "app::c",
        "robot",
        "robot::servo",
        "robot::speed",
        "robot::clock",
    ] {
        assert!(
            graph.modules.contains_key(&module(found)),
            "{found} is read"
        );
    }
    assert!(graph.modules.contains_key(&module("robot::inline::deep")));
    assert!(!graph.modules.contains_key(&module("robot::tests")));
    let servo = &graph.edges[&module("robot::servo")];
    assert!(servo.contains(&module("robot::speed")), "{servo:?}");
    assert!(servo.contains(&module("robot::clock")), "{servo:?}");
    let speed = &graph.edges[&module("robot::speed")];
    assert_eq!(
        speed,
        &BTreeSet::from([module("robot::servo")]),
        "no more: {speed:?}"
    );
    let deep = &graph.edges[&module("robot::inline::deep")];
    assert!(
        deep.contains(&module("robot::servo")),
        "super::super: {deep:?}"
    );
    let loops = graph.loops();
    let planted = loops
        .iter()
        .find(|l| l.contains(&module("robot::speed")))
        .unwrap_or_else(|| panic!("the planted loop is found: {loops:?}"));
    assert_eq!(
        graph.show(planted),
        "robot::servo -(super::speed)-> robot::speed -(super::servo::Bound)-> robot::servo"
    );
    // Without the written path back, no loop in the robot folder.
    let mut edges = graph.edges.clone();
    if let Some(to) = edges.get_mut(&module("robot::speed")) {
        to.remove(&module("robot::servo"));
    }
    let loops = reader::loops(&edges);
    assert!(loops.iter().all(|l| l[0][0] == "app"), "{loops:?}");
}

#[test]
fn any_rust_is_read_without_panicking() {
    let source = r####"//! use crate::doc::comment;
/* a block /* nested */ use crate::block::comment; */
use super::{a::{self as b, c::{D, E as _}}, *};
use crate::r#type::Thing;
pub(in crate::app) use self::x::Y;
const S: &str = r##"use crate::raw::string; } "# "##;
const B: &[u8] = b"use crate::bytes; \" {";
const Q: char = '"';
const O: char = '{';
const L: u8 = b'\'';
#[expect(clippy::needless_lifetimes, reason = "a path in an attribute")]
fn f<'a>(x: &'a str) -> impl Sized + use<'a> { super::super::up::f(); x }
pub(in crate::robot) fn g() { 'outer: loop { break 'outer; } }
macro_rules! m { () => { $crate::mac::used() }; }
#[cfg(test)]
mod tests { use crate::only::tests; }
fn after() { crate::after::tests(); }
"####;
    let uses: Vec<(String, String, bool)> = reader::uses(source)
        .into_iter()
        .map(|(path, bound, public)| (path.join("::"), bound, public))
        .collect();
    let expected = [
        ("super::a", "b", false),
        ("super::a::c::D", "D", false),
        ("super::a::c::E", "_", false),
        ("super::*", "*", false),
        ("crate::type::Thing", "Thing", false),
        ("self::x::Y", "Y", true),
        ("crate::only::tests", "tests", false),
    ];
    let expected: Vec<(String, String, bool)> = expected
        .iter()
        .map(|&(p, b, public)| (p.to_owned(), b.to_owned(), public))
        .collect();
    assert_eq!(uses, expected);
    let written: Vec<String> = reader::written(source)
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        written,
        [
            "super::super::up::f",
            "crate::mac::used",
            "crate::after::tests"
        ]
    );
    let code = reader::code_of(source);
    for gone in ["doc", "block", "raw", "bytes", "only"] {
        assert!(!code.contains(gone), "{gone} in {code}");
    }
    assert!(code.contains("crate::after::tests()"), "{code}");
    // Cut anywhere (a literal, a comment or a group left open), it reads without panicking.
    for (at, _) in source.char_indices() {
        let cut = &source[..at];
        let _ = (
            reader::uses(cut),
            reader::written(cut),
            reader::code_of(cut),
        );
    }
}

#[test]
fn a_loop_planted_through_a_bare_path_and_a_re_export_is_found() {
    // The fixture: `a` uses `b::Thing` by a bare path (b is its child), `b` uses `c::Item`
    // through `lib`'s re-export, and `c` uses `a` back. Only the bare path and the re-export
    // close the loop.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/app_layers/planted/app");
    let graph = Graph::read(&dir, "app");
    let module = |path: &str| path.split("::").map(str::to_owned).collect::<Module>();
    assert!(
        graph.edges[&module("app::a")].contains(&module("app::a::b")),
        "the bare path was read: {:?}",
        graph.edges[&module("app::a")]
    );
    assert!(
        graph.edges[&module("app::a::b")].contains(&module("app::c")),
        "the re-export was followed to where the name is defined: {:?}",
        graph.edges[&module("app::a::b")]
    );
    let cycle = graph.find_loop().expect("the planted loop is found");
    let shown: Vec<String> = cycle.iter().map(name).collect();
    assert!(shown.contains(&"app::c".to_owned()), "{shown:?}");
    // Without the planted path, no loop.
    let mut edges = graph.edges.clone();
    if let Some(to) = edges.get_mut(&module("app::c")) {
        to.remove(&module("app::a"));
    }
    assert_eq!(find_loop(&edges), None);
}

#[test]
fn use_trees_and_written_paths_are_read() {
    let source = "use super::{action::{Action, MotionAction as Motion}, tabs::TabId};\n\
                  fn f() { crate::app::view::value(); super::super::dialogs::cancel(); \
                  behaviours::BehaviourList::new(); }";
    let uses: Vec<(String, String)> = reader::uses(source)
        .into_iter()
        .map(|(path, bound, _)| (path.join("::"), bound))
        .collect();
    for (expected, bound) in [
        ("super::action::Action", "Action"),
        ("super::action::MotionAction", "Motion"),
        ("super::tabs::TabId", "TabId"),
    ] {
        assert!(
            uses.contains(&(expected.to_owned(), bound.to_owned())),
            "{expected} in {uses:?}"
        );
    }
    let written: Vec<String> = reader::written(source)
        .iter()
        .map(|p| p.join("::"))
        .collect();
    for expected in [
        "crate::app::view::value",
        "super::super::dialogs::cancel",
        "behaviours::BehaviourList::new",
    ] {
        assert!(
            written.contains(&expected.to_owned()),
            "{expected} in {written:?}"
        );
    }
    assert!(
        reader::uses("pub(in crate::app) use a::B;")[0].2,
        "a re-export"
    );
}

#[test]
fn models_know_nothing_of_egui_actions_or_drawing() {
    let graph = window_layer();
    let layer: BTreeMap<String, bool> = graph
        .modules
        .keys()
        .map(|m| (name(m), MODELS.contains(&name(m).as_str())))
        .collect();
    for model in MODELS {
        assert!(layer.contains_key(model), "{model} is a module of app");
    }
    let mut offences = Vec::new();
    for (module, source) in &graph.modules {
        let here = name(module);
        if !MODELS.contains(&here.as_str()) {
            continue;
        }
        if source.contains("egui") {
            offences.push(format!("{here} names egui"));
        }
        for to in &graph.edges[module] {
            let there = name(to);
            if !MODELS.contains(&there.as_str()) {
                offences.push(format!("{here} names {there}"));
            }
        }
    }
    assert!(offences.is_empty(), "models: {offences:#?}");
}

#[test]
fn the_vocabulary_names_models_only() {
    let graph = window_layer();
    let mut offences = Vec::new();
    for word in VOCABULARY {
        let module: Module = word.split("::").map(str::to_owned).collect();
        let edges = graph.edges.get(&module).expect("a vocabulary module");
        for to in edges {
            let there = name(to);
            let allowed = MODELS.contains(&there.as_str())
                || VOCABULARY.contains(&there.as_str())
                || there.starts_with("app::dialogs::model");
            if !allowed {
                offences.push(format!("{word} names {there}"));
            }
        }
    }
    assert!(offences.is_empty(), "the vocabulary: {offences:#?}");
}

#[test]
fn only_the_handling_step_reaches_a_document_mutably() {
    let graph = window_layer();
    let mut checked = 0;
    let mut offences = Vec::new();
    for (module, source) in &graph.modules {
        let here = name(module);
        if HANDLING.contains(&here.as_str()) {
            continue;
        }
        checked += 1;
        for pattern in MUTABLE_REACH {
            if names(source, pattern) {
                offences.push(format!("{here}: {pattern}"));
            }
        }
    }
    assert!(checked > 40, "the drawing modules were read ({checked})");
    assert!(
        offences.is_empty(),
        "outside the handling step: {offences:#?}"
    );
    // The check sees what it looks for: the handling step does reach documents mutably.
    let handling_reaches = graph
        .modules
        .iter()
        .filter(|(module, _)| HANDLING.contains(&name(module).as_str()))
        .any(|(_, source)| names(source, "motion_mut("));
    assert!(handling_reaches);
    assert!(names("fn f(t: &mut Tab) {}", "&mut Tab"));
    assert!(!names("fn f(t: &mut TableRow) {}", "&mut Tab"));
}

/// Whether `source` has `pattern` as a whole name (`&mut Tab`, not `&mut TableRow`).
fn names(source: &str, pattern: &str) -> bool {
    source.match_indices(pattern).any(|(at, _)| {
        pattern.ends_with('(')
            || source[at + pattern.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric() && c != '_')
    })
}

/// The last type argument of each `Result<...>` in `source`.
fn result_errors(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in source.match_indices("Result<") {
        let rest = &source[at + "Result<".len()..];
        let (mut depth, mut start, mut args) = (0_i32, 0, Vec::new());
        for (i, c) in rest.char_indices() {
            match c {
                '<' | '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '>' if depth == 0 => {
                    args.push(rest[start..i].trim());
                    break;
                }
                '>' => depth -= 1,
                ',' if depth == 0 => {
                    args.push(rest[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        if args.len() == 2 {
            found.push(args[1].to_owned());
        }
    }
    found
}

#[test]
fn no_error_in_src_is_a_bare_string() {
    let mut sources = std::collections::BTreeMap::new();
    reader::modules(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &vec!["crate".to_owned()],
        &mut sources,
    );
    assert!(sources.len() > 150, "the sources were read");
    let mut offences = Vec::new();
    let mut errors = 0;
    for (module, source) in &sources {
        for error in result_errors(source) {
            errors += 1;
            if error == "String" || error == "&str" || error == "&'static str" {
                offences.push(format!("{}: Result<_, {error}>", name(module)));
            }
        }
    }
    assert!(errors > 100, "the results were read ({errors})");
    assert!(offences.is_empty(), "errors as bare strings: {offences:#?}");
    // The reader sees what it looks for.
    assert_eq!(
        result_errors("fn f() -> Result<Vec<(u8, String)>, String> {}"),
        vec!["String".to_owned()]
    );
}
