//! The colours the motion tab draws with: each channel's, and the playhead's.

use super::view::Channel;
use egui::Color32;

/// The playhead's colour, on the timeline and the tracks under it.
pub const PLAYHEAD_COLOUR: Color32 = Color32::from_rgb(255, 210, 0);

/// A distinct colour per channel: joints by a fixed palette (legs get related hues per
/// leg), body angles grey.
#[must_use]
pub fn channel_color(channel: Channel) -> Color32 {
    const PALETTE: [Color32; 20] = [
        Color32::from_rgb(230, 85, 13),
        Color32::from_rgb(253, 141, 60),
        Color32::from_rgb(253, 174, 107),
        Color32::from_rgb(214, 39, 40),
        Color32::from_rgb(148, 103, 189),
        Color32::from_rgb(197, 176, 213),
        Color32::from_rgb(31, 119, 180),
        Color32::from_rgb(107, 174, 214),
        Color32::from_rgb(158, 202, 225),
        Color32::from_rgb(44, 160, 44),
        Color32::from_rgb(116, 196, 118),
        Color32::from_rgb(161, 217, 155),
        Color32::from_rgb(23, 190, 207),
        Color32::from_rgb(102, 194, 165),
        Color32::from_rgb(158, 218, 229),
        Color32::from_rgb(140, 86, 75),
        Color32::from_rgb(196, 156, 148),
        Color32::from_rgb(231, 186, 82),
        Color32::from_rgb(227, 119, 194),
        Color32::from_rgb(247, 182, 210),
    ];
    match channel {
        Channel::Joint(j) => PALETTE[j % PALETTE.len()],
        Channel::Body(axis) => [
            Color32::from_gray(200),
            Color32::from_gray(160),
            Color32::from_gray(120),
        ][axis % 3],
    }
}
