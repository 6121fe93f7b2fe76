//! Keyframe storage: one flat, keyframe-major array of joint values, so that a motion of
//! 65,535 keyframes is three allocations rather than 65,535.

use serde::{Deserialize, Serialize};

/// Body roll, pitch and yaw of one keyframe, in microradians.
pub type BodyUrad = [i32; 3];

/// One keyframe, borrowed from [`Keyframes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyframeRef<'a> {
    /// Interpolation frames of the segment that ends at this keyframe (0 for the first).
    pub frames: u32,
    /// Body roll, pitch and yaw in microradians.
    pub body_urad: BodyUrad,
    /// Joint values in microradians, in the motion's joint order.
    pub angles_urad: &'a [i32],
}

/// An owned keyframe, used to build, insert and serialise keyframes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keyframe {
    /// Interpolation frames of the segment that ends at this keyframe (0 for the first).
    pub frames: u32,
    /// Body roll, pitch and yaw in microradians.
    pub body_urad: BodyUrad,
    /// Joint values in microradians, in the motion's joint order.
    pub angles_urad: Vec<i32>,
}

/// Why a keyframe does not fit a motion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a keyframe with {found} joint values does not fit a motion of {expected} joints")]
pub struct JointCountMismatch {
    /// The motion's joint count.
    pub expected: usize,
    /// The keyframe's joint count.
    pub found: usize,
}

/// The keyframes of one motion.
///
/// Invariants: `frames`, `body` have one entry per keyframe; `angles` has `joint_count`
/// entries per keyframe; the first keyframe's `frames` is 0 (the file does not store it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keyframes {
    joint_count: usize,
    frames: Vec<u32>,
    body: Vec<BodyUrad>,
    angles: Vec<i32>,
}

impl Keyframes {
    /// No keyframes, for a motion of `joint_count` joints.
    #[must_use]
    pub fn new(joint_count: usize) -> Self {
        Self {
            joint_count,
            ..Self::default()
        }
    }

    /// No keyframes, with room for `capacity` of them.
    #[must_use]
    pub fn with_capacity(joint_count: usize, capacity: usize) -> Self {
        Self {
            joint_count,
            frames: Vec::with_capacity(capacity),
            body: Vec::with_capacity(capacity),
            angles: Vec::with_capacity(capacity.saturating_mul(joint_count)),
        }
    }

    /// How many joints each keyframe holds.
    #[must_use]
    pub fn joint_count(&self) -> usize {
        self.joint_count
    }

    /// How many keyframes there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// Keyframe `index`, if it exists.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<KeyframeRef<'_>> {
        let frames = *self.frames.get(index)?;
        let body_urad = *self.body.get(index)?;
        let start = index.checked_mul(self.joint_count)?;
        let angles_urad = self.angles.get(start..start + self.joint_count)?;
        Some(KeyframeRef {
            frames,
            body_urad,
            angles_urad,
        })
    }

    /// Every keyframe in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = KeyframeRef<'_>> + '_ {
        let joint_count = self.joint_count;
        (0..self.len()).map(move |index| KeyframeRef {
            frames: self.frames[index],
            body_urad: self.body[index],
            angles_urad: &self.angles[index * joint_count..(index + 1) * joint_count],
        })
    }

    /// Interpolation frames per keyframe (the first is 0).
    #[must_use]
    pub fn frames(&self) -> &[u32] {
        &self.frames
    }

    /// Body roll, pitch and yaw per keyframe.
    #[must_use]
    pub fn body(&self) -> &[BodyUrad] {
        &self.body
    }

    /// All joint values, keyframe-major.
    #[must_use]
    pub fn angles(&self) -> &[i32] {
        &self.angles
    }

    /// The value of `joint` at `keyframe`, in microradians.
    #[must_use]
    pub fn angle(&self, keyframe: usize, joint: usize) -> Option<i32> {
        if joint >= self.joint_count {
            return None;
        }
        self.angles
            .get(keyframe.checked_mul(self.joint_count)?.checked_add(joint)?)
            .copied()
    }

    /// Sets the value of `joint` at `keyframe`; returns false if either does not exist.
    pub fn set_angle(&mut self, keyframe: usize, joint: usize, angle_urad: i32) -> bool {
        if joint >= self.joint_count {
            return false;
        }
        match self.angles.get_mut(keyframe * self.joint_count + joint) {
            Some(slot) => {
                *slot = angle_urad;
                true
            }
            None => false,
        }
    }

    /// Sets the interpolation frames of the segment ending at `keyframe` (not the first).
    pub fn set_frames(&mut self, keyframe: usize, frames: u32) -> bool {
        if keyframe == 0 {
            return false;
        }
        match self.frames.get_mut(keyframe) {
            Some(slot) => {
                *slot = frames;
                true
            }
            None => false,
        }
    }

    /// Sets body roll, pitch and yaw at `keyframe`.
    pub fn set_body(&mut self, keyframe: usize, body_urad: BodyUrad) -> bool {
        match self.body.get_mut(keyframe) {
            Some(slot) => {
                *slot = body_urad;
                true
            }
            None => false,
        }
    }

    /// Appends a keyframe; the first keyframe's frames are stored as 0.
    ///
    /// # Errors
    /// When `angles_urad` does not hold one value per joint.
    pub fn push(
        &mut self,
        frames: u32,
        body_urad: BodyUrad,
        angles_urad: &[i32],
    ) -> Result<(), JointCountMismatch> {
        self.check_len(angles_urad.len())?;
        self.frames.push(if self.is_empty() { 0 } else { frames });
        self.body.push(body_urad);
        self.angles.extend_from_slice(angles_urad);
        Ok(())
    }

    /// Inserts a keyframe before `index` (or at the end when `index == len`).
    ///
    /// # Errors
    /// When `angles_urad` does not hold one value per joint.
    pub fn insert(&mut self, index: usize, keyframe: &Keyframe) -> Result<(), JointCountMismatch> {
        self.check_len(keyframe.angles_urad.len())?;
        let index = index.min(self.len());
        self.frames.insert(index, keyframe.frames);
        self.body.insert(index, keyframe.body_urad);
        let at = index * self.joint_count;
        self.angles
            .splice(at..at, keyframe.angles_urad.iter().copied());
        self.frames[0] = 0;
        Ok(())
    }

    /// Removes keyframe `index` and returns it.
    pub fn remove(&mut self, index: usize) -> Option<Keyframe> {
        let keyframe = self.get(index).map(|k| Keyframe {
            frames: k.frames,
            body_urad: k.body_urad,
            angles_urad: k.angles_urad.to_vec(),
        })?;
        self.frames.remove(index);
        self.body.remove(index);
        let at = index * self.joint_count;
        self.angles.drain(at..at + self.joint_count);
        if let Some(first) = self.frames.first_mut() {
            *first = 0;
        }
        Some(keyframe)
    }

    /// The first `count` keyframes stored at the start of `data` as the file stores them
    /// (little-endian; the first keyframe without its frame count), fewer where `data` ends
    /// first. Every vector is allocated once; a long motion is read in shares of records on
    /// every core: the decoder's whole keyframe read.
    pub(crate) fn read_le(joint_count: usize, data: &[u8], count: usize) -> Self {
        let row_len = 4 * joint_count;
        let first_len = super::format::FIRST_KEYFRAME_FIXED + row_len;
        let stride = super::format::KEYFRAME_FIXED + row_len;
        let (Some(first), Some(rest)) = (data.get(..first_len), data.get(first_len..)) else {
            return Self::new(joint_count);
        };
        if count == 0 {
            return Self::new(joint_count);
        }
        let rest = &rest[..(rest.len() / stride).min(count - 1) * stride];
        let len = 1 + rest.len() / stride;
        let mut keyframes = Self {
            joint_count,
            frames: vec![0; len],
            body: vec![[0; 3]; len],
            angles: vec![0; len * joint_count],
        };
        let (frames, body, angles) = (
            &mut keyframes.frames[..],
            &mut keyframes.body[..],
            &mut keyframes.angles[..],
        );
        read_record(first, &mut body[0], &mut angles[..joint_count]);
        let (frames, body, angles) = (&mut frames[1..], &mut body[1..], &mut angles[joint_count..]);
        if len < PARALLEL_RECORDS || joint_count == 0 {
            read_records(rest.chunks_exact(stride), joint_count, frames, body, angles);
            return keyframes;
        }
        // A share of the records per thread: the calling thread reads the first itself while
        // the pool reads the rest (waiting for the pool to take all of it cost as much as
        // the read where its threads were asleep).
        let share = (len - 1).div_ceil(rayon::current_num_threads().max(1));
        let shares = rest.chunks(share * stride).zip(frames.chunks_mut(share));
        let shares = shares.zip(body.chunks_mut(share));
        let mut shares = shares.zip(angles.chunks_mut(share * joint_count));
        let mine = shares.next();
        rayon::in_place_scope(|scope| {
            for (((records, frames), body), angles) in shares {
                let records = records.chunks_exact(stride);
                scope.spawn(move |_| read_records(records, joint_count, frames, body, angles));
            }
            if let Some((((records, frames), body), angles)) = mine {
                read_records(
                    records.chunks_exact(stride),
                    joint_count,
                    frames,
                    body,
                    angles,
                );
            }
        });
        keyframes
    }

    fn check_len(&self, found: usize) -> Result<(), JointCountMismatch> {
        if found == self.joint_count {
            Ok(())
        } else {
            Err(JointCountMismatch {
                expected: self.joint_count,
                found,
            })
        }
    }

    /// The keyframes as owned values (for serialisation and tests).
    #[must_use]
    pub fn to_vec(&self) -> Vec<Keyframe> {
        self.iter()
            .map(|k| Keyframe {
                frames: k.frames,
                body_urad: k.body_urad,
                angles_urad: k.angles_urad.to_vec(),
            })
            .collect()
    }

    /// Builds keyframes from rows of exactly `N` joint values each, for a motion of `N`
    /// joints: rows of a fixed width cannot mismatch, so this cannot fail.
    #[must_use]
    pub fn from_rows<const N: usize>(
        rows: impl IntoIterator<Item = (u32, BodyUrad, [i32; N])>,
    ) -> Self {
        let rows = rows.into_iter();
        let mut out = Self::with_capacity(N, rows.size_hint().0);
        for (frames, body_urad, angles_urad) in rows {
            out.frames.push(if out.is_empty() { 0 } else { frames });
            out.body.push(body_urad);
            out.angles.extend_from_slice(&angles_urad);
        }
        out
    }

    /// Builds keyframes from owned values.
    ///
    /// # Errors
    /// When a keyframe does not hold one value per joint.
    pub fn from_vec(
        joint_count: usize,
        keyframes: &[Keyframe],
    ) -> Result<Self, JointCountMismatch> {
        let mut out = Self::with_capacity(joint_count, keyframes.len());
        for keyframe in keyframes {
            out.push(keyframe.frames, keyframe.body_urad, &keyframe.angles_urad)?;
        }
        Ok(out)
    }
}

/// A little-endian `u32` from the first four bytes of `bytes` (0 if there are fewer).
/// Records from which the read is shared between the cores.
const PARALLEL_RECORDS: usize = 4096;

/// Stored keyframes (each with its frame count) into as many places of `frames`, `body`
/// and `angles` (one row each).
fn read_records(
    records: std::slice::ChunksExact<'_, u8>,
    joint_count: usize,
    frames: &mut [u32],
    body: &mut [BodyUrad],
    angles: &mut [i32],
) {
    // With no joints, every row is empty.
    let rows = angles.chunks_exact_mut(joint_count.max(1));
    let rows = rows.chain(std::iter::repeat_with(<&mut [i32]>::default));
    for (((record, frames), body), row) in records.zip(frames).zip(body).zip(rows) {
        *frames = le_u32(record);
        read_record(&record[4..], body, row);
    }
}

/// One stored keyframe after its frame count: body roll, pitch and yaw, then the joint
/// values, all little-endian `i32`.
fn read_record(record: &[u8], body: &mut BodyUrad, row: &mut [i32]) {
    *body = [le_i32(record), le_i32(&record[4..]), le_i32(&record[8..])];
    for (value, bytes) in row.iter_mut().zip(record[12..].chunks_exact(4)) {
        *value = le_i32(bytes);
    }
}

fn le_u32(bytes: &[u8]) -> u32 {
    match bytes {
        [a, b, c, d, ..] => u32::from_le_bytes([*a, *b, *c, *d]),
        _ => 0,
    }
}

/// A little-endian `i32` from the first four bytes of `bytes` (0 if there are fewer).
fn le_i32(bytes: &[u8]) -> i32 {
    match bytes {
        [a, b, c, d, ..] => i32::from_le_bytes([*a, *b, *c, *d]),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Keyframes {
        let mut keyframes = Keyframes::new(2);
        keyframes.push(9, [1, 2, 3], &[10, 20]).unwrap_or_default();
        keyframes.push(5, [4, 5, 6], &[30, 40]).unwrap_or_default();
        keyframes
    }

    #[test]
    fn first_keyframe_has_no_frames() {
        let keyframes = sample();
        assert_eq!(keyframes.frames(), &[0, 5]);
        assert_eq!(keyframes.angle(1, 1), Some(40));
        assert_eq!(keyframes.angle(1, 2), None);
        assert_eq!(keyframes.angle(2, 0), None);
    }

    #[test]
    fn rows_of_a_fixed_width_build_the_same_keyframes_as_pushes() {
        let built = Keyframes::from_rows([(9, [1, 2, 3], [10, 20]), (5, [4, 5, 6], [30, 40])]);
        assert_eq!(built, sample());
        assert_eq!(built.joint_count(), 2);
    }

    #[test]
    fn wrong_joint_count_is_refused() {
        let mut keyframes = sample();
        assert_eq!(
            keyframes.push(1, [0; 3], &[1]),
            Err(JointCountMismatch {
                expected: 2,
                found: 1
            })
        );
        assert_eq!(keyframes.len(), 2);
    }

    #[test]
    fn insert_and_remove_keep_rows_together() {
        let mut keyframes = sample();
        let middle = Keyframe {
            frames: 7,
            body_urad: [0; 3],
            angles_urad: vec![15, 25],
        };
        keyframes.insert(1, &middle).unwrap_or_default();
        assert_eq!(keyframes.angles(), &[10, 20, 15, 25, 30, 40]);
        assert_eq!(
            keyframes.remove(0).map(|k| k.angles_urad),
            Some(vec![10, 20])
        );
        assert_eq!(keyframes.frames(), &[0, 5]);
        assert_eq!(keyframes.angles(), &[15, 25, 30, 40]);
    }

    /// `count` keyframes of `joint_count` joints with values from their place, stored as
    /// the file stores them, and the same pushed one by one.
    fn stored(joint_count: usize, count: usize) -> (Vec<u8>, Keyframes) {
        let mut bytes = Vec::new();
        let mut expected = Keyframes::new(joint_count);
        for index in 0..count {
            let value = |at: usize| i32::try_from(index * 1000 + at).unwrap_or(0) - 7;
            let frames = u32::try_from(index % 97).unwrap_or(0);
            let body = [value(100), value(200), value(300)];
            let row: Vec<i32> = (0..joint_count).map(value).collect();
            if index > 0 {
                bytes.extend_from_slice(&frames.to_le_bytes());
            }
            for v in body.iter().chain(&row) {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            let frames = if index == 0 { 0 } else { frames };
            assert!(expected.push(frames, body, &row).is_ok());
        }
        (bytes, expected)
    }

    #[test]
    fn reading_stored_keyframes_gives_each_back_in_place() {
        // Short (one thread) and long (shared between the cores) reads; no joints at all.
        for joint_count in [0, 1, 3, 20] {
            for count in [1, 2, 10, PARALLEL_RECORDS + 515] {
                let (bytes, expected) = stored(joint_count, count);
                let read = Keyframes::read_le(joint_count, &bytes, count);
                assert_eq!(read, expected, "{count} keyframes of {joint_count} joints");
                // Data that ends inside a keyframe: the whole ones before it.
                let cut = &bytes[..bytes.len() - 1];
                let read = Keyframes::read_le(joint_count, cut, count);
                assert_eq!(
                    read.len(),
                    count - 1,
                    "cut: {count} of {joint_count} joints"
                );
                assert_eq!(
                    read.angles(),
                    &expected.angles()[..(count - 1) * joint_count]
                );
                assert_eq!(read.frames(), &expected.frames()[..count - 1]);
            }
        }
    }
}
