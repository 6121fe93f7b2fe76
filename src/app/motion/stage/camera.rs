//! The stage's camera: it orbits a point above the floor (drag), moves that point (Shift+drag
//! or the middle button), comes nearer or goes further (the wheel), and has the four views an
//! animator asks for by name. Perspective, in the floor frame (x forward, y left, z up, mm).

use egui::{Pos2, Rect};

/// A named view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewpoint {
    /// From ahead of the robot.
    Front,
    /// From its right side, nose to the right.
    Side,
    /// From above.
    Top,
    /// From ahead, to its left and above.
    ThreeQuarter,
}

impl Viewpoint {
    /// Every view, in the order the toolbar shows them.
    pub const ALL: [Self; 4] = [Self::Front, Self::Side, Self::Top, Self::ThreeQuarter];

    /// Its button's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Front => "Front",
            Self::Side => "Side",
            Self::Top => "Top",
            Self::ThreeQuarter => "¾",
        }
    }

    /// Its key (with the pointer over the stage).
    #[must_use]
    pub fn key(self) -> egui::Key {
        match self {
            Self::Front => egui::Key::Num1,
            Self::Side => egui::Key::Num2,
            Self::Top => egui::Key::Num3,
            Self::ThreeQuarter => egui::Key::Num4,
        }
    }

    /// The camera's heading and elevation for it (radians).
    fn angles(self) -> (f32, f32) {
        match self {
            Self::Front => (0.0, 0.12),
            Self::Side => (-std::f32::consts::FRAC_PI_2, 0.12),
            Self::Top => (0.0, 1.45),
            Self::ThreeQuarter => (0.75, 0.45),
        }
    }
}

/// The field of view, vertical (radians).
const FOV: f32 = 0.6;
/// Nearest and furthest the camera goes from the point it looks at (mm).
const NEAREST: f32 = 120.0;
const FURTHEST: f32 = 4_000.0;

/// Where the camera is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The heading it looks from: 0 from ahead (+x), a quarter turn from the left (+y).
    pub yaw: f32,
    /// How high it looks down from (0 level, up to nearly straight down).
    pub pitch: f32,
    /// How far it is from the point it looks at (mm).
    pub distance: f32,
    /// The point it looks at (floor frame, mm).
    pub target: [f32; 3],
}

impl Default for Camera {
    fn default() -> Self {
        let mut camera = Self {
            yaw: 0.0,
            pitch: 0.0,
            distance: 750.0,
            target: [0.0, 0.0, 90.0],
        };
        camera.set_view(Viewpoint::ThreeQuarter);
        camera
    }
}

/// A point on screen with its distance from the camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projected {
    /// On screen.
    pub pos: Pos2,
    /// Along the camera's view (mm; larger is further).
    pub depth: f32,
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl Camera {
    /// Turns to a named view, keeping the distance and the point looked at.
    pub fn set_view(&mut self, view: Viewpoint) {
        (self.yaw, self.pitch) = view.angles();
    }

    /// From the point looked at toward the camera (unit).
    #[must_use]
    pub fn back(&self) -> [f32; 3] {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        [cy * cp, sy * cp, sp]
    }

    /// The camera's position.
    #[must_use]
    pub fn eye(&self) -> [f32; 3] {
        let b = self.back();
        [
            self.target[0] + b[0] * self.distance,
            self.target[1] + b[1] * self.distance,
            self.target[2] + b[2] * self.distance,
        ]
    }

    /// The screen's right and up in the floor frame (unit).
    #[must_use]
    pub fn axes(&self) -> ([f32; 3], [f32; 3]) {
        let b = self.back();
        let (sy, cy) = self.yaw.sin_cos();
        // Right is level, across the heading; up is what is left.
        let right = [-sy, cy, 0.0];
        let up = [
            b[1] * right[2] - b[2] * right[1],
            b[2] * right[0] - b[0] * right[2],
            b[0] * right[1] - b[1] * right[0],
        ];
        (right, up)
    }

    /// Where a point of the floor frame is on screen in `rect` (None behind the camera).
    #[must_use]
    pub fn project(&self, p: [f32; 3], rect: Rect) -> Option<Projected> {
        let eye = self.eye();
        let d = [p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]];
        let b = self.back();
        let depth = -dot(d, b);
        if depth < 1.0 {
            return None;
        }
        let (right, up) = self.axes();
        let focal = rect.height() / (2.0 * (FOV / 2.0).tan());
        Some(Projected {
            pos: Pos2::new(
                rect.center().x + dot(d, right) * focal / depth,
                rect.center().y - dot(d, up) * focal / depth,
            ),
            depth,
        })
    }

    /// The ray from the camera through `pos` on screen in `rect`: its start and its unit
    /// direction, in the floor frame.
    #[must_use]
    pub fn ray(&self, pos: Pos2, rect: Rect) -> ([f32; 3], [f32; 3]) {
        let (right, up) = self.axes();
        let b = self.back();
        let focal = rect.height() / (2.0 * (FOV / 2.0).tan());
        let (x, y) = (
            (pos.x - rect.center().x) / focal,
            (rect.center().y - pos.y) / focal,
        );
        let d = [0, 1, 2].map(|i| -b[i] + right[i] * x + up[i] * y);
        let length = dot(d, d).sqrt().max(1e-6);
        (self.eye(), d.map(|v| v / length))
    }

    /// Turns the camera around the point it looks at by a drag of `delta` points.
    pub fn orbit(&mut self, delta: egui::Vec2) {
        self.yaw -= delta.x * 0.01;
        self.pitch = (self.pitch + delta.y * 0.01).clamp(-0.2, 1.5);
    }

    /// Moves the point looked at with a drag of `delta` points in `rect` (the floor frame
    /// follows the pointer at that point's distance).
    pub fn pan(&mut self, delta: egui::Vec2, rect: Rect) {
        let (right, up) = self.axes();
        let per_point = 2.0 * (FOV / 2.0).tan() * self.distance / rect.height().max(1.0);
        for axis in 0..3 {
            self.target[axis] -= (right[axis] * delta.x - up[axis] * delta.y) * per_point;
        }
    }

    /// Comes nearer (`factor` below 1) or goes further.
    pub fn zoom(&mut self, factor: f32) {
        self.distance = (self.distance * factor).clamp(NEAREST, FURTHEST);
    }

    /// Looks at `points` (the robot's corners) from where they fill most of `view` below its
    /// top `clear_top` points (where text is written over it): their middle in the middle of
    /// that, as near as leaves a margin on the tighter side.
    pub fn frame(&mut self, points: &[[f32; 3]], view: Rect, clear_top: f32) {
        let Some(first) = points.first() else {
            return;
        };
        // Where the points go: the view less the top that text written over it takes.
        let fit = Rect::from_min_max(
            egui::pos2(view.left(), (view.top() + clear_top).min(view.center().y)),
            view.max,
        );
        let (mut low, mut high) = (*first, *first);
        for p in points {
            for a in 0..3 {
                low[a] = low[a].min(p[a]);
                high[a] = high[a].max(p[a]);
            }
        }
        let size = (0..3).map(|i| high[i] - low[i]).fold(0.0_f32, f32::max);
        self.target = [0, 1, 2].map(|i| f32::midpoint(low[i], high[i]));
        // From far enough to see the largest side from anywhere, then nearer or further until
        // what is seen fills the view (perspective: a few rounds settle it).
        self.distance = (size * 1.4 / (FOV / 2.0).tan() / 2.0).clamp(NEAREST, FURTHEST);
        for _ in 0..6 {
            let seen: Option<Vec<Pos2>> = points
                .iter()
                .map(|&p| self.project(p, view).map(|q| q.pos))
                .collect();
            let Some(seen) = seen else {
                return;
            };
            let on_screen = Rect::from_points(&seen);
            self.pan(fit.center() - on_screen.center(), view);
            let scale = (on_screen.width() / (fit.width() * FILL))
                .max(on_screen.height() / (fit.height() * FILL));
            if !scale.is_finite() || scale <= 0.0 {
                return;
            }
            self.distance = (self.distance * scale).clamp(NEAREST, FURTHEST);
        }
    }
}

/// How much of the view a framed robot fills, along the tighter side.
const FILL: f32 = 0.92;

#[cfg(test)]
mod tests {
    use super::*;

    fn rect() -> Rect {
        Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0))
    }

    #[test]
    fn the_point_looked_at_is_in_the_middle_and_views_see_what_they_say() {
        let mut camera = Camera::default();
        for view in Viewpoint::ALL {
            camera.set_view(view);
            let at = camera.project(camera.target, rect()).unwrap();
            assert!((at.pos - rect().center()).length() < 1e-3);
        }
        camera.set_view(Viewpoint::Front);
        // Facing the robot, its left (+y) is on our right.
        let left = camera.project([0.0, 100.0, 90.0], rect()).unwrap();
        assert!(left.pos.x > rect().center().x);
        camera.set_view(Viewpoint::Side);
        // From its right side, its nose (+x) points right.
        let ahead = camera.project([100.0, 0.0, 90.0], rect()).unwrap();
        assert!(ahead.pos.x > rect().center().x);
        let up = camera.project([0.0, 0.0, 200.0], rect()).unwrap();
        assert!(up.pos.y < rect().center().y);
    }

    #[test]
    fn orbit_pan_and_zoom_stay_in_bounds() {
        let mut camera = Camera::default();
        camera.orbit(egui::vec2(0.0, 10_000.0));
        assert!(camera.pitch <= 1.5);
        camera.zoom(0.0);
        assert!(camera.distance >= NEAREST);
        camera.zoom(1e9);
        assert!(camera.distance <= FURTHEST);
        let before = camera.target;
        camera.pan(egui::vec2(10.0, 0.0), rect());
        assert!(camera.target != before);
    }

    #[test]
    fn a_framed_robot_keeps_below_the_text_written_over_the_top() {
        // A box the size of a standing robot, framed with 60 points of text over the top.
        let points: Vec<[f32; 3]> = [-120.0, 120.0]
            .iter()
            .flat_map(|&x| [-60.0, 60.0].map(|y| [x, y]))
            .flat_map(|[x, y]| [0.0, 250.0].map(|z| [x, y, z]))
            .collect();
        let mut camera = Camera::default();
        camera.frame(&points, rect(), 60.0);
        let seen: Vec<Pos2> = points
            .iter()
            .map(|&p| camera.project(p, rect()).expect("in front").pos)
            .collect();
        let on_screen = Rect::from_points(&seen);
        assert!(on_screen.top() >= 60.0 - 0.5, "{on_screen:?}");
        assert!(on_screen.bottom() <= rect().bottom() + 0.5, "{on_screen:?}");
        // Nothing over it: the whole height is used.
        camera.frame(&points, rect(), 0.0);
        let top = points
            .iter()
            .map(|&p| camera.project(p, rect()).expect("in front").pos.y)
            .fold(f32::INFINITY, f32::min);
        assert!(top < 60.0, "{top}");
    }
}
