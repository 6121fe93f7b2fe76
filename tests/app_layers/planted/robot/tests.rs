// For tests only (`#[cfg(test)]`): left out, though it names both halves of the loop.
use crate::robot::{servo, speed};
