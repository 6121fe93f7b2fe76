//! What the window keeps of a motion's tracks besides the document's (which are
//! [`crate::edit::tracks`]).

/// What the window keeps of a motion's tracks besides the document's: the LED note
/// selected, a MIDI sound's rendering, and the bench's baseline switch.
#[derive(Clone, Debug, Default)]
pub struct TrackView {
    /// The LED note selected (its index in the pattern's notes).
    pub selected_led: Option<usize>,
    /// The MIDI sound's samples, rendered, with the part they are of (kept outside the
    /// undo steps: a step taken back never brings back another SoundFont's rendering).
    pub rendered: Option<(
        crate::behaviour::Source,
        std::sync::Arc<crate::behaviour::synth::Rendered>,
    )>,
    /// Draw the waveform from every sample in each column rather than the pyramid (the
    /// frame bench's baseline).
    pub naive_waveform: bool,
}
