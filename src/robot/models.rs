//! AIBO models and the DRX design labels that name them.

use super::joints::{BodyPart, ERS7, ERS110, ERS210, ERS310, JointInfo};
use serde::Serialize;

/// An AIBO model (family).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Model {
    /// ERS-110/111 (DRX-700).
    Ers110,
    /// ERS-210/220 (DRX-900, DRX-910).
    Ers210,
    /// ERS-310 (DRX-801).
    Ers310,
    /// ERS-7 (DRX-1000).
    Ers7,
}

impl Model {
    /// Every model.
    pub const ALL: [Self; 4] = [Self::Ers110, Self::Ers210, Self::Ers310, Self::Ers7];

    /// The model's name for people.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Ers110 => "ERS-110/111",
            Self::Ers210 => "ERS-210/220",
            Self::Ers310 => "ERS-310",
            Self::Ers7 => "ERS-7",
        }
    }

    /// The model's full joint table, in file order.
    #[must_use]
    pub fn joints(self) -> &'static [JointInfo] {
        match self {
            Self::Ers110 => &ERS110,
            Self::Ers210 => &ERS210,
            Self::Ers310 => &ERS310,
            Self::Ers7 => &ERS7,
        }
    }

    /// The model a person names: "ERS-7", "ers-210", "ERS-220", "ERS-111", "ERS-210/220"
    /// (any case).
    #[must_use]
    pub fn by_name(name: &str) -> Option<Self> {
        let name = name.trim().to_ascii_uppercase();
        Self::ALL.into_iter().find(|model| {
            let full = model.name();
            let (first, other) = full.split_once('/').unwrap_or((full, ""));
            name == full || name == first || (!other.is_empty() && name == format!("ERS-{other}"))
        })
    }

    /// The design label Sony's own tools write for it.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Ers110 => "DRX-700",
            Self::Ers210 => "DRX-900",
            Self::Ers310 => "DRX-801",
            Self::Ers7 => "DRX-1000",
        }
    }

    /// The joint with this locator, and its index in the model's table.
    #[must_use]
    pub fn joint_by_locator(self, locator: &str) -> Option<(usize, &'static JointInfo)> {
        self.joints()
            .iter()
            .enumerate()
            .find(|(_, joint)| joint.locator == locator)
    }

    /// Each of a motion's `locators` (its columns, in order) that names a joint of the model:
    /// the column and the joint.
    pub fn joints_in(
        self,
        locators: &[String],
    ) -> impl Iterator<Item = (usize, &'static JointInfo)> + '_ {
        locators
            .iter()
            .enumerate()
            .filter_map(move |(column, locator)| Some((column, self.joint_by_locator(locator)?.1)))
    }
}

/// A known design label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LabelInfo {
    /// The label as written in files.
    pub label: &'static str,
    /// The model it names.
    pub model: Model,
    /// A note for people (which robots use it).
    pub note: &'static str,
}

/// The full-body design labels, for the editor's list.
pub const LABELS: [LabelInfo; 5] = [
    LabelInfo {
        label: "DRX-700",
        model: Model::Ers110,
        note: "ERS-110/111",
    },
    LabelInfo {
        label: "DRX-900",
        model: Model::Ers210,
        note: "ERS-210/220 (Sony's samples; 15 or 20 joints)",
    },
    LabelInfo {
        label: "DRX-910",
        model: Model::Ers210,
        note: "ERS-210 (Sony's spec example, Skitter)",
    },
    LabelInfo {
        label: "DRX-801",
        model: Model::Ers310,
        note: "ERS-310",
    },
    LabelInfo {
        label: "DRX-1000",
        model: Model::Ers7,
        note: "ERS-7",
    },
];

/// A partial-body suffix (`_Head`, `_Ear`, `_Mouth`, `_Tail`, `_Legs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PartialBody {
    /// `_Head`: the head joints (on the ERS-110, the mouth too).
    Head,
    /// `_Ear`: the ears.
    Ear,
    /// `_Mouth`: the mouth.
    Mouth,
    /// `_Tail`: the tail.
    Tail,
    /// `_Legs`: the twelve leg joints.
    Legs,
}

impl PartialBody {
    fn from_suffix(suffix: &str) -> Option<Self> {
        match suffix {
            "Head" => Some(Self::Head),
            "Ear" => Some(Self::Ear),
            "Mouth" => Some(Self::Mouth),
            "Tail" => Some(Self::Tail),
            "Legs" => Some(Self::Legs),
            _ => None,
        }
    }

    /// The chunk-name prefix that goes with this part (`h`, `e`, `m`, `t`, `l`).
    #[must_use]
    pub fn prefix(self) -> char {
        match self {
            Self::Head => 'h',
            Self::Ear => 'e',
            Self::Mouth => 'm',
            Self::Tail => 't',
            Self::Legs => 'l',
        }
    }

    /// Whether a joint of `part` on `model` belongs to this partial body.
    #[must_use]
    pub fn includes(self, model: Model, part: BodyPart) -> bool {
        match self {
            Self::Head => {
                part == BodyPart::Head || (model == Model::Ers110 && part == BodyPart::Mouth)
            }
            Self::Ear => part == BodyPart::Ears,
            Self::Mouth => part == BodyPart::Mouth,
            Self::Tail => part == BodyPart::Tail,
            Self::Legs => part == BodyPart::Legs,
        }
    }
}

/// What a design label says: which model, and whether it is a partial-body motion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Design {
    /// The model.
    pub model: Model,
    /// The base label without suffix (`DRX-1000`).
    pub base: &'static str,
    /// The partial-body suffix, if any.
    pub partial: Option<PartialBody>,
}

impl Design {
    /// The joints of the model that a motion with this label may drive, in file order.
    pub fn allowed_joints(&self) -> impl Iterator<Item = (usize, &'static JointInfo)> + '_ {
        self.model.joints().iter().enumerate().filter(|(_, joint)| {
            self.partial
                .is_none_or(|p| p.includes(self.model, joint.part))
        })
    }
}

/// Parses a design label: a known base label and an optional partial-body suffix.
#[must_use]
pub fn parse_design(label: &str) -> Option<Design> {
    let (base, suffix) = match label.split_once('_') {
        Some((base, suffix)) => (base, Some(suffix)),
        None => (label, None),
    };
    let info = LABELS.iter().find(|info| info.label == base)?;
    let partial = match suffix {
        Some(suffix) => Some(PartialBody::from_suffix(suffix)?),
        None => None,
    };
    Some(Design {
        model: info.model,
        base: info.label,
        partial,
    })
}

pub use crate::codec::mtn::format::is_ers110_label;

/// The model whose joint table holds every one of these locators, if exactly one does; used
/// to suggest a label when a file's label is unknown or wrong.
#[must_use]
pub fn model_for_locators(locators: &[String]) -> Option<Model> {
    if locators.is_empty() {
        return None;
    }
    let mut fitting = Model::ALL
        .iter()
        .copied()
        .filter(|model| locators.iter().all(|l| model.joint_by_locator(l).is_some()));
    let first = fitting.next()?;
    // ERS-7 and ERS-310 share their head and leg locators; prefer the model with the
    // matching joint count, else refuse to guess.
    match fitting.next() {
        None => Some(first),
        Some(second) => [first, second]
            .into_iter()
            .find(|m| m.joints().len() == locators.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_partial_labels_parse() {
        let ers7 = parse_design("DRX-1000");
        assert_eq!(ers7.map(|d| d.model), Some(Model::Ers7));
        let head = parse_design("DRX-1000_Head");
        assert_eq!(head.map(|d| d.allowed_joints().count()), Some(3));
        assert_eq!(
            parse_design("DRX-1000_Ear").map(|d| d.allowed_joints().count()),
            Some(2)
        );
        assert_eq!(
            parse_design("DRX-1000_Mouth").map(|d| d.allowed_joints().count()),
            Some(1)
        );
        assert_eq!(
            parse_design("DRX-1000_Tail").map(|d| d.allowed_joints().count()),
            Some(2)
        );
        assert_eq!(
            parse_design("DRX-1000_Legs").map(|d| d.allowed_joints().count()),
            Some(12)
        );
        assert_eq!(
            parse_design("DRX-700_Head").map(|d| d.allowed_joints().count()),
            Some(4)
        );
        assert_eq!(parse_design("DRX-1000_Wings"), None);
        assert_eq!(parse_design("DRX-999"), None);
        assert!(is_ers110_label("DRX-700_Legs"));
        assert!(!is_ers110_label("DRX-7000"));
    }

    #[test]
    fn locators_suggest_their_model() {
        let ers7: Vec<String> = Model::Ers7
            .joints()
            .iter()
            .map(|j| j.locator.to_owned())
            .collect();
        assert_eq!(model_for_locators(&ers7), Some(Model::Ers7));
        let ers310: Vec<String> = Model::Ers310
            .joints()
            .iter()
            .map(|j| j.locator.to_owned())
            .collect();
        assert_eq!(model_for_locators(&ers310), Some(Model::Ers310));
        assert_eq!(model_for_locators(&["nonsense".to_owned()]), None);
    }
}
