use super::balance::place_balanced;
use super::*;
use crate::robot::postures::new_motion;

/// A rig and the stand of `label`'s model, and the floor frame it rests in.
fn standing(label: &str) -> (Rig, Vec<i32>, Frame) {
    let motion = new_motion(label, "stand").expect("a model with a stand");
    let rig = Rig::new(
        crate::robot::parse_design(label).expect("a model").model,
        &motion.design,
        &motion.locators,
    );
    let values = motion
        .keyframes
        .get(0)
        .expect("a keyframe")
        .angles_urad
        .to_vec();
    let frame = rest_frame(&rig, &values, [0.0, 0.0, 1.0]);
    (rig, values, frame)
}

/// A body slider: the change it makes at a value.
type Slider = fn(f64) -> BodyChange;

fn distance(a: Vec3, b: Vec3) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[test]
fn a_paw_placed_lands_where_it_was_asked_over_each_legs_reachable_space() {
    for label in ["DRX-1000", "DRX-900"] {
        let (rig, values, frame) = standing(label);
        let ball = ball_geometry(&rig);
        for (i, leg) in Leg::ALL.into_iter().enumerate() {
            let [[a0, a1], [b0, b1], [c0, c1]] = leg_ranges(&rig, leg);
            let mut tried = 0;
            // Points the leg reaches: its own joints on a grid inside their ranges.
            for s in 1..5 {
                for t in 1..5 {
                    for u in 1..5 {
                        let at = |lo: f64, hi: f64, k: i32| lo + (hi - lo) * f64::from(k) / 5.0;
                        let q = [at(a0, a1, s), at(b0, b1, t), at(c0, c1, u)];
                        let target = frame.to_floor(leg_points(&ball, leg, q[0], q[1], q[2])[2]);
                        let mut request = Request::default();
                        request.paws[i] = Some(target);
                        let placed = place(&rig, &values, &frame, &request);
                        let landed = paws(&rig, &placed.values, &frame)[i];
                        assert!(
                            distance(landed, target) < 0.1,
                            "{label} {leg:?} asked {target:?}, landed {landed:?}"
                        );
                        assert!(placed.legs[i].is_some_and(|l| l.miss_mm < 0.1));
                        tried += 1;
                    }
                }
            }
            assert_eq!(tried, 64);
        }
    }
}

#[test]
fn planted_paws_stay_while_the_body_moves_through_each_sliders_range() {
    let (rig, values, frame) = standing("DRX-1000");
    let planted = paws(&rig, &values, &frame);
    let sliders: [(Slider, f64); 6] = [
        (
            |v| BodyChange {
                forward_mm: v,
                ..BodyChange::default()
            },
            12.0,
        ),
        (
            |v| BodyChange {
                left_mm: v,
                ..BodyChange::default()
            },
            12.0,
        ),
        (
            |v| BodyChange {
                up_mm: v,
                ..BodyChange::default()
            },
            12.0,
        ),
        (
            |v| BodyChange {
                roll_deg: v,
                ..BodyChange::default()
            },
            8.0,
        ),
        (
            |v| BodyChange {
                pitch_deg: v,
                ..BodyChange::default()
            },
            8.0,
        ),
        (
            |v| BodyChange {
                yaw_deg: v,
                ..BodyChange::default()
            },
            8.0,
        ),
    ];
    for (slider, reach) in sliders {
        for step in -4..=4 {
            // From a crouch of 15 mm: the stand's legs are near straight, so the body can
            // barely move along the floor until it is lowered (up is the slider itself).
            let mut change = slider(reach * f64::from(step) / 4.0);
            change.up_mm -= 15.0;
            let placed = place(
                &rig,
                &values,
                &frame,
                &Request {
                    body: change,
                    ..Request::default()
                },
            );
            let now = paws(&rig, &placed.values, &frame.moved(&change));
            for (leg, (a, b)) in Leg::ALL.iter().zip(planted.iter().zip(&now)) {
                assert!(
                    distance(*a, *b) < 0.5,
                    "{change:?}: {leg:?} moved from {a:?} to {b:?}"
                );
            }
        }
    }
}

#[test]
fn the_frame_takes_a_point_to_the_floor_and_back() {
    let (_, _, frame) = standing("DRX-1000");
    let moved = frame.moved(&BodyChange {
        forward_mm: 7.0,
        roll_deg: 5.0,
        pitch_deg: -4.0,
        yaw_deg: 12.0,
        ..BodyChange::default()
    });
    for p in [[10.0, -20.0, 30.0], [0.0, 0.0, 0.0], [-65.0, 62.5, -140.0]] {
        let back = moved.to_body(moved.to_floor(p));
        assert!(distance(back, p) < 1e-9, "{p:?} -> {back:?}");
    }
    // Pitched nose up: a point ahead of the body rises.
    let up = frame.moved(&BodyChange {
        pitch_deg: 10.0,
        ..BodyChange::default()
    });
    assert!(up.to_floor([100.0, 0.0, 0.0])[2] > frame.to_floor([100.0, 0.0, 0.0])[2]);
    // Yawed to the left: a point ahead moves to the left.
    let left = frame.moved(&BodyChange {
        yaw_deg: 10.0,
        ..BodyChange::default()
    });
    assert!(left.to_floor([100.0, 0.0, 0.0])[1] > frame.to_floor([100.0, 0.0, 0.0])[1]);
}

/// The radius of the rig's paw balls.
fn ball_radius(rig: &Rig, values: &[i32]) -> f64 {
    rig.pose(values)
        .touches
        .iter()
        .find(|t| t.part.is_paw())
        .map_or(0.0, |t| t.radius)
}

#[test]
fn a_paw_lifted_60_mm_with_balance_kept_leaves_the_stand_on_three_paws() {
    let (rig, values, frame) = standing("DRX-1000");
    let ball = ball_radius(&rig, &values);
    let planted = paws(&rig, &values, &frame);
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        let mut request = Request::default();
        let mut up = planted[i];
        up[2] += 60.0;
        request.paws[i] = Some(up);
        let balanced = place_balanced(&rig, &values, &frame, &request, (15.0, ball));
        assert!(
            balanced.reached,
            "{leg:?}: {:.1} mm inside with {:?}",
            balanced.margin_mm, balanced.body
        );
        // The floor model agrees: it rests on the other three, 15 mm inside them.
        let rest = settle(&rig.pose(&balanced.placed.values), [0.0, 0.0, 1.0], None);
        let on: Vec<_> = rest
            .contacts
            .iter()
            .map(|&c| rig.pose(&balanced.placed.values).touches[c].part)
            .collect();
        assert!(
            !on.contains(&crate::robot::floor::Part::Paw(leg)),
            "{leg:?} lifted, but the floor has it down: {on:?}"
        );
        assert!(
            on.iter().filter(|p| p.is_paw()).count() == 3 && on.iter().all(|p| p.is_paw()),
            "{leg:?}: resting on {on:?}"
        );
        assert!(
            rest.margin_mm >= 14.0,
            "{leg:?}: {:.1} mm from tipping",
            rest.margin_mm
        );
        // Without the balance the same lift tips the stand: the floor rests it on something
        // else than the other three paws (an elbow, the chest), or near their edge.
        let unbalanced = place(&rig, &values, &frame, &request);
        let posed = rig.pose(&unbalanced.values);
        let tipped = settle(&posed, [0.0, 0.0, 1.0], None);
        let on_three_paws = tipped.contacts.len() == 3
            && tipped.contacts.iter().all(|&c| {
                let part = posed.touches[c].part;
                part.is_paw() && part != crate::robot::floor::Part::Paw(leg)
            });
        // A front paw's lift tips it (the weight is forward: the head); a hind paw's leaves
        // it standing, and then the balance had nothing to move.
        let shifted = balanced.body != request.body;
        assert_eq!(
            shifted,
            leg.is_front(),
            "{leg:?}: moved by {:?}",
            balanced.body
        );
        if shifted {
            assert!(
                !(on_three_paws && tipped.margin_mm >= 15.0),
                "{leg:?} lifted without balance stands {:.1} mm inside the other three paws",
                tipped.margin_mm
            );
        } else {
            assert!(
                on_three_paws && tipped.margin_mm >= 15.0,
                "{leg:?}: {tipped:?}"
            );
        }
    }
}

#[test]
fn a_frame_gives_back_the_angles_it_was_turned_by() {
    let level = Frame::of(&crate::robot::floor::placed([0.0, 0.0, 1.0], 100.0));
    for (roll, pitch, yaw) in [(0.0, 0.0, 0.0), (5.0, -7.0, 12.0), (-20.0, 30.0, -90.0)] {
        let turned = level.moved(&BodyChange {
            roll_deg: roll,
            pitch_deg: pitch,
            yaw_deg: yaw,
            ..BodyChange::default()
        });
        let got = turned.angles();
        for (a, b) in got.iter().zip([roll, pitch, yaw]) {
            assert!((a - b).abs() < 1e-9, "{got:?} for {roll} {pitch} {yaw}");
        }
    }
}

/// The angle (degrees) between the head's gaze and the line from its camera to `target`.
fn off_gaze(rig: &Rig, values: &[i32], target: Vec3) -> f64 {
    let Some((camera, ahead)) = look::gaze(rig, values, 100.0) else {
        return 180.0;
    };
    let a = [0, 1, 2].map(|i| ahead[i] - camera[i]);
    let b = [0, 1, 2].map(|i| target[i] - camera[i]);
    let cos = dot(a, b) / (dot(a, a).sqrt() * dot(b, b).sqrt());
    cos.clamp(-1.0, 1.0).acos().to_degrees()
}

#[test]
fn the_head_looks_at_a_target_within_its_limits_and_stops_at_them_beyond() {
    let (rig, values, _) = standing("DRX-1000");
    let limits = |name: &str| {
        rig.model
            .joints()
            .iter()
            .find(|j| j.name == name)
            .and_then(|j| j.limit)
            .map(|l| (l.min_deg, l.max_deg))
            .unwrap_or((-180.0, 180.0))
    };
    let (head, _) = rig.head_and_tail_joints();
    // Ahead of the nose, to the sides, above and below: looked at.
    let (camera, _) = look::gaze(&rig, &values, 100.0).unwrap_or_default();
    for offset in [
        [200.0, 0.0, 0.0],
        [200.0, 80.0, 30.0],
        [200.0, -80.0, -40.0],
        [150.0, 40.0, 90.0],
    ] {
        let target = [0, 1, 2].map(|i| camera[i] + offset[i]);
        let turned = look::look_at(&rig, &values, target);
        let off = off_gaze(&rig, &turned, target);
        assert!(off < 1.0, "{offset:?}: {off:.2}° off");
    }
    // Behind the head: as far as the joints go, each within its limits.
    let behind = [camera[0] - 400.0, camera[1] + 300.0, camera[2] + 400.0];
    let turned = look::look_at(&rig, &values, behind);
    for (column, name) in head.iter().zip(["HEAD_PITCH", "HEAD_YAW", "HEAD_PITCH2"]) {
        let Some(j) = column else { continue };
        let (lo, hi) = limits(name);
        let v = urad_to_deg(turned[*j]);
        assert!(
            v >= lo - 1e-4 && v <= hi + 1e-4,
            "{name} {v:.5} outside {lo}..{hi}"
        );
    }
    // The tail points where it is asked (within its limits).
    let [base, _] = look::tail(&rig, &values).unwrap_or_default();
    let target = [base[0] - 60.0, base[1] + 20.0, base[2] + 60.0];
    let pointed = look::point_tail(&rig, &values, target);
    let [from, tip] = look::tail(&rig, &pointed).unwrap_or_default();
    let a = [0, 1, 2].map(|i| tip[i] - from[i]);
    let b = [0, 1, 2].map(|i| target[i] - from[i]);
    let cos = dot(a, b) / (dot(a, a).sqrt() * dot(b, b).sqrt());
    assert!(cos.acos().to_degrees() < 1.0, "tail {a:?} toward {b:?}");
}
