//! A small memory stick made for a test.

use mtn_studio::codec::mwc;
use std::path::Path;

/// A small ERS-7 R-CODE stick: a table with Sony's STAND (MWCID 2000) in it, its action
/// name in ACTION.AMS, MEMSTICK.IND.
pub fn small_stick(root: &Path) {
    let dir = |p: &str| {
        let d = root.join(p);
        std::fs::create_dir_all(&d).unwrap();
        d
    };
    std::fs::create_dir_all(root).unwrap();
    std::fs::write(root.join("MEMSTICK.IND"), b"").unwrap();
    let mut table = mwc::BehaviourTable::new(mwc::Stored::Plain);
    table.behaviours.push(mwc::Behaviour {
        id: 2000,
        stated_parts: 1,
        parts: vec![mwc::MwcPart::new(
            mwc::PartType::WHOLE_BODY,
            "h_stand#stand_null",
        )],
    });
    std::fs::write(dir("OPEN-R/MW/CONF").join("ERS-7.MWC"), mwc::write(&table)).unwrap();
    let ams = dir("OPEN-R/APP/PC/AMS");
    std::fs::write(
        ams.join("ACTION.AMS"),
        b"STAND                           2000       0\r\n",
    )
    .unwrap();
    std::fs::write(ams.join("R-CODE.CFG"), b"").unwrap();
    // Sony's system motions, encrypted as on an R-CODE stick: their names cannot be checked.
    let mut x = 0x2545_F491_u32;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x.to_le_bytes()[0]
        })
        .collect();
    std::fs::write(dir("OPEN-R/MW/DATA/E").join("SYSMTN.ODA"), noise).unwrap();
}
