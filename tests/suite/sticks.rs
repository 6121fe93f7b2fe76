//! The memory sticks of the corpus: their behaviour tables read whole, every field, and
//! written back the same.

use crate::common;
use mtn_studio::codec::mwc::{self, MwcKind, Stored};

/// The behaviour tables of the corpus's two R-CODE sticks: the ERS-7's (gzip) and the
/// ERS-210's (plain), and the records and parts each holds (docs/formats/behaviour-table.md).
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

#[test]
fn stick_list_says_what_each_corpus_stick_is_and_names_its_actions() {
    if !common::corpus_present("stick_list_says_what_each_corpus_stick_is") {
        return;
    }
    // (stick, model, bootable, an action name and the MWCID it plays)
    for (stick, model, bootable, action, mwcid) in [
        ("rcode-ers7-jpn", "ERS-7", false, "SIT", 2001),
        ("rcode-ers210-pms101e", "ERS-210/220", true, "SIT", 270),
    ] {
        let dir = common::corpus_dir("sticks").join(stick);
        // From the stick's folder or from a file inside it alike.
        let inside = dir.join("OPEN-R/MW/CONF");
        let json: serde_json::Value = serde_json::from_str(&common::ok(&common::run_cli(&[
            &"stick", &"list", &inside, &"--json",
        ])))
        .unwrap();
        assert_eq!(json["model"], model, "{stick}");
        assert_eq!(json["software"], "R-CODE", "{stick}");
        assert_eq!(json["bootable"], bootable, "{stick}");
        let behaviours = json["behaviours"].as_array().unwrap();
        let named = behaviours
            .iter()
            .find(|b| b["mwcid"] == mwcid)
            .unwrap_or_else(|| panic!("{stick}: no record {mwcid}"));
        assert!(
            named["actions"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| a["name"] == action && a["code"] == 0),
            "{stick}: {named}"
        );
        // The system archives are encrypted: no part's name can be checked, and none is
        // said to be missing.
        let parts: Vec<&serde_json::Value> = behaviours
            .iter()
            .flat_map(|b| b["parts"].as_array().unwrap())
            .collect();
        assert!(parts.iter().all(|p| p["found"] == "unverified"), "{stick}");
        let text = common::ok(&common::run_cli(&[&"stick", &"list", &dir]));
        assert!(text.contains(&format!("{model} stick, R-CODE")), "{text}");
    }
}

/// A bootable stick's folders made under `root` (with its `MEMSTICK.IND`): the content
/// archives' (`MW/DATA/P`), the behaviour table's (`MW/CONF`) and R-CODE's (`APP/PC/AMS`).
fn stick_folders(root: &std::path::Path) -> [std::path::PathBuf; 3] {
    let folders = ["OPEN-R/MW/DATA/P", "OPEN-R/MW/CONF", "OPEN-R/APP/PC/AMS"].map(|f| root.join(f));
    for dir in &folders {
        std::fs::create_dir_all(dir).unwrap();
    }
    std::fs::write(root.join("MEMSTICK.IND"), b"").unwrap();
    folders
}

#[test]
fn stick_list_finds_each_part_in_the_archive_that_holds_it() {
    use mtn_studio::codec::mwc::{Behaviour, BehaviourTable, MwcPart, PartType};
    use mtn_studio::codec::oda::{Archive, Entry, EntryKind};
    let root = common::scratch_dir("sticks", "own");
    let [data, conf, ams] = stick_folders(&root);
    let mut archive = Archive::default();
    let motion = mtn_studio::example::EXAMPLE_MTN.to_vec();
    archive
        .add(Entry::new(EntryKind::Motion, "a_stand#sit_wave", motion).unwrap())
        .unwrap();
    std::fs::write(data.join("MOTION.ODA"), archive.write().unwrap()).unwrap();
    let mut table = BehaviourTable::new(mwc::Stored::Plain);
    table.behaviours.push(Behaviour {
        id: 9001,
        stated_parts: 2,
        parts: vec![
            MwcPart::new(PartType::WHOLE_BODY, "a_stand#sit_wave"),
            MwcPart::new(PartType::SOUND, "wave_sound"),
        ],
    });
    std::fs::write(conf.join("ERS-7.MWC"), mwc::write(&table)).unwrap();
    std::fs::write(ams.join("ACTION.CFG"), b"WAVE\t9001\t0\tmy wave\r\n").unwrap();

    let json: serde_json::Value = serde_json::from_str(&common::ok(&common::run_cli(&[
        &"stick", &"list", &root, &"--json",
    ])))
    .unwrap();
    assert_eq!(json["software"], "other (not R-CODE)");
    assert_eq!(json["bootable"], true);
    let record = &json["behaviours"][0];
    assert_eq!(record["mwcid"], 9001);
    assert_eq!(record["actions"][0]["name"], "WAVE");
    assert_eq!(
        record["parts"][0]["found"]["in"],
        "OPEN-R/MW/DATA/P/MOTION.ODA"
    );
    // Every archive reads, so a name found in none is missing, not unverified.
    assert_eq!(record["parts"][1]["found"], "missing");
    assert_eq!(record["parts"][1]["type"], "0x2010");

    // Its archive among the system ones (MW/DATA/E), readable, and no R-CODE: Sony's own
    // software (AIBO MIND's system archives read; R-CODE's are encrypted), said as inferred.
    let system = root.join("OPEN-R/MW/DATA/E");
    std::fs::create_dir_all(&system).unwrap();
    std::fs::rename(data.join("MOTION.ODA"), system.join("SYSMTN.ODA")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&common::ok(&common::run_cli(&[
        &"stick", &"list", &root, &"--json",
    ])))
    .unwrap();
    assert_eq!(
        json["software"],
        "Sony's own software (AIBO MIND, inferred: its system archives read)"
    );
    // With R-CODE's files beside them, R-CODE (its sticks may hold readable archives too).
    std::fs::write(ams.join("R-CODE.CFG"), b"").unwrap();
    let json: serde_json::Value = serde_json::from_str(&common::ok(&common::run_cli(&[
        &"stick", &"list", &root, &"--json",
    ])))
    .unwrap();
    assert_eq!(json["software"], "R-CODE");

    // A folder in no stick is refused, naming it.
    let elsewhere = common::scratch_dir("sticks", "none");
    let refused = common::run_cli(&[&"stick", &"list", &elsewhere]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(common::text(&refused.stderr).contains("not a memory stick"));
}

#[test]
fn stick_check_does_not_cry_wolf_on_sonys_sticks() {
    if !common::corpus_present("stick_check_does_not_cry_wolf") {
        return;
    }
    for stick in ["rcode-ers7-jpn", "rcode-ers210-pms101e"] {
        let dir = common::corpus_dir("sticks").join(stick);
        let output = common::run_cli(&[&"stick", &"check", &dir, &"--json"]);
        let text = common::text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{stick}: {text}");
        let findings: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        assert!(findings.iter().all(|f| f["severity"] == "info"), "{text}");
        // The encrypted archives and the names they may hold are said as what they are.
        let codes: Vec<&str> = findings.iter().filter_map(|f| f["code"].as_str()).collect();
        assert!(codes.contains(&"encrypted-archive"), "{stick}: {codes:?}");
        assert!(codes.contains(&"part-unverified"), "{stick}: {codes:?}");
        // The ERS-7's tree has no MEMSTICK.IND: a redistribution tree, a note.
        assert_eq!(
            codes.contains(&"redistribution-tree"),
            stick == "rcode-ers7-jpn",
            "{stick}: {codes:?}"
        );
    }
}

#[test]
fn stick_check_finds_what_stops_a_behaviour() {
    use mtn_studio::codec::mwc::{Behaviour, BehaviourTable, MwcPart, PartType};
    use mtn_studio::codec::oda::{Archive, Entry, EntryKind};
    let root = common::scratch_dir("sticks", "broken");
    let [data, conf, ams] = stick_folders(&root);
    // An ERS-210 motion on an ERS-7 stick, in an archive with a lower-case name.
    let ers210 = mtn_studio::robot::postures::new_motion("DRX-910", "stand").unwrap();
    let mut archive = Archive::default();
    archive
        .add(
            Entry::new(
                EntryKind::Motion,
                "a_stand#stand_wave",
                mtn_studio::codec::mtn::encode(&ers210).unwrap(),
            )
            .unwrap(),
        )
        .unwrap();
    std::fs::write(data.join("motion.oda"), archive.write().unwrap()).unwrap();
    let record = |id: u32, name: &str| Behaviour {
        id,
        stated_parts: 1,
        parts: vec![MwcPart::new(PartType::WHOLE_BODY, name)],
    };
    let mut table = BehaviourTable::new(mwc::Stored::Plain);
    table.behaviours = vec![
        record(9001, "a_stand#stand_wave"),
        record(9001, "a_stand#stand_bow"),
    ];
    std::fs::write(conf.join("ERS-7.MWC"), mwc::write(&table)).unwrap();
    std::fs::write(ams.join("ACTION.CFG"), b"WAVE\t9002\t0\r\n").unwrap();

    let output = common::run_cli(&[&"stick", &"check", &root, &"--json"]);
    let text = common::text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let findings: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let errors: Vec<&str> = findings
        .iter()
        .filter(|f| f["severity"] == "error")
        .filter_map(|f| f["code"].as_str())
        .collect();
    for code in [
        "not-8-3",
        "other-model",
        "mwcid-twice",
        "part-missing",
        "action-nowhere",
    ] {
        assert!(errors.contains(&code), "no {code}: {text}");
    }
    let missing = findings
        .iter()
        .find(|f| f["code"] == "part-missing")
        .unwrap();
    assert!(
        missing["message"]
            .as_str()
            .unwrap()
            .contains("a_stand#stand_bow"),
        "{missing}"
    );
}
