//! Finding a tree's modules: by its `mod` declarations from the root file (what the
//! compiler builds), or by its folders (every `.rs` file).

use super::Module;
use super::lex::code_of;
use super::paths::declarations;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its module path (`mod.rs` its folder's module, under
/// `path`) and its source as [`code_of`] leaves it.
pub fn modules(dir: &Path, path: &Module, found: &mut BTreeMap<Module, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for entry in entries {
        let name = entry
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if entry.is_dir() {
            let mut inner = path.clone();
            inner.push(name);
            modules(&entry, &inner, found);
        } else if entry.extension().is_some_and(|e| e == "rs") {
            let mut module = path.clone();
            if name != "mod" {
                module.push(name);
            }
            let source = std::fs::read_to_string(&entry).unwrap_or_default();
            found.insert(module, code_of(&source));
        }
    }
}

/// The modules a tree declares, from its root file: each module's path and its source as
/// [`code_of`] leaves it (a module declared twice, under two `#[cfg]`s, has both sources).
/// `#[cfg(test)]` modules are left out (tests may reach anywhere); a module declared in an
/// inline `mod a { … }` is found in `a`'s folder, and the inline module's code counts as
/// its file's. Declared files that cannot be read are listed in `missing`.
pub struct Declared {
    /// Each module and its source.
    pub modules: BTreeMap<Module, String>,
    /// Each file read, and its module.
    pub files: BTreeMap<PathBuf, Module>,
    /// The declarations whose file could not be read.
    pub missing: Vec<String>,
}

impl Declared {
    /// Reads the tree whose root file is `root` (its children in `dir`), named `module`.
    pub fn read(root: &Path, dir: &Path, module: Module) -> Self {
        let mut declared = Self {
            modules: BTreeMap::new(),
            files: BTreeMap::new(),
            missing: Vec::new(),
        };
        declared.visit(root, dir, module);
        declared
    }

    /// Reads `file`, module `module` whose child modules' files are in `dir`, and then
    /// each file module it declares.
    fn visit(&mut self, file: &Path, dir: &Path, module: Module) {
        if self.files.contains_key(file) {
            return;
        }
        let Ok(source) = std::fs::read_to_string(file) else {
            self.missing
                .push(format!("{} ({})", module.join("::"), file.display()));
            return;
        };
        self.files.insert(file.to_owned(), module.clone());
        let here = file.parent().unwrap_or(Path::new("."));
        let mut tests: Vec<Vec<String>> = Vec::new();
        for declaration in declarations(&source) {
            let mut inline = declaration.within.clone();
            inline.push(declaration.name.clone());
            let in_test = tests.iter().any(|t| declaration.within.starts_with(t));
            if declaration.test || in_test {
                tests.push(inline);
                continue;
            }
            if !declaration.file {
                continue;
            }
            let mut child = module.clone();
            child.extend(inline.iter().cloned());
            let mut folder = dir.to_owned();
            folder.extend(&declaration.within);
            let (path, inner) = match &declaration.path {
                // A `#[path]` file's children are in its folder.
                Some(path) => {
                    let base = if declaration.within.is_empty() {
                        here.to_owned()
                    } else {
                        folder.clone()
                    };
                    let path = base.join(path);
                    let inner = path.parent().unwrap_or(&base).to_owned();
                    (path, inner)
                }
                None => {
                    let flat = folder.join(format!("{}.rs", declaration.name));
                    let inner = folder.join(&declaration.name);
                    if flat.is_file() {
                        (flat, inner)
                    } else {
                        (inner.join("mod.rs"), inner)
                    }
                }
            };
            self.visit(&path, &inner, child);
        }
        self.modules
            .entry(module)
            .or_default()
            .push_str(&code_of(&source));
    }
}
