//! The archive reader and writer on built archives: round trips, entry states, bounds.

use super::*;

fn sample() -> Archive {
    let mut archive = Archive::default();
    for (kind, name, data) in [
        (EntryKind::Motion, "a_stand#sit_x", b"OMTN....".to_vec()),
        (EntryKind::Wave, "bark", vec![1, 2, 3]),
        (EntryKind::Motion, "empty", Vec::new()),
    ] {
        if let Ok(entry) = Entry::new(kind, name, data) {
            let _ = archive.add(entry);
        }
    }
    archive
}

#[test]
fn write_then_read_gives_the_same_archive() {
    let archive = sample();
    let bytes = archive.write().unwrap_or_default();
    let again = Archive::read(&bytes);
    assert_eq!(again.as_ref().map(|a| a.entries.len()), Ok(3));
    let again = again.unwrap_or_default();
    assert_eq!(again.write().unwrap_or_default(), bytes);
    assert_eq!(again.entries[1].kind(), EntryKind::Wave);
    assert_eq!(again.entries[2].contents_state(), Contents::Empty);
}

#[test]
fn whole_archive_gzip_is_read_and_kept() {
    let mut archive = sample();
    archive.compressed = true;
    let bytes = archive.write().unwrap_or_default();
    assert!(gzip::is_gzip(&bytes));
    let again = Archive::read(&bytes).unwrap_or_default();
    assert!(again.compressed);
    assert_eq!(again.entries.len(), 3);
}

#[test]
fn random_bytes_are_called_encrypted_and_text_is_not_an_archive() {
    let mut state = 0x1234_5678_u32;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state.to_le_bytes()[0]
        })
        .collect();
    assert_eq!(Archive::read(&noise), Err(DecodeError::Encrypted));
    assert!(matches!(
        Archive::read(b"hello, this is not an archive"),
        Err(DecodeError::NotOda { .. })
    ));
}

#[test]
fn a_table_longer_than_the_file_is_refused_without_allocating_it() {
    let mut bytes = Archive::default().write().unwrap_or_default();
    bytes[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Archive::read(&bytes),
        Err(DecodeError::BadArchive { offset: 8, .. })
    ));
}

#[test]
fn unused_slots_are_blank_and_motions_are_not() {
    let state = |data: &[u8]| {
        Entry::new(EntryKind::Motion, "slot", data.to_vec()).map(|e| e.contents_state())
    };
    assert_eq!(
        state(b"OMTN"),
        Ok(Contents::Data),
        "cut off: a broken motion"
    );
    assert_eq!(state(b"OMTN\0\0\0\0"), Ok(Contents::Blank));
    assert_eq!(state(&[0xFF; 64]), Ok(Contents::Blank));
    let mut erased = b"OMTN".to_vec();
    erased.extend([0xFF; 100]);
    assert_eq!(state(&erased), Ok(Contents::Blank));
    assert_eq!(state(&[0; 9]), Ok(Contents::AllZero));
    // The ERS-210 redistribution's empty teaching slots: u32 2, then zeros (18,728 bytes).
    let mut slot = vec![0u8; 18_728];
    slot[0] = 2;
    assert_eq!(state(&slot), Ok(Contents::TeachingSlot));
    assert_eq!(
        state(&[2, 0, 0, 0, 0, 0, 0, 0]),
        Ok(Contents::Data),
        "too short to be one"
    );
    slot[9_000] = 1;
    assert_eq!(state(&slot), Ok(Contents::Data), "a byte of data in it");
    assert_eq!(state(b"A"), Ok(Contents::Data));
    assert_eq!(state(b"OMTN\0\0\0\x01"), Ok(Contents::Data));
    assert_eq!(
        state(crate::example::EXAMPLE_MTN),
        Ok(Contents::Data),
        "a real motion"
    );
}

#[test]
fn names_must_fit_the_field() {
    assert!(Entry::new(EntryKind::Motion, &"x".repeat(127), Vec::new()).is_ok());
    assert!(Entry::new(EntryKind::Motion, &"x".repeat(128), Vec::new()).is_err());
    assert!(Entry::new(EntryKind::Motion, "", Vec::new()).is_err());
}
