//! WAV written for the robot: any sound made 16 kHz 16-bit mono PCM, the ERS-7's own format
//! and one every model plays (`stick add --convert-sound`).

/// The rate the robot's sounds are made at.
pub const ROBOT_RATE: u32 = 16_000;

/// `samples` (mono, -1..1, at `from` Hz) at `to` Hz, by linear interpolation between
/// neighbouring samples (after a moving average as wide as the step when lowering the rate,
/// so that what is above the new rate's reach does not fold back as noise).
#[must_use]
pub fn resample(samples: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || from == 0 || to == 0 || samples.is_empty() {
        return samples.to_vec();
    }
    let step = f64::from(from) / f64::from(to);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a small width"
    )]
    let width = step.floor().max(1.0) as usize;
    let smoothed: Vec<f32> = if width > 1 {
        let mut sum = 0.0f32;
        let mut out = Vec::with_capacity(samples.len());
        for (i, &s) in samples.iter().enumerate() {
            sum += s;
            if i >= width {
                sum -= samples[i - width];
            }
            #[expect(clippy::cast_precision_loss, reason = "a small width")]
            out.push(sum / (i + 1).min(width) as f32);
        }
        out
    } else {
        samples.to_vec()
    };
    #[expect(clippy::cast_precision_loss, reason = "sample counts far under 2^52")]
    let frames = (smoothed.len() as f64 / step).floor();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "counted above"
    )]
    let frames = frames as usize;
    (0..frames)
        .map(|i| {
            #[expect(clippy::cast_precision_loss, reason = "sample counts far under 2^52")]
            let at = i as f64 * step;
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "in range"
            )]
            let k = at.floor() as usize;
            #[expect(clippy::cast_possible_truncation, reason = "a fraction")]
            let t = (at - at.floor()) as f32;
            let a = smoothed.get(k).copied().unwrap_or(0.0);
            let b = smoothed.get(k + 1).copied().unwrap_or(a);
            a + (b - a) * t
        })
        .collect()
}

/// A 16-bit mono PCM WAV of `samples` (-1..1, clipped) at `rate` Hz.
#[must_use]
pub fn pcm16_mono(samples: &[f32], rate: u32) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX - 44);
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for &s in samples {
        #[expect(clippy::cast_possible_truncation, reason = "clamped to i16's range")]
        let v = (s.clamp(-1.0, 1.0) * 32_767.0).round() as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// `bytes` (a WAV of any rate and channels) as the robot plays it: 16 kHz 16-bit mono.
///
/// # Errors
/// The sound does not decode.
pub fn for_robot(bytes: &[u8]) -> Result<Vec<u8>, super::SoundError> {
    let wave = super::wave::decode(bytes)?;
    let samples = resample(&wave.samples, wave.info.sample_rate, ROBOT_RATE);
    Ok(pcm16_mono(&samples, ROBOT_RATE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tone_keeps_its_pitch_and_length_at_the_robots_rate() {
        // 440 Hz for half a second at 44.1 kHz.
        let samples: Vec<f32> = (0..22_050)
            .map(|i| (f64::from(i) * 440.0 * std::f64::consts::TAU / 44_100.0).sin() as f32 * 0.5)
            .collect();
        let out = resample(&samples, 44_100, ROBOT_RATE);
        assert!((out.len() as i64 - 8_000).abs() <= 1, "{}", out.len());
        // Rising zero crossings: 220 in half a second.
        let rising = out.windows(2).filter(|w| w[0] < 0.0 && w[1] >= 0.0).count();
        assert!((218..=222).contains(&rising), "{rising}");
        let wav = pcm16_mono(&out, ROBOT_RATE);
        let back = crate::codec::sound::wave::decode(&wav).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (back.info.sample_rate, back.info.channels, back.info.bits),
            (16_000, 1, 16)
        );
        assert_eq!(back.samples.len(), out.len());
    }
}
