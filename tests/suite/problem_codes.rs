//! Every problem code has a fixture that triggers it. The fixtures are built here from the
//! bundled example motion (itself built from the standard ERS-7 postures), each with one
//! thing broken the way real tools and scripts break it. Structural problems must also be
//! repaired into a well-formed file with the keyframes intact.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use mtn_studio::codec::mtn::{self, Motion};
use mtn_studio::codec::{Problem, ProblemCode, Severity};
use mtn_studio::example::stand_to_sit;
use mtn_studio::robot::check::{decode_checked, problems};
use mtn_studio::robot::deg_to_urad;
use mtn_studio::robot::repair::repair;
use mtn_studio::robot::verdict::judged_floor;

fn put_u16(bytes: &mut [u8], at: usize, value: u16) {
    bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
}

fn put_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

fn get_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

/// A fixture: the file bytes, or (for problems only an in-memory motion can have) a motion.
enum Fixture {
    Bytes(Vec<u8>),
    Motion(Box<Motion>),
}

fn encoded(motion: &Motion) -> Vec<u8> {
    mtn::encode(motion).unwrap()
}

#[expect(clippy::too_many_lines, reason = "one scenario, its steps in order")]
fn fixture(code: ProblemCode) -> Fixture {
    let example = stand_to_sit();
    let good = encoded(&example);
    let offsets = mtn::offsets(&example).unwrap();
    let section2 = offsets.locators[0] - 10;
    let section3 = offsets.data_type - 8;
    let mut bytes = good.clone();
    match code {
        ProblemCode::SECTION0_HEADER => put_u32(&mut bytes, 8, 28),
        ProblemCode::SECTION_NUMBER => put_u32(&mut bytes, 28, 7),
        ProblemCode::SECTION1_SIZE => put_u32(&mut bytes, 32, get_u32(&good, 32) + 4),
        ProblemCode::NAME_LENGTH => {
            // What a relabelling script did: name length byte and section-1 size both 8 short.
            bytes[36] -= 8;
            put_u32(&mut bytes, 32, get_u32(&good, 32) - 8);
        }
        ProblemCode::SECTION2_SIZE => {
            put_u32(&mut bytes, section2 + 4, get_u32(&good, section2 + 4) + 12);
        }
        ProblemCode::SECTION3_SIZE => {
            put_u32(&mut bytes, section3 + 4, get_u32(&good, section3 + 4) + 80);
        }
        ProblemCode::KEYFRAME_COUNT => put_u16(&mut bytes, 20, 3),
        ProblemCode::TRUNCATED => bytes.truncate(good.len() - 10),
        ProblemCode::TRAILING_BYTES => bytes.extend_from_slice(b"junk!"),
        ProblemCode::PADDING => {
            let mut motion = example;
            motion.name = "a_stand#sit_exampl".to_owned(); // leaves padding after section 1
            bytes = encoded(&motion);
            let offsets = mtn::offsets(&motion).unwrap();
            bytes[offsets.locators[0] - 11] = 0xAA;
        }
        ProblemCode::VERSION => put_u16(&mut bytes, 18, 9),
        ProblemCode::FRAME_RATE => put_u16(&mut bytes, 22, 33),
        ProblemCode::RESERVED => put_u32(&mut bytes, 24, 1),
        ProblemCode::DATA_TYPE => put_u32(&mut bytes, offsets.data_type, 1),
        ProblemCode::UNKNOWN_DESIGN => {
            let mut motion = example;
            motion.design = "DRX-9999".to_owned();
            bytes = encoded(&motion);
        }
        ProblemCode::LOCATOR_MISMATCH => {
            let mut motion = example;
            motion.locators[3] = "PRM:/r9/c9-Bogus:99".to_owned();
            bytes = encoded(&motion);
        }
        ProblemCode::JOINT_ORDER => {
            let mut motion = example;
            motion.locators.swap(0, 1);
            bytes = encoded(&motion);
        }
        mtn_studio::robot::codes::JOINT_LIMIT => {
            let mut motion = example;
            motion.keyframes.set_angle(1, 8, deg_to_urad(150.0));
            bytes = encoded(&motion);
        }
        ProblemCode::CHUNK_NAME => {
            let mut motion = example;
            motion.name = "stand-to-sit".to_owned();
            bytes = encoded(&motion);
        }
        ProblemCode::EMPTY_MOTION => {
            let mut motion = example;
            while motion.keyframes.remove(0).is_some() {}
            bytes = encoded(&motion);
        }
        ProblemCode::SECTION3_WIDTH => {
            let mut motion = example;
            motion.layout.section3_size = mtn::SizeWidth::U16;
            motion.layout.section3_padding = mtn::Padding::None;
            bytes = encoded(&motion);
        }
        mtn_studio::robot::codes::JOINT_SPEED => {
            // Stand to half-way sit in one frame (2 ticks) instead of 31.
            let mut motion = example;
            motion.keyframes.set_frames(2, 0);
            return Fixture::Motion(Box::new(motion));
        }
        ProblemCode::STRING_ENCODING => {
            let mut motion = example;
            motion.creator = "\u{30bd}\u{30cb}\u{30fc}".to_owned();
            return Fixture::Motion(Box::new(motion));
        }
        ProblemCode::POSTURE_MISMATCH => {
            // The name promises a start in the sleep posture; the example starts standing.
            let mut motion = example;
            motion.name = "a_sleep#sit_example".to_owned();
            bytes = encoded(&motion);
        }
        // The floor's: motions only the window and the floor check see move this way.
        mtn_studio::robot::codes::FALLS => {
            // Both left paws lifted in two frames: it topples onto its left side.
            return Fixture::Motion(Box::new(from_the_stand(
                2,
                &[("FL_LEG_VERT", 100.0), ("BL_LEG_VERT", 100.0)],
            )));
        }
        mtn_studio::robot::codes::UNSTABLE => {
            // A hind paw lifted with the weight over the diagonal of the other three.
            return Fixture::Motion(Box::new(from_the_stand(
                62,
                &[
                    ("BR_LEG_VERT", 60.0),
                    ("FR_LEG_VERT", 5.0),
                    ("HEAD_PITCH", 0.0),
                    ("HEAD_PITCH2", 45.0),
                ],
            )));
        }
        mtn_studio::robot::codes::PAW_SLIDE => {
            // A front paw swept forward in one frame while it carries weight.
            return Fixture::Motion(Box::new(from_the_stand(
                1,
                &[("FL_LEG_VERT", 15.0), ("FL_LEG_KNEE", 40.0)],
            )));
        }
        mtn_studio::robot::codes::PAW_LIFTED
        | mtn_studio::robot::codes::BODY_TILT
        | mtn_studio::robot::codes::PAW_OFF_FLOOR => {
            // The library's "FR paw up (on three)" put in half a second after the stand,
            // the weight not shifted first: the robot tips onto the paw it lifts, and the BL
            // paw the pose keeps down comes off the floor.
            return Fixture::Motion(Box::new(on_three_unshifted()));
        }
        other => panic!("no fixture for {other}: add one"),
    }
    Fixture::Bytes(bytes)
}

fn problems_of(fixture: &Fixture) -> (Vec<Problem>, Option<mtn::Decoded>) {
    match fixture {
        Fixture::Bytes(bytes) => {
            let decoded = decode_checked(bytes).unwrap();
            (decoded.problems.clone(), Some(decoded))
        }
        Fixture::Motion(motion) => {
            // The floor's as `check` judges them (the simulation's word on the ERS-7).
            let mut found = problems(motion, &mtn::Offsets::default(), &[]);
            found.extend(judged_floor(
                motion,
                &mtn::offsets(motion).unwrap_or_default(),
                false,
            ));
            (found, None)
        }
    }
}

/// The example's stand, then the pose library's "FR paw up (on three)" in half a second,
/// held a second, then the stand again.
fn on_three_unshifted() -> Motion {
    use mtn_studio::poses::{Library, Only, Use, posed_values};
    let mut library = Library::in_dir(None);
    let pose = library
        .built_in(mtn_studio::robot::Model::Ers7)
        .iter()
        .find(|p| p.name == "FR paw up (on three)")
        .cloned()
        .unwrap();
    let example = stand_to_sit();
    let stand = example.keyframes.get(0).unwrap();
    let how = Use {
        insert: false,
        mirrored: false,
        only: Only::All,
    };
    let lifted = posed_values(&example, stand.angles_urad, &pose, how);
    let mut motion = Motion::new(
        &example.name,
        &example.creator,
        &example.design,
        example.locators.clone(),
    );
    for (frames, angles) in [
        (0, stand.angles_urad),
        (30, lifted.as_slice()),
        (62, lifted.as_slice()),
        (30, stand.angles_urad),
    ] {
        motion
            .keyframes
            .push(frames, stand.body_urad, angles)
            .unwrap();
    }
    motion
}

/// The example's stand, then `changes` (joint, degrees) reached in `frames` and held a
/// second.
fn from_the_stand(frames: u32, changes: &[(&str, f64)]) -> Motion {
    let example = stand_to_sit();
    let mut motion = Motion::new(
        &example.name,
        &example.creator,
        &example.design,
        example.locators.clone(),
    );
    let stand = example.keyframes.get(0).unwrap();
    motion
        .keyframes
        .push(0, stand.body_urad, stand.angles_urad)
        .unwrap();
    let mut angles = stand.angles_urad.to_vec();
    for (name, deg) in changes {
        let j = motion
            .locators
            .iter()
            .position(|l| mtn_studio::robot::joint_name(&motion.design, l) == *name)
            .unwrap();
        angles[j] = deg_to_urad(*deg);
    }
    for frames in [frames, 62] {
        motion
            .keyframes
            .push(frames, stand.body_urad, &angles)
            .unwrap();
    }
    motion
}

#[test]
fn the_example_itself_has_no_problems() {
    let decoded = decode_checked(&encoded(&stand_to_sit())).unwrap();
    assert_eq!(decoded.problems, vec![]);
}

/// The codec reports the file's structure only; what the robot makes of the motion comes
/// from `robot::check`, which keeps the structure problems and adds its own.
#[test]
fn the_codec_reports_structure_and_the_checks_add_the_rest() {
    for code in mtn_studio::robot::codes::all() {
        let Fixture::Bytes(bytes) = fixture(code) else {
            continue;
        };
        let plain = mtn::decode(&bytes).unwrap();
        let checked = decode_checked(&bytes).unwrap();
        for problem in &plain.problems {
            assert!(
                problem.code.is_structural() || problem.code == ProblemCode::PADDING,
                "{code}: the codec reported {}",
                problem.code
            );
            assert!(checked.problems.contains(problem), "{code}: {problem} kept");
        }
        assert_eq!(
            plain.problems.iter().any(|p| p.code == code),
            code.is_structural() || code == ProblemCode::PADDING,
            "{code}"
        );
    }
}

#[test]
fn every_problem_code_has_a_fixture_that_triggers_it() {
    let example = stand_to_sit();
    for code in mtn_studio::robot::codes::all() {
        let fixture = fixture(code);
        let (problems, decoded) = problems_of(&fixture);
        assert!(
            problems.iter().any(|p| p.code == code),
            "{code}: the fixture did not trigger it; got {problems:#?}"
        );
        let problem = problems.iter().find(|p| p.code == code).unwrap();
        assert!(!problem.message.is_empty());
        let Some(decoded) = decoded else { continue };
        assert_eq!(decoded.is_well_formed(), !code.is_structural(), "{code}");
        if code.is_structural() {
            let repaired = repair(&decoded).unwrap();
            assert!(
                repaired.fixes.iter().any(|f| f.code == code),
                "{code}: no fix listed"
            );
            let again = decode_checked(&repaired.bytes).unwrap();
            assert!(again.is_well_formed(), "{code}: {:#?}", again.problems);
            assert!(
                again
                    .problems
                    .iter()
                    // The truncated file lost its last (sit) keyframe: it no longer ends
                    // where its name says, and the check says so.
                    .all(|p| p.severity < Severity::Warning
                        || (code == ProblemCode::TRUNCATED
                            && p.code == ProblemCode::POSTURE_MISMATCH)),
                "{code}: {:#?}",
                again.problems
            );
            // Nothing of the motion is lost, except what the damage took: the truncated
            // fixture loses its last keyframe, the name-length one nothing at all.
            let kept = if code == ProblemCode::TRUNCATED { 3 } else { 4 };
            assert_eq!(again.motion.keyframes.len(), kept, "{code}");
            assert_eq!(again.motion.name, example.name, "{code}");
            for index in 0..kept {
                assert_eq!(
                    again.motion.keyframes.get(index),
                    example.keyframes.get(index),
                    "{code}: keyframe {index}"
                );
            }
        }
    }
}

#[test]
fn problem_offsets_point_at_the_field() {
    let (problems, _) = problems_of(&fixture(mtn_studio::robot::codes::JOINT_LIMIT));
    let problem = problems
        .iter()
        .find(|p| p.code == mtn_studio::robot::codes::JOINT_LIMIT)
        .unwrap();
    let offsets = mtn::offsets(&stand_to_sit()).unwrap();
    assert_eq!(problem.offset, offsets.angle(1, 8) as u64);
    assert!(
        problem
            .message
            .contains("FL_LEG_KNEE is 150.0° at keyframe 1"),
        "{}",
        problem.message
    );
    let (problems, _) = problems_of(&fixture(ProblemCode::FRAME_RATE));
    assert_eq!(problems[0].offset, 22);
}

#[test]
fn a_file_cut_off_before_the_joint_list_is_a_typed_error() {
    let good = encoded(&stand_to_sit());
    for cut in [0, 3, 4, 20, 27, 28, 35, 40] {
        let error = mtn::decode(&good[..cut]).unwrap_err();
        let text = error.to_string();
        match cut {
            0 => assert_eq!(error, mtn_studio::codec::DecodeError::Empty),
            1..=3 => assert!(text.contains("not an MTN motion"), "{cut}: {text}"),
            _ => assert!(text.contains("cut off at byte"), "{cut}: {text}"),
        }
    }
    let not_mtn = mtn::decode(b"RIFF....WAVEfmt ").unwrap_err();
    assert!(not_mtn.to_string().contains("'RIFF'"), "{not_mtn}");
    assert!(
        mtn::decode(b"NotOMTN ")
            .unwrap_err()
            .to_string()
            .contains("placeholder")
    );
}
