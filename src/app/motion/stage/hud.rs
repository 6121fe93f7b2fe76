//! The stage's text: the model, the body's height and angles, what it stands on and how far
//! it is from tipping, the file's own body angles, and the paths' key.

use super::around;
use super::paint::Canvas;
use crate::robot::floor;
use crate::robot::urad_to_deg;
use egui::{Color32, Galley, Pos2, Rect};
use std::sync::Arc;

/// What the stage's text says.
pub struct Hud<'a> {
    /// How the body rests.
    pub settled: &'a floor::Settled,
    /// The file's own body angles at the playhead.
    pub file_body: [i32; 3],
    /// The posed body.
    pub body: &'a floor::Body,
    /// Where the rest model has the robot on a paw its pose lifts, in a stretch `check`
    /// reports (`floor::stance::lifted_at`): the paw and how far the pose holds it up.
    pub lifted: Option<floor::stance::Lifted>,
    /// The model's rig.
    pub rig: &'a floor::Rig,
    /// Whether the playhead is on a keyframe (the file's body angles are set there).
    pub on_keyframe: bool,
    /// Whether the motion is too long for the floor to be worked out every tick.
    pub too_long: bool,
    /// The simulated body at the playhead, and the floor it is on (its lines replace the
    /// rest model's).
    pub simulated: Option<Simulated<'a>>,
    /// The joints commanded beyond where their servos stop at the playhead, drawn at the
    /// stop: each one's name, command and stop (degrees).
    pub beyond: Vec<(String, f64, f64)>,
    /// Whether the floor's verdict (the simulation's, where the model has one) has the robot
    /// down from a fall at the playhead: the body at rest is then never said to stand fine.
    pub verdict_fallen: bool,
}

/// What the simulation says of a paw its pose lifts that the robot rests on, where `time_ms`
/// lies in a stretch it reports (`events`: its summary's).
#[must_use]
pub fn lifted_at(events: &[crate::robot::physics::Event], time_ms: u64) -> Option<&str> {
    events
        .iter()
        .find(|e| e.time_ms <= time_ms && e.until_ms.is_none_or(|until| time_ms < until))
        .map(|e| e.what.as_str())
}

/// The colour of a line that says a joint is commanded beyond its servo's stop.
const BEYOND_COLOR: Color32 = Color32::from_rgb(240, 110, 95);

/// What to say of the joints commanded beyond their servos' stops: the first, and how many
/// more.
fn beyond_line(beyond: &[(String, f64, f64)]) -> Option<(String, Color32)> {
    let (name, command, stop) = beyond.first()?;
    let more = match beyond.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    Some((
        format!(
            "{name} is commanded to {command:.0}°: drawn at its servo's stop, {stop:.0}°{more}"
        ),
        BEYOND_COLOR,
    ))
}

/// The simulated body at the playhead, as the stage's text says it.
pub struct Simulated<'a> {
    /// The tick.
    pub tick: &'a crate::robot::physics::Tick,
    /// The parts its `touching` names.
    pub parts: &'a [floor::Part],
    /// The floor's name.
    pub floor: String,
    /// Whether the robot has fallen by then (a simulated fall at or before the tick).
    pub fallen: bool,
    /// Where the simulation reports the robot resting on a paw its pose lifts, over a
    /// stretch the tick lies in: what it says.
    pub lifted: Option<&'a str>,
}

/// A stage smaller than this (points) has its text in a strip below the picture: written
/// over a small picture, it hides the robot.
const TEXT_OVER_MIN: egui::Vec2 = egui::vec2(440.0, 380.0);

/// The least height (points) the robot keeps above a long text in the strip below it.
const MIN_PICTURE: f32 = 110.0;

/// Where the picture ends in `rect` with a strip `strip` high below it.
fn picture_bottom(rect: Rect, strip: f32) -> f32 {
    let least = MIN_PICTURE.min(rect.height() / 2.0);
    (rect.bottom() - strip).max(rect.top() + least)
}

/// The stage's text, laid out for a width, and where it goes.
pub struct Text {
    lines: Vec<(Arc<Galley>, Color32)>,
    /// Below the picture (else over its top left, each line on a dark backdrop).
    below: bool,
}

impl Text {
    /// Lays out what `hud` says for a stage in `rect`.
    pub fn layout(painter: &egui::Painter, hud: &Hud<'_>, rect: Rect) -> Self {
        let below = rect.width() < TEXT_OVER_MIN.x || rect.height() < TEXT_OVER_MIN.y;
        let font = egui::FontId::proportional(if below { 11.5 } else { 12.0 });
        let width = (rect.width() - 16.0).max(40.0);
        let lines = said(hud)
            .into_iter()
            .map(|(text, color)| (painter.layout(text, font.clone(), color, width), color))
            .collect();
        Self { lines, below }
    }

    /// The part of `rect` the robot is drawn in: all of it, or what the strip below leaves
    /// (at least [`MIN_PICTURE`] points, or half of a smaller stage: a long text takes the
    /// rest rather than run past the stage over what is below it).
    #[must_use]
    pub fn view(&self, rect: Rect) -> Rect {
        if !self.below {
            return rect;
        }
        let mut view = rect;
        view.max.y = picture_bottom(rect, self.height() + 8.0);
        view
    }

    /// How much of the picture's top the text takes where it is written over it (with its
    /// margin); 0 where it is in the strip below.
    #[must_use]
    pub fn over_height(&self) -> f32 {
        if self.below {
            0.0
        } else {
            self.height() + 10.0
        }
    }

    fn height(&self) -> f32 {
        self.lines.iter().map(|(g, _)| g.size().y + 2.0).sum()
    }

    /// Writes the text: over the picture's top left, or in the strip below `view`.
    pub fn draw(self, canvas: &Canvas<'_>, whole: Rect) {
        let below = self.below;
        let mut y = if below {
            let strip =
                Rect::from_min_max(egui::pos2(whole.left(), canvas.rect.bottom()), whole.max);
            // Over whatever of the floor spilled past the picture.
            canvas.add(egui::epaint::RectShape::filled(
                strip,
                egui::CornerRadius {
                    sw: 4,
                    se: 4,
                    ..Default::default()
                },
                Color32::from_rgb(22, 23, 27),
            ));
            strip.top() + 4.0
        } else {
            whole.top() + 6.0
        };
        for (galley, color) in self.lines {
            // Never past the stage: a line that would not fit is left to the Problems panel
            // and the status bar, which say the same.
            if below && y + galley.size().y > whole.bottom() {
                break;
            }
            let at = Pos2::new(whole.left() + 8.0, y);
            if !below {
                canvas.add(egui::epaint::RectShape::filled(
                    Rect::from_min_size(
                        at - egui::vec2(3.0, 1.0),
                        galley.size() + egui::vec2(6.0, 2.0),
                    ),
                    3.0,
                    Color32::from_black_alpha(150),
                ));
            }
            y += galley.size().y + if below { 2.0 } else { 3.0 };
            canvas.galley(at, galley, color);
        }
    }
}

/// The colour of a line that says the robot rests on a paw its pose lifts.
const LIFTED_PAW_COLOR: Color32 = Color32::from_rgb(240, 150, 60);

/// What to say where the robot rests on a paw its pose lifts over a stretch `check` reports:
/// "it rests on the FR paw, which the pose lifts 60 mm".
fn stood_on_lifted(lifted: Option<&floor::stance::Lifted>) -> Option<String> {
    lifted.map(|lifted| {
        format!(
            "it rests on the {}, which the pose lifts {:.0} mm",
            floor::Part::Paw(lifted.leg).name(),
            lifted.most_mm
        )
    })
}

/// What the stage says, line by line, with each line's colour.
/// The simulated body's lines: where it is, how it is turned, what it touches.
fn simulated_lines(hud: &Hud<'_>, simulated: &Simulated<'_>) -> Vec<(String, Color32)> {
    let Simulated {
        tick,
        parts,
        floor,
        fallen,
        lifted,
    } = simulated;
    let on: Vec<String> = parts
        .iter()
        .enumerate()
        .filter(|&(i, _)| i < 32 && tick.touching & (1 << i) != 0)
        .map(|(_, p)| p.name())
        .collect();
    let paws_only = parts
        .iter()
        .enumerate()
        .all(|(i, p)| p.is_paw() || i >= 32 || tick.touching & (1 << i) == 0);
    // What the simulation's verdict says, in its words: the same stretch `check` reports.
    let stood_on = lifted.map(str::to_owned);
    vec![
        (
            format!(
                "{} simulated on {floor} · {:.0} mm up · pitch {:+.1}° · roll {:+.1}°",
                hud.rig.model.name(),
                tick.height_mm,
                tick.pitch_deg,
                tick.roll_deg
            ),
            Color32::from_rgb(150, 215, 235),
        ),
        (
            format!(
                "{} · {} · turned {} · on {}{}",
                crate::words::signed_mm(f64::from(tick.position_mm[0]), "forward", "back"),
                crate::words::signed_mm(f64::from(tick.position_mm[1]), "left", "right"),
                crate::words::signed_deg(f64::from(tick.heading_deg), "left", "right"),
                if on.is_empty() {
                    "nothing".to_owned()
                } else {
                    on.join(", ")
                },
                match (&stood_on, fallen) {
                    (_, true) => " · it has fallen".to_owned(),
                    (Some(said), false) => format!(" · {said}"),
                    (None, false) => String::new(),
                }
            ),
            if *fallen {
                Color32::from_rgb(240, 110, 95)
            } else if stood_on.is_some() {
                LIFTED_PAW_COLOR
            } else if paws_only {
                Color32::from_gray(220)
            } else {
                Color32::from_rgb(230, 180, 90)
            },
        ),
    ]
}

/// Whether a body at rest rolled `roll_deg` onto `parts` has toppled over: rolled past
/// [`crate::robot::physics::ON_SIDE_DEG`] onto its chin, chest or a knee, as the
/// simulation's judge reads the rest model's own topples.
fn toppled_at_rest(
    roll_deg: f64,
    mut parts: impl Iterator<Item = crate::robot::floor::Part>,
) -> bool {
    roll_deg.abs() > f64::from(crate::robot::physics::ON_SIDE_DEG)
        && parts.any(crate::robot::floor::Part::is_fallen_on)
}

fn said(hud: &Hud<'_>) -> Vec<(String, Color32)> {
    if let Some(simulated) = &hud.simulated {
        let mut said = simulated_lines(hud, simulated);
        said.extend(beyond_line(&hud.beyond));
        return said;
    }
    let settled = hud.settled;
    let mut said = vec![(
        format!(
            "{} · {:.0} mm up · pitch {:+.1}° · roll {:+.1}°",
            hud.rig.model.name(),
            settled.height_mm,
            settled.pitch_deg(),
            settled.roll_deg()
        ),
        Color32::from_gray(220),
    )];
    let on: Vec<String> = settled
        .contacts
        .iter()
        .filter_map(|&i| hud.body.touches.get(i).map(|t| t.part.name()))
        .collect();
    let margin = if settled.margin_mm >= 0.0 {
        format!("{:.0} mm from tipping", settled.margin_mm)
    } else {
        format!("{:.0} mm past the edge: it tips", -settled.margin_mm)
    };
    // Resting on a paw the pose lifts is never "fine", however far from tipping; nor is a
    // body rolled onto its chin, chest or a knee (the rest model's own topple, as the
    // simulation's judge reads it), however steady it lies there.
    let stood_on = stood_on_lifted(hud.lifted.as_ref());
    let toppled = toppled_at_rest(
        settled.roll_deg(),
        settled
            .contacts
            .iter()
            .filter_map(|&i| hud.body.touches.get(i).map(|t| t.part)),
    );
    said.push(match stood_on {
        Some(lifted) => (
            format!("on {} · {lifted} · {margin}", on.join(", ")),
            LIFTED_PAW_COLOR,
        ),
        None if toppled => (
            format!("on {} · toppled over at rest", on.join(", ")),
            super::paint::margin_color(-1.0),
        ),
        // One verdict on falling (the review: green "33 mm from tipping" beside a fall the
        // Problems panel, the timeline and `check` all gave).
        None if hud.verdict_fallen => (
            format!(
                "on {} at rest · simulated, it has fallen here (Simulate shows it)",
                on.join(", ")
            ),
            super::paint::margin_color(-1.0),
        ),
        None => (
            format!("on {} · {margin}", on.join(", ")),
            super::paint::margin_color(settled.margin_mm),
        ),
    });
    let (file_pitch, file_roll) = (urad_to_deg(hud.file_body[1]), urad_to_deg(hud.file_body[0]));
    // The file sets them at keyframes (drawn straight between): compared there only.
    let differs = hud.on_keyframe
        && ((file_pitch - settled.pitch_deg()).abs() > 3.0
            || (file_roll - settled.roll_deg()).abs() > 3.0);
    said.push((
        format!(
            "file{}: pitch {file_pitch:+.1}° · roll {file_roll:+.1}°{}",
            if hud.on_keyframe {
                ""
            } else {
                " (between keyframes)"
            },
            if differs {
                ": differs from the floor (Motion > Set Body Angles from the Floor)"
            } else {
                ""
            }
        ),
        if differs {
            Color32::from_rgb(240, 180, 60)
        } else {
            Color32::from_gray(150)
        },
    ));
    said.extend(beyond_line(&hud.beyond));
    if !hud.rig.measured() {
        said.push((
            "approximate proportions".to_owned(),
            Color32::from_gray(150),
        ));
    }
    if hud.too_long {
        said.push((
            format!(
                "too long to work out every tick (up to {} ticks): no floor problems",
                floor::MAX_SOLVED_TICKS
            ),
            Color32::from_gray(150),
        ));
    }
    said
}

/// The paths' key (which paw is which colour) and the camera's help, at the bottom of the
/// picture `canvas.rect`.
pub fn key_and_help(canvas: &Canvas<'_>, paths: bool, (handles, head): (&[Pos2], &[Pos2])) {
    let rect = canvas.rect;
    let wide = rect.width() > 520.0;
    // The paths' key, bottom right (or where no handle lies beneath it): which paw is which
    // colour.
    if paths {
        let font = egui::FontId::proportional(11.0);
        let galleys: Vec<_> = crate::robot::kinematics::Leg::ALL
            .into_iter()
            .zip(around::LEG_COLORS)
            .map(|(leg, color)| {
                let text = format!("{} paw", floor::body::leg_name(leg));
                (
                    canvas
                        .recorder
                        .painter
                        .layout_no_wrap(text, font.clone(), color),
                    color,
                )
            })
            .collect();
        let gap = 10.0;
        let label = galleys
            .first()
            .map_or(egui::vec2(40.0, 12.0), |(g, _)| g.size());
        let column = galleys
            .iter()
            .map(|(g, _)| g.size().x)
            .fold(0.0_f32, f32::max);
        let (at, per_row) = key_place(rect, label.y, (column, gap), (handles, head), !wide);
        let rows = galleys.len().div_ceil(per_row);
        #[expect(clippy::cast_precision_loss, reason = "four labels")]
        let size = egui::vec2((column + gap) * per_row as f32 - gap, label.y * rows as f32);
        // On a dark backdrop: the paws and their paths may lie beneath.
        canvas.add(egui::epaint::RectShape::filled(
            Rect::from_min_size(at - egui::vec2(4.0, 1.0), size + egui::vec2(8.0, 2.0)),
            3.0,
            Color32::from_black_alpha(170),
        ));
        for (i, (galley, color)) in galleys.into_iter().enumerate() {
            #[expect(clippy::cast_precision_loss, reason = "four labels")]
            let offset = egui::vec2(
                (i % per_row) as f32 * (column + gap),
                (i / per_row) as f32 * label.y,
            );
            canvas.galley(at + offset, galley, color);
        }
    }
    if paths && !wide {
        // No room for both: the key says more while the paths are drawn.
        return;
    }
    let help = canvas.recorder.painter.layout_no_wrap(
        if wide {
            "drag: orbit · Shift+drag: pan · wheel: zoom · double-click: frame · 1-4: views"
        } else {
            "drag · Shift+drag · wheel · double-click · 1-4"
        }
        .to_owned(),
        egui::FontId::proportional(11.0),
        Color32::from_gray(120),
    );
    let at = Pos2::new(rect.left() + 8.0, rect.bottom() - 6.0 - help.size().y);
    canvas.galley(at, help, Color32::from_gray(120));
}

/// Where the paths' key goes in `rect` (its text's top left) and how many labels it puts on
/// a row: four in a line, else two rows of two (labels `line` high, in columns `column`
/// wide `gap` apart); bottom right, top right, bottom left (where the help line is not
/// written: `left_free`), top left; the first place no posing handle (`handles`, on screen)
/// lies beneath, so the key never hides one, and then not over the head (`head`: its
/// corners on screen); of none free, the one over the fewest handles.
fn key_place(
    rect: Rect,
    line: f32,
    (column, gap): (f32, f32),
    (handles, head): (&[Pos2], &[Pos2]),
    left_free: bool,
) -> (Pos2, usize) {
    let mut places = Vec::new();
    for per_row in [4_usize, 2] {
        #[expect(clippy::cast_precision_loss, reason = "four labels")]
        let size = egui::vec2(
            (column + gap) * per_row as f32 - gap,
            line * (4 / per_row) as f32,
        );
        let right = rect.right() - 8.0 - size.x;
        let bottom = rect.bottom() - 12.0 - size.y;
        let mut corners = vec![[right, bottom], [right, rect.top() + 8.0]];
        if left_free {
            corners.push([rect.left() + 12.0, bottom]);
        }
        corners.push([rect.left() + 12.0, rect.top() + 8.0]);
        places.extend(
            corners
                .into_iter()
                .map(|[x, y]| (Pos2::new(x, y), per_row, size)),
        );
    }
    let covered = |(at, _, size): &(Pos2, usize, egui::Vec2)| {
        let key = Rect::from_min_size(*at - egui::vec2(4.0, 1.0), *size + egui::vec2(8.0, 2.0))
            .expand(super::posing::HANDLE_RADIUS + 2.0);
        // A key wider than the picture is as bad as one over a handle; one over the head is
        // better than either, and better the less of it it covers.
        let outside = usize::from(key.left() < rect.left() - HANDLE_SLACK);
        let over_head = usize::from(head.iter().any(|h| key.contains(*h)));
        (handles.iter().filter(|h| key.contains(**h)).count() + outside) * 2 + over_head
    };
    places
        .iter()
        .min_by_key(|p| covered(p))
        .map_or((rect.right_bottom(), 4), |(at, per_row, _)| (*at, *per_row))
}

/// How far a key may reach past the picture's left edge into its margin (points).
const HANDLE_SLACK: f32 = 8.0;

#[cfg(test)]
mod tests {
    use super::key_place;

    #[test]
    fn a_long_text_below_takes_the_stage_down_to_the_least_picture_not_past_it() {
        let rect = Rect::from_min_size(Pos2::new(0.0, 100.0), vec2(200.0, 300.0));
        // A short text: the picture ends where it begins.
        assert_eq!(super::picture_bottom(rect, 60.0), 340.0);
        // Seven wrapped lines (the review at 900x600): below half, down to the least.
        assert_eq!(super::picture_bottom(rect, 170.0), 230.0);
        assert_eq!(
            super::picture_bottom(rect, 260.0),
            100.0 + super::MIN_PICTURE
        );
        // A small stage keeps half.
        let small = Rect::from_min_size(Pos2::new(0.0, 0.0), vec2(200.0, 160.0));
        assert_eq!(super::picture_bottom(small, 150.0), 80.0);
    }
    use egui::{Pos2, Rect, vec2};

    #[test]
    fn the_stage_names_a_lifted_paw_over_the_stretches_the_simulation_reports() {
        use crate::robot::physics::Event;
        let stretch = |from: u64, until: u64| Event {
            until_ms: Some(until),
            ..Event::new(from, format!("from {from}"))
        };
        let events = [stretch(304, 472), stretch(552, 1520)];
        let said = |t| super::lifted_at(&events, t);
        assert_eq!(said(296), None);
        assert_eq!(said(304), Some("from 304"));
        assert_eq!(said(464), Some("from 304"));
        assert_eq!(said(472), None);
        assert_eq!(said(1512), Some("from 552"));
        assert_eq!(said(1520), None);
    }

    #[test]
    fn a_body_at_rest_rolled_onto_its_chin_has_toppled_a_sitting_lean_has_not() {
        use crate::robot::floor::Part;
        use crate::robot::floor::body::Side;
        use crate::robot::kinematics::Leg;
        // The review: a sleep-to-stand with a knee at -200°, at rest rolled -34° onto its
        // chest and chin, captioned green "14 mm from tipping".
        let lying = [
            Part::Paw(Leg::RightFront),
            Part::Chest(Side::Left),
            Part::Chin,
        ];
        assert!(super::toppled_at_rest(-34.3, lying.into_iter()));
        // A sit leaning 25° onto a haunch as it waves, on its paws and rump: no topple.
        let sitting = [
            Part::Paw(Leg::LeftFront),
            Part::Rear(Side::Left),
            Part::Rear(Side::Right),
        ];
        assert!(!super::toppled_at_rest(25.0, sitting.into_iter()));
        // A sleep level on its chest: lying as it means to.
        assert!(!super::toppled_at_rest(-2.0, lying.into_iter()));
    }

    #[test]
    fn a_joint_beyond_its_stop_is_named_with_how_many_more() {
        let one = [("BL_LEG_KNEE".to_owned(), 236.0, 125.0)];
        let (line, _) = super::beyond_line(&one).unwrap_or_default();
        assert_eq!(
            line,
            "BL_LEG_KNEE is commanded to 236°: drawn at its servo's stop, 125°"
        );
        let three = [one[0].clone(), one[0].clone(), one[0].clone()];
        let (line, _) = super::beyond_line(&three).unwrap_or_default();
        assert!(line.ends_with("(and 2 more)"), "{line}");
        assert_eq!(super::beyond_line(&[]), None);
    }

    #[test]
    fn the_paths_key_goes_where_no_handle_lies_beneath_it() {
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 200.0));
        // Four labels 40 wide, 10 apart: 190 in a line, 90 in two rows of two.
        let place = |handles: &[Pos2], left_free| {
            key_place(rect, 12.0, (40.0, 10.0), (handles, &[]), left_free)
        };
        // Nothing beneath: bottom right, in a line.
        assert_eq!(place(&[], true), (Pos2::new(102.0, 176.0), 4));
        // A paw's handle at the bottom right (the small stage's FL paw): top right.
        let paw = Pos2::new(250.0, 182.0);
        assert_eq!(place(&[paw], true), (Pos2::new(102.0, 8.0), 4));
        // Handles at both right places: bottom left, where the help line is not written.
        let top = Pos2::new(250.0, 14.0);
        assert_eq!(place(&[paw, top], true), (Pos2::new(12.0, 176.0), 4));
        // Every line covered (the small stage, its paws under each line's middle): two rows
        // of two in the free corner.
        let under = [120.0, 40.0].map(|x| [Pos2::new(x, 182.0), Pos2::new(x, 14.0)]);
        assert_eq!(
            place(under.as_flattened(), true),
            (Pos2::new(202.0, 164.0), 2)
        );
    }

    #[test]
    fn the_paths_key_keeps_off_the_head_where_a_free_place_allows() {
        // The fresh review: in the three-quarter view the key sat over a raised head's ears.
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 200.0));
        let paw = Pos2::new(250.0, 182.0);
        let ears = [Pos2::new(220.0, 12.0), Pos2::new(240.0, 16.0)];
        let (at, _) = key_place(rect, 12.0, (40.0, 10.0), (&[paw], &ears), true);
        assert_eq!(
            at,
            Pos2::new(12.0, 176.0),
            "bottom left, off the paw and the head"
        );
        // A handle still matters more than the head.
        let (at, _) = key_place(rect, 12.0, (40.0, 10.0), (&[paw], &[]), true);
        assert_eq!(at, Pos2::new(102.0, 8.0));
    }
}

#[cfg(test)]
mod verdict_tests {
    use super::{Hud, said};
    use crate::robot::floor;

    #[test]
    fn the_body_at_rest_is_never_said_to_stand_fine_where_the_verdict_has_it_fallen() {
        // The review: a knee past its limit, the stand at rest "33 mm from tipping" in green
        // beside the fall the Problems panel, the timeline and `check` gave.
        let motion = crate::robot::postures::new_motion("DRX-1000", "stand").expect("a stand");
        let rig = floor::rig(&motion).expect("a rig");
        let values = motion
            .keyframes
            .get(0)
            .expect("a keyframe")
            .angles_urad
            .to_vec();
        let body = rig.pose(&values);
        let settled = floor::settle(&body, floor::up_from_body([0; 3]), None);
        let hud = |verdict_fallen| Hud {
            settled: &settled,
            file_body: [0; 3],
            body: &body,
            lifted: None,
            rig: &rig,
            on_keyframe: true,
            too_long: false,
            simulated: None,
            beyond: Vec::new(),
            verdict_fallen,
        };
        let standing = said(&hud(false));
        assert!(standing[1].0.contains("mm from tipping"), "{standing:?}");
        let fallen = said(&hud(true));
        assert!(
            fallen[1]
                .0
                .contains("simulated, it has fallen here (Simulate shows it)"),
            "{fallen:?}"
        );
        assert_eq!(
            fallen[1].1,
            crate::app::motion::stage::paint::margin_color(-1.0)
        );
    }
}
