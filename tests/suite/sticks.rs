//! The memory sticks of the corpus: their behaviour tables read whole, every field, and
//! written back the same.

use crate::common;
use mtn_studio::codec::mwc::{self, MwcKind, Stored};

/// The behaviour tables of the corpus's two R-CODE sticks: the ERS-7's (gzip) and the
/// ERS-210's (plain), and the records and parts each holds (NOTES of the corpus).
const TABLES: [(&str, bool, usize, usize); 2] = [
    (
        "rcode-ers7-jpn/OPEN-R/MW/CONF/ERS-7.MWC",
        true,
        1_262,
        2_223,
    ),
    (
        "rcode-ers210-pms101e/OPEN-R/MW/CONF/ERS-210.MWC",
        false,
        1_533,
        4_899,
    ),
];

#[test]
fn the_behaviour_tables_read_whole_and_write_back_the_same_bytes() {
    if !common::corpus_present("the_behaviour_tables_read_whole") {
        return;
    }
    for (path, gzipped, records, parts) in TABLES {
        let bytes = std::fs::read(common::corpus_dir("sticks").join(path)).unwrap();
        let table = mwc::read(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(
            matches!(table.stored, Stored::Gzip { .. }),
            gzipped,
            "{path}"
        );
        assert_eq!(table.counts(), (records, parts), "{path}");
        // The header and each record state what is there.
        assert_eq!(table.stated, (records as i32, parts as i32), "{path}");
        assert!(
            table
                .behaviours
                .iter()
                .all(|b| b.stated_parts as usize == b.parts.len()),
            "{path}"
        );
        // Motions, sounds and LED patterns are all there.
        for kind in [MwcKind::Motion, MwcKind::Sound, MwcKind::Led] {
            assert!(
                table
                    .behaviours
                    .iter()
                    .any(|b| b.names(kind).next().is_some()),
                "{path}: no {kind:?}"
            );
        }
        // Written unchanged: the same (decompressed) bytes, compressed where they were.
        let original = if gzipped {
            mtn_studio::codec::gzip::decompress(&bytes, 0, mwc::MAX_TABLE_BYTES).unwrap()
        } else {
            bytes.clone()
        };
        assert_eq!(mwc::encode(&table), original, "{path}");
        let written = mwc::write(&table);
        assert_eq!(
            mtn_studio::codec::gzip::is_gzip(&written),
            gzipped,
            "{path}"
        );
        assert_eq!(mwc::read(&written).unwrap(), table, "{path}");
        if !gzipped {
            assert_eq!(written, bytes, "{path}");
        }
    }
}
