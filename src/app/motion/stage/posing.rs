//! Posing on the stage: a handle on each paw and one on the body, dragged to place them
//! (`ops::place`: the legs solved within their limits, the planted paws kept where they are
//! on the floor, the balance kept), each drag one undo step written into the keyframe at the
//! playhead (inserted on its 16 ms frame where there is none). A click on a paw's handle
//! pins or frees it: a pinned paw stays where it is on the floor, a free one goes with the
//! body. Paws the floor has touching are pinned until the user says otherwise.
//!
//! - Paw: drag along the floor; Shift+drag straight up and down.
//! - Body: drag along the floor; Shift+drag up and down; Ctrl+drag turns it (across: yaw,
//!   up and down: pitch); Ctrl+Shift+drag rolls it.

use super::camera::Camera;
use super::input::StageInput;
use super::model::StageModel;
use crate::edit::Edit;
use crate::ops::place::{BodyGoal, Site, Solved, joint_at};
use crate::robot::floor::body::leg_name;
use crate::robot::floor::{Rig, Settled};
use crate::robot::kinematics::{Leg, Vec3};
use crate::robot::place::{Frame, Request, paws};
use egui::{Color32, Pos2, Rect, Stroke};

/// Where the handles are, in the floor frame the picture is drawn in, and that frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handles {
    /// Each paw's ball centre ([`Leg::ALL`]'s order).
    pub paws: [Vec3; 4],
    /// Which paws the floor has touching.
    pub touching: [bool; 4],
    /// Which legs the motion has (all three joints).
    pub legs: [bool; 4],
    /// The body's handle: above the body's origin.
    pub body: Vec3,
    /// The frame the pose rests in.
    pub frame: Frame,
    /// The floor's up in the body frame.
    pub up: Vec3,
}

/// How far above the body's origin its handle is (mm): on the back, not inside the torso.
const BODY_HANDLE_MM: f64 = 45.0;

impl Handles {
    /// The handles of a pose `values` resting as `settled`.
    #[must_use]
    pub fn of(rig: &Rig, values: &[i32], settled: &Settled) -> Self {
        let frame = Frame::of(settled);
        let body = rig.pose(values);
        let touching = Leg::ALL.map(|leg| {
            settled.contacts.iter().any(|&c| {
                body.touches
                    .get(c)
                    .is_some_and(|t| t.part == crate::robot::floor::Part::Paw(leg))
            })
        });
        Self {
            paws: paws(rig, values, &frame),
            touching,
            legs: Leg::ALL.map(|leg| rig.leg_joints(leg).iter().all(Option::is_some)),
            body: frame.to_floor([0.0, 0.0, BODY_HANDLE_MM]),
            frame,
            up: settled.up,
        }
    }
}

/// A handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    /// A paw ([`Leg::ALL`]'s index).
    Paw(usize),
    /// The body.
    Body,
}

/// How a drag moves what it holds (chosen by the modifiers as it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
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
}

#[derive(Clone, Debug)]
struct Drag {
    handle: Handle,
    mode: Mode,
    site: Site,
    /// The pointer where the drag began.
    from: Pos2,
    /// The camera and the picture's rect as the drag began (the plane and rays are theirs).
    camera: Camera,
    rect: Rect,
    /// The handles as the drag began.
    start: Handles,
    /// Which paws stay where they are.
    pinned: [bool; 4],
    label: String,
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

#[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
fn narrow(v: Vec3) -> [f32; 3] {
    v.map(|c| c as f32)
}

impl Posing {
    /// Whether paw `i` is pinned, with the floor's say where the user gave none.
    #[must_use]
    pub fn pinned(&self, handles: &Handles, i: usize) -> bool {
        self.pins[i].unwrap_or(handles.touching[i])
    }

    /// Whether a drag is under way.
    #[must_use]
    pub fn dragging(&self) -> bool {
        self.drag.is_some()
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
        let ticks = input.ticks.unwrap_or_default();
        let Ok(site) = Site::at(input.motion, input.playhead_ms, ticks) else {
            return;
        };
        let site = site.with_frame(handles.frame, handles.up);
        let mode = match (handle, modifiers.command, modifiers.shift) {
            (Handle::Body, true, false) => Mode::Turn,
            (Handle::Body, true, true) => Mode::Roll,
            (_, _, true) => Mode::Vertical,
            _ => Mode::Along,
        };
        let label = match (handle, mode) {
            (Handle::Paw(i), Mode::Vertical) => format!("Lift {} paw", leg_name(Leg::ALL[i])),
            (Handle::Paw(i), _) => format!("Move {} paw", leg_name(Leg::ALL[i])),
            (Handle::Body, Mode::Vertical) => "Body height".to_owned(),
            (Handle::Body, Mode::Turn) => "Turn body".to_owned(),
            (Handle::Body, Mode::Roll) => "Roll body".to_owned(),
            (Handle::Body, Mode::Along) => "Move body".to_owned(),
        };
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
        self.drag = Some(Drag {
            handle,
            mode,
            site,
            from,
            camera,
            rect,
            start: *handles,
            pinned: [0, 1, 2, 3].map(|i| self.pinned(handles, i)),
            label,
        });
    }

    /// A frame of the drag: the pointer is at `to`.
    pub fn drag_to(&mut self, to: Pos2, settings: &StageModel) {
        let Some(drag) = &mut self.drag else { return };
        let request = drag.request(to, settings.mirror);
        let balance = settings.balance.then_some(f64::from(settings.margin_mm));
        let solved = drag.site.solve_request(&request, balance);
        let edit = drag.site.edit(&solved.placed.values);
        // The keyframe is inserted once, with the first frame.
        drag.site.take_insert();
        self.touched = drag.site.changed(&solved.placed.values);
        self.readout = Some(drag.readout(&request, &solved, settings));
        self.events.push(PoseEvent::Edit {
            label: drag.label.clone(),
            edit,
        });
    }

    /// The drag ends: one undo step named for what moved and the joints it changed.
    pub fn end(&mut self, motion: &crate::codec::mtn::Motion) {
        let Some(drag) = self.drag.take() else { return };
        let names: Vec<&str> = self
            .touched
            .iter()
            .filter_map(|&j| motion.locators.get(j))
            .map(|l| crate::robot::joint_name(&motion.design, l))
            .collect();
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
        self.touched.clear();
        self.readout = None;
    }
}

impl Drag {
    /// What the pointer at `to` asks for.
    fn request(&self, to: Pos2, mirror: bool) -> Request {
        let ray = |p: Pos2| self.camera.ray(p, self.rect);
        let mut request = Request {
            free: [0, 1, 2, 3].map(|i| !self.pinned[i]),
            ..Request::default()
        };
        let grab = narrow(match self.handle {
            Handle::Paw(i) => self.start.paws[i],
            Handle::Body => self.start.body,
        });
        let delta = match self.mode {
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
        .map(f64::from);
        match self.handle {
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
            Handle::Body => {
                let pixels = to - self.from;
                let [roll, pitch, yaw] = self.start.frame.angles();
                let goal = match self.mode {
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

    /// What the stage says while the drag goes on.
    fn readout(&self, request: &Request, solved: &Solved, settings: &StageModel) -> String {
        let how = match (self.handle, self.mode) {
            (Handle::Paw(_), Mode::Vertical) => "up and down",
            (Handle::Paw(_), _) => "along the floor (Shift: up and down)",
            (Handle::Body, Mode::Along) => "along the floor (Shift: up and down, Ctrl: turn)",
            (Handle::Body, Mode::Vertical) => "up and down",
            (Handle::Body, Mode::Turn) => "turning: across yaws, up and down pitches",
            (Handle::Body, Mode::Roll) => "rolling",
        };
        let mut parts = vec![format!("{}: {how}", self.label)];
        if let Handle::Paw(i) = self.handle
            && let Some(at) = request.paws[i]
        {
            let before = self.start.paws[i];
            parts.push(format!(
                "{:+.0} mm forward, {:+.0} left, {:.0} mm up",
                at[0] - before[0],
                at[1] - before[1],
                at[2] - self.site.ball_mm()
            ));
        }
        let b = &solved.body;
        if matches!(self.handle, Handle::Body) {
            parts.push(format!(
                "height {:.0} mm",
                self.start.frame.height_mm() + b.up_mm
            ));
        }
        if solved.held_back {
            parts.push("the body stops where the pinned legs reach no further".to_owned());
        }
        if settings.balance {
            parts.push(format!(
                "margin {:.1} mm{}",
                solved.margin_mm,
                if solved.balanced {
                    String::new()
                } else {
                    format!(
                        " — no shift of the body gives {} mm: the best pose found",
                        settings.margin_mm
                    )
                }
            ));
        } else {
            parts.push(format!("margin {:.1} mm (balance off)", solved.margin_mm));
        }
        for ((leg, result), asked) in Leg::ALL.iter().zip(&solved.placed.legs).zip(&request.paws) {
            let Some(result) = result else { continue };
            if asked.is_some() && result.miss_mm > 0.5 {
                let why = result.limit.map_or_else(
                    || "out of the leg's reach".to_owned(),
                    |j| format!("{} is at its limit", joint_label(*leg, j)),
                );
                parts.push(format!(
                    "the {} paw stops {:.0} mm short: {why}",
                    leg_name(*leg),
                    result.miss_mm
                ));
            }
        }
        parts.join(" · ")
    }
}

/// A leg joint, in words and by name.
fn joint_label(leg: Leg, joint: usize) -> String {
    let name = joint_at(leg, joint);
    let word = match joint {
        0 => "the swing",
        1 => "the abduction",
        _ if leg.is_front() => "the elbow",
        _ => "the knee",
    };
    format!("{word} ({name})")
}

/// A paw's partner on the other side.
#[must_use]
pub fn partner(i: usize) -> usize {
    (i + 2) % 4
}

/// How near a handle the pointer must be to take it (points).
pub const HANDLE_RADIUS: f32 = 8.0;

/// Where each handle is on screen.
#[must_use]
pub fn on_screen(handles: &Handles, camera: &Camera, rect: Rect) -> Vec<(Handle, Pos2)> {
    let mut out: Vec<(Handle, Pos2)> = (0..4)
        .filter(|&i| handles.legs[i])
        .filter_map(|i| {
            Some((
                Handle::Paw(i),
                camera.project(narrow(handles.paws[i]), rect)?.pos,
            ))
        })
        .collect();
    if let Some(p) = camera.project(narrow(handles.body), rect) {
        out.push((Handle::Body, p.pos));
    }
    out.retain(|(_, p)| rect.contains(*p));
    out
}

/// Draws the handles: pinned paws filled with a pin's head, free ones as rings, the body's
/// as a diamond; the one held or under the pointer larger.
pub fn draw(
    painter: &egui::Painter,
    spots: &[(Handle, Pos2)],
    posing: &Posing,
    handles: &Handles,
    lit: Option<Handle>,
) {
    for &(handle, at) in spots {
        let big = lit == Some(handle) || posing.drag.as_ref().is_some_and(|d| d.handle == handle);
        let r = if big { 7.5 } else { 6.0 };
        match handle {
            Handle::Paw(i) => {
                let color = super::around::LEG_COLORS[i];
                if posing.pinned(handles, i) {
                    painter.circle(at, r, color, Stroke::new(1.5, Color32::BLACK));
                    painter.circle_filled(at, 2.0, Color32::BLACK);
                } else {
                    painter.circle_stroke(at, r, Stroke::new(2.5, Color32::BLACK));
                    painter.circle_stroke(at, r, Stroke::new(1.5, color));
                }
            }
            Handle::Body => {
                let s = r + 1.0;
                let points = vec![
                    at + egui::vec2(0.0, -s),
                    at + egui::vec2(s, 0.0),
                    at + egui::vec2(0.0, s),
                    at + egui::vec2(-s, 0.0),
                ];
                painter.add(egui::Shape::convex_polygon(
                    points,
                    Color32::from_rgb(90, 200, 230),
                    Stroke::new(1.5, Color32::BLACK),
                ));
            }
        }
        if big {
            painter.circle_stroke(at, r + 2.5, Stroke::new(1.0, Color32::WHITE));
        }
    }
}

/// The hover text of a handle.
#[must_use]
pub fn help(handle: Handle, pinned: bool) -> String {
    match handle {
        Handle::Paw(i) => format!(
            "{} paw ({}): drag to move it along the floor, Shift+drag to lift or lower it; \
             click to {}",
            leg_name(Leg::ALL[i]),
            if pinned { "pinned" } else { "free" },
            if pinned {
                "free it (it then goes with the body)"
            } else {
                "pin it where it is on the floor"
            }
        ),
        Handle::Body => "The body: drag to move it along the floor, Shift+drag up and down, \
                         Ctrl+drag to turn it (yaw and pitch), Ctrl+Shift+drag to roll it; \
                         the pinned paws stay where they are"
            .to_owned(),
    }
}
