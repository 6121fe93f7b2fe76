//! The head turned to look at a point and the tail pointed at one: their joints solved in
//! closed form from the body's own kinematics (`floor::body`), each within its limits.
//!
//! The head: the pan turns it toward the point, the tilt and the nod share its elevation
//! (the nod first, the tilt the rest), the neck's lean from the tilt worked in over a few
//! rounds. The tail: its tilt and pan point it along the line from its base.

use crate::robot::floor::Rig;
use crate::robot::kinematics::Vec3;
use crate::robot::{deg_to_urad, urad_to_deg};

/// A joint's range (degrees) on the rig's model, by its name.
fn range(rig: &Rig, name: &str) -> [f64; 2] {
    rig.model
        .joints()
        .iter()
        .find(|j| j.name == name)
        .and_then(|j| j.limit)
        .map_or([-180.0, 180.0], |l| [l.min_deg, l.max_deg])
}

fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// Where the head looks from and the point `reach` mm along its gaze, in the body frame.
#[must_use]
pub fn gaze(rig: &Rig, values: &[i32], reach: f64) -> Option<(Vec3, Vec3)> {
    gaze_of(&rig.pose(values), reach)
}

/// [`gaze`] of a body already posed.
#[must_use]
pub fn gaze_of(body: &crate::robot::floor::Body, reach: f64) -> Option<(Vec3, Vec3)> {
    let [_, top, camera] = body.head;
    let d = sub(camera, top);
    let length = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    if length < 1e-9 {
        return None;
    }
    Some((camera, [0, 1, 2].map(|i| camera[i] + d[i] / length * reach)))
}

/// `values` with the head turned to look at `target` (body frame), within its limits.
#[must_use]
pub fn look_at(rig: &Rig, values: &[i32], target: Vec3) -> Vec<i32> {
    let (head, _) = rig.head_and_tail_joints();
    let [Some(tilt_j), Some(pan_j), nod_j] = head else {
        return values.to_vec();
    };
    let names = ["HEAD_PITCH", "HEAD_YAW", "HEAD_PITCH2"];
    let [tilt_range, pan_range, nod_range] = names.map(|n| range(rig, n));
    let read = |j: usize| values.get(j).map_or(0.0, |&v| urad_to_deg(v));
    let mut tilt = read(tilt_j);
    let mut nod = nod_j.map_or(0.0, read);
    let mut pan = read(pan_j);
    let mut out = values.to_vec();
    for _ in 0..6 {
        let mut row = out.clone();
        row[tilt_j] = deg_to_urad(tilt);
        let [_, top, _] = rig.pose(&row).head;
        let d = sub(target, top);
        pan = d[1]
            .atan2(d[0])
            .to_degrees()
            .clamp(pan_range[0], pan_range[1]);
        let elevation = d[2].atan2(d[0].hypot(d[1])).to_degrees();
        if nod_j.is_some() {
            nod = (elevation - tilt).clamp(nod_range[0], nod_range[1]);
        }
        tilt = (elevation - nod).clamp(tilt_range[0], tilt_range[1]);
        out = row;
    }
    out[tilt_j] = deg_to_urad(tilt);
    out[pan_j] = deg_to_urad(pan);
    if let Some(j) = nod_j {
        out[j] = deg_to_urad(nod);
    }
    out
}

/// The tail's base and tip in the body frame (None: the motion has no tail).
#[must_use]
pub fn tail(rig: &Rig, values: &[i32]) -> Option<[Vec3; 2]> {
    rig.pose(values).tail
}

/// `values` with the tail pointed at `target` (body frame), within its limits.
#[must_use]
pub fn point_tail(rig: &Rig, values: &[i32], target: Vec3) -> Vec<i32> {
    let (_, [Some(tilt_j), pan_j]) = rig.head_and_tail_joints() else {
        return values.to_vec();
    };
    let Some([base, _]) = tail(rig, values) else {
        return values.to_vec();
    };
    let d = sub(target, base);
    // The tail is (−sin tilt · cos pan, −sin tilt · sin pan, cos tilt) along its length.
    let across = d[0].hypot(d[1]);
    let tilt = across.atan2(d[2]).to_degrees();
    let pan = if across < 1e-6 {
        0.0
    } else {
        (-d[1]).atan2(-d[0]).to_degrees()
    };
    let mut out = values.to_vec();
    let [lo, hi] = range(rig, "TAIL_VERT");
    out[tilt_j] = deg_to_urad(tilt.clamp(lo, hi));
    if let Some(j) = pan_j {
        let [lo, hi] = range(rig, "TAIL_HORZ");
        out[j] = deg_to_urad(pan.clamp(lo, hi));
    }
    out
}
