use super::*;
use crate::robot::Model;
use crate::robot::postures::{posture, posture_locators};

/// How `model`'s standard posture rests, held as the posture table's body pitch.
fn rest_in(model: Model, name: &str) -> (Settled, Vec<Part>) {
    let p = posture(model, name).expect("posture");
    let rig = Rig::new(model, model.label(), &posture_locators(model));
    let body = rig.pose(&p.angles_urad());
    let settled = settle(&body, up_from_body(p.body_urad()), None);
    let parts = settled
        .contacts
        .iter()
        .map(|&i| body.touches[i].part)
        .collect();
    (settled, parts)
}

#[test]
fn stands_rest_on_four_paws_as_measured() {
    // docs/formats/robots.md#kinematics: the ERS-7 stand about 146 mm up and 1.5 degrees
    // nose-down; the ERS-210's about 137 mm up and 3 degrees nose-down.
    for (model, height, pitch) in [(Model::Ers7, 146.0, -1.5), (Model::Ers210, 137.0, -3.0)] {
        let (stand, parts) = rest_in(model, "stand");
        assert!(
            (stand.height_mm - height).abs() < 3.0,
            "{model:?} {}",
            stand.height_mm
        );
        assert!(
            (stand.pitch_deg() - pitch).abs() < 1.0,
            "{model:?} {}",
            stand.pitch_deg()
        );
        assert!(stand.roll_deg().abs() < 1e-6);
        assert!(
            parts.iter().all(|p| p.is_paw()) && parts.len() == 4,
            "{parts:?}"
        );
        assert!(
            stand.resting && stand.margin_mm > 20.0,
            "{}",
            stand.margin_mm
        );
    }
}

#[test]
fn sits_rest_pitched_nose_up_as_sony_stored() {
    // docs/formats/robots.md#standard-postures: the ERS-7 sit at +37, the ERS-210's at +28.
    for (model, pitch) in [(Model::Ers7, 37.0), (Model::Ers210, 28.0)] {
        let (sit, parts) = rest_in(model, "sit");
        assert!(
            (sit.pitch_deg() - pitch).abs() < 2.0,
            "{model:?} {}",
            sit.pitch_deg()
        );
        assert!(sit.resting, "{model:?}");
        assert!(
            parts.iter().filter(|p| p.is_paw()).count() >= 2,
            "{model:?} {parts:?}"
        );
    }
}

#[test]
fn a_sleeping_ers7_lies_on_its_chest_and_legs() {
    let (sleep, parts) = rest_in(Model::Ers7, "sleep");
    assert!(sleep.resting);
    assert!(sleep.pitch_deg().abs() < 5.0 && sleep.roll_deg().abs() < 1e-6);
    assert!(
        parts.contains(&Part::Chest(Side::Left)) && parts.contains(&Part::Chest(Side::Right)),
        "{parts:?}"
    );
    assert!(sleep.height_mm < 70.0, "{}", sleep.height_mm);
}

#[test]
fn the_files_roll_sign_is_left_side_up() {
    // Up tilted toward the body's left (+y) means the left side is up: a positive roll, as
    // Sony's files store a body leaning onto its right legs (a_sleep#sit_standard: -15
    // where the left legs carry it).
    let up = up_from_body([crate::robot::deg_to_urad(10.0), 0, 0]);
    assert!(up[1] > 0.0);
    let settled = placed(up, 0.0);
    assert!((settled.roll_deg() - 10.0).abs() < 1e-3);
}

#[test]
fn margin_is_inside_positive_and_outside_negative() {
    let square = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]];
    assert!((margin(&square, [5.0, 3.0]) - 3.0).abs() < 1e-9);
    assert!((margin(&square, [13.0, 5.0]) + 3.0).abs() < 1e-9);
    assert!((margin(&square[..2], [5.0, 4.0]) + 4.0).abs() < 1e-9);
}

#[test]
fn a_command_beyond_a_servos_stop_is_posed_at_the_stop() {
    // The ERS-7's knee stops at 125° (Sony's own motions' reach past its 122° limit): a
    // knee commanded to 236° is posed, and rests, as one at 125°, and is named.
    let model = Model::Ers7;
    let locators = posture_locators(model);
    let rig = Rig::new(model, model.label(), &locators);
    let knee = locators
        .iter()
        .position(|l| crate::robot::joint_name(model.label(), l) == "BL_LEG_KNEE")
        .expect("a knee");
    let mut values = posture(model, "stand").expect("stand").angles_urad();
    values[knee] = crate::robot::deg_to_urad(236.0);
    let beyond = rig.pose(&values);
    let named = rig.beyond_stops(&values);
    values[knee] = crate::robot::deg_to_urad(125.0);
    assert_eq!(beyond, rig.pose(&values));
    assert_eq!(named.len(), 1, "{named:?}");
    let (column, command, stop) = named[0];
    assert_eq!(column, knee);
    assert!((command - 236.0).abs() < 0.01 && (stop - 125.0).abs() < 0.01);
    assert!(
        rig.beyond_stops(&values).is_empty(),
        "at the stop is not beyond it"
    );
}

#[test]
fn a_posed_body_lists_its_parts_as_the_rig_does() {
    // The stage takes the parts from the body it posed (not from a second pose).
    for model in [Model::Ers7, Model::Ers210] {
        let locators = posture_locators(model);
        let rig = Rig::new(model, model.label(), &locators);
        for name in ["stand", "sit", "sleep"] {
            let values = posture(model, name).expect("a posture").angles_urad();
            assert_eq!(rig.pose(&values).parts(), rig.parts(), "{model:?} {name}");
        }
    }
}
