//! How a rigid body rests on a flat floor: the face of the convex hull of the points that
//! can touch it that the ray straight down from the centre of mass passes through (with the
//! body held as it was: as it rested a tick before), then, where the centre of mass is not
//! over that face, the roll across the edge it is beyond until it is (each roll turns the
//! body about an edge until the next point touches, so the centre of mass only goes down and
//! the rolling ends).
//!
//! Holding the body as it was matters: a sitting robot rests on its four paws pitched well
//! nose-up, but the same pose held level would fall forward onto its chest. A body comes to
//! rest from where it was, as the real one does.

use super::super::kinematics::Vec3;
use super::body::{Body, Touch};

/// Points closer to the floor than this (mm) touch it.
pub const CONTACT_MM: f64 = 0.5;
/// The most rolls before a body counts as settled where it is.
const MAX_ROLLS: usize = 32;

/// The dot product (body frame, mm; shared with the stage).
#[must_use]
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `a - b`.
#[must_use]
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The cross product `a × b`.
#[must_use]
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// `v` made one long (None for a zero vector).
#[must_use]
pub fn unit(v: Vec3) -> Option<Vec3> {
    let n = dot(v, v).sqrt();
    (n > 1e-12).then(|| [v[0] / n, v[1] / n, v[2] / n])
}

/// The lowest point of each touch's ball when `up` is the floor's up, body frame.
fn surface(touches: &[Touch], up: Vec3) -> Vec<Vec3> {
    touches
        .iter()
        .map(|t| sub(t.at, [up[0] * t.radius, up[1] * t.radius, up[2] * t.radius]))
        .collect()
}

/// Where the body rests: the floor as seen from the body, and what touches it.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// The floor's up, in the body frame (unit).
    pub up: Vec3,
    /// The floor's forward and left, in the body frame (unit; forward is the body's x laid
    /// on the floor).
    pub forward: Vec3,
    /// Left on the floor.
    pub left: Vec3,
    /// The body origin's height above the floor (mm).
    pub height_mm: f64,
    /// Indices of the touches on the floor.
    pub contacts: Vec<usize>,
    /// The centre of mass in the floor frame (origin under the body origin).
    pub com: Vec3,
    /// The support polygon (the contacts' hull on the floor, counter-clockwise, floor x/y).
    pub support: Vec<[f64; 2]>,
    /// How far the centre of mass's projection is inside the support polygon (mm; negative
    /// outside, as for a body balanced on fewer than three points).
    pub margin_mm: f64,
    /// The face the ray from the centre of mass passed through (for the next tick to try
    /// first).
    pub face: Option<[usize; 3]>,
    /// Whether the body came to rest (false: it would keep rolling; the centre of mass is
    /// outside every point that can touch the floor).
    pub resting: bool,
}

impl Settled {
    /// A body-frame point in the floor frame (x forward, y left, z up, origin on the floor
    /// under the body origin).
    #[must_use]
    pub fn to_floor(&self, p: Vec3) -> Vec3 {
        [
            dot(p, self.forward),
            dot(p, self.left),
            dot(p, self.up) + self.height_mm,
        ]
    }

    /// The body's pitch, degrees, positive nose-up.
    #[must_use]
    pub fn pitch_deg(&self) -> f64 {
        self.up[0].clamp(-1.0, 1.0).asin().to_degrees()
    }

    /// The body's roll, degrees, positive with the left side up (leaning right).
    #[must_use]
    pub fn roll_deg(&self) -> f64 {
        self.up[1].atan2(self.up[2]).to_degrees()
    }
}

/// The plane through touches `face` if it is under every point and the ray straight down
/// from `com` passes through it (points seen with the body level): its up normal.
fn face_under(points: &[Vec3], com: Vec3, face: [usize; 3]) -> Option<Vec3> {
    let [a, b, c] = face.map(|i| points[i]);
    // Barycentric coordinates of the centre of mass over the triangle, from above.
    let det = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
    if det.abs() < 1e-9 {
        return None;
    }
    let (dx, dy) = (com[0] - a[0], com[1] - a[1]);
    let l1 = (dx * (c[1] - a[1]) - (c[0] - a[0]) * dy) / det;
    let l2 = ((b[0] - a[0]) * dy - dx * (b[1] - a[1])) / det;
    if l1 < -1e-12 || l2 < -1e-12 || l1 + l2 > 1.0 + 1e-12 {
        return None;
    }
    let mut n = unit(cross(sub(b, a), sub(c, a)))?;
    if n[2] < 0.0 {
        n = n.map(|v| -v);
    }
    let offset = dot(a, n);
    points
        .iter()
        .all(|&p| dot(p, n) >= offset - 1e-6)
        .then_some(n)
}

/// The face the ray straight down from the centre of mass leaves the hull through (points
/// and centre of mass in the held body's floor frame); `hint` (the last tick's) is tried
/// first. None when the ray misses the hull.
fn ray_face(points: &[Vec3], com: Vec3, hint: Option<[usize; 3]>) -> Option<([usize; 3], Vec3)> {
    if let Some(face) = hint.filter(|f| f.iter().all(|&i| i < points.len()))
        && let Some(up) = face_under(points, com, face)
    {
        return Some((face, up));
    }
    search_face(points, com)
}

/// [`ray_face`] by trying every triple: the naive way, and the fallback.
fn search_face(points: &[Vec3], com: Vec3) -> Option<([usize; 3], Vec3)> {
    let n = points.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                if let Some(up) = face_under(points, com, [i, j, k]) {
                    return Some(([i, j, k], up));
                }
            }
        }
    }
    None
}

/// The convex hull of 2D points, counter-clockwise (collinear points dropped).
#[must_use]
pub fn hull_2d(mut points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    points.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    points.dedup_by(|a, b| (a[0] - b[0]).abs() < 1e-9 && (a[1] - b[1]).abs() < 1e-9);
    if points.len() < 3 {
        return points;
    }
    let turn = |o: [f64; 2], a: [f64; 2], b: [f64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(points.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &[f64; 2]>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 1e-9
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

fn distance_to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> (f64, f64) {
    let ab = [b[0] - a[0], b[1] - a[1]];
    let len_sq = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if len_sq > 0.0 {
        ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / len_sq
    } else {
        0.0
    };
    let c = t.clamp(0.0, 1.0);
    let q = [a[0] + ab[0] * c, a[1] + ab[1] * c];
    (((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt(), t)
}

/// How far `p` is inside the polygon `hull` (counter-clockwise), negative outside; for one
/// or two points, minus the distance to them.
#[must_use]
pub fn margin(hull: &[[f64; 2]], p: [f64; 2]) -> f64 {
    match hull.len() {
        0 => f64::NEG_INFINITY,
        1 => -distance_to_segment(p, hull[0], hull[0]).0,
        2 => -distance_to_segment(p, hull[0], hull[1]).0,
        n => {
            let mut inside = true;
            let mut nearest = f64::INFINITY;
            for i in 0..n {
                let (a, b) = (hull[i], hull[(i + 1) % n]);
                let cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
                inside &= cross >= 0.0;
                nearest = nearest.min(distance_to_segment(p, a, b).0);
            }
            if inside { nearest } else { -nearest }
        }
    }
}

/// The floor's forward and left for `up` (the body's x laid on the floor, or its y when the
/// body stands on its nose or tail).
fn floor_axes(up: Vec3) -> (Vec3, Vec3) {
    let along = |v: Vec3| {
        let k = dot(v, up);
        unit(sub(v, [up[0] * k, up[1] * k, up[2] * k]))
    };
    let forward = along([1.0, 0.0, 0.0])
        .or_else(|| along([0.0, 1.0, 0.0]).map(|left| cross(left, up)))
        .unwrap_or([1.0, 0.0, 0.0]);
    (forward, cross(up, forward))
}

/// How `body` rests on the floor when let go held with `held` as the floor's up (body
/// frame: `[0, 0, 1]` is level, the last tick's `up` where it was resting); `hint`: the face
/// the last tick's ray went through, tried first.
#[must_use]
pub fn settle(body: &Body, held: Vec3, hint: Option<[usize; 3]>) -> Settled {
    let touches = &body.touches;
    let held = unit(held).unwrap_or([0.0, 0.0, 1.0]);
    let (forward, left) = floor_axes(held);
    let frame = |p: Vec3| [dot(p, forward), dot(p, left), dot(p, held)];
    let seen: Vec<Vec3> = surface(touches, held).into_iter().map(frame).collect();
    let found = ray_face(&seen, frame(body.com), hint);
    let face = found.map(|(face, _)| face);
    // As held when the ray misses every face (the centre of mass beyond every touch): the
    // rolls below tip it from its lowest point.
    let mut up = found.map_or(held, |(_, n)| {
        [
            forward[0] * n[0] + left[0] * n[1] + held[0] * n[2],
            forward[1] * n[0] + left[1] * n[1] + held[1] * n[2],
            forward[2] * n[0] + left[2] * n[1] + held[2] * n[2],
        ]
    });
    let mut resting = false;
    let mut lie = Lie::of(touches, up);
    for _ in 0..=MAX_ROLLS {
        let com = lie.flat(body.com);
        if lie.support.len() >= 3 && margin(&lie.support, com) >= 0.0 {
            resting = true;
            break;
        }
        // Roll across the support's edge (or about its point) nearest the centre of mass.
        let Some(next) = roll(&lie.points, &lie.support, com, up, lie.forward, lie.left) else {
            break;
        };
        up = next;
        lie = Lie::of(touches, up);
    }
    let Lie {
        points,
        forward,
        left,
        floor,
        contacts,
        support,
    } = lie;
    let flat = |p: Vec3| [dot(p, forward), dot(p, left)];
    let com_flat = flat(body.com);
    // The face under the centre of mass now, for the next tick's ray to try first.
    let face = resting_face(&contacts, |i| flat(points[i]), com_flat).or(face);
    Settled {
        up,
        forward,
        left,
        height_mm: -floor,
        margin_mm: margin(&support, com_flat),
        com: [com_flat[0], com_flat[1], dot(body.com, up) - floor],
        contacts,
        support,
        face,
        resting,
    }
}

/// Three of the contacts whose triangle on the floor holds the centre of mass.
fn resting_face(
    contacts: &[usize],
    flat: impl Fn(usize) -> [f64; 2],
    com: [f64; 2],
) -> Option<[usize; 3]> {
    let n = contacts.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let face = [contacts[i], contacts[j], contacts[k]];
                let [a, b, c] = face.map(&flat);
                let side = |p: [f64; 2], q: [f64; 2]| {
                    (q[0] - p[0]) * (com[1] - p[1]) - (q[1] - p[1]) * (com[0] - p[0])
                };
                let (x, y, z) = (side(a, b), side(b, c), side(c, a));
                if (x >= 0.0 && y >= 0.0 && z >= 0.0) || (x <= 0.0 && y <= 0.0 && z <= 0.0) {
                    return Some(face);
                }
            }
        }
    }
    None
}

/// How the body lies with `up` as the floor's up: its touch points' lowest points, the
/// floor's axes, how far down the floor is, what touches it and the support polygon.
struct Lie {
    points: Vec<Vec3>,
    forward: Vec3,
    left: Vec3,
    floor: f64,
    contacts: Vec<usize>,
    support: Vec<[f64; 2]>,
}

impl Lie {
    fn of(touches: &[Touch], up: Vec3) -> Self {
        let points = surface(touches, up);
        let (forward, left) = floor_axes(up);
        let floor = points
            .iter()
            .map(|&p| dot(p, up))
            .fold(f64::INFINITY, f64::min);
        let contacts: Vec<usize> = (0..points.len())
            .filter(|&i| dot(points[i], up) - floor < CONTACT_MM)
            .collect();
        let flat = |p: Vec3| [dot(p, forward), dot(p, left)];
        let support = hull_2d(contacts.iter().map(|&i| flat(points[i])).collect());
        Self {
            points,
            forward,
            left,
            floor,
            contacts,
            support,
        }
    }

    /// A body-frame point on the floor (floor x, y).
    fn flat(&self, p: Vec3) -> [f64; 2] {
        [dot(p, self.forward), dot(p, self.left)]
    }
}

/// The floor's new up after the body rolls toward `com` about the support `hull`'s nearest
/// edge or point, until the next point touches. None when it is balanced exactly (on a
/// point or line through the centre of mass) or nothing lies beyond the axis.
fn roll(
    points: &[Vec3],
    hull: &[[f64; 2]],
    com: [f64; 2],
    up: Vec3,
    forward: Vec3,
    left: Vec3,
) -> Option<Vec3> {
    let lift = |q: [f64; 2]| -> Vec3 {
        [
            forward[0] * q[0] + left[0] * q[1],
            forward[1] * q[0] + left[1] * q[1],
            forward[2] * q[0] + left[2] * q[1],
        ]
    };
    // The pivot (a point on the axis) and the way the body tips, on the floor.
    let (pivot, toward) = match hull.len() {
        0 => return None,
        1 => (hull[0], [com[0] - hull[0][0], com[1] - hull[0][1]]),
        n => {
            let edges = if n == 2 { 1 } else { n };
            let mut best: Option<(f64, [f64; 2], [f64; 2])> = None;
            for i in 0..edges {
                let (a, b) = (hull[i], hull[(i + 1) % n]);
                let (distance, t) = distance_to_segment(com, a, b);
                let e = [b[0] - a[0], b[1] - a[1]];
                // Outward normal of a counter-clockwise edge (for a lone segment: the side
                // the centre of mass is on).
                let mut normal = [e[1], -e[0]];
                let side = normal[0] * (com[0] - a[0]) + normal[1] * (com[1] - a[1]);
                if n == 2 && side < 0.0 {
                    normal = [-normal[0], -normal[1]];
                } else if side <= 0.0 {
                    continue;
                }
                if best.is_some_and(|(d, _, _)| d <= distance) {
                    continue;
                }
                best = Some(if (0.0..=1.0).contains(&t) {
                    (distance, a, normal)
                } else {
                    let end = if t < 0.0 { a } else { b };
                    (distance, end, [com[0] - end[0], com[1] - end[1]])
                });
            }
            let (_, pivot, toward) = best?;
            (pivot, toward)
        }
    };
    let length = toward[0].hypot(toward[1]);
    if length < 1e-9 {
        return None;
    }
    let w = lift([toward[0] / length, toward[1] / length]);
    let base = lift(pivot);
    let floor = points
        .iter()
        .map(|&p| dot(p, up))
        .fold(f64::INFINITY, f64::min);
    // The smallest turn that brings a point beyond the axis down to the floor.
    let angle = points
        .iter()
        .filter_map(|&p| {
            let out = dot(p, w) - dot(base, w);
            let height = dot(p, up) - floor;
            (out > 1e-9 && height >= CONTACT_MM).then(|| height.atan2(out))
        })
        .fold(f64::INFINITY, f64::min);
    if !angle.is_finite() {
        return None;
    }
    let (s, c) = angle.sin_cos();
    unit([
        up[0] * c - w[0] * s,
        up[1] * c - w[1] * s,
        up[2] * c - w[2] * s,
    ])
}

/// A body held with `up` as the floor's up and its origin `height_mm` above the floor
/// (a tick's [`super::Rest`]), for placing its parts on the floor; nothing touches.
#[must_use]
pub fn placed(up: Vec3, height_mm: f64) -> Settled {
    let up = unit(up).unwrap_or([0.0, 0.0, 1.0]);
    let (forward, left) = floor_axes(up);
    Settled {
        up,
        forward,
        left,
        height_mm,
        contacts: Vec::new(),
        com: [0.0; 3],
        support: Vec::new(),
        margin_mm: 0.0,
        face: None,
        resting: true,
    }
}

/// [`settle`] without the hint, by trying every face: the naive baseline the bench measures
/// against (the same answer).
#[must_use]
pub fn settle_naive(body: &Body, held: Vec3) -> Settled {
    settle(body, held, None)
}
