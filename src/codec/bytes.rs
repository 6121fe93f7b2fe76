//! A small bounds-checked little-endian reader over a byte slice.
//!
//! Every read returns `None` instead of panicking when the slice is too short, so the
//! format readers above it can turn a short read into a typed error or a problem with the
//! exact byte offset.

use byteorder::{ByteOrder, LittleEndian};

/// Reads little-endian values at absolute offsets of one byte slice.
#[derive(Clone, Copy, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Wraps a byte slice.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Self {
        Self { data }
    }

    /// The whole slice.
    #[must_use]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The length of the slice in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the slice is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// `len` bytes starting at `offset`, if they are all present.
    #[must_use]
    pub fn slice(&self, offset: usize, len: usize) -> Option<&'a [u8]> {
        let end = offset.checked_add(len)?;
        self.data.get(offset..end)
    }

    /// Everything from `offset` to the end (empty past the end).
    #[must_use]
    pub fn rest(&self, offset: usize) -> &'a [u8] {
        self.data.get(offset..).unwrap_or(&[])
    }

    /// One byte.
    #[must_use]
    pub fn u8(&self, offset: usize) -> Option<u8> {
        self.data.get(offset).copied()
    }

    /// A little-endian `u16`.
    #[must_use]
    pub fn u16(&self, offset: usize) -> Option<u16> {
        self.slice(offset, 2).map(LittleEndian::read_u16)
    }

    /// A little-endian `u32`.
    #[must_use]
    pub fn u32(&self, offset: usize) -> Option<u32> {
        self.slice(offset, 4).map(LittleEndian::read_u32)
    }

    /// A little-endian `i32`.
    #[must_use]
    pub fn i32(&self, offset: usize) -> Option<i32> {
        self.slice(offset, 4).map(LittleEndian::read_i32)
    }

    /// A Pascal string (one length byte, then that many bytes) at `offset`: its bytes.
    #[must_use]
    pub fn pascal(&self, offset: usize) -> Option<&'a [u8]> {
        let len = self.u8(offset)?;
        self.slice(offset + 1, usize::from(len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_reads_are_none_not_panics() {
        let bytes = Bytes::new(&[1, 2, 3]);
        assert_eq!(bytes.u16(1), Some(0x0302));
        assert_eq!(bytes.u16(2), None);
        assert_eq!(bytes.u32(0), None);
        assert_eq!(bytes.slice(usize::MAX, 2), None);
        assert_eq!(bytes.rest(10), &[] as &[u8]);
    }

    #[test]
    fn pascal_strings_need_all_their_bytes() {
        let bytes = Bytes::new(&[2, b'h', b'i', 5, b'x']);
        assert_eq!(bytes.pascal(0), Some(&b"hi"[..]));
        assert_eq!(bytes.pascal(3), None);
    }
}
