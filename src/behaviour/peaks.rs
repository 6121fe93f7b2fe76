//! A sound's waveform for drawing: the minimum and maximum of each pixel column, from a
//! pyramid of min/max blocks (16 samples, then 32, 64, ...), so a column costs a few block
//! looks however many samples it spans, and a minutes-long sound pans and zooms within the
//! frame budget.

/// Samples in a block of the finest level.
pub const FINEST_BLOCK: usize = 16;

/// The min/max pyramid of a sound's samples.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Peaks {
    /// The samples' count.
    len: usize,
    /// Level k holds (min, max) of blocks of `FINEST_BLOCK << k` samples.
    levels: Vec<Vec<(f32, f32)>>,
}

fn merge(a: (f32, f32), b: (f32, f32)) -> (f32, f32) {
    (a.0.min(b.0), a.1.max(b.1))
}

impl Peaks {
    /// The pyramid of `samples`.
    #[must_use]
    pub fn new(samples: &[f32]) -> Self {
        let finest: Vec<(f32, f32)> = samples
            .chunks(FINEST_BLOCK)
            .map(|block| {
                block
                    .iter()
                    .fold((f32::INFINITY, f32::NEG_INFINITY), |m, &s| {
                        (m.0.min(s), m.1.max(s))
                    })
            })
            .collect();
        let mut levels = vec![finest];
        while levels.last().is_some_and(|l| l.len() > 1) {
            let coarser = levels
                .last()
                .map(|l| {
                    l.chunks(2)
                        .map(|pair| {
                            pair.iter()
                                .copied()
                                .fold((f32::INFINITY, f32::NEG_INFINITY), merge)
                        })
                        .collect()
                })
                .unwrap_or_default();
            levels.push(coarser);
        }
        Self {
            len: samples.len(),
            levels,
        }
    }

    /// The naive waveform: no pyramid, each span's extremes found by looking at every sample
    /// in it (the frame bench's baseline).
    #[must_use]
    pub fn exact(samples: &[f32]) -> ExactPeaks<'_> {
        ExactPeaks { samples }
    }

    /// The samples' count.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no samples.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The minimum and maximum of samples `from..to` (to the block: the blocks that
    /// overlap the span at the coarsest level whose blocks are no longer than a quarter of
    /// it), or None where the span holds no sample.
    #[must_use]
    pub fn span(&self, from: usize, to: usize) -> Option<(f32, f32)> {
        let to = to.min(self.len);
        if from >= to {
            return None;
        }
        let span = to - from;
        let mut level = 0;
        while level + 1 < self.levels.len() && (FINEST_BLOCK << (level + 1)) * 4 <= span {
            level += 1;
        }
        let block = FINEST_BLOCK << level;
        let blocks = &self.levels[level];
        let first = from / block;
        let last = (to - 1) / block;
        blocks
            .get(first..=last.min(blocks.len().saturating_sub(1)))
            .map(|b| {
                b.iter()
                    .copied()
                    .fold((f32::INFINITY, f32::NEG_INFINITY), merge)
            })
    }
}

/// Spans of samples answered by looking at each ([`Peaks::exact`]).
#[derive(Clone, Copy, Debug)]
pub struct ExactPeaks<'a> {
    samples: &'a [f32],
}

/// The extremes of a span of samples, as the waveform asks for them.
pub trait Extremes {
    /// The samples' count.
    fn count(&self) -> usize;
    /// The minimum and maximum of samples `from..to`, or None for none.
    fn extremes(&self, from: usize, to: usize) -> Option<(f32, f32)>;
}

impl Extremes for Peaks {
    fn count(&self) -> usize {
        self.len
    }

    fn extremes(&self, from: usize, to: usize) -> Option<(f32, f32)> {
        self.span(from, to)
    }
}

impl Extremes for ExactPeaks<'_> {
    fn count(&self) -> usize {
        self.samples.len()
    }

    fn extremes(&self, from: usize, to: usize) -> Option<(f32, f32)> {
        let span = self.samples.get(from..to.min(self.samples.len()))?;
        (!span.is_empty()).then(|| {
            span.iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |m, &s| {
                    (m.0.min(s), m.1.max(s))
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_hold_the_extremes_within_a_block() {
        let samples: Vec<f32> = (0..10_000)
            .map(|i| ((i * 7919) % 2001) as f32 / 1000.0 - 1.0)
            .collect();
        let peaks = Peaks::new(&samples);
        let mut next = 1u32;
        for _ in 0..500 {
            next = next.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let from = (next as usize >> 8) % samples.len();
            let to = (from + (next as usize >> 4) % 3000 + 1).min(samples.len());
            let (lo, hi) = peaks.span(from, to).unwrap();
            let exact = samples[from..to]
                .iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |m, &s| {
                    (m.0.min(s), m.1.max(s))
                });
            // Never narrower than the exact extremes; wider only by the blocks at the edges.
            assert!(lo <= exact.0 && hi >= exact.1);
            let level_block = FINEST_BLOCK << 8;
            let wide_from = from.saturating_sub(level_block);
            let wide_to = (to + level_block).min(samples.len());
            let bound = samples[wide_from..wide_to]
                .iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |m, &s| {
                    (m.0.min(s), m.1.max(s))
                });
            assert!(lo >= bound.0 && hi <= bound.1);
        }
        assert_eq!(peaks.span(5, 5), None);
        assert_eq!(Peaks::new(&[]).span(0, 10), None);
    }
}
