//! A stand-in for R-CODE's wireless console, of the project's own, speaking what Sony's
//! R-CODE references document: a banner on connecting, one command a line, `PRINT` with a
//! printf-style format (quoted where it holds spaces) and up to five variables. It keeps every
//! line it receives. No robot was at hand: this is what `robot play` and `robot pose` are
//! tested against.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// How the stand-in behaves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Manner {
    /// R-CODE without an ID and password: a banner, then commands.
    Ready,
    /// Accepts the connection and never says a word.
    Silent,
    /// Asks for an ID (the setup mtn-studio does not speak).
    AsksLogin,
    /// Greets as a web server would (something else at that address).
    Web,
}

/// A stand-in listening on a free local port.
pub struct StandIn {
    pub addr: SocketAddr,
    received: Arc<Mutex<Vec<String>>>,
}

impl StandIn {
    /// Starts one that serves connections one after another, in `manner`, with the joint
    /// variables `vars` (whole degrees).
    pub fn start(manner: Manner, vars: &[(&str, i32)]) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
        let addr = listener.local_addr().expect("its address");
        let received = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&received);
        let vars: BTreeMap<String, i32> = vars.iter().map(|&(k, v)| (k.to_owned(), v)).collect();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                serve(stream, manner, &vars, &kept);
            }
        });
        Self { addr, received }
    }

    /// Every line received so far.
    pub fn received(&self) -> Vec<String> {
        self.received.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

fn serve(
    stream: TcpStream,
    manner: Manner,
    vars: &BTreeMap<String, i32>,
    kept: &Mutex<Vec<String>>,
) {
    let Ok(mut out) = stream.try_clone() else {
        return;
    };
    let banner: &[u8] = match manner {
        Manner::Ready => b"R-CODE stand-in\r\n",
        Manner::Silent => b"",
        Manner::AsksLogin => b"ID:",
        Manner::Web => b"HTTP/1.1 400 Bad Request\r\n\r\n",
    };
    if out.write_all(banner).is_err() {
        return;
    }
    for line in BufReader::new(stream).lines() {
        let Ok(line) = line else { return };
        if let Ok(mut k) = kept.lock() {
            k.push(line.clone());
        }
        if manner != Manner::Ready {
            continue;
        }
        if let Some(args) = line.strip_prefix("PRINT:") {
            let said = print(args, vars);
            if out.write_all(format!("{said}\r\n").as_bytes()).is_err() {
                return;
            }
        }
    }
}

/// What `PRINT:<format>:<var>...` prints: each `%d` replaced by the next variable's value,
/// or R-CODE's complaint at an unknown variable.
fn print(args: &str, vars: &BTreeMap<String, i32>) -> String {
    let (format, rest) = match args.strip_prefix('"') {
        Some(quoted) => match quoted.split_once('"') {
            Some((format, rest)) => (format, rest.strip_prefix(':').unwrap_or(rest)),
            None => return "ERROR: unterminated string".to_owned(),
        },
        None => args.split_once(':').unwrap_or((args, "")),
    };
    let names: Vec<&str> = rest.split(':').filter(|n| !n.is_empty()).collect();
    if names.len() > 5 {
        return "ERROR: too many arguments".to_owned();
    }
    let mut values = Vec::new();
    for name in &names {
        match vars.get(*name) {
            Some(v) => values.push(*v),
            None => return format!("ERROR: {name} undefined"),
        }
    }
    let mut said = String::new();
    let mut values = values.into_iter();
    let mut pieces = format.split("%d");
    said.push_str(pieces.next().unwrap_or(""));
    for piece in pieces {
        said.push_str(&values.next().map_or_else(String::new, |v| v.to_string()));
        said.push_str(piece);
    }
    said
}

/// The ERS-7's joint variables with distinct values, as the stand-in reports them.
pub const POSE: [(&str, i32); 18] = [
    ("Head_Tilt", -10),
    ("Head_Pan", 25),
    ("Head_Tilt_2", 30),
    ("Mouth", -5),
    ("LFLeg_1", 11),
    ("LFLeg_2", 2),
    ("LFLeg_3", 40),
    ("LRLeg_1", -41),
    ("LRLeg_2", 3),
    ("LRLeg_3", 72),
    ("RFLeg_1", 12),
    ("RFLeg_2", 4),
    ("RFLeg_3", 41),
    ("RRLeg_1", -42),
    ("RRLeg_2", 5),
    ("RRLeg_3", 73),
    ("Tail_Tilt", 20),
    ("Tail_Pan", -15),
];
