//! The YAML subset reader, on the shapes real robot files have.

use super::*;

fn numbers(node: &Node<'_>) -> Vec<f64> {
    node.numbers().unwrap_or_default()
}

#[test]
fn a_body_motion_parses_with_its_structure() {
    let text = "# top\ntype: CompositeSeq\nformatVersion: 2\ncomponents: \n  - \n    type: \"MultiValueSeq\"\n    numParts: 2 # two\n    frames: \n      - [ 0, 1e-06 ]\n      - [ -2.5E+003,\n          3 ]\n  - { type: Vector3Seq, frames: [[1,2,3]] }\n";
    let root = parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        root.get(&["type"]).and_then(Node::as_str),
        Some("CompositeSeq")
    );
    assert_eq!(
        root.get(&["formatVersion"]).and_then(Node::as_f64),
        Some(2.0)
    );
    let components = root
        .get(&["components"])
        .and_then(Node::as_seq)
        .unwrap_or_default();
    assert_eq!(components.len(), 2);
    let first = &components[0];
    assert_eq!(
        first.get(&["type"]).and_then(Node::as_str),
        Some("MultiValueSeq")
    );
    assert_eq!(first.get(&["numParts"]).and_then(Node::as_f64), Some(2.0));
    let frames = first
        .get(&["frames"])
        .and_then(Node::as_seq)
        .unwrap_or_default();
    assert_eq!(numbers(&frames[0]), vec![0.0, 1e-6]);
    assert_eq!(numbers(&frames[1]), vec![-2500.0, 3.0]);
    assert_eq!(frames[1].line(), 10);
    assert_eq!(
        components[1].get(&["type"]).and_then(Node::as_str),
        Some("Vector3Seq")
    );
}

#[test]
fn a_sequence_may_sit_at_its_keys_indentation_and_items_may_be_maps() {
    let text = "refs:\n- time: 0\n  refer:\n    q: [1, 2]\n- time: 1.5\n  name: 'it''s'\n";
    let root = parse(text).unwrap_or_else(|e| panic!("{e}"));
    let refs = root
        .get(&["refs"])
        .and_then(Node::as_seq)
        .unwrap_or_default();
    assert_eq!(refs.len(), 2);
    assert_eq!(refs[1].get(&["time"]).and_then(Node::as_f64), Some(1.5));
    assert_eq!(refs[1].get(&["name"]).and_then(Node::as_str), Some("it's"));
    let q = refs[0].get(&["refer"]).and_then(|r| r.get(&["q"]));
    assert_eq!(q.map(numbers), Some(vec![1.0, 2.0]));
}

#[test]
fn errors_name_the_line() {
    for (text, line, what) in [
        ("a: 1\nb: [1, 2\n", 2, "never closed"),
        ("a: 1\na: 2\n", 2, "twice"),
        ("a:\n  - 1\n   - 2\n", 3, "indentation"),
        ("a: \"x\n", 1, "past the end"),
        ("a: |\n  x\n", 1, "block scalars"),
        ("a: [1 2] x\n", 1, "unexpected text"),
    ] {
        let error = parse(text)
            .err()
            .unwrap_or_else(|| panic!("{text:?} parsed"));
        assert_eq!(error.line, line, "{text:?}: {error}");
        assert!(error.message.contains(what), "{text:?}: {error}");
    }
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let text = format!("a: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let error = parse(&text).err().map(|e| e.message);
    assert_eq!(error.as_deref(), Some("nested too deeply"));
    let blocks: String = (0..1000)
        .map(|i| format!("{}- \n", " ".repeat(i)))
        .collect();
    assert!(parse(&blocks).is_err());
}

#[test]
fn numbers_in_the_spellings_real_files_use() {
    for (text, value) in [
        ("0", 0.0),
        ("-7.779e-005", -7.779e-5),
        ("1.75e-08", 1.75e-8),
        ("+3", 3.0),
        (".5", 0.5),
        ("-.inf", f64::NEG_INFINITY),
    ] {
        assert_eq!(parse_number(text), Some(value), "{text}");
    }
    for text in ["", "x", "1,2", "true", "0x10"] {
        assert_eq!(parse_number(text), None, "{text}");
    }
}

#[test]
fn numbers_read_exactly_as_the_standard_library_reads_them() {
    // Decimals of every length, leading zeros, signs and exponents (the fast path), and
    // ones beyond it (too many digits, powers beyond 10^22), against `str::parse`.
    let mut state = 0x9e37_79b9_u32;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let mut texts: Vec<String> = vec![
        "0",
        "-0",
        "0.0",
        "-0.000",
        "1",
        "1.",
        "1.5",
        "007",
        "0.1",
        "0.2",
        "0.3",
        "1e-06",
        "2.5E+003",
        "-1.2345678901234567",
        "9007199254740993",
        "9007199254740992",
        "123456789012345678901234567890",
        "1e22",
        "1e23",
        "1e-22",
        "1e-23",
        "4.9e-324",
        "1.7976931348623157e308",
        "0.000000000000000000000000001",
        "-3.14159265358979",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    for _ in 0..20_000 {
        let digits = 1 + next() % 20;
        let point = next() % (digits + 1);
        let mut text = String::new();
        if next() % 2 == 0 {
            text.push('-');
        }
        for i in 0..digits {
            if i == point && i > 0 {
                text.push('.');
            }
            text.push(char::from(b'0' + u8::try_from(next() % 10).unwrap()));
        }
        if next() % 3 == 0 {
            text.push_str(&format!("e{}", i64::from(next() % 60) - 30));
        }
        texts.push(text);
    }
    for text in &texts {
        let ours = super::parse_number(text);
        let std: Option<f64> = text.parse().ok();
        assert_eq!(
            ours.map(f64::to_bits),
            std.map(f64::to_bits),
            "{text}: {ours:?} against {std:?}"
        );
    }
}
