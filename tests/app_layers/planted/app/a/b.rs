// `b` takes `Item` through `app`'s re-export: it depends on `c`, where `Item` is defined.
use crate::app::Item;

pub struct Thing(Item);
