//! Any bytes through the ODA reader: nothing panics, and an archive that reads writes back
//! to an archive that reads to the same entries.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::mtn;
use mtn_studio::codec::oda::Archive;

fuzz_target!(|data: &[u8]| {
    let Ok(archive) = Archive::read(data) else {
        return;
    };
    for (_, entry) in archive.motions() {
        if let Ok(contents) = entry.contents() {
            let _ = mtn::decode(&contents);
        }
    }
    let written = archive
        .write()
        .expect("an archive that reads can be written");
    let again = Archive::read(&written).expect("a written archive reads");
    let summary = |a: &Archive| {
        a.entries
            .iter()
            .map(|e| (e.magic, e.name(), e.data.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(summary(&again), summary(&archive));
});
