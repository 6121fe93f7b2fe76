//! The sound and LED tracks under a motion's curves, on the timeline's own time axis: a
//! header row for each (what it is, how long, how it ends against the motion, its offset)
//! and its lanes (the waveform, a MIDI sound's notes, one lane per light of an LED pattern).
//! Dragging a lane sideways moves the track in time; clicking it moves the playhead.

mod axis;
pub mod face;
pub mod handle;
mod lanes;
pub mod led;
mod led_notes;
pub mod model;
mod save;

pub use axis::{TimeAxis, TracksInput, clamp_offset};
pub use model::TrackView;

use crate::app::action::MotionAction;
use crate::app::sink::MotionSink;
use crate::behaviour::{Part, Track};
use crate::edit::tracks::{TrackEdit, Tracks};

/// The times (ms on the motion's axis) the sound track's sounds begin.
#[must_use]
pub fn onset_times(tracks: &Tracks) -> Vec<f64> {
    tracks.sound.as_ref().map_or_else(Vec::new, |part| {
        #[expect(clippy::cast_precision_loss, reason = "an offset in ms")]
        let offset = part.offset_ms as f64;
        part.onsets_ms.iter().map(|t| t + offset).collect()
    })
}

/// The onsets as marks on the timeline's time axis: a dotted line down the plot at each.
pub fn onset_marks(ui: &egui::Ui, transform: &egui_plot::PlotTransform, onsets_ms: &[f64]) {
    let frame = *transform.frame();
    let painter = ui.painter_at(frame);
    // Opaque and dashed 3 on 2 off: over the curves' colours a fainter mark was lost (a
    // review found them faint).
    let colour = egui::Color32::from_rgb(90, 200, 225);
    for &t in onsets_ms {
        let x = transform.position_from_point_x(t);
        if !frame.x_range().contains(x) {
            continue;
        }
        let mut y = frame.top();
        while y < frame.bottom() {
            painter.line_segment(
                [
                    egui::pos2(x, y),
                    egui::pos2(x, (y + 3.0).min(frame.bottom())),
                ],
                egui::Stroke::new(1.5, colour),
            );
            y += 5.0;
        }
        painter.add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(x - 5.0, frame.bottom()),
                egui::pos2(x + 5.0, frame.bottom()),
                egui::pos2(x, frame.bottom() - 8.0),
            ],
            colour,
            egui::Stroke::NONE,
        ));
    }
}

/// A track's header row with the space after it (points).
const HEADER: f32 = 26.0;

/// The height the tracks take in a central area of `height` points.
#[must_use]
pub fn tracks_height(tracks: &Tracks, height: f32) -> f32 {
    if tracks.is_empty() {
        return 0.0;
    }
    let header = HEADER;
    let mut want = 0.0;
    if tracks.sound.is_some() || tracks.loading.contains(&Track::Sound) {
        want += header + lanes::SOUND_LANE;
    }
    if let Some(led) = &tracks.led {
        want += header + lanes::led_lanes(led).len().max(1) as f32 * led::LED_LANE;
    } else if tracks.loading.contains(&Track::Led) {
        want += header;
    }
    want.min(height * 0.45)
}

/// Draws the tracks in `ui`'s area. Returns where each is on screen (its header and
/// lanes: a file dropped there goes on it).
pub fn tracks_ui(
    ui: &mut egui::Ui,
    input: &TracksInput<'_>,
    sink: &mut MotionSink<'_>,
) -> Vec<(Track, egui::Rect)> {
    let mut areas = Vec::new();
    let Some(axis) = input.axis else {
        return areas;
    };
    let total = ui.available_height();
    let led_lanes = input
        .tracks
        .led
        .as_ref()
        .map_or(0, |p| lanes::led_lanes(p).len());
    for track in [Track::Sound, Track::Led] {
        let part = input.tracks.get(track);
        let loading = input.tracks.loading.contains(&track);
        if part.is_none() && !loading {
            continue;
        }
        let top = ui.cursor().top();
        ui.push_id(track.name(), |ui| {
            header_ui(ui, track, part, loading, input, sink);
            let Some(part) = part else { return };
            let height = match track {
                // What the LED track below needs stays for it; the sound takes the rest.
                Track::Sound => {
                    let led_wants = if input.tracks.led.is_some() {
                        HEADER + led_lanes.max(1) as f32 * led::LED_LANE
                    } else {
                        0.0
                    };
                    lanes::SOUND_LANE.min((total - HEADER - led_wants).max(24.0))
                }
                Track::Led => {
                    let room = ui.available_height().max(8.0);
                    let want = led_lanes.max(1) as f32 * led::LED_LANE;
                    if want > room {
                        // Lanes too many for the room keep their height and scroll.
                        egui::ScrollArea::vertical()
                            .id_salt("led lanes")
                            .max_height(room)
                            .scroll_bar_visibility(
                                egui::scroll_area::ScrollBarVisibility::AlwaysVisible,
                            )
                            .show(ui, |ui| {
                                let (rect, _) = ui.allocate_exact_size(
                                    egui::vec2(ui.available_width(), want),
                                    egui::Sense::hover(),
                                );
                                lanes::lane_ui(ui, rect, part, &axis, input, sink);
                            });
                        return;
                    }
                    want
                }
            };
            let (rect, _) = ui.allocate_exact_size(
                egui::vec2(ui.available_width(), height),
                egui::Sense::hover(),
            );
            lanes::lane_ui(ui, rect, part, &axis, input, sink);
        });
        let area = ui.max_rect().intersect(egui::Rect::everything_below(top));
        areas.push((track, area.with_max_y(ui.cursor().top())));
    }
    areas
}

/// A track's header row: its name, length and end against the motion's, its offset, and a
/// button to take it off. The offset and the button keep their place at the right; the
/// description is cut to the room left (all of it on hover).
fn header_ui(
    ui: &mut egui::Ui,
    track: Track,
    part: Option<&Part>,
    loading: bool,
    input: &TracksInput<'_>,
    sink: &mut MotionSink<'_>,
) {
    let motion_ms = input.motion_ms;
    ui.horizontal(|ui| {
        ui.strong(track.name());
        let Some(part) = part else {
            if loading {
                ui.spinner();
                ui.label("reading…");
            }
            return;
        };
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let remove = format!("Remove the {} track", track.name());
            let button = ui.small_button("×").on_hover_text(&remove);
            button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &remove));
            if button.clicked() {
                sink.push(MotionAction::Track(TrackEdit::Remove(track)));
            }
            if let crate::behaviour::Data::Led { pattern, .. } = &part.data {
                #[expect(clippy::cast_precision_loss, reason = "times in ms")]
                let at_ms = input.playhead_ms as f64 - part.offset_ms as f64;
                led_notes::add_light_menu(ui, pattern, at_ms, sink);
            }
            let mut offset = part.offset_ms;
            #[expect(clippy::cast_possible_truncation, reason = "lengths in ms")]
            let range = -(part.duration_ms().ceil() as i64)..=(motion_ms.floor() as i64).max(0);
            let response = ui
                .add(
                    egui::DragValue::new(&mut offset)
                        .suffix(" ms")
                        .speed(8.0)
                        .range(range),
                )
                .on_hover_text(
                    "Where the track starts on the motion's time axis (from its length before \
                     the motion to the motion's end); or drag the track",
                );
            if response.drag_started() {
                sink.push(MotionAction::BeginGesture("track move".to_owned()));
            }
            ui.label("Offset");
            let name = format!("{} offset", track.name());
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::drag_value(true, offset as f64);
                info.label = Some(name.clone());
                info
            });
            if response.changed() {
                sink.push(MotionAction::Track(TrackEdit::SetOffset(track, offset)));
            }
            if response.drag_stopped() {
                sink.push(MotionAction::EndGesture);
            }
            let after = part.end_ms() - motion_ms;
            let ends = crate::behaviour::part::ends_against_motion(after);
            let color = if after.abs() < 0.5 {
                ui.visuals().text_color()
            } else {
                ui.visuals().warn_fg_color
            };
            let text = format!(
                "{} · {:.0} ms · {ends}",
                part.source.short(),
                part.duration_ms()
            );
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.add(egui::Label::new(egui::RichText::new(&text).color(color)).truncate())
                    .on_hover_text(format!(
                        "{}\n{text}\nParts of a behaviour start together and are not \
                         stretched: a sound that runs past the motion plays on after it, an LED \
                         pattern that ends early goes dark.",
                        part.source.label()
                    ));
            });
        });
    });
}
