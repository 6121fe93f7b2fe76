//! How the body rests at one tick, kept for every tick of a motion, and the floor's up in
//! the body frame for the body angles a file stores.

use super::body::Body;
use super::settle::Settled;
use crate::codec::mtn::BodyUrad;
use crate::robot::kinematics::Vec3;
use crate::robot::urad_to_deg;

/// The floor's up in the body frame for stored body angles (roll, pitch; yaw turns nothing
/// on a flat floor).
#[must_use]
pub fn up_from_body(body: BodyUrad) -> Vec3 {
    let (roll, pitch) = (
        urad_to_deg(body[0]).to_radians(),
        urad_to_deg(body[1]).to_radians(),
    );
    [
        pitch.sin(),
        pitch.cos() * roll.sin(),
        pitch.cos() * roll.cos(),
    ]
}

/// How the body rests at one tick: the part of [`Settled`] kept for every tick of a motion.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rest {
    /// The floor's up in the body frame.
    pub up: [f32; 3],
    /// The body origin's height above the floor (mm).
    pub height_mm: f32,
    /// How far inside the support polygon the centre of mass is (mm; negative outside).
    pub margin_mm: f32,
    /// The centre of mass in the floor frame.
    pub com: [f32; 3],
    /// Which touches are on the floor: bit i for the rig's touch i.
    pub contacts: u32,
    /// Each paw's point on the floor (floor x, y; `Leg::ALL` order).
    pub paws: [[f32; 2]; 4],
    /// How far the pose holds each paw above the floor in its own frame (mm): the paws it
    /// lifts, however the body rests after the ticks before ([`super::stance`]).
    pub lifted_mm: [f32; 4],
    /// Where the pose stands on three paws in its own frame, the floor's up in the body
    /// frame as those three stand on it (how the pose means the body to be turned); zero
    /// where it does not ([`super::stance`]).
    pub stance_up: [f32; 3],
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "millimetres and unit vectors"
)]
fn narrow(v: Vec3) -> [f32; 3] {
    v.map(|c| c as f32)
}

impl Rest {
    /// The compact record of a settled body.
    #[must_use]
    #[expect(clippy::cast_possible_truncation, reason = "millimetres")]
    pub fn of(settled: &Settled, body: &Body) -> Self {
        let mut paws = [[0.0; 2]; 4];
        for (slot, touch) in paws
            .iter_mut()
            .zip(body.touches.iter().filter(|t| t.part.is_paw()))
        {
            let at = settled.to_floor(touch.at);
            *slot = [at[0] as f32, at[1] as f32];
        }
        Self {
            up: narrow(settled.up),
            height_mm: settled.height_mm as f32,
            margin_mm: settled.margin_mm as f32,
            com: narrow(settled.com),
            lifted_mm: [0.0; 4],
            stance_up: [0.0; 3],
            contacts: settled
                .contacts
                .iter()
                .filter(|&&i| i < 32)
                .fold(0, |bits, &i| bits | 1 << i),
            paws,
        }
    }

    /// The body's pitch, degrees, positive nose-up.
    #[must_use]
    pub fn pitch_deg(&self) -> f64 {
        f64::from(self.up[0]).clamp(-1.0, 1.0).asin().to_degrees()
    }

    /// The body's roll, degrees, positive with the left side up (the files' convention).
    #[must_use]
    pub fn roll_deg(&self) -> f64 {
        f64::from(self.up[1])
            .atan2(f64::from(self.up[2]))
            .to_degrees()
    }

    /// Whether touch `i` is on the floor.
    #[must_use]
    pub fn touches(&self, i: usize) -> bool {
        i < 32 && self.contacts & (1 << i) != 0
    }
}
