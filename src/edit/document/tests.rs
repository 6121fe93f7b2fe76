//! The document: its unsaved mark, repair, the disk, and what it keeps up to date.

use super::disk::DiskState;
use super::*;
use crate::edit::summary::Summary;
use crate::example::stand_to_sit;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mtn-studio-doc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

#[test]
fn dirty_follows_the_history() {
    let dir = scratch("dirty");
    let path = dir.join("m.mtn");
    let mut document = Document::unsaved(stand_to_sit(), "example");
    assert!(!document.is_dirty());
    document.apply("set", Edit::SetFrameRate(16 + 1));
    assert!(document.is_dirty());
    assert!(
        document.save().is_err(),
        "an unsaved document needs Save As"
    );
    assert!(document.save_as(&path).is_ok());
    assert!(!document.is_dirty());
    document.undo();
    assert!(document.is_dirty());
    document.redo();
    assert!(!document.is_dirty());
    assert!(document.title().starts_with("m.mtn"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_created_motion_is_unsaved_work_until_saved() {
    let dir = scratch("created");
    let mut document = Document::created(stand_to_sit(), "imported.mtn");
    assert!(document.is_dirty(), "nothing on disk holds it");
    assert!(document.save_as(&dir.join("imported.mtn")).is_ok());
    assert!(!document.is_dirty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn repair_is_an_undoable_step_that_marks_the_document() {
    let dir = scratch("repair");
    let path = dir.join("m.mtn");
    // A section-1 size four bytes short: the reader recovers it as a file problem.
    let mut bytes = crate::example::EXAMPLE_MTN.to_vec();
    let size = u32::from_le_bytes([bytes[32], bytes[33], bytes[34], bytes[35]]);
    bytes[32..36].copy_from_slice(&(size - 4).to_le_bytes());
    assert!(std::fs::write(&path, &bytes).is_ok());
    let mut document = Document::open(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(!document.file_problems().is_empty());
    assert!(!document.is_dirty());
    let actions = document.repair().unwrap_or_else(|e| panic!("{e}"));
    assert!(!actions.is_empty());
    assert!(document.file_problems().is_empty());
    assert!(document.is_dirty(), "the repair is not on disk yet");
    assert_eq!(document.history().undo_label(), Some("repair"));
    document.undo();
    assert!(
        !document.file_problems().is_empty(),
        "undo brings them back"
    );
    assert!(!document.is_dirty());
    document.redo();
    assert!(document.save().is_ok());
    assert!(document.file_problems().is_empty());
    document.undo();
    assert!(
        document.file_problems().is_empty(),
        "the file on disk is well-formed now, whatever is undone"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_written_by_someone_else_is_noticed() {
    let dir = scratch("disk");
    let path = dir.join("m.mtn");
    assert!(std::fs::write(&path, crate::example::EXAMPLE_MTN).is_ok());
    let mut document = Document::open(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(document.disk_state(), DiskState::Unchanged);
    let mut other = crate::example::EXAMPLE_MTN.to_vec();
    other.push(0);
    assert!(std::fs::write(&path, &other).is_ok());
    assert_eq!(document.disk_state(), DiskState::Changed);
    assert!(document.save().is_ok());
    assert_eq!(document.disk_state(), DiskState::Unchanged);
    assert!(std::fs::remove_file(&path).is_ok());
    assert_eq!(document.disk_state(), DiskState::Missing);
    assert_eq!(
        Document::unsaved(stand_to_sit(), "x").disk_state(),
        DiskState::NoFile
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_revision_changes_with_every_change_of_the_motion() {
    let mut document = Document::unsaved(stand_to_sit(), "a");
    let other = Document::unsaved(stand_to_sit(), "b");
    assert_ne!(
        document.revision(),
        other.revision(),
        "documents share no revision"
    );
    let mut seen = vec![document.revision()];
    document.apply("move", Edit::SetAngles(vec![(1, 0, 12_345)]));
    seen.push(document.revision());
    document.begin_gesture("drag");
    document.apply("drag", Edit::SetAngles(vec![(1, 0, 23_456)]));
    seen.push(document.revision());
    document.end_gesture();
    let _ = document.undo();
    seen.push(document.revision());
    let _ = document.redo();
    seen.push(document.revision());
    let unique: std::collections::BTreeSet<u64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "{seen:?}");
}

#[test]
fn the_summary_follows_every_change() {
    let mut motion = stand_to_sit();
    let row: Vec<i32> = motion.keyframes.angles()[..20].to_vec();
    for _ in 0..100 {
        motion
            .keyframes
            .push(3, [1, 2, 3], &row)
            .unwrap_or_default();
    }
    let mut document = Document::unsaved(motion, "long");
    let fresh = |d: &Document| Summary::new(&d.motion.keyframes);
    document.apply("move", Edit::SetAngles(vec![(50, 3, 9_999_999)]));
    assert_eq!(document.summary(), &fresh(&document));
    document.apply("body", Edit::SetBody(vec![(77, 1, -9_999_999)]));
    assert_eq!(document.summary(), &fresh(&document));
    document.apply("remove", Edit::RemoveKeyframe { index: 10 });
    assert_eq!(document.summary(), &fresh(&document));
    for _ in 0..3 {
        document.undo();
        assert_eq!(document.summary(), &fresh(&document));
    }
    document.redo();
    assert_eq!(document.summary(), &fresh(&document));
}

#[test]
fn marks_follow_a_drag_live_on_a_short_motion_and_at_its_end_on_a_long_one() {
    let knee = |motion: &Motion| {
        motion
            .locators
            .iter()
            .position(|l| crate::robot::joint_name(&motion.design, l) == "FL_LEG_KNEE")
            .expect("the example has a knee")
    };
    let beyond = crate::robot::deg_to_urad(150.0);
    let mut short = Document::unsaved(stand_to_sit(), "example");
    assert!(
        short.safety_marks().is_empty(),
        "the example is within limits"
    );
    let j = knee(&short.motion);
    short.begin_gesture("drag");
    short.apply("drag", Edit::SetAngles(vec![(1, j, beyond)]));
    assert_eq!(
        short.safety_marks().out_of_range[j],
        vec![crate::robot::marks::Run { first: 1, last: 1 }],
        "marked while the drag is still going"
    );
    assert!(
        short
            .problems()
            .iter()
            .any(|p| p.code == crate::robot::codes::JOINT_LIMIT)
    );
    short.end_gesture();
    short.undo();
    assert!(short.safety_marks().is_empty(), "undo takes the mark away");

    // Past the live-check size, the checks wait for the end of the gesture.
    let mut motion = stand_to_sit();
    let row: Vec<i32> = (0..motion.keyframes.joint_count())
        .map(|joint| motion.keyframes.angle(0, joint).unwrap_or(0))
        .collect();
    while motion.keyframes.len() * row.len() <= LIVE_CHECK_CELLS {
        motion.keyframes.push(8, [0; 3], &row).expect("row width");
    }
    let mut long = Document::unsaved(motion, "long");
    let j = knee(&long.motion);
    long.begin_gesture("drag");
    long.apply("drag", Edit::SetAngles(vec![(1, j, beyond)]));
    assert!(long.safety_marks().out_of_range[j].is_empty());
    long.end_gesture();
    assert_eq!(
        long.safety_marks().out_of_range[j],
        vec![crate::robot::marks::Run { first: 1, last: 1 }]
    );
}

/// A second of silence, as a sound part.
fn silence() -> crate::behaviour::Part {
    let samples = vec![0.0_f32; 16_000];
    crate::behaviour::Part {
        source: crate::behaviour::Source {
            path: "silence.wav".into(),
            entry: None,
        },
        kind: crate::codec::sound::SoundKind::Wave,
        data: crate::behaviour::Data::Wave {
            rate: 16_000,
            peaks: std::sync::Arc::new(crate::behaviour::Peaks::new(&samples)),
            samples: std::sync::Arc::new(samples),
        },
        offset_ms: 0,
        onsets_ms: std::sync::Arc::default(),
    }
}

#[test]
fn the_motion_and_its_tracks_undo_as_one_history_in_the_order_of_their_steps() {
    use crate::behaviour::Track;
    use crate::edit::tracks::TrackEdit;
    let mut document = Document::unsaved(stand_to_sit(), "example");
    document.put_part(silence(), true);
    document.apply("a", Edit::SetFrameRate(17));
    let moved = document.edit_tracks(TrackEdit::SetOffset(Track::Sound, 96));
    assert!(moved.changed);
    document.apply("b", Edit::SetFrameRate(18));
    // Newest first, whichever it changed.
    assert_eq!(document.undo().as_deref(), Some("b"));
    assert_eq!(document.undo().as_deref(), Some("track move"));
    assert_eq!(
        document.tracks().sound.as_ref().map(|p| p.offset_ms),
        Some(0)
    );
    assert_eq!(document.motion.frame_rate, 17);
    assert_eq!(document.undo().as_deref(), Some("a"));
    assert_eq!(document.undo().as_deref(), Some("Sound track"));
    assert!(document.tracks().sound.is_none());
    // Redo brings them back in the same order.
    assert_eq!(document.redo().as_deref(), Some("Sound track"));
    assert_eq!(document.redo().as_deref(), Some("a"));
    assert_eq!(document.redo().as_deref(), Some("track move"));
    assert_eq!(
        document.tracks().sound.as_ref().map(|p| p.offset_ms),
        Some(96)
    );
    // A drag of the track is one step, back to where it began.
    document.begin_gesture("track move");
    for offset in [104, 112, 120] {
        document.edit_tracks(TrackEdit::SetOffset(Track::Sound, offset));
    }
    document.end_gesture();
    assert_eq!(document.undo().as_deref(), Some("track move"));
    assert_eq!(
        document.tracks().sound.as_ref().map(|p| p.offset_ms),
        Some(96)
    );
}

#[test]
fn a_change_of_the_tracks_alone_leaves_the_motion_saved() {
    use crate::behaviour::Track;
    use crate::edit::tracks::TrackEdit;
    let dir = scratch("tracks-only");
    let path = dir.join("m.mtn");
    let mut document = Document::unsaved(stand_to_sit(), "example");
    assert!(document.save_as(&path).is_ok());
    document.put_part(silence(), true);
    assert!(!document.is_dirty(), "the motion's file holds the motion");
    assert!(document.has_unsaved(), "the skit does not hold the sound");
    document.apply("a", Edit::SetFrameRate(17));
    document.edit_tracks(TrackEdit::SetOffset(Track::Sound, 48));
    assert!(document.is_dirty());
    document.undo();
    assert!(document.is_dirty(), "the motion's edit is still there");
    document.undo();
    assert!(!document.is_dirty(), "back to what the file holds");
    // What the skit on disk says counts for the tracks.
    document.tracks_on_disk(TracksOnDisk::Skit(document.tracks().references()));
    assert!(!document.has_unsaved());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_joint_past_its_limit_only_as_far_as_sonys_own_motions_is_marked_as_a_note() {
    let motion = stand_to_sit();
    let j = motion
        .locators
        .iter()
        .position(|l| crate::robot::joint_name(&motion.design, l) == "BL_LEG_KNEE")
        .expect("the example has a knee");
    let mut document = Document::unsaved(motion, "example");
    // 124°: past the published 122°, short of the 125° Sony's own motions reach.
    document.apply(
        "set",
        Edit::SetAngles(vec![(1, j, crate::robot::deg_to_urad(124.0))]),
    );
    let marks = document.safety_marks();
    assert!(marks.out_of_range[j].is_empty(), "no warning mark");
    assert!(
        marks.any_out_of_range.is_empty(),
        "nor on the overview strip"
    );
    // Noted at keyframe 1 (and the step into it from keyframe 0, as fast as Sony's own
    // walks command a knee, is a note too).
    assert_eq!(
        marks.noted[j],
        vec![crate::robot::marks::Run { first: 0, last: 1 }]
    );
    assert!(marks.too_fast[j].is_empty());
    // 145°: a warning, marked as one.
    document.apply(
        "set",
        Edit::SetAngles(vec![(1, j, crate::robot::deg_to_urad(145.0))]),
    );
    let marks = document.safety_marks();
    assert_eq!(
        marks.out_of_range[j],
        vec![crate::robot::marks::Run { first: 1, last: 1 }]
    );
    // Its limit no longer noted (the note left is the step into it, still within Sony's
    // pace): the limit's problem is a warning.
    assert!(
        marks
            .any_out_of_range
            .iter()
            .any(|r| r.first <= 1 && 1 <= r.last)
    );
    let limit = document
        .problems()
        .iter()
        .find(|p| p.code == crate::robot::codes::JOINT_LIMIT && p.joint == Some(j))
        .expect("the knee's limit");
    assert_eq!(limit.severity, crate::codec::Severity::Warning);
}

#[test]
fn the_kept_length_is_the_summed_length_after_every_change() {
    let summed = |d: &Document| crate::robot::timing::duration_ms(&d.motion.keyframes);
    let mut document = Document::unsaved(stand_to_sit(), "example");
    assert!(document.duration_ms() > 0);
    assert_eq!(document.duration_ms(), summed(&document));
    document.apply("longer", Edit::SetFrames(vec![(1, 40)]));
    assert_eq!(document.duration_ms(), summed(&document));
    document.apply("remove", Edit::RemoveKeyframe { index: 1 });
    assert_eq!(document.duration_ms(), summed(&document));
    document.undo();
    document.undo();
    assert_eq!(document.duration_ms(), summed(&document));
}
