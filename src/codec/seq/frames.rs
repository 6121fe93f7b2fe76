//! A component's frames: read, checked against the limits, and placed on the rate's grid
//! where they carry their own times.

use super::reading::{
    FRAME_RATE, HAS_FRAME_TIME, MAX_FRAMES, MAX_VALUES, SeqError, fail, flat_numbers, inherited,
};
use crate::codec::yaml::Node;

/// A component's frames, flattened, at a regular rate (variable-interval frames placed on
/// the rate's grid); and the rate.
pub(super) fn frames_of(
    component: &Node<'_>,
    top: &Node<'_>,
    width: usize,
) -> Result<(f64, Vec<f64>), SeqError> {
    let rate = rate_of(component, top)?;
    let timed = inherited(component, top, HAS_FRAME_TIME)
        .and_then(Node::as_bool)
        .unwrap_or(false);
    let frames = frame_list(component, width)?;
    let mut values = Vec::with_capacity(frames.len().saturating_mul(width).min(1 << 20));
    let mut row = Vec::with_capacity(width);
    let mut times = Times {
        first: None,
        last: f64::NEG_INFINITY,
    };
    for frame in frames {
        if !frame.is_seq() {
            return fail(frame, "a frame is not a list of values");
        }
        row.clear();
        flat_numbers(frame, &mut row, 0)?;
        if timed {
            let grid = Grid { rate, width };
            place_timed(frame, &mut row, &mut values, grid, &mut times)?;
        }
        if row.len() != width {
            return fail(
                frame,
                format!(
                    "a frame has {} values where {width} were expected",
                    row.len()
                ),
            );
        }
        values.extend_from_slice(&row);
    }
    Ok((rate, values))
}

/// The component's frame rate (its own, else the top node's).
///
/// # Errors
/// There is none, or it is not a positive number up to 100,000.
fn rate_of(component: &Node<'_>, top: &Node<'_>) -> Result<f64, SeqError> {
    let rate_node = inherited(component, top, FRAME_RATE);
    match rate_node.map(|n| (n, n.as_f64())) {
        Some((_, Some(r))) if r.is_finite() && r > 0.0 && r <= 100_000.0 => Ok(r),
        Some((n, _)) => fail(n, "frameRate is not a positive number"),
        None => fail(component, "no frameRate"),
    }
}

/// The component's frames (none for an empty or null list), `width` values each.
///
/// # Errors
/// There are none, they are not a list, or there are more frames or values than a motion
/// may hold.
fn frame_list<'n, 'a>(component: &'n Node<'a>, width: usize) -> Result<&'n [Node<'a>], SeqError> {
    let Some(frames_node) = component.get(&["frames"]) else {
        return fail(component, "no frames");
    };
    let frames: &[Node<'_>] = if frames_node.is_null()
        || matches!(frames_node, Node::Numbers { values, .. } if values.is_empty())
    {
        &[]
    } else {
        match frames_node.as_seq() {
            Some(f) => f,
            None => return fail(frames_node, "frames is not a list"),
        }
    };
    if frames.len() > MAX_FRAMES {
        return fail(frames_node, format!("more than {MAX_FRAMES} frames"));
    }
    if frames.len().saturating_mul(width) > MAX_VALUES {
        return fail(
            frames_node,
            format!(
                "more than {MAX_VALUES} values ({} frames of {width})",
                frames.len()
            ),
        );
    }
    Ok(frames)
}

/// The times of the frames read so far: the first, and the latest.
struct Times {
    first: Option<f64>,
    last: f64,
}

/// The grid frames are placed on: frames per second, and values per frame.
#[derive(Clone, Copy)]
struct Grid {
    rate: f64,
    width: usize,
}

/// Takes the time off the front of a timed frame's `row` and makes room for the frame at
/// its place on the grid in `values`: a frame landing on a filled slot replaces it; gaps
/// repeat the previous frame.
///
/// # Errors
/// The frame has no time, its time is not after the previous one, or it lies too far on.
fn place_timed(
    frame: &Node<'_>,
    row: &mut Vec<f64>,
    values: &mut Vec<f64>,
    Grid { rate, width }: Grid,
    times: &mut Times,
) -> Result<(), SeqError> {
    if row.is_empty() {
        return fail(frame, "a frame has no time");
    }
    let t = row.remove(0);
    let last_time = times.last;
    if t <= last_time {
        return fail(
            frame,
            format!("the frame time {t} is not after the previous one ({last_time})"),
        );
    }
    times.last = t;
    let t0 = *times.first.get_or_insert(t);
    let index = ((t - t0) * rate).trunc();
    if index > MAX_FRAMES as f64 {
        return fail(
            frame,
            format!("the frame time {t} is more than {MAX_FRAMES} frames on"),
        );
    }
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked range"
    )]
    let index = index as usize;
    if (index + 1).saturating_mul(width) > MAX_VALUES {
        return fail(
            frame,
            format!(
                "the frame time {t} makes the motion more than {MAX_VALUES} values \
                 ({} frames of {width})",
                index + 1
            ),
        );
    }
    // A frame landing on a filled slot replaces it; gaps repeat the previous frame.
    let filled = values.len() / width;
    if index < filled {
        values.truncate(index * width);
    }
    while values.len() >= width && values.len() / width < index {
        let start = values.len() - width;
        values.extend_from_within(start..start + width);
    }
    Ok(())
}
