//! One full frame of the editor (layout and tessellation, no GPU) on the largest motion the
//! format allows (65,535 keyframes x 20 joints, every joint shown), for the timeline as built
//! and for the naive timeline (every keyframe of every curve handed to egui_plot every frame),
//! measured in the same run; the reduced curves are reused while the motion and the visible
//! range stay as they are, so one case turns that off to show a frame while panning or
//! dragging. The targets (issues 3, 4 and 10): under 8 ms a frame, also while playing
//! (timeline, posed robot and the values at the playhead all redrawn every frame), and a
//! frame that reduces the curves afresh at least 110 times faster than the naive one. One
//! more case drags a keyframe: an edit every frame (the pyramid updated where it lands).
//! The motion's values are random and its segments grow from 0 to 599 frames over every 600
//! keyframes, so where they are short every joint outruns its servo: two cases zoom into
//! two seconds there (from keyframe 32,400), where the timeline draws the path each servo
//! really takes (worked out for the segments in view), still and while a keyframe there is
//! dragged (the paths worked out again every frame). Three cases add a 3-minute sound track
//! and an LED pattern over it (issue 23): dragging, playing, and the naive waveform (every
//! sample of each pixel column looked at) as their baseline. Two cases draw the stage alone
//! (the posed robot, its floor, ghosts and paths, in a window of its own): with the playhead
//! still, and while playing (a new pose every frame). Two more play a ten-second march on the
//! stage alone: drawn from the rest model (the baseline), and simulated (issue 36: the robot
//! where the physics puts it, its path, the camera following and the rest pose over it).
//!
//! Each case sets itself up when it runs, so `cargo bench --bench frame -- NAME` builds only
//! that one.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(clippy::expect_used, reason = "a bench fails by panicking")]

use criterion::{Criterion, criterion_group};
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::app::motion::stage::model::StageModel;
use mtn_studio::app::motion::stage::simulated::SimShow;
use mtn_studio::app::motion::stage::{StageInput, StageState, stage_ui};
use mtn_studio::behaviour::{Data, Part, Peaks, Source};
use mtn_studio::codec::mtn::Motion;
use mtn_studio::codec::sound::SoundKind;
use mtn_studio::codec::sound::led::{LedNote, LedPattern};
use mtn_studio::edit::{Document, Edit};
use mtn_studio::robot::deg_to_urad;
use mtn_studio::robot::kinematics::Leg;
use mtn_studio::robot::physics::{Settings, Simulation, simulate};
use mtn_studio::robot::postures::new_motion;
use std::hint::black_box;
use std::sync::Arc;

fn frame(ctx: &egui::Context, app: &mut StudioApp, time: f64) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1400.0, 900.0),
        )),
        time: Some(time),
        predicted_dt: 1.0 / 60.0,
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| app.frame_ui(ui));
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    black_box(primitives);
}

/// A 3-minute sound (16 kHz, a tone with a beat so every column differs) and an LED pattern
/// lighting the face and back lights in turn over the same three minutes.
fn tracks() -> (Part, Part) {
    let samples: Vec<f32> = (0..16_000 * 180)
        .map(|i| {
            let t = i as f32 / 16_000.0;
            (t * 2.0 * std::f32::consts::TAU).sin() * (t * 440.0 * std::f32::consts::TAU).sin()
        })
        .collect();
    let peaks = Peaks::new(&samples);
    let sound = Part {
        source: Source {
            path: "three-minutes.wav".into(),
            entry: None,
        },
        kind: SoundKind::Wave,
        data: Data::Wave {
            rate: 16_000,
            samples: Arc::new(samples),
            peaks: Arc::new(peaks),
        },
        offset_ms: 0,
        onsets_ms: Arc::default(),
    };
    let mut pattern = LedPattern::default();
    // A light every 8 ms tick (15 MIDI ticks), 18 lights in turn, each on for 4 ticks.
    for step in 0..22_500u64 {
        let key = [
            48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 84, 85, 86, 87, 88, 89,
        ][usize::try_from(step % 18).expect("small")];
        pattern.notes.push(LedNote {
            channel: 0,
            key,
            velocity: u8::try_from(1 + step % 127).expect("small"),
            start_tick: step * 15,
            end_tick: step * 15 + 60,
        });
    }
    pattern.normalise();
    let led = Part {
        source: Source {
            path: "so12_x00bench_l1f.mid".into(),
            entry: None,
        },
        kind: SoundKind::Led,
        data: Data::led(pattern),
        offset_ms: 0,
        onsets_ms: Arc::default(),
    };
    (sound, led)
}

/// One case: what the frame shows and what changes from one frame to the next.
#[derive(Clone, Copy, Default)]
struct Case {
    name: &'static str,
    /// Every keyframe of every curve handed to the plot (the baseline).
    naive: bool,
    /// The playhead moves every frame.
    playing: bool,
    /// The curves are reduced afresh every frame, as while panning or zooming.
    recompute: bool,
    /// A keyframe is dragged: an edit every frame inside one gesture, as the timeline
    /// makes while dragging.
    dragging: bool,
    /// Two seconds in view where the segments are short (servo paths drawn).
    zoomed: bool,
    /// The 3-minute sound and LED tracks: from the pyramid, or every sample looked at.
    tracks: Option<bool>,
    /// A paw is dragged on the stage: each frame its pose solved (legs, balance, floor)
    /// and written into keyframe 32,405 inside one gesture, as the stage's handle does.
    posing: bool,
}

const CASES: [Case; 11] = [
    Case {
        name: "posing_a_paw_on_the_stage",
        dragging: true,
        posing: true,
        ..NONE
    },
    Case {
        name: "tracks_3min_sound_and_led_dragging",
        dragging: true,
        tracks: Some(false),
        ..NONE
    },
    Case {
        name: "tracks_3min_playing_recomputing_curves",
        playing: true,
        recompute: true,
        tracks: Some(false),
        ..NONE
    },
    Case {
        name: "tracks_3min_naive_waveform_baseline",
        dragging: true,
        tracks: Some(true),
        ..NONE
    },
    Case {
        name: "timeline_as_built",
        ..NONE
    },
    Case {
        name: "playing_as_built",
        playing: true,
        ..NONE
    },
    Case {
        name: "playing_recomputing_curves",
        playing: true,
        recompute: true,
        ..NONE
    },
    Case {
        name: "dragging_a_keyframe",
        dragging: true,
        ..NONE
    },
    Case {
        name: "servo_paths_in_view",
        zoomed: true,
        ..NONE
    },
    Case {
        name: "servo_paths_while_dragging",
        dragging: true,
        zoomed: true,
        ..NONE
    },
    Case {
        name: "naive_every_point_baseline",
        naive: true,
        recompute: true,
        ..NONE
    },
];

const NONE: Case = Case {
    name: "",
    naive: false,
    playing: false,
    recompute: false,
    dragging: false,
    zoomed: false,
    tracks: None,
    posing: false,
};

/// The editor showing the largest motion as `case` asks, warmed up.
fn editor(case: Case, ctx: &egui::Context) -> (StudioApp, u64) {
    let motion = mtn_studio::example::largest_motion();
    let mut app = StudioApp::with_document(Document::unsaved(motion, "largest"));
    app.audio = mtn_studio::app::audio::Audio::off("the bench plays no sound");
    let id = app.tabs.active.expect("a tab");
    let widgets = app.tabs.motion_widgets_mut(id).expect("a motion tab");
    widgets.timeline.naive_plot = case.naive;
    widgets.timeline.cache.disabled = case.recompute;
    let tab = app.tabs.motion_mut(id).expect("a motion tab");
    if let Some(naive_waveform) = case.tracks {
        let (sound, led) = tracks();
        tab.document.put_part(sound, false);
        tab.document.put_part(led, false);
        tab.track_view.naive_waveform = naive_waveform;
    }
    if case.playing {
        tab.playback.looping = true;
        tab.playback.toggle(tab.document.tick_count(), None);
    }
    if case.zoomed {
        let start = tab.document.times_ms()[32_400];
        tab.view.requests.frame(start, start + 2_000);
    }
    // Warm up: fonts, the first layout, the fit to the whole motion.
    for step in 0..3 {
        frame(ctx, &mut app, f64::from(step) / 60.0);
    }
    if case.zoomed {
        let tab = app.tabs.get_mut(id).expect("a tab");
        let (tab, widgets) = tab.motion_parts_mut().expect("a motion tab");
        let paths = widgets.timeline.servo.paths(&tab.document, 32_400..32_600);
        assert!(!paths.is_empty(), "no servo path in view");
        println!("{}: {} servo paths in view", case.name, paths.len());
    }
    if case.dragging {
        app.push(Action::Motion(
            id,
            MotionAction::BeginGesture("drag".into()),
        ));
    }
    (app, id)
}

/// A case's editor and what its frames move: the time, the value dragged, the paw lifted.
struct Running {
    case: Case,
    ctx: egui::Context,
    app: StudioApp,
    id: mtn_studio::app::TabId,
    time: f64,
    value: i32,
    /// The keyframe the paw is posed in, as the drag's start found it.
    site: Option<mtn_studio::ops::place::Site>,
    lift: f64,
}

impl Running {
    fn new(case: Case) -> Self {
        let ctx = egui::Context::default();
        let (mut app, id) = editor(case, &ctx);
        let site = case.posing.then(|| {
            let tab = app.tabs.motion_mut(id).expect("a motion tab");
            let at = tab.document.times_ms()[32_405];
            let motion = &tab.document.motion;
            let rig = mtn_studio::robot::floor::rig(motion).expect("a rig");
            let ticks = mtn_studio::robot::floor::rest_ticks(&rig, motion);
            mtn_studio::ops::place::Site::at(motion, at, &ticks).expect("a site")
        });
        Self {
            case,
            ctx,
            app,
            id,
            time: 1.0,
            value: 0,
            site,
            lift: 0.0,
        }
    }

    /// One frame, with the case's edit of it.
    fn frame(&mut self) {
        let id = self.id;
        self.time += 1.0 / 60.0;
        if let Some(site) = &self.site {
            self.lift = (self.lift + 1.0) % 40.0;
            let mut request = mtn_studio::robot::place::Request::default();
            let at = site.paws()[0];
            request.paws[0] = Some([at[0], at[1], at[2] + self.lift]);
            let solved = site.solve_request(&request, Some(15.0));
            self.app.push(Action::Motion(
                id,
                MotionAction::Edit {
                    label: "Lift FL paw".into(),
                    edit: site.edit(&solved.placed.values),
                },
            ));
        } else if self.case.dragging {
            self.value = (self.value + 1_000) % 1_000_000;
            self.app.push(Action::Motion(
                id,
                MotionAction::Edit {
                    label: "drag".into(),
                    edit: Edit::SetAngles(vec![(32_405, 8, self.value)]),
                },
            ));
        }
        frame(&self.ctx, &mut self.app, self.time);
    }
}

fn bench_frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame_65535x20");
    group.sample_size(20);
    for case in CASES {
        group.bench_function(case.name, |b| {
            let mut running = Running::new(case);
            b.iter(|| running.frame());
        });
    }
    // The stage alone, in a window of its own (as large as the large stage), on the largest
    // motion: its picture kept while the pose stays, and made again while playing.
    let largest = mtn_studio::example::largest_motion();
    stage_alone(&mut group, "stage_alone_as_built", &largest, false, None);
    stage_alone(&mut group, "stage_alone_playing", &largest, true, None);
    // A ten-second march on the spot played on the stage, drawn from the rest model (the
    // baseline) and simulated (the robot where the physics puts it, its path, the camera
    // following it and the rest pose over it: all the Simulate switch draws).
    let march = march();
    let sim = simulate(&march, Settings::default(), &mut |_| true).expect("simulates");
    stage_alone(&mut group, "stage_march_playing", &march, true, None);
    stage_alone(
        &mut group,
        "stage_march_simulated_playing",
        &march,
        true,
        Some(&sim),
    );
    group.finish();
}

/// The ERS-7's stand, then its diagonal pairs of legs lifted in turn, half a second each,
/// for ten seconds.
fn march() -> Motion {
    let mut motion = new_motion("DRX-1000", "stand").expect("the stand");
    let rig = mtn_studio::robot::floor::rig(&motion).expect("a rig");
    let stand = motion.keyframes.get(0).expect("first").angles_urad.to_vec();
    let body = motion.keyframes.body()[0];
    for step in 0..20 {
        let mut row = stand.clone();
        let pair = if step % 2 == 0 {
            [Leg::LeftFront, Leg::RightHind]
        } else {
            [Leg::RightFront, Leg::LeftHind]
        };
        for leg in pair {
            let [_, _, j3] = rig.leg_joints(leg).map(|c| c.expect("a leg joint"));
            row[j3] = deg_to_urad(70.0);
        }
        motion.keyframes.push(16, body, &row).expect("row");
        motion.keyframes.push(15, body, &stand).expect("row");
    }
    motion
}

/// A bench row of the stage alone on `motion` (the playhead moving a frame's time each
/// frame when `playing`, from 0 or 20 s and round again), simulated as `sim` says.
fn stage_alone(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    motion: &Motion,
    playing: bool,
    sim: Option<&Simulation>,
) {
    let times = mtn_studio::robot::timing::keyframe_times_ms(&motion.keyframes);
    let changes = mtn_studio::edit::Changes::default();
    let duration = mtn_studio::robot::timing::duration_ms(&motion.keyframes);
    group.bench_function(name, |b| {
        let ctx = egui::Context::default();
        let mut state = StageState::default();
        // Ghosts at keyframes, as before time-spaced ghosts: the rows measure what they
        // measured.
        let shows = StageModel {
            onion: 2,
            spacing: mtn_studio::app::motion::stage::model::Spacing::Keyframes,
            show_paths: true,
            ..StageModel::default()
        };
        let mut playhead_ms = 20_000 % duration.max(1);
        let mut time = 0.0;
        b.iter(|| {
            if playing {
                playhead_ms = (playhead_ms + 16) % duration.max(1);
            }
            time += 1.0 / 60.0;
            let values = mtn_studio::robot::timing::values_at_tick_in(
                &motion.keyframes,
                &times,
                playhead_ms / mtn_studio::robot::timing::TICK_MS,
            )
            .expect("inside the motion");
            let input = StageInput {
                motion,
                revision: 1,
                changes: &changes,
                values: &values,
                file_body: [0; 3],
                playhead_ms,
                times_ms: &times,
                ticks: None,
                visible_ms: None,
                focused: None,
                lights: None,
                shows,
                sim: sim.map(|sim| SimShow {
                    sim: Some(sim),
                    generation: 1,
                    progress: None,
                    failed: None,
                    follow: true,
                    rest_ghost: true,
                    play: 0,
                }),
                preview: None,
                verdict_fallen: false,
            };
            let raw = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(860.0, 640.0),
                )),
                time: Some(time),
                ..Default::default()
            };
            let output = ctx.run_ui(raw, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    stage_ui(ui, &input, (true, false), &mut state);
                });
            });
            let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
            black_box(primitives);
        });
    });
}

criterion_group!(benches, bench_frame);

/// Timed by criterion; or, for counting instructions (callgrind), where
/// `MTN_STUDIO_BENCH_FRAMES=N` is set: each case whose name holds `MTN_STUDIO_BENCH_CASE`
/// set up once, then N frames, untimed, the same frames on every run (criterion's own
/// iteration counts follow the clock, so two builds would count different frames).
fn main() {
    let Some(frames) = std::env::var("MTN_STUDIO_BENCH_FRAMES")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    else {
        benches();
        Criterion::default().configure_from_args().final_summary();
        return;
    };
    let wanted = std::env::var("MTN_STUDIO_BENCH_CASE").unwrap_or_default();
    for case in CASES
        .into_iter()
        .filter(|c| c.name.contains(wanted.as_str()))
    {
        let mut running = Running::new(case);
        for _ in 0..frames {
            running.frame();
        }
        println!("{}: {frames} frames", case.name);
    }
}
