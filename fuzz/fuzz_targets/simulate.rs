//! Any motion the reader takes through the physics simulation: nothing panics, and every
//! number a tick reports is finite (no NaN from a wild angle or a degenerate pose).

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::mtn;
use mtn_studio::robot::physics::{Settings, simulate};
use mtn_studio::robot::timing::tick_count;

/// Longer motions are simulated alike, only slower than a fuzzer wants.
const MOST_TICKS: u64 = 500;

fuzz_target!(|data: &[u8]| {
    let Ok(decoded) = mtn::decode(data) else {
        return;
    };
    let motion = decoded.motion;
    if tick_count(&motion.keyframes) > MOST_TICKS {
        return;
    }
    let Ok(sim) = simulate(&motion, Settings::default(), &mut |_| true) else {
        return;
    };
    for tick in &sim.ticks {
        let numbers = [
            tick.position_mm[0],
            tick.position_mm[1],
            tick.height_mm,
            tick.heading_deg,
            tick.roll_deg,
            tick.pitch_deg,
        ];
        assert!(numbers.iter().all(|v| v.is_finite()), "{tick:?}");
        assert!(tick.slip_mm_s.iter().all(|v| v.is_finite()), "{tick:?}");
        assert!(tick.lag_deg.iter().all(|v| v.is_finite()), "{tick:?}");
    }
    assert!(sim.summary.travel_mm.iter().all(|v| v.is_finite()));
});
