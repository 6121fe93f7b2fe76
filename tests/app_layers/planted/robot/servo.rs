// `servo` names `speed` through a nested group with `self` and an alias: servo -> speed.
use super::{
    clock::{self as tick, Tick as _},
    speed::{self as pace},
};

/* A comment that names /* nested */ the window: use crate::app::c; */
pub struct Bound;

pub fn limit() -> u32 {
    pace::fastest() + tick::TICK
}
