//! R-CODE, the robot's own interpreter, reached over the air: its wireless console (a TCP
//! line protocol, [`console`]) and the variables through which it reads the joints
//! ([`vars`]). What is known of both is in `docs/robot.md`, with its sources.

pub mod console;
pub mod vars;
