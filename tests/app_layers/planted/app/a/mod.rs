// `a` names its child `b` by a bare path only.
pub mod b;

pub fn make() -> usize {
    b::Thing::new().count()
}
