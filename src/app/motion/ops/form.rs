//! The Motion menu's small windows as data: the parameters an operation needs (the form)
//! and a preview of its result. A changed field shows the dialog again (an action), which
//! works the preview out again after the frame.

use crate::app::state::TabId;
use crate::codec::Severity;
use crate::codec::mtn::Motion;
use crate::ops::shape::{Curve, Handles, ShapeSpec};
use crate::ops::{Outcome, RetimeBy};
use std::sync::Arc;

/// An operation asked of a motion tab (an Append names other tabs).
pub type OpRequest = crate::ops::OpRequest<TabId>;

/// The postures offered, "(keep)" first.
pub const POSTURES: [&str; 4] = ["(keep)", "stand", "sit", "sleep"];
/// The models a motion can be converted to: label and model.
pub const TARGETS: [(&str, &str); 3] = [
    ("DRX-1000", "ERS-7"),
    ("DRX-900", "ERS-210/220"),
    ("DRX-910", "ERS-210 (Skitter)"),
];

/// An operation's parameters, as its dialog edits them.
#[derive(Clone, Debug, PartialEq)]
pub enum OpForm {
    /// Retime: a new length in ms, or a factor.
    Retime {
        /// Use the factor (else the length).
        by_factor: bool,
        /// The new length.
        duration_ms: u64,
        /// The factor.
        factor: f64,
        /// Only the selected range (shown so the user knows).
        range: bool,
    },
    /// Start and end postures.
    Pose {
        /// Index into the postures offered for the start.
        start: usize,
        /// And for the end.
        end: usize,
        /// The transition to an added posture keyframe.
        transition_ms: u64,
    },
    /// Append another open motion.
    Append {
        /// Its tab.
        other: Option<TabId>,
        /// The joining segment.
        transition_ms: u64,
    },
    /// Convert to another model.
    Retarget {
        /// Index into [`TARGETS`].
        target: usize,
        /// Keep the paws in place.
        keep_feet: bool,
    },
    /// Insert time after the keyframe at the playhead.
    InsertTime {
        /// How much.
        ms: u64,
    },
    /// Give the range a shape, baked into keyframes.
    Shape {
        /// Index into [`CURVES`].
        curve: usize,
        /// The custom curve's handles.
        handles: Handles,
        /// The tolerance in degrees.
        tolerance_deg: f64,
        /// Shape only the joints shown on the timeline (`shown`), else every joint.
        shown_only: bool,
        /// The joints shown on the timeline as the dialog opened (or, `from_points`, the
        /// joints of the selected points).
        shown: Vec<usize>,
        /// `shown` are the selected points' joints.
        from_points: bool,
        /// Only the selected range (shown so the user knows).
        range: bool,
        /// Each segment eased on its own, every keyframe kept; else one curve over the range.
        each_segment: bool,
    },
    /// Keep the fewest keyframes.
    Simplify {
        /// The tolerance in degrees.
        tolerance_deg: f64,
        /// Only the selected range.
        range: bool,
    },
    /// Keyframes from a generator.
    Generate(Box<super::generate_form::GenerateForm>),
    /// A low-pass.
    Smooth {
        /// The filter's spread in 16 ms frames.
        strength: f64,
        /// The tolerance in degrees.
        tolerance_deg: f64,
        /// Only the selected range.
        range: bool,
    },
}

/// The shapes offered, in order: the custom curve last.
pub const CURVES: [&str; 5] = [
    "Ease in (slow start)",
    "Ease out (slow end)",
    "Ease in-out (slow at both ends)",
    "Spline through the keyframes",
    "Custom: drag the two handles on the timeline",
];

/// The index of the custom curve in [`CURVES`].
pub const CUSTOM: usize = 4;

/// The index into [`CURVES`] of a curve, and the handles to offer with it.
#[must_use]
pub fn curve_index(curve: Curve) -> (usize, Handles) {
    match curve {
        Curve::EaseIn => (0, Handles::default()),
        Curve::EaseOut => (1, Handles::default()),
        Curve::EaseInOut => (2, Handles::default()),
        Curve::Spline => (3, Handles::default()),
        Curve::Custom(handles) => (CUSTOM, handles),
    }
}

/// The curve for an index into [`CURVES`].
#[must_use]
pub fn curve_of(index: usize, handles: Handles) -> Option<Curve> {
    Some(match index {
        0 => Curve::EaseIn,
        1 => Curve::EaseOut,
        2 => Curve::EaseInOut,
        3 => Curve::Spline,
        CUSTOM => Curve::Custom(handles),
        _ => return None,
    })
}

impl OpForm {
    /// The request the form makes (`None` while it is incomplete).
    #[must_use]
    pub fn request(&self, is_motion: impl Fn(TabId) -> bool) -> Option<OpRequest> {
        let posture = |i: usize| (i > 0).then(|| POSTURES[i].to_owned());
        Some(match *self {
            Self::Retime {
                by_factor,
                duration_ms,
                factor,
                ..
            } => OpRequest::Retime(if by_factor {
                RetimeBy::Factor(factor)
            } else {
                RetimeBy::DurationMs(duration_ms)
            }),
            Self::Pose {
                start,
                end,
                transition_ms,
            } => {
                if start == 0 && end == 0 {
                    return None;
                }
                OpRequest::Pose {
                    start: posture(start),
                    end: posture(end),
                    transition_ms: Some(transition_ms),
                }
            }
            Self::Append {
                other,
                transition_ms,
            } => OpRequest::Append {
                others: vec![other.filter(|&id| is_motion(id))?],
                transition_ms: Some(transition_ms),
            },
            Self::Retarget { target, keep_feet } => OpRequest::Retarget {
                label: TARGETS.get(target)?.0.to_owned(),
                keep_feet,
            },
            Self::InsertTime { ms } => OpRequest::InsertTime(ms),
            Self::Shape {
                curve,
                handles,
                tolerance_deg,
                shown_only,
                ref shown,
                each_segment,
                ..
            } => OpRequest::Shape {
                spec: ShapeSpec {
                    curve: curve_of(curve, handles)?,
                    joints: shown_only.then(|| shown.clone()),
                    tolerance_deg,
                    each_segment,
                },
                span_ms: None,
            },
            Self::Simplify { tolerance_deg, .. } => OpRequest::Simplify {
                tolerance_deg,
                span_ms: None,
            },
            Self::Smooth {
                strength,
                tolerance_deg,
                ..
            } => OpRequest::Smooth {
                strength,
                tolerance_deg,
                span_ms: None,
            },
            Self::Generate(ref form) => OpRequest::Generate {
                generator: form.generator()?,
                span_ms: None,
            },
        })
    }

    /// The dialog's heading.
    #[must_use]
    pub fn title(&self) -> &'static str {
        match self {
            Self::Retime { .. } => "Retime",
            Self::Pose { .. } => "Start and End Postures",
            Self::Append { .. } => "Append Motion",
            Self::Retarget { .. } => "Convert to Another Model",
            Self::InsertTime { .. } => "Insert Time",
            Self::Shape { .. } => "Shape",
            Self::Simplify { .. } => "Simplify",
            Self::Smooth { .. } => "Smooth",
            Self::Generate(_) => "Generate",
        }
    }
}

/// What the result would be.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// Its length in ms.
    pub duration_ms: u64,
    /// Its keyframes.
    pub keyframes: usize,
    /// Errors and warnings among its problems.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// The first few problems, in words.
    pub problems: Vec<String>,
    /// What the operation noted.
    pub notes: Vec<String>,
    /// The result itself (the timeline draws a shaped range's curves from it while the
    /// dialog is open).
    pub result: Arc<Motion>,
    /// Its keyframes' times (ms), worked out once: the stage poses its ghost from them at
    /// every frame while a generator's window is open.
    pub result_times: Arc<[u64]>,
    /// Its keyframes hashed: the same for the same result, so a walk's preview is
    /// simulated again only when it changes.
    pub result_key: u64,
    /// The motion as it is, to say beside the result (`None`: not known).
    pub was: Option<Now>,
}

/// The motion as it is, counted as its preview is: the errors and warnings its checks find,
/// and apart the floor's (the preview does not stand the result on the floor: it is judged
/// once applied, in the background, as every edit is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    /// Errors and warnings but the floor's.
    pub checked: (usize, usize),
    /// The floor's errors and warnings.
    pub floor: usize,
    /// Whether the floor judges this motion at all (its model has a body to stand).
    pub on_floor: bool,
}

impl Now {
    /// The motion of `document` as it is.
    #[must_use]
    pub fn of(document: &crate::edit::Document) -> Self {
        let (errors, warnings) = counts(document.problems());
        let (floor_errors, floor_warnings) = counts(document.floor_problems());
        Self {
            checked: (
                errors.saturating_sub(floor_errors),
                warnings.saturating_sub(floor_warnings),
            ),
            floor: floor_errors + floor_warnings,
            on_floor: crate::robot::floor::rig(&document.motion).is_some(),
        }
    }
}

/// The errors and warnings among `problems`.
#[must_use]
pub fn counts(problems: &[crate::codec::Problem]) -> (usize, usize) {
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    (count(Severity::Error), count(Severity::Warning))
}

impl Preview {
    /// The preview of an outcome: its problems as the document would list them.
    #[must_use]
    pub fn of(outcome: &Outcome) -> Self {
        let motion = &outcome.motion;
        let offsets = crate::codec::mtn::offsets(motion).unwrap_or_default();
        let problems = crate::robot::check::problems(motion, &offsets, &[]);
        let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
        Self {
            duration_ms: crate::robot::timing::duration_ms(&motion.keyframes),
            keyframes: motion.keyframes.len(),
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            problems: problems
                .iter()
                .filter(|p| p.severity >= Severity::Warning)
                .take(4)
                .map(|p| format!("{}: {}", p.code, p.message))
                .collect(),
            notes: outcome.notes.clone(),
            result: Arc::new(motion.clone()),
            result_times: crate::robot::timing::keyframe_times_ms(&motion.keyframes).into(),
            result_key: keyframes_key(motion),
            was: None,
        }
    }

    /// The preview with the motion as it is beside it (`None`: not known).
    #[must_use]
    pub fn beside(mut self, was: Option<Now>) -> Self {
        self.was = was;
        self
    }
}

/// `motion`'s keyframes (times, body and joints) hashed.
fn keyframes_key(motion: &Motion) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let keyframes = &motion.keyframes;
    (keyframes.frames(), keyframes.body(), keyframes.angles()).hash(&mut hasher);
    hasher.finish()
}

/// Why an operation dialog shows no preview.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PreviewError {
    /// The operation refuses, with its reason.
    #[error(transparent)]
    Op(#[from] crate::ops::OpError),
    /// The motion's tab was closed.
    #[error("the motion's tab was closed")]
    TabClosed,
    /// Another operation is running in the background.
    #[error("another operation is still running: try again when it is done")]
    Busy,
}

/// An open operation dialog: which tab, the form, and the preview of its result.
#[derive(Clone, Debug, PartialEq)]
pub struct OpPrompt {
    /// The motion's tab.
    pub tab: TabId,
    /// The parameters.
    pub form: OpForm,
    /// The result, or why there is none (`None` while the form is incomplete).
    pub preview: Option<Result<Preview, PreviewError>>,
    /// The preview is being worked out in the background.
    pub working: bool,
    /// Give the dialog's first number the keyboard (once, as it opens).
    pub focus: bool,
    /// Enter was pressed while a number was being typed: the frames left to wait for the
    /// field to commit the typed value before applying (0: not waiting).
    pub apply_next: u8,
    /// What the preview was worked out from: the motion's revision and the selected range.
    /// A dialog that leaves the window usable (Shape, Simplify, Smooth) works its preview
    /// out again when either changes behind it.
    pub basis: Option<(u64, Option<(u64, u64)>)>,
}

impl OpPrompt {
    /// The key and result of the walk this window previews, if it is Motion > Generate…
    /// previewing one (its tab simulates it: `MotionTab::refresh_preview_simulation`).
    #[must_use]
    pub fn walk_previewed(&self) -> Option<(u64, &Motion)> {
        let OpForm::Generate(generate) = &self.form else {
            return None;
        };
        let Some(Ok(preview)) = &self.preview else {
            return None;
        };
        (generate.kind == super::generate_form::WALK)
            .then(|| (preview.result_key, preview.result.as_ref()))
    }

    /// Whether the dialog leaves the rest of the window usable: the shaping dialogs, whose
    /// handles are dragged on the timeline and whose range can be chosen again.
    #[must_use]
    pub fn is_modeless(&self) -> bool {
        matches!(
            self.form,
            OpForm::Shape { .. }
                | OpForm::Simplify { .. }
                | OpForm::Smooth { .. }
                | OpForm::Generate(_)
        )
    }
}

/// What Shape, Simplify and Smooth offer: the tolerance and the curve applied last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Offers {
    /// The tolerance (degrees).
    pub tolerance_deg: f64,
    /// The curve Shape offers.
    pub curve: crate::ops::shape::Curve,
}
