//! Any motion the reader takes through the shaping operations (simplify, fix-speed, an
//! eased and a custom shape of the whole motion, a light smoothing): nothing panics or
//! hangs, and what simplify and a shape keep, they keep: the length, the end values.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mtn_studio::codec::mtn;
use mtn_studio::ops::shape::{self, Curve, Handles, ShapeSpec};
use mtn_studio::robot::timing;

fuzz_target!(|data: &[u8]| {
    let Ok(decoded) = mtn::decode(data) else {
        return;
    };
    let motion = decoded.motion;
    let keyframes = motion.keyframes.len();
    // Sampled tick by tick: keep the fuzzer's motions short enough to go quickly.
    if keyframes < 2 || timing::duration_ms(&motion.keyframes) > 60_000 {
        return;
    }
    if let Ok(out) = shape::simplify(&motion, None, 0.5) {
        assert!(out.motion.keyframes.len() <= keyframes);
        assert_eq!(
            timing::duration_ms(&out.motion.keyframes),
            timing::duration_ms(&motion.keyframes)
        );
    }
    let _ = shape::fix_speed(&motion, None);
    let curves = [
        Curve::EaseInOut,
        Curve::Spline,
        Curve::Custom(Handles {
            start: [0.2, 2.5],
            end: [0.9, -1.5],
        }),
    ];
    // One curve over the whole motion, and each segment eased on its own.
    for (curve, each_segment) in curves.into_iter().flat_map(|c| [(c, false), (c, true)]) {
        let spec = ShapeSpec {
            curve,
            joints: None,
            tolerance_deg: 0.5,
            each_segment,
        };
        if let Ok(out) = shape::shape(&motion, 0, keyframes - 1, &spec) {
            let last = out.motion.keyframes.len() - 1;
            assert_eq!(
                out.motion
                    .keyframes
                    .get(last)
                    .map(|k| k.angles_urad.to_vec()),
                motion
                    .keyframes
                    .get(keyframes - 1)
                    .map(|k| k.angles_urad.to_vec())
            );
        }
    }
    let _ = shape::smooth(&motion, None, 1.5, 0.5);
});
