// Declared in `robot`'s inline module `inline`: `robot::inline::deep`, two levels below
// `robot`, which `super::super` names.
pub fn bound() -> usize {
    std::mem::size_of_val(&super::super::servo::Bound)
}
