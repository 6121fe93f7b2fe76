// Read by `#[path]` as `robot::clock`: it names nothing of the crate.
pub const TICK: u32 = 8;

pub struct Tick;
