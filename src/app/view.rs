//! What the window shows of the document: which curves, what is selected, where the
//! playhead is. Plain data, kept apart from the document (it is not undone).

use crate::codec::mtn::Motion;
use crate::robot::{self, BodyPart};
use egui::Color32;
use std::collections::BTreeSet;

/// One curve on the timeline: a joint, or a body angle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Channel {
    /// Joint `j` of the motion.
    Joint(usize),
    /// Body roll (0), pitch (1) or yaw (2).
    Body(usize),
}

/// The names of the body angles.
pub const BODY_NAMES: [&str; 3] = ["BODY_ROLL", "BODY_PITCH", "BODY_YAW"];

/// A point on the timeline: a keyframe of a channel.
pub type PointId = (usize, Channel);

/// A drag in progress on the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct PointDrag {
    /// Where the pointer went down, in plot coordinates (ms, degrees).
    pub start: [f64; 2],
    /// The values of the selected points when the drag started.
    pub original_values: Vec<(PointId, i32)>,
    /// Every keyframe's frames when the drag started.
    pub original_frames: Vec<u32>,
    /// Once the pointer has moved far enough: true for a retime, false for a value change.
    pub horizontal: Option<bool>,
}

/// View state.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// Joint curves shown.
    pub visible: Vec<bool>,
    /// Body roll, pitch, yaw curves shown.
    pub body_visible: [bool; 3],
    /// The joint whose limits are drawn as a band.
    pub focused: Option<Channel>,
    /// Selected points.
    pub selection: BTreeSet<PointId>,
    /// The selected keyframe rows (table, delete, copy).
    pub selected_keyframes: BTreeSet<usize>,
    /// The playhead, in ms.
    pub playhead_ms: u64,
    /// The point under the pointer last frame (so the plot knows not to pan).
    pub hovered: Option<PointId>,
    /// A drag in progress.
    pub drag: Option<PointDrag>,
    /// A box selection in progress: its start in plot coordinates.
    pub box_start: Option<[f64; 2]>,
    /// Ask the plot to fit the whole motion next frame.
    pub fit_requested: bool,
    /// The plot's transform last frame, for hit tests and for tests that drive the mouse.
    pub transform: Option<egui_plot::PlotTransform>,
    /// The posed robot's clickable limbs last frame, on screen, with their joints: for
    /// tests that click a limb.
    pub pose_limbs: Vec<(usize, [egui::Pos2; 2])>,
    /// The naive timeline, for the benchmark's baseline only: every keyframe of every curve
    /// handed to the plot every frame, with no culling or reduction.
    pub naive_plot: bool,
    /// The curves as the timeline last reduced them, reused while neither the motion nor
    /// the visible range changes (playback, hovering, an idle window).
    pub curve_cache: CurveCache,
}

/// Reduced curve points, valid for one motion revision, keyframe range, point budget and
/// set of shown channels.
#[derive(Clone, Debug, Default)]
pub struct CurveCache {
    key: Option<CurveKey>,
    curves: Vec<(Channel, std::sync::Arc<[[f64; 2]]>)>,
    /// Off for the benchmark that measures the cost of recomputing every frame.
    pub disabled: bool,
}

/// What reduced curves depend on: the document revision, the keyframe range, the point
/// budget and the channels shown.
pub type CurveKey = (u64, std::ops::Range<usize>, usize, Vec<Channel>);

impl CurveCache {
    /// Makes the curves again with `make` (one list of points per channel of the key, in
    /// its order) unless they were made for this key.
    pub fn refresh(&mut self, key: CurveKey, make: impl FnOnce() -> Vec<Vec<[f64; 2]>>) {
        if !self.disabled && self.key.as_ref() == Some(&key) {
            return;
        }
        self.curves = key
            .3
            .iter()
            .copied()
            .zip(make().into_iter().map(Into::into))
            .collect();
        self.key = Some(key);
    }

    /// A channel's points, if it was among those made.
    #[must_use]
    pub fn curve(&self, channel: Channel) -> Option<std::sync::Arc<[[f64; 2]]>> {
        self.curves
            .iter()
            .find(|(c, _)| *c == channel)
            .map(|(_, points)| points.clone())
    }
}

impl View {
    /// A fresh view for a motion: every joint shown, body angles hidden.
    #[must_use]
    pub fn for_motion(motion: &Motion) -> Self {
        Self {
            visible: vec![true; motion.locators.len()],
            fit_requested: true,
            ..Self::default()
        }
    }

    /// Whether a channel is shown.
    #[must_use]
    pub fn is_visible(&self, channel: Channel) -> bool {
        match channel {
            Channel::Joint(j) => self.visible.get(j).copied().unwrap_or(false),
            Channel::Body(axis) => self.body_visible.get(axis).copied().unwrap_or(false),
        }
    }

    /// Every channel that is shown, in order.
    #[must_use]
    pub fn visible_channels(&self) -> Vec<Channel> {
        let joints = (0..self.visible.len()).map(Channel::Joint);
        let body = (0..3).map(Channel::Body);
        joints.chain(body).filter(|&c| self.is_visible(c)).collect()
    }

    /// Shows only the joints for which `keep` is true (solo), or all again if they already
    /// are the only ones shown.
    pub fn solo(&mut self, keep: impl Fn(usize) -> bool) {
        let already = (0..self.visible.len()).all(|j| self.visible[j] == keep(j));
        for (j, shown) in self.visible.iter_mut().enumerate() {
            *shown = already || keep(j);
        }
        if !already {
            self.body_visible = [false; 3];
        }
    }
}

/// A channel's value at keyframe `k`, in microradians.
#[must_use]
pub fn value(motion: &Motion, k: usize, channel: Channel) -> Option<i32> {
    match channel {
        Channel::Joint(j) => motion.keyframes.angle(k, j),
        Channel::Body(axis) => motion
            .keyframes
            .body()
            .get(k)
            .and_then(|b| b.get(axis).copied()),
    }
}

/// A channel's friendly name.
#[must_use]
pub fn channel_name(motion: &Motion, channel: Channel) -> String {
    match channel {
        Channel::Joint(j) => motion.locators.get(j).map_or_else(
            || format!("joint {j}"),
            |l| robot::joint_name(&motion.design, l).to_owned(),
        ),
        Channel::Body(axis) => BODY_NAMES.get(axis).copied().unwrap_or("BODY").to_owned(),
    }
}

/// A channel's body part (body angles count as none).
#[must_use]
pub fn channel_part(motion: &Motion, channel: Channel) -> Option<BodyPart> {
    let Channel::Joint(j) = channel else {
        return None;
    };
    let design = robot::parse_design(&motion.design)?;
    let locator = motion.locators.get(j)?;
    design
        .model
        .joint_by_locator(locator)
        .map(|(_, info)| info.part)
}

/// A distinct colour per channel: joints by a fixed palette (legs get related hues per
/// leg), body angles grey.
#[must_use]
pub fn channel_color(channel: Channel) -> Color32 {
    const PALETTE: [Color32; 20] = [
        Color32::from_rgb(230, 85, 13),
        Color32::from_rgb(253, 141, 60),
        Color32::from_rgb(253, 174, 107),
        Color32::from_rgb(214, 39, 40),
        Color32::from_rgb(148, 103, 189),
        Color32::from_rgb(197, 176, 213),
        Color32::from_rgb(31, 119, 180),
        Color32::from_rgb(107, 174, 214),
        Color32::from_rgb(158, 202, 225),
        Color32::from_rgb(44, 160, 44),
        Color32::from_rgb(116, 196, 118),
        Color32::from_rgb(161, 217, 155),
        Color32::from_rgb(23, 190, 207),
        Color32::from_rgb(102, 194, 165),
        Color32::from_rgb(158, 218, 229),
        Color32::from_rgb(140, 86, 75),
        Color32::from_rgb(196, 156, 148),
        Color32::from_rgb(231, 186, 82),
        Color32::from_rgb(227, 119, 194),
        Color32::from_rgb(247, 182, 210),
    ];
    match channel {
        Channel::Joint(j) => PALETTE[j % PALETTE.len()],
        Channel::Body(axis) => [
            Color32::from_gray(200),
            Color32::from_gray(160),
            Color32::from_gray(120),
        ][axis % 3],
    }
}
