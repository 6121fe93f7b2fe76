//! A motion tab's panels: the joint list, the header and problems, the keyframe table, the
//! transport, the posed robot and the timeline. Each reads the tab and pushes actions.

use super::MotionTab;
use super::MotionWidgets;
use super::floor::FloorCache;
use super::stage::model::StageModel;
use super::stage::posing::PoseEvent;
use super::stage::{StageEvent, StageInput};
use super::tracks::TrackView;
use super::view::Channel;
use super::view::View;
use super::{
    header_panel, joints_panel, problems_panel, stage, table, timeline, tracks, transport,
};
use crate::app::action::MotionAction;
use crate::app::command::WindowCommand;
use crate::app::panel_size::PanelSize;
use crate::app::sink::MotionSink;
use crate::app::state::Panels;
use crate::behaviour::lights::Lights;
use crate::edit::{Document, Playback};

/// The largest share of the window's width each side panel may take, so the timeline
/// keeps at least half of it at any size.
const JOINTS_SHARE: f32 = 0.22;
const RIGHT_SHARE: f32 = 0.24;
/// The right column's share from [`ROOMY_WIDTH`] up: the stage's robot stands 200 px tall
/// in a 900x600 window.
const ROOMY_RIGHT_SHARE: f32 = 0.25;
const ROOMY_WIDTH: f32 = 800.0;
/// The right column's share with the stage large (the timeline keeps the rest).
const LARGE_STAGE_SHARE: f32 = 0.62;
/// What the timeline keeps with the stage large (points): its transport on one line.
const LARGE_STAGE_TIMELINE: f32 = 400.0;
/// The rows (header included) the keyframe table shows at first where there is room.
const TABLE_ROWS: f32 = 10.0;
/// The largest share of the height the keyframe table may take.
const TABLE_SHARE: f32 = 0.45;

/// What the drawing of a motion tab reads: the document and its view and playback, by
/// shared reference (only the step that handles actions changes them).
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The motion.
    pub document: &'a Document,
    /// What is shown and selected.
    pub view: &'a View,
    /// The playback (its position is the playhead).
    pub playback: &'a Playback,
    /// What the last repair did.
    pub repair_log: &'a [String],
    /// The open shaping dialog of this tab, which the timeline shows.
    pub shaping: Option<&'a super::timeline::overlay::Shaping<'a>>,
    /// The name of the joint whose curve was copied, if one was (its paste is offered).
    pub curve_clip: Option<&'a str>,
    /// How the body rests at every tick (the stage's floor).
    pub floor: &'a FloorCache,
    /// The robot simulated on the floor.
    pub sim: &'a super::simulation::SimCache,
    /// A walk generator's preview simulated on the floor.
    pub preview_sim: &'a super::simulation::SimCache,
    /// What the window keeps of the tracks (the LED note selected).
    pub track_view: &'a TrackView,
    /// What the stage shows.
    pub stage: StageModel,
    /// The pose library's poses for the motion's model.
    pub poses: Option<stage::posing::PoseList<'a>>,
}

impl Shown<'_> {
    /// The playback as the clock reading `now_s` leaves it (what the step that applies
    /// actions makes of it: `MotionTab::read_clock`).
    #[must_use]
    pub fn playback_at(&self, now_s: f64) -> Playback {
        let mut played = self.playback.clone();
        super::handle::follow_clock(&mut played, now_s, (self.document, self.view, self.stage));
        played
    }

    /// Whether the floor's verdict on the motion as it is now is still being worked out:
    /// the body at rest, or the simulation where the model has one (`publish_floor`): the
    /// problems and notes listed may change when it lands.
    #[must_use]
    pub fn verdict_pending(&self) -> bool {
        let revision = self.document.revision();
        if self.floor.revision != Some(revision) {
            return true;
        }
        let settings = self.stage.sim_settings();
        crate::robot::verdict::simulated(&self.document.motion)
            && !self.sim.settled(revision, settings)
    }
}

impl MotionTab {
    /// The tab as its drawing reads it.
    #[must_use]
    pub fn shown(&self) -> Shown<'_> {
        Shown {
            document: &self.document,
            view: &self.view,
            playback: &self.playback,
            repair_log: &self.repair_log,
            shaping: None,
            curve_clip: None,
            poses: None,
            floor: &self.floor,
            sim: &self.sim,
            preview_sim: &self.preview_sim,
            track_view: &self.track_view,
            stage: self.stage,
        }
    }
}

/// Draws a motion tab's panels inside `ui` (the space below the menu, tabs and status bar):
/// the joint list on the left; the posed robot above the header and problems on the right;
/// the keyframe table below; the transport and the timeline, which is never hidden, in the
/// middle. `panels` says which of the others are shown.
pub fn motion_tab_ui(
    ui: &mut egui::Ui,
    shown: Shown<'_>,
    widgets: &mut MotionWidgets,
    panels: Panels,
    sink: &mut MotionSink<'_>,
) {
    let document = shown.document;
    let ms = shown.playback.time_ms();
    let now = Now {
        ms,
        values: shown
            .playback
            .values_with(&document.motion.keyframes, document.times_ms()),
        // The lights the LED track has on at the playhead: for the stage and the face.
        #[expect(clippy::cast_precision_loss, reason = "a playhead in ms")]
        lights: document
            .tracks()
            .led
            .as_ref()
            .map(|led| Lights::of(led, ms as f64)),
    };
    let width = ui.available_width();
    let height = ui.available_height();
    // Each resizable panel keeps its size as a share of the window (see `panel_size`).
    if panels.joints {
        let posed = widgets.stage.posing.touched.clone();
        joints_panel_ui(ui, &shown, (&now, &posed), width, sink);
    }
    if panels.pose || panels.header {
        right_column_ui(ui, &shown, &now, widgets, panels, width, sink);
    }
    if panels.table {
        table_panel_ui(ui, &shown, height, sink);
    }
    egui::CentralPanel::default().show(ui, |ui| {
        transport::transport_ui(ui, shown.playback, shown.view, document, sink);
        centre_ui(ui, &shown, &now, &mut widgets.timeline, sink);
    });
}

/// The pose at the playhead, which several panels show.
struct Now {
    /// The playhead (ms).
    ms: u64,
    /// Every joint's value there.
    values: Vec<i32>,
    /// The lights the LED track has on there.
    lights: Option<Lights>,
}

/// The joint list, on the left.
fn joints_panel_ui(
    ui: &mut egui::Ui,
    shown: &Shown<'_>,
    (now, posed): (&Now, &[usize]),
    width: f32,
    sink: &mut MotionSink<'_>,
) {
    let size = PanelSize {
        salt: "joints",
        extent: width,
        default: 250.0_f32.min(width * JOINTS_SHARE),
        max: width * JOINTS_SHARE,
    };
    size.fit(ui);
    let document = shown.document;
    let panel = egui::Panel::left(size.salt)
        .resizable(true)
        .default_size(size.default)
        .max_size(size.max)
        .show(ui, |ui| {
            let context = joints_panel::JointsContext {
                playhead_values: &now.values,
                marks: document.safety_marks(),
                times_ms: document.times_ms(),
                curve_clip: shown.curve_clip,
                problems: document.problems(),
                posed,
            };
            joints_panel::joints_ui(ui, &document.motion, shown.view, &context, sink);
        });
    size.remember(ui, panel.response.rect.width());
}

/// The right column: the posed robot above the header, the problems and the repairs made
/// (either may be hidden; a large stage takes most of the window's width).
fn right_column_ui(
    ui: &mut egui::Ui,
    shown: &Shown<'_>,
    now: &Now,
    widgets: &mut MotionWidgets,
    panels: Panels,
    width: f32,
    sink: &mut MotionSink<'_>,
) {
    let large = panels.pose && panels.large_stage;
    let share = if large {
        // Most of the window, but the timeline keeps room for its transport and a readable
        // span of time.
        let left = width * JOINTS_SHARE + LARGE_STAGE_TIMELINE;
        LARGE_STAGE_SHARE
            .min((width - left) / width.max(1.0))
            .max(ROOMY_RIGHT_SHARE)
    } else if width >= ROOMY_WIDTH {
        ROOMY_RIGHT_SHARE
    } else {
        RIGHT_SHARE
    };
    let size = PanelSize {
        salt: if large { "stage large" } else { "header" },
        extent: width,
        default: if large {
            width * share
        } else {
            320.0_f32.min(width * share)
        },
        max: width * share,
    };
    size.fit(ui);
    // The span the timeline shows, which the stage's paths cover.
    let visible_ms = widgets.timeline.transform.map(|t| {
        let bounds = t.bounds();
        (bounds.min()[0], bounds.max()[0])
    });
    let stage_state = &mut widgets.stage;
    let panel = egui::Panel::right(size.salt)
        .resizable(true)
        .default_size(size.default)
        .max_size(size.max)
        .show(ui, |ui| {
            let mut stage_ui = |ui: &mut egui::Ui, sink: &mut MotionSink<'_>| {
                stage_in(
                    ui,
                    shown,
                    now,
                    visible_ms,
                    (large, !panels.header),
                    stage_state,
                    sink,
                );
            };
            if !panels.header {
                stage_ui(ui, sink);
                return;
            }
            if panels.pose {
                let column = ui.available_height();
                let size = PanelSize {
                    salt: if large { "stage large top" } else { "pose" },
                    extent: column,
                    default: if large {
                        column * 0.8
                    } else {
                        // The robot and its text below it (see `stage::hud`) first; the
                        // header and problems scroll beneath.
                        (column * 0.7).min(380.0)
                    },
                    max: column * if large { 0.9 } else { 0.75 },
                };
                size.fit(ui);
                // Inside the column's own margins: no second frame around the stage.
                let panel = egui::Panel::top(size.salt)
                    .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 4)))
                    .resizable(true)
                    .default_size(size.default)
                    .max_size(size.max)
                    .show(ui, |ui| stage_ui(ui, sink));
                size.remember(ui, panel.response.rect.height());
            }
            egui::ScrollArea::vertical()
                .id_salt("right")
                .show(ui, |ui| {
                    if panels.pose {
                        posing_bar_in(ui, shown, now, stage_state, sink);
                    }
                    header_and_problems_ui(ui, shown, sink);
                });
        });
    posing_events(&mut widgets.stage, sink);
    size.remember(ui, panel.response.rect.width());
}

/// What the pose the pointer is on in the library would make of the pose at the playhead
/// (the stage shows it as a ghost).
fn pose_preview(shown: &Shown<'_>, now: &Now, stage_state: &stage::StageState) -> Option<Vec<i32>> {
    let (name, how) = stage_state.poses.previewing()?;
    let list = shown.poses.as_ref()?;
    let pose = list
        .built
        .iter()
        .chain(list.kept)
        .find(|p| p.name == name)?;
    Some(crate::poses::posed_values(
        &shown.document.motion,
        &now.values,
        pose,
        how,
    ))
}

/// The pose a generator's preview makes at the playhead, where it differs from the motion's:
/// the stage shows it as a ghost while Motion > Generate… is open (its live preview on the
/// stage, beside the timeline's dashed curves).
fn generator_preview(shown: &Shown<'_>, now: &Now) -> Option<Vec<i32>> {
    let shaping = shown.shaping?;
    if !matches!(shaping.prompt.form, super::ops::form::OpForm::Generate(_)) {
        return None;
    }
    let Some(Ok(preview)) = &shaping.prompt.preview else {
        return None;
    };
    let keyframes = &preview.result.keyframes;
    let times = &preview.result_times;
    let tick = now.ms / crate::robot::timing::TICK_MS;
    let values = crate::robot::timing::values_at_tick_in(keyframes, times, tick).or_else(|| {
        // On or past its last keyframe: that keyframe's pose.
        (now.ms >= *times.last()?)
            .then(|| keyframes.get(keyframes.len().checked_sub(1)?))
            .flatten()
            .map(|last| last.angles_urad.to_vec())
    })?;
    (values != now.values).then_some(values)
}

/// What the stage is given: the motion at the playhead and what is known of its ticks.
fn stage_input<'a>(
    shown: &'a Shown<'_>,
    now: &'a Now,
    visible_ms: Option<(f64, f64)>,
    preview: Option<Vec<i32>>,
) -> StageInput<'a> {
    let document = shown.document;
    StageInput {
        motion: &document.motion,
        revision: document.revision(),
        changes: document.changes(),
        values: &now.values,
        file_body: body_at(document, now.ms),
        playhead_ms: now.ms,
        times_ms: document.times_ms(),
        ticks: shown
            .floor
            .current(document.revision())
            .or_else(|| shown.floor.latest()),
        visible_ms,
        focused: shown.view.focused,
        lights: now.lights,
        shows: shown.stage,
        sim: shown.stage.simulate.then(|| {
            let settings = shown.stage.sim_settings();
            // While Motion > Generate… previews a walk, the stage simulates the walk.
            let walk = shown
                .shaping
                .and_then(|shaping| shaping.prompt.walk_previewed());
            let (cache, revision) = match walk {
                Some((key, _)) => (shown.preview_sim, key),
                None => (shown.sim, document.revision()),
            };
            let (generation, sim) = cache.latest(settings);
            // The two caches count their results apart: the preview's on the far side.
            let generation = generation ^ (u64::from(walk.is_some()) << 63);
            stage::simulated::SimShow {
                sim,
                generation,
                progress: cache
                    .pending
                    .as_ref()
                    .map(super::simulation::Pending::progress),
                failed: cache.failed(revision, settings),
                follow: shown.stage.follow,
                rest_ghost: shown.stage.rest_ghost,
                play: shown.playback.rounds(),
            }
        }),
        preview,
        verdict_fallen: document
            .floor_falls()
            .any(|[from, to]| from <= now.ms && now.ms < to),
    }
}

/// The posing bar above the header: the body's sliders, the balance, the mirror.
fn posing_bar_in(
    ui: &mut egui::Ui,
    shown: &Shown<'_>,
    now: &Now,
    stage_state: &mut stage::StageState,
    sink: &mut MotionSink<'_>,
) {
    let input = stage_input(shown, now, None, None);
    let handles = stage_state.handles();
    if !stage::posing::bar_wanted(&input.shows, handles.as_ref()) {
        return;
    }
    ui.strong("Pose");
    if let Some(change) =
        stage::posing::bar_ui(ui, &input, &mut stage_state.posing, handles.as_ref())
    {
        sink.push(MotionAction::Stage(change));
    }
    if let Some(list) = &shown.poses
        && let Some(request) = stage::posing::library_ui(ui, list, &mut stage_state.poses)
    {
        sink.pose(request);
    }
    ui.separator();
}

/// What posing asked of the tab this frame, as actions.
fn posing_events(stage_state: &mut stage::StageState, sink: &mut MotionSink<'_>) {
    for event in std::mem::take(&mut stage_state.posing.events) {
        match event {
            PoseEvent::Begin { label, at_ms } => {
                sink.push(MotionAction::Seek(at_ms));
                sink.push(MotionAction::BeginGesture(label));
            }
            PoseEvent::Edit { label, edit } => sink.edit(&label, edit),
            PoseEvent::End(label) => sink.push(MotionAction::EndGestureAs(label)),
            PoseEvent::Say(text) => sink.say(text),
            PoseEvent::Seek(at_ms) => sink.push(MotionAction::Seek(at_ms)),
        }
    }
}

/// The posed robot at the playhead, and what is done to it turned into actions.
fn stage_in(
    ui: &mut egui::Ui,
    shown: &Shown<'_>,
    now: &Now,
    visible_ms: Option<(f64, f64)>,
    (large, with_bar): (bool, bool),
    stage_state: &mut stage::StageState,
    sink: &mut MotionSink<'_>,
) {
    let input = stage_input(
        shown,
        now,
        visible_ms,
        pose_preview(shown, now, stage_state).or_else(|| generator_preview(shown, now)),
    );
    let event = stage::stage_ui(ui, &input, (large, with_bar), stage_state);
    // The centre gives the large stage its width, and with it the lights' column beside the
    // tracks: the stage shows them in its top right corner instead.
    if large
        && let (Some(lights), Some(view)) = (now.lights, stage_state.rect)
        && view.width() > 3.0 * tracks::face::WIDTH
    {
        let size = egui::vec2(tracks::face::WIDTH, 200.0_f32.min(view.height() - 16.0));
        let rect = egui::Rect::from_min_size(
            egui::pos2(view.right() - size.x - 8.0, view.top() + 8.0),
            size,
        );
        tracks::face::face_ui(ui, rect, &lights, now.ms);
    }
    match event {
        Some(StageEvent::Select(j)) => {
            sink.push(MotionAction::Focus(Some(Channel::Joint(j))));
            sink.push(MotionAction::SetVisible(Channel::Joint(j), true));
        }
        Some(StageEvent::ToggleLarge) => sink.window(WindowCommand::LargeStage),
        Some(StageEvent::Change(change)) => sink.push(MotionAction::Stage(change)),
        None => {}
    }
}

/// The problems found and the repairs made, then the header's fields: the problems first,
/// where a window of 1600x1000 shows them below the stage without scrolling.
fn header_and_problems_ui(ui: &mut egui::Ui, shown: &Shown<'_>, sink: &mut MotionSink<'_>) {
    problems_panel::problems_ui(
        ui,
        (shown.document.problems(), shown.verdict_pending()),
        shown.document.times_ms(),
        sink,
    );
    if !shown.repair_log.is_empty() {
        ui.strong("Repairs made (save to write them)");
        for line in shown.repair_log {
            ui.add(egui::Label::new(format!("• {line}")).wrap());
        }
    }
    ui.separator();
    // Its own id: its fields keep theirs (and the keyboard) while the problems above them
    // come and go as the animator types.
    // (An explicit id: `push_id`'s would still count the widgets above.)
    let header = egui::UiBuilder::new().scope_id(ui.scope_id().with("header"));
    ui.scope_builder(header, |ui| {
        header_panel::header_ui(ui, shown.document, sink);
    });
}

/// The keyframe table, at the bottom.
fn table_panel_ui(ui: &mut egui::Ui, shown: &Shown<'_>, height: f32, sink: &mut MotionSink<'_>) {
    // Enough for the header and nine rows (a screenful of keyframes to work with), but
    // no more than 30% of a small window; the splitter above it resizes it.
    let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let size = PanelSize {
        salt: "table",
        extent: height,
        default: (row * TABLE_ROWS + 40.0).min(height * 0.3),
        max: height * TABLE_SHARE,
    };
    size.fit(ui);
    let panel = egui::Panel::bottom(size.salt)
        .resizable(true)
        .default_size(size.default)
        .max_size(size.max)
        .show(ui, |ui| {
            // Each tab scrolls its own table.
            ui.push_id(sink.tab, |ui| {
                let playhead = (shown.playback.time_ms(), shown.playback.playing);
                table::table_ui(ui, shown.document, shown.view, playhead, sink);
            });
        });
    size.remember(ui, panel.response.rect.height());
}

/// The middle, below the transport: the timeline above the sound and LED tracks, with the
/// lights at the playhead beside them when there is an LED track.
fn centre_ui(
    ui: &mut egui::Ui,
    shown: &Shown<'_>,
    now: &Now,
    timeline_state: &mut timeline::TimelineState,
    sink: &mut MotionSink<'_>,
) {
    let (document, view) = (shown.document, shown.view);
    let tracks = document.tracks();
    // The timeline is drawn first, so the tracks take its time axis as it is this frame.
    let area = ui.available_rect_before_wrap();
    // The timeline and its tracks keep one time axis, so both give up the lights' column.
    let lights = now
        .lights
        .filter(|_| area.width() > 3.2 * tracks::face::WIDTH);
    let (area, column) = match lights {
        Some(_) => {
            let (left, right) = area.split_left_right_at_x(area.right() - tracks::face::WIDTH);
            (left.with_max_x(left.right() - 6.0), Some(right))
        }
        None => (area, None),
    };
    let below = tracks::tracks_height(tracks, area.height());
    if let (Some(lights), Some(column)) = (lights, column) {
        let height = below.max(200.0).min(column.height());
        let rect = column.with_min_y(column.bottom() - height);
        tracks::face::face_ui(ui, rect, &lights, now.ms);
    }
    // A keyframe dragged in time snaps (Ctrl) to where the sound track's sounds begin.
    timeline_state.time_snaps = tracks::onset_times(tracks);
    let (curves, under) = area.split_top_bottom_at_y(area.bottom() - below);
    // Each tab keeps its own zoom and pan: the plot keeps them under its id.
    ui.push_id(sink.tab, |ui| {
        ui.scope_builder(egui::UiBuilder::new().max_rect(curves), |ui| {
            timeline::timeline_ui(
                ui,
                document,
                view,
                now.ms,
                shown.shaping,
                timeline_state,
                sink,
            );
        });
        if view.show_onsets
            && let Some(transform) = timeline_state.transform.as_ref()
        {
            tracks::onset_marks(ui, transform, &timeline_state.time_snaps);
        }
        if below > 0.0 {
            ui.scope_builder(egui::UiBuilder::new().max_rect(under), |ui| {
                let input = tracks::TracksInput {
                    tracks,
                    view: shown.track_view,
                    axis: timeline_state.transform.as_ref().map(tracks::TimeAxis::of),
                    #[expect(clippy::cast_precision_loss, reason = "a length in ms")]
                    motion_ms: document.duration_ms() as f64,
                    playhead_ms: now.ms,
                };
                timeline_state.track_areas = tracks::tracks_ui(ui, &input, sink);
            });
        }
    });
}

/// Body roll, pitch and yaw at a time, interpolated between keyframes (the robot does not
/// play them; the figure shows them).
fn body_at(document: &Document, time_ms: u64) -> [i32; 3] {
    let times = document.times_ms();
    let body = document.motion.keyframes.body();
    let next = times.partition_point(|&t| t <= time_ms);
    if next >= times.len() {
        return body.last().copied().unwrap_or([0; 3]);
    }
    if next == 0 {
        return body[0];
    }
    let (t0, t1) = (times[next - 1] as f64, times[next] as f64);
    let f = (time_ms as f64 - t0) / (t1 - t0);
    let mut out = [0; 3];
    for (axis, slot) in out.iter_mut().enumerate() {
        let (a, b) = (f64::from(body[next - 1][axis]), f64::from(body[next][axis]));
        #[expect(clippy::cast_possible_truncation, reason = "between two i32 values")]
        let value = (a + (b - a) * f).round() as i32;
        *slot = value;
    }
    out
}
