//! ODA archives: real archives round-trip, a motion edited inside an archive leaves the other
//! entries untouched, gzip as a whole or per entry, placeholders, empty entries and sounds.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use crate::common;

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

/// `plain` (an archive whose data lies back to back) with `gap` inserted before the data of
/// entry `before` and `tail` appended: the offsets in the table moved to match, so the stray
/// bytes belong to no entry.
fn with_stray_bytes(plain: &[u8], before: usize, gap: &[u8], tail: &[u8]) -> Vec<u8> {
    let count = u32::from_le_bytes(plain[8..12].try_into().unwrap()) as usize;
    let offset_at = |i: usize| 64 + i * 144 + 132;
    let offset_of = |bytes: &[u8], i: usize| {
        u32::from_le_bytes(bytes[offset_at(i)..offset_at(i) + 4].try_into().unwrap()) as usize
    };
    let insert_at = offset_of(plain, before);
    let mut out = plain[..insert_at].to_vec();
    out.extend_from_slice(gap);
    out.extend_from_slice(&plain[insert_at..]);
    out.extend_from_slice(tail);
    for i in before..count {
        let moved = u32::try_from(offset_of(plain, i) + gap.len()).unwrap();
        out[offset_at(i)..offset_at(i) + 4].copy_from_slice(&moved.to_le_bytes());
    }
    out
}

/// A small archive of three entries, data back to back.
fn built_archive() -> Archive {
    let mut archive = Archive::default();
    for (kind, name, data) in [
        (
            EntryKind::Motion,
            "example",
            mtn_studio::example::EXAMPLE_MTN.to_vec(),
        ),
        (EntryKind::Wave, "bark", vec![1, 2, 3, 4, 5]),
        (EntryKind::Led, "eyes", vec![9; 17]),
    ] {
        archive.add(Entry::new(kind, name, data).unwrap()).unwrap();
    }
    archive
}

#[test]
fn bytes_that_belong_to_no_entry_are_written_back_in_place() {
    let plain = built_archive().write().unwrap();
    let stray = with_stray_bytes(&plain, 1, &[0xAA, 0xBB, 0xCC], b"\n\n");
    assert_ne!(stray, plain);
    let archive = Archive::read(&stray).unwrap();
    assert_eq!(archive.tail(), b"\n\n");
    assert_eq!(archive.entries[1].data, vec![1, 2, 3, 4, 5]);
    assert!(archive.write().unwrap() == stray, "an unedited round trip");

    // One entry replaced by other contents of another length: the same file as the plain
    // archive with that replacement, with the stray bytes in the same places.
    let new_contents = vec![7; 40];
    let mut plain_replaced = Archive::read(&plain).unwrap();
    plain_replaced.entries[0].set_contents(&new_contents);
    let expected = with_stray_bytes(
        &plain_replaced.write().unwrap(),
        1,
        &[0xAA, 0xBB, 0xCC],
        b"\n\n",
    );
    let mut replaced = archive.clone();
    replaced.entries[0].set_contents(&new_contents);
    assert!(
        replaced.write().unwrap() == expected,
        "a one-entry replacement"
    );

    // The same contents put back: the very same file.
    let mut same = archive.clone();
    let contents = same.entries[2].contents().unwrap();
    same.entries[2].set_contents(&contents);
    assert!(same.write().unwrap() == stray);

    // Removing the entry the gap came before keeps the gap before the next one.
    let mut removed = archive;
    removed.remove("bark").unwrap();
    let written = removed.write().unwrap();
    let again = Archive::read(&written).unwrap();
    assert_eq!(again.tail(), b"\n\n");
    assert_eq!(again.entries[1].name(), "eyes");
    assert_eq!(again.entries[1].data, vec![9; 17]);
    let eyes_at = usize::try_from(again.entries[1].offset).unwrap();
    assert_eq!(&written[eyes_at - 3..eyes_at], &[0xAA, 0xBB, 0xCC]);
}

#[test]
fn corpus_archives_round_trip_whole_with_trailing_bytes_and_one_entry_replaced() {
    if !common::corpus_present(
        "corpus_archives_round_trip_whole_with_trailing_bytes_and_one_entry_replaced",
    ) {
        return;
    }
    let mut checked = 0;
    for kind in ["mtn", "sound"] {
        for file in std::fs::read_dir(common::corpus_dir(kind)).unwrap() {
            let path = file.unwrap().path();
            if !path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("oda"))
            {
                continue;
            }
            let original = std::fs::read(&path).unwrap();
            let archive = Archive::read(&original).unwrap();
            assert!(
                archive.write().unwrap() == original,
                "{}: unedited round trip",
                path.display()
            );
            // As Sony's DYNMTN.ODA: two bytes after the last entry.
            let mut trailing = original.clone();
            trailing.extend_from_slice(&[0x0a, 0x0a]);
            let mut archive = Archive::read(&trailing).unwrap();
            assert!(archive.write().unwrap() == trailing, "{}", path.display());
            let last = archive.entries.len() - 1;
            for index in [0, last] {
                let contents = archive.entries[index].contents().unwrap();
                archive.entries[index].set_contents(&contents);
            }
            assert!(
                archive.write().unwrap() == trailing,
                "{}: entries replaced by themselves",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} corpus archives");
}

#[test]
fn oda_add_replace_and_a_saved_entry_keep_the_trailing_bytes() {
    if !common::corpus_present("oda_add_replace_and_a_saved_entry_keep_the_trailing_bytes") {
        return;
    }
    let dir = common::scratch_dir("oda", "trailing");
    let mut bytes = common::corpus_file("mtn", "monet-ERS-7-MOTION7.ODA");
    bytes.extend_from_slice(&[0x0a, 0x0a]);
    let archive_path = dir.join("DYNMTN.ODA");
    std::fs::write(&archive_path, &bytes).unwrap();
    let entry = "a_sit#sit_so0_greet";
    let entry_path = dir.join(format!("{entry}.mtn"));
    std::fs::write(
        &entry_path,
        common::corpus_entry("monet-ERS-7-MOTION7.ODA", entry),
    )
    .unwrap();

    // The very same entry put back from the command line: the very same file.
    let out_path = dir.join("out.ODA");
    let output = common::run_cli(&[
        &"oda",
        &"add",
        &archive_path,
        &entry_path,
        &"--replace",
        &"-o",
        &out_path,
    ]);
    assert!(output.status.success(), "{output:?}");
    assert!(std::fs::read(&out_path).unwrap() == bytes);

    // A motion edited and saved from the window's document: the archive as the codec
    // writes that one replacement, ending in the two stray bytes.
    let mut document = mtn_studio::edit::Document::open_entry(&archive_path, entry).unwrap();
    document.apply(
        "angle change",
        mtn_studio::edit::Edit::SetAngles(vec![(1, 0, -610_865)]),
    );
    assert!(document.is_dirty());
    document.save().unwrap();
    let saved = std::fs::read(&archive_path).unwrap();
    let mut expected = Archive::read(&bytes).unwrap();
    let index = expected.find(entry).unwrap();
    expected.entries[index].set_contents(&document.encoded().unwrap());
    assert!(saved == expected.write().unwrap());
    assert!(saved.ends_with(&[0x0a, 0x0a]));
    assert_eq!(
        saved.len(),
        bytes.len(),
        "the same motion length, the same file length"
    );
}

#[test]
fn the_ers_210_empty_teaching_slots_are_named_and_are_not_problems() {
    // NEWMTN.ODA of Sony's ERS-210 redistribution: four 18,728-byte entries
    // `r_sleepd#sleepd_teaching1` to `4`, each the little-endian u32 2 then zeros; built
    // here beside a real motion.
    let dir = common::scratch_dir("oda", "teaching-slots");
    let mut archive = Archive::default();
    archive
        .add(
            Entry::new(
                EntryKind::Motion,
                "a_stand#sit_example",
                mtn_studio::example::EXAMPLE_MTN.to_vec(),
            )
            .unwrap(),
        )
        .unwrap();
    let mut slot = vec![0u8; 18_728];
    slot[0] = 2;
    for n in 1..=4 {
        let name = format!("r_sleepd#sleepd_teaching{n}");
        archive
            .add(Entry::new(EntryKind::Motion, &name, slot.clone()).unwrap())
            .unwrap();
    }
    let path = dir.join("NEWMTN.ODA");
    std::fs::write(&path, archive.write().unwrap()).unwrap();
    let read = Archive::read(&std::fs::read(&path).unwrap()).unwrap();
    assert!(
        read.entries[1..]
            .iter()
            .all(|e| e.contents_state() == Contents::TeachingSlot)
    );
    // `oda list` says what they are; `check` finds nothing wrong in the archive.
    let listed = common::ok(&common::run_cli(&[&"oda", &"list", &path]));
    assert_eq!(
        listed.matches("(an empty teaching slot)").count(),
        4,
        "{listed}"
    );
    let checked = common::run_cli(&[&"check", &path]);
    let said = common::text(&checked.stdout);
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{said}{}",
        common::text(&checked.stderr)
    );
    assert!(
        !said.contains("not an MTN motion") && !said.contains("sleepd_teaching"),
        "{said}"
    );
    // The browser's Kind column names it so.
    let index = mtn_studio::edit::archive::ArchiveIndex::from_archive(&path, read);
    let kinds: Vec<&str> = index
        .rows
        .iter()
        .skip(1)
        .map(mtn_studio::edit::archive::EntryRow::kind_label)
        .collect();
    assert_eq!(kinds, ["empty teaching slot"; 4]);
}
