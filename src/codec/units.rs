//! The unit MTN files store angles in (microradians) and the degrees people read.

/// Microradians to degrees.
#[must_use]
pub fn urad_to_deg(angle_urad: i32) -> f64 {
    f64::from(angle_urad) * 180.0 / (std::f64::consts::PI * 1.0e6)
}

/// Degrees to microradians, rounded to the nearest and saturated to the `i32` range.
#[must_use]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the value is rounded and clamped to the i32 range first"
)]
pub fn deg_to_urad(angle_deg: f64) -> i32 {
    let urad = (angle_deg * std::f64::consts::PI * 1.0e6 / 180.0).round();
    if urad.is_nan() {
        0
    } else {
        urad.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_and_microradians_convert_both_ways() {
        assert_eq!(deg_to_urad(180.0), 3_141_593);
        assert!((urad_to_deg(3_141_593) - 180.0).abs() < 1e-4);
        assert_eq!(deg_to_urad(f64::NAN), 0);
        assert_eq!(deg_to_urad(1e30), i32::MAX);
    }
}
