//! Reading a crate's import graph from its source: each file a module (found by following
//! the `mod` declarations from the root file, `#[cfg]`-gated and `#[path]` ones too, tests
//! left out), each use tree, each path written out in the code (from `crate`, `super`,
//! `self`, a child module, or a module a `use` named), and each `pub use` followed to the
//! module that defines the name.

mod lex;
mod paths;
mod tree;

pub use lex::code_of;
pub use paths::{uses, written};
pub use tree::modules;

use paths::Use;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// A module, as its path from the crate's root (`["app", "import_dialog", "ui"]`; the
/// crate's root is `[]`).
pub type Module = Vec<String>;

/// The import graph of a tree of modules.
pub struct Graph {
    /// Each module's source (as [`code_of`] leaves it).
    pub modules: BTreeMap<Module, String>,
    /// Each name a module re-exports (`pub use`), to the module that defines it, and
    /// whether that name is the module itself (`pub use inner::deep;`).
    pub reexports: BTreeMap<(Module, String), (Module, bool)>,
    /// Each module and the modules it names.
    pub edges: BTreeMap<Module, BTreeSet<Module>>,
    /// For each edge, the first path that made it (as written, `super::speed::Bound`).
    pub why: BTreeMap<(Module, Module), String>,
    /// The declared modules whose file could not be read.
    pub missing: Vec<String>,
}

impl Graph {
    /// Reads the tree rooted at `dir`, whose root module is named `root`: `"crate"` for the
    /// crate's root (`dir/lib.rs`), or a module's name (`dir/mod.rs`, or `dir.rs`).
    pub fn read(dir: &Path, root: &str) -> Self {
        let (file, module) = if root == "crate" {
            (dir.join("lib.rs"), Vec::new())
        } else if dir.join("mod.rs").is_file() {
            (dir.join("mod.rs"), vec![root.to_owned()])
        } else {
            (dir.with_extension("rs"), vec![root.to_owned()])
        };
        let declared = tree::Declared::read(&file, dir, module);
        let mut graph = Self {
            modules: declared.modules,
            reexports: BTreeMap::new(),
            edges: BTreeMap::new(),
            why: BTreeMap::new(),
            missing: declared.missing,
        };
        let all: BTreeMap<Module, Vec<Use>> = graph
            .modules
            .iter()
            .map(|(module, source)| (module.clone(), uses(source)))
            .collect();
        // Until nothing changes, so a re-export of a re-export resolves to its source.
        for _ in 0..16 {
            let mut found = BTreeMap::new();
            for (module, uses) in &all {
                let names = graph.names(module, uses);
                for (path, name, public) in uses {
                    if *public
                        && name != "_"
                        && let Some(to) = graph.resolve(module, path, &names)
                    {
                        found.insert((module.clone(), name.clone()), to);
                    }
                }
            }
            if found == graph.reexports {
                break;
            }
            graph.reexports = found;
        }
        for (module, source) in &graph.modules {
            let names = graph.names(module, &all[module]);
            let mut to = BTreeSet::new();
            let paths = all[module]
                .iter()
                .map(|(path, _, _)| path.clone())
                .chain(written(source));
            for path in paths {
                if let Some((target, _)) = graph.resolve(module, &path, &names)
                    && target != *module
                {
                    graph
                        .why
                        .entry((module.clone(), target.clone()))
                        .or_insert_with(|| path.join("::"));
                    to.insert(target);
                }
            }
            graph.edges.insert(module.clone(), to);
        }
        graph
    }

    /// The names a module's `use`s bind to modules (`use super::motion;`,
    /// `use crate::robot::{self as body}`), each to that module.
    fn names(&self, module: &Module, uses: &[Use]) -> BTreeMap<String, Module> {
        let mut names = BTreeMap::new();
        // Twice: a `use` may start from a name another binds (`use motion::tab;`).
        for _ in 0..2 {
            for (path, name, _) in uses {
                if name == "_" || name == "*" {
                    continue;
                }
                if let Some((to, true)) = self.resolve(module, path, &names) {
                    names.insert(name.clone(), to);
                }
            }
        }
        names
    }

    /// The module a path names from `module`, following `pub use` to where a name is
    /// defined, and whether the whole path is that module; `None` for a path out of the
    /// tree (another crate, a local name, `super` above the root).
    pub fn resolve(
        &self,
        module: &Module,
        path: &[String],
        names: &BTreeMap<String, Module>,
    ) -> Option<(Module, bool)> {
        let (at, rest): (Module, &[String]) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "super" => {
                let mut at = module.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
                (at, rest)
            }
            "self" => (module.clone(), &path[1..]),
            first => {
                let mut child = module.clone();
                child.push(first.to_owned());
                if let Some(base) = names.get(first) {
                    (base.clone(), &path[1..])
                } else if self.modules.contains_key(&child) {
                    (module.clone(), path)
                } else {
                    return None;
                }
            }
        };
        self.walk(at, rest)
    }

    /// Walks `rest` down from module `at`: into child modules, and through a re-export to
    /// where the name is defined (on into it, if the name is a module).
    fn walk(&self, mut at: Module, rest: &[String]) -> Option<(Module, bool)> {
        for segment in rest {
            let mut next = at.clone();
            next.push(segment.clone());
            if self.modules.contains_key(&next) {
                at = next;
                continue;
            }
            match self.reexports.get(&(at.clone(), segment.clone())) {
                Some((to, true)) => at = to.clone(),
                Some((to, false)) => return Some((to.clone(), false)),
                None => return self.modules.contains_key(&at).then_some((at, false)),
            }
        }
        self.modules.contains_key(&at).then_some((at, true))
    }

    /// A loop in the graph, if there is one, as the modules along it.
    pub fn find_loop(&self) -> Option<Vec<Module>> {
        find_loop(&self.edges)
    }

    /// One loop through each knot of modules that reach each other (each strongly
    /// connected component of two modules or more), as the modules along it.
    pub fn loops(&self) -> Vec<Vec<Module>> {
        loops(&self.edges)
    }

    /// A loop shown with the path that makes each step
    /// (`robot::servo -(super::speed::Bound)-> robot::speed`).
    pub fn show(&self, cycle: &[Module]) -> String {
        let name = |m: &Module| {
            if m.is_empty() {
                "crate".to_owned()
            } else {
                m.join("::")
            }
        };
        let mut shown = cycle.first().map(name).unwrap_or_default();
        for pair in cycle.windows(2) {
            let why = self
                .why
                .get(&(pair[0].clone(), pair[1].clone()))
                .cloned()
                .unwrap_or_default();
            shown.push_str(&format!(" -({why})-> {}", name(&pair[1])));
        }
        shown
    }
}

/// A loop in `graph`, if there is one, as the modules along it.
pub fn find_loop(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    loops(graph).into_iter().next()
}

/// One loop through each strongly connected component of two modules or more (Tarjan's
/// algorithm), as the modules along it, first to first.
pub fn loops(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    /// Tarjan's bookkeeping.
    #[derive(Default)]
    struct Search<'a> {
        /// The order each module was reached in.
        index: BTreeMap<&'a Module, usize>,
        /// The earliest module each reaches back to, on the stack.
        low: BTreeMap<&'a Module, usize>,
        /// The modules reached whose component is not yet closed.
        stack: Vec<&'a Module>,
        /// The same, to look up.
        on_stack: BTreeSet<&'a Module>,
        /// The components found.
        components: Vec<Vec<&'a Module>>,
    }
    /// Reaches `node` and everything from it, closing each component whose root it is.
    fn visit<'a>(
        node: &'a Module,
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        search: &mut Search<'a>,
    ) {
        let index = search.index.len();
        search.index.insert(node, index);
        search.low.insert(node, index);
        search.stack.push(node);
        search.on_stack.insert(node);
        for next in graph.get(node).into_iter().flatten() {
            if !search.index.contains_key(next) {
                visit(next, graph, search);
                let low = search.low[node].min(search.low[next]);
                search.low.insert(node, low);
            } else if search.on_stack.contains(next) {
                let low = search.low[node].min(search.index[next]);
                search.low.insert(node, low);
            }
        }
        if search.low[node] == index {
            let mut component = Vec::new();
            while let Some(top) = search.stack.pop() {
                search.on_stack.remove(top);
                component.push(top);
                if top == node {
                    break;
                }
            }
            search.components.push(component);
        }
    }
    let mut search = Search::default();
    for node in graph.keys() {
        if !search.index.contains_key(node) {
            visit(node, graph, &mut search);
        }
    }
    let mut found: Vec<Vec<Module>> = search
        .components
        .into_iter()
        .filter(|c| c.len() > 1)
        .filter_map(|component| {
            let within: BTreeSet<&Module> = component.iter().copied().collect();
            let start = within.iter().next()?;
            cycle_through(start, graph, &within)
        })
        .collect();
    found.sort();
    found
}

/// The shortest loop from `start` back to it, through the modules of `within` only.
fn cycle_through(
    start: &Module,
    graph: &BTreeMap<Module, BTreeSet<Module>>,
    within: &BTreeSet<&Module>,
) -> Option<Vec<Module>> {
    let mut came_from: BTreeMap<&Module, &Module> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(node).into_iter().flatten() {
            if !within.contains(next) {
                continue;
            }
            if next == start {
                let mut cycle = vec![start.clone()];
                let mut at = node;
                while at != start {
                    cycle.push(at.clone());
                    at = came_from[at];
                }
                cycle.push(start.clone());
                cycle.reverse();
                return Some(cycle);
            }
            if !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    None
}
