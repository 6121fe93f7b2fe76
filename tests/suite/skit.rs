//! `skit` and the skit the editor saves beside a motion: what it reports from it.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

use common::sound::{IMA_BLOCK_SAMPLES, ima_wav, sine};
use common::{ok, run_cli, scratch_dir};
use mtn_studio::codec::oda::{Archive, EntryKind};
use serde_json::Value;

/// An animator's review: the editor saved a sound with a motion put into an archive, and
/// `skit ARCHIVE --entry NAME` said "sound none found". The skit saved beside the motion
/// is read first: its parts, where they start, and that they come from it.
#[test]
fn skit_reports_the_parts_the_editor_saved_beside_the_motion() {
    use mtn_studio::behaviour::skit::{self, PartRef, Skit, TrackRef};
    let dir = scratch_dir("sound", "saved-skit");
    let motion = "a_stand#stand_new";
    let mut archive = Archive::default();
    for (kind, name, bytes) in [
        (
            EntryKind::Motion,
            motion,
            mtn_studio::example::EXAMPLE_MTN.to_vec(),
        ),
        (
            EntryKind::Wave,
            "bark",
            ima_wav(&sine(500.0, IMA_BLOCK_SAMPLES), 1),
        ),
    ] {
        archive
            .add(mtn_studio::codec::oda::Entry::new(kind, name, bytes).unwrap())
            .unwrap();
    }
    let archive_path = dir.join("NEWARC.ODA");
    std::fs::write(&archive_path, archive.write().unwrap()).unwrap();
    let saved = Skit {
        skit: skit::VERSION,
        motion: PartRef {
            path: archive_path.clone(),
            entry: Some(motion.to_owned()),
        },
        sound: Some(TrackRef {
            path: archive_path.clone(),
            entry: Some("bark".to_owned()),
            offset_ms: 250,
        }),
        led: None,
        markers: Vec::new(),
    };
    skit::write(&skit::skit_path(&archive_path, Some(motion)), &saved).unwrap();
    let output = run_cli(&[&"skit", &archive_path, &"--entry", &motion, &"--json"]);
    let json: Value = serde_json::from_str(&ok(&output)).unwrap();
    assert_eq!(json["sound"]["entry"], "bark", "{json}");
    assert_eq!(json["sound"]["from"], "skit");
    assert_eq!(json["sound"]["offset_ms"], 250);
    assert!(json["skit"].as_str().unwrap().ends_with(".skit"), "{json}");
    let said = ok(&run_cli(&[&"skit", &archive_path, &"--entry", &motion]));
    assert!(
        said.contains("bark (")
            && said.contains("the skit saved beside the motion, starting at 250 ms"),
        "{said}"
    );
}
