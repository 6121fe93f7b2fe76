//! Inverse kinematics of one leg: the joint angles that put its paw at a point, within the
//! joints' limits: in closed form where the point is within reach, else the nearest point
//! the leg can take, by a compass search on [`leg_points`].

use super::kinematics::{Geometry, Leg, Vec3, leg_points};

/// Joint ranges in degrees, `[low, high]` for J1, J2, J3.
pub type Ranges = [[f64; 2]; 3];

fn paw(geometry: &Geometry, leg: Leg, q: [f64; 3]) -> Vec3 {
    leg_points(geometry, leg, q[0], q[1], q[2])[2]
}

fn distance(a: Vec3, b: Vec3) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn clamp(q: [f64; 3], ranges: &Ranges) -> [f64; 3] {
    [
        q[0].clamp(ranges[0][0], ranges[0][1]),
        q[1].clamp(ranges[1][0], ranges[1][1]),
        q[2].clamp(ranges[2][0], ranges[2][1]),
    ]
}

/// Every exact solution (degrees, in -180..180) that puts the paw of `leg` at `target`,
/// in closed form: the knee angle sets the shoulder-to-paw distance, then the abduction the
/// sideways coordinate, then the swing the fore-aft one; up to four. None when the point is
/// out of the leg's reach.
#[must_use]
pub fn exact(geometry: &Geometry, leg: Leg, target: Vec3) -> Vec<[f64; 3]> {
    let g = if leg_is_front(leg) {
        geometry.front
    } else {
        geometry.hind
    };
    let sign = if leg_is_front(leg) { -1.0 } else { 1.0 };
    let s = g.shoulder;
    // Work on the left side: a right leg is the left one mirrored in y.
    let y_sign = if leg_is_right(leg) { -1.0 } else { 1.0 };
    let w = [
        target[0] - s[0],
        y_sign * target[1] - s[1],
        target[2] - s[2],
    ];
    let (u, l) = (g.upper, g.lower);
    let dot = |a: Vec3, b: Vec3| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    // |U + Ry(a) L|^2 = |U|^2 + |L|^2 + 2 Uy Ly + A cos a + B sin a.
    let a_coef = 2.0 * (u[0] * l[0] + u[2] * l[2]);
    let b_coef = 2.0 * (u[0] * l[2] - u[2] * l[0]);
    let c = dot(w, w) - dot(u, u) - dot(l, l) - 2.0 * u[1] * l[1];
    let r = a_coef.hypot(b_coef);
    if r < 1e-12 || (c / r).abs() > 1.0 {
        return Vec::new();
    }
    let phi = b_coef.atan2(a_coef);
    let spread = (c / r).acos();
    let mut out = Vec::new();
    for a in [phi + spread, phi - spread] {
        let (sa, ca) = a.sin_cos();
        let v = [
            u[0] + ca * l[0] + sa * l[2],
            u[1] + l[1],
            u[2] - sa * l[0] + ca * l[2],
        ];
        // vy cos j2 - vz sin j2 = wy.
        let r2 = v[1].hypot(v[2]);
        if r2 < 1e-12 || (w[1] / r2).abs() > 1.0 {
            continue;
        }
        let psi = v[2].atan2(v[1]);
        let turn = (w[1] / r2).acos();
        for j2 in [turn - psi, -turn - psi] {
            let (s2, c2) = j2.sin_cos();
            let ux = v[0];
            let uz = s2 * v[1] + c2 * v[2];
            // Ry(b) turns (x, z) by -b: b = arg(u) - arg(w) in the (x, z) plane.
            let b = uz.atan2(ux) - w[2].atan2(w[0]);
            let wrap = |angle: f64| {
                let d = angle.to_degrees();
                (d + 180.0).rem_euclid(360.0) - 180.0
            };
            out.push([wrap(b * sign), wrap(j2), wrap(a * sign)]);
        }
    }
    out
}

fn leg_is_front(leg: Leg) -> bool {
    matches!(leg, Leg::LeftFront | Leg::RightFront)
}

fn leg_is_right(leg: Leg) -> bool {
    matches!(leg, Leg::RightFront | Leg::RightHind)
}

/// The angles (degrees, within `ranges`) that bring the paw of `leg` nearest `target`,
/// starting from `guess`, and the distance left in millimetres. Where an exact solution lies
/// within the ranges, the one nearest `guess` is taken at once; otherwise the nearest
/// point within the ranges is searched for from `guess`.
#[must_use]
pub fn solve_leg(
    geometry: &Geometry,
    leg: Leg,
    target: Vec3,
    guess: [f64; 3],
    ranges: &Ranges,
) -> ([f64; 3], f64) {
    let within = |q: &[f64; 3]| {
        q.iter()
            .zip(ranges)
            .all(|(v, [lo, hi])| *v >= lo - 1e-9 && *v <= hi + 1e-9)
    };
    let gap = |q: &[f64; 3]| (0..3).map(|i| (q[i] - guess[i]).abs()).sum::<f64>();
    let nearest = exact(geometry, leg, target)
        .into_iter()
        .filter(within)
        .min_by(|a, b| gap(a).total_cmp(&gap(b)));
    if let Some(q) = nearest {
        let q = clamp(q, ranges);
        return (q, distance(paw(geometry, leg, q), target));
    }
    // Out of reach within the ranges: the nearest point the leg can take, by a compass
    // search (steps halving from 8° to 0.01°, clamped to the ranges) from the most promising
    // of a few starts: the guess, the exact solutions clamped, and the leg's usual poses.
    let candidates = exact(geometry, leg, target);
    let mut starts: Vec<[f64; 3]> = std::iter::once(guess)
        .chain(candidates)
        .chain([
            [0.0, 5.0, 30.0],
            [-60.0, 10.0, 100.0],
            [60.0, 5.0, 60.0],
            [0.0, 30.0, 0.0],
        ])
        .map(|q| clamp(q, ranges))
        .collect();
    let error_at = |q: &[f64; 3]| distance(paw(geometry, leg, *q), target);
    starts.sort_by(|a, b| error_at(a).total_cmp(&error_at(b)));
    starts
        .into_iter()
        .take(2)
        .map(|start| compass(geometry, leg, target, start, ranges))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((clamp(guess, ranges), f64::INFINITY))
}

/// A compass search from `start` for the point within `ranges` nearest `target`.
fn compass(
    geometry: &Geometry,
    leg: Leg,
    target: Vec3,
    start: [f64; 3],
    ranges: &Ranges,
) -> ([f64; 3], f64) {
    let mut q = start;
    let mut error = distance(paw(geometry, leg, q), target);
    let mut step = 8.0;
    // At most 100 rounds of six tries: enough to settle from anywhere in the ranges to a
    // hundredth of a degree, and a bound on the work for any input.
    for _ in 0..100 {
        if error < 1e-4 || step <= 0.01 {
            break;
        }
        let mut improved = false;
        for j in 0..3 {
            for sign in [-1.0, 1.0] {
                let mut next = q;
                next[j] += sign * step;
                let next = clamp(next, ranges);
                let next_error = distance(paw(geometry, leg, next), target);
                if next_error < error {
                    q = next;
                    error = next_error;
                    improved = true;
                }
            }
        }
        // Longer steps while they gain (a long slide along a limit takes few), shorter when
        // none does.
        step = if improved {
            (step * 2.0).min(8.0)
        } else {
            step / 2.0
        };
    }
    (q, error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::Model;
    use crate::robot::kinematics::geometry;

    #[test]
    fn the_exact_solutions_put_the_paw_on_the_point() {
        for model in [Model::Ers7, Model::Ers210, Model::Ers110] {
            let g = geometry(model);
            for leg in Leg::ALL {
                for q in [
                    [-5.0, 3.0, 30.0],
                    [40.0, 20.0, 90.0],
                    [-60.0, 5.0, 10.0],
                    [100.0, 70.0, 140.0],
                ] {
                    let target = paw(&g, leg, q);
                    let found = exact(&g, leg, target);
                    assert!(!found.is_empty(), "{model:?} {leg:?} {q:?}");
                    assert!(
                        found
                            .iter()
                            .any(|f| (0..3).all(|i| (f[i] - q[i]).abs() < 1e-6)),
                        "{model:?} {leg:?} {q:?}: {found:?}"
                    );
                    for f in &found {
                        assert!(distance(paw(&g, leg, *f), target) < 1e-6, "{f:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_reachable_paw_is_found_again() {
        let g = geometry(Model::Ers7);
        let ranges = [[-130.0, 130.0], [-10.0, 88.0], [-25.0, 122.0]];
        for leg in Leg::ALL {
            for q in [[-5.0, 3.0, 30.0], [40.0, 20.0, 90.0], [-60.0, 5.0, 10.0]] {
                let target = paw(&g, leg, q);
                let (found, error) = solve_leg(&g, leg, target, [0.0, 0.0, 45.0], &ranges);
                assert!(error < 0.01, "{leg:?} {q:?}: {error} mm ({found:?})");
            }
        }
    }
}
