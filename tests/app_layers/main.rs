//! The window layer's shape, kept by reading its source ([`reader`]):
//! - no import loop among the modules of `src/app` (each file a module; paths written out,
//!   bare ones from a child module or a module a `use` named included; a name re-exported by
//!   `pub use` counts as the module that defines it, and the re-export as an import of it);
//! - each feature's model (its state, edits and prompts) knows nothing of egui, of the
//!   actions or of the drawing; the vocabulary (actions, commands, effects, dialogs' data)
//!   names models only;
//! - the documents change only in the step that applies actions: no drawing module reaches
//!   a document, a tab or the tab list mutably.
//!
//! A fixture tree with a loop planted through a bare path and a re-export shows the reader
//! sees one.

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
const MODELS: [&str; 12] = [
    "app::motion::tab",
    "app::motion::view",
    "app::motion::floor",
    "app::motion::simulation",
    "app::motion::stage::model",
    "app::motion::tracks::model",
    "app::motion::ops::form",
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

/// The step that applies actions (and the containers it works through): only these may
/// reach a document, a tab or the tab list mutably.
const APPLY: [&str; 24] = [
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
    "app::motion::apply",
    "app::motion::editing",
    "app::motion::clip",
    "app::motion::save",
    "app::motion::export",
    "app::motion::ops",
    "app::motion::ops::menu",
    "app::motion::ops::job",
    "app::motion::floor_job",
    "app::motion::tracks::apply",
    "app::motion::tracks::save",
    "app::archive::apply",
    "app::gait::apply",
    "app::import_dialog::apply",
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
fn only_the_apply_step_reaches_a_document_mutably() {
    let graph = window_layer();
    let mut checked = 0;
    let mut offences = Vec::new();
    for (module, source) in &graph.modules {
        let here = name(module);
        if APPLY.contains(&here.as_str()) {
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
    assert!(offences.is_empty(), "outside the apply step: {offences:#?}");
    // The check sees what it looks for: the apply step does reach documents mutably.
    let apply_reaches = graph
        .modules
        .iter()
        .filter(|(module, _)| APPLY.contains(&name(module).as_str()))
        .any(|(_, source)| names(source, "motion_mut("));
    assert!(apply_reaches);
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
