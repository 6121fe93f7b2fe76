//! Sounds and LED patterns: every sound of the SDK's sample archives, and IMA ADPCM and LED
//! files built as `docs/formats/sound-and-led.md` describes Sony's, through the library and
//! `info --json`; what `skit` pairs from the SDK's command tables; bad input named with its
//! byte.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "tests fail by panicking; small counts"
)]

use crate::common;

use common::sound::{IMA_BLOCK_SAMPLES, SONY_LED_TICKS, ima_wav, pcm_wav, sine, sony_led};
use common::{ok, run_cli, scratch_dir, text};
use mtn_studio::codec::oda::{Archive, EntryKind};
use mtn_studio::codec::sound::led::{LedNote, LedPattern, light_name};
use mtn_studio::codec::sound::{SoundError, midi, wave};
use serde_json::Value;

fn info_json(path: &std::path::Path, entry: Option<&str>) -> Value {
    let output = match entry {
        Some(entry) => run_cli(&[&"info", &"--json", &path, &"--entry", &entry]),
        None => run_cli(&[&"info", &"--json", &path]),
    };
    serde_json::from_str(&ok(&output)).expect("info --json is JSON")
}

/// The sample frames a PCM WAV's data chunk holds, read from its header here.
fn pcm_frames(bytes: &[u8]) -> u64 {
    let block_align = u64::from(u16::from_le_bytes([bytes[32], bytes[33]]));
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let len = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        if &bytes[at..at + 4] == b"data" {
            return len.min(bytes.len() - at - 8) as u64 / block_align;
        }
        at += 8 + len + (len & 1);
    }
    panic!("no data chunk");
}

#[test]
fn every_sdk_sound_reports_its_length_from_its_sample_count() {
    if !common::corpus_present("every_sdk_sound_reports_its_length_from_its_sample_count") {
        return;
    }
    let mut seen = 0;
    for name in ["monet-ERS-7-SOUND7.ODA", "monet-ERS-200-SOUND.ODA"] {
        let path = common::corpus_dir("sound").join(name);
        let archive = Archive::read(&std::fs::read(&path).unwrap()).unwrap();
        let json = info_json(&path, None);
        let sounds = json["sounds"]
            .as_array()
            .expect("an archive lists its sounds");
        assert_eq!(sounds.len(), archive.entries.len(), "{name}");
        for entry in &archive.entries {
            assert_eq!(entry.kind(), EntryKind::Wave);
            let bytes = entry.contents().unwrap();
            let one = info_json(&path, Some(&entry.name()));
            assert_eq!(one["kind"], "wave");
            let rate = one["wave"]["sample_rate"].as_u64().unwrap();
            let frames = pcm_frames(&bytes);
            assert_eq!(
                one["wave"]["frames"].as_u64(),
                Some(frames),
                "{}",
                entry.name()
            );
            let expected = frames as f64 * 1000.0 / rate as f64;
            assert!((one["duration_ms"].as_f64().unwrap() - expected).abs() < 1e-9);
            // The ERS-7's are 16-bit 16 kHz, the ERS-210's 8-bit 8 kHz
            // (docs/formats/sound-and-led.md#wav-sounds).
            let (bits, want_rate) = if name.contains("ERS-7") {
                (16, 16_000)
            } else {
                (8, 8_000)
            };
            assert_eq!(one["wave"]["bits"], bits);
            assert_eq!(rate, want_rate);
            seen += 1;
        }
    }
    assert!(seen >= 9, "the SDK's archives hold nine sounds, saw {seen}");
}

#[test]
fn a_compressed_sound_is_as_long_as_its_fact_chunk_says() {
    // AIBO MIND's voices: 31,815 samples in whole blocks where `fact` says 31,579. Here three
    // blocks of which the last is 236 frames of padding.
    let blocks = 3;
    let signal = sine(300.0, blocks * IMA_BLOCK_SAMPLES);
    let fact = u32::try_from(blocks * IMA_BLOCK_SAMPLES - 236).unwrap();
    let sound = wave::decode(&common::sound::ima_wav_with_fact(&signal, blocks, fact)).unwrap();
    assert_eq!(sound.info.frames, u64::from(fact));
    assert_eq!(sound.samples.len(), fact as usize);
    assert!((sound.info.duration_ms() - f64::from(fact) / 16.0).abs() < 1e-9);
    // A `fact` saying more than the blocks hold takes nothing away, and adds nothing.
    let long = common::sound::ima_wav_with_fact(&signal, blocks, fact + 10_000);
    assert_eq!(
        wave::decode(&long).unwrap().info.frames,
        (blocks * IMA_BLOCK_SAMPLES) as u64
    );
}

#[test]
fn ima_adpcm_decodes_close_to_what_was_encoded() {
    let blocks = 7;
    let signal = sine(440.0, blocks * IMA_BLOCK_SAMPLES);
    let bytes = ima_wav(&signal, blocks);
    let sound = wave::decode(&bytes).unwrap();
    assert_eq!(sound.info.format, wave::WaveFormat::ImaAdpcm);
    assert_eq!(sound.info.bits, 4);
    assert_eq!(sound.info.sample_rate, 16_000);
    assert_eq!(sound.info.frames, (blocks * IMA_BLOCK_SAMPLES) as u64);
    let errors: Vec<f32> = signal
        .iter()
        .zip(&sound.samples)
        .map(|(a, b)| (a - b).abs())
        .collect();
    // The first samples lag while the step grows from its smallest (as any IMA encoder's do).
    let worst = errors.iter().skip(16).fold(0.0, |a: f32, &b| a.max(b));
    assert!(
        worst < 0.05,
        "decoded within 5% of full scale, worst {worst}"
    );
    // And through the command line, as a file.
    let dir = scratch_dir("sound", "ima");
    let path = dir.join("voice.wav");
    std::fs::write(&path, &bytes).unwrap();
    let json = info_json(&path, None);
    assert_eq!(json["kind"], "wave");
    assert_eq!(json["wave"]["format"], "ima-adpcm");
    let expected = (blocks * IMA_BLOCK_SAMPLES) as f64 * 1000.0 / 16_000.0;
    assert!((json["duration_ms"].as_f64().unwrap() - expected).abs() < 1e-9);
}

#[test]
fn pcm_of_both_sdk_kinds_round_trips_its_samples() {
    for (rate, bits, tolerance) in [(8_000, 8, 1.0 / 127.0), (16_000, 16, 1.0 / 32_767.0)] {
        let signal = sine(300.0, 1000);
        let sound = wave::decode(&pcm_wav(&signal, rate, bits)).unwrap();
        assert_eq!((sound.info.sample_rate, sound.info.bits), (rate, bits));
        for (a, b) in signal.iter().zip(&sound.samples) {
            assert!((a - b).abs() <= tolerance, "{bits}-bit: {a} read as {b}");
        }
    }
}

#[test]
fn an_led_pattern_says_its_lights_and_length_as_sony_times_it() {
    let dir = scratch_dir("sound", "led");
    let path = dir.join("so12_x00wink_l1f.mid");
    std::fs::write(&path, sony_led()).unwrap();
    let json = info_json(&path, None);
    assert_eq!(json["kind"], "led");
    let tick_ms = 256_005.0 / 480.0 / 1000.0;
    let expected = SONY_LED_TICKS as f64 * tick_ms;
    assert!((json["duration_ms"].as_f64().unwrap() - expected).abs() < 1e-9);
    assert_eq!(json["midi"]["ticks_per_quarter"], 480);
    assert_eq!(json["midi"]["tempo_changes"][0]["us_per_quarter"], 256_005);
    assert_eq!(json["midi"]["texts"][0], "MODEL=7");
    let lights = json["lights"].as_array().unwrap();
    assert_eq!(lights.len(), 2);
    assert_eq!(lights[0]["note"], 48);
    assert_eq!(lights[0]["light"], "face A1");
    // A1 is on from the start until its fade ends: 30 + 3 x 2 ticks of 8 ms.
    let a1 = lights[0]["on_ms"].as_f64().unwrap();
    assert!((a1 - 36.0 * 15.0 * tick_ms).abs() < 1e-6, "{a1}");
    assert_eq!(lights[1]["light"], "back front colour");
    // The fade is four notes of A1 at falling brightness.
    let pattern = mtn_studio::codec::sound::led::read(&sony_led()).unwrap();
    let a1: Vec<u8> = pattern
        .notes
        .iter()
        .filter(|n| n.key == 48)
        .map(|n| n.velocity)
        .collect();
    assert_eq!(a1, [127, 96, 64, 32]);
}

#[test]
fn an_led_pattern_written_reads_back_and_keeps_sonys_layout() {
    let mut pattern = LedPattern::default();
    for (i, key) in [48u8, 60, 24, 84, 89, 72, 82].into_iter().enumerate() {
        let start = i as u64 * 15;
        pattern.notes.push(LedNote {
            channel: 0,
            key,
            velocity: 10 + i as u8 * 17,
            start_tick: start,
            end_tick: start + 45,
        });
    }
    // A light off and on again at one tick stays two notes.
    pattern.notes.push(LedNote {
        channel: 0,
        key: 48,
        velocity: 5,
        start_tick: 45,
        end_tick: 60,
    });
    pattern.texts.push("MODEL=7".to_owned());
    pattern.normalise();
    let bytes = pattern.write().unwrap();
    // Format 0, one track, 480 ticks a quarter; only note-on status bytes on channel 1.
    assert_eq!(&bytes[..4], b"MThd");
    assert_eq!(&bytes[8..14], &[0, 0, 0, 1, 1, 0xe0]);
    let again = mtn_studio::codec::sound::led::read(&bytes).unwrap();
    assert_eq!(again, pattern);
    assert!(pattern.notes.iter().all(|n| light_name(n.key).is_some()));
}

#[test]
fn midi_sound_length_follows_its_tempo_changes() {
    // 120 ticks a quarter: a quarter at 500,000 us, then a tempo of 250,000 us and two more
    // quarters: 0.5 + 0.5 s.
    let mut events = vec![(0, vec![0x91, 60, 100]), (120, vec![0x81, 60, 0])];
    events.push((0, vec![0xff, 0x51, 3, 0x03, 0xd0, 0x90]));
    events.push((0, vec![0x92, 64, 90]));
    events.push((240, vec![0x92, 64, 0]));
    let bytes = common::sound::smf(120, 500_000, None, &events);
    let file = midi::read(&bytes).unwrap();
    assert!(
        (file.duration_ms() - 1000.0).abs() < 1e-9,
        "{}",
        file.duration_ms()
    );
    assert_eq!(file.notes.len(), 2);
    assert_eq!(file.notes[1].channel, 2);
    assert!((file.ms_at(file.notes[1].start_tick) - 500.0).abs() < 1e-9);
    assert_eq!(midi::tick_at(&file.tempo_changes, 120, 750.0), 240);
}

#[test]
fn bad_sounds_are_named_with_their_byte_and_never_panic() {
    let dir = scratch_dir("sound", "bad");
    let good = ima_wav(&sine(200.0, 3 * IMA_BLOCK_SAMPLES), 3);
    // Cut inside the second block: what was read is kept, and where it ends is said.
    let cut = &good[..good.len() - 300];
    let sound = wave::decode(cut).unwrap();
    assert!(sound.info.frames < (3 * IMA_BLOCK_SAMPLES) as u64);
    assert!(sound.cut_off_at.is_some());
    // Not a WAV at all.
    assert!(matches!(
        wave::decode(b"RIFX\0\0\0\0WAVEfmt "),
        Err(SoundError::NotWave { .. })
    ));
    // A MIDI file whose track runs past the end.
    let mut midi_bytes = sony_led();
    midi_bytes.truncate(midi_bytes.len() - 10);
    let path = dir.join("cut_l1f.mid");
    std::fs::write(&path, &midi_bytes).unwrap();
    let output = run_cli(&[&"info", &path]);
    let said = text(&output.stderr);
    // Cut MIDI either reads to where it ends or is refused naming the byte.
    if output.status.success() {
        assert!(
            text(&output.stdout).contains("led"),
            "{}",
            text(&output.stdout)
        );
    } else {
        assert!(
            said.contains("cut_l1f.mid") && said.contains("byte"),
            "{said}"
        );
    }
    // Every prefix and many corruptions of both: no panic, and every error names a byte.
    let mut next = common::xorshift(7);
    for source in [good.clone(), sony_led()] {
        for len in 0..source.len() {
            let _ = wave::decode(&source[..len]);
            let _ = midi::read(&source[..len]);
        }
        for _ in 0..2000 {
            let mut bytes = source.clone();
            for _ in 0..1 + next() % 4 {
                let at = next() % bytes.len();
                bytes[at] = next() as u8;
            }
            // An error names the byte, unless it is about the whole file (its format tag,
            // its timing).
            for error in [wave::decode(&bytes).err(), midi::read(&bytes).err()]
                .into_iter()
                .flatten()
            {
                assert!(
                    error.to_string().contains("byte")
                        || matches!(
                            error,
                            SoundError::UnsupportedWave { .. } | SoundError::SmpteTiming
                        ),
                    "{error}"
                );
            }
        }
    }
    // A wave that is not PCM or IMA ADPCM names its tag.
    let mut odd = pcm_wav(&sine(100.0, 100), 16_000, 16);
    odd[20] = 0x55;
    assert!(matches!(
        wave::decode(&odd),
        Err(SoundError::UnsupportedWave { tag: 0x55 }) | Err(SoundError::Wave { .. })
    ));
}

#[test]
fn skit_finds_the_sdk_command_tables_pairs() {
    if !common::corpus_present("skit_finds_the_sdk_command_tables_pairs") {
        return;
    }
    let motions = common::corpus_dir("mtn").join("monet-ERS-7-MOTION7.ODA");
    let table = common::corpus_dir("sound").join("monet-ERS-7-MONETCMD.CFG");
    let commands = mtn_studio::codec::monetcmd::read(&std::fs::read(&table).unwrap()).unwrap();
    let archive = Archive::read(&std::fs::read(&motions).unwrap()).unwrap();
    let mut paired = 0;
    for command in &commands {
        use mtn_studio::codec::monetcmd::PartKind;
        let (Some(motion), Some(sound)) = (
            command.names(PartKind::Motion).next(),
            command.names(PartKind::Sound).next(),
        ) else {
            continue;
        };
        if archive.find(motion).is_none() {
            continue;
        }
        let output = run_cli(&[
            &"skit", &motions, &"--entry", &motion, &"--table", &table, &"--json",
        ]);
        let json: Value = serde_json::from_str(&ok(&output)).unwrap();
        assert_eq!(json["sound"]["entry"], sound, "{motion}");
        assert_eq!(json["sound"]["from"], "table");
        assert_eq!(json["sound"]["command"], command.id);
        let motion_ms = json["motion"]["duration_ms"].as_f64().unwrap();
        let sound_ms = json["sound"]["duration_ms"].as_f64().unwrap();
        assert!(
            (json["sound"]["ends_ms_after_motion"].as_f64().unwrap() - (sound_ms - motion_ms))
                .abs()
                < 1e-9
        );
        // The naming rule finds the same sound, best.
        assert_eq!(json["candidates"]["sound"][0]["entry"], sound);
        paired += 1;
    }
    assert_eq!(
        paired, 2,
        "MONETCMD.CFG pairs two of the SDK's motions with sounds"
    );
}

#[test]
fn sound_and_led_entries_come_out_with_convert_and_go_back_with_oda_add() {
    let dir = scratch_dir("sound", "extract");
    let archive_path = dir.join("BEHAVE.ODA");
    let led_file = dir.join("so12_x00wink_l1f.mid");
    let wav_file = dir.join("so1_x00wink_x1x.wav");
    std::fs::write(&led_file, sony_led()).unwrap();
    std::fs::write(&wav_file, ima_wav(&sine(500.0, IMA_BLOCK_SAMPLES), 1)).unwrap();
    ok(&run_cli(&[
        &"oda",
        &"add",
        &archive_path,
        &led_file,
        &wav_file,
    ]));
    let archive = Archive::read(&std::fs::read(&archive_path).unwrap()).unwrap();
    let kinds: Vec<EntryKind> = archive
        .entries
        .iter()
        .map(mtn_studio::codec::oda::Entry::kind)
        .collect();
    assert_eq!(
        kinds,
        [EntryKind::Led, EntryKind::Wave],
        "named _l1f, a MIDI file is an LED entry"
    );
    let out = dir.join("out.mid");
    ok(&run_cli(&[
        &"convert",
        &archive_path,
        &"--entry",
        &"so12_x00wink_l1f",
        &out,
    ]));
    assert_eq!(std::fs::read(&out).unwrap(), sony_led());
    let refused = run_cli(&[
        &"convert",
        &archive_path,
        &"--entry",
        &"so12_x00wink_l1f",
        &dir.join("x.wav"),
    ]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("written as .mid"),
        "{}",
        text(&refused.stderr)
    );
    let json = info_json(&archive_path, None);
    assert_eq!(json["sounds"][0]["kind"], "led");
    assert_eq!(json["sounds"][1]["wave"]["format"], "ima-adpcm");
}

/// A gzip behaviour table holding behaviour `id` of `parts`: each its type's family (0x10
/// a motion, 0x20 a sound, 0x30 an LED pattern) and its entry's name.
fn mwc_table(id: u32, parts: &[(u8, &str)]) -> Vec<u8> {
    use mtn_studio::codec::mwc::{self, Behaviour, BehaviourTable, MwcPart, PartType, Stored};
    let mut table = BehaviourTable::new(Stored::Gzip {
        file_name: Some(b"ERS-7.MWC".to_vec()),
        mtime: 0,
    });
    table.behaviours.push(Behaviour {
        id,
        stated_parts: parts.len() as u32,
        parts: parts
            .iter()
            .map(|&(family, name)| {
                let mut part = MwcPart::new(PartType(i32::from(family) << 8), name);
                part.repeat = -1;
                part
            })
            .collect(),
    });
    mwc::write(&table)
}

#[test]
fn skit_reads_sonys_behaviour_table_for_the_led_and_the_sound() {
    let dir = scratch_dir("sound", "mwc");
    let motion = "h_any#any_so0_circle21";
    let mut archive = Archive::default();
    for (kind, name, bytes) in [
        (
            EntryKind::Motion,
            motion,
            mtn_studio::example::EXAMPLE_MTN.to_vec(),
        ),
        (EntryKind::Led, "so12_x00circle21_l1f", sony_led()),
        (EntryKind::Led, "so12_x00circle21_l1b", sony_led()),
        (
            EntryKind::Wave,
            "so1_x00bark_x1x",
            ima_wav(&sine(500.0, IMA_BLOCK_SAMPLES), 1),
        ),
    ] {
        archive
            .add(mtn_studio::codec::oda::Entry::new(kind, name, bytes).unwrap())
            .unwrap();
    }
    let archive_path = dir.join("BEHAVE.ODA");
    std::fs::write(&archive_path, archive.write().unwrap()).unwrap();
    // The table pairs the motion with the back LEDs (not the face, which the rule ranks
    // first) and a bark the rule would not find.
    std::fs::write(
        dir.join("ERS-7.MWC"),
        mwc_table(
            7,
            &[
                (0x10, motion),
                (0x30, "so12_x00circle21_l1b"),
                (0x20, "so1_x00bark_x1x"),
            ],
        ),
    )
    .unwrap();
    let output = run_cli(&[&"skit", &archive_path, &"--entry", &motion, &"--json"]);
    let json: Value = serde_json::from_str(&ok(&output)).unwrap();
    assert_eq!(json["led"]["entry"], "so12_x00circle21_l1b");
    assert_eq!(json["led"]["from"], "table");
    assert_eq!(json["led"]["command"], 7);
    assert_eq!(json["sound"]["entry"], "so1_x00bark_x1x");
    let rule: Vec<&str> = json["candidates"]["led"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["entry"].as_str().unwrap())
        .collect();
    assert_eq!(rule, ["so12_x00circle21_l1b", "so12_x00circle21_l1f"]);
    // Without the table, the rule's best candidate is offered, and says so.
    std::fs::remove_file(dir.join("ERS-7.MWC")).unwrap();
    let output = run_cli(&[&"skit", &archive_path, &"--entry", &motion]);
    let said = ok(&output);
    assert!(said.contains("naming rule"), "{said}");
    assert!(said.contains("ends"), "{said}");
}

/// A tune of two bars: a note on program 0 (piano), then the same note on program 73
/// (flute), then silence.
fn two_instruments() -> Vec<u8> {
    common::sound::smf(
        480,
        500_000,
        None,
        &[
            (0, vec![0xC0, 0]),
            (0, vec![0x90, 69, 110]),
            (480, vec![0x80, 69, 0]),
            (0, vec![0xC0, 73]),
            (480, vec![0x90, 69, 110]),
            (480, vec![0x80, 69, 0]),
            (960, vec![0xB0, 7, 100]),
        ],
    )
}

fn rms(samples: &[f32], from_ms: f64, to_ms: f64) -> f32 {
    let rate = f64::from(mtn_studio::behaviour::synth::RATE);
    let at = |ms: f64| ((ms * rate / 1000.0) as usize).min(samples.len());
    let part = &samples[at(from_ms)..at(to_ms)];
    (part.iter().map(|s| s * s).sum::<f32>() / part.len().max(1) as f32).sqrt()
}

#[test]
fn a_midi_sound_plays_through_the_systems_soundfont_with_its_instruments() {
    use mtn_studio::behaviour::synth;
    let file = midi::read(&two_instruments()).unwrap();
    assert_eq!(file.programs, vec![(0, 0, 0), (480, 0, 73)]);
    let Some(font) = synth::SYSTEM_FONTS
        .iter()
        .map(std::path::PathBuf::from)
        .find(|p| p.is_file())
    else {
        assert!(
            std::env::var_os("MTN_STUDIO_REQUIRE_SOUNDFONT").is_none(),
            "no SoundFont in {:?} (apt-get install timgm6mb-soundfont)",
            synth::SYSTEM_FONTS
        );
        eprintln!("NOTE: no system SoundFont (timgm6mb-soundfont); the SoundFont test is skipped");
        return;
    };
    let rendered = synth::render(&file, Some(&font));
    assert!(
        !rendered.voice.starts_with("the built-in voice"),
        "{}",
        rendered.voice
    );
    let samples = &rendered.samples;
    // 2.5 s of events and the tail.
    assert_eq!(samples.len(), (2900.0 * 22.05) as usize);
    let (piano, flute) = (rms(samples, 50.0, 450.0), rms(samples, 1050.0, 1450.0));
    assert!(piano > 0.01 && flute > 0.01, "{piano} {flute}");
    assert!(
        rms(samples, 2100.0, 2500.0) < piano / 20.0,
        "silent after the notes"
    );
    // Two instruments: the same note, differently shaped (a piano decays, a flute holds).
    let decay = |from: f64| {
        rms(samples, from + 300.0, from + 450.0) / rms(samples, from + 20.0, from + 170.0)
    };
    assert!(
        (decay(0.0) - decay(1000.0)).abs() > 0.1,
        "piano {} flute {}",
        decay(0.0),
        decay(1000.0)
    );
    // The built-in voice plays the same tune where there is no SoundFont.
    let plain = synth::render(&file, None);
    assert_eq!(plain.samples.len(), samples.len());
    assert!(rms(&plain.samples, 50.0, 450.0) > 0.01);
}

#[test]
fn skit_finds_the_pair_that_shares_the_postures_prefix_and_never_puts_an_empty_one_first() {
    // AIBO MIND's `a_sit#sit_game101`: its LED pattern is `t00_game101_l1f` in LD013001.ODA
    // (t00: the sit's code), beside DYNLED entries that share only the body, one of them
    // 0 ms long; its sound a loose file in the folder.
    let dir = scratch_dir("sound", "game101");
    let motion = "a_sit#sit_game101";
    let write = |file: &str, entries: &[(EntryKind, &str, Vec<u8>)]| {
        let mut archive = Archive::default();
        for (kind, name, bytes) in entries {
            archive
                .add(mtn_studio::codec::oda::Entry::new(*kind, name, bytes.clone()).unwrap())
                .unwrap();
        }
        std::fs::write(dir.join(file), archive.write().unwrap()).unwrap();
    };
    let empty_led = common::sound::smf(480, 500_000, None, &[]);
    write(
        "MOTION.ODA",
        &[(
            EntryKind::Motion,
            motion,
            mtn_studio::example::EXAMPLE_MTN.to_vec(),
        )],
    );
    write(
        "DYNLED.ODA",
        &[
            (EntryKind::Led, "d00_game101_l1f", empty_led.clone()),
            (EntryKind::Led, "x00_game101_l1b", sony_led()),
        ],
    );
    write(
        "LD013001.ODA",
        &[(EntryKind::Led, "t00_game101_l1f", sony_led())],
    );
    std::fs::write(
        dir.join("t00_game101_x1x.wav"),
        ima_wav(&sine(400.0, IMA_BLOCK_SAMPLES), 1),
    )
    .unwrap();
    let archive_path = dir.join("MOTION.ODA");
    let output = run_cli(&[&"skit", &archive_path, &"--entry", &motion, &"--json"]);
    let json: Value = serde_json::from_str(&ok(&output)).unwrap();
    assert_eq!(json["led"]["entry"], "t00_game101_l1f", "{json}");
    assert!(
        json["led"]["file"]
            .as_str()
            .unwrap()
            .ends_with("LD013001.ODA")
    );
    assert_eq!(json["led"]["score"], 3);
    let leds: Vec<&str> = json["candidates"]["led"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["entry"].as_str().unwrap())
        .collect();
    assert_eq!(
        leds.last(),
        Some(&"d00_game101_l1f"),
        "the empty one last: {leds:?}"
    );
    // The loose sound file in the folder is found and pairs.
    assert!(
        json["sound"]["file"]
            .as_str()
            .unwrap()
            .ends_with("t00_game101_x1x.wav"),
        "{json}"
    );
    // The window's shelf ranks them the same: the sit's own first, the empty one never first.
    let shelf = mtn_studio::behaviour::table::Shelf::of(std::slice::from_ref(&dir));
    let leds = shelf.candidates(motion, mtn_studio::behaviour::Track::Led);
    assert_eq!(
        leds[0].0.entry.as_deref(),
        Some("t00_game101_l1f"),
        "{leds:?}"
    );
    assert_eq!(
        leds.last().unwrap().0.entry.as_deref(),
        Some("d00_game101_l1f")
    );
    let sounds = shelf.candidates(motion, mtn_studio::behaviour::Track::Sound);
    assert!(
        sounds[0].0.path.ends_with("t00_game101_x1x.wav"),
        "{sounds:?}"
    );
}
