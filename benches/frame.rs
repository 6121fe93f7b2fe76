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
//! sample of each pixel column looked at) as their baseline.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(clippy::expect_used, reason = "a bench fails by panicking")]

use criterion::{Criterion, criterion_group, criterion_main};
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::behaviour::{Data, Part, Peaks, Source};
use mtn_studio::codec::sound::SoundKind;
use mtn_studio::codec::sound::led::{LedNote, LedPattern};
use mtn_studio::edit::{Document, Edit};
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

fn bench_frame(c: &mut Criterion) {
    let (sound, led) = tracks();
    let motion = mtn_studio::example::largest_motion();
    let mut group = c.benchmark_group("frame_65535x20");
    group.sample_size(20);
    // (name, naive plot, playing, curves reduced afresh every frame as while panning,
    // zooming or dragging, rather than reused from the last frame, a keyframe dragged:
    // an edit every frame inside one gesture, as the timeline makes while dragging; the
    // 3-minute sound and LED tracks: none, from the pyramid, or every sample looked at)
    for (name, naive, playing, recompute, dragging, zoomed, with_tracks) in [
        (
            "tracks_3min_sound_and_led_dragging",
            false,
            false,
            false,
            true,
            false,
            Some(false),
        ),
        (
            "tracks_3min_playing_recomputing_curves",
            false,
            true,
            true,
            false,
            false,
            Some(false),
        ),
        (
            "tracks_3min_naive_waveform_baseline",
            false,
            false,
            false,
            true,
            false,
            Some(true),
        ),
        ("timeline_as_built", false, false, false, false, false, None),
        ("playing_as_built", false, true, false, false, false, None),
        (
            "playing_recomputing_curves",
            false,
            true,
            true,
            false,
            false,
            None,
        ),
        (
            "dragging_a_keyframe",
            false,
            false,
            false,
            true,
            false,
            None,
        ),
        (
            "servo_paths_in_view",
            false,
            false,
            false,
            false,
            true,
            None,
        ),
        (
            "servo_paths_while_dragging",
            false,
            false,
            false,
            true,
            true,
            None,
        ),
        (
            "naive_every_point_baseline",
            true,
            false,
            true,
            false,
            false,
            None,
        ),
    ] {
        let mut app = StudioApp::with_document(Document::unsaved(motion.clone(), "largest"));
        app.audio = mtn_studio::app::audio::Audio::off("the bench plays no sound");
        let id = app.tabs.active.expect("a tab");
        let tab = app.tabs.motion_mut(id).expect("a motion tab");
        tab.timeline.naive_plot = naive;
        if let Some(naive_waveform) = with_tracks {
            tab.tracks.sound = Some(sound.clone());
            tab.tracks.led = Some(led.clone());
            tab.tracks.naive_waveform = naive_waveform;
        }
        tab.timeline.cache.disabled = recompute;
        if playing {
            tab.playback.looping = true;
            tab.playback.toggle(&tab.document.motion.keyframes);
        }
        if zoomed {
            let start = tab.document.times_ms()[32_400] as f64;
            tab.timeline.frame_request = Some((start, start + 2_000.0));
        }
        let ctx = egui::Context::default();
        // Warm up: fonts, the first layout, the fit to the whole motion.
        for step in 0..3 {
            frame(&ctx, &mut app, f64::from(step) / 60.0);
        }
        if zoomed {
            let tab = app.tabs.motion_mut(id).expect("a motion tab");
            let paths = tab.timeline.servo.paths(&tab.document, 32_400..32_600);
            assert!(!paths.is_empty(), "no servo path in view");
            println!("{name}: {} servo paths in view", paths.len());
        }
        if dragging {
            app.push(Action::Motion(
                id,
                MotionAction::BeginGesture("drag".into()),
            ));
        }
        let mut time = 1.0;
        let mut value = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                time += 1.0 / 60.0;
                if dragging {
                    value = (value + 1_000) % 1_000_000;
                    app.push(Action::Motion(
                        id,
                        MotionAction::Edit {
                            label: "drag".into(),
                            edit: Edit::SetAngles(vec![(32_405, 8, value)]),
                        },
                    ));
                }
                frame(&ctx, &mut app, time);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_frame);
criterion_main!(benches);
