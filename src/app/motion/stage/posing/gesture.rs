//! A posing gesture: a handle's drag or a body slider's, solved each frame into an edit of
//! the keyframe at the playhead, and the pins.

use super::spots::{Handle, Handles, narrow};
use crate::app::motion::stage::camera::Camera;
use crate::app::motion::stage::input::StageInput;
use crate::app::motion::stage::model::StageModel;
use crate::edit::Edit;
use crate::ops::place::{BodyGoal, Site, Solved};
use crate::robot::floor::body::leg_name;

use crate::robot::kinematics::Leg;
use crate::robot::place::{Request, look};
use egui::{Pos2, Rect};

mod readout;

/// How a drag moves what it holds (chosen by the modifiers as it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Along the floor.
    Along,
    /// Straight up and down (Shift).
    Vertical,
    /// The body turned: yaw across, pitch up and down (Ctrl).
    Turn,
    /// The body rolled (Ctrl+Shift).
    Roll,
}

/// What posing asks of the tab, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum PoseEvent {
    /// A gesture opens: the playhead goes to the keyframe's time.
    Begin {
        /// The undo label.
        label: String,
        /// The keyframe's time (ms).
        at_ms: u64,
    },
    /// A frame of it.
    Edit {
        /// The undo label.
        label: String,
        /// The change.
        edit: Edit,
    },
    /// It closes, named for what moved and the joints it changed.
    End(String),
    /// A line for the status bar.
    Say(String),
    /// The playhead goes to this time (ms): where the posed keyframe is once the weight
    /// shift lengthened the segment before it.
    Seek(u64),
}

/// The posing the stage keeps between frames.
#[derive(Clone, Debug, Default)]
pub struct Posing {
    drag: Option<Drag>,
    /// The user's pins: pinned (true) or free (false); None: pinned while it touches.
    pins: [Option<bool>; 4],
    /// The joints the drag under way changed (the joints list highlights them).
    pub touched: Vec<usize>,
    /// What the drag under way is doing, for the stage to say.
    pub readout: Option<String>,
    /// What to ask of the tab this frame.
    pub events: Vec<PoseEvent>,
    /// Where the last slider gesture stopped short of the value asked, and why (the bar
    /// says so beside its sliders until the next gesture).
    pub stopped: Option<Stopped>,
    /// What the last gesture's weight shift did to the timing ("…lengthened by 320 ms"),
    /// and the time of the keyframe it posed: the bar says it while the playhead stays
    /// there, until the next gesture (the floor's verdict takes the status bar's line a
    /// moment later).
    pub shifted: Option<(String, u64)>,
}

/// A body slider that stopped short of the value asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Stopped {
    /// The slider.
    pub axis: Axis,
    /// The value asked (its unit's).
    pub asked: f64,
    /// Why the body went no further, in words.
    pub why: String,
}

/// What a drag holds: a handle on the stage, or a slider of the posing bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grip {
    /// A handle, moved as the modifiers chose when the drag began.
    Handle(Handle, Mode),
    /// A body slider.
    Slider(Axis),
}

/// A body slider: what it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// The body origin's height above the floor (mm).
    Height,
    /// Forward of where it was (mm).
    Forward,
    /// To the left of where it was (mm).
    Sideways,
    /// Pitch, nose up (degrees).
    Pitch,
    /// Roll, left side up (degrees).
    Roll,
    /// Yaw, to the left of where it was (degrees).
    Yaw,
}

impl Axis {
    /// All six, in the bar's order.
    pub const ALL: [Self; 6] = [
        Self::Height,
        Self::Forward,
        Self::Sideways,
        Self::Pitch,
        Self::Roll,
        Self::Yaw,
    ];

    /// Its name on the bar (and in its undo label, after "Body").
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Height => "height",
            Self::Forward => "forward",
            Self::Sideways => "sideways",
            Self::Pitch => "pitch",
            Self::Roll => "roll",
            Self::Yaw => "yaw",
        }
    }
}

#[derive(Clone, Debug)]
struct Drag {
    grip: Grip,
    site: Site,
    /// The pointer where the drag began, the camera and the picture's rect then (the plane
    /// and rays a handle moves on are theirs).
    from: Pos2,
    camera: Camera,
    rect: Rect,
    /// The handles as the drag began.
    start: Handles,
    /// Which paws stay where they are.
    pinned: [bool; 4],
    label: String,
    /// A slider's value.
    value: f64,
    /// What the last frame asked and made, where the balance was kept (the weight is
    /// shifted first as the drag ends).
    balanced: Option<(Request, Solved)>,
    /// The floor's up in the body frame of the pose the drag made last: the site's frame,
    /// the planted paws where they are, the body moved as solved.
    up: Option<[f64; 3]>,
    /// Why the last frame's body went no further than it did (None: it went where asked).
    held_back: Option<String>,
}

/// The point where a ray meets the level plane at height `z` (None: parallel, or behind).
fn on_plane((o, d): ([f32; 3], [f32; 3]), z: f32) -> Option<[f32; 3]> {
    if d[2].abs() < 1e-4 {
        return None;
    }
    let t = (z - o[2]) / d[2];
    (t > 0.0).then(|| [o[0] + d[0] * t, o[1] + d[1] * t, z])
}

/// The height on the vertical line through `p` nearest to a ray.
fn on_vertical((o, d): ([f32; 3], [f32; 3]), p: [f32; 3]) -> f32 {
    // The line p + s·z and the ray o + t·d: the s of their nearest points.
    let w = [p[0] - o[0], p[1] - o[1], p[2] - o[2]];
    let b = d[2];
    let dw = d[0] * w[0] + d[1] * w[1] + d[2] * w[2];
    let denominator = 1.0 - b * b;
    if denominator.abs() < 1e-6 {
        return p[2];
    }
    let s = (b * dw - w[2]) / denominator;
    p[2] + s
}

impl Posing {
    /// Whether paw `i` is pinned, with the floor's say where the user gave none.
    #[must_use]
    pub fn pinned(&self, handles: &Handles, i: usize) -> bool {
        self.pins[i].unwrap_or(handles.touching[i])
    }

    /// Whether a drag holds `handle`.
    #[must_use]
    pub fn holds(&self, handle: Handle) -> bool {
        self.drag
            .as_ref()
            .is_some_and(|d| matches!(d.grip, Grip::Handle(h, _) if h == handle))
    }

    /// Whether a drag is under way.
    #[must_use]
    pub fn dragging(&self) -> bool {
        self.drag.is_some()
    }

    /// While a drag poses the body, the floor's up in the body frame as the drag solved the
    /// pose: the stage draws the pose being solved so, the planted paws on the floor (the
    /// floor worked out tick by tick comes later, and without the weight shift the drag
    /// adds as it ends it would tip the body onto the paw being lifted).
    #[must_use]
    pub fn solving_up(&self) -> Option<[f64; 3]> {
        self.drag.as_ref().and_then(|d| d.up)
    }

    /// Pins a paw, or frees it.
    pub fn toggle_pin(&mut self, handles: &Handles, i: usize) {
        let now = self.pinned(handles, i);
        self.pins[i] = Some(!now);
        self.events.push(PoseEvent::Say(format!(
            "{} paw {}",
            leg_name(Leg::ALL[i]),
            if now {
                "free: it goes with the body"
            } else {
                "pinned: it stays where it is on the floor"
            }
        )));
    }

    /// Starts a drag of `handle`.
    #[expect(clippy::too_many_arguments, reason = "what a drag starts from")]
    pub fn begin(
        &mut self,
        input: &StageInput<'_>,
        handles: &Handles,
        handle: Handle,
        modifiers: egui::Modifiers,
        from: Pos2,
        camera: Camera,
        rect: Rect,
    ) {
        let mode = match (handle, modifiers.command, modifiers.shift) {
            (Handle::Body, true, false) => Mode::Turn,
            (Handle::Body, true, true) => Mode::Roll,
            (_, _, true) => Mode::Vertical,
            _ => Mode::Along,
        };
        let mode = match (handle, mode) {
            (Handle::Look | Handle::Tail, Mode::Turn | Mode::Roll) => Mode::Along,
            (_, mode) => mode,
        };
        let label = match (handle, mode) {
            (Handle::Look, _) => "Head look-at".to_owned(),
            (Handle::Tail, _) => "Tail".to_owned(),
            (Handle::Paw(i), Mode::Vertical) => format!("Lift {} paw", leg_name(Leg::ALL[i])),
            (Handle::Paw(i), _) => format!("Move {} paw", leg_name(Leg::ALL[i])),
            (Handle::Body, Mode::Vertical) => "Body height".to_owned(),
            (Handle::Body, Mode::Turn) => "Turn body".to_owned(),
            (Handle::Body, Mode::Roll) => "Roll body".to_owned(),
            (Handle::Body, Mode::Along) => "Move body".to_owned(),
        };
        self.open(
            input,
            handles,
            Grip::Handle(handle, mode),
            label,
            (from, camera, rect),
        );
    }

    /// Starts a gesture of a body slider.
    pub fn begin_slider(&mut self, input: &StageInput<'_>, handles: &Handles, axis: Axis) {
        let label = format!("Body {}", axis.word());
        let start = (Pos2::ZERO, Camera::default(), Rect::NOTHING);
        self.open(input, handles, Grip::Slider(axis), label, start);
    }

    /// The slider's value while its gesture goes on.
    #[must_use]
    pub fn sliding(&self, axis: Axis) -> Option<f64> {
        self.drag
            .as_ref()
            .filter(|d| d.grip == Grip::Slider(axis))
            .map(|d| d.value)
    }

    fn open(
        &mut self,
        input: &StageInput<'_>,
        handles: &Handles,
        grip: Grip,
        label: String,
        (from, camera, rect): (Pos2, Camera, Rect),
    ) {
        let ticks = input.ticks.unwrap_or_default();
        let Ok(site) = Site::at(input.motion, input.playhead_ms, ticks) else {
            return;
        };
        let site = site.with_frame(handles.frame, handles.up);
        self.events.push(PoseEvent::Begin {
            label: label.clone(),
            at_ms: site.time_ms,
        });
        if site.insert.is_some() {
            self.events.push(PoseEvent::Say(format!(
                "Inserted keyframe {} at {} ms (the playhead's 16 ms frame) for the pose",
                site.keyframe, site.time_ms
            )));
        }
        let value = match grip {
            Grip::Slider(axis) => slider_value(handles, axis),
            Grip::Handle(..) => 0.0,
        };
        self.drag = Some(Drag {
            grip,
            site,
            from,
            camera,
            rect,
            start: *handles,
            pinned: [0, 1, 2, 3].map(|i| self.pinned(handles, i)),
            label,
            value,
            balanced: None,
            up: None,
            held_back: None,
        });
        self.stopped = None;
        self.shifted = None;
    }

    /// A frame of a slider's gesture: it is at `value`.
    pub fn slide_to(&mut self, value: f64, settings: &StageModel) {
        if let Some(drag) = &mut self.drag {
            drag.value = value;
        }
        self.step(Pos2::ZERO, settings);
    }

    /// A frame of the drag: the pointer is at `to`.
    pub fn drag_to(&mut self, to: Pos2, settings: &StageModel) {
        self.step(to, settings);
    }

    fn step(&mut self, to: Pos2, settings: &StageModel) {
        let Some(drag) = &mut self.drag else { return };
        if let Grip::Handle(handle @ (Handle::Look | Handle::Tail), mode) = drag.grip {
            // The head or the tail alone: the legs and the body stay.
            let start = match handle {
                Handle::Look => drag.start.look,
                Handle::Paw(_) | Handle::Body | Handle::Tail => drag.start.tail,
            };
            let Some(start) = start else { return };
            let d = drag.delta(to, mode, narrow(start));
            let target =
                drag.site
                    .frame
                    .to_body([start[0] + d[0], start[1] + d[1], start[2] + d[2]]);
            let rig = &drag.site.rig;
            let values = match handle {
                Handle::Look => look::look_at(rig, &drag.site.values, target),
                Handle::Paw(_) | Handle::Body | Handle::Tail => {
                    look::point_tail(rig, &drag.site.values, target)
                }
            };
            let edit = drag.site.edit(&values);
            drag.site.take_insert();
            self.touched = drag.site.changed(&values);
            self.readout = Some(format!(
                "{}: {} · the joints stop at their limits",
                drag.label,
                if mode == Mode::Vertical {
                    "up and down"
                } else {
                    "along the floor (Shift: up and down)"
                }
            ));
            self.events.push(PoseEvent::Edit {
                label: drag.label.clone(),
                edit,
            });
            return;
        }
        let asked = drag.request(to, settings.mirror);
        let balance = settings.balance.then_some(f64::from(settings.margin_mm));
        // A paw goes only as far as its leg reaches, along the way it was dragged.
        let (request, solved) = if matches!(drag.grip, Grip::Handle(Handle::Paw(_), _)) {
            drag.site.solve_reaching(&asked, balance)
        } else {
            (asked, drag.site.solve_request(&asked, balance))
        };
        let readout = drag.readout((&asked, &request), &solved, settings);
        drag.held_back.clone_from(&solved.held_back);
        if settings.balance && !solved.balanced && solved.margin_mm < 0.0 {
            // Balance on never makes a pose that falls: the last one that stands stays.
            self.readout = Some(format!(
                "{readout} · it would fall: the last pose that stands is kept"
            ));
            return;
        }
        let edit = drag.site.edit(&solved.placed.values);
        // The keyframe is inserted once, with the first frame.
        drag.site.take_insert();
        self.touched = drag.site.changed(&solved.placed.values);
        self.readout = Some(readout);
        drag.balanced = settings.balance.then(|| (solved.request, solved.clone()));
        drag.up = Some(drag.site.frame.moved(&solved.body).up());
        self.events.push(PoseEvent::Edit {
            label: drag.label.clone(),
            edit,
        });
    }

    /// The drag ends: one undo step named for what moved and the joints it changed.
    pub fn end(&mut self, motion: &crate::codec::mtn::Motion) {
        let Some(drag) = self.drag.take() else { return };
        if let (Grip::Slider(axis), Some(why)) = (drag.grip, &drag.held_back) {
            self.stopped = Some(Stopped {
                axis,
                asked: drag.value,
                why: why.clone(),
            });
        }
        let names: Vec<&str> = self
            .touched
            .iter()
            .filter_map(|&j| motion.locators.get(j))
            .map(|l| crate::robot::joint_name(&motion.design, l))
            .collect();
        // A paw lifted with the balance: the weight goes over the other paws before it leaves
        // the floor and comes back after it is down (keyframes halfway in and out), in the
        // same step.
        let mut shifted = None;
        if let Some((request, solved)) = &drag.balanced
            && let Some(first) = drag
                .site
                .weight_first(request, solved, &solved.placed.values)
        {
            shifted = Some((
                crate::words::capitalised(&first.said()),
                drag.site.time_ms + first.lengthened_ms.0,
            ));
            self.events.push(PoseEvent::Edit {
                label: drag.label.clone(),
                edit: first.edit,
            });
        }
        let label = match names.len() {
            0 => drag.label,
            1..=3 => format!("{} ({})", drag.label, names.join(", ")),
            n => format!(
                "{} ({} and {} more)",
                drag.label,
                names[..3].join(", "),
                n - 3
            ),
        };
        self.events.push(PoseEvent::End(label));
        // The last word of the drag stays in the status bar (a typed number that stopped
        // short says so there), with what the weight shift added and moved after it: the
        // timing changed. The playhead follows the pose where a lengthened segment moved it.
        let readout = self.readout.take();
        let said = match (readout, &shifted) {
            (Some(readout), Some((shift, _))) => Some(format!("{readout} · {shift}")),
            (Some(readout), None) => Some(readout),
            (None, Some((shift, _))) => Some(shift.clone()),
            (None, None) => None,
        };
        if let Some(said) = said {
            self.events.push(PoseEvent::Say(said));
        }
        if let Some((shift, posed_ms)) = shifted {
            self.events.push(PoseEvent::Seek(posed_ms));
            self.shifted = Some((shift, posed_ms));
        }
        self.touched.clear();
    }
}

impl Drag {
    /// How far the pointer at `to` moves a point held at `grab` (floor frame, mm): along the
    /// level plane through it, or up and down the vertical line through it.
    fn delta(&self, to: Pos2, mode: Mode, grab: [f32; 3]) -> [f64; 3] {
        let ray = |p: Pos2| self.camera.ray(p, self.rect);
        match mode {
            Mode::Along => match (
                on_plane(ray(self.from), grab[2]),
                on_plane(ray(to), grab[2]),
            ) {
                (Some(a), Some(b)) => [b[0] - a[0], b[1] - a[1], 0.0],
                _ => [0.0; 3],
            },
            Mode::Vertical => [
                0.0,
                0.0,
                on_vertical(ray(to), grab) - on_vertical(ray(self.from), grab),
            ],
            Mode::Turn | Mode::Roll => [0.0; 3],
        }
        .map(f64::from)
    }

    /// What the pointer at `to` asks for.
    fn request(&self, to: Pos2, mirror: bool) -> Request {
        let mut request = Request {
            free: [0, 1, 2, 3].map(|i| !self.pinned[i]),
            ..Request::default()
        };
        let (handle, mode) = match self.grip {
            Grip::Handle(handle, mode) => (handle, mode),
            Grip::Slider(axis) => {
                let v = Some(self.value);
                let goal = match axis {
                    Axis::Height => BodyGoal {
                        height_mm: v,
                        ..BodyGoal::default()
                    },
                    Axis::Forward => BodyGoal {
                        x_mm: v,
                        ..BodyGoal::default()
                    },
                    Axis::Sideways => BodyGoal {
                        y_mm: v,
                        ..BodyGoal::default()
                    },
                    Axis::Pitch => BodyGoal {
                        pitch_deg: v,
                        ..BodyGoal::default()
                    },
                    Axis::Roll => BodyGoal {
                        roll_deg: v,
                        ..BodyGoal::default()
                    },
                    Axis::Yaw => BodyGoal {
                        yaw_deg: v,
                        ..BodyGoal::default()
                    },
                };
                request.body = self.site.body_change(&goal);
                return request;
            }
        };
        let grab = narrow(match handle {
            Handle::Paw(i) => self.start.paws[i],
            Handle::Body | Handle::Look | Handle::Tail => self.start.body,
        });
        let delta = self.delta(to, mode, grab);
        match handle {
            Handle::Paw(i) => {
                let at = self.start.paws[i];
                request.paws[i] = Some([at[0] + delta[0], at[1] + delta[1], at[2] + delta[2]]);
                request.free[i] = false;
                if mirror {
                    let j = partner(i);
                    let at = self.start.paws[j];
                    request.paws[j] = Some([at[0] + delta[0], at[1] - delta[1], at[2] + delta[2]]);
                    request.free[j] = false;
                }
            }
            Handle::Look | Handle::Tail => {}
            Handle::Body => {
                let pixels = to - self.from;
                let [roll, pitch, yaw] = self.start.frame.angles();
                let goal = match mode {
                    Mode::Along => BodyGoal {
                        x_mm: Some(delta[0]),
                        y_mm: Some(delta[1]),
                        ..BodyGoal::default()
                    },
                    Mode::Vertical => BodyGoal {
                        height_mm: Some(self.start.frame.height_mm() + delta[2]),
                        ..BodyGoal::default()
                    },
                    Mode::Turn => BodyGoal {
                        yaw_deg: Some(yaw - f64::from(pixels.x) * 0.3),
                        pitch_deg: Some(pitch - f64::from(pixels.y) * 0.3),
                        ..BodyGoal::default()
                    },
                    Mode::Roll => BodyGoal {
                        roll_deg: Some(roll - f64::from(pixels.x) * 0.3),
                        ..BodyGoal::default()
                    },
                };
                request.body = self.site.body_change(&goal);
            }
        }
        request
    }
}

/// What a slider shows of the pose the handles were taken from: the height and the floor's
/// pitch and roll; the shifts and the yaw are 0 where the body is.
#[must_use]
pub fn slider_value(handles: &Handles, axis: Axis) -> f64 {
    let [roll, pitch, _] = handles.frame.angles();
    match axis {
        Axis::Height => handles.frame.height_mm(),
        Axis::Pitch => pitch,
        Axis::Roll => roll,
        Axis::Forward | Axis::Sideways | Axis::Yaw => 0.0,
    }
}

/// A paw's partner on the other side.
#[must_use]
pub fn partner(i: usize) -> usize {
    (i + 2) % 4
}
