// A fixture for the layer test (not compiled): a module tree with a loop that only a bare
// path and a re-export close. `app` re-exports `c::Item`.
pub mod a;
pub mod c;

pub use c::Item;
