//! What a drag is doing, in words: the drag's line on the stage and its last word in the
//! status bar.

use super::{Drag, Grip, Mode};
use crate::app::motion::stage::model::StageModel;
use crate::app::motion::stage::posing::spots::Handle;
use crate::ops::place::{Solved, joint_at};
use crate::robot::floor::body::leg_name;
use crate::robot::kinematics::Leg;
use crate::robot::place::Request;

impl Drag {
    /// What the drag is doing, in words: `asked` what the pointer asks, `request` what was
    /// solved (a paw's goal brought within its leg's reach), `solved` what it made.
    pub(super) fn readout(
        &self,
        (asked, request): (&Request, &Request),
        solved: &Solved,
        settings: &StageModel,
    ) -> String {
        let how = match self.grip {
            Grip::Handle(Handle::Paw(_), Mode::Vertical) => ": up and down",
            Grip::Handle(Handle::Paw(_), _) => ": along the floor (Shift: up and down)",
            Grip::Handle(Handle::Body, Mode::Along) => {
                ": along the floor (Shift: up and down, Ctrl: turn)"
            }
            Grip::Handle(Handle::Body, Mode::Vertical) => ": up and down",
            Grip::Handle(Handle::Body, Mode::Turn) => ": across yaws, up and down pitches",
            Grip::Handle(Handle::Body, Mode::Roll) => "",
            Grip::Handle(Handle::Look | Handle::Tail, _) => "",
            Grip::Slider(_) => "",
        };
        let mut parts = vec![format!("{}{how}", self.label)];
        // Where the grabbed paw goes (where it stops short of where the pointer asks, both).
        let mut asked_part = None;
        let moved = |i: usize, at: [f64; 3]| {
            let before = self.start.paws[i];
            format!(
                "{:+.0} mm forward, {:+.0} left, {:.0} mm up",
                at[0] - before[0],
                at[1] - before[1],
                at[2] - self.site.ball_mm()
            )
        };
        if let Grip::Handle(Handle::Paw(i), _) = self.grip
            && let Some(at) = request.paws[i]
        {
            asked_part = Some((i, parts.len()));
            parts.push(moved(i, at));
        }
        let b = &solved.body;
        if !matches!(self.grip, Grip::Handle(Handle::Paw(_), _)) {
            parts.push(format!(
                "height {:.0} mm",
                self.start.frame.height_mm() + b.up_mm
            ));
        }
        if let Some(why) = &solved.held_back {
            parts.push(format!("the body stops here: {why}"));
        }
        let margin = if solved.margin_mm.is_finite() {
            format!("margin {:.1} mm", solved.margin_mm)
        } else {
            "fewer than three paws on the floor".to_owned()
        };
        if settings.balance && !self.site.resting_on.is_empty() {
            parts.push(format!(
                "{margin} · the balance is off here: the pose rests on its {} too (it keeps \
                 a pose over its paws alone)",
                self.site.resting_on.join(", ")
            ));
        } else if settings.balance {
            parts.push(format!(
                "{margin}{}",
                if solved.balanced {
                    String::new()
                } else {
                    format!(
                        " — no shift of the body gives {} mm: the best pose found",
                        settings.margin_mm
                    )
                }
            ));
        } else {
            parts.push(format!("{margin} (balance off)"));
        }
        for (i, (leg, result)) in Leg::ALL.iter().zip(&solved.placed.legs).enumerate() {
            let Some(result) = result else { continue };
            let (Some(goal), Some(went)) = (asked.paws[i], request.paws[i]) else {
                continue;
            };
            let short = result.miss_mm
                + (0..3)
                    .map(|k| (goal[k] - went[k]).powi(2))
                    .sum::<f64>()
                    .sqrt();
            if short > 0.5 {
                // The review read "asked +6 mm forward … stops 20 mm short" as a contradiction:
                // the numbers were where the paw went, the pointer had asked 26.
                if let Some((grabbed, at)) = asked_part
                    && grabbed == i
                {
                    parts[at] = format!("asked {} · went {}", moved(i, goal), parts[at]);
                }
                let why = result.limit.map_or_else(
                    || "out of the leg's reach (lower the body to give it room)".to_owned(),
                    |j| format!("{} is at its limit", joint_label(*leg, j)),
                );
                parts.push(format!(
                    "the {} paw stops {short:.0} mm short: {why}",
                    leg_name(*leg),
                ));
            }
        }
        parts.join(" · ")
    }
}

/// A leg joint, in words and by name.
fn joint_label(leg: Leg, joint: usize) -> String {
    let name = joint_at(leg, joint);
    let word = match joint {
        0 => "the swing",
        1 => "the abduction",
        _ if leg.is_front() => "the elbow",
        _ => "the knee",
    };
    format!("{word} ({name})")
}
