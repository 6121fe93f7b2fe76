//! The window layer's shape, kept by reading its source: no import loop among the modules
//! of `src/app` (each file a module; a name re-exported by `pub use` counts as the module
//! that defines it), and the documents change only in the step that applies actions.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module of `src/app`, as its path from `app` (`["app", "import_dialog", "ui"]`).
type Module = Vec<String>;

/// Every `.rs` file under `dir`, with its module path.
fn modules(dir: &Path, path: &Module, found: &mut BTreeMap<Module, String>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for entry in entries {
        let name = entry.file_stem().unwrap().to_string_lossy().into_owned();
        if entry.is_dir() {
            let mut inner = path.clone();
            inner.push(name);
            modules(&entry, &inner, found);
        } else if entry.extension().is_some_and(|e| e == "rs") {
            let mut module = path.clone();
            if name != "mod" {
                module.push(name);
            }
            let source = std::fs::read_to_string(&entry).unwrap();
            found.insert(module, without_comments_and_tests(&source));
        }
    }
}

/// The source without comments, string contents and `#[cfg(test)]` modules (tests may
/// reach anywhere).
fn without_comments_and_tests(source: &str) -> String {
    let code = source
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    code.lines()
        .map(|line| {
            let line = line.split("//").next().unwrap_or_default();
            let mut kept = String::new();
            let mut in_string = false;
            for c in line.chars() {
                if c == '"' {
                    in_string = !in_string;
                }
                if !in_string {
                    kept.push(c);
                }
            }
            kept
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a module names: every `use` tree expanded, and every path written out in the
/// code, each as its segments.
fn paths(source: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let statement = &rest[at + 4..];
        let end = statement.find(';').unwrap_or(statement.len());
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            expand(&statement[..end], &mut Vec::new(), &mut found);
        }
        rest = &statement[end.min(statement.len())..];
    }
    let text = source;
    for start in ["crate::app::", "super::"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(start) {
            let at = from + at;
            let preceded = text[..at].chars().last();
            from = at + start.len();
            if preceded.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = text[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `super::{a, b}` is a use tree, read above.
            if path.ends_with("::") {
                continue;
            }
            found.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            );
        }
    }
    found
}

/// Expands a use tree (`a::{b, c::{d}}`) into its paths.
fn expand(tree: &str, prefix: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let depth = prefix.len();
        prefix.extend(head);
        for part in split_top(inner) {
            expand(part, prefix, found);
        }
        prefix.truncate(depth);
    } else if !tree.is_empty() {
        let name = tree.split(" as ").next().unwrap_or_default();
        let mut path = prefix.clone();
        path.extend(name.split("::").map(str::trim).map(str::to_owned));
        found.push(path);
    }
}

/// Splits a use list at its top-level commas.
fn split_top(list: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[start..]);
    parts
}

/// The module of `app` a path names from `module`, following `pub use` re-exports to the
/// module that defines the name; `None` for paths outside `app`.
fn target(
    module: &Module,
    path: &[String],
    modules: &BTreeMap<Module, String>,
    reexports: &BTreeMap<(Module, String), Module>,
) -> Option<Module> {
    let mut at: Module;
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") if path.get(1).map(String::as_str) == Some("app") => {
            at = vec!["app".to_owned()];
            rest = &path[2..];
        }
        Some("super") => {
            at = module.clone();
            while rest.first().map(String::as_str) == Some("super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        Some("self") => {
            at = module.clone();
            rest = &path[1..];
        }
        // A path from a child module declared here (`use action::Action` in mod.rs).
        Some(first) => {
            let mut child = module.clone();
            child.push(first.to_owned());
            if !modules.contains_key(&child) {
                return None;
            }
            at = module.clone();
        }
        None => return None,
    }
    if at.first().is_none_or(|s| s != "app") {
        return None;
    }
    for segment in rest {
        let mut next = at.clone();
        next.push(segment.clone());
        if modules.contains_key(&next) {
            at = next;
        } else {
            return Some(
                reexports
                    .get(&(at.clone(), segment.clone()))
                    .cloned()
                    .unwrap_or(at),
            );
        }
    }
    Some(at)
}

/// Each module's names re-exported by `pub use`, to the module each comes from.
fn reexports(modules: &BTreeMap<Module, String>) -> BTreeMap<(Module, String), Module> {
    let mut found = BTreeMap::new();
    // Twice, so a re-export of a re-export resolves to its source.
    for _ in 0..2 {
        for (module, source) in modules {
            for line in source
                .lines()
                .filter(|l| l.trim_start().starts_with("pub use "))
            {
                let mut paths = Vec::new();
                let tree = line.trim_start().trim_start_matches("pub use ");
                expand(tree.trim_end_matches(';'), &mut Vec::new(), &mut paths);
                for path in paths {
                    let Some(name) = path.last().cloned() else {
                        continue;
                    };
                    if let Some(from) = target(module, &path, modules, &found) {
                        found.insert((module.clone(), name), from);
                    }
                }
            }
        }
    }
    found
}

/// The import graph of `src/app`: each module and the modules it names.
fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut found = BTreeMap::new();
    modules(&dir, &vec!["app".to_owned()], &mut found);
    let reexports = reexports(&found);
    found
        .iter()
        .map(|(module, source)| {
            let uses = paths(source)
                .iter()
                .filter_map(|path| target(module, path, &found, &reexports))
                .filter(|t| t != module)
                .collect();
            (module.clone(), uses)
        })
        .collect()
}

/// A loop in the graph, if there is one, as the modules along it.
fn find_loop(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        node: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        done: &mut BTreeSet<Module>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(at) = stack.iter().position(|m| m == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.clone());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

#[test]
fn the_window_layer_has_no_import_loop() {
    let graph = graph();
    assert!(graph.len() > 30, "the app's modules were found");
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(edges > 60, "the imports were read ({edges})");
    if let Some(cycle) = find_loop(&graph) {
        let shown: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
        panic!("an import loop: {}", shown.join(" -> "));
    }
}

#[test]
fn the_loop_finder_finds_a_loop() {
    let module = |name: &str| vec!["app".to_owned(), name.to_owned()];
    let mut graph = BTreeMap::new();
    graph.insert(module("a"), BTreeSet::from([module("b")]));
    graph.insert(module("b"), BTreeSet::from([module("c")]));
    graph.insert(module("c"), BTreeSet::from([module("a")]));
    assert_eq!(find_loop(&graph).map(|c| c.len()), Some(4));
    graph.insert(module("c"), BTreeSet::new());
    assert_eq!(find_loop(&graph), None);
}

#[test]
fn use_trees_and_written_paths_are_read() {
    let source = "use super::{action::{Action, MotionAction}, tabs::TabId};\n\
                  fn f() { crate::app::view::value(); super::super::dialogs::cancel(); }";
    let paths = paths(source);
    let shown: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    for expected in [
        "super::action::Action",
        "super::action::MotionAction",
        "super::tabs::TabId",
        "crate::app::view::value",
        "super::super::dialogs::cancel",
    ] {
        assert!(
            shown.contains(&expected.to_owned()),
            "{expected} in {shown:?}"
        );
    }
}

/// The files of the step that applies actions (and the models whose methods it calls):
/// only these may reach a document, a tab or the tab list mutably.
fn applies(module: &Module) -> bool {
    let path = module.join("::");
    module.get(1).is_some_and(|m| m == "apply")
        || module.last().is_some_and(|m| m == "apply")
        || [
            "app::motion::editing",
            "app::motion::ops",
            "app::tabs",
            "app::motion::tab",
        ]
        .contains(&path.as_str())
}

/// What reaches a document, a tab or the tab list mutably.
const MUTABLE_REACH: [&str; 9] = [
    "&mut Document",
    "&mut MotionTab",
    "&mut GaitDocument",
    "&mut ArchiveTab",
    "&mut Tabs",
    "&mut Tab",
    "motion_mut(",
    "gait_mut(",
    "tabs.get_mut(",
];

#[test]
fn only_the_apply_step_reaches_a_document_mutably() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut found = BTreeMap::new();
    modules(&dir, &vec!["app".to_owned()], &mut found);
    let mut checked = 0;
    let mut offences = Vec::new();
    for (module, source) in &found {
        if applies(module) {
            continue;
        }
        checked += 1;
        for pattern in MUTABLE_REACH {
            if names(source, pattern) {
                offences.push(format!("{}: {pattern}", module.join("::")));
            }
        }
    }
    assert!(checked > 25, "the drawing modules were read ({checked})");
    assert!(offences.is_empty(), "outside the apply step: {offences:#?}");
    // The check sees what it looks for: the apply step does reach documents mutably.
    let apply_reaches = found
        .iter()
        .filter(|(module, _)| applies(module))
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
