use super::*;
use crate::robot::postures::new_motion;

fn stand() -> Motion {
    new_motion("DRX-1000", "stand").unwrap_or_else(|e| panic!("{e}"))
}

fn column(motion: &Motion, name: &str) -> usize {
    motion
        .locators
        .iter()
        .position(|l| joint_name(&motion.design, l) == name)
        .unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn a_pose_kept_is_read_back_renamed_and_deleted_from_its_models_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let motion = stand();
    let mut values = motion
        .keyframes
        .get(0)
        .map(|k| k.angles_urad.to_vec())
        .unwrap_or_default();
    values[column(&motion, "FL_LEG_KNEE")] = deg_to_urad(90.0);
    let mut library = Library::in_dir(Some(dir.path().to_owned()));
    let replaced = library
        .keep(Model::Ers7, pose_of(&motion, &values, "wave"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!replaced);
    // Another library over the same folder reads it: a file per model, shareable.
    let file = dir.path().join("ERS-7.json");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("\"FL_LEG_KNEE\": 90.0"), "{text}");
    let mut again = Library::in_dir(Some(dir.path().to_owned()));
    let kept = again
        .kept(Model::Ers7)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_vec();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].name, "wave");
    assert!((kept[0].joints["FL_LEG_KNEE"] - 90.0).abs() < 1e-9);
    again
        .rename(Model::Ers7, "wave", "hello")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.kept_now(Model::Ers7)[0].name, "hello");
    assert!(matches!(
        again.keep(Model::Ers7, pose_of(&motion, &values, "sit")),
        Err(PoseError::Name(_))
    ));
    again
        .delete(Model::Ers7, "hello")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        Library::in_dir(Some(dir.path().to_owned()))
            .kept(Model::Ers7)
            .map(<[Pose]>::len)
            .unwrap_or(9)
            == 0
    );
    // A file that is not a pose file says so, naming it.
    std::fs::write(&file, "{not json").unwrap_or_else(|e| panic!("{e}"));
    let error = Library::in_dir(Some(dir.path().to_owned()))
        .kept(Model::Ers7)
        .map(<[Pose]>::len);
    assert!(
        matches!(&error, Err(PoseError::Bad { path, .. }) if path == &file),
        "{error:?}"
    );
}

#[test]
fn a_pose_applied_mirrored_and_to_the_legs_only() {
    let motion = stand();
    let now = motion
        .keyframes
        .get(0)
        .map(|k| k.angles_urad.to_vec())
        .unwrap_or_default();
    let mut values = now.clone();
    values[column(&motion, "FL_LEG_KNEE")] = deg_to_urad(90.0);
    values[column(&motion, "HEAD_YAW")] = deg_to_urad(30.0);
    values[column(&motion, "TAIL_HORZ")] = deg_to_urad(20.0);
    let pose = pose_of(&motion, &values, "p");
    let mirrored = posed_values(
        &motion,
        &now,
        &pose,
        Use {
            insert: false,
            mirrored: true,
            only: Only::All,
        },
    );
    let deg = |row: &[i32], name: &str| urad_to_deg(row[column(&motion, name)]);
    assert!((deg(&mirrored, "FR_LEG_KNEE") - 90.0).abs() < 1e-3);
    assert!((deg(&mirrored, "FL_LEG_KNEE") - deg(&now, "FR_LEG_KNEE")).abs() < 1e-3);
    assert!(
        (deg(&mirrored, "HEAD_YAW") + 30.0).abs() < 1e-3,
        "pan flips"
    );
    assert!((deg(&mirrored, "TAIL_HORZ") + 20.0).abs() < 1e-3);
    let legs = posed_values(
        &motion,
        &now,
        &pose,
        Use {
            insert: false,
            mirrored: false,
            only: Only::Part(BodyPart::Legs),
        },
    );
    assert!((deg(&legs, "FL_LEG_KNEE") - 90.0).abs() < 1e-3);
    assert_eq!(
        legs[column(&motion, "HEAD_YAW")],
        now[column(&motion, "HEAD_YAW")],
        "the head kept"
    );
    assert_eq!(
        legs[column(&motion, "TAIL_HORZ")],
        now[column(&motion, "TAIL_HORZ")]
    );
    // Into the motion: at a keyframe it sets it; inserted, a keyframe after it.
    let rig = floor::rig(&motion).unwrap_or_else(|| unreachable!());
    let ticks = floor::rest_ticks(&rig, &motion);
    let all = Use {
        insert: false,
        mirrored: false,
        only: Only::All,
    };
    // The pose bends the FL knee off the floor: the weight shifts as it goes (a keyframe
    // after it, where it is the first).
    let Put {
        edit,
        keyframe: k,
        shifted,
    } = pose_edit(&motion, 0, &ticks, &pose, all).unwrap_or_else(|e| panic!("{e}"));
    assert!(shifted.is_some());
    let mut applied = motion.clone();
    edit.apply(&mut applied);
    assert_eq!((k, applied.keyframes.len()), (0, 3));
    let got = applied
        .keyframes
        .get(0)
        .map(|kf| kf.angles_urad.to_vec())
        .unwrap_or_default();
    assert!(
        got.iter().zip(&values).all(|(a, b)| (a - b).abs() <= 1),
        "{got:?} {values:?}"
    );
    let Put {
        edit, keyframe: k, ..
    } = pose_edit(
        &motion,
        0,
        &ticks,
        &pose,
        Use {
            insert: true,
            ..all
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut inserted = motion.clone();
    edit.apply(&mut inserted);
    // Inserted half a second on, between the weight shifted onto the other paws and back.
    assert_eq!((k, inserted.keyframes.len()), (2, 5));
    assert_eq!(
        crate::robot::timing::keyframe_times_ms(&inserted.keyframes),
        vec![0, 256, 496, 1008, 1504]
    );
}

#[test]
fn the_built_in_poses_are_the_postures_and_the_stand_on_three_paws() {
    let mut library = Library::in_dir(None);
    let names: Vec<String> = library
        .built_in(Model::Ers7)
        .iter()
        .map(|p| p.name.clone())
        .collect();
    assert_eq!(
        names,
        [
            "stand",
            "sit",
            "sleep",
            "FL paw up (on three)",
            "BL paw up (on three)",
            "FR paw up (on three)",
            "BR paw up (on three)"
        ]
    );
    // Each three-paw pose stands on the other three with the margin kept.
    let motion = stand();
    let rig = floor::rig(&motion).unwrap_or_else(|| unreachable!());
    let now = motion
        .keyframes
        .get(0)
        .map(|k| k.angles_urad.to_vec())
        .unwrap_or_default();
    for pose in &library.built_in(Model::Ers7)[3..] {
        let all = Use {
            insert: false,
            mirrored: false,
            only: Only::All,
        };
        let values = posed_values(&motion, &now, pose, all);
        let rest = settle(&rig.pose(&values), [0.0, 0.0, 1.0], None);
        assert_eq!(rest.contacts.len(), 3, "{}", pose.name);
        assert!(
            rest.margin_mm >= 14.0,
            "{}: {:.1}",
            pose.name,
            rest.margin_mm
        );
    }
    // The ERS-210 has its postures too.
    assert!(
        library
            .built_in(Model::Ers210)
            .iter()
            .any(|p| p.name == "sit")
    );
}

#[test]
fn a_pose_that_lifts_a_paw_comes_with_the_weight_shift_a_drag_makes() {
    // The library's "FR paw up (on three)" applied and inserted into a stand, and pasted
    // onto its keyframe: each shifts the weight first, the robot does not rest on the
    // lifted paw (at rest, nor simulated), and no speed warning comes that was not there.
    use crate::codec::Severity;
    use crate::robot::codes::{JOINT_SPEED, PAW_LIFTED};
    let mut library = Library::in_dir(None);
    let pose = library
        .built_in(Model::Ers7)
        .iter()
        .find(|p| p.name == "FR paw up (on three)")
        .cloned()
        .unwrap_or_else(|| unreachable!());
    let mut motion = stand();
    let row = motion
        .keyframes
        .get(0)
        .map(|k| k.angles_urad.to_vec())
        .unwrap_or_default();
    let body = motion.keyframes.body()[0];
    for _ in 0..2 {
        motion
            .keyframes
            .push(30, body, &row)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let rig = floor::rig(&motion).unwrap_or_else(|| unreachable!());
    let ticks = floor::rest_ticks(&rig, &motion);
    let offsets = crate::codec::mtn::Offsets::default();
    let warned = |m: &crate::codec::mtn::Motion| {
        let mut all = crate::robot::check::problems(m, &offsets, &[]);
        all.extend(crate::robot::verdict::judged_floor(m, &offsets, false));
        all.into_iter()
            .filter(|p| p.severity > Severity::Info)
            .map(|p| (p.code, p.message))
            .collect::<Vec<_>>()
    };
    for insert in [false, true] {
        let how = Use {
            insert,
            mirrored: false,
            only: Only::All,
        };
        let put = pose_edit(&motion, 1008, &ticks, &pose, how).unwrap_or_else(|e| panic!("{e}"));
        let said = put.shifted.clone().unwrap_or_default();
        assert!(said.starts_with("shifted the weight first"), "{said}");
        let mut posed = motion.clone();
        put.edit.apply(&mut posed);
        assert_eq!(
            posed.keyframes.len(),
            motion.keyframes.len() + 2 + usize::from(insert)
        );
        let found = warned(&posed);
        assert!(
            found
                .iter()
                .all(|(code, _)| *code != PAW_LIFTED && *code != JOINT_SPEED),
            "insert {insert}: {found:?}"
        );
    }
}
