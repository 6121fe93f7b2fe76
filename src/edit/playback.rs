//! Playback at the robot's timing, driven by a clock the caller reads: the window gives it the
//! wall-clock time of each frame ([`Playback::follow_clock`]), so the playhead keeps the wall
//! clock however slow the frames are (a slow frame skips ticks, it never slows the motion);
//! tests give it times of their own, so no real time has to pass.
//!
//! The playhead is a position in 8 ms ticks. What is shown at the playhead is exactly what the
//! robot commands at that tick (`robot::timing::values_at_tick`); past the last commanded tick
//! the motion rests on its final keyframe, which the robot never commands but ends at.
//!
//! What needs the motion's length takes it as `ticks`, the count the player commands
//! ([`timing::tick_count`], which the editor's document keeps): the window reads the clock
//! several times a frame, and summing every segment of the largest motion each time was 2% of
//! a playing frame.

use crate::codec::mtn::Keyframes;
use crate::robot::timing::{self, TICK_MS};

/// The slowest and fastest playback speeds.
pub const SPEED_RANGE: (f64, f64) = (0.25, 2.0);

/// The playback state.
#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    /// Whether the clock moves the playhead.
    pub playing: bool,
    /// Whether playback starts again at the end.
    pub looping: bool,
    /// How many times in a row the whole motion plays before playback stops (a simulation
    /// of several plays: each is watched in turn without looping). At least one.
    pub plays: u64,
    /// How fast: 1.0 is the robot's real time.
    speed: f64,
    /// The playhead in ticks, with the fraction of the tick elapsed.
    position_ticks: f64,
    /// How many times playback has come round the whole motion (looping, or played again
    /// from its end) since it was stopped: a simulation of several plays shows the play
    /// this counts to. Seeking and stepping keep it.
    rounds: u64,
    /// The clock's last reading (s): the time the playhead's position is true at. Play,
    /// a seek, a step or a speed change in a frame take effect from that frame's reading.
    clock_s: Option<f64>,
}

impl Default for Playback {
    fn default() -> Self {
        Self {
            playing: false,
            looping: false,
            plays: 1,
            speed: 1.0,
            position_ticks: 0.0,
            rounds: 0,
            clock_s: None,
        }
    }
}

impl Playback {
    /// The speed factor.
    #[must_use]
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// Sets the speed, clamped to [`SPEED_RANGE`].
    pub fn set_speed(&mut self, speed: f64) {
        self.speed = if speed.is_finite() {
            speed.clamp(SPEED_RANGE.0, SPEED_RANGE.1)
        } else {
            1.0
        };
    }

    /// The tick under the playhead.
    #[must_use]
    pub fn tick(&self) -> u64 {
        // A position is never negative and far below u64's range.
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "see above"
        )]
        let tick = self.position_ticks.max(0.0).floor() as u64;
        tick
    }

    /// The playhead in ms (on the 8 ms tick grid).
    #[must_use]
    pub fn time_ms(&self) -> u64 {
        self.tick() * TICK_MS
    }

    /// The playhead in ms between ticks too (what the sound is locked to: the picture
    /// shows the tick it is in).
    #[must_use]
    #[expect(clippy::cast_precision_loss, reason = "a tick count far under 2^52")]
    pub fn position_ms(&self) -> f64 {
        self.position_ticks.max(0.0) * TICK_MS as f64
    }

    /// Moves the playhead to a time in ms (snapped down to its tick), clamped to the motion.
    pub fn seek_ms(&mut self, time_ms: u64, ticks: u64) {
        self.position_ticks = (time_ms / TICK_MS).min(ticks) as f64;
    }

    /// Plays or pauses; playing at the end starts again from the beginning. Looping over a
    /// selected range (`range_ms`, keyframe time), playing from outside it starts at its start.
    pub fn toggle(&mut self, ticks: u64, range_ms: Option<(u64, u64)>) {
        if !self.playing {
            let (start, end) = self.loop_span(ticks, range_ms);
            let outside = self.position_ticks < start || self.position_ticks >= end;
            let at_end = self.tick() >= ticks;
            if at_end || (self.looping && outside) {
                self.position_ticks = if self.looping { start } else { 0.0 };
            }
            if at_end {
                self.rounds += 1;
            }
        }
        self.playing = !self.playing;
    }

    /// What looping plays over and over, in ticks: the selected range (keyframe time in ms)
    /// where one of some length is selected, else the whole motion.
    #[must_use]
    pub fn loop_span(&self, ticks: u64, range_ms: Option<(u64, u64)>) -> (f64, f64) {
        let end = ticks as f64;
        match range_ms {
            Some((a, b)) if self.looping && b > a => {
                let start = ((a / TICK_MS) as f64).min(end);
                let stop = ((b / TICK_MS) as f64).min(end);
                if stop > start {
                    (start, stop)
                } else {
                    (0.0, end)
                }
            }
            _ => (0.0, end),
        }
    }

    /// Stops: pauses and goes back to the start.
    pub fn stop(&mut self) {
        self.playing = false;
        self.position_ticks = 0.0;
        self.rounds = 0;
    }

    /// Steps one 16 ms frame forward or back (two ticks), clamped to the motion.
    pub fn step_frames(&mut self, frames: i64, ticks: u64) {
        let end = ticks as f64;
        let target = (self.tick() as f64 + 2.0 * frames as f64).clamp(0.0, end);
        self.position_ticks = target;
    }

    /// Reads the clock: `now_s` is the wall-clock time (s) of the frame. Playing, the
    /// playhead moves on by the time since the last reading, times the speed, however long
    /// that was (at the end it stops, loops or plays again as [`Playback::advance`] says);
    /// paused, the reading is only kept, so that Play takes effect from this frame's time.
    /// `slower` is how many times slower than the robot the motion is shown (1; 2 for a
    /// file whose frame-rate field says 32 ms, followed). A reading earlier than the last
    /// moves nothing and is not kept (the window's readings include a guess at when its
    /// frame reaches the screen, which may be shorter than the last frame's).
    pub fn follow_clock(
        &mut self,
        now_s: f64,
        slower: f64,
        ticks: u64,
        range_ms: Option<(u64, u64)>,
    ) {
        if !now_s.is_finite() {
            return;
        }
        match self.clock_s {
            Some(last_s) if now_s < last_s => {}
            Some(last_s) => {
                self.clock_s = Some(now_s);
                self.advance((now_s - last_s) / slower, ticks, range_ms);
            }
            None => self.clock_s = Some(now_s),
        }
    }

    /// Keeps the clock's reading without moving the playhead: a tab that is not in front
    /// holds its playhead, and goes on from there, not from where the wall clock would have
    /// taken it, when it is in front again.
    pub fn hold_clock(&mut self, now_s: f64) {
        if now_s.is_finite() && self.clock_s.is_none_or(|last_s| now_s >= last_s) {
            self.clock_s = Some(now_s);
        }
    }

    /// Advances the playhead by `seconds` of wall time at the playback speed. At the end,
    /// playback stops there or, when looping, wraps to the start: of the selected range
    /// (`range_ms`) where one is selected and the playhead reaches its end, else of the
    /// motion. Not looping, the whole motion plays [`Playback::plays`] times in a row before
    /// it stops. However long the time, it comes round as many times as it fits.
    pub fn advance(&mut self, seconds: f64, ticks: u64, range_ms: Option<(u64, u64)>) {
        if !self.playing || !seconds.is_finite() || seconds <= 0.0 {
            return;
        }
        let end = ticks as f64;
        if end <= 0.0 {
            self.playing = false;
            self.position_ticks = 0.0;
            return;
        }
        let (start, stop) = self.loop_span(ticks, range_ms);
        // Played from past the range, the motion's end comes first; then the range loops.
        let wraps_at = if self.position_ticks < stop {
            stop
        } else {
            end
        };
        self.position_ticks += seconds * 1000.0 / TICK_MS as f64 * self.speed;
        if self.position_ticks < wraps_at {
            return;
        }
        if self.looping {
            let past = self.position_ticks - wraps_at;
            let span = stop - start;
            if start <= 0.0 && wraps_at >= end {
                // Each time round the whole motion is a round.
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a count of whole rounds, not negative"
                )]
                let more = (past / span).floor() as u64;
                self.rounds += 1 + more;
            }
            self.position_ticks = start + past % span;
            return;
        }
        let plays = self.plays.max(1);
        while self.position_ticks >= end {
            if !(self.rounds + 1).is_multiple_of(plays) {
                // The next of the plays in a row.
                self.rounds += 1;
                self.position_ticks -= end;
            } else {
                self.position_ticks = end;
                self.playing = false;
                return;
            }
        }
    }

    /// How many times playback has come round the whole motion (looping, or played again
    /// from its end) since it was stopped.
    #[must_use]
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// The joint values at the playhead, in microradians: what the robot commands at this
    /// tick, or the final keyframe once the motion is over.
    #[must_use]
    pub fn values(&self, keyframes: &Keyframes) -> Vec<i32> {
        self.values_with(keyframes, &timing::keyframe_times_ms(keyframes))
    }

    /// [`Playback::values`] with the keyframe times already known (the editor keeps them).
    #[must_use]
    pub fn values_with(&self, keyframes: &Keyframes, times_ms: &[u64]) -> Vec<i32> {
        timing::values_at_tick_in(keyframes, times_ms, self.tick()).unwrap_or_else(|| {
            keyframes
                .len()
                .checked_sub(1)
                .and_then(|last| keyframes.get(last))
                .map(|k| k.angles_urad.to_vec())
                .unwrap_or_default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    /// A still motion of `seconds` (a keyframe every 2 s).
    fn long_motion(seconds: u32) -> Keyframes {
        let mut keyframes = Keyframes::new(3);
        let zeros = [0; 3];
        let mut pushed = keyframes.push(0, [0; 3], &zeros);
        for _ in 0..seconds / 2 {
            pushed = pushed.and_then(|()| keyframes.push(124, [0; 3], &zeros));
        }
        assert!(pushed.is_ok());
        keyframes
    }

    /// Plays a motion of `ticks` from a fake clock's `start_s` through frames `frame_s` apart for
    /// `seconds`, and gives the playhead (ms).
    fn played_ms(ticks: u64, playback: &mut Playback, frame_s: f64, seconds: f64) {
        let start_s = 1_000.0;
        playback.follow_clock(start_s, 1.0, ticks, None);
        playback.toggle(ticks, None);
        let mut now_s = start_s;
        while now_s + frame_s <= start_s + seconds {
            now_s += frame_s;
            playback.follow_clock(now_s, 1.0, ticks, None);
        }
        // The last frame lands on the measured time (a clock read at it).
        playback.follow_clock(start_s + seconds, 1.0, ticks, None);
    }

    #[test]
    fn the_playhead_keeps_the_wall_clock_however_slow_the_frames() {
        let keyframes = long_motion(40);
        let ticks = timing::tick_count(&keyframes);
        for frame_ms in [16.0, 100.0, 400.0] {
            for speed in [1.0, 0.5, 2.0] {
                let mut playback = Playback::default();
                playback.set_speed(speed);
                played_ms(ticks, &mut playback, frame_ms / 1000.0, 12.0);
                let expected_ms = 12_000.0 * speed;
                // On the 8 ms tick grid: within a tick of the wall clock, never after it.
                let shown = playback.time_ms() as f64;
                assert!(
                    shown <= expected_ms && shown > expected_ms - 8.0 - 1e-6,
                    "frames of {frame_ms} ms at {speed}x: {shown} ms after 12 s"
                );
                assert!(playback.playing);
            }
        }
    }

    #[test]
    fn play_a_seek_and_a_speed_change_take_effect_from_their_frames_time() {
        let keyframes = long_motion(40);
        let ticks = timing::tick_count(&keyframes);
        let mut playback = Playback::default();
        let assert_at = |playback: &Playback, ms: f64| {
            let at = playback.position_ms();
            assert!((at - ms).abs() < 1e-6, "at {at} ms, not {ms}");
        };
        // Paused, readings move nothing; Play in the frame read at 5.0 s plays from then.
        // (Times in binary fractions of a second, so the sums are exact.)
        playback.follow_clock(0.0, 1.0, ticks, None);
        playback.follow_clock(5.0, 1.0, ticks, None);
        assert_eq!(playback.tick(), 0);
        playback.toggle(ticks, None);
        playback.follow_clock(5.5, 1.0, ticks, None);
        assert_at(&playback, 500.0);
        // A seek in the frame read at 5.5 s: from there, 0.5 s later 500 ms on.
        playback.seek_ms(3_000, ticks);
        playback.follow_clock(6.0, 1.0, ticks, None);
        assert_at(&playback, 3_500.0);
        // Twice the speed from the frame read at 6.0 s.
        playback.set_speed(2.0);
        playback.follow_clock(6.5, 1.0, ticks, None);
        assert_at(&playback, 4_500.0);
        // A tab behind others holds its playhead, and goes on from there in front again.
        playback.hold_clock(60.0);
        assert_at(&playback, 4_500.0);
        playback.follow_clock(60.25, 1.0, ticks, None);
        assert_at(&playback, 5_000.0);
        // A reading before the last moves nothing, and the clock goes on from the last.
        playback.follow_clock(59.0, 1.0, ticks, None);
        assert_at(&playback, 5_000.0);
        playback.follow_clock(60.5, 1.0, ticks, None);
        assert_at(&playback, 5_500.0);
        // A file shown twice as slow plays at half the rate.
        playback.follow_clock(61.5, 2.0, ticks, None);
        assert_at(&playback, 6_500.0);
    }

    #[test]
    fn one_long_frame_comes_round_as_many_times_as_it_fits() {
        let keyframes = long_motion(2);
        let end = timing::tick_count(&keyframes);
        let seconds = end as f64 * 0.008;
        // Three plays in a row, all within one frame: it stops at the end of the third.
        let mut playback = Playback {
            plays: 3,
            ..Playback::default()
        };
        playback.toggle(end, None);
        playback.advance(seconds * 2.5, end, None);
        assert_eq!((playback.rounds(), playback.playing), (2, true));
        assert_eq!(playback.tick() as f64, (end as f64 * 0.5).floor());
        playback.advance(seconds * 7.0, end, None);
        assert_eq!(
            (playback.rounds(), playback.playing, playback.tick()),
            (2, false, end)
        );
        // Looping, a frame of three and a half rounds counts three.
        let mut playback = Playback {
            looping: true,
            ..Playback::default()
        };
        playback.toggle(end, None);
        playback.advance(seconds * 3.5, end, None);
        assert_eq!(playback.rounds(), 3);
        assert_eq!(playback.tick() as f64, (end as f64 * 0.5).floor());
    }

    #[test]
    fn playback_counts_its_rounds_of_the_whole_motion_until_it_is_stopped() {
        let motion = stand_to_sit();
        let keyframes = &motion.keyframes;
        let ticks = timing::tick_count(keyframes);
        let seconds = timing::tick_count(keyframes) as f64 * TICK_MS as f64 / 1000.0;
        let mut playback = Playback {
            looping: true,
            ..Playback::default()
        };
        playback.toggle(ticks, None);
        playback.advance(seconds * 0.5, ticks, None);
        assert_eq!(playback.rounds(), 0);
        playback.advance(seconds * 0.6, ticks, None);
        assert_eq!(playback.rounds(), 1);
        playback.advance(seconds, ticks, None);
        assert_eq!(playback.rounds(), 2);
        // Seeking and stepping stay in the round; a selected range loops without counting.
        let range = Some((100, 600));
        playback.seek_ms(100, ticks);
        playback.step_frames(1, ticks);
        assert_eq!(playback.rounds(), 2);
        playback.advance(2.0, ticks, range);
        assert_eq!(playback.rounds(), 2);
        // Stopping starts the count again; played again from its end, the motion's next
        // round begins.
        playback.stop();
        assert_eq!(playback.rounds(), 0);
        playback.looping = false;
        playback.toggle(ticks, None);
        playback.advance(seconds * 2.0, ticks, None);
        assert!(!playback.playing);
        assert_eq!(playback.rounds(), 0);
        playback.toggle(ticks, None);
        assert_eq!((playback.rounds(), playback.tick()), (1, 0));
    }

    #[test]
    fn real_time_speed_pause_and_loop() {
        let motion = stand_to_sit();
        let keyframes = &motion.keyframes;
        let end = timing::tick_count(keyframes);
        assert_eq!(end, 78 * 2);
        let mut playback = Playback::default();
        playback.advance(1.0, end, None);
        assert_eq!(playback.tick(), 0, "a paused clock does not move");
        playback.toggle(end, None);
        playback.advance(0.080, end, None);
        assert_eq!(playback.tick(), 10);
        assert_eq!(playback.time_ms(), 80);
        playback.set_speed(2.0);
        playback.advance(0.080, end, None);
        assert_eq!(playback.tick(), 30);
        playback.set_speed(9.0);
        assert!((playback.speed() - 2.0).abs() < f64::EPSILON);
        playback.toggle(end, None);
        playback.advance(1.0, end, None);
        assert_eq!(playback.tick(), 30);
        // To the end: it stops there, on the final keyframe.
        playback.set_speed(1.0);
        playback.toggle(end, None);
        playback.advance(10.0, end, None);
        assert!(!playback.playing);
        assert_eq!(playback.tick(), end);
        assert_eq!(
            playback.values(keyframes),
            keyframes
                .get(3)
                .map(|k| k.angles_urad.to_vec())
                .unwrap_or_default()
        );
        // Looping wraps.
        playback.toggle(end, None);
        assert_eq!(playback.tick(), 0, "play at the end starts over");
        playback.looping = true;
        playback.advance((end as f64 + 5.0) * 0.008, end, None);
        assert!(playback.playing);
        assert_eq!(playback.tick(), 5);
    }

    #[test]
    fn several_plays_in_a_row_play_through_without_looping_then_stop() {
        let motion = stand_to_sit();
        let keyframes = &motion.keyframes;
        let end = timing::tick_count(keyframes);
        #[expect(clippy::cast_precision_loss, reason = "a short motion")]
        let seconds = end as f64 * 0.008;
        let mut playback = Playback {
            plays: 3,
            ..Playback::default()
        };
        playback.toggle(end, None);
        playback.advance(seconds + 0.080, end, None);
        assert!(playback.playing, "on to the second play");
        assert_eq!((playback.rounds(), playback.tick()), (1, 10));
        playback.advance(seconds, end, None);
        assert_eq!((playback.rounds(), playback.tick()), (2, 10));
        // The third is the last: it stops at its end.
        playback.advance(seconds, end, None);
        assert!(!playback.playing);
        assert_eq!((playback.rounds(), playback.tick()), (2, end));
        // Played again from there: the three plays again, from the first.
        playback.toggle(end, None);
        assert_eq!((playback.rounds() % 3, playback.tick()), (0, 0));
        playback.advance(seconds + 0.080, end, None);
        assert!(playback.playing);
        assert_eq!(playback.rounds() % 3, 1);
        // One play (the default) stops at the end, as before.
        playback.stop();
        playback.plays = 1;
        playback.toggle(end, None);
        playback.advance(seconds + 0.080, end, None);
        assert!(!playback.playing);
        assert_eq!((playback.rounds(), playback.tick()), (0, end));
    }

    #[test]
    fn looping_a_selected_range_plays_it_over_and_over() {
        let motion = stand_to_sit();
        let keyframes = &motion.keyframes;
        let end = timing::tick_count(keyframes);
        let range = Some((256, 752));
        let mut playback = Playback {
            looping: true,
            ..Playback::default()
        };
        // Play from outside the range: it starts at the range's start.
        playback.toggle(end, range);
        assert_eq!(playback.time_ms(), 256);
        // Past the range's end it wraps to its start, however long the frame.
        playback.advance(0.496 + 0.040, end, range);
        assert_eq!(playback.time_ms(), 256 + 40);
        playback.advance(3.0 * 0.496, end, range);
        assert_eq!(playback.time_ms(), 256 + 40);
        assert!(playback.playing);
        // Sought past the range while playing: the motion's end comes first, then the range.
        playback.seek_ms(1000, end);
        playback.advance(0.248 + 0.016, end, range);
        assert_eq!(playback.time_ms(), 256 + 16);
        // Without Loop, a range plays nothing special: to the motion's end, and stop.
        playback.looping = false;
        playback.advance(10.0, end, range);
        assert_eq!((playback.tick(), playback.playing), (end, false));
        // A range of no length loops the whole motion.
        playback.looping = true;
        assert_eq!(playback.loop_span(end, Some((300, 300))), (0.0, end as f64));
    }

    #[test]
    fn stepping_and_seeking_stay_on_the_motion() {
        let motion = stand_to_sit();
        let keyframes = &motion.keyframes;
        let ticks = timing::tick_count(keyframes);
        let mut playback = Playback::default();
        playback.step_frames(1, ticks);
        assert_eq!(playback.time_ms(), 16);
        playback.step_frames(-5, ticks);
        assert_eq!(playback.time_ms(), 0);
        playback.seek_ms(100_000, ticks);
        assert_eq!(playback.time_ms(), 78 * 16);
        playback.seek_ms(101, ticks);
        assert_eq!(playback.time_ms(), 96);
        playback.stop();
        assert_eq!(playback.tick(), 0);
    }
}
