//! RIFF WAV sounds, decoded by `symphonia`: 8-bit PCM at 8 kHz (the ERS-210's), 16-bit PCM at
//! 16 kHz (the ERS-7's), 4-bit IMA ADPCM at 16 kHz (Sony's ERS-7 voices, format tag 0x0011),
//! and any other PCM WAV.
//!
//! The decoded sound is kept as mono `f32` samples (channels mixed down): what the waveform
//! track draws and the player plays. Allocation is bounded by the input: a byte holds at least
//! two samples' worth of IMA ADPCM, so at most about eight bytes of samples per input byte.

use super::{SoundError, is_wave};
use std::io::Cursor;
use symphonia::core::codecs::audio::well_known::{
    CODEC_ID_ADPCM_IMA_WAV, CODEC_ID_PCM_F32LE, CODEC_ID_PCM_F64LE, CODEC_ID_PCM_S16LE,
    CODEC_ID_PCM_S24LE, CODEC_ID_PCM_S32LE, CODEC_ID_PCM_U8,
};
use symphonia::core::codecs::audio::{AudioCodecParameters, AudioDecoder, AudioDecoderOptions};
use symphonia::core::errors::Error as SymphoniaError;
use symphonia::core::formats::{FormatOptions, FormatReader as _};
use symphonia::core::io::{MediaSourceStream, MediaSourceStreamOptions};
use symphonia::default::formats::WavReader;

/// How the samples are coded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveFormat {
    /// Integer PCM (8-bit unsigned, 16, 24 or 32-bit signed).
    Pcm,
    /// IEEE float PCM.
    Float,
    /// 4-bit IMA ADPCM (format tag 0x0011).
    ImaAdpcm,
}

impl WaveFormat {
    /// The name `info` prints ("pcm", "float", "ima-adpcm").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Pcm => "pcm",
            Self::Float => "float",
            Self::ImaAdpcm => "ima-adpcm",
        }
    }
}

/// What a WAV's header says, with the number of sample frames actually decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveInfo {
    /// How the samples are coded.
    pub format: WaveFormat,
    /// Samples per second.
    pub sample_rate: u32,
    /// Channels (AIBO sounds are mono).
    pub channels: u16,
    /// Bits per coded sample (4 for IMA ADPCM).
    pub bits: u16,
    /// Sample frames decoded.
    pub frames: u64,
}

impl WaveInfo {
    /// The sound's length in milliseconds: its sample frames at its rate.
    #[must_use]
    #[expect(clippy::cast_precision_loss, reason = "sample counts far under 2^52")]
    pub fn duration_ms(&self) -> f64 {
        if self.sample_rate == 0 {
            return 0.0;
        }
        self.frames as f64 * 1000.0 / f64::from(self.sample_rate)
    }
}

/// A decoded sound.
#[derive(Clone, Debug, PartialEq)]
pub struct Wave {
    /// The header and length.
    pub info: WaveInfo,
    /// The samples, channels mixed to mono, in -1..1.
    pub samples: Vec<f32>,
    /// Where the data ended early (a cut-off file): the byte offset decoding stopped at.
    pub cut_off_at: Option<u64>,
}

/// A chunk of the RIFF file: its tag, where its header starts, and its declared length.
#[derive(Clone, Copy, Debug)]
struct Chunk {
    tag: [u8; 4],
    offset: u64,
    len: u64,
}

/// The RIFF chunks, walked by their declared lengths (at most one per 8 bytes of input).
fn chunks(bytes: &[u8]) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut at = 12usize;
    while let Some(header) = bytes.get(at..at.saturating_add(8)) {
        let tag = [header[0], header[1], header[2], header[3]];
        let len = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
        out.push(Chunk {
            tag,
            offset: at as u64,
            len: u64::from(len),
        });
        // Chunks are padded to an even length.
        let step = usize::try_from(len).unwrap_or(usize::MAX);
        at = at
            .saturating_add(8)
            .saturating_add(step)
            .saturating_add(step & 1);
    }
    out
}

/// The sample frames the `fact` chunk says the sound has, if it has one.
fn fact_frames(bytes: &[u8], found: &[Chunk]) -> Option<u32> {
    let fact = found.iter().find(|c| &c.tag == b"fact" && c.len >= 4)?;
    let at = usize::try_from(fact.offset).ok()?.checked_add(8)?;
    let value = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([value[0], value[1], value[2], value[3]]))
}

/// The format tag of the `fmt ` chunk, if it has one.
fn format_tag(bytes: &[u8], found: &[Chunk]) -> Option<u16> {
    let fmt = found.iter().find(|c| &c.tag == b"fmt ")?;
    let at = usize::try_from(fmt.offset).ok()?.checked_add(8)?;
    let tag = bytes.get(at..at + 2)?;
    Some(u16::from_le_bytes([tag[0], tag[1]]))
}

/// The bits per sample the `fmt ` chunk states (for codecs the decoder does not say them
/// for).
fn fmt_bits(bytes: &[u8], found: &[Chunk]) -> Option<u32> {
    let fmt = found.iter().find(|c| &c.tag == b"fmt ")?;
    let at = usize::try_from(fmt.offset).ok()?.checked_add(8 + 14)?;
    let bits = bytes.get(at..at + 2)?;
    Some(u32::from(u16::from_le_bytes([bits[0], bits[1]])))
}

/// Refuses a `fmt ` chunk whose channel count or sample size no sound has (symphonia 0.6
/// multiplies them in 16 bits: 65,535 channels of 16 bits overflow, a panic where overflow
/// checks are on).
fn check_fmt(bytes: &[u8], found: &[Chunk]) -> Result<(), SoundError> {
    let Some(fmt) = found.iter().find(|c| &c.tag == b"fmt ") else {
        return Ok(());
    };
    let field = |at: u64| {
        let at = usize::try_from(fmt.offset + 8 + at).ok()?;
        let two = bytes.get(at..at + 2)?;
        Some(u16::from_le_bytes([two[0], two[1]]))
    };
    if let Some(channels) = field(2).filter(|&c| c == 0 || c > 8) {
        return Err(SoundError::Wave {
            offset: fmt.offset + 10,
            reason: format!("{channels} channels (a sound has 1 to 8)"),
        });
    }
    if let Some(bits) = field(14).filter(|&b| b > 64) {
        return Err(SoundError::Wave {
            offset: fmt.offset + 22,
            reason: format!("{bits} bits a sample (at most 64)"),
        });
    }
    Ok(())
}

/// Reads and decodes a WAV sound.
///
/// # Errors
/// The bytes are not a WAV, its header cannot be read, its codec is neither PCM nor IMA
/// ADPCM, or a block cannot be decoded (with the byte offset of the block).
pub fn decode(bytes: &[u8]) -> Result<Wave, SoundError> {
    if bytes.is_empty() {
        return Err(SoundError::Empty);
    }
    if !is_wave(bytes) {
        return Err(SoundError::NotWave {
            found: crate::codec::error::describe_magic(bytes),
        });
    }
    let found = chunks(bytes);
    let data_start = found
        .iter()
        .find(|c| &c.tag == b"data")
        .map_or(12, |c| c.offset + 8);
    let header_at = found
        .iter()
        .find(|c| &c.tag == b"fmt ")
        .map_or(12, |c| c.offset);
    check_fmt(bytes, &found)?;
    let header_error = |e: &SymphoniaError| header_error(bytes, &found, header_at, e);
    let source = MediaSourceStream::new(
        Box::new(Cursor::new(bytes)),
        MediaSourceStreamOptions::default(),
    );
    let mut reader =
        WavReader::try_new(source, FormatOptions::default()).map_err(|e| header_error(&e))?;
    let params = audio_params(&reader, header_at)?;
    let format = wave_format(&params, bytes, &found)?;
    let channels = params
        .channels
        .as_ref()
        .map_or(1, symphonia::core::audio::Channels::count)
        .max(1);
    let sample_rate = params.sample_rate.unwrap_or(0);
    let bits = params
        .bits_per_coded_sample
        .or(params.bits_per_sample)
        .or_else(|| fmt_bits(bytes, &found))
        .unwrap_or(0);
    // A file cut short: its data chunk says more than there is. The last block is then
    // partial, and what came before it is kept.
    let declared_end = found
        .iter()
        .find(|c| &c.tag == b"data")
        .map(|c| c.offset + 8 + c.len);
    let cut_short = declared_end.is_some_and(|end| end > bytes.len() as u64);
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(&params, &AudioDecoderOptions::default())
        .map_err(|e| header_error(&e))?;
    let data = Data {
        start: data_start,
        cut_short,
        channels,
        // Room for what the data chunk's bytes can hold, never more than the input allows.
        capacity: bytes.len().min(1 << 24),
    };
    let (mut samples, mut cut_off_at) = decode_blocks(&mut reader, decoder.as_mut(), &data)?;
    if cut_off_at.is_none() && cut_short {
        cut_off_at = Some(bytes.len() as u64);
    }
    // A compressed sound's last block is padded to the block's size: its `fact` chunk says
    // how many sample frames are the sound's (AIBO MIND's IMA ADPCM voices end 6 to 25 ms
    // before their last block does).
    if format == WaveFormat::ImaAdpcm
        && let Some(frames) = fact_frames(bytes, &found)
    {
        samples.truncate(usize::try_from(frames).unwrap_or(usize::MAX));
    }
    Ok(Wave {
        info: WaveInfo {
            format,
            sample_rate,
            channels: u16::try_from(channels).unwrap_or(u16::MAX),
            bits: u16::try_from(bits).unwrap_or(u16::MAX),
            frames: samples.len() as u64,
        },
        samples,
        cut_off_at,
    })
}

/// The error for a header symphonia cannot read (at `header_at`): an unsupported codec by
/// its format tag where the file has one, else symphonia's own words.
#[expect(
    clippy::wildcard_enum_match_arm,
    reason = "symphonia's errors may grow: every other is said in its own words"
)]
fn header_error(bytes: &[u8], found: &[Chunk], header_at: u64, e: &SymphoniaError) -> SoundError {
    match e {
        SymphoniaError::Unsupported(_) => format_tag(bytes, found).map_or_else(
            || SoundError::Wave {
                offset: header_at,
                reason: e.to_string(),
            },
            |tag| SoundError::UnsupportedWave { tag },
        ),
        _ => SoundError::Wave {
            offset: header_at,
            reason: e.to_string(),
        },
    }
}

/// The audio format of the file's first track.
///
/// # Errors
/// The file has no audio track, or its track has no audio format.
fn audio_params(
    reader: &WavReader<'_>,
    header_at: u64,
) -> Result<AudioCodecParameters, SoundError> {
    let track = reader
        .tracks()
        .first()
        .cloned()
        .ok_or_else(|| SoundError::Wave {
            offset: header_at,
            reason: "no audio in the file".to_owned(),
        })?;
    track
        .codec_params
        .as_ref()
        .and_then(|p| p.audio())
        .cloned()
        .ok_or_else(|| SoundError::Wave {
            offset: header_at,
            reason: "no audio format in the file".to_owned(),
        })
}

/// How the samples are coded, by the track's codec.
///
/// # Errors
/// The codec is neither PCM nor IMA ADPCM (with the file's format tag).
fn wave_format(
    params: &AudioCodecParameters,
    bytes: &[u8],
    found: &[Chunk],
) -> Result<WaveFormat, SoundError> {
    match params.codec {
        CODEC_ID_ADPCM_IMA_WAV => Ok(WaveFormat::ImaAdpcm),
        CODEC_ID_PCM_F32LE | CODEC_ID_PCM_F64LE => Ok(WaveFormat::Float),
        CODEC_ID_PCM_U8 | CODEC_ID_PCM_S16LE | CODEC_ID_PCM_S24LE | CODEC_ID_PCM_S32LE => {
            Ok(WaveFormat::Pcm)
        }
        _ => Err(SoundError::UnsupportedWave {
            tag: format_tag(bytes, found).unwrap_or(0),
        }),
    }
}

/// Where the sound's data is and how to read it.
struct Data {
    /// The byte offset of the data chunk's first block.
    start: u64,
    /// Whether the data chunk says more than there is.
    cut_short: bool,
    /// Channels, mixed down to one.
    channels: usize,
    /// The samples to make room for.
    capacity: usize,
}

/// Decodes every block of the data: the samples mixed to mono, and where reading stopped
/// early, if it did.
///
/// # Errors
/// A block cannot be decoded (with the byte offset of the block) in a file not cut short.
fn decode_blocks(
    reader: &mut WavReader<'_>,
    decoder: &mut dyn AudioDecoder,
    data: &Data,
) -> Result<(Vec<f32>, Option<u64>), SoundError> {
    let mut samples: Vec<f32> = Vec::with_capacity(data.capacity);
    let mut scratch: Vec<f32> = Vec::new();
    let mut consumed = 0u64;
    let mut cut_off_at = None;
    // Where reading stops at an error: the end of what was read, in a file cut short (or
    // one that ends mid-block); else the error, at the block's byte.
    let stop = |e: SymphoniaError, consumed: u64| {
        let cut = data.cut_short
            || matches!(&e, SymphoniaError::IoError(io)
                if io.kind() == std::io::ErrorKind::UnexpectedEof);
        if cut {
            Ok(data.start + consumed)
        } else {
            Err(SoundError::Wave {
                offset: data.start + consumed,
                reason: e.to_string(),
            })
        }
    };
    loop {
        let packet = match reader.next_packet() {
            Ok(Some(packet)) => packet,
            Ok(None) => break,
            Err(e) => {
                cut_off_at = Some(stop(e, consumed)?);
                break;
            }
        };
        let decoded = match decoder.decode(&packet) {
            Ok(decoded) => decoded,
            Err(e) => {
                cut_off_at = Some(stop(e, consumed)?);
                break;
            }
        };
        decoded.copy_to_vec_interleaved(&mut scratch);
        for frame in scratch.chunks(data.channels) {
            #[expect(clippy::cast_precision_loss, reason = "a handful of channels")]
            let mixed = frame.iter().sum::<f32>() / frame.len() as f32;
            samples.push(mixed);
        }
        consumed += packet.data.len() as u64;
    }
    Ok((samples, cut_off_at))
}
