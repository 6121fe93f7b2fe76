//! The bundled example in `assets/` is exactly what `example::stand_to_sit` builds, so the
//! asset is reproducible from code (set `MTN_STUDIO_WRITE_ASSETS=1` to rewrite it).

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    reason = "tests fail by panicking"
)]

use mtn_studio::codec::mtn;
use mtn_studio::example::{EXAMPLE_MTN, stand_to_sit};
use mtn_studio::robot::check::decode_checked;

#[test]
fn bundled_example_matches_the_code_that_builds_it() {
    let motion = stand_to_sit();
    let bytes = mtn::encode(&motion).expect("the example encodes");
    if std::env::var_os("MTN_STUDIO_WRITE_ASSETS").is_some() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/assets/ers7-stand-to-sit.mtn"),
            &bytes,
        )
        .expect("write the asset");
        return;
    }
    assert_eq!(
        EXAMPLE_MTN,
        &bytes[..],
        "assets/ers7-stand-to-sit.mtn is stale"
    );
}

#[test]
fn bundled_example_is_clean_ers7_stand_to_sit() {
    let decoded = decode_checked(EXAMPLE_MTN).expect("the example decodes");
    assert!(decoded.is_well_formed());
    assert_eq!(
        decoded.problems,
        vec![],
        "the example should have no problems"
    );
    assert_eq!(decoded.motion.design, "DRX-1000");
    assert_eq!(decoded.motion.keyframes.len(), 4);
    assert_eq!(decoded.motion.locators.len(), 20);
}
