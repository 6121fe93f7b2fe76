//! A paw's way forward off the floor: the path's shape (half an ellipse, or a rectangle with
//! rounded corners) and how the paw is paced along it. The walk paces each piece of the path
//! by the time its leg's slowest joint needs to cross it at its servo's speed, so that the
//! servos are as near their top speed all the way and no piece sets the cycle alone: a paw
//! timed by the path's own angle goes fastest where the leg is slowest to follow (up off
//! the floor and down onto it), and its cycle had to be half as long again.

use super::oscillate::smoothstep;
use std::f64::consts::PI;

/// How a paw comes forward off the floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PawPath {
    /// Up and forward on half an ellipse.
    HalfEllipse,
    /// Up, forward, down: a rectangle with rounded corners.
    Rectangle,
}

impl PawPath {
    /// Both, in the order the window offers them.
    pub const ALL: [Self; 2] = [Self::HalfEllipse, Self::Rectangle];

    /// Its name.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::HalfEllipse => "half ellipse",
            Self::Rectangle => "rounded rectangle",
        }
    }

    /// The point `u` (0..1) of the way along the path by its own parameter: how far forward
    /// (from -1/2, the back, to +1/2, the front) and how high (0 to 1, the lift).
    fn shape(self, u: f64) -> (f64, f64) {
        match self {
            Self::HalfEllipse => (-0.5 * (PI * u).cos(), (PI * u).sin()),
            Self::Rectangle => {
                // Up over the first quarter, across the middle half, down the last.
                let across = smoothstep((u - 0.25) / 0.5) - 0.5;
                let height = smoothstep(u / 0.25).min(smoothstep((1.0 - u) / 0.25));
                (across, height)
            }
        }
    }
}

/// How many pieces a path is measured in.
const PIECES: usize = 64;

/// A paw's swing for one walk: its path, with the time (in any unit) the paw takes to
/// reach each of [`PIECES`] even steps of the path's own parameter.
#[derive(Clone, Debug)]
pub(super) struct Swing {
    path: PawPath,
    lengths: [f64; PIECES + 1],
}

impl Swing {
    /// The swing of `path`, each piece taking `time(from, to)` (from and to as
    /// [`Swing::at`] gives them), called from the back of the path to the front.
    pub fn paced(path: PawPath, mut time: impl FnMut((f64, f64), (f64, f64)) -> f64) -> Self {
        let mut lengths = [0.0; PIECES + 1];
        #[expect(clippy::cast_precision_loss, reason = "a few pieces")]
        let point = |i: usize| path.shape(i as f64 / PIECES as f64);
        for i in 1..=PIECES {
            let piece = time(point(i - 1), point(i));
            lengths[i] = lengths[i - 1]
                + if piece.is_finite() {
                    piece.max(0.0)
                } else {
                    0.0
                };
        }
        Self { path, lengths }
    }

    /// The swing of `path` at an even speed along it, for a stride of `stride_mm` forward
    /// and `sideways_mm` to the left, lifted `lift_mm`.
    #[cfg(test)]
    pub fn even(path: PawPath, stride_mm: f64, sideways_mm: f64, lift_mm: f64) -> Self {
        Self::paced(path, |(f0, up0), (f1, up1)| {
            let d = [
                (f1 - f0) * stride_mm,
                (f1 - f0) * sideways_mm,
                (up1 - up0) * lift_mm,
            ];
            d.iter().map(|x| x * x).sum::<f64>().sqrt()
        })
    }

    /// Where the paw is `share` (0..1) of the way through its swing's time: how far forward
    /// (-1/2 to +1/2) and how high (0 to 1). A swing that takes no time is paced by the
    /// path's own parameter.
    pub fn at(&self, share: f64) -> (f64, f64) {
        let total = self.lengths[PIECES];
        let share = share.clamp(0.0, 1.0);
        if total <= f64::EPSILON {
            return self.path.shape(share);
        }
        let goal = share * total;
        let i = self
            .lengths
            .partition_point(|&l| l <= goal)
            .clamp(1, PIECES);
        let (from, to) = (self.lengths[i - 1], self.lengths[i]);
        let within = if to > from {
            (goal - from) / (to - from)
        } else {
            0.0
        };
        #[expect(clippy::cast_precision_loss, reason = "a few pieces")]
        let u = ((i - 1) as f64 + within) / PIECES as f64;
        self.path.shape(u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paw's speed along the path over each of 32 even shares of the swing, mm per share
    /// (the way along it measured in 16 steps a share, so that a share that turns a corner
    /// counts the corner), for a stride of `stride` lifted `lift`.
    fn speeds(swing: &Swing, stride: f64, lift: f64) -> Vec<f64> {
        let (n, steps) = (32_u32, 16_u32);
        let point = |k: u32| {
            let (f, up) = swing.at(f64::from(k) / f64::from(n * steps));
            [f * stride, up * lift]
        };
        (0..n)
            .map(|share| {
                let way: f64 = (share * steps..(share + 1) * steps)
                    .map(|k| {
                        let (a, b) = (point(k), point(k + 1));
                        (b[0] - a[0]).hypot(b[1] - a[1])
                    })
                    .sum();
                way * f64::from(n)
            })
            .collect()
    }

    /// The lowest, mean and highest of `speeds`.
    fn spread(speeds: &[f64]) -> (f64, f64, f64) {
        let mean = speeds.iter().sum::<f64>() / speeds.len() as f64;
        let (low, high) = speeds
            .iter()
            .fold((f64::MAX, 0.0f64), |(l, h), &s| (l.min(s), h.max(s)));
        (low, mean, high)
    }

    #[test]
    fn a_paw_goes_at_an_even_pace_from_the_back_to_the_front() {
        for path in PawPath::ALL {
            let swing = Swing::even(path, 60.0, 0.0, 15.0);
            assert_eq!(swing.at(0.0), path.shape(0.0));
            let (end_f, end_up) = swing.at(1.0);
            assert!(
                (end_f - 0.5).abs() < 1e-9 && end_up.abs() < 1e-9,
                "{path:?}"
            );
            let (low, mean, high) = spread(&speeds(&swing, 60.0, 15.0));
            assert!(
                low > 0.9 * mean && high < 1.1 * mean,
                "{path:?}: {low:.1} to {high:.1} mm a share, mean {mean:.1}"
            );
        }
    }

    #[test]
    fn paced_by_its_angle_the_ellipse_is_fastest_in_the_middle() {
        // What the even pace is measured against: the path's own parameter.
        let by_angle = Swing::paced(PawPath::HalfEllipse, |_, _| 1.0);
        let (_, mean, high) = spread(&speeds(&by_angle, 60.0, 15.0));
        let even = spread(&speeds(
            &Swing::even(PawPath::HalfEllipse, 60.0, 0.0, 15.0),
            60.0,
            15.0,
        ));
        assert!(high > 1.25 * mean, "{high:.1} against a mean of {mean:.1}");
        assert!(even.2 < 0.9 * high, "{:.1} against {high:.1}", even.2);
    }

    #[test]
    fn a_piece_that_takes_longer_is_crossed_more_slowly() {
        // The first half of the path's pieces take three times as long as the rest: the paw
        // is half-way along the path's parameter three quarters of the way through.
        let mut piece = 0;
        let swing = Swing::paced(PawPath::HalfEllipse, |_, _| {
            piece += 1;
            if piece <= PIECES / 2 { 3.0 } else { 1.0 }
        });
        let (f, up) = swing.at(0.75);
        let (want_f, want_up) = PawPath::HalfEllipse.shape(0.5);
        assert!(
            (f - want_f).abs() < 1e-9 && (up - want_up).abs() < 1e-9,
            "{f} {up}"
        );
    }

    #[test]
    fn a_swing_that_takes_no_time_is_paced_by_the_path() {
        let swing = Swing::even(PawPath::HalfEllipse, 0.0, 0.0, 0.0);
        let (f, up) = swing.at(0.5);
        assert!(f.abs() < 1e-9 && (up - 1.0).abs() < 1e-9, "{f} {up}");
        let nan = Swing::paced(PawPath::Rectangle, |_, _| f64::NAN);
        assert_eq!(nan.at(0.3), PawPath::Rectangle.shape(0.3));
    }
}
