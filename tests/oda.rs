//! ODA archives: real archives round-trip, a motion edited inside an archive leaves the other
//! entries untouched, gzip as a whole or per entry, placeholders, empty entries and sounds.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

mod common;

use mtn_studio::codec::gzip;
use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::{Archive, Contents, Entry, EntryKind};

#[test]
fn editing_one_motion_leaves_every_other_entry_untouched() {
    if !common::corpus_present("editing_one_motion_leaves_every_other_entry_untouched") {
        return;
    }
    let original_bytes = common::corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    let original = Archive::read(&original_bytes).unwrap();
    let mut archive = original.clone();
    let index = archive.find("a_sit#sit_so0_greet").unwrap();
    let mut motion = mtn::decode(&archive.entries[index].contents().unwrap())
        .unwrap()
        .motion;
    motion.creator = "an animator".to_owned();
    motion.keyframes.set_angle(2, 0, -123_456);
    archive.entries[index].set_contents(&mtn::encode(&motion).unwrap());

    let written = Archive::read(&archive.write().unwrap()).unwrap();
    assert_eq!(written.entries.len(), original.entries.len());
    for (i, (after, before)) in written.entries.iter().zip(&original.entries).enumerate() {
        assert_eq!(after.name(), before.name());
        if i == index {
            let edited = mtn::decode(&after.contents().unwrap()).unwrap().motion;
            assert_eq!(edited.creator, "an animator");
            assert_eq!(edited.keyframes.angle(2, 0), Some(-123_456));
        } else {
            assert!(after.data == before.data, "entry {} changed", before.name());
        }
    }
}

#[test]
fn adding_then_removing_an_entry_gives_back_the_same_bytes() {
    if !common::corpus_present("adding_then_removing_an_entry_gives_back_the_same_bytes") {
        return;
    }
    let original_bytes = common::corpus_file("mtn", "monet-ERS-200-MOTION.ODA");
    let mut archive = Archive::read(&original_bytes).unwrap();
    let entry = Entry::new(
        EntryKind::Motion,
        "example",
        mtn_studio::example::EXAMPLE_MTN.to_vec(),
    )
    .unwrap();
    archive.add(entry.clone()).unwrap();
    assert!(
        archive.add(entry).is_err(),
        "a second entry of the same name is refused"
    );
    let with_it = Archive::read(&archive.write().unwrap()).unwrap();
    assert_eq!(with_it.entries.len(), 26);
    assert_eq!(with_it.motions().count(), 26);
    let mut without = with_it;
    assert!(without.remove("example").is_some());
    assert!(without.write().unwrap() == original_bytes);
}

#[test]
fn a_whole_gzip_archive_reads_and_stays_compressed() {
    if !common::corpus_present("a_whole_gzip_archive_reads_and_stays_compressed") {
        return;
    }
    let plain = common::corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    let packed = gzip::compress(&plain);
    let archive = Archive::read(&packed).unwrap();
    assert!(archive.compressed);
    assert_eq!(archive.motions().count(), 12);
    let written = archive.write().unwrap();
    assert!(gzip::is_gzip(&written));
    assert!(gzip::decompress(&written, 0, gzip::MAX_EXPANDED).unwrap() == plain);
}

#[test]
fn per_entry_gzip_placeholders_empty_and_sound_entries() {
    let motion = mtn_studio::example::EXAMPLE_MTN.to_vec();
    let mut archive = Archive::default();
    let entries = [
        (EntryKind::Motion, "packed", gzip::compress(&motion)),
        (EntryKind::Motion, "placeholder", b"NotOMTN ".to_vec()),
        (EntryKind::Motion, "empty", Vec::new()),
        (EntryKind::Motion, "zeros", vec![0; 64]),
        (
            EntryKind::Wave,
            "bark",
            b"RIFF\x04\x00\x00\x00WAVE".to_vec(),
        ),
        (EntryKind::Led, "blink", vec![1, 2, 3, 4]),
    ];
    for (kind, name, data) in entries {
        archive.add(Entry::new(kind, name, data).unwrap()).unwrap();
    }
    let archive = Archive::read(&archive.write().unwrap()).unwrap();
    let states: Vec<(String, EntryKind, Contents)> = archive
        .entries
        .iter()
        .map(|e| (e.name(), e.kind(), e.contents_state()))
        .collect();
    assert_eq!(
        states,
        vec![
            ("packed".to_owned(), EntryKind::Motion, Contents::Data),
            (
                "placeholder".to_owned(),
                EntryKind::Motion,
                Contents::Placeholder
            ),
            ("empty".to_owned(), EntryKind::Motion, Contents::Empty),
            ("zeros".to_owned(), EntryKind::Motion, Contents::AllZero),
            ("bark".to_owned(), EntryKind::Wave, Contents::Data),
            ("blink".to_owned(), EntryKind::Led, Contents::Data),
        ]
    );
    // Only the real motion counts as a motion; the compressed entry decodes.
    let motions: Vec<String> = archive.motions().map(|(_, e)| e.name()).collect();
    assert_eq!(motions, vec!["packed"]);
    let packed = &archive.entries[0];
    assert!(packed.is_gzipped());
    assert_eq!(packed.contents().unwrap(), motion);
    // Writing a motion back into a compressed entry keeps it compressed.
    let mut archive = archive;
    archive.entries[0].set_contents(&motion);
    assert!(archive.entries[0].is_gzipped());
    assert_eq!(archive.entries[0].contents().unwrap(), motion);
    // The placeholder says what it is when read as a motion.
    let error = mtn::decode(&archive.entries[1].contents().unwrap()).unwrap_err();
    assert!(error.to_string().contains("placeholder"));
}

#[test]
fn an_entry_pointing_past_the_end_names_itself() {
    if !common::corpus_present("an_entry_pointing_past_the_end_names_itself") {
        return;
    }
    let mut bytes = common::corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    // Entry 3's size field.
    let at = 64 + 3 * 144 + 136;
    bytes[at..at + 4].copy_from_slice(&0x00FF_FFFFu32.to_le_bytes());
    let error = Archive::read(&bytes).unwrap_err().to_string();
    assert!(error.contains("entry 3"), "{error}");
    assert!(error.contains("past the end"), "{error}");
}
