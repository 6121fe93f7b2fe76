//! Any bytes through the behaviour-table reader: nothing panics or allocates without bound;
//! a table that reads writes back as bytes that read as the same table, every field.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::mwc;

fuzz_target!(|data: &[u8]| {
    let Ok(mut table) = mwc::read(data) else {
        return;
    };
    // The writer writes the counts of what the table holds.
    let (records, parts) = table.counts();
    table.stated = (
        i32::try_from(records).unwrap_or(i32::MAX),
        i32::try_from(parts).unwrap_or(i32::MAX),
    );
    for behaviour in &mut table.behaviours {
        behaviour.stated_parts = u32::try_from(behaviour.parts.len()).unwrap_or(u32::MAX);
    }
    let again = mwc::read(&mwc::write(&table)).expect("what the writer writes reads back");
    assert_eq!(again, table);
});
