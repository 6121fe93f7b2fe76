//! Reading the window layer's import graph from its source: each file a module, each use
//! tree, each path written out in the code (from `crate::app`, `super`, `self`, a child
//! module, or a module a `use` named), and each `pub use` followed to the module that
//! defines the name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module, as its path from the tree's root (`["app", "import_dialog", "ui"]`).
pub type Module = Vec<String>;

/// Every `.rs` file under `dir`, with its module path, its source without comments, string
/// contents and `#[cfg(test)]` modules (tests may reach anywhere).
pub fn modules(dir: &Path, path: &Module, found: &mut BTreeMap<Module, String>) {
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
            found.insert(module, code_of(&source));
        }
    }
}

/// The source without comments, string contents and `#[cfg(test)]` modules.
pub fn code_of(source: &str) -> String {
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

/// The `use` statements of a source: each tree expanded into its paths, with the name each
/// binds (its last segment, or its alias), and whether it is a `pub use`.
pub fn uses(source: &str) -> Vec<(Vec<String>, String, bool)> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        // `pub use`, `pub(crate) use`, `pub(in crate::app) use`: the line's start.
        let line = &rest[rest[..at].rfind('\n').map_or(0, |n| n + 1)..at];
        let public = line.trim_start().starts_with("pub");
        let statement = &rest[at + 4..];
        let end = statement.find(';').unwrap_or(statement.len());
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            let mut paths = Vec::new();
            expand(&statement[..end], &mut Vec::new(), &mut paths);
            for (path, name) in paths {
                found.push((path, name, public));
            }
        }
        rest = &statement[end.min(statement.len())..];
    }
    found
}

/// Expands a use tree (`a::{b, c::{d as e}}`) into its paths and the names they bind.
pub fn expand(tree: &str, prefix: &mut Vec<String>, found: &mut Vec<(Vec<String>, String)>) {
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
        let mut words = tree.split(" as ");
        let name = words.next().unwrap_or_default();
        let mut path = prefix.clone();
        path.extend(name.split("::").map(str::trim).map(str::to_owned));
        let bound = words
            .next()
            .map(|alias| alias.trim().to_owned())
            .or_else(|| path.last().cloned())
            .unwrap_or_default();
        // `use a::{self}` binds `a`.
        let (path, bound) = if path.last().is_some_and(|s| s == "self") {
            let mut path = path;
            path.pop();
            let bound = path.last().cloned().unwrap_or_default();
            (path, bound)
        } else {
            (path, bound)
        };
        found.push((path, bound));
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

/// Every path written out in a source (`a::b::c`, two segments or more; those of `use`
/// statements too, which resolve the same).
pub fn written(source: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut path = String::new();
    let mut previous = ' ';
    for c in source.chars().chain(std::iter::once(' ')) {
        if word(c) || c == ':' {
            // A path starts at a word not joined to what came before.
            if path.is_empty() && (word(previous) || previous == ':') {
                previous = c;
                continue;
            }
            path.push(c);
        } else {
            // A use tree's prefix (`super::dialogs::{...}`) is read with its tree.
            let prefix = path.ends_with("::");
            let text = path.trim_end_matches(':');
            if text.contains("::") && !text.starts_with(':') && !prefix {
                found.push(text.split("::").map(str::to_owned).collect());
            }
            path.clear();
        }
        previous = c;
    }
    found
}

/// The import graph of a tree of modules.
pub struct Graph {
    /// Each module's source.
    pub modules: BTreeMap<Module, String>,
    /// Each name a module re-exports (`pub use`), to the module that defines it.
    pub reexports: BTreeMap<(Module, String), Module>,
    /// Each module and the modules it names.
    pub edges: BTreeMap<Module, BTreeSet<Module>>,
}

impl Graph {
    /// Reads the tree rooted at `dir`, whose root module is named `root`.
    pub fn read(dir: &Path, root: &str) -> Self {
        let mut modules = BTreeMap::new();
        read_into(dir, root, &mut modules);
        let mut graph = Self {
            modules,
            reexports: BTreeMap::new(),
            edges: BTreeMap::new(),
        };
        // Twice, so a re-export of a re-export resolves to its source.
        for _ in 0..3 {
            let mut found = BTreeMap::new();
            for (module, source) in &graph.modules {
                for (path, name, public) in uses(source) {
                    if public && let Some(to) = graph.target(module, &path) {
                        found.insert((module.clone(), name), to);
                    }
                }
            }
            graph.reexports = found;
        }
        let mut edges = BTreeMap::new();
        for (module, source) in &graph.modules {
            let mut names: BTreeMap<String, Module> = BTreeMap::new();
            let mut to = BTreeSet::new();
            for (path, name, _) in uses(source) {
                if let Some(target) = graph.target(module, &path) {
                    to.insert(target.clone());
                    if graph
                        .modules
                        .contains_key(&path_module(module, &path, &graph.modules))
                    {
                        names.insert(name, path_module(module, &path, &graph.modules));
                    }
                }
            }
            for path in written(source) {
                let target = match names.get(&path[0]) {
                    // A module a `use` named: the rest from there.
                    Some(base) => graph.walk(base.clone(), &path[1..]),
                    None => graph.target(module, &path),
                };
                to.extend(target);
            }
            to.remove(module);
            edges.insert(module.clone(), to);
        }
        graph.edges = edges;
        graph
    }

    /// The module a path names from `module` (following `pub use` to where the name is
    /// defined); `None` for paths outside the tree.
    pub fn target(&self, module: &Module, path: &[String]) -> Option<Module> {
        let root = self.modules.keys().next()?.first()?.clone();
        let (at, rest): (Module, &[String]) = match path.first().map(String::as_str) {
            Some("crate") if path.get(1) == Some(&root) => (vec![root.clone()], &path[2..]),
            Some("crate") => return None,
            Some("super") => {
                let mut at = module.clone();
                let mut rest = path;
                while rest.first().map(String::as_str) == Some("super") {
                    at.pop();
                    rest = &rest[1..];
                }
                (at, rest)
            }
            Some("self") => (module.clone(), &path[1..]),
            // A path from a child module declared here (`behaviours::BehaviourList`).
            Some(first) => {
                let mut child = module.clone();
                child.push(first.to_owned());
                if !self.modules.contains_key(&child) {
                    return None;
                }
                (module.clone(), path)
            }
            None => return None,
        };
        if at.first() != Some(&root) {
            return None;
        }
        self.walk(at, rest)
    }

    /// Walks `rest` down from module `at`: into child modules, and through a re-export to
    /// where the name is defined.
    fn walk(&self, mut at: Module, rest: &[String]) -> Option<Module> {
        for segment in rest {
            let mut next = at.clone();
            next.push(segment.clone());
            if self.modules.contains_key(&next) {
                at = next;
            } else {
                return Some(
                    self.reexports
                        .get(&(at.clone(), segment.clone()))
                        .cloned()
                        .unwrap_or(at),
                );
            }
        }
        Some(at)
    }

    /// A loop in the graph, if there is one, as the modules along it.
    pub fn find_loop(&self) -> Option<Vec<Module>> {
        find_loop(&self.edges)
    }
}

/// The module a use path itself names, when it names a module (`use super::motion`).
fn path_module(module: &Module, path: &[String], modules: &BTreeMap<Module, String>) -> Module {
    let mut at = module.clone();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            at = path.iter().skip(1).take(1).cloned().collect();
            rest = path.get(2..).unwrap_or_default();
        }
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &path[1..],
        _ => {}
    }
    for segment in rest {
        at.push(segment.clone());
    }
    if modules.contains_key(&at) {
        at
    } else {
        Vec::new()
    }
}

fn read_into(dir: &Path, root: &str, found: &mut BTreeMap<Module, String>) {
    modules(dir, &vec![root.to_owned()], found);
}

/// A loop in `graph`, if there is one, as the modules along it.
pub fn find_loop(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
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
