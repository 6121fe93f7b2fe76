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

/// A 16 MB FAT16 image holding the folder `from`.
pub fn fat16_image(from: &Path) -> Vec<u8> {
    let mut disk = std::io::Cursor::new(vec![0u8; 16 << 20]);
    fatfs::format_volume(
        &mut disk,
        fatfs::FormatVolumeOptions::new()
            .fat_type(fatfs::FatType::Fat16)
            .volume_label(*b"MEMSTICK   "),
    )
    .unwrap();
    disk.set_position(0);
    {
        let fs = fatfs::FileSystem::new(&mut disk, fatfs::FsOptions::new()).unwrap();
        copy_in(from, &fs.root_dir());
        fs.unmount().unwrap();
    }
    disk.into_inner()
}

fn copy_in<T: fatfs::ReadWriteSeek>(from: &Path, into: &fatfs::Dir<'_, T>) {
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if path.is_dir() {
            copy_in(&path, &into.create_dir(&name).unwrap());
        } else {
            let mut file = into.create_file(&name).unwrap();
            std::io::Write::write_all(&mut file, &std::fs::read(&path).unwrap()).unwrap();
        }
    }
}
