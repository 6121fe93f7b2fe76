//! The shapes a segment can be given, as functions of the time fraction `t` across it:
//! the eases, a custom curve with two handles (a cubic Bézier from (0, 0) to (1, 1), as in
//! Blender's graph editor and CSS's `cubic-bezier`), and a monotone cubic spline through
//! keyframes (Fritsch-Carlson: it never overshoots past its neighbours).

/// The value fractions a handle may take: from twice the change below the start to twice
/// above the end.
pub const HANDLE_VALUES: std::ops::RangeInclusive<f64> = -2.0..=3.0;

/// The two handles of a custom curve, in the segment's unit square: time fraction `x` (kept
/// within 0..=1, so the curve is a function of time) and value fraction `y` (free: a handle
/// above 1 overshoots the end value, and the result is held within the joint's limits).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handles {
    /// The first handle (leaving the start).
    pub start: [f64; 2],
    /// The second handle (arriving at the end).
    pub end: [f64; 2],
}

impl Default for Handles {
    /// An ease in-out shaped by hand: both handles a third of the way, flat.
    fn default() -> Self {
        Self {
            start: [1.0 / 3.0, 0.0],
            end: [2.0 / 3.0, 1.0],
        }
    }
}

/// A segment's shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Curve {
    /// Slow out of the start: `t²`.
    EaseIn,
    /// Slow into the end: `1 - (1 - t)²`.
    EaseOut,
    /// Slow at both ends: `3t² - 2t³`.
    EaseInOut,
    /// A smooth curve through the keyframes (monotone cubic).
    Spline,
    /// Two handles dragged by hand.
    Custom(Handles),
}

impl Curve {
    /// Words for messages and the undo menu.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::EaseIn => "ease in",
            Self::EaseOut => "ease out",
            Self::EaseInOut => "ease in-out",
            Self::Spline => "spline",
            Self::Custom(_) => "custom curve",
        }
    }

    /// The value fraction at time fraction `t` (0..=1) for the curves that run from one end
    /// value to the other (all but the spline, which is through keyframes: `t` itself).
    #[must_use]
    pub fn fraction(self, t: f64) -> f64 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Self::EaseIn => t * t,
            Self::EaseOut => 1.0 - (1.0 - t) * (1.0 - t),
            Self::EaseInOut => t * t * (3.0 - 2.0 * t),
            Self::Spline => t,
            Self::Custom(handles) => bezier(handles, t),
        }
    }
}

/// One coordinate of the cubic Bézier with ends 0 and 1 and controls `a`, `b`, at `s`.
fn cubic(a: f64, b: f64, s: f64) -> f64 {
    let r = 1.0 - s;
    3.0 * r * r * s * a + 3.0 * r * s * s * b + s * s * s
}

/// The custom curve's value fraction at time fraction `t`: the Bézier parameter whose time
/// is `t` (found by halving: the time is increasing in it with handles within 0..=1), then
/// its value.
fn bezier(handles: Handles, t: f64) -> f64 {
    let (x1, x2) = (
        handles.start[0].clamp(0.0, 1.0),
        handles.end[0].clamp(0.0, 1.0),
    );
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    // 52 halvings pin the parameter to the last bit of an f64 fraction.
    for _ in 0..52 {
        let mid = 0.5 * (lo + hi);
        if cubic(x1, x2, mid) < t {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    cubic(handles.start[1], handles.end[1], 0.5 * (lo + hi))
}

/// Fritsch-Carlson tangents for the knots `(xs, ys)` (`xs` increasing): a cubic Hermite
/// curve with these slopes is monotone wherever the data are, so it never passes above or
/// below both of a span's knots.
#[must_use]
pub fn monotone_tangents(xs: &[f64], ys: &[f64]) -> Vec<f64> {
    let n = xs.len().min(ys.len());
    if n < 2 {
        return vec![0.0; n];
    }
    let secants: Vec<f64> = (0..n - 1)
        .map(|i| (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]))
        .collect();
    let mut m = Vec::with_capacity(n);
    m.push(secants[0]);
    for i in 1..n - 1 {
        let (a, b) = (secants[i - 1], secants[i]);
        m.push(if a * b <= 0.0 { 0.0 } else { 0.5 * (a + b) });
    }
    m.push(secants[n - 2]);
    for (i, &d) in secants.iter().enumerate() {
        if d == 0.0 {
            m[i] = 0.0;
            m[i + 1] = 0.0;
            continue;
        }
        let (alpha, beta) = (m[i] / d, m[i + 1] / d);
        let sum = alpha * alpha + beta * beta;
        if sum > 9.0 {
            let tau = 3.0 / sum.sqrt();
            m[i] = tau * alpha * d;
            m[i + 1] = tau * beta * d;
        }
    }
    m
}

/// The cubic Hermite curve through `(xs, ys)` with slopes `m`, at `x` (held past the ends).
#[must_use]
pub fn hermite(xs: &[f64], ys: &[f64], m: &[f64], x: f64) -> f64 {
    let n = xs.len().min(ys.len()).min(m.len());
    if n == 0 {
        return 0.0;
    }
    if n == 1 || x <= xs[0] {
        return ys[0];
    }
    if x >= xs[n - 1] {
        return ys[n - 1];
    }
    // The span holding x: the last knot at or before it.
    let i = xs[..n]
        .partition_point(|&k| k <= x)
        .saturating_sub(1)
        .min(n - 2);
    let h = xs[i + 1] - xs[i];
    let s = (x - xs[i]) / h;
    let (s2, s3) = (s * s, s * s * s);
    (2.0 * s3 - 3.0 * s2 + 1.0) * ys[i]
        + (s3 - 2.0 * s2 + s) * h * m[i]
        + (-2.0 * s3 + 3.0 * s2) * ys[i + 1]
        + (s3 - s2) * h * m[i + 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eases_run_from_0_to_1_with_the_formulas_of_the_issue() {
        for curve in [Curve::EaseIn, Curve::EaseOut, Curve::EaseInOut] {
            assert!(curve.fraction(0.0).abs() < 1e-12);
            assert!((curve.fraction(1.0) - 1.0).abs() < 1e-12);
        }
        assert!((Curve::EaseIn.fraction(0.5) - 0.25).abs() < 1e-12);
        assert!((Curve::EaseOut.fraction(0.5) - 0.75).abs() < 1e-12);
        assert!((Curve::EaseInOut.fraction(0.25) - 0.156_25).abs() < 1e-12);
    }

    #[test]
    fn handles_on_the_diagonal_make_a_straight_line() {
        let straight = Curve::Custom(Handles {
            start: [1.0 / 3.0, 1.0 / 3.0],
            end: [2.0 / 3.0, 2.0 / 3.0],
        });
        for i in 0..=20 {
            let t = f64::from(i) / 20.0;
            assert!((straight.fraction(t) - t).abs() < 1e-9, "{t}");
        }
        // A handle above 1 overshoots.
        let over = Curve::Custom(Handles {
            start: [0.2, 1.8],
            end: [0.6, 1.2],
        });
        assert!((0..20).any(|i| over.fraction(f64::from(i) / 20.0) > 1.0));
    }

    #[test]
    fn the_spline_passes_through_its_knots_and_never_overshoots_them() {
        let xs = [0.0, 1.0, 2.0, 3.0, 4.0];
        let ys = [0.0, 10.0, 10.5, 30.0, 29.0];
        let m = monotone_tangents(&xs, &ys);
        for (&x, &y) in xs.iter().zip(&ys) {
            assert!((hermite(&xs, &ys, &m, x) - y).abs() < 1e-9);
        }
        for i in 0..400 {
            let x = f64::from(i) / 100.0;
            let v = hermite(&xs, &ys, &m, x);
            let span = (x.floor() as usize).min(3);
            let (lo, hi) = (ys[span].min(ys[span + 1]), ys[span].max(ys[span + 1]));
            assert!(
                v >= lo - 1e-9 && v <= hi + 1e-9,
                "{x}: {v} outside {lo}..{hi}"
            );
        }
    }
}
