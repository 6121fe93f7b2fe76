//! Joint tables: locators, friendly names, body parts, limits and speed limits per model.
//!
//! Locators and names are from the dogsbody AIBO page; limits and speeds as
//! `docs/formats/robots.md` gives them (#joint-limits, #servo-speeds: AIBO Master Studio's
//! JOINT.CFG and Tekkotsu for the ERS-7, Sony's ERS-210 tables, and the range of Sony's own
//! data for the ERS-110, which has no published table).

use serde::Serialize;

/// The body part a joint moves, used to group joints and to match partial-body labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BodyPart {
    /// Head tilt, pan, roll, nod.
    Head,
    /// The mouth (jaw).
    Mouth,
    /// The ears.
    Ears,
    /// The four legs.
    Legs,
    /// The tail.
    Tail,
}

impl BodyPart {
    /// Every part, in display order.
    pub const ALL: [Self; 5] = [Self::Head, Self::Mouth, Self::Ears, Self::Legs, Self::Tail];

    /// A word for people.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Head => "head",
            Self::Mouth => "mouth",
            Self::Ears => "ears",
            Self::Legs => "legs",
            Self::Tail => "tail",
        }
    }
}

/// Where a limit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LimitSource {
    /// A published table of the model's limits.
    Published,
    /// The range seen in Sony's own motions (no table was published).
    Observed,
}

/// A joint's range, in degrees.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Limit {
    /// Lowest angle.
    pub min_deg: f64,
    /// Highest angle.
    pub max_deg: f64,
    /// Where the numbers come from.
    pub source: LimitSource,
    /// The joint only takes its two end values (the ERS-7's ears).
    pub binary: bool,
}

impl Limit {
    /// The end of a binary joint's range that a commanded value moves it to: the nearer one,
    /// the upper from half-way up (the ERS-7's ears only go to their two ends).
    #[must_use]
    pub fn nearer_end_urad(&self, value_urad: i32) -> i32 {
        let (low, high) = (deg_to_urad(self.min_deg), deg_to_urad(self.max_deg));
        let mid = (i64::from(low) + i64::from(high)) / 2;
        if i64::from(value_urad) < mid {
            low
        } else {
            high
        }
    }
}

/// How fast a joint may move: `deg` degrees per `per_ms` milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SpeedLimit {
    /// Degrees per period.
    pub deg: f64,
    /// The period in ms: 8 (one tick, ERS-7 tables) or 16 (one frame, ERS-210 tables).
    pub per_ms: u32,
}

/// One joint of a model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct JointInfo {
    /// The OPEN-R primitive locator written in MTN files.
    pub locator: &'static str,
    /// The friendly name (`HEAD_PITCH`, `FL_LEG_KNEE`, ...).
    pub name: &'static str,
    /// The body part it moves.
    pub part: BodyPart,
    /// Its range, where known.
    pub limit: Option<Limit>,
    /// Its speed limit, where known.
    pub speed: Option<SpeedLimit>,
}

const fn published(min_deg: f64, max_deg: f64) -> Option<Limit> {
    Some(Limit {
        min_deg,
        max_deg,
        source: LimitSource::Published,
        binary: false,
    })
}

const fn observed(min_deg: f64, max_deg: f64) -> Option<Limit> {
    Some(Limit {
        min_deg,
        max_deg,
        source: LimitSource::Observed,
        binary: false,
    })
}

const fn per_tick(deg: f64) -> Option<SpeedLimit> {
    Some(SpeedLimit { deg, per_ms: 8 })
}

const fn per_frame(deg: f64) -> Option<SpeedLimit> {
    Some(SpeedLimit { deg, per_ms: 16 })
}

const fn joint(
    locator: &'static str,
    name: &'static str,
    part: BodyPart,
    limit: Option<Limit>,
    speed: Option<SpeedLimit>,
) -> JointInfo {
    JointInfo {
        locator,
        name,
        part,
        limit,
        speed,
    }
}

use BodyPart::{Ears, Head, Legs, Mouth, Tail};

const ERS7_EAR: Option<Limit> = Some(Limit {
    min_deg: 0.0,
    max_deg: 20.0,
    source: LimitSource::Published,
    binary: true,
});

/// ERS-7 (DRX-1000), 20 joints, in file order.
pub const ERS7: [JointInfo; 20] = [
    joint(
        "PRM:/r1/c1-Joint2:11",
        "HEAD_PITCH",
        Head,
        published(-75.0, 0.0),
        per_tick(1.46),
    ),
    joint(
        "PRM:/r1/c1/c2-Joint2:12",
        "HEAD_YAW",
        Head,
        published(-88.0, 88.0),
        per_tick(4.61),
    ),
    joint(
        "PRM:/r1/c1/c2/c3-Joint2:13",
        "HEAD_PITCH2",
        Head,
        published(-15.0, 45.0),
        per_tick(2.65),
    ),
    joint(
        "PRM:/r1/c1/c2/c3/c4-Joint2:14",
        "MOUTH",
        Mouth,
        published(-55.0, -3.0),
        per_tick(4.65),
    ),
    joint(
        "PRM:/r1/c1/c2/c3/e5-Joint4:15",
        "LEFT_EAR",
        Ears,
        ERS7_EAR,
        None,
    ),
    joint(
        "PRM:/r1/c1/c2/c3/e6-Joint4:16",
        "RIGHT_EAR",
        Ears,
        ERS7_EAR,
        None,
    ),
    joint(
        "PRM:/r2/c1-Joint2:21",
        "FL_LEG_VERT",
        Legs,
        published(-115.0, 130.0),
        per_tick(2.23),
    ),
    joint(
        "PRM:/r2/c1/c2-Joint2:22",
        "FL_LEG_LAT",
        Legs,
        published(-10.0, 88.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r2/c1/c2/c3-Joint2:23",
        "FL_LEG_KNEE",
        Legs,
        published(-25.0, 122.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r3/c1-Joint2:31",
        "BL_LEG_VERT",
        Legs,
        published(-130.0, 115.0),
        per_tick(2.23),
    ),
    joint(
        "PRM:/r3/c1/c2-Joint2:32",
        "BL_LEG_LAT",
        Legs,
        published(-10.0, 88.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r3/c1/c2/c3-Joint2:33",
        "BL_LEG_KNEE",
        Legs,
        published(-25.0, 122.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r4/c1-Joint2:41",
        "FR_LEG_VERT",
        Legs,
        published(-115.0, 130.0),
        per_tick(2.23),
    ),
    joint(
        "PRM:/r4/c1/c2-Joint2:42",
        "FR_LEG_LAT",
        Legs,
        published(-10.0, 88.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r4/c1/c2/c3-Joint2:43",
        "FR_LEG_KNEE",
        Legs,
        published(-25.0, 122.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r5/c1-Joint2:51",
        "BR_LEG_VERT",
        Legs,
        published(-130.0, 115.0),
        per_tick(2.23),
    ),
    joint(
        "PRM:/r5/c1/c2-Joint2:52",
        "BR_LEG_LAT",
        Legs,
        published(-10.0, 88.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r5/c1/c2/c3-Joint2:53",
        "BR_LEG_KNEE",
        Legs,
        published(-25.0, 122.0),
        per_tick(2.42),
    ),
    joint(
        "PRM:/r6/c1-Joint2:61",
        "TAIL_VERT",
        Tail,
        published(5.0, 60.0),
        per_tick(6.95),
    ),
    joint(
        "PRM:/r6/c2-Joint2:62",
        "TAIL_HORZ",
        Tail,
        published(-45.0, 45.0),
        per_tick(6.95),
    ),
];

/// ERS-210/220 (DRX-900, DRX-910), 20 joints, in file order. The 15-joint DRX-900 files use
/// the head and leg joints of this table.
pub const ERS210: [JointInfo; 20] = [
    joint(
        "PRM:/r1/c1-Joint2:j1",
        "HEAD_PITCH",
        Head,
        published(-82.0, 43.0),
        per_frame(1.93),
    ),
    joint(
        "PRM:/r1/c1/c2-Joint2:j2",
        "HEAD_YAW",
        Head,
        published(-89.6, 89.6),
        per_frame(2.76),
    ),
    joint(
        "PRM:/r1/c1/c2/c3-Joint2:j3",
        "HEAD_ROLL",
        Head,
        published(-29.0, 29.0),
        per_frame(2.76),
    ),
    joint(
        "PRM:/r1/c1/c2/c3/c4-Joint2:j4",
        "MOUTH",
        Mouth,
        published(-47.0, -3.0),
        per_frame(4.01),
    ),
    joint(
        "PRM:/r1/c1/c2/c3/e1-Joint3:j5",
        "LEFT_EAR",
        Ears,
        None,
        None,
    ),
    joint(
        "PRM:/r1/c1/c2/c3/e2-Joint3:j6",
        "RIGHT_EAR",
        Ears,
        None,
        None,
    ),
    joint(
        "PRM:/r2/c1-Joint2:j1",
        "FL_LEG_VERT",
        Legs,
        published(-117.0, 117.0),
        per_frame(2.58),
    ),
    joint(
        "PRM:/r2/c1/c2-Joint2:j2",
        "FL_LEG_LAT",
        Legs,
        published(-11.0, 89.0),
        per_frame(2.29),
    ),
    joint(
        "PRM:/r2/c1/c2/c3-Joint2:j3",
        "FL_LEG_KNEE",
        Legs,
        published(-27.0, 147.0),
        per_frame(2.60),
    ),
    joint(
        "PRM:/r3/c1-Joint2:j1",
        "BL_LEG_VERT",
        Legs,
        published(-117.0, 117.0),
        per_frame(2.58),
    ),
    joint(
        "PRM:/r3/c1/c2-Joint2:j2",
        "BL_LEG_LAT",
        Legs,
        published(-11.0, 89.0),
        per_frame(2.29),
    ),
    joint(
        "PRM:/r3/c1/c2/c3-Joint2:j3",
        "BL_LEG_KNEE",
        Legs,
        published(-27.0, 147.0),
        per_frame(2.60),
    ),
    joint(
        "PRM:/r4/c1-Joint2:j1",
        "FR_LEG_VERT",
        Legs,
        published(-117.0, 117.0),
        per_frame(2.58),
    ),
    joint(
        "PRM:/r4/c1/c2-Joint2:j2",
        "FR_LEG_LAT",
        Legs,
        published(-11.0, 89.0),
        per_frame(2.29),
    ),
    joint(
        "PRM:/r4/c1/c2/c3-Joint2:j3",
        "FR_LEG_KNEE",
        Legs,
        published(-27.0, 147.0),
        per_frame(2.60),
    ),
    joint(
        "PRM:/r5/c1-Joint2:j1",
        "BR_LEG_VERT",
        Legs,
        published(-117.0, 117.0),
        per_frame(2.58),
    ),
    joint(
        "PRM:/r5/c1/c2-Joint2:j2",
        "BR_LEG_LAT",
        Legs,
        published(-11.0, 89.0),
        per_frame(2.29),
    ),
    joint(
        "PRM:/r5/c1/c2/c3-Joint2:j3",
        "BR_LEG_KNEE",
        Legs,
        published(-27.0, 147.0),
        per_frame(2.60),
    ),
    joint(
        "PRM:/r6/c1-Joint2:j1",
        "TAIL_HORZ",
        Tail,
        published(-22.0, 22.0),
        per_frame(4.10),
    ),
    joint(
        "PRM:/r6/c2-Joint2:j2",
        "TAIL_VERT",
        Tail,
        published(-22.0, 22.0),
        per_frame(4.10),
    ),
];

/// ERS-110/111 (DRX-700), 18 joints, in file order. No limits were published; these are the
/// ranges of Sony's own ERS-110 data.
pub const ERS110: [JointInfo; 18] = [
    joint(
        "PRM:/r0/c0-Joint:j0",
        "HEAD_PITCH",
        Head,
        observed(-86.0, 55.0),
        None,
    ),
    joint(
        "PRM:/r0/c0/c1-Joint:j1",
        "HEAD_YAW",
        Head,
        observed(-85.0, 80.0),
        None,
    ),
    joint(
        "PRM:/r0/c0/c1/c2-Joint:j2",
        "HEAD_ROLL",
        Head,
        observed(-35.0, 41.0),
        None,
    ),
    joint(
        "PRM:/r0/c0/c1/c2/c3-Joint:j3",
        "MOUTH",
        Mouth,
        observed(-46.0, 1.0),
        None,
    ),
    joint(
        "PRM:/r2/c0-Joint:j0",
        "FR_LEG_VERT",
        Legs,
        observed(-120.0, 121.0),
        None,
    ),
    joint(
        "PRM:/r2/c0/c1-Joint:j1",
        "FR_LEG_LAT",
        Legs,
        observed(-17.0, 91.0),
        None,
    ),
    joint(
        "PRM:/r2/c0/c1/c2-Joint:j2",
        "FR_LEG_KNEE",
        Legs,
        observed(-31.0, 151.0),
        None,
    ),
    joint(
        "PRM:/r3/c0-Joint:j0",
        "FL_LEG_VERT",
        Legs,
        observed(-120.0, 121.0),
        None,
    ),
    joint(
        "PRM:/r3/c0/c1-Joint:j1",
        "FL_LEG_LAT",
        Legs,
        observed(-17.0, 91.0),
        None,
    ),
    joint(
        "PRM:/r3/c0/c1/c2-Joint:j2",
        "FL_LEG_KNEE",
        Legs,
        observed(-31.0, 151.0),
        None,
    ),
    joint(
        "PRM:/r4/c0-Joint:j0",
        "BR_LEG_VERT",
        Legs,
        observed(-120.0, 121.0),
        None,
    ),
    joint(
        "PRM:/r4/c0/c1-Joint:j1",
        "BR_LEG_LAT",
        Legs,
        observed(-17.0, 91.0),
        None,
    ),
    joint(
        "PRM:/r4/c0/c1/c2-Joint:j2",
        "BR_LEG_KNEE",
        Legs,
        observed(-31.0, 151.0),
        None,
    ),
    joint(
        "PRM:/r5/c0-Joint:j0",
        "BL_LEG_VERT",
        Legs,
        observed(-120.0, 121.0),
        None,
    ),
    joint(
        "PRM:/r5/c0/c1-Joint:j1",
        "BL_LEG_LAT",
        Legs,
        observed(-17.0, 91.0),
        None,
    ),
    joint(
        "PRM:/r5/c0/c1/c2-Joint:j2",
        "BL_LEG_KNEE",
        Legs,
        observed(-31.0, 151.0),
        None,
    ),
    joint(
        "PRM:/r1/c0-Joint:j0",
        "TAIL_VERT",
        Tail,
        observed(-40.0, 80.0),
        None,
    ),
    joint(
        "PRM:/r1/c1-Joint:j1",
        "TAIL_HORZ",
        Tail,
        observed(-31.0, 31.0),
        None,
    ),
];

/// ERS-310 (DRX-801), 15 joints, in file order. Nothing about its limits was published.
pub const ERS310: [JointInfo; 15] = [
    joint("PRM:/r1/c1-Joint2:11", "HEAD_PITCH", Head, None, None),
    joint("PRM:/r1/c1/c2-Joint2:12", "HEAD_PITCH2", Head, None, None),
    joint("PRM:/r1/c1/c2/c3-Joint2:13", "HEAD_YAW", Head, None, None),
    joint("PRM:/r2/c1-Joint2:21", "FL_LEG_VERT", Legs, None, None),
    joint("PRM:/r2/c1/c2-Joint2:22", "FL_LEG_LAT", Legs, None, None),
    joint(
        "PRM:/r2/c1/c2/c3-Joint2:23",
        "FL_LEG_KNEE",
        Legs,
        None,
        None,
    ),
    joint("PRM:/r3/c1-Joint2:31", "BL_LEG_VERT", Legs, None, None),
    joint("PRM:/r3/c1/c2-Joint2:32", "BL_LEG_LAT", Legs, None, None),
    joint(
        "PRM:/r3/c1/c2/c3-Joint2:33",
        "BL_LEG_KNEE",
        Legs,
        None,
        None,
    ),
    joint("PRM:/r4/c1-Joint2:41", "FR_LEG_VERT", Legs, None, None),
    joint("PRM:/r4/c1/c2-Joint2:42", "FR_LEG_LAT", Legs, None, None),
    joint(
        "PRM:/r4/c1/c2/c3-Joint2:43",
        "FR_LEG_KNEE",
        Legs,
        None,
        None,
    ),
    joint("PRM:/r5/c1-Joint2:51", "BR_LEG_VERT", Legs, None, None),
    joint("PRM:/r5/c1/c2-Joint2:52", "BR_LEG_LAT", Legs, None, None),
    joint(
        "PRM:/r5/c1/c2/c3-Joint2:53",
        "BR_LEG_KNEE",
        Legs,
        None,
        None,
    ),
];

pub use crate::codec::units::{deg_to_urad, urad_to_deg};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locators_are_unique_within_each_model() {
        for table in [&ERS7[..], &ERS210[..], &ERS110[..], &ERS310[..]] {
            let mut locators: Vec<_> = table.iter().map(|j| j.locator).collect();
            locators.sort_unstable();
            locators.dedup();
            assert_eq!(locators.len(), table.len());
        }
    }
}
