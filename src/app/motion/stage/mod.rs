//! The stage: the posed robot in 3D at the playhead, filled and lit, standing on a floor the
//! way a rigid body would (`robot::floor`), with its shadow, the support polygon, the centre
//! of mass and how far it is from tipping; ghosts of the keyframes around the playhead and
//! the paws' paths over the time in view. Orbit by dragging, pan with Shift+drag or the
//! middle button, zoom with the wheel, double-click to frame the robot, 1-4 (or the buttons)
//! for the front, side, top and three-quarter views. Clicking a limb selects its joint.
//!
//! - [`camera`]: the orbiting camera and its projection.
//! - [`solid`]: the robot's parts as triangles.
//! - [`paint`]: drawing them, the floor and the overlays.
//! - [`around`]: the ghosts and the trails.

pub mod around;
pub mod camera;
pub mod paint;
pub mod solid;

use super::view::{Channel, channel_color};
use crate::codec::mtn::Motion;
use crate::robot::floor::{self, Rest};
use crate::robot::urad_to_deg;
use camera::{Camera, View};
use egui::{Color32, Pos2, Rect, Stroke};

/// What the stage keeps between frames.
#[derive(Clone, Debug, Default)]
pub struct StageState {
    /// The camera.
    pub camera: Camera,
    /// Ghosts of this many keyframes before and after the playhead.
    pub onion: usize,
    /// Whether the paws' paths are drawn.
    pub hide_trails: bool,
    /// The robot's triangles on screen last frame, furthest first, with their joints: what a
    /// click picks from (and what tests click).
    pub hits: Vec<(Option<usize>, [Pos2; 3])>,
    /// Where the stage was drawn last frame.
    pub rect: Option<Rect>,
    /// The paws' paths, kept while the motion and the time in view stay.
    trails: Option<around::Trails>,
}

/// What the stage shows: the motion at the playhead, and what it knows of its ticks.
pub struct StageInput<'a> {
    /// The motion.
    pub motion: &'a Motion,
    /// Its revision (the trails are kept while it stays).
    pub revision: u64,
    /// The values commanded at the playhead.
    pub values: &'a [i32],
    /// The file's own body angles at the playhead.
    pub file_body: [i32; 3],
    /// The playhead (ms).
    pub playhead_ms: u64,
    /// Each keyframe's time (ms).
    pub times_ms: &'a [u64],
    /// How the body rests at every tick, when worked out for this revision.
    pub ticks: Option<&'a [Rest]>,
    /// The time range in view on the timeline (ms).
    pub visible_ms: Option<(f64, f64)>,
    /// The focused channel.
    pub focused: Option<Channel>,
    /// The lights the LED track has on at the playhead (None: no LED track).
    pub lights: Option<crate::behaviour::lights::Lights>,
}

/// What the user asked of the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageEvent {
    /// A limb was clicked: select its joint.
    Select(usize),
    /// Make the stage large, or small again.
    ToggleLarge,
}

/// The joint of the triangle under `p` (the nearest), if any.
#[must_use]
pub fn pick(hits: &[(Option<usize>, [Pos2; 3])], p: Pos2) -> Option<Option<usize>> {
    hits.iter()
        .rev()
        .find(|(_, t)| paint::inside(p, *t))
        .map(|(joint, _)| *joint)
}

/// The floor's up at `tick - 1` (how the tick before left the body), else the file's own
/// body angles.
fn held(ticks: Option<&[Rest]>, tick: u64, file_body: [i32; 3]) -> [f64; 3] {
    usize::try_from(tick)
        .ok()
        .and_then(|t| t.checked_sub(1))
        .and_then(|t| ticks?.get(t))
        .map_or_else(|| floor::up_from_body(file_body), |r| r.up.map(f64::from))
}

fn toolbar(ui: &mut egui::Ui, state: &mut StageState, large: bool) -> Option<StageEvent> {
    let mut event = None;
    ui.horizontal_wrapped(|ui| {
        for view in View::ALL {
            if ui
                .small_button(view.label())
                .on_hover_text(format!(
                    "The view from {} ({})",
                    view_words(view),
                    key_name(view)
                ))
                .clicked()
            {
                state.camera.set_view(view);
            }
        }
        ui.add(
            egui::DragValue::new(&mut state.onion)
                .range(0..=4)
                .prefix("Ghosts ")
                .speed(0.05),
        )
        .on_hover_text("Ghosts of this many keyframes before and after the playhead");
        let mut trails = !state.hide_trails;
        if ui
            .checkbox(&mut trails, "Paths")
            .on_hover_text("The paws' paths over the time in view")
            .changed()
        {
            state.hide_trails = !trails;
        }
        let label = if large { "Smaller" } else { "Larger" };
        if ui
            .small_button(label)
            .on_hover_text(
                "The stage takes most of the window, or its corner again (View > Large Stage)",
            )
            .clicked()
        {
            event = Some(StageEvent::ToggleLarge);
        }
    });
    event
}

fn view_words(view: View) -> &'static str {
    match view {
        View::Front => "ahead",
        View::Side => "the side",
        View::Top => "above",
        View::ThreeQuarter => "ahead, to the side and above",
    }
}

fn key_name(view: View) -> &'static str {
    match view {
        View::Front => "1",
        View::Side => "2",
        View::Top => "3",
        View::ThreeQuarter => "4",
    }
}

/// Draws the stage in the space `ui` gives; returns what the user asked.
pub fn stage_ui(
    ui: &mut egui::Ui,
    input: &StageInput<'_>,
    large: bool,
    state: &mut StageState,
) -> Option<StageEvent> {
    let Some(rig) = floor::rig(input.motion) else {
        ui.label("No stage: the design label names no AIBO model.");
        return None;
    };
    let mut event = toolbar(ui, state, large);
    let size = egui::vec2(
        ui.available_width().max(120.0),
        ui.available_height().max(100.0),
    );
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    state.rect = Some(rect);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Stage"));
    steer(ui, &response, rect, state);
    let body = rig.pose(input.values);
    let tick = input.playhead_ms / crate::robot::timing::TICK_MS;
    let settled = floor::settle(&body, held(input.ticks, tick, input.file_body), None);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, Color32::from_rgb(28, 30, 35));
    let canvas = paint::Canvas {
        camera: &state.camera,
        rect,
        painter: &painter,
    };
    canvas.floor();
    let motion = input.motion;
    let index = |name: &str| {
        motion
            .locators
            .iter()
            .position(|l| crate::robot::joint_name(&motion.design, l) == name)
    };
    let focused = match input.focused {
        Some(Channel::Joint(j)) => Some(j),
        _ => None,
    };
    let joint_color = |j: usize| channel_color(Channel::Joint(j));
    let paint = solid::Paint {
        joint_color: &joint_color,
        focused,
        ghost: None,
        lights: input.lights.as_ref(),
    };
    let degrees = |column: Option<usize>| {
        column
            .and_then(|j| input.values.get(j))
            .map_or(0.0, |&v| urad_to_deg(v))
    };
    let robot = solid::robot(&rig, &body, &settled, &paint, &index, &degrees);
    canvas.shadows(&robot);
    overlay_support(&canvas, &settled);
    let ghosts = around::ghosts(&rig, input, state.onion, &index);
    if !state.hide_trails {
        let trails = around::trails(&rig, input, &mut state.trails);
        trails.draw(&canvas);
    }
    // Ghosts beneath the robot (their own mesh, drawn first): never over it.
    canvas.solids(&ghosts);
    let drawn = canvas.solids(&robot);
    state.hits = drawn
        .into_iter()
        .filter(|d| d.solid)
        .map(|d| (d.joint, d.corners))
        .collect();
    overlay_com(&canvas, &settled);
    let last_tick = input.times_ms.last().copied().unwrap_or(0) / crate::robot::timing::TICK_MS;
    hud(
        &painter,
        rect,
        &Hud {
            settled: &settled,
            file_body: input.file_body,
            body: &body,
            rig: &rig,
            on_keyframe: input.times_ms.binary_search(&input.playhead_ms).is_ok(),
            too_long: last_tick > floor::MAX_SOLVED_TICKS,
            paths: !state.hide_trails,
        },
    );
    if response.double_clicked() {
        frame_robot(&mut state.camera, &robot);
    } else if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(Some(joint)) = pick(&state.hits, p)
    {
        event = Some(StageEvent::Select(joint));
    }
    event
}

/// Orbit, pan, zoom and the view keys.
fn steer(ui: &egui::Ui, response: &egui::Response, rect: Rect, state: &mut StageState) {
    let (shift, middle, secondary) = ui.input(|i| {
        (
            i.modifiers.shift,
            i.pointer.middle_down(),
            i.pointer.secondary_down(),
        )
    });
    if response.dragged() {
        let delta = response.drag_delta();
        if shift || middle || secondary {
            state.camera.pan(delta, rect);
        } else {
            state.camera.orbit(delta);
        }
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            state.camera.zoom((-scroll * 0.002).exp());
        }
        for view in View::ALL {
            if ui.input(|i| i.key_pressed(view.key()) && i.modifiers.is_none()) {
                state.camera.set_view(view);
            }
        }
    }
}

/// Frames the robot's triangles.
fn frame_robot(camera: &mut Camera, tris: &[solid::Tri]) {
    let mut low = [f32::INFINITY; 3];
    let mut high = [f32::NEG_INFINITY; 3];
    for p in tris.iter().flat_map(|t| t.p) {
        for a in 0..3 {
            low[a] = low[a].min(p[a]);
            high[a] = high[a].max(p[a]);
        }
    }
    if low[0].is_finite() {
        low[2] = 0.0;
        camera.frame(low, high);
    }
}

/// How safe a margin is, as a colour: green with room, amber near the edge, red beyond it.
fn margin_color(margin_mm: f64) -> Color32 {
    if margin_mm >= 10.0 {
        Color32::from_rgb(90, 210, 120)
    } else if margin_mm >= 0.0 {
        Color32::from_rgb(240, 180, 60)
    } else {
        Color32::from_rgb(240, 80, 70)
    }
}

#[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
fn overlay_support(canvas: &paint::Canvas<'_>, settled: &floor::Settled) {
    let color = margin_color(settled.margin_mm);
    let points: Vec<[f32; 3]> = settled
        .support
        .iter()
        .map(|p| [p[0] as f32, p[1] as f32, 0.8])
        .collect();
    if points.len() >= 3 {
        canvas.polygon(&points, color.gamma_multiply(0.25), Stroke::new(1.5, color));
    }
}

#[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
fn overlay_com(canvas: &paint::Canvas<'_>, settled: &floor::Settled) {
    let color = margin_color(settled.margin_mm);
    let com = settled.com.map(|c| c as f32);
    let ground = [com[0], com[1], 0.8];
    canvas.line(com, ground, Stroke::new(1.0, color));
    if let Some(at) = canvas.at(com) {
        canvas
            .painter
            .circle(at.pos, 5.0, color, Stroke::new(1.5, Color32::BLACK));
    }
    if let Some(at) = canvas.at(ground) {
        let s = 6.0;
        let stroke = Stroke::new(2.0, color);
        canvas.painter.line_segment(
            [at.pos - egui::vec2(s, 0.0), at.pos + egui::vec2(s, 0.0)],
            stroke,
        );
        canvas.painter.line_segment(
            [at.pos - egui::vec2(0.0, s), at.pos + egui::vec2(0.0, s)],
            stroke,
        );
    }
}

/// What the stage's text says.
struct Hud<'a> {
    settled: &'a floor::Settled,
    file_body: [i32; 3],
    body: &'a floor::Body,
    rig: &'a floor::Rig,
    /// Whether the playhead is on a keyframe (the file's body angles are set there).
    on_keyframe: bool,
    /// Whether the motion is too long for the floor to be worked out every tick.
    too_long: bool,
    /// Whether the paws' paths are drawn (their key is shown).
    paths: bool,
}

/// Writes `lines` from `top` down, each wrapped to the stage's width on a dark backdrop (the
/// robot may be behind them).
fn lines(painter: &egui::Painter, rect: Rect, top: f32, lines: &[(String, Color32)]) {
    let font = egui::FontId::proportional(12.0);
    let width = (rect.width() - 16.0).max(40.0);
    let mut y = top;
    for (text, color) in lines {
        let galley = painter.layout(text.clone(), font.clone(), *color, width);
        let at = Pos2::new(rect.left() + 8.0, y);
        painter.rect_filled(
            Rect::from_min_size(
                at - egui::vec2(3.0, 1.0),
                galley.size() + egui::vec2(6.0, 2.0),
            ),
            3.0,
            Color32::from_black_alpha(150),
        );
        y += galley.size().y + 3.0;
        painter.galley(at, galley, *color);
    }
}

fn hud(painter: &egui::Painter, rect: Rect, hud: &Hud<'_>) {
    let settled = hud.settled;
    let mut said = vec![(
        format!(
            "{} · {:.0} mm up · pitch {:+.1}° · roll {:+.1}°",
            hud.rig.model.name(),
            settled.height_mm,
            settled.pitch_deg(),
            settled.roll_deg()
        ),
        Color32::from_gray(220),
    )];
    let on: Vec<String> = settled
        .contacts
        .iter()
        .filter_map(|&i| hud.body.touches.get(i).map(|t| t.part.name()))
        .collect();
    let margin = if settled.margin_mm >= 0.0 {
        format!("{:.0} mm from tipping", settled.margin_mm)
    } else {
        format!("{:.0} mm past the edge: it tips", -settled.margin_mm)
    };
    said.push((
        format!("on {} · {margin}", on.join(", ")),
        margin_color(settled.margin_mm),
    ));
    let (file_pitch, file_roll) = (urad_to_deg(hud.file_body[1]), urad_to_deg(hud.file_body[0]));
    // The file sets them at keyframes (drawn straight between): compared there only.
    let differs = hud.on_keyframe
        && ((file_pitch - settled.pitch_deg()).abs() > 3.0
            || (file_roll - settled.roll_deg()).abs() > 3.0);
    said.push((
        format!(
            "file{}: pitch {file_pitch:+.1}° · roll {file_roll:+.1}°{}",
            if hud.on_keyframe {
                ""
            } else {
                " (between keyframes)"
            },
            if differs {
                ": differs from the floor (Motion > Set Body Angles from the Floor)"
            } else {
                ""
            }
        ),
        if differs {
            Color32::from_rgb(240, 180, 60)
        } else {
            Color32::from_gray(150)
        },
    ));
    if !hud.rig.measured() {
        said.push((
            "approximate proportions".to_owned(),
            Color32::from_gray(150),
        ));
    }
    if hud.too_long {
        said.push((
            format!(
                "too long to work out every tick (up to {} ticks): no floor problems",
                floor::MAX_SOLVED_TICKS
            ),
            Color32::from_gray(150),
        ));
    }
    lines(painter, rect, rect.top() + 6.0, &said);
    // The paths' key, bottom right: which paw is which colour.
    if hud.paths {
        let font = egui::FontId::proportional(11.0);
        let mut x = rect.right() - 8.0;
        let y = rect.bottom() - 24.0;
        for (leg, color) in crate::robot::kinematics::Leg::ALL
            .into_iter()
            .zip(around::LEG_COLORS)
            .rev()
        {
            let galley = painter.layout_no_wrap(
                format!("{} paw", floor::body::leg_name(leg)),
                font.clone(),
                color,
            );
            x -= galley.size().x;
            painter.galley(Pos2::new(x, y), galley, color);
            x -= 12.0;
        }
    }
    painter.text(
        Pos2::new(rect.left() + 8.0, rect.bottom() - 6.0),
        egui::Align2::LEFT_BOTTOM,
        if rect.width() > 520.0 {
            "drag: orbit · Shift+drag: pan · wheel: zoom · double-click: frame · 1-4: views"
        } else {
            "drag · Shift+drag · wheel · double-click · 1-4"
        },
        egui::FontId::proportional(11.0),
        Color32::from_gray(120),
    );
}
