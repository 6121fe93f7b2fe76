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
mod hud;
mod input;
pub mod model;
pub mod paint;
mod picture;
pub mod posing;
pub mod simulated;
pub mod solid;

use crate::app::field;
use crate::robot::floor;
use camera::{Camera, Viewpoint};
use egui::{Pos2, Rect};
pub use input::StageInput;

/// What the stage widget keeps between frames: its camera, and what it drew.
#[derive(Clone, Debug)]
pub struct StageState {
    /// The camera.
    pub camera: Camera,
    /// The robot's triangles on screen last frame, furthest first, with their joints: what a
    /// click picks from (and what tests click).
    pub hits: Vec<(Option<usize>, [Pos2; 3])>,
    /// Where the robot was drawn last frame (the stage less the strip its text may take).
    pub rect: Option<Rect>,
    /// The paws' paths, kept while the motion and the time in view stay.
    trails: Option<around::Trails>,
    /// The picture last drawn, kept while the pose and the view stay.
    picture: Option<picture::Picture>,
    /// A view preset was chosen, or the stage is new: frame the whole pose as the next
    /// picture is drawn (a raised head is not cut off).
    reframe: bool,
    /// The camera is as framing left it (no orbit, pan or zoom since): framed again when the
    /// stage's size changes, so a window that grows or a panel that settles keeps the robot
    /// whole and large.
    framed: Option<egui::Vec2>,
    /// How the simulated robot drawn last frame was played (its plays in a row, and
    /// whether the camera follows it), if one was: the first one drawn, and one played
    /// otherwise, is framed with its path (five plays walk further than one).
    simulated: Option<(u32, bool)>,
    /// Posing by the handles.
    pub posing: posing::Posing,
    /// The pose library's rows.
    pub poses: posing::LibraryView,
}

impl Default for StageState {
    /// The three-quarter view, framing the first pose drawn.
    fn default() -> Self {
        Self {
            camera: Camera::default(),
            hits: Vec::new(),
            rect: None,
            trails: None,
            picture: None,
            reframe: true,
            framed: None,
            simulated: None,
            posing: posing::Posing::default(),
            poses: posing::LibraryView::default(),
        }
    }
}

impl StageState {
    /// Where the posing handles were in the picture last drawn.
    #[must_use]
    pub fn handles(&self) -> Option<posing::Handles> {
        self.picture.as_ref().map(|p| p.handles)
    }

    /// The preview's ghost the picture last drawn shows (a pose from the library under the
    /// pointer, or what an open generator makes at the playhead): its joints' values.
    #[must_use]
    pub fn previewed(&self) -> Option<&[i32]> {
        self.picture.as_ref()?.key.previewed()
    }
}

/// What the user asked of the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageEvent {
    /// A limb was clicked: select its joint.
    Select(usize),
    /// Make the stage large, or small again.
    ToggleLarge,
    /// Change what it shows.
    Change(model::StageAction),
}

/// The joint of the triangle under `p` (the nearest), if any.
#[must_use]
pub fn pick(hits: &[(Option<usize>, [Pos2; 3])], p: Pos2) -> Option<Option<usize>> {
    hits.iter()
        .rev()
        .find(|(_, t)| paint::inside(p, *t))
        .map(|(joint, _)| *joint)
}

/// Narrower than this, the stage's toolbar is one row: the views, then what it shows in a
/// menu.
const FULL_TOOLBAR_WIDTH: f32 = 420.0;

fn toolbar(
    ui: &mut egui::Ui,
    state: &mut StageState,
    shows: model::StageModel,
    large: bool,
) -> Option<StageEvent> {
    let mut event = None;
    let compact = ui.available_width() < FULL_TOOLBAR_WIDTH;
    ui.horizontal_wrapped(|ui| {
        if compact {
            ui.spacing_mut().item_spacing.x = 3.0;
            ui.spacing_mut().button_padding.x = 3.0;
        }
        for view in Viewpoint::ALL {
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
                state.reframe = true;
            }
        }
        event = simulate_switch(ui, shows);
        if compact {
            // Open while its fields are used (a click into Ghosts would close a menu).
            let config = egui::containers::menu::MenuConfig::new()
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            egui::containers::menu::MenuButton::new("…")
                .config(config)
                .ui(ui, |ui| event = shows_ui(ui, shows, large).or(event))
                .0
                .on_hover_text(if shows.simulate {
                    "Ghosts, the body's path, the floor, the plays in a row, Follow, the rest \
                     pose and the stage's size"
                } else {
                    "Ghosts, the paws' paths and the stage's size"
                });
        } else {
            event = shows_ui(ui, shows, large).or(event);
        }
    });
    event
}

/// The ghosts, the paths, and the stage's size.
fn shows_ui(ui: &mut egui::Ui, shows: model::StageModel, large: bool) -> Option<StageEvent> {
    let mut event = None;
    let mut onion = shows.onion;
    let ghosts = field::labelled(ui, "Ghosts", |ui| {
        ui.add(
            egui::DragValue::new(&mut onion)
                .range(0..=model::MAX_GHOSTS)
                .speed(0.05),
        )
    });
    if ghosts
        .on_hover_text(
            "Ghosts of the pose this many times before (cyan) and after (amber) the playhead",
        )
        .changed()
    {
        event = Some(StageEvent::Change(model::StageAction::Ghosts(onion)));
    }
    if shows.onion > 0 {
        event = spacing_ui(ui, shows.spacing).or(event);
    }
    let mut paths = shows.show_paths;
    if ui
        .checkbox(&mut paths, "Paths")
        .on_hover_text(if shows.simulate {
            "The simulated body's path on the floor"
        } else {
            "The paws' paths over the time in view"
        })
        .changed()
    {
        event = Some(StageEvent::Change(model::StageAction::Paths(paths)));
    }
    event = simulate_options(ui, shows).or(event);
    let mut bar = shows.pose_bar;
    if ui
        .checkbox(&mut bar, "Posing")
        .on_hover_text("The posing bar: the body's sliders, the balance and the mirror")
        .changed()
    {
        event = Some(StageEvent::Change(model::StageAction::PoseBar(bar)));
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
    event
}

/// The Simulate switch (always on the toolbar).
fn simulate_switch(ui: &mut egui::Ui, shows: model::StageModel) -> Option<StageEvent> {
    let mut on = shows.simulate;
    if ui
        .toggle_value(&mut on, "Simulate")
        .on_hover_text(
            "The robot where physics puts it on the floor: its servos follow the commands at \
             their speed and torque, it walks, slips and falls as it would (the floor's \
             falls and slips are then the simulation's). While it is on, the posing handles \
             are hidden (the simulated body is not where the pose puts it): turn it off to \
             pose. One switch for every tab.",
        )
        .changed()
    {
        return Some(StageEvent::Change(model::StageAction::Simulate(on)));
    }
    None
}

/// While simulating: the floor, the plays in a row, the camera following the body and the
/// rest model's ghost.
fn simulate_options(ui: &mut egui::Ui, shows: model::StageModel) -> Option<StageEvent> {
    let mut event = None;
    if shows.simulate {
        ui.label("Floor:");
        for floor in model::SimFloor::ALL {
            if ui
                .radio(shows.floor == floor, floor.label())
                .on_hover_text(
                    "The floor the robot is simulated on (its friction is an estimate); a tab \
                     opened next starts on the floor last chosen, as the rest of the stage's \
                     settings do",
                )
                .clicked()
            {
                event = Some(model::StageAction::Floor(floor));
            }
        }
        ui.label("Plays in a row:");
        for plays in model::PLAYS {
            let label = crate::words::plural(usize::try_from(plays).unwrap_or(1), "play", "plays");
            if ui
                .radio(shows.plays == plays, label)
                .on_hover_text(
                    "How many times in a row the motion is simulated, as a walk is played: \
                     Play plays them all in a row, Loop over and over, the stage showing each \
                     in turn",
                )
                .clicked()
            {
                event = Some(model::StageAction::Plays(plays));
            }
        }
        let mut follow = shows.follow;
        if ui
            .checkbox(&mut follow, "Follow")
            .on_hover_text("The camera follows the body (else it walks across the floor)")
            .changed()
        {
            event = Some(model::StageAction::Follow(follow));
        }
        let mut ghost = shows.rest_ghost;
        if ui
            .checkbox(&mut ghost, "Rest pose")
            .on_hover_text(
                "The pose as the stage shows it without the simulation (the body at rest on \
                 its paws, joints where they are commanded), as a ghost over the simulated \
                 robot: where they differ, the simulation has the body lower, tilted or \
                 lagging",
            )
            .changed()
        {
            event = Some(model::StageAction::RestGhost(ghost));
        }
    }
    event.map(StageEvent::Change)
}

/// How the ghosts are spaced: every so many ms (the pose the robot commands then), or at
/// the keyframes.
fn spacing_ui(ui: &mut egui::Ui, spacing: model::Spacing) -> Option<StageEvent> {
    let mut by_keyframe = spacing == model::Spacing::Keyframes;
    let mut event = None;
    if let model::Spacing::Time(ms) = spacing {
        let mut every = ms;
        if ui
            .add(
                egui::DragValue::new(&mut every)
                    .range(8..=10_000)
                    .speed(2.0)
                    .prefix("every ")
                    .suffix(" ms"),
            )
            .on_hover_text("The time between ghosts (a walk's keyframes come every 16 ms)")
            .changed()
        {
            event = Some(model::StageAction::Spacing(model::Spacing::Time(every)));
        }
    }
    if ui
        .checkbox(&mut by_keyframe, "at keyframes")
        .on_hover_text("Ghosts at the keyframes around the playhead instead")
        .changed()
    {
        event = Some(model::StageAction::Spacing(if by_keyframe {
            model::Spacing::Keyframes
        } else {
            model::Spacing::Time(model::DEFAULT_SPACING_MS)
        }));
    }
    event.map(StageEvent::Change)
}

fn view_words(view: Viewpoint) -> &'static str {
    match view {
        Viewpoint::Front => "ahead",
        Viewpoint::Side => "the side",
        Viewpoint::Top => "above",
        Viewpoint::ThreeQuarter => "ahead, to the side and above",
    }
}

fn key_name(view: Viewpoint) -> &'static str {
    match view {
        Viewpoint::Front => "1",
        Viewpoint::Side => "2",
        Viewpoint::Top => "3",
        Viewpoint::ThreeQuarter => "4",
    }
}

/// Draws the stage in the space `ui` gives; returns what the user asked.
pub fn stage_ui(
    ui: &mut egui::Ui,
    input: &StageInput<'_>,
    (large, with_bar): (bool, bool),
    state: &mut StageState,
) -> Option<StageEvent> {
    let Some(rig) = floor::rig(input.motion) else {
        ui.label("No stage: the design label names no AIBO model.");
        return None;
    };
    let mut event = toolbar(ui, state, input.shows, large);
    let handles = state.handles();
    if with_bar
        && posing::bar_wanted(&input.shows, handles.as_ref())
        && let Some(change) = posing::bar_ui(ui, input, &mut state.posing, handles.as_ref())
    {
        event = Some(StageEvent::Change(change));
    }
    let size = egui::vec2(
        ui.available_width().max(120.0),
        ui.available_height().max(100.0),
    );
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Stage"));
    steer(ui, &response, rect, state);
    let onion = (input.shows.onion, input.shows.spacing);
    let trails = input
        .shows
        .show_paths
        .then(|| around::trails(&rig, input, &mut state.trails));
    let mut key = picture::Key::of(
        input,
        (rect, ui.ctx().pixels_per_point()),
        &state.camera,
        onion,
        trails.map(around::Trails::generation),
    );
    // A drag under way: the pose as it is being solved.
    if let Some(up) = state.posing.solving_up() {
        key.hold_up(up);
    }
    let painter = ui.painter_at(rect);
    let picture = match state.picture.take() {
        Some(kept) if kept.key == key => kept,
        _ => picture::make(&painter, &rig, input, key, trails),
    };
    painter.extend(picture.shapes.iter().cloned());
    if let Some(show) = input.sim {
        simulated_ui(ui, input, &show, &state.camera, picture.view);
    } else {
        posing::handles_ui(
            ui,
            input,
            &mut state.posing,
            &state.camera,
            (picture.view, &picture.handles),
        );
    }
    state.hits.clone_from(&picture.hits);
    state.rect = Some(picture.view);
    let simulated = input
        .sim
        .and_then(|show| show.sim.map(|sim| (sim.settings.repeat, show.follow)));
    if simulated.is_some() && simulated != state.simulated {
        // The simulated robot and its path, framed when they first appear and when they
        // are played otherwise.
        state.reframe = true;
    }
    state.simulated = simulated;
    // A robot that will soon be off a stretch of its path framed as framing left it: the
    // next stretch is framed before it walks out of the picture (a camera the user moved
    // stays where it was put).
    if simulated.is_some_and(|(_, follow)| !follow)
        && state.framed.is_some()
        && leaving(&picture.soon, &state.camera, picture.view)
    {
        state.reframe = true;
    }
    let resized = state.framed.is_some_and(|size| size != picture.view.size());
    if response.double_clicked() || std::mem::take(&mut state.reframe) || resized {
        if !picture.corners.is_empty() {
            state
                .camera
                .frame(&picture.corners, picture.view, picture.clear_top);
            state.framed = Some(picture.view.size());
            // Drawn framed from the next frame.
            ui.ctx().request_repaint();
        }
    } else if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(Some(joint)) = pick(&state.hits, p)
    {
        event = Some(StageEvent::Select(joint));
    }
    state.picture = Some(picture);
    event
}

/// Whether any of `points` (floor frame) is off `view` as `camera` sees it.
fn leaving(points: &[[f32; 3]], camera: &Camera, view: Rect) -> bool {
    points.iter().any(|&p| {
        camera
            .project(p, view)
            .is_none_or(|at| !view.contains(at.pos))
    })
}

/// The simulation's line in the stage's corner, and the simulated body as a screen reader
/// finds it: named for where it is on the floor, placed where it is drawn.
fn simulated_ui(
    ui: &egui::Ui,
    input: &StageInput<'_>,
    show: &simulated::SimShow<'_>,
    camera: &Camera,
    view: Rect,
) {
    let tick = show.tick_at(input.playhead_ms);
    let line = simulated::status(show, tick);
    // The stage's text says where the simulated body is; this line says what is under way.
    if show.progress.is_some() || show.failed.is_some() || tick.is_none() {
        corner_line(ui, view, &line);
    }
    let Some(tick) = tick else {
        return;
    };
    let (by, _) = simulated::placement(tick, show.follow);
    let Some(spot) = camera.project([by[0], by[1], tick.height_mm], view) else {
        return;
    };
    let area = Rect::from_center_size(spot.pos, egui::Vec2::splat(24.0));
    let response = ui.interact(
        area,
        ui.scope_id().with("simulated body"),
        egui::Sense::hover(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &line));
}

/// A line in the stage's bottom left corner, on a dark backdrop.
fn corner_line(ui: &egui::Ui, view: Rect, line: &str) {
    let painter = ui.painter_at(view);
    let galley = painter.layout(
        line.to_owned(),
        egui::FontId::proportional(13.0),
        egui::Color32::from_rgb(150, 215, 235),
        (view.width() - 22.0).max(60.0),
    );
    let at = view.left_bottom() + egui::vec2(8.0, -galley.size().y - 8.0);
    painter.rect_filled(
        Rect::from_min_size(at, galley.size()).expand(3.0),
        3.0,
        egui::Color32::from_black_alpha(170),
    );
    painter.galley(at, galley, egui::Color32::WHITE);
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
        state.framed = None;
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
            state.framed = None;
            state.camera.zoom((-scroll * 0.002).exp());
        }
        for view in Viewpoint::ALL {
            if ui.input(|i| i.key_pressed(view.key()) && i.modifiers.is_none()) {
                state.camera.set_view(view);
                state.reframe = true;
            }
        }
    }
}
