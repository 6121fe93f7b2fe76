//! What the window shows of the document: which curves, what is selected, where the
//! playhead is. Plain data, kept apart from the document (it is not undone).

use crate::codec::mtn::Motion;
use crate::robot::{self, BodyPart};
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

/// How a click on a keyframe's row selects it, as in a spreadsheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowPick {
    /// That row alone (a plain click).
    Only,
    /// That row added or taken away (Ctrl).
    Toggle,
    /// Every row from the last one clicked to this one (Shift).
    Extend,
}

/// The selection by time ([`View::picked`]): the keyframe count then, the selected
/// keyframes' times, the selected points' times and channels.
#[derive(Clone, Debug, Default)]
pub struct Picked {
    count: usize,
    keyframes: Vec<u64>,
    points: Vec<(u64, Channel)>,
}

/// What is shown and selected in a motion's tab. It changes only through the window's
/// actions (see `app::action`), never while a panel is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// The row a Shift-click selects from: the last row clicked or Ctrl-clicked.
    pub row_anchor: Option<usize>,
    /// The selected time range in ms (start <= end), which the Motion menu's range
    /// operations and Copy, Cut and Paste work on.
    pub range_ms: Option<(u64, u64)>,
    /// Show and play the timing the file's frame-rate field implies (where it says other
    /// than 16 ms, or the ERS-110's 0), rather than the robot's 16 ms frames.
    pub follow_file_rate: bool,
    /// Mark where the sound track's sounds begin on the timeline's time axis.
    pub show_onsets: bool,
    /// What the timeline is asked to do once: fit the motion, frame a span, bring a
    /// keyframe into view.
    pub requests: Requests,
    /// Joints bound together: an edit of one moves the other.
    pub links: crate::edit::links::Links,
}

/// What the timeline is asked to do once. Each request is numbered: the timeline remembers
/// the number it last did, so the view asks (in the step that handles actions) and the
/// timeline does it once (while it draws), without drawing having to change the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Requests {
    /// Fit the whole motion into view: asked this many times.
    pub fit: u64,
    /// Frame this span of time (ms), the angles fitted to the motion.
    pub frame: Option<(u64, (u64, u64))>,
    /// Bring this keyframe into view (one just inserted or duplicated).
    pub reveal: Option<(u64, usize)>,
    /// Bring this time (ms) into view (the playhead after a jump).
    pub reveal_time: Option<(u64, u64)>,
    /// Bring this span (ms) into view where it is not already (what a generator writes).
    pub reveal_span: Option<(u64, (u64, u64))>,
    /// Widen the angles in view (whole degrees, rounded outward) to take in these where
    /// they lie beyond (what a generator's preview draws).
    pub reveal_angles: Option<(u64, (i32, i32))>,
    /// Keep the time in view, and widen the angles in view to take in every value shown
    /// where one now lies beyond them (a shape that overshoots): asked this many times.
    pub values: u64,
    /// The last number handed out.
    last: u64,
}

impl Requests {
    fn next(&mut self) -> u64 {
        self.last += 1;
        self.last
    }

    /// Asks for the whole motion in view.
    pub fn fit(&mut self) {
        self.fit = self.next();
    }

    /// Asks for every value shown to be in view, the time in view kept.
    pub fn values(&mut self) {
        self.values = self.next();
    }

    /// Asks for the span `from..to` (ms) in view.
    pub fn frame(&mut self, from_ms: u64, to_ms: u64) {
        let n = self.next();
        self.frame = Some((n, (from_ms, to_ms)));
    }

    /// Asks for keyframe `k` in view.
    pub fn reveal(&mut self, k: usize) {
        let n = self.next();
        self.reveal = Some((n, k));
    }

    /// Asks for the span `from..to` (ms) in view, the view left as it is where it shows it.
    pub fn reveal_span(&mut self, from_ms: u64, to_ms: u64) {
        let n = self.next();
        self.reveal_span = Some((n, (from_ms, to_ms)));
    }

    /// Asks for the angles `low..high` (degrees) in view, widening the angles shown where
    /// they do not take them in.
    pub fn reveal_angles(&mut self, low: f64, high: f64) {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "angles of a few hundred degrees, clamped"
        )]
        let whole = |deg: f64| deg.clamp(-10_000.0, 10_000.0) as i32;
        let n = self.next();
        self.reveal_angles = Some((n, (whole(low.floor()), whole(high.ceil()))));
    }

    /// Asks for the time `ms` in view.
    pub fn reveal_time(&mut self, ms: u64) {
        let n = self.next();
        self.reveal_time = Some((n, ms));
    }
}

impl View {
    /// A fresh view for a motion: every joint shown, body angles hidden.
    #[must_use]
    pub fn for_motion(motion: &Motion) -> Self {
        let mut view = Self {
            visible: vec![true; motion.locators.len()],
            follow_file_rate: odd_frame_rate(motion).is_some(),
            ..Self::default()
        };
        // A tab opens with its whole motion in view.
        view.requests.fit();
        view
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

    /// Shows or hides one curve. A curve hidden leaves the selection: a drag, a nudge or a
    /// delete of points moves only what the animator can see.
    pub fn set_visible(&mut self, channel: Channel, shown: bool) {
        let slot = match channel {
            Channel::Joint(j) => self.visible.get_mut(j),
            Channel::Body(axis) => self.body_visible.get_mut(axis),
        };
        if let Some(slot) = slot {
            *slot = shown;
        }
        self.drop_hidden();
        // A curve shown again is brought into view: the angles widen to take it in.
        if shown {
            self.requests.values();
        }
    }

    /// Shows every joint's curve, the angles in view widened to take them in.
    pub fn show_all(&mut self) {
        self.visible.iter_mut().for_each(|v| *v = true);
        self.requests.values();
    }

    /// Hides every curve (and so selects no point).
    pub fn hide_all(&mut self) {
        self.visible.iter_mut().for_each(|v| *v = false);
        self.body_visible = [false; 3];
        self.drop_hidden();
    }

    /// Takes the points of hidden curves out of the selection, and with them the keyframe
    /// rows they selected: rows left selected by points no longer shown would have Delete
    /// or Alt+Up act on keyframes with nothing on the timeline marked. Rows selected in the
    /// table alone (no point hidden) stay.
    fn drop_hidden(&mut self) {
        let before = self.selection.len();
        let shown: BTreeSet<PointId> = self
            .selection
            .iter()
            .filter(|&&(_, channel)| self.is_visible(channel))
            .copied()
            .collect();
        if shown.len() != before {
            self.selected_keyframes = shown.iter().map(|(k, _)| *k).collect();
            self.selection = shown;
        }
    }

    /// Selects these points (and their keyframes' rows).
    pub fn select_points(&mut self, points: BTreeSet<PointId>) {
        self.selected_keyframes = points.iter().map(|(k, _)| *k).collect();
        self.selection = points;
    }

    /// Selects every one of `keyframes` keyframes, and its point on every curve shown.
    pub fn select_all(&mut self, keyframes: usize) {
        let shown = self.visible_channels();
        self.selection = (0..keyframes)
            .flat_map(|k| shown.iter().map(move |&c| (k, c)))
            .collect();
        self.selected_keyframes = (0..keyframes).collect();
        self.row_anchor = Some(0);
    }

    /// Drops selections that no longer exist (after undo of an insert, say).
    pub fn clamp_selection(&mut self, keyframes: usize) {
        self.selection.retain(|(k, _)| *k < keyframes);
        self.selected_keyframes.retain(|k| *k < keyframes);
    }

    /// How much longer than on the robot the motion is shown and played: the field's ms per
    /// frame over 16 when following an odd frame-rate field, else 1.
    #[must_use]
    pub fn time_scale(&self, motion: &Motion) -> f64 {
        match odd_frame_rate(motion) {
            Some(ms) if self.follow_file_rate => f64::from(ms) / 16.0,
            _ => 1.0,
        }
    }

    /// Selects keyframe `k`'s row as `how` says; points stay selected only with Ctrl.
    pub fn pick_row(&mut self, k: usize, how: RowPick) {
        match how {
            RowPick::Only => {
                self.selection.clear();
                self.selected_keyframes = [k].into();
                self.row_anchor = Some(k);
            }
            RowPick::Toggle => {
                if !self.selected_keyframes.remove(&k) {
                    self.selected_keyframes.insert(k);
                }
                self.row_anchor = Some(k);
            }
            RowPick::Extend => {
                let anchor = self.row_anchor.unwrap_or(k);
                self.selection.clear();
                self.selected_keyframes = (anchor.min(k)..=anchor.max(k)).collect();
            }
        }
    }

    /// What is selected, by time: to find it again after an edit that adds or removes
    /// keyframes (`times`: the keyframes' times now).
    #[must_use]
    pub fn picked(&self, times: &[u64]) -> Picked {
        let at = |k: usize| times.get(k).copied();
        Picked {
            count: times.len(),
            keyframes: self
                .selected_keyframes
                .iter()
                .filter_map(|&k| at(k))
                .collect(),
            points: self
                .selection
                .iter()
                .filter_map(|&(k, c)| at(k).map(|t| (t, c)))
                .collect(),
        }
    }

    /// After an edit that added or removed keyframes (a shape, an undo of one), selects the
    /// keyframes and points at the times `picked` had, where there still are keyframes (the
    /// indices now name other keyframes); then fits the view to the motion.
    pub fn refit(&mut self, motion: &Motion, times: &[u64], picked: Picked) {
        if picked.count != times.len() {
            let index = |t: u64| times.binary_search(&t).ok();
            self.selected_keyframes = picked.keyframes.into_iter().filter_map(index).collect();
            self.selection = picked
                .points
                .into_iter()
                .filter_map(|(t, c)| index(t).map(|k| (k, c)))
                .collect();
        }
        self.fit_to(motion);
    }

    /// Fits the view to the motion after an edit, undo or redo: selections that no longer
    /// exist are dropped, and a motion whose joints changed (converted to another model, or
    /// that conversion undone) shows all its joints.
    pub fn fit_to(&mut self, motion: &Motion) {
        self.clamp_selection(motion.keyframes.len());
        let joints = motion.locators.len();
        if self.visible.len() != joints {
            self.visible = vec![true; joints];
            self.selection
                .retain(|(_, c)| matches!(c, Channel::Body(_)));
            if matches!(self.focused, Some(Channel::Joint(_))) {
                self.focused = None;
            }
        }
    }

    /// The first and last keyframe whose times (`times`, in ms) lie in the selected range;
    /// `None` without a range, or when no keyframe lies in it.
    #[must_use]
    pub fn range_keyframes(&self, times: &[u64]) -> Option<(usize, usize)> {
        let (start, end) = self.range_ms?;
        let first = times.partition_point(|&t| t < start);
        let last = times.partition_point(|&t| t <= end).checked_sub(1)?;
        (first <= last).then_some((first, last))
    }

    /// Shows only the joints `joints` (solo), or all again if they already are the only
    /// ones shown.
    pub fn solo(&mut self, joints: &[usize]) {
        let keep = |j: usize| joints.contains(&j);
        let already = (0..self.visible.len()).all(|j| self.visible[j] == keep(j));
        for (j, shown) in self.visible.iter_mut().enumerate() {
            *shown = already || keep(j);
        }
        if !already {
            self.body_visible = [false; 3];
        }
        self.drop_hidden();
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

/// The frame-rate field when it says other than the robot's 16 ms (and is not the
/// ERS-110's 0, which means 16 ms too).
#[must_use]
pub fn odd_frame_rate(motion: &Motion) -> Option<u16> {
    (!matches!(motion.frame_rate, 0 | 16)).then_some(motion.frame_rate)
}
