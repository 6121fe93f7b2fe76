//! A FAT medium's first sector, as a memory stick's image (`.img`) begins: a FAT boot sector,
//! or a partition table whose first FAT partition holds one. Enough to tell an image from
//! other files by its bytes and to find its volume; the files themselves are read by
//! `crate::stick::image` (`docs/formats/behaviour-table.md#stick-images`).

/// How many leading bytes tell an image: one sector.
pub const SECTOR: usize = 512;

/// Whether `head` (the first bytes of a file) is a stick image's: a FAT boot sector, or a
/// partition table whose first FAT partition holds one. Used to tell an image from other
/// files by its bytes.
#[must_use]
pub fn looks_like_image(head: &[u8]) -> bool {
    volume_start(head).is_ok()
}

/// Where the FAT volume starts in an image whose first sector is `head`: 0 where it is a
/// FAT boot sector itself, else the start of the first FAT partition of its table.
///
/// # Errors
/// Neither: the byte that says so, and what is wrong there.
pub fn volume_start(head: &[u8]) -> Result<u64, (u64, String)> {
    let Some(sector) = head.get(..512) else {
        return Err((0, format!("{} bytes, shorter than a sector", head.len())));
    };
    if sector[510..512] != [0x55, 0xAA] {
        return Err((510, "no boot signature 55 AA".to_owned()));
    }
    let bytes_per_sector = u16::from_le_bytes([sector[11], sector[12]]);
    let jump = matches!(sector[0], 0xEB | 0xE9);
    if jump && matches!(bytes_per_sector, 512 | 1024 | 2048 | 4096) {
        return Ok(0);
    }
    // A partition table: the first of its four entries that is a FAT partition.
    for i in 0..4 {
        let entry = &sector[446 + 16 * i..446 + 16 * (i + 1)];
        let fat = matches!(entry[4], 0x01 | 0x04 | 0x06 | 0x0B | 0x0C | 0x0E);
        let start = u32::from_le_bytes([entry[8], entry[9], entry[10], entry[11]]);
        if fat && start > 0 {
            return Ok(u64::from(start) * 512);
        }
    }
    Err((
        11,
        format!(
            "neither a FAT boot sector (jump {:02X}, {bytes_per_sector} bytes a sector) nor a \
             partition table with a FAT partition",
            sector[0]
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_sector_is_told_a_boot_sector_a_partition_table_or_neither() {
        let mut boot = vec![0; 512];
        boot[0] = 0xEB;
        boot[11..13].copy_from_slice(&512u16.to_le_bytes());
        boot[510..512].copy_from_slice(&[0x55, 0xAA]);
        assert_eq!(volume_start(&boot), Ok(0));
        // A partition table whose second entry is FAT16 from sector 63.
        let mut table = vec![0; 512];
        table[510..512].copy_from_slice(&[0x55, 0xAA]);
        table[446 + 16 + 4] = 0x06;
        table[446 + 16 + 8..446 + 16 + 12].copy_from_slice(&63u32.to_le_bytes());
        assert_eq!(volume_start(&table), Ok(63 * 512));
        // Neither: said at its byte.
        assert_eq!(volume_start(&[0; 512]).map_err(|(at, _)| at), Err(510));
        assert_eq!(volume_start(&[0; 100]).map_err(|(at, _)| at), Err(0));
        table[446 + 16 + 4] = 0x83;
        assert_eq!(volume_start(&table).map_err(|(at, _)| at), Err(11));
    }
}
