//! The posed robot at the playhead, from the side and from the front, by forward kinematics
//! (`robot::kinematics`). Body roll, pitch and yaw tilt the body; the ground line runs under
//! the lowest paw. Clicking a leg selects its joint on the timeline.

use super::view::{Channel, channel_color};
use crate::codec::mtn::Motion;
use crate::robot::kinematics::{self, Geometry, Leg, Vec3};
use crate::robot::{self, urad_to_deg};
use egui::{Color32, Pos2, Rect, Stroke};

/// The height kept at the top of each view for its name.
const NAME_BAND: f32 = 20.0;
/// How far up and sideways depth is drawn, per unit of depth (an oblique projection).
const OBLIQUE: f64 = 0.45;

/// How close (in points) a click must be to a limb to select its joint.
pub const LIMB_GRAB_RADIUS: f32 = 6.0;

/// One drawn segment, with the joint it belongs to (for clicks).
struct Segment {
    from: Vec3,
    to: Vec3,
    joint: Option<usize>,
    color: Color32,
    width: f32,
}

fn rot_x(a: f64, v: Vec3) -> Vec3 {
    let (s, c) = a.sin_cos();
    [v[0], c * v[1] - s * v[2], s * v[1] + c * v[2]]
}

fn rot_y(a: f64, v: Vec3) -> Vec3 {
    let (s, c) = a.sin_cos();
    [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]]
}

fn rot_z(a: f64, v: Vec3) -> Vec3 {
    let (s, c) = a.sin_cos();
    [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]]
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// The angle of a joint by friendly name, in degrees, and its index.
fn joint(motion: &Motion, values: &[i32], name: &str) -> (f64, Option<usize>) {
    let index = motion
        .locators
        .iter()
        .position(|l| robot::joint_name(&motion.design, l) == name);
    let value = index
        .and_then(|j| values.get(j))
        .map_or(0.0, |&v| urad_to_deg(v));
    (value, index)
}

/// The figure's segments in the body frame, tilted by the body angles.
fn figure(
    motion: &Motion,
    geometry: &Geometry,
    values: &[i32],
    body_urad: [i32; 3],
) -> Vec<Segment> {
    let mut segments = Vec::new();
    let grey = Color32::from_gray(170);
    // Body roll (leans right, plus), pitch (leans back, plus), yaw (turns left, plus).
    let [roll, pitch, yaw] = body_urad.map(|v| urad_to_deg(v).to_radians());
    let tilt = |p: Vec3| rot_z(yaw, rot_y(-pitch, rot_x(roll, p)));
    // The body: a box through the four shoulders and hips.
    let f = geometry.front.shoulder;
    let h = geometry.hind.shoulder;
    let corners = [
        [f[0], f[1], 0.0],
        [f[0], -f[1], 0.0],
        [h[0], -h[1], 0.0],
        [h[0], h[1], 0.0],
    ];
    for i in 0..4 {
        for z in [0.0, 30.0] {
            let a = add(corners[i], [0.0, 0.0, z]);
            let b = add(corners[(i + 1) % 4], [0.0, 0.0, z]);
            segments.push(Segment {
                from: tilt(a),
                to: tilt(b),
                joint: None,
                color: grey,
                width: 2.0,
            });
        }
        segments.push(Segment {
            from: tilt(corners[i]),
            to: tilt(add(corners[i], [0.0, 0.0, 30.0])),
            joint: None,
            color: grey,
            width: 2.0,
        });
    }
    for (leg, prefix) in Leg::ALL.into_iter().zip(["FL", "BL", "FR", "BR"]) {
        let (j1, j1_index) = joint(motion, values, &format!("{prefix}_LEG_VERT"));
        let (j2, _) = joint(motion, values, &format!("{prefix}_LEG_LAT"));
        let (j3, j3_index) = joint(motion, values, &format!("{prefix}_LEG_KNEE"));
        let [shoulder, knee, paw] = kinematics::leg_points(geometry, leg, j1, j2, j3);
        let color = |index: Option<usize>| index.map_or(grey, |j| channel_color(Channel::Joint(j)));
        segments.push(Segment {
            from: tilt(shoulder),
            to: tilt(knee),
            joint: j1_index,
            color: color(j1_index),
            width: 5.0,
        });
        segments.push(Segment {
            from: tilt(knee),
            to: tilt(paw),
            joint: j3_index,
            color: color(j3_index),
            width: 4.0,
        });
    }
    // Head: tilt (HEAD_PITCH, up is plus), pan (HEAD_YAW, left is plus), nod (HEAD_PITCH2).
    let (head_tilt, tilt_index) = joint(motion, values, "HEAD_PITCH");
    let (pan, _) = joint(motion, values, "HEAD_YAW");
    let (nod, _) = joint(motion, values, "HEAD_PITCH2");
    let neck_top = add(
        geometry.neck,
        rot_y(-head_tilt.to_radians(), [0.0, 0.0, 80.0]),
    );
    let head_dir = rot_z(
        pan.to_radians(),
        rot_y(-(head_tilt + nod).to_radians(), [70.0, 0.0, 0.0]),
    );
    let head_color = tilt_index.map_or(grey, |j| channel_color(Channel::Joint(j)));
    segments.push(Segment {
        from: tilt(geometry.neck),
        to: tilt(neck_top),
        joint: tilt_index,
        color: head_color,
        width: 5.0,
    });
    segments.push(Segment {
        from: tilt(neck_top),
        to: tilt(add(neck_top, head_dir)),
        joint: tilt_index,
        color: head_color,
        width: 9.0,
    });
    // Tail: straight up at tilt 0, tilting back; pan to the side.
    let (tail_tilt, tail_index) = joint(motion, values, "TAIL_VERT");
    let (tail_pan, _) = joint(motion, values, "TAIL_HORZ");
    if tail_index.is_some() {
        let dir = rot_z(
            tail_pan.to_radians(),
            rot_y(-tail_tilt.to_radians(), [0.0, 0.0, 86.0]),
        );
        let color = tail_index.map_or(grey, |j| channel_color(Channel::Joint(j)));
        segments.push(Segment {
            from: tilt(geometry.tail),
            to: tilt(add(geometry.tail, dir)),
            joint: tail_index,
            color,
            width: 3.0,
        });
    }
    segments
}

/// What the posed robot keeps of its own between frames.
#[derive(Clone, Debug, Default)]
pub struct PoseState {
    /// Its clickable limbs last frame, on screen, with their joints: for tests that click
    /// a limb.
    pub limbs: Vec<(usize, [Pos2; 2])>,
}

/// Draws the posed robot from the side and the front (the `focused` joint's limb
/// highlighted); returns the joint whose limb was clicked.
pub fn pose_ui(
    ui: &mut egui::Ui,
    motion: &Motion,
    values: &[i32],
    body_urad: [i32; 3],
    focused: Option<Channel>,
    state: &mut PoseState,
) -> Option<usize> {
    let Some(design) = robot::parse_design(&motion.design) else {
        ui.label("No figure: the design label names no known model.");
        return None;
    };
    let geometry = kinematics::geometry(design.model);
    let segments = figure(motion, &geometry, values, body_urad);
    ui.horizontal(|ui| {
        ui.strong(format!("{} at the playhead", design.model.name()));
        if !geometry.measured {
            ui.weak("(approximate proportions)");
        }
    });
    // As large as the panel gives it (the figure scales to fit). Exactly that: a panel
    // that fits its content would shrink a little every frame to anything smaller.
    let size = egui::vec2(
        ui.available_width().max(120.0),
        ui.available_height().max(100.0),
    );
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, Color32::from_gray(24));
    let ground = segments
        .iter()
        .flat_map(|s| [s.from[2], s.to[2]])
        .fold(f64::INFINITY, f64::min);
    // The two views side by side in a wide panel, one above the other in a tall one.
    let stacked = rect.height() > rect.width() * 0.9;
    let (half, step) = if stacked {
        (
            Rect::from_min_size(rect.min, egui::vec2(rect.width(), rect.height() / 2.0)),
            egui::vec2(0.0, rect.height() / 2.0),
        )
    } else {
        (
            Rect::from_min_size(rect.min, egui::vec2(rect.width() / 2.0, rect.height())),
            egui::vec2(rect.width() / 2.0, 0.0),
        )
    };
    // Each view is an oblique projection: what is further from the viewer is drawn a little
    // up and to the side, so the far legs show beside the near ones (and can be clicked)
    // instead of hiding behind them. Side: seen from the robot's left, forward to the
    // right. Front: seen from ahead, the robot's left on the right.
    let views = [
        ("side", half, 0usize, 1.0, 1usize, -1.0),
        ("front", half.translate(step), 1usize, -1.0, 0usize, -1.0),
    ];
    let mut hit = None;
    state.limbs.clear();
    for (name, area, axis, flip, depth_axis, depth_flip) in views {
        // About 480 mm across (with the depth) and 400 mm high, standing on a ground line
        // 20 points above the bottom, under the view's name (a band of its own at the top,
        // so the figure never covers it).
        let scale = (area.width() / 480.0).min((area.height() - 20.0 - NAME_BAND).max(1.0) / 400.0);
        let far = |p: Vec3| depth_flip * p[depth_axis];
        let across = |p: Vec3| flip * p[axis];
        let extent = |f: &dyn Fn(Vec3) -> f64| {
            segments
                .iter()
                .flat_map(|s| [f(s.from), f(s.to)])
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), d| {
                    (a.min(d), b.max(d))
                })
        };
        let (near, deep) = extent(&far);
        let (left, right) = extent(&across);
        if !near.is_finite() || !left.is_finite() {
            continue;
        }
        // The nearest point sits on the ground line; the figure is centred with its depth.
        let centre = (left + right + (deep - near) * OBLIQUE) / 2.0;
        let origin = Pos2::new(area.center().x, area.bottom() - 20.0);
        #[expect(clippy::cast_possible_truncation, reason = "screen coordinates")]
        let project = |p: Vec3| {
            let depth = (far(p) - near) * OBLIQUE;
            Pos2::new(
                origin.x + ((across(p) + depth - centre) * f64::from(scale)) as f32,
                origin.y - ((p[2] - ground + depth * 0.7) * f64::from(scale)) as f32,
            )
        };
        // The ground: a faint band under the figure, from the nearest to the furthest point.
        let ground_at = |depth: f64, side: f64| {
            let mut p = [0.0; 3];
            p[axis] = flip * side;
            p[depth_axis] = depth_flip * depth;
            p[2] = ground;
            project(p)
        };
        let quad = vec![
            ground_at(near - 10.0, left - 30.0),
            ground_at(near - 10.0, right + 30.0),
            ground_at(deep + 10.0, right + 30.0),
            ground_at(deep + 10.0, left - 30.0),
        ];
        painter.add(egui::Shape::convex_polygon(
            quad,
            Color32::from_gray(40),
            Stroke::new(1.0, Color32::from_gray(90)),
        ));
        painter.text(
            area.left_top() + egui::vec2(8.0, 6.0),
            egui::Align2::LEFT_TOP,
            name,
            egui::FontId::proportional(12.0),
            Color32::GRAY,
        );
        // Far segments first, so the near ones are drawn (and clicked) on top.
        let mut order: Vec<&Segment> = segments.iter().collect();
        order.sort_by(|a, b| {
            let depth = |s: &Segment| far(s.from) + far(s.to);
            depth(b).total_cmp(&depth(a))
        });
        for segment in order {
            let (a, b) = (project(segment.from), project(segment.to));
            let focused = segment
                .joint
                .is_some_and(|j| focused == Some(Channel::Joint(j)));
            let width = if focused {
                segment.width + 2.0
            } else {
                segment.width
            };
            let color = if focused {
                Color32::WHITE
            } else {
                segment.color
            };
            painter.line_segment([a, b], Stroke::new(width, color));
            painter.circle_filled(b, width * 0.6, color);
            if let Some(j) = segment.joint {
                state.limbs.push((j, [a, b]));
            }
            if let (Some(pointer), Some(j)) = (response.interact_pointer_pos(), segment.joint)
                && distance_to_segment(pointer, a, b) < LIMB_GRAB_RADIUS
            {
                hit = Some(j);
            }
        }
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Posed robot"));
    hit.filter(|_| response.clicked())
}

/// The distance from `p` to the segment `a`-`b`, in points.
#[must_use]
pub fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = if ab.length_sq() > 0.0 {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::Model;

    /// A motion of every joint of `model`, all at zero.
    fn zero_pose(model: Model) -> (Motion, Vec<i32>) {
        let locators: Vec<String> = model
            .joints()
            .iter()
            .map(|joint| joint.locator.to_owned())
            .collect();
        let values = vec![0; locators.len()];
        (Motion::new("TEST", "", model.label(), locators), values)
    }

    #[test]
    fn every_model_poses_four_three_joint_legs_a_head_and_its_tail() {
        for model in [Model::Ers7, Model::Ers210, Model::Ers310, Model::Ers110] {
            let (motion, values) = zero_pose(model);
            let geometry = kinematics::geometry(model);
            let segments = figure(&motion, &geometry, &values, [0; 3]);
            let joint_of = |name: &str| {
                motion
                    .locators
                    .iter()
                    .position(|l| robot::joint_name(&motion.design, l) == name)
            };
            for leg in ["FL", "BL", "FR", "BR"] {
                for part in ["VERT", "KNEE"] {
                    let j = joint_of(&format!("{leg}_LEG_{part}"));
                    assert!(j.is_some(), "{}: {leg}_LEG_{part}", model.name());
                    assert!(
                        segments.iter().any(|s| s.joint == j),
                        "{}: {leg} {part} drawn and clickable",
                        model.name()
                    );
                }
            }
            let head = joint_of("HEAD_PITCH");
            assert!(segments.iter().filter(|s| s.joint == head).count() == 2);
            let tail = joint_of("TAIL_VERT");
            assert_eq!(
                segments
                    .iter()
                    .any(|s| s.joint.is_some() && s.joint == tail),
                tail.is_some(),
                "{}: a tail where the model has one",
                model.name()
            );
            // Straight legs: the four paws level (the hind legs are longer on every model,
            // by up to 11 mm on the ERS-110's approximate table, so within 12 mm), left and
            // right mirrored.
            let paws: Vec<Vec3> = Leg::ALL
                .into_iter()
                .map(|leg| kinematics::leg_points(&geometry, leg, 0.0, 0.0, 0.0)[2])
                .collect();
            for paw in &paws {
                assert!(paw.iter().all(|c| c.is_finite()));
                assert!(
                    (paw[2] - paws[0][2]).abs() < 12.0,
                    "{}: {paws:?}",
                    model.name()
                );
            }
            assert!((paws[0][1] + paws[2][1]).abs() < 1e-9);
        }
    }
}
