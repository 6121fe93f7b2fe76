//! What the pointer does in the window that no command does: the one table of gestures,
//! which the command palette searches beside the commands (the review: "box select" found
//! nothing, though Shift+drag does it). The guide's table of keys and gestures says the same
//! in `docs/editor.md`.

/// A gesture: what it does, how it is made and where, and other words a user may look
/// for it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gesture {
    /// What it does ("Select points in a box").
    pub does: &'static str,
    /// How, and where ("Shift+drag over the curves on the timeline").
    pub how: &'static str,
    /// Other words for it, searched too.
    pub also: &'static str,
}

/// Every gesture, in the order the window is laid out: the timeline, the table, the
/// tracks, the stage.
pub const GESTURES: [Gesture; 13] = [
    Gesture {
        does: "Select a time range",
        how: "drag along the strip above the timeline; click it to clear",
        also: "range selection span region",
    },
    Gesture {
        does: "Select points in a box",
        how: "Shift+drag over the curves on the timeline",
        also: "box select rectangle marquee lasso several keyframes points",
    },
    Gesture {
        does: "Move keyframes",
        how: "drag a point on the timeline (the selected ones go with it); hold Ctrl to \
              land on the frame nearest a sound onset",
        also: "drag keyframe point value time snap",
    },
    Gesture {
        does: "Pan the timeline",
        how: "drag the empty plot; Shift+wheel pans time, Alt+wheel the angles",
        also: "scroll move view",
    },
    Gesture {
        does: "Zoom the timeline",
        how: "wheel over the plot zooms time around the pointer, Ctrl+wheel the angles; \
              double-click the plot fits the motion",
        also: "magnify scale view fit",
    },
    Gesture {
        does: "Go to, move, name or delete a marker",
        how: "click a marker's flag to go there, drag it to move it, right-click it to \
              name or delete it",
        also: "markers flags cue",
    },
    Gesture {
        does: "Copy or paste a joint's curve",
        how: "right-click a joint in the joint list",
        also: "curve channel joint copy paste",
    },
    Gesture {
        does: "Scroll the table's joint columns",
        how: "Shift+wheel over the keyframe table, or drag the bar under it",
        also: "columns sideways horizontal table",
    },
    Gesture {
        does: "Move a sound or LED track in time",
        how: "drag the track; click it to move the playhead there",
        also: "sound led track offset align",
    },
    Gesture {
        does: "Add, move or stretch an LED note",
        how: "double-click the LED lane to add a note; drag it, or its end; right-click it \
              for its brightness or to delete it",
        also: "led note lights pattern",
    },
    Gesture {
        does: "Orbit, pan and zoom the stage",
        how: "drag on the stage to orbit, Shift+drag to pan, wheel to zoom, double-click to \
              frame the robot; 1-4 for the front, side, top and three-quarter views",
        also: "camera view rotate 3d robot",
    },
    Gesture {
        does: "Pose a paw on the stage",
        how: "drag a paw's handle along the floor; Shift+drag to lift or lower it",
        also: "ik leg foot lift place posing",
    },
    Gesture {
        does: "Move the body, the head's aim or the tail on the stage",
        how: "drag the body's, the look's or the tail's handle along the floor; Shift+drag \
              up and down",
        also: "posing body height look head tail handle",
    },
];

/// The gestures whose words hold every word of `query` (any case); none for nothing typed
/// (the palette lists the commands then).
#[must_use]
pub fn found(query: &str) -> Vec<Gesture> {
    let query = query.trim().to_lowercase();
    let words: Vec<&str> = query.split_whitespace().collect();
    if words.is_empty() {
        return Vec::new();
    }
    GESTURES
        .iter()
        .filter(|g| {
            let all = format!("{} {} {}", g.does, g.how, g.also).to_lowercase();
            words.iter().all(|w| all.contains(w))
        })
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gesture_is_found_by_what_it_does_by_how_and_by_other_words() {
        let does = |q: &str| found(q).iter().map(|g| g.does).collect::<Vec<_>>();
        assert_eq!(does("box select"), ["Select points in a box"]);
        assert_eq!(does("MARQUEE"), ["Select points in a box"]);
        assert_eq!(does("shift+drag timeline"), ["Select points in a box"]);
        assert!(does("orbit").contains(&"Orbit, pan and zoom the stage"));
        assert!(does("zebra").is_empty());
        assert!(does("  ").is_empty());
    }
}
