//! R-CODE's wireless console: a TCP connection to the robot (port 21002), plain 8-bit ASCII,
//! a banner on connecting and one command a line. A connection is made with a time limit,
//! every answer is read until the robot has been quiet for a moment (R-CODE ends an answer
//! with nothing the client could wait for) or a time limit passes, and no answer is kept
//! beyond [`MAX_ANSWER`] bytes: a silent, refusing or chattering robot is a message, never a
//! hang. Only the setup without an ID and password is supported ([`ConsoleError::AuthAsked`]
//! says how to make it).

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// R-CODE's wireless console port.
pub const PORT: u16 = 21002;
/// R-CODE reads lines of at most this many bytes, the newline included.
pub const MAX_LINE: usize = 127;
/// At most this much of one answer is kept; the rest is read and dropped until the robot
/// is quiet.
pub const MAX_ANSWER: usize = 64 * 1024;

/// How long to wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For the connection to be made.
    pub connect: Duration,
    /// For an answer to end: this long without a byte from the robot...
    pub quiet: Duration,
    /// ...and at most this long in all.
    pub answer: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            connect: Duration::from_secs(5),
            quiet: Duration::from_millis(500),
            answer: Duration::from_secs(5),
        }
    }
}

/// Why the console could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// The host's name gives no address.
    #[error("{host}: no address found for it ({source})")]
    Resolve {
        /// As given.
        host: String,
        /// Why.
        source: io::Error,
    },
    /// Nothing listens there.
    #[error(
        "{addr}: the connection was refused: is the robot on, R-CODE running from its stick \
         and its wireless LAN on (R-CODE listens on port {PORT})?"
    )]
    Refused {
        /// Where.
        addr: SocketAddr,
    },
    /// No connection within the time limit.
    #[error("{addr}: no connection within {secs:.1} s: is the robot on this network?")]
    ConnectTimedOut {
        /// Where.
        addr: SocketAddr,
        /// The limit.
        secs: f64,
    },
    /// The robot asks for an ID and password.
    #[error(
        "{addr}: the robot asks for an ID and password ({banner:?}); mtn-studio speaks only to \
         R-CODE without them: on the stick, remove OPEN-R/APP/DATA/P/OWNER.TXT and create \
         OPEN-R/APP/PC/AMS/NOAUTH.CFG (any content), then restart the robot"
    )]
    AuthAsked {
        /// Where.
        addr: SocketAddr,
        /// What it said.
        banner: String,
    },
    /// Something answers there, but not as R-CODE's console: no banner, or another
    /// protocol's greeting. Nothing was sent.
    #[error(
        "{addr}: {} — not R-CODE's console (it greets each connection); nothing was sent: is \
         this the robot's address, and R-CODE running with wireless on?",
        if said.is_empty() { "no banner within the time limit".to_owned() } else { format!("it said {said:?}") }
    )]
    NotRCode {
        /// Where.
        addr: SocketAddr,
        /// What it said, if anything (its first line).
        said: String,
    },
    /// A command that is not one R-CODE line.
    #[error("{0}")]
    BadCommand(String),
    /// The connection failed.
    #[error("{addr}: {source}")]
    Io {
        /// Where.
        addr: SocketAddr,
        /// Why.
        source: io::Error,
    },
}

/// A connection to R-CODE's console.
pub struct Console {
    stream: TcpStream,
    addr: SocketAddr,
    timeouts: Timeouts,
    /// What the robot said on connecting (its banner), trimmed.
    pub banner: String,
}

/// Where `host` ("192.168.0.10", "aibo.local", "aibo:21002", "[fe80::1]:21002") points:
/// its addresses, on [`PORT`] unless it names a port.
///
/// # Errors
/// The name gives no address.
pub fn addresses(host: &str) -> Result<Vec<SocketAddr>, ConsoleError> {
    let resolve = |r: io::Result<std::vec::IntoIter<SocketAddr>>| {
        r.map(Iterator::collect)
            .map_err(|source| ConsoleError::Resolve {
                host: host.to_owned(),
                source,
            })
    };
    if let Ok(addr) = host.parse::<SocketAddr>() {
        return Ok(vec![addr]);
    }
    // A port out of range is said as such, not as "no address".
    if let Some((_, port)) = host.rsplit_once(':')
        && !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && port.parse::<u16>().is_err()
    {
        return Err(ConsoleError::Resolve {
            host: host.to_owned(),
            source: io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("port {port} is beyond 65535"),
            ),
        });
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.parse::<u16>().is_ok() => {
            resolve(host.to_socket_addrs())
        }
        _ => resolve((host.trim_matches(['[', ']']), PORT).to_socket_addrs()),
    }
}

impl Console {
    /// Connects to R-CODE on `host` and reads its banner.
    ///
    /// # Errors
    /// No address, refused, no connection in time, the robot asks for an ID and password,
    /// or the connection fails.
    pub fn connect(host: &str, timeouts: Timeouts) -> Result<Self, ConsoleError> {
        let addrs = addresses(host)?;
        let mut last = None;
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, timeouts.connect) {
                Ok(stream) => {
                    let mut console = Self {
                        stream,
                        addr,
                        timeouts,
                        banner: String::new(),
                    };
                    console.banner = console.answer()?;
                    let first = console.banner.lines().next().unwrap_or("").to_owned();
                    if first.is_empty() || first.starts_with("HTTP/") || first.starts_with("SSH-") {
                        return Err(ConsoleError::NotRCode { addr, said: first });
                    }
                    if asks_for_login(&console.banner) {
                        return Err(ConsoleError::AuthAsked {
                            addr,
                            banner: console.banner,
                        });
                    }
                    return Ok(console);
                }
                Err(e) => last = Some(connect_error(addr, e, timeouts.connect)),
            }
        }
        Err(last.unwrap_or_else(|| ConsoleError::Resolve {
            host: host.to_owned(),
            source: io::Error::new(io::ErrorKind::NotFound, "no address"),
        }))
    }

    /// Where it is connected.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Sends one command line and returns what the robot answered (trimmed; empty when it
    /// said nothing before it was quiet).
    ///
    /// # Errors
    /// The command is not one R-CODE line ([`check_line`]), or the connection fails.
    pub fn send(&mut self, command: &str) -> Result<String, ConsoleError> {
        check_line(command)?;
        let io = |source| ConsoleError::Io {
            addr: self.addr,
            source,
        };
        self.stream
            .write_all(format!("{command}\r\n").as_bytes())
            .map_err(io)?;
        self.stream.flush().map_err(io)?;
        self.answer()
    }

    /// Reads until the robot has been quiet for `timeouts.quiet`, or `timeouts.answer` has
    /// passed, or it closed the connection; keeps at most [`MAX_ANSWER`] bytes.
    fn answer(&mut self) -> Result<String, ConsoleError> {
        let started = Instant::now();
        let mut kept = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let left = self.timeouts.answer.saturating_sub(started.elapsed());
            let wait = self.timeouts.quiet.min(left);
            if wait.is_zero() {
                break;
            }
            self.stream
                .set_read_timeout(Some(wait))
                .map_err(|source| ConsoleError::Io {
                    addr: self.addr,
                    source,
                })?;
            match self.stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let room = MAX_ANSWER.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
                {
                    break;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(source) => {
                    return Err(ConsoleError::Io {
                        addr: self.addr,
                        source,
                    });
                }
            }
        }
        // Plain 8-bit ASCII: anything else is shown, not trusted.
        Ok(String::from_utf8_lossy(&kept).trim().to_owned())
    }
}

fn connect_error(addr: SocketAddr, e: io::Error, limit: Duration) -> ConsoleError {
    let kind = e.kind();
    if kind == io::ErrorKind::ConnectionRefused {
        ConsoleError::Refused { addr }
    } else if matches!(kind, io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock) {
        ConsoleError::ConnectTimedOut {
            addr,
            secs: limit.as_secs_f64(),
        }
    } else {
        ConsoleError::Io { addr, source: e }
    }
}

/// Whether a banner asks for an ID or a password.
fn asks_for_login(banner: &str) -> bool {
    let lower = banner.to_ascii_lowercase();
    lower.contains("password") || lower.trim_end().ends_with("id:")
}

/// Whether `name` is an action name R-CODE takes: ASCII letters, digits, `_` and `.` (Sony's
/// own: `SEARCH.HEAD.NORMAL`).
#[must_use]
pub fn is_action_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
}

/// Checks that `command` is one R-CODE line: at most [`MAX_LINE`] bytes with its newline,
/// printable ASCII, no line break.
///
/// # Errors
/// Says which rule it breaks.
pub fn check_line(command: &str) -> Result<(), ConsoleError> {
    if command.len() + 2 > MAX_LINE {
        return Err(ConsoleError::BadCommand(format!(
            "{command:?} is {} bytes: R-CODE reads lines of at most {MAX_LINE} with the newline",
            command.len()
        )));
    }
    if let Some(c) = command
        .chars()
        .find(|c| !(c.is_ascii_graphic() || *c == ' '))
    {
        return Err(ConsoleError::BadCommand(format!(
            "{command:?} holds {c:?}: R-CODE reads printable ASCII, one command a line"
        )));
    }
    Ok(())
}

/// What to play: an action by its name (`ACTION.AMS`, `ACTION.CFG`), or a behaviour by its
/// number in the behaviour table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// `PLAY:ACTION:NAME`.
    Action(String),
    /// `PLAY:MWCID:N`.
    Mwcid(u32),
}

impl Play {
    /// Reads what a person typed: a number (decimal or `0x` hex) is an MWCID, a word an
    /// action name.
    ///
    /// # Errors
    /// Neither.
    pub fn parse(what: &str) -> Result<Self, ConsoleError> {
        let number = what
            .strip_prefix("0x")
            .or_else(|| what.strip_prefix("0X"))
            .map_or_else(
                || what.parse().ok(),
                |hex| u32::from_str_radix(hex, 16).ok(),
            );
        match number {
            Some(n) => Ok(Self::Mwcid(n)),
            None if is_action_name(what) => Ok(Self::Action(what.to_owned())),
            None => Err(ConsoleError::BadCommand(format!(
                "{what:?} is neither a number (an MWCID) nor an action name (letters, digits, \
                 _ and . only)"
            ))),
        }
    }

    /// The command line that plays it.
    #[must_use]
    pub fn command(&self) -> String {
        match self {
            Self::Action(name) => format!("PLAY:ACTION:{name}"),
            Self::Mwcid(n) => format!("PLAY:MWCID:{n}"),
        }
    }
}

/// The tag each `PRINT` line of [`read_pose`] starts with, so its answer is told from
/// anything else the robot prints.
const POSE_TAG: &str = "MTNSTUDIO";

/// Reads the robot's joints (whole degrees) through `PRINT`, five variables a line:
/// `(joint, degrees)` in [`super::vars::ERS7`]'s order.
///
/// # Errors
/// The connection fails, or an answer does not hold the numbers asked for (said with what
/// came back).
pub fn read_pose(console: &mut Console) -> Result<Vec<(&'static str, i32)>, ConsoleError> {
    let mut out = Vec::new();
    for (group, vars) in super::vars::ERS7.chunks(5).enumerate() {
        let format = vec!["%d"; vars.len()].join(" ");
        let names: Vec<&str> = vars.iter().map(|v| v.var).collect();
        let command = format!("PRINT:\"{POSE_TAG}{group} {format}\":{}", names.join(":"));
        let answer = console.send(&command)?;
        let tag = format!("{POSE_TAG}{group} ");
        let numbers: Option<Vec<i32>> = answer
            .lines()
            .find_map(|line| line.trim().strip_prefix(&tag))
            .map(|rest| rest.split_whitespace().map(str::parse).collect())
            .and_then(Result::ok);
        match numbers {
            Some(values) if values.len() == vars.len() => {
                out.extend(vars.iter().map(|v| v.joint).zip(values));
            }
            _ => {
                return Err(ConsoleError::BadCommand(format!(
                    "{}: asked {command:?}, the robot answered {answer:?}: not {} numbers",
                    console.addr,
                    vars.len()
                )));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_an_mwcid_and_a_word_an_action() {
        assert_eq!(Play::parse("4096").ok(), Some(Play::Mwcid(4096)));
        assert_eq!(Play::parse("0x1000").ok(), Some(Play::Mwcid(4096)));
        assert_eq!(
            Play::parse("MY_WAVE").ok().map(|p| p.command()),
            Some("PLAY:ACTION:MY_WAVE".to_owned())
        );
        assert!(Play::parse("my wave").is_err());
        assert!(Play::parse("").is_err());
    }

    #[test]
    fn a_line_too_long_or_with_a_break_is_refused() {
        assert!(check_line(&"A".repeat(125)).is_ok());
        assert!(check_line(&"A".repeat(126)).is_err());
        assert!(check_line("PLAY:ACTION:SIT\r\nHALT").is_err());
    }

    #[test]
    fn a_host_without_a_port_is_on_rcodes() {
        let addrs = addresses("127.0.0.1").unwrap_or_default();
        assert_eq!(addrs.first().map(SocketAddr::port), Some(PORT));
        let addrs = addresses("127.0.0.1:4000").unwrap_or_default();
        assert_eq!(addrs.first().map(SocketAddr::port), Some(4000));
        let addrs = addresses("[::1]").unwrap_or_default();
        assert_eq!(addrs.first().map(SocketAddr::port), Some(PORT));
        let beyond = addresses("127.0.0.1:99999").err().map(|e| e.to_string());
        assert!(beyond.is_some_and(|e| e.contains("port 99999 is beyond 65535")));
    }

    #[test]
    fn a_banner_asking_for_a_password_is_seen() {
        assert!(asks_for_login("Welcome\r\nID:"));
        assert!(asks_for_login("Password:"));
        assert!(!asks_for_login("R-CODE ready"));
    }
}
