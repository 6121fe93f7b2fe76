//! Keeping balance while a pose is placed: the body shifted along the floor (and lowered where
//! it must be) until the centre of mass lies the margin asked inside the polygon of the paws
//! that stay on the floor, every leg solved again at each step.

use super::{BodyChange, Frame, Placed, Request, place};
use crate::robot::floor::settle::hull_2d;
use crate::robot::floor::{Rig, margin};
use crate::robot::kinematics::Vec3;

/// A pose placed with its balance kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Balanced {
    /// The pose.
    pub placed: Placed,
    /// How the body moved, the request's own change and the shift added to it.
    pub body: BodyChange,
    /// How far inside the support the centre of mass is (mm; negative outside).
    pub margin_mm: f64,
    /// Whether the margin asked was reached (else the best pose found is given).
    pub reached: bool,
}

/// How far above the floor a paw may be and still carry weight (mm, above its ball's radius).
const ON_FLOOR_MM: f64 = 1.0;
/// A leg that misses its paw by more than this (mm) has lost its footing.
const FOOTING_MM: f64 = 0.5;
/// The most the body is lowered to keep its footing while it shifts (mm).
const MAX_LOWER_MM: f64 = 45.0;

/// The centre of mass in the floor frame of the pose as placed.
fn centre_of_mass(rig: &Rig, placed: &Placed, frame: &Frame) -> Vec3 {
    frame.to_floor(rig.pose(&placed.values).com)
}

/// The support polygon of the paws that stay on (or are put on) the floor, and the middle
/// of those paws, in the floor frame.
fn support(
    rig: &Rig,
    values: &[i32],
    frame: &Frame,
    request: &Request,
    ball_mm: f64,
) -> (Vec<[f64; 2]>, [f64; 2]) {
    let planted = super::paws(rig, values, frame);
    let feet: Vec<[f64; 2]> = (0..4)
        .filter(|&i| !request.free[i])
        .filter_map(|i| {
            let at = request.paws[i].unwrap_or(planted[i]);
            (at[2] <= ball_mm + ON_FLOOR_MM).then_some([at[0], at[1]])
        })
        .collect();
    let centre = feet
        .iter()
        .fold([0.0, 0.0], |c, p| [c[0] + p[0], c[1] + p[1]])
        .map(|v| v / feet.len().max(1) as f64);
    (hull_2d(feet), centre)
}

/// How far inside the support of the paws on the floor the centre of mass of `placed` is,
/// with the body moved as `request` asks (mm; negative outside): the margin of a pose
/// placed without balance.
#[must_use]
pub fn support_margin(
    rig: &Rig,
    values: &[i32],
    frame: &Frame,
    request: &Request,
    (placed, ball_mm): (&Placed, f64),
) -> f64 {
    let (support, _) = support(rig, values, frame, request, ball_mm);
    let com = centre_of_mass(rig, placed, &frame.moved(&request.body));
    margin(&support, [com[0], com[1]])
}

/// Places `request` as [`place`] does, then shifts the body along the floor until the centre
/// of mass is `margin_mm` inside the support of the paws on the floor, lowering it a little
/// where a shift alone cannot; the best pose found where no shift within the joints' reach
/// gives the margin. `ball_mm`: the paws' ball radius (a paw up to this above the floor, plus
/// a millimetre, stands on it).
#[must_use]
pub fn place_balanced(
    rig: &Rig,
    values: &[i32],
    frame: &Frame,
    request: &Request,
    (margin_mm, ball_mm): (f64, f64),
) -> Balanced {
    let (support, centre) = support(rig, values, frame, request, ball_mm);
    // Fewer than three paws on the floor stand on no area: no shift gives a margin, and
    // the pose is placed as asked (its margin said).
    let rounds = if support.len() < 3 { 1 } else { 80 };
    let mut stalled = 0;
    // The shift along the floor found so far, and how far the body is lowered for it.
    let (mut shift, mut lower) = ([0.0_f64; 2], 0.0_f64);
    let mut best: Option<Balanced> = None;
    for _ in 0..rounds {
        let body = BodyChange {
            forward_mm: request.body.forward_mm + shift[0],
            left_mm: request.body.left_mm + shift[1],
            up_mm: request.body.up_mm - lower,
            ..request.body
        };
        let asked = Request { body, ..*request };
        let placed = place(rig, values, frame, &asked);
        // The paws that stay down must keep their place; a paw asked for may stop at the
        // edge of its reach.
        let footing = placed
            .legs
            .iter()
            .zip(&request.paws)
            .all(|(leg, asked)| asked.is_some() || leg.is_none_or(|l| l.miss_mm <= FOOTING_MM));
        if !footing {
            // Out of reach along the floor: lower the body and try the shift again.
            lower += 3.0;
            if lower > MAX_LOWER_MM {
                break;
            }
            continue;
        }
        let com = centre_of_mass(rig, &placed, &frame.moved(&body));
        let inside = margin(&support, [com[0], com[1]]);
        let candidate = Balanced {
            placed,
            body,
            margin_mm: inside,
            reached: inside >= margin_mm - 0.1,
        };
        if candidate.reached {
            return candidate;
        }
        if best.as_ref().is_none_or(|b| inside > b.margin_mm + 0.05) {
            best = Some(candidate);
            stalled = 0;
        } else {
            // No better for a while: the joints' reach holds the body where it is.
            stalled += 1;
            if stalled >= 6 {
                break;
            }
        }
        // Toward the middle of the feet by what is missing (the body carries most of the
        // mass, so the centre of mass follows it nearly one for one).
        let to = [centre[0] - com[0], centre[1] - com[1]];
        let length = to[0].hypot(to[1]);
        if length < 1e-6 {
            break;
        }
        let step = (margin_mm - inside).clamp(0.5, 10.0);
        shift[0] += to[0] / length * step;
        shift[1] += to[1] / length * step;
    }
    best.unwrap_or_else(|| {
        let placed = place(rig, values, frame, request);
        let com = centre_of_mass(rig, &placed, &frame.moved(&request.body));
        Balanced {
            margin_mm: margin(&support, [com[0], com[1]]),
            placed,
            body: request.body,
            reached: false,
        }
    })
}
