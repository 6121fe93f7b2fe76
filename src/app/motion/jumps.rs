//! Moving the playhead by what is on the motion: the keyframe, the problem or the marker
//! before or after it; and a marker added at it.

use super::MotionTab;
use crate::app::action::{Action, MotionAction};
use crate::app::effects::Effects;
use crate::app::state::TabId;
use crate::behaviour::skit::Marker;
use crate::edit::tracks::TrackEdit;

/// Which way a jump goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Way {
    Back,
    On,
}

/// What the playhead jumps to, or the marker added at it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Jump {
    Keyframe(Way),
    Problem(Way),
    Marker(Way),
    AddMarker,
}

/// The time in `times` (sorted) nearest `now` in the `way` given, not `now` itself.
fn beside(times: &[u64], now: u64, way: Way) -> Option<u64> {
    match way {
        Way::Back => times.iter().rev().find(|&&t| t < now).copied(),
        Way::On => times.iter().find(|&&t| t > now).copied(),
    }
}

impl MotionTab {
    /// A jump or a marker (this is tab `id`).
    pub(super) fn jump(&mut self, id: TabId, jump: Jump, fx: &mut Effects) {
        let now = self.playback.time_ms();
        match jump {
            Jump::Keyframe(way) => {
                let times = self.document.times_ms();
                if let Some(t) = beside(times, now, way) {
                    let k = times.partition_point(|&x| x < t);
                    self.seek(t);
                    fx.say(format!("Keyframe {k} at {t} ms"));
                }
            }
            Jump::Problem(way) => {
                // Warnings and errors: the notes are worth knowing, not worth going to.
                let problems = || {
                    self.document
                        .problems()
                        .iter()
                        .filter(|p| p.severity > crate::codec::Severity::Info)
                };
                let mut times: Vec<u64> = problems().filter_map(|p| p.time_ms).collect();
                times.sort_unstable();
                times.dedup();
                // At the last (first) problem, round to the first (last), as editors do.
                let wrapped = match way {
                    Way::On => times.first(),
                    Way::Back => times.last(),
                };
                match beside(&times, now, way).or(wrapped.copied()) {
                    Some(t) => {
                        let here: Vec<String> = problems()
                            .filter(|p| p.time_ms == Some(t))
                            .map(|p| p.message.clone())
                            .collect();
                        self.seek(t);
                        fx.say(format!("{t} ms: {}", here.join("; ")));
                    }
                    None => fx.say("No problem at a time in this motion"),
                }
            }
            Jump::AddMarker => {
                let marker = Marker {
                    time_ms: now,
                    name: self.document.tracks().free_marker_name(),
                };
                fx.then(Action::Motion(
                    id,
                    MotionAction::Track(TrackEdit::AddMarker(marker)),
                ));
            }
            Jump::Marker(way) => {
                let markers = self.document.tracks().markers();
                let times: Vec<u64> = markers.iter().map(|m| m.time_ms).collect();
                match beside(&times, now, way) {
                    Some(t) => {
                        let name = markers
                            .iter()
                            .find(|m| m.time_ms == t)
                            .map(|m| m.name.clone())
                            .unwrap_or_default();
                        self.seek(t);
                        fx.say(format!("{name} at {t} ms"));
                    }
                    None if markers.is_empty() => {
                        fx.say("No marker yet: M adds one at the playhead");
                    }
                    None => fx.say("No marker that way"),
                }
            }
        }
    }

    /// The playhead to `time_ms`, the view following it.
    fn seek(&mut self, time_ms: u64) {
        self.playback.seek_ms(time_ms, self.document.tick_count());
        self.view.requests.reveal_time(time_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::{Way, beside};

    #[test]
    fn the_time_beside_the_playhead_is_never_the_playhead() {
        let times = [0, 256, 752, 1248];
        assert_eq!(beside(&times, 256, Way::On), Some(752));
        assert_eq!(beside(&times, 256, Way::Back), Some(0));
        assert_eq!(beside(&times, 300, Way::Back), Some(256));
        assert_eq!(beside(&times, 1248, Way::On), None);
        assert_eq!(beside(&times, 0, Way::Back), None);
    }
}
