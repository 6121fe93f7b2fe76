//! Where sounds begin in a recording (a bark's yelps, a tune's notes): the rises of its
//! high-frequency energy. The signal's first difference (which weighs the high frequencies
//! where attacks are), its energy in 8 ms hops, on a log scale; the rise from one hop to the
//! next (half-wave rectified, the energy flux), peaks of which above a local median by a
//! margin, at least [`MIN_GAP_MS`] apart, are onsets. A spectral flux without the spectrum:
//! enough for AIBO sounds (a few seconds of barks, beeps and tunes), in linear time.

/// The hop between energy measurements (one robot tick).
pub const HOP_MS: f64 = 8.0;
/// Onsets closer than this are one.
pub const MIN_GAP_MS: f64 = 60.0;
/// How far above the local median (in log energy, about 4 dB) a rise must be.
const MARGIN: f64 = 1.0;
/// How far under the loudest hop (in log energy, about 30 dB) a hop may be and still start
/// a sound: quieter rises are the noise floor's own flicker.
const RANGE: f64 = 7.0;
/// The hops each side of a hop its local median is taken over.
const MEDIAN_HOPS: usize = 12;
/// Energy under this (about -60 dB of full scale) is silence.
const FLOOR: f64 = 1e-6;

/// The onsets of `samples` at `rate`, in ms from the sound's start.
#[must_use]
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss,
    reason = "hop sizes and counts of a sound"
)]
pub fn onsets(samples: &[f32], rate: u32) -> Vec<f64> {
    let hop = ((f64::from(rate) * HOP_MS / 1000.0) as usize).max(1);
    let energy: Vec<f64> = samples
        .chunks(hop)
        .enumerate()
        .map(|(i, block)| {
            let before = (i * hop)
                .checked_sub(1)
                .and_then(|j| samples.get(j))
                .copied();
            let mut last = before.unwrap_or(block[0]);
            let mut sum = 0.0f64;
            for &s in block {
                let d = f64::from(s - last);
                sum += d * d;
                last = s;
            }
            (sum / block.len() as f64).max(FLOOR).ln()
        })
        .collect();
    let flux: Vec<f64> = energy
        .iter()
        .enumerate()
        .map(|(i, &e)| i.checked_sub(1).map_or(0.0, |j| (e - energy[j]).max(0.0)))
        .collect();
    let loudest = energy.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut found: Vec<f64> = Vec::new();
    let mut window: Vec<f64> = Vec::with_capacity(2 * MEDIAN_HOPS + 1);
    for i in 1..flux.len().saturating_sub(1) {
        let f = flux[i];
        if f < flux[i - 1]
            || f < flux[i + 1]
            || energy[i] <= FLOOR.ln() + 1.0
            || energy[i] < loudest - RANGE
        {
            continue;
        }
        window.clear();
        window.extend_from_slice(
            &flux[i.saturating_sub(MEDIAN_HOPS)..(i + MEDIAN_HOPS + 1).min(flux.len())],
        );
        window.sort_by(f64::total_cmp);
        let median = window[window.len() / 2];
        if f < median + MARGIN {
            continue;
        }
        // The rise is into hop i: the onset is where that hop starts.
        let at_ms = i as f64 * hop as f64 * 1000.0 / f64::from(rate);
        if found.last().is_none_or(|&last| at_ms - last >= MIN_GAP_MS) {
            found.push(at_ms);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Yelps (a decaying falling tone) at `at` seconds, over a little noise.
    fn yelps(at: &[f32], rate: f32, seconds: f32) -> Vec<f32> {
        let mut noise = 0x9e37_79b9u32;
        (0..(rate * seconds) as usize)
            .map(|i| {
                let t = i as f32 / rate;
                noise ^= noise << 13;
                noise ^= noise >> 17;
                noise ^= noise << 5;
                let hiss = (noise % 1000) as f32 / 1000.0 * 0.01 - 0.005;
                hiss + at
                    .iter()
                    .map(|&a| {
                        let dt = t - a;
                        if dt < 0.0 {
                            0.0
                        } else {
                            (dt * 200.0).min(1.0)
                                * (-dt * 8.0).exp()
                                * (std::f32::consts::TAU * (600.0 - 300.0 * dt) * dt).sin()
                                * 0.7
                        }
                    })
                    .sum::<f32>()
            })
            .collect()
    }

    #[test]
    fn yelps_are_found_within_a_tick_or_two() {
        for rate in [8_000u32, 16_000] {
            let at = [0.10f32, 0.55, 0.80, 1.40];
            let found = onsets(&yelps(&at, rate as f32, 2.0), rate);
            assert_eq!(found.len(), at.len(), "{rate} Hz: {found:?}");
            for (f, a) in found.iter().zip(at) {
                assert!(
                    (f - f64::from(a) * 1000.0).abs() <= 16.0,
                    "{rate} Hz: {found:?}"
                );
            }
        }
    }

    #[test]
    fn silence_and_a_steady_tone_have_none() {
        assert!(onsets(&vec![0.0; 16_000], 16_000).is_empty());
        let tone: Vec<f32> = (0..32_000)
            .map(|i| 0.5 * (std::f32::consts::TAU * 440.0 * i as f32 / 16_000.0).sin())
            .collect();
        // The tone starts at the first sample: no rise after it.
        assert!(onsets(&tone, 16_000).len() <= 1);
        assert!(onsets(&[], 16_000).is_empty());
    }
}
