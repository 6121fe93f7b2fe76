//! Text a Windows editor saved (CRLF line endings) reads as the same text saved on Linux,
//! for every text format the command line writes; and a motion named as Sony named them
//! (`a_stand#...`, with a `#`) goes through as any other name. `tools/windows-check` runs
//! the same on the Windows build under Wine.

use crate::common;

#[test]
fn every_text_export_read_back_with_crlf_line_endings_is_the_same_motion() {
    let dir = common::scratch_dir("line-endings", "crlf");
    let motion = dir.join("a_stand#sit_S.mtn");
    std::fs::write(&motion, mtn_studio::example::EXAMPLE_MTN).unwrap();
    for extension in ["csv", "json", "seq", "pseq", "motion"] {
        let exported = dir.join(format!("sit.{extension}"));
        common::ok(&common::run_cli(&[&"convert", &motion, &exported]));
        let text = std::fs::read_to_string(&exported).unwrap();
        assert!(!text.contains('\r'), "{extension}: written with LF alone");
        let crlf = dir.join(format!("crlf.{extension}"));
        std::fs::write(&crlf, text.replace('\n', "\r\n")).unwrap();
        let read = |from: &std::path::Path, name: &str| {
            let to = dir.join(name);
            // A Webots motion does not say which AIBO it is for.
            common::ok(&common::run_cli(&[
                &"convert",
                &from,
                &to,
                &"--model",
                &"DRX-1000",
            ]));
            std::fs::read(&to).unwrap()
        };
        let from_lf = read(&exported, &format!("lf-{extension}.mtn"));
        let from_crlf = read(&crlf, &format!("crlf-{extension}.mtn"));
        assert_eq!(
            from_lf, from_crlf,
            "{extension}: the CRLF file reads as another motion"
        );
        let back = common::read_mtn(&dir.join(format!("crlf-{extension}.mtn")));
        assert!(back.keyframes.len() >= 2, "{extension}: {back:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
