// `c` names `a` back: the loop a -> a::b -> c -> a.
pub struct Item;

pub fn back() -> usize {
    super::a::make()
}
