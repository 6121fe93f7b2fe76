//! The stored pictures the screenshot tests compare with (`tests/snapshots/`), and the proof
//! that the comparison sees a part of the window that stops drawing.
//!
//! A snapshot is what Mesa's software renderer (lavapipe, as in CI) draws. Anti-aliasing and
//! text may differ by a few pixels between drivers, so a picture passes while at most
//! [`TOLERANCE`] of its pixels differ by more than kittest's per-pixel threshold: a stage or a
//! panel is tens of times that. After a change meant to alter the window, refresh them with
//! `UPDATE_SNAPSHOTS=1 cargo test --test gui screenshot` and look at what changed.

use egui_kittest::{Harness, SnapshotError, SnapshotOptions};
use image::RgbaImage;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The share of a picture's pixels that may differ from its snapshot.
pub const TOLERANCE: f64 = 0.005;

/// Where the snapshots are kept.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

fn options(image: &RgbaImage, dir: &Path) -> SnapshotOptions {
    let area = f64::from(image.width()) * f64::from(image.height());
    // Truncation is the point: a whole number of pixels.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let allowed = (area * TOLERANCE) as usize;
    SnapshotOptions::new()
        .output_path(dir)
        .max_failed_pixels(allowed)
}

/// Compares `image` with the snapshot `name` kept in `dir`, both at half the size: a quarter
/// of the bytes kept in the repository, and a glyph's sub-pixel edge is not a failure.
pub fn compare_in(image: &RgbaImage, name: &str, dir: &Path) -> Result<(), SnapshotError> {
    let half = image::imageops::resize(
        image,
        image.width().div_ceil(2),
        image.height().div_ceil(2),
        image::imageops::FilterType::Triangle,
    );
    egui_kittest::try_image_snapshot_options(&half, name, &options(&half, dir))
}

/// Fails unless `image` looks like its stored snapshot `name`.
pub fn assert_matches(image: &RgbaImage, name: &str) {
    if let Err(e) = compare_in(image, name, &dir()) {
        panic!(
            "{name} no longer looks like tests/snapshots/{name}.png: {e}\n(see {name}.diff.png \
             beside it; if the change is meant, UPDATE_SNAPSHOTS=1 refreshes it)"
        );
    }
}

/// The harness's picture; without a wgpu adapter a loud note and `None` (the skip rule), or a
/// failure where `MTN_STUDIO_REQUIRE_RENDER=1` (CI).
pub fn rendered<S>(harness: &mut Harness<'_, S>, name: &str) -> Option<RgbaImage> {
    match harness.render() {
        Ok(image) => Some(image),
        Err(e) if std::env::var("MTN_STUDIO_REQUIRE_RENDER").is_ok_and(|v| v == "1") => {
            panic!("rendering needs a wgpu adapter (apt-get install mesa-vulkan-drivers): {e}")
        }
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "\n*** SKIPPED screenshot {name}: no wgpu adapter ({e}); apt-get install \
                 mesa-vulkan-drivers to render without a GPU ***"
            );
            None
        }
    }
}

/// The picture with `rect` (in points, one pixel each) painted over in its own most common
/// colour (its background): the part of the window there drew nothing.
fn blanked(image: &RgbaImage, rect: egui::Rect) -> RgbaImage {
    let mut image = image.clone();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (x0, y0, x1, y1) = (
        rect.min.x.max(0.0) as u32,
        rect.min.y.max(0.0) as u32,
        (rect.max.x as u32).min(image.width()),
        (rect.max.y as u32).min(image.height()),
    );
    let mut counts = std::collections::HashMap::new();
    for y in y0..y1 {
        for x in x0..x1 {
            *counts.entry(image.get_pixel(x, y).0).or_insert(0usize) += 1;
        }
    }
    let Some((background, _)) = counts.into_iter().max_by_key(|(_, n)| *n) else {
        return image;
    };
    for y in y0..y1 {
        for x in x0..x1 {
            image.put_pixel(x, y, image::Rgba(background));
        }
    }
    image
}

#[test]
fn a_part_of_the_window_that_stops_drawing_fails_its_snapshot() {
    use egui_kittest::kittest::Queryable;
    use mtn_studio::app::StudioApp;
    let app =
        crate::common::ui::for_tests(StudioApp::with_document(mtn_studio::app::example_document()));
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .wgpu()
        .build_ui_state(|ui, app: &mut StudioApp| app.frame_ui(ui), app);
    harness.run();
    harness.key_press(egui::Key::End);
    harness.run();
    let name = "editor-example";
    let Some(image) = rendered(&mut harness, name) else {
        return;
    };
    assert_matches(&image, name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        // Refreshing, kittest would store the blanked pictures instead of comparing them.
        return;
    }
    // The same window with its stage, its timeline or its joint list drawing nothing, compared
    // with a copy of the stored snapshot (so the real one's diff files are left alone).
    let scratch = tempfile::tempdir().unwrap();
    let stored = dir().join(format!("{name}.png"));
    std::fs::copy(&stored, scratch.path().join(format!("{name}.png"))).unwrap();
    let check = |label: &str| {
        harness
            .get_by_role_and_label(egui::accesskit::Role::CheckBox, label)
            .rect()
    };
    let range = harness.get_by_label("Time range").rect();
    let parts = [
        ("the stage", harness.get_by_label("Stage").rect()),
        // The curves: beneath the range strip, its width, down towards the keyframe table.
        (
            "the curves",
            egui::Rect::from_min_max(
                range.left_bottom(),
                egui::pos2(range.right(), range.bottom() + 400.0),
            ),
        ),
        // The joint list: from its first row to its last, the panel's width.
        (
            "the joint list",
            egui::Rect::from_min_max(
                egui::pos2(0.0, check("HEAD_PITCH").top()),
                egui::pos2(
                    check("BODY_YAW").right() + 120.0,
                    check("BODY_YAW").bottom(),
                ),
            ),
        ),
    ];
    for (part, rect) in parts {
        let area = rect.width() * rect.height();
        assert!(
            area > 1000.0,
            "{part} is too small to stand for a panel: {rect:?}"
        );
        match compare_in(&blanked(&image, rect), name, scratch.path()) {
            Err(SnapshotError::Diff { .. }) => {}
            other => panic!("{part} drawing nothing still passed the snapshot: {other:?}"),
        }
    }
}
