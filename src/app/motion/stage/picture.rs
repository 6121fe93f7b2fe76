//! The stage's picture: the floor, the shadows, the support polygon, the ghosts, the paws'
//! paths, the robot, its centre of mass and the text, made as shapes for one pose and one
//! view and kept while they stay. Playback moves the pose every frame; an idle window, a
//! hover or a drag on the timeline that leaves the pose at the playhead as it is paints the
//! kept shapes again.

use super::camera::Camera;
use super::hud::{Hud, Text, key_and_help};
use super::input::{StageInput, held};
use super::paint::{Canvas, margin_color};
use super::{around, solid};
use crate::app::motion::palette::channel_color;
use crate::app::motion::view::Channel;
use crate::robot::floor::{self, Rig};
use crate::robot::urad_to_deg;
use egui::{Color32, Pos2, Rect, Shape, Stroke};

/// What the picture shows, as far as it changes it: while this stays, so does the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    rect: Rect,
    /// The screen's scale (the mesh is tessellated for it).
    pixels_per_point: f32,
    camera: Camera,
    /// The joints' names, in the file's order (which limb each value moves).
    locators: Vec<String>,
    values: Vec<i32>,
    file_body: [i32; 3],
    /// The floor's up the pose starts from (the tick before's rest).
    up: [f64; 3],
    /// How far the pose holds each paw up in its own frame (`floor::stance`; none before
    /// the floor is worked out).
    lifted_mm: [f32; 4],
    playhead_ms: u64,
    on_keyframe: bool,
    too_long: bool,
    focused: Option<usize>,
    lights: Option<crate::behaviour::lights::Lights>,
    /// The ghosts.
    ghosts: Vec<around::GhostPose>,
    /// The floor's up each ghost's pose starts from (the floor's solution may come later).
    ghost_ups: Vec<[f64; 3]>,
    /// The paths' making, when they are drawn.
    trails: Option<u64>,
    /// The simulation drawn: which, its tick, whether followed, whether with the rest
    /// model's ghost.
    sim: Option<(u64, u64, bool, bool)>,
}

impl Key {
    /// The preview's ghost among the ghosts: its joints' values.
    #[must_use]
    pub fn previewed(&self) -> Option<&[i32]> {
        self.ghosts
            .iter()
            .find(|g| g.colour == around::PREVIEW)
            .map(|g| g.values.as_slice())
    }

    /// The pose let go from the floor's up `up` (in the body frame), not from where the floor
    /// worked out tick by tick has the tick before.
    pub fn hold_up(&mut self, up: [f64; 3]) {
        self.up = up;
    }

    /// The key of the picture `input` asks for in `rect`, as `camera` sees it.
    #[must_use]
    pub fn of(
        input: &StageInput<'_>,
        (rect, pixels_per_point): (Rect, f32),
        camera: &Camera,
        onion: (usize, super::model::Spacing),
        trails: Option<u64>,
    ) -> Self {
        let tick = input.playhead_ms / crate::robot::timing::TICK_MS;
        let last_tick = input.times_ms.last().copied().unwrap_or(0) / crate::robot::timing::TICK_MS;
        let mut ghosts = around::ghost_poses(input, onion.0, onion.1);
        if let Some(values) = &input.preview {
            ghosts.push(around::GhostPose {
                time_ms: input.playhead_ms,
                values: values.clone(),
                body: input.file_body,
                colour: around::PREVIEW,
            });
        }
        let focused = match input.focused {
            Some(Channel::Joint(j)) => Some(j),
            _ => None,
        };
        Self {
            rect,
            pixels_per_point,
            camera: *camera,
            locators: input.motion.locators.clone(),
            values: input.values.to_vec(),
            file_body: input.file_body,
            up: held(input.ticks, tick, input.file_body),
            lifted_mm: usize::try_from(tick)
                .ok()
                .and_then(|t| input.ticks?.get(t))
                .map_or([0.0; 4], |r| r.lifted_mm),
            playhead_ms: input.playhead_ms,
            on_keyframe: input.times_ms.binary_search(&input.playhead_ms).is_ok(),
            too_long: last_tick > floor::MAX_SOLVED_TICKS,
            focused,
            lights: input.lights,
            ghost_ups: ghosts
                .iter()
                .map(|g| {
                    held(
                        input.ticks,
                        g.time_ms / crate::robot::timing::TICK_MS,
                        g.body,
                    )
                })
                .collect(),
            ghosts,
            trails,
            sim: input.sim.and_then(|show| {
                let tick = show.tick_at(input.playhead_ms)?;
                Some((show.generation, tick.time_ms, show.follow, show.rest_ghost))
            }),
        }
    }
}

/// The picture as made: its shapes, and what a click or a double-click needs of it.
#[derive(Clone, Debug)]
pub struct Picture {
    /// What it was made for.
    pub key: Key,
    /// Everything painted, in order.
    pub shapes: Vec<Shape>,
    /// The robot's triangles on screen, furthest first, with their joints.
    pub hits: Vec<(Option<usize>, [Pos2; 3])>,
    /// The part of the stage the robot is drawn in (the text may take a strip below).
    pub view: Rect,
    /// How much of the view's top the text written over it takes: framing keeps the robot
    /// below it (else a raised head is framed under the text).
    pub clear_top: f32,
    /// The robot's corners in the floor frame, to frame it.
    pub corners: Vec<[f32; 3]>,
    /// Where a simulated robot walking on will be soon (floor frame): once that is off the
    /// picture, the stage frames the next stretch of its path.
    pub soon: Vec<[f32; 3]>,
    /// Where the posing handles are.
    pub handles: super::posing::Handles,
}

/// Makes the picture for `key`.
pub fn make(
    painter: &egui::Painter,
    rig: &Rig,
    input: &StageInput<'_>,
    key: Key,
    trails: Option<&around::Trails>,
) -> Picture {
    let body = rig.pose(input.values);
    let settled = floor::settle(&body, key.up, None);
    let handles = super::posing::Handles::of(rig, input.values, &settled);
    let text = hud_text(painter, rig, input, &key, (&body, &settled));
    let canvas = Canvas {
        camera: &key.camera,
        rect: text.view(key.rect),
        recorder: crate::app::motion::recorder::Recorder::new(painter),
    };
    canvas.add(egui::epaint::RectShape::filled(
        key.rect,
        4.0,
        Color32::from_rgb(28, 30, 35),
    ));
    let simulated = input.sim.and_then(|show| {
        let sim = show.sim?;
        Some((show, sim, show.tick_at(input.playhead_ms)?))
    });
    canvas.floor_shifted(simulated.map_or([0.0, 0.0], |(show, _, tick)| {
        super::simulated::floor_shift(tick, show.follow)
    }));
    let motion = input.motion;
    let index = |name: &str| {
        motion
            .locators
            .iter()
            .position(|l| crate::robot::joint_name(&motion.design, l) == name)
    };
    let joint_color = |j: usize| channel_color(Channel::Joint(j));
    let paint = solid::Paint {
        joint_color: &joint_color,
        focused: key.focused,
        ghost: None,
        lights: input.lights.as_ref(),
    };
    let degrees = |column: Option<usize>| {
        column
            .and_then(|j| input.values.get(j))
            .map_or(0.0, |&v| urad_to_deg(v))
    };
    if let Some((show, sim, tick)) = simulated {
        return simulated_picture(
            canvas,
            (rig, input, key.clone(), handles, text),
            (show, sim, tick),
            (&paint, &index, (&body, &settled, &degrees)),
        );
    }
    let robot = solid::robot(rig, &body, &settled, &paint, &index, &degrees);
    canvas.shadows(&robot);
    overlay_support(&canvas, &settled);
    let ghosts = around::ghosts(rig, input, &key.ghosts, &index);
    if let Some(trails) = trails {
        trails.draw(&canvas);
    }
    // Ghosts beneath the robot (their own mesh, drawn first): never over it.
    canvas.solids(&ghosts);
    let hits = hits_of(canvas.solids(&robot));
    overlay_com(&canvas, &settled);
    let handle_spots: Vec<Pos2> = super::posing::on_screen(&handles, canvas.camera, canvas.rect)
        .into_iter()
        .map(|(_, at)| at)
        .collect();
    // The paths' key keeps off a raised head as off a handle.
    let head_spots = if trails.is_some() {
        head_on_screen(motion, &hits)
    } else {
        Vec::new()
    };
    key_and_help(&canvas, trails.is_some(), (&handle_spots, &head_spots));
    let view = canvas.rect;
    let clear_top = text.over_height();
    text.draw(&canvas, key.rect);
    Picture {
        view,
        clear_top,
        shapes: canvas.recorder.finish(),
        key,
        hits,
        // The robot and the handles beyond it (where the head looks): framed whole.
        corners: robot
            .iter()
            .flat_map(|t| t.p)
            .chain(
                [handles.look, handles.tail]
                    .into_iter()
                    .flatten()
                    .map(super::posing::narrow),
            )
            .collect(),
        soon: Vec::new(),
        handles,
    }
}

/// The stage's text laid out for `key`: how the body (posed, `settled` on the floor) rests,
/// or how the simulated robot goes; a paw lifted, a joint commanded beyond its stop.
fn hud_text(
    painter: &egui::Painter,
    rig: &Rig,
    input: &StageInput<'_>,
    key: &Key,
    (body, settled): (&floor::Body, &floor::Settled),
) -> Text {
    let simulated = input.sim.and_then(|show| {
        let sim = show.sim?;
        Some((show, sim, show.tick_at(input.playhead_ms)?))
    });
    // From the body posed already: `rig.parts()` would pose it again.
    let parts = body.parts();
    Text::layout(
        painter,
        &Hud {
            settled,
            file_body: input.file_body,
            body,
            lifted: input.ticks.and_then(|ticks| {
                let t = usize::try_from(input.playhead_ms / crate::robot::timing::TICK_MS).ok()?;
                floor::stance::lifted_at(&parts, ticks, t)
            }),
            rig,
            on_keyframe: key.on_keyframe,
            too_long: key.too_long,
            simulated: simulated.map(|(show, sim, tick)| super::hud::Simulated {
                tick,
                parts: parts.as_slice(),
                floor: format!("{}{}", sim.settings.floor.name(), show.play_words()),
                fallen: crate::robot::physics::down_at(&sim.summary, tick.time_ms),
                lifted: super::hud::lifted_at(&sim.summary.lifted, tick.time_ms),
            }),
            beyond: rig
                .beyond_stops(input.values)
                .into_iter()
                .map(|(j, command, stop)| {
                    let locator = input.motion.locators.get(j).map_or("", String::as_str);
                    let name = crate::robot::joint_name(&input.motion.design, locator);
                    (name.to_owned(), command, stop)
                })
                .collect(),
            verdict_fallen: input.verdict_fallen,
        },
        key.rect,
    )
}

/// The rest model's pose drawn over the simulated robot.
const REST_GHOST: Color32 = Color32::from_rgba_premultiplied(73, 75, 82, 110);

/// The drawn robot's solid triangles on screen with their joints: what a click picks from.
fn hits_of(drawn: Vec<super::paint::Drawn>) -> Vec<(Option<usize>, [Pos2; 3])> {
    drawn
        .into_iter()
        .filter(|d| d.solid)
        .map(|d| (d.joint, d.corners))
        .collect()
}

/// The picture of the robot where the simulation puts it: the floor moved under it when
/// followed, its path, its shadow, the rest model's ghost over it when asked; no support
/// polygon or centre of mass (they are the rest model's), no posing handles.
#[expect(
    clippy::type_complexity,
    reason = "the picture's parts, passed through"
)]
fn simulated_picture(
    canvas: Canvas<'_>,
    (rig, input, key, handles, text): (&Rig, &StageInput<'_>, Key, super::posing::Handles, Text),
    (show, sim, tick): (
        super::simulated::SimShow<'_>,
        &crate::robot::physics::Simulation,
        &crate::robot::physics::Tick,
    ),
    (paint, index, rest): (
        &solid::Paint<'_>,
        &dyn Fn(&str) -> Option<usize>,
        (&floor::Body, &floor::Settled, &dyn Fn(Option<usize>) -> f64),
    ),
) -> Picture {
    let robot = super::simulated::robot(rig, tick, input.values, paint, index, show.follow);
    super::simulated::path(&canvas, sim, tick, show.follow);
    canvas.shadows(&robot);
    if show.rest_ghost {
        let grey = |_: usize| REST_GHOST;
        let ghost_paint = solid::Paint {
            joint_color: &grey,
            focused: None,
            ghost: Some(REST_GHOST),
            lights: None,
        };
        let (body, settled, degrees) = rest;
        let mut ghost = solid::robot(rig, body, settled, &ghost_paint, index, degrees);
        super::simulated::ghost_over(&mut ghost, tick, show.follow);
        canvas.solids(&ghost);
    }
    let hits = hits_of(canvas.solids(&robot));
    let view = canvas.rect;
    let clear_top = text.over_height();
    text.draw(&canvas, key.rect);
    let super::simulated::Framing { corners, soon } =
        super::simulated::framing(&robot, sim, tick, show.follow);
    Picture {
        view,
        clear_top,
        shapes: canvas.recorder.finish(),
        key,
        hits,
        // The robot wherever it walks to on its path, framed together.
        corners,
        soon,
        handles,
    }
}

/// The corners on screen of the head's triangles (its joints', the ears' and the mouth's),
/// of the robot's `hits`: the paths' key keeps off them (the fresh review: in the
/// three-quarter view it sat over a raised head's ears).
fn head_on_screen(
    motion: &crate::codec::mtn::Motion,
    hits: &[(Option<usize>, [Pos2; 3])],
) -> Vec<Pos2> {
    let head: Vec<usize> = motion
        .locators
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let name = crate::robot::joint_name(&motion.design, l);
            name.starts_with("HEAD") || name.ends_with("_EAR") || name == "MOUTH"
        })
        .map(|(j, _)| j)
        .collect();
    hits.iter()
        .filter(|(joint, _)| joint.is_some_and(|j| head.contains(&j)))
        .flat_map(|(_, corners)| corners.iter().copied())
        .collect()
}

#[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
fn overlay_support(canvas: &Canvas<'_>, settled: &floor::Settled) {
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
fn overlay_com(canvas: &Canvas<'_>, settled: &floor::Settled) {
    let color = margin_color(settled.margin_mm);
    let com = settled.com.map(|c| c as f32);
    let ground = [com[0], com[1], 0.8];
    canvas.line(com, ground, Stroke::new(1.0, color));
    if let Some(at) = canvas.at(com) {
        canvas.add(egui::epaint::CircleShape {
            center: at.pos,
            radius: 5.0,
            fill: color,
            stroke: Stroke::new(1.5, Color32::BLACK),
        });
    }
    if let Some(at) = canvas.at(ground) {
        let s = 6.0;
        let stroke = Stroke::new(2.0, color);
        canvas.add(Shape::line_segment(
            [at.pos - egui::vec2(s, 0.0), at.pos + egui::vec2(s, 0.0)],
            stroke,
        ));
        canvas.add(Shape::line_segment(
            [at.pos - egui::vec2(0.0, s), at.pos + egui::vec2(0.0, s)],
            stroke,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pose_the_pointer_is_on_in_the_library_is_drawn_as_a_white_ghost() {
        let motion = crate::example::stand_to_sit();
        let times = crate::robot::timing::keyframe_times_ms(&motion.keyframes);
        let changes = crate::edit::Changes::default();
        let values = motion
            .keyframes
            .get(0)
            .expect("a keyframe")
            .angles_urad
            .to_vec();
        let posed: Vec<i32> = values.iter().map(|v| v / 2).collect();
        let input = |preview: Option<Vec<i32>>| StageInput {
            preview,
            ..StageInput::still(&motion, (&changes, &values, &times), 0)
        };
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(300.0, 200.0));
        let key = |preview| {
            Key::of(
                &input(preview),
                (rect, 1.0),
                &Camera::default(),
                (0, super::super::model::Spacing::Keyframes),
                None,
            )
        };
        let without = key(None);
        let with = key(Some(posed.clone()));
        assert!(without.ghosts.is_empty());
        assert_eq!(with.ghosts.len(), 1);
        assert_eq!(
            (&with.ghosts[0].values, with.ghosts[0].colour),
            (&posed, around::PREVIEW)
        );
        // Another picture: the kept one is not drawn again without it.
        assert_ne!(without, with);
    }
}
