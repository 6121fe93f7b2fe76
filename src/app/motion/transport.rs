//! The transport row above the timeline: play, pause, stop, loop, speed, and where the
//! playhead is.

use super::view::View;
use crate::app::action::MotionAction;
use crate::app::command::TabCommand;
use crate::app::sink::MotionSink;
use crate::edit::{Document, Playback};

/// Narrower than this, the transport row is drawn compact.
const TRANSPORT_FULL_WIDTH: f32 = 470.0;

/// Play, pause, stop, loop, speed, and where the playhead is.
pub(super) fn transport_ui(
    ui: &mut egui::Ui,
    playback: &Playback,
    view: &View,
    document: &Document,
    sink: &mut MotionSink<'_>,
) {
    // A narrow timeline gets the buttons as symbols (named for a screen reader as the
    // words), no "Speed" label and an unpadded counter, so the row stays one line.
    let narrow = ui.available_width() < TRANSPORT_FULL_WIDTH;
    // Wrapped, so a narrow window keeps every control in reach and the timeline its width.
    ui.horizontal_wrapped(|ui| {
        let button = |ui: &mut egui::Ui, word: &str, symbol: &str, hover: &str| {
            let response = ui
                .button(if narrow { symbol } else { word })
                .on_hover_text(hover);
            if narrow {
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, word));
            }
            response.clicked()
        };
        if button(ui, "Start", "⏮", "Go to start (Home)") {
            sink.command(TabCommand::GoToStart);
        }
        let (word, symbol) = if playback.playing {
            ("Pause", "⏸")
        } else {
            ("Play", "▶")
        };
        if button(ui, word, symbol, "Play or pause (Space)") {
            sink.command(TabCommand::PlayPause);
        }
        if button(ui, "Stop", "⏹", "Stop and go back to the start") {
            sink.command(TabCommand::GoToStart);
        }
        let mut looping = playback.looping;
        // With a range selected, Loop plays the range: the box says so.
        let (text, hover) = if view.range_ms.is_some_and(|(a, b)| b > a) {
            ("Loop range", "Play the selected range over and over")
        } else {
            (
                "Loop",
                "Play the motion over and over (select a range to loop it alone)",
            )
        };
        if ui
            .checkbox(&mut looping, text)
            .on_hover_text(hover)
            .changed()
        {
            sink.push(MotionAction::SetLooping(looping));
        }
        speed_ui(ui, playback, narrow, sink);
        counter_ui(ui, playback, view, document, narrow, sink);
    });
}

/// The playback speed, labelled (`narrow`: named for a screen reader only).
fn speed_ui(ui: &mut egui::Ui, playback: &Playback, narrow: bool, sink: &mut MotionSink<'_>) {
    let mut speed = playback.speed();
    let label = (!narrow).then(|| ui.label("Speed"));
    let response = ui
        .add(
            egui::DragValue::new(&mut speed)
                .range(crate::edit::playback::SPEED_RANGE.0..=crate::edit::playback::SPEED_RANGE.1)
                .speed(0.01)
                .fixed_decimals(2)
                .suffix("×"),
        )
        .on_hover_text("Playback speed: drag, or click and type (0.25× to 2×)");
    let response = match label {
        Some(label) => response.labelled_by(label.id),
        None => {
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::drag_value(true, speed);
                info.label = Some("Speed".to_owned());
                info
            });
            response
        }
    };
    if response.changed() {
        sink.push(MotionAction::SetSpeed(speed));
    }
}

/// Where the playhead is, of how long; and a file whose frame-rate field asks for other
/// frames than the robot plays, its timing followed or not.
fn counter_ui(
    ui: &mut egui::Ui,
    playback: &Playback,
    view: &View,
    document: &Document,
    narrow: bool,
    sink: &mut MotionSink<'_>,
) {
    let scale = view.time_scale(&document.motion);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a time in ms, far below u64's range"
    )]
    let shown = |ms: u64| (ms as f64 * scale).round() as u64;
    let (now, length) = (shown(playback.time_ms()), shown(document.duration_ms()));
    ui.monospace(if narrow {
        format!("{now} / {length} ms")
    } else {
        format!("{now:>6} / {length} ms")
    })
    .on_hover_text("The playhead, on the robot's 8 ms ticks (arrow keys step 16 ms frames)");
    if let Some(field) = super::view::odd_frame_rate(&document.motion) {
        let mut follow = view.follow_file_rate;
        if ui
            .checkbox(&mut follow, format!("File's {field} ms frames"))
            .on_hover_text(format!(
                "The frame-rate field says {field} ms per frame. Sony's player ignores it \
                 and plays 16 ms frames: on the robot this motion lasts {} ms. Ticked, \
                 the timeline and playback follow the field; Motion > Retime to Robot \
                 Frames makes the robot play it at that pace.",
                document.duration_ms()
            ))
            .changed()
        {
            sink.push(MotionAction::SetFollowFileRate(follow));
        }
        if view.follow_file_rate {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "timing as the file says; the robot plays 16 ms frames",
            );
        }
    }
}
