//! What a problem means for the animator: what happened, what the robot would do, and what to
//! do about it, in words, before the byte detail that [`Problem::message`] gives.

use crate::codec::{Problem, ProblemCode, Severity};

/// The sentence that leads a problem in the window: what it means for the motion and the
/// robot. The problem's own message (sizes, bytes, counts) is the detail beneath it.
#[must_use]
pub fn meaning(problem: &Problem) -> &'static str {
    file_meaning(problem)
        .or_else(|| robot_meaning(problem))
        .or_else(|| content_meaning(problem))
        .unwrap_or(UNNAMED)
}

/// What a problem of the file's structure or header fields means, if it is one.
fn file_meaning(problem: &Problem) -> Option<&'static str> {
    use ProblemCode as C;
    let player_refuses = problem.severity == Severity::Error;
    let said = match problem.code {
        C::SECTION0_HEADER
        | C::SECTION_NUMBER
        | C::SECTION1_SIZE
        | C::SECTION2_SIZE
        | C::SECTION3_SIZE
        | C::KEYFRAME_COUNT
            if player_refuses =>
        {
            "The header was edited by a tool that did not update its sizes: Sony's player \
             would not load this file. Repair fixes it without touching the motion."
        }
        C::SECTION0_HEADER
        | C::SECTION_NUMBER
        | C::SECTION1_SIZE
        | C::SECTION2_SIZE
        | C::SECTION3_SIZE
        | C::KEYFRAME_COUNT => {
            "A size in the header is wrong (a tool did not update it). Sony's player reads the \
             file anyway; other tools may not. Repair fixes it without touching the motion."
        }
        C::NAME_LENGTH => {
            "The motion was renamed by a tool that did not update the name's length: the \
             robot would read a wrong name. Repair fixes it without touching the motion."
        }
        C::TRUNCATED => {
            "The file is cut short: the end of the motion is missing. The keyframes that are \
             whole are shown; Repair or Save writes a complete file of them."
        }
        C::TRAILING_BYTES => {
            "Something was left after the end of the motion. The robot ignores it; Repair \
             drops it."
        }
        C::PADDING => {
            "The filler between the header's parts is not what Sony's tools write. The robot \
             does not mind; Repair writes it the standard way."
        }
        C::VERSION | C::RESERVED | C::DATA_TYPE => {
            "A header field holds a value Sony's tools never write: the robot may not play \
             this motion."
        }
        C::FRAME_RATE => {
            "The frame-rate field is not 16. Sony's player plays 16 ms frames whatever it says, \
             so the timing on the robot is the timing shown here."
        }
        C::UNKNOWN_DESIGN => {
            "The platform label names no AIBO we know, so its joints and limits cannot be \
             checked. Choose the model in the header."
        }
        C::LOCATOR_MISMATCH => {
            "Some joints are not joints of this AIBO: the robot would ignore or misplace \
             them. Repair puts the model's joints in their place where it can."
        }
        C::JOINT_ORDER => {
            "The joints are this AIBO's, but not in the order its player expects: the robot \
             would move the wrong joints."
        }
        _ => return None,
    };
    Some(said)
}

/// What a problem of the robot playing the motion (its limits, speeds, balance and paws)
/// means, if it is one.
fn robot_meaning(problem: &Problem) -> Option<&'static str> {
    let said = match problem.code {
        crate::robot::codes::JOINT_LIMIT if problem.severity == Severity::Info => {
            "A joint goes past its published limit, but no further than Sony's own motions \
             go: the servo gets there. Nothing to fix."
        }
        crate::robot::codes::JOINT_LIMIT => {
            "A joint goes beyond what the robot can reach: the servo stops at its limit (the \
             stage draws it there), so the robot's pose differs from the curve's value."
        }
        crate::robot::codes::JOINT_SPEED
            if problem.severity == Severity::Info
                && problem.message.ends_with(crate::robot::speed::AS_SONY_GOES) =>
        {
            "A joint moves faster than the servo's published speed, but no faster than Sony's \
             own motions (its walks) command it, and the robot plays those: the servo lags \
             behind the curve as it does in Sony's walks. Worth knowing; give the segment \
             more frames if the pose must be exact."
        }
        crate::robot::codes::JOINT_SPEED if problem.severity == Severity::Info => {
            "A joint is commanded a little faster than its servo moves: it lags a moment and \
             still reaches every keyframe within 3°. Nothing to fix."
        }
        crate::robot::codes::JOINT_SPEED => {
            "A joint moves faster than its servo can follow: on the robot it lags behind this \
             timing and misses a pose. Give the segment more frames."
        }
        crate::robot::codes::FALLS
            if problem.severity == Severity::Info
                && problem.message.ends_with(crate::robot::verdict::FALLS_TOO) =>
        {
            "The body at rest would topple here, and the robot simulated with its servos and \
             the floor falls too: the simulation's warning says when and onto what."
        }
        crate::robot::codes::FALLS if problem.severity == Severity::Info => {
            "The body at rest would topple here, but the robot simulated with its servos and \
             the floor stays up (or lies down as the motion means): nothing to fix, a place \
             to watch."
        }
        crate::robot::codes::FALLS => {
            "The robot falls over here: its weight goes past the paws it stands on and it \
             topples onto its body. Keep the weight over the paws that stay down, or move the \
             others more slowly."
        }
        crate::robot::codes::UNSTABLE if problem.severity == Severity::Info => {
            "The robot stands with its weight near the edge of its paws: it holds, but a nudge \
             or a servo's lag could tip it. Worth watching; where it matters, move the body \
             back over the paws, or lift fewer of them."
        }
        crate::robot::codes::UNSTABLE => {
            "The robot stands with its weight right at the edge of its paws: a nudge or a \
             servo's lag tips it. Move the body back over the paws, or lift fewer of them."
        }
        crate::robot::codes::PAW_SLIDE if problem.severity == Severity::Info => {
            "A paw carrying weight slips a little along the floor, but the robot still goes \
             where its paws take it and turns as they turn it. Nothing to fix."
        }
        crate::robot::codes::PAW_LIFTED
            if problem.severity == Severity::Info
                && problem
                    .message
                    .contains(crate::robot::verdict::LIFTED_BRIEF) =>
        {
            "The pose lifts this paw for so short a time that the servos hardly lift it before \
             it comes down again: for part of the lift the simulated robot still has it on the \
             floor (the note says when). Nothing to fix where a shuffle is meant; hold the \
             lift longer to see the paw leave the floor."
        }
        crate::robot::codes::PAW_LIFTED
            if problem.severity == Severity::Info
                && problem.message.ends_with(crate::robot::verdict::LIFTED_OFF) =>
        {
            "The body at rest would lean onto this lifted paw, but the robot simulated with \
             its servos and the floor keeps it off the floor: nothing to fix."
        }
        crate::robot::codes::PAW_LIFTED => {
            "The pose lifts this paw, but the robot stands on it: the weight was still over \
             the paw as it was lifted, and the body tipped onto it. Shift the weight onto the \
             other paws first (a drag on the stage does), or lift it more slowly."
        }
        crate::robot::codes::PAW_OFF_FLOOR => {
            "The pose keeps this paw down, but the simulated robot holds it off the floor for a \
             moment: its weight went onto the other paws and the body rocked. The robot may \
             wobble or tap here. Worth watching; where it matters, keep the weight between the \
             paws that stay down, or move more slowly."
        }
        crate::robot::codes::BODY_TILT => {
            "The robot leans far from how its pose would rest: the weight went over a paw \
             that was lifted, or a paw did not reach the floor. Shift the weight before \
             lifting a paw, or check which paws the pose keeps down."
        }
        crate::robot::codes::PAW_SLIDE => {
            "A paw carrying weight moves along the floor: on the robot it slips or drags the \
             body. Lift it first, or keep it where it is."
        }
        _ => return None,
    };
    Some(said)
}

/// What a problem of the motion's name, keyframes, strings or postures means, if it is one.
fn content_meaning(problem: &Problem) -> Option<&'static str> {
    use ProblemCode as C;
    let said = match problem.code {
        C::CHUNK_NAME => {
            "The motion's name does not follow Sony's pattern (like a_stand#sit_wave): the \
             robot uses the name to know where the motion starts and ends."
        }
        C::EMPTY_MOTION => "The motion has no keyframes: the robot would not move.",
        C::STRING_ENCODING => {
            "A name or label has characters an AIBO motion file cannot hold; they are \
             written as '?'."
        }
        C::SECTION3_WIDTH => {
            "The keyframe section's size is written at the other model's width: this \
             model's player would misread every keyframe. Repair fixes it."
        }
        C::POSTURE_MISMATCH => {
            "The name says the motion starts or ends in a standard posture, but it does not: \
             the robot jumps between this motion and the next. Motion > Start and End \
             Postures fixes it."
        }
        _ => return None,
    };
    Some(said)
}

/// What a problem of a code with no words of its own leads with (the test below sees that
/// every code there is has words).
const UNNAMED: &str = "A problem mtn-studio has no words for yet: its detail is below.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_words_without_bytes_and_sizes_say_whether_the_player_loads_it() {
        let problem = |code, severity| Problem {
            severity,
            code,
            offset: 0,
            message: String::new(),
            time_ms: None,
            joint: None,
        };
        for code in crate::robot::codes::all() {
            let said = meaning(&problem(code, Severity::Warning));
            assert!(said.ends_with('.') && said.len() > 40, "{code:?}: {said}");
            assert_ne!(said, UNNAMED, "{code:?} has words of its own");
            assert!(!said.contains("byte"), "{code:?}: {said}");
        }
        assert!(
            meaning(&problem(ProblemCode::SECTION1_SIZE, Severity::Error))
                .contains("would not load")
        );
        assert!(
            meaning(&problem(ProblemCode::SECTION3_SIZE, Severity::Warning))
                .contains("reads the file anyway")
        );
    }

    #[test]
    fn a_fall_at_rest_noted_beside_the_simulation_is_explained_as_the_simulation_went() {
        // A review saw a note headed "stays up: nothing to fix" whose own words said the
        // simulated robot falls.
        let noted = |simulated: &str| Problem {
            severity: Severity::Info,
            code: crate::robot::codes::FALLS,
            offset: 0,
            message: format!("at rest, it topples onto its FL elbow at 408 ms; {simulated}"),
            time_ms: Some(408),
            joint: None,
        };
        let falls = meaning(&noted(crate::robot::verdict::FALLS_TOO));
        assert!(
            falls.contains("falls too") && !falls.contains("nothing to fix"),
            "{falls}"
        );
        let stays = meaning(&noted("simulated, it stays up"));
        assert!(stays.contains("nothing to fix"), "{stays}");
    }

    #[test]
    fn an_unstable_stretch_noted_is_worth_watching_not_a_fix_to_make() {
        // The third review: a note filed under "nothing wrong" told the animator to fix it.
        let unstable = |severity| Problem {
            severity,
            code: crate::robot::codes::UNSTABLE,
            offset: 0,
            message: "from 1760 to 3224 ms the robot balances on BL paw, FR paw, BR paw".to_owned(),
            time_ms: Some(1760),
            joint: None,
        };
        assert!(meaning(&unstable(Severity::Info)).contains("Worth watching"));
        assert!(!meaning(&unstable(Severity::Warning)).contains("Worth watching"));
    }

    #[test]
    fn a_lifted_paw_noted_beside_the_simulation_is_explained_as_the_simulation_went() {
        // The review: a note of a lift too brief for the servos was explained as a weight
        // shift to make first.
        let noted = |simulated: &str| Problem {
            severity: Severity::Info,
            code: crate::robot::codes::PAW_LIFTED,
            offset: 0,
            message: format!(
                "at rest, from 6248 to 6360 ms the FL paw was to be lifted (17 mm up in the \
                 pose); the robot rests on it; {simulated}"
            ),
            time_ms: Some(6248),
            joint: None,
        };
        let brief = meaning(&noted(&format!(
            "simulated, the FL paw carries weight from 6248 to 6360 ms too, but the pose holds \
             it up {} (counted where it is held up 48 ms either side, for 96 ms)",
            crate::robot::verdict::LIFTED_BRIEF
        )));
        assert!(brief.contains("hold the lift longer"), "{brief}");
        let off = meaning(&noted(crate::robot::verdict::LIFTED_OFF));
        assert!(off.contains("nothing to fix"), "{off}");
        let too = meaning(&noted(crate::robot::verdict::LIFTED_TOO));
        assert!(too.contains("Shift the weight"), "{too}");
    }
}
