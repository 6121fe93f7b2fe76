//! The bundled example motion: an ERS-7 going from its standard stand to its standard sit,
//! built from the postures in `docs/formats/robots.md#standard-postures`.
//! `assets/ers7-stand-to-sit.mtn` is this motion encoded; a test checks that the file and this
//! code agree.

use crate::codec::mtn::{Keyframes, Motion};
use crate::robot::Model;
use crate::robot::postures::{posture, posture_locators};

/// The ERS-7's joint count: the example's rows are this wide.
const ERS7_JOINTS: usize = 20;

/// The bundled example file, as shipped in `assets/`.
pub const EXAMPLE_MTN: &[u8] = include_bytes!("../assets/ers7-stand-to-sit.mtn");

/// A StickyBot gait file laid out as the format's page describes it: the TOC with its count
/// byte and the servo table right after it, the sensor table at 0x011A as in the page's
/// example, then every controller (52 stance numbers, G^-1 the exact inverse of G).
pub const EXAMPLE_GAIT: &[u8] = include_bytes!("../assets/stickybot-example.gait");

/// The file name of the bundled example.
pub const EXAMPLE_NAME: &str = "ers7-stand-to-sit.mtn";

/// Builds the example: stand, hold for 256 ms, crouch half-way, sit.
#[must_use]
pub fn stand_to_sit() -> Motion {
    let mut motion = Motion::new(
        "a_stand#sit_example",
        "mtn-studio",
        Model::Ers7.label(),
        posture_locators(Model::Ers7),
    );
    let (Some(stand), Some(sit)) = (posture(Model::Ers7, "stand"), posture(Model::Ers7, "sit"))
    else {
        return motion;
    };
    // The postures list one angle per joint of the ERS-7's table (a test checks it).
    let (Ok(stand_urad), Ok(sit_urad)) = (
        <[i32; ERS7_JOINTS]>::try_from(stand.angles_urad()),
        <[i32; ERS7_JOINTS]>::try_from(sit.angles_urad()),
    ) else {
        return motion;
    };
    let halfway = std::array::from_fn(|j| {
        i32::try_from((i64::from(stand_urad[j]) + i64::from(sit_urad[j])) / 2)
            .unwrap_or(stand_urad[j])
    });
    let body_halfway = [0, (stand.body_urad()[1] + sit.body_urad()[1]) / 2, 0];
    motion.keyframes = Keyframes::from_rows([
        (0, stand.body_urad(), stand_urad),
        (15, stand.body_urad(), stand_urad),
        (30, body_halfway, halfway),
        (30, sit.body_urad(), sit_urad),
    ]);
    motion
}

/// The largest motion the format allows: 65,535 keyframes of the 20 ERS-7 joints, with
/// deterministic pseudo-random values within the joints' usual range, interpolation counts
/// from 0 to 599. For benchmarks and tests of speed.
#[must_use]
pub fn largest_motion() -> Motion {
    let mut motion = Motion::new(
        "a_stand#stand_largest",
        "mtn-studio benchmark",
        Model::Ers7.label(),
        posture_locators(Model::Ers7),
    );
    let mut state = 0x2545_f491_u32;
    motion.keyframes = Keyframes::from_rows((0..u32::from(u16::MAX)).map(|index| {
        let row: [i32; ERS7_JOINTS] = std::array::from_fn(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            i32::from_le_bytes(state.to_le_bytes()) % 2_000_000
        });
        (index % 600, [row[0], row[1], row[2]], row)
    }));
    motion
}
