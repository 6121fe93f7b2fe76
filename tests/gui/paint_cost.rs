//! What a frame costs the rasteriser. Under a software renderer (llvmpipe, as under Xvfb and on
//! many remote desktops) the time of a frame follows the area its triangles cover; the largest
//! motion once covered nearly three times the screen each frame and kept both cores busy for
//! seconds after opening. These tests sum the area of the tessellated frame.
//!
//! Run: `cargo test --test gui paint_cost`.

use crate::common;

use egui_kittest::Harness;
use mtn_studio::app::{StudioApp, example_document};
use mtn_studio::edit::Document;
use mtn_studio::example::largest_motion;

/// The area, in square points, that the frame's triangles cover (overlaps counted each time).
fn painted_area(harness: &Harness<'_, StudioApp>) -> f64 {
    let shapes = harness.output().shapes.clone();
    let primitives = harness
        .ctx
        .tessellate(shapes, harness.ctx.pixels_per_point());
    let mut total = 0.0;
    for clipped in primitives {
        let egui::epaint::Primitive::Mesh(mesh) = clipped.primitive else {
            continue;
        };
        for triangle in mesh.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|i| mesh.vertices[triangle[i] as usize].pos);
            let twice = (b - a).x * (c - a).y - (b - a).y * (c - a).x;
            total += f64::from(twice.abs() / 2.0);
        }
    }
    total
}

fn frame_area(app: StudioApp) -> f64 {
    let mut harness = common::ui::harness(app);
    harness.run();
    painted_area(&harness)
}

fn largest(naive: bool) -> StudioApp {
    let mut app = StudioApp::with_document(Document::unsaved(largest_motion(), "largest"));
    let id = app.tabs.active.expect("a tab is open");
    app.tabs
        .motion_widgets_mut(id)
        .expect("a motion tab")
        .timeline
        .naive_plot = naive;
    app
}

#[test]
fn the_largest_motion_costs_about_what_a_small_one_costs_to_paint() {
    let small = frame_area(StudioApp::with_document(example_document()));
    let big = frame_area(largest(false));
    let naive = frame_area(largest(true));
    eprintln!(
        "painted per frame: example {:.2} Mpx, largest {:.2} Mpx, largest drawn naively {:.2} Mpx",
        small / 1e6,
        big / 1e6,
        naive / 1e6
    );
    assert!(
        big < 1.5 * small,
        "the largest motion paints {big:.0} px², the 11-keyframe example {small:.0} px²"
    );
    assert!(
        naive > 10.0 * big,
        "the naive plot ({naive:.0} px²) should cost far more than the reduced one ({big:.0} px²)"
    );
}

/// Opens the largest motion from a file as File > Open does and counts the frames until the
/// window stops asking for more (idle), reporting the time each part took. The figures are
/// for this machine without a GPU; the test asserts only that the window settles.
#[test]
fn opening_the_largest_motion_settles_in_a_few_frames() {
    let dir = common::scratch_dir("paint-cost", "open");
    let path = dir.join("largest.mtn");
    let bytes = mtn_studio::codec::mtn::encode(&largest_motion()).expect("it encodes");
    std::fs::write(&path, &bytes).expect("a scratch file");
    for (name, path) in [
        ("the 11-keyframe example", None),
        ("the largest motion (65,535 x 20)", Some(path.clone())),
    ] {
        let start = std::time::Instant::now();
        let mut app = StudioApp::empty();
        match &path {
            Some(path) => app.push(mtn_studio::app::Action::Open(path.clone())),
            None => app.push(mtn_studio::app::Action::command(
                mtn_studio::app::command::UiCommand::OpenExample,
                None,
            )),
        }
        let mut harness = common::ui::harness(app);
        let frames = harness.try_run().expect("the window settles");
        let settled = start.elapsed();
        assert!(harness.state().active_motion().is_some(), "{name} opened");
        eprintln!(
            "{name}: opening, the first frame and {} more until idle took {:.0} ms \
             (laid out and tessellated, not rasterised)",
            mtn_studio::words::plural(
                usize::try_from(frames).unwrap_or(usize::MAX),
                "frame",
                "frames"
            ),
            settled.as_secs_f64() * 1e3
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
