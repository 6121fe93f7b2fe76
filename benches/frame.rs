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
//! dragged (the paths worked out again every frame).

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]
#![allow(clippy::expect_used, reason = "a bench fails by panicking")]

use criterion::{Criterion, criterion_group, criterion_main};
use mtn_studio::app::StudioApp;
use mtn_studio::app::action::{Action, MotionAction};
use mtn_studio::edit::{Document, Edit};
use std::hint::black_box;

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

fn bench_frame(c: &mut Criterion) {
    let motion = mtn_studio::example::largest_motion();
    let mut group = c.benchmark_group("frame_65535x20");
    group.sample_size(20);
    // (name, naive plot, playing, curves reduced afresh every frame as while panning,
    // zooming or dragging, rather than reused from the last frame, a keyframe dragged:
    // an edit every frame inside one gesture, as the timeline makes while dragging)
    for (name, naive, playing, recompute, dragging, zoomed) in [
        ("timeline_as_built", false, false, false, false, false),
        ("playing_as_built", false, true, false, false, false),
        (
            "playing_recomputing_curves",
            false,
            true,
            true,
            false,
            false,
        ),
        ("dragging_a_keyframe", false, false, false, true, false),
        ("servo_paths_in_view", false, false, false, false, true),
        (
            "servo_paths_while_dragging",
            false,
            false,
            false,
            true,
            true,
        ),
        (
            "naive_every_point_baseline",
            true,
            false,
            true,
            false,
            false,
        ),
    ] {
        let mut app = StudioApp::with_document(Document::unsaved(motion.clone(), "largest"));
        let id = app.tabs.active.expect("a tab");
        let tab = app.tabs.motion_mut(id).expect("a motion tab");
        tab.timeline.naive_plot = naive;
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
