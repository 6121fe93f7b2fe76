//! The bundled example motion: an ERS-7 going from its standard stand to its standard sit,
//! built from the postures in `docs/formats/robots.md#standard-postures`.
//! `assets/ers7-stand-to-sit.mtn` is this motion encoded; a test checks that the file and this
//! code agree.

use crate::codec::mtn::Motion;
use crate::robot::Model;
use crate::robot::postures::{posture, posture_locators};

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
    let stand_urad = stand.angles_urad();
    let sit_urad = sit.angles_urad();
    let halfway: Vec<i32> = stand_urad
        .iter()
        .zip(&sit_urad)
        .map(|(&a, &b)| i32::try_from((i64::from(a) + i64::from(b)) / 2).unwrap_or(a))
        .collect();
    let body_halfway = [0, (stand.body_urad()[1] + sit.body_urad()[1]) / 2, 0];
    let steps = [
        (0, stand.body_urad(), &stand_urad),
        (15, stand.body_urad(), &stand_urad),
        (30, body_halfway, &halfway),
        (30, sit.body_urad(), &sit_urad),
    ];
    for (frames, body, angles) in steps {
        // The postures list one angle per joint of the table, so this cannot mismatch.
        let _ = motion.keyframes.push(frames, body, angles);
    }
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
    let mut row = [0i32; 20];
    for index in 0..usize::from(u16::MAX) {
        for value in &mut row {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            *value = i32::from_le_bytes(state.to_le_bytes()) % 2_000_000;
        }
        let frames = u32::try_from(index % 600).unwrap_or(0);
        let _ = motion
            .keyframes
            .push(frames, [row[0], row[1], row[2]], &row);
    }
    motion
}
