//! Sound and LED files built the way `docs/formats/sound-and-led.md` describes Sony's, byte by
//! byte (not through the project's own writers): PCM WAVs, IMA ADPCM WAVs (format tag 0x0011,
//! blocks of 256 bytes holding 505 samples, chunks fmt, fact, data) from an IMA encoder written
//! here, and LED patterns as Standard MIDI Files (format 0, one track, channel 1, note-offs as
//! note-ons of velocity 0, 480 ticks a quarter at 256,005 us).

/// The IMA ADPCM step sizes.
const STEPS: [i32; 89] = [
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66,
    73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449,
    494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272,
    2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493,
    10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
];
/// How the step index moves after each code.
const INDEX_MOVE: [i32; 8] = [-1, -1, -1, -1, 2, 4, 6, 8];

/// Samples in one 256-byte mono IMA block: the header's sample and two per data byte.
pub const IMA_BLOCK_SAMPLES: usize = 505;
const IMA_BLOCK_BYTES: usize = 256;

fn chunk(tag: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = tag.to_vec();
    out.extend_from_slice(&u32::try_from(body.len()).unwrap().to_le_bytes());
    out.extend_from_slice(body);
    if body.len() % 2 == 1 {
        out.push(0);
    }
    out
}

fn riff(chunks: &[Vec<u8>]) -> Vec<u8> {
    let body: Vec<u8> = chunks.concat();
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&u32::try_from(body.len() + 4).unwrap().to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(&body);
    out
}

/// A mono PCM WAV of `samples` (-1..1) at `rate` with 8 or 16 bits.
pub fn pcm_wav(samples: &[f32], rate: u32, bits: u16) -> Vec<u8> {
    let bytes_per = u32::from(bits / 8);
    let mut fmt = Vec::new();
    fmt.extend_from_slice(&1u16.to_le_bytes());
    fmt.extend_from_slice(&1u16.to_le_bytes());
    fmt.extend_from_slice(&rate.to_le_bytes());
    fmt.extend_from_slice(&(rate * bytes_per).to_le_bytes());
    fmt.extend_from_slice(&(bits / 8).to_le_bytes());
    fmt.extend_from_slice(&bits.to_le_bytes());
    let mut data = Vec::new();
    for &s in samples {
        if bits == 8 {
            data.push((s.clamp(-1.0, 1.0) * 127.0 + 128.0).round() as u8);
        } else {
            let v = (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
            data.extend_from_slice(&v.to_le_bytes());
        }
    }
    riff(&[chunk(b"fmt ", &fmt), chunk(b"data", &data)])
}

/// IMA ADPCM encoding of one block: the first sample and the step index carried from the
/// block before go in the header.
fn ima_block(samples: &[i16], index: &mut i32, out: &mut Vec<u8>) {
    let mut predicted = i32::from(samples[0]);
    out.extend_from_slice(&samples[0].to_le_bytes());
    out.push(*index as u8);
    out.push(0);
    let mut codes = Vec::with_capacity(IMA_BLOCK_SAMPLES - 1);
    for &sample in &samples[1..] {
        let step = STEPS[*index as usize];
        let mut diff = i32::from(sample) - predicted;
        let mut code = 0u8;
        if diff < 0 {
            code = 8;
            diff = -diff;
        }
        let mut delta = step >> 3;
        if diff >= step {
            code |= 4;
            diff -= step;
            delta += step;
        }
        if diff >= step >> 1 {
            code |= 2;
            diff -= step >> 1;
            delta += step >> 1;
        }
        if diff >= step >> 2 {
            code |= 1;
            delta += step >> 2;
        }
        predicted = if code & 8 == 0 {
            predicted + delta
        } else {
            predicted - delta
        }
        .clamp(-32768, 32767);
        *index = (*index + INDEX_MOVE[usize::from(code & 7)]).clamp(0, 88);
        codes.push(code);
    }
    // Two codes a byte, the earlier in the low nibble.
    for pair in codes.chunks(2) {
        out.push(pair[0] | (pair.get(1).copied().unwrap_or(0) << 4));
    }
}

/// A mono 4-bit IMA ADPCM WAV of `blocks` whole blocks of 505 samples (the signal taken from
/// `samples`, which must have `blocks * 505` of them) at 16 kHz, as Sony's ERS-7 voices.
pub fn ima_wav(samples: &[f32], blocks: usize) -> Vec<u8> {
    ima_wav_with_fact(samples, blocks, u32::try_from(samples.len()).unwrap())
}

/// [`ima_wav`] whose `fact` chunk says the sound is `fact` sample frames long (fewer than
/// the blocks hold: the last block is part padding, as in AIBO MIND's voices).
pub fn ima_wav_with_fact(samples: &[f32], blocks: usize, fact: u32) -> Vec<u8> {
    assert_eq!(samples.len(), blocks * IMA_BLOCK_SAMPLES);
    let pcm: Vec<i16> = samples
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * 32767.0).round() as i16)
        .collect();
    let rate = 16_000u32;
    let mut fmt = Vec::new();
    fmt.extend_from_slice(&0x0011u16.to_le_bytes());
    fmt.extend_from_slice(&1u16.to_le_bytes());
    fmt.extend_from_slice(&rate.to_le_bytes());
    let bytes_per_second = rate * IMA_BLOCK_BYTES as u32 / IMA_BLOCK_SAMPLES as u32;
    fmt.extend_from_slice(&bytes_per_second.to_le_bytes());
    fmt.extend_from_slice(&(IMA_BLOCK_BYTES as u16).to_le_bytes());
    fmt.extend_from_slice(&4u16.to_le_bytes());
    fmt.extend_from_slice(&2u16.to_le_bytes());
    fmt.extend_from_slice(&(IMA_BLOCK_SAMPLES as u16).to_le_bytes());
    let fact = fact.to_le_bytes();
    let mut data = Vec::new();
    let mut index = 0;
    for block in pcm.chunks(IMA_BLOCK_SAMPLES) {
        ima_block(block, &mut index, &mut data);
    }
    riff(&[
        chunk(b"fmt ", &fmt),
        chunk(b"fact", &fact),
        chunk(b"data", &data),
    ])
}

/// A sine of `hz` at 16 kHz, `count` samples, at half scale.
pub fn sine(hz: f32, count: usize) -> Vec<f32> {
    (0..count)
        .map(|i| 0.5 * (std::f32::consts::TAU * hz * i as f32 / 16_000.0).sin())
        .collect()
}

fn variable_length(mut value: u32, out: &mut Vec<u8>) {
    let mut bytes = vec![(value & 0x7f) as u8];
    value >>= 7;
    while value > 0 {
        bytes.push((value & 0x7f) as u8 | 0x80);
        value >>= 7;
    }
    bytes.reverse();
    out.extend_from_slice(&bytes);
}

/// A Standard MIDI File, format 0, with one track of `events` (delta ticks, raw bytes) after
/// a tempo of `tempo_us` and an optional text, at `ticks_per_quarter`.
pub fn smf(
    ticks_per_quarter: u16,
    tempo_us: u32,
    text: Option<&str>,
    events: &[(u32, Vec<u8>)],
) -> Vec<u8> {
    let mut track = Vec::new();
    track.extend_from_slice(&[0, 0xff, 0x51, 3]);
    track.extend_from_slice(&tempo_us.to_be_bytes()[1..]);
    if let Some(text) = text {
        track.extend_from_slice(&[0, 0xff, 0x01]);
        variable_length(u32::try_from(text.len()).unwrap(), &mut track);
        track.extend_from_slice(text.as_bytes());
    }
    for (delta, bytes) in events {
        variable_length(*delta, &mut track);
        track.extend_from_slice(bytes);
    }
    track.extend_from_slice(&[0, 0xff, 0x2f, 0]);
    let mut out = b"MThd".to_vec();
    out.extend_from_slice(&6u32.to_be_bytes());
    out.extend_from_slice(&0u16.to_be_bytes());
    out.extend_from_slice(&1u16.to_be_bytes());
    out.extend_from_slice(&ticks_per_quarter.to_be_bytes());
    out.extend_from_slice(b"MTrk");
    out.extend_from_slice(&u32::try_from(track.len()).unwrap().to_be_bytes());
    out.extend_from_slice(&track);
    out
}

/// An LED pattern as Sony writes them: face light A1 (note 48) on at full brightness for
/// 30 ticks of 8 ms, then the back's front colour light (note 84) for 15 ticks while A1 fades
/// (a fresh note-on every 2 ticks of 8 ms), all on channel 1 with note-offs as note-ons of
/// velocity 0; "MODEL=7" as text. 15 MIDI ticks make one 8 ms tick.
pub fn sony_led() -> Vec<u8> {
    let on = |key: u8, vel: u8| vec![0x90, key, vel];
    let mut events = vec![(0, on(48, 127))];
    events.push((30 * 15, on(84, 100)));
    // The fade: A1 at 96, 64, 32, each two 8 ms ticks long.
    for vel in [96u8, 64, 32] {
        events.push((0, on(48, 0)));
        events.push((0, on(48, vel)));
        events.push((2 * 15, vec![]));
    }
    // The empty events above only carry time; fold them into the next delta.
    let mut folded: Vec<(u32, Vec<u8>)> = Vec::new();
    let mut carry = 0;
    for (delta, bytes) in events {
        if bytes.is_empty() {
            carry += delta;
        } else {
            folded.push((delta + carry, bytes));
            carry = 0;
        }
    }
    folded.push((carry, on(48, 0)));
    folded.push((9 * 15, on(84, 0)));
    smf(480, 256_005, Some("MODEL=7"), &folded)
}

/// The length of [`sony_led`] in MIDI ticks: 30 + 3 x 2 + 9 ticks of 8 ms.
pub const SONY_LED_TICKS: u64 = (30 + 6 + 9) * 15;

/// Yelps (a decaying falling tone) starting at `at` seconds, at 16 kHz, `seconds` long.
pub fn yelps(at: &[f32], seconds: f32) -> Vec<f32> {
    let rate = 16_000.0;
    (0..(rate * seconds) as usize)
        .map(|i| {
            let t = i as f32 / rate;
            at.iter()
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
