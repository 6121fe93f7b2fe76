//! Inverse kinematics of one leg: the joint angles that put its paw at a point, within the
//! joints' limits, by damped Newton steps on [`leg_points`] (three joints, three coordinates).

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

/// Solves the 3x3 system `a x = b` (Cramer's rule); `None` when it is singular.
fn solve(a: [[f64; 3]; 3], b: [f64; 3]) -> Option<[f64; 3]> {
    let det = |m: [[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(a);
    if d.abs() < 1e-12 {
        return None;
    }
    let mut x = [0.0; 3];
    for (col, slot) in x.iter_mut().enumerate() {
        let mut m = a;
        for row in 0..3 {
            m[row][col] = b[row];
        }
        *slot = det(m) / d;
    }
    Some(x)
}

/// The angles (degrees, within `ranges`) that bring the paw of `leg` nearest `target`,
/// starting from `guess`, and the distance left in millimetres.
#[must_use]
pub fn solve_leg(
    geometry: &Geometry,
    leg: Leg,
    target: Vec3,
    guess: [f64; 3],
    ranges: &Ranges,
) -> ([f64; 3], f64) {
    const STEP_DEG: f64 = 1e-3;
    let mut q = clamp(guess, ranges);
    let mut error = distance(paw(geometry, leg, q), target);
    let mut damping = 1e-3;
    for _ in 0..100 {
        if error < 1e-4 {
            break;
        }
        let here = paw(geometry, leg, q);
        let residual = [
            target[0] - here[0],
            target[1] - here[1],
            target[2] - here[2],
        ];
        // Jacobian by forward differences: column j is d paw / d q_j (mm per degree).
        let mut jac = [[0.0; 3]; 3];
        for j in 0..3 {
            let mut moved = q;
            moved[j] += STEP_DEG;
            let p = paw(geometry, leg, moved);
            for i in 0..3 {
                jac[i][j] = (p[i] - here[i]) / STEP_DEG;
            }
        }
        // (J^T J + damping I) dq = J^T r.
        let mut normal = [[0.0; 3]; 3];
        let mut rhs = [0.0; 3];
        for a in 0..3 {
            for b in 0..3 {
                normal[a][b] = (0..3).map(|i| jac[i][a] * jac[i][b]).sum();
            }
            normal[a][a] += damping;
            rhs[a] = (0..3).map(|i| jac[i][a] * residual[i]).sum();
        }
        let Some(dq) = solve(normal, rhs) else {
            break;
        };
        let next = clamp([q[0] + dq[0], q[1] + dq[1], q[2] + dq[2]], ranges);
        let next_error = distance(paw(geometry, leg, next), target);
        if next_error < error {
            q = next;
            error = next_error;
            damping = (damping * 0.3).max(1e-9);
        } else {
            damping *= 10.0;
            if damping > 1e6 {
                break;
            }
        }
    }
    // Newton steps stall where a limit cuts across the way; a compass search with
    // shrinking steps then slides along the limit to the nearest point within it.
    let mut step = 1.0;
    while error >= 1e-4 && step > 1e-4 {
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
        if !improved {
            step /= 2.0;
        }
    }
    (q, error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::Model;
    use crate::robot::kinematics::geometry;

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
